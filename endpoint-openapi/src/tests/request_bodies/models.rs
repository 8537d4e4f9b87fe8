// Emitted by `endpoint_openapi::emit` from the description of the test
// `request_bodies` (which checks it and rewrites it with
// ENDPOINT_OPENAPI_WRITE=1).

::endpoint_runtime::__private::open_enum! {
    /// The `Size` schema.
    pub enum Size {
        /// `small`
        Small = "small",
        /// `large`
        Large = "large",
    }
}

/// The body of the request.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct CreateServerBody {
    /// The `label` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The `tags` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    /// The `backups` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backups: Option<bool>,
    /// The `region` property.
    pub region: String,
    /// The `size` property.
    ///
    /// One of `"small"`, `"large"`.
    pub size: Size,
}

impl CreateServerBody {
    /// A `CreateServerBody` of its required fields (`region`, `size`), every other field `None`.
    #[must_use]
    pub fn new(region: impl Into<String>, size: Size) -> Self {
        Self {
            label: None,
            tags: None,
            backups: None,
            region: region.into(),
            size,
        }
    }
}

::endpoint_runtime::__private::decode_struct! {
    CreateServerBody {
        region: String = "region",
        size: Size = "size",
    } {
        label: Option<String> = "label",
        tags: Option<Vec<String>> = "tags",
        backups: Option<bool> = "backups",
    }
}

/// The `Server` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Server {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    pub name: String,
    /// The `created` property.
    pub created: String,
    /// The `ports` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ports: Option<Vec<Port>>,
    /// The `size` property.
    ///
    /// One of `"small"`, `"large"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<Size>,
}

::endpoint_runtime::__private::decode_struct! {
    Server {
        id: i64 = "id",
        name: String = "name",
        created: String = "created",
    } {
        ports: Option<Vec<Port>> = "ports",
        size: Option<Size> = "size",
    }
}

/// The `Port` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Port {
    /// The `number` property.
    pub number: i32,
    /// The `id` property.
    pub id: String,
}

::endpoint_runtime::__private::decode_struct! {
    Port {
        number: i32 = "number",
        id: String = "id",
    } {
    }
}

/// The `Settings` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Settings {
    /// The `theme` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    /// The `new` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<bool>,
}

impl Settings {
    /// A `Settings` with every field left out, as `Default` makes it.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

::endpoint_runtime::__private::decode_struct! {
    Settings {
    } {
        theme: Option<String> = "theme",
        new: Option<bool> = "new",
    }
}

/// The `Session` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Session {
    /// The `token` property.
    pub token: String,
}

::endpoint_runtime::__private::decode_struct! {
    Session {
        token: String = "token",
    } {
    }
}

/// The `Server` schema.
///
/// As requests send it, without what only answers hold; [`Server`] is as answers hold it.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct ServerRequest {
    /// The `name` property.
    pub name: String,
    /// The `password` property.
    pub password: String,
    /// The `ports` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ports: Option<Vec<PortRequest>>,
    /// The `size` property.
    ///
    /// One of `"small"`, `"large"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<Size>,
}

impl ServerRequest {
    /// A `ServerRequest` of its required fields (`name`, `password`), every other field `None`.
    #[must_use]
    pub fn new(name: impl Into<String>, password: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            password: password.into(),
            ports: None,
            size: None,
        }
    }
}

::endpoint_runtime::__private::decode_struct! {
    ServerRequest {
        name: String = "name",
        password: String = "password",
    } {
        ports: Option<Vec<PortRequest>> = "ports",
        size: Option<Size> = "size",
    }
}

/// The `Port` schema.
///
/// As requests send it, without what only answers hold; [`Port`] is as answers hold it.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct PortRequest {
    /// The `number` property.
    pub number: i32,
}

impl PortRequest {
    /// A `PortRequest` of its required fields (`number`), every other field `None`.
    #[must_use]
    pub fn new(number: i32) -> Self {
        Self {
            number,
        }
    }
}

::endpoint_runtime::__private::decode_struct! {
    PortRequest {
        number: i32 = "number",
    } {
    }
}
