//! The generated crate's `webhooks` module: the payload types (as
//! [`emit::module`] writes the models), another name for each payload
//! that is a type of another name, and the enum of events with its
//! decoding: the tag found by a skim of the body's top-level keys (each
//! other value skipped unread, no `serde_json::Value` built), then the
//! body decoded once, into the payload the tag names.

use std::fmt::Write as _;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::emit::{self, Paths};
use crate::types::{Type, TypeDef};

use super::tags::ACTION;
use super::{Events, Payload};

/// The path of the models' module, from the crate's other modules.
const MODELS: &str = "crate::models";

/// The module's source, its first line `generated`: its own types of
/// `types` (the operations' space), the models they hold imported.
/// `webhooks`, the path of `endpoint-webhooks` in a crate with a feature
/// `webhooks`: the enum implements its `Decode` under that feature.
///
/// # Errors
/// Tokens that do not parse as a file (a bug of this crate).
pub(crate) fn module(
    events: &Events,
    types: &[TypeDef],
    generated: &str,
    paths: &Paths,
    webhooks: Option<&TokenStream>,
) -> Result<String, String> {
    let mut header = format!("// {generated}\n");
    let mut text = "The requests the API sends (its webhooks, and the callbacks of its \
                    operations): the payload of each, typed as answers are"
        .to_owned();
    match &events.enum_name {
        Some(name) => {
            let _ = write!(
                text,
                ", and [`{name}`], which tells them apart {}.",
                how(events)
            );
        }
        None => text.push('.'),
    }
    for line in wrap(&text, 90) {
        let _ = writeln!(header, "//! {line}");
    }
    header.push_str(
        "//!\n//! Verify a delivery's signature before decoding it (`endpoint::webhooks`).\n\n",
    );
    header.push_str(&imports(events, types)?);
    let mut out = emit::module_part(&header, types, &|id| events.owns(id), paths)?;
    for payload in &events.payloads {
        match &payload.alias {
            Some(Type::Named(id)) if types[*id].name == payload.name => {
                blank_line(&mut out);
                let _ = write!(
                    out,
                    "/// The payload of {}.\npub use {MODELS}::{};\n",
                    payload.what, payload.name
                );
            }
            Some(ty) => {
                let prefix = if model_in(ty, events) {
                    format!("{MODELS}::")
                } else {
                    String::new()
                };
                blank_line(&mut out);
                let _ = write!(
                    out,
                    "/// The payload of {}.\npub type {} = {};\n",
                    payload.what,
                    payload.name,
                    emit::type_text(ty, types, &prefix, paths)
                );
            }
            None => {}
        }
    }
    if let Some(name) = &events.enum_name {
        let tokens = event_enum(events, name, paths, webhooks);
        let file: syn::File = syn::parse2(tokens)
            .map_err(|err| format!("the enum of events does not parse: {err}"))?;
        blank_line(&mut out);
        out.push_str(&prettyplease::unparse(&file));
    }
    Ok(out)
}

/// Ends `out` with a blank line, unless it does.
fn blank_line(out: &mut String) {
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
}

/// Whether the type expression `ty` names a model (a type not the
/// module's own).
fn model_in(ty: &Type, events: &Events) -> bool {
    crate::types::held(ty).is_some_and(|(id, _)| !events.owns(id))
}

/// The `use` of the models the module's own types hold (but those a
/// payload uses under their own name, `pub use`), with a blank line after
/// it; empty when they hold none.
///
/// # Errors
/// Tokens that do not parse as a file (a bug of this crate).
fn imports(events: &Events, types: &[TypeDef]) -> Result<String, String> {
    let reexported = |name: &str| {
        events
            .payloads
            .iter()
            .any(|payload| payload.name == name && matches!(payload.alias, Some(Type::Named(_))))
    };
    let mut names: Vec<&str> = events
        .own
        .clone()
        .flat_map(|id| types[id].held())
        .filter(|&id| !events.owns(id))
        .map(|id| types[id].name.as_str())
        .filter(|name| !reexported(name))
        .collect();
    if names.is_empty() {
        return Ok(String::new());
    }
    names.sort_unstable();
    names.dedup();
    let names = names.iter().map(|name| format_ident!("{name}"));
    let models: TokenStream = MODELS
        .parse()
        .map_err(|err| format!("`{MODELS}` does not parse: {err}"))?;
    let tokens = quote! { use #models::{#(#names),*}; };
    let file: syn::File =
        syn::parse2(tokens).map_err(|err| format!("the models' `use` does not parse: {err}"))?;
    Ok(format!("{}\n", prettyplease::unparse(&file)))
}

/// How the enum tells the events apart, for its documentation.
fn how(events: &Events) -> String {
    let body = events
        .tag
        .as_ref()
        .map(|tag| format!("by the body's `{tag}`"));
    let header = events.header.as_ref().map(|header| {
        let action = events
            .payloads
            .iter()
            .any(|payload| !payload.actions.is_empty());
        let action = if action {
            format!(" and the body's `{ACTION}`")
        } else {
            String::new()
        };
        format!("by the header `{header}`{action}")
    });
    match (body, header) {
        (Some(body), Some(header)) => format!("{body}, or {header}"),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => String::new(),
    }
}

/// `text` as doc attributes, a line each, wrapped at 90 columns.
fn doc(text: &str) -> TokenStream {
    let lines = wrap(text, 90).into_iter().map(|line| {
        if line.is_empty() {
            line
        } else {
            format!(" {line}")
        }
    });
    quote! { #(#[doc = #lines])* }
}

/// `text`'s lines, each wrapped at `width` columns (at spaces).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut current = String::new();
        for word in line.split(' ') {
            if !current.is_empty() && current.len() + 1 + word.len() > width {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out
}

/// The enum of events, its decoding and the skim it uses.
fn event_enum(
    events: &Events,
    name: &str,
    paths: &Paths,
    webhooks: Option<&TokenStream>,
) -> TokenStream {
    let serde = &paths.serde;
    let json = &paths.serde_json;
    let name = format_ident!("{name}");
    let told: Vec<&Payload> = events.payloads.iter().filter(|p| p.told()).collect();
    let variants = told.iter().map(|payload| {
        let ident = format_ident!("{}", payload.name);
        let doc = doc(&variant_doc(events, payload));
        quote! {
            #doc
            #ident(Box<#ident>),
        }
    });
    let enum_doc = doc(&format!(
        "An event the API sends, told apart {}; any other is `Other`, never an error.",
        how(events)
    ));
    let by_tag = told.iter().filter(|p| !p.values.is_empty()).map(|payload| {
        let ident = format_ident!("{}", payload.name);
        let values = &payload.values;
        quote! {
            Some(#(#values)|*) => Self::#ident(R::boxed(body)?),
        }
    });
    let decode_doc = doc(&match &events.tag {
        Some(tag) => format!(
            "Decodes `body` (JSON) as the event its key `{tag}` names: the keys are skimmed \
             for it (every value but its own skipped unread), then the body is decoded once, \
             into that event's payload. A body without it, or with a value no event has, is \
             `Other`.\n\n# Errors\nThe body is not a JSON object, or the payload of the \
             event it names does not decode."
        ),
        None => "Decodes `body` (JSON): no event is named by a key of the body, so it is \
                 `Other`.\n\n# Errors\nThe body is not a JSON object."
            .to_owned(),
    });
    let named = events.header.as_ref().map(|header| {
        // The events of each value of the header, in order.
        let mut groups: Vec<(&str, Vec<&Payload>)> = Vec::new();
        for payload in &told {
            let Some(value) = payload.named.as_deref() else {
                continue;
            };
            match groups.iter_mut().find(|(named, _)| *named == value) {
                Some((_, group)) => group.push(payload),
                None => groups.push((value, vec![payload])),
            }
        }
        let arms = groups.iter().map(|(value, group)| named_arm(value, group));
        let doc = doc(&format!(
            "Decodes `body` (JSON) as the event `event` names, the value of the header \
             `{header}`. Another event, or an action (the body's `{ACTION}`) the event does not \
             list, is `Other`.\n\n# Errors\nThe payload of the event named does not decode."
        ));
        quote! {
            #doc
            pub fn decode_named(event: &str, body: &[u8]) -> ::core::result::Result<Self, #json::Error> {
                Self::read_named::<read::Json>(event, body)
            }

            fn read_named<R: read::Read>(event: &str, body: &[u8]) -> ::core::result::Result<Self, R::Error> {
                Ok(match event {
                    #(#arms)*
                    _ => Self::Other { tag: Some(event.to_owned()), body: body.to_vec() },
                })
            }
        }
    });
    let tag_const = events.tag.as_ref().map(|tag| {
        let doc = " The key of the body that names an event.";
        quote! { #[doc = #doc] pub const TAG: &'static str = #tag; }
    });
    let header_const = events.header.as_ref().map(|header| {
        let doc = " The header that names an event.";
        quote! { #[doc = #doc] pub const HEADER: &'static str = #header; }
    });
    let decode_body = if events.tag.is_some() {
        quote! {
            let tag = skim(body, Self::TAG).map_err(R::error)?;
            Ok(match tag.as_deref() {
                #(#by_tag)*
                _ => Self::Other { tag, body: body.to_vec() },
            })
        }
    } else {
        quote! {
            skim(body, "").map_err(R::error)?;
            Ok(Self::Other { tag: None, body: body.to_vec() })
        }
    };
    let skim = skim(serde, json);
    let read = read(serde, json, webhooks);
    let decode_impl = webhooks.map(|webhooks| decode_impl(events, &name, webhooks));
    quote! {
        #enum_doc
        #[derive(Debug, Clone, PartialEq)]
        #[non_exhaustive]
        pub enum #name {
            #(#variants)*
            #[doc = " Any other event: the value that names it, if any, and the body as received."]
            Other {
                #[doc = " The value of the key or header that names the event."]
                tag: Option<String>,
                #[doc = " The body, byte for byte."]
                body: Vec<u8>,
            },
        }

        impl #name {
            #tag_const
            #header_const

            #decode_doc
            pub fn decode(body: &[u8]) -> ::core::result::Result<Self, #json::Error> {
                Self::read_tagged::<read::Json>(body)
            }

            fn read_tagged<R: read::Read>(body: &[u8]) -> ::core::result::Result<Self, R::Error> {
                #decode_body
            }

            #named
        }

        #decode_impl
        #read
        #skim
    }
}

/// The module `read`: how a payload is read, one small generic function
/// each arm of the decoding calls (never inlined into the match), so that
/// the decoding's own frame holds a pointer per event rather than a
/// payload (the payloads are large values: in a debug build, a frame with
/// a slot for each overflows a thread's stack). `Json` reads with
/// `serde_json`'s error; with the crate's feature `webhooks`, `Traced`
/// reads as `Decode` does, its error naming the path that failed: with
/// `decode_json`, whose decoding is `serde_json::from_slice`'s, so that
/// each payload's decoder is compiled once for both (a decoder that tracks
/// its path, `serde_path_to_error`'s, doubled what the crate compiles).
fn read(serde: &TokenStream, json: &TokenStream, webhooks: Option<&TokenStream>) -> TokenStream {
    let traced = webhooks.map(|webhooks| {
        quote! {
            /// Reads as `Decode` does: an error names the path that failed
            /// (`decode_json`, the decoder `Json`'s).
            #[cfg(feature = "webhooks")]
            pub(super) struct Traced;

            #[cfg(feature = "webhooks")]
            impl Read for Traced {
                type Error = #webhooks::WebhookError;
                #[inline(never)]
                fn boxed<T: DeserializeOwned>(body: &[u8]) -> ::core::result::Result<Box<T>, Self::Error> {
                    #webhooks::decode_json::<T>(body).map(Box::new)
                }
                fn error(error: #json::Error) -> Self::Error {
                    #webhooks::WebhookError::Decode { path: ".".into(), message: error.to_string() }
                }
            }
        }
    });
    quote! {
        /// How a payload is read: each arm of the decoding calls `boxed`, one frame
        /// of its own per payload, so that the decoding's frame holds pointers.
        mod read {
            use #serde::de::DeserializeOwned;

            /// A way to read a payload, and its error.
            pub(super) trait Read {
                /// What a body that does not decode is.
                type Error;
                /// `body` decoded as the payload `T`, on the heap.
                fn boxed<T: DeserializeOwned>(body: &[u8]) -> ::core::result::Result<Box<T>, Self::Error>;
                /// The error of a body that is not a JSON object.
                fn error(error: #json::Error) -> Self::Error;
            }

            /// Reads with `serde_json`'s error.
            pub(super) struct Json;

            impl Read for Json {
                type Error = #json::Error;
                #[inline(never)]
                fn boxed<T: DeserializeOwned>(body: &[u8]) -> ::core::result::Result<Box<T>, Self::Error> {
                    #json::from_slice(body).map(Box::new)
                }
                fn error(error: #json::Error) -> Self::Error {
                    error
                }
            }

            #traced
        }
    }
}

/// `impl Decode for` the enum (`webhooks`: the path of `endpoint-webhooks`),
/// behind the crate's feature `webhooks`: the event the header names
/// (`decode_named`), else the one the body's tag names (`decode`).
fn decode_impl(events: &Events, name: &proc_macro2::Ident, webhooks: &TokenStream) -> TokenStream {
    let by_tag = if events.tag.is_some() {
        quote! { Self::read_tagged::<read::Traced>(body) }
    } else {
        quote! {
            Err(#webhooks::WebhookError::Decode {
                path: Self::HEADER.into(),
                message: "no such header: it names the event".into(),
            })
        }
    };
    let body = match &events.header {
        Some(_) => quote! {
            match headers.get(Self::HEADER) {
                Some(value) => {
                    let event = value.to_str().map_err(|_| #webhooks::WebhookError::Decode {
                        path: Self::HEADER.into(),
                        message: "not a visible ASCII value".into(),
                    })?;
                    Self::read_named::<read::Traced>(event, body)
                }
                None => #by_tag,
            }
        },
        None => quote! {
            let _ = headers;
            Self::read_tagged::<read::Traced>(body)
        },
    };
    let doc = doc(&format!(
        "Decodes a delivery as the event {}, as `verify_and_decode` does; an error names \
         the path that failed.",
        how(events)
    ));
    quote! {
        #doc
        #[cfg(feature = "webhooks")]
        impl #webhooks::Decode for #name {
            fn decode(headers: &#webhooks::http::HeaderMap, body: &[u8]) -> ::core::result::Result<Self, #webhooks::WebhookError> {
                #body
            }
        }
    }
}

/// The arm of `decode_named` for the header's `value`: its one event, or
/// the event of the body's action (a body without one is the event's when
/// the value names one event).
fn named_arm(value: &str, group: &[&Payload]) -> TokenStream {
    if let [payload] = group
        && payload.actions.is_empty()
    {
        let ident = format_ident!("{}", payload.name);
        return quote! { #value => Self::#ident(R::boxed(body)?), };
    }
    let actions = group.iter().map(|payload| {
        let ident = format_ident!("{}", payload.name);
        let actions = &payload.actions;
        let none = (group.len() == 1).then(|| quote!(None |));
        quote! { #none #(Some(#actions))|* => Self::#ident(R::boxed(body)?), }
    });
    quote! {
        #value => match skim(body, #ACTION).map_err(R::error)?.as_deref() {
            #(#actions)*
            _ => Self::Other { tag: Some(event.to_owned()), body: body.to_vec() },
        },
    }
}

/// A variant's documentation: the event and what names it.
fn variant_doc(events: &Events, payload: &Payload) -> String {
    let mut doc = payload.what.clone();
    doc.replace_range(0..1, &doc[0..1].to_uppercase());
    if let Some(tag) = events.tag.as_ref().filter(|_| !payload.values.is_empty()) {
        let values: Vec<String> = payload.values.iter().map(|v| format!("`{v}`")).collect();
        let _ = write!(doc, ": the body's `{tag}` is {}.", values.join(" or "));
    } else if let (Some(header), Some(value)) = (&events.header, &payload.named) {
        let _ = write!(doc, ": the header `{header}` is `{value}`");
        if payload.actions.is_empty() {
            doc.push('.');
        } else {
            let actions: Vec<String> = payload.actions.iter().map(|v| format!("`{v}`")).collect();
            let _ = write!(doc, ", the body's `{ACTION}` {}.", actions.join(" or "));
        }
    }
    doc
}

/// `skim(body, key)`: the text of the top-level `key` of the JSON object
/// `body`, every other value skipped unread (`IgnoredAny`).
fn skim(serde: &TokenStream, json: &TokenStream) -> TokenStream {
    quote! {
        /// The text of the top-level `key` of the JSON object `body`, if it has
        /// one: each key is compared as read, every other value skipped unread.
        fn skim(body: &[u8], key: &'static str) -> ::core::result::Result<Option<String>, #json::Error> {
            use #serde::de::{self, Deserializer as _, IgnoredAny, MapAccess, Visitor};
            use ::core::fmt;

            struct Object(&'static str);
            struct IsKey(&'static str);

            impl<'de> de::DeserializeSeed<'de> for IsKey {
                type Value = bool;
                fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> ::core::result::Result<bool, D::Error> {
                    deserializer.deserialize_str(self)
                }
            }
            impl<'de> Visitor<'de> for IsKey {
                type Value = bool;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a key")
                }
                fn visit_str<E: de::Error>(self, key: &str) -> ::core::result::Result<bool, E> {
                    Ok(key == self.0)
                }
            }
            struct Value;
            impl<'de> de::DeserializeSeed<'de> for Value {
                type Value = Option<String>;
                fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> ::core::result::Result<Option<String>, D::Error> {
                    deserializer.deserialize_any(self)
                }
            }
            impl<'de> Visitor<'de> for Value {
                type Value = Option<String>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a value")
                }
                fn visit_str<E: de::Error>(self, text: &str) -> ::core::result::Result<Option<String>, E> {
                    Ok(Some(text.to_owned()))
                }
                fn visit_bool<E: de::Error>(self, _: bool) -> ::core::result::Result<Option<String>, E> {
                    Ok(None)
                }
                fn visit_i64<E: de::Error>(self, _: i64) -> ::core::result::Result<Option<String>, E> {
                    Ok(None)
                }
                fn visit_u64<E: de::Error>(self, _: u64) -> ::core::result::Result<Option<String>, E> {
                    Ok(None)
                }
                fn visit_f64<E: de::Error>(self, _: f64) -> ::core::result::Result<Option<String>, E> {
                    Ok(None)
                }
                fn visit_unit<E: de::Error>(self) -> ::core::result::Result<Option<String>, E> {
                    Ok(None)
                }
                fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> ::core::result::Result<Option<String>, A::Error> {
                    while seq.next_element::<IgnoredAny>()?.is_some() {}
                    Ok(None)
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> ::core::result::Result<Option<String>, A::Error> {
                    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                    Ok(None)
                }
            }
            impl<'de> Visitor<'de> for Object {
                type Value = Option<String>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a JSON object")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> ::core::result::Result<Option<String>, A::Error> {
                    let mut found = None;
                    while let Some(is_key) = map.next_key_seed(IsKey(self.0))? {
                        if is_key && found.is_none() {
                            found = map.next_value_seed(Value)?;
                        } else {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                    Ok(found)
                }
            }
            let mut deserializer = #json::Deserializer::from_slice(body);
            let found = (&mut deserializer).deserialize_map(Object(key))?;
            deserializer.end()?;
            Ok(found)
        }
    }
}
