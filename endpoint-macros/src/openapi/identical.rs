//! The three front ends of the generator give the same code: the crate
//! `cargo endpoint generate` writes (its `package` stage), the file a build
//! script's `Generator` writes and the expansion of `openapi!`, each
//! formatted by prettyplease, for a test description and for GitHub's.
//!
//! The file and the expansion are compared whole. The crate is compared
//! file by file with the expansion's items: `src/lib.rs` without its
//! module declarations and crate attributes with the items outside the
//! modules, and each `src/<module>.rs` with the inline module of that
//! name, the crate's feature `cfg`s aside (the one-file layouts have no
//! features).

use std::collections::BTreeMap;
use std::path::Path;

use endpoint_openapi::Generator;
use endpoint_openapi::generator::crate_name;
use endpoint_openapi::package::{self, Dependency, Options};
use endpoint_openapi::read;
use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::VisitMut;

use super::expand;

/// Formatted as the generator formats its files.
fn unparse(file: &syn::File) -> String {
    prettyplease::unparse(file)
}

/// Whether an attribute is a `cfg` of features alone (`feature = "x"` or
/// `any(feature = "x", …)`).
fn is_feature_cfg(attr: &syn::Attribute) -> bool {
    if !attr.path().is_ident("cfg") {
        return false;
    }
    let Ok(list) = attr.meta.require_list() else {
        return false;
    };
    let text = list.tokens.to_string();
    text.starts_with("feature") || text.starts_with("any (feature")
}

/// Takes the feature `cfg`s off every item.
struct WithoutFeatures;

impl VisitMut for WithoutFeatures {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
        attrs.retain(|attr| !is_feature_cfg(attr));
    }

    /// The attributes a macro's input holds (`decode_struct! { #[cfg(…)] … }`).
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = without_feature_tokens(std::mem::take(&mut mac.tokens));
    }
}

/// `tokens` without the `#[cfg(feature …)]` attributes in them.
fn without_feature_tokens(tokens: TokenStream) -> TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut at = 0;
    while at < trees.len() {
        if let (TokenTree::Punct(hash), Some(TokenTree::Group(group))) =
            (&trees[at], trees.get(at + 1))
            && hash.as_char() == '#'
            && group.delimiter() == Delimiter::Bracket
            && syn::parse2::<syn::Meta>(group.stream()).is_ok_and(|meta| {
                let attr: syn::Attribute = syn::parse_quote!(#[#meta]);
                is_feature_cfg(&attr)
            })
        {
            at += 2;
            continue;
        }
        out.push(match &trees[at] {
            TokenTree::Group(group) => {
                let mut inner =
                    Group::new(group.delimiter(), without_feature_tokens(group.stream()));
                inner.set_span(group.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        });
        at += 1;
    }
    out.into_iter().collect()
}

/// Equal texts, or a failure showing the first lines that differ.
fn assert_same(ours: &str, theirs: &str, what: &str) {
    if ours == theirs {
        return;
    }
    let ours_lines: Vec<&str> = ours.lines().collect();
    let theirs_lines: Vec<&str> = theirs.lines().collect();
    let at = ours_lines
        .iter()
        .zip(&theirs_lines)
        .position(|(a, b)| a != b)
        .unwrap_or(ours_lines.len().min(theirs_lines.len()));
    let around = |lines: &[&str]| lines[at.saturating_sub(3)..(at + 4).min(lines.len())].join("\n");
    panic!(
        "{what}, from line {}:\n--- openapi!\n{}\n--- the other\n{}",
        at + 1,
        around(&ours_lines),
        around(&theirs_lines)
    );
}

/// The expansion's items, without the `include_bytes!` of the files read
/// and the warning of the diagnostics (`const _` items, which the
/// generator does not write).
fn expansion(tokens: TokenStream) -> syn::File {
    let mut file: syn::File = syn::parse2(tokens).expect("the expansion parses");
    file.items.retain(|item| {
        !matches!(item, syn::Item::Const(item) if item.ident == "_" && item.vis == syn::Visibility::Inherited)
    });
    file
}

/// The three front ends on one description (relative to this package),
/// compared.
fn compare(description: &str, overlays: &[&str]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let overlay_paths: Vec<_> = overlays.iter().map(|overlay| dir.join(overlay)).collect();

    // The macro.
    let macro_file = expansion(expand(quote!(#description, overlays = [#(#overlays),*])));
    assert!(!macro_file.items.is_empty(), "{}", unparse(&macro_file));

    // The build script's generator.
    let mut generator = Generator::new(dir.join(description));
    for overlay in &overlay_paths {
        generator = generator.overlay(overlay);
    }
    let output = generator.generate().expect("the generator");
    let build_file = syn::parse_file(&output.source).expect("the generated file parses");
    assert_same(
        &unparse(&macro_file),
        &unparse(&build_file),
        &format!("openapi! and Generator differ on {description}"),
    );

    // The CLI's stages: read, filter (none), package.
    let read = read::read_file(&dir.join(description), &overlay_paths).expect("read");
    let options = Options {
        name: crate_name(&read.api.title),
        endpoint: Dependency::Version(env!("CARGO_PKG_VERSION").to_owned()),
        modules: Default::default(),
        conventions: Default::default(),
    };
    let generated = package::generate_read(&read, &options).expect("package");
    let mut modules: BTreeMap<String, syn::File> = BTreeMap::new();
    let mut outside = Vec::new();
    for item in &macro_file.items {
        match item {
            syn::Item::Mod(module) => {
                let (_, items) = module.content.clone().expect("inline modules");
                let attrs = module
                    .attrs
                    .iter()
                    .filter(|attr| matches!(attr.style, syn::AttrStyle::Inner(_)))
                    .cloned()
                    .collect();
                modules.insert(
                    module.ident.to_string(),
                    syn::File {
                        shebang: None,
                        attrs,
                        items,
                    },
                );
            }
            other => outside.push(other.clone()),
        }
    }
    let mut compared = 0;
    for file in &generated.files {
        let Some(name) = file
            .path
            .strip_prefix("src")
            .ok()
            .and_then(|path| path.to_str())
            .and_then(|path| path.strip_suffix(".rs"))
        else {
            continue;
        };
        let mut cli = syn::parse_file(&file.text).expect("a generated file parses");
        WithoutFeatures.visit_file_mut(&mut cli);
        let ours = if name == "lib" {
            cli.attrs.clear();
            cli.items
                .retain(|item| !matches!(item, syn::Item::Mod(module) if module.content.is_none()));
            syn::File {
                shebang: None,
                attrs: Vec::new(),
                items: outside.clone(),
            }
        } else {
            modules
                .remove(name)
                .unwrap_or_else(|| panic!("no module `{name}` in the expansion"))
        };
        assert_same(
            &unparse(&ours),
            &unparse(&cli),
            &format!("the CLI's src/{name}.rs and openapi!'s differ on {description}"),
        );
        compared += 1;
    }
    assert!(
        modules.is_empty(),
        "modules the CLI did not write: {:?}",
        modules.keys()
    );
    assert!(compared > 2, "{compared} files compared");
}

#[test]
fn the_three_front_ends_agree_on_the_test_description() {
    compare(
        "../tests/fixtures/openapi/every/openapi.yaml",
        &["../tests/fixtures/openapi/every/overlay.yaml"],
    );
}

#[test]
fn the_three_front_ends_agree_on_githubs_description() {
    compare(
        "../endpoint-github/openapi/api.github.com.json",
        &["../endpoint-github/openapi/overlay.json"],
    );
}
