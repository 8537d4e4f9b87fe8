//! A Prism mock server (`@stoplight/prism-cli`, pinned by
//! `tests/prism/package.json` and its lock file) of the test's own, on a
//! free loopback port, validating every request against a description and
//! naming its violations in the `sl-violations` header of its answer,
//! killed when dropped.
//!
//! `cargo xtask test`, the test command of README.md, installs it (`npm ci`
//! in `tests/prism`) and names it in `PRISM`: a test that cannot start it
//! fails, saying so, rather than passing without it.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The program started: the workspace's `tests/prism/node_modules/.bin/prism`
/// (found from the test's package upwards), or the path in `PRISM`.
pub fn program() -> PathBuf {
    const INSTALLED: &str = "tests/prism/node_modules/.bin/prism";
    if let Some(path) = std::env::var_os("PRISM") {
        return PathBuf::from(path);
    }
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    package
        .ancestors()
        .find(|dir| dir.join("tests/prism/package.json").is_file())
        .unwrap_or(package)
        .join(INSTALLED)
}

/// How long Prism may take to answer its first request: it reads and
/// checks the whole description first, on Node, which takes seconds on a
/// loaded machine.
const STARTUP: Duration = Duration::from_secs(120);

/// How to install the server, for the messages of a test that cannot
/// start it.
const INSTALL: &str = "run the suite with `cargo xtask test`, which installs it (or `cargo xtask \
                       test-setup` once; Node.js and npm are needed), or set PRISM to the path of \
                       a `prism` 5.16.0";

/// A running Prism mock server.
pub struct Prism {
    child: Child,
    port: u16,
    log: PathBuf,
    description: PathBuf,
}

impl Prism {
    /// A server of the description at `description` (its relative
    /// `$ref`s read from its directory) on a free loopback port.
    pub fn start(description: &Path) -> Prism {
        let program = program();
        assert!(
            program.exists(),
            "Prism is not installed at {}, and this test needs it: {INSTALL}",
            program.display()
        );
        // A port found free may be taken before the server binds it: try
        // a few.
        let mut last = String::new();
        for _ in 0..3 {
            let port = TcpListener::bind("127.0.0.1:0")
                .and_then(|listener| listener.local_addr())
                .expect("a loopback port is free")
                .port();
            match Prism::start_on(&program, description.to_owned(), port) {
                Ok(server) => return server,
                Err(error) => last = error,
            }
        }
        panic!("Prism did not start: {last}");
    }

    fn start_on(program: &Path, description: PathBuf, port: u16) -> Result<Prism, String> {
        let log =
            std::env::temp_dir().join(format!("endpoint-prism-{}-{port}.log", std::process::id()));
        let output =
            std::fs::File::create(&log).map_err(|error| format!("{}: {error}", log.display()))?;
        let errors = output
            .try_clone()
            .map_err(|error| format!("{}: {error}", log.display()))?;
        let child = Command::new(program)
            .args(["mock", "--host", "127.0.0.1", "--port", &port.to_string()])
            // No `--errors`: with it, Prism answers 500 when its own mock
            // answer breaks the description (an example that contradicts
            // its schema, as a real description's may, or the `"string"`
            // it makes up for a date), so that nothing is left to decode.
            // A request's violations are in the `sl-violations` header of
            // every answer, with or without it.
            .arg(&description)
            .stdin(Stdio::null())
            .stdout(output)
            .stderr(errors)
            .spawn();
        let child = match child {
            Ok(child) => child,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => panic!(
                "{} could not be started ({error}): is `node` on the PATH? {INSTALL}",
                program.display()
            ),
            Err(error) => panic!("{} could not be started: {error}", program.display()),
        };
        let mut server = Prism {
            child,
            port,
            log,
            description,
        };
        let deadline = Instant::now() + STARTUP;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = server.child.try_wait() {
                return Err(format!(
                    "prism exited ({status}) on port {port}: {}",
                    server.output()
                ));
            }
            if server.answers() {
                return Ok(server);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(format!(
            "prism did not answer on port {port} within {STARTUP:?}: {}",
            server.output()
        ))
    }

    /// Whether the server answers a request with HTTP.
    fn answers(&self) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
        let mut answer = [0; 7];
        stream
            .write_all(b"GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n")
            .is_ok()
            && stream.read_exact(&mut answer).is_ok()
            && &answer == b"HTTP/1."
    }

    /// When the server has exited (Prism ends on an exception of its own
    /// with some requests), what it printed last, and a new server started
    /// on the same port in its place. After a request that failed, `wait`
    /// gives it a second to exit.
    pub fn revive(&mut self, wait: bool) -> Option<String> {
        let deadline = Instant::now() + Duration::from_secs(if wait { 1 } else { 0 });
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status,
                _ if Instant::now() >= deadline => return None,
                _ => std::thread::sleep(Duration::from_millis(50)),
            }
        };
        let output = self.output();
        let start = output.len().saturating_sub(2_000);
        let start = (start..output.len())
            .find(|&at| output.is_char_boundary(at))
            .unwrap_or(output.len());
        let last = format!("prism exited ({status}): …{}", &output[start..]);
        match Prism::start_on(&program(), self.description.clone(), self.port) {
            Ok(server) => *self = server,
            Err(error) => panic!("{last}\nand could not be started again: {error}"),
        }
        Some(last)
    }

    /// What the server printed so far (its log of requests and
    /// violations).
    pub fn output(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// `http://127.0.0.1:<port>`.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Prism {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}
