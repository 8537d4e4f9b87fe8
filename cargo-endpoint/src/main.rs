//! `cargo endpoint`: any OpenAPI description as a crate of typed requests.
//!
//! ```text
//! cargo endpoint generate DESCRIPTION --out DIR [--name CRATE] [--endpoint-path PATH]
//!     [--overlay FILE]... [--strict] [--modules tags|path|operation-id-prefix[=SEP]]
//!     [--conventions FILE] [--operation ROUTE|OPERATION-ID]... [--tag TAG]... [--expand NAME]...
//! cargo endpoint operations DESCRIPTION [--overlay FILE]... [--modules …]
//!     [--conventions FILE] [--operation …]... [--tag …]... [--expand …]...
//! ```
//!
//! `--operation` and `--tag` keep only the operations named (by route,
//! `"GET /pets/{petId}"`, or operationId) or tagged, and the types they
//! reach ([`endpoint_openapi::filter::Filter`]); a name the description
//! does not have is an error with the nearest it has. `--expand` says which
//! expandable fields of answers (an id, or the object when the request asks
//! to expand it) are planned as those objects
//! ([`Filter::expand`](endpoint_openapi::filter::Filter::expand)).
//! A build script gets the same from [`endpoint_openapi::Generator`].
//!
//! The description is read by [`endpoint_openapi::read::read_file`] (OpenAPI
//! 3.0, 3.1, 3.2 or Swagger 2.0, JSON or YAML, its overlays applied first)
//! and written by [`endpoint_openapi::package::generate`]. What cannot be
//! expressed as written is a diagnostic, printed as a warning on stderr
//! (the exit status stays 0) or, with `--strict`, an error (status 1, and
//! nothing written). A file that is not a description, or cannot be read,
//! is one line on stderr and status 1; a mistake on the command line is
//! status 2.
//!
//! Progress goes to stderr, the output of `operations` (a JSON array, one
//! object per operation) to stdout.
//!
//! Run by cargo (`cargo endpoint …`), the binary gets `endpoint` as its
//! first argument, which is skipped; `cargo-endpoint …` works the same.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use endpoint_openapi::conventions::Conventions;
use endpoint_openapi::diag::Diagnostics;
use endpoint_openapi::filter::Filter;
use endpoint_openapi::generator::crate_name;
use endpoint_openapi::package::{self, Dependency, Generated, Modules, Options};
use endpoint_openapi::read;

mod out;

/// Any OpenAPI description (3.0, 3.1, 3.2, Swagger 2.0; JSON or YAML) as a
/// crate of typed `endpoint!` requests and models.
#[derive(Debug, Parser)]
#[command(name = "cargo endpoint", bin_name = "cargo endpoint", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Writes the crate of a description into a directory.
    ///
    /// The crate has an `endpoint!` struct per operation in a module per
    /// group of operations (`--modules`), each module a cargo feature (all
    /// on by default), the types of requests and answers in `models`, a
    /// README with a first call, and `DIAGNOSTICS.md`: what could not be
    /// expressed as written, and what was generated instead.
    Generate(Generate),
    /// Prints the operations of a description as a JSON array, writing no
    /// file.
    ///
    /// One object per operation: its `operation_id`, `method` and `path` as
    /// the description has them, `rust`, the path of its request struct
    /// (`pets::GetPet`; empty when the operation cannot be one, a warning
    /// says why), and `answers`, by status and media type the Rust type of
    /// that body (`null` when it has none).
    Operations(Operations),
}

/// What every command reads.
#[derive(Debug, Args)]
struct Input {
    /// The description: OpenAPI 3.0, 3.1, 3.2 or Swagger 2.0, JSON or YAML.
    description: PathBuf,
    /// An Overlay 1.0 document applied to the description before it is read
    /// (repeatable, applied in order). Its targets are JSONPath (RFC 9535):
    /// names, indexes, slices, wildcards, `..` and filters
    /// (`$.paths['/items'].get.parameters[?(@.name == 'filter')]`); each
    /// action applies to every node its target selects, and a target that
    /// selects nothing is an error.
    #[arg(long = "overlay", value_name = "FILE")]
    overlays: Vec<PathBuf>,
    /// How operations are grouped into modules (the `pets::` of
    /// `pets::GetPet`): by first tag, by first path segment, or by the part
    /// of the operationId before a separator (`/` unless given:
    /// `operation-id-prefix=_`).
    #[arg(long, value_name = "POLICY", default_value = "tags", value_parser = parse_modules)]
    modules: Modules,
    /// The API's conventions, a TOML file (`endpoint_openapi::conventions`
    /// lists its keys): the extensions that mark multi-segment path
    /// parameters and renamed operations, the prefix of twin components,
    /// how lists page, the default `accept`, the documentation, the rules
    /// of the types. Default: none, OpenAPI alone.
    #[arg(long, value_name = "FILE")]
    conventions: Option<PathBuf>,
    /// Only this operation, by route (`"GET /pets/{petId}"`) or
    /// operationId, and the types it reaches (repeatable; with `--tag`,
    /// the operations of either).
    #[arg(long = "operation", value_name = "ROUTE|ID")]
    operations: Vec<String>,
    /// Only the operations with this tag, and the types they reach
    /// (repeatable).
    #[arg(long = "tag", value_name = "TAG")]
    tags: Vec<String>,
    /// Plans the expandable fields of answers (an id, or the object when
    /// the request asks to expand it) that NAME names as those objects:
    /// `*` for every one, `none` for none, a schema (`customer`) or a field
    /// (`charge.customer`); repeatable. By default every one when every
    /// operation is generated, none with `--operation` or `--tag`: a field
    /// not expanded is `models::Expandable`, the id or the object as JSON.
    #[arg(long = "expand", value_name = "NAME")]
    expand: Vec<String>,
}

impl Input {
    /// The operations to keep.
    fn filter(&self) -> Filter {
        Filter {
            operations: self.operations.clone(),
            tags: self.tags.clone(),
            expand: self.expand.clone(),
        }
    }
}

#[derive(Debug, Args)]
struct Generate {
    #[command(flatten)]
    input: Input,
    /// The crate's directory; only the crate's files are written there.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// The package's name (default: from the description's `info.title`).
    #[arg(long, value_name = "CRATE")]
    name: Option<String>,
    /// Depend on `endpoint` by this path (relative to the crate's directory
    /// when relative) instead of by version.
    #[arg(long, value_name = "PATH")]
    endpoint_path: Option<PathBuf>,
    /// Fail, writing nothing, when anything could not be expressed as
    /// written.
    #[arg(long)]
    strict: bool,
}

#[derive(Debug, Args)]
struct Operations {
    #[command(flatten)]
    input: Input,
}

/// `tags`, `path`, `operation-id-prefix` or `operation-id-prefix=SEP`.
fn parse_modules(text: &str) -> Result<Modules, String> {
    match text.split_once('=') {
        None if text == "tags" => Ok(Modules::Tags),
        None if text == "path" => Ok(Modules::PathSegment),
        None if text == "operation-id-prefix" => Ok(Modules::OperationIdPrefix {
            separator: "/".to_owned(),
        }),
        Some(("operation-id-prefix", "")) => {
            Err("the separator of operation-id-prefix=SEP is empty".to_owned())
        }
        Some(("operation-id-prefix", separator)) => Ok(Modules::OperationIdPrefix {
            separator: separator.to_owned(),
        }),
        _ => Err(format!(
            "`{text}` is none of tags, path, operation-id-prefix[=SEP]"
        )),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(arguments(std::env::args_os()));
    let result = match cli.command {
        Command::Generate(generate) => run_generate(generate),
        Command::Operations(operations) => run_operations(operations),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {}", one_line(&message));
            ExitCode::FAILURE
        }
    }
}

/// The arguments without the `endpoint` cargo puts first when it runs
/// `cargo endpoint …` as `cargo-endpoint endpoint …`.
fn arguments(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.into_iter().collect();
    if args.get(1).is_some_and(|first| first == "endpoint") {
        args.remove(1);
    }
    args
}

/// A message on one line: a parser's multi-line text joined with `; `.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// The crate of `generate.input`, written to `generate.out`.
fn run_generate(generate: Generate) -> Result<(), String> {
    let by_version = generate.endpoint_path.is_none();
    let (generated, diagnostics) = plan(
        &generate.input,
        generate.name,
        match generate.endpoint_path {
            Some(path) => Dependency::Path(path),
            None => Dependency::Version(env!("CARGO_PKG_VERSION").to_owned()),
        },
        true,
    )?;
    if generate.strict {
        diagnostics.strict()?;
    } else {
        warn(&diagnostics);
    }
    let started = Instant::now();
    eprintln!(
        "writing {} files to {}",
        generated.files.len(),
        generate.out.display()
    );
    let written = out::write(&generate.out, &generated.files)?;
    eprintln!(
        "wrote {} files ({} unchanged), removed {} stale, in {:.1?}",
        written.written,
        written.unchanged,
        written.removed,
        started.elapsed()
    );
    if by_version {
        eprintln!("{}", version_note(env!("CARGO_PKG_VERSION")));
    }
    Ok(())
}

/// What a crate that depends on `endpoint` by `version` needs: the version
/// published on crates.io, or else `--endpoint-path`.
fn version_note(version: &str) -> String {
    format!(
        "note: `endpoint = \"{version}\"` in Cargo.toml resolves only once endpoint {version} \
         is published on crates.io; to build against a checkout of endpoint instead, generate \
         with `--endpoint-path <the checkout's directory>` (relative to the crate's), or edit \
         the dependency to `endpoint = {{ path = \"…\" }}`"
    )
}

/// The operations of `operations.input`, as a JSON array on stdout.
fn run_operations(operations: Operations) -> Result<(), String> {
    let (generated, diagnostics) = plan(
        &operations.input,
        None,
        Dependency::Version(env!("CARGO_PKG_VERSION").to_owned()),
        false,
    )?;
    warn(&diagnostics);
    let list: Vec<serde_json::Value> = generated
        .operations
        .iter()
        .map(package::OperationInfo::to_json)
        .collect();
    let text = serde_json::to_string_pretty(&list)
        .map_err(|err| format!("writing the operations: {err}"))?;
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .map_err(|err| format!("writing the operations to stdout: {err}"))
}

/// Reads the description and plans its crate (to be written, or only its
/// operations listed), with progress on stderr; the diagnostics are
/// reading's and then planning's.
fn plan(
    input: &Input,
    name: Option<String>,
    endpoint: Dependency,
    writing: bool,
) -> Result<(Generated, Diagnostics), String> {
    let started = Instant::now();
    eprintln!("reading {}", input.description.display());
    let mut read =
        read::read_file(&input.description, &input.overlays).map_err(|err| err.to_string())?;
    eprintln!(
        "read OpenAPI {}: {} operations, {} schemas, {} diagnostics, in {:.1?}",
        read.api.spec_version,
        read.api.operations.len(),
        read.api.schemas.len(),
        read.diagnostics.len(),
        started.elapsed()
    );
    let filter = input.filter();
    let source = input.description.file_name().map_or_else(
        || input.description.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    filter.apply(&mut read, &source)?;
    if !filter.is_all() {
        eprintln!(
            "kept {} operations of {} names and {} tags",
            read.api.operations.len(),
            filter.operations.len(),
            filter.tags.len()
        );
    }
    let options = Options {
        name: name.unwrap_or_else(|| crate_name(&read.api.title)),
        endpoint,
        modules: input.modules.clone(),
        conventions: match &input.conventions {
            Some(path) => Conventions::read(path)?,
            None => Conventions::default(),
        },
    };
    let started = Instant::now();
    if writing {
        eprintln!("planning crate `{}`", options.name);
    } else {
        eprintln!("planning the operations");
    }
    let mut generated = package::generate_read(&read, &options)?;
    let files = if writing {
        format!(", {} files", generated.files.len())
    } else {
        String::new()
    };
    eprintln!(
        "planned {} operations, {} types{files}, {} diagnostics, in {:.1?}",
        generated.operations.len(),
        generated.types,
        generated.diagnostics.len() - read.diagnostics.len(),
        started.elapsed()
    );
    // Reading's, then planning's, as the crate's `DIAGNOSTICS.md` lists them.
    let diagnostics = std::mem::take(&mut generated.diagnostics);
    Ok((generated, diagnostics))
}

/// Each diagnostic as a warning on stderr.
fn warn(diagnostics: &Diagnostics) {
    for diagnostic in diagnostics.iter() {
        eprintln!("warning: {diagnostic}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_puts_endpoint_first() {
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            arguments(args(&[
                "cargo-endpoint",
                "endpoint",
                "operations",
                "a.yaml"
            ])),
            args(&["cargo-endpoint", "operations", "a.yaml"])
        );
        assert_eq!(
            arguments(args(&["cargo-endpoint", "operations", "endpoint"])),
            args(&["cargo-endpoint", "operations", "endpoint"])
        );
    }

    #[test]
    fn module_policies() {
        assert_eq!(parse_modules("tags"), Ok(Modules::Tags));
        assert_eq!(parse_modules("path"), Ok(Modules::PathSegment));
        assert_eq!(
            parse_modules("operation-id-prefix"),
            Ok(Modules::OperationIdPrefix {
                separator: "/".into()
            })
        );
        assert_eq!(
            parse_modules("operation-id-prefix=_"),
            Ok(Modules::OperationIdPrefix {
                separator: "_".into()
            })
        );
        assert!(parse_modules("operation-id-prefix=").is_err());
        assert!(parse_modules("tag").unwrap_err().contains("`tag`"));
    }
}
