use endpoint::endpoint;

const ROUTE: &str = "GET /user";

fn main() {
    let _ = endpoint!(ROUTE);
}
