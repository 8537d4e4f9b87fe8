// Emitted by `endpoint_openapi::emit` from the description of the test
// `described_unions` (which checks it and rewrites it with
// ENDPOINT_OPENAPI_WRITE=1).

/// The `Feed` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Feed {
    /// The `payments` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payments: Option<Vec<Payment>>,
    /// The `transfers` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transfers: Option<Vec<Transfer>>,
    /// The `events` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<Event>>,
    /// The `shapes` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shapes: Option<Vec<Shape>>,
}

::endpoint_runtime::__private::decode_struct! {
    Feed {
    } {
        payments: Option<Vec<Payment>> = "payments",
        transfers: Option<Vec<Transfer>> = "transfers",
        events: Option<Vec<Event>> = "events",
        shapes: Option<Vec<Shape>> = "shapes",
    }
}

/// The `Payment` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Payment {
    /// The `type` property.
    pub r#type: String,
    /// The `data` property.
    pub data: PaymentData,
}

::endpoint_runtime::__private::decode_struct! {
    Payment {
        r#type: String = "type",
        data: PaymentData = "data" by r#type,
    } {
    }
}

/// The `Card` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Card {
    /// The `number` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// The `expiry` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expiry: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Card {
    } {
        number: Option<String> = "number",
        expiry: Option<String> = "expiry",
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    Card {
    } {
        number: Option<String> = "number",
        expiry: Option<String> = "expiry",
    }
}

/// The `Bank` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Bank {
    /// The `iban` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iban: Option<String>,
    /// The `bic` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bic: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Bank {
    } {
        iban: Option<String> = "iban",
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

/// The `Transfer` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Transfer {
    /// The `kind` property.
    ///
    /// One of `"Wire"`, `"Sepa"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<TransferKind>,
    /// The `detail` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<Box<TransferDetail>>,
}

::endpoint_runtime::__private::decode_struct! {
    Transfer {
    } {
        kind: Option<TransferKind> = "kind",
        detail: Option<Box<TransferDetail>> = "detail" by kind,
    }
}

::endpoint_runtime::__private::open_enum! {
    /// The `kind` of [`Transfer`].
    pub enum TransferKind {
        /// `Wire`
        Wire = "Wire",
        /// `Sepa`
        Sepa = "Sepa",
    }
}

/// The `Wire` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Wire {
    /// The `swift` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swift: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Wire {
    } {
        swift: Option<String> = "swift",
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    Wire {
    } {
        swift: Option<String> = "swift",
    }
}

/// The `Sepa` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Sepa {
    /// The `bic` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bic: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Sepa {
    } {
        bic: Option<String> = "bic",
    }
}

/// The `detail` of [`Transfer`].
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum TransferDetail {
    /// The value as [`Wire`].
    Wire(Wire),
    /// The value as [`Sepa`].
    Sepa(Sepa),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    TransferDetail {
        Wire: Wire => one_pass,
        Sepa: Sepa,
    }
}
::endpoint_runtime::__private::decode_union_by! {
    TransferDetail {
        Wire: Wire = "Wire",
        Sepa: Sepa = "Sepa",
    }
}

/// The `Event` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Event {
    /// The `event` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// The `payload` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payload: Option<Box<EventPayload>>,
}

::endpoint_runtime::__private::decode_struct! {
    Event {
    } {
        event: Option<String> = "event",
        payload: Option<Box<EventPayload>> = "payload" by event,
    }
}

/// The `Opened` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Opened {
    /// The `by` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Opened {
    } {
        by: Option<String> = "by",
    }
}
::endpoint_runtime::__private::decode_struct_or_value! {
    Opened {
    } {
        by: Option<String> = "by",
    }
}

/// The `Closed` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Closed {
    /// The `reason` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

::endpoint_runtime::__private::decode_struct! {
    Closed {
    } {
        reason: Option<String> = "reason",
    }
}

/// The `payload` of [`Event`].
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum EventPayload {
    /// The value as [`Opened`].
    Opened(Opened),
    /// The value as [`Closed`].
    Closed(Closed),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    EventPayload {
        Opened: Opened => one_pass,
        Closed: Closed,
    }
}
::endpoint_runtime::__private::decode_union_by! {
    EventPayload {
        Opened: Opened = "opened",
        Closed: Closed = "closed",
    }
}

/// The `Shape` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Shape {
    /// The `shape` property.
    ///
    /// One of `"circle"`, `"square"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shape: Option<ShapeShape>,
    /// The `geometry` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub geometry: Option<Box<ShapeGeometry>>,
}

::endpoint_runtime::__private::decode_struct! {
    Shape {
    } {
        shape: Option<ShapeShape> = "shape",
        geometry: Option<Box<ShapeGeometry>> = "geometry" by shape,
    }
}

::endpoint_runtime::__private::open_enum! {
    /// The `shape` of [`Shape`].
    pub enum ShapeShape {
        /// `circle`
        Circle = "circle",
        /// `square`
        Square = "square",
    }
}

/// The `Circle` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Circle {
    /// The `radius` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub radius: Option<f64>,
}

::endpoint_runtime::__private::decode_struct! {
    Circle {
    } {
        radius: Option<f64> = "radius",
    }
}

/// The `Square` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Square {
    /// The `side` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<f64>,
}

::endpoint_runtime::__private::decode_struct! {
    Square {
    } {
        side: Option<f64> = "side",
    }
}

/// The `geometry` of [`Shape`].
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum ShapeGeometry {
    /// The value as [`Circle`].
    Circle(Circle),
    /// The value as [`Square`].
    Square(Square),
    /// Any other value, kept as it was.
    Other(::serde_json::Value),
}

::endpoint_runtime::__private::decode_union! {
    ShapeGeometry {
        Circle: Circle,
        Square: Square,
    }
}
::endpoint_runtime::__private::decode_union_by! {
    ShapeGeometry {
        Circle: Circle = "circle",
        Square: Square = "square",
    }
}
