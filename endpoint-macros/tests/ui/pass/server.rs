use endpoint::{Endpoint, endpoint};
use serde_json::json;

endpoint! {
    /// An absolute server.
    #[endpoint(server = "https://files.example.com/v2/")]
    pub struct PutFile = "PUT /files/{name}";

    /// A path on the base URL.
    #[endpoint(server = "/v2")]
    pub struct GetStatus = "GET /status";

    /// GitHub's uploads host.
    #[endpoint(server = "https://uploads.github.com")]
    pub struct Upload = "POST /assets";
}

fn main() -> endpoint::Result<()> {
    let api = Endpoint::default().defaults(json!({"baseUrl": "https://api.example.com/v1"}))?;
    let put = PutFile { name: "a".into() }.to_request_with(&api)?;
    assert_eq!(put.url, "https://files.example.com/v2/files/a");
    assert_eq!(GetStatus.to_request_with(&api)?.url, "https://api.example.com/v2/status");
    assert_eq!(Upload.to_request_with(&api)?.url, "https://uploads.github.com/assets");
    Ok(())
}
