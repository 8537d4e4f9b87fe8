// Emitted by `endpoint_openapi::emit` from the description of the test
// `described_examples_classes` (which checks it and rewrites it with
// ENDPOINT_OPENAPI_WRITE=1).

/// The `Payment` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Payment {
    /// The `type` property.
    ///
    /// One of `"credit_card"`, `"bank"`.
    pub r#type: PaymentType,
    /// The `data` property.
    pub data: PaymentData,
}

::endpoint_runtime::__private::decode_struct! {
    Payment {
        r#type: PaymentType = "type",
        data: PaymentData = "data" by r#type,
    } {
    }
}

::endpoint_runtime::__private::open_enum! {
    /// The `type` of [`Payment`].
    pub enum PaymentType {
        /// `credit_card`
        CreditCard = "credit_card",
        /// `bank`
        Bank = "bank",
    }
}

/// The `Card` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Card {
    /// The `number` property.
    pub number: String,
    /// The `expiry` property.
    pub expiry: String,
}

::endpoint_runtime::__private::decode_struct! {
    Card {
        number: String = "number",
        expiry: String = "expiry",
    } {
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    Card {
        number: String = "number",
        expiry: String = "expiry",
    } {
    }
}

/// The `Bank` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Bank {
    /// The `iban` property.
    pub iban: String,
    /// The `bic` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bic: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Bank {
        iban: String = "iban",
    } {
        bic: Option<String> = "bic",
    }
}

/// The `data` of [`Payment`].
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum PaymentData {
    /// The value as [`Card`].
    Card(Card),
    /// The value as [`Bank`].
    Bank(Bank),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    PaymentData {
        Card: Card => one_pass,
        Bank: Bank,
    }
}
::endpoint_runtime::__private::decode_union_by! {
    PaymentData {
        Card: Card = "credit_card",
        Bank: Bank = "bank",
    }
}

/// The `Error` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Error {
    /// The `code` property.
    pub code: String,
    /// The `message` property.
    pub message: String,
    /// The `source` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Error {
        code: String = "code",
        message: String = "message",
    } {
        source: Option<String> = "source",
    }
}

/// The `Account` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Account {
    /// The `id` property.
    pub id: String,
    /// The `number` property.
    pub number: ::serde_json::Value,
    /// The `balance` property.
    pub balance: ::serde_json::Value,
    /// The `tags` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<::serde_json::Value>,
    /// The `aliases` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aliases: Option<Vec<::serde_json::Value>>,
}

::endpoint_runtime::__private::decode_struct! {
    Account {
        id: String = "id",
        number: ::serde_json::Value = "number",
        balance: ::serde_json::Value = "balance",
    } {
        tags: Option<::serde_json::Value> = "tags",
        aliases: Option<Vec<::serde_json::Value>> = "aliases",
    }
}

/// The `Error` schema, relaxed where the examples of the answers it is used in here contradict it.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct GetAccountAnswerError {
    /// The `code` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The `message` property.
    pub message: String,
    /// The `source` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<::serde_json::Value>,
}

::endpoint_runtime::__private::decode_struct! {
    GetAccountAnswerError {
        message: String = "message",
    } {
        code: Option<String> = "code",
        source: Option<::serde_json::Value> = "source",
    }
}

/// The `Entry` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Entry {
    /// The `amount` property.
    pub amount: i64,
    /// The `currency` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Entry {
        amount: i64 = "amount",
    } {
        currency: Option<String> = "currency",
    }
}

/// Ledger
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct GetLedgerResponse {
    /// The `entries` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entries: Option<Vec<Entry>>,
}

::endpoint_runtime::__private::decode_struct! {
    GetLedgerResponse {
    } {
        entries: Option<Vec<Entry>> = "entries",
    }
}
