//! Answers: the types of an operation's answers by status and media type,
//! what a success and a refusal are, the `accept` they make, the names of
//! answer types several operations share, and the pages of list answers.

use std::collections::{BTreeMap, BTreeSet};

use super::{
    ByStatus, OperationPlan, OperationPlanner, Status, Success, Ty, essence, is_binary, media_kind,
};
use crate::api::{Api, Operation};
use crate::conventions::Conventions;
use crate::diag::Diagnostics;
use crate::docs::{self, Links};
use crate::ident;
use crate::paging;
use crate::schema::{Kind, Schema};
use crate::types::{Type, TypeSpace};
use endpoint_runtime::model::Pagination;
use endpoint_runtime::sibling::{BodyKind, is_token};

impl OperationPlanner<'_, '_> {
    /// The answers by status and media type, and the success type.
    pub(super) fn answers(&mut self) -> (Success, Success, ByStatus<Ty>) {
        let operation = self.operation;
        // Each answer's status, read once; an answer of no status (a
        // description built as a value) is left out.
        let mut responses = Vec::with_capacity(operation.responses.len());
        for response in &operation.responses {
            match response.status.parse::<Status>() {
                Ok(status) => responses.push((status, response)),
                Err(not) => {
                    self.diagnose(&response.pointer, not.to_string(), "the answer left out")
                }
            }
        }
        let successes = responses.iter().filter(|(s, _)| s.is_success()).count();
        let mut answers = Vec::new();
        let mut success: Vec<(Status, Option<Ty>)> = Vec::new();
        let mut errors: Vec<(Status, Option<Ty>)> = Vec::new();
        for (status, response) in responses {
            let is_success = status.is_success();
            // An inline type is named after its status: `Response` for the
            // one success, else the status's reason phrase (`NotFound`).
            let suffix = if is_success && successes == 1 {
                "Response".to_owned()
            } else {
                status_variant(status)
            };
            let name = format!("{}{}", self.full, suffix);
            let doc = response
                .description
                .clone()
                .filter(|d| !d.trim().is_empty())
                .unwrap_or_else(|| {
                    format!(
                        "The `{}` answer of `{}`.",
                        response.status,
                        operation.label()
                    )
                });
            // `204`, `205` and `304` have no body (RFC 9110): one declared
            // is not planned, and the answer decodes without it.
            let bodiless = status.is_bodiless();
            if bodiless && !response.contents.is_empty() {
                self.diagnose(
                    &response.pointer,
                    format!(
                        "a `{}` answer is declared with a body, which it never has",
                        response.status
                    ),
                    "no body",
                );
            }
            let mut by_media = Vec::new();
            for content in &response.contents {
                let ty = match (&content.schema, media_kind(&content.media_type)) {
                    _ if bodiless => None,
                    (None, _) => None,
                    (Some(schema), _) if is_binary(schema) => Some(Ty::Bytes),
                    (Some(schema), BodyKind::Json) => Some(Ty::Planned(self.root(
                        schema,
                        &name,
                        &doc,
                        &response.pointer,
                    ))),
                    (Some(_), BodyKind::Text) => Some(Ty::Planned(Type::String)),
                    (Some(_), _) => Some(Ty::Bytes),
                };
                by_media.push((content.media_type.clone(), ty));
            }
            let is_error = status.is_error();
            if is_success || is_error {
                let chosen = by_media
                    .iter()
                    .find(|(media, ty)| ty.is_some() && media_kind(media) == BodyKind::Json)
                    .or_else(|| by_media.iter().find(|(_, ty)| ty.is_some()))
                    .and_then(|(_, ty)| ty.clone())
                    .or_else(|| {
                        // A body without a schema: any JSON value.
                        (!bodiless && !response.contents.is_empty())
                            .then_some(Ty::Planned(Type::Json))
                    });
                if is_success {
                    success.push((status, chosen));
                } else {
                    errors.push((status, chosen));
                }
                let text = response.description.as_deref().unwrap_or_default();
                let text = docs::first_sentence(text, Links::default());
                self.statuses.push((
                    status,
                    if text.is_empty() {
                        format!("`{}`.", response.status)
                    } else {
                        format!("`{}`: {text}", response.status)
                    },
                ));
            }
            answers.push((status, by_media));
        }
        (by_status(success), by_status(errors), answers)
    }
}

/// Names each inline type of answers that several operations share (an
/// error body that every operation answers) after what it is rather than
/// after the first operation that planned it: its schema's `title`, else,
/// for a refusal, the reason phrase of its status (`Unauthorized`,
/// `NotFound`; `Error` for `default`), when no other type has that name.
/// A component's type keeps its component's name, and a success without a
/// title the first operation's (`Ok` would say less). Returns the inline
/// answer types it considered.
pub(super) fn name_shared_answers(
    api: &Api,
    operations: &[OperationPlan],
    fulls: &[String],
    space: &mut TypeSpace<'_>,
) -> BTreeSet<usize> {
    /// The planned type an answer is, and whether it is the answer itself
    /// (not an item of it).
    fn named(ty: &Type) -> Option<(usize, bool)> {
        match ty {
            Type::Named(id) => Some((*id, true)),
            Type::Option(inner) | Type::Box(inner) => named(inner),
            Type::Vec(inner) => named(inner).map(|(id, _)| (id, false)),
            _ => None,
        }
    }
    // Each inline answer type: the operations that answer it, in order; the
    // status of its first use; its schema's title when it is the answer.
    let mut uses: BTreeMap<usize, (Vec<usize>, Status, Option<String>)> = BTreeMap::new();
    for op in operations {
        let operation = &api.operations[op.index];
        for (status, by_media) in &op.answers {
            let Some(response) = operation
                .responses
                .iter()
                .find(|r| r.status.parse() == Ok(*status))
            else {
                continue;
            };
            for (media_type, ty) in by_media {
                let schema = response
                    .contents
                    .iter()
                    .find(|content| &content.media_type == media_type)
                    .and_then(|content| content.schema.as_ref());
                let (Some(schema), Some(Ty::Planned(ty))) = (schema, ty) else {
                    continue;
                };
                if matches!(schema.kind, Kind::Ref(_)) {
                    continue;
                }
                let Some((id, whole)) = named(ty) else {
                    continue;
                };
                let (ops, _, _) = uses.entry(id).or_insert_with(|| {
                    (Vec::new(), *status, schema.title.clone().filter(|_| whole))
                });
                if !ops.contains(&op.index) {
                    ops.push(op.index);
                }
            }
        }
    }
    let answers = uses.keys().copied().collect();
    for (id, (ops, status, title)) in uses {
        let name = &space.types[id].name;
        let Some(suffix) = name.strip_prefix(fulls[ops[0]].as_str()) else {
            // Named otherwise already (after a title, a component).
            continue;
        };
        if ops.len() < 2 || suffix.is_empty() {
            continue;
        }
        let base = match title.as_deref().map(ident::pascal) {
            Some(title) if !title.is_empty() => title,
            // A success's reason (`Ok`) tells nothing of what it is: the
            // first operation's name says more.
            _ if status.is_success() => continue,
            _ => match suffix.strip_prefix("Other") {
                Some(rest) if status == Status::Default => format!("Error{rest}"),
                _ => suffix.to_owned(),
            },
        };
        let before = name.clone();
        let after = space.rename(id, &base);
        // Documentation that names the first operation names them all.
        let label = format!("`{}`", api.operations[ops[0]].label());
        let def = &mut space.types[id];
        if before != after && def.doc.as_deref().is_some_and(|doc| doc.contains(&label)) {
            def.doc = Some(format!(
                "The `{status}` answer of {} operations.",
                ops.len()
            ));
        }
    }
    answers
}

/// The paging of a list operation whose one success is a list, or a struct
/// that holds one (then marked as a page of it, its items that list), or
/// holds, in a field, a struct that does (`{"orders": {"items": […]}}`:
/// both marked, the outer a page of the inner's items); `None` when the
/// answer is of another shape, or the operation pages by `Link` headers.
/// A list whose paging parameters complete no scheme, or whose page's
/// list is no field of its answer's type, is a diagnostic.
pub(super) fn list_paging(
    operation: &Operation,
    op: &OperationPlan,
    schemas: &BTreeMap<String, Schema>,
    space: &mut TypeSpace<'_>,
    diagnostics: &mut Diagnostics,
) -> Option<Pagination<String>> {
    let Success::One(Ty::Planned(ty)) = &op.success else {
        return None;
    };
    let answer = operation
        .responses
        .iter()
        .filter(|response| response.status.starts_with('2'))
        .flat_map(|response| &response.contents)
        .find(|content| media_kind(&content.media_type) == BodyKind::Json)
        .and_then(|content| content.schema.as_ref());
    let paging = match paging::find(operation, answer, schemas) {
        Ok(paging) => paging?,
        Err(unpaged) => {
            diagnostics.push(
                &operation.pointer,
                Some(&operation.label()),
                unpaged.message,
                unpaged.fallback,
            );
            return None;
        }
    };
    let Some(members) = paging::items_members(&paging) else {
        return matches!(ty, Type::Vec(_)).then_some(paging);
    };
    let &Type::Named(mut id) = ty else {
        return None;
    };
    // Each struct on the way holds the next in a field (plain, or an
    // `Option` of one); the last holds the list: a `Vec`, or an `Option`
    // of one.
    let mut pages = Vec::with_capacity(members.len());
    for (at, member) in members.iter().enumerate() {
        let crate::types::Body::Struct(fields) = &space.types[id].body else {
            return None;
        };
        let field = fields.iter().find(|field| &field.key == member)?;
        let last = at + 1 == members.len();
        let inner = match &field.ty {
            Type::Option(inner) => &**inner,
            Type::Nullable(inner) if !last => &**inner,
            other => other,
        };
        pages.push((id, member));
        match inner {
            Type::Vec(_) if last => {}
            Type::Named(next) if !last && pages.iter().all(|(id, _)| id != next) => id = *next,
            _ => return None,
        }
    }
    for (id, member) in pages.into_iter().rev() {
        space.mark_page(id, member).ok()?;
    }
    Some(paging)
}

/// With [`Conventions::link_pages`], marks the answer of `op` a page of
/// its list when it wraps one: a struct whose one list stands beside a
/// `total_count` (or, beside lists of its own that say how it searched,
/// whose one required list does), or beside only the keys of
/// [`Conventions::page_keys`] (GitHub's `incomplete_results`,
/// `repository_selection`).
pub(super) fn mark_wrapped_page(
    op: &OperationPlan,
    space: &mut TypeSpace<'_>,
    page_keys: &[String],
) {
    let Success::One(Ty::Planned(Type::Named(id))) = op.success else {
        return;
    };
    let crate::types::Body::Struct(fields) = &space.types[id].body else {
        return;
    };
    let (lists, others): (Vec<_>, Vec<_>) = fields
        .iter()
        .filter(|f| !page_keys.contains(&f.key))
        .partition(|f| matches!(f.ty.core(), Type::Vec(_)));
    let counted = fields.iter().any(|f| f.key == "total_count");
    let required: Vec<_> = lists
        .iter()
        .filter(|f| !matches!(f.ty, Type::Option(_)))
        .collect();
    let items = match (lists.as_slice(), required.as_slice()) {
        ([list], _) if counted || (others.is_empty() && fields.len() > 1) => list.key.clone(),
        (_, [list]) if counted => list.key.clone(),
        _ => return,
    };
    // A page already (another operation's answer) stays as it is.
    if space.types[id].page.is_none() {
        let _ = space.mark_page(id, &items);
    }
}

/// The `accept` of an operation of `answers`: the media type the crate
/// decodes of each answer (its first JSON one, else its first; their
/// essence, each once), the JSON ones first; `*/*` when it declares none (`None`, the API's
/// default, when its conventions name a [`Conventions::default_accept`]);
/// `None` when that is `application/json`, the crate's default. A media
/// type that is not `type/subtype` of tokens is left out.
pub(super) fn accept(answers: &ByStatus<Ty>, conventions: &Conventions) -> Option<String> {
    let mut types: Vec<String> = Vec::new();
    for (_, by_media) in answers {
        let chosen = by_media
            .iter()
            .find(|(media_type, _)| media_kind(media_type) == BodyKind::Json)
            .or_else(|| by_media.first());
        let Some((media_type, _)) = chosen else {
            continue;
        };
        let essence = essence(media_type);
        let valid = essence
            .split_once('/')
            .is_some_and(|(kind, sub)| is_token(kind) && is_token(sub));
        if valid && !types.contains(&essence) {
            types.push(essence);
        }
    }
    if types.is_empty() {
        // The API's own default, when it names one, else anything.
        return conventions
            .default_accept
            .is_none()
            .then(|| "*/*".to_owned());
    }
    types.sort_by_key(|media_type| media_kind(media_type) != BodyKind::Json);
    let accept = types.join(", ");
    (accept != "application/json").then_some(accept)
}

/// One type when every status has the same, `()` when none has a body,
/// else the types by status.
pub(super) fn by_status(answers: Vec<(Status, Option<Ty>)>) -> Success {
    let mut distinct: Vec<&Option<Ty>> = Vec::new();
    for (_, ty) in &answers {
        if !distinct.contains(&ty) {
            distinct.push(ty);
        }
    }
    match distinct.as_slice() {
        [] | [None] => Success::Unit,
        [Some(ty)] => Success::One(ty.clone()),
        _ => Success::ByStatus(answers),
    }
}

/// The variant of an answer of `status`: its reason phrase
/// (`404` → `NotFound`), `Success`, `ClientError` and `ServerError` for
/// the ranges, `Other` for `default`, else `Status` and the status.
pub(crate) fn status_variant(status: Status) -> String {
    let name = match status.to_string().as_str() {
        "200" => "Ok",
        "201" => "Created",
        "202" => "Accepted",
        "203" => "NonAuthoritative",
        "204" => "NoContent",
        "205" => "ResetContent",
        "206" => "PartialContent",
        "207" => "MultiStatus",
        "2XX" => "Success",
        "400" => "BadRequest",
        "401" => "Unauthorized",
        "402" => "PaymentRequired",
        "403" => "Forbidden",
        "404" => "NotFound",
        "405" => "MethodNotAllowed",
        "406" => "NotAcceptable",
        "408" => "RequestTimeout",
        "409" => "Conflict",
        "410" => "Gone",
        "411" => "LengthRequired",
        "412" => "PreconditionFailed",
        "413" => "ContentTooLarge",
        "415" => "UnsupportedMediaType",
        "416" => "RangeNotSatisfiable",
        "422" => "UnprocessableContent",
        "423" => "Locked",
        "428" => "PreconditionRequired",
        "429" => "TooManyRequests",
        "4XX" => "ClientError",
        "500" => "InternalServerError",
        "501" => "NotImplemented",
        "502" => "BadGateway",
        "503" => "ServiceUnavailable",
        "504" => "GatewayTimeout",
        "5XX" => "ServerError",
        "default" => "Other",
        _ => return ident::pascal(&format!("status {status}")),
    };
    name.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations::planned;
    use serde_json::json;

    fn json_answer(schema: serde_json::Value) -> serde_json::Value {
        json!({"description": "an answer", "content": {"application/json": {"schema": schema}}})
    }

    #[test]
    fn a_status_variant_is_its_reason() {
        assert_eq!(status_variant(Status::Code(404)), "NotFound");
        assert_eq!(status_variant(Status::Range(4)), "ClientError");
        assert_eq!(status_variant(Status::Default), "Other");
        assert_eq!(status_variant(Status::Code(299)), "Status299");
        assert_eq!(status_variant(Status::Range(3)), "Status3Xx");
    }

    #[test]
    fn answers_of_one_type_are_that_type() {
        let ty = Some(Ty::Planned(Type::String));
        assert_eq!(by_status(vec![]), Success::Unit);
        assert_eq!(by_status(vec![(Status::Code(204), None)]), Success::Unit);
        assert_eq!(
            by_status(vec![
                (Status::Code(200), ty.clone()),
                (Status::Code(201), ty.clone())
            ]),
            Success::One(Ty::Planned(Type::String))
        );
        let both = vec![(Status::Code(200), ty), (Status::Code(204), None)];
        assert_eq!(by_status(both.clone()), Success::ByStatus(both));
    }

    #[test]
    fn accept_names_what_is_decoded_json_first() {
        let conventions = Conventions::default();
        let answers = |media: &[&str]| -> ByStatus<Ty> {
            media
                .iter()
                .map(|m| (Status::Code(200), vec![((*m).to_owned(), None)]))
                .collect()
        };
        assert_eq!(accept(&answers(&["application/json"]), &conventions), None);
        assert_eq!(
            accept(
                &answers(&["text/plain", "application/problem+json"]),
                &conventions
            )
            .as_deref(),
            Some("application/problem+json, text/plain")
        );
        assert_eq!(accept(&answers(&[]), &conventions).as_deref(), Some("*/*"));
        let github = Conventions {
            default_accept: Some("application/vnd.github.v3+json".to_owned()),
            ..Conventions::default()
        };
        assert_eq!(accept(&answers(&[]), &github), None);
    }

    #[test]
    fn successes_and_refusals_are_planned_by_status() {
        let (plan, diagnostics) = planned(json!({
            "/pets/{id}": {"get": {
                "operationId": "getPet",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {
                    "200": json_answer(json!({"type": "string"})),
                    "204": json_answer(json!({"type": "string"})),
                    "404": json_answer(json!({"type": "object", "properties": {"message": {"type": "string"}}})),
                    "default": {"description": "anything else"}
                }
            }}
        }));
        let op = &plan.operations[0];
        assert_eq!(
            op.success,
            Success::ByStatus(vec![
                (Status::Code(200), Some(Ty::Planned(Type::String))),
                (Status::Code(204), None)
            ])
        );
        assert!(matches!(&op.error, Success::ByStatus(by) if by.len() == 2));
        assert_eq!(
            (op.answer_name.as_str(), op.error_name.as_str()),
            ("GetPetAnswer", "GetPetError")
        );
        let statuses: Vec<_> = op.statuses.iter().map(|(s, _)| s.to_string()).collect();
        assert_eq!(statuses, ["200", "204", "404", "default"]);
        let messages: Vec<_> = diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            ["a `204` answer is declared with a body, which it never has"]
        );
    }

    #[test]
    fn an_error_body_several_operations_share_is_named_by_its_status() {
        let error =
            json_answer(json!({"type": "object", "properties": {"message": {"type": "string"}}}));
        let (plan, _) = planned(json!({
            "/a": {"get": {"operationId": "getA", "responses": {"200": {"description": "ok"}, "404": error}}},
            "/b": {"get": {"operationId": "getB", "responses": {"200": {"description": "ok"}, "404": error}}}
        }));
        let Success::One(Ty::Planned(Type::Named(id))) = plan.operations[1].error else {
            panic!("{:?}", plan.operations[1].error);
        };
        assert_eq!(plan.types[id].name, "NotFound");
    }
}
