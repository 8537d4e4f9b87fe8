//! GitHub's descriptions as rustdoc: `endpoint_openapi::docs`, with links
//! relative to docs.github.com (`(/rest/…)`) made absolute.

use endpoint_openapi::docs::{self, Links};

/// docs.github.com, the base of the descriptions' relative links.
const DOCS: &str = "https://docs.github.com";

fn links(page: Option<&str>) -> Links<'_> {
    Links {
        base: Some(DOCS),
        page,
    }
}

/// `text` as rustdoc markdown; `page` is the operation's documentation, for
/// links to its anchors.
pub fn rustdoc(text: &str, page: Option<&str>) -> String {
    docs::rustdoc(text, links(page))
}

/// The first sentence of the first paragraph of `text`, as rustdoc markdown.
pub fn first_sentence(text: &str, page: Option<&str>) -> String {
    docs::first_sentence(text, links(page))
}
