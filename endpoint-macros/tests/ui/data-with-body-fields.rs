use endpoint::endpoint;

endpoint! {
    /// `data` is the whole body: `title` would be dropped.
    pub struct Upload = "POST /x" {
        data: Vec<u8>,
        title: String,
    }
}

fn main() {}
