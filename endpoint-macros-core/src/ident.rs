//! Identifiers: the workspace's one set of rules for turning a wire name
//! into a Rust name. The `endpoint!` macro names a field with them
//! ([`FieldName`]), and the code generators name every type, variant,
//! module and field with them, so that the same wire name is the same
//! Rust name wherever it is met (`HTTPServer` → `http_server`, `HttpServer`),
//! and always a valid identifier (`r#type`, no leading digit, no `-`).

/// Strict and reserved Rust keywords (2024 edition), and the weak ones
/// that may not name everything: a field of that name is written as a raw
/// identifier (`r#type`).
pub const KEYWORDS: [&str; 50] = [
    "abstract",
    "as",
    "async",
    "await",
    "become",
    "box",
    "break",
    "const",
    "continue",
    "do",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "macro",
    "match",
    "mod",
    "move",
    "mut",
    "override",
    "priv",
    "pub",
    "ref",
    "return",
    "static",
    "struct",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "union",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
    "macro_rules",
];

/// Keywords that cannot be raw identifiers either: a name of that word
/// gets a trailing `_` (`self_`, `Self_`).
pub const NOT_RAW: [&str; 5] = ["self", "Self", "super", "crate", "_"];

/// The words of a name: split at anything that is not a letter or digit,
/// and before an upper-case letter that follows a lower-case one or
/// starts a capitalised word (`HTTPServer` → `HTTP`, `Server`), but not
/// before the plural `s` of an acronym (`getIPs` → `get`, `IPs`; `FQDNs`
/// is one word, so is `VLANsByID` → `VLANs`, `By`, `ID`). `+` and a
/// leading `-` are words of their own (`plus`, `minus`), so that `+1` and
/// `-1` stay apart; so are `<` and `>` (`before`, `after`), so that the
/// range filters `DateSent<` and `DateSent>` stay apart from `DateSent`.
pub fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let sign = match c {
            '+' => Some("plus"),
            '-' if i == 0 => Some("minus"),
            '<' => Some("before"),
            '>' => Some("after"),
            _ => None,
        };
        if let Some(sign) = sign {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            words.push(sign.to_owned());
            continue;
        }
        if !c.is_ascii_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        if c.is_ascii_uppercase() && !word.is_empty() {
            let previous = chars[i - 1];
            // An acronym's plural `s` ends its word (`IPs`, `VLANs`), not
            // a capitalised word that starts at its last letter.
            let plural = chars.get(i + 1) == Some(&'s')
                && !chars.get(i + 2).is_some_and(char::is_ascii_lowercase);
            let next_lower = !plural && chars.get(i + 1).is_some_and(char::is_ascii_lowercase);
            if previous.is_ascii_lowercase()
                || previous.is_ascii_digit()
                || (previous.is_ascii_uppercase() && next_lower)
            {
                words.push(std::mem::take(&mut word));
            }
        }
        word.push(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `UpperCamelCase`, for types and variants (`simple-user` → `SimpleUser`,
/// `+1` → `Plus1`); a name with no letters or digits is `Empty`, and a name
/// that cannot be an identifier gets a `_` (`self` → `Self_`).
pub fn pascal(name: &str) -> String {
    let mut out = pascal_part(name);
    if NOT_RAW.contains(&out.as_str()) {
        out.push('_');
    }
    out
}

/// [`pascal`] of a part of a longer name, which needs no `_` after a
/// reserved word: `Links` + `self` is `LinksSelf`, not `LinksSelf_`.
///
/// ```
/// use endpoint_macros_core::ident::{pascal, pascal_part};
/// assert_eq!(format!("Links{}", pascal_part("self")), "LinksSelf");
/// assert_eq!(pascal("self-link"), "SelfLink");
/// assert_eq!(pascal("Self"), "Self_");
/// ```
pub fn pascal_part(name: &str) -> String {
    let mut out = String::new();
    for word in words(name) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars.map(|c| c.to_ascii_lowercase()));
        }
    }
    if out.is_empty() {
        return "Empty".into();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'V');
    }
    out
}

/// `UpperCamelCase` that keeps each word as it is written, for names a
/// person chose (operationIds, parameter values): `+` is `Plus`, a leading
/// `-` before a digit `Minus`, a leading digit is spelled out (`2fa` →
/// `TwoFa`), apostrophes are dropped, any other character that is not a
/// letter or digit separates words, and an all-upper-case word is
/// capitalised (`PR_TITLE` → `PrTitle`, `BundlePricing` stays).
///
/// ```
/// use endpoint_macros_core::ident::pascal_as_written;
/// assert_eq!(pascal_as_written("repos/get-content"), "ReposGetContent");
/// assert_eq!(pascal_as_written("won't fix"), "WontFix");
/// assert_eq!(pascal_as_written("reactions--1"), "ReactionsMinus1");
/// ```
pub fn pascal_as_written(text: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_ascii_alphanumeric() => word.push(c),
            '\'' => {}
            '+' => {
                words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
                words.push("Plus".into());
            }
            '-' if word.is_empty() && chars.peek().is_some_and(char::is_ascii_digit) => {
                words.push("Minus".into());
            }
            _ => words.extend((!word.is_empty()).then(|| std::mem::take(&mut word))),
        }
    }
    words.extend((!word.is_empty()).then_some(word));
    let mut out = String::new();
    for word in words {
        let word = if word.len() > 1 && !word.chars().any(|c| c.is_ascii_lowercase()) {
            word.to_ascii_lowercase()
        } else {
            word
        };
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            match first.to_digit(10) {
                Some(digit) if out.is_empty() => {
                    out.push_str(DIGITS[digit as usize]);
                    let mut rest = chars;
                    if let Some(next) = rest.next() {
                        out.push(next.to_ascii_uppercase());
                        out.extend(rest);
                    }
                }
                _ => {
                    out.push(first.to_ascii_uppercase());
                    out.extend(chars);
                }
            }
        }
    }
    if out.is_empty() {
        out.push_str("Empty");
    }
    out
}

/// Digits spelled out, for names that start with one.
const DIGITS: [&str; 10] = [
    "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
];

/// The variants of the standard prelude's `Option` and `Result`: an enum
/// variant of the same name would print as `Some(None)` inside an
/// `Option`, and shadow the prelude's in a `use Enum::*`.
const PRELUDE_VARIANTS: [&str; 4] = ["None", "Some", "Ok", "Err"];

/// `UpperCamelCase` for an enum variant: [`pascal`], with `Value` after a
/// name the prelude's `Option` or `Result` uses (`NONE` → `NoneValue`, so
/// that an `Option<AuthorAssociation>` prints `Some(NoneValue)`, not
/// `Some(None)`).
pub fn variant(name: &str) -> String {
    not_prelude(pascal(name))
}

/// `name`, an enum variant's, with `Value` after it when the prelude's
/// `Option` or `Result` has a variant of that name.
pub fn not_prelude(mut name: String) -> String {
    if PRELUDE_VARIANTS.contains(&name.as_str()) {
        name.push_str("Value");
    }
    name
}

/// The types that emitted models name without a path (`String`, `Vec<u8>`,
/// `Option<T>`, `Box<T>`, `#[serde(skip_serializing_if =
/// "Option::is_none")]`): a planned type of the same name would be taken for
/// them (`pub type String = String;` is a cycle).
const UNQUALIFIED: [&str; 4] = ["String", "Vec", "Option", "Box"];

/// `name`, a planned type's, with a `_` after it when emitted models name a
/// type of that name without a path (`String` → `String_`), as
/// [`pascal`] does for a word that cannot be an identifier.
///
/// ```
/// use endpoint_macros_core::ident::not_unqualified;
/// assert_eq!(not_unqualified("String".into()), "String_");
/// assert_eq!(not_unqualified("StringList".into()), "StringList");
/// ```
pub fn not_unqualified(mut name: String) -> String {
    if UNQUALIFIED.contains(&name.as_str()) {
        name.push('_');
    }
    name
}

/// `snake_case`, for fields (`html_url`, `+1` → `plus_1`); a keyword is
/// written raw (`r#type`) and a leading digit gets a `_`.
pub fn snake(name: &str) -> String {
    let mut out = words(name)
        .iter()
        .map(|word| word.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join("_");
    if out.is_empty() {
        return "empty".into();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if NOT_RAW.contains(&out.as_str()) {
        out.push('_');
    } else if KEYWORDS.contains(&out.as_str()) {
        out.insert_str(0, "r#");
    }
    out
}

/// The Rust field name of a parameter or property, from its wire name:
/// [`snake`], split into the identifier and whether it is raw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldName {
    /// The identifier, without `r#`.
    pub ident: String,
    /// Whether it must be written as a raw identifier (`r#type`).
    pub raw: bool,
    /// Whether the identifier is the wire name itself, unchanged.
    pub same_as_wire: bool,
}

impl FieldName {
    /// The field name of `wire`: its [`snake`] case (`enterprise-team` →
    /// `enterprise_team`, `a.b` → `a_b`, `perPage` → `per_page`,
    /// `HTTPServer` → `http_server`), so that fields never warn.
    ///
    /// ```
    /// use endpoint_macros_core::ident::FieldName;
    ///
    /// assert_eq!(FieldName::of("owner").to_string(), "owner");
    /// assert_eq!(FieldName::of("type").to_string(), "r#type");
    /// assert_eq!(FieldName::of("enterprise-team").to_string(), "enterprise_team");
    /// assert_eq!(FieldName::of("perPage").to_string(), "per_page");
    /// assert_eq!(FieldName::of("HTTPServer").to_string(), "http_server");
    /// assert_eq!(FieldName::of("self").to_string(), "self_");
    /// assert_eq!(FieldName::of("2fa").to_string(), "_2fa");
    /// ```
    pub fn of(wire: &str) -> Self {
        let name = snake(wire);
        match name.strip_prefix("r#") {
            Some(raw) => FieldName {
                ident: raw.to_owned(),
                raw: true,
                same_as_wire: false,
            },
            None => FieldName {
                same_as_wire: name == wire,
                ident: name,
                raw: false,
            },
        }
    }
}

impl std::fmt::Display for FieldName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.raw {
            f.write_str("r#")?;
        }
        f.write_str(&self.ident)
    }
}

/// The identifier `name` (raw or not) as a token.
pub fn ident(name: &str) -> proc_macro2::Ident {
    match name.strip_prefix("r#") {
        Some(raw) => proc_macro2::Ident::new_raw(raw, proc_macro2::Span::call_site()),
        None => proc_macro2::Ident::new(name, proc_macro2::Span::call_site()),
    }
}

/// `name` itself when `taken` says no, else `name2`, `name3`, … (or
/// `name_2` for snake case names).
pub fn unique(name: String, mut taken: impl FnMut(&str) -> bool) -> String {
    if !taken(&name) {
        return name;
    }
    let separator = if name.contains('_') || name.starts_with(|c: char| c.is_ascii_lowercase()) {
        "_"
    } else {
        ""
    };
    // `self_` (a word made safe) takes its number after its own `_`.
    let separator = if name.ends_with('_') { "" } else { separator };
    (2..)
        .map(|n| format!("{name}{separator}{n}"))
        .find(|candidate| !taken(candidate))
        .expect("an unbounded range")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases() {
        assert_eq!(pascal("simple-user"), "SimpleUser");
        assert_eq!(pascal("nullable-simple-user"), "NullableSimpleUser");
        assert_eq!(pascal("HTTPServer"), "HttpServer");
        assert_eq!(pascal("pull_request_review"), "PullRequestReview");
        assert_eq!(pascal("APPROVED"), "Approved");
        assert_eq!(pascal("+1"), "Plus1");
        assert_eq!(pascal("-1"), "Minus1");
        assert_eq!(pascal("3-day"), "V3Day");
        assert_eq!(pascal(""), "Empty");
        assert_eq!(pascal("self"), "Self_");
        assert_eq!(pascal("Self"), "Self_");
        assert_eq!(pascal("self-link"), "SelfLink");
        assert_eq!(pascal_part("self"), "Self");
        assert_eq!(snake("DateSent"), "date_sent");
        assert_eq!(snake("DateSent<"), "date_sent_before");
        assert_eq!(snake("DateSent>"), "date_sent_after");
        assert_eq!(pascal("StartTime>"), "StartTimeAfter");
        assert_eq!(snake("html_url"), "html_url");
        assert_eq!(snake("type"), "r#type");
        assert_eq!(snake("+1"), "plus_1");
        assert_eq!(snake("-1"), "minus_1");
        assert_eq!(snake("@odata.type"), "odata_type");
        assert_eq!(snake("self"), "self_");
        assert_eq!(snake("createdAt"), "created_at");
        assert_eq!(snake("2fa"), "_2fa");
    }

    #[test]
    fn acronyms_and_their_plurals_are_one_word() {
        assert_eq!(pascal("getVLANs"), "GetVlans");
        assert_eq!(pascal("getIPs"), "GetIps");
        assert_eq!(pascal("getIP"), "GetIp");
        assert_eq!(pascal("getVLANsByID"), "GetVlansById");
        assert_eq!(snake("FQDNs"), "fqdns");
        assert_eq!(snake("IPs"), "ips");
        assert_eq!(snake("HTTPServer"), "http_server");
        assert_eq!(snake("HTTPSettings"), "http_settings");
        assert_eq!(snake("IPsAllowed"), "ips_allowed");
        assert_eq!(snake("userIDs"), "user_ids");
    }

    #[test]
    fn names_as_written() {
        assert_eq!(
            pascal_as_written("list-alerts-for-repo"),
            "ListAlertsForRepo"
        );
        assert_eq!(pascal_as_written("not_planned"), "NotPlanned");
        assert_eq!(pascal_as_written("+1"), "Plus1");
        assert_eq!(pascal_as_written("-1"), "Minus1");
        assert_eq!(pascal_as_written("reactions-+1"), "ReactionsPlus1");
        assert_eq!(pascal_as_written("2fa_disabled"), "TwoFaDisabled");
        assert_eq!(pascal_as_written("master /docs"), "MasterDocs");
        assert_eq!(pascal_as_written("PR_TITLE"), "PrTitle");
        assert_eq!(pascal_as_written("BundlePricing"), "BundlePricing");
        assert_eq!(pascal_as_written(""), "Empty");
    }

    #[test]
    fn unique_names() {
        let taken = ["Issue", "Issue2", "user_id"];
        assert_eq!(unique("Issue".into(), |n| taken.contains(&n)), "Issue3");
        assert_eq!(
            unique("user_id".into(), |n| taken.contains(&n)),
            "user_id_2"
        );
        assert_eq!(unique("Label".into(), |n| taken.contains(&n)), "Label");
        assert_eq!(unique("self_".into(), |n| n == "self_"), "self_2");
    }

    #[test]
    fn variants_never_read_as_the_prelude() {
        assert_eq!(variant("NONE"), "NoneValue");
        assert_eq!(variant("none"), "NoneValue");
        assert_eq!(variant("some"), "SomeValue");
        assert_eq!(variant("OK"), "OkValue");
        assert_eq!(variant("err"), "ErrValue");
        assert_eq!(variant("none_yet"), "NoneYet");
        assert_eq!(variant("APPROVED"), "Approved");
    }

    /// Wire names that are hard to name, and the Rust field name every crate
    /// gives them: acronyms, digits, keywords, words that cannot be raw,
    /// signs, non-ASCII letters (each a separator) and nothing at all.
    const TRICKY: [(&str, &str); 16] = [
        ("HTTPServer", "http_server"),
        ("userID", "user_id"),
        ("APIKey2", "api_key2"),
        ("v2Beta", "v2_beta"),
        ("2fa", "_2fa"),
        ("type", "r#type"),
        ("union", "r#union"),
        ("self", "self_"),
        ("Self", "self_"),
        ("+1", "plus_1"),
        ("a.b", "a_b"),
        ("enterprise-team", "enterprise_team"),
        ("per_page", "per_page"),
        ("café_au_lait", "caf_au_lait"),
        ("日本", "empty"),
        ("", "empty"),
    ];

    #[test]
    fn tricky_names_are_the_same_field_name_through_each_path() {
        for (wire, field) in TRICKY {
            assert_eq!(snake(wire), field, "snake({wire:?})");
            let name = FieldName::of(wire);
            assert_eq!(name.to_string(), field, "FieldName::of({wire:?})");
            assert_eq!(name.same_as_wire, field == wire, "{wire:?}");
            // Every one is a Rust identifier.
            assert!(syn::parse_str::<syn::Ident>(field).is_ok(), "{field}");
        }
    }

    #[test]
    fn a_placeholder_of_a_tricky_name_is_the_same_field_name() {
        // The names a URI template's variable may take (RFC 6570: letters,
        // digits, `_`, `.`).
        for (wire, field) in TRICKY {
            if wire.is_empty()
                || !wire
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_.".contains(c))
            {
                continue;
            }
            let route = format!("GET /x/{{{wire}}}");
            let item: crate::ItemDef =
                syn::parse_str(&format!("pub struct S = {route:?};")).unwrap();
            let out = crate::expand_item(&item).to_string();
            assert!(!out.contains("compile_error"), "{route}: {out}");
            assert!(
                out.contains(&format!("pub {field} : :: std :: string :: String")),
                "{route}: {out}"
            );
        }
    }

    #[test]
    fn raw_idents() {
        assert_eq!(ident("r#type").to_string(), "r#type");
        assert_eq!(ident("login").to_string(), "login");
    }
}
