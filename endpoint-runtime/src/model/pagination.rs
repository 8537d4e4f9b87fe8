//! [`Pagination`]: how an API's answers point at the next page of a list,
//! and where a page holds its items.

/// How the pages of a list follow one another, and where each page holds
/// its items: what a client's `paginate` (its items and pages) and their cursors follow.
///
/// Every scheme but [`Pagination::next_url`] and `Link` headers builds the
/// next page's URL from the page's own, with one query parameter set (or
/// replaced): every page is a GET of a URL, which a `Cursor` names.
///
/// The items of a page are the list at the JSON pointer (RFC 6901) given
/// with [`Pagination::items`], or by the rule of [`Paginated`] for
/// `serde_json::Value`: the answer is a list, or an object holding one list
/// beside `total_count`, `incomplete_results` and `repository_selection`.
/// A typed route's pages are read by its response type's own
/// [`Paginated`], unless the pagination names where the list is: then the
/// items at that pointer are decoded as the response type's items.
///
/// A client takes one for an API (`ClientBuilder::pagination`); a route of
/// `endpoint!` may name its own (`#[endpoint(paginate = …)]`), which wins
/// over the client's; a walk's own (`client.paginate(&route).pagination(…)`)
/// wins over both.
///
/// ```
/// use endpoint::model::Pagination;
///
/// // GitHub, and any API that sends `Link: <…>; rel="next"` (the default).
/// let github = Pagination::link();
/// assert_eq!(github, Pagination::default());
///
/// // Kubernetes: `{"metadata": {"continue": "…"}, "items": […]}`, sent back
/// // as `?continue=…`.
/// let kubernetes = Pagination::cursor("/metadata/continue", "continue").items("/items");
///
/// // Slack: `{"messages": […], "response_metadata": {"next_cursor": "…"}}`.
/// let slack = Pagination::cursor("/response_metadata/next_cursor", "cursor").items("/messages");
///
/// // Stripe: `{"object": "list", "data": […], "has_more": true}`, the next
/// // page `?starting_after=<the last item's id>`.
/// let stripe = Pagination::after_last_item("starting_after", "/id", "/has_more").items("/data");
///
/// // Twilio: `{"messages": […], "next_page_uri": "/2010-04-01/…?Page=1&PageToken=…"}`.
/// let twilio = Pagination::next_url("/next_page_uri").items("/messages");
///
/// // `?offset=40&limit=20`: the offset grows by the number of items read.
/// let offsets = Pagination::offset("offset", "limit");
///
/// // `?page=3`, until an empty page or the `total_pages` of the answer.
/// let numbers = Pagination::page_number("page").total_pages("/meta/total_pages");
/// # let _ = (kubernetes, slack, stripe, twilio, offsets, numbers);
/// ```
///
/// The one type of the workspace for a scheme of pages: a compiled route
/// and a client hold it with `&'static str` texts (the default); the
/// `endpoint!` macro's reader of `paginate(…)` and the code generators, who
/// find a scheme in a description, hold it with `String`s.
///
/// [`Paginated`]: super::Paginated
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pagination<S = &'static str> {
    /// How a page points at the next one.
    pub next: Next<S>,
    /// The JSON pointer (RFC 6901) to a page's list of items; `None` for the
    /// rule of [`Paginated`](super::Paginated) for `serde_json::Value`.
    pub items: Option<S>,
}

/// How a page points at the next one: a scheme of [`Pagination`].
///
/// Every JSON pointer is RFC 6901's (`/metadata/continue`, `/a~1b` for the
/// key `a/b`); every parameter is a query parameter of the page's URL, set
/// or replaced in the next page's (its name compared percent-decoded:
/// `page[number]` replaces `page%5Bnumber%5D`).
///
/// Exhaustive: the macro's reader and writer of `paginate(…)` and the code
/// generators match every scheme, so that a new one is taught to each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Next<S = &'static str> {
    /// The target of the answer's `Link: <…>; rel="next"` header (RFC 8288).
    #[default]
    Link,
    /// A cursor in the answer at `pointer`, a string or an integer, sent
    /// back as the query parameter `param`; an empty, `null` or absent
    /// cursor ends the list.
    Cursor {
        /// Where the cursor is in the answer.
        pointer: S,
        /// The query parameter the next page sends it as.
        param: S,
    },
    /// The last item's key, at `key` in the item (a string or an integer),
    /// sent back as `param`, while the answer holds `true` at `more`; an
    /// empty page ends the list.
    AfterLastItem {
        /// The query parameter the next page sends the key as.
        param: S,
        /// Where the key is in an item.
        key: S,
        /// Where the answer says whether more items follow.
        more: S,
    },
    /// The next page's URL, in the answer at `pointer`: absolute, or
    /// relative to the page's URL; an empty, `null` or absent one ends the
    /// list. Credentials go only to the first request's origin.
    NextUrl {
        /// Where the URL is in the answer.
        pointer: S,
    },
    /// An offset (`param`, 0 when the URL has none) that grows by the
    /// number of items of each page; a page with fewer items than the
    /// URL's `limit` parameter, or none, ends the list.
    Offset {
        /// The query parameter of the offset.
        param: S,
        /// The query parameter of the number of items a page holds.
        limit: S,
    },
    /// A page number (`param`, 1 when the URL has none) that grows by 1; an
    /// empty page ends the list, as does the page whose number is the
    /// answer's number of pages at `total`, when given. With no number of
    /// pages, a client also ends the list at a page past the last that the
    /// server refuses (400, 404, 416, 422), and stops with an error at a page
    /// that repeats the one before (a server that ignores `param`).
    PageNumber {
        /// The query parameter of the page number.
        param: S,
        /// Where the answer says how many pages there are.
        total: Option<S>,
    },
}

impl Pagination {
    /// `Link: <…>; rel="next"` headers (RFC 8288), as GitHub sends them.
    #[must_use]
    pub const fn link() -> Pagination {
        Pagination::new(Next::Link)
    }

    /// A cursor at the JSON pointer `pointer` of the answer, sent back as
    /// the query parameter `param` ([`Next::Cursor`]).
    #[must_use]
    pub const fn cursor(pointer: &'static str, param: &'static str) -> Pagination {
        Pagination::new(Next::Cursor { pointer, param })
    }

    /// The key at `key` of the page's last item, sent back as `param`,
    /// while the answer holds `true` at `more` ([`Next::AfterLastItem`]).
    #[must_use]
    pub const fn after_last_item(
        param: &'static str,
        key: &'static str,
        more: &'static str,
    ) -> Pagination {
        Pagination::new(Next::AfterLastItem { param, key, more })
    }

    /// The next page's URL at the JSON pointer `pointer` of the answer
    /// ([`Next::NextUrl`]).
    #[must_use]
    pub const fn next_url(pointer: &'static str) -> Pagination {
        Pagination::new(Next::NextUrl { pointer })
    }

    /// An offset `param` growing by the number of items read, pages of
    /// `limit` items ([`Next::Offset`]).
    #[must_use]
    pub const fn offset(param: &'static str, limit: &'static str) -> Pagination {
        Pagination::new(Next::Offset { param, limit })
    }

    /// A page number `param` growing by 1 ([`Next::PageNumber`]).
    #[must_use]
    pub const fn page_number(param: &'static str) -> Pagination {
        Pagination::new(Next::PageNumber { param, total: None })
    }

    /// The same pages, the number of pages at `pointer` of the answer; only
    /// for [`Pagination::page_number`], the others are returned unchanged.
    #[must_use]
    pub const fn total_pages(self, pointer: &'static str) -> Pagination {
        match self.next {
            Next::PageNumber { param, .. } => Pagination {
                next: Next::PageNumber {
                    param,
                    total: Some(pointer),
                },
                items: self.items,
            },
            _ => self,
        }
    }

    /// The same pages, their items the list at the JSON pointer `pointer`.
    #[must_use]
    pub const fn items(self, pointer: &'static str) -> Pagination {
        Pagination {
            next: self.next,
            items: Some(pointer),
        }
    }

    const fn new(next: Next) -> Pagination {
        Pagination { next, items: None }
    }
}
