use endpoint::endpoint;

struct NotSerialize;

fn main() {
    let _ = endpoint!("GET /users/{username}", username = NotSerialize).to_request();
}
