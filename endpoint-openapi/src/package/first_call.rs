//! The crate's first call, as its documentation and README show it: a
//! client, the credentials the description asks for, and a call of an
//! operation that is simple to write (a list followed page by page when
//! there is one).

use crate::api::{Api, Operation, ParamIn, SecurityScheme};
use crate::ident;
use crate::operations::{FieldPlan, Location, Method, OperationPlan, Plan, Success, Ty};
use crate::types::Type;

use serde_json::Value;

use super::Options;
use super::settings::base_url;

/// The value a field of the first call's example is given, when its type
/// has a plain one (a string, a number, a boolean); `None` for other
/// types, which the example leaves to operations without them.
fn example_value(field: &FieldPlan) -> Option<String> {
    if field.optional {
        return Some("None".to_owned());
    }
    match &field.ty {
        Ty::Planned(Type::String | Type::Base64) => Some(format!("{:?}.into()", field.wire)),
        Ty::Planned(Type::Integer | Type::I32 | Type::U32 | Type::U64) => Some("1".to_owned()),
        Ty::Planned(Type::Number | Type::F32) => Some("1.0".to_owned()),
        Ty::Planned(Type::Boolean) => Some("true".to_owned()),
        Ty::Planned(Type::Option(_)) => Some("None".to_owned()),
        _ => None,
    }
}

/// The struct expression of `op` with [`example_value`]s
/// (`pets::GetPet { pet_id: 1 }`), when every field has one; optional
/// fields are `None`, or left to `Default` when every field is optional.
fn example_struct(module: &str, op: &OperationPlan) -> Option<String> {
    let path = format!("{module}::{}", op.name);
    if op.fields.is_empty() {
        return Some(format!("{path} {{}}"));
    }
    if op.fields.iter().all(|field| field.optional) {
        return Some(format!("{path} {{ ..Default::default() }}"));
    }
    let fields = op
        .fields
        .iter()
        .map(|field| Some(format!("{}: {}", field.name, example_value(field)?)))
        .collect::<Option<Vec<String>>>()?;
    Some(format!("{path} {{ {} }}", fields.join(", ")))
}

/// A value of `ty` for an argument of a constructor in the first call's
/// example, under the crate `library`: a string literal (an argument
/// `impl Into<String>`), `1`, `1.0`, `true`, an empty list or map, an
/// enum's first value, a model's own `new(…)` (to `depth` levels); `None`
/// for other types, which the example leaves to operations without them.
fn argument_example(
    ty: &Type,
    wire: &str,
    plan: &Plan,
    library: &str,
    depth: usize,
) -> Option<String> {
    use crate::types::Body;
    Some(match ty {
        Type::String | Type::Base64 => format!("{wire:?}"),
        Type::Integer | Type::I32 | Type::U32 | Type::U64 => "1".to_owned(),
        Type::Number | Type::F32 => "1.0".to_owned(),
        Type::Boolean => "true".to_owned(),
        Type::Vec(_) => "Vec::new()".to_owned(),
        Type::Map(_) => "Default::default()".to_owned(),
        Type::Box(inner) => format!(
            "Box::new({})",
            argument_example(inner, wire, plan, library, depth)?
        ),
        Type::Named(id) => {
            let def = &plan.types[*id];
            let path = format!("{library}::models::{}", def.name);
            match &def.body {
                Body::Enum(variants) => format!("{path}::{}", variants.first()?.name),
                Body::Alias(inner) => argument_example(inner, wire, plan, library, depth)?,
                Body::Struct(fields) if def.request && depth > 0 => {
                    let arguments = fields
                        .iter()
                        .filter(|field| field.is_argument())
                        .map(|field| {
                            argument_example(&field.ty, &field.key, plan, library, depth - 1)
                        })
                        .collect::<Option<Vec<String>>>()?;
                    let call = format!("{path}::new({})", arguments.join(", "));
                    // One optional text set beside them, as a caller does.
                    match fields
                        .iter()
                        .find(|field| field.ty == Type::String.optional() && !field.required)
                    {
                        Some(field) => format!(
                            "{path} {{ {}: Some({:?}.into()), ..{call} }}",
                            field.name, field.key
                        ),
                        None => call,
                    }
                }
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// Whether the [`argument_example`] of `ty` holds an empty list (to
/// `depth` levels of models' own `new(…)`, as it does).
fn example_holds_list(ty: &Type, plan: &Plan, depth: usize) -> bool {
    use crate::types::Body;
    match ty {
        Type::Vec(_) => true,
        Type::Box(inner) => example_holds_list(inner, plan, depth),
        Type::Named(id) => {
            let def = &plan.types[*id];
            match &def.body {
                Body::Alias(inner) => example_holds_list(inner, plan, depth),
                Body::Struct(fields) if def.request && depth > 0 => fields
                    .iter()
                    .filter(|field| field.is_argument())
                    .any(|field| example_holds_list(&field.ty, plan, depth - 1)),
                _ => false,
            }
        }
        _ => false,
    }
}

/// Whether the arguments of [`example_create`]'s call of `op` hold an
/// empty list.
fn create_holds_list(op: &OperationPlan, plan: &Plan) -> bool {
    op.fields
        .iter()
        .filter(|field| !field.may_be_left_out())
        .any(|field| match &field.ty {
            Ty::Planned(ty) => example_holds_list(ty, plan, 2),
            _ => false,
        })
}

/// The expression of a call of `op`'s `new(…)` (a write: `POST`, `PUT` or
/// `PATCH` with a body) with [`argument_example`]s, one optional text of
/// its body set beside them; `None` when it has no `new` or an argument has
/// no example.
fn example_create(module: &str, op: &OperationPlan, plan: &Plan, library: &str) -> Option<String> {
    let body = |field: &&FieldPlan| matches!(field.location, Location::Body | Location::Content);
    if ![Method::POST, Method::PUT, Method::PATCH].contains(&op.method)
        || !op.fields.iter().any(|field| body(&field))
        || op.fields.iter().all(FieldPlan::may_be_left_out)
    {
        return None;
    }
    let path = format!("{module}::{}", op.name);
    let arguments = op
        .fields
        .iter()
        .filter(|field| !field.may_be_left_out())
        .map(|field| match &field.ty {
            Ty::Planned(ty) => argument_example(ty, &field.wire, plan, library, 2),
            _ => None,
        })
        .collect::<Option<Vec<String>>>()?;
    let call = format!("{path}::new({})", arguments.join(", "));
    Some(
        match op.fields.iter().filter(body).find(|field| {
            field.optional
                && field.ty == Ty::Planned(Type::String)
                && field.location == Location::Body
        }) {
            Some(field) => format!(
                "{path} {{ {}: Some({:?}.into()), ..{call} }}",
                field.name, field.wire
            ),
            None => call,
        },
    )
}

/// The client's credentials of the example, as the description's own
/// security scheme sends them (of the operation's alternatives, or the
/// API's, a bearer token first, then a key, then a user and password): the
/// builder's call, and what it imports from `endpoint::client` besides the
/// client. `None` when the description names no scheme the client can
/// send.
fn example_auth(
    api: &Api,
    operation: Option<&Operation>,
    env: &str,
) -> Option<(String, Option<&'static str>)> {
    let required = operation
        .and_then(|operation| operation.security.as_ref())
        .unwrap_or(&api.security);
    // Of the alternatives, the one the client sends most simply: a bearer
    // token, a key, a user and password, then the others.
    let rank = |scheme: &SecurityScheme| match scheme {
        SecurityScheme::Http { scheme, .. } if scheme.eq_ignore_ascii_case("bearer") => 0,
        SecurityScheme::ApiKey { .. } => 1,
        SecurityScheme::Http { scheme, .. } if scheme.eq_ignore_ascii_case("basic") => 2,
        _ => 3,
    };
    let scheme = required
        .iter()
        .flatten()
        .filter_map(|name| api.security_schemes.get(name))
        .min_by_key(|scheme| rank(scheme))
        .or_else(|| {
            api.security_schemes
                .values()
                .min_by_key(|scheme| rank(scheme))
        })?;
    let var = |what: &str| format!("std::env::var(\"{env}_{what}\")?");
    Some(match scheme {
        SecurityScheme::Http { scheme, .. } if scheme.eq_ignore_ascii_case("basic") => (
            format!(".basic({}, {})", var("USER"), var("PASSWORD")),
            None,
        ),
        SecurityScheme::Http { scheme, .. } if !scheme.eq_ignore_ascii_case("bearer") => (
            format!(".header(\"authorization\", {})", var("AUTHORIZATION")),
            None,
        ),
        // A key in `authorization`: a token with its scheme, as the client's
        // bearer token is sent.
        SecurityScheme::ApiKey {
            name,
            location: ParamIn::Header,
        } if name.eq_ignore_ascii_case("authorization") => {
            (format!(".bearer({})", var("TOKEN")), None)
        }
        SecurityScheme::ApiKey { name, location } => {
            let place = match location {
                ParamIn::Query => "query",
                ParamIn::Cookie => "cookie",
                _ => "header",
            };
            (
                format!(".api_key(ApiKey::{place}({name:?}, {}))", var("KEY")),
                Some("ApiKey"),
            )
        }
        SecurityScheme::OAuth2 { flows } => match flows
            .pointer("/clientCredentials/tokenUrl")
            .and_then(Value::as_str)
            .filter(|url| url.starts_with("https://") || url.starts_with("http://"))
        {
            Some(url) => (
                format!(
                    ".oauth2(OAuth2::client_credentials({url:?}, {}, {}))",
                    var("CLIENT_ID"),
                    var("CLIENT_SECRET")
                ),
                Some("OAuth2"),
            ),
            None => (format!(".bearer({})", var("TOKEN")), None),
        },
        SecurityScheme::MutualTls => return None,
        _ => (format!(".bearer({})", var("TOKEN")), None),
    })
}

/// A first call of the crate, as Rust lines of a doctest (the hidden ones
/// start with `# `): a client of the API's server with the description's
/// own credentials, a `send` of one operation, a write of a body built by
/// `new(…)` and a `paginate` of a list operation, when the crate has
/// operations of plain fields (a write, a list).
pub(super) fn first_call(api: &Api, options: &Options, plan: &Plan, kept: &[bool]) -> Vec<String> {
    let library = options.name.replace('-', "_");
    let env = library.to_ascii_uppercase();
    // Each kept operation with plain fields, GETs and fewer fields first.
    let mut candidates: Vec<(&OperationPlan, String)> = plan
        .operations
        .iter()
        .zip(kept)
        .filter(|(_, kept)| **kept)
        .filter_map(|(op, _)| Some((op, example_struct(&plan.modules[op.module].name, op)?)))
        .collect();
    candidates.sort_by_key(|(op, _)| {
        (
            op.method != Method::GET,
            op.fields.iter().filter(|f| !f.optional).count(),
            op.fields.len(),
        )
    });
    let list = candidates
        .iter()
        .find(|(op, _)| op.paging.is_some())
        .or_else(|| {
            candidates.iter().find(|(op, _)| {
                op.method == Method::GET
                    && matches!(&op.success, Success::One(Ty::Planned(Type::Vec(_))))
            })
        });
    // Another operation than the list's, when there is one.
    let listed = list.map(|(op, _)| op.index);
    let send = candidates
        .iter()
        .find(|(op, _)| {
            op.method == Method::GET && op.success != Success::Unit && Some(op.index) != listed
        })
        .or_else(|| candidates.iter().find(|(op, _)| Some(op.index) != listed))
        .or_else(|| candidates.first());
    // A write of a body, built by `new(…)`: one that answers what it made,
    // named a creation, a `POST`, given more than empty lists, first; then
    // the shortest.
    let create = plan
        .operations
        .iter()
        .zip(kept)
        .filter(|(_, kept)| **kept)
        .filter_map(|(op, _)| {
            let module = &plan.modules[op.module].name;
            Some((op, example_create(module, op, plan, &library)?))
        })
        .min_by_key(|(op, expression)| {
            let creates = ident::words(&op.name)
                .iter()
                .any(|word| word.eq_ignore_ascii_case("create"));
            (
                op.success == Success::Unit,
                !creates,
                op.method != Method::POST,
                create_holds_list(op, plan),
                expression.len(),
            )
        });
    let operation = send.map(|(op, _)| &api.operations[op.index]);
    let auth = example_auth(api, operation, &env);
    let mut modules: Vec<&str> = Vec::new();
    for (op, _) in send.into_iter().chain(create.as_ref()).chain(list) {
        let name = plan.modules[op.module].name.as_str();
        if !modules.contains(&name) {
            modules.push(name);
        }
    }
    let mut lines = Vec::new();
    let client = match auth.as_ref().and_then(|(_, import)| *import) {
        Some(import) => format!("use endpoint::client::{{{import}, ureq::Client}};"),
        None => "use endpoint::client::ureq::Client;".to_owned(),
    };
    lines.push(client);
    let base = base_url(api);
    let mut names: Vec<&str> = Vec::new();
    if base.is_some() {
        names.push("BASE_URL");
    }
    names.extend(&modules);
    match names.as_slice() {
        [] => {}
        [one] => lines.push(format!("use {library}::{one};")),
        many => lines.push(format!("use {library}::{{{}}};", many.join(", "))),
    }
    lines.push(String::new());
    lines.push("let client = Client::builder()".to_owned());
    match base {
        Some(_) => lines.push("    .base_url(BASE_URL)".to_owned()),
        None => {
            lines.push("    .base_url(\"https://api.example.com\") // the API's server".to_owned())
        }
    }
    if let Some((call, _)) = &auth {
        lines.push(format!("    {call}"));
    }
    lines.push("    .build()?;".to_owned());
    if let Some((op, expression)) = send {
        lines.push(format!(
            "let answer = client.send(&{expression})?.body; // {}",
            answer_comment(op)
        ));
    }
    if let Some((op, expression)) = create {
        lines.push(format!(
            "let created = client.send(&{expression})?.body; // {}",
            answer_comment(op)
        ));
    }
    if let Some((_, expression)) = list {
        lines.push(format!("for item in client.paginate(&{expression}) {{"));
        lines.push("    let item = item?; // every page, item by item".to_owned());
        lines.push("}".to_owned());
    }
    lines.push("# Ok::<(), Box<dyn std::error::Error>>(())".to_owned());
    lines
}

/// What the example's `send` says its answer is.
fn answer_comment(op: &OperationPlan) -> String {
    match &op.success {
        Success::Unit => "no body".to_owned(),
        Success::One(_) => "its answer, decoded".to_owned(),
        Success::ByStatus(_) => format!("a `{}` by status", op.answer_name),
    }
}
