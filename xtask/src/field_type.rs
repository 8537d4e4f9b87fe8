//! The type of a field of the route corpus's flat structs (`routes.rs`),
//! which the `endpoint!` and `format!` renderers write the same way.

/// The Rust type of a field.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ty {
    Str,
    Int,
    Num,
    Bool,
    Vec(Box<Ty>),
    Json,
}

impl Ty {
    /// The Rust type.
    pub(crate) fn rust(&self) -> String {
        match self {
            Ty::Str => "String".into(),
            Ty::Int => "i64".into(),
            Ty::Num => "f64".into(),
            Ty::Bool => "bool".into(),
            Ty::Vec(item) => format!("Vec<{}>", item.rust()),
            Ty::Json => "serde_json::Value".into(),
        }
    }

    /// The Rust type, with `Option` when `optional`.
    pub(crate) fn rust_field(&self, optional: bool) -> String {
        let ty = self.rust();
        if optional {
            format!("Option<{ty}>")
        } else {
            ty
        }
    }
}
