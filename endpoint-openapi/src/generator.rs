//! The generator as a build script uses it: a description (and its
//! overlays, module policy, conventions, operation filter) to one Rust file in
//! `OUT_DIR` that a crate includes, through the same stages as
//! `cargo endpoint generate` ([`read`], [`filter`](crate::filter),
//! [`package`]).
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     endpoint_openapi::Generator::new("petstore.yaml")
//!         .name("petstore")
//!         .operation("GET /pets/{petId}")
//!         .tag("store")
//!         .write_to(std::env::var("OUT_DIR")?)?;
//!     Ok(())
//! }
//! ```
//!
//! A failing build script prints its error's `Debug`: an [`Error`]'s is its
//! text, one line per thing that went wrong, as cargo shows it.
//!
//! ```text
//! // src/lib.rs (or main.rs): at the crate's root
//! include!(concat!(env!("OUT_DIR"), "/petstore.rs"));
//! ```
//!
//! # The file
//!
//! `<name>.rs`, the crate name with `_` for `-`: the items a generated
//! crate's `lib.rs` holds (`BASE_URL` when the description names a server,
//! `api()`, `endpoint()`), then `pub mod models { … }` and a
//! `pub mod <module> { … }` per group of operations, each inline (a file
//! that `include!` reads cannot declare a module in a file of its own). Its
//! items name one another by `crate::models::…` and `crate::api()`, so it
//! is included at a crate's root; the crate depends on `endpoint`, `serde`
//! (feature `derive`) and `serde_json`. The modules are not behind cargo
//! features as a generated crate's are: the [`Filter`] chooses what is
//! generated. A crate that includes a large description may need
//! `#![recursion_limit = "256"]`, which a generated crate's `lib.rs` sets.
//!
//! # In a build script
//!
//! When `OUT_DIR` and `CARGO_MANIFEST_DIR` are set, as cargo sets them for a
//! build script, [`Generator::write_to`] prints `cargo:rerun-if-changed=`
//! for every file read (the description, its overlays and each file a
//! `$ref` names), so that cargo runs the script again when one changes,
//! and each diagnostic as a `cargo:warning=` line (with
//! [`strict`](Generator::strict), a diagnostic is an error instead).
//! Relative paths are relative to the directory the script runs in: the
//! package's.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use crate::conventions::Conventions;
use crate::diag::Diagnostics;
use crate::filter::Filter;
use crate::package::{self, Dependency, GENERATED, Layout, Modules, Options};
use crate::read;

/// What [`Generator`] could not do: its text names each thing that went
/// wrong on a line of its own (a file that cannot be read, each name the
/// description does not have, each diagnostic when
/// [`strict`](Generator::strict)).
///
/// Its `Debug` is that text as it is, not a quoted string, so that a build
/// script's `main` that returns it (or a `Box<dyn std::error::Error>` of
/// it) prints the lines as lines.
///
/// ```
/// let error = endpoint_openapi::Generator::new("no-such-file.yaml")
///     .generate()
///     .unwrap_err();
/// assert_eq!(format!("{error:?}"), error.to_string());
/// assert!(error.message().starts_with("no-such-file.yaml: "));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    /// The error's text: one line per thing that went wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<String> for Error {
    fn from(message: String) -> Self {
        Error { message }
    }
}

impl From<Error> for String {
    fn from(error: Error) -> Self {
        error.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// A description to generate, with the options of `cargo endpoint
/// generate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    description: PathBuf,
    overlays: Vec<PathBuf>,
    strict: bool,
    modules: Modules,
    name: Option<String>,
    filter: Filter,
    conventions: Conventions,
    conventions_file: Option<PathBuf>,
}

/// What [`Generator::generate`] made.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// The crate name (`petstore`, `stripe-api`).
    pub name: String,
    /// The Rust source to include (see [the module](self)).
    pub source: String,
    /// Every file read: the description, its overlays, each file a `$ref`
    /// named.
    pub files_read: Vec<PathBuf>,
    /// Reading's and planning's diagnostics (none left with `strict`).
    pub diagnostics: Diagnostics,
}

impl Output {
    /// The file [`Generator::write_to`] writes the source to in `out_dir`:
    /// `<name>.rs`, the name with `_` for `-`.
    pub fn file_in(&self, out_dir: &Path) -> PathBuf {
        out_dir.join(format!("{}.rs", self.name.replace('-', "_")))
    }

    /// What a build script prints for it: `cargo:rerun-if-changed=` per
    /// file read, then `cargo:warning=` per diagnostic (each on one line).
    pub fn cargo_instructions(&self) -> String {
        let mut out = String::new();
        for file in &self.files_read {
            let _ = writeln!(out, "cargo:rerun-if-changed={}", file.display());
        }
        for diagnostic in self.diagnostics.iter() {
            let text = diagnostic.to_string();
            let _ = writeln!(
                out,
                "cargo:warning={}",
                text.split_whitespace().collect::<Vec<_>>().join(" ")
            );
        }
        out
    }
}

impl Generator {
    /// The description in `path` (OpenAPI 3.0, 3.1, 3.2 or Swagger 2.0,
    /// JSON or YAML), every operation, modules by tag, the crate named
    /// after the description's title.
    pub fn new(description: impl Into<PathBuf>) -> Self {
        Generator {
            description: description.into(),
            overlays: Vec::new(),
            strict: false,
            modules: Modules::default(),
            name: None,
            filter: Filter::default(),
            conventions: Conventions::default(),
            conventions_file: None,
        }
    }

    /// The API's [`Conventions`] (by default none: OpenAPI alone).
    #[must_use]
    pub fn conventions(mut self, conventions: Conventions) -> Self {
        self.conventions = conventions;
        self.conventions_file = None;
        self
    }

    /// The API's [`Conventions`], read from the TOML file in `path` when
    /// generating ([`Conventions::read`]); the file is one of the files read
    /// ([`Output::files_read`]), so that a build script runs again when it
    /// changes.
    #[must_use]
    pub fn conventions_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.conventions_file = Some(path.into());
        self
    }

    /// Applies an Overlay 1.0 document to the description before it is
    /// read (in the order given); its targets are JSONPath (RFC 9535), see
    /// [`overlay`](crate::overlay).
    #[must_use]
    pub fn overlay(mut self, path: impl Into<PathBuf>) -> Self {
        self.overlays.push(path.into());
        self
    }

    /// Makes every diagnostic an error: nothing is written when anything
    /// could not be expressed as written.
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// How operations are grouped into modules.
    #[must_use]
    pub fn modules(mut self, modules: Modules) -> Self {
        self.modules = modules;
        self
    }

    /// The crate name, which names the file written (`petstore` →
    /// `petstore.rs`); by default from the description's `info.title`
    /// ([`crate_name`]).
    #[must_use]
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Generates the operation of this route (`GET /pets/{petId}`) or
    /// `operationId` (see [`Filter`]); once an operation or tag is named,
    /// only those named and the types they reach are generated.
    #[must_use]
    pub fn operation(mut self, name: impl Into<String>) -> Self {
        self.filter.operations.push(name.into());
        self
    }

    /// Generates the operations tagged `tag` (see [`operation`](Self::operation)).
    #[must_use]
    pub fn tag(mut self, tag: impl Into<String>) -> Self {
        self.filter.tags.push(tag.into());
        self
    }

    /// Plans the expandable fields of answers that `name` names as the
    /// objects they may expand to: `*` for every one, `none` for none, a
    /// component schema (`customer`) or a field (`charge.customer`);
    /// repeatable. By default every one when every operation is generated
    /// and none when only some are: a field not expanded is the shared
    /// `models::Expandable`, the id or the object as JSON (see
    /// [`Filter::expand`]).
    #[must_use]
    pub fn expand(mut self, name: impl Into<String>) -> Self {
        self.filter.expand.push(name.into());
        self
    }

    /// Replaces the operation filter (and the expansions).
    #[must_use]
    pub fn filter(mut self, filter: Filter) -> Self {
        self.filter = filter;
        self
    }

    /// Reads, filters and generates, writing nothing.
    ///
    /// # Errors
    /// A description or overlay that cannot be read, a filter's name that
    /// the description does not have, a crate name that is not one, and
    /// with [`strict`](Self::strict) any diagnostic.
    pub fn generate(&self) -> Result<Output, Error> {
        let read =
            read::read_file(&self.description, &self.overlays).map_err(|err| err.to_string())?;
        self.generate_read(read)
    }

    /// The description's and overlays' paths, as [`read::read_file`]
    /// takes them: what [`generate_read`](Self::generate_read) expects to
    /// have been read.
    pub fn files(&self) -> (&Path, &[PathBuf]) {
        (&self.description, &self.overlays)
    }

    /// The name of the description in errors: its file name
    /// (`stripe.yaml`).
    pub fn source(&self) -> String {
        self.description.file_name().map_or_else(
            || self.description.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        )
    }

    /// [`generate`](Self::generate)s from the description already read
    /// (by [`read::read_file`] with [`files`](Self::files)), so that a
    /// caller that generates from one description several times reads it
    /// once.
    ///
    /// # Errors
    /// As [`generate`](Self::generate), but for reading.
    pub fn generate_read(&self, mut read: read::Read) -> Result<Output, Error> {
        let source = self.source();
        let conventions = match &self.conventions_file {
            Some(path) => {
                read.files.push(path.clone());
                Conventions::read(path)?
            }
            None => self.conventions.clone(),
        };
        self.filter.apply(&mut read, &source)?;
        let options = Options {
            name: self
                .name
                .clone()
                .unwrap_or_else(|| crate_name(&read.api.title)),
            endpoint: Dependency::Version(env!("CARGO_PKG_VERSION").to_owned()),
            modules: self.modules.clone(),
            conventions,
        };
        let mut generated = package::generate_read_as(&read, &options, Layout::OneFile)?;
        let diagnostics = std::mem::take(&mut generated.diagnostics);
        if self.strict {
            diagnostics.strict()?;
        }
        Ok(Output {
            source: inline(&generated, &options.name, &source),
            name: options.name,
            files_read: read.files,
            diagnostics,
        })
    }

    /// [`generate`](Self::generate)s and writes the source to
    /// `<out_dir>/<name>.rs` (left untouched when it holds that text
    /// already, so that what includes it is not rebuilt), returning that
    /// path. In a build script, prints cargo's instructions
    /// ([`Output::cargo_instructions`]).
    ///
    /// # Errors
    /// As [`generate`](Self::generate), and a file that cannot be written.
    pub fn write_to(&self, out_dir: impl AsRef<Path>) -> Result<PathBuf, Error> {
        let in_build_script = std::env::var_os("OUT_DIR").is_some()
            && std::env::var_os("CARGO_MANIFEST_DIR").is_some();
        let generated = match self.generate() {
            Ok(generated) => generated,
            Err(err) => {
                if in_build_script {
                    // Run again once the files named are fixed.
                    let files = std::iter::once(&self.description).chain(&self.overlays);
                    for file in files.chain(&self.conventions_file) {
                        println!("cargo:rerun-if-changed={}", file.display());
                    }
                }
                return Err(err);
            }
        };
        if in_build_script {
            print!("{}", generated.cargo_instructions());
        }
        let path = generated.file_in(out_dir.as_ref());
        let unchanged = std::fs::read(&path).is_ok_and(|old| old == generated.source.as_bytes());
        if !unchanged {
            std::fs::create_dir_all(out_dir.as_ref())
                .and_then(|()| std::fs::write(&path, &generated.source))
                .map_err(|err| Error::from(format!("writing {}: {err}", path.display())))?;
        }
        Ok(path)
    }
}

/// A package name from a description's title: its words, lower case,
/// joined by `-` (`Stripe API` → `stripe-api`); `api` when it has none, and
/// `api-` before one that starts with a digit.
///
/// ```
/// use endpoint_openapi::generator::crate_name;
/// assert_eq!(crate_name("Stripe API"), "stripe-api");
/// assert_eq!(crate_name("1Password Connect"), "api-1-password-connect");
/// ```
pub fn crate_name(title: &str) -> String {
    let words: Vec<String> = crate::ident::words(title)
        .iter()
        .map(|word| word.to_ascii_lowercase())
        .collect();
    let name = words.join("-");
    if name.is_empty() {
        "api".to_owned()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("api-{name}")
    } else {
        name
    }
}

/// The one file of a generated crate ([`Layout::OneFile`]) after a line
/// that says where it comes from and how it is included.
fn inline(generated: &package::Generated, name: &str, source: &str) -> String {
    let lib_name = name.replace('-', "_");
    let mut out = format!(
        "// {GENERATED} from {source}: include it at a crate's root,\n\
         // include!(concat!(env!(\"OUT_DIR\"), \"/{lib_name}.rs\"));\n"
    );
    for file in &generated.files {
        out.push_str(&file.text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_titles() {
        assert_eq!(crate_name("Stripe API"), "stripe-api");
        assert_eq!(crate_name("Kubernetes"), "kubernetes");
        assert_eq!(crate_name("Twilio - Api"), "twilio-api");
        assert_eq!(crate_name("  "), "api");
        assert_eq!(crate_name("1Password Connect"), "api-1-password-connect");
    }
}
