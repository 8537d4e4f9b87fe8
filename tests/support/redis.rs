//! A `redis-server` of the test's own, on a free loopback port, keeping
//! nothing on disk, killed when dropped.
//!
//! `cargo xtask test`, the test command of README.md, installs it when
//! missing and names it in `REDIS_SERVER`: a test that cannot start it
//! fails, saying so, rather than passing without it.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The program started: `redis-server`, or the path in `REDIS_SERVER`.
pub fn program() -> String {
    std::env::var("REDIS_SERVER").unwrap_or_else(|_| "redis-server".to_owned())
}

/// How long a server may take to answer its first `PING`.
const STARTUP: Duration = Duration::from_secs(10);

/// A running `redis-server`.
pub struct RedisServer {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl RedisServer {
    /// A server on a free loopback port.
    pub fn start() -> RedisServer {
        // A port found free may be taken before the server binds it: try
        // a few.
        let mut last = String::new();
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0")
                .and_then(|listener| listener.local_addr())
                .expect("a loopback port is free")
                .port();
            match RedisServer::start_on(port) {
                Ok(server) => return server,
                Err(error) => last = error,
            }
        }
        panic!("redis-server did not start: {last}");
    }

    /// A server on `port` (to restart one where a store expects it).
    pub fn start_on(port: u16) -> Result<RedisServer, String> {
        let dir =
            std::env::temp_dir().join(format!("endpoint-redis-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        let log = dir.join("redis.log");
        let child = Command::new(program())
            .args(["--port", &port.to_string()])
            .args(["--bind", "127.0.0.1"])
            .args(["--save", ""])
            .args(["--appendonly", "no"])
            .args(["--daemonize", "no"])
            .arg("--dir")
            .arg(&dir)
            .arg("--logfile")
            .arg(&log)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let child = match child {
            Ok(child) => child,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => panic!(
                "`{}` is not installed, and these tests need a real Redis: run the suite \
                 with `cargo xtask test`, which installs it (or `cargo xtask test-setup` \
                 once), or set REDIS_SERVER to its path",
                program()
            ),
            Err(error) => panic!("`{}` could not be started: {error}", program()),
        };
        let mut server = RedisServer { child, port, dir };
        let deadline = Instant::now() + STARTUP;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = server.child.try_wait() {
                let log = std::fs::read_to_string(&log).unwrap_or_default();
                return Err(format!(
                    "redis-server exited ({status}) on port {port}: {log}"
                ));
            }
            if server.ping() {
                return Ok(server);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let log = std::fs::read_to_string(&log).unwrap_or_default();
        Err(format!(
            "redis-server did not answer on port {port} within {STARTUP:?}: {log}"
        ))
    }

    /// Whether the server answers `PING`.
    fn ping(&self) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
        let mut answer = [0; 7];
        stream.write_all(b"PING\r\n").is_ok()
            && stream.read_exact(&mut answer).is_ok()
            && &answer == b"+PONG\r\n"
    }

    /// The server's port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `redis://127.0.0.1:<port>/`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    /// Stops the server now.
    pub fn stop(self) {}
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
