//! What a struct declares, as its own checks understood it: the input of
//! [`check`](super::check).

use endpoint_macros_core::shape::{Holds, TypeShape};

use crate::operations::Location;

/// What a struct declares, as its own checks understood it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// The struct's name.
    pub name: String,
    /// The method, upper case.
    pub method: String,
    /// The route's path as OpenAPI writes it (`/pets/{petId}`); `None` for
    /// a route that is a full URL.
    pub path: Option<String>,
    /// The `operationId` the struct names, if it names one.
    pub operation_id: Option<String>,
    /// The body's media type, when the struct names one (else it sends
    /// JSON).
    pub media_type: Option<String>,
    /// Every field of the struct, in order.
    pub fields: Vec<DeclaredField>,
}

/// One field of a [`Declared`] struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredField {
    /// The field's name in Rust.
    pub ident: String,
    /// The parameter's name on the wire.
    pub name: String,
    /// Where it goes.
    pub location: Location,
    /// Whether it may be left out (an `Option` that is not `nullable`).
    pub optional: bool,
    /// Its type, `Option<…>` included.
    pub ty: TypeShape,
    /// Whether it is written in the struct (else generated for a
    /// placeholder of the route: what is wrong with it is at the route).
    pub declared: bool,
    /// Whether its location is written (`#[endpoint(header)]`).
    pub location_written: bool,
}

impl DeclaredField {
    /// A field `name` (the same in Rust and on the wire) written in the
    /// struct, at `location`, required, of any type.
    pub fn new(name: &str, location: Location) -> DeclaredField {
        DeclaredField {
            ident: name.to_owned(),
            name: name.to_owned(),
            location,
            optional: false,
            ty: TypeShape {
                name: "_".to_owned(),
                holds: Holds::Any,
            },
            declared: true,
            location_written: false,
        }
    }
}
