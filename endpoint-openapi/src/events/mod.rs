//! The events of a description ([`Api::events`]: its webhooks and the
//! callbacks of its operations) planned for the generated crate's
//! `webhooks` module: a payload type per event, planned as answers are,
//! in the operations' [`TypeSpace`] (a component that operations and
//! events both reach is planned once, a model; the types only events
//! reach are the module's own), and the tags that tell the events apart
//! ([`tags`]). [`write`] writes the module.

mod examples;
mod tags;
mod write;

use std::ops::Range;

use crate::api::{Api, Event, EventSource, MediaContent};
use crate::conventions::EventConventions;
use crate::diag::Diagnostics;
use crate::ident;
use crate::types::{Type, TypeDef, TypeSpace};

pub(crate) use examples::relax;
pub(crate) use write::module;

/// The planned events of a description.
#[derive(Debug)]
pub(crate) struct Events {
    /// The module's name: `webhooks`, unless an operations' module has it.
    pub(crate) module: String,
    /// The ids of the types of the operations' space that only events
    /// reach, written in the module (the others are models).
    pub(crate) own: Range<usize>,
    /// Each event with a payload, in the description's order.
    pub(crate) payloads: Vec<Payload>,
    /// The body's key that names an event, when some events have one.
    pub(crate) tag: Option<String>,
    /// The header that names an event, when some events have one.
    pub(crate) header: Option<String>,
    /// The name of the enum of events, when some event is told apart.
    pub(crate) enum_name: Option<String>,
}

impl Events {
    /// Whether the type `id` is the module's own, not a model.
    pub(crate) fn owns(&self, id: usize) -> bool {
        self.own.contains(&id)
    }
}

/// The payload of one event.
#[derive(Debug)]
pub(crate) struct Payload {
    /// Its type's name in the module (`PetAdded`).
    pub(crate) name: String,
    /// The type it is another name for (`pub type PetAdded = Pet;`), when
    /// the payload is a type of its own name's (a component's, a list); a
    /// model of the payload's name is used under it (`pub use`).
    pub(crate) alias: Option<Type>,
    /// How the documentation names the event (``the webhook `petAdded` ``).
    pub(crate) what: String,
    /// The values of [`Events::tag`] that name it.
    pub(crate) values: Vec<String>,
    /// The value of [`Events::header`] that names it.
    pub(crate) named: Option<String>,
    /// The values its body's `action` may have, for an event named by a
    /// header: another action is `Other`.
    pub(crate) actions: Vec<String>,
}

impl Payload {
    /// Whether the enum of events holds it.
    pub(crate) fn told(&self) -> bool {
        !self.values.is_empty() || self.named.is_some()
    }
}

/// The events' payloads planned in the operations' space, before it is
/// finished ([`roots`]).
pub(crate) struct Roots {
    /// Each event with a JSON body: its index in [`Api::events`], its
    /// payload's name, its type, and the number of types planned before it.
    planned: Vec<(usize, String, Type, usize)>,
    /// The ids of the types planned for the events.
    own: Range<usize>,
}

impl Roots {
    /// The models (types planned before the events) that the events'
    /// payloads reach, as type expressions: what the API sends, with the
    /// operations' answers.
    pub(crate) fn models(&self, types: &[TypeDef]) -> Vec<Type> {
        let roots: Vec<Type> = self.planned.iter().map(|(.., ty, _)| ty.clone()).collect();
        crate::types::reached(types, &roots)
            .into_iter()
            .enumerate()
            .filter(|&(id, reached)| reached && !self.own.contains(&id))
            .map(|(id, _)| Type::Named(id))
            .collect()
    }
}

/// Plans the payload of each event of `api` in `space` (the operations'),
/// each event left out a diagnostic; `None` when `api` has no events.
pub(crate) fn roots(
    api: &Api,
    space: &mut TypeSpace<'_>,
    diagnostics: &mut Diagnostics,
) -> Option<Roots> {
    if api.events.is_empty() {
        return None;
    }
    let first = space.types.len();
    let names = names(&api.events);
    let mut planned = Vec::new();
    for (index, (event, name)) in api.events.iter().zip(names).enumerate() {
        let label = event.label();
        let pointer = &event.operation.pointer;
        let Some(media) = json_body(event) else {
            let why = match &event.operation.body {
                None => format!("{label} has no body"),
                Some(body) => format!(
                    "{label} has no JSON body ({})",
                    body.contents
                        .iter()
                        .map(|media| format!("`{}`", media.media_type))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            diagnostics.push(
                pointer,
                source_operation(event),
                why,
                "no type of its payload (decode it with a type of your own)",
            );
            continue;
        };
        let before = space.types.len();
        let problems = space.problems().len();
        let doc = event_doc(event);
        let ty = match &media.schema {
            Some(schema) => space.root(schema, &name, &doc, None).unwrap_or_else(|err| {
                diagnostics.push(pointer, source_operation(event), err, "`serde_json::Value`");
                Type::Json
            }),
            None => Type::Json,
        };
        for problem in &space.problems()[problems..] {
            let (message, fallback) = problem.rsplit_once("; ").unwrap_or((problem, ""));
            diagnostics.push(pointer, source_operation(event), message, fallback);
        }
        planned.push((index, name, ty, before));
    }
    let own = first..space.types.len();
    Some(Roots { planned, own })
}

/// The events of `api` as the crate has them, from their payloads
/// `roots` in the finished space `types`: the payloads' names, the tags
/// that tell them apart, each event not told apart a diagnostic. Every
/// type a payload reaches is built whatever the crate's features (the
/// module has none). `taken` says whether a module name is taken by the
/// crate's other modules; `conventions` may name the header of events.
pub(crate) fn finish(
    api: &Api,
    roots: Roots,
    types: &mut [TypeDef],
    (taken, conventions): (&dyn Fn(&str) -> bool, &EventConventions),
    diagnostics: &mut Diagnostics,
) -> Events {
    let free = |name: &str| !taken(name) && name != "models";
    let module = ["webhooks", "events"]
        .into_iter()
        .find(|name| free(name))
        .map_or_else(
            || ident::unique("webhooks".to_owned(), |name| !free(name)),
            str::to_owned,
        );
    let Roots { planned, own } = roots;
    let reached: Vec<Type> = planned.iter().map(|(.., ty, _)| ty.clone()).collect();
    let reached = crate::types::reached(types, &reached);
    for (def, reached) in types.iter_mut().zip(reached) {
        if reached {
            def.features.clear();
        }
    }
    let types = &*types;

    // Payloads: a type of the event's name, or another name for one.
    let mut payloads = Vec::with_capacity(planned.len());
    let mut names_taken: Vec<String> = Vec::new();
    for (index, name, ty, before) in &planned {
        let event = &api.events[*index];
        let by_ref = json_body(event).is_some_and(by_ref);
        let (name, alias) = match ty {
            // The event's own type (an inline schema's, its name maybe
            // numbered), or a component's of the same name: the module's
            // own, or a model the module uses under its name.
            Type::Named(id) if (*id >= *before && !by_ref) || types[*id].name == *name => {
                let model = (!own.contains(id)).then(|| ty.clone());
                (types[*id].name.clone(), model)
            }
            other => {
                let name = ident::unique(name.clone(), |candidate| {
                    types.iter().any(|def| def.name == candidate)
                        || names_taken.iter().any(|taken| taken == candidate)
                });
                (name, Some(other.clone()))
            }
        };
        names_taken.push(name.clone());
        payloads.push(Payload {
            name,
            alias,
            what: what(event),
            values: Vec::new(),
            named: None,
            actions: Vec::new(),
        });
    }

    // The tags that tell them apart.
    let found = tags::find(
        &api.schemas,
        planned.iter().map(|(index, ..)| {
            let event = &api.events[*index];
            (
                event,
                json_body(event).and_then(|media| media.schema.as_ref()),
            )
        }),
        conventions,
        diagnostics,
    );
    for (payload, told) in payloads.iter_mut().zip(found.events) {
        payload.values = told.values;
        payload.named = told.named;
        payload.actions = told.actions;
    }
    let enum_name = payloads.iter().any(Payload::told).then(|| {
        ident::unique("Event".to_owned(), |candidate| {
            types.iter().any(|def| def.name == candidate)
                || payloads.iter().any(|payload| payload.name == candidate)
        })
    });
    let events: Vec<&Event> = planned
        .iter()
        .map(|(index, ..)| &api.events[*index])
        .collect();
    let naming = Naming {
        module: &module,
        enum_name: enum_name.as_deref(),
        tag: found.tag.as_deref(),
    };
    // A single event has none to be told apart from.
    if payloads.len() > 1 || enum_name.is_some() {
        untold(&events, &payloads, &naming, diagnostics);
    }
    Events {
        module,
        own,
        payloads,
        tag: found.tag,
        header: found.header,
        enum_name,
    }
}

/// The names the diagnostics of events not told apart give.
struct Naming<'a> {
    module: &'a str,
    enum_name: Option<&'a str>,
    tag: Option<&'a str>,
}

/// A diagnostic for each event of `payloads` (each of `events`) the enum
/// does not hold.
fn untold(
    events: &[&Event],
    payloads: &[Payload],
    naming: &Naming<'_>,
    diagnostics: &mut Diagnostics,
) {
    let module = naming.module;
    for (event, payload) in events.iter().zip(payloads) {
        if payload.told() {
            continue;
        }
        let why = match naming.tag {
            Some(tag) => format!(
                "{}: no `{tag}` of one value (a `const` or a one-value `enum`) that other events do not have",
                event.label()
            ),
            None => format!(
                "{}: no tag tells the events apart (a body property or header whose schema is \
                 a `const` or a one-value `enum`, the same name in every event)",
                event.label()
            ),
        };
        let instead = match naming.enum_name {
            Some(enum_name) => format!(
                "its payload typed as `{module}::{}`, not a variant of `{module}::{enum_name}` \
                 (its deliveries decode as `Other`)",
                payload.name
            ),
            None => format!(
                "its payload typed as `{module}::{}`; no enum of events",
                payload.name
            ),
        };
        diagnostics.push(
            &event.operation.pointer,
            source_operation(event),
            why,
            instead,
        );
    }
}

/// Each event's payload name: a webhook's name, a callback's after its
/// operation (`StartJobJobDone`), with the method when the event's Path
/// Item has several; unique.
fn names(events: &[Event]) -> Vec<String> {
    let base = |event: &Event| match &event.source {
        EventSource::Webhook => ident::pascal(&event.name),
        EventSource::Callback { operation, .. } => {
            ident::pascal(&format!("{operation} {}", event.name))
        }
    };
    let bases: Vec<String> = events.iter().map(base).collect();
    let mut names: Vec<String> = Vec::with_capacity(events.len());
    for (event, name) in events.iter().zip(&bases) {
        let several = bases.iter().filter(|other| *other == name).count() > 1;
        let name = if several {
            format!(
                "{name}{}",
                ident::pascal(&event.operation.method.to_lowercase())
            )
        } else {
            name.clone()
        };
        let name = ident::unique(ident::not_unqualified(name), |candidate| {
            names.iter().any(|taken| taken == candidate)
        });
        names.push(name);
    }
    names
}

/// The event's first JSON media type (`application/json`, `…+json`).
fn json_body(event: &Event) -> Option<&MediaContent> {
    let body = event.operation.body.as_ref()?;
    body.contents.iter().find(|media| {
        let essence = media.media_type.split(';').next().unwrap_or("").trim();
        let essence = essence.to_ascii_lowercase();
        essence == "application/json" || essence.ends_with("+json") || essence == "*/*"
    })
}

/// Whether the body's schema is a component's.
fn by_ref(media: &MediaContent) -> bool {
    media
        .schema
        .as_ref()
        .is_some_and(|schema| matches!(schema.kind, crate::schema::Kind::Ref(_)))
}

/// The operation a diagnostic names: a callback's.
fn source_operation(event: &Event) -> Option<&str> {
    match &event.source {
        EventSource::Webhook => None,
        EventSource::Callback { operation, .. } => Some(operation),
    }
}

/// How the documentation names the event.
fn what(event: &Event) -> String {
    match &event.source {
        EventSource::Webhook => format!("the webhook `{}`", event.name),
        EventSource::Callback { operation, .. } => {
            format!("the callback `{}` of `{operation}`", event.name)
        }
    }
}

/// The documentation of a payload whose schema says nothing of itself.
fn event_doc(event: &Event) -> String {
    let operation = &event.operation;
    match operation
        .summary
        .as_deref()
        .or(operation.description.as_deref())
    {
        Some(text) if !text.trim().is_empty() => text.trim().to_owned(),
        _ => format!("The payload of {}.", what(event)),
    }
}

/// The crate root's source `lib` with the events' module declared, after
/// `models`.
pub(crate) fn declare(lib: String, events: Option<&Events>) -> String {
    match events {
        Some(events) => lib.replacen(
            "pub mod models;\n",
            &format!("pub mod models;\npub mod {};\n", events.module),
            1,
        ),
        None => lib,
    }
}
