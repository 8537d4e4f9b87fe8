use endpoint::endpoint;

endpoint! {
    /// `nullable` sends an `Option`'s `None` as `null`: a field that is no
    /// `Option` is always sent, and the option is a mistake.
    pub struct UpdateProtection = "PUT /branches/{branch}/protection" {
        #[endpoint(body, nullable)]
        pub enforce_admins: bool,
    }
}

fn main() {}
