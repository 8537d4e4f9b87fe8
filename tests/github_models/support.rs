//! What the models' tests share: the table's entries, decoding a JSON answer
//! into an operation's answer type, and comparing what the type writes back
//! with what was decoded.

use std::fmt;

use endpoint::TypedRequest;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// What an operation answers.
#[derive(Clone, Copy)]
pub enum Answer {
    /// JSON, decoded by the function into the struct's answer type.
    Json(fn(&Value) -> Outcome),
    /// Text: the answer type is `String`.
    Text,
    /// No body: the answer type is `()`.
    Empty,
}

/// One entry of the generated table.
pub struct Operation {
    /// The operationId.
    pub id: &'static str,
    /// The method, uppercase.
    pub method: &'static str,
    /// The path template, as the description spells it.
    pub path: &'static str,
    /// The parameters of the path whose value may hold `/`.
    pub multi_segment: &'static [&'static str],
    /// What it answers.
    pub answer: Answer,
    /// The method of the struct (`TypedRequest::METHOD`), the same as
    /// `method`.
    pub struct_method: &'static str,
}

impl Operation {
    /// The same operation, with the parameters of its path that match
    /// several segments.
    pub const fn multi_segment(self, names: &'static [&'static str]) -> Operation {
        Operation {
            multi_segment: names,
            ..self
        }
    }

    /// Whether the operation's method and path template match a request's
    /// method and path (without its query): `{param}` matches one segment,
    /// a multi-segment parameter one or more (the last may be empty, as in
    /// `/contents/`). The score of a match is its number of literal
    /// segments, so that the most specific template wins.
    pub fn matches(&self, method: &str, path: &str) -> Option<usize> {
        if !self.method.eq_ignore_ascii_case(method) {
            return None;
        }
        let template: Vec<&str> = self.path.split('/').collect();
        let segments: Vec<&str> = path.split('/').collect();
        let literals = template.iter().filter(|s| !s.starts_with('{')).count();
        self.match_from(&template, &segments).then_some(literals)
    }

    fn match_from(&self, template: &[&str], segments: &[&str]) -> bool {
        let Some((first, rest)) = template.split_first() else {
            return segments.is_empty();
        };
        let Some(name) = first.strip_prefix('{').and_then(|s| s.strip_suffix('}')) else {
            return segments.first() == Some(first) && self.match_from(rest, &segments[1..]);
        };
        if self.multi_segment.contains(&name) {
            (1..=segments.len()).any(|taken| self.match_from(rest, &segments[taken..]))
        } else {
            segments.first().is_some_and(|segment| !segment.is_empty())
                && self.match_from(rest, &segments[1..])
        }
    }
}

/// An operation whose answer is JSON.
pub const fn op<R>(id: &'static str, method: &'static str, path: &'static str) -> Operation
where
    R: TypedRequest,
    R::Response: DeserializeOwned + Serialize,
{
    entry(
        id,
        method,
        path,
        R::METHOD,
        Answer::Json(check::<R::Response>),
    )
}

/// An operation whose answer is text.
pub const fn text<R: TypedRequest<Response = String>>(
    id: &'static str,
    method: &'static str,
    path: &'static str,
) -> Operation {
    entry(id, method, path, R::METHOD, Answer::Text)
}

/// An operation without an answer body.
pub const fn empty<R: TypedRequest<Response = ()>>(
    id: &'static str,
    method: &'static str,
    path: &'static str,
) -> Operation {
    entry(id, method, path, R::METHOD, Answer::Empty)
}

const fn entry(
    id: &'static str,
    method: &'static str,
    path: &'static str,
    struct_method: &'static str,
    answer: Answer,
) -> Operation {
    Operation {
        id,
        method,
        path,
        multi_segment: &[],
        answer,
        struct_method,
    }
}

/// Whether a media type is JSON (`application/json`, `…+json`), as the
/// generator decides.
pub fn is_json(media_type: &str) -> bool {
    let essence = media_type.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("application/json") || essence.ends_with("+json")
}

/// A value that did not decode, or did not come back as it was.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// Where, as a JSON path (`[0].user.login`; `.` for the whole value).
    pub path: String,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.path, self.message)
    }
}

/// The result of checking one JSON answer against a type.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The scalar values (and `null`s) compared with the written-back ones.
    pub compared: usize,
    /// The keys of the answer's objects.
    pub keys: usize,
    /// The keys of the answer the type does not model (absent once written
    /// back), with their paths.
    pub not_modeled: Vec<String>,
    /// What did not decode or did not come back.
    pub failures: Vec<Failure>,
}

/// Decodes `answer` into `T` (a failure names the JSON path and serde's
/// message), writes it back with `Serialize` and compares: every key the
/// type keeps must hold the value it had (numbers compared as numbers, a
/// key the answer did not have may come back as `null`), and the keys it
/// drops are counted as not modeled.
pub fn check<T: DeserializeOwned + Serialize>(answer: &Value) -> Outcome {
    let text = answer.to_string();
    let mut deserializer = serde_json::Deserializer::from_str(&text);
    let decoded: T = match serde_path_to_error::deserialize(&mut deserializer) {
        Ok(decoded) => decoded,
        Err(err) => {
            return Outcome {
                failures: vec![Failure {
                    path: err.path().to_string(),
                    message: err.into_inner().to_string(),
                }],
                ..Outcome::default()
            };
        }
    };
    let mut outcome = Outcome::default();
    match serde_json::to_value(&decoded) {
        Ok(written) => compare(answer, &written, &mut String::new(), &mut outcome),
        Err(err) => outcome.failures.push(Failure {
            path: ".".into(),
            message: format!("does not serialize: {err}"),
        }),
    }
    outcome
}

/// Compares the `original` value at `path` with what was `written` back.
fn compare(original: &Value, written: &Value, path: &mut String, outcome: &mut Outcome) {
    let at = |path: &str| {
        if path.is_empty() {
            ".".to_owned()
        } else {
            path.to_owned()
        }
    };
    match (original, written) {
        (Value::Object(original), Value::Object(written)) => {
            for (key, value) in original {
                outcome.keys += 1;
                let len = path.len();
                push_key(path, key);
                match written.get(key) {
                    Some(back) => compare(value, back, path, outcome),
                    None => outcome.not_modeled.push(path.clone()),
                }
                path.truncate(len);
            }
            for (key, value) in written {
                if !original.contains_key(key) && !value.is_null() {
                    let len = path.len();
                    push_key(path, key);
                    outcome.failures.push(Failure {
                        path: path.clone(),
                        message: format!("written back as {value}, absent from the answer"),
                    });
                    path.truncate(len);
                }
            }
        }
        (Value::Array(original), Value::Array(written)) if original.len() == written.len() => {
            for (index, (value, back)) in original.iter().zip(written).enumerate() {
                let len = path.len();
                let _ = fmt::Write::write_fmt(path, format_args!("[{index}]"));
                compare(value, back, path, outcome);
                path.truncate(len);
            }
        }
        (Value::Number(a), Value::Number(b)) => {
            outcome.compared += 1;
            let same = match (a.as_i64(), b.as_i64(), a.as_u64(), b.as_u64()) {
                (Some(a), Some(b), _, _) => a == b,
                (_, _, Some(a), Some(b)) => a == b,
                _ => a.as_f64() == b.as_f64(),
            };
            if !same {
                outcome.failures.push(Failure {
                    path: at(path),
                    message: format!("{a} written back as {b}"),
                });
            }
        }
        (Value::Array(_) | Value::Object(_), _) | (_, Value::Array(_) | Value::Object(_)) => {
            outcome.failures.push(Failure {
                path: at(path),
                message: format!("{} written back as {}", brief(original), brief(written)),
            });
        }
        (original, written) => {
            outcome.compared += 1;
            if original != written {
                outcome.failures.push(Failure {
                    path: at(path),
                    message: format!("{original} written back as {written}"),
                });
            }
        }
    }
}

/// `.key`, or `["key"]` when the key is not a plain name.
fn push_key(path: &mut String, key: &str) {
    if !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        path.push('.');
        path.push_str(key);
    } else {
        path.push_str(&format!("[{key:?}]"));
    }
}

/// A value in a message: scalars as they are, lists and objects by size.
fn brief(value: &Value) -> String {
    match value {
        Value::Array(items) => format!("a list of {}", items.len()),
        Value::Object(map) => format!("an object of {} keys", map.len()),
        other => other.to_string(),
    }
}
