//! An API's conventions: what the generator makes of a description's own
//! extensions and prose, beyond what OpenAPI says. A description that has
//! none is generated with [`Conventions::default`], which follows OpenAPI
//! alone.
//!
//! Each convention is data, so that the same description and conventions
//! always give the same crate: the extension that marks a path parameter
//! as holding `/`, the extension that keeps the former names of renamed
//! operations, how a link to an operation's documentation reads, the
//! prefix of a body property that a path parameter's name takes, how types
//! are named and documented, which [`Rules`] the types follow, and the
//! crate's own prose.
//!
//! Conventions are a TOML file too ([`Conventions::read`], the `--conventions`
//! option of `cargo endpoint generate`, [`Generator::conventions_file`],
//! `openapi!`'s `conventions = "…"`): each key is a field of [`Conventions`]
//! in kebab case, every one optional (a key left out is its default), and an
//! unknown key is an error.
//!
//! ```toml
//! # A path parameter marked `x-multi-segment: true` sends its `/` as they are.
//! multi-segment = "x-multi-segment"
//! # Operations renamed in `x-octokit.changes` keep their former names.
//! renames = "x-octokit"
//! # `GET /issues ([GitHub docs](…))` in each struct's documentation.
//! docs-link = "GitHub docs"
//! # A body property named as a path parameter is `new_<name>`.
//! body-prefix = "new"
//! # `nullable-simple-user` is `simple-user`, an `Option` where it is used.
//! twin-prefixes = ["nullable-"]
//! link-pages = true
//! default-accept = "application/vnd.github.v3+json"
//! json-content-type = "application/json; charset=utf-8"
//! # The crate's documentation and README (Markdown), instead of the ones
//! # written from the description.
//! crate-doc = "…"
//! readme = "…"
//! # Each server on another origin, and the path it is at on another
//! # deployment's origin.
//! deployment-paths = [["https://uploads.github.com", "/api/uploads"]]
//! # Descriptions' texts as rustdoc (`rustdoc`, the default) or as written
//! # (`as-written`).
//! docs = "rustdoc"
//!
//! # The rules of the types (each `true` by default but `float-f32`).
//! [rules]
//! formats = true
//! float-f32 = false
//! share-inline = true
//! titles = true
//! write-back = true
//!
//! # How the events are named (GitHub's webhooks: each one's `X-GitHub-Event`
//! # a plain string, its value written in the operation's `x-github`).
//! [events]
//! header = "X-GitHub-Event"
//! header-value = "/x-github/subcategory"
//! # Each component schema marked `x-stripeEvent: {type: …}` is an event
//! # arriving in the envelope `event` (its type at `/type`, its object at
//! # `/data/object`).
//! schema-extension = "x-stripeEvent"
//! envelope = "event"
//! envelope-type = "/type"
//! envelope-object = "/data/object"
//! ```
//!
//! [`Generator::conventions_file`]: crate::Generator::conventions_file

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::docs::{self, Links};
use crate::ident;

/// An API's conventions, passed in [`Options`](crate::package::Options).
///
/// ```
/// use endpoint_openapi::conventions::Conventions;
///
/// let github = Conventions {
///     multi_segment: Some("x-multi-segment".into()),
///     renames: Some("x-octokit".into()),
///     docs_link: Some("GitHub docs".into()),
///     body_prefix: Some("new".into()),
///     ..Conventions::default()
/// };
/// assert_ne!(github, Conventions::default());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Conventions {
    /// The extension (`x-multi-segment`) that, `true` on a path parameter,
    /// says its value may hold `/`, sent as it is between the value's
    /// segments (the field's `#[endpoint(multi_segment)]`).
    pub multi_segment: Option<String>,
    /// The extension (`x-octokit`) of an operation whose `changes` list its
    /// former names: each change of `type` `OPERATION` with a
    /// `before.operationId` keeps that name as a deprecated alias of the
    /// struct, in the module the former name groups into (unless several
    /// operations had that name, or it is the struct's own).
    pub renames: Option<String>,
    /// The label of the link to an operation's `externalDocs` after its
    /// route in its struct's documentation (``` `GET /issues` ([GitHub
    /// docs](…)) ```); `None`: the documentation does not link it.
    pub docs_link: Option<String>,
    /// The prefix of the field of a body property whose name another field
    /// has (GitHub's `new`: `new_name`); `None`: `body`.
    pub body_prefix: Option<String>,
    /// Prefixes of component names that mark a twin of another component
    /// (GitHub's `nullable-`: `nullable-simple-user` is `simple-user` that
    /// may be `null`): the twin is named without it, and is the same type,
    /// an `Option` where it is used, when its schema is the same but for
    /// `nullable`.
    pub twin_prefixes: Vec<String>,
    /// The API pages its lists by `Link` headers (GitHub's): a list
    /// operation names no scheme of its own whatever its parameters, and an
    /// answer that wraps its list beside counts (the one list beside a
    /// `total_count`, `incomplete_results` or `repository_selection`) is a
    /// page of that list, so that paging yields its items.
    pub link_pages: bool,
    /// With [`link_pages`](Self::link_pages), the keys that may stand
    /// beside the one list of an answer that wraps it, saying how the
    /// search went rather than holding items (GitHub's `total_count`,
    /// `incomplete_results` and `repository_selection`).
    pub page_keys: Vec<String>,
    /// The media type the crate's requests accept unless their operation's
    /// answers say otherwise (GitHub's `application/vnd.github.v3+json`);
    /// `None`: `application/json`.
    pub default_accept: Option<String>,
    /// The `content-type` of the crate's JSON request bodies: what a body
    /// the description names `application/json` (no parameters) is sent
    /// as (GitHub's `application/json; charset=utf-8`, as octokit sends
    /// it); `None`: `application/json`, as the description says.
    pub json_content_type: Option<String>,
    /// The crate's documentation, Markdown, at the top of `src/lib.rs`
    /// instead of the one written from the description's title and
    /// description (the table of modules and the first call follow it).
    pub crate_doc: Option<String>,
    /// The crate's `README.md` instead of the one written from the
    /// description.
    pub readme: Option<String>,
    /// Where a server the operations declare on another origin than the
    /// API's base URL is on another deployment of the API: the server and
    /// the path it is at on that deployment's origin (GitHub's
    /// `https://uploads.github.com`, at `/api/uploads` of a GitHub
    /// Enterprise Server). Every such server is tied to the base URL in the
    /// crate's `api()` (`Api::with_tied_server`): a request built for
    /// another base URL goes to the path given here on that base URL's
    /// origin, and without one is refused until the settings say where that
    /// server is (`Api::with_server`).
    pub deployment_paths: Vec<(String, String)>,
    /// How the description's texts become the documentation of the types
    /// ([`Docs::Rustdoc`] unless said).
    pub docs: Docs,
    /// Which rules the types follow ([`Rules::default`] unless said; each
    /// field of [`Rules`] says what it does).
    pub rules: Rules,
    /// How the events (webhooks, callbacks) are told apart beyond what
    /// their schemas say, and which component schemas are events too: the
    /// `[events]` table.
    pub events: EventConventions,
}

/// The `[events]` table of the conventions: what tells a description's
/// events (its webhooks and callbacks) apart where their schemas do not
/// say it, and the component schemas an extension marks as events.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct EventConventions {
    /// The header that names each event (GitHub's `X-GitHub-Event`,
    /// compared without regard to case), with
    /// [`header_value`](Self::header_value).
    pub header: Option<String>,
    /// A JSON pointer into each event's operation object (GitHub's
    /// `/x-github/subcategory`) to the value [`header`](Self::header) has
    /// for that event, used where the header's schema lists no value (a
    /// one-value `enum` or a `const` says it otherwise); an event without
    /// a string there is a diagnostic naming the pointer.
    pub header_value: Option<String>,

    /// The extension of a component schema that makes it an event, the
    /// event's type under its `type` key (Stripe's `x-stripeEvent`): its
    /// payload is the [`envelope`](Self::envelope) component with the value
    /// at [`envelope_type`](Self::envelope_type) fixed to the type (a
    /// one-value `enum`, the tag of the crate's `Event` enum) and the value
    /// at [`envelope_object`](Self::envelope_object) typed by the schema's
    /// `properties.object` (its other properties beside it, Stripe's
    /// `previous_attributes`); `None`: no schema is an event.
    ///
    /// ```
    /// use endpoint_openapi::conventions::Conventions;
    ///
    /// let stripe = Conventions::from_toml("[events]\nschema-extension = \"x-stripeEvent\"").unwrap();
    /// assert_eq!(stripe.events.schema_extension.as_deref(), Some("x-stripeEvent"));
    /// assert_eq!(
    ///     (stripe.events.envelope(), stripe.events.envelope_type(), stripe.events.envelope_object()),
    ///     ("event", "/type", "/data/object")
    /// );
    /// ```
    pub schema_extension: Option<String>,
    /// The component schema each event of
    /// [`schema_extension`](Self::schema_extension) arrives in; `None`:
    /// `event`.
    pub envelope: Option<String>,
    /// The JSON pointer, in the envelope's value, of the event's type;
    /// `None`: `/type`.
    pub envelope_type: Option<String>,
    /// The JSON pointer, in the envelope's value, of the event's object;
    /// `None`: `/data/object`.
    pub envelope_object: Option<String>,
}

impl EventConventions {
    /// [`envelope`](Self::envelope), or `event`.
    pub fn envelope(&self) -> &str {
        self.envelope.as_deref().unwrap_or("event")
    }

    /// [`envelope_type`](Self::envelope_type), or `/type`.
    pub fn envelope_type(&self) -> &str {
        self.envelope_type.as_deref().unwrap_or("/type")
    }

    /// [`envelope_object`](Self::envelope_object), or `/data/object`.
    pub fn envelope_object(&self) -> &str {
        self.envelope_object.as_deref().unwrap_or("/data/object")
    }
}

/// How a description's texts (CommonMark) become documentation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Docs {
    /// As rustdoc (`docs::rustdoc`): what rustdoc would read otherwise
    /// (`[1, 2]`, `<id>`, bare URLs) escaped or linked.
    #[default]
    Rustdoc,
    /// As written.
    AsWritten,
}

/// The rules of the types that conventions may switch off (each field
/// says what it does); [`Rules::default`]
/// is all of them but `float_f32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rules {
    /// Integer formats, `binary` and `byte` have their own types.
    pub formats: bool,
    /// With `formats`, a number of `format: float` is an `f32` (which
    /// writes back a decimal that is not the one read) rather than an
    /// `f64`.
    pub float_f32: bool,
    /// Equal inline schemas are one type.
    pub share_inline: bool,
    /// A taken inline name is replaced by the schema's title.
    pub titles: bool,
    /// Models write back every value they read, and request bodies are
    /// built with `Default`.
    pub write_back: bool,
}

impl Rules {
    /// None of the rules: the types of answers that are only decoded.
    pub const ANSWERS_ONLY: Rules = Rules {
        formats: false,
        float_f32: false,
        share_inline: false,
        titles: false,
        write_back: false,
    };
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            formats: true,
            float_f32: false,
            share_inline: true,
            titles: true,
            write_back: true,
        }
    }
}

/// A former name of an operation, from the [`Conventions::renames`]
/// extension.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rename {
    /// The former `operationId`.
    pub before: String,
    /// When it changed, as written (`2021-03-24`), if said.
    pub date: Option<String>,
}

impl Conventions {
    /// The conventions of a TOML text (the [module](self) lists its keys).
    ///
    /// ```
    /// use endpoint_openapi::conventions::{Conventions, Docs};
    ///
    /// let conventions = Conventions::from_toml("body-prefix = \"new\"\ndocs = \"as-written\"").unwrap();
    /// assert_eq!(conventions.body_prefix.as_deref(), Some("new"));
    /// assert_eq!(conventions.docs, Docs::AsWritten);
    /// assert!(Conventions::from_toml("body_prefix = 1").unwrap_err().contains("body_prefix"));
    /// ```
    ///
    /// # Errors
    /// Text that is not TOML, a key that is no convention, or a value of
    /// another type than the key's: the message names the key and where
    /// it is (line and column).
    pub fn from_toml(text: &str) -> Result<Conventions, String> {
        toml::from_str(text).map_err(|err| err.to_string().trim_end().to_owned())
    }

    /// The conventions of the TOML file at `path` ([`from_toml`](Self::from_toml)).
    ///
    /// # Errors
    /// A file that cannot be read, or whose text is no conventions: the
    /// message starts with the path.
    pub fn read(path: &Path) -> Result<Conventions, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|err| format!("{}: cannot be read: {err}", path.display()))?;
        Self::from_toml(&text).map_err(|err| format!("{}: {err}", path.display()))
    }

    /// The type name of a component (`simple-user` → `SimpleUser`): without
    /// the first of [`twin_prefixes`](Self::twin_prefixes) it starts with,
    /// so that a twin is named as the component it is the twin of.
    pub fn type_name(&self, component: &str) -> String {
        let bare = self
            .twin_prefixes
            .iter()
            .find_map(|prefix| component.strip_prefix(prefix.as_str()))
            .filter(|bare| !bare.is_empty())
            .unwrap_or(component);
        ident::pascal(bare)
    }

    /// The field name of a property (`html_url`, `type` → `r#type`).
    pub fn field_name(&self, property: &str) -> String {
        ident::snake(property)
    }

    /// The documentation of a description's text, as [`docs`](Self::docs)
    /// says.
    pub fn doc(&self, text: &str) -> String {
        match self.docs {
            Docs::Rustdoc => docs::rustdoc(text, Links::default()),
            Docs::AsWritten => text.to_owned(),
        }
    }

    /// The media type the crate's requests accept by default.
    pub fn accept(&self) -> &str {
        self.default_accept.as_deref().unwrap_or("application/json")
    }

    /// The `content-type` a request body described as `media_type` is
    /// sent with: [`json_content_type`](Self::json_content_type) for a
    /// bare `application/json`, else `media_type` as it is.
    ///
    /// ```
    /// use endpoint_openapi::conventions::Conventions;
    ///
    /// let github = Conventions {
    ///     json_content_type: Some("application/json; charset=utf-8".into()),
    ///     ..Conventions::default()
    /// };
    /// assert_eq!(github.request_media_type("application/json".into()), "application/json; charset=utf-8");
    /// assert_eq!(github.request_media_type("text/plain".into()), "text/plain");
    /// assert_eq!(Conventions::default().request_media_type("application/json".into()), "application/json");
    /// ```
    pub fn request_media_type(&self, media_type: String) -> String {
        match &self.json_content_type {
            Some(json) if media_type.trim().eq_ignore_ascii_case("application/json") => {
                json.clone()
            }
            _ => media_type,
        }
    }

    /// Whether a path parameter's extensions mark it multi-segment.
    pub fn is_multi_segment(
        &self,
        extensions: &std::collections::BTreeMap<String, serde_json::Value>,
    ) -> bool {
        self.multi_segment
            .as_ref()
            .and_then(|name| extensions.get(name))
            .and_then(serde_json::Value::as_bool)
            == Some(true)
    }

    /// The former names of an operation, from its extensions, in order.
    pub fn renames(
        &self,
        extensions: &std::collections::BTreeMap<String, serde_json::Value>,
    ) -> Vec<Rename> {
        let Some(changes) = self
            .renames
            .as_ref()
            .and_then(|name| extensions.get(name))
            .and_then(|extension| extension.get("changes"))
            .and_then(serde_json::Value::as_array)
        else {
            return Vec::new();
        };
        changes
            .iter()
            .filter(|change| {
                change.get("type").and_then(serde_json::Value::as_str) == Some("OPERATION")
            })
            .filter_map(|change| {
                let before = change
                    .pointer("/before/operationId")
                    .and_then(serde_json::Value::as_str)?;
                Some(Rename {
                    before: before.to_owned(),
                    date: change
                        .get("date")
                        .and_then(serde_json::Value::as_str)
                        .map(str::to_owned),
                })
            })
            .collect()
    }
}
