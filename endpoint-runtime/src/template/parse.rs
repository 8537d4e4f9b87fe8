//! Template parsing: RFC 6570 expressions, `:name` and `<name>` placeholders,
//! and literal text, which is encoded here once rather than on every expansion.
//!
//! The parser keeps going after an error (it resynchronises at the next `}`),
//! so that a route with several mistakes reports all of them at once.

use std::collections::HashMap;

use super::Template;
use super::parts::{Modifier, Operator, Packer, VarSpec};
use crate::encode::{self, Set};
use crate::error::{TemplateError, TemplateErrorKind};

/// Parses `src` into a [`Template`], or returns the errors in source order:
/// every error with `all_errors`, otherwise only the first.
///
/// Each error holds a copy of the template, so collecting stops once those
/// copies add up to [`ERROR_TEXT_BUDGET`] (always at least one error); only a
/// huge template full of mistakes gets there.
pub(super) fn parse(src: &str, all_errors: bool) -> Result<Template<'static>, Vec<TemplateError>> {
    let mut parser = Parser {
        src,
        packer: Packer::default(),
        names: Vec::new(),
        slots: None,
        errors: Vec::new(),
        in_path: true,
        all_errors,
    };
    parser.run();
    if parser.errors.is_empty() {
        Ok(parser.packer.finish())
    } else {
        Err(parser.errors)
    }
}

/// At most this many bytes of template copies are held by the collected
/// errors (and always at least one error is reported).
const ERROR_TEXT_BUDGET: usize = 1 << 20;

struct Parser<'a> {
    src: &'a str,
    /// The parsed template, written as it is read.
    packer: Packer,
    /// The distinct variable names, in order: a name's index is its slot.
    names: Vec<&'a str>,
    /// The slots by name, once there are too many names to scan.
    slots: Option<HashMap<&'a str, u32>>,
    errors: Vec<TemplateError>,
    /// Still in the path: no literal `?` or `#` and no `{?…}`, `{&…}` or
    /// `{#…}` expression seen yet, so a `:name` placeholder may start here.
    in_path: bool,
    /// Keep going after the first error.
    all_errors: bool,
}

impl<'a> Parser<'a> {
    fn run(&mut self) {
        let bytes = self.src.as_bytes();
        // Start of the literal text not yet pushed as a part.
        let mut literal = 0;
        let mut i = 0;
        while !self.full() {
            let Some(&b) = bytes.get(i) else {
                break;
            };
            match b {
                b'{' => {
                    self.push_literal(literal, i);
                    i = self.expression(i);
                    literal = i;
                }
                b'}' => {
                    self.push_literal(literal, i);
                    self.error(TemplateErrorKind::StrayClosingBrace, i, i + 1);
                    i += 1;
                    literal = i;
                }
                b'?' | b'#' => {
                    self.in_path = false;
                    i += 1;
                }
                b':' if self.in_path && i > 0 && bytes.get(i - 1) == Some(&b'/') => {
                    match placeholder_name_end(bytes, i + 1) {
                        Some(end) => {
                            self.push_literal(literal, i);
                            self.push_placeholder(i + 1, end);
                            i = end;
                            literal = i;
                        }
                        None => i += 1,
                    }
                }
                b'<' => match placeholder_name_end(bytes, i + 1) {
                    Some(end) if bytes.get(end) == Some(&b'>') => {
                        self.push_literal(literal, i);
                        self.push_placeholder(i + 1, end);
                        i = end + 1;
                        literal = i;
                    }
                    _ => i += 1,
                },
                _ => i += 1,
            }
        }
        self.push_literal(literal, bytes.len());
    }

    /// Parses the expression whose `{` is at `start`; returns where parsing
    /// continues.
    fn expression(&mut self, start: usize) -> usize {
        let bytes = self.src.as_bytes();
        let rest = bytes.get(start + 1..).unwrap_or_default();
        let Some(offset) = rest.iter().position(|&b| b == b'{' || b == b'}') else {
            self.error(TemplateErrorKind::UnclosedExpression, start, bytes.len());
            return bytes.len();
        };
        let stop = start + 1 + offset;
        if bytes.get(stop) == Some(&b'{') {
            // Resynchronise at the next `}`; without one, the first `{` is unclosed.
            let after = bytes.get(stop + 1..).unwrap_or_default();
            return match after.iter().position(|&b| b == b'}') {
                Some(close) => {
                    let end = stop + 1 + close + 1;
                    self.error(TemplateErrorKind::NestedBrace, start, end);
                    end
                }
                None => {
                    self.error(TemplateErrorKind::UnclosedExpression, start, bytes.len());
                    bytes.len()
                }
            };
        }
        let end = stop + 1;
        let content = self.src.get(start + 1..stop).unwrap_or_default();
        if let Err(kind) = self.parse_expression(content) {
            self.error(kind, start, end);
        }
        end
    }

    /// Parses the text between `{` and `}` and appends the expression.
    fn parse_expression(&mut self, content: &'a str) -> Result<(), TemplateErrorKind> {
        let (operator, list) = match content.as_bytes().first() {
            None => return Err(TemplateErrorKind::EmptyExpression),
            Some(&b) => match operator_of(b) {
                Some(operator) => (operator, content.get(1..).unwrap_or_default()),
                None if matches!(b, b'=' | b',' | b'!' | b'@' | b'|') => {
                    return Err(TemplateErrorKind::ReservedOperator(char::from(b)));
                }
                None => (Operator::Simple, content),
            },
        };
        if operator.ends_path() {
            self.in_path = false;
        }
        if list.is_empty() {
            return Err(TemplateErrorKind::EmptyExpression);
        }
        let mut variables = list
            .split(',')
            .map(parse_varspec)
            .collect::<Result<Vec<_>, _>>()?;
        for var in &mut variables {
            var.slot = self.slot(var.name);
        }
        if self.errors.is_empty() {
            self.packer
                .expression(operator, self.in_path, variables.into_iter());
        }
        Ok(())
    }

    /// Pushes the literal text `start..end`, encoded, merging it with a
    /// literal part just before it.
    fn push_literal(&mut self, start: usize, end: usize) {
        if !self.errors.is_empty() {
            // The template is refused: its parts are not needed any more.
            return;
        }
        let text = self.src.get(start..end).unwrap_or_default();
        self.packer
            .literal(|out| encode::encode(out, text, Set::Reserved));
    }

    /// Pushes the simple expression `{name}` for a `:name` or `<name>` placeholder.
    fn push_placeholder(&mut self, start: usize, end: usize) {
        let name = self.src.get(start..end).unwrap_or_default();
        let slot = self.slot(name);
        if self.errors.is_empty() {
            let var = VarSpec {
                name,
                slot,
                modifier: Modifier::None,
                multi_segment: false,
            };
            self.packer
                .expression(Operator::Simple, self.in_path, std::iter::once(var));
        }
    }

    /// The slot of `name`, a new one for a name not seen yet.
    fn slot(&mut self, name: &'a str) -> u32 {
        /// Past this many names, slots are found through a hash map.
        const SCAN_LIMIT: usize = 16;
        let found = match &self.slots {
            Some(slots) => slots.get(name).map(|&slot| slot as usize),
            None => self.names.iter().position(|n| *n == name),
        };
        if let Some(slot) = found {
            return slot as u32;
        }
        let slot = self.names.len() as u32;
        self.names.push(name);
        if let Some(slots) = &mut self.slots {
            slots.insert(name, slot);
        } else if self.names.len() > SCAN_LIMIT {
            let slots = self.names.iter().enumerate();
            self.slots = Some(slots.map(|(i, name)| (*name, i as u32)).collect());
        }
        slot
    }

    /// Whether enough errors are collected: each one holds a copy of the
    /// template, so a huge template full of mistakes (`"}".repeat(1 << 20)`)
    /// stops early instead of exhausting memory. Any route of a realistic
    /// length still gets every error reported.
    fn full(&self) -> bool {
        !self.errors.is_empty()
            && (!self.all_errors
                || self.errors.len().saturating_mul(self.src.len()) >= ERROR_TEXT_BUDGET)
    }

    fn error(&mut self, kind: TemplateErrorKind, start: usize, end: usize) {
        self.errors.push(TemplateError {
            kind,
            fragment: self.src.get(start..end).unwrap_or_default().to_owned(),
            position: start,
            template: self.src.to_owned(),
        });
    }
}

fn operator_of(b: u8) -> Option<Operator> {
    Some(match b {
        b'+' => Operator::Reserved,
        b'#' => Operator::Fragment,
        b'.' => Operator::Label,
        b'/' => Operator::PathSegment,
        b';' => Operator::PathParameter,
        b'?' => Operator::Query,
        b'&' => Operator::QueryContinuation,
        _ => return None,
    })
}

/// The end of a placeholder name `[A-Za-z_][A-Za-z0-9_]*` starting at `start`.
fn placeholder_name_end(bytes: &[u8], start: usize) -> Option<usize> {
    let rest = bytes.get(start..)?;
    if !rest
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
    {
        return None;
    }
    let len = rest
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))
        .unwrap_or(rest.len());
    Some(start + len)
}

/// Parses one `varspec`: a name with an optional `:N` or `*`.
fn parse_varspec(spec: &str) -> Result<VarSpec<'_>, TemplateErrorKind> {
    let name_len = spec
        .bytes()
        .position(|b| b == b':' || b == b'*')
        .unwrap_or(spec.len());
    let name = spec.get(..name_len).unwrap_or_default();
    if !is_varname(name.as_bytes()) {
        return Err(TemplateErrorKind::InvalidVariableName);
    }
    let modifier = match spec.as_bytes().get(name_len) {
        None => Modifier::None,
        Some(b'*') => match spec.as_bytes().get(name_len + 1..).unwrap_or_default() {
            [] => Modifier::Explode,
            [b':', ..] => return Err(TemplateErrorKind::PrefixWithExplode),
            _ => return Err(TemplateErrorKind::InvalidVariableName),
        },
        Some(_) => {
            let after = spec.as_bytes().get(name_len + 1..).unwrap_or_default();
            let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
            let length = prefix_length(after.get(..digits).unwrap_or_default())
                .ok_or(TemplateErrorKind::InvalidPrefix)?;
            match after.get(digits..).unwrap_or_default() {
                [] => Modifier::Prefix(length),
                b"*" => return Err(TemplateErrorKind::PrefixWithExplode),
                _ => return Err(TemplateErrorKind::InvalidPrefix),
            }
        }
    };
    Ok(VarSpec {
        name,
        slot: 0,
        modifier,
        multi_segment: false,
    })
}

/// `1` to `9999`, written without a leading zero.
fn prefix_length(digits: &[u8]) -> Option<u16> {
    if digits.is_empty() || digits.len() > 4 || digits.first() == Some(&b'0') {
        return None;
    }
    Some(
        digits
            .iter()
            .fold(0u16, |n, &d| n * 10 + u16::from(d - b'0')),
    )
}

/// RFC 6570 `varname`, with `-` also a name character as `@octokit/endpoint`
/// accepts it: `varchar *( ["."] varchar )`, `varchar = ALPHA / DIGIT / "_" / "-" / pct-encoded`.
fn is_varname(name: &[u8]) -> bool {
    // True at the start and after a dot: a dot may not come next.
    let mut after_dot = true;
    let mut i = 0;
    while let Some(&b) = name.get(i) {
        match b {
            b'.' if !after_dot => {
                after_dot = true;
                i += 1;
            }
            b'%' if name.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && name.get(i + 2).is_some_and(u8::is_ascii_hexdigit) =>
            {
                after_dot = false;
                i += 3;
            }
            b if b.is_ascii_alphanumeric() || b == b'_' || b == b'-' => {
                after_dot = false;
                i += 1;
            }
            _ => return false,
        }
    }
    !after_dot
}

#[cfg(test)]
mod tests {
    use super::super::parts::Part;
    use super::*;

    /// The template written back with every placeholder as the `{…}` it stands for.
    fn render(template: &Template<'_>) -> String {
        let mut out = String::new();
        for part in template.parts() {
            match part {
                Part::Literal(text) => out.push_str(text),
                Part::Expression(expression) => {
                    out.push('{');
                    out.extend(expression.operator.symbol());
                    for (i, var) in expression.variables.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        out.push_str(var.name);
                        match var.modifier {
                            Modifier::None => {}
                            Modifier::Prefix(n) => out.push_str(&format!(":{n}")),
                            Modifier::Explode => out.push('*'),
                        }
                    }
                    out.push('}');
                }
            }
        }
        out
    }

    fn rendered(src: &str) -> String {
        match Template::parse_all(src) {
            Ok(template) => render(&template),
            Err(errors) => panic!("{src:?} does not parse: {errors:?}"),
        }
    }

    fn errors(src: &str) -> Vec<(TemplateErrorKind, String, usize)> {
        match Template::parse_all(src) {
            Ok(template) => panic!("{src:?} parses as {template:?}"),
            Err(errors) => errors
                .into_iter()
                .inspect(|error| assert_eq!(error.template, src))
                .map(|error| (error.kind, error.fragment, error.position))
                .collect(),
        }
    }

    #[test]
    fn placeholders_rule_d() {
        let cases = [
            ("/repos/:owner/:repo", "/repos/{owner}/{repo}"),
            ("/x/:r/:ab", "/x/{r}/{ab}"),
            ("/x/:Owner/y", "/x/{Owner}/y"),
            ("/x/:_id", "/x/{_id}"),
            ("/x/:owner.json", "/x/{owner}.json"),
            ("/x/:a-b", "/x/{a}-b"),
            ("/x/:a1_b2c", "/x/{a1_b2c}"),
            ("/x{/a}/:b", "/x{/a}/{b}"),
            ("/x{+a}/:b", "/x{+a}/{b}"),
            ("/x{.a}/:b", "/x{.a}/{b}"),
            ("/x{;a}/:b", "/x{;a}/{b}"),
            // `:` not directly after a `/`, or not followed by a name: literal.
            ("/search/issues?q=is:open", "/search/issues?q=is:open"),
            ("https://user:pass@host/x", "https://user:pass@host/x"),
            (
                "https://user:pass@example.com/:id",
                "https://user:pass@example.com/{id}",
            ),
            ("http://localhost:8080/x", "http://localhost:8080/x"),
            (":name/x", ":name/x"),
            ("/x/:8080", "/x/:8080"),
            ("/x/:", "/x/:"),
            ("/x/:-a", "/x/:-a"),
            ("/x/a:b", "/x/a:b"),
            // After the path: a literal `?` or `#`, or a `{?…}`, `{&…}`, `{#…}` expression.
            ("/x?path=/:name", "/x?path=/:name"),
            ("/x#/:name", "/x#/:name"),
            ("/x{?a}/:b", "/x{?a}/:b"),
            ("/x{&a}/:b", "/x{&a}/:b"),
            ("/x{#a}/:b", "/x{#a}/:b"),
            // `<name>` anywhere, the query included.
            ("/repos/<owner>/<repo>", "/repos/{owner}/{repo}"),
            ("/search?q=<q>", "/search?q={q}"),
            ("/x#<frag>", "/x#{frag}"),
            ("/x/<_a1>.json", "/x/{_a1}.json"),
            ("<a>", "{a}"),
            ("/a<b><c>", "/a{b}{c}"),
            // Not a placeholder: encoded as literal text.
            ("/x/<1a>", "/x/%3C1a%3E"),
            ("/x/<a-b>", "/x/%3Ca-b%3E"),
            ("/x/<a", "/x/%3Ca"),
            ("/x/a>", "/x/a%3E"),
            ("/x/<>", "/x/%3C%3E"),
            ("/x/<<a>", "/x/%3C{a}"),
            ("/x/<a>>", "/x/{a}%3E"),
        ];
        for (src, expected) in cases {
            assert_eq!(rendered(src), expected, "{src:?}");
        }
    }

    #[test]
    fn placeholder_is_a_simple_expression() {
        let template = Template::parse("/a/:x/<y>").unwrap();
        let parts: Vec<_> = template.parts().collect();
        assert_eq!(parts.len(), 4, "{parts:?}");
        assert_eq!(parts[0], Part::Literal("/a/"));
        assert_eq!(parts[2], Part::Literal("/"));
        for (part, (name, slot)) in [(parts[1], ("x", 0)), (parts[3], ("y", 1))] {
            let Part::Expression(expression) = part else {
                panic!("{part:?}");
            };
            assert_eq!(expression.operator, Operator::Simple);
            assert!(expression.in_path);
            let variables: Vec<_> = expression.variables.iter().collect();
            let expected = VarSpec {
                name,
                slot,
                modifier: Modifier::None,
                multi_segment: false,
            };
            assert_eq!(variables, [expected]);
        }
        assert_eq!(template.literal_len(), 4);
        assert_eq!(template.name_count(), 2);
    }

    #[test]
    fn literal_text_is_encoded_once() {
        let cases = [
            ("/a b%Ag", "/a%20b%25Ag"),
            ("/a%2fb", "/a%2fb"),
            ("/a b%41 c", "/a%20b%41%20c"),
            ("/100%", "/100%25"),
            ("/%", "/%25"),
            ("/%4", "/%254"),
            ("/\"<>`|^\\", "/%22%3C%3E%60%7C%5E%5C"),
            ("/a\tb/c\nd\u{7f}", "/a%09b/c%0Ad%7F"),
            ("/ä/日本/😀", "/%C3%A4/%E6%97%A5%E6%9C%AC/%F0%9F%98%80"),
            ("/a:b@c!$&'()*+,;=d~-._[]", "/a:b@c!$&'()*+,;=d~-._[]"),
            ("café/{var}", "caf%C3%A9/{var}"),
        ];
        for (src, expected) in cases {
            assert_eq!(rendered(src), expected, "{src:?}");
        }
    }

    #[test]
    fn literal_text_is_merged() {
        let template = Template::parse("/repos/a:b/x?y=1").unwrap();
        let parts: Vec<_> = template.parts().collect();
        assert_eq!(parts, [Part::Literal("/repos/a:b/x?y=1")]);
        // `<1a>` is literal text: one part with its neighbours.
        let template = Template::parse("/x/<1a>/y{z}").unwrap();
        match template.parts().collect::<Vec<_>>()[..] {
            [Part::Literal(text), Part::Expression(_)] => assert_eq!(text, "/x/%3C1a%3E/y"),
            ref parts => panic!("{parts:?}"),
        }
        assert_eq!(Template::parse("").unwrap().parts().count(), 0);
    }

    #[test]
    fn the_packed_form_round_trips() {
        let template = Template::parse("/a b/{x:3}/:z{?x,y*}").unwrap();
        let (text, code) = template.packed();
        let copy = static_template_of(text, code);
        assert_eq!(copy, template);
        assert_eq!(render(&copy), "/a%20b/{x:3}/{z}{?x,y*}");
    }

    /// [`super::super::parts::static_template`] with leaked data, as if the
    /// macro had written it.
    fn static_template_of(text: &str, code: &[u32]) -> Template<'static> {
        super::super::parts::static_template(
            Box::leak(text.to_owned().into_boxed_str()),
            Box::leak(code.to_vec().into_boxed_slice()),
        )
    }

    #[test]
    fn expressions() {
        let cases = [
            ("{var}", "{var}"),
            ("{+a,b*,c:3}", "{+a,b*,c:3}"),
            ("{#a}{.b}{/c}{;d}{?e}{&f}", "{#a}{.b}{/c}{;d}{?e}{&f}"),
            ("{x:1}{x:9999}", "{x:1}{x:9999}"),
            (
                "{a.b}{Some%20Thing}{Stra%C3%9Fe}{42}",
                "{a.b}{Some%20Thing}{Stra%C3%9Fe}{42}",
            ),
        ];
        for (src, expected) in cases {
            assert_eq!(rendered(src), expected, "{src:?}");
        }
    }

    #[test]
    fn hyphen_names_rule_j() {
        for src in [
            "{-a}",
            "{b-}",
            "{c--d}",
            "{a-b.c-d}",
            "{-}",
            "{?per-page,sort}",
        ] {
            assert_eq!(rendered(src), src);
        }
        assert_eq!(
            errors("{a-b!c}"),
            [(TemplateErrorKind::InvalidVariableName, "{a-b!c}".into(), 0)]
        );
        assert_eq!(
            errors("{var}{-prefix|/-/|var}"),
            [(
                TemplateErrorKind::InvalidVariableName,
                "{-prefix|/-/|var}".into(),
                5
            )]
        );
    }

    #[test]
    fn error_kinds() {
        use TemplateErrorKind::*;
        let cases = [
            ("{}", EmptyExpression),
            ("{+}", EmptyExpression),
            ("{?}", EmptyExpression),
            ("{=x}", ReservedOperator('=')),
            ("{,x}", ReservedOperator(',')),
            ("{!x}", ReservedOperator('!')),
            ("{@x}", ReservedOperator('@')),
            ("{|x}", ReservedOperator('|')),
            ("{$x}", InvalidVariableName),
            ("{~x}", InvalidVariableName),
            ("{*x}", InvalidVariableName),
            ("{a b}", InvalidVariableName),
            ("{ a}", InvalidVariableName),
            ("{a }", InvalidVariableName),
            ("{x.}", InvalidVariableName),
            ("{.x.}", InvalidVariableName),
            ("{x..y}", InvalidVariableName),
            ("{%2x}", InvalidVariableName),
            ("{%}", InvalidVariableName),
            ("{a,}", InvalidVariableName),
            ("{a,,b}", InvalidVariableName),
            ("{hello+}", InvalidVariableName),
            ("{/?id}", InvalidVariableName),
            ("{é}", InvalidVariableName),
            ("{x*y}", InvalidVariableName),
            ("{x**}", InvalidVariableName),
            ("{x:0}", InvalidPrefix),
            ("{x:01}", InvalidPrefix),
            ("{x:10000}", InvalidPrefix),
            ("{x:}", InvalidPrefix),
            ("{x:abc}", InvalidPrefix),
            ("{x:3a}", InvalidPrefix),
            ("{x:-1}", InvalidPrefix),
            ("{x:3*}", PrefixWithExplode),
            ("{x*:3}", PrefixWithExplode),
            ("/x/{a", UnclosedExpression),
            ("/x/a}", StrayClosingBrace),
            ("{a{b}", NestedBrace),
        ];
        for (src, kind) in cases {
            let found = errors(src);
            assert_eq!(found.len(), 1, "{src:?}: {found:?}");
            assert_eq!(found[0].0, kind, "{src:?}");
        }
    }

    #[test]
    fn error_fragments_and_positions() {
        use TemplateErrorKind::*;
        assert_eq!(
            errors("/x/{=a}"),
            [(ReservedOperator('='), "{=a}".into(), 3)]
        );
        assert_eq!(errors("/a}b"), [(StrayClosingBrace, "}".into(), 2)]);
        assert_eq!(errors("/a{b"), [(UnclosedExpression, "{b".into(), 2)]);
        assert_eq!(errors("/a{b{c"), [(UnclosedExpression, "{b{c".into(), 2)]);
        assert_eq!(errors("{{{"), [(UnclosedExpression, "{{{".into(), 0)]);
        assert_eq!(errors("{{{}"), [(NestedBrace, "{{{}".into(), 0)]);
        assert_eq!(
            errors("/x/{{a}}"),
            [
                (NestedBrace, "{{a}".into(), 3),
                (StrayClosingBrace, "}".into(), 7)
            ]
        );
        assert_eq!(
            errors("/sparql{?query){&default-graph-uri*}"),
            [(NestedBrace, "{?query){&default-graph-uri*}".into(), 7)]
        );
        // Byte positions; the column counts characters.
        let error = Template::parse("/é/{x:0}").unwrap_err();
        assert_eq!((error.position, error.column()), (4, 4));
        assert_eq!(error.fragment, "{x:0}");
        assert_eq!(
            error.to_string(),
            "prefix length must be 1 to 9999 in `{x:0}` at column 4 of URL template `/é/{x:0}`"
        );
    }

    #[test]
    fn every_error_is_collected() {
        use TemplateErrorKind::*;
        let src = "{=a}/}/{x:0}/{ok}/{a b}{";
        assert_eq!(
            errors(src),
            [
                (ReservedOperator('='), "{=a}".into(), 0),
                (StrayClosingBrace, "}".into(), 5),
                (InvalidPrefix, "{x:0}".into(), 7),
                (InvalidVariableName, "{a b}".into(), 18),
                (UnclosedExpression, "{".into(), 23),
            ]
        );
        // A huge template full of mistakes stops collecting early.
        let huge = "}".repeat(1 << 20);
        assert_eq!(Template::parse_all(&huge).unwrap_err().len(), 1);
        let long = format!("{}{}", "/x".repeat(500), "}".repeat(24));
        assert_eq!(Template::parse_all(&long).unwrap_err().len(), 24);
        // `parse` reports the first.
        assert_eq!(Template::parse(src).unwrap_err().position, 0);
        assert_eq!(
            errors("}}"),
            [
                (StrayClosingBrace, "}".into(), 0),
                (StrayClosingBrace, "}".into(), 1)
            ]
        );
    }

    #[test]
    fn never_panics_on_odd_input() {
        let inputs = [
            "{",
            "}",
            "{{",
            "}}",
            "{:}",
            "{x:",
            "{x*",
            "%",
            "%%",
            "%4",
            "<",
            ">",
            ":",
            "/:",
            "/<",
            "{%",
            "{%4",
            "{x:99999999999999999999}",
            "é{é}é",
            "\u{0}",
            "/<é>",
            "/:é",
        ];
        for src in inputs {
            let _ = Template::parse_all(src);
        }
    }
}
