use endpoint::endpoint;

endpoint! {
    /// A placeholder named like a reserved option key never expands.
    pub struct Reserved = "GET /proxy/{url}";
}

fn main() {}
