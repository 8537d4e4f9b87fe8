//! The requests an API sends rather than receives, into [`Api::events`]:
//! the top-level `webhooks` (OpenAPI 3.1, 3.2), `x-webhooks` (the same, in
//! OpenAPI 3.0 descriptions) and the `callbacks` of each operation. Each
//! is a Path Item whose operations are read as any operation is (its
//! headers, body, examples and answers), then given the event's name and
//! where it was declared.
//!
//! [`Api::events`]: crate::api::Api::events

use serde_json::Value;

use crate::api::{Event, EventSource};
use crate::pointer::escape;

use super::operations::{ItemPlace, Reader, entries};

/// The top-level keys that hold webhooks, in the order read.
const WEBHOOK_KEYS: [&str; 2] = ["webhooks", "x-webhooks"];

/// How deep callbacks are read in the callbacks of a callback's operation
/// (which a `$ref` can make a circle).
const MAX_NESTED: usize = 4;

impl Reader<'_> {
    /// The webhooks of `main`: `webhooks`, then `x-webhooks`, each in the
    /// description's order (`x-…` keys of a map are extensions).
    pub(super) fn webhooks(&mut self, main: &Value) -> Vec<Event> {
        let mut events = Vec::new();
        for key in WEBHOOK_KEYS {
            let Some(value) = main.get(key) else { continue };
            if !value.is_object() {
                // `webhooks` is said not to be an object with `paths`.
                if key != "webhooks" {
                    let at = self.docs.at(0, &format!("/{key}"));
                    self.diag(at, None, format!("`{key}` is not an object"), "ignored");
                }
                continue;
            }
            for (name, item) in entries(Some(value)).filter(|(name, _)| !name.starts_with("x-")) {
                let pointer = format!("/{key}/{}", escape(name));
                let place = Place {
                    name,
                    label: name.clone(),
                    path: String::new(),
                    source: EventSource::Webhook,
                };
                self.event_item(0, &pointer, item, &place, &mut events);
            }
        }
        events
    }

    /// The callbacks of the operation `value` at `pointer`, labelled
    /// `operation`, added to the reader's events.
    pub(super) fn callbacks(&mut self, doc: usize, pointer: &str, value: &Value, operation: &str) {
        let Some(callbacks) = value.get("callbacks") else {
            return;
        };
        let at = format!("{pointer}/callbacks");
        if !callbacks.is_object() {
            let at = self.docs.at(doc, &at);
            let why = "`callbacks` is not an object".to_owned();
            self.diag(at, Some(operation), why, "ignored");
            return;
        }
        if self.callbacks.depth >= MAX_NESTED {
            let at = self.docs.at(doc, &at);
            let why = format!("callbacks nested more than {MAX_NESTED} deep (a circle?)");
            self.diag(at, Some(operation), why, "left out");
            return;
        }
        self.callbacks.depth += 1;
        let mut events = Vec::new();
        for (name, callback) in entries(Some(callbacks)).filter(|(name, _)| !name.starts_with("x-"))
        {
            let callback_pointer = format!("{at}/{}", escape(name));
            let Some(callback) = self.deref(
                doc,
                &callback_pointer,
                callback,
                Some(operation),
                "the callback left out",
            ) else {
                continue;
            };
            let expressions = entries(Some(&callback.value))
                .filter(|(expression, _)| !expression.starts_with("x-"))
                .map(|(expression, item)| (expression.clone(), item.clone()))
                .collect::<Vec<_>>();
            if expressions.is_empty() {
                let at = self.docs.at(callback.doc, &callback.pointer);
                let why = format!("the callback `{name}` has no URL expression");
                self.diag(at, Some(operation), why, "left out");
            }
            for (expression, item) in expressions {
                let pointer = format!("{}/{}", callback.pointer, escape(&expression));
                let place = Place {
                    name,
                    label: format!("callback {name} of {operation}"),
                    path: expression.clone(),
                    source: EventSource::Callback {
                        operation: operation.to_owned(),
                        expression,
                    },
                };
                self.event_item(callback.doc, &pointer, &item, &place, &mut events);
            }
        }
        self.callbacks.depth -= 1;
        self.callbacks.events.extend(events);
    }

    /// Each operation of the event's Path Item `item` at `pointer`, as an
    /// event of `place`.
    fn event_item(
        &mut self,
        doc: usize,
        pointer: &str,
        item: &Value,
        place: &Place<'_>,
        out: &mut Vec<Event>,
    ) {
        let label = &place.label;
        // The name the read gives the operation where it has no
        // `operationId`: a template's braces would be path parameters.
        let display = label.replace(['{', '}'], "");
        let at = ItemPlace {
            doc,
            pointer,
            path: &display,
            label,
            parameters_label: Some(label),
            left_out: "left out",
        };
        let Some(read) = self.read_path_item(&at, item) else {
            return;
        };
        if !read.declared {
            let at = self.docs.at(read.doc, &read.pointer);
            let why = format!("the {} has no operation", kind(&place.source));
            self.diag(at, Some(label), why, "left out");
        }
        for mut operation in read.operations {
            operation.path = place.path.clone();
            out.push(Event {
                name: place.name.to_owned(),
                source: place.source.clone(),
                operation,
            });
        }
    }
}

/// Where an event's Path Item is declared.
struct Place<'a> {
    /// The webhook's or callback's name.
    name: &'a str,
    /// How diagnostics name it.
    label: String,
    /// The operation's `path`: the callback's expression, or empty.
    path: String,
    source: EventSource,
}

fn kind(source: &EventSource) -> &'static str {
    match source {
        EventSource::Webhook => "webhook",
        EventSource::Callback { .. } => "callback",
    }
}
