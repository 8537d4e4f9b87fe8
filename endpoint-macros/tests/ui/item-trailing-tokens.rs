use endpoint::endpoint;

endpoint! {
    /// Tokens after the route.
    pub struct GetUser = "GET /user" GetUsers;
}

fn main() {}
