//! Dynamic requests: a route and JSON options on an endpoint's defaults
//! (`endpoint(route, options)`), and merged options (`parse(merged)`), both
//! read through [`Layers`] and written by the builder.

use serde_json::{Map, Value};

use super::defaults::{CallOptions, Prepared};
use super::layers::{Layers, format_text};
use super::previews::{self, Accept};
use crate::build::{Input, Resolved, build};
use crate::error::Result;
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
    run(&layers, method, url, base_url, resolved)
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
    let options = Resolved {
        headers,
        default_accept: None,
        compose: previews::composer(format, media.previews, None),
        body_headers: None,
        request: layers.request(),
    };
    run(&layers, method, url, base_url, options)
}

/// The request of options read through `layers`: its URL template parsed,
/// its parameters those of the layers that the template does not consume.
fn run<'a>(
    layers: &Layers<'a>,
    method: &str,
    url: &str,
    base_url: &'a str,
    options: Resolved<'a, Accept<'a>>,
) -> Result<Request> {
    with_parsed(url, |template| {
        let input = Input {
            method: Method::parse(method)?,
            base_url,
            template,
            body: None,
            accept: None,
            options,
        };
        build(input, &layers.params(template))
    })?
}
