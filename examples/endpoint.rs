//! Command-line front end of the request-options builder.
//!
//! Builds one request from a route and parameters and prints it as JSON:
//!
//! ```text
//! $ cargo run -q --example endpoint -- 'GET /repos/{owner}/{repo}' owner=octocat repo=hello-world
//! {
//!   "method": "get",
//!   "url": "https://api.github.com/repos/octocat/hello-world",
//!   "headers": { … }
//! }
//! ```
//!
//! - `key=value` passes a string parameter, `key:=JSON` a JSON value
//!   (`per_page:=100`, `labels:='["bug","ui"]'`, `draft:=true`);
//! - `-H 'Name: value'` adds a header, `--base-url URL` sets `baseUrl`,
//!   `--data JSON` sets the raw body (`data`);
//! - `--curl` prints a shell-quoted `curl` command line instead of JSON (the
//!   method uppercased, as HTTP methods are sent);
//! - `--jsonl` reads conformance records (`{"id", "op", "route", "options",
//!   "defaults"}`, as in `tests/fixtures/conformance/`) from stdin, one JSON
//!   object a line, and writes one line per record, in order:
//!   `{"id": …, "ok": <result>}` or `{"id": …, "error": "<message>"}`. A line
//!   that cannot be read as a record gets an error naming its line number
//!   (and the record's `id` when it has one), and the run goes on; so does
//!   it after a record that makes the builder panic. Blank lines are skipped.
//!
//! Exit status: 0 on success, 1 when the request cannot be built, 2 for bad
//! arguments (and 1 in `--jsonl` mode only when stdin cannot be read).
//!
//! The arguments are read with clap. [`run`] is the whole program but for
//! the process around it, so that the test suite runs it in-process.

#[path = "../tests/support/ops.rs"]
mod ops;

use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use clap::Parser;
use endpoint::{Endpoint, Request};
use serde_json::{Map, Value};

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "endpoint",
    about = "Build request options from a REST route and parameters.",
    override_usage = "endpoint [OPTIONS] <ROUTE> [PARAM]...\n       endpoint --jsonl < records.jsonl",
    after_help = "Example:\n  endpoint 'GET /repos/{owner}/{repo}' owner=octocat repo=hello-world -H 'Authorization: token x'"
)]
struct Cli {
    /// "<METHOD> <url>" or just a url, e.g. 'GET /repos/{owner}/{repo}'
    #[arg(value_name = "ROUTE", required_unless_present = "jsonl")]
    route: Option<String>,

    /// key=value (a string) or key:=JSON (any JSON value)
    #[arg(value_name = "PARAM", value_parser = parse_param)]
    params: Vec<(String, Value)>,

    /// Add a header (repeatable)
    #[arg(short = 'H', long = "header", value_name = "NAME: VALUE", value_parser = parse_header)]
    headers: Vec<(String, String)>,

    /// Set baseUrl
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,

    /// Set the raw request body (the `data` option)
    #[arg(long, value_name = "JSON", value_parser = parse_json)]
    data: Option<Value>,

    /// Print a curl command line instead of JSON
    #[arg(long)]
    curl: bool,

    /// Run conformance records read from stdin, one a line
    #[arg(long, conflicts_with_all = ["route", "params", "headers", "base_url", "data", "curl"])]
    jsonl: bool,
}

impl Cli {
    /// The route and the options object the arguments make.
    fn into_options(self) -> Result<(String, Map<String, Value>), String> {
        let route = self.route.ok_or("missing ROUTE")?;
        let mut options: Map<String, Value> = self.params.into_iter().collect();
        if !self.headers.is_empty() {
            match options
                .entry("headers")
                .or_insert_with(|| Value::Object(Map::new()))
            {
                Value::Object(given) => given.extend(
                    self.headers
                        .into_iter()
                        .map(|(name, value)| (name, Value::String(value))),
                ),
                _ => return Err("`headers` must be a JSON object to add -H headers to it".into()),
            }
        }
        if let Some(base_url) = self.base_url {
            options.insert("baseUrl".into(), Value::String(base_url));
        }
        if let Some(data) = self.data {
            options.insert("data".into(), data);
        }
        Ok((route, options))
    }
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    ExitCode::from(run(
        &args,
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    ))
}

/// The program: reads the command line `args` (the program's name first)
/// and, in `--jsonl` mode, `stdin`; writes the result to `out` and errors to
/// `err`; returns the exit status.
pub fn run(
    args: &[OsString],
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        // Help, or bad arguments (exit status 2).
        Err(error) => {
            let text = error.render().to_string();
            let written = if error.use_stderr() {
                write!(err, "{text}")
            } else {
                write!(out, "{text}")
            };
            return match written {
                Ok(()) => u8::try_from(error.exit_code()).unwrap_or(2),
                Err(_) => 1,
            };
        }
    };
    if cli.jsonl {
        return match run_jsonl(stdin, out) {
            Ok(()) => 0,
            Err(error) => {
                let _ = writeln!(err, "error: {error}");
                1
            }
        };
    }
    let curl = cli.curl;
    let (route, options) = match cli.into_options() {
        Ok(parsed) => parsed,
        Err(message) => {
            let _ = writeln!(err, "error: {message}\n\nRun with --help for usage.");
            return 2;
        }
    };
    match guarded(|| Endpoint::default().endpoint(&route, options)) {
        Ok(request) if curl => print(out, &curl_command(&request)),
        Ok(request) => print(out, &pretty(&request.to_json())),
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            1
        }
    }
}

/// `key=value` (a string) or `key:=JSON`.
fn parse_param(arg: &str) -> Result<(String, Value), String> {
    let (key, value) = arg
        .split_once('=')
        .ok_or_else(|| format!("parameter {arg:?} is neither key=value nor key:=JSON"))?;
    let (key, value) = match key.strip_suffix(':') {
        Some(key) => (key, parse_json(value)?),
        None => (key, Value::String(value.to_owned())),
    };
    if key.is_empty() {
        return Err(format!("parameter {arg:?} has no key"));
    }
    Ok((key.to_owned(), value))
}

/// `Name: value`.
fn parse_header(header: &str) -> Result<(String, String), String> {
    let (name, value) = header
        .split_once(':')
        .ok_or_else(|| format!("header {header:?} is not of the form 'Name: value'"))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("header {header:?} has no name"));
    }
    Ok((name.to_owned(), value.trim().to_owned()))
}

/// Any JSON value.
fn parse_json(json: &str) -> Result<Value, String> {
    serde_json::from_str(json).map_err(|err| format!("{json:?} is not JSON: {err}"))
}

/// The request as a `curl` command line.
fn curl_command(request: &Request) -> String {
    let mut words = vec![
        "curl".to_owned(),
        "-X".to_owned(),
        shell_quote(&request.method.to_ascii_uppercase()),
    ];
    for (name, value) in request.headers.iter() {
        words.push("-H".into());
        words.push(shell_quote(&format!("{name}: {value}")));
    }
    if let Some(body) = &request.body {
        words.push("--data-raw".into());
        words.push(shell_quote(body.as_str()));
    }
    words.push(shell_quote(&request.url));
    words.join(" ")
}

/// Quotes a word for a POSIX shell: as it is when it has only characters no
/// shell treats specially, otherwise in single quotes.
fn shell_quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=@,+%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Runs the records read from `input`; see the module documentation.
fn run_jsonl(input: &mut dyn BufRead, output: &mut dyn Write) -> io::Result<()> {
    let mut output = BufWriter::new(output);
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let (id, outcome) = match serde_json::from_slice::<Value>(&line) {
            Err(err) => (Value::Null, Err(format!("line {number}: not JSON: {err}"))),
            Ok(record) => {
                let id = record.get("id").cloned().unwrap_or(Value::Null);
                let outcome = ops::Call::from_record(&record)
                    .map_err(|err| format!("line {number}: {err}"))
                    .and_then(|call| guarded(|| call.run()));
                (id, outcome)
            }
        };
        let mut result = Map::with_capacity(2);
        result.insert("id".into(), id);
        match outcome {
            Ok(value) => result.insert("ok".into(), value),
            Err(message) => result.insert("error".into(), Value::String(message)),
        };
        serde_json::to_writer(&mut output, &result)?;
        output.write_all(b"\n")?;
    }
    output.flush()
}

/// Runs the builder; its error, or a panic (a bug in the builder, whose
/// message the panic hook has printed), becomes a message.
fn guarded<T>(build: impl FnOnce() -> endpoint::Result<T>) -> Result<T, String> {
    match panic::catch_unwind(AssertUnwindSafe(build)) {
        Ok(result) => result.map_err(|err| err.to_string()),
        Err(_) => Err("the builder panicked; this is a bug in endpoint-runtime".into()),
    }
}

/// Pretty JSON; a `Value` always serializes.
fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
}

/// Prints a line to `out`; a closed stdout is not a panic but exit status 1.
fn print(out: &mut dyn Write, text: &str) -> u8 {
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}
