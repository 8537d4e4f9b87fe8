//! Dynamic requests: a route and JSON options on an endpoint's defaults
//! (`endpoint(route, options)`), and merged options (`parse(merged)`), both
//! read through [`Layers`] and written by the builder.

use serde_json::{Map, Value};

use crate::build::{Input, Resolved, build};
use crate::defaults::{CallOptions, Prepared};
use crate::error::Result;
use crate::layers::{Layers, format_text};
use crate::request::{Method, Request};
use crate::route::Route;
use crate::template::with_parsed;

/// `endpoint(route, options)`: equal to `parse(merge(defaults, route,
/// options))`, errors included, without building the merged options.
pub(crate) fn request(
    defaults: &Map<String, Value>,
    prepared: &Prepared,
    route: Option<Route<'_>>,
    options: Option<&Map<String, Value>>,
) -> Result<Request> {
    let layers = Layers::call(defaults, route, options).with_default_params(prepared.has_params());
    let call = CallOptions::begin(layers, prepared)?;
    let layers = *call.layers();
    let method = layers.method()?;
    let url = layers.url()?;
    let base_url = layers.base_url()?;
    let resolved = call.finish()?;
    with_parsed(url, |template| {
        let input = Input {
            method: Method::parse(method)?,
            base_url,
            template,
            body: None,
            accept: None,
            options: resolved,
        };
        build(input, &layers.params(template))
    })?
}

/// `parse(merged)`: merged options, shaped like `merge`'s result, turned
/// into a request.
pub(crate) fn parse(merged: &Map<String, Value>) -> Result<Request> {
    let layers = Layers::merged(merged);
    let method = layers.method()?;
    let url = layers.url()?;
    let base_url = layers.base_url()?;
    let headers = layers.headers()?;
    let media = layers.media()?;
    let format = format_text(media.format)?;
    let request = layers.request();
    with_parsed(url, |template| {
        let input = Input {
            method: Method::parse(method)?,
            base_url,
            template,
            body: None,
            accept: None,
            options: Resolved {
                headers,
                format,
                previews: media.previews,
                accepts: None,
                body_headers: None,
                request,
            },
        };
        build(input, &layers.params(template))
    })?
}
