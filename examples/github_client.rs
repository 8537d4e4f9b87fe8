//! A small typed GitHub client built on `endpoint!` declarations.
//!
//! Each operation is one `endpoint!` declaration: the route, its parameters
//! and the type its JSON answer deserializes into. A [`GitHub`] value holds an
//! [`Endpoint`] with the client's defaults (base URL, token, API version) and
//! a ureq agent; [`GitHub::send`] turns any declared request into an
//! `http::Request`, sends it and decodes the answer into the declared type.
//!
//! ```text
//! $ export GITHUB_TOKEN=ghp_…            # optional: anonymous without it
//! $ cargo run -q --example github_client -- repo rust-lang/rust
//! $ cargo run -q --example github_client -- issues rust-lang/rust --state open --labels C-bug,T-compiler --per-page 5
//! $ cargo run -q --example github_client -- create-issue me/sandbox "Found a bug" "Steps to reproduce: …"
//! $ cargo run -q --example github_client -- contents rust-lang/rust src/README.md --ref master
//! $ cargo run -q --example github_client -- --base-url https://ghe.example.com/api/v3 repo team/app
//! ```
//!
//! Commands:
//!
//! - `repo OWNER/REPO`: the repository's name, description, URL and counts;
//! - `issues OWNER/REPO [--state open|closed|all] [--labels a,b] [--per-page N]`:
//!   one line per issue (pull requests are marked);
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
//! It sends with ureq and rustls, so it talks to `https://api.github.com`
//! as well as to the loopback fake of GitHub the test suite runs it against.

use std::fmt;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use endpoint::{Endpoint, TypedRequest, endpoint};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

const USAGE: &str = "\
A small typed GitHub client.

Usage: github_client [--base-url URL] COMMAND

Commands:
  repo OWNER/REPO
  issues OWNER/REPO [--state open|closed|all] [--labels a,b] [--per-page N]
  create-issue OWNER/REPO TITLE [BODY]
  contents OWNER/REPO PATH [--ref REF]

Options:
  --base-url URL   the API's base URL (default https://api.github.com)
  -h, --help       this text

Environment:
  GITHUB_TOKEN     sent as `authorization: token …` when set";

/// The API version the response types below follow.
const API_VERSION: &str = "2022-11-28";

/// The largest answer the client reads.
const MAX_ANSWER: u64 = 10 << 20;

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

/// A GitHub API client: an [`Endpoint`] holding the defaults every request
/// shares, and an HTTP agent.
pub struct GitHub {
    endpoint: Endpoint,
    agent: ureq::Agent,
}

impl GitHub {
    /// A client for the API at `base_url`, authenticated with `token` when given.
    ///
    /// # Errors
    /// [`ClientError::Build`] when the defaults are refused (a token with a
    /// line break, for example).
    pub fn new(base_url: &str, token: Option<&str>) -> Result<Self, ClientError> {
        let mut headers = Map::new();
        headers.insert("x-github-api-version".into(), API_VERSION.into());
        if let Some(token) = token {
            headers.insert("authorization".into(), format!("token {token}").into());
        }
        let endpoint = Endpoint::default()
            .defaults(json!({
                "baseUrl": base_url.trim_end_matches('/'),
                "headers": headers,
            }))
            .map_err(ClientError::Build)?
            // The token goes to the base URL's host and nowhere else.
            .with_credential_host_check(true);
        let agent = ureq::Agent::config_builder()
            // GitHub explains its refusals in the body: read them.
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build()
            .into();
        Ok(GitHub { endpoint, agent })
    }

    /// Sends a declared request and decodes the answer into its response type.
    ///
    /// # Errors
    /// A [`ClientError`] naming the request: it could not be built or sent,
    /// GitHub refused it, or the answer does not fit the response type.
    pub fn send<R>(&self, route: &R) -> Result<R::Response, ClientError>
    where
        R: TypedRequest,
        R::Response: DeserializeOwned,
    {
        let request = route
            .to_request_with(&self.endpoint)
            .map_err(ClientError::Build)?;
        let what = format!("{} {}", request.method.to_ascii_uppercase(), request.url);
        let request = http::Request::<Vec<u8>>::try_from(request).map_err(ClientError::Build)?;
        let response = self
            .agent
            .run(request)
            .map_err(|source| ClientError::Transport {
                request: what.clone(),
                source,
            })?;
        let status = response.status();
        let body = response
            .into_body()
            .with_config()
            .limit(MAX_ANSWER)
            .read_to_vec()
            .map_err(|source| ClientError::Transport {
                request: what.clone(),
                source,
            })?;
        if !status.is_success() {
            return Err(ClientError::Status {
                request: what,
                status,
                message: github_message(&body),
            });
        }
        serde_json::from_slice(&body).map_err(|source| ClientError::Decode {
            request: what,
            type_name: std::any::type_name::<R::Response>(),
            source,
        })
    }
}

/// GitHub's explanation in an error answer: its `message` (and the first
/// validation error), or the start of the body.
fn github_message(body: &[u8]) -> String {
    #[derive(Deserialize)]
    struct GitHubError {
        message: String,
        #[serde(default)]
        errors: Vec<Value>,
    }
    match serde_json::from_slice::<GitHubError>(body) {
        Ok(GitHubError { message, errors }) => match errors.first() {
            Some(Value::Object(first)) => match first.get("message").or(first.get("code")) {
                Some(Value::String(detail)) => format!("{message} ({detail})"),
                _ => message,
            },
            _ => message,
        },
        Err(_) => {
            let text = String::from_utf8_lossy(body);
            let text = text.trim();
            match text.char_indices().nth(200) {
                Some((cut, _)) => format!("{}…", &text[..cut]),
                None if text.is_empty() => "(empty answer)".into(),
                None => text.to_owned(),
            }
        }
    }
}

/// Why a request failed.
#[derive(Debug)]
pub enum ClientError {
    /// The request could not be built or converted.
    Build(endpoint::Error),
    /// It could not be sent, or its answer could not be read.
    Transport {
        /// `METHOD url`.
        request: String,
        /// ureq's error.
        source: ureq::Error,
    },
    /// GitHub answered with an error status.
    Status {
        /// `METHOD url`.
        request: String,
        /// The status.
        status: http::StatusCode,
        /// GitHub's message.
        message: String,
    },
    /// The answer does not fit the declared response type.
    Decode {
        /// `METHOD url`.
        request: String,
        /// The response type.
        type_name: &'static str,
        /// serde's error.
        source: serde_json::Error,
    },
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Build(err) => write!(f, "cannot build the request: {err}"),
            ClientError::Transport { request, source } => write!(f, "{request}: {source}"),
            ClientError::Status {
                request,
                status,
                message,
            } => write!(f, "{request}: GitHub answered {status}: {message}"),
            ClientError::Decode {
                request,
                type_name,
                source,
            } => write!(f, "{request}: the answer is not a `{type_name}`: {source}"),
        }
    }
}

impl std::error::Error for ClientError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClientError::Build(err) => Some(err),
            ClientError::Transport { source, .. } => Some(source),
            ClientError::Status { .. } => None,
            ClientError::Decode { source, .. } => Some(source),
        }
    }
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
        "issues" => &["--state", "--labels", "--per-page"],
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
fn run(
    github: &GitHub,
    command: Command,
    out: &mut impl Write,
) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        Command::Repo(RepoName { owner, repo }) => {
            let repo = github.send(&GetRepo { owner, repo })?;
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
        } => {
            let issues = github.send(&ListIssues {
                owner,
                repo,
                state,
                labels,
                per_page,
            })?;
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
            let issue = github.send(&CreateIssue {
                owner,
                repo,
                title,
                body,
            })?;
            writeln!(out, "created #{}: {}", issue.number, issue.html_url)?;
        }
        Command::Contents {
            repo: RepoName { owner, repo },
            path,
            r#ref,
        } => match github.send(&GetContents {
            owner,
            repo,
            path,
            r#ref,
        })? {
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cli = match parse_args(&args) {
        Ok(Some(cli)) => cli,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let token = std::env::var("GITHUB_TOKEN")
        .ok()
        .map(|token| token.trim().to_owned())
        .filter(|token| !token.is_empty());
    let result = GitHub::new(&cli.base_url, token.as_deref())
        .map_err(Into::into)
        .and_then(|github| run(&github, cli.command, &mut std::io::stdout().lock()));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
