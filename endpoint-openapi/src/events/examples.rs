//! The events' schemas relaxed where their own examples contradict them,
//! as answers' are ([`crate::examples::relax`]): a payload type decodes
//! the examples the description gives of it.

use crate::api::{Api, Response};
use crate::diag::Diagnostics;

/// `api` with its components and its events' bodies relaxed where the
/// events' examples contradict them, each relaxation a diagnostic at the
/// example; `None` when none does. What the components' own examples
/// show is not repeated here: the operations' planning says it.
pub(super) fn relax(api: &Api, diagnostics: &mut Diagnostics) -> Option<Api> {
    // Each event's body as the answer of an operation, which is what
    // relaxing reads.
    let mut as_answers = Api {
        operations: Vec::with_capacity(api.events.len()),
        events: Vec::new(),
        ..api.clone()
    };
    for event in &api.events {
        let mut operation = event.operation.clone();
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
        let Some(at) = as_answers
            .operations
            .iter()
            .position(|op| &op.label() == label)
        else {
            continue;
        };
        any = true;
        let event = &api.events[at];
        diagnostics.push(
            &diagnostic.pointer,
            super::source_operation(event),
            format!("{}: {}", event.label(), diagnostic.message),
            diagnostic.fallback.clone(),
        );
    }
    let relaxed = relaxed.filter(|_| any)?;
    let mut api = Api {
        schemas: relaxed.schemas,
        ..api.clone()
    };
    for (event, operation) in api.events.iter_mut().zip(relaxed.operations) {
        if let (Some(body), Some(answer)) = (
            &mut event.operation.body,
            operation.responses.into_iter().next(),
        ) {
            body.contents = answer.contents;
        }
    }
    Some(api)
}
