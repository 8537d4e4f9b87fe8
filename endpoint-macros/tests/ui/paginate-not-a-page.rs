use endpoint::model::Paginated;
use endpoint::{TypedRequest, endpoint};
use serde::Deserialize;

/// One pet: not a page of a list.
#[derive(Deserialize)]
pub struct Pet {
    pub name: String,
}

endpoint! {
    pub struct GetPet = "GET /pets/{id}" -> Pet;
}

/// The bound of both clients' `paginate` (`endpoint::client::ureq::Client`'s
/// and the async one's), which this package's checks build without.
fn paginate<R: TypedRequest>(_route: &R)
where
    R::Response: Paginated,
{
}

fn main() {
    paginate(&GetPet { id: "1".into() });
}
