//! The `to_request()` of the `format!` crates of `compile-time`: what a
//! person would write by hand for one operation, with `format!` for the URL
//! and the helpers of `xtask/baseline/format/support.rs` (`segment`,
//! `segment_value`, `Query`, `JsonBody`, `Body`, `Request`).
//!
//! The `format!` baselines of the route corpus use it (`render_baseline` in
//! `routes.rs`).

use std::fmt::Write as _;

use crate::field_type::Ty;

/// How a path parameter is written into the URL.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Segment {
    /// A `String`, percent-encoded.
    Text,
    /// An `i64`, as it is.
    Integer,
    /// A `serde_json::Value`, its text percent-encoded.
    Value,
}

impl Segment {
    /// How a path parameter of type `ty` is written.
    pub(crate) fn of(ty: &Ty) -> Segment {
        match ty {
            Ty::Str => Segment::Text,
            Ty::Int => Segment::Integer,
            Ty::Num | Ty::Bool | Ty::Vec(_) | Ty::Json => Segment::Value,
        }
    }
}

/// Where a field goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Role {
    /// A path placeholder.
    Path(Segment),
    Query,
    /// A property of the JSON body.
    Body,
    /// The raw body: `text` when it is a `String`, else JSON.
    Data {
        text: bool,
    },
}

impl Role {
    /// The raw body of type `ty`: text for a `String`, else JSON.
    pub(crate) fn data(ty: &Ty) -> Role {
        Role::Data {
            text: *ty == Ty::Str,
        }
    }
}

/// One field of the struct.
pub(crate) struct Field<'a> {
    /// The field as written in Rust (`r#ref`).
    pub ident: &'a str,
    /// The parameter's name in the route and on the wire.
    pub wire: &'a str,
    pub role: Role,
    pub optional: bool,
}

/// One operation.
pub(crate) struct Operation<'a> {
    pub struct_name: &'a str,
    /// The method, uppercase.
    pub method: &'a str,
    /// The path with `{name}` placeholders.
    pub path: &'a str,
    /// Whether the operation goes to its own server, `crate::UPLOADS_URL`,
    /// instead of `crate::BASE_URL`.
    pub uploads: bool,
    pub fields: Vec<Field<'a>>,
}

/// The `use` line of a module of `format!` structs.
pub(crate) const IMPORTS: &str =
    "use crate::support::{Body, JsonBody, Query, Request, segment, segment_value};\n";

/// Writes `impl <struct> { pub fn to_request(&self) -> Request { … } }`.
pub(crate) fn render_impl(out: &mut String, op: &Operation<'_>) {
    let _ = writeln!(
        out,
        "impl {} {{\n/// The request.\npub fn to_request(&self) -> Request {{",
        op.struct_name
    );
    let (pattern, args) = url_pattern(op);
    let has_query = op.fields.iter().any(|f| f.role == Role::Query);
    let binding = if has_query { "let mut url" } else { "let url" };
    let args: String = args.iter().map(|arg| format!(", {arg}")).collect();
    let base = if op.uploads {
        "crate::UPLOADS_URL"
    } else {
        "crate::BASE_URL"
    };
    let _ = writeln!(out, "{binding} = format!(\"{{}}{pattern}\", {base}{args});");
    if has_query {
        out.push_str("let mut query = Query::new(&mut url);\n");
        for field in op.fields.iter().filter(|f| f.role == Role::Query) {
            let method = if field.optional { "opt" } else { "push" };
            let _ = writeln!(
                out,
                "query.{method}({:?}, &self.{});",
                field.wire, field.ident
            );
        }
    }
    let data = op.fields.iter().find_map(|f| match f.role {
        Role::Data { text } => Some((f, text)),
        _ => None,
    });
    let body_expr = if let Some((data, text)) = data {
        let ident = data.ident;
        match (text, data.optional) {
            (true, false) => format!("Some(Body::Text(self.{ident}.clone()))"),
            (true, true) => format!("self.{ident}.clone().map(Body::Text)"),
            (false, false) => format!("Some(Body::Json(self.{ident}.to_string()))"),
            (false, true) => {
                format!("self.{ident}.as_ref().map(|data| Body::Json(data.to_string()))")
            }
        }
    } else if op.fields.iter().any(|f| f.role == Role::Body) {
        out.push_str("let mut body = JsonBody::new();\n");
        for field in op.fields.iter().filter(|f| f.role == Role::Body) {
            let method = if field.optional { "opt" } else { "field" };
            let _ = writeln!(
                out,
                "body.{method}({:?}, &self.{});",
                field.wire, field.ident
            );
        }
        "body.finish()".to_owned()
    } else {
        "None".to_owned()
    };
    let method = op.method.to_ascii_lowercase();
    let _ = writeln!(out, "Request::new({method:?}, url, {body_expr})\n}}\n}}");
}

/// The `format!` pattern of an operation's path and its arguments.
fn url_pattern(op: &Operation<'_>) -> (String, Vec<String>) {
    let mut pattern = String::new();
    let mut args = Vec::new();
    let mut rest = op.path;
    while let Some(start) = rest.find('{') {
        pattern.push_str(&rest[..start]);
        let end = rest[start..].find('}').map_or(rest.len(), |i| start + i);
        let name = &rest[start + 1..end];
        let segment = op.fields.iter().find_map(|f| match f.role {
            Role::Path(segment) if f.wire == name => Some((f.ident, segment)),
            _ => None,
        });
        pattern.push_str("{}");
        args.push(match segment {
            Some((ident, Segment::Integer)) => format!("self.{ident}"),
            Some((ident, Segment::Value)) => format!("segment_value(&self.{ident})"),
            Some((ident, Segment::Text)) => format!("segment(&self.{ident})"),
            None => format!("segment({name:?})"),
        });
        rest = &rest[(end + 1).min(rest.len())..];
    }
    pattern.push_str(rest);
    (pattern, args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_url_query_and_body() {
        let op = Operation {
            struct_name: "Update",
            method: "PATCH",
            path: "/repos/{owner}/{repo}/issues/{issue_number}",
            uploads: false,
            fields: vec![
                Field {
                    ident: "owner",
                    wire: "owner",
                    role: Role::Path(Segment::Text),
                    optional: false,
                },
                Field {
                    ident: "issue_number",
                    wire: "issue_number",
                    role: Role::Path(Segment::Integer),
                    optional: false,
                },
                Field {
                    ident: "r#type",
                    wire: "type",
                    role: Role::Body,
                    optional: true,
                },
            ],
        };
        let mut out = String::new();
        render_impl(&mut out, &op);
        assert!(out.contains(
            "let url = format!(\"{}/repos/{}/{}/issues/{}\", crate::BASE_URL, \
             segment(&self.owner), segment(\"repo\"), self.issue_number);"
        ));
        assert!(out.contains("body.opt(\"type\", &self.r#type);"));
        assert!(out.contains("Request::new(\"patch\", url, body.finish())"));
    }
}
