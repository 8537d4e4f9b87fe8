//! The bounds every client keeps to: redirects followed, empty pages and
//! pages read in one walk, the size of an answer read whole.

/// The most redirects one call follows in a row (as reqwest and ureq do by
/// default); one more is an [`Error::Redirect`](crate::Error::Redirect).
pub const MAX_REDIRECTS: usize = 10;

/// The most pages in a row with no item, each linking to another, that
/// a walk of `paginate` reads (its items or its pages): after them the page linked to is not
/// fetched, and the pages end with an [`Error::Paging`](crate::Error::Paging) naming the count
/// and the last page read, their cursor resuming at the page not fetched.
pub const MAX_EMPTY_PAGES: usize = 10;

/// The most pages one walk of `paginate` requests (its items or its pages) unless told
/// ([`ClientBuilder::max_pages`](crate::ClientBuilder::max_pages), or the walk's own `max_pages`): the walk
/// that reaches it ends with an [`Error::Paging`](crate::Error::Paging), resumable at the page
/// not fetched. Ten thousand pages are a million items at 100 a page; a
/// server that never ends its list gets ten thousand requests, not an
/// endless stream of them.
pub const DEFAULT_MAX_PAGES: usize = 10_000;

/// The largest answer body a client reads whole; a larger one is an
/// [`Error::Transport`](crate::Error::Transport). A streamed answer's body (`stream`,
/// `stream_request`) has no limit; a line of one read as lines, and a
/// server-sent event of one read as events, is at most this long.
pub const MAX_ANSWER_BYTES: u64 = 100 << 20;
