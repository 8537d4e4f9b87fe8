//! The port of `@octokit/endpoint` 6.0.12 over the neutral request core:
//! JSON options layered over an endpoint's defaults, their merge rule,
//! `mediaType` previews and format, and GitHub's defaults.

pub(crate) mod defaults;
pub(crate) mod dynamic;
pub(crate) mod endpoint;
pub(crate) mod github;
pub(crate) mod layers;
pub(crate) mod merge;
pub(crate) mod options;
