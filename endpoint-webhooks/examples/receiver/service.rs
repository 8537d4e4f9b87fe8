//! The receiver's service: its routes, the events it tells apart, their
//! handlers, and the delivery ids it has seen. `main.rs` runs it; the test
//! `tests/receiver.rs` serves it on a loopback port.
//!
//! The payload types are small and written by hand: a few fields of GitHub's
//! `ping`, `push` and `issues` and of Stripe's invoices. A crate generated
//! from a provider's OpenAPI description types them from the description's
//! webhooks instead: its module `webhooks` has a payload per event and an
//! enum `Event` told apart by the tag the description gives
//! (`docs/webhooks.md`).

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use axum::Router;
use axum::extract::{FromRef, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use endpoint_webhooks::axum::Webhook;
use endpoint_webhooks::{Decode, GitHub, Stripe, WebhookError};
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The environment variable of the GitHub webhook's secret.
pub const GITHUB_SECRET: &str = "GITHUB_WEBHOOK_SECRET";
/// The environment variable of the Stripe endpoint's signing secret.
pub const STRIPE_SECRET: &str = "STRIPE_WEBHOOK_SECRET";
/// The environment variable of the address to listen on (optional).
pub const ADDRESS: &str = "RECEIVER_ADDRESS";
/// The address listened on when [`ADDRESS`] is not set.
pub const DEFAULT_ADDRESS: &str = "127.0.0.1:3000";

/// What the receiver needs to start.
#[derive(Debug)]
pub struct Config {
    /// The GitHub webhook's secret, as entered in the webhook's settings.
    pub github_secret: String,
    /// The Stripe endpoint's signing secret, `whsec_…`.
    pub stripe_secret: String,
    /// The address to listen on.
    pub address: String,
}

impl Config {
    /// Reads the configuration from variables (`std::env::var` in `main`).
    ///
    /// # Errors
    ///
    /// A message naming every secret that is missing or empty, and where the
    /// provider shows it.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let secret = |name: &str| var(name).filter(|value| !value.trim().is_empty());
        let (github_secret, stripe_secret) = (secret(GITHUB_SECRET), secret(STRIPE_SECRET));
        let mut missing = Vec::new();
        if github_secret.is_none() {
            missing.push(format!(
                "{GITHUB_SECRET} (the secret of the GitHub webhook, in its settings)"
            ));
        }
        if stripe_secret.is_none() {
            missing.push(format!(
                "{STRIPE_SECRET} (the endpoint's signing secret, whsec_…, in Stripe's dashboard)"
            ));
        }
        match (github_secret, stripe_secret) {
            (Some(github_secret), Some(stripe_secret)) => Ok(Self {
                github_secret,
                stripe_secret,
                address: var(ADDRESS).unwrap_or_else(|| DEFAULT_ADDRESS.into()),
            }),
            _ => Err(format!(
                "the receiver does not start without its secrets; set {}",
                missing.join(" and ")
            )),
        }
    }
}

/// What a handler did, handed to the receiver's sink: where a service would
/// write to its database, the example prints it (and the test keeps it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handled {
    /// GitHub's `ping`, sent when the webhook is created.
    Ping {
        /// GitHub's zen of the day.
        zen: String,
    },
    /// A `push`.
    Push {
        /// `owner/name`.
        repository: String,
        /// The ref pushed to, `refs/heads/main`.
        reference: String,
        /// The SHAs of the commits pushed.
        commits: Vec<String>,
    },
    /// `issues` with `action: opened`.
    IssueOpened {
        /// `owner/name`.
        repository: String,
        /// The issue's number.
        number: u64,
        /// The issue's title.
        title: String,
    },
    /// `issues` with `action: closed`.
    IssueClosed {
        /// `owner/name`.
        repository: String,
        /// The issue's number.
        number: u64,
    },
    /// Stripe's `invoice.paid`.
    InvoicePaid {
        /// The invoice's id, `in_…`.
        invoice: String,
        /// The amount paid, in the currency's smallest unit.
        amount: u64,
        /// The currency, `usd`.
        currency: String,
    },
    /// Stripe's `invoice.payment_failed`.
    InvoicePaymentFailed {
        /// The invoice's id, `in_…`.
        invoice: String,
        /// How many times payment was attempted.
        attempts: u32,
    },
    /// An event or an action the receiver has no handler for: acknowledged
    /// and kept by name, never an error (providers add events and actions).
    Other {
        /// `github` or `stripe`.
        provider: &'static str,
        /// The event's name: GitHub's `X-GitHub-Event`, Stripe's `type`.
        event: String,
        /// GitHub's `action`, when the body has one.
        action: Option<String>,
    },
}

// GitHub: the event is named by the `X-GitHub-Event` header, the kind of
// change by the body's `action`.

/// A GitHub delivery, told apart by `X-GitHub-Event` and the body's
/// `action`.
#[derive(Debug)]
pub enum GitHubEvent {
    /// `ping`.
    Ping(Ping),
    /// `push`.
    Push(Push),
    /// `issues`, `action: opened`.
    IssueOpened(Issues),
    /// `issues`, `action: closed`.
    IssueClosed(Issues),
    /// Any other event, or an action of `issues` not handled.
    Other {
        /// `X-GitHub-Event`.
        event: String,
        /// The body's `action`, when it has one.
        action: Option<String>,
    },
}

/// A few fields of `ping`.
#[derive(Debug, Deserialize)]
pub struct Ping {
    /// GitHub's zen of the day.
    pub zen: String,
}

/// A few fields of `push`.
#[derive(Debug, Deserialize)]
pub struct Push {
    /// The ref pushed to.
    #[serde(rename = "ref")]
    pub reference: String,
    /// The commits pushed.
    pub commits: Vec<Commit>,
    /// The repository.
    pub repository: Repository,
}

/// A commit of a `push`.
#[derive(Debug, Deserialize)]
pub struct Commit {
    /// The commit's SHA.
    pub id: String,
}

/// A few fields of `issues`.
#[derive(Debug, Deserialize)]
pub struct Issues {
    /// The issue.
    pub issue: Issue,
    /// The repository.
    pub repository: Repository,
}

/// An issue.
#[derive(Debug, Deserialize)]
pub struct Issue {
    /// Its number.
    pub number: u64,
    /// Its title.
    pub title: String,
}

/// A repository.
#[derive(Debug, Deserialize)]
pub struct Repository {
    /// `owner/name`.
    pub full_name: String,
}

/// What every event's body has: its `action`, if any.
#[derive(Deserialize)]
struct Action {
    action: Option<String>,
}

impl Decode for GitHubEvent {
    fn decode(headers: &HeaderMap, body: &[u8]) -> Result<Self, WebhookError> {
        let Some(event) = headers.get("x-github-event").and_then(|v| v.to_str().ok()) else {
            return Err(WebhookError::Decode {
                path: ".".into(),
                message: "GitHub names the event in X-GitHub-Event, and it is missing".into(),
            });
        };
        let Action { action } = Action::decode(headers, body)?;
        Ok(match (event, action.as_deref()) {
            ("ping", _) => Self::Ping(Ping::decode(headers, body)?),
            ("push", _) => Self::Push(Push::decode(headers, body)?),
            ("issues", Some("opened")) => Self::IssueOpened(Issues::decode(headers, body)?),
            ("issues", Some("closed")) => Self::IssueClosed(Issues::decode(headers, body)?),
            _ => Self::Other {
                event: event.to_owned(),
                action,
            },
        })
    }
}

// Stripe: the event is named by the body's `type`; its object is under
// `data.object`.

/// A Stripe event: its id and what it is.
#[derive(Debug)]
pub struct StripeEvent {
    /// The event's id, `evt_…`: the same in every retry of the event.
    pub id: String,
    /// The event, told apart by its `type`.
    pub kind: StripeKind,
}

/// A Stripe event's `type`, with its object.
#[derive(Debug)]
pub enum StripeKind {
    /// `invoice.paid`.
    InvoicePaid(Invoice),
    /// `invoice.payment_failed`.
    InvoicePaymentFailed(Invoice),
    /// Any other `type`.
    Other(String),
}

/// A few fields of an invoice.
#[derive(Debug, Deserialize)]
pub struct Invoice {
    /// `in_…`.
    pub id: String,
    /// The amount paid, in the currency's smallest unit.
    pub amount_paid: u64,
    /// How many times payment was attempted.
    pub attempt_count: u32,
    /// `usd`.
    pub currency: String,
}

/// What every event's body has.
#[derive(Deserialize)]
struct Envelope {
    id: String,
    #[serde(rename = "type")]
    kind: String,
}

/// An event's `data.object`, decoded as `T`.
#[derive(Deserialize)]
struct Data<T> {
    data: Object<T>,
}

#[derive(Deserialize)]
struct Object<T> {
    object: T,
}

fn object<T: DeserializeOwned>(headers: &HeaderMap, body: &[u8]) -> Result<T, WebhookError> {
    Ok(Data::<T>::decode(headers, body)?.data.object)
}

impl Decode for StripeEvent {
    fn decode(headers: &HeaderMap, body: &[u8]) -> Result<Self, WebhookError> {
        let Envelope { id, kind } = Envelope::decode(headers, body)?;
        let kind = match kind.as_str() {
            "invoice.paid" => StripeKind::InvoicePaid(object(headers, body)?),
            "invoice.payment_failed" => StripeKind::InvoicePaymentFailed(object(headers, body)?),
            _ => StripeKind::Other(kind),
        };
        Ok(Self { id, kind })
    }
}

// The handlers, one per kind of event.

fn ping(ping: Ping) -> Handled {
    Handled::Ping { zen: ping.zen }
}

fn push(push: Push) -> Handled {
    Handled::Push {
        repository: push.repository.full_name,
        reference: push.reference,
        commits: push.commits.into_iter().map(|commit| commit.id).collect(),
    }
}

fn issue_opened(issues: Issues) -> Handled {
    Handled::IssueOpened {
        repository: issues.repository.full_name,
        number: issues.issue.number,
        title: issues.issue.title,
    }
}

fn issue_closed(issues: Issues) -> Handled {
    Handled::IssueClosed {
        repository: issues.repository.full_name,
        number: issues.issue.number,
    }
}

fn invoice_paid(invoice: Invoice) -> Handled {
    Handled::InvoicePaid {
        invoice: invoice.id,
        amount: invoice.amount_paid,
        currency: invoice.currency,
    }
}

fn invoice_payment_failed(invoice: Invoice) -> Handled {
    Handled::InvoicePaymentFailed {
        invoice: invoice.id,
        attempts: invoice.attempt_count,
    }
}

fn other(provider: &'static str, event: String, action: Option<String>) -> Handled {
    Handled::Other {
        provider,
        event,
        action,
    }
}

fn dispatch_github(event: GitHubEvent) -> Handled {
    match event {
        GitHubEvent::Ping(body) => ping(body),
        GitHubEvent::Push(body) => push(body),
        GitHubEvent::IssueOpened(body) => issue_opened(body),
        GitHubEvent::IssueClosed(body) => issue_closed(body),
        GitHubEvent::Other { event, action } => other("github", event, action),
    }
}

fn dispatch_stripe(kind: StripeKind) -> Handled {
    match kind {
        StripeKind::InvoicePaid(invoice) => invoice_paid(invoice),
        StripeKind::InvoicePaymentFailed(invoice) => invoice_payment_failed(invoice),
        StripeKind::Other(event) => other("stripe", event, None),
    }
}

/// The ids of the deliveries handled lately, the oldest forgotten first.
///
/// A service keeps them where it keeps the handlers' effects (a unique key
/// of its database, written in the same transaction), for as long as the
/// provider may deliver again: Stripe retries an event for up to three
/// days, and GitHub redelivers when asked to.
#[derive(Debug, Default)]
struct Seen {
    ids: HashSet<String>,
    order: VecDeque<String>,
}

impl Seen {
    const CAPACITY: usize = 10_000;

    /// Whether `key` is new; remembers it.
    fn insert(&mut self, key: String) -> bool {
        if !self.ids.insert(key.clone()) {
            return false;
        }
        self.order.push_back(key);
        if self.order.len() > Self::CAPACITY
            && let Some(oldest) = self.order.pop_front()
        {
            self.ids.remove(&oldest);
        }
        true
    }
}

/// The receiver: the verifiers, the ids seen, and the sink of what the
/// handlers did. Cheap to clone: axum clones the state for each request.
#[derive(Clone)]
pub struct Receiver {
    github: Arc<GitHub>,
    stripe: Arc<Stripe>,
    seen: Arc<Mutex<Seen>>,
    sink: Arc<dyn Fn(Handled) + Send + Sync>,
}

impl FromRef<Receiver> for Arc<GitHub> {
    fn from_ref(receiver: &Receiver) -> Self {
        Arc::clone(&receiver.github)
    }
}

impl FromRef<Receiver> for Arc<Stripe> {
    fn from_ref(receiver: &Receiver) -> Self {
        Arc::clone(&receiver.stripe)
    }
}

impl Receiver {
    /// A receiver of these verifiers, handing what each handler did to
    /// `sink`.
    pub fn new(
        github: GitHub,
        stripe: Stripe,
        sink: impl Fn(Handled) + Send + Sync + 'static,
    ) -> Self {
        Self {
            github: Arc::new(github),
            stripe: Arc::new(stripe),
            seen: Arc::default(),
            sink: Arc::new(sink),
        }
    }

    /// The routes: `POST /github` and `POST /stripe`.
    pub fn router(self) -> Router {
        Router::new()
            .route("/github", post(github))
            .route("/stripe", post(stripe))
            .with_state(self)
    }

    /// Dispatches a verified, decoded delivery unless its id was seen, and
    /// answers `200 OK` either way: a provider delivers again until it is
    /// answered with a 2xx.
    fn deliver(
        &self,
        provider: &str,
        id: &str,
        dispatch: impl FnOnce() -> Handled,
    ) -> (StatusCode, String) {
        let new = self
            .seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(format!("{provider} {id}"));
        if !new {
            return (StatusCode::OK, format!("{id}: already handled"));
        }
        (self.sink)(dispatch());
        (StatusCode::OK, format!("{id}: handled"))
    }
}

/// `POST /github`: verified with the webhook's secret (401 otherwise),
/// decoded by `X-GitHub-Event` and `action` (400 when the body does not
/// decode), de-duplicated by `X-GitHub-Delivery`.
async fn github(
    State(receiver): State<Receiver>,
    Webhook {
        delivery, value, ..
    }: Webhook<GitHubEvent, Arc<GitHub>>,
) -> (StatusCode, String) {
    // GitHub sends it with every delivery, and again with a redelivery.
    let Some(id) = delivery.id else {
        return (
            StatusCode::BAD_REQUEST,
            "the header x-github-delivery is missing".into(),
        );
    };
    receiver.deliver("github", &id, || dispatch_github(value))
}

/// `POST /stripe`: verified with the endpoint's signing secret and a signed
/// timestamp within five minutes (401 otherwise), decoded by `type` (400
/// when the body does not decode), de-duplicated by the event's `id`: the
/// `Stripe-Signature` header carries only the timestamp and the signatures,
/// and a retry of an event is the same event (same `id`) signed again.
async fn stripe(
    State(receiver): State<Receiver>,
    Webhook { value, .. }: Webhook<StripeEvent, Arc<Stripe>>,
) -> (StatusCode, String) {
    let StripeEvent { id, kind } = value;
    receiver.deliver("stripe", &id, || dispatch_stripe(kind))
}
