use endpoint::endpoint;
use std::collections::BTreeMap;

endpoint! {
    /// In a form body, an exploded `form` list would spill into the body's fields.
    #[endpoint(content_type = "application/x-www-form-urlencoded")]
    pub struct Token = "POST /token" {
        #[endpoint(body, style = "form")]
        scopes: Vec<String>,
        #[endpoint(body, style = "form", explode)]
        extra: BTreeMap<String, String>,
    }
}

fn main() {}
