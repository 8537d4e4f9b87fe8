// Emitted by `endpoint_openapi::emit` (the test `std_names` checks it
// and rewrites it with ENDPOINT_OPENAPI_WRITE=1).

/// The `A` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct A {
    /// The `flag` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<bool>,
}

::endpoint_runtime::__private::decode_struct! {
    A {
    } {
        flag: Option<bool> = "flag",
    }
}

/// The `Box` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Box_ {
    /// The `next` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<Box<Box_>>,
    /// The `label` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String_>,
}

::endpoint_runtime::__private::decode_struct! {
    Box_ {
    } {
        next: Option<Box<Box_>> = "next",
        label: Option<String_> = "label",
    }
}

/// The `String` schema.
pub type String_ = String;

/// The `Clone` schema.
pub type Clone = Vec<Debug>;

::endpoint_runtime::__private::open_enum! {
    /// The `Debug` schema.
    pub enum Debug {
        /// `on`
        On = "on",
        /// `off`
        Off = "off",
    }
}

/// The `D` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct D {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    D {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    D {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}

/// The `DOrA` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum DOrA {
    /// The value as [`D`].
    D(D),
    /// The value as [`A`].
    A(A),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    DOrA {
        D: D => one_pass,
        A: A,
    }
}

/// The `Default` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Default {
    /// The `on` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on: Option<bool>,
}

::endpoint_runtime::__private::decode_struct! {
    Default {
    } {
        on: Option<bool> = "on",
    }
}

/// The `Deserialize` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Deserialize {
    /// The `s` property.
    pub s: Serialize,
    /// The `clone` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clone: Option<Clone>,
    /// The `eq` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eq: Option<PartialEq>,
    /// The `some` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub some: Option<Box<Some>>,
}

::endpoint_runtime::__private::decode_struct! {
    Deserialize {
        s: Serialize = "s",
    } {
        clone: Option<Clone> = "clone",
        eq: Option<PartialEq> = "eq",
        some: Option<Box<Some>> = "some",
    }
}

/// The `Serialize` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Serialize {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Serialize {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}

/// The `PartialEq` schema.
pub type PartialEq = ::std::collections::BTreeMap<String, Default>;

/// The `Some` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum Some {
    /// The value as [`None`].
    None(None),
    /// The value as an integer.
    Integer(i64),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    Some {
        None: None => one_pass,
        Integer: i64,
    }
}

/// The `None` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct None {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    None {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    None {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}

/// The `Map` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Map {
    /// The `d` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub d: Option<Box<Deserialize>>,
}

::endpoint_runtime::__private::decode_struct! {
    Map {
    } {
        d: Option<Box<Deserialize>> = "d",
    }
}

/// The `Object` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Object {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Object {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    Object {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}

/// The `ObjectOrText` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum ObjectOrText {
    /// The value as [`Object`].
    Object(Object),
    /// The value as a string.
    String(String),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    ObjectOrText {
        Object: Object => one_pass,
        String: String,
    }
}

/// The `Option` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Option_ {
    /// The `items` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub items: Option<Vec_>,
    /// The `text` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Option_ {
    } {
        items: Option<Vec_> = "items",
        text: Option<String> = "text",
    }
}

/// The `Vec` schema.
pub type Vec_ = Vec<String_>;

/// The `Result` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Result {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Result {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    Result {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}

/// The `ResultOrText` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum ResultOrText {
    /// The value as [`Result`].
    Result(Result),
    /// The value as a string.
    String(String),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    ResultOrText {
        Result: Result => one_pass,
        String: String,
    }
}

/// The `Value` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Value {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Value {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    Value {
        id: i64 = "id",
    } {
        name: Option<String> = "name",
    }
}

/// The `ValueOrText` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum ValueOrText {
    /// The value as [`Value`].
    Value(Value),
    /// The value as a string.
    String(String),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    ValueOrText {
        Value: Value => one_pass,
        String: String,
    }
}

/// The `Visitor` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Visitor {
    /// The `string` property.
    pub string: String_,
    /// The `vec` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vec: Option<Vec_>,
    /// The `option` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub option: Option<Box<Option_>>,
    /// The `box` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#box: Option<Box<Box_>>,
    /// The `result` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Box<ResultOrText>>,
    /// The `value` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Box<ValueOrText>>,
    /// The `object` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object: Option<Box<ObjectOrText>>,
    /// The `d` property.
    pub d: D,
    /// The `a` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a: Option<Box<A>>,
    /// The `either` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub either: Option<Box<DOrA>>,
}

::endpoint_runtime::__private::decode_struct! {
    Visitor {
        string: String_ = "string",
        d: D = "d",
    } {
        vec: Option<Vec_> = "vec",
        option: Option<Box<Option_>> = "option",
        r#box: Option<Box<Box_>> = "box",
        result: Option<Box<ResultOrText>> = "result",
        value: Option<Box<ValueOrText>> = "value",
        object: Option<Box<ObjectOrText>> = "object",
        a: Option<Box<A>> = "a",
        either: Option<Box<DOrA>> = "either",
    }
}
