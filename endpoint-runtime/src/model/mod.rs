//! Support types for response models: the Rust types an API's answers
//! decode into.
//!
//! A model keeps what the server sent even where this version of the crate
//! knows less than the server does, so that decoding an answer does not fail
//! on a value the API added later or writes in an unexpected form:
//!
//! - [`Timestamp`] holds a `date-time` as the text that was sent (or the
//!   number, for the answers that send Unix seconds), and converts to a
//!   [`SystemTime`](std::time::SystemTime) on demand;
//! - [`Uri`] holds a `uri` as its text, and parses into the URL type of your
//!   choice on demand;
//! - the string enums of a model are *open*: besides one variant per value
//!   the API documents, each has an `Unknown` variant holding the text of
//!   any other value, as an [`Unknown`];
//! - [`Nullable`] is a property that may be absent or `null`, the two
//!   told apart (a request that clears a value sends `null`);
//! - [`Answer`] is the trait of what an answer's body decodes into, by
//!   its status and media type: every `Deserialize` type (JSON, text, or
//!   nothing), [`Bytes`](crate::body::Bytes), and the enums of
//!   [`answers!`](crate::answers), one variant per status;
//! - [`Paginated`] is the trait of an answer that is a page of a list (a
//!   list, or an object holding one beside `total_count`): it tells a client
//!   the type of the items;
//! - [`Pagination`] says how an API's pages follow one another (`Link`
//!   headers, a cursor in the answer, the last item's id, a next URL,
//!   offsets, page numbers) and where a page's list is.
//!
//! ```
//! # endpoint::__private::open_enum! {
//! #     /// The state of an issue.
//! #     pub enum IssueState {
//! #         /// `open`
//! #         Open = "open",
//! #         /// `closed`
//! #         Closed = "closed",
//! #     }
//! # }
//! use endpoint::model::{Timestamp, Uri};
//! use serde::Deserialize;
//!
//! #[derive(Debug, Deserialize)]
//! struct Issue {
//!     state: IssueState,
//!     created_at: Timestamp,
//!     html_url: Uri,
//! }
//!
//! let issue: Issue = serde_json::from_str(
//!     r#"{"state": "draft", "created_at": "2011-01-26T19:01:12Z",
//!         "html_url": "https://github.com/octocat/hello-world/issues/1"}"#,
//! )?;
//! // A value the enum does not know decodes, and keeps its text.
//! assert!(matches!(issue.state, IssueState::Unknown(_)));
//! assert_eq!(issue.state.as_str(), "draft");
//! assert_eq!(issue.created_at.as_str(), "2011-01-26T19:01:12Z");
//! let seconds = issue.created_at.to_system_time()?.duration_since(std::time::UNIX_EPOCH)?;
//! assert_eq!(seconds.as_secs(), 1_296_068_472);
//! assert_eq!(issue.html_url.as_str(), "https://github.com/octocat/hello-world/issues/1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod answer;
pub(crate) mod civil;
pub(crate) mod key;
pub(crate) mod nullable;
pub(crate) mod open_enum;
pub(crate) mod paginated;
mod pagination;
mod timestamp;
pub(crate) mod union;
mod uri;

pub use answer::{Answer, AnswerError};
pub use nullable::Nullable;
pub use open_enum::Unknown;
pub use paginated::Paginated;
pub use pagination::{Next, Pagination};
pub use timestamp::{Timestamp, TimestampError};
pub use uri::Uri;
