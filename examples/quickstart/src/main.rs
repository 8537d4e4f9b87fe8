//! A request built from a route and parameters, printed as JSON; no network.
//!
//! ```text
//! $ cargo run -p quickstart -- 'GET /repos/{owner}/{repo}' owner=octocat repo=hello-world
//! {
//!   "method": "get",
//!   "url": "https://api.github.com/repos/octocat/hello-world",
//!   "headers": {
//!     "accept": "application/vnd.github.v3+json",
//!     "user-agent": "endpoint-runtime/0.1.0"
//!   }
//! }
//! ```
//!
//! `key=value` passes a string parameter, `key:=JSON` any JSON value
//! (`per_page:=100`, `labels:='["bug","ui"]'`). Without arguments, it builds
//! one request two ways, with an `endpoint!` struct and from JSON, and prints
//! it once they agree.
//!
//! It depends on `endpoint` alone, so that its first build is short. The
//! command line of `examples/endpoint.rs` (in the `endpoint` package) has
//! more: headers, a base URL, a raw body, `curl` output, conformance records.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use endpoint::{Endpoint, Request, endpoint};
use serde_json::{Map, Value, json};

endpoint! {
    /// List a repository's issues.
    pub struct ListIssues = "GET /repos/{owner}/{repo}/issues" {
        state: Option<String>,
        labels: Vec<String>,
        per_page: Option<u32>,
    }
}

/// How to call the program.
const USAGE: &str = "usage: quickstart '<METHOD> <route>' [key=value | key:=JSON]...\n\
                     example: quickstart 'GET /repos/{owner}/{repo}' owner=octocat repo=hello-world";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let code = run(&args, &mut io::stdout().lock(), &mut io::stderr().lock());
    ExitCode::from(code)
}

/// The whole program but for the process around it: 0 when the request was
/// printed, 1 when it cannot be built, 2 for bad arguments.
fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let args: Result<Vec<&str>, _> = args.iter().map(|arg| arg.to_str().ok_or(arg)).collect();
    let (request, intro) = match args.as_deref() {
        Err(arg) => return fail(err, 2, &format!("{} is not UTF-8\n{USAGE}", arg.display())),
        Ok([]) => match two_ways() {
            Ok(request) => (request, Some(TWO_WAYS)),
            Err(message) => return fail(err, 1, &message),
        },
        Ok([route, params @ ..]) => match options(params) {
            Err(message) => return fail(err, 2, &format!("{message}\n{USAGE}")),
            Ok(options) => match Endpoint::default().endpoint(route, options) {
                Ok(request) => (request, None),
                Err(error) => return fail(err, 1, &format!("error: {error}")),
            },
        },
    };
    let text = match serde_json::to_string_pretty(&request.to_json()) {
        Ok(text) => text,
        Err(error) => return fail(err, 1, &format!("error: {error}")),
    };
    let written = match intro {
        Some(intro) => writeln!(out, "{intro}\n{text}"),
        None => writeln!(out, "{text}"),
    };
    // A closed standard output (`| head`) is not worth a panic.
    match written {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// What the run without arguments prints before the request.
const TWO_WAYS: &str = "The same request built two ways, from the struct `ListIssues` of \
                        `endpoint!` (its route checked at compile time) and from JSON at run \
                        time:";

/// The request of `ListIssues`, which must equal the dynamic one.
fn two_ways() -> Result<Request, String> {
    let typed = ListIssues {
        owner: "octocat".into(),
        repo: "hello-world".into(),
        state: Some("open".into()),
        labels: vec!["bug".into()],
        per_page: None,
    }
    .to_request()
    .map_err(|error| format!("error: {error}"))?;
    let dynamic = Endpoint::default()
        .endpoint(
            "GET /repos/{owner}/{repo}/issues",
            json!({"owner": "octocat", "repo": "hello-world", "state": "open", "labels": ["bug"]}),
        )
        .map_err(|error| format!("error: {error}"))?;
    if typed == dynamic {
        Ok(typed)
    } else {
        Err(format!(
            "error: the two ways differ\n  typed:   {}\n  dynamic: {}",
            typed.to_json(),
            dynamic.to_json()
        ))
    }
}

/// The parameters `key=value` (a string) and `key:=JSON` (any JSON value),
/// as an options object.
fn options(params: &[&str]) -> Result<Value, String> {
    let mut options = Map::new();
    for param in params {
        let Some((key, value)) = param.split_once('=') else {
            return Err(format!("`{param}` is neither key=value nor key:=JSON"));
        };
        let (key, value) = match key.strip_suffix(':') {
            Some(key) => match serde_json::from_str(value) {
                Ok(value) => (key, value),
                Err(error) => return Err(format!("`{param}`: the value is not JSON: {error}")),
            },
            None => (key, Value::String(value.to_owned())),
        };
        if key.is_empty() {
            return Err(format!("`{param}` has no key"));
        }
        options.insert(key.to_owned(), value);
    }
    Ok(Value::Object(options))
}

/// Writes `message` to standard error and gives `code`.
fn fail(err: &mut dyn Write, code: u8, message: &str) -> u8 {
    // Nothing more can be said when standard error is closed too.
    let _ = writeln!(err, "{message}");
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the program with `args`: its exit status, stdout and stderr.
    fn quickstart(args: &[&str]) -> (u8, String, String) {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run(&args, &mut out, &mut err);
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8 output");
        (code, text(out), text(err))
    }

    #[test]
    fn the_readme_command_prints_the_request() {
        let (code, out, err) = quickstart(&[
            "GET /repos/{owner}/{repo}",
            "owner=octocat",
            "repo=hello-world",
        ]);
        assert_eq!((code, err.as_str()), (0, ""));
        let printed: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            printed,
            json!({
                "method": "get",
                "url": "https://api.github.com/repos/octocat/hello-world",
                "headers": {
                    "accept": "application/vnd.github.v3+json",
                    "user-agent": endpoint::USER_AGENT,
                },
            })
        );
    }

    #[test]
    fn json_values_go_to_the_query_or_the_body() {
        let (code, out, _) = quickstart(&[
            "GET /repos/{owner}/{repo}/issues",
            "owner=o",
            "repo=r",
            "per_page:=100",
            r#"labels:=["bug","ui"]"#,
        ]);
        assert_eq!(code, 0);
        let printed: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            printed["url"],
            "https://api.github.com/repos/o/r/issues?per_page=100&labels=bug%2Cui"
        );
        let (code, out, _) = quickstart(&["POST /repos/o/r/issues", "title=Hi", "draft:=true"]);
        assert_eq!(code, 0);
        let printed: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(printed["body"], json!({"title": "Hi", "draft": true}));
    }

    #[test]
    fn without_arguments_the_two_ways_agree() {
        let (code, out, err) = quickstart(&[]);
        assert_eq!((code, err.as_str()), (0, ""));
        assert!(out.starts_with(TWO_WAYS), "{out}");
        assert!(out.contains("issues?state=open&labels=bug"), "{out}");
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        for (args, code, says) in [
            (
                &["GET /x", "owner"][..],
                2,
                "neither key=value nor key:=JSON",
            ),
            (&["GET /x", "=v"], 2, "has no key"),
            (&["GET /x", "n:=nope"], 2, "not JSON"),
            (&["GET /{x", "x=1"], 1, "error:"),
            (&["GE T /x"], 1, "error:"),
            (&["GET /repos/{owner}", "owner=.."], 1, "error:"),
        ] {
            let (status, out, err) = quickstart(args);
            assert_eq!(status, code, "{args:?}: {err}");
            assert_eq!(out, "", "{args:?}");
            assert!(err.contains(says), "{args:?}: {err}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_argument_that_is_not_utf8_is_an_error() {
        use std::os::unix::ffi::OsStringExt;
        let args = [OsString::from_vec(vec![0x66, 0x6f, 0x80])];
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(run(&args, &mut out, &mut err), 2);
        assert!(String::from_utf8_lossy(&err).contains("is not UTF-8"));
    }
}
