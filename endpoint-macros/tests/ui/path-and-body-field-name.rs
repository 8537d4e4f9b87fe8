use endpoint::endpoint;

endpoint! {
    /// The body field `name` leaves no field name for the placeholder `{name}`.
    pub struct Update = "PATCH /variables/{name}" {
        #[endpoint(body)]
        name: String,
    }
}

fn main() {}
