//! The answers: GitHub's choices for the response models, on top of the
//! description-neutral `endpoint-openapi`.
//!
//! - the description is first corrected by the Overlay document
//!   [`OVERLAY`] (where real answers contradict it, each action with its
//!   reason and link);
//! - a component is named after itself in `UpperCamelCase`, and a
//!   `nullable-*` twin (`nullable-simple-user`) is the same type, an
//!   `Option` where it is used;
//! - an operation's answer is its first 2xx JSON body (several distinct
//!   JSON bodies are a union of them, tried in order); an `Option` when
//!   another 2xx status has no body; `String` when the only bodies are text
//!   (`text/html`, a diff); `()` when there is none. An inline answer is
//!   named after the operationId with `Response` (`search/issues-and-pull-requests`
//!   → `SearchIssuesAndPullRequestsResponse`);
//! - an answer object whose only list (or only required list) stands beside
//!   a `total_count`, or whose only list stands beside only
//!   `incomplete_results` or `repository_selection`, is a page of that list
//!   (`paginate` yields its items);
//! - every model is built with the features of the scopes whose operations
//!   reach it;
//! - the planner's rules for types that are also sent are off
//!   (`Rules::ANSWERS_ONLY`): the models are only decoded, `#[non_exhaustive]`,
//!   with `i64` and `f64` whatever the format, and one type per place.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use endpoint_openapi::plan::{Body, Policy, Rules, Type, TypeDef, TypeSpace};
use endpoint_openapi::schema::{Kind, Schema};
use endpoint_openapi::{emit, ident, overlay};
use endpoint_runtime::sibling::PAGE_KEYS;
use serde_json::Value;

use super::markdown;
use super::plan::Scope;

/// The corrections of the description, relative to the workspace root.
pub const OVERLAY: &str = "endpoint-github/openapi/overlay.json";

/// The answer models and each operation's answer type.
pub struct Answers {
    /// Every model, in the order they are written.
    pub types: Vec<TypeDef>,
    /// Each operationId's answer type, as written after `->`.
    pub by_operation: HashMap<String, String>,
    /// How many corrections the overlay applied.
    pub corrections: usize,
}

/// GitHub's naming and documentation.
struct Github;

impl Policy for Github {
    fn type_name(&self, component: &str) -> String {
        ident::pascal(component.strip_prefix("nullable-").unwrap_or(component))
    }

    fn doc(&self, text: &str) -> String {
        markdown::rustdoc(text, None).trim().to_owned()
    }

    /// The answers are only decoded: none of the rules for writing back.
    fn rules(&self) -> Rules {
        Rules::ANSWERS_ONLY
    }
}

/// Plans the answers of every operation of `scopes`.
pub fn plan(root: &Path, spec: &Value, scopes: &[Scope<'_>]) -> Result<Answers, String> {
    let mut spec = spec.clone();
    let overlay = crate::workspace::read_json(&root.join(OVERLAY))?;
    let corrections = overlay::apply(&mut spec, &overlay)
        .map_err(|err| format!("{OVERLAY}: {err}"))?
        .len();
    let components: BTreeMap<String, Schema> = spec
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .ok_or("the extract has no `components.schemas`")?
        .iter()
        .map(|(name, schema)| Ok((name.clone(), Schema::read(schema, name)?)))
        .collect::<Result<_, String>>()?;
    let mut space = TypeSpace::new(&components, &Github);
    let mut answers = Vec::new();
    for scope in scopes {
        for request in &scope.requests {
            let op = request.op;
            let responses = spec
                .pointer(&format!(
                    "/paths/{}/{}/responses",
                    op.path.replace('~', "~0").replace('/', "~1"),
                    op.method.to_ascii_lowercase()
                ))
                .and_then(Value::as_object)
                .ok_or_else(|| format!("{}: no responses", op.id))?;
            let name = format!("{}Response", ident::pascal(&op.id));
            let doc = format!(
                "The answer of [`{}::{}`](crate::{}::{}).",
                scope.module, request.struct_name, scope.module, request.struct_name
            );
            let ty = answer(&mut space, responses, &name, &doc, &scope.name)
                .map_err(|err| format!("{}: {err}", op.id))?;
            answers.push((op.id.clone(), ty));
        }
    }
    let types = space.finish();
    let paths = paths();
    let by_operation = answers
        .into_iter()
        .map(|(id, ty)| (id, emit::type_text(&ty, &types, "crate::models::", &paths)))
        .collect();
    Ok(Answers {
        types,
        by_operation,
        corrections,
    })
}

/// Where the models find the runtime's support.
pub fn paths() -> emit::Paths {
    emit::Paths {
        support: quote_path("::endpoint_runtime"),
        ..emit::Paths::default()
    }
}

fn quote_path(path: &str) -> proc_macro2::TokenStream {
    path.parse().expect("a path")
}

/// One operation's answer type.
fn answer(
    space: &mut TypeSpace<'_>,
    responses: &serde_json::Map<String, Value>,
    name: &str,
    doc: &str,
    feature: &str,
) -> Result<Type, String> {
    let mut json: Vec<Schema> = Vec::new();
    let mut text = false;
    let mut empty = false;
    for (status, response) in responses {
        let content = response.get("content").and_then(Value::as_object);
        let Some(content) = content.filter(|c| !c.is_empty()) else {
            empty = true;
            continue;
        };
        for (media_type, entry) in content {
            if !is_json(media_type) {
                text = true;
                continue;
            }
            let schema = match entry.get("schema") {
                Some(schema) => Schema::read(schema, &format!("{status} {media_type}"))?,
                None => Schema::of(Kind::Any),
            };
            if !json.contains(&schema) {
                json.push(schema);
            }
        }
    }
    let ty = match json.len() {
        0 if text => return Ok(Type::String),
        0 => return Ok(Type::Unit),
        1 => space.root(&json[0], name, doc, Some(feature))?,
        _ => space.root(&Schema::of(Kind::OneOf(json)), name, doc, Some(feature))?,
    };
    if let Type::Named(id) = ty
        && let Some(items) = page_items(&space.types[id])
    {
        space.mark_page(id, &items)?;
    }
    Ok(if empty { ty.optional() } else { ty })
}

/// The key of the list of a page: the one list of a struct that has a
/// `total_count` (a search page also says how it searched, with optional
/// lists of its own: then the one required list), or whose other fields are
/// all [`PAGE_KEYS`].
fn page_items(def: &TypeDef) -> Option<String> {
    let Body::Struct(fields) = &def.body else {
        return None;
    };
    let (lists, others): (Vec<_>, Vec<_>) = fields
        .iter()
        .filter(|f| !PAGE_KEYS.contains(&f.key.as_str()))
        .partition(|f| matches!(f.ty.core(), Type::Vec(_)));
    let counted = fields.iter().any(|f| f.key == "total_count");
    let required: Vec<_> = lists
        .iter()
        .filter(|f| !matches!(f.ty, Type::Option(_)))
        .collect();
    match (lists.as_slice(), required.as_slice()) {
        ([list], _) if counted || (others.is_empty() && fields.len() > 1) => Some(list.key.clone()),
        (_, [list]) if counted => Some(list.key.clone()),
        _ => None,
    }
}

/// Whether a media type is JSON (`application/json`, `…+json`).
fn is_json(media_type: &str) -> bool {
    let essence = media_type.split(';').next().unwrap_or_default().trim();
    essence == "application/json" || essence.ends_with("+json")
}

/// How many model fields are plain (not `Option`), of how many.
pub fn plain_fields(types: &[TypeDef]) -> (usize, usize) {
    let mut plain = 0;
    let mut all = 0;
    for def in types {
        if let Body::Struct(fields) = &def.body {
            all += fields.len();
            plain += fields
                .iter()
                .filter(|f| !matches!(f.ty, Type::Option(_)))
                .count();
        }
    }
    (plain, all)
}

/// `src/models.rs`.
pub fn models(answers: &Answers) -> Result<String, String> {
    let (plain, all) = plain_fields(&answers.types);
    let header = format!(
        "// @generated by cargo run -p xtask -- github; do not edit\n\
         //! The answers of GitHub's REST API: one type per schema the operations' 2xx\n\
         //! answers reach ({} types; {plain} of their {all} fields are plain, the others\n\
         //! `Option`).\n\
         //!\n\
         //! Each operation's struct names its answer (`repos::Get` answers a\n\
         //! [`FullRepository`]); a model is built with the features of the scopes\n\
         //! whose operations reach it. How the types are decided (which fields are\n\
         //! `Option`, open enums, the corrections of the description) is said in the\n\
         //! crate's documentation.\n\n",
        answers.types.len()
    );
    emit::module(&header, &answers.types, &paths())
}
