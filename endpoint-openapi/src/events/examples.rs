//! The events' schemas relaxed where their own examples contradict them,
//! as answers' are ([`crate::examples::relax`]): a payload type decodes
//! the examples the description gives of it. The events are planned with
//! the operations, in their space: a relaxation an event's example shows
//! stays with the event (in its own copy of a component that operations
//! use too), as one an operation's example shows stays with the operation.

use crate::api::{Api, Response};
use crate::diag::Diagnostics;

/// `api` (its operations' answers already relaxed by their examples) with
/// its components and its events' bodies relaxed where the events'
/// examples contradict them, each relaxation a diagnostic at the example;
/// `None` when none does. What the components' own examples and the
/// operations' show is not repeated here: the operations' relaxation says
/// it.
pub(crate) fn relax(api: &Api, diagnostics: &mut Diagnostics) -> Option<Api> {
    if api.events.is_empty() {
        return None;
    }
    // The operations (without their examples, which were read: they say
    // which components others use), then each event's body as the answer
    // of an operation, which is what relaxing reads.
    let first = api.operations.len();
    let mut as_answers = Api {
        operations: Vec::with_capacity(first + api.events.len()),
        events: Vec::new(),
        ..api.clone()
    };
    for operation in &api.operations {
        let mut operation = operation.clone();
        for content in operation
            .responses
            .iter_mut()
            .flat_map(|response| &mut response.contents)
        {
            content.examples.clear();
            content.inner_examples.clear();
        }
        as_answers.operations.push(operation);
    }
    // Each event's operation named apart from the others (a webhook's has
    // no `operationId` and the empty path: `POST `), for the diagnostics
    // and the copies of components it relaxes (`PetRemovedAnswerPet`).
    let mut labels: Vec<String> = api.operations.iter().map(|op| op.label()).collect();
    for (event, name) in api.events.iter().zip(super::names(&api.events)) {
        let mut operation = event.operation.clone();
        if operation.operation_id.is_none() {
            let taken = |candidate: &str| labels.iter().any(|label| label == candidate);
            operation.operation_id = Some(crate::ident::unique(name, taken));
        }
        labels.push(operation.label());
        operation.responses = operation
            .body
            .take()
            .map(|body| Response {
                pointer: body.pointer,
                status: "200".into(),
                description: None,
                contents: body.contents,
                headers: Vec::new(),
            })
            .into_iter()
            .collect();
        as_answers.operations.push(operation);
    }
    let mut found = Diagnostics::new();
    let relaxed = crate::examples::relax(&as_answers, &mut found);
    let mut any = false;
    for diagnostic in found.iter() {
        // The events' own (the components' have no operation).
        let Some(label) = &diagnostic.operation else {
            continue;
        };
        let Some(at) = as_answers.operations[first..]
            .iter()
            .position(|op| &op.label() == label)
        else {
            continue;
        };
        any = true;
        let event = &api.events[at];
        // A copy of a component is the event's own, not an operation's.
        let fallback = diagnostic
            .fallback
            .replace("of this operation's own", "of this event's own");
        diagnostics.push(
            &diagnostic.pointer,
            super::source_operation(event),
            format!("{}: {}", event.label(), diagnostic.message),
            fallback,
        );
    }
    let relaxed = relaxed.filter(|_| any)?;
    let mut api = Api {
        schemas: relaxed.schemas,
        ..api.clone()
    };
    let answers = relaxed.operations.into_iter().skip(first);
    for (event, operation) in api.events.iter_mut().zip(answers) {
        if let (Some(body), Some(answer)) = (
            &mut event.operation.body,
            operation.responses.into_iter().next(),
        ) {
            body.contents = answer.contents;
        }
    }
    Some(api)
}
