// Emitted by `endpoint_openapi::emit` from `schemas.json` (the test
// `round_trip` checks it and rewrites it with ENDPOINT_OPENAPI_WRITE=1).

/// The `bank-account-object` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct BankAccountObject {
    /// The `type` property.
    ///
    /// Always `"bank_account"`.
    pub r#type: BankAccountObjectType,
    /// The `bank_name` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_name: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    BankAccountObject {
        r#type: BankAccountObjectType = "type",
    } {
        bank_name: Option<String> = "bank_name",
    }
}

::endpoint_runtime::__private::open_enum! {
    /// The `type` of [`BankAccountObject`].
    pub enum BankAccountObjectType {
        /// `bank_account`
        BankAccount = "bank_account",
    }
}

/// The `card-object` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct CardObject {
    /// The `type` property.
    ///
    /// Always `"card"`.
    pub r#type: CardObjectType,
    /// The `last4` property.
    pub last4: String,
}

::endpoint_runtime::__private::decode_struct! {
    CardObject {
        r#type: CardObjectType = "type",
        last4: String = "last4",
    } {
    }
}

::endpoint_runtime::__private::open_enum! {
    /// The `type` of [`CardObject`].
    pub enum CardObjectType {
        /// `card`
        Card = "card",
    }
}

/// The `circle` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Circle {
    /// The `type` property.
    pub r#type: String,
    /// The `radius` property.
    pub radius: f64,
}

::endpoint_runtime::__private::decode_struct! {
    Circle {
        r#type: String = "type",
        radius: f64 = "radius",
    } {
    }
}

/// The `full-pet` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct FullPet {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    pub name: String,
    /// The `kind` property.
    ///
    /// One of `"cat"`, `"dog"`, `"CAT"`.
    pub kind: FullPetKind,
    /// The `age` property.
    ///
    /// At least `0`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub age: Option<u32>,
    /// The `weight` property.
    ///
    /// Format `float`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    /// The `born` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub born: Option<::endpoint_runtime::model::Timestamp>,
    /// The `photo` property.
    ///
    /// Format `byte`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub photo: Option<String>,
    /// The `tags` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    /// The `owner` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<Box<Owner>>,
    /// The `notes` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub notes: ::endpoint_runtime::model::Nullable<String>,
    /// The `vet` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub vet: ::endpoint_runtime::model::Nullable<Box<FullPetVet>>,
    /// The `scores` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<::std::collections::BTreeMap<String, i64>>,
    /// The `+1` property.
    #[serde(rename = "+1")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plus_1: Option<i64>,
    /// The `DateSent<` property.
    #[serde(rename = "DateSent<")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_sent_before: Option<String>,
    /// The `DateSent>` property.
    #[serde(rename = "DateSent>")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_sent_after: Option<String>,
    /// The `level` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u64>,
    /// The keys no other field names, with their values.
    #[serde(flatten)]
    pub additional_properties: ::std::collections::BTreeMap<String, ::serde_json::Value>,
}

::endpoint_runtime::__private::decode_struct! {
    FullPet {
        id: i64 = "id",
        name: String = "name",
        kind: FullPetKind = "kind",
    } {
        age: Option<u32> = "age",
        weight: Option<f64> = "weight",
        born: Option<::endpoint_runtime::model::Timestamp> = "born",
        photo: Option<String> = "photo",
        tags: Option<Vec<String>> = "tags",
        owner: Option<Box<Owner>> = "owner",
        notes: ::endpoint_runtime::model::Nullable<String> = "notes",
        vet: ::endpoint_runtime::model::Nullable<Box<FullPetVet>> = "vet",
        scores: Option<::std::collections::BTreeMap<String,i64>> = "scores",
        plus_1: Option<i64> = "+1",
        date_sent_before: Option<String> = "DateSent<",
        date_sent_after: Option<String> = "DateSent>",
        level: Option<u64> = "level",
    } {
        ..additional_properties: ::std::collections::BTreeMap<String,::serde_json::Value>
    }
}

::endpoint_runtime::__private::open_enum! {
    /// The `kind` of [`FullPet`].
    pub enum FullPetKind {
        /// `cat`
        Cat = "cat",
        /// `dog`
        Dog = "dog",
        /// `CAT`
        CatUpper = "CAT",
    }
}

/// The `owner` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Owner {
    /// The `login` property.
    pub login: String,
    /// The `manager` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manager: Option<Box<Owner>>,
    /// The `reports` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reports: Option<Vec<Owner>>,
}

::endpoint_runtime::__private::decode_struct! {
    Owner {
        login: String = "login",
    } {
        manager: Option<Box<Owner>> = "manager",
        reports: Option<Vec<Owner>> = "reports",
    }
}

/// The `vet` of [`FullPet`].
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct FullPetVet {
    /// The `name` property.
    pub name: String,
}

::endpoint_runtime::__private::decode_struct! {
    FullPetVet {
        name: String = "name",
    } {
    }
}

/// The `id-or-name` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum IdOrName {
    /// The value as an integer.
    Integer(i64),
    /// The value as a string.
    String(String),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    IdOrName {
        Integer: i64,
        String: String,
    }
}

/// The `loose` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Loose {
    /// The `list` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<::serde_json::Value>,
    /// The `either` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub either: ::endpoint_runtime::model::Nullable<::serde_json::Value>,
}

::endpoint_runtime::__private::decode_struct! {
    Loose {
    } {
        list: Option<::serde_json::Value> = "list",
        either: ::endpoint_runtime::model::Nullable<::serde_json::Value> = "either",
    }
}

/// The `payment-source` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum PaymentSource {
    /// The value as [`CardObject`].
    CardObject(CardObject),
    /// The value as [`BankAccountObject`].
    BankAccountObject(BankAccountObject),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_tagged_union! {
    PaymentSource ["type"] {
        CardObject: CardObject = "card" | "card-object",
        BankAccountObject: BankAccountObject = "bank_account" | "bank-account-object",
    }
}

/// The `pet` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Pet {
    /// The `id` property.
    pub id: i64,
    /// The `name` property.
    pub name: String,
    /// The `kind` property.
    ///
    /// One of `"cat"`, `"dog"`, `"CAT"`.
    pub kind: FullPetKind,
    /// The `age` property.
    ///
    /// At least `0`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub age: Option<u32>,
    /// The `weight` property.
    ///
    /// Format `float`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    /// The `born` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub born: Option<::endpoint_runtime::model::Timestamp>,
    /// The `photo` property.
    ///
    /// Format `byte`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub photo: Option<String>,
    /// The `tags` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    /// The `owner` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<Box<Owner>>,
    /// The `notes` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub notes: ::endpoint_runtime::model::Nullable<String>,
    /// The `vet` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub vet: ::endpoint_runtime::model::Nullable<Box<FullPetVet>>,
    /// The `scores` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<::std::collections::BTreeMap<String, i64>>,
    /// The `+1` property.
    #[serde(rename = "+1")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plus_1: Option<i64>,
    /// The `DateSent<` property.
    #[serde(rename = "DateSent<")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_sent_before: Option<String>,
    /// The `DateSent>` property.
    #[serde(rename = "DateSent>")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_sent_after: Option<String>,
    /// The keys no other field names, with their values.
    #[serde(flatten)]
    pub additional_properties: ::std::collections::BTreeMap<String, ::serde_json::Value>,
}

::endpoint_runtime::__private::decode_struct! {
    Pet {
        id: i64 = "id",
        name: String = "name",
        kind: FullPetKind = "kind",
    } {
        age: Option<u32> = "age",
        weight: Option<f64> = "weight",
        born: Option<::endpoint_runtime::model::Timestamp> = "born",
        photo: Option<String> = "photo",
        tags: Option<Vec<String>> = "tags",
        owner: Option<Box<Owner>> = "owner",
        notes: ::endpoint_runtime::model::Nullable<String> = "notes",
        vet: ::endpoint_runtime::model::Nullable<Box<FullPetVet>> = "vet",
        scores: Option<::std::collections::BTreeMap<String,i64>> = "scores",
        plus_1: Option<i64> = "+1",
        date_sent_before: Option<String> = "DateSent<",
        date_sent_after: Option<String> = "DateSent>",
    } {
        ..additional_properties: ::std::collections::BTreeMap<String,::serde_json::Value>
    }
}

/// The `price` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Price {
    /// The `unit_amount` property.
    ///
    /// Format `float`.
    pub unit_amount: f64,
}

::endpoint_runtime::__private::decode_struct! {
    Price {
        unit_amount: f64 = "unit_amount",
    } {
    }
}

/// The `shape` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum Shape {
    /// The value as [`Circle`].
    Circle(Circle),
    /// The value as [`Square`].
    Square(Square),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_tagged_union! {
    Shape ["type"] {
        Circle: Circle = "c",
        Square: Square = "square",
    }
}

/// The `square` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Square {
    /// The `type` property.
    pub r#type: String,
    /// The `side` property.
    pub side: u32,
}

::endpoint_runtime::__private::decode_struct! {
    Square {
        r#type: String = "type",
        side: u32 = "side",
    } {
    }
}

/// The `update` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Update {
    /// The `name` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The `milestone` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub milestone: ::endpoint_runtime::model::Nullable<i64>,
}

::endpoint_runtime::__private::decode_struct! {
    Update {
    } {
        name: Option<String> = "name",
        milestone: ::endpoint_runtime::model::Nullable<i64> = "milestone",
    }
}
