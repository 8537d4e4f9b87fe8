use endpoint::endpoint;

fn main() {
    let _ = endpoint!("GET /user" "GET /users");
}
