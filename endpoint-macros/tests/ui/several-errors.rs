use endpoint::endpoint;

endpoint! {
    /// Every mistake of a route is reported, not only the first.
    pub struct Broken = "PSOT /repos/<owner/{repo}}/issues{?x:0}";
}

fn main() {}
