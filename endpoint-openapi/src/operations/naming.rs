//! Naming: the modules operations group into, their structs' names
//! (shortened where the module's name says the same), the names of the
//! items beside a struct, and the former names of renamed operations.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::{Alias, Module, Modules, OperationPlan, Success};
use crate::api::{Api, Operation};
use crate::conventions::Conventions;
use crate::diag::Diagnostics;
use crate::docs::{self, Links};
use crate::ident;

/// Whether `name` is a version segment of a path (`v1`, `v1beta2`,
/// `2010-04-01`).
pub(super) fn is_version(segment: &str) -> bool {
    let mut chars = segment.chars();
    let v = chars.next() == Some('v') && chars.next().is_some_and(|c| c.is_ascii_digit());
    v || (!segment.is_empty()
        && segment
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == '.'))
}

/// The first path segment that is not a version or a placeholder, without
/// an extension (`/2010-04-01/Accounts.json` → `Accounts`).
pub(super) fn path_group(path: &str) -> String {
    path.split('/')
        .filter(|s| !s.is_empty() && !s.contains('{') && !is_version(s))
        .map(|s| s.split('.').next().unwrap_or(s))
        .find(|s| !s.is_empty())
        .unwrap_or("root")
        .to_owned()
}

pub(super) fn group_of(operation: &Operation, modules: &Modules) -> String {
    match modules {
        Modules::Tags => operation
            .tags
            .first()
            .filter(|tag| !tag.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| path_group(&operation.path)),
        Modules::OperationIdPrefix { separator } => operation
            .operation_id
            .as_deref()
            .filter(|_| !separator.is_empty())
            .and_then(|id| id.split_once(separator.as_str()))
            .map(|(prefix, _)| prefix.to_owned())
            .filter(|prefix| !prefix.is_empty())
            .unwrap_or_else(|| path_group(&operation.path)),
        Modules::PathSegment => path_group(&operation.path),
    }
}

/// A module's Rust name: snake case, never raw, never a file of the crate
/// (`lib`, `models`) or `default` (a feature of its own).
pub(super) fn module_name(group: &str) -> String {
    let name = ident::snake(group);
    let mut name = name
        .strip_prefix("r#")
        .map_or(name.clone(), |raw| format!("{raw}_"));
    if matches!(
        name.as_str(),
        "lib"
            | "models"
            | "default"
            | "main"
            | "std"
            | "core"
            | "alloc"
            | "endpoint"
            | "serde"
            | "serde_json"
    ) {
        name.push('_');
    }
    name
}

/// Each group's module name, without the words that every module name
/// starts with (Twilio's `Api20100401Call`, `Api20100401Account`: `call`,
/// `account`) when what is left still tells them apart.
pub(super) fn module_names(groups: &[String]) -> BTreeMap<String, String> {
    let mut names: BTreeMap<String, String> = groups
        .iter()
        .map(|group| (group.clone(), module_name(group)))
        .collect();
    let distinct: BTreeSet<&String> = names.values().collect();
    if distinct.len() < 2 {
        return names;
    }
    let split: Vec<Vec<&str>> = distinct
        .iter()
        .map(|name| name.split('_').collect())
        .collect();
    let common = (0..)
        .take_while(|&i| {
            split[0].get(i).is_some_and(|word| {
                !word.is_empty() && split.iter().all(|words| words.get(i) == Some(word))
            })
        })
        .count();
    for k in (1..=common).rev() {
        let stripped: BTreeMap<String, String> = names
            .iter()
            .map(|(group, name)| {
                let words: Vec<&str> = name.split('_').skip(k).collect();
                (group.clone(), module_name(&words.join("_")))
            })
            .collect();
        let fine = stripped.values().all(|name| {
            !name.is_empty()
                && name != "empty"
                && !name.starts_with(|c: char| c.is_ascii_digit() || c == '_')
        }) && stripped.values().collect::<BTreeSet<_>>().len() == distinct.len();
        if fine {
            names = stripped;
            break;
        }
    }
    names
}

/// The struct's name before it is shortened: the `operationId`, or the
/// method and path.
pub(super) fn full_name(operation: &Operation) -> String {
    match &operation.operation_id {
        Some(id) if !ident::words(id).is_empty() => ident::pascal(id),
        _ => ident::pascal(&format!(
            "{} {}",
            operation.method.to_ascii_lowercase(),
            operation.path
        )),
    }
}

/// Articles, which name nothing alone.
pub(super) const ARTICLES: [&str; 3] = ["a", "an", "the"];

/// `full` without the words of its module `group` where they say nothing
/// the module's name does not (every other word carries meaning and is
/// kept), when what is left starts with a letter and is not an article:
///
/// - the module's words start the `operationId`, a namespace written
///   before the verb (`issues/list-for-repo` in `issues` → `ListForRepo`,
///   `orders_list` → `List`);
/// - they follow its verb and name a versioned group, a namespace rather
///   than a thing (`listCoreV1NamespacedPod` in `core_v1` →
///   `ListNamespacedPod`);
/// - they follow its verb and the next word names the same thing
///   (`GetAccountsAccountPeople` in `accounts` → `GetAccountPeople`).
///
/// Anywhere else they qualify another word, or are the object of the verb
/// and say whether it acts on a list or on one item, and the name keeps
/// them: `save-orders-user` in `orders`, `get-a-categories-products` in
/// `products`, `get-an-invoices-lines` in `invoices`, `getDomains` (a list)
/// and `getDomain` (one item) in `domains`, `getAccount` in `account`, are
/// named in full; a name is never its verb alone unless its
/// `operationId` says only that after its namespace.
pub(super) fn shortened(operation: &Operation, group: &str) -> Option<String> {
    let source = match &operation.operation_id {
        Some(id) if !ident::words(id).is_empty() => id.clone(),
        _ => return None,
    };
    let words: Vec<String> = ident::words(&source)
        .iter()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let module: Vec<String> = ident::words(group)
        .iter()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let n = module.len();
    if n == 0 || n >= words.len() {
        return None;
    }
    let last = &module[n - 1];
    let rest: Vec<&String> = if words[..n] == module[..] {
        words[n..].iter().collect()
    } else if words[1..=n] == module[..]
        && (is_version(last) || words.get(n + 1).is_some_and(|next| same_noun(last, next)))
    {
        words[..1].iter().chain(&words[n + 1..]).collect()
    } else {
        return None;
    };
    let meaningful = rest.iter().any(|w| !ARTICLES.contains(&w.as_str()))
        && !ARTICLES.contains(&rest[0].as_str());
    let leading_digit = rest[0].starts_with(|c: char| c.is_ascii_digit());
    let rest: Vec<&str> = rest.iter().map(|w| w.as_str()).collect();
    (meaningful && !leading_digit).then(|| ident::pascal(&rest.join("_")))
}

/// Whether `one` (a module's last word, lower case) and `other` name the
/// same thing: the same word, or `other` its singular (`accounts` and
/// `account`, `addresses` and `address`, `categories` and `category`).
pub(super) fn same_noun(one: &str, other: &str) -> bool {
    one == other
        || one.strip_suffix('s') == Some(other)
        || one.strip_suffix("es") == Some(other)
        || one
            .strip_suffix("ies")
            .is_some_and(|stem| other.strip_suffix('y') == Some(stem))
}

/// The former names of renamed operations ([`Conventions::renames`]), each
/// in the module its `operationId` groups into, named as a struct of that
/// module would be. A former name that several operations had, that groups
/// into no module of the crate, or whose name is taken in its module is
/// left out, with a diagnostic.
#[allow(clippy::too_many_arguments)]
pub(super) fn aliases(
    api: &Api,
    modules: &Modules,
    conventions: &Conventions,
    module_list: &[Module],
    module_names: &BTreeMap<String, String>,
    operations: &[OperationPlan],
    taken: &mut BTreeSet<(usize, String)>,
    diagnostics: &mut Diagnostics,
) -> Vec<Alias> {
    let mut former: BTreeMap<String, Vec<(usize, Option<String>)>> = BTreeMap::new();
    for (at, op) in operations.iter().enumerate() {
        for rename in conventions.renames(&api.operations[op.index].extensions) {
            former
                .entry(rename.before)
                .or_default()
                .push((at, rename.date));
        }
    }
    let mut aliases = Vec::new();
    for (before, targets) in former {
        let first = &api.operations[operations[targets[0].0].index];
        let mut diagnose = |message: String| {
            diagnostics.push(
                &first.pointer,
                Some(&first.label()),
                message,
                "no alias keeps the former name",
            );
        };
        let [(at, date)] = targets.as_slice() else {
            diagnose(format!(
                "the former operationId `{before}` is now {} operations",
                targets.len()
            ));
            continue;
        };
        let as_written = Operation {
            operation_id: Some(before.clone()),
            ..first.clone()
        };
        let group = group_of(&as_written, modules);
        let Some(module) = module_names
            .get(&group)
            .or_else(|| module_names.get(&module_name(&group)))
            .and_then(|name| module_list.iter().position(|m| &m.name == name))
            .or_else(|| {
                module_list
                    .iter()
                    .position(|m| m.name == module_name(&group))
            })
        else {
            diagnose(format!(
                "the former operationId `{before}` groups into `{group}`, no module of the crate"
            ));
            continue;
        };
        let name = shortened(&as_written, &module_list[module].name)
            .unwrap_or_else(|| full_name(&as_written));
        let name = ident::not_unqualified(name);
        if taken.contains(&(module, name.clone())) {
            // The struct's own name (a rename that changed nothing the
            // struct's name shows), or another item's.
            if !(operations[*at].module == module && operations[*at].name == name) {
                diagnose(format!(
                    "the former name `{before}` is `{name}`, which another item of `{}` has",
                    module_list[module].name
                ));
            }
            continue;
        }
        taken.insert((module, name.clone()));
        aliases.push(Alias {
            module,
            name,
            operation: *at,
            before,
            date: date.clone(),
        });
    }
    aliases
}

/// The modules of the crate, sorted by name; the module of each operation
/// (an index in the first), and each group's module name.
pub(super) fn modules(
    api: &Api,
    modules: &Modules,
) -> (Vec<Module>, Vec<usize>, BTreeMap<String, String>) {
    let groups: Vec<String> = api
        .operations
        .iter()
        .map(|op| group_of(op, modules))
        .collect();
    let module_names = module_names(&groups);
    let mut by_name: BTreeMap<String, String> = BTreeMap::new();
    for group in &groups {
        by_name
            .entry(module_names[group].clone())
            .or_insert_with(|| group.clone());
    }
    let module_list: Vec<Module> = by_name
        .iter()
        .map(|(name, group)| Module {
            name: name.clone(),
            feature: name
                .trim_end_matches('_')
                .replace('_', "-")
                .trim_start_matches('-')
                .to_owned()
                + if name.ends_with('_') { "_" } else { "" },
            group: group.clone(),
            doc: api
                .tags
                .iter()
                .find(|tag| &tag.name == group)
                .and_then(|tag| tag.description.as_deref())
                .map(|text| docs::rustdoc(text, Links::default()))
                .filter(|text| !text.is_empty()),
        })
        .collect();
    let module_of: Vec<usize> = groups
        .iter()
        .map(|group| {
            let name = &module_names[group];
            module_list
                .iter()
                .position(|m| &m.name == name)
                .unwrap_or(0)
        })
        .collect();

    (module_list, module_of, module_names)
}

/// Each operation's full name (before it is shortened) and its struct's
/// name, unique in its module, and the names taken in each module.
pub(super) fn struct_names(
    api: &Api,
    module_of: &[usize],
    module_list: &[Module],
) -> (Vec<String>, Vec<String>, BTreeSet<(usize, String)>) {
    // Names: shortened where still unique in the module, then unique.
    let fulls: Vec<String> = api.operations.iter().map(full_name).collect();
    let shorts: Vec<Option<String>> = api
        .operations
        .iter()
        .zip(module_of)
        .map(|(op, &m)| shortened(op, &module_list[m].name))
        .collect();
    let mut counts: HashMap<(usize, String), usize> = HashMap::new();
    for (i, &m) in module_of.iter().enumerate() {
        *counts.entry((m, fulls[i].clone())).or_default() += 1;
        if let Some(short) = &shorts[i]
            && short != &fulls[i]
        {
            *counts.entry((m, short.clone())).or_default() += 1;
        }
    }
    let mut taken: BTreeSet<(usize, String)> = BTreeSet::new();
    let mut names = Vec::with_capacity(fulls.len());
    for (i, &m) in module_of.iter().enumerate() {
        let preferred = match &shorts[i] {
            Some(short) if counts[&(m, short.clone())] == 1 => short.clone(),
            _ => fulls[i].clone(),
        };
        // A struct named `Option` or `String` would shadow the type its
        // module's fields name without a path.
        let name = ident::unique(ident::not_unqualified(preferred), |candidate| {
            taken.contains(&(m, candidate.to_owned()))
        });
        taken.insert((m, name.clone()));
        names.push(name);
    }
    (fulls, names, taken)
}

/// The names of the items beside an operation's struct: the enum of its
/// body's choice (`…Body`), of its answers by status (`…Answer`) and of its
/// refusals by status (`…Error`), each unique in the module.
pub(super) fn name_beside(
    op: &mut OperationPlan,
    module: usize,
    taken: &mut BTreeSet<(usize, String)>,
) {
    // A choice's name, unique in the module beside the structs.
    if let Some(choice) = &mut op.choice {
        choice.name = ident::unique(format!("{}Body", op.name), |candidate| {
            taken.contains(&(module, candidate.to_owned()))
        });
        taken.insert((module, choice.name.clone()));
    }
    for (differs, suffix) in [
        (matches!(op.success, Success::ByStatus(_)), "Answer"),
        (matches!(op.error, Success::ByStatus(_)), "Error"),
    ] {
        if differs {
            let name = ident::unique(format!("{}{suffix}", op.name), |candidate| {
                taken.contains(&(module, candidate.to_owned()))
            });
            taken.insert((module, name.clone()));
            if suffix == "Answer" {
                op.answer_name = name;
            } else {
                op.error_name = name;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn operation(id: &str, method: &str, path: &str) -> Operation {
        Operation {
            operation_id: Some(id.to_owned()).filter(|id| !id.is_empty()),
            method: method.to_owned(),
            path: path.to_owned(),
            ..Operation::default()
        }
    }

    #[test]
    fn a_path_groups_by_its_first_segment_not_a_version() {
        assert_eq!(path_group("/2010-04-01/Accounts.json"), "Accounts");
        assert_eq!(path_group("/v1/{id}/charges"), "charges");
        assert_eq!(path_group("/"), "root");
        assert!(is_version("v1beta2") && is_version("2010-04-01"));
        assert!(!is_version("values"));
    }

    #[test]
    fn groups_by_the_policy_asked() {
        let mut op = operation("repos/get", "get", "/repos/{owner}");
        op.tags = vec!["repositories".to_owned()];
        assert_eq!(group_of(&op, &Modules::Tags), "repositories");
        assert_eq!(group_of(&op, &Modules::PathSegment), "repos");
        let prefix = Modules::OperationIdPrefix {
            separator: "/".to_owned(),
        };
        assert_eq!(group_of(&op, &prefix), "repos");
        // No separator in the operationId: the path's segment.
        let other = operation("getThing", "get", "/things");
        assert_eq!(group_of(&other, &prefix), "things");
    }

    #[test]
    fn module_names_are_never_files_of_the_crate_and_lose_shared_words() {
        assert_eq!(module_name("default"), "default_");
        assert_eq!(module_name("lib"), "lib_");
        assert_eq!(module_name("Core V1"), "core_v1");
        let groups = [
            "Api20100401Call".to_owned(),
            "Api20100401Account".to_owned(),
        ];
        let names = module_names(&groups);
        assert_eq!(names["Api20100401Call"], "call");
        assert_eq!(names["Api20100401Account"], "account");
    }

    #[test]
    fn a_name_loses_the_words_its_module_says() {
        let short = |id: &str, group: &str| shortened(&operation(id, "get", "/x"), group);
        assert_eq!(
            short("issues/list-for-repo", "issues").as_deref(),
            Some("ListForRepo")
        );
        assert_eq!(
            short("listCoreV1NamespacedPod", "core_v1").as_deref(),
            Some("ListNamespacedPod")
        );
        assert_eq!(
            short("GetAccountsAccountPeople", "accounts").as_deref(),
            Some("GetAccountPeople")
        );
        // The object of the verb, and a name that would be an article alone.
        assert_eq!(short("getDomains", "domains"), None);
        assert_eq!(short("get-a-categories-products", "products"), None);
        assert_eq!(full_name(&operation("", "GET", "/pets/{id}")), "GetPetsId");
        assert!(same_noun("categories", "category") && same_noun("addresses", "address"));
    }

    #[test]
    fn a_struct_name_is_unique_in_its_module_and_items_beside_it_too() {
        let (plan, _) = super::super::planned(serde_json::json!({
            "/pets": {
                "get": {"operationId": "pets_list", "tags": ["pets"], "responses": {
                    "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "string"}}}},
                    "201": {"description": "ok", "content": {"application/json": {"schema": {"type": "integer"}}}}
                }},
                "post": {"operationId": "list", "tags": ["pets"], "responses": {"201": {"description": "ok"}}}
            }
        }));
        let names: Vec<_> = plan.operations.iter().map(|op| op.name.as_str()).collect();
        // `pets_list` shortened would be `List`, which `list` is: both full.
        assert_eq!(names, ["PetsList", "List"]);
        assert_eq!(plan.operations[0].answer_name, "PetsListAnswer");
    }
}
