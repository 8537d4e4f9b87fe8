//! The styles OpenAPI allows in each place of a request, and how messages
//! name them: what `endpoint!` checks a field's style against, and what the
//! generator decides a field's style with before it writes the field.

use endpoint_runtime::sibling::Style;

/// The styles OpenAPI allows in the query string and in the fields of a
/// form body.
pub const QUERY_STYLES: &[Style] = &[
    Style::Form,
    Style::SpaceDelimited,
    Style::PipeDelimited,
    Style::DeepObject,
];

/// The styles of a path placeholder.
pub const PATH_STYLES: &[Style] = &[Style::Simple, Style::Label, Style::Matrix];

/// The styles, quoted in OpenAPI's spelling, for messages: `"simple"`,
/// `"label"` or `"matrix"`.
pub fn style_list(styles: &[Style]) -> String {
    let quoted: Vec<String> = styles
        .iter()
        .filter_map(|style| style.openapi_name())
        .map(|name| format!("`\"{name}\"`"))
        .collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
