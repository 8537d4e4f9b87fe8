//! An endpoint's defaults: the initial ones, and the defaults read once into
//! what every call starts from, so that a call reads no JSON it does not set.

use std::borrow::Cow;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::github::{self, STATIC_SETS};
use super::layers::{Layers, Media, format_text, lookup};
use super::previews::{self, Accept, AcceptCache};
use crate::build::Resolved;
use crate::error::Result;
use crate::headers::{BodyHeaders, Headers};
use crate::names::is_option_key;

/// The initial defaults: `method`, `baseUrl`, `headers`, `mediaType`, in that order.
pub(crate) fn initial() -> Map<String, Value> {
    let mut headers = Map::with_capacity(2);
    headers.insert("accept".into(), github::DEFAULT_ACCEPT.into());
    headers.insert("user-agent".into(), github::USER_AGENT.into());
    of(github::DEFAULT_BASE_URL, headers)
}

/// The defaults of an API at `base_url` with `headers`, in the order of
/// [`initial`], with an empty `mediaType`.
pub(crate) fn of(base_url: &str, headers: Map<String, Value>) -> Map<String, Value> {
    let mut media_type = Map::with_capacity(2);
    media_type.insert("format".into(), "".into());
    media_type.insert("previews".into(), Value::Array(Vec::new()));
    let mut defaults = Map::with_capacity(4);
    defaults.insert("method".into(), "GET".into());
    defaults.insert("baseUrl".into(), base_url.into());
    defaults.insert("headers".into(), Value::Object(headers));
    defaults.insert("mediaType".into(), Value::Object(media_type));
    defaults
}

/// An endpoint's defaults, read once: what a call that sets no `baseUrl`,
/// `headers` or `mediaType` gets from them.
pub(crate) struct Prepared {
    /// `None` when any of the defaults is invalid (a `baseUrl` that is not a
    /// string, a header that cannot be sent, a bad format): such a call then
    /// reads them the slow way, which reports the error where it belongs.
    ready: Option<Ready>,
    /// Whether the defaults hold parameters besides the options.
    has_params: bool,
}

/// Valid defaults, ready to use.
pub(crate) struct Ready {
    pub base_url: String,
    /// The headers, `accept` composed from the format and previews; shared
    /// by every request until one changes them.
    pub headers: Headers,
    /// The headers with `accept` as the defaults give it, for calls that set
    /// their own `mediaType`.
    pub raw_headers: Headers,
    /// The headers composed for those calls.
    pub accepts: AcceptCache,
    /// The previews, as a call that sets none reads them.
    pub previews: Vec<Cow<'static, str>>,
    /// `headers` with what a request with or without a body adds.
    pub body_headers: Arc<BodyHeaders>,
    pub request: Option<Box<Value>>,
}

impl Prepared {
    pub(crate) fn new(defaults: &Map<String, Value>) -> Self {
        Prepared {
            ready: Self::read(defaults),
            has_params: defaults.keys().any(|key| !is_option_key(key)),
        }
    }

    /// Defaults of a base URL and headers alone, read already (an API's
    /// settings).
    pub(crate) fn of(base_url: &str, headers: &Headers) -> Self {
        let body_headers = Arc::new(BodyHeaders::among(headers.clone(), &STATIC_SETS));
        let headers = body_headers.base().clone();
        Prepared {
            ready: Some(Ready {
                base_url: base_url.to_owned(),
                body_headers,
                raw_headers: headers.clone(),
                headers,
                accepts: AcceptCache::default(),
                previews: Vec::new(),
                request: None,
            }),
            has_params: false,
        }
    }

    fn read(defaults: &Map<String, Value>) -> Option<Ready> {
        // The defaults as a call with no options reads them.
        let layers = Layers::call(defaults, None, None);
        let media = layers.media().ok()?;
        let base_url = layers.base_url().ok()?.to_owned();
        let raw_headers = layers.headers().ok()?.into_shared_among(&STATIC_SETS);
        let format = format_text(media.format).ok()?;
        let accepts = AcceptCache::default();
        let headers = if format.is_empty() && media.previews.is_empty() {
            raw_headers.clone()
        } else {
            accepts
                .with_accept(raw_headers.clone(), format, &media.previews)
                .ok()?
        };
        let previews = media
            .previews
            .iter()
            .map(|preview| Cow::Owned(preview.to_string()))
            .collect();
        Some(Ready {
            base_url,
            body_headers: Arc::new(BodyHeaders::among(headers.clone(), &STATIC_SETS)),
            headers,
            raw_headers,
            accepts,
            previews,
            request: layers.request(),
        })
    }

    /// The defaults, when they are all valid.
    pub(crate) fn ready(&self) -> Option<&Ready> {
        self.ready.as_ref()
    }

    /// Whether the defaults hold parameters besides the options.
    pub(crate) fn has_params(&self) -> bool {
        self.has_params
    }
}

impl Ready {
    /// What a call that sets none of the options resolves to.
    pub(crate) fn resolved(&self) -> Resolved<'_, Accept<'_>> {
        Resolved {
            headers: self.headers.clone(),
            default_accept: None,
            compose: None,
            body_headers: Some(&*self.body_headers),
            request: self.request.clone(),
        }
    }
}

/// The `baseUrl` of `defaults`, if it is a string.
pub(crate) fn base_url(defaults: &Map<String, Value>) -> Option<&str> {
    lookup(defaults, "baseUrl").and_then(Value::as_str)
}

/// The options of a call on an endpoint, read over its prepared defaults:
/// headers and media type from the defaults when the call sets neither,
/// read through its layers otherwise.
pub(crate) struct CallOptions<'a> {
    layers: Layers<'a>,
    source: Source<'a>,
    accepts: Option<&'a AcceptCache>,
}

enum Source<'a> {
    /// The call sets neither `headers` nor `mediaType`.
    Prepared(&'a Ready),
    /// The call sets `mediaType` but no `headers`: the defaults' headers,
    /// with `accept` composed for the call's media type.
    Media(&'a Ready, Media<'a>),
    /// Anything else: read through the layers.
    Read(Media<'a>),
}

impl<'a> CallOptions<'a> {
    /// Starts reading a call: what `merge` would refuse (the shapes of
    /// `headers` and `mediaType`, the previews) is refused first, so that
    /// errors come in the order `parse(merge(…))` finds them.
    pub(crate) fn begin(layers: Layers<'a>, prepared: &'a Prepared) -> Result<Self> {
        // Valid defaults and a call without option keys: nothing to check.
        let call_headers = match prepared.ready() {
            Some(_) if !layers.call_has_options() => None,
            _ => layers.header_layers()?[1],
        };
        let source = match (
            call_headers,
            layers.call_option("mediaType"),
            prepared.ready(),
        ) {
            (None, None, Some(ready)) => Source::Prepared(ready),
            (None, Some(_), Some(ready)) => {
                Source::Media(ready, layers.media_over(Some(&ready.previews))?)
            }
            _ => Source::Read(layers.media()?),
        };
        Ok(CallOptions {
            layers,
            source,
            accepts: prepared.ready().map(|ready| &ready.accepts),
        })
    }

    pub(crate) fn layers(&self) -> &Layers<'a> {
        &self.layers
    }

    /// The headers, the media type and the `request` passthrough, read in
    /// `parse`'s order (after the method, the URL and the base URL).
    pub(crate) fn finish(self) -> Result<Resolved<'a, Accept<'a>>> {
        let layers = self.layers;
        let (headers, format, previews) = match self.source {
            Source::Prepared(ready) => {
                let mut resolved = ready.resolved();
                if layers.call_has_options() {
                    resolved.request = layers.request();
                }
                return Ok(resolved);
            }
            Source::Media(ready, media) => (
                ready.raw_headers.clone(),
                format_text(media.format)?,
                media.previews,
            ),
            Source::Read(media) => {
                let headers = layers.headers()?;
                (headers, format_text(media.format)?, media.previews)
            }
        };
        Ok(Resolved {
            headers,
            default_accept: None,
            compose: previews::composer(format, previews, self.accepts),
            body_headers: None,
            request: layers.request(),
        })
    }
}
