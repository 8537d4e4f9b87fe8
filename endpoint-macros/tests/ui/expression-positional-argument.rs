use endpoint::endpoint;

fn main() {
    let _ = endpoint!("GET /users/{username}", "octocat");
}
