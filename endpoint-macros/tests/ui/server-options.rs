use endpoint::endpoint;

endpoint! {
    /// No scheme: neither an absolute URL nor a path.
    #[endpoint(server = "files.example.com")]
    pub struct NoScheme = "PUT /files/{name}";

    /// A query, which every URL of the route would carry.
    #[endpoint(server = "https://files.example.com/v1?key=1")]
    pub struct Query = "PUT /files/{name}";

    /// A fragment.
    #[endpoint(server = "https://files.example.com/#top")]
    pub struct Fragment = "PUT /files/{name}";

    /// User information, a secret in every URL.
    #[endpoint(server = "https://me:pw@files.example.com")]
    pub struct Userinfo = "PUT /files/{name}";

    /// A server variable left in.
    #[endpoint(server = "https://{region}.files.example.com")]
    pub struct Variable = "PUT /files/{name}";

    /// Another scheme.
    #[endpoint(server = "ftp://files.example.com")]
    pub struct Ftp = "PUT /files/{name}";

    /// The server is joined to the route: the route must be a path.
    #[endpoint(server = "https://files.example.com")]
    pub struct FullUrl = "PUT https://other.example/files/{name}";

    /// `uploads` is no option: GitHub's uploads host is a server.
    #[endpoint(uploads)]
    pub struct Uploads = "POST /assets";

    /// Given twice.
    #[endpoint(server = "/v1", server = "/v2")]
    pub struct Twice = "GET /x";
}

fn main() {}
