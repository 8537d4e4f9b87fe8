//! A small GitHub client: the typed requests of `endpoint::github`, sent by
//! the blocking client of `endpoint::client::ureq`, which adds the defaults
//! (base URL, token, API version), decodes the answers, explains GitHub's
//! refusals and follows the pages of a list.
//!
//! ```text
//! $ export GITHUB_TOKEN=ghp_…            # optional: anonymous without it
//! $ cargo run -q --features github,ureq --example github_client -- repo rust-lang/rust
//! $ cargo run -q --features github,ureq --example github_client -- issues rust-lang/cargo --labels C-bug --per-page 100 --all
//! $ cargo run -q --features github,ureq --example github_client -- contents rust-lang/rust src/README.md --ref main
//! ```
//!
//! Exit status: 0 on success, 1 when the request fails (the message names
//! the request and GitHub's own message), 2 for bad arguments. [`run`] is
//! the whole program but for the process around it, so that the test suite
//! runs it in-process against a loopback fake of GitHub.

use std::error::Error as StdError;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use base64::prelude::{BASE64_STANDARD, Engine as _};
use endpoint::client::ClientBuilder;
use endpoint::client::ureq::Client;
use endpoint::github::models::{Issue, LabelsItem, ReposGetContentResponse as Content};
use endpoint::github::{issues, models, repos};

const USAGE: &str = "\
A small typed GitHub client.

Usage: github_client [--base-url URL] COMMAND

Commands:
  repo OWNER/REPO                       the repository's description and counts
  issues OWNER/REPO [--state open|closed|all] [--labels a,b] [--per-page N] [--all]
                                        one line per issue; --all follows every page
  create-issue OWNER/REPO TITLE [BODY]  opens an issue
  contents OWNER/REPO PATH [--ref REF]  a file's text, or a directory's listing

Options:
  --base-url URL   the API's base URL (default https://api.github.com)
  -h, --help       this text

Environment:
  GITHUB_TOKEN     sent as `authorization: Bearer …` when set";

/// The request that the command line asks for (and, for issues, whether to
/// follow every page).
enum Command {
    Repo(repos::Get),
    Issues(issues::ListForRepo, bool),
    CreateIssue(issues::Create),
    Contents(repos::GetContent),
}

/// Reads the command line into the base URL and the command; `Ok(None)`
/// asks for the help text.
fn parse_args(args: &[String]) -> Result<Option<(String, Command)>, String> {
    let (mut words, mut flags) = (Vec::new(), Vec::new());
    let mut args = args.iter().map(String::as_str);
    while let Some(arg) = args.next() {
        match arg {
            "-h" | "--help" => return Ok(None),
            "--all" => flags.push((arg, "")),
            "--base-url" | "--state" | "--labels" | "--per-page" | "--ref" => {
                flags.push((arg, args.next().ok_or(format!("`{arg}` needs a value"))?));
            }
            _ if arg.starts_with("--") => return Err(format!("unknown option `{arg}`")),
            _ => words.push(arg),
        }
    }
    let flag = |name: &str| flags.iter().rfind(|flag| flag.0 == name).map(|flag| flag.1);
    let base_url = flag("--base-url").unwrap_or(endpoint::octokit::DEFAULT_BASE_URL);
    if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
        return Err(format!("--base-url `{base_url}` is not an http(s) URL"));
    }
    let Some((&name, words)) = words.split_first() else {
        return Err("no command given".into());
    };
    let (arity, allowed): (_, &[_]) = match name {
        "repo" => (1..=1, &["--base-url"]),
        "issues" => (
            1..=1,
            &["--base-url", "--state", "--labels", "--per-page", "--all"],
        ),
        "create-issue" => (2..=3, &["--base-url"]),
        "contents" => (2..=2, &["--base-url", "--ref"]),
        _ => return Err(format!("unknown command `{name}`")),
    };
    if let Some((flag, _)) = flags.iter().find(|flag| !allowed.contains(&flag.0)) {
        return Err(format!("`{flag}` does not apply to `{name}`"));
    }
    if !arity.contains(&words.len()) {
        return Err(format!("wrong arguments for `{name}`"));
    }
    let (owner, repo) = match words[0].split_once('/') {
        Some((owner, repo)) if !owner.is_empty() && !repo.is_empty() && !repo.contains('/') => {
            (owner.to_owned(), repo.to_owned())
        }
        _ => return Err(format!("`{}` is not OWNER/REPO", words[0])),
    };
    let command = match name {
        "repo" => Command::Repo(repos::Get { owner, repo }),
        "issues" => {
            let state = flag("--state").map(|state| {
                let error = format!("--state `{state}` is not open, closed or all");
                // An open enum: any other text parses, as an `Unknown` value.
                match state.parse::<models::OpenOrClosedOrAll>() {
                    Ok(models::OpenOrClosedOrAll::Unknown(_)) | Err(_) => Err(error),
                    Ok(state) => Ok(state),
                }
            });
            let per_page = flag("--per-page").map(|n| match n.parse() {
                Ok(n @ 1..=100) => Ok(n),
                _ => Err(format!("--per-page `{n}` is not a number from 1 to 100")),
            });
            // GitHub takes the labels as one comma-separated list.
            let labels = flag("--labels").map(|labels| {
                let labels = labels.split(',').map(str::trim).filter(|l| !l.is_empty());
                labels.collect::<Vec<_>>().join(",")
            });
            let route = issues::ListForRepo {
                state: state.transpose()?,
                labels: labels.filter(|labels| !labels.is_empty()),
                per_page: per_page.transpose()?,
                ..issues::ListForRepo::new(owner, repo)
            };
            Command::Issues(route, flag("--all").is_some())
        }
        "create-issue" => Command::CreateIssue(issues::Create {
            body: words.get(2).map(|body| (*body).to_owned()),
            ..issues::Create::new(
                owner,
                repo,
                models::StringOrInteger::String(words[1].to_owned()),
            )
        }),
        // `path` is multi-segment: its `/` are sent as they are, so that it
        // may name a file in a directory.
        _ => Command::Contents(repos::GetContent {
            r#ref: flag("--ref").map(String::from),
            ..repos::GetContent::new(owner, repo, words[1].trim_matches('/'))
        }),
    };
    Ok(Some((base_url.trim_end_matches('/').to_owned(), command)))
}

/// Sends the command's request, writing its result to `out`.
fn execute(
    github: &Client,
    command: Command,
    out: &mut dyn Write,
) -> Result<(), Box<dyn StdError>> {
    match command {
        Command::Repo(route) => {
            let repo = github.send(&route)?.body;
            writeln!(out, "{}", repo.full_name)?;
            if let Some(description) = repo.description.value().filter(|d| !d.is_empty()) {
                writeln!(out, "  {description}")?;
            }
            let visibility = if repo.private { "private" } else { "public" };
            let language = repo.language.value().map_or("unknown", String::as_str);
            let branch = repo.default_branch;
            writeln!(out, "  {}", repo.html_url)?;
            writeln!(
                out,
                "  {visibility} · default branch {branch} · language {language}"
            )?;
            let (stars, forks) = (repo.stargazers_count, repo.forks_count);
            let issues = repo.open_issues_count;
            writeln!(
                out,
                "  stars {stars} · forks {forks} · open issues {issues}"
            )?;
        }
        Command::Issues(route, all) => {
            let issues: Vec<Issue> = if all {
                github.paginate(&route).collect()?
            } else {
                github.send(&route)?.body
            };
            if issues.is_empty() {
                writeln!(out, "no issues")?;
            }
            for issue in &issues {
                let (number, state, title) = (issue.number, &issue.state, &issue.title);
                let kind = if issue.pull_request.is_some() {
                    " (pull request)"
                } else {
                    ""
                };
                // A label is an object, or (in older answers) its name alone.
                let labels: Vec<&str> = issue
                    .labels
                    .iter()
                    .filter_map(|label| match label {
                        LabelsItem::String(name) => Some(name.as_str()),
                        LabelsItem::Object(label) => label.name.as_deref(),
                        _ => None,
                    })
                    .collect();
                let labels = if labels.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", labels.join(", "))
                };
                let login = issue.user.value().map_or("", |user| user.login.as_str());
                writeln!(out, "#{number} {state} {title}{kind}{labels} by @{login}")?;
            }
        }
        Command::CreateIssue(route) => {
            let issue = github.send(&route)?.body;
            writeln!(out, "created #{}: {}", issue.number, issue.html_url)?;
        }
        // A directory answers a list of entries, a file one object.
        Command::Contents(route) => match github.send(&route)?.body {
            Content::ContentDirectory(entries) => {
                for entry in &entries {
                    let (kind, path, size) = (entry.r#type.as_str(), &entry.path, entry.size);
                    writeln!(out, "{kind:<9} {size:>8}  {path}")?;
                }
            }
            Content::ContentFile(file) => {
                let (path, kind, size) = (&file.path, file.r#type.as_str(), file.size);
                if file.encoding != "base64" || (file.content.is_empty() && size > 0) {
                    Err(format!(
                        "`{path}` is a {kind} of {size} bytes whose content this API does not return"
                    ))?;
                }
                // GitHub breaks the base64 text into lines.
                let content: String = file.content.split_whitespace().collect();
                let bytes = BASE64_STANDARD
                    .decode(content)
                    .map_err(|err| format!("`{path}`: {err}"))?;
                out.write_all(&bytes)?;
            }
            Content::ContentSymlink(link) => {
                writeln!(out, "{} -> {}", link.path, link.target)?;
            }
            Content::ContentSubmodule(module) => {
                writeln!(
                    out,
                    "{} (submodule of {})",
                    module.path, module.submodule_git_url
                )?;
            }
            other => Err(format!("an answer of an unknown shape: {other:?}"))?,
        },
    }
    Ok(())
}

/// The program: reads `args` (without the program's name), sends with a
/// client of `github`'s settings and `token`, writes the result to `out`
/// and errors to `err`, and returns the exit status.
pub fn run(
    args: &[String],
    token: Option<&str>,
    github: ClientBuilder<Client>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let (base_url, command) = match parse_args(args) {
        Ok(Some(parsed)) => parsed,
        Ok(None) => return u8::from(writeln!(out, "{USAGE}").is_err()),
        Err(message) => {
            let _ = writeln!(err, "error: {message}\n\n{USAGE}");
            return 2;
        }
    };
    // GitHub's headers (API version, media type), on the base URL given;
    // the token goes to the base URL's host and nowhere else.
    let mut github = github.github().base_url(base_url);
    if let Some(token) = token.map(str::trim).filter(|token| !token.is_empty()) {
        github = github.token(token);
    }
    let result = github
        .build()
        .map_err(Into::into)
        .and_then(|github| execute(&github, command, out));
    if let Err(message) = result {
        let _ = writeln!(err, "error: {message}");
        return 1;
    }
    0
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let token = std::env::var("GITHUB_TOKEN").ok();
    let github = Client::github().timeout(Duration::from_secs(30));
    let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
    ExitCode::from(run(&args, token.as_deref(), github, &mut out, &mut err))
}
