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

#[path = "../tests/support/ops.rs"]
mod ops;

use std::io::{self, BufRead, BufWriter, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use endpoint::{Endpoint, Request};
use serde_json::{Map, Value};

const USAGE: &str = "\
Build request options from a REST route and parameters.

Usage:
  endpoint [OPTIONS] <ROUTE> [PARAM]...
  endpoint --jsonl < records.jsonl

Arguments:
  <ROUTE>            \"<METHOD> <url>\" or just a url, e.g. 'GET /repos/{owner}/{repo}'
  [PARAM]...         key=value (a string) or key:=JSON (any JSON value)

Options:
  -H, --header <NAME: VALUE>  add a header (repeatable)
      --base-url <URL>        set baseUrl
      --data <JSON>           set the raw request body (the `data` option)
      --curl                  print a curl command line instead of JSON
      --jsonl                 run conformance records read from stdin, one a line
  -h, --help                  print this help
      --                      treat every later argument as ROUTE or PARAM

Example:
  endpoint 'GET /repos/{owner}/{repo}' owner=octocat repo=hello-world -H 'Authorization: token x'
";

fn main() -> ExitCode {
    let command = match parse_args(std::env::args().skip(1)) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("error: {message}\n\nRun with --help for usage.");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => print(USAGE.trim_end()),
        Command::Jsonl => match run_jsonl() {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("error: {err}");
                ExitCode::FAILURE
            }
        },
        Command::Build {
            route,
            options,
            curl,
        } => match guarded(|| Endpoint::default().endpoint(&route, options)) {
            Ok(request) if curl => print(&curl_command(&request)),
            Ok(request) => print(&pretty(&request.to_json())),
            Err(err) => {
                eprintln!("error: {err}");
                ExitCode::FAILURE
            }
        },
    }
}

/// What the arguments ask for.
#[derive(Debug)]
enum Command {
    Help,
    Jsonl,
    Build {
        route: String,
        options: Map<String, Value>,
        curl: bool,
    },
}

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let mut route = None;
    let mut params = Map::new();
    let mut headers = Map::new();
    let mut base_url = None;
    let mut data = None;
    let mut curl = false;
    let mut jsonl = false;
    let mut only_positional = false;

    while let Some(arg) = args.next() {
        if only_positional || !arg.starts_with('-') || arg == "-" {
            if route.is_none() {
                route = Some(arg);
            } else {
                let (key, value) = parse_param(&arg)?;
                params.insert(key, value);
            }
            continue;
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_owned())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str| {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match flag {
            "-h" | "--help" => return Ok(Command::Help),
            "--" => only_positional = true,
            "--curl" => curl = true,
            "--jsonl" => jsonl = true,
            "-H" | "--header" => {
                let header = value(flag)?;
                let (name, value) = header
                    .split_once(':')
                    .ok_or_else(|| format!("header {header:?} is not of the form 'Name: value'"))?;
                let name = name.trim();
                if name.is_empty() {
                    return Err(format!("header {header:?} has no name"));
                }
                headers.insert(name.to_owned(), Value::String(value.trim().to_owned()));
            }
            "--base-url" => base_url = Some(value(flag)?),
            "--data" => {
                let json = value(flag)?;
                data = Some(
                    serde_json::from_str(&json)
                        .map_err(|err| format!("--data {json:?} is not JSON: {err}"))?,
                );
            }
            _ => return Err(format!("unknown option {arg:?}")),
        }
    }

    if jsonl {
        return match route {
            None if !curl
                && params.is_empty()
                && headers.is_empty()
                && base_url.is_none()
                && data.is_none() =>
            {
                Ok(Command::Jsonl)
            }
            _ => Err("--jsonl takes no other argument".into()),
        };
    }
    let route = route.ok_or("missing ROUTE")?;
    if !headers.is_empty() {
        match params
            .entry("headers")
            .or_insert_with(|| Value::Object(Map::new()))
        {
            Value::Object(given) => given.extend(headers),
            _ => return Err("`headers` must be a JSON object to add -H headers to it".into()),
        }
    }
    if let Some(base_url) = base_url {
        params.insert("baseUrl".into(), Value::String(base_url));
    }
    if let Some(data) = data {
        params.insert("data".into(), data);
    }
    Ok(Command::Build {
        route,
        options: params,
        curl,
    })
}

/// `key=value` (a string) or `key:=JSON`.
fn parse_param(arg: &str) -> Result<(String, Value), String> {
    let (key, value) = arg
        .split_once('=')
        .ok_or_else(|| format!("parameter {arg:?} is neither key=value nor key:=JSON"))?;
    let (key, value) = match key.strip_suffix(':') {
        Some(key) => {
            let json = serde_json::from_str(value)
                .map_err(|err| format!("parameter {arg:?}: {value:?} is not JSON: {err}"))?;
            (key, json)
        }
        None => (key, Value::String(value.to_owned())),
    };
    if key.is_empty() {
        return Err(format!("parameter {arg:?} has no key"));
    }
    Ok((key.to_owned(), value))
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

/// Runs the records read from stdin; see the module documentation.
fn run_jsonl() -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut output = BufWriter::new(io::stdout().lock());
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

/// Prints a line to stdout; a closed stdout is not a panic but exit status 1.
fn print(text: &str) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match writeln!(stdout, "{text}").and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
