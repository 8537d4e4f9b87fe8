//! Compiled routes written as `endpoint!` writes them, for parameters the
//! tests place by hand: a [`Plan`] of `METHOD /x` whose parameters have any
//! [`Placement`], and a struct that hands one optional value per parameter
//! to the builder, as a generated `Fields::with_fields` does.
#![allow(dead_code)]

use endpoint::__private::{Location, ParamPlan, Placement, Style, ToParam};
use serde_json::Value;

/// The template `/x`, packed as `endpoint!` emits it (checked against the
/// parser by `tests/styles.rs`).
pub const X: (&str, &[u32]) = ("/x", &[2, 0, 8]);

/// A parameter named `name` at `location` in `style`.
pub const fn at(name: &'static str, location: Location, style: Style, explode: bool) -> ParamPlan {
    ParamPlan {
        name,
        placement: Placement {
            location,
            style,
            explode,
            ..Placement::DEFAULT
        },
    }
}

/// The fields of a route of `count` parameters, the one at `index` set.
pub fn one(count: usize, index: usize, value: Value) -> Vec<Option<Box<dyn ToParam>>> {
    let mut fields: Vec<Option<Box<dyn ToParam>>> = (0..count).map(|_| None).collect();
    fields[index] = Some(Box::new(value));
    fields
}

/// A compiled route `METHOD /x` with the given parameters
/// (`route!(Name = GET [at(…), …])`, and `, body: Some(BodyPlan { … })` for
/// a body's media type), whose struct holds one optional value per
/// parameter. The test file declares this module `#[macro_use]`.
#[allow(unused_macros)]
macro_rules! route {
    ($name:ident = $method:ident [$($param:expr),* $(,)?]) => {
        route!($name = $method [$($param),*], body: None);
    };
    ($name:ident = $method:ident [$($param:expr),* $(,)?], body: $body:expr) => {
        struct $name(Vec<Option<Box<dyn endpoint::__private::ToParam>>>);

        impl endpoint::__private::Fields for $name {
            fn with_fields(
                &self,
                build: &mut endpoint::__private::FieldsBuild<'_>,
            ) -> endpoint::Result<endpoint::Request> {
                let fields: Vec<Option<endpoint::__private::Param<'_>>> = self
                    .0
                    .iter()
                    .map(|field| field.as_ref().map(|value| value.to_param()))
                    .collect();
                build(&fields)
            }
        }

        impl endpoint::__private::Route for $name {
            type Response = serde_json::Value;
            type Error = serde_json::Value;
            const METHOD: &'static str = stringify!($method);
            const TEMPLATE: &'static str = "/x";
            const PLAN: &'static endpoint::__private::Plan = &endpoint::__private::Plan {
                method: endpoint::__private::Method::$method,
                template: endpoint::__private::static_template($crate::plans::X.0, $crate::plans::X.1),
                params: &[$($param),*],
                server: None,
                body: $body,
                accept: None,
                pagination: None,
            };
        }
    };
}
