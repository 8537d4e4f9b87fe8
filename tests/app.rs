//! GitHub App authentication (feature `app`), with both clients against a
//! loopback token endpoint that checks each JWT's signature and claims and
//! hands out tokens valid 4 s: tokens are refreshed before they expire, by
//! one call at a time across threads and tasks; a refresh whose task was
//! dropped blocks nobody; a wrong key is a clear error; a key that does not
//! parse fails at `build()`; a token answer's absurd `date` is no panic;
//! and no key, JWT or token is shown.

use crate::{backends, server};

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use endpoint::client::{self, ClientBuilder, Clock, Error, Event, GitHubApp, Retry};
use jsonwebtoken::crypto::{CryptoProvider, JwtVerifier, KeyUtils};
use jsonwebtoken::{Algorithm, DecodingKey, DecodingKeyKind, Validation};
use serde::Deserialize;
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

type Ureq = client::ureq::Client;
type Reqwest = client::reqwest::Client;

const KEY: &str = include_str!("fixtures/app/app-key.pem");
const PKCS8_KEY: &str = include_str!("fixtures/app/app-key.pkcs8.pem");
const PUBLIC_KEY: &str = include_str!("fixtures/app/app-key.pub.pem");
const OTHER_KEY: &str = include_str!("fixtures/app/other-key.pem");

const APP_ID: &str = "Iv23liTestApp";
const INSTALLATION: u64 = 42;
const TOKEN_PATH: &str = "/app/installations/42/access_tokens";
/// How long the test server's tokens are valid: long enough that the
/// second the client keeps between a refresh and the expiry (a quarter of
/// it) covers a request that a loaded machine delays, short enough that
/// tokens expire several times in a test.
const VALIDITY: Duration = Duration::from_secs(4);

/// jsonwebtoken's cryptography: RS256 signatures checked by ring (the
/// crate's own providers would build aws-lc-rs or RustCrypto's RSA), the
/// one algorithm a GitHub App's tokens use; anything else is refused.
static RING: CryptoProvider = CryptoProvider {
    signer_factory: |_, _| Err(jsonwebtoken::errors::ErrorKind::InvalidAlgorithm.into()),
    verifier_factory: |algorithm, key| match (algorithm, key.kind()) {
        (Algorithm::RS256, DecodingKeyKind::SecretOrDer(der)) => {
            Ok(Box::new(Rs256(der.clone())) as Box<dyn JwtVerifier>)
        }
        _ => Err(jsonwebtoken::errors::ErrorKind::InvalidAlgorithm.into()),
    },
    key_utils: KeyUtils::new_unimplemented(),
};

/// An RSA public key (PKCS #1, DER) checking RS256 signatures.
struct Rs256(Vec<u8>);

impl jsonwebtoken::signature::Verifier<Vec<u8>> for Rs256 {
    fn verify(
        &self,
        message: &[u8],
        signature: &Vec<u8>,
    ) -> Result<(), jsonwebtoken::signature::Error> {
        ring::signature::UnparsedPublicKey::new(
            &ring::signature::RSA_PKCS1_2048_8192_SHA256,
            &self.0,
        )
        .verify(message, signature)
        .map_err(|_| jsonwebtoken::signature::Error::new())
    }
}

impl JwtVerifier for Rs256 {
    fn algorithm(&self) -> Algorithm {
        Algorithm::RS256
    }
}

/// The claims of an App's JWT.
#[derive(Debug, Deserialize)]
struct Claims {
    iat: u64,
    exp: u64,
    iss: String,
}

/// A stand-in for GitHub: the token endpoint of installation 42 of the
/// App, and an API that takes only its tokens while they are valid.
struct GitHub {
    key: DecodingKey,
    /// The path the API is under (`/api/v3` for GitHub Enterprise Server).
    prefix: String,
    /// How long the token endpoint takes to answer.
    token_delay: Duration,
    /// Every token handed out, and when it expires.
    tokens: Mutex<HashMap<String, SystemTime>>,
    /// The clock its tokens expire by and its JWTs are checked on.
    clock: Clock,
    refreshes: AtomicUsize,
    /// Token requests being answered now.
    in_flight: AtomicUsize,
    /// Token requests that arrived while another was being answered.
    overlaps: AtomicUsize,
    api_requests: AtomicUsize,
    /// What was wrong with the requests that were refused.
    refusals: Mutex<Vec<String>>,
}

impl GitHub {
    fn new(prefix: &str, token_delay: Duration) -> Arc<GitHub> {
        GitHub::on(prefix, token_delay, Clock::system())
    }

    /// A stand-in whose tokens expire on `clock`, the client's.
    fn on(prefix: &str, token_delay: Duration, clock: Clock) -> Arc<GitHub> {
        // Once per process: a second install (another test's) changes nothing.
        let _ = RING.install_default();
        Arc::new(GitHub {
            clock,
            key: DecodingKey::from_rsa_pem(PUBLIC_KEY.as_bytes()).expect("the public key"),
            prefix: prefix.to_owned(),
            token_delay,
            tokens: Mutex::default(),
            refreshes: AtomicUsize::new(0),
            in_flight: AtomicUsize::new(0),
            overlaps: AtomicUsize::new(0),
            api_requests: AtomicUsize::new(0),
            refusals: Mutex::default(),
        })
    }

    /// A server answering as `github`.
    fn serve(github: &Arc<GitHub>) -> Server {
        let github = Arc::clone(github);
        Server::start_concurrent(move |received| github.answer(received))
    }

    fn answer(&self, received: &Received) -> Answer {
        let Some(path) = received.url.strip_prefix(&self.prefix) else {
            return self.refuse(404, format!("not under {}: {}", self.prefix, received.url));
        };
        if path == TOKEN_PATH {
            return self.token(received);
        }
        self.api_requests.fetch_add(1, Ordering::SeqCst);
        let token = received
            .optional_header("authorization")
            .and_then(|value| value.strip_prefix("Bearer "))
            .unwrap_or_default();
        let expires = self.tokens.lock().unwrap().get(token).copied();
        match expires {
            Some(expires) if self.clock.now() < expires => Answer::json(200, &json!({"ok": true})),
            Some(_) => self.refuse(401, format!("{path}: an expired token")),
            None => self.refuse(401, format!("{path}: an unknown token `{token}`")),
        }
    }

    /// The token endpoint: checks the JWT, then hands out a new token.
    fn token(&self, received: &Received) -> Answer {
        if received.method != "POST" {
            return self.refuse(405, format!("a token request by {}", received.method));
        }
        for (name, value) in [
            ("accept", "application/vnd.github.v3+json"),
            ("x-github-api-version", "2022-11-28"),
            ("user-agent", "app-test/1.0"),
        ] {
            if received.optional_header(name) != Some(value) {
                return self.refuse(400, format!("the token request's `{name}`"));
            }
        }
        let jwt = received
            .optional_header("authorization")
            .and_then(|value| value.strip_prefix("Bearer "))
            .unwrap_or_default();
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_issuer(&[APP_ID]);
        validation.set_required_spec_claims(&["exp", "iat", "iss"]);
        validation.leeway = 0;
        let claims = match jsonwebtoken::decode::<Claims>(jwt, &self.key, &validation) {
            Ok(data) => data.claims,
            Err(error) => {
                self.refuse(401, format!("a JWT that does not verify: {error}"));
                return Answer::json(
                    401,
                    &json!({
                        "message": "A JSON web token could not be decoded",
                        "documentation_url": "https://docs.github.com/rest",
                    }),
                );
            }
        };
        let now = self
            .clock
            .now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();
        if claims.iat + 59 > now || claims.iat + 70 < now || claims.exp > now + 600 {
            return self.refuse(401, format!("the JWT's times: {claims:?}, now {now}"));
        }
        assert_eq!(claims.iss, APP_ID);
        if self.in_flight.fetch_add(1, Ordering::SeqCst) > 0 {
            self.overlaps.fetch_add(1, Ordering::SeqCst);
        }
        std::thread::sleep(self.token_delay);
        let n = self.refreshes.fetch_add(1, Ordering::SeqCst) + 1;
        let token = format!("ghs_test{n}x{}", now % 1_000_003);
        let expires = self.clock.now() + VALIDITY;
        self.tokens.lock().unwrap().insert(token.clone(), expires);
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
        let answer = Answer::json(
            201,
            &json!({
                "token": token,
                "expires_at": rfc3339(expires),
                "permissions": {"contents": "read"},
                "repository_selection": "all",
            }),
        );
        // Its `date` by the clock its tokens expire by, as a server's is.
        match self.clock.is_manual() {
            true => answer.with_header("date", &http_date(self.clock.now())),
            false => answer,
        }
    }

    /// Keeps why a request was refused, and refuses it.
    fn refuse(&self, status: u16, why: String) -> Answer {
        self.refusals.lock().unwrap().push(why);
        Answer::json(status, &json!({"message": "Bad credentials"}))
    }

    fn refreshes(&self) -> usize {
        self.refreshes.load(Ordering::SeqCst)
    }

    fn refusals(&self) -> Vec<String> {
        self.refusals.lock().unwrap().clone()
    }

    /// Every token handed out.
    fn tokens(&self) -> Vec<String> {
        self.tokens.lock().unwrap().keys().cloned().collect()
    }

    /// Forgets every token, as if they were revoked.
    fn revoke(&self) {
        self.tokens.lock().unwrap().clear();
    }
}

/// `time` as an HTTP date (`Wed, 25 Nov 2026 10:00:00 GMT`).
fn http_date(time: SystemTime) -> String {
    const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    // `2026-11-25T10:00:00.250Z`, read back.
    let text = rfc3339(time);
    let days = time.duration_since(UNIX_EPOCH).unwrap().as_secs() / 86_400;
    let month: usize = text[5..7].parse().unwrap();
    format!(
        "{}, {} {} {} {} GMT",
        WEEKDAYS[(days % 7) as usize],
        &text[8..10],
        MONTHS[month - 1],
        &text[0..4],
        &text[11..19]
    )
}

/// `time` as RFC 3339, to the millisecond (`2026-11-25T10:00:00.250Z`).
fn rfc3339(time: SystemTime) -> String {
    let since = time.duration_since(UNIX_EPOCH).unwrap();
    let (days, seconds) = (since.as_secs() / 86_400, since.as_secs() % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        seconds / 3_600,
        seconds / 60 % 60,
        seconds % 60,
        since.subsec_millis()
    )
}

#[test]
fn test_server_writes_rfc3339() {
    assert_eq!(
        rfc3339(UNIX_EPOCH + Duration::from_millis(1_795_600_800_250)),
        "2026-11-25T10:00:00.250Z"
    );
    assert_eq!(
        rfc3339(UNIX_EPOCH + Duration::from_secs(1_709_164_800)),
        "2024-02-29T00:00:00.000Z"
    );
    assert_eq!(
        http_date(UNIX_EPOCH + Duration::from_secs(784_111_777)),
        "Sun, 06 Nov 1994 08:49:37 GMT"
    );
}

/// The settings of a client of `server` authenticating as the App with
/// `key`.
fn builder<C>(server: &Server, key: &str) -> ClientBuilder<C> {
    builder_at(&server.base_url(), key)
}

/// The settings of a client of `github`'s `server`, on its clock.
fn builder_on<C>(server: &Server, github: &GitHub, key: &str) -> ClientBuilder<C> {
    builder(server, key).clock(github.clock.clone())
}

/// The settings of a client of GitHub's API at `base_url` authenticating
/// as the App with `key`.
fn builder_at<C>(base_url: &str, key: &str) -> ClientBuilder<C> {
    ClientBuilder::new()
        .github()
        .base_url(base_url)
        .github_app(GitHubApp::new(APP_ID, key, INSTALLATION))
        .user_agent("app-test/1.0")
        // One connection a request: the concurrent server answers each at
        // once (see `Server::start_concurrent`).
        .header("connection", "close")
        .no_proxy()
        .timeout(Duration::from_secs(10))
        .retry(Retry::never())
}

/// A client of backend `name` of `server`, authenticating as the App with
/// `key`, counting its `TokenRefreshed` events in `refreshed`.
fn backend(name: &str, server: &Server, key: &str, refreshed: &Arc<AtomicUsize>) -> Backend {
    backend_on(
        name,
        server,
        &GitHub::new("", Duration::ZERO),
        key,
        refreshed,
    )
}

/// [`backend`], on the clock of `github`, which `server` answers as.
fn backend_on(
    name: &str,
    server: &Server,
    github: &GitHub,
    key: &str,
    refreshed: &Arc<AtomicUsize>,
) -> Backend {
    let counter = Arc::clone(refreshed);
    let hook = move |event: &Event| {
        if let Event::TokenRefreshed { valid_for } = event {
            assert!(*valid_for <= VALIDITY, "{event}");
            counter.fetch_add(1, Ordering::SeqCst);
        }
    };
    match name {
        "ureq" => Backend::Ureq(
            builder_on::<Ureq>(server, github, key)
                .on_event(hook)
                .build()
                .unwrap(),
        ),
        "reqwest" => Backend::Reqwest(
            builder_on::<Reqwest>(server, github, key)
                .on_event(hook)
                .build()
                .unwrap(),
            Arc::new(runtime()),
        ),
        other => panic!("no backend `{other}`"),
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// An API request.
fn get(client: &Backend) -> Result<Value, Error> {
    client
        .call::<Value>("GET /installation/repositories", json!({}))
        .map(|response| response.body)
}

/// The most refreshes `elapsed` needs: the first, then one each time a
/// token is 3/4 through its validity (a little less: its `expires_at` is
/// counted from when its answer came).
fn most_refreshes(elapsed: Duration) -> usize {
    1 + (elapsed.as_secs_f64() / (VALIDITY.as_secs_f64() * 0.7)).ceil() as usize
}

/// Long enough for `refreshes` tokens to be fetched: each after 3/4 of
/// the one before, and two seconds more for a loaded machine.
fn time_for_refreshes(refreshes: u32) -> Duration {
    VALIDITY * 3 / 4 * (refreshes - 1) + Duration::from_secs(2)
}

// Refreshing.

#[test]
fn tokens_are_refreshed_before_they_expire() {
    for name in BACKENDS {
        refreshed_before_they_expire(name);
    }
}

fn refreshed_before_they_expire(name: &str) {
    {
        // The client's clock and the server's: a request every 50 ms of it,
        // for three tokens' lives, in no time.
        let github = GitHub::on("", Duration::ZERO, Clock::manual());
        let server = GitHub::serve(&github);
        let events = Arc::new(AtomicUsize::new(0));
        let client = backend_on(name, &server, &github, KEY, &events);
        let clock = github.clock.clone();
        let mut requests = 0;
        while clock.elapsed() < time_for_refreshes(3) {
            let answer = get(&client).unwrap_or_else(|error| panic!("{name}: {error}"));
            assert_eq!(answer, json!({"ok": true}));
            requests += 1;
            clock.advance(Duration::from_millis(50));
        }
        let elapsed = clock.elapsed();
        // The first, then one at 3/4 of each token's 4 s: at 3 s and 6 s.
        assert_eq!(github.refreshes(), 3, "{name}");
        let refreshes = github.refreshes();
        assert!(
            github.refusals().is_empty(),
            "{name}: {:?}",
            github.refusals()
        );
        assert!(
            refreshes >= 3,
            "{name}: {refreshes} refreshes in {elapsed:?}"
        );
        assert!(
            refreshes <= most_refreshes(elapsed),
            "{name}: {refreshes} refreshes in {elapsed:?}"
        );
        assert_eq!(events.load(Ordering::SeqCst), refreshes, "{name}");
        assert_eq!(
            github.api_requests.load(Ordering::SeqCst),
            requests,
            "{name}"
        );
    }
}

#[test]
fn a_token_answer_with_an_absurd_date_is_no_panic() {
    for date in [
        "Sun, 06 Nov 1000000000000 08:49:37 GMT",
        "Sun, 06 Jan 18446744073709551615 00:00:00 GMT",
        "Thu, 01 Jan 1970 00:00:00 GMT",
    ] {
        for name in BACKENDS {
            let github = GitHub::new("", Duration::ZERO);
            let answering = Arc::clone(&github);
            let server = Server::start_concurrent(move |received| {
                let answer = answering.answer(received);
                if received.url == TOKEN_PATH {
                    answer.with_header("date", date)
                } else {
                    answer
                }
            });
            let valid_for = Arc::new(Mutex::new(Vec::new()));
            let told = Arc::clone(&valid_for);
            let hook = move |event: &Event| {
                if let Event::TokenRefreshed { valid_for } = event {
                    told.lock().unwrap().push(*valid_for);
                }
            };
            let client = match name {
                "ureq" => Backend::Ureq(
                    builder::<Ureq>(&server, KEY)
                        .on_event(hook)
                        .build()
                        .unwrap(),
                ),
                _ => Backend::Reqwest(
                    builder::<Reqwest>(&server, KEY)
                        .on_event(hook)
                        .build()
                        .unwrap(),
                    Arc::new(runtime()),
                ),
            };
            for _ in 0..2 {
                let body = get(&client).unwrap_or_else(|error| panic!("{name}, {date}: {error}"));
                assert_eq!(body, json!({"ok": true}), "{name}, {date}");
            }
            // A date no clock reaches is no date: the token is valid for
            // what `expires_at` says from now. One of 1970 is a clock 56
            // years behind, as far as the client can tell.
            let valid_for = valid_for.lock().unwrap().clone();
            assert_eq!(valid_for.len(), 1, "{name}, {date}");
            if date.contains("1970") {
                assert!(
                    valid_for[0] > Duration::from_secs(50 * 365 * 86_400),
                    "{name}"
                );
            } else {
                assert!(valid_for[0] <= VALIDITY, "{name}, {date}: {valid_for:?}");
            }
            assert_eq!(github.refreshes(), 1, "{name}, {date}");
        }
    }
}

#[test]
fn a_pkcs8_key_signs_as_well() {
    for name in BACKENDS {
        let github = GitHub::new("", Duration::ZERO);
        let server = GitHub::serve(&github);
        let client = backend(name, &server, PKCS8_KEY, &Arc::default());
        get(&client).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(github.refreshes(), 1, "{name}");
        assert!(
            github.refusals().is_empty(),
            "{name}: {:?}",
            github.refusals()
        );
    }
}

#[test]
fn threads_on_one_blocking_client_refresh_one_at_a_time() {
    // A token request takes 200 ms: long enough for every thread to need
    // the token while it is under way.
    let github = GitHub::new("", Duration::from_millis(200));
    let server = GitHub::serve(&github);
    let events = Arc::new(AtomicUsize::new(0));
    let Backend::Ureq(client) = backend("ureq", &server, KEY, &events) else {
        unreachable!()
    };
    let start = Instant::now();
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let client = client.clone();
            std::thread::spawn(move || {
                let mut requests = 0;
                while start.elapsed() < time_for_refreshes(2) {
                    let request = client
                        .endpoint()
                        .endpoint("GET /installation/repositories", json!({}))
                        .unwrap();
                    client.execute::<Value>(request).expect("an API request");
                    requests += 1;
                    std::thread::sleep(Duration::from_millis(20));
                }
                requests
            })
        })
        .collect();
    let requests: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
    let elapsed = start.elapsed();
    assert!(github.refusals().is_empty(), "{:?}", github.refusals());
    assert_eq!(github.overlaps.load(Ordering::SeqCst), 0);
    let refreshes = github.refreshes();
    assert!(refreshes >= 2, "{refreshes} refreshes in {elapsed:?}");
    assert!(
        refreshes <= most_refreshes(elapsed),
        "{refreshes} refreshes in {elapsed:?}"
    );
    assert_eq!(events.load(Ordering::SeqCst), refreshes);
    assert_eq!(github.api_requests.load(Ordering::SeqCst), requests);
    // Every thread sent requests all along, not one at a time.
    assert!(requests > 8 * 4, "{requests} requests");
}

#[test]
fn tasks_on_one_async_client_refresh_one_at_a_time() {
    let github = GitHub::new("", Duration::from_millis(200));
    let server = GitHub::serve(&github);
    let events = Arc::new(AtomicUsize::new(0));
    let Backend::Reqwest(client, runtime) = backend("reqwest", &server, KEY, &events) else {
        unreachable!()
    };
    let start = Instant::now();
    let requests: usize = runtime.block_on(async {
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let client = client.clone();
                tokio::spawn(async move {
                    let mut requests = 0;
                    while start.elapsed() < time_for_refreshes(2) {
                        let request = client
                            .endpoint()
                            .endpoint("GET /installation/repositories", json!({}))
                            .unwrap();
                        client
                            .execute::<Value>(request)
                            .await
                            .expect("an API request");
                        requests += 1;
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                    requests
                })
            })
            .collect();
        let mut requests = 0;
        for task in tasks {
            requests += task.await.unwrap();
        }
        requests
    });
    let elapsed = start.elapsed();
    assert!(github.refusals().is_empty(), "{:?}", github.refusals());
    assert_eq!(github.overlaps.load(Ordering::SeqCst), 0);
    let refreshes = github.refreshes();
    assert!(refreshes >= 2, "{refreshes} refreshes in {elapsed:?}");
    assert!(
        refreshes <= most_refreshes(elapsed),
        "{refreshes} refreshes in {elapsed:?}"
    );
    assert_eq!(events.load(Ordering::SeqCst), refreshes);
    assert_eq!(github.api_requests.load(Ordering::SeqCst), requests);
}

#[test]
fn a_refresh_whose_task_was_dropped_blocks_nobody() {
    // The first token takes 1 s; the task asking for it is dropped after
    // 200 ms. The next call fetches a token itself, at once, rather than
    // waiting for a refresh nobody will finish.
    let github = GitHub::new("", Duration::from_secs(1));
    let server = GitHub::serve(&github);
    let Backend::Reqwest(client, runtime) = backend("reqwest", &server, KEY, &Arc::default())
    else {
        unreachable!()
    };
    let request = || {
        client
            .endpoint()
            .endpoint("GET /installation/repositories", json!({}))
            .unwrap()
    };
    runtime.block_on(async {
        let dropped = tokio::time::timeout(
            Duration::from_millis(200),
            client.execute::<Value>(request()),
        )
        .await;
        assert!(dropped.is_err(), "the first call should still be waiting");
        let start = Instant::now();
        client.execute::<Value>(request()).await.unwrap();
        // Not the 10 s a refresh is waited for before it counts as
        // abandoned.
        let took = start.elapsed();
        assert!(took < Duration::from_secs(7), "took {took:?}");
    });
    assert_eq!(github.refreshes(), 2);
}

#[test]
fn a_refresh_older_than_the_timeout_counts_as_abandoned() {
    // A call that never ends and is never dropped: its refresh is given up
    // once it is older than the client's timeout (1 s here).
    let github = GitHub::new("", Duration::from_millis(1_500));
    let server = GitHub::serve(&github);
    let client = builder::<Reqwest>(&server, KEY)
        .timeout(Duration::from_secs(1))
        .build()
        .unwrap();
    let runtime = runtime();
    let request = || {
        client
            .endpoint()
            .endpoint("GET /installation/repositories", json!({}))
            .unwrap()
    };
    runtime.block_on(async {
        let mut stuck = Box::pin(client.execute::<Value>(request()));
        let waited = tokio::time::timeout(Duration::from_millis(200), &mut stuck).await;
        assert!(waited.is_err(), "the first call should still be waiting");
        std::mem::forget(stuck);
        let start = Instant::now();
        // Its refresh is under way: this call waits for it, then gives it
        // up after the timeout, and fetches a token itself (which takes
        // longer than the timeout too: a transport error).
        let error = client.execute::<Value>(request()).await.unwrap_err();
        let took = start.elapsed();
        assert!(
            matches!(&error, Error::Transport { url, .. } if url.ends_with(TOKEN_PATH)),
            "{error}"
        );
        assert!(took >= Duration::from_millis(700), "took {took:?}");
        // Not the call's deadline (5 minutes) spent waiting.
        assert!(took < Duration::from_secs(30), "took {took:?}");
    });
}

#[test]
fn a_401_with_the_token_drops_it_and_sends_once_more() {
    for name in BACKENDS {
        let github = GitHub::new("", Duration::ZERO);
        let server = GitHub::serve(&github);
        let client = backend(name, &server, KEY, &Arc::default());
        get(&client).unwrap();
        get(&client).unwrap();
        assert_eq!(github.refreshes(), 1, "{name}");
        // A revoked token: the call drops it and sends its request once
        // more with a new one.
        github.revoke();
        get(&client).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(github.refreshes(), 2, "{name}");
        // A new token refused too: the 401 is the answer, after one refresh.
        let refusing = GitHub::new("", Duration::ZERO);
        let server = Server::start_concurrent({
            let refusing = Arc::clone(&refusing);
            move |received| {
                let answer = refusing.answer(received);
                refusing.revoke();
                answer
            }
        });
        let client = backend(name, &server, KEY, &Arc::default());
        let error = get(&client).unwrap_err();
        assert_eq!(
            error.status().map(|s| s.as_u16()),
            Some(401),
            "{name}: {error}"
        );
        assert_eq!(refusing.refreshes(), 2, "{name}");
    }
}

// Where the token request goes.

#[test]
fn the_token_request_goes_to_the_base_url() {
    for name in BACKENDS {
        let github = GitHub::new("/api/v3", Duration::ZERO);
        let server = GitHub::serve(&github);
        let base = format!("{}/api/v3", server.base_url());
        let client = match name {
            "ureq" => Backend::Ureq(builder_at::<Ureq>(&base, KEY).build().unwrap()),
            _ => Backend::Reqwest(
                builder_at::<Reqwest>(&base, KEY).build().unwrap(),
                Arc::new(runtime()),
            ),
        };
        get(&client).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert!(
            github.refusals().is_empty(),
            "{name}: {:?}",
            github.refusals()
        );
        let token = server.next();
        assert_eq!(token.url, format!("/api/v3{TOKEN_PATH}"));
        assert_eq!(token.method, "POST");
        let api = server.next();
        assert_eq!(api.url, "/api/v3/installation/repositories");
        assert!(api.header("authorization").starts_with("Bearer ghs_test1"));
    }
}

#[test]
fn the_token_request_of_any_api_has_its_headers() {
    // A client for another API (`base_url` alone): JSON, no GitHub header.
    let server = Server::start(|_| {
        Answer::json(
            201,
            &json!({"token": "t0k3n", "expires_at": "2099-01-01T00:00:00Z"}),
        )
    });
    let client = Ureq::builder()
        .base_url(format!("{}/v1", server.base_url()))
        .github_app(GitHubApp::new(7, KEY, 9))
        .no_proxy()
        .build()
        .unwrap();
    let request = client
        .endpoint()
        .endpoint("GET /things", json!({}))
        .unwrap();
    client.execute::<Value>(request).unwrap();
    let token = server.next();
    assert_eq!(token.url, "/v1/app/installations/9/access_tokens");
    assert_eq!(token.header("accept"), "application/json");
    assert_eq!(token.optional_header("x-github-api-version"), None);
    let api = server.next();
    assert_eq!(api.header("authorization"), "Bearer t0k3n");
}

#[test]
fn the_token_goes_to_no_other_host() {
    for name in BACKENDS {
        let github = GitHub::new("", Duration::ZERO);
        let server = GitHub::serve(&github);
        let other = Server::start(|_| Answer::json(200, &json!({"ok": true})));
        // `localhost` is another host than the base URL's `127.0.0.1`.
        let elsewhere = format!("http://localhost:{}", other.port());
        let client = backend(name, &server, KEY, &Arc::default());
        get(&client).unwrap();
        // A client with another base URL, and a request built elsewhere.
        let moved = client.with_defaults(json!({"baseUrl": elsewhere}));
        get(&moved).unwrap_or_else(|error| panic!("{name}: {error}"));
        let request = endpoint::Endpoint::default()
            .endpoint(&format!("GET {elsewhere}/collect"), json!({}))
            .unwrap();
        client
            .execute::<Value>(request)
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        for received in [other.next(), other.next()] {
            assert_eq!(
                received.optional_header("authorization"),
                None,
                "{name}: {received:?}"
            );
        }
        assert_eq!(github.refreshes(), 1, "{name}");
    }
}

#[test]
fn the_token_goes_to_no_other_port() {
    for name in BACKENDS {
        let github = GitHub::new("", Duration::ZERO);
        let server = GitHub::serve(&github);
        let other = Server::start(|_| Answer::json(200, &json!({"ok": true})));
        let client = backend(name, &server, KEY, &Arc::default());
        get(&client).unwrap();
        // The base URL's host, on another port: another origin.
        let request = endpoint::Endpoint::default()
            .endpoint(&format!("GET {}/collect", other.base_url()), json!({}))
            .unwrap();
        client
            .execute::<Value>(request)
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        let received = other.next();
        assert_eq!(
            received.optional_header("authorization"),
            None,
            "{name}: {received:?}"
        );
    }
}

#[test]
fn github_enterprise_fetches_its_tokens_from_its_own_host() {
    // No TLS here: the error names where the token request went. Its
    // retries' backoffs on a manual clock, and short timeouts: no time.
    let server = Server::start(|_| Answer::json(500, &json!({})));
    let host = format!("127.0.0.1:{}", server.port());
    let client = Ureq::builder()
        .github_enterprise(&host)
        .github_app(GitHubApp::new(APP_ID, KEY, INSTALLATION))
        .no_proxy()
        .timeout(Duration::from_millis(500))
        .clock(Clock::manual())
        .build()
        .unwrap();
    let request = client.endpoint().endpoint("GET /meta", json!({})).unwrap();
    let error = client.execute::<Value>(request).unwrap_err();
    // After the retries of the timeouts: the last one.
    let Error::Transport { method, url, .. } = error.last() else {
        panic!("{error:?}");
    };
    assert_eq!(method, "POST");
    assert_eq!(url, &format!("https://{host}/api/v3{TOKEN_PATH}"));
}

// Errors.

#[test]
fn a_token_request_that_fails_for_a_passing_reason_is_retried() {
    for name in BACKENDS {
        for retry in [true, false] {
            let github = GitHub::new("", Duration::ZERO);
            let failed = Arc::new(AtomicUsize::new(0));
            let (answering, failing) = (Arc::clone(&github), Arc::clone(&failed));
            let server = Server::start_concurrent(move |received| {
                if received.url == TOKEN_PATH && failing.fetch_add(1, Ordering::SeqCst) == 0 {
                    return Answer::json(502, &json!({"message": "Server Error"}));
                }
                answering.answer(received)
            });
            let retries = if retry {
                Retry::default().base_delay(Duration::from_millis(20))
            } else {
                Retry::never()
            };
            let client = match name {
                "ureq" => Backend::Ureq(
                    builder::<Ureq>(&server, KEY)
                        .retry(retries)
                        .build()
                        .unwrap(),
                ),
                _ => Backend::Reqwest(
                    builder::<Reqwest>(&server, KEY)
                        .retry(retries)
                        .build()
                        .unwrap(),
                    Arc::new(runtime()),
                ),
            };
            match get(&client) {
                Ok(body) if retry => assert_eq!(body["ok"], true, "{name}"),
                Err(error) if !retry => {
                    assert_eq!(
                        error.status().map(|s| s.as_u16()),
                        Some(502),
                        "{name}: {error}"
                    );
                }
                other => panic!("{name}, retry {retry}: {other:?}"),
            }
            let token_requests = failed.load(Ordering::SeqCst);
            assert_eq!(token_requests, if retry { 2 } else { 1 }, "{name}");
            assert_eq!(github.refreshes(), usize::from(retry), "{name}");
        }
    }
}

#[test]
fn a_wrong_key_is_a_clear_error() {
    for name in BACKENDS {
        let github = GitHub::new("", Duration::ZERO);
        let server = GitHub::serve(&github);
        let client = backend(name, &server, OTHER_KEY, &Arc::default());
        let error = get(&client).unwrap_err();
        let Error::Authentication { url, answer, .. } = &error else {
            panic!("{name}: {error:?}");
        };
        assert_eq!(url, &format!("{}{TOKEN_PATH}", server.base_url()));
        assert_eq!(answer.as_ref().map(|a| a.status.as_u16()), Some(401));
        assert_eq!(error.status().map(|s| s.as_u16()), Some(401));
        let text = error.to_string();
        for part in [
            "authentication failed",
            TOKEN_PATH,
            "installation 42",
            APP_ID,
            "401 Unauthorized: A JSON web token could not be decoded",
            "check the App id and its private key",
        ] {
            assert!(text.contains(part), "{name}: `{part}` not in {text}");
        }
        let request = server.next();
        let jwt = request
            .header("authorization")
            .strip_prefix("Bearer ")
            .unwrap();
        for shown in [text, format!("{error:?}")] {
            assert!(!shown.contains(jwt), "{name}: {shown}");
            assert!(!shown.contains("eyJ"), "{name}: {shown}");
            assert_no_key(&shown, OTHER_KEY);
        }
        // Nothing was sent to the API.
        assert_eq!(github.api_requests.load(Ordering::SeqCst), 0, "{name}");
        assert!(server.requests().is_empty(), "{name}");
    }
}

#[test]
fn a_key_that_does_not_parse_fails_at_build() {
    let truncated = &KEY[..KEY.len() / 2];
    let public = PUBLIC_KEY;
    let garbled = KEY.replacen("MII", "M!I", 1);
    for (key, reason) in [
        (truncated, "has no `-----END"),
        (public, "holds no PEM private key"),
        (garbled.as_str(), "the private key"),
        ("", "is empty"),
    ] {
        let server = Server::start(|_| Answer::json(500, &json!({})));
        for error in [
            builder::<Ureq>(&server, key).build().unwrap_err(),
            builder::<Reqwest>(&server, key).build().unwrap_err(),
        ] {
            let Error::Config {
                setting,
                reason: text,
            } = &error
            else {
                panic!("{error:?}");
            };
            assert_eq!(*setting, "github_app");
            assert!(text.contains(reason), "{text}");
            assert_no_key(&error.to_string(), KEY);
            assert_no_key(&format!("{error:?}"), KEY);
        }
        assert!(server.requests().is_empty());
    }
}

#[test]
fn an_app_and_other_credentials_do_not_mix() {
    let app = || GitHubApp::new(APP_ID, KEY, INSTALLATION);
    for (builder, other) in [
        (Ureq::github().token("ghp_x").github_app(app()), "token"),
        (Ureq::github().github_app(app()).bearer("x"), "bearer"),
        (Ureq::github().basic("u", "p").github_app(app()), "basic"),
        (
            Ureq::github()
                .header("Authorization", "token x")
                .github_app(app()),
            "header(\"authorization\", …)",
        ),
    ] {
        let error = builder.build().unwrap_err();
        let Error::Config { setting, reason } = &error else {
            panic!("{error:?}");
        };
        assert_eq!(*setting, "github_app");
        assert!(reason.contains(&format!("`{other}`")), "{reason}");
        assert!(!reason.contains("ghp_x"), "{reason}");
    }
}

// Nothing secret is shown.

/// `shown` holds no line of `key` (nor a long part of one).
fn assert_no_key(shown: &str, key: &str) {
    for line in key.lines().filter(|line| !line.starts_with("-----")) {
        for part in line.as_bytes().chunks(16).filter(|part| part.len() == 16) {
            let part = std::str::from_utf8(part).unwrap();
            assert!(!shown.contains(part), "`{part}` of the key in {shown}");
        }
    }
}

#[test]
fn debug_shows_no_key_and_no_token() {
    for name in BACKENDS {
        let github = GitHub::new("", Duration::ZERO);
        let server = GitHub::serve(&github);
        let shown = format!("{:?}", builder::<Ureq>(&server, KEY));
        assert!(
            shown.contains(&format!(
                r#"tokens: Some(github_app(GitHubApp {{ app_id: "{APP_ID}", private_key: "<redacted>", installation_id: 42 }}))"#
            )),
            "{shown}"
        );
        assert_no_key(&shown, KEY);
        let client = backend(name, &server, KEY, &Arc::default());
        get(&client).unwrap();
        let tokens = github.tokens();
        assert_eq!(tokens.len(), 1);
        let shown = match &client {
            Backend::Ureq(client) => format!("{client:?}"),
            Backend::Reqwest(client, _) => format!("{client:?}"),
        };
        assert!(
            shown.contains(r#"token: Some("<redacted>")"#),
            "{name}: {shown}"
        );
        assert!(!shown.contains(&tokens[0]), "{name}: {shown}");
        assert!(!shown.contains("ghs_"), "{name}: {shown}");
        assert!(!shown.contains("eyJ"), "{name}: {shown}");
        assert_no_key(&shown, KEY);
    }
}
