//! GitHub App authentication (feature `app`): [`GitHubApp`], and the
//! credentials of a client built with one, which sign the App's JSON Web
//! Tokens, trade them for installation tokens, and keep one token for all
//! the client's calls.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use http::StatusCode;
use http::header;
use ring::rand::SystemRandom;
use ring::signature::{RSA_PKCS1_SHA256, RsaKeyPair};
use rustls_pki_types::PrivateKeyDer;
use rustls_pki_types::pem::PemObject;
use serde::Deserialize;
use serde_json::json;

use super::auth::{self, Credentials, Issue, Issuer, MakeCredentials, TokenCache};
use super::base64;
use super::builder::ClientBuilder;
use super::error::{ApiError, Error};
use super::exchange::{Answer, Exchange};
use super::rate_limit;
use endpoint_runtime::model::Timestamp;
use endpoint_runtime::{Api, Endpoint};

/// The setting that takes a [`GitHubApp`], as [`Error::Config`] names it.
const SETTING: &str = "github_app";

/// The route of the token exchange.
const TOKEN_ROUTE: &str = "POST /app/installations/{installation_id}/access_tokens";

/// How far in the past a JWT is issued, for a clock ahead of GitHub's.
const JWT_BACKDATE: Duration = Duration::from_secs(60);

/// How long a JWT is valid from its issue time (GitHub takes at most 10
/// minutes).
const JWT_LIFETIME: Duration = Duration::from_secs(600);

/// How far the `date` of an answer may differ from this machine's clock
/// before it is believed over this machine's clock (its resolution is a
/// second).
const CLOCK_RESOLUTION: Duration = Duration::from_secs(2);

/// The value `Debug` shows in place of a secret.
const REDACTED: &str = "<redacted>";

/// A GitHub App installation to act as: the App's id, its private key and
/// the installation's id. Given to
/// [`ClientBuilder::github_app`](super::ClientBuilder::github_app), it
/// makes a client that fetches and refreshes the installation's tokens
/// itself.
///
/// ```no_run
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::{GitHubApp, ureq::Client};
///
/// // The App's client id (or its numeric App id), the private key GitHub
/// // generated for it (PEM), and the installation to act as.
/// let key = std::fs::read("my-app.2026-01-01.private-key.pem")?;
/// let app = GitHubApp::new("Iv23liExampleClientId", key, 12_345_678);
/// let client = Client::github().github_app(app).build()?;
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The key is read at `build()`, where one that is not a PEM RSA private
/// key (PKCS#1, `BEGIN RSA PRIVATE KEY`, as GitHub generates them, or
/// PKCS#8, `BEGIN PRIVATE KEY`) is an [`Error::Config`] of the setting
/// `github_app`. `Debug` shows the ids, never the key.
///
/// # How tokens are kept
///
/// The first request fetches a token:
/// `POST {base}/app/installations/{installation_id}/access_tokens` at the
/// client's base URL, with its headers, authorized by a JWT (RS256, issued
/// a minute in the past for clock drift, valid 10 minutes from then, `iss`
/// the App id). The token is sent by every request to the base URL's host
/// (and to the uploads URL's, as other credentials are), never to another
/// host, until shortly before it expires: a quarter of its validity
/// before, at most 5 minutes (55 minutes into GitHub's one-hour tokens).
/// Then one call, and only one, fetches the next, across threads, tasks
/// and the client's clones; the others go on with the old token while it
/// is still valid, or wait for the new one. A refresh whose call went away
/// (an async task dropped mid-refresh) is given up at once; one that has
/// taken longer than the client's [timeout](super::ClientBuilder::timeout)
/// counts as given up too, and the next call fetches a token itself.
///
/// A `401` answer to a request that carried the token drops it (a token
/// revoked, or expired early), and the request is sent once more with a
/// new token; a second `401` is the call's answer.
/// A token GitHub will not give is an
/// [`Error::Authentication`] of the call that asked for it; each
/// [`Event::TokenRefreshed`](super::Event::TokenRefreshed) tells of a new
/// token.
///
/// ```no_run
/// # #[cfg(feature = "reqwest")] {
/// use endpoint::client::{GitHubApp, reqwest::Client};
///
/// let key = std::fs::read_to_string("private-key.pem")?;
/// // A numeric App id works as well as a client id.
/// let app = GitHubApp::new(123_456, key, 12_345_678);
/// let client = Client::github().github_app(app).build()?;
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct GitHubApp {
    app_id: String,
    private_key: Arc<[u8]>,
    installation_id: u64,
}

impl GitHubApp {
    /// The App `app_id` (its client id, `Iv23li…`, or its numeric App id:
    /// the JWT's issuer), with its PEM `private_key`, acting as installation
    /// `installation_id`.
    pub fn new(
        app_id: impl fmt::Display,
        private_key: impl Into<Vec<u8>>,
        installation_id: u64,
    ) -> GitHubApp {
        GitHubApp {
            app_id: app_id.to_string(),
            private_key: private_key.into().into(),
            installation_id,
        }
    }

    /// The App's id or client id, as the JWT's `iss` names it.
    pub fn app_id(&self) -> &str {
        &self.app_id
    }

    /// The installation whose tokens the client fetches.
    pub fn installation_id(&self) -> u64 {
        self.installation_id
    }
}

impl fmt::Debug for GitHubApp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GitHubApp")
            .field("app_id", &self.app_id)
            .field("private_key", &REDACTED)
            .field("installation_id", &self.installation_id)
            .finish()
    }
}

/// The tokens of a client built with a [`GitHubApp`]: its key and the
/// token request (a [`TokenCache`](super::auth::TokenCache) keeps the
/// token of the moment).
pub(crate) struct AppCredentials {
    app_id: String,
    installation_id: u64,
    key: RsaKeyPair,
    random: SystemRandom,
    /// The token request with the client's headers, but no authorization.
    token_request: endpoint_runtime::Request,
}

impl AppCredentials {
    /// The credentials of `app` for a client of the API `api`.
    ///
    /// # Errors
    /// [`Error::Config`] of `github_app` when the App id is not one, or the
    /// key is not a PEM RSA private key.
    pub(crate) fn new(app: &GitHubApp, api: &Api) -> Result<AppCredentials, Error> {
        let app_id = app.app_id.trim();
        if app_id.is_empty() {
            return Err(Error::config(SETTING, "the App id is empty"));
        }
        if app_id.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(Error::config(
                SETTING,
                "the App id holds white space or a control character",
            ));
        }
        let key = rsa_key(&app.private_key)?;
        // GitHub's own request, built as octokit builds it.
        let token_request = Endpoint::from_api(api)
            .endpoint(TOKEN_ROUTE, json!({"installation_id": app.installation_id}))
            .map_err(|error| {
                Error::config(SETTING, format!("cannot build the token request: {error}"))
            })?;
        Ok(AppCredentials {
            app_id: app_id.to_owned(),
            installation_id: app.installation_id,
            key,
            random: SystemRandom::new(),
            token_request,
        })
    }

    /// The token request, authorized by a JWT issued at `now`.
    fn refresh_request(&self, now: SystemTime) -> Result<Exchange, Error> {
        let jwt = self.jwt(now)?;
        let mut request = self.token_request.clone();
        request
            .headers
            .insert("authorization", format!("Bearer {jwt}"))
            .map_err(|_| self.failure("the JWT is not a valid header value"))?;
        Exchange::new(request)
    }

    /// The App's JWT: RS256, issued [`JWT_BACKDATE`] before `now`, expiring
    /// [`JWT_LIFETIME`] after that, issued by the App id.
    fn jwt(&self, now: SystemTime) -> Result<String, Error> {
        let seconds = now
            .duration_since(UNIX_EPOCH)
            .map_err(|_| self.failure("this machine's clock is before 1970"))?
            .as_secs();
        let issued = seconds.saturating_sub(JWT_BACKDATE.as_secs());
        let claims = json!({
            "iat": issued,
            "exp": issued + JWT_LIFETIME.as_secs(),
            "iss": self.app_id,
        });
        let mut jwt = base64::url_safe(br#"{"alg":"RS256","typ":"JWT"}"#);
        jwt.push('.');
        jwt.push_str(&base64::url_safe(claims.to_string().as_bytes()));
        let mut signature = vec![0; self.key.public().modulus_len()];
        self.key
            .sign(
                &RSA_PKCS1_SHA256,
                &self.random,
                jwt.as_bytes(),
                &mut signature,
            )
            .map_err(|_| self.failure("cannot sign the JWT"))?;
        jwt.push('.');
        jwt.push_str(&base64::url_safe(&signature));
        Ok(jwt)
    }

    /// The URL of the token request.
    fn token_url(&self) -> &str {
        &self.token_request.url
    }

    /// An [`Error::Authentication`] of the token request.
    fn failure(&self, reason: impl fmt::Display) -> Error {
        Error::Authentication {
            url: self.token_url().to_owned(),
            reason: format!("POST {}: {reason}", self.token_url()),
            answer: None,
        }
    }

    /// The token in `answer`, or the error it is.
    fn token(&self, answer: Answer) -> Result<auth::Issued, Error> {
        if !answer.status.is_success() {
            let explanation = answer.api.explain(&answer.body);
            let refusal = ApiError::new(
                answer.method,
                self.token_url().to_owned(),
                answer.status,
                answer.headers,
                answer.body,
                explanation,
            );
            let hint = match refusal.status {
                StatusCode::UNAUTHORIZED => {
                    "; check the App id and its private key, and this machine's clock"
                }
                StatusCode::NOT_FOUND => "; check the installation id (and the App id)",
                _ => "",
            };
            return Err(Error::Authentication {
                url: self.token_url().to_owned(),
                reason: format!(
                    "POST {}: GitHub refused an installation token for installation {} of \
                     App `{}`: {}: {}{hint}",
                    self.token_url(),
                    self.installation_id,
                    self.app_id,
                    refusal.status,
                    refusal.summary(),
                ),
                answer: Some(Box::new(refusal)),
            });
        }
        #[derive(Deserialize)]
        struct Issued {
            token: String,
            expires_at: String,
        }
        let issued: Issued = serde_json::from_slice(&answer.body).map_err(|error| {
            // serde's message names a missing field or the wrong type; it
            // quotes no string value of the body, where the token is.
            let reason = match error.classify() {
                serde_json::error::Category::Data => format!(
                    "the answer ({}) is not an installation token: {error}",
                    answer.status
                ),
                _ => format!("the answer ({}) is not JSON", answer.status),
            };
            self.failure(reason)
        })?;
        let expires_at = Timestamp::from(issued.expires_at.as_str())
            .to_system_time()
            .map_err(|error| self.failure(format!("the token's `expires_at`: {error}")))?;
        let date = answer
            .headers
            .get(header::DATE)
            .and_then(|value| value.to_str().ok())
            .and_then(rate_limit::http_date);
        let valid_for = validity(expires_at, date, answer.received).ok_or_else(|| {
            self.failure(format!(
                "the token expired already (`expires_at` {})",
                issued.expires_at
            ))
        })?;
        let header = auth::Issued::bearer(&issued.token)
            .ok_or_else(|| self.failure("the token is empty or not a valid header value"))?;
        Ok(auth::Issued {
            header,
            valid_for: Some(valid_for),
            received: answer.received,
        })
    }
}

/// The installation tokens of `app` for a client of the API `api` whose
/// requests take at most `timeout`, sent to the API's base URL and
/// uploads URL.
///
/// # Errors
/// As [`AppCredentials::new`].
pub(crate) fn tokens(
    app: &GitHubApp,
    api: &Api,
    timeout: Duration,
) -> Result<TokenCache<AppCredentials>, Error> {
    Ok(TokenCache::new(
        AppCredentials::new(app, api)?,
        api.credential_origins(),
        timeout,
    ))
}

impl MakeCredentials for GitHubApp {
    fn make(&self, api: &Api, timeout: Duration) -> Result<Arc<dyn Credentials>, Error> {
        Ok(Arc::new(tokens(self, api, timeout)?))
    }
}

impl<C> ClientBuilder<C> {
    /// Authenticates as an installation of a GitHub App (feature `app`):
    /// the client signs the App's JSON Web Tokens with its private key,
    /// trades them for installation tokens at its base URL
    /// (`POST /app/installations/{installation_id}/access_tokens`: GitHub,
    /// GitHub Enterprise Server, or the host [`base_url`](Self::base_url)
    /// names), and sends the token of the moment as
    /// `authorization: Bearer <token>`, fetching the next shortly before it
    /// expires, one call at a time (see [`GitHubApp`]).
    ///
    /// `build()` reads the key: one that is not a PEM RSA private key is an
    /// [`Error::Config`] of `github_app`, and so are credentials set as
    /// well ([`token`](Self::token), [`bearer`](Self::bearer),
    /// [`basic`](Self::basic), an `authorization` [`header`](Self::header)).
    /// A token GitHub refuses is an [`Error::Authentication`] of the call
    /// that asked for it. It replaces tokens set before
    /// ([`oauth2`](Self::oauth2), [`token_source`](Self::token_source)).
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{GitHubApp, ureq::Client};
    /// use serde_json::{json, Value};
    ///
    /// let key = std::fs::read("my-app.private-key.pem")?;
    /// let client = Client::github()
    ///     .github_app(GitHubApp::new("Iv23liExampleClientId", key, 12_345_678))
    ///     .build()?;
    /// let request = client.endpoint().endpoint("GET /installation/repositories", json!({}))?;
    /// let repos: Value = client.execute(request)?.body;
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn github_app(self, app: GitHubApp) -> Self {
        self.tokens_made("github_app", app)
    }
}

impl Issuer for AppCredentials {
    fn issue(&self, now: SystemTime) -> Result<Issue, Error> {
        let exchange = self.refresh_request(now)?;
        Ok(Issue::Request(Box::new(exchange)))
    }

    fn issued(&self, answer: Answer) -> Result<auth::Issued, Error> {
        self.token(answer)
    }
}

impl fmt::Debug for AppCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GitHubApp")
            .field("app_id", &self.app_id)
            .field("installation_id", &self.installation_id)
            .field("private_key", &REDACTED)
            .field("token_url", &self.token_url())
            .finish()
    }
}

/// The RSA key pair of a PEM private key; the error says what is wrong
/// with it, and quotes none of it.
fn rsa_key(pem: &[u8]) -> Result<RsaKeyPair, Error> {
    let wrong = |reason: &str| Error::config(SETTING, format!("the private key {reason}"));
    if pem.iter().all(u8::is_ascii_whitespace) {
        return Err(wrong("is empty"));
    }
    let encrypted = b"-----BEGIN ENCRYPTED PRIVATE KEY-----";
    if pem.windows(encrypted.len()).any(|w| w == encrypted) {
        return Err(wrong(
            "is encrypted: give it decrypted (`openssl pkcs8 -in KEY -out DECRYPTED`)",
        ));
    }
    let der = PrivateKeyDer::from_pem_slice(pem).map_err(|error| {
        use rustls_pki_types::pem::Error as Pem;
        wrong(match error {
            Pem::NoItemsFound => {
                "holds no PEM private key (`-----BEGIN RSA PRIVATE KEY-----` or \
                 `-----BEGIN PRIVATE KEY-----`)"
            }
            Pem::MissingSectionEnd { .. } => "has no `-----END …-----` line",
            Pem::IllegalSectionStart { .. } => "has a malformed `-----BEGIN …-----` line",
            Pem::Base64Decode(_) => "is not valid base64 between its PEM lines",
            Pem::SectionTooLarge => "is too large",
            _ => "cannot be read as PEM",
        })
    })?;
    let parsed = match &der {
        PrivateKeyDer::Pkcs1(key) => RsaKeyPair::from_der(key.secret_pkcs1_der()),
        PrivateKeyDer::Pkcs8(key) => RsaKeyPair::from_pkcs8(key.secret_pkcs8_der()),
        PrivateKeyDer::Sec1(_) => {
            return Err(wrong("is an elliptic-curve key: a GitHub App's key is RSA"));
        }
        _ => return Err(wrong("is not an RSA private key")),
    };
    parsed.map_err(|rejected| {
        wrong(&format!(
            "is not a usable RSA private key ({rejected}); GitHub Apps use RSA keys of \
             2048 bits or more"
        ))
    })
}

/// How long a token expiring at `expires_at` (GitHub's clock) is valid
/// from `received`, the time its answer came (this machine's clock), the
/// answer's `date` telling the difference between the clocks; `None` when
/// it has expired.
fn validity(
    expires_at: SystemTime,
    date: Option<SystemTime>,
    received: SystemTime,
) -> Option<Duration> {
    // GitHub's time when it answered: its `date`, unless that is within
    // the second `date` cannot tell from this machine's clock.
    let server_now = match date {
        Some(date) => {
            let apart = received
                .duration_since(date)
                .unwrap_or_else(|behind| behind.duration());
            if apart > CLOCK_RESOLUTION {
                date
            } else {
                received
            }
        }
        None => received,
    };
    expires_at
        .duration_since(server_now)
        .ok()
        .filter(|valid| !valid.is_zero())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::{Authorization, Credentials};
    use endpoint_runtime::DEFAULT_UPLOADS_URL;
    use http::{HeaderMap, Method};
    use ring::signature::{RSA_PKCS1_2048_8192_SHA256, UnparsedPublicKey};

    const KEY: &[u8] = include_bytes!("../../tests/fixtures/app/app-key.pem");
    const PKCS8_KEY: &[u8] = include_bytes!("../../tests/fixtures/app/app-key.pkcs8.pem");

    fn at(seconds: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(seconds)
    }

    fn credentials(key: &[u8]) -> TokenCache<AppCredentials> {
        credentials_timing_out(key, Duration::from_secs(60))
    }

    fn credentials_timing_out(key: &[u8], timeout: Duration) -> TokenCache<AppCredentials> {
        let endpoint = Endpoint::default()
            .defaults(json!({"baseUrl": "https://ghe.example.com/api/v3"}))
            .unwrap();
        tokens(&GitHubApp::new(123, key, 42), endpoint.api(), timeout).unwrap()
    }

    fn answer(status: u16, body: &serde_json::Value, received: SystemTime) -> Answer {
        Answer {
            api: Arc::new(crate::github::GitHubPolicy),
            method: Method::POST,
            url: String::new(),
            status: StatusCode::from_u16(status).unwrap(),
            headers: HeaderMap::new(),
            body: body.to_string().into_bytes(),
            received,
        }
    }

    fn decode(part: &str) -> Vec<u8> {
        let value = |c: u8| match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => panic!("not base64url: {c}"),
        };
        let mut out = Vec::new();
        for chunk in part.as_bytes().chunks(4) {
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, c)| n | u32::from(value(*c)) << (18 - 6 * i));
            out.extend(&n.to_be_bytes()[1..chunk.len()]);
        }
        out
    }

    #[test]
    fn the_test_decoder_reads_base64url() {
        for (text, expected) in [
            ("", ""),
            ("Zg", "f"),
            ("Zm8", "fo"),
            ("Zm9v", "foo"),
            ("Zm9vYg", "foob"),
            ("w7vDvw", "\u{fb}\u{ff}"),
        ] {
            assert_eq!(decode(text), expected.as_bytes());
        }
        assert_eq!(decode("-_-_"), [0xfb, 0xff, 0xbf]);
    }

    #[test]
    fn jwts_are_signed_rs256_and_backdated() {
        for key in [KEY, PKCS8_KEY] {
            let credentials = credentials(key).issuer;
            let jwt = credentials.jwt(at(1_800_000_000)).unwrap();
            let parts: Vec<&str> = jwt.split('.').collect();
            assert_eq!(parts.len(), 3, "{jwt}");
            let header: serde_json::Value = serde_json::from_slice(&decode(parts[0])).unwrap();
            assert_eq!(header, json!({"alg": "RS256", "typ": "JWT"}));
            let claims: serde_json::Value = serde_json::from_slice(&decode(parts[1])).unwrap();
            assert_eq!(
                claims,
                json!({"iat": 1_799_999_940u64, "exp": 1_800_000_540u64, "iss": "123"})
            );
            let public = credentials.key.public().as_ref();
            UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, public)
                .verify(
                    format!("{}.{}", parts[0], parts[1]).as_bytes(),
                    &decode(parts[2]),
                )
                .expect("a valid signature");
        }
    }

    #[test]
    fn keys_that_do_not_parse_say_why_and_quote_nothing() {
        let pem = std::str::from_utf8(KEY).unwrap();
        let body: String = pem.lines().filter(|l| !l.starts_with("-----")).collect();
        let cut = &pem[..pem.len() / 2];
        let bad_base64 = pem.replacen(&body[100..104], "!!!!", 1);
        let not_rsa = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIBrTmAbMUa6ihCn3T/Ml1Ek0vAR48h9JNbmLvVXpH4N0\n-----END PRIVATE KEY-----\n";
        let sec1 = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIDp2KE4qHr9hnVmE2+5R1pnQhqGJ6u0bc8GgmAZ1Kw7oAoGCCqGSM49\nAwEHoUQDQgAEaNYFb2F0hD8m4mqFbvtcS9YEYbq5qMQ6cO6zNY3hDhmYmpVJF0Ak\nXBmf9EcoGFjKVqvKZBhZ6tDsuoRQdP8FrQ==\n-----END EC PRIVATE KEY-----\n";
        let encrypted =
            "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n";
        let public = include_str!("../../tests/fixtures/app/app-key.pub.pem");
        for (key, reason) in [
            ("", "is empty"),
            ("  \n", "is empty"),
            ("not a key", "holds no PEM private key"),
            (public, "holds no PEM private key"),
            (cut, "has no `-----END"),
            (&bad_base64, "is not valid base64"),
            (not_rsa, "is not a usable RSA private key"),
            (sec1, "is an elliptic-curve key"),
            (encrypted, "is encrypted"),
        ] {
            let endpoint = Endpoint::default();
            let error =
                AppCredentials::new(&GitHubApp::new(1, key, 2), endpoint.api()).unwrap_err();
            let Error::Config {
                setting,
                reason: text,
            } = &error
            else {
                panic!("{error:?}");
            };
            assert_eq!(*setting, "github_app");
            assert!(text.contains(reason), "{key:?}: {text}");
            for line in key
                .lines()
                .filter(|l| l.len() > 8 && !l.starts_with("-----"))
            {
                assert!(!error.to_string().contains(&line[..8]), "{error}");
            }
        }
        for id in ["", " ", "12 3", "1\u{7f}2"] {
            let error = tokens(
                &GitHubApp::new(id, KEY, 2),
                Endpoint::default().api(),
                Duration::from_secs(1),
            )
            .unwrap_err();
            assert!(error.to_string().contains("the App id"), "{error}");
        }
    }

    #[test]
    fn the_token_goes_to_the_base_url_and_uploads_hosts_only() {
        let ghe = credentials(KEY);
        assert!(ghe.covers("https://ghe.example.com/api/v3/user"));
        assert!(ghe.covers("https://GHE.example.com:443/api/v3/user"));
        assert!(!ghe.covers("https://ghe.example.com:8443/api/v3/user"));
        assert!(!ghe.covers("http://ghe.example.com/api/v3/user"));
        assert!(!ghe.covers("https://uploads.github.com/repos/o/r/releases/1/assets"));
        assert!(!ghe.covers("https://attacker.example/api/v3/user"));
        assert!(!ghe.covers("not a url"));
        let github = |endpoint: Endpoint| {
            tokens(
                &GitHubApp::new(1, KEY, 2),
                endpoint.api(),
                Duration::from_secs(1),
            )
            .unwrap()
        };
        let dotcom = github(Endpoint::default());
        assert!(dotcom.covers("https://api.github.com/user"));
        assert!(dotcom.covers("https://uploads.github.com/repos/o/r/releases/1/assets"));
        assert!(!dotcom.covers("https://codeload.github.com/o/r/tar.gz/main"));
        let uploads = github(
            Endpoint::default()
                .defaults(json!({"baseUrl": "https://ghe.example.com/api/v3"}))
                .unwrap()
                .with_server(DEFAULT_UPLOADS_URL, "https://files.example.com/api/uploads")
                .unwrap(),
        );
        assert!(uploads.covers("https://files.example.com/api/uploads/x"));
        assert!(!uploads.covers("https://uploads.github.com/x"));
    }

    #[test]
    fn debug_shows_no_key_and_no_token() {
        let app = GitHubApp::new("Iv23li", KEY, 7);
        let shown = format!("{app:?}");
        assert_eq!(
            shown,
            r#"GitHubApp { app_id: "Iv23li", private_key: "<redacted>", installation_id: 7 }"#
        );
        let credentials = credentials(KEY);
        let Ok(Authorization::Refresh(_)) = credentials.authorization(at(1_000)) else {
            panic!("a refresh")
        };
        let body = json!({"token": "ghs_secret", "expires_at": "1970-01-01T01:16:40Z"});
        credentials
            .refreshed(Ok(answer(201, &body, at(1_000))))
            .unwrap();
        let shown = format!("{credentials:?}");
        assert!(!shown.contains("ghs_secret"), "{shown}");
        assert!(!shown.contains("MII"), "{shown}");
        assert!(shown.contains(r#"token: Some("<redacted>")"#), "{shown}");
    }

    #[test]
    fn validity_is_read_on_the_servers_clock_when_it_differs() {
        let expires = at(10_000);
        // The clocks agree (within the second `date` tells): this machine's.
        assert_eq!(
            validity(expires, Some(at(6_399)), at(6_400)),
            Some(Duration::from_secs(3_600))
        );
        assert_eq!(
            validity(expires, None, at(6_400)),
            Some(Duration::from_secs(3_600))
        );
        // This clock is ten minutes ahead: the token is still valid an hour.
        assert_eq!(
            validity(expires, Some(at(6_400)), at(7_000)),
            Some(Duration::from_secs(3_600))
        );
        // Behind.
        assert_eq!(
            validity(expires, Some(at(6_400)), at(5_800)),
            Some(Duration::from_secs(3_600))
        );
        assert_eq!(validity(expires, None, at(10_000)), None);
        assert_eq!(validity(expires, None, at(20_000)), None);
    }

    #[test]
    fn one_refresh_at_a_time_others_use_the_old_token_or_wait() {
        let credentials = credentials_timing_out(KEY, Duration::from_secs(600));
        let header = |auth: Authorization| match auth {
            Authorization::Header(value) => value,
            Authorization::Refresh(_) => panic!("a refresh"),
            Authorization::Wait(_) => panic!("a wait"),
        };
        // No token: the first call refreshes, the others wait.
        let Ok(Authorization::Refresh(refresh)) = credentials.authorization(at(1_000)) else {
            panic!("a refresh")
        };
        let sent = refresh.request();
        assert_eq!(sent.method(), Method::POST);
        assert_eq!(
            sent.uri().to_string(),
            "https://ghe.example.com/api/v3/app/installations/42/access_tokens"
        );
        assert!(
            sent.headers()[header::AUTHORIZATION]
                .to_str()
                .unwrap()
                .starts_with("Bearer ey")
        );
        assert!(matches!(
            credentials.authorization(at(1_001)),
            Ok(Authorization::Wait(_))
        ));
        let body = json!({"token": "ghs_1", "expires_at": "1970-01-01T01:16:40Z"});
        assert_eq!(
            credentials
                .refreshed(Ok(answer(201, &body, at(1_000))))
                .unwrap(),
            Duration::from_secs(3_600)
        );
        let first = header(credentials.authorization(at(1_001)).unwrap());
        assert_eq!(first, "Bearer ghs_1");
        assert!(first.is_sensitive());
        assert_eq!(header(credentials.authorization(at(4_299)).unwrap()), first);
        // Five minutes before it expires: one call refreshes, the others
        // use the old token until 30 s before it expires, then wait.
        assert!(matches!(
            credentials.authorization(at(4_300)),
            Ok(Authorization::Refresh(_))
        ));
        assert_eq!(header(credentials.authorization(at(4_301)).unwrap()), first);
        assert_eq!(header(credentials.authorization(at(4_569)).unwrap()), first);
        assert!(matches!(
            credentials.authorization(at(4_570)),
            Ok(Authorization::Wait(_))
        ));
        // A refresh older than the timeout (10 minutes here) counts as
        // abandoned.
        assert!(matches!(
            credentials.authorization(at(4_899)),
            Ok(Authorization::Wait(_))
        ));
        assert!(matches!(
            credentials.authorization(at(4_900)),
            Ok(Authorization::Refresh(_))
        ));
        // One abandoned by its call: the next call refreshes at once.
        credentials.abandoned();
        assert!(matches!(
            credentials.authorization(at(4_901)),
            Ok(Authorization::Refresh(_))
        ));
        // A refused refresh: the error, and the next call tries again.
        let refused = json!({"message": "A JSON web token could not be decoded"});
        let error = credentials
            .refreshed(Ok(answer(401, &refused, at(4_902))))
            .unwrap_err();
        assert_eq!(error.status(), Some(StatusCode::UNAUTHORIZED));
        let text = error.to_string();
        assert!(
            text.contains("401 Unauthorized: A JSON web token could not be decoded"),
            "{text}"
        );
        assert!(
            text.contains("/app/installations/42/access_tokens"),
            "{text}"
        );
        assert!(text.contains("App `123`"), "{text}");
        assert!(matches!(
            credentials.authorization(at(4_903)),
            Ok(Authorization::Refresh(_))
        ));
        let body = json!({"token": "ghs_2", "expires_at": "1970-01-01T02:12:43Z"});
        credentials
            .refreshed(Ok(answer(201, &body, at(4_903))))
            .unwrap();
        let second = header(credentials.authorization(at(4_904)).unwrap());
        assert_eq!(second, "Bearer ghs_2");
        // A 401 with the old token changes nothing; with this one, drops it.
        credentials.rejected(&first);
        assert_eq!(
            header(credentials.authorization(at(4_905)).unwrap()),
            second
        );
        credentials.rejected(&second);
        assert!(matches!(
            credentials.authorization(at(4_906)),
            Ok(Authorization::Refresh(_))
        ));
    }

    #[test]
    fn answers_that_are_not_tokens() {
        let credentials = credentials(KEY);
        for (status, body, reason) in [
            (
                201,
                json!({"expires_at": "2026-11-25T10:00:00Z"}),
                "missing field `token`",
            ),
            (201, json!({"token": "ghs_x"}), "missing field `expires_at`"),
            (
                201,
                json!({"token": 7, "expires_at": "x"}),
                "is not an installation token",
            ),
            (
                201,
                json!({"token": "ghs_x", "expires_at": "soon"}),
                "is not a date-time (RFC 3339)",
            ),
            (
                201,
                json!({"token": "ghs_x", "expires_at": "1970-01-01T00:00:01Z"}),
                "expired already",
            ),
            (
                201,
                json!({"token": "ghs\nx", "expires_at": "2099-01-01T00:00:00Z"}),
                "not a valid header value",
            ),
            (
                201,
                json!({"token": " ", "expires_at": "2099-01-01T00:00:00Z"}),
                "is empty",
            ),
            (
                404,
                json!({"message": "Not Found"}),
                "404 Not Found: Not Found; check the installation id",
            ),
            (
                403,
                json!({"message": "This installation has been suspended"}),
                "403 Forbidden: This installation has been suspended",
            ),
        ] {
            let _ = credentials.authorization(at(1_000)).unwrap();
            let error = credentials
                .refreshed(Ok(answer(status, &body, at(1_000))))
                .unwrap_err();
            let text = error.to_string();
            assert!(text.contains(reason), "{body}: {text}");
            assert!(text.starts_with("authentication failed: POST https://ghe.example.com/api/v3/app/installations/42/access_tokens: "), "{text}");
            assert!(!text.contains("ghs_x"), "{text}");
        }
        let mut not_json = answer(201, &json!(null), at(1_000));
        not_json.body = b"ghs_x <html>".to_vec();
        let text = credentials.refreshed(Ok(not_json)).unwrap_err().to_string();
        assert!(
            text.contains("the answer (201 Created) is not JSON"),
            "{text}"
        );
        assert!(!text.contains("ghs_x"), "{text}");
    }
}
