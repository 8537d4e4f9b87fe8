//! The crate's files: `Cargo.toml`, `README.md`, `src/lib.rs` (with the
//! first call and the crate's own items), `DIAGNOSTICS.md`.

use std::fmt::Write as _;

use super::first_call::first_call;
use super::settings::{ApiSettings, statics};
use super::text::{doc_line, one_line, toml_string, wrap};
use super::{Dependency, GENERATED, GeneratedFile, OperationInfo, Options};
use crate::api::Api;
use crate::diag::Diagnostics;
use crate::emit::{self, Paths};
use crate::operations::{OperationPlan, Plan};
use crate::types::{Type, TypeDef};

/// What the writer wrote of a plan, which the files hold.
pub(super) struct Written<'a> {
    /// The plan.
    pub plan: &'a Plan,
    /// Each module's items, in the description's order.
    pub modules: &'a [Vec<String>],
    /// Each module's aliases of former names, after its items.
    pub aliases: &'a [Vec<String>],
    /// Every planned operation as the crate has it.
    pub infos: &'a [OperationInfo],
    /// Which planned operations were written.
    pub kept: &'a [bool],
}

/// The first lines of the models' module.
fn models_header() -> String {
    format!(
        "// {GENERATED}\n//! The types of the requests and answers: one per schema of the \
         description that an operation reaches,\n//! each built with the features of the \
         modules whose operations reach it.\n\n"
    )
}

/// The files of a crate of its own, and its own items at its root
/// ([`Generated::statics`](super::Generated::statics)).
///
/// # Errors
/// Models whose tokens do not parse (a bug of this crate).
pub(super) fn crate_files(
    api: &Api,
    options: &Options,
    written: &Written<'_>,
    diagnostics: &Diagnostics,
    paths: &Paths,
) -> Result<(Vec<GeneratedFile>, String), String> {
    let Written {
        plan,
        modules,
        aliases,
        infos,
        kept,
    } = *written;
    let example = first_call(api, options, plan, kept);
    let mut files = Vec::new();
    let mut file = |path: &str, text: String| {
        files.push(GeneratedFile {
            path: path.into(),
            text,
        });
    };
    file("Cargo.toml", cargo_toml(api, options, plan, modules));
    file("rustfmt.toml", RUSTFMT_TOML.to_owned());
    let mut diagnostic_lines: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
    diagnostic_lines.sort();
    file("DIAGNOSTICS.md", diagnostics_md(api, &diagnostic_lines));
    let settings = ApiSettings::with_accept(api, options.conventions.accept())
        .tied(plan, &options.conventions);
    let readme = match &options.conventions.readme {
        Some(text) => text.clone(),
        None => readme(api, options, plan, infos, kept, &example, &settings),
    };
    file("README.md", readme);
    let statics = statics(&settings);
    file(
        "src/lib.rs",
        lib_rs(api, options, plan, modules, &example, &statics),
    );
    file(
        "src/models.rs",
        emit::module_part(
            &models_header(),
            &plan.types,
            &|id| is_model(plan, id),
            paths,
        )?,
    );
    for ((module, items), aliases) in plan.modules.iter().zip(modules).zip(aliases) {
        if !items.is_empty() {
            file(
                &format!("src/{}.rs", module.name),
                module_text(module, items, aliases),
            );
        }
    }
    Ok((files, statics))
}

/// The one file of [`Layout::OneFile`](super::Layout::OneFile), and the
/// crate's own items it starts with: the models and each module inline,
/// their types built without cargo features (a file that `include!` reads
/// cannot declare a module in a file of its own, and its includer has no
/// features of the crate's).
///
/// # Errors
/// Models whose tokens do not parse (a bug of this crate).
pub(super) fn one_file(
    api: &Api,
    options: &Options,
    written: &Written<'_>,
    paths: &Paths,
) -> Result<(Vec<GeneratedFile>, String), String> {
    let plan = written.plan;
    let settings = ApiSettings::with_accept(api, options.conventions.accept())
        .tied(plan, &options.conventions);
    let statics = statics(&settings);
    let types: Vec<TypeDef> = plan
        .types
        .iter()
        .map(|def| TypeDef {
            features: Default::default(),
            ..def.clone()
        })
        .collect();
    let mut text = statics.clone();
    inline_module(
        &mut text,
        "models",
        &emit::module_part(&models_header(), &types, &|id| is_model(plan, id), paths)?,
    );
    for ((module, items), aliases) in plan
        .modules
        .iter()
        .zip(written.modules)
        .zip(written.aliases)
    {
        if !items.is_empty() {
            inline_module(
                &mut text,
                &module.name,
                &module_text(module, items, aliases),
            );
        }
    }
    let path = format!("src/{}.rs", options.name.replace('-', "_"));
    Ok((
        vec![GeneratedFile {
            path: path.into(),
            text,
        }],
        statics,
    ))
}

/// Whether the planned type `id` is a model, not a type only the events'
/// module holds.
fn is_model(plan: &Plan, id: usize) -> bool {
    !plan.events.as_ref().is_some_and(|events| events.owns(id))
}

/// Adds the module of the API's events ([`crate::events`]) to `files`: a
/// file of its own, declared after `models`, or inline in the one file
/// (`workspace`: the crate is a member of `endpoint`'s workspace).
///
/// # Errors
/// Types whose tokens do not parse (a bug of this crate).
pub(super) fn add_events(
    files: &mut Vec<GeneratedFile>,
    events: &crate::events::Events,
    types: &[TypeDef],
    (layout, workspace): (super::Layout, bool),
    paths: &Paths,
) -> Result<(), String> {
    // A crate has a feature `webhooks` (see `cargo_toml`) under which the
    // enum implements `endpoint-webhooks`' `Decode`: that crate itself in
    // the workspace (whose crates depend on `endpoint-runtime`, not the
    // facade), else the facade's module.
    let webhooks = match (layout, workspace) {
        (super::Layout::Crate, true) => Some(quote::quote!(::endpoint_webhooks)),
        (super::Layout::Crate, false) => {
            let support = &paths.support;
            Some(quote::quote!(#support::webhooks))
        }
        (super::Layout::OneFile, _) => None,
    };
    let text = crate::events::module(events, types, GENERATED, paths, webhooks.as_ref())?;
    match layout {
        super::Layout::Crate => {
            for file in files
                .iter_mut()
                .filter(|file| file.path.ends_with("src/lib.rs"))
            {
                file.text = crate::events::declare(std::mem::take(&mut file.text), Some(events));
            }
            files.push(GeneratedFile {
                path: format!("src/{}.rs", events.module).into(),
                text,
            });
        }
        super::Layout::OneFile => {
            if let Some(file) = files.first_mut() {
                inline_module(&mut file.text, &events.module, &text);
            }
        }
    }
    Ok(())
}

/// Appends the module `name` of `text`, inline.
fn inline_module(out: &mut String, name: &str, text: &str) {
    let _ = write!(
        out,
        "\n// The description marks some schemas and fields deprecated; the code's own\n\
         // decoding still reads them.\n#[allow(deprecated)]\npub mod {name} {{\n{text}}}\n",
    );
}

/// The text of a module of operations: its documentation, then its items
/// and its aliases of former names.
fn module_text(module: &crate::operations::Module, items: &[String], aliases: &[String]) -> String {
    let mut text = format!("// {GENERATED}\n");
    if let Some(doc) = &module.doc {
        for line in doc.lines() {
            text.push_str(&doc_line("//!", line));
        }
        text.push_str("//!\n");
    }
    let count = items.len();
    let _ = writeln!(
        text,
        "//! {count} operation{} of the `{}` group, one struct each; built with the feature `{}`.\n",
        if count == 1 { "" } else { "s" },
        one_line(&module.group).replace('`', "'"),
        module.feature
    );
    text.push_str("use ::endpoint::endpoint;\n");
    for item in items.iter().chain(aliases) {
        text.push('\n');
        text.push_str(item);
    }
    text
}

/// The crate's `rustfmt.toml`: its sources are kept as the generator writes
/// them, so that `cargo fmt` in a workspace that holds the crate leaves it
/// alone and a regenerated crate differs from the committed one only where
/// the description or the generator changed.
const RUSTFMT_TOML: &str = "# @generated by cargo endpoint generate: the sources stay as written.\n\
                            disable_all_formatting = true\n";

fn cargo_toml(api: &Api, options: &Options, plan: &Plan, modules: &[Vec<String>]) -> String {
    let mut out = format!("# {GENERATED}\n[package]\n");
    let _ = writeln!(out, "name = {}", toml_string(&options.name));
    let workspace = matches!(options.endpoint, Dependency::Workspace(_));
    if workspace {
        out.push_str(
            "version.workspace = true\nedition.workspace = true\nrust-version.workspace = true\n\
             license.workspace = true\nrepository.workspace = true\n",
        );
    } else {
        out.push_str("version = \"0.1.0\"\nedition = \"2021\"\nrust-version = \"1.88\"\n");
    }
    let title = if api.title.trim().is_empty() {
        "an API"
    } else {
        api.title.trim()
    };
    let _ = writeln!(
        out,
        "description = {}",
        toml_string(&one_line(&format!(
            "{title} {} as typed requests: one `endpoint!` struct per operation.",
            api.version
        )))
    );
    // The package holds what the generator writes, nothing else of the
    // directory (a description kept beside it, say).
    out.push_str(
        "readme = \"README.md\"\ninclude = [\"/Cargo.toml\", \"/README.md\", \
         \"/DIAGNOSTICS.md\", \"/src/**/*.rs\"]\n",
    );
    if !workspace {
        out.push_str("publish = false\n");
    }
    out.push_str("\n[features]\ndefault = [");
    let features: Vec<&str> = plan
        .modules
        .iter()
        .zip(modules)
        .filter(|(_, items)| !items.is_empty())
        .map(|(module, _)| module.feature.as_str())
        .collect();
    for feature in &features {
        let _ = write!(out, "\n    {},", toml_string(feature));
    }
    if !features.is_empty() {
        out.push('\n');
    }
    out.push_str("]\n");
    for ((module, items), feature) in plan
        .modules
        .iter()
        .zip(modules)
        .filter(|(_, items)| !items.is_empty())
        .zip(&features)
    {
        let shares = plan
            .shared
            .as_ref()
            .filter(|shared| shared.enabled_by.contains(*feature));
        let _ = writeln!(
            out,
            "## {} operation{} of `{}`.\n{} = [{}]",
            items.len(),
            if items.len() == 1 { "" } else { "s" },
            one_line(&module.group),
            toml_string(feature),
            shares.map_or(String::new(), |shared| toml_string(&shared.name))
        );
    }
    if let Some(shared) = &plan.shared {
        let _ = writeln!(
            out,
            "## The models more than {} modules use (each of their features enables it).\n{} = []",
            crate::types::SHARED_AFTER,
            toml_string(&shared.name)
        );
    }
    let webhooks = plan
        .events
        .as_ref()
        .is_some_and(|events| events.enum_name.is_some());
    if webhooks {
        let _ = writeln!(
            out,
            "## `webhooks::Event` as `endpoint-webhooks`' `Decode`, which \
             `verify_and_decode` takes.\n\"webhooks\" = [{}]",
            if workspace {
                "\"dep:endpoint-webhooks\""
            } else {
                "\"endpoint/webhooks\""
            }
        );
    }
    out.push_str("\n[dependencies]\n");
    match &options.endpoint {
        Dependency::Version(version) => {
            let _ = writeln!(out, "endpoint = {}", toml_string(version));
        }
        Dependency::Path(path) => {
            let _ = writeln!(
                out,
                "endpoint = {{ path = {} }}",
                toml_string(&path.to_string_lossy())
            );
        }
        Dependency::Workspace(_) => out.push_str(
            "endpoint-runtime.workspace = true\nendpoint-macros.workspace = true\n\
             serde.workspace = true\nserde_json.workspace = true\n",
        ),
    }
    if webhooks && workspace {
        out.push_str("endpoint-webhooks = { workspace = true, optional = true }\n");
    }
    if !workspace {
        out.push_str(
            "serde = { version = \"1.0.200\", features = [\"derive\"] }\nserde_json = \"1.0.120\"\n",
        );
    }
    // The documentation's first call sends with the blocking client.
    out.push_str("\n[dev-dependencies]\n");
    let _ = match &options.endpoint {
        Dependency::Version(version) => writeln!(
            out,
            "endpoint = {{ version = {}, features = [\"ureq\"] }}",
            toml_string(version)
        ),
        Dependency::Path(path) | Dependency::Workspace(path) => writeln!(
            out,
            "endpoint = {{ path = {}, features = [\"ureq\"] }}",
            toml_string(&path.to_string_lossy())
        ),
    };
    out.push_str(
        "\n# Every module's feature, as the default builds them.\n\
         [package.metadata.docs.rs]\nall-features = true\n",
    );
    out
}

fn lib_rs(
    api: &Api,
    options: &Options,
    plan: &Plan,
    modules: &[Vec<String>],
    example: &[String],
    statics: &str,
) -> String {
    let mut out = format!("// {GENERATED}\n");
    if let Some(doc) = &options.conventions.crate_doc {
        for line in doc.trim().lines() {
            out.push_str(&doc_line("//!", line));
        }
        return lib_rs_rest(
            out,
            statics,
            matches!(options.endpoint, Dependency::Workspace(_)),
            plan,
            modules,
            example,
            None,
        );
    }
    let title = one_line(&api.title);
    let count: usize = modules.iter().map(Vec::len).sum();
    out.push_str(&doc_line(
        "//!",
        &format!(
            "{} {} as typed requests: each of its {count} operations is an `endpoint!` struct",
            if title.is_empty() { "The API" } else { &title },
            one_line(&api.version)
        ),
    ));
    out.push_str("//! whose `to_request()` gives the method, URL, headers and body to send.\n");
    lib_rs_rest(
        out,
        statics,
        matches!(options.endpoint, Dependency::Workspace(_)),
        plan,
        modules,
        example,
        description_doc(api).as_ref(),
    )
}

/// The description's `info.description` as the crate's documentation
/// says it: its first paragraph, and the whole text when it has more, as
/// rustdoc ([`crate::docs::rustdoc`]: HTML as Markdown, links made
/// absolute from the description's `externalDocs`, else its first
/// server, or their label alone), its headings a level below the crate's
/// own.
fn description_doc(api: &Api) -> Option<(String, Option<String>)> {
    let description = api.description.as_deref().map(str::trim)?;
    let page = api.external_docs.as_deref();
    let base = page.and_then(crate::docs::origin).or_else(|| {
        api.servers
            .first()
            .and_then(|server| crate::docs::origin(&server.url))
    });
    let links = crate::docs::Links {
        base: base.as_deref(),
        page: page.filter(|page| crate::docs::origin(page).is_some()),
    };
    let full = crate::docs::rustdoc(description, links);
    if full.trim().is_empty() {
        return None;
    }
    // The first paragraph of prose: not a heading, a rule, a fence or a
    // list.
    let mut first: Option<String> = None;
    let mut fence = false;
    for paragraph in full.split("\n\n") {
        let trimmed = paragraph.trim();
        if trimmed.starts_with("```") {
            fence = trimmed.matches("```").count() % 2 == 1;
            continue;
        }
        if fence {
            fence = trimmed.matches("```").count() % 2 == 0;
            continue;
        }
        let prose = !trimmed.is_empty()
            && !trimmed.starts_with(['#', '-', '*', '|', '>', '='])
            && !trimmed.starts_with(|c: char| c.is_ascii_digit());
        if prose {
            first = Some(trimmed.to_owned());
            break;
        }
    }
    let first = first?;
    let more = full.trim() != first;
    Some((first, more.then(|| demoted_headings(&full))))
}

/// `text` (rustdoc Markdown) with each ATX heading outside code a level
/// lower (`# Intro` → `## Intro`), so that it nests under the crate's own.
fn demoted_headings(text: &str) -> String {
    let mut fence = false;
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fence = !fence;
        }
        let hashes = trimmed.chars().take_while(|c| *c == '#').count();
        let heading = !fence
            && (1..6).contains(&hashes)
            && trimmed[hashes..].starts_with(' ')
            && line.len() - trimmed.len() < 4;
        if heading {
            out.push('#');
            out.push_str(trimmed);
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The crate root after its first paragraphs: the first call, the
/// description's first paragraph and the table of modules, the whole
/// description (`description`: its first paragraph and, when it says
/// more, all of it; [`description_doc`]), the modules and the statics.
fn lib_rs_rest(
    mut out: String,
    statics: &str,
    workspace: bool,
    plan: &Plan,
    modules: &[Vec<String>],
    example: &[String],
    description: Option<&(String, Option<String>)>,
) -> String {
    out.push_str(
        "//!\n//! # A first call\n//!\n//! With `endpoint`'s `ureq` feature (`reqwest` for \
         the async client), a client sends each\n//! struct and decodes its answer, with the \
         credentials the description asks for;\n//! `paginate` follows a list's pages:\n\
         //!\n//! ```no_run\n",
    );
    for line in example {
        out.push_str(&doc_line("//!", line));
    }
    out.push_str("//! ```\n");
    if uses_nullable(plan) {
        out.push_str("//!\n");
        for line in wrap(NULLABLE) {
            out.push_str(&doc_line("//!", &line));
        }
    }
    out.push_str("//!\n//! # The API\n");
    if let Some((first, more)) = description {
        out.push_str("//!\n");
        for line in first.lines() {
            out.push_str(&doc_line("//!", line));
        }
        if more.is_some() {
            out.push_str("//!\n//! More [below](#about-the-api).\n");
        }
    }
    out.push_str(
        "//!\n//! A module per group of operations, each built with the feature of its name \
         (all by default);\n//! the types of requests and answers are in `models`.\n//!\n\
         //! | module | feature | operations |\n//! | --- | --- | --- |\n",
    );
    for (module, items) in plan.modules.iter().zip(modules) {
        if !items.is_empty() {
            let _ = writeln!(
                out,
                "//! | `{}` | `{}` | {} |",
                module.name,
                module.feature,
                items.len()
            );
        }
    }
    if let Some((_, Some(full))) = description {
        out.push_str("//!\n//! # About the API\n//!\n");
        for line in full.trim().lines() {
            out.push_str(&doc_line("//!", line));
        }
    }
    out.push_str(
        "\n// The description marks some schemas and fields deprecated; the crate's own\n\
         // decoding still reads them.\n#![allow(deprecated)]\n\
         // The models of a large description may nest deeply (unions of many types, each\n\
         // holding more): rustdoc's reasoning about them needs more than the default\n\
         // limit.\n#![recursion_limit = \"256\"]\n\n",
    );
    for (module, items) in plan.modules.iter().zip(modules) {
        if !items.is_empty() {
            let _ = writeln!(
                out,
                "#[cfg(feature = {})]\npub mod {};",
                toml_string(&module.feature),
                module.name
            );
        }
    }
    out.push_str("pub mod models;\n");
    if workspace {
        out.push_str(WORKSPACE_ROOT);
    }
    out.push_str(statics);
    out
}

/// Whether a model of the crate has a field that may be absent or `null`,
/// the two told apart (`endpoint::model::Nullable`).
fn uses_nullable(plan: &Plan) -> bool {
    fn nullable(ty: &Type) -> bool {
        match ty {
            Type::Nullable(_) => true,
            Type::Option(inner) | Type::Box(inner) | Type::Vec(inner) | Type::Map(inner) => {
                nullable(inner)
            }
            _ => false,
        }
    }
    plan.types.iter().any(|def| match &def.body {
        crate::types::Body::Struct(fields) => fields.iter().any(|field| nullable(&field.ty)),
        crate::types::Body::Union(variants) => variants.iter().any(|v| nullable(&v.ty)),
        crate::types::Body::Alias(ty) => nullable(ty),
        crate::types::Body::Enum(_) => false,
    })
}

/// What the crate's documentation says of `endpoint::model::Nullable`.
const NULLABLE: &str = "A property that may be left out and may also be `null`, where the two \
    mean different things, is an `endpoint::model::Nullable`: `Absent` is not sent, `Null` is \
    sent as `null` (in a request, to clear a value), `Value` as the value; a model read from an \
    answer keeps which it was, and writes back what it read.";

fn readme(
    api: &Api,
    options: &Options,
    plan: &Plan,
    infos: &[OperationInfo],
    kept: &[bool],
    example: &[String],
    settings: &ApiSettings,
) -> String {
    let cell = |text: &str| one_line(text).replace('|', "\\|");
    let mut out = format!("<!-- {GENERATED} -->\n# {}\n\n", options.name);
    let _ = writeln!(
        out,
        "{} {}, as typed requests: one `endpoint!` struct per operation, generated from its \
         OpenAPI description (version {}) by `cargo endpoint generate`. Each module is a cargo \
         feature, all on by default; what the generator could not express as written is in \
         `DIAGNOSTICS.md`.\n",
        cell(&api.title),
        cell(&api.version),
        cell(&api.spec_version)
    );
    out.push_str(
        "## A first call\n\nWith `endpoint`'s `ureq` feature (`reqwest` for the async client), \
         a client sends each struct and decodes its answer, with the credentials the description \
         asks for; `paginate` follows a list's pages:\n\n```rust\n",
    );
    for line in example {
        let hidden = line.trim_start().starts_with("# ") || line.trim() == "#";
        if !hidden {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("```\n\n");
    if uses_nullable(plan) {
        let _ = writeln!(out, "{}\n", one_line(NULLABLE));
    }
    out.push_str(
        "## Operations\n\n| module | operation | method | path | Rust |\n| --- | --- | --- | --- | --- |\n",
    );
    for ((op, info), _) in plan
        .operations
        .iter()
        .zip(infos)
        .zip(kept)
        .filter(|(_, k)| **k)
    {
        let module = &plan.modules[op.module];
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | `{}` | `{}` |",
            module.name,
            cell(info.operation_id.as_deref().unwrap_or("")),
            info.method,
            cell(&info.path).replace('`', "'"),
            info.rust
        );
    }
    servers_section(&mut out, plan, infos, kept, settings);
    out
}

/// The README's list of the operations with a server of their own, and
/// where each goes when a client's base URL is not the API's (a mock, a
/// proxy, another deployment); nothing when there is none.
fn servers_section(
    out: &mut String,
    plan: &Plan,
    infos: &[OperationInfo],
    kept: &[bool],
    settings: &ApiSettings,
) {
    let own: Vec<(&OperationPlan, &OperationInfo)> = plan
        .operations
        .iter()
        .zip(infos)
        .zip(kept)
        .filter(|(_, k)| **k)
        .filter_map(|((op, info), _)| op.server.is_some().then_some((op, info)))
        .collect();
    if own.is_empty() {
        return;
    }
    out.push_str(
        "\n## Operations on servers of their own\n\nThese operations go to another server than the \
         API's. With a client of another base URL (a mock, a proxy, another deployment), one on \
         the API's own host follows that base URL's host, at the same path; one on another host \
         is refused (`endpoint::Error::UnmappedServer`) until the client says where that server is \
         (`Api::with_server(server, url)`, a client builder's `operation_server(server, url)`), so \
         that no request leaves for the API's own host with another deployment's credentials.\n\n\
         | Rust | method | path | server | with another base URL |\n| --- | --- | --- | --- | --- |\n",
    );
    for (op, info) in own {
        let declared = op.server.as_deref().unwrap_or_default();
        let server = declared.trim_end_matches('/');
        let (shown, elsewhere) = if declared.starts_with('/') {
            let path = if server.is_empty() { "/" } else { server };
            (
                format!("`{path}` on the API's host"),
                format!("`{path}` on its host"),
            )
        } else {
            let tied = settings
                .tied
                .iter()
                .find(|(known, _)| known.trim_end_matches('/') == server);
            let elsewhere = match tied {
                Some((_, Some(path))) => format!("`{path}` on its host"),
                Some((_, None)) => "refused until mapped".to_owned(),
                None => "its server".to_owned(),
            };
            (format!("`{server}`"), elsewhere)
        };
        let _ = writeln!(
            out,
            "| `{}` | {} | `{}` | {} | {} |",
            info.rust,
            info.method,
            one_line(&info.path).replace('|', "\\|").replace('`', "'"),
            shown,
            elsewhere
        );
    }
}

fn diagnostics_md(api: &Api, lines: &[String]) -> String {
    let mut out = format!(
        "<!-- {GENERATED} -->\n# Diagnostics\n\nWhat the generator could not express as {} \
         describes it, and what it generated instead: {} in all.\n\n",
        one_line(&api.title),
        lines.len()
    );
    for line in lines {
        let _ = writeln!(out, "- {}", one_line(line));
    }
    out
}

/// The root of a crate of [`Dependency::Workspace`]: what its generated
/// code names as `::endpoint::…`, from the runtime crates.
const WORKSPACE_ROOT: &str = "
// The generated code names the runtime as `::endpoint`, the facade, which
// re-exports this crate: to its own code, this crate is `endpoint`.
extern crate self as endpoint;
#[allow(unused_imports)]
use endpoint_macros::endpoint;
#[allow(unused_imports)]
use endpoint_runtime::{__private, answers, body, model};
pub use endpoint_runtime::{Api, Endpoint, Error, Request, Result, TypedRequest};
";
