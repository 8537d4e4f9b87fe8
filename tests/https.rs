//! The clients over HTTPS: a loopback TLS server (rustls, on a std
//! `TcpListener`) with the self-signed certificate of `tests/fixtures/tls/`
//! (see `tests/fixtures/README.md`), reached by `endpoint::client::reqwest`
//! (and `endpoint::client::ureq`) clients that trust that certificate, under
//! its name (`localhost`) and its address (`127.0.0.1`); a client that does
//! not trust it is refused before any request is sent.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use endpoint::client::{self, ClientBuilder, Error, Retry};
use endpoint::{Endpoint, endpoint};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use serde::Deserialize;

const CERT: &[u8] = include_bytes!("fixtures/tls/cert.pem");
const KEY: &[u8] = include_bytes!("fixtures/tls/key.pem");
const TOKEN: &str = "s3cr3t";
const WAIT: Duration = Duration::from_secs(10);
const BODY: &str = r#"{"id":7,"name":"Rex"}"#;

#[derive(Debug, Deserialize, PartialEq)]
struct Pet {
    id: u32,
    name: String,
}

endpoint! {
    /// A pet.
    struct GetPet = "GET /pets/{id}" -> Pet;
}

/// What the server made of one connection: the request's head, or why the
/// TLS session failed.
type Served = Result<String, String>;

/// A loopback HTTPS server answering each of `connections` connections with
/// one HTTP/1.1 answer, [`BODY`]; returns its port and what it served.
fn serve(connections: usize) -> (u16, Receiver<Served>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let port = listener.local_addr().expect("an address").port();
    let config = Arc::new(server_config());
    let (sender, served) = mpsc::channel();
    std::thread::spawn(move || {
        for _ in 0..connections {
            let Ok((stream, _)) = listener.accept() else {
                return;
            };
            if sender.send(answer(Arc::clone(&config), stream)).is_err() {
                return;
            }
        }
    });
    (port, served)
}

fn server_config() -> rustls::ServerConfig {
    let certificates = CertificateDer::pem_slice_iter(CERT)
        .collect::<Result<Vec<_>, _>>()
        .expect("the test certificate");
    let key = PrivateKeyDer::from_pem_slice(KEY).expect("the test key");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(certificates, key)
        .expect("a certificate and its key");
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    config
}

/// One TLS session: reads the request's head, answers, closes.
fn answer(config: Arc<rustls::ServerConfig>, stream: TcpStream) -> Served {
    stream
        .set_read_timeout(Some(WAIT))
        .map_err(|e| e.to_string())?;
    stream
        .set_write_timeout(Some(WAIT))
        .map_err(|e| e.to_string())?;
    let session = rustls::ServerConnection::new(config).map_err(|e| e.to_string())?;
    let mut tls = rustls::StreamOwned::new(session, stream);
    let mut head = Vec::new();
    let mut buffer = [0; 4096];
    while !head.windows(4).any(|window| window == b"\r\n\r\n") {
        match tls.read(&mut buffer).map_err(|e| e.to_string())? {
            0 => return Err("the connection closed before the request's end".into()),
            read => head.extend_from_slice(&buffer[..read]),
        }
    }
    write!(
        tls,
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n\r\n{BODY}",
        BODY.len()
    )
    .map_err(|e| e.to_string())?;
    tls.conn.send_close_notify();
    tls.flush().map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&head).into_owned())
}

/// The endpoint of the API at `https://{host}:{port}/v1`, with a token.
fn endpoint_for(host: &str, port: u16) -> Endpoint {
    ClientBuilder::<client::reqwest::Client>::new()
        .base_url(format!("https://{host}:{port}/v1"))
        .bearer(TOKEN)
        .build_endpoint()
        .expect("valid settings")
}

/// A reqwest client trusting only the test certificate, built by reqwest
/// itself: with the crypto provider it needs installed first, as the
/// `reqwest` client's documentation says (endpoint turns on reqwest's
/// `rustls-no-provider`; the clients it builds bring ring's themselves).
fn trusting_reqwest(endpoint: Endpoint) -> client::reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let certificate = reqwest::Certificate::from_pem(CERT).expect("the test certificate");
    let http = reqwest::Client::builder()
        .tls_certs_only([certificate])
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(WAIT)
        .build()
        .expect("a reqwest client");
    client::reqwest::Client::with_client(endpoint, http)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// The request's head as the server read it: the request line and the
/// token, which went through TLS.
fn assert_request(served: &Receiver<Served>) {
    let head = served
        .recv_timeout(WAIT)
        .expect("a connection")
        .expect("a TLS session");
    assert!(head.starts_with("GET /v1/pets/7 HTTP/1.1\r\n"), "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains(&format!("authorization: bearer {TOKEN}\r\n")),
        "{head}"
    );
}

#[test]
fn reqwest_reaches_a_tls_server_whose_certificate_it_trusts() {
    let runtime = runtime();
    for host in ["localhost", "127.0.0.1"] {
        let (port, served) = serve(1);
        let client = trusting_reqwest(endpoint_for(host, port));
        let answer = runtime
            .block_on(client.send(&GetPet { id: "7".into() }))
            .unwrap_or_else(|err| panic!("{host}: {err}"));
        assert_eq!(answer.status, 200);
        assert_eq!(answer.url, format!("https://{host}:{port}/v1/pets/7"));
        assert_eq!(
            answer.body,
            Pet {
                id: 7,
                name: "Rex".into()
            }
        );
        assert_request(&served);
    }
}

#[test]
fn a_client_that_does_not_trust_the_certificate_sends_nothing() {
    let runtime = runtime();
    let (port, served) = serve(1);
    // The builder's client: the platform's verifier, which does not know
    // the test certificate. No retry: the server takes one connection.
    let client = client::reqwest::Client::builder()
        .base_url(format!("https://localhost:{port}/v1"))
        .bearer(TOKEN)
        .no_proxy()
        .retry(Retry::never())
        .timeout(WAIT)
        .build()
        .expect("a client");
    let error = runtime
        .block_on(client.send(&GetPet { id: "7".into() }))
        .expect_err("an unknown certificate");
    assert!(matches!(error, Error::Transport { .. }), "{error}");
    assert!(
        error
            .to_string()
            .to_ascii_lowercase()
            .contains("certificate"),
        "{error}"
    );
    let refused = served.recv_timeout(WAIT).expect("a connection");
    assert!(refused.is_err(), "no request went through: {refused:?}");
}

#[cfg(feature = "ureq")]
#[test]
fn ureq_reaches_a_tls_server_whose_certificate_it_trusts() {
    use ureq::tls::{Certificate, RootCerts, TlsConfig};

    for host in ["localhost", "127.0.0.1"] {
        let (port, served) = serve(1);
        let certificate = Certificate::from_pem(CERT).expect("the test certificate");
        let agent = ureq::Agent::config_builder()
            .tls_config(
                TlsConfig::builder()
                    .root_certs(RootCerts::Specific(Arc::new(vec![certificate])))
                    .build(),
            )
            .proxy(None)
            .timeout_global(Some(WAIT))
            .build()
            .into();
        let client = client::ureq::Client::with_agent(endpoint_for(host, port), agent);
        let answer = client
            .send(&GetPet { id: "7".into() })
            .unwrap_or_else(|err| panic!("{host}: {err}"));
        assert_eq!(answer.body.name, "Rex");
        assert_request(&served);
    }
}
