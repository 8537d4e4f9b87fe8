//! The five inputs of the `decode/…` benchmarks (`benches/fixtures/decode/`,
//! see its README) and the types each decodes into: the answer type that
//! `endpoint-github` declares for the operation (`generated`), and the
//! hand-written floor of `support/floor.rs` (`handwritten`).
//!
//! Shared by `benches/decode.rs` and `tests/decode_inputs.rs` as a module
//! of `#[path = "…/support/decode_inputs.rs"]`, beside
//! `#[path = "…/support/floor.rs"] mod floor;` in the same module.

use std::path::PathBuf;

use endpoint::TypedRequest;
use endpoint_github::{issues, repos, search};
use serde::de::DeserializeOwned;

use super::floor;

/// The names of the inputs, in the order of the table: each is the file
/// `benches/fixtures/decode/<name>.json`.
pub const NAMES: [&str; 5] = [
    "issues_page",
    "repositories_page",
    "commits_page",
    "full_repository",
    "search_issues_page",
];

/// The answer type that `endpoint-github` declares for an operation.
type Answer<R> = <R as TypedRequest>::Response;

/// What is done with each input and its two typed forms: `G` the generated
/// answer type, `H` the hand-written floor.
pub trait Each {
    fn input<G: DeserializeOwned, H: DeserializeOwned>(
        &mut self,
        name: &'static str,
        bytes: Vec<u8>,
    );
}

/// Calls `each` with every input, in the order of [`NAMES`].
pub fn for_each(each: &mut impl Each) {
    each.input::<Answer<issues::ListForRepo>, Vec<floor::Issue>>(NAMES[0], load(NAMES[0]));
    each.input::<Answer<repos::ListForOrg>, Vec<floor::MinimalRepository>>(
        NAMES[1],
        load(NAMES[1]),
    );
    each.input::<Answer<repos::ListCommits>, Vec<floor::Commit>>(NAMES[2], load(NAMES[2]));
    each.input::<Answer<repos::Get>, floor::FullRepository>(NAMES[3], load(NAMES[3]));
    each.input::<Answer<search::IssuesAndPullRequests>, floor::SearchIssuesAndPullRequestsResponse>(
        NAMES[4],
        load(NAMES[4]),
    );
}

/// The bytes of an input.
pub fn load(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("benches/fixtures/decode")
        .join(format!("{name}.json"));
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The one entry point of all three ways of decoding: the bytes checked as
/// UTF-8 once (`std::str::from_utf8`), then `serde_json::from_str`.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> serde_json::Result<T> {
    let text = std::str::from_utf8(bytes).expect("the inputs are UTF-8");
    serde_json::from_str(text)
}
