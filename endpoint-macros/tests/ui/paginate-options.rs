use endpoint::endpoint;

endpoint! {
    /// A cursor is at a JSON pointer, which starts with `/`.
    #[endpoint(paginate(cursor = "metadata.continue", param = "continue"))]
    pub struct Pods = "GET /api/v1/pods";

    /// A cursor is sent back as a query parameter: `param` is needed.
    #[endpoint(paginate(cursor = "/next_cursor"))]
    pub struct Channels = "GET /conversations.list";

    /// One scheme a route.
    #[endpoint(paginate(link, page = "page"))]
    pub struct Issues = "GET /issues";

    /// `limit` belongs to `offset`.
    #[endpoint(paginate(next_url = "/next_page_uri", limit = "20"))]
    pub struct Messages = "GET /Messages.json";

    /// An unknown word.
    #[endpoint(paginate(token = "/next"))]
    pub struct Things = "GET /things";
}

fn main() {}
