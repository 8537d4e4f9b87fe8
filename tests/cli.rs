//! The command-line example, `examples/endpoint.rs`, run in-process (its
//! `run` function, the whole program but for the process around it): JSON
//! and `curl` output, parameters, headers, the raw body, exit statuses, and
//! the `--jsonl` mode.

#[path = "../examples/endpoint.rs"]
#[allow(dead_code)]
mod example;

use std::ffi::OsString;

use serde_json::{Value, json};

/// What a run of the example gave.
struct Output {
    code: u8,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs the example with `args`, feeding it `stdin`.
fn endpoint(args: &[&str], stdin: &str) -> Output {
    let args: Vec<OsString> = std::iter::once("endpoint")
        .chain(args.iter().copied())
        .map(OsString::from)
        .collect();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let code = example::run(&args, &mut stdin.as_bytes(), &mut stdout, &mut stderr);
    Output {
        code,
        stdout,
        stderr,
    }
}

/// Runs the example, which must succeed, and returns its stdout.
fn stdout_of(args: &[&str]) -> String {
    let output = endpoint(args, "");
    assert_eq!(
        output.code,
        0,
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// Runs the example, which must print a request as JSON.
fn request_of(args: &[&str]) -> Value {
    let stdout = stdout_of(args);
    serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{args:?}: {err}:\n{stdout}"))
}

/// The example's `error: …` lines on stderr.
fn error_lines(output: &Output) -> impl Iterator<Item = &str> {
    std::str::from_utf8(&output.stderr)
        .expect("stderr is UTF-8")
        .lines()
        .filter(|line| line.starts_with("error: "))
}

#[test]
fn readme_command_prints_the_request() {
    let request = request_of(&[
        "GET /repos/{owner}/{repo}",
        "owner=octocat",
        "repo=hello-world",
    ]);
    assert_eq!(
        request,
        json!({
            "method": "get",
            "url": "https://api.github.com/repos/octocat/hello-world",
            "headers": {"accept": "application/vnd.github.v3+json", "user-agent": endpoint::USER_AGENT},
        })
    );
}

#[test]
fn help_prints_usage() {
    assert!(stdout_of(&["--help"]).contains("Usage:"));
}

#[test]
fn header_option_adds_a_header() {
    let request = request_of(&[
        "GET /user",
        "-H",
        "Authorization: token x",
        "--base-url",
        "https://ghe.example/api/v3",
    ]);
    assert_eq!(request["url"], "https://ghe.example/api/v3/user");
    assert_eq!(request["headers"]["authorization"], "token x");
}

#[test]
fn json_parameters_keep_their_type() {
    let request = request_of(&[
        "GET /repos/{owner}/{repo}/issues",
        "owner=octocat",
        "repo=hello-world",
        "per_page:=100",
        r#"labels:=["bug","ui"]"#,
    ]);
    assert_eq!(
        request["url"],
        "https://api.github.com/repos/octocat/hello-world/issues?per_page=100&labels=bug%2Cui"
    );

    let request = request_of(&["POST /things", "draft:=true", "count:=2", "name=2"]);
    assert_eq!(
        request["body"],
        json!({"draft": true, "count": 2, "name": "2"})
    );
}

#[test]
fn data_option_sets_the_raw_body() {
    let request = request_of(&[
        "POST /markdown/raw",
        "-H",
        "content-type: text/plain; charset=utf-8",
        "--data",
        r#""Hello **world**""#,
    ]);
    assert_eq!(request["method"], "post");
    assert_eq!(request["body"], "Hello **world**");
    assert_eq!(
        request["headers"]["content-type"],
        "text/plain; charset=utf-8"
    );
}

#[test]
fn curl_prints_a_quoted_command_line() {
    let stdout = stdout_of(&[
        "POST /repos/{owner}/{repo}/issues",
        "owner=octocat",
        "repo=hello-world",
        "title=It's broken",
        "--curl",
    ]);
    let line = stdout.trim_end();
    assert!(line.starts_with("curl -X POST -H "), "{line}");
    assert!(
        line.contains(" -H 'accept: application/vnd.github.v3+json' "),
        "{line}"
    );
    assert!(
        line.contains(" -H 'content-type: application/json; charset=utf-8' "),
        "{line}"
    );
    assert!(
        line.contains(r#" --data-raw '{"title":"It'\''s broken"}' "#),
        "{line}"
    );
    assert!(
        line.ends_with(" https://api.github.com/repos/octocat/hello-world/issues"),
        "{line}"
    );

    let stdout = stdout_of(&["GET /search/issues", "q=is:open label:bug", "--curl"]);
    assert!(
        stdout
            .trim_end()
            .ends_with(" 'https://api.github.com/search/issues?q=is%3Aopen%20label%3Abug'"),
        "{stdout}"
    );
}

#[test]
fn bad_arguments_exit_with_status_2() {
    for args in [
        &["GET /x", "no-equals-sign"][..],
        &["GET /x", "n:=not json"],
        &["GET /x", "--unknown"],
        &["GET /x", "-H", "no colon"],
        &["GET /x", "--data"],
        &[],
    ] {
        let output = endpoint(args, "");
        assert_eq!(output.code, 2, "{args:?}");
        assert!(error_lines(&output).next().is_some(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn request_errors_exit_with_status_1() {
    let output = endpoint(&["GET /repos/{owner}/{repo}", "owner=..", "repo=r"], "");
    assert_eq!(output.code, 1);
    assert!(
        error_lines(&output).any(|line| line.contains("`..`")),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn jsonl_runs_every_line() {
    let input = concat!(
        r#"{"id":"a","op":"endpoint","route":"GET /orgs/{org}/repos","options":{"org":"octokit","type":"private"},"defaults":[]}"#,
        "\n",
        "{not json\n",
        "\n",
        r#"{"id":"c","op":"DEFAULTS","route":null,"options":null,"defaults":[{"baseUrl":"https://ghe.example/api/v3"}]}"#,
        "\n",
    );
    let output = endpoint(&["--jsonl"], input);
    assert_eq!(
        output.code,
        0,
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .expect("stdout is UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each output line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");

    assert_eq!(lines[0]["id"], "a");
    assert_eq!(
        lines[0]["ok"]["url"],
        "https://api.github.com/orgs/octokit/repos?type=private"
    );
    assert_eq!(lines[0]["ok"]["method"], "get");

    assert_eq!(lines[1]["id"], Value::Null);
    let error = lines[1]["error"].as_str().expect("an error message");
    assert!(error.contains("line 2"), "{error}");

    assert_eq!(lines[2]["id"], "c");
    assert_eq!(lines[2]["ok"]["baseUrl"], "https://ghe.example/api/v3");
    assert_eq!(lines[2]["ok"]["method"], "GET");
    assert_eq!(
        lines[2]["ok"]["headers"]["user-agent"],
        endpoint::USER_AGENT
    );
}
