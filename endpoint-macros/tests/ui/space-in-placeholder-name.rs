use endpoint::endpoint;

endpoint! {
    /// A space inside `{…}`: the message names the variable, not text after the URL.
    pub struct GetRepo = "GET /repos/{own er}/x";

    /// A space inside `<…>`.
    pub struct GetUser = "GET /users/<user name>";

    /// A space after a comma of a query expression.
    pub struct Search = "GET /search{?q, sort}";
}

fn main() {
    // The expression form reads its route the same way.
    let _ = endpoint!("GET /orgs/{or g}", org = "o");
}
