use endpoint::endpoint;

fn main() {
    // `enterprise-team` cannot be a variable name: it must be given as `enterprise_team = …`.
    let _ = endpoint!("GET /enterprises/{enterprise}/teams/{enterprise-team}", enterprise = "e");
}
