//! A small typed GitHub client on `endpoint::client`.
//!
//! Each operation is one `endpoint!` declaration: the route, its parameters
//! and the type its JSON answer deserializes into. The blocking client of
//! `endpoint::client::ureq` sends them with the client's defaults (base URL,
//! token, API version), decodes the answers, explains GitHub's refusals and
//! follows the pages of a list.
//!
//! ```text
//! $ export GITHUB_TOKEN=ghp_…            # optional: anonymous without it
//! $ cargo run -q --features ureq --example github_client -- repo rust-lang/rust
//! $ cargo run -q --features ureq --example github_client -- issues rust-lang/rust --state open --labels C-bug,T-compiler --per-page 5
//! $ cargo run -q --features ureq --example github_client -- issues rust-lang/cargo --all --per-page 100
//! $ cargo run -q --features ureq --example github_client -- create-issue me/sandbox "Found a bug" "Steps to reproduce: …"
//! $ cargo run -q --features ureq --example github_client -- contents rust-lang/rust src/README.md --ref master
//! $ cargo run -q --features ureq --example github_client -- --base-url https://ghe.example.com/api/v3 repo team/app
//! ```
//!
//! Commands:
//!
//! - `repo OWNER/REPO`: the repository's name, description, URL and counts;
//! - `issues OWNER/REPO [--state open|closed|all] [--labels a,b] [--per-page N] [--all]`:
//!   one line per issue (pull requests are marked); `--all` follows every page;
//! - `create-issue OWNER/REPO TITLE [BODY]`: opens an issue and prints its number and URL;
//! - `contents OWNER/REPO PATH [--ref REF]`: a file's text, or a directory's listing.
//!
//! The token, read from `GITHUB_TOKEN`, is sent as `authorization: token …`
//! and only to the base URL's host. The base URL comes from `--base-url`
//! (default `https://api.github.com`).
//!
//! Exit status: 0 on success, 1 when the request fails (the message names
//! the request and GitHub's own message), 2 for bad arguments.
//!
//! [`run`] is the whole program but for the process around it, so that the
//! test suite runs it in-process against a loopback fake of GitHub.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use endpoint::client::ureq::Client;
use endpoint::{Endpoint, endpoint};
use serde::Deserialize;
use serde_json::{Map, Value, json};

const USAGE: &str = "\
A small typed GitHub client.

Usage: github_client [--base-url URL] COMMAND

Commands:
  repo OWNER/REPO
  issues OWNER/REPO [--state open|closed|all] [--labels a,b] [--per-page N] [--all]
  create-issue OWNER/REPO TITLE [BODY]
  contents OWNER/REPO PATH [--ref REF]

Options:
  --base-url URL   the API's base URL (default https://api.github.com)
  --all            (issues) follow every page
  -h, --help       this text

Environment:
  GITHUB_TOKEN     sent as `authorization: token …` when set";

/// The API version the response types below follow.
const API_VERSION: &str = "2022-11-28";

// ---------------------------------------------------------------------------
// Response types
// ---------------------------------------------------------------------------

/// A repository (the fields this client shows).
#[derive(Debug, Deserialize)]
pub struct Repository {
    /// `owner/name`.
    pub full_name: String,
    /// The one-line description.
    pub description: Option<String>,
    /// The repository's page.
    pub html_url: String,
    /// The default branch.
    pub default_branch: String,
    /// Whether it is private.
    pub private: bool,
    /// The main language, when GitHub detected one.
    pub language: Option<String>,
    /// Stars.
    pub stargazers_count: u64,
    /// Forks.
    pub forks_count: u64,
    /// Open issues and pull requests.
    pub open_issues_count: u64,
}

/// An issue or a pull request (the issues API lists both).
#[derive(Debug, Deserialize)]
pub struct Issue {
    /// The number within the repository.
    pub number: u64,
    /// The title.
    pub title: String,
    /// `open` or `closed`.
    pub state: String,
    /// The issue's page.
    pub html_url: String,
    /// Who opened it.
    pub user: User,
    /// Its labels.
    #[serde(default)]
    pub labels: Vec<Label>,
    /// Present when the issue is a pull request.
    pub pull_request: Option<Value>,
}

/// A GitHub account.
#[derive(Debug, Deserialize)]
pub struct User {
    /// The login.
    pub login: String,
}

/// An issue label.
#[derive(Debug, Deserialize)]
pub struct Label {
    /// The label's name.
    pub name: String,
}

/// What `GET /repos/{owner}/{repo}/contents/{+path}` answers: a directory's
/// entries, or one file.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Contents {
    /// The entries of a directory.
    Directory(Vec<Entry>),
    /// A file, a symlink or a submodule.
    File(File),
}

/// A directory entry.
#[derive(Debug, Deserialize)]
pub struct Entry {
    /// `file`, `dir`, `symlink` or `submodule`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The path from the repository's root.
    pub path: String,
    /// The size in bytes (0 for directories).
    pub size: u64,
}

/// A file and its content.
#[derive(Debug, Deserialize)]
pub struct File {
    /// `file`, `symlink` or `submodule`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The path from the repository's root.
    pub path: String,
    /// The size in bytes.
    pub size: u64,
    /// `base64`, or `none` for files too large for this API.
    pub encoding: Option<String>,
    /// The content, base64 in lines of 60 characters.
    pub content: Option<String>,
}

// ---------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------

endpoint! {
    /// Get a repository.
    pub struct GetRepo = "GET /repos/{owner}/{repo}" -> Repository;
}

endpoint! {
    /// List a repository's issues and pull requests.
    pub struct ListIssues = "GET /repos/{owner}/{repo}/issues" -> Vec<Issue> {
        /// `open` (GitHub's default), `closed` or `all`.
        pub state: Option<String>,
        /// Only issues that carry every one of these labels.
        pub labels: Option<Vec<String>>,
        /// Results per page (at most 100).
        pub per_page: Option<u32>,
    }
}

endpoint! {
    /// Create an issue.
    pub struct CreateIssue = "POST /repos/{owner}/{repo}/issues" -> Issue {
        /// The title.
        pub title: String,
        /// The text, in Markdown.
        pub body: Option<String>,
    }
}

endpoint! {
    /// Get a file or a directory; `{+path}` keeps the path's slashes.
    pub struct GetContents = "GET /repos/{owner}/{repo}/contents/{+path}" -> Contents {
        /// A branch, tag or commit (the default branch when absent).
        pub r#ref: Option<String>,
    }
}

// ---------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------

/// A client for the API at `base_url`, authenticated with `token` when
/// given, sending with `agent`.
///
/// # Errors
/// When the defaults are refused (a token with a line break, for example).
pub fn github(
    base_url: &str,
    token: Option<&str>,
    agent: ureq::Agent,
) -> Result<Client, endpoint::Error> {
    let mut headers = Map::new();
    headers.insert("x-github-api-version".into(), API_VERSION.into());
    if let Some(token) = token {
        headers.insert("authorization".into(), format!("token {token}").into());
    }
    let endpoint = Endpoint::default()
        .defaults(json!({
            "baseUrl": base_url.trim_end_matches('/'),
            "headers": headers,
        }))?
        // The token goes to the base URL's host and nowhere else.
        .with_credential_host_check(true);
    Ok(Client::with_agent(endpoint, agent))
}

// ---------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------

/// What to do.
#[derive(Debug)]
enum Command {
    Repo(RepoName),
    Issues {
        repo: RepoName,
        state: Option<String>,
        labels: Option<Vec<String>>,
        per_page: Option<u32>,
        all: bool,
    },
    CreateIssue {
        repo: RepoName,
        title: String,
        body: Option<String>,
    },
    Contents {
        repo: RepoName,
        path: String,
        r#ref: Option<String>,
    },
}

/// `OWNER/REPO`.
#[derive(Debug)]
struct RepoName {
    owner: String,
    repo: String,
}

impl RepoName {
    fn parse(text: &str) -> Result<Self, String> {
        match text.split_once('/') {
            Some((owner, repo)) if !owner.is_empty() && !repo.is_empty() && !repo.contains('/') => {
                Ok(RepoName {
                    owner: owner.into(),
                    repo: repo.into(),
                })
            }
            _ => Err(format!("`{text}` is not OWNER/REPO")),
        }
    }
}

/// The parsed command line.
#[derive(Debug)]
struct Cli {
    base_url: String,
    command: Command,
}

/// Reads the command line; `Ok(None)` asks for the help text.
fn parse_args(args: &[String]) -> Result<Option<Cli>, String> {
    let mut base_url = endpoint::DEFAULT_BASE_URL.to_owned();
    let mut positional = Vec::new();
    let mut flags: Vec<(&str, String)> = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value_of = |flag: &str| {
            args.next()
                .cloned()
                .ok_or_else(|| format!("`{flag}` needs a value"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--all" => flags.push(("--all", String::new())),
            "--base-url" => base_url = value_of("--base-url")?,
            flag @ ("--state" | "--labels" | "--per-page" | "--ref") => {
                flags.push((flag, value_of(flag)?));
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option `{flag}`")),
            _ => positional.push(arg.as_str()),
        }
    }
    if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
        return Err(format!("--base-url `{base_url}` is not an http(s) URL"));
    }
    let Some((&name, rest)) = positional.split_first() else {
        return Err("no command given".into());
    };
    let allowed: &[&str] = match name {
        "issues" => &["--state", "--labels", "--per-page", "--all"],
        "contents" => &["--ref"],
        _ => &[],
    };
    if let Some((flag, _)) = flags.iter().find(|(flag, _)| !allowed.contains(flag)) {
        return Err(format!("`{flag}` does not apply to `{name}`"));
    }
    let flag = |name: &str| {
        flags
            .iter()
            .rev()
            .find(|(flag, _)| *flag == name)
            .map(|(_, value)| value.clone())
    };
    let command = match (name, rest) {
        ("repo", [repo]) => Command::Repo(RepoName::parse(repo)?),
        ("issues", [repo]) => Command::Issues {
            repo: RepoName::parse(repo)?,
            state: match flag("--state") {
                Some(state) if !matches!(state.as_str(), "open" | "closed" | "all") => {
                    return Err(format!("--state `{state}` is not open, closed or all"));
                }
                state => state,
            },
            labels: flag("--labels").map(|labels| {
                labels
                    .split(',')
                    .map(str::trim)
                    .filter(|label| !label.is_empty())
                    .map(String::from)
                    .collect()
            }),
            per_page: flag("--per-page")
                .map(|n| match n.parse::<u32>() {
                    Ok(n @ 1..=100) => Ok(n),
                    _ => Err(format!("--per-page `{n}` is not a number from 1 to 100")),
                })
                .transpose()?,
            all: flag("--all").is_some(),
        },
        ("create-issue", [repo, title]) => Command::CreateIssue {
            repo: RepoName::parse(repo)?,
            title: (*title).into(),
            body: None,
        },
        ("create-issue", [repo, title, body]) => Command::CreateIssue {
            repo: RepoName::parse(repo)?,
            title: (*title).into(),
            body: Some((*body).into()),
        },
        ("contents", [repo, path]) => Command::Contents {
            repo: RepoName::parse(repo)?,
            path: path.trim_start_matches('/').into(),
            r#ref: flag("--ref"),
        },
        ("repo" | "issues" | "create-issue" | "contents", _) => {
            return Err(format!("wrong arguments for `{name}`"));
        }
        _ => return Err(format!("unknown command `{name}`")),
    };
    Ok(Some(Cli { base_url, command }))
}

/// Runs `command`, writing its result to `out`.
fn execute(
    github: &Client,
    command: Command,
    out: &mut dyn Write,
) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        Command::Repo(RepoName { owner, repo }) => {
            let repo = github.send(&GetRepo { owner, repo })?.body;
            writeln!(out, "{}", repo.full_name)?;
            if let Some(description) = repo.description.filter(|d| !d.is_empty()) {
                writeln!(out, "  {description}")?;
            }
            writeln!(out, "  {}", repo.html_url)?;
            writeln!(
                out,
                "  {} · default branch {} · language {}",
                if repo.private { "private" } else { "public" },
                repo.default_branch,
                repo.language.as_deref().unwrap_or("unknown"),
            )?;
            writeln!(
                out,
                "  stars {} · forks {} · open issues {}",
                repo.stargazers_count, repo.forks_count, repo.open_issues_count
            )?;
        }
        Command::Issues {
            repo: RepoName { owner, repo },
            state,
            labels,
            per_page,
            all,
        } => {
            let route = ListIssues {
                owner,
                repo,
                state,
                labels,
                per_page,
            };
            let issues = if all {
                github.paginate::<Issue>(&route).collect::<Result<_, _>>()?
            } else {
                github.send(&route)?.body
            };
            if issues.is_empty() {
                writeln!(out, "no issues")?;
            }
            for issue in issues {
                let kind = if issue.pull_request.is_some() {
                    " (pull request)"
                } else {
                    ""
                };
                let labels: Vec<&str> = issue.labels.iter().map(|l| l.name.as_str()).collect();
                let labels = if labels.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", labels.join(", "))
                };
                writeln!(
                    out,
                    "#{} {} {}{kind}{labels} by @{}",
                    issue.number, issue.state, issue.title, issue.user.login
                )?;
            }
        }
        Command::CreateIssue {
            repo: RepoName { owner, repo },
            title,
            body,
        } => {
            let issue = github
                .send(&CreateIssue {
                    owner,
                    repo,
                    title,
                    body,
                })?
                .body;
            writeln!(out, "created #{}: {}", issue.number, issue.html_url)?;
        }
        Command::Contents {
            repo: RepoName { owner, repo },
            path,
            r#ref,
        } => match github
            .send(&GetContents {
                owner,
                repo,
                path,
                r#ref,
            })?
            .body
        {
            Contents::Directory(entries) => {
                for entry in entries {
                    writeln!(out, "{:<9} {:>8}  {}", entry.kind, entry.size, entry.path)?;
                }
            }
            Contents::File(file) => match (file.encoding.as_deref(), &file.content) {
                (Some("base64"), Some(content)) => {
                    let bytes = decode_base64(content).ok_or_else(|| {
                        format!("`{}`: the content is not valid base64", file.path)
                    })?;
                    out.write_all(&bytes)?;
                }
                _ => {
                    return Err(format!(
                        "`{}` is a {} of {} bytes whose content this API does not return \
                         (too large, or not a file)",
                        file.path, file.kind, file.size
                    )
                    .into());
                }
            },
        },
    }
    Ok(())
}

/// Standard base64 with padding, as GitHub sends it (line breaks allowed).
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    fn value(byte: u8) -> Option<u32> {
        Some(match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    }
    let symbols: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !symbols.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(symbols.len() / 4 * 3);
    let quads = symbols.chunks_exact(4);
    let last = quads.len().saturating_sub(1);
    for (i, quad) in quads.enumerate() {
        let padding = quad.iter().rev().take_while(|&&b| b == b'=').count();
        if padding > 2 || (padding > 0 && i != last) {
            return None;
        }
        let mut bits = 0u32;
        for &byte in &quad[..4 - padding] {
            bits = (bits << 6) | value(byte)?;
        }
        bits <<= 6 * padding as u32;
        let bytes = bits.to_be_bytes();
        out.extend_from_slice(&bytes[1..4 - padding]);
    }
    Some(out)
}

/// The program: reads `args` (without the program's name), sends with
/// `agent` and `token`, writes the result to `out` and errors to `err`, and
/// returns the exit status.
pub fn run(
    args: &[String],
    token: Option<&str>,
    agent: ureq::Agent,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let cli = match parse_args(args) {
        Ok(Some(cli)) => cli,
        Ok(None) => {
            return if writeln!(out, "{USAGE}").is_ok() {
                0
            } else {
                1
            };
        }
        Err(message) => {
            let _ = writeln!(err, "error: {message}\n\n{USAGE}");
            return 2;
        }
    };
    let token = token.map(str::trim).filter(|token| !token.is_empty());
    let result = github(&cli.base_url, token, agent)
        .map_err(Into::into)
        .and_then(|github| execute(&github, cli.command, out));
    match result {
        Ok(()) => 0,
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            1
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let token = std::env::var("GITHUB_TOKEN").ok();
    let agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    ExitCode::from(run(
        &args,
        token.as_deref(),
        agent,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    ))
}
