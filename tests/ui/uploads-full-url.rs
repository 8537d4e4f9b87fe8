use endpoint::endpoint;

endpoint! {
    /// `uploads` joins the route to the uploads URL: the route must be a path.
    #[endpoint(uploads)]
    pub struct Upload = "POST https://uploads.example/repos/{owner}/{repo}/assets";

    /// A field's option on the struct.
    #[endpoint(query)]
    pub struct Other = "POST /x";
}

fn main() {}
