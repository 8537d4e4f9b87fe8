//! GitHub's policy: how `endpoint-openapi`, the generator `cargo endpoint
//! generate` runs, writes `endpoint-github` from the extract of GitHub's
//! description, the corrections of [`OVERLAY`] and the conventions of
//! [`CONVENTIONS`].
//!
//! - a module per scope of the operationIds (the part before `/`:
//!   `code-scanning/list-alerts-for-repo` is
//!   `code_scanning::ListAlertsForRepo`), its feature the scope;
//! - a path parameter marked `x-multi-segment` sends its `/` as they are;
//! - an operation renamed in `x-octokit.changes` keeps its former name as a
//!   deprecated alias;
//! - each struct links GitHub's documentation of its operation;
//! - lists page by `Link` headers, and an answer that wraps its list beside
//!   `total_count` (a search, a list of secrets) is a page of that list;
//! - the requests accept `application/vnd.github.v3+json`, and their JSON
//!   bodies are `application/json; charset=utf-8`, as octokit's;
//! - a body property with the name of a path parameter is `new_<name>`;
//! - the crate is a member of this workspace below the facade, which
//!   re-exports it as `endpoint::github`.

use std::path::Path;

use endpoint_openapi::conventions::Conventions;
use endpoint_openapi::package::{self, Dependency, Generated, Modules, Options};
use endpoint_openapi::read;
use endpoint_openapi::sibling::{self, Plan};

use super::extract::EXTRACT;

/// The corrections of the description, relative to the workspace root.
pub const OVERLAY: &str = "endpoint-github/openapi/overlay.json";

/// The crate's directory, relative to the workspace root.
pub const CRATE: &str = "endpoint-github";

/// GitHub's conventions, relative to the workspace root: a file any
/// caller of the generator can pass (`cargo endpoint generate --conventions`).
pub const CONVENTIONS: &str = "endpoint-github/openapi/conventions.toml";

/// GitHub's conventions, as [`CONVENTIONS`] says them.
pub fn conventions(root: &Path) -> Result<Conventions, String> {
    Conventions::read(&root.join(CONVENTIONS))
}

/// How `endpoint-github` is generated.
pub fn options(root: &Path) -> Result<Options, String> {
    Ok(Options {
        name: CRATE.to_owned(),
        endpoint: Dependency::Workspace("..".into()),
        modules: Modules::OperationIdPrefix {
            separator: "/".to_owned(),
        },
        conventions: conventions(root)?,
    })
}

/// The crate, as the generator writes it from the extract and its overlay.
pub fn generate(root: &Path) -> Result<Generated, String> {
    let read = read::read_file(&root.join(EXTRACT), &[root.join(OVERLAY)])
        .map_err(|err| err.to_string())?;
    package::generate_read(&read, &options(root)?)
}

/// The description as read and the plan the crate is written from (the
/// plan [`package`] makes of it, for the test tables).
pub fn plan(root: &Path) -> Result<(read::Read, Plan), String> {
    let read = read::read_file(&root.join(EXTRACT), &[root.join(OVERLAY)])
        .map_err(|err| err.to_string())?;
    let options = options(root)?;
    let mut diagnostics = read.diagnostics.clone();
    let plan = sibling::plan(
        &read.api,
        &options.modules,
        &options.conventions,
        &mut diagnostics,
    );
    Ok((read, plan))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values the conventions file writes out that the runtime names.
    #[test]
    fn the_conventions_file_says_what_the_runtime_does() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let conventions = conventions(&root).unwrap();
        assert_eq!(
            conventions.default_accept.as_deref(),
            Some(endpoint_runtime::DEFAULT_ACCEPT)
        );
        assert_eq!(
            conventions.deployment_paths,
            [(
                endpoint_runtime::DEFAULT_UPLOADS_URL.to_owned(),
                "/api/uploads".to_owned()
            )]
        );
    }
}
