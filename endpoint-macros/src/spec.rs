//! `#[endpoint(spec = "api.yaml")]`: a struct of `endpoint!` checked
//! against the OpenAPI description it names (feature `openapi`).
//!
//! The description is read by the generator's reader
//! (`endpoint_openapi::read`), once per compilation however many structs
//! name it, and compared with what the struct declares
//! ([`Declaration`]): its operation (by method and path, or by
//! `operationId`), each field's parameter (name and location), the
//! required parameters and body properties, and whether each field's type
//! can hold its schema. Each mistake is a compile error where it is written,
//! with the nearest name the description has. The expansion includes every
//! file read, so that a change to the description rebuilds the crate.

use std::path::Path;
use std::sync::Arc;

use endpoint_macros_core::Checked;
use endpoint_macros_core::declared::{Declaration, Location, Parameter};
use endpoint_openapi::api::{Api, MediaContent, Operation, ParamIn};
use endpoint_openapi::filter::nearest;
use endpoint_openapi::operations::essence;
use endpoint_openapi::package::ApiSettings;
use endpoint_openapi::read::Read;
use endpoint_openapi::schema::{Additional, Kind, Schema};
use endpoint_runtime::sibling::BodyKind;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::spanned::Spanned;
use syn::{GenericArgument, PathArguments, Type};

use crate::openapi::{includes, read_cached};

/// The description at `path`, read once per compilation while none of its
/// files changes ([`read_cached`], as `openapi!` reads it), or why it
/// cannot be read (the file named as written in the attribute, not by its
/// absolute path).
fn load(path: &Path) -> Result<Arc<Read>, String> {
    read_cached(path, &[]).map_err(|err| {
        let prefix = format!("{}: ", path.display());
        err.message
            .strip_prefix(&prefix)
            .unwrap_or(&err.message)
            .to_owned()
    })
}

/// Checks `declared` against the description it names: an
/// `include_bytes!` of each file read, and for a struct that names no
/// API's settings (`api = path`) the description's ([`settings`]), or
/// every mistake found.
pub(crate) fn check(declared: &Declaration) -> syn::Result<Checked> {
    let source = declared.spec.value();
    let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        return Err(syn::Error::new(
            declared.spec.span(),
            format!(
                "`spec = {source:?}` is read relative to the crate's directory, which cargo \
                 names in CARGO_MANIFEST_DIR, and it is not set"
            ),
        ));
    };
    let path = Path::new(&dir).join(&source);
    let read = load(&path).map_err(|message| {
        syn::Error::new(
            declared.spec.span(),
            format!("cannot read the OpenAPI description `{source}`: {message}"),
        )
    })?;
    let mut errors = Errors::default();
    if let Some(op) = operation(&mut errors, declared, &read.api, &source) {
        Checker {
            errors: &mut errors,
            declared,
            api: &read.api,
            op,
            name: format!("`{} {}` ({source})", op.method, op.path),
        }
        .run();
    }
    errors.finish()?;
    let mut tokens = includes(&read.files);
    let api = (!declared.names_api).then(|| {
        let (function, path) = settings(declared, &read.api);
        tokens.extend(function);
        path
    });
    Ok(Checked { tokens, api })
}

/// The settings a checked struct that names no API is built with: the
/// description's, as a generated crate's `api()` holds them (its first
/// server as the base URL, none when it names no absolute one; JSON asked
/// for), never the octokit defaults' GitHub. A function beside the struct,
/// named after it, and its path.
fn settings(declared: &Declaration, api: &Api) -> (TokenStream, syn::Path) {
    let settings = ApiSettings::of(api);
    let base_url = settings.base_url.unwrap_or_default();
    let headers = settings
        .headers
        .iter()
        .map(|(name, value)| quote!((#name, #value)));
    let name = format_ident!("__endpoint_spec_api_{}", declared.ident);
    let function = quote! {
        /// The settings of the description the struct is checked against.
        #[doc(hidden)]
        #[allow(non_snake_case)]
        fn #name() -> &'static ::endpoint::__private::Api {
            static API: ::std::sync::OnceLock<::endpoint::__private::Api> =
                ::std::sync::OnceLock::new();
            API.get_or_init(|| ::endpoint::__private::api_settings(#base_url, &[#(#headers),*]))
        }
    };
    (function, syn::Path::from(name))
}

/// The errors found, combined into one.
#[derive(Default)]
struct Errors(Option<syn::Error>);

impl Errors {
    fn at(&mut self, span: Span, message: impl std::fmt::Display) {
        let error = syn::Error::new(span, message);
        match &mut self.0 {
            Some(errors) => errors.combine(error),
            None => self.0 = Some(error),
        }
    }

    fn finish(self) -> syn::Result<()> {
        self.0.map_or(Ok(()), Err)
    }
}

/// `: did you mean `…`?` with the nearest of `candidates`, else nothing.
fn did_you_mean(name: &str, candidates: impl IntoIterator<Item = String>) -> String {
    nearest(name, candidates)
        .map(|near| format!(": did you mean `{near}`?"))
        .unwrap_or_default()
}

/// A path with the names of its placeholders left out (`/pets/{}`): two
/// paths of the same operation compare equal.
fn normalised(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_name = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_name = true;
                out.push('{');
            }
            '}' => {
                in_name = false;
                out.push('}');
            }
            _ if in_name => {}
            _ => out.push(c),
        }
    }
    out
}

/// The operation of the description the struct is: by `operationId` when
/// it names one, else by method and path. `None` after recording why there
/// is none.
fn operation<'a>(
    errors: &mut Errors,
    declared: &Declaration,
    api: &'a Api,
    source: &str,
) -> Option<&'a Operation> {
    let route_span = declared.route.span();
    let Some(path) = &declared.path else {
        errors.at(
            route_span,
            format!(
                "a route checked against {source} is a path, such as `/pets/{{petId}}`, as the \
                 description's paths are: the base URL is the API's"
            ),
        );
        return None;
    };
    let written = format!("{} {path}", declared.method);
    if let Some(id) = &declared.operation {
        let wanted = id.value();
        let Some(op) = api
            .operations
            .iter()
            .find(|op| op.operation_id.as_deref() == Some(wanted.as_str()))
        else {
            let ids = api
                .operations
                .iter()
                .filter_map(|op| op.operation_id.clone());
            errors.at(
                id.span(),
                format!(
                    "no operation `{wanted}` in {source}{}",
                    did_you_mean(&wanted, ids)
                ),
            );
            return None;
        };
        if !op.method.eq_ignore_ascii_case(&declared.method) || op.path != *path {
            errors.at(
                route_span,
                format!(
                    "the operation `{wanted}` of {source} is `{} {}`, not `{written}`",
                    op.method, op.path
                ),
            );
            return None;
        }
        return Some(op);
    }
    let same = |op: &&Operation| op.method.eq_ignore_ascii_case(&declared.method);
    if let Some(op) = api
        .operations
        .iter()
        .filter(same)
        .find(|op| op.path == *path)
    {
        return Some(op);
    }
    let shape = normalised(path);
    if let Some(op) = api
        .operations
        .iter()
        .filter(same)
        .find(|op| normalised(&op.path) == shape)
    {
        errors.at(
            route_span,
            format!(
                "the placeholders of `{written}` are not named as in {source}: write the \
                 operation's path, `{} {}`",
                op.method, op.path
            ),
        );
        return None;
    }
    // Near by shape, so that a placeholder's other name does not count.
    let routes: Vec<(String, String)> = api
        .operations
        .iter()
        .map(|op| {
            let route = format!("{} {}", op.method, op.path);
            (format!("{} {}", op.method, normalised(&op.path)), route)
        })
        .collect();
    let near = nearest(
        &format!("{} {shape}", declared.method),
        routes.iter().map(|(shape, _)| shape.clone()),
    )
    .and_then(|shape| routes.iter().find(|(s, _)| *s == shape))
    .map(|(_, route)| format!(": did you mean `{route}`?"))
    .unwrap_or_default();
    let methods: Vec<String> = api
        .operations
        .iter()
        .filter(|op| op.path == *path)
        .map(|op| format!("`{}`", op.method))
        .collect();
    let near = if near.is_empty() && !methods.is_empty() {
        format!(": its path has {}", methods.join(", "))
    } else {
        near
    };
    errors.at(
        route_span,
        format!("no operation `{written}` in {source}{near}"),
    );
    None
}

/// The checks of a struct's fields against its operation.
struct Checker<'a> {
    errors: &'a mut Errors,
    declared: &'a Declaration,
    api: &'a Api,
    op: &'a Operation,
    /// How messages name the operation: `` `GET /pets` (pets.yaml) ``.
    name: String,
}

/// The headers OpenAPI says a parameter cannot describe: the request's
/// media types and credentials are not parameters.
const IGNORED_HEADERS: [&str; 3] = ["accept", "content-type", "authorization"];

impl<'a> Checker<'a> {
    fn run(mut self) {
        let declared = self.declared;
        for param in &declared.parameters {
            match param.location {
                Location::Body => self.property(param),
                Location::Content => self.whole_body(param),
                _ => self.parameter(param),
            }
        }
        self.required_parameters();
        self.required_properties();
    }

    /// Where errors about `param`'s name point: its name, or the route for
    /// a field generated for a placeholder.
    fn name_span(&self, param: &Parameter) -> Span {
        if param.declared {
            param.ident.span()
        } else {
            self.declared.route.span()
        }
    }

    /// Where errors about `param`'s type point: the type in its
    /// `Option`.
    fn type_span(&self, param: &Parameter) -> Span {
        if param.declared {
            option_inner(&param.ty).span()
        } else {
            self.declared.route.span()
        }
    }

    /// Where an error about `param` being an `Option` points: the whole
    /// `Option<…>`.
    fn option_span(&self, param: &Parameter) -> Span {
        if param.declared {
            param.ty.span()
        } else {
            self.declared.route.span()
        }
    }

    /// A path, query, header or cookie parameter: the description has it,
    /// there, and its schema fits the field.
    fn parameter(&mut self, param: &Parameter) {
        let location = match param.location {
            Location::Path => ParamIn::Path,
            Location::Query => ParamIn::Query,
            Location::Header => ParamIn::Header,
            _ => ParamIn::Cookie,
        };
        let same_name = |name: &str| {
            if location == ParamIn::Header {
                name.eq_ignore_ascii_case(&param.name)
            } else {
                name == param.name
            }
        };
        let found = self
            .op
            .parameters
            .iter()
            .find(|p| p.location == location && same_name(&p.name));
        let Some(described) = found else {
            let elsewhere = self.op.parameters.iter().find(|p| same_name(&p.name));
            let message = match elsewhere {
                Some(other) => format!(
                    "`{}` is a {} parameter of {}, not a {} one: `#[endpoint({})]`",
                    param.name,
                    other.location.as_str(),
                    self.name,
                    location.as_str(),
                    match other.location {
                        ParamIn::Path => "path",
                        ParamIn::Query | ParamIn::QueryString => "query",
                        ParamIn::Header => "header",
                        ParamIn::Cookie => "cookie",
                    }
                ),
                None if self.is_body_property(&param.name) => format!(
                    "`{}` is a property of the request body of {}, not a {} parameter: \
                     remove `#[endpoint({})]`",
                    param.name,
                    self.name,
                    location.as_str(),
                    match location {
                        ParamIn::Path => "path",
                        ParamIn::Header => "header",
                        ParamIn::Cookie => "cookie",
                        ParamIn::Query | ParamIn::QueryString => "query",
                    }
                ),
                None => {
                    let names = self
                        .op
                        .parameters
                        .iter()
                        .filter(|p| p.location == location)
                        .map(|p| p.name.clone());
                    format!(
                        "no {} parameter `{}` in {}{}",
                        location.as_str(),
                        param.name,
                        self.name,
                        did_you_mean(&param.name, names)
                    )
                }
            };
            let misplaced = elsewhere.is_some() || self.is_body_property(&param.name);
            let span = match (misplaced, param.location_span) {
                (true, Some(span)) => span,
                _ => self.name_span(param),
            };
            self.errors.at(span, message);
            return;
        };
        if described.required && param.optional {
            self.errors.at(
                self.option_span(param),
                format!(
                    "the {} parameter `{}` is required by {}: its field cannot be an `Option`",
                    location.as_str(),
                    param.name,
                    self.name
                ),
            );
        }
        self.fits(param, &described.schema, true, &format!("`{}`", param.name));
    }

    /// Whether the body the struct sends has a property `name`.
    fn is_body_property(&self, name: &str) -> bool {
        self.sent_content()
            .and_then(|content| content.schema.as_ref())
            .and_then(|schema| self.properties(schema))
            .is_some_and(|object| object.properties.iter().any(|(p, ..)| p == name))
    }

    /// A property of the body: the body's schema has it (or takes any
    /// property), and its schema fits the field.
    fn property(&mut self, param: &Parameter) {
        let Some(content) = self.content(param) else {
            return;
        };
        let Some(schema) = &content.schema else {
            return;
        };
        let Some(object) = self.properties(schema) else {
            return;
        };
        match object
            .properties
            .iter()
            .find(|(name, ..)| *name == param.name)
        {
            Some((_, schema, required)) => {
                if *required && param.optional {
                    self.errors.at(
                        self.option_span(param),
                        format!(
                            "the body property `{}` is required by {}: its field cannot be an \
                             `Option`",
                            param.name, self.name
                        ),
                    );
                }
                let text = !is_json(&content.media_type);
                let what = format!("the body property `{}`", param.name);
                self.fits(param, schema, text, &what);
            }
            None if object.open => {}
            None => {
                let names = object.properties.iter().map(|(name, ..)| name.clone());
                self.errors.at(
                    self.name_span(param),
                    format!(
                        "no property `{}` in the request body of {}{}",
                        param.name,
                        self.name,
                        did_you_mean(&param.name, names)
                    ),
                );
            }
        }
    }

    /// The whole body: the operation has one, and its JSON schema fits the
    /// field.
    fn whole_body(&mut self, param: &Parameter) {
        if let Some(content) = self.content(param)
            && is_json(&content.media_type)
            && let Some(schema) = &content.schema
        {
            self.fits(param, schema, false, "the request body");
        }
    }

    /// The media type of the operation's body that the struct sends: the
    /// one it names (`content_type`), else the JSON one.
    fn sent_content(&self) -> Option<&'a MediaContent> {
        let op: &'a Operation = self.op;
        let body = op.body.as_ref()?;
        match self.declared.media_type.as_deref().map(essence) {
            Some(sent) => body
                .contents
                .iter()
                .find(|c| essence(&c.media_type) == sent),
            None => body.contents.iter().find(|c| is_json(&c.media_type)),
        }
    }

    /// [`sent_content`](Self::sent_content), or `None` after recording why
    /// there is none, at `param`.
    fn content(&mut self, param: &Parameter) -> Option<&'a MediaContent> {
        let op: &'a Operation = self.op;
        let Some(body) = &op.body else {
            self.errors.at(
                self.name_span(param),
                format!(
                    "{} has no request body, which `{}` would be part of",
                    self.name, param.ident
                ),
            );
            return None;
        };
        let found = self.sent_content();
        if found.is_none() && !body.contents.is_empty() {
            let described: Vec<String> = body
                .contents
                .iter()
                .map(|c| format!("`{}`", c.media_type))
                .collect();
            let sent = self.declared.media_type.as_deref().map_or_else(
                || "a JSON body (no `content_type` on the struct)".to_owned(),
                |sent| format!("`{}`", essence(sent)),
            );
            self.errors.at(
                self.declared.route.span(),
                format!(
                    "{} takes a body of {}, and the struct sends {sent}: name one with \
                     `#[endpoint(content_type = \"…\")]`",
                    self.name,
                    described.join(", ")
                ),
            );
        }
        found
    }

    /// Each required parameter of the operation has a field, in its
    /// location.
    fn required_parameters(&mut self) {
        for described in self.op.parameters.iter().filter(|p| p.required) {
            let location = match described.location {
                ParamIn::Path => Location::Path,
                ParamIn::Query => Location::Query,
                ParamIn::Header => Location::Header,
                ParamIn::Cookie => Location::Cookie,
                ParamIn::QueryString => continue,
            };
            if location == Location::Header
                && IGNORED_HEADERS
                    .iter()
                    .any(|h| described.name.eq_ignore_ascii_case(h))
            {
                continue;
            }
            let has = self.declared.parameters.iter().any(|p| {
                p.location == location
                    && if location == Location::Header {
                        p.name.eq_ignore_ascii_case(&described.name)
                    } else {
                        p.name == described.name
                    }
            });
            if !has {
                self.errors.at(
                    self.declared.ident.span(),
                    format!(
                        "{} requires the {} parameter `{}`, and `{}` has no field for it{}",
                        self.name,
                        described.location.as_str(),
                        described.name,
                        self.declared.ident,
                        attribute_hint(described.location)
                    ),
                );
            }
        }
    }

    /// When the struct has fields of the body, each required property of
    /// the body (that the client sends) has one.
    fn required_properties(&mut self) {
        let declared = self.declared;
        if !declared
            .parameters
            .iter()
            .any(|p| p.location == Location::Body)
        {
            return;
        }
        let Some(schema) = self.sent_content().and_then(|c| c.schema.as_ref()) else {
            return;
        };
        let Some(object) = self.properties(schema) else {
            return;
        };
        for (name, schema, required) in &object.properties {
            if !required || schema.read_only {
                continue;
            }
            let has = declared
                .parameters
                .iter()
                .any(|p| p.location == Location::Body && p.name == *name);
            if !has {
                self.errors.at(
                    declared.ident.span(),
                    format!(
                        "{} requires the body property `{name}`, and `{}` has no field for it",
                        self.name, declared.ident
                    ),
                );
            }
        }
    }

    /// The properties of an object schema (through references and
    /// `allOf`), or `None` when the schema does not say which it has.
    fn properties(&self, schema: &Schema) -> Option<Properties> {
        let mut out = Properties::default();
        self.collect(schema, &mut out, 0).then_some(out)
    }

    fn collect(&self, schema: &Schema, out: &mut Properties, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match &schema.kind {
            Kind::Ref(name) => self
                .api
                .schemas
                .get(name)
                .is_some_and(|schema| self.collect(schema, out, depth + 1)),
            Kind::AllOf(parts) => parts.iter().all(|part| self.collect(part, out, depth + 1)),
            Kind::Object(object) => {
                for property in &object.properties {
                    out.properties.push((
                        property.name.clone(),
                        property.schema.clone(),
                        property.required,
                    ));
                }
                for name in &object.required {
                    for property in out.properties.iter_mut().filter(|p| p.0 == *name) {
                        property.2 = true;
                    }
                }
                out.open |= !matches!(object.additional, Additional::None);
                true
            }
            _ => false,
        }
    }

    /// Records an error when the field's type cannot hold `schema`'s
    /// values; `text`: the value is written as text (a parameter, a field
    /// of a form or multipart body), where a string holds any scalar.
    fn fits(&mut self, param: &Parameter, schema: &Schema, text: bool, what: &str) {
        let ty = option_inner(&param.ty);
        if let Some(described) = self.misfit(ty, schema, text, 0) {
            let span = self.type_span(param);
            let ty = type_name(ty);
            self.errors.at(
                span,
                format!(
                    "{what} is {described} in {}, which `{ty}` cannot hold",
                    self.name
                ),
            );
        }
    }

    /// What `schema` is, when `ty` cannot hold it; `None` when it can, or
    /// may.
    fn misfit(&self, ty: &Type, schema: &Schema, text: bool, depth: usize) -> Option<String> {
        if depth > MAX_DEPTH {
            return None;
        }
        let held = held(ty);
        if matches!(held, Held::Any) {
            return None;
        }
        let is_text = matches!(held, Held::Text);
        match &schema.kind {
            Kind::Any => None,
            Kind::Ref(name) => {
                let target = self.api.schemas.get(name)?;
                self.misfit(ty, target, text, depth + 1)
                    .map(|described| format!("`{name}`, {described}"))
            }
            // One alternative it holds is enough: the field sends that one.
            Kind::OneOf(alternatives) => {
                let misfits: Vec<String> = alternatives
                    .iter()
                    .map_while(|a| self.misfit(ty, a, text, depth + 1))
                    .collect();
                (misfits.len() == alternatives.len() && !misfits.is_empty())
                    .then(|| format!("one of {}", misfits.join(", ")))
            }
            Kind::AllOf(parts) => parts
                .iter()
                .find_map(|part| self.misfit(ty, part, text, depth + 1)),
            Kind::String { .. } => {
                let bytes = matches!(schema.format.as_deref(), Some("binary" | "byte"))
                    && matches!(held, Held::List(Some(item)) if type_name(item) == "u8");
                (!is_text && !bytes).then(|| "a string".to_owned())
            }
            Kind::Integer => {
                let holds = matches!(held, Held::Int | Held::Float) || text && is_text;
                (!holds).then(|| "an integer".to_owned())
            }
            Kind::Number => {
                let holds = matches!(held, Held::Float) || text && is_text;
                (!holds).then(|| "a number".to_owned())
            }
            Kind::Boolean => {
                let holds = matches!(held, Held::Bool) || text && is_text;
                (!holds).then(|| "a boolean".to_owned())
            }
            Kind::Array(items) => match held {
                Held::List(Some(item)) => self
                    .misfit(item, items, text, depth + 1)
                    .map(|described| format!("an array of which each item is {described}")),
                Held::List(None) => None,
                _ => Some("an array".to_owned()),
            },
            Kind::Object(object) => match (held, &object.additional) {
                (Held::Map(Some(value)), Additional::Typed(values)) => self
                    .misfit(value, values, text, depth + 1)
                    .map(|described| format!("an object of which each value is {described}")),
                (Held::Map(_), _) => None,
                _ => Some("an object".to_owned()),
            },
        }
    }
}

/// How deep references and nested schemas are followed.
const MAX_DEPTH: usize = 32;

/// The properties of a body's object schema.
#[derive(Default)]
struct Properties {
    /// Name, schema, and whether it is required.
    properties: Vec<(String, Schema, bool)>,
    /// Whether other properties are allowed (`additionalProperties`).
    open: bool,
}

/// The option that puts a field where a parameter of `location` goes, as
/// a hint.
fn attribute_hint(location: ParamIn) -> &'static str {
    match location {
        ParamIn::Header => " (`#[endpoint(header)]`)",
        ParamIn::Cookie => " (`#[endpoint(cookie)]`)",
        _ => "",
    }
}

/// Whether `media_type` is JSON (`application/json`, `…+json`), as the
/// runtime writes bodies.
fn is_json(media_type: &str) -> bool {
    BodyKind::of(media_type) == BodyKind::Json
}

/// What values a Rust type holds, as far as its name tells (its path's
/// last segment).
#[derive(Clone, Copy)]
enum Held<'a> {
    /// `String`, `str`, `char`, `Cow<str>`.
    Text,
    /// `i8` … `u128`, `isize`, `usize`.
    Int,
    /// `f32`, `f64`.
    Float,
    /// `bool`.
    Bool,
    /// A sequence or a set (`Vec<T>`, `[T]`, `[T; N]`, `HashSet<T>`…), of
    /// items of this type when it is written.
    List(Option<&'a Type>),
    /// A map (`HashMap<K, V>`, `BTreeMap`, `serde_json::Map`), of values of
    /// this type when it is written.
    Map(Option<&'a Type>),
    /// Anything else (`serde_json::Value`, a type of the user's): it may
    /// hold anything.
    Any,
}

/// The type arguments of a path segment.
fn type_arguments(arguments: &PathArguments) -> Vec<&Type> {
    match arguments {
        PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|arg| match arg {
                GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// What `ty` holds, looking through references, `Box`, `Rc`, `Arc` and
/// `Cow`.
fn held(ty: &Type) -> Held<'_> {
    match ty {
        Type::Group(group) => held(&group.elem),
        Type::Paren(paren) => held(&paren.elem),
        Type::Reference(reference) => held(&reference.elem),
        Type::Slice(slice) => Held::List(Some(&slice.elem)),
        Type::Array(array) => Held::List(Some(&array.elem)),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return Held::Any;
            };
            let args = type_arguments(&last.arguments);
            match last.ident.to_string().as_str() {
                "String" | "str" | "char" => Held::Text,
                "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                | "u128" | "usize" => Held::Int,
                "f32" | "f64" => Held::Float,
                "bool" => Held::Bool,
                "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "IndexSet" => {
                    Held::List(args.first().copied())
                }
                "HashMap" | "BTreeMap" | "IndexMap" | "Map" => Held::Map(args.get(1).copied()),
                "Box" | "Rc" | "Arc" | "Cow" => args.first().map_or(Held::Any, |inner| held(inner)),
                _ => Held::Any,
            }
        }
        _ => Held::Any,
    }
}

/// The `T` of `Option<T>`, else `ty`.
fn option_inner(ty: &Type) -> &Type {
    if let Type::Path(path) = ty
        && let Some(last) = path.path.segments.last()
        && last.ident == "Option"
        && let [inner] = type_arguments(&last.arguments)[..]
    {
        return inner;
    }
    ty
}

/// A type's name for messages: its path's last segment with its type
/// arguments named alike (`u32`, `Vec<u8>`, `Cow<str>` for
/// `std::borrow::Cow<'a, str>`), a reference, a slice or an array of one.
fn type_name(ty: &Type) -> String {
    match ty {
        Type::Group(group) => type_name(&group.elem),
        Type::Paren(paren) => type_name(&paren.elem),
        Type::Reference(reference) => format!("&{}", type_name(&reference.elem)),
        Type::Slice(slice) => format!("[{}]", type_name(&slice.elem)),
        Type::Array(array) => format!("[{}; …]", type_name(&array.elem)),
        Type::Path(path) => path.path.segments.last().map_or_else(String::new, |last| {
            let args = type_arguments(&last.arguments);
            if args.is_empty() {
                last.ident.to_string()
            } else {
                let args: Vec<String> = args.into_iter().map(type_name).collect();
                format!("{}<{}>", last.ident, args.join(", "))
            }
        }),
        _ => "_".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::time::SystemTime;

    use quote::quote;

    use super::*;

    /// The description of the tests, by its absolute path.
    fn petstore() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/spec/petstore.yaml")
    }

    #[test]
    fn a_match_includes_the_files_read() {
        let out = endpoint_macros_core::expand_with(
            quote! {
                #[endpoint(spec = "tests/ui/spec/petstore.yaml")]
                pub struct ListPets = "GET /pets" { limit: u32 }
            },
            &mut check,
        )
        .to_string();
        assert!(!out.contains("compile_error"), "{out}");
        let path = petstore();
        let path = path.to_str().unwrap();
        let include = quote!(
            const _: &[u8] = ::core::include_bytes!(#path);
        );
        assert!(out.contains(&include.to_string()), "{out}");
    }

    #[test]
    fn the_files_its_refs_name_are_included_too() {
        let dir = std::env::temp_dir().join(format!("endpoint-spec-{}-refs", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let main = dir.join("api.json");
        let pet = dir.join("pet.json");
        std::fs::write(
            &main,
            r#"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {
                "post": {"requestBody": {"content": {"application/json": {
                    "schema": {"$ref": "pet.json#/Pet"}}}},
                "responses": {"201": {"description": "Created."}}}}}}"#,
        )
        .unwrap();
        std::fs::write(
            &pet,
            r#"{"Pet": {"type": "object", "properties": {"name": {"type": "string"}}}}"#,
        )
        .unwrap();
        let spec = main.to_str().unwrap();
        let out = endpoint_macros_core::expand_with(
            quote! {
                #[endpoint(spec = #spec)]
                pub struct CreatePet = "POST /pets" { name: String }
            },
            &mut check,
        )
        .to_string();
        assert!(!out.contains("compile_error"), "{out}");
        for file in [&main, &pet] {
            let file = file.to_str().unwrap();
            let include = quote!(::core::include_bytes!(#file));
            assert!(out.contains(&include.to_string()), "{file}: {out}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_description_is_read_once_until_it_changes() {
        let first = load(&petstore()).unwrap();
        assert!(Arc::ptr_eq(&first, &load(&petstore()).unwrap()));

        let dir = std::env::temp_dir().join(format!("endpoint-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("api.yaml");
        let text = std::fs::read_to_string(petstore()).unwrap();
        std::fs::write(&file, &text).unwrap();
        let before = load(&file).unwrap();
        assert!(Arc::ptr_eq(&before, &load(&file).unwrap()));
        std::fs::write(&file, text.replace("listPets", "listAllPets")).unwrap();
        let earlier = SystemTime::now() - std::time::Duration::from_secs(60);
        std::fs::File::options()
            .write(true)
            .open(&file)
            .and_then(|f| f.set_modified(earlier))
            .unwrap();
        let after = load(&file).unwrap();
        assert!(!Arc::ptr_eq(&before, &after));
        let ids: Vec<_> = after
            .api
            .operations
            .iter()
            .filter_map(|op| op.operation_id.as_deref())
            .collect();
        assert!(ids.contains(&"listAllPets"), "{ids:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The messages of the check of `item` against `description` (JSON),
    /// written to a file of its own: `{file}` in `item` is its path.
    fn messages(name: &str, description: &str, item: &str) -> Vec<String> {
        let dir = std::env::temp_dir().join(format!("endpoint-spec-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("api.json");
        std::fs::write(&file, description).unwrap();
        let item = item.replace("{file}", file.to_str().unwrap());
        let tokens: TokenStream = item.parse().unwrap();
        let mut found = Vec::new();
        let mut check_and_keep = |declared: &Declaration| {
            let result = check(declared);
            if let Err(errors) = &result {
                found.extend(errors.clone().into_iter().map(|e| e.to_string()));
            }
            result
        };
        endpoint_macros_core::expand_with(tokens, &mut check_and_keep);
        std::fs::remove_dir_all(&dir).unwrap();
        found
    }

    const UPLOADS: &str = r##"{
        "openapi": "3.0.3",
        "info": {"title": "Uploads", "version": "1"},
        "paths": {
            "/items/{id}/touch": {"post": {
                "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                    {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}
                ],
                "responses": {"204": {"description": "Touched."}}
            }},
            "/items": {"post": {
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {
                    "type": "object",
                    "properties": {
                        "count": {"type": "integer"},
                        "size": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
                    }
                }}}},
                "responses": {"201": {"description": "Created."}}
            }}
        }
    }"##;

    #[test]
    fn bodies_and_their_media_types() {
        // No body to be part of; a header's name in any case.
        let errors = messages(
            "no-body",
            UPLOADS,
            r#"#[endpoint(spec = "{file}")]
               pub struct Touch = "POST /items/{id}/touch" {
                   #[endpoint(header)] x_trace: String,
                   note: String,
               }"#,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("`POST /items/{id}/touch` (/")
                && errors[0].ends_with("has no request body, which `note` would be part of"),
            "{errors:?}"
        );
        // A JSON body where the description takes a form.
        let errors = messages(
            "media-type",
            UPLOADS,
            r#"#[endpoint(spec = "{file}")]
               pub struct Create = "POST /items" { count: u32 }"#,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains(
                "takes a body of `application/x-www-form-urlencoded`, and the struct sends a JSON body (no `content_type` on the struct)"
            ),
            "{errors:?}"
        );
        // Location a form body, a string holds an integer (text on the wire), and
        // an integer one alternative of a union.
        let errors = messages(
            "form",
            UPLOADS,
            r#"#[endpoint(spec = "{file}", content_type = "application/x-www-form-urlencoded")]
               pub struct Create = "POST /items" { count: String, size: u64 }"#,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let errors = messages(
            "form-misfit",
            UPLOADS,
            r#"#[endpoint(spec = "{file}", content_type = "application/x-www-form-urlencoded")]
               pub struct Create = "POST /items" { size: bool }"#,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains("is one of a string, an integer in `POST /items` ("),
            "{errors:?}"
        );
    }

    #[test]
    fn a_full_url_is_refused() {
        let errors = messages(
            "url",
            UPLOADS,
            r#"#[endpoint(spec = "{file}")]
               pub struct Touch = "POST https://example.com/items/{id}/touch";"#,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains("is a path, such as `/pets/{petId}`"),
            "{errors:?}"
        );
    }

    #[test]
    fn paths_normalised() {
        assert_eq!(normalised("/pets/{petId}/toys/{id}"), "/pets/{}/toys/{}");
        assert_eq!(normalised("/pets"), "/pets");
    }

    #[test]
    fn what_types_hold() {
        let of = |ty: Type| match held(&ty) {
            Held::Text => "text".to_owned(),
            Held::Int => "int".to_owned(),
            Held::Float => "float".to_owned(),
            Held::Bool => "bool".to_owned(),
            Held::List(item) => format!("list of {}", item.map_or("?".into(), type_name)),
            Held::Map(value) => format!("map of {}", value.map_or("?".into(), type_name)),
            Held::Any => "any".to_owned(),
        };
        assert_eq!(of(syn::parse_quote!(&'a str)), "text");
        assert_eq!(of(syn::parse_quote!(Cow<'a, str>)), "text");
        assert_eq!(of(syn::parse_quote!(std::primitive::u64)), "int");
        assert_eq!(of(syn::parse_quote!(Box<f32>)), "float");
        assert_eq!(of(syn::parse_quote!(Vec<bool>)), "list of bool");
        assert_eq!(of(syn::parse_quote!(&[u8])), "list of u8");
        assert_eq!(of(syn::parse_quote!(BTreeMap<String, u8>)), "map of u8");
        assert_eq!(of(syn::parse_quote!(serde_json::Value)), "any");
        assert_eq!(of(syn::parse_quote!(Pet)), "any");
        let inner = |ty: Type| type_name(option_inner(&ty));
        assert_eq!(inner(syn::parse_quote!(Option<Vec<u8>>)), "Vec<u8>");
        assert_eq!(
            inner(syn::parse_quote!(std::borrow::Cow<'a, str>)),
            "Cow<str>"
        );
        assert_eq!(inner(syn::parse_quote!(u8)), "u8");
        assert_eq!(inner(syn::parse_quote!(&[u8])), "&[u8]");
    }
}
