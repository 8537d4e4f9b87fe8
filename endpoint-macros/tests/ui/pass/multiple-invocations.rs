//! Several invocations in one module and in functions, and the macro
//! reached through a renamed import.
#![deny(warnings)]

use endpoint::endpoint as route;

route! {
    /// One.
    pub struct One = "GET /one";
}

route! {
    /// Two.
    pub struct Two = "GET /two/{id}" {
        /// The id.
        pub id: u32,
    }
}

fn inside_a_function() -> endpoint::Result<endpoint::Request> {
    route! {
        /// Local.
        struct Local = "HEAD /local/{x}";
    }
    let first = route!("GET /a/{x}", x = 1).to_request()?;
    let second = route!("GET /b/{x}", x = 2).to_request()?;
    assert_ne!(first, second);
    Local { x: "x".into() }.to_request()
}

fn main() {
    let _ = (One.to_request(), Two { id: 1 }.to_request(), inside_a_function());
}
