use endpoint::endpoint;

endpoint! {
    /// Unknown and contradictory `#[endpoint(…)]` options.
    pub struct Options = "POST /x" {
        #[endpoint(query, body)]
        a: u32,
        #[endpoint(flatten)]
        b: u32,
        #[endpoint(rename = 3)]
        c: u32,
    }
}

fn main() {}
