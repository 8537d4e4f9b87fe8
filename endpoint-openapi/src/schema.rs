//! Reading: a JSON schema of an OpenAPI description into plain data.
//!
//! References to component schemas stay references (by component name), so
//! that a component becomes one named type; everything else is read whole.
//! Nothing is decided here beyond what the schema says.
//!
//! OpenAPI 3.0 and 3.1 are read alike:
//!
//! - `type: [a, "null"]` is `a` and [`Schema::nullable`]; several types
//!   (`["string", "integer"]`) are a [`Kind::OneOf`] of each; a lone
//!   `{"type": "null"}` (or `{"enum": [null]}`) alternative of a
//!   `oneOf`/`anyOf` makes the union nullable instead of being an
//!   alternative, but `{"nullable": true}` with no `type` admits any value,
//!   and so does an alternative that says what its values are without a
//!   `type` (`items`, an `enum` of several types);
//! - `const` is an `enum` of one value;
//! - an `enum` without `type` takes the type of its values (all strings: a
//!   string enum); an `enum` of integers is [`Kind::Integer`] (the values
//!   are not kept); an `enum` of values of several types is [`Kind::Any`];
//! - `prefixItems` (a tuple) is a list of any values: [`Kind::Array`] of
//!   [`Kind::Any`], unless `items` says what every item is; `items` or
//!   `prefixItems` without `type: array` apply to arrays only, and the
//!   schema admits any value ([`Kind::Any`]);
//! - `required` in an `allOf` part, or beside `allOf`, applies to the
//!   properties another part defines ([`Object::required`]);
//! - `$ref` is the reference: other keywords that describe values beside
//!   it are ignored, as OpenAPI 3.0 says (from 3.1 on, where both hold,
//!   the reader has already made them an `allOf` of the reference and the
//!   rest); `description`, `title`, `nullable` and `deprecated` beside a
//!   `$ref` are the reference's own;
//! - `format`, `readOnly`, `writeOnly`, `default`, `minimum: 0` and
//!   `discriminator` are kept on the [`Schema`], and what it says of its
//!   values beyond their type (bounds, lengths, `pattern`, the values of
//!   `enum` or `const`) in its [`Constraints`], for documentation;
//!   `examples` and `example` are not (the reader keeps those of component
//!   schemas, media types and their parts in the read model, for
//!   `crate::examples`);
//!   `additionalProperties: false` is [`Additional::None`].

use serde_json::{Map, Number, Value};

/// Where component schemas are referenced from.
pub const COMPONENT_SCHEMAS: &str = "#/components/schemas/";

/// How deeply a schema may nest before it is refused.
const MAX_DEPTH: usize = 64;

/// One schema.
#[derive(Clone, Debug, PartialEq)]
pub struct Schema {
    /// What values it describes.
    pub kind: Kind,
    /// Whether `null` is allowed too (`nullable: true`, `null` in `type`
    /// or `enum`).
    pub nullable: bool,
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `deprecated`.
    pub deprecated: bool,
    /// `format`, of any type (`int32`, `uint64`, `float`, `binary`, `byte`,
    /// `date-time`, …).
    pub format: Option<String>,
    /// Whether `minimum` (or `exclusiveMinimum`) says the value is never
    /// negative.
    pub unsigned: bool,
    /// `readOnly`: sent by the server only.
    pub read_only: bool,
    /// `writeOnly`: sent by the client only.
    pub write_only: bool,
    /// `default`, for documentation.
    pub default: Option<Value>,
    /// `discriminator` of a `oneOf`/`anyOf`.
    pub discriminator: Option<Discriminator>,
    /// What it says of its values beyond their type, for documentation;
    /// `None` when it says nothing more (most schemas: kept small, as
    /// schemas are cloned and compared while planning).
    pub constraints: Option<Box<Constraints>>,
}

/// What a schema says of its values beyond their type, as written: kept
/// for documentation ([`Schema::constraints_doc`]), never checked.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Constraints {
    /// `minimum` (`exclusiveMinimum`: `true` in OpenAPI 3.0, a number from
    /// 3.1 on).
    pub minimum: Option<Bound>,
    /// `maximum` (`exclusiveMaximum` alike).
    pub maximum: Option<Bound>,
    /// `minLength`.
    pub min_length: Option<u64>,
    /// `maxLength`.
    pub max_length: Option<u64>,
    /// `minItems`.
    pub min_items: Option<u64>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// `pattern`.
    pub pattern: Option<String>,
    /// The values of `enum` (or `const`), `null` left out; empty when any
    /// value of the type is allowed.
    pub values: Vec<Value>,
}

/// A bound of a number: its value, and whether the value itself is left out.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    /// The bound, as written.
    pub value: Number,
    /// Whether the value itself is out (`exclusiveMinimum`,
    /// `exclusiveMaximum`).
    pub exclusive: bool,
}

/// The formats that a field's Rust type says already (`i32`, `u64`, a
/// timestamp, bytes), which its documentation leaves out.
const TYPE_FORMATS: [&str; 7] = [
    "int32",
    "int64",
    "uint32",
    "uint64",
    "double",
    "date-time",
    "binary",
];

/// How many values of an `enum` its documentation lists.
const LISTED_VALUES: usize = 10;

/// How many characters of a value its documentation shows.
const SHOWN_CHARACTERS: usize = 80;

/// `discriminator`: the property whose value names the alternative.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Discriminator {
    /// `propertyName`.
    pub property_name: String,
    /// `mapping`: each value and the component schema it names (a
    /// reference reduced to the component's name, or the name as written).
    pub mapping: Vec<(String, String)>,
}

/// What values a schema describes.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A component schema, by name.
    Ref(String),
    /// A string, with its `format` and, for an `enum`, its values.
    String {
        /// `format` (`date-time`, `uri`, …).
        format: Option<String>,
        /// The values of `enum`, when there is one.
        values: Option<Vec<String>>,
    },
    /// An integer.
    Integer,
    /// A number.
    Number,
    /// A boolean.
    Boolean,
    /// An array of items.
    Array(Box<Schema>),
    /// An object.
    Object(Object),
    /// `oneOf` or `anyOf`: one of these (alternatives that only constrain,
    /// with no type of their own, are left out; one that admits any value
    /// is [`Kind::Any`]).
    OneOf(Vec<Schema>),
    /// `allOf`: all of these at once (with, last, the properties and
    /// `required` beside the `allOf`, and each part that only requires
    /// keys, as [`Kind::Object`] parts).
    AllOf(Vec<Schema>),
    /// Any value.
    Any,
}

/// An object's properties.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Object {
    /// The named properties, in the description's order.
    pub properties: Vec<Property>,
    /// What other keys may hold.
    pub additional: Additional,
    /// The keys `required` lists that no property here defines: in an
    /// `allOf`, another part's properties that this part requires.
    pub required: Vec<String>,
}

/// `additionalProperties`.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Additional {
    /// None said (or `false`).
    #[default]
    None,
    /// `true` or `{}`: any value.
    Any,
    /// Values of this schema.
    Typed(Box<Schema>),
}

/// A named property of an object.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    /// The key, as the JSON spells it.
    pub name: String,
    /// Its schema.
    pub schema: Schema,
    /// Whether `required` names it.
    pub required: bool,
}

impl Schema {
    /// Reads a schema. `at` names where it is, for errors.
    ///
    /// # Errors
    /// A reference that is not to a component schema, or nesting deeper
    /// than 64 levels.
    pub fn read(value: &Value, at: &str) -> Result<Schema, String> {
        read(value, at, 0)
    }

    /// A schema of `kind` with nothing else said.
    pub fn of(kind: Kind) -> Schema {
        Schema {
            kind,
            nullable: false,
            title: None,
            description: None,
            deprecated: false,
            format: None,
            unsigned: false,
            read_only: false,
            write_only: false,
            default: None,
            discriminator: None,
            constraints: None,
        }
    }

    /// What the schema says of its values beyond their type, as one line of
    /// rustdoc (`` Default: `20`; at least `1`; at most `100`. ``): its
    /// `default`, bounds, lengths, `pattern`, the values of its `enum` (the
    /// first ten) and its `format` (but those its Rust type says: `int32`,
    /// `int64`, `uint32`, `uint64`, `double`, `date-time`, `binary`);
    /// `None` when it says none of these.
    pub fn constraints_doc(&self) -> Option<String> {
        let none = Constraints::default();
        let c = self.constraints.as_deref().unwrap_or(&none);
        let mut parts: Vec<String> = Vec::new();
        if let Some(default) = &self.default {
            parts.push(format!("default: {}", code(&json_text(default))));
        }
        for (bound, inclusive, exclusive) in [
            (&c.minimum, "at least", "more than"),
            (&c.maximum, "at most", "less than"),
        ] {
            if let Some(bound) = bound {
                let word = if bound.exclusive {
                    exclusive
                } else {
                    inclusive
                };
                parts.push(format!("{word} {}", code(&bound.value.to_string())));
            }
        }
        for (count, word, unit) in [
            (c.min_length, "at least", "character"),
            (c.max_length, "at most", "character"),
            (c.min_items, "at least", "item"),
            (c.max_items, "at most", "item"),
        ] {
            if let Some(count) = count {
                let plural = if count == 1 { "" } else { "s" };
                parts.push(format!("{word} {count} {unit}{plural}"));
            }
        }
        if let Some(pattern) = &c.pattern {
            parts.push(format!("matching {}", code(&plain_text(pattern))));
        }
        if let [only] = c.values.as_slice() {
            parts.push(format!("always {}", code(&json_text(only))));
        } else if !c.values.is_empty() {
            let listed: Vec<String> = c
                .values
                .iter()
                .take(LISTED_VALUES)
                .map(|value| code(&json_text(value)))
                .collect();
            let more = if c.values.len() > LISTED_VALUES {
                format!(" and {} more", c.values.len() - LISTED_VALUES)
            } else {
                String::new()
            };
            parts.push(format!("one of {}{more}", listed.join(", ")));
        }
        if let Some(format) = self
            .format
            .as_deref()
            .filter(|format| !TYPE_FORMATS.contains(format))
        {
            parts.push(format!("format {}", code(&plain_text(format))));
        }
        let first = parts.first_mut()?;
        if let Some(letter) = first.get(..1) {
            let upper = letter.to_ascii_uppercase();
            first.replace_range(..1, &upper);
        }
        Some(format!("{}.", parts.join("; ")))
    }

    /// Whether the schema only constrains (no type, properties, items,
    /// reference or alternatives): an alternative that says "this key is
    /// required" and nothing else.
    pub fn is_constraint(&self) -> bool {
        matches!(self.kind, Kind::Any) && !self.nullable
    }
}

impl Default for Schema {
    /// Any value, nothing else said.
    fn default() -> Self {
        Schema::of(Kind::Any)
    }
}

fn read(value: &Value, at: &str, depth: usize) -> Result<Schema, String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at}: nested more than {MAX_DEPTH} levels"));
    }
    let Some(object) = value.as_object() else {
        // `true` / `{}`-like schemas.
        return Ok(Schema::of(Kind::Any));
    };
    let text = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_owned);
    let flag = |key: &str| object.get(key).and_then(Value::as_bool) == Some(true);
    let minimum = |key: &str| object.get(key).and_then(Value::as_f64);
    let mut schema = Schema {
        kind: Kind::Any,
        nullable: flag("nullable"),
        title: text("title"),
        description: text("description"),
        deprecated: flag("deprecated"),
        format: text("format"),
        unsigned: minimum("minimum").is_some_and(|m| m >= 0.0)
            || minimum("exclusiveMinimum").is_some_and(|m| m >= -1.0),
        read_only: flag("readOnly"),
        write_only: flag("writeOnly"),
        default: object.get("default").cloned(),
        discriminator: object
            .get("discriminator")
            .and_then(Value::as_object)
            .and_then(discriminator),
        constraints: constraints(object),
    };
    if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
        let name = reference
            .strip_prefix(COMPONENT_SCHEMAS)
            .ok_or_else(|| format!("{at}: `{reference}` is not a component schema"))?;
        schema.kind = Kind::Ref(name.to_owned());
        return Ok(schema);
    }
    let mut types: Vec<&str> = match object.get("type") {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if let Some(null) = types.iter().position(|t| *t == "null") {
        types.remove(null);
        schema.nullable = true;
    }
    let mut null_alternative = false;
    let mut alternatives =
        |key: &str| read_alternatives(object, key, at, depth, &mut null_alternative);
    if let Some(mut parts) = alternatives("allOf")? {
        // `readOnly` or `writeOnly` in a part (`[{"$ref": …}, {"readOnly":
        // true}]`) holds for the whole.
        let said = |key: &str| {
            object
                .get("allOf")
                .and_then(Value::as_array)
                .is_some_and(|parts| {
                    parts
                        .iter()
                        .any(|part| part.get(key) == Some(&Value::Bool(true)))
                })
        };
        schema.read_only |= said("readOnly");
        schema.write_only |= said("writeOnly");
        if shapes_object(object) {
            // `properties` or `required` beside `allOf`: one more part.
            parts.push(Schema::of(Kind::Object(read_object(object, at, depth)?)));
        }
        schema.kind = Kind::AllOf(parts);
        return Ok(schema);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(list) = alternatives(key)?
            && !list.is_empty()
        {
            schema.nullable |= null_alternative;
            schema.kind = match <[Schema; 1]>::try_from(list) {
                // One alternative besides `null`: that one.
                Ok([one]) if null_alternative => {
                    let mut one = one;
                    one.nullable = true;
                    one.title = one.title.or(schema.title);
                    one.description = one.description.or(schema.description);
                    return Ok(one);
                }
                Ok([one]) => Kind::OneOf(vec![one]),
                Err(list) => Kind::OneOf(list),
            };
            return Ok(schema);
        }
    }
    // `const` is an `enum` of one value.
    let values: Option<Vec<Value>> = match (object.get("const"), object.get("enum")) {
        (Some(value), _) => Some(vec![value.clone()]),
        (None, Some(Value::Array(values))) => Some(values.clone()),
        _ => None,
    };
    if let Some(values) = &values {
        if values.iter().any(Value::is_null) {
            schema.nullable = true;
        }
        if types.is_empty()
            && let Some(one) = type_of_values(values)
        {
            types.push(one);
        }
    }
    if types.len() > 1 {
        // `type: ["string", "integer"]`: one of each.
        let mut alternatives = Vec::new();
        for ty in &types {
            let mut one = object.clone();
            one.insert("type".into(), Value::String((*ty).to_owned()));
            for key in ["title", "description", "nullable", "deprecated", "default"] {
                one.remove(key);
            }
            alternatives.push(read(&Value::Object(one), &format!("{at}.type"), depth + 1)?);
        }
        schema.kind = Kind::OneOf(alternatives);
        return Ok(schema);
    }
    let is_object = types.contains(&"object")
        || (types.is_empty()
            && (object.contains_key("properties") || object.contains_key("additionalProperties")));
    schema.kind = if is_object {
        Kind::Object(read_object(object, at, depth)?)
    } else {
        scalar_kind(
            object,
            types.first().copied(),
            schema.format.clone(),
            values,
            at,
            depth,
        )?
    };
    Ok(schema)
}

/// The alternatives of `key` (`allOf`, `oneOf`, `anyOf`) of a schema at
/// `at`, `None` when it has none: each read, but for a `{"type": "null"}`
/// alternative of a union (which sets `null_alternative`) and an `allOf`
/// part that only constrains what another part defines.
fn read_alternatives(
    object: &Map<String, Value>,
    key: &str,
    at: &str,
    depth: usize,
    null_alternative: &mut bool,
) -> Result<Option<Vec<Schema>>, String> {
    let Some(list) = object.get(key).and_then(Value::as_array) else {
        return Ok(None);
    };
    let mut out = Vec::new();
    for (i, raw) in list.iter().enumerate() {
        let alternative = read(raw, &format!("{at}.{key}[{i}]"), depth + 1)?;
        let any = alternative.kind == Kind::Any;
        if any && alternative.nullable && key != "allOf" && only_null(raw) {
            // `{"type": "null"}`: the union allows `null`.
            *null_alternative = true;
        } else if !alternative.is_constraint() || (key != "allOf" && any && admits_any(raw)) {
            // An alternative of no type (`{"nullable": true}`,
            // `{"items": …}`) admits any value.
            out.push(alternative);
        } else if key == "allOf"
            && let Some(part) = raw.as_object().filter(|part| shapes_object(part))
        {
            // `{"required": ["id"]}`: what another part defines,
            // required.
            let at = format!("{at}.{key}[{i}]");
            out.push(Schema::of(Kind::Object(read_object(part, &at, depth + 1)?)));
        }
    }
    Ok(Some(out))
}

/// The type of an `enum`'s values, when they have one.
fn type_of_values(values: &[Value]) -> Option<&'static str> {
    let mut of_values: Vec<&'static str> = values
        .iter()
        .filter_map(|value| match value {
            Value::String(_) => Some("string"),
            Value::Number(n) if n.is_i64() || n.is_u64() => Some("integer"),
            Value::Number(_) => Some("number"),
            Value::Bool(_) => Some("boolean"),
            _ => None,
        })
        .collect();
    of_values.sort_unstable();
    of_values.dedup();
    match of_values.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// The kind of a schema of no object: of its type (`ty`, the first of
/// them), its `format` and its `enum`'s `values`.
fn scalar_kind(
    object: &Map<String, Value>,
    ty: Option<&str>,
    format: Option<String>,
    values: Option<Vec<Value>>,
    at: &str,
    depth: usize,
) -> Result<Kind, String> {
    Ok(match ty {
        Some("string") => Kind::String {
            format,
            values: values.map(|values| {
                values
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            }),
        },
        Some("integer") => Kind::Integer,
        Some("number") => Kind::Number,
        Some("boolean") => Kind::Boolean,
        Some("array") if object.contains_key("items") => Kind::Array(Box::new(read(
            &object["items"],
            &format!("{at}.items"),
            depth + 1,
        )?)),
        // A tuple: a list of any values.
        Some("array") => Kind::Array(Box::new(Schema::of(Kind::Any))),
        // `items` without `type` applies to arrays only: any value.
        _ => Kind::Any,
    })
}

/// Whether an alternative admits only `null`: `{"type": "null"}` (or
/// `["null"]`), `{"enum": [null]}`, `{"const": null}`. `{"nullable": true}`
/// alone says nothing of the type: any value.
fn only_null(value: &Value) -> bool {
    let Some(object) = value.as_object() else {
        return false;
    };
    let nulls = |values: &Vec<Value>, null: &dyn Fn(&Value) -> bool| {
        !values.is_empty() && values.iter().all(null)
    };
    match (object.get("type"), object.get("const"), object.get("enum")) {
        (Some(Value::String(ty)), _, _) => ty == "null",
        (Some(Value::Array(types)), _, _) => nulls(types, &|ty| ty == "null"),
        (Some(_), _, _) => false,
        (None, Some(value), _) => value.is_null(),
        (None, None, Some(Value::Array(values))) => nulls(values, &Value::is_null),
        (None, None, _) => false,
    }
}

/// Whether a schema of no type still says what its values are (`items`,
/// `prefixItems`, `enum`, `const` of several types): as an alternative it
/// admits any value, where one that only constrains (`{"required": […]}`)
/// is left out.
fn admits_any(value: &Value) -> bool {
    value.as_object().is_some_and(|object| {
        ["items", "prefixItems", "enum", "const"]
            .iter()
            .any(|key| object.contains_key(*key))
    })
}

/// Whether an `allOf` part or the schema beside `allOf` says something of
/// the merged object: properties, `required` keys or other keys allowed
/// (`additionalProperties: false` adds nothing to a merge that keeps only
/// the named properties anyway).
fn shapes_object(object: &Map<String, Value>) -> bool {
    let listed = |key: &str| match object.get(key) {
        Some(Value::Object(map)) => !map.is_empty(),
        Some(Value::Array(list)) => !list.is_empty(),
        _ => false,
    };
    let others = matches!(
        object.get("additionalProperties"),
        Some(Value::Bool(true) | Value::Object(_))
    );
    listed("properties") || listed("required") || others
}

/// `text` bounded to [`SHOWN_CHARACTERS`] characters, control characters
/// escaped as JSON escapes them, so that it stays on one line.
fn plain_text(text: &str) -> String {
    let text = if text.chars().any(char::is_control) {
        let quoted = Value::String(text.to_owned()).to_string();
        quoted[1..quoted.len() - 1].to_owned()
    } else {
        text.to_owned()
    };
    match text.char_indices().nth(SHOWN_CHARACTERS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// A value as JSON, bounded as [`plain_text`].
fn json_text(value: &Value) -> String {
    plain_text(&value.to_string())
}

/// `text` as a Markdown code span: between enough backticks that none of
/// its own closes it.
fn code(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    if longest == 0 {
        format!("{fence}{text}{fence}")
    } else {
        format!("{fence} {text} {fence}")
    }
}

/// The [`Constraints`] of a schema object.
fn constraints(object: &Map<String, Value>) -> Option<Box<Constraints>> {
    // One pass over the keys: most schemas name none of these, and a look-up
    // per keyword would hash each of them.
    let mut found: [Option<&Value>; 11] = [None; 11];
    let mut any = false;
    for (key, value) in object {
        let at = match key.as_str() {
            "minimum" => 0,
            "exclusiveMinimum" => 1,
            "maximum" => 2,
            "exclusiveMaximum" => 3,
            "minLength" => 4,
            "maxLength" => 5,
            "minItems" => 6,
            "maxItems" => 7,
            "pattern" => 8,
            "const" => 9,
            "enum" => 10,
            _ => continue,
        };
        found[at] = Some(value);
        any = true;
    }
    if !any {
        return None;
    }
    let number = |at: usize| match found[at] {
        Some(Value::Number(n)) => Some(n.clone()),
        _ => None,
    };
    let count = |at: usize| found[at].and_then(Value::as_u64);
    let bound = |at: usize, exclusive_at: usize| match number(exclusive_at) {
        // OpenAPI 3.1: the exclusive bound is a number of its own.
        Some(value) => Some(Bound {
            value,
            exclusive: true,
        }),
        None => number(at).map(|value| Bound {
            value,
            exclusive: found[exclusive_at].and_then(Value::as_bool) == Some(true),
        }),
    };
    let values = match (found[9], found[10]) {
        (Some(value), _) => vec![value.clone()],
        (None, Some(Value::Array(values))) => values.clone(),
        _ => Vec::new(),
    };
    let constraints = Constraints {
        minimum: bound(0, 1),
        maximum: bound(2, 3),
        min_length: count(4),
        max_length: count(5),
        min_items: count(6),
        max_items: count(7),
        pattern: found[8].and_then(Value::as_str).map(str::to_owned),
        values: values.into_iter().filter(|v| !v.is_null()).collect(),
    };
    (constraints != Constraints::default()).then(|| Box::new(constraints))
}

fn discriminator(object: &Map<String, Value>) -> Option<Discriminator> {
    let property_name = object.get("propertyName")?.as_str()?.to_owned();
    let mapping = object
        .get("mapping")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(value, target)| {
            let target = target.as_str()?;
            let name = target.strip_prefix(COMPONENT_SCHEMAS).unwrap_or(target);
            Some((value.clone(), name.to_owned()))
        })
        .collect();
    Some(Discriminator {
        property_name,
        mapping,
    })
}

fn read_object(object: &Map<String, Value>, at: &str, depth: usize) -> Result<Object, String> {
    let required: Vec<&str> = object
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let mut properties = Vec::new();
    for (name, value) in object
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        properties.push(Property {
            name: name.clone(),
            schema: read(value, &format!("{at}.{name}"), depth + 1)?,
            required: required.contains(&name.as_str()),
        });
    }
    let additional = match object.get("additionalProperties") {
        None | Some(Value::Bool(false)) => Additional::None,
        Some(Value::Bool(true)) => Additional::Any,
        Some(Value::Object(map)) if map.is_empty() => Additional::Any,
        Some(value) => Additional::Typed(Box::new(read(
            value,
            &format!("{at}.additionalProperties"),
            depth + 1,
        )?)),
    };
    let required = required
        .into_iter()
        .filter(|name| !properties.iter().any(|p: &Property| p.name == *name))
        .map(str::to_owned)
        .collect();
    Ok(Object {
        properties,
        additional,
        required,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_references_objects_and_nulls() {
        let schema = Schema::read(
            &json!({
                "type": "object",
                "required": ["id"],
                "properties": {
                    "id": {"type": "integer"},
                    "user": {"$ref": "#/components/schemas/simple-user"},
                    "state": {"type": "string", "enum": ["open", "closed", null]},
                    "labels": {"type": "array", "items": {"type": "string"}},
                    "extra": {"type": ["string", "null"], "format": "uri"}
                }
            }),
            "issue",
        )
        .unwrap();
        let Kind::Object(object) = schema.kind else {
            panic!("an object")
        };
        let names: Vec<_> = object.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["id", "user", "state", "labels", "extra"]);
        assert!(object.properties[0].required && !object.properties[1].required);
        assert_eq!(
            object.properties[1].schema.kind,
            Kind::Ref("simple-user".into())
        );
        assert!(object.properties[2].schema.nullable);
        assert!(object.properties[4].schema.nullable);
        assert_eq!(
            object.properties[4].schema.kind,
            Kind::String {
                format: Some("uri".into()),
                values: None
            }
        );
    }

    #[test]
    fn constraint_only_alternatives_are_left_out() {
        let schema = Schema::read(
            &json!({"oneOf": [{"required": ["a"]}, {"type": "string"}]}),
            "x",
        )
        .unwrap();
        assert_eq!(
            schema.kind,
            Kind::OneOf(vec![Schema::of(Kind::String {
                format: None,
                values: None
            })])
        );
    }

    #[test]
    fn refuses_other_references() {
        let err = Schema::read(&json!({"$ref": "#/components/responses/x"}), "a.b").unwrap_err();
        assert_eq!(
            err,
            "a.b: `#/components/responses/x` is not a component schema"
        );
    }

    fn kind(value: serde_json::Value) -> Kind {
        Schema::read(&value, "x").unwrap().kind
    }

    fn string(values: Option<&[&str]>) -> Kind {
        Kind::String {
            format: None,
            values: values.map(|v| v.iter().map(|s| (*s).to_owned()).collect()),
        }
    }

    #[test]
    fn reads_openapi_3_1() {
        let several = Schema::read(&json!({"type": ["string", "integer", "null"]}), "x").unwrap();
        assert!(several.nullable);
        assert_eq!(
            several.kind,
            Kind::OneOf(vec![Schema::of(string(None)), Schema::of(Kind::Integer)])
        );
        assert_eq!(kind(json!({"const": "on"})), string(Some(&["on"])));
        assert_eq!(kind(json!({"enum": ["a", "b"]})), string(Some(&["a", "b"])));
        assert_eq!(kind(json!({"enum": [1, 2]})), Kind::Integer);
        assert_eq!(kind(json!({"enum": [1, "a"]})), Kind::Any);
        assert_eq!(
            kind(
                json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]})
            ),
            Kind::Array(Box::new(Schema::of(Kind::Any)))
        );
        assert_eq!(
            kind(json!({"examples": [1], "type": "integer"})),
            Kind::Integer
        );
        // `{"type": "null"}` beside one alternative: that one, nullable.
        let one = Schema::read(
            &json!({"anyOf": [{"$ref": "#/components/schemas/pet"}, {"type": "null"}]}),
            "x",
        )
        .unwrap();
        assert!(one.nullable);
        assert_eq!(one.kind, Kind::Ref("pet".into()));
    }

    #[test]
    fn no_type_is_any_value() {
        assert_eq!(kind(json!({"items": {"type": "string"}})), Kind::Any);
        assert_eq!(
            kind(json!({"prefixItems": [{"type": "string"}]})),
            Kind::Any
        );
        assert_eq!(
            kind(json!({"type": "array", "items": {"type": "string"}})),
            Kind::Array(Box::new(Schema::of(string(None))))
        );
        let pet = || Schema::of(Kind::Ref("pet".into()));
        let any = Schema {
            nullable: true,
            ..Schema::default()
        };
        let pet_ref = json!({"$ref": "#/components/schemas/pet"});
        assert_eq!(
            kind(json!({"anyOf": [pet_ref, {"nullable": true}]})),
            Kind::OneOf(vec![pet(), any])
        );
        assert_eq!(
            kind(json!({"oneOf": [pet_ref, {"items": {"type": "string"}}, {"required": ["a"]}]})),
            Kind::OneOf(vec![pet(), Schema::default()])
        );
        for alone in [
            json!({"type": "null"}),
            json!({"type": ["null"]}),
            json!({"enum": [null]}),
            json!({"const": null}),
        ] {
            let one = Schema::read(&json!({"anyOf": [pet_ref, alone]}), "x").unwrap();
            assert_eq!((one.kind, one.nullable), (Kind::Ref("pet".into()), true));
        }
    }

    #[test]
    fn required_beside_all_of_is_a_part() {
        let object = |properties: Vec<Property>, required: &[&str]| {
            Schema::of(Kind::Object(Object {
                properties,
                additional: Additional::None,
                required: required.iter().map(|r| (*r).to_owned()).collect(),
            }))
        };
        let pet = Schema::of(Kind::Ref("pet".into()));
        // Nothing said of the merged object: the reference alone.
        assert_eq!(
            kind(json!({"allOf": [{"$ref": "#/components/schemas/pet"}],
                        "additionalProperties": false, "required": []})),
            Kind::AllOf(vec![pet.clone()])
        );
        assert_eq!(
            kind(
                json!({"allOf": [{"$ref": "#/components/schemas/pet"}, {"required": ["id"]},
                                  {"description": "only said"}]})
            ),
            Kind::AllOf(vec![pet.clone(), object(vec![], &["id"])])
        );
        assert_eq!(
            kind(json!({"allOf": [{"$ref": "#/components/schemas/pet"}],
                        "required": ["id", "age"], "properties": {"age": {"type": "integer"}}})),
            Kind::AllOf(vec![
                pet,
                object(
                    vec![Property {
                        name: "age".into(),
                        schema: Schema::of(Kind::Integer),
                        required: true
                    }],
                    &["id"]
                )
            ])
        );
    }

    #[test]
    fn a_reference_with_siblings() {
        let described = Schema::read(
            &json!({"$ref": "#/components/schemas/pet", "description": "The pet."}),
            "x",
        )
        .unwrap();
        assert_eq!(described.kind, Kind::Ref("pet".into()));
        assert_eq!(described.description.as_deref(), Some("The pet."));
        // Other keywords beside the reference are the reader's to combine
        // (from OpenAPI 3.1 on); a schema read alone is the reference.
        let shaped = kind(json!({
            "$ref": "#/components/schemas/pet",
            "properties": {"age": {"type": "integer"}}
        }));
        assert_eq!(shaped, Kind::Ref("pet".into()));
    }

    #[test]
    fn keeps_the_constraints_for_documentation() {
        let schema = Schema::read(
            &json!({"type": "number", "minimum": 1, "exclusiveMaximum": 9.5,
                    "enum": [1, 2, null], "format": "decimal"}),
            "x",
        )
        .unwrap();
        let constraints = schema.constraints.as_deref().unwrap();
        assert_eq!(
            constraints.minimum,
            Some(Bound {
                value: 1.into(),
                exclusive: false
            })
        );
        assert!(constraints.maximum.as_ref().unwrap().exclusive);
        assert_eq!(constraints.values, [json!(1), json!(2)]);
        assert_eq!(
            schema.constraints_doc().as_deref(),
            Some("At least `1`; less than `9.5`; one of `1`, `2`; format `decimal`.")
        );
        // OpenAPI 3.0's `exclusiveMinimum: true`; lengths; `const`.
        let text = Schema::read(
            &json!({"type": "integer", "minimum": 0, "exclusiveMinimum": true,
                    "minItems": 1, "maxLength": 1, "const": 3}),
            "x",
        )
        .unwrap();
        assert_eq!(
            text.constraints_doc().as_deref(),
            Some("More than `0`; at most 1 character; at least 1 item; always `3`.")
        );
        // Nothing said: nothing written; a type's own format is its type's.
        let plain = Schema::read(&json!({"type": "string", "format": "date-time"}), "x").unwrap();
        assert_eq!(plain.constraints_doc(), None);
        // Long values and control characters stay bounded, on one line,
        // cut between characters.
        let long = "é".repeat(100) + "\n";
        let pattern = Schema::read(&json!({"pattern": long, "default": "a\r`b"}), "x").unwrap();
        let doc = pattern.constraints_doc().unwrap();
        assert_eq!(doc.lines().count(), 1, "{doc}");
        assert!(
            doc.starts_with("Default: `` \"a\\r`b\" ``; matching `éé"),
            "{doc}"
        );
        assert!(doc.ends_with("é…`."), "{doc}");
    }

    #[test]
    fn keeps_formats_access_defaults_and_discriminators() {
        let schema = Schema::read(
            &json!({"type": "integer", "format": "int32", "minimum": 0, "readOnly": true,
                    "default": 7, "example": 3}),
            "x",
        )
        .unwrap();
        assert_eq!(schema.format.as_deref(), Some("int32"));
        assert!(schema.unsigned && schema.read_only && !schema.write_only);
        assert_eq!(schema.default, Some(json!(7)));
        let union = Schema::read(
            &json!({"oneOf": [{"$ref": "#/components/schemas/cat"}],
                    "discriminator": {"propertyName": "kind",
                                      "mapping": {"c": "#/components/schemas/cat"}}}),
            "x",
        )
        .unwrap();
        assert_eq!(
            union.discriminator,
            Some(Discriminator {
                property_name: "kind".into(),
                mapping: vec![("c".into(), "cat".into())],
            })
        );
    }
}
