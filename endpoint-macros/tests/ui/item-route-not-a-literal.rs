use endpoint::endpoint;

endpoint! {
    /// The route must be written out.
    pub struct GetUser = concat!("GET ", "/user");
}

fn main() {}
