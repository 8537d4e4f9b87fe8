//! The neutral request core: where each parameter of a typed route goes
//! (path, query, header, cookie, a body field, the whole body), how it is
//! written (OpenAPI's styles), and the request bodies of every media type.
//!
//! Nothing here knows the octokit layer (options, defaults, previews, the
//! `data` parameter): that layer is above it and hands its own parameters
//! with [`Placement::OCTOKIT`](plan::Placement::OCTOKIT).

pub(crate) mod form;
pub(crate) mod media;
pub(crate) mod multipart;
pub(crate) mod plan;
pub(crate) mod style;
