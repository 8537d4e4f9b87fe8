//! The type of a generated struct's field, shared by the two planners: the
//! route corpus's flat structs (`routes.rs`) and the modules of
//! `endpoint-github` (`github/plan.rs`), whose structs the renderers write
//! the same way.

/// The Rust type of a field.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ty {
    Str,
    Int,
    Num,
    Bool,
    Vec(Box<Ty>),
    Json,
    /// A string enum of the module, by index into its enums (only in
    /// `endpoint-github`, whose planner names them).
    Enum(usize),
    /// A file, the whole body of bytes of an operation (only in
    /// `endpoint-github`).
    File,
}

impl Ty {
    /// The Rust type, `enum_name` naming a string enum by its index.
    pub(crate) fn rust(&self, enum_name: &dyn Fn(usize) -> String) -> String {
        match self {
            Ty::Str => "String".into(),
            Ty::Int => "i64".into(),
            Ty::Num => "f64".into(),
            Ty::Bool => "bool".into(),
            Ty::Vec(item) => format!("Vec<{}>", item.rust(enum_name)),
            Ty::Json => "serde_json::Value".into(),
            Ty::Enum(index) => enum_name(*index),
            Ty::File => "endpoint_runtime::body::File".into(),
        }
    }

    /// The Rust type, with `Option` when `optional`.
    pub(crate) fn rust_field(&self, optional: bool, enum_name: &dyn Fn(usize) -> String) -> String {
        let ty = self.rust(enum_name);
        if optional {
            format!("Option<{ty}>")
        } else {
            ty
        }
    }
}
