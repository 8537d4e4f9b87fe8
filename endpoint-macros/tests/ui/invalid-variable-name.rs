use endpoint::endpoint;

endpoint! {
    /// Names RFC 6570 rejects, and a `<name>` with a character the placeholder rule rejects.
    pub struct Names = "GET /x/{a$b}/{a..b}/{%zz}/<a-b>";
}

fn main() {}
