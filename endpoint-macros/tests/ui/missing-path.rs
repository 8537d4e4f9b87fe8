use endpoint::endpoint;

endpoint! {
    /// A method and no URL.
    pub struct Get = "GET";
}

endpoint! {
    /// A method, a space and no URL.
    pub struct GetSpace = "POST ";
}

fn main() {}
