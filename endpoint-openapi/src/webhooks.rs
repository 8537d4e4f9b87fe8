//! The requests an API sends rather than receives ([`Api::events`]: its
//! webhooks and the callbacks of its operations, and the component schemas
//! a convention marks as events, [`EventConventions`]), in the generated crate.
//!
//! A crate generated from a description that declares events has a
//! module `webhooks` (`events`, … when an operations' module has that
//! name) with:
//!
//! - a payload type per event, its JSON body's schema planned as answers
//!   are (unions, nullable fields, open enums), named after the event
//!   (`PetAdded` for the webhook `petAdded`; after its operation for a
//!   callback: `StartJobJobDone` for the callback `jobDone` of
//!   `startJob`), or another name for the type it is
//!   (`pub type PetAdded = Pet;`); planned with the operations, so that a
//!   component both reach is one type of `models`, which the module uses
//!   (`pub type PetAdded = crate::models::Pet;`), and the module holds
//!   what only events reach;
//! - an enum `Event` of the events that tell themselves apart as the
//!   description says: by a property of the body whose schema is a
//!   `const` or a one-value `enum` (`type`, `event_type`), the same key in each
//!   event and no value in two events, or by a header whose schema is a
//!   one-value `enum`, the same header in each event (GitHub's
//!   `X-GitHub-Event`), and the body's `action` (a `const`, an `enum`)
//!   where several events share the header's value; a header whose
//!   schema lists no value takes the value the conventions' `[events]`
//!   table points to in each event's operation
//!   ([`EventConventions`](crate::conventions::EventConventions)).
//!   `Event::decode(body)` skims the body's top-level keys for the tag
//!   (every other value skipped unread), then decodes the body once into
//!   the payload the tag names; `Event::decode_named(event, body)` takes
//!   the header's value. An event or action no variant has is
//!   `Event::Other { tag, body }`, never an error; payloads are never
//!   tried one after another.
//!
//! What cannot be generated so is a diagnostic naming the event: an event
//! without a JSON body (no payload type), or one no tag tells apart (its
//! payload typed, outside the enum; no enum when no event is told apart,
//! and no diagnostic when the description has a single event).
//!
//! [`Api::events`]: crate::api::Api::events
//! [`EventConventions`]: crate::conventions::EventConventions
