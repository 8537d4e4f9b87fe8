use endpoint::endpoint;

struct NotSerialize;

endpoint! {
    /// A field whose type cannot be serialized.
    pub struct Create = "POST /repos/{owner}/{repo}/issues" {
        title: String,
        extra: NotSerialize,
    }
}

fn main() {}
