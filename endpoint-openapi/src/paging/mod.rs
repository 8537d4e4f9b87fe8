//! How an operation's lists page: the pagination scheme of a list
//! operation, chosen from the description, for `#[endpoint(paginate(…))]`.
//!
//! The description's own word wins where it has one:
//!
//! - `x-ms-pageable` (Azure's): the next page's URL at `nextLinkName`
//!   (`nextLink`), the items at `itemName` (`value`); a `nextLinkName` of
//!   `null` is a list of one page;
//! - `x-speakeasy-pagination`: `type: cursor` (the cursor input parameter
//!   and the `nextCursor` output), `type: offsetLimit` (the `offset` or
//!   `page` and `limit` inputs), their `results` the items; outputs are
//!   JSONPath expressions of plain members (`$.meta.next`), read as JSON
//!   pointers.
//!
//! Otherwise the shape of a `GET` whose success is an object holding a
//! list, and its query parameters, decide. A name is read by its words,
//! whatever its case and signs: `page`, `page[number]`, `page.number`,
//! `page%5Bnumber%5D`, `pageNumber` and `page_number` are one name; a
//! member of the answer is looked for at the page's top and in its objects,
//! three deep (`meta`, `pagination`, `paging`, `page_info`, `links`, any
//! other: `/meta/page/total_pages`), the shallowest first. In this order:
//!
//! | the answer holds | the operation takes | the scheme | such as |
//! |---|---|---|---|
//! | `has_more` (`hasMore`, `has_next`, `more`, boolean), no cursor, a list of objects with an `id` | `starting_after`, `after`, `page[after]` | the last item's `id` while `has_more` | Stripe |
//! | `next_url`, `next_uri`, `next_link`, `next_page_uri`, `next_page_url`, `next_href`; `next` in `links`; `href` in `next` (`_links.next.href`); a plain `next` said to be a URL (`format: uri`) or beside no cursor parameter (text) | | the next URL | Twilio, Azure, JSON:API, HAL |
//! | `next_cursor`, `next_page_token`, `next_token`, `continuation_token`, `continue`, `end_cursor`, `next_marker`, `cursor`, `after`; a plain `next` not said to be a URL (text or integer) | `cursor`, `page[cursor]`, `after`, `page[after]`, `starting_after`, `page_token`, `next_token`, `continuation_token`, `continue`, `marker` | a cursor | Slack, Google, Kubernetes |
//! | `next_page`, `next_page_number` (text or integer) | a page number | a cursor sent as the page number | Stripe's searches |
//! | | `offset`, `page[offset]`, `skip`, `start_at` and `limit`, `page[size]`, `page_size`, `per_page`, `size`, `max_results`, `take`, `top`, `count` | an offset, until a short page | |
//! | `total_pages`, `pages`, `page_count`, `last_page`, `num_pages` (number; optional) | `page`, `page[number]`, `page_number`, `pageNumber` | a page number, until that page, or an empty one | |
//!
//! and the items are the answer's one list (`data`, `items`, `messages`, …),
//! or none is chosen when it has several. An answer that is no page itself
//! but holds one in exactly one of its members, one or two objects deep,
//! pages below that member: `{"orders": {"items": […], "next": "…"}}`
//! is `next_url = "/orders/next", items = "/orders/items"`.
//!
//! A page number whose answer says neither how many pages there are nor
//! the next one's number pages until a page comes back empty: a server
//! that answers a page past the last with an error ends the list with that
//! error, and one that repeats its last page never sends an empty one. A
//! total count of items (`total`, `total_count`) ends no list: the
//! clients' schemes have no word for it, and a page size the caller may
//! leave out could not divide it.
//!
//! An answer that is the list itself pages by `Link` headers when its
//! success declares one; otherwise by an offset with a page size, else by
//! a page number (until an empty page). An operation that takes no paging
//! parameter pages by `Link` headers, the clients' default, and says
//! nothing. A list that takes a page number, an offset or a cursor but
//! completes none of these is an [`Unpaged`] ([`find`]): the generator's
//! diagnostic names the parameters and what its answer lacks.

use std::collections::BTreeMap;

use endpoint_runtime::model::{Next, Pagination};
use serde_json::Value;

use crate::api::{Operation, ParamIn};
use crate::pointer::escape;
use crate::schema::{Kind, Schema};

/// How deeply references and `allOf`s are followed to find an answer's
/// members.
const MAX_DEPTH: usize = 16;

/// How many objects deep a page may be wrapped in its answer
/// (`{"data": {"orders": {…}}}` is two).
const MAX_WRAPPING: usize = 2;

/// The members of the answer on the way to the page's list, unescaped
/// (`["orders", "items"]` for `/orders/items`); `None` when the answer is
/// the list, or its pointer is not made of members.
pub fn items_members(paging: &Pagination<String>) -> Option<Vec<String>> {
    let pointer = paging.items.as_deref()?.strip_prefix('/')?;
    Some(
        pointer
            .split('/')
            .map(|key| key.replace("~1", "/").replace("~0", "~"))
            .collect(),
    )
}

/// The same paging of a page that is the member `member` of the answer:
/// every pointer into the answer below that member (an item's key stays
/// the item's).
fn within(paging: Pagination<String>, member: &str) -> Pagination<String> {
    let prefix = format!("/{}", escape(member));
    let below = |pointer: String| format!("{prefix}{pointer}");
    let next = match paging.next {
        Next::Link => Next::Link,
        Next::Cursor { pointer, param } => Next::Cursor {
            pointer: below(pointer),
            param,
        },
        Next::AfterLastItem { param, key, more } => Next::AfterLastItem {
            param,
            key,
            more: below(more),
        },
        Next::NextUrl { pointer } => Next::NextUrl {
            pointer: below(pointer),
        },
        Next::PageNumber { param, total } => Next::PageNumber {
            param,
            total: total.map(below),
        },
        offset @ Next::Offset { .. } => offset,
    };
    Pagination {
        next,
        items: Some(below(paging.items.unwrap_or_default())),
    }
}

/// The paging of `operation`, whose success body (its first `2xx` JSON
/// schema) is `answer`, references into `schemas`; `None` for an
/// operation that is no list, pages by `Link` headers, or whose paging
/// [`find`] cannot complete.
#[cfg(test)]
pub fn paging(
    operation: &Operation,
    answer: Option<&Schema>,
    schemas: &BTreeMap<String, Schema>,
) -> Option<Pagination<String>> {
    find(operation, answer, schemas).ok().flatten()
}

/// Why a list operation that takes paging parameters has no scheme: what
/// the generator looked for and did not find, for a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unpaged {
    /// What is missing, naming the parameters and what was looked for in
    /// the answer.
    pub message: String,
    /// What the operation does instead.
    pub fallback: String,
}

/// The paging of `operation` as [`paging`] finds it, or, for a list (an
/// answer that is a list, or holds one in an object) whose query takes a
/// page number, an offset or a cursor but whose answer completes no
/// scheme, why not: an [`Unpaged`] naming the parameters and what was
/// looked for.
///
/// # Errors
/// A list with paging parameters and no scheme that ends.
pub fn find(
    operation: &Operation,
    answer: Option<&Schema>,
    schemas: &BTreeMap<String, Schema>,
) -> Result<Option<Pagination<String>>, Unpaged> {
    if let Some(paging) = extension(operation) {
        return Ok(paging);
    }
    if !matches!(operation.method.as_str(), "GET" | "QUERY") {
        return Ok(None);
    }
    let Some(answer) = answer else {
        return Ok(None);
    };
    let params = Params::of(operation);
    if matches!(resolve(answer, schemas, 0).kind, Kind::Array(_)) {
        return bare(operation, &params);
    }
    let members = members(answer, schemas, 0);
    if members.is_empty() {
        return Ok(None);
    }
    if let Some(paging) = scheme(&params, &members, &required(answer, schemas, 0), schemas)
        .or_else(|| wrapped(&params, &members, schemas, 1))
    {
        return Ok(Some(paging));
    }
    let asked: Vec<&str> = params.paging().collect();
    if asked.is_empty() {
        return Ok(None);
    }
    let lists = match the_list(&members, &required(answer, schemas, 0), schemas) {
        Some((list, _)) => vec![list.clone()],
        None => lists_within(&members, schemas, 0),
    };
    let message = match lists.as_slice() {
        [] => return Ok(None),
        [_] => format!(
            "the list takes {}, but its answer holds {}",
            parameters(&asked),
            params.missing(),
        ),
        several => format!(
            "the list takes {}, but its answer holds several lists ({}) and nothing says which \
             one pages",
            parameters(&asked),
            several
                .iter()
                .map(|list| format!("`{list}`"))
                .collect::<Vec<_>>()
                .join(", "),
        ),
    };
    Err(Unpaged {
        message,
        fallback: "no paging scheme: the answer is no `Paginated`, so `paginate` does not take \
                   the operation; each page is asked for with `send`"
            .to_owned(),
    })
}

/// The paging of a list whose answer is the list itself: `Link` headers
/// when the answer declares them or the operation takes no paging
/// parameter; an offset with a page size; a page number, until an empty
/// page; anything else cannot be followed in a bare list.
fn bare(operation: &Operation, params: &Params) -> Result<Option<Pagination<String>>, Unpaged> {
    let link = operation
        .responses
        .iter()
        .filter(|response| response.status.starts_with('2'))
        .flat_map(|response| &response.headers)
        .any(|(name, _)| name.eq_ignore_ascii_case("link"));
    if link {
        return Ok(None);
    }
    if let (Some(offset), Some(size)) = (&params.offset, &params.size) {
        return Ok(Some(Pagination {
            next: Next::Offset {
                param: offset.clone(),
                limit: size.clone(),
            },
            items: None,
        }));
    }
    if let Some(page) = &params.page {
        return Ok(Some(Pagination {
            next: Next::PageNumber {
                param: page.clone(),
                total: None,
            },
            items: None,
        }));
    }
    let asked: Vec<&str> = params.paging().collect();
    if asked.is_empty() {
        return Ok(None);
    }
    let header = operation
        .responses
        .iter()
        .filter(|response| response.status.starts_with('2'))
        .flat_map(|response| &response.headers)
        .map(|(name, _)| name)
        .find(|name| {
            let words = words(name);
            ["next", "cursor", "continuation", "token"]
                .iter()
                .any(|word| words.split(' ').any(|w| w == *word))
        });
    let header = header.map_or_else(String::new, |name| {
        format!(" (a cursor in its header `{name}` is read by no client)")
    });
    Err(Unpaged {
        message: format!(
            "the list takes {}, but its answer is a bare list, which holds no cursor or next \
             page's URL, and it declares no `Link` header{header}",
            parameters(&asked),
        ),
        fallback: "pages by `Link` headers, the clients' default: a server that sends none ends \
                   the list after its first page"
            .to_owned(),
    })
}

/// The paging parameters `names`, as a diagnostic names them.
fn parameters(names: &[&str]) -> String {
    let listed = names
        .iter()
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match names {
        [_] => format!("the paging parameter {listed}"),
        _ => format!("the paging parameters {listed}"),
    }
}

/// The names of the lists of an answer of `members` and of its objects,
/// `level` objects deep at most [`MAX_WRAPPING`].
fn lists_within(
    members: &[(String, Schema)],
    schemas: &BTreeMap<String, Schema>,
    level: usize,
) -> Vec<String> {
    let mut lists = Vec::new();
    for (name, schema) in members {
        match &resolve(schema, schemas, 0).kind {
            Kind::Array(_) => lists.push(name.clone()),
            Kind::Object(_) | Kind::AllOf(_) if level < MAX_WRAPPING => {
                lists.extend(
                    lists_within(&members_of(schema, schemas), schemas, level + 1)
                        .into_iter()
                        .map(|inner| format!("{name}.{inner}")),
                );
            }
            _ => {}
        }
    }
    lists
}

/// The paging of the one member of an answer (of `members`) that is itself
/// a page (`{"orders": {"items": […], "next": …}}`), or holds one a level
/// further down, its pointers below that member's; `None` when no member,
/// or more than one, is.
fn wrapped(
    params: &Params,
    members: &[(String, Schema)],
    schemas: &BTreeMap<String, Schema>,
    level: usize,
) -> Option<Pagination<String>> {
    let mut found = None;
    for (name, schema) in members {
        if !matches!(
            resolve(schema, schemas, 0).kind,
            Kind::Object(_) | Kind::AllOf(_)
        ) {
            continue;
        }
        let inner = members_of(schema, schemas);
        let paging = scheme(params, &inner, &required(schema, schemas, 0), schemas).or_else(|| {
            (level < MAX_WRAPPING).then(|| wrapped(params, &inner, schemas, level + 1))?
        });
        if let Some(paging) = paging {
            if found.is_some() {
                return None;
            }
            found = Some(within(paging, name));
        }
    }
    found
}

/// The words of a name, lower case: split at every sign (`page[number]`,
/// `page.number`, `page_number`, `page-number`), at a lower-case letter or
/// digit followed by an upper-case one (`pageNumber`), and percent-decoded
/// first (`page%5Bnumber%5D`).
fn words(name: &str) -> String {
    let decoded = percent_encoding::percent_decode_str(name).decode_utf8_lossy();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut previous: Option<char> = None;
    for c in decoded.chars() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        } else {
            if c.is_uppercase()
                && previous.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit())
                && !word.is_empty()
            {
                words.push(std::mem::take(&mut word));
            }
            word.extend(c.to_lowercase());
        }
        previous = Some(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words.join(" ")
}

/// Query parameters of a page number, by their names' [`words`].
const PAGE_PARAMS: [&str; 4] = ["page", "page number", "page num", "page no"];
/// Query parameters of an offset.
const OFFSET_PARAMS: [&str; 5] = ["offset", "page offset", "skip", "start at", "start index"];
/// Query parameters of a page's size.
const SIZE_PARAMS: [&str; 10] = [
    "limit",
    "page limit",
    "page size",
    "per page",
    "size",
    "max results",
    "max items",
    "take",
    "top",
    "count",
];
/// Query parameters of a cursor.
const CURSOR_PARAMS: [&str; 15] = [
    "cursor",
    "page cursor",
    "after",
    "page after",
    "starting after",
    "start after",
    "page token",
    "next token",
    "next page token",
    "continuation token",
    "continuation",
    "continue",
    "marker",
    "next cursor",
    "page next",
];
/// Members of the answer holding the next page's URL.
const URL_FIELDS: [&str; 7] = [
    "next url",
    "next uri",
    "next link",
    "next page url",
    "next page uri",
    "next page link",
    "next href",
];
/// Members of the answer holding the next page's cursor, best first.
const CURSOR_FIELDS: [&str; 11] = [
    "next cursor",
    "next page cursor",
    "next page token",
    "next token",
    "continuation token",
    "continuation",
    "continue",
    "end cursor",
    "next marker",
    "cursor",
    "after",
];
/// Members of the answer holding the number of pages.
const TOTAL_PAGES_FIELDS: [&str; 7] = [
    "total pages",
    "pages",
    "page count",
    "pages count",
    "last page",
    "num pages",
    "number of pages",
];
/// Members of the answer saying whether more items follow.
const MORE_FIELDS: [&str; 7] = [
    "has more",
    "has more items",
    "has more results",
    "has next",
    "has next page",
    "more",
    "more items",
];
/// Members of the answer holding the next page's number (or token).
const NEXT_PAGE_FIELDS: [&str; 2] = ["next page", "next page number"];

/// How deep below a page its paging members are looked for
/// (`{"meta": {"page": {"total_pages": 3}}}` is three).
const MAX_FIELD_DEPTH: usize = 3;

/// An operation's query parameters that page, by what they are: the first
/// of each kind, by its wire name.
#[derive(Debug, Default)]
struct Params {
    page: Option<String>,
    offset: Option<String>,
    size: Option<String>,
    /// Every cursor parameter, in the operation's order.
    cursors: Vec<String>,
}

impl Params {
    fn of(operation: &Operation) -> Params {
        let mut params = Params::default();
        for parameter in &operation.parameters {
            if parameter.location != ParamIn::Query {
                continue;
            }
            let words = words(&parameter.name);
            let name = || Some(parameter.name.clone());
            if PAGE_PARAMS.contains(&words.as_str()) {
                params.page = params.page.take().or_else(name);
            } else if OFFSET_PARAMS.contains(&words.as_str()) {
                params.offset = params.offset.take().or_else(name);
            } else if SIZE_PARAMS.contains(&words.as_str()) {
                params.size = params.size.take().or_else(name);
            } else if CURSOR_PARAMS.contains(&words.as_str()) {
                params.cursors.push(parameter.name.clone());
            }
        }
        params
    }

    /// The parameters that ask for a page other than the first.
    fn paging(&self) -> impl Iterator<Item = &str> {
        self.page
            .iter()
            .chain(&self.offset)
            .chain(&self.cursors)
            .map(String::as_str)
    }

    /// The cursor parameter a cursor named `field` goes back as: the one
    /// of the same words (`continue` for `metadata.continue`), else the
    /// first.
    fn cursor_for(&self, field: &str) -> Option<&String> {
        self.cursors
            .iter()
            .find(|param| words(param).ends_with(field))
            .or_else(|| self.cursors.first())
    }

    /// What an answer that pages none of these lacks, for a diagnostic.
    fn missing(&self) -> String {
        let mut wanted = vec![
            "no next page's URL (`next`, `next_url`, `next_page_uri`, `links.next`, …)".to_owned(),
        ];
        if !self.cursors.is_empty() {
            wanted.push(
                "no cursor to send back (`next_cursor`, `cursor`, `next_page_token`, \
                 `end_cursor`, …; or `has_more` with items that have an `id`)"
                    .to_owned(),
            );
        }
        if self.page.is_some() {
            wanted.push("no number of pages (`total_pages`, `pages`, `last_page`, …)".to_owned());
        }
        if self.offset.is_some() && self.size.is_none() {
            wanted.push(
                "and the operation takes no page size (`limit`, `page[size]`, `per_page`, …) \
                 to go with its offset"
                    .to_owned(),
            );
        }
        format!(
            "{}, at its top or in its objects (`meta`, `pagination`, `paging`, …)",
            wanted.join(", ")
        )
    }
}

/// A member of a page that may say how it pages: its path from the page,
/// its name's words and its schema without references.
struct Field {
    path: Vec<String>,
    words: String,
    parent: String,
    schema: Schema,
}

impl Field {
    /// Its JSON pointer from the page.
    fn pointer(&self) -> String {
        pointer(&self.path.iter().map(String::as_str).collect::<Vec<_>>())
    }
}

/// Every member of a page of `members` that is no list and no object, and
/// those of its objects, [`MAX_FIELD_DEPTH`] deep at most, shallowest
/// first.
fn fields(members: &[(String, Schema)], schemas: &BTreeMap<String, Schema>) -> Vec<Field> {
    fn walk(
        members: Vec<(Vec<String>, Schema)>,
        schemas: &BTreeMap<String, Schema>,
        out: &mut Vec<(Vec<String>, Schema)>,
    ) {
        let mut deeper = Vec::new();
        for (path, schema) in members {
            let resolved = resolve(&schema, schemas, 0);
            match resolved.kind {
                Kind::Object(_) | Kind::AllOf(_) if path.len() < MAX_FIELD_DEPTH => {
                    for (name, inner) in members_of(&schema, schemas) {
                        let mut path = path.clone();
                        path.push(name);
                        deeper.push((path, inner));
                    }
                }
                Kind::Array(_) | Kind::Object(_) | Kind::AllOf(_) => {}
                _ => out.push((path, resolved.clone())),
            }
        }
        if !deeper.is_empty() {
            walk(deeper, schemas, out);
        }
    }
    let mut found = Vec::new();
    walk(
        members
            .iter()
            .map(|(name, schema)| (vec![name.clone()], schema.clone()))
            .collect(),
        schemas,
        &mut found,
    );
    found
        .into_iter()
        .map(|(path, schema)| Field {
            words: words(path.last().map_or("", String::as_str)),
            parent: path
                .len()
                .checked_sub(2)
                .map(|at| words(&path[at]))
                .unwrap_or_default(),
            path,
            schema,
        })
        .collect()
}
/// The scheme of an answer of `members`, holding its list itself, its
/// paging members at its top or in its objects (`meta`, `pagination`,
/// `paging`, `links`, …), in this order: the last item's key while
/// `has_more`, the next page's URL, a cursor, the next page's number, an
/// offset, a page number until the number of pages, a page number until
/// an empty page. Its list is its one list, or, beside others that are
/// optional (`fallback_reasons`), its one required list.
fn scheme(
    params: &Params,
    members: &[(String, Schema)],
    required: &[String],
    schemas: &BTreeMap<String, Schema>,
) -> Option<Pagination<String>> {
    let (list, list_schema) = the_list(members, required, schemas)?;
    let items = Some(format!("/{}", escape(list)));
    let fields = fields(members, schemas);
    let found = |names: &[&str], fits: &dyn Fn(&Field) -> bool| {
        names.iter().find_map(|name| {
            fields
                .iter()
                .find(|field| field.words == *name && fits(field))
        })
    };
    let text = |field: &Field| matches!(field.schema.kind, Kind::String { .. });
    let token = |field: &Field| matches!(field.schema.kind, Kind::String { .. } | Kind::Integer);
    // A plain `next`: a URL, unless the operation takes a cursor and the
    // member is not said to be a URL.
    let next_is_url = |field: &Field| is_url(&field.schema) || params.cursors.is_empty();
    let cursor_field = found(&CURSOR_FIELDS, &token).or_else(|| {
        fields.iter().find(|field| {
            field.words == "next" && text(field) && !next_is_url(field) && field.parent != "links"
        })
    });
    let more = found(&MORE_FIELDS, &|field| {
        matches!(field.schema.kind, Kind::Boolean)
    });

    // Stripe: `has_more` and `starting_after`, the last item's `id`.
    if cursor_field.is_none()
        && let Some(more) = more
        && let Some(param) = params
            .cursors
            .iter()
            .find(|param| words(param).ends_with("after"))
        && item_has(list_schema, "id", schemas)
    {
        return Some(Pagination {
            next: Next::AfterLastItem {
                param: param.clone(),
                key: "/id".into(),
                more: more.pointer(),
            },
            items,
        });
    }
    // A next page's URL: `next_url`, …; `next` in `links`, `href` in
    // `next` (HAL's `_links.next.href`), or a plain `next` that is one.
    let url = found(&URL_FIELDS, &text).or_else(|| {
        fields.iter().find(|field| {
            text(field)
                && ((field.words == "next" && (field.parent == "links" || next_is_url(field)))
                    || (field.words == "href" && field.parent == "next"))
        })
    });
    if let Some(url) = url {
        return Some(Pagination {
            next: Next::NextUrl {
                pointer: url.pointer(),
            },
            items,
        });
    }
    // A cursor in the answer, sent back as a parameter.
    if let Some(cursor) = cursor_field
        && let Some(param) = params.cursor_for(&cursor.words)
    {
        return Some(Pagination {
            next: Next::Cursor {
                pointer: cursor.pointer(),
                param: param.clone(),
            },
            items,
        });
    }
    // The next page's number, or a page token sent as `page` (Stripe's
    // searches): `null` or absent on the last page.
    if let Some(page) = &params.page
        && let Some(next) = found(&NEXT_PAGE_FIELDS, &token)
    {
        return Some(Pagination {
            next: Next::Cursor {
                pointer: next.pointer(),
                param: page.clone(),
            },
            items,
        });
    }
    if let (Some(offset), Some(size)) = (&params.offset, &params.size) {
        return Some(Pagination {
            next: Next::Offset {
                param: offset.clone(),
                limit: size.clone(),
            },
            items,
        });
    }
    // A page number, until the number of pages when the answer says it,
    // else until an empty page.
    if let Some(page) = &params.page {
        let total = found(&TOTAL_PAGES_FIELDS, &|field| {
            matches!(field.schema.kind, Kind::Integer | Kind::Number)
        });
        return Some(Pagination {
            next: Next::PageNumber {
                param: page.clone(),
                total: total.map(Field::pointer),
            },
            items,
        });
    }
    None
}

/// The list of a page of `members`: its one list, or, beside others that
/// are optional, its one required list.
fn the_list<'m>(
    members: &'m [(String, Schema)],
    required: &[String],
    schemas: &BTreeMap<String, Schema>,
) -> Option<&'m (String, Schema)> {
    let lists: Vec<&(String, Schema)> = members
        .iter()
        .filter(|(_, schema)| matches!(resolve(schema, schemas, 0).kind, Kind::Array(_)))
        .collect();
    let required: Vec<&(String, Schema)> = lists
        .iter()
        .copied()
        .filter(|(name, _)| required.contains(name))
        .collect();
    match (lists.as_slice(), required.as_slice()) {
        ([list], _) | (_, [list]) => Some(list),
        _ => None,
    }
}

/// Whether a text schema is said to be a URL (`format: uri`, …).
fn is_url(schema: &Schema) -> bool {
    let format = match &schema.kind {
        Kind::String { format, .. } => format.as_deref(),
        _ => None,
    };
    format.or(schema.format.as_deref()).is_some_and(|format| {
        matches!(
            format,
            "uri" | "url" | "uri-reference" | "iri" | "iri-reference"
        )
    })
}

/// The paging an extension of the operation names: `Some(None)` for one
/// that says the list has one page.
fn extension(operation: &Operation) -> Option<Option<Pagination<String>>> {
    if let Some(pageable) = operation.extensions.get("x-ms-pageable") {
        let next = match pageable.get("nextLinkName") {
            Some(Value::Null) => return Some(None),
            Some(Value::String(name)) => name.clone(),
            _ => "nextLink".to_owned(),
        };
        let items = pageable
            .get("itemName")
            .and_then(Value::as_str)
            .unwrap_or("value");
        return Some(Some(Pagination {
            next: Next::NextUrl {
                pointer: format!("/{}", escape(&next)),
            },
            items: Some(format!("/{}", escape(items))),
        }));
    }
    let speakeasy = operation.extensions.get("x-speakeasy-pagination")?;
    let input = |kind: &str| {
        speakeasy
            .get("inputs")
            .and_then(Value::as_array)?
            .iter()
            .find(|input| input.get("type").and_then(Value::as_str) == Some(kind))
            .and_then(|input| input.get("name"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let output = |name: &str| {
        speakeasy
            .get("outputs")
            .and_then(|outputs| outputs.get(name))
            .and_then(Value::as_str)
            .and_then(json_path_pointer)
    };
    let items = output("results");
    let next = match speakeasy.get("type").and_then(Value::as_str) {
        Some("cursor") => Next::Cursor {
            pointer: output("nextCursor")?,
            param: input("cursor")?,
        },
        Some("offsetLimit") => match (input("offset"), input("page"), input("limit")) {
            (Some(param), _, Some(limit)) => Next::Offset { param, limit },
            (None, Some(param), _) => Next::PageNumber { param, total: None },
            _ => return None,
        },
        Some("url") => Next::NextUrl {
            pointer: output("nextUrl")?,
        },
        _ => return None,
    };
    Some(Some(Pagination { next, items }))
}

/// `$.a.b` (plain members only) as the JSON pointer `/a/b`.
fn json_path_pointer(path: &str) -> Option<String> {
    let rest = path.strip_prefix("$.")?;
    let parts: Vec<&str> = rest.split('.').collect();
    parts
        .iter()
        .all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
        .then(|| pointer(&parts))
}

/// The JSON pointer of a path of members.
fn pointer(path: &[&str]) -> String {
    path.iter()
        .map(|part| format!("/{}", escape(part)))
        .collect()
}

/// `schema` without references, `depth` deep at most.
fn resolve<'s>(
    schema: &'s Schema,
    schemas: &'s BTreeMap<String, Schema>,
    depth: usize,
) -> &'s Schema {
    match &schema.kind {
        Kind::Ref(name) if depth < MAX_DEPTH => match schemas.get(name) {
            Some(target) => resolve(target, schemas, depth + 1),
            None => schema,
        },
        _ => schema,
    }
}

/// The members of an object schema (an `allOf` of objects merged), each
/// with its schema; empty for any other.
fn members(
    schema: &Schema,
    schemas: &BTreeMap<String, Schema>,
    depth: usize,
) -> Vec<(String, Schema)> {
    if depth > MAX_DEPTH {
        return Vec::new();
    }
    match &resolve(schema, schemas, 0).kind {
        Kind::Object(object) => object
            .properties
            .iter()
            .map(|property| (property.name.clone(), property.schema.clone()))
            .collect(),
        Kind::AllOf(parts) => parts
            .iter()
            .flat_map(|part| members(part, schemas, depth + 1))
            .collect(),
        _ => Vec::new(),
    }
}

/// The keys an object schema (an `allOf` of objects merged) requires.
fn required(schema: &Schema, schemas: &BTreeMap<String, Schema>, depth: usize) -> Vec<String> {
    if depth > MAX_DEPTH {
        return Vec::new();
    }
    match &resolve(schema, schemas, 0).kind {
        Kind::Object(object) => object
            .properties
            .iter()
            .filter(|property| property.required)
            .map(|property| property.name.clone())
            .chain(object.required.iter().cloned())
            .collect(),
        Kind::AllOf(parts) => parts
            .iter()
            .flat_map(|part| required(part, schemas, depth + 1))
            .collect(),
        _ => Vec::new(),
    }
}

fn members_of(schema: &Schema, schemas: &BTreeMap<String, Schema>) -> Vec<(String, Schema)> {
    members(schema, schemas, 0)
}

/// Whether the items of the list `list` are objects with a member `key`.
fn item_has(list: &Schema, key: &str, schemas: &BTreeMap<String, Schema>) -> bool {
    let Kind::Array(item) = &resolve(list, schemas, 0).kind else {
        return false;
    };
    match &resolve(item, schemas, 0).kind {
        // A list of one of several objects: each has it.
        Kind::OneOf(alternatives) => {
            !alternatives.is_empty()
                && alternatives
                    .iter()
                    .all(|a| members_of(a, schemas).iter().any(|(name, _)| name == key))
        }
        _ => members_of(item, schemas)
            .iter()
            .any(|(name, _)| name == key),
    }
}

#[cfg(test)]
mod tests;
