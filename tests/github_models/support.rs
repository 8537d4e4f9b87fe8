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
    /// JSON, decoded by the function into the struct's answer type, for
    /// the answer's status (an answer type by status chooses its variant
    /// by it).
    Json(fn(u16, &Value) -> Outcome),
    /// Text or bytes: the answer type is `String` or `Bytes`.
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
        Answer::Json(|_, answer| check::<R::Response>(answer)),
    )
}

/// An operation whose answer type differs by status (an `answers!` enum).
pub const fn by_status<R>(id: &'static str, method: &'static str, path: &'static str) -> Operation
where
    R: TypedRequest,
    R::Response: endpoint::model::Answer + Serialize,
{
    entry(
        id,
        method,
        path,
        R::METHOD,
        Answer::Json(check_status::<R::Response>),
    )
}

/// An operation whose answer is bytes (a media type of its own).
pub const fn bytes<R: TypedRequest<Response = endpoint::body::Bytes>>(
    id: &'static str,
    method: &'static str,
    path: &'static str,
) -> Operation {
    entry(id, method, path, R::METHOD, Answer::Text)
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

/// [`check`] for an answer type by status: decoded as the client decodes
/// an answer of `status`, written back and compared alike.
pub fn check_status<T: endpoint::model::Answer + Serialize>(
    status: u16,
    answer: &Value,
) -> Outcome {
    let text = answer.to_string();
    let decoded = match T::decode(status, Some("application/json"), text.as_bytes()) {
        Ok(decoded) => decoded,
        Err(err) => {
            let path = if err.path().is_empty() {
                ".".to_owned()
            } else {
                err.path().to_owned()
            };
            return Outcome {
                failures: vec![Failure {
                    path,
                    message: err.serde_error().to_string(),
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

/// One recorded exchange whose answer is checked: where it was recorded,
/// the request's method and path, and the answer.
pub struct Exchange {
    /// The file, relative to the source's folder, and the exchange's index
    /// in it.
    pub file: String,
    pub index: usize,
    /// The method, as recorded.
    pub method: String,
    /// The path below the API's root (a GitHub Enterprise Server's
    /// `/api/v3` prefix removed), without its query.
    pub path: String,
    pub status: u64,
    pub content_type: String,
    /// The answer's body, as text.
    pub body: String,
    /// The year it was recorded in, when the recording tells.
    pub year: Option<u16>,
}

/// The path of a recorded URL below the API's root: the part after the
/// host, without the query, and without the `/api/v3` prefix of a GitHub
/// Enterprise Server. A host written as a `<<PLACEHOLDER>>` stands for a
/// server's API root.
pub fn api_path(url: &str) -> String {
    let (host, rest) = if let Some(after) = url.strip_prefix("<<") {
        let end = after.find(">>").map_or(0, |end| end + 2);
        ("<<", &after[end..])
    } else {
        let after = url.split_once("://").map_or(url, |(_, after)| after);
        match after.find('/') {
            Some(slash) => (&after[..slash], &after[slash..]),
            None => (after, ""),
        }
    };
    let path = rest.split('?').next().unwrap_or_default();
    let path = format!("/{}", path.trim_start_matches('/'));
    match path.strip_prefix("/api/v3") {
        Some(below) if host != "api.github.com" && (below.is_empty() || below.starts_with('/')) => {
            if below.is_empty() {
                "/".into()
            } else {
                below.into()
            }
        }
        _ => path,
    }
}

/// The year of a date written as HTTP writes them (`Sat, 09 Sep 2023
/// 18:32:58 GMT`) somewhere in `text`.
pub fn year_in(text: &str) -> Option<u16> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let words: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    words.windows(3).find_map(|w| {
        (w[0].len() <= 2 && w[0].bytes().all(|b| b.is_ascii_digit()) && MONTHS.contains(&w[1]))
            .then(|| w[2].parse().ok())
            .flatten()
            .filter(|year| (2000..2100).contains(year))
    })
}

/// The exchanges of a VCR cassette (octokit.rb's `spec/cassettes/`): an
/// object whose `http_interactions` each hold a `request` (`method`, `uri`)
/// and a `response` (`status.code`, `headers`, `body.string` or
/// `body.base64_string`), recorded at `recorded_at`.
pub fn vcr_cassette(file: &str, text: &str) -> Result<Vec<Exchange>, String> {
    use base64::Engine as _;
    let cassette: Value = serde_json::from_str(text).map_err(|err| format!("{file}: {err}"))?;
    let interactions = cassette["http_interactions"]
        .as_array()
        .ok_or_else(|| format!("{file}: no `http_interactions` list"))?;
    let mut exchanges = Vec::new();
    for (index, interaction) in interactions.iter().enumerate() {
        let response = &interaction["response"];
        let body = &response["body"];
        let body = match body["base64_string"].as_str() {
            Some(encoded) => {
                let compact: String = encoded.split_whitespace().collect();
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(compact)
                    .map_err(|err| format!("{file} #{index}: body: {err}"))?;
                String::from_utf8_lossy(&bytes).into_owned()
            }
            None => body["string"].as_str().unwrap_or_default().to_owned(),
        };
        let content_type = response["headers"]
            .as_object()
            .and_then(|headers| {
                headers
                    .iter()
                    .find(|(name, _)| name.eq_ignore_ascii_case("content-type"))
            })
            .and_then(|(_, value)| value.get(0).or(Some(value)))
            .and_then(Value::as_str)
            .unwrap_or_default();
        exchanges.push(Exchange {
            file: file.to_owned(),
            index,
            method: interaction["request"]["method"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            path: api_path(interaction["request"]["uri"].as_str().unwrap_or_default()),
            status: response["status"]["code"].as_u64().unwrap_or_default(),
            content_type: content_type.to_owned(),
            body,
            year: interaction["recorded_at"].as_str().and_then(year_in),
        });
    }
    Ok(exchanges)
}

/// The exchanges of a PyGithub replay file (`tests/ReplayData/`): eleven
/// lines each (protocol, method, host, port, path, request headers, request
/// body, status, response headers as a Python list of pairs, response body,
/// an empty line). A streamed body (base64 lines to the end) ends the list.
pub fn replay_data(file: &str, text: &str) -> Result<Vec<Exchange>, String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut exchanges = Vec::new();
    let mut at = 0;
    while at + 10 <= lines.len() && matches!(lines[at], "http" | "https") {
        let [protocol, method, host, _, path, _, _, status, headers, body] =
            <[&str; 10]>::try_from(&lines[at..at + 10]).expect("ten lines");
        let status = status
            .parse()
            .map_err(|_| format!("{file} line {}: status {status:?}", at + 8))?;
        let lower = headers.to_ascii_lowercase();
        let content_type = lower
            .find("'content-type', '")
            .map(|start| {
                let value = &headers[start + "'content-type', '".len()..];
                &value[..value.find('\'').unwrap_or(value.len())]
            })
            .unwrap_or_default();
        let date = lower
            .find("'date', '")
            .map_or("", |start| &headers[start..]);
        exchanges.push(Exchange {
            file: file.to_owned(),
            index: exchanges.len(),
            method: method.to_owned(),
            path: api_path(&format!("{protocol}://{host}{path}")),
            status,
            content_type: content_type.to_owned(),
            body: body.to_owned(),
            year: year_in(date),
        });
        at += 11;
    }
    Ok(exchanges)
}
