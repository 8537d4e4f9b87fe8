//! `openapi!`: a description's generated client expanded in place, through
//! [`endpoint_openapi::Generator`], the generator of build scripts and of
//! `cargo endpoint generate`.
//!
//! The input is parsed here; reading (once per description per
//! compilation, [`read_cached`]), the operation filter, planning and
//! writing are the generator's. The items it writes are parsed into
//! tokens, preceded by an `include_bytes!` of every file read, so that a
//! change to one rebuilds the crate; a warning in the build output lists
//! the description's diagnostics (with `strict`, they are errors).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use endpoint_openapi::Generator;
use endpoint_openapi::conventions::Conventions;
use endpoint_openapi::diag::Diagnostics;
use endpoint_openapi::filter::{Filter, Named};
use endpoint_openapi::read::{self, Read, ReadError};
use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitStr, Token};

/// The diagnostics a warning lists before it counts the rest.
const LISTED: usize = 10;

/// `openapi!`'s input: the description, then options in any order.
struct Input {
    path: LitStr,
    operations: Vec<LitStr>,
    tags: Vec<LitStr>,
    overlays: Vec<LitStr>,
    expand: Vec<LitStr>,
    strict: bool,
    /// The conventions file, relative to the package's directory.
    conventions: Option<LitStr>,
}

impl Parse for Input {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let path: LitStr = input.parse().map_err(|err| {
            syn::Error::new(
                err.span(),
                "expected the description's path, a string literal relative to the \
                 package's directory: `openapi!(\"api.yaml\")`",
            )
        })?;
        let mut parsed = Input {
            path,
            operations: Vec::new(),
            tags: Vec::new(),
            overlays: Vec::new(),
            expand: Vec::new(),
            strict: false,
            conventions: None,
        };
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let option: Ident = input.parse()?;
            let list = match option.to_string().as_str() {
                "strict" => {
                    if parsed.strict {
                        return Err(syn::Error::new(option.span(), "`strict` given twice"));
                    }
                    parsed.strict = true;
                    continue;
                }
                "conventions" => {
                    if parsed.conventions.is_some() {
                        return Err(syn::Error::new(option.span(), "`conventions` given twice"));
                    }
                    input.parse::<Token![=]>()?;
                    parsed.conventions = Some(input.parse()?);
                    continue;
                }
                "operations" | "operation" => &mut parsed.operations,
                "tags" | "tag" => &mut parsed.tags,
                "overlays" | "overlay" => &mut parsed.overlays,
                "expand" => &mut parsed.expand,
                other => {
                    return Err(syn::Error::new(
                        option.span(),
                        format!(
                            "unknown option `{other}` of `openapi!`: expected `operations = [..]`, \
                             `tags = [..]`, `tag = \"..\"`, `overlays = [..]`, `expand = [..]`, \
                             `conventions = \"..\"` or `strict`"
                        ),
                    ));
                }
            };
            input.parse::<Token![=]>()?;
            if input.peek(syn::token::Bracket) {
                let content;
                syn::bracketed!(content in input);
                let items = content.parse_terminated(<LitStr as Parse>::parse, Token![,])?;
                list.extend(items);
            } else {
                list.push(input.parse()?);
            }
        }
        Ok(parsed)
    }
}

/// `openapi!`'s expansion, or the compile errors that replace it.
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let result = syn::parse2::<Input>(input).and_then(|input| {
        let dir = std::env::var_os("CARGO_MANIFEST_DIR").ok_or_else(|| {
            syn::Error::new(
                input.path.span(),
                "CARGO_MANIFEST_DIR is not set: the description's path is relative to the \
                 package's directory, which cargo sets it to",
            )
        })?;
        generate(&input, Path::new(&dir))
    });
    result.unwrap_or_else(syn::Error::into_compile_error)
}

/// The items generated from the description `input` names, relative to
/// `dir`.
fn generate(input: &Input, dir: &Path) -> syn::Result<TokenStream> {
    let description = dir.join(input.path.value());
    let overlays: Vec<PathBuf> = input
        .overlays
        .iter()
        .map(|overlay| dir.join(overlay.value()))
        .collect();
    let mut generator = Generator::new(&description).strict(input.strict);
    for overlay in &overlays {
        generator = generator.overlay(overlay);
    }
    let filter = Filter {
        operations: input.operations.iter().map(LitStr::value).collect(),
        tags: input.tags.iter().map(LitStr::value).collect(),
        expand: input.expand.iter().map(LitStr::value).collect(),
    };
    generator = generator.filter(filter.clone());
    // The conventions, read here so that an error is spanned on their path.
    let conventions = match &input.conventions {
        Some(literal) => {
            let path = dir.join(literal.value());
            let conventions = Conventions::read(&path).map_err(|err| {
                let err = err.replace(&path.display().to_string(), &literal.value());
                syn::Error::new(
                    literal.span(),
                    format!("cannot read the conventions: {err}"),
                )
            })?;
            generator = generator.conventions(conventions);
            Some(path)
        }
        None => None,
    };
    let (description, overlays) = generator.files();
    let read = read_cached(description, overlays).map_err(|err| read_error(input, dir, &err))?;
    // Each name the description does not have, at that name.
    let mut errors = filter
        .unknown(&read, &generator.source())
        .into_iter()
        .map(|unknown| {
            let literal = match unknown.name {
                Named::Operation(at) => &input.operations[at],
                Named::Tag(at) => &input.tags[at],
                Named::Expand(at) => &input.expand[at],
            };
            syn::Error::new(literal.span(), unknown.message)
        });
    if let Some(mut first) = errors.next() {
        first.extend(errors);
        return Err(first);
    }
    let output = {
        let _fallback = Fallback::force();
        generator.generate_read(Read::clone(&read))
    }
    .map_err(|err| syn::Error::new(input.path.span(), err))?;
    let items: TokenStream = output.source.parse().map_err(|err| {
        syn::Error::new(
            input.path.span(),
            format!(
                "the code generated from {} is not Rust: {err}",
                input.path.value()
            ),
        )
    })?;
    let mut files_read = output.files_read.clone();
    files_read.extend(conventions);
    let files = includes(&files_read);
    warn(&output.diagnostics, &input.path);
    Ok(quote! {
        #files
        #items
    })
}

/// An `include_bytes!` of each file read, so that rustc's dependency
/// information names them and cargo builds the crate again when one
/// changes.
pub(crate) fn includes(files: &[PathBuf]) -> TokenStream {
    let files = files.iter().map(|file| file.display().to_string());
    quote! {
        #(const _: &[u8] = ::core::include_bytes!(#files);)*
    }
}

/// While it lives, `proc_macro2` is the library's own implementation, not
/// the compiler's: the generator builds its syntax trees on threads of its
/// own, where the compiler's is not available, and the tokens it builds
/// are only formatted, never returned.
struct Fallback;

impl Fallback {
    fn force() -> Fallback {
        proc_macro2::fallback::force();
        Fallback
    }
}

impl Drop for Fallback {
    fn drop(&mut self) {
        proc_macro2::fallback::unforce();
    }
}

/// A read error, named by the paths as the macro's input wrote them and
/// spanned on the one that could not be read (the description's unless an
/// overlay's).
fn read_error(input: &Input, dir: &Path, err: &ReadError) -> syn::Error {
    let mut text = err.to_string();
    let mut span = input.path.span();
    for literal in std::iter::once(&input.path).chain(&input.overlays) {
        let full = dir.join(literal.value()).display().to_string();
        if err.at == full && literal != &input.path {
            span = literal.span();
        }
        text = text.replace(&full, &literal.value());
    }
    syn::Error::new(span, format!("cannot read the description: {text}"))
}

/// The description's diagnostics as a warning in the build output, where
/// cargo shows it (and shows it again when the crate is not rebuilt):
///
/// ```text
/// warning: the description `api.yaml` has 2 diagnostics: what could not be generated …
///   --> src/lib.rs:4:27
///   - #/paths/~1pets/get (listPets): …
/// ```
///
/// Stable Rust lets a procedural macro raise no warning of its own, and
/// the lints it could borrow would name it as something else (a use of a
/// deprecated item); `strict` makes the diagnostics errors instead.
/// Printed only while the compiler runs the macro.
fn warn(diagnostics: &Diagnostics, path: &LitStr) {
    if diagnostics.is_empty() || !proc_macro::is_available() {
        return;
    }
    let span = path.span().unwrap();
    let at = format!("{}:{}:{}", span.file(), span.line(), span.column());
    eprintln!("{}", warning(diagnostics, &path.value(), &at));
}

/// The text of [`warn`]: what the description `path` (as the macro's
/// input wrote it) has, where the macro names it (`at`), and the first
/// [`LISTED`] diagnostics, each on a line of its own.
fn warning(diagnostics: &Diagnostics, path: &str, at: &str) -> String {
    let count = diagnostics.len();
    let plural = if count == 1 { "" } else { "s" };
    let mut text = format!(
        "warning: the description `{path}` has {count} diagnostic{plural}: what could not be \
         generated as written, and what was generated instead (`strict` makes them errors)\n  \
         --> {at}"
    );
    for diagnostic in diagnostics.iter().take(LISTED) {
        text.push_str("\n  - ");
        text.push_str(&diagnostic.to_string().replace('\n', " "));
    }
    if count > LISTED {
        text.push_str(&format!("\n  - and {} more", count - LISTED));
    }
    text
}

/// A description and its overlays as read, with the modification time of
/// each file read when it was.
struct Cached {
    read: Arc<Read>,
    stamps: Vec<(PathBuf, Option<SystemTime>)>,
}

/// The descriptions read in this process (a compilation), by their files'
/// canonical paths.
static CACHE: Mutex<Option<HashMap<Vec<PathBuf>, Cached>>> = Mutex::new(None);

/// When `path` was last modified, if that can be known.
fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path)
        .and_then(|meta| meta.modified())
        .ok()
}

/// [`read::read_file`], once per description and overlays in this process
/// while none of the files read changes (by modification time), so that
/// several `openapi!` naming one description read and parse it once.
pub(crate) fn read_cached(
    description: &Path,
    overlays: &[PathBuf],
) -> Result<Arc<Read>, ReadError> {
    let key: Option<Vec<PathBuf>> = std::iter::once(description)
        .chain(overlays.iter().map(PathBuf::as_path))
        .map(|path| path.canonicalize().ok())
        .collect();
    // A file that cannot be found: its error, uncached.
    let Some(key) = key else {
        return read::read_file(description, overlays).map(Arc::new);
    };
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let cache = cache.get_or_insert_with(HashMap::new);
    if let Some(cached) = cache.get(&key)
        && cached
            .stamps
            .iter()
            .all(|(path, stamp)| modified(path) == *stamp)
    {
        return Ok(Arc::clone(&cached.read));
    }
    let read = Arc::new(read::read_file(description, overlays)?);
    let stamps = read
        .files
        .iter()
        .map(|path| (path.clone(), modified(path)))
        .collect();
    cache.insert(
        key,
        Cached {
            read: Arc::clone(&read),
            stamps,
        },
    );
    Ok(read)
}

#[cfg(test)]
mod identical;

#[cfg(test)]
mod tests {
    use super::*;

    const PETS: &str = "openapi: 3.1.0\ninfo: {title: Pets, version: '1'}\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses: {'200': {description: Pets.}}\n";

    #[test]
    fn a_description_is_read_once_until_it_changes() {
        let dir = std::env::temp_dir().join(format!("openapi-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("pets.yaml");
        std::fs::write(&path, PETS).unwrap();
        let first = read_cached(&path, &[]).unwrap();
        let second = read_cached(&path, &[]).unwrap();
        assert!(Arc::ptr_eq(&first, &second), "read twice");
        // Named otherwise, the same file.
        let other_name = dir.join(".").join("pets.yaml");
        assert!(Arc::ptr_eq(&first, &read_cached(&other_name, &[]).unwrap()));

        std::fs::write(&path, PETS.replace("listPets", "allPets")).unwrap();
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(SystemTime::now() + std::time::Duration::from_secs(60))
            .unwrap();
        drop(file);
        let changed = read_cached(&path, &[]).unwrap();
        assert!(
            !Arc::ptr_eq(&first, &changed),
            "not read again once changed"
        );
        assert_eq!(
            changed.api.operations[0].operation_id.as_deref(),
            Some("allPets")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn diagnostics_are_a_plain_warning_naming_the_description() {
        let mut diagnostics = Diagnostics::new();
        diagnostics.push("#/paths/~1a/get", Some("getA"), "no schema", "any value");
        let text = warning(&diagnostics, "api.yaml", "src/lib.rs:4:27");
        assert!(
            text.starts_with("warning: the description `api.yaml` has 1 diagnostic: "),
            "{text}"
        );
        assert!(
            text.contains("\n  --> src/lib.rs:4:27\n  - #/paths/~1a/get (getA): no schema"),
            "{text}"
        );
        assert!(!text.contains("deprecated"), "{text}");
        for n in 0..11 {
            diagnostics.push(format!("#/x/{n}"), None, "no schema", "any value");
        }
        let text = warning(&diagnostics, "api.yaml", "src/lib.rs:4:27");
        assert!(text.starts_with("warning: the description `api.yaml` has 12 diagnostics: "));
        assert!(text.ends_with("\n  - and 2 more"), "{text}");
        assert_eq!(text.lines().count(), 2 + LISTED + 1, "{text}");
        // Outside a compilation, nothing is printed, and nothing expands
        // to a deprecated item any more.
        warn(&diagnostics, &syn::parse_quote!("api.yaml"));
    }

    #[test]
    fn conventions_are_read_from_their_file_and_included() {
        let dir = std::env::temp_dir().join(format!("openapi-conventions-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("pets.yaml"), PETS).unwrap();
        std::fs::write(
            dir.join("pets.toml"),
            "default-accept = \"application/vnd.pets+json\"\n",
        )
        .unwrap();
        let input: Input = syn::parse_quote!("pets.yaml", conventions = "pets.toml");
        let items = generate(&input, &dir).unwrap().to_string();
        assert!(items.contains("application/vnd.pets+json"), "{items}");
        assert!(items.contains("pets.toml"), "not included: {items}");
        let plain: Input = syn::parse_quote!("pets.yaml");
        let items = generate(&plain, &dir).unwrap().to_string();
        assert!(!items.contains("application/vnd.pets+json"), "{items}");

        // A key that is no convention: an error naming the file as written.
        std::fs::write(dir.join("pets.toml"), "accept = \"text/plain\"\n").unwrap();
        let err = generate(&input, &dir).unwrap_err().to_string();
        assert!(
            err.starts_with("cannot read the conventions: pets.toml: "),
            "{err}"
        );
        assert!(err.contains("accept"), "{err}");
        assert!(!err.contains(&dir.display().to_string()), "{err}");
        let twice: syn::Result<Input> = syn::parse2(quote!(
            "pets.yaml",
            conventions = "a.toml",
            conventions = "b.toml"
        ));
        assert!(twice.is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it_as_written() {
        let input: Input = syn::parse_quote!("missing.yaml", tags = ["pets"], strict);
        assert!(input.strict);
        let dir = std::env::temp_dir();
        let err = generate(&input, &dir).unwrap_err().to_string();
        assert!(
            err.starts_with("cannot read the description: missing.yaml: "),
            "{err}"
        );
        assert!(!err.contains(&dir.display().to_string()), "{err}");
    }
}
