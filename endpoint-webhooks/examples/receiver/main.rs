//! A service receiving GitHub's and Stripe's webhooks with axum.
//!
//! ```text
//! GITHUB_WEBHOOK_SECRET=… STRIPE_WEBHOOK_SECRET=whsec_… \
//!     cargo run -p endpoint-webhooks --example receiver --features axum
//! ```
//!
//! `POST /github` and `POST /stripe` read the raw body, verify it with the
//! [`endpoint_webhooks::axum::Webhook`] extractor (`401` when a check
//! fails), tell the events apart as each provider names them (GitHub: the
//! `X-GitHub-Event` header and the body's `action`; Stripe: the body's
//! `type`), hand each to its handler (an event or action without one is
//! kept by name, never an error), and answer `200` once for each delivery
//! id (`X-GitHub-Delivery`; Stripe's event `id`), again `200` without
//! handling it for a redelivery.
//!
//! The environment: `GITHUB_WEBHOOK_SECRET` (the webhook's secret; choose
//! the content type `application/json` in its settings),
//! `STRIPE_WEBHOOK_SECRET` (the endpoint's signing secret, `whsec_…`), both
//! required, and `RECEIVER_ADDRESS` (`127.0.0.1:3000` by default).
//!
//! `tests/receiver.rs` serves the same routes on a loopback port and sends
//! them deliveries signed by the crate (`GitHub::sign`, `Stripe::sign`):
//! `cargo test -p endpoint-webhooks --features axum --test receiver`.

mod service;

use std::process::ExitCode;

use endpoint_webhooks::{GitHub, Stripe};

use crate::service::{Config, Receiver};

fn main() -> ExitCode {
    let config = match Config::from_env(|name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("receiver: {message}");
            return ExitCode::from(2);
        }
    };
    let receiver = Receiver::new(
        GitHub::new(config.github_secret),
        Stripe::new(config.stripe_secret),
        |handled| println!("{handled:?}"),
    );
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("receiver: no runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&config.address).await?;
        println!("receiver: listening on http://{}", listener.local_addr()?);
        axum::serve(listener, receiver.router()).await
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("receiver: cannot serve on {}: {error}", config.address);
            ExitCode::FAILURE
        }
    }
}
