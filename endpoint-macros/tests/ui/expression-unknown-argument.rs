use endpoint::endpoint;

fn main() {
    let owner = "octocat";
    let _ = endpoint!("GET /users/{owner}", owner = owner, repo = "x");
}
