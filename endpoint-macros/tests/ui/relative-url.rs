use endpoint::endpoint;

endpoint! {
    /// A URL that is neither a path nor a full URL.
    pub struct Relative = "GET repos/{owner}";
}

endpoint! {
    /// Not an http(s) URL either.
    pub struct Ftp = "GET ftp://example.com/x";
}

fn main() {}
