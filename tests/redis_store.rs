//! `RedisStore` against a real `redis-server`: each step does what
//! `MemoryStore`'s does (the same cases, run on both), its keys are named
//! under the namespace and expire, stores on separate connections share one
//! quota, a restarted Redis is connected again, and a Redis that is down
//! makes a request fail quickly with a transport error.

use crate::{redis_server, server};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use endpoint::client::ureq::Client;
use endpoint::client::{
    Admission, Error, MemoryStore, RateLimitKind, RateLimitStore, RateLimits, RedisStore,
};
use endpoint::endpoint;
use serde_json::json;

use redis_server::RedisServer;
use server::{Answer, Server};

/// A whole second near now, so that every time of a case is a real one.
fn base() -> SystemTime {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    UNIX_EPOCH + Duration::from_secs(now.as_secs())
}

/// Runs `case` on a `MemoryStore`, then on a `RedisStore` of a fresh
/// Redis, with `at(n)` standing for the time `n` seconds after a whole
/// second near now.
fn on_both_stores(case: impl Fn(&dyn RateLimitStore, &dyn Fn(u64) -> SystemTime)) {
    let base = base();
    let at = move |seconds: u64| base + Duration::from_secs(seconds);
    eprintln!("on MemoryStore");
    case(&MemoryStore::new(), &at);
    eprintln!("on RedisStore");
    let redis = RedisServer::start();
    let store = RedisStore::open(&redis.url(), "test").unwrap();
    case(&store, &at);
}

#[test]
fn quotas_count_down_and_reset() {
    on_both_stores(|store, at| {
        assert_eq!(store.admit("core", at(100)).unwrap(), Admission::Go);
        store.update("core", 2, at(200)).unwrap();
        assert_eq!(store.admit("core", at(101)).unwrap(), Admission::Go);
        assert_eq!(store.admit("core", at(101)).unwrap(), Admission::Go);
        assert_eq!(
            store.admit("core", at(102)).unwrap(),
            Admission::WaitUntil(RateLimitKind::Quota, at(200))
        );
        // Another resource is not blocked.
        assert_eq!(store.admit("search", at(102)).unwrap(), Admission::Go);
        // A late answer of the same window does not give requests back.
        store.update("core", 5, at(200)).unwrap();
        assert!(matches!(
            store.admit("core", at(103)).unwrap(),
            Admission::WaitUntil(..)
        ));
        // An answer of an older window changes nothing.
        store.update("core", 50, at(150)).unwrap();
        assert!(matches!(
            store.admit("core", at(103)).unwrap(),
            Admission::WaitUntil(..)
        ));
        // Once the window is over, requests go.
        assert_eq!(store.admit("core", at(200)).unwrap(), Admission::Go);
        store.update("core", 4999, at(3800)).unwrap();
        assert_eq!(store.admit("core", at(201)).unwrap(), Admission::Go);
    });
}

#[test]
fn pauses_stop_every_resource_and_only_lengthen() {
    on_both_stores(|store, at| {
        store.pause(at(160)).unwrap();
        store.pause(at(130)).unwrap();
        for resource in ["core", "search"] {
            assert_eq!(
                store.admit(resource, at(100)).unwrap(),
                Admission::WaitUntil(RateLimitKind::Pause, at(160))
            );
        }
        assert_eq!(store.admit("core", at(160)).unwrap(), Admission::Go);
    });
}

#[test]
fn lanes_space_their_requests() {
    on_both_stores(|store, at| {
        let spacing = Duration::from_secs(1);
        assert_eq!(store.reserve("write", spacing, at(10)).unwrap(), at(10));
        assert_eq!(store.reserve("write", spacing, at(10)).unwrap(), at(11));
        assert_eq!(store.reserve("write", spacing, at(10)).unwrap(), at(12));
        assert_eq!(store.reserve("search", spacing, at(10)).unwrap(), at(10));
        assert_eq!(store.reserve("write", spacing, at(20)).unwrap(), at(20));
    });
}

#[test]
fn a_pause_outlasts_a_spent_quota_and_a_spent_quota_is_kept_till_reset() {
    // The order of the checks: a pause first, then the quota.
    on_both_stores(|store, at| {
        store.update("core", 0, at(50)).unwrap();
        store.pause(at(40)).unwrap();
        assert_eq!(
            store.admit("core", at(30)).unwrap(),
            Admission::WaitUntil(RateLimitKind::Pause, at(40))
        );
        assert_eq!(
            store.admit("core", at(40)).unwrap(),
            Admission::WaitUntil(RateLimitKind::Quota, at(50))
        );
        // A spent quota stays spent, however often it is asked.
        for _ in 0..3 {
            assert_eq!(
                store.admit("core", at(45)).unwrap(),
                Admission::WaitUntil(RateLimitKind::Quota, at(50))
            );
        }
        // A newer window replaces it.
        store.update("core", 1, at(60)).unwrap();
        assert_eq!(store.admit("core", at(45)).unwrap(), Admission::Go);
        assert_eq!(
            store.admit("core", at(45)).unwrap(),
            Admission::WaitUntil(RateLimitKind::Quota, at(60))
        );
    });
}

/// How many requests `store` lets go at `now` before it says to wait.
fn admitted(store: &dyn RateLimitStore, now: SystemTime) -> usize {
    (0..100)
        .take_while(|_| store.admit("core", now).unwrap() == Admission::Go)
        .count()
}

#[test]
fn requests_that_leave_while_the_quota_is_unknown_are_counted() {
    let redis = RedisServer::start();
    let base = base();
    let at = |seconds: u64| base + Duration::from_secs(seconds);
    // Two processes, each sending one request before anything is known.
    let first = RedisStore::open(&redis.url(), "unknown").unwrap();
    let second = RedisStore::open(&redis.url(), "unknown").unwrap();
    assert_eq!(first.admit("core", at(0)).unwrap(), Admission::Go);
    assert_eq!(second.admit("core", at(0)).unwrap(), Admission::Go);
    // The first answer (12 a window, 11 left) may not count the second
    // request: the window starts at 10.
    first.update("core", 11, at(2)).unwrap();
    second.update("core", 10, at(2)).unwrap();
    assert_eq!(admitted(&second, at(1)), 10);
    assert_eq!(
        first.admit("core", at(1)).unwrap(),
        Admission::WaitUntil(RateLimitKind::Quota, at(2))
    );
    // At the reset, both go again, uncounted, and the next window starts
    // lower by one of them.
    assert_eq!(first.admit("core", at(2)).unwrap(), Admission::Go);
    assert_eq!(second.admit("core", at(2)).unwrap(), Admission::Go);
    second.update("core", 11, at(4)).unwrap();
    assert_eq!(admitted(&first, at(3)), 10);

    // One request at a time loses nothing.
    let alone = RedisStore::open(&redis.url(), "alone").unwrap();
    assert_eq!(alone.admit("core", at(0)).unwrap(), Admission::Go);
    alone.update("core", 11, at(2)).unwrap();
    assert_eq!(admitted(&alone, at(1)), 11);
}

/// A connection of the test's own, to look at the keys.
fn inspect(redis: &RedisServer) -> redis::Connection {
    redis::Client::open(redis.url())
        .unwrap()
        .get_connection()
        .unwrap()
}

#[test]
fn keys_are_named_under_the_namespace_and_expire_after_their_time() {
    let redis = RedisServer::start();
    let store = RedisStore::open(&redis.url(), "endpoint:token-1").unwrap();
    let other = RedisStore::open(&redis.url(), "endpoint:token-2").unwrap();
    assert_eq!(store.namespace(), "endpoint:token-1");
    let now = SystemTime::now();
    let millis = |time: SystemTime| time.duration_since(UNIX_EPOCH).unwrap().as_millis() as i64;
    let reset = base() + Duration::from_secs(3);
    store.update("core", 0, reset).unwrap();
    store.pause(now + Duration::from_secs(5)).unwrap();
    store.reserve("write", Duration::from_secs(2), now).unwrap();

    let mut connection = inspect(&redis);
    let mut keys: Vec<String> = redis::cmd("KEYS").arg("*").query(&mut connection).unwrap();
    keys.sort();
    assert_eq!(
        keys,
        [
            "endpoint:token-1:lane:write",
            "endpoint:token-1:pause",
            "endpoint:token-1:quota:core"
        ]
    );
    let quota: Vec<(String, i64)> = redis::cmd("HGETALL")
        .arg("endpoint:token-1:quota:core")
        .query(&mut connection)
        .unwrap();
    assert_eq!(
        quota,
        [
            ("remaining".to_owned(), 0),
            ("reset".to_owned(), millis(reset))
        ]
    );
    let ttl = |key: &str, connection: &mut redis::Connection| -> i64 {
        redis::cmd("PTTL").arg(key).query(connection).unwrap()
    };
    // Each key is kept until its time, and a minute more: less the time
    // that passed since `now` when it is read, however long that was.
    let minute = 60_000;
    let passed = || millis(SystemTime::now()) - millis(now);
    let quota_ttl = ttl("endpoint:token-1:quota:core", &mut connection);
    assert!(
        (minute + 2_000 - passed() - 1..=minute + 3_000).contains(&quota_ttl),
        "quota: {quota_ttl} ms"
    );
    // (The end of a wait is rounded up to the millisecond.)
    let pause_ttl = ttl("endpoint:token-1:pause", &mut connection);
    assert!(
        (minute + 5_000 - passed() - 1..=minute + 5_001).contains(&pause_ttl),
        "pause: {pause_ttl} ms"
    );
    let lane_ttl = ttl("endpoint:token-1:lane:write", &mut connection);
    assert!(
        (minute + 2_000 - passed()..=minute + 2_000).contains(&lane_ttl),
        "lane: {lane_ttl} ms"
    );
    // A time already past is kept a minute.
    store
        .update("search", 3, now - Duration::from_secs(10))
        .unwrap();
    let past_ttl = ttl("endpoint:token-1:quota:search", &mut connection);
    assert!(
        (minute - passed()..=minute).contains(&past_ttl),
        "past: {past_ttl} ms"
    );
    // A time centuries ahead (an answer's reset in the year 3000, a
    // resource named once) is kept a day at most.
    let year_3000 = UNIX_EPOCH + Duration::from_secs(32_503_680_000);
    store.update("named-once", 0, year_3000).unwrap();
    store.pause(year_3000).unwrap();
    let day = 86_400_000;
    for key in [
        "endpoint:token-1:quota:named-once",
        "endpoint:token-1:pause",
    ] {
        let far_ttl = ttl(key, &mut connection);
        assert!(
            (day - passed()..=day).contains(&far_ttl),
            "{key}: {far_ttl} ms"
        );
    }

    // Another namespace is another token: nothing is shared.
    assert!(matches!(
        store.admit("core", SystemTime::now()).unwrap(),
        Admission::WaitUntil(..)
    ));
    assert_eq!(
        other.admit("core", SystemTime::now()).unwrap(),
        Admission::Go
    );
}

#[test]
fn stores_on_separate_connections_share_one_quota() {
    let redis = RedisServer::start();
    // Two stores stand for two processes, each shared by four threads.
    let stores = [
        RedisStore::open(&redis.url(), "shared").unwrap(),
        RedisStore::open(&redis.url(), "shared").unwrap(),
    ];
    let reset = SystemTime::now() + Duration::from_secs(30);
    stores[0].update("core", 10, reset).unwrap();
    let admitted = AtomicUsize::new(0);
    let waiting = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for thread in 0..8 {
            let store = &stores[thread % 2];
            let (admitted, waiting) = (&admitted, &waiting);
            scope.spawn(move || {
                for _ in 0..5 {
                    match store.admit("core", SystemTime::now()).unwrap() {
                        Admission::Go => admitted.fetch_add(1, Ordering::SeqCst),
                        Admission::WaitUntil(RateLimitKind::Quota, until) => {
                            assert!(
                                until.duration_since(reset).unwrap() < Duration::from_millis(1)
                            );
                            waiting.fetch_add(1, Ordering::SeqCst)
                        }
                        other => panic!("{other:?}"),
                    };
                }
            });
        }
    });
    assert_eq!(admitted.into_inner(), 10);
    assert_eq!(waiting.into_inner(), 30);
}

#[test]
fn a_restarted_redis_is_connected_again() {
    let redis = RedisServer::start();
    let port = redis.port();
    let timeout = Duration::from_millis(300);
    let store = RedisStore::open(&redis.url(), "restart")
        .unwrap()
        .timeout(timeout);
    let now = SystemTime::now();
    store.pause(now + Duration::from_secs(30)).unwrap();
    redis.stop();

    let started = Instant::now();
    let error = store.admit("core", now).unwrap_err().to_string();
    assert!(
        error.contains("admit on Redis at redis://127.0.0.1:"),
        "{error}"
    );
    // Within the store's timeout (300 ms), with room for a loaded machine.
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );

    let _redis = RedisServer::start_on(port).expect("redis-server restarts on its port");
    std::thread::sleep(timeout);
    // The new server knows nothing of the pause, and the store uses it.
    assert_eq!(store.admit("core", now).unwrap(), Admission::Go);
    store
        .update("core", 0, now + Duration::from_secs(30))
        .unwrap();
    assert!(matches!(
        store.admit("core", now).unwrap(),
        Admission::WaitUntil(RateLimitKind::Quota, _)
    ));
}

endpoint! {
    /// A request counted against the `core` quota.
    struct Ping = "GET /ping";
}

#[test]
fn a_request_fails_quickly_with_a_transport_error_when_redis_is_down() {
    let server = Server::start(|_| Answer::json(200, &json!({})));
    // Nothing listens on port 1.
    let store = RedisStore::open("redis://:s3cr3t@127.0.0.1:1/", "down").unwrap();
    let client = Client::builder()
        .base_url(server.base_url())
        .rate_limits(RateLimits::default().store(store))
        .build()
        .unwrap();
    let started = Instant::now();
    let error = client.send(&Ping {}).unwrap_err();
    // Within the store's timeout (1 s), with room for a loaded machine.
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    let text = error.to_string();
    assert!(matches!(error, Error::Transport { .. }), "{error:?}");
    assert!(text.contains("rate-limit store"), "{text}");
    assert!(text.contains("redis://:***@127.0.0.1:1/"), "{text}");
    assert!(!text.contains("s3cr3t"), "{text}");
    // The request never left.
    assert!(server.requests().is_empty());
}
