use endpoint::endpoint;

fn main() {
    let owner = "octocat";
    let _ = endpoint!("GET /repos/{owner}/{repo}", owner = owner);
}
