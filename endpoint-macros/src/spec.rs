//! `#[endpoint(spec = "api.yaml")]`: a struct of `endpoint!` checked
//! against the OpenAPI description it names (feature `openapi`).
//!
//! The description is read by the generator's reader
//! (`endpoint_openapi::read`), once per compilation however many structs
//! name it, and the struct compared with it by the generator's library
//! (`endpoint_openapi::check`), from what the struct declares
//! ([`Declaration`]) as plain data. Each finding is a compile error where
//! it is written. The expansion includes every file read, so that a change
//! to the description rebuilds the crate.

use std::path::Path;
use std::sync::Arc;

use endpoint_macros_core::Checked;
use endpoint_macros_core::declared::Declaration;
use endpoint_macros_core::shape::{TypeShape, option_inner};
use endpoint_openapi::api::Api;
use endpoint_openapi::check::{At, Declared, DeclaredField};
use endpoint_openapi::package::ApiSettings;
use endpoint_openapi::read::Read;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::spanned::Spanned;

use crate::openapi::{includes, read_cached};

/// The description at `path`, read once per compilation while none of its
/// files changes ([`read_cached`], as `openapi!` reads it), or why it
/// cannot be read (the file named as written in the attribute, not by its
/// absolute path).
fn load(path: &Path) -> Result<Arc<Read>, String> {
    read_cached(path, &[]).map_err(|err| {
        let prefix = format!("{}: ", path.display());
        err.message
            .strip_prefix(&prefix)
            .unwrap_or(&err.message)
            .to_owned()
    })
}

/// Checks `declared` against the description it names: an
/// `include_bytes!` of each file read, and for a struct that names no
/// API's settings (`api = path`) the description's ([`settings`]), or
/// every mistake found.
pub(crate) fn check(declared: &Declaration) -> syn::Result<Checked> {
    let source = declared.spec.value();
    let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        return Err(syn::Error::new(
            declared.spec.span(),
            format!(
                "`spec = {source:?}` is read relative to the crate's directory, which cargo \
                 names in CARGO_MANIFEST_DIR, and it is not set"
            ),
        ));
    };
    let path = Path::new(&dir).join(&source);
    let read = load(&path).map_err(|message| {
        syn::Error::new(
            declared.spec.span(),
            format!("cannot read the OpenAPI description `{source}`: {message}"),
        )
    })?;
    let findings = endpoint_openapi::check::check(&read.api, &source, &data(declared));
    let mut errors = findings
        .into_iter()
        .map(|finding| syn::Error::new(span(declared, finding.at), finding.message));
    if let Some(mut first) = errors.next() {
        first.extend(errors);
        return Err(first);
    }
    let mut tokens = includes(&read.files);
    let api = (!declared.names_api).then(|| {
        let (function, path) = settings(declared, &read.api);
        tokens.extend(function);
        path
    });
    Ok(Checked { tokens, api })
}

/// What `declared` declares, as the check reads it.
fn data(declared: &Declaration) -> Declared {
    Declared {
        name: declared.ident.to_string(),
        method: declared.method.clone(),
        path: declared.path.clone(),
        operation_id: declared.operation.as_ref().map(syn::LitStr::value),
        media_type: declared.media_type.clone(),
        fields: declared
            .parameters
            .iter()
            .map(|param| DeclaredField {
                ident: param.ident.to_string(),
                name: param.name.clone(),
                location: param.location,
                optional: param.optional,
                ty: TypeShape::of(&param.ty),
                declared: param.declared,
                location_written: param.location_span.is_some(),
            })
            .collect(),
    }
}

/// Where a finding at `at` is written in `declared`.
fn span(declared: &Declaration, at: At) -> Span {
    let field = |index: usize| &declared.parameters[index];
    match at {
        At::Route => declared.route.span(),
        At::OperationId => declared
            .operation
            .as_ref()
            .map_or_else(|| declared.route.span(), syn::LitStr::span),
        At::Struct => declared.ident.span(),
        At::Name(index) => field(index).ident.span(),
        At::Type(index) => {
            let ty = &field(index).ty;
            option_inner(ty).unwrap_or(ty).span()
        }
        At::Option(index) => field(index).ty.span(),
        At::Location(index) => field(index)
            .location_span
            .unwrap_or_else(|| field(index).ident.span()),
    }
}

/// The settings a checked struct that names no API is built with: the
/// description's, as a generated crate's `api()` holds them (its first
/// server as the base URL, none when it names no absolute one; JSON asked
/// for), never the octokit defaults' GitHub. A function beside the struct,
/// named after it, and its path.
fn settings(declared: &Declaration, api: &Api) -> (TokenStream, syn::Path) {
    let settings = ApiSettings::of(api);
    let base_url = settings.base_url.unwrap_or_default();
    let headers = settings
        .headers
        .iter()
        .map(|(name, value)| quote!((#name, #value)));
    let name = format_ident!("__endpoint_spec_api_{}", declared.ident);
    let function = quote! {
        /// The settings of the description the struct is checked against.
        #[doc(hidden)]
        #[allow(non_snake_case)]
        fn #name() -> &'static ::endpoint::__private::Api {
            static API: ::std::sync::OnceLock<::endpoint::__private::Api> =
                ::std::sync::OnceLock::new();
            API.get_or_init(|| ::endpoint::__private::api_settings(#base_url, &[#(#headers),*]))
        }
    };
    (function, syn::Path::from(name))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::time::SystemTime;

    use quote::quote;

    use super::*;

    /// The description of the tests, by its absolute path.
    fn petstore() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/spec/petstore.yaml")
    }

    #[test]
    fn a_match_includes_the_files_read() {
        let out = endpoint_macros_core::expand_with(
            quote! {
                #[endpoint(spec = "tests/ui/spec/petstore.yaml")]
                pub struct ListPets = "GET /pets" { limit: u32 }
            },
            &mut check,
        )
        .to_string();
        assert!(!out.contains("compile_error"), "{out}");
        let path = petstore();
        let path = path.to_str().unwrap();
        let include = quote!(
            const _: &[u8] = ::core::include_bytes!(#path);
        );
        assert!(out.contains(&include.to_string()), "{out}");
    }

    #[test]
    fn the_files_its_refs_name_are_included_too() {
        let dir = std::env::temp_dir().join(format!("endpoint-spec-{}-refs", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let main = dir.join("api.json");
        let pet = dir.join("pet.json");
        std::fs::write(
            &main,
            r#"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {
                "post": {"requestBody": {"content": {"application/json": {
                    "schema": {"$ref": "pet.json#/Pet"}}}},
                "responses": {"201": {"description": "Created."}}}}}}"#,
        )
        .unwrap();
        std::fs::write(
            &pet,
            r#"{"Pet": {"type": "object", "properties": {"name": {"type": "string"}}}}"#,
        )
        .unwrap();
        let spec = main.to_str().unwrap();
        let out = endpoint_macros_core::expand_with(
            quote! {
                #[endpoint(spec = #spec)]
                pub struct CreatePet = "POST /pets" { name: String }
            },
            &mut check,
        )
        .to_string();
        assert!(!out.contains("compile_error"), "{out}");
        for file in [&main, &pet] {
            let file = file.to_str().unwrap();
            let include = quote!(::core::include_bytes!(#file));
            assert!(out.contains(&include.to_string()), "{file}: {out}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_description_is_read_once_until_it_changes() {
        let first = load(&petstore()).unwrap();
        assert!(Arc::ptr_eq(&first, &load(&petstore()).unwrap()));

        let dir = std::env::temp_dir().join(format!("endpoint-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("api.yaml");
        let text = std::fs::read_to_string(petstore()).unwrap();
        std::fs::write(&file, &text).unwrap();
        let before = load(&file).unwrap();
        assert!(Arc::ptr_eq(&before, &load(&file).unwrap()));
        std::fs::write(&file, text.replace("listPets", "listAllPets")).unwrap();
        let earlier = SystemTime::now() - std::time::Duration::from_secs(60);
        std::fs::File::options()
            .write(true)
            .open(&file)
            .and_then(|f| f.set_modified(earlier))
            .unwrap();
        let after = load(&file).unwrap();
        assert!(!Arc::ptr_eq(&before, &after));
        let ids: Vec<_> = after
            .api
            .operations
            .iter()
            .filter_map(|op| op.operation_id.as_deref())
            .collect();
        assert!(ids.contains(&"listAllPets"), "{ids:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The messages of the check of `item` against `description` (JSON),
    /// written to a file of its own: `{file}` in `item` is its path.
    fn messages(name: &str, description: &str, item: &str) -> Vec<String> {
        let dir = std::env::temp_dir().join(format!("endpoint-spec-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("api.json");
        std::fs::write(&file, description).unwrap();
        let item = item.replace("{file}", file.to_str().unwrap());
        let tokens: TokenStream = item.parse().unwrap();
        let mut found = Vec::new();
        let mut check_and_keep = |declared: &Declaration| {
            let result = check(declared);
            if let Err(errors) = &result {
                found.extend(errors.clone().into_iter().map(|e| e.to_string()));
            }
            result
        };
        endpoint_macros_core::expand_with(tokens, &mut check_and_keep);
        std::fs::remove_dir_all(&dir).unwrap();
        found
    }

    const UPLOADS: &str = r##"{
        "openapi": "3.0.3",
        "info": {"title": "Uploads", "version": "1"},
        "paths": {
            "/items/{id}/touch": {"post": {
                "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                    {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}
                ],
                "responses": {"204": {"description": "Touched."}}
            }},
            "/items": {"post": {
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {
                    "type": "object",
                    "properties": {
                        "count": {"type": "integer"},
                        "size": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
                    }
                }}}},
                "responses": {"201": {"description": "Created."}}
            }}
        }
    }"##;

    #[test]
    fn bodies_and_their_media_types() {
        // No body to be part of; a header's name in any case.
        let errors = messages(
            "no-body",
            UPLOADS,
            r#"#[endpoint(spec = "{file}")]
               pub struct Touch = "POST /items/{id}/touch" {
                   #[endpoint(header)] x_trace: String,
                   note: String,
               }"#,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("`POST /items/{id}/touch` (/")
                && errors[0].ends_with("has no request body, which `note` would be part of"),
            "{errors:?}"
        );
        // A JSON body where the description takes a form.
        let errors = messages(
            "media-type",
            UPLOADS,
            r#"#[endpoint(spec = "{file}")]
               pub struct Create = "POST /items" { count: u32 }"#,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains(
                "takes a body of `application/x-www-form-urlencoded`, and the struct sends a JSON body (no `content_type` on the struct)"
            ),
            "{errors:?}"
        );
        // Location a form body, a string holds an integer (text on the wire), and
        // an integer one alternative of a union.
        let errors = messages(
            "form",
            UPLOADS,
            r#"#[endpoint(spec = "{file}", content_type = "application/x-www-form-urlencoded")]
               pub struct Create = "POST /items" { count: String, size: u64 }"#,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let errors = messages(
            "form-misfit",
            UPLOADS,
            r#"#[endpoint(spec = "{file}", content_type = "application/x-www-form-urlencoded")]
               pub struct Create = "POST /items" { size: bool }"#,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains("is one of a string, an integer in `POST /items` ("),
            "{errors:?}"
        );
    }

    #[test]
    fn a_full_url_is_refused() {
        let errors = messages(
            "url",
            UPLOADS,
            r#"#[endpoint(spec = "{file}")]
               pub struct Touch = "POST https://example.com/items/{id}/touch";"#,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains("is a path, such as `/pets/{petId}`"),
            "{errors:?}"
        );
    }
}
