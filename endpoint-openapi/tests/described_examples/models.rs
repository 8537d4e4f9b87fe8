// Emitted by `endpoint_openapi::emit` from the description of the test
// `described_examples` (which checks it and rewrites it with
// ENDPOINT_OPENAPI_WRITE=1).

/// The `OrderList` schema.
#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
pub struct OrderList {
    /// The `orders` property.
    pub orders: OrderPage,
    /// The `request_id` property.
    pub request_id: String,
}
impl ::endpoint_runtime::model::Paginated for OrderList {
    type Item = <OrderPage as ::endpoint_runtime::model::Paginated>::Item;
    fn into_items(self) -> Vec<Self::Item> {
        ::endpoint_runtime::model::Paginated::into_items(self.orders)
    }
}

::endpoint_runtime::__private::decode_struct! {
    OrderList {
        orders: OrderPage = "orders",
        request_id: String = "request_id",
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
    pub id: ::serde_json::Value,
    /// The `total` property.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<i64>,
    /// The `lines` property.
    pub lines: Vec<Line>,
}

::endpoint_runtime::__private::decode_struct! {
    Order {
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
