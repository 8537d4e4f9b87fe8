// Emitted by `endpoint_openapi::emit` from the description of the test
// `described_examples` (which checks it and rewrites it with
// ENDPOINT_OPENAPI_WRITE=1).

/// The `OrderList` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct OrderList {
    /// The `OrderPage` schema, relaxed where the examples of the answers it is used in here contradict it.
    pub orders: ListOrdersAnswerOrderPage,
    /// The `request_id` property.
    pub request_id: String,
}
impl ::endpoint_runtime::model::Paginated for OrderList {
    type Item = <ListOrdersAnswerOrderPage as ::endpoint_runtime::model::Paginated>::Item;
    fn into_items(self) -> Vec<Self::Item> {
        ::endpoint_runtime::model::Paginated::into_items(self.orders)
    }
}

::endpoint_runtime::__private::decode_struct! {
    OrderList {
        orders: ListOrdersAnswerOrderPage = "orders",
        request_id: String = "request_id",
    } {
    }
}

/// The `OrderPage` schema, relaxed where the examples of the answers it is used in here contradict it.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct ListOrdersAnswerOrderPage {
    /// The `items` property.
    pub items: Vec<ListOrdersAnswerOrder>,
    /// The `next_cursor` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub next_cursor: ::endpoint_runtime::model::Nullable<String>,
}
impl ::endpoint_runtime::model::Paginated for ListOrdersAnswerOrderPage {
    type Item = ListOrdersAnswerOrder;
    fn into_items(self) -> Vec<Self::Item> {
        self.items
    }
}

::endpoint_runtime::__private::decode_struct! {
    ListOrdersAnswerOrderPage {
        items: Vec<ListOrdersAnswerOrder> = "items",
    } {
        next_cursor: ::endpoint_runtime::model::Nullable<String> = "next_cursor",
    }
}

/// The `Order` schema, relaxed where the examples of the answers it is used in here contradict it.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct ListOrdersAnswerOrder {
    /// The `id` property.
    pub id: ::serde_json::Value,
    /// The `total` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<i64>,
    /// The `lines` property.
    pub lines: Vec<Line>,
}

::endpoint_runtime::__private::decode_struct! {
    ListOrdersAnswerOrder {
        id: ::serde_json::Value = "id",
        lines: Vec<Line> = "lines",
    } {
        total: Option<i64> = "total",
    }
}

/// The `Line` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Line {
    /// The `sku` property.
    pub sku: String,
    /// The `quantity` property.
    pub quantity: i64,
}

::endpoint_runtime::__private::decode_struct! {
    Line {
        sku: String = "sku",
        quantity: i64 = "quantity",
    } {
    }
}

/// The `OrderPage` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct OrderPage {
    /// The `items` property.
    pub items: Vec<Order>,
    /// The `next_cursor` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub next_cursor: ::endpoint_runtime::model::Nullable<String>,
}
impl ::endpoint_runtime::model::Paginated for OrderPage {
    type Item = Order;
    fn into_items(self) -> Vec<Self::Item> {
        self.items
    }
}

::endpoint_runtime::__private::decode_struct! {
    OrderPage {
        items: Vec<Order> = "items",
    } {
        next_cursor: ::endpoint_runtime::model::Nullable<String> = "next_cursor",
    }
}

/// The `Order` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct Order {
    /// The `id` property.
    pub id: String,
    /// The `total` property.
    pub total: i64,
    /// The `lines` property.
    pub lines: Vec<Line>,
}

::endpoint_runtime::__private::decode_struct! {
    Order {
        id: String = "id",
        total: i64 = "total",
        lines: Vec<Line> = "lines",
    } {
    }
}

/// Returns
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct ListReturnsResponse {
    /// The `returns` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returns: Option<Box<OrderPage>>,
}
impl ::endpoint_runtime::model::Paginated for ListReturnsResponse {
    type Item = <OrderPage as ::endpoint_runtime::model::Paginated>::Item;
    fn into_items(self) -> Vec<Self::Item> {
        self.returns
            .map(|page| ::endpoint_runtime::model::Paginated::into_items(*page))
            .unwrap_or_default()
    }
}

::endpoint_runtime::__private::decode_struct! {
    ListReturnsResponse {
    } {
        returns: Option<Box<OrderPage>> = "returns",
    }
}

/// The `Refunds` schema.
#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]
pub struct Refunds {
    /// The `refunds` property.
    #[serde(skip_serializing_if = "::endpoint_runtime::model::Nullable::is_absent")]
    pub refunds: ::endpoint_runtime::model::Nullable<Box<OrderPage>>,
}
impl ::endpoint_runtime::model::Paginated for Refunds {
    type Item = <OrderPage as ::endpoint_runtime::model::Paginated>::Item;
    fn into_items(self) -> Vec<Self::Item> {
        self.refunds
            .into_value()
            .map(|page| ::endpoint_runtime::model::Paginated::into_items(*page))
            .unwrap_or_default()
    }
}

::endpoint_runtime::__private::decode_struct! {
    Refunds {
    } {
        refunds: ::endpoint_runtime::model::Nullable<Box<OrderPage>> = "refunds",
    }
}
