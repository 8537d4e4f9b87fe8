//! Events a description declares as component schemas marked by an
//! extension rather than as `webhooks` or `callbacks`: the conventions'
//! `[events] schema-extension` ([`EventConventions`]). Stripe's SDK
//! description marks each event type so, `"x-stripeEvent": {"type":
//! "customer.created"}` on a schema whose `properties.object` is the
//! event's object (a `$ref` to the resource, or an `anyOf` of them), and
//! has every event arrive in one envelope, the component `event` (`id`,
//! `type`, `data: {object, previous_attributes}`, `created`, …).
//!
//! Each marked schema becomes an event of [`Api::events`] named by its
//! type, after the description's own: its JSON body is the envelope with
//! the value at the envelope's type pointer a one-value `enum` of the
//! event's type (so that the crate's `Event` enum tells it apart by that
//! tag) and the value at its object pointer the marked schema's `object`,
//! with the marked schema's other properties beside it (Stripe's
//! `previous_attributes`). A marked schema with no usable type or object,
//! two schemas of one type, or an envelope that is no object, is a
//! diagnostic naming its JSON pointer.
//!
//! [`EventConventions`]: crate::conventions::Events

use std::collections::BTreeMap;

use serde_json::Value;

use crate::api::{Api, Event, EventSource, MediaContent, Operation, RequestBody};
use crate::conventions::EventConventions;
use crate::diag::Diagnostics;
use crate::pointer::{escape, unescape};
use crate::schema::{Kind, Object, Property, Schema};

/// How many references are followed to reach one object of the envelope
/// (which a circle of references could make endless).
const MAX_REFS: usize = 16;

/// `api` with the events of its schemas marked by `events`'
/// `schema_extension` added to [`Api::events`]; `None` when no schema is
/// marked (or no extension is named), so that the description is not
/// copied for nothing. What cannot be read is a diagnostic.
pub(crate) fn with_schema_events(
    api: &Api,
    events: &EventConventions,
    diagnostics: &mut Diagnostics,
) -> Option<Api> {
    let extension = events.schema_extension.as_deref()?;
    let marked: Vec<(&String, &Value)> = api
        .schema_extensions
        .iter()
        .filter_map(|(name, extensions)| Some((name, extensions.get(extension)?)))
        .collect();
    if marked.is_empty() {
        return None;
    }
    let fallback = format!("no event of the schemas marked `{extension}`");
    let envelope = match Envelope::new(api, events) {
        Ok(envelope) => envelope,
        Err((at, why)) => {
            diagnostics.push(at, None, why, fallback);
            return None;
        }
    };
    let mut found = Vec::with_capacity(marked.len());
    let mut types: BTreeMap<&str, &str> = BTreeMap::new();
    for (name, value) in marked {
        let at = schema_pointer(api, name);
        let marker = format!("{at}/{}", escape(extension));
        let Some(event_type) = value
            .get("type")
            .and_then(Value::as_str)
            .filter(|text| !text.trim().is_empty())
        else {
            let why = format!("`{extension}` has no `type` (a string naming the event)");
            diagnostics.push(marker, None, why, "the schema is no event");
            continue;
        };
        if let Some(first) = types.get(event_type) {
            let why = format!("the event `{event_type}` is the schema `{first}`'s already");
            diagnostics.push(
                format!("{marker}/type"),
                None,
                why,
                "the schema is no event",
            );
            continue;
        }
        types.insert(event_type, name);
        match event(api, &envelope, name, &at, event_type) {
            Ok(event) => found.push(event),
            Err((at, why)) => {
                let why = format!("the event `{event_type}`: {why}");
                diagnostics.push(at, None, why, "the schema is no event");
            }
        }
    }
    if found.is_empty() {
        return None;
    }
    let mut api = api.clone();
    api.events.extend(found);
    Some(api)
}

/// The envelope the events arrive in: its schema, and where in it the
/// type and the object are (the keys leading to each).
struct Envelope {
    schema: Schema,
    pointer: String,
    type_at: Vec<String>,
    object_at: Vec<String>,
}

impl Envelope {
    fn new(api: &Api, events: &EventConventions) -> Result<Envelope, (String, String)> {
        let name = events.envelope();
        let Some(schema) = api.schemas.get(name) else {
            return Err((
                "#/components/schemas".to_owned(),
                format!("the events' envelope `{name}` is no component schema"),
            ));
        };
        let pointer = schema_pointer(api, name);
        let keys = |key: &str, text: &str| match text.strip_prefix('/') {
            Some(rest) if !rest.is_empty() => Ok(rest.split('/').map(unescape).collect()),
            _ => Err((
                pointer.clone(),
                format!("the events' `{key}` `{text}` is no JSON pointer to a key of the envelope"),
            )),
        };
        Ok(Envelope {
            schema: schema.clone(),
            type_at: keys("envelope-type", events.envelope_type())?,
            object_at: keys("envelope-object", events.envelope_object())?,
            pointer,
        })
    }
}

/// The event of type `event_type` that the schema `name` (at `at`) marks.
fn event(
    api: &Api,
    envelope: &Envelope,
    name: &str,
    at: &str,
    event_type: &str,
) -> Result<Event, (String, String)> {
    let Some(marked) = api.schemas.get(name) else {
        return Err((at.to_owned(), "no such component schema".to_owned()));
    };
    let Kind::Object(data) = &marked.kind else {
        return Err((at.to_owned(), "the schema is no object".to_owned()));
    };
    if !data.properties.iter().any(|p| p.name == "object") {
        return Err((
            format!("{at}/properties"),
            "the schema has no property `object` (the event's object)".to_owned(),
        ));
    }
    let mut payload = envelope.schema.clone();
    payload.title = None;
    if marked.description.is_some() {
        payload.description.clone_from(&marked.description);
    }
    let in_envelope = |why: String| (envelope.pointer.clone(), why);
    let (parents, key) = split(&envelope.type_at);
    let holder = object_at(api, &mut payload, parents).map_err(in_envelope)?;
    let tag = Schema::of(Kind::String {
        format: None,
        values: Some(vec![event_type.to_owned()]),
    });
    set(holder, key, tag, true);
    let (parents, key) = split(&envelope.object_at);
    let holder = object_at(api, &mut payload, parents).map_err(in_envelope)?;
    for property in &data.properties {
        let name = if property.name == "object" {
            key
        } else {
            &property.name
        };
        let required = property.required || property.name == "object";
        set(holder, name, property.schema.clone(), required);
    }
    let description = marked.description.clone();
    Ok(Event {
        name: event_type.to_owned(),
        source: EventSource::Webhook,
        operation: Operation {
            pointer: at.to_owned(),
            method: "POST".to_owned(),
            description,
            body: Some(RequestBody {
                pointer: at.to_owned(),
                required: true,
                description: None,
                contents: vec![MediaContent {
                    media_type: "application/json".to_owned(),
                    schema: Some(payload),
                    ..MediaContent::default()
                }],
            }),
            ..Operation::default()
        },
    })
}

/// The keys before the last, and the last.
fn split(keys: &[String]) -> (&[String], &str) {
    match keys.split_last() {
        Some((last, parents)) => (parents, last),
        None => (&[], ""),
    }
}

/// The properties of the object `schema` holds at `keys`, each object on
/// the way made an inline copy (a component's, followed; the one
/// alternative of a nullable `anyOf`), a missing key an object of its own.
fn object_at<'s>(
    api: &Api,
    schema: &'s mut Schema,
    keys: &[String],
) -> Result<&'s mut Object, String> {
    let mut refs = 0;
    loop {
        let next = match &schema.kind {
            Kind::Object(_) => break,
            Kind::Ref(component) => {
                refs += 1;
                match api.schemas.get(component).filter(|_| refs <= MAX_REFS) {
                    Some(target) => target.clone(),
                    None => {
                        return Err(format!("its reference to `{component}` leads to no object"));
                    }
                }
            }
            Kind::OneOf(alternatives) if alternatives.len() == 1 => alternatives[0].clone(),
            _ => return Err("the value holding the event's type or object is no object".into()),
        };
        let nullable = schema.nullable || next.nullable;
        let description = schema.description.take().or(next.description);
        *schema = Schema {
            nullable,
            description,
            title: None,
            ..next
        };
    }
    let Kind::Object(object) = &mut schema.kind else {
        return Err("the value holding the event's type or object is no object".into());
    };
    let Some((key, rest)) = keys.split_first() else {
        return Ok(object);
    };
    let at = match object.properties.iter().position(|p| &p.name == key) {
        Some(at) => at,
        None => {
            set(
                object,
                key,
                Schema::of(Kind::Object(Object::default())),
                true,
            );
            object.properties.len() - 1
        }
    };
    object_at(api, &mut object.properties[at].schema, rest)
}

/// Sets the property `key` of `object` to `schema` (its description the
/// envelope's where `schema` has none), added when missing.
fn set(object: &mut Object, key: &str, mut schema: Schema, required: bool) {
    let listed = object.required.iter().any(|name| name == key);
    object.required.retain(|name| name != key);
    let required = required || listed;
    match object.properties.iter_mut().find(|p| p.name == key) {
        Some(property) => {
            if schema.description.is_none() {
                schema.description = property.schema.description.take();
            }
            property.schema = schema;
            property.required |= required;
        }
        None => object.properties.push(Property {
            name: key.to_owned(),
            schema,
            required,
        }),
    }
}

/// The JSON pointer of the component schema `name`.
fn schema_pointer(api: &Api, name: &str) -> String {
    api.schema_pointers
        .get(name)
        .cloned()
        .unwrap_or_else(|| format!("#/components/schemas/{}", escape(name)))
}
