use endpoint::endpoint;

endpoint! {
    /// Path placeholders are `simple`, `label` or `matrix`, written alone as `{name}`.
    pub struct Get = "GET /a/{b,c}/{d}{?q}" {
        #[endpoint(style = "label")]
        b: String,
        #[endpoint(style = "form")]
        d: String,
        #[endpoint(explode)]
        q: Option<String>,
        #[endpoint(path)]
        e: String,
    }
}

fn main() {}
