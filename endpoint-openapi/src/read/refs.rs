//! `$ref` resolution: the description and the local files it refers to,
//! each read once, and the rewriting of schema references so that every
//! schema reference left is one to a component of [`Api::schemas`].
//!
//! A reference to anything but a schema (a parameter, a body, an answer, a
//! header, a path item) is followed to its value ([`Documents::deref`]),
//! through chains of references, with cycles detected. A schema reference
//! that is not `#/components/schemas/X` of the description itself
//! (`#/definitions/X` once converted, `$defs`, `#/paths/…/schema`,
//! `#/components/schemas/X/properties/y`, `other.yaml#/Pet`) names its
//! target as a component of its own: the target is *hoisted* under a
//! readable name unique among the components, once per target, so that
//! recursion through it ends at the name.
//!
//! [`Api::schemas`]: crate::api::Api::schemas

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde_json::{Map, Value};

use crate::diag::Diagnostics;
use crate::ident::{pascal, unique};
use crate::schema::{COMPONENT_SCHEMAS, Schema};

use super::load;
use crate::pointer::{escape, unescape};

/// How many references a chain may follow before it counts as a cycle.
const MAX_HOPS: usize = 64;

/// The description (document 0) and the local files read for its
/// references.
pub(crate) struct Documents {
    docs: Vec<Document>,
    /// Documents by canonical path, so that a file is read once.
    by_path: HashMap<PathBuf, usize>,
    /// The directory the description's own references are relative to.
    root: Option<PathBuf>,
    /// Hoisted schemas: target (document, pointer) → component name.
    hoisted: HashMap<(usize, String), String>,
    /// Every component name given out or taken by the description, in
    /// `UpperCamelCase` (two names that differ only in case or separators
    /// would make one type name).
    names: HashSet<String>,
    /// Hoisted schemas whose value is still to be read.
    pending: Vec<(String, usize, String)>,
    /// Whether the keywords beside a schema's `$ref` hold too (OpenAPI 3.1
    /// on); before, they are ignored.
    siblings: bool,
    /// Whether the description was Swagger 2.0, converted: another file's
    /// references to its `#/definitions/…` are to its components now.
    swagger: bool,
}

struct Document {
    /// The file, when the document is one (`None` for a value given).
    path: Option<PathBuf>,
    /// How pointers into it are written: `""` for the description,
    /// `common.yaml` for another file.
    label: String,
    /// Shared, so that the reader can walk a document while more are read.
    value: Rc<Value>,
}

/// A value reached through references: where it is and what it is.
pub(crate) struct Located<'v> {
    pub doc: usize,
    /// Its JSON pointer in its document (`/components/parameters/id`).
    pub pointer: String,
    pub value: Cow<'v, Value>,
}

impl Documents {
    /// The description, its own references relative to `base`.
    pub fn new(description: Value, base: Option<&Path>, file: Option<&Path>) -> Documents {
        let mut by_path = HashMap::new();
        if let Some(file) = file.and_then(|file| file.canonicalize().ok()) {
            by_path.insert(file, 0);
        }
        Documents {
            docs: vec![Document {
                path: file.map(Path::to_path_buf),
                label: String::new(),
                value: Rc::new(description),
            }],
            by_path,
            // `""` (the parent of a bare file name) is the current directory.
            root: base.map(|base| {
                if base.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    base.to_path_buf()
                }
            }),
            hoisted: HashMap::new(),
            names: HashSet::new(),
            pending: Vec::new(),
            siblings: false,
            swagger: false,
        }
    }

    /// Says that the description was Swagger 2.0, converted to OpenAPI 3.0.
    pub fn converted_from_swagger(&mut self) {
        self.swagger = true;
    }

    /// Says that the keywords beside a schema's `$ref` hold too, as they
    /// do from OpenAPI 3.1 on.
    pub fn siblings_hold(&mut self) {
        self.siblings = true;
    }

    /// The description itself.
    pub fn main(&self) -> Rc<Value> {
        Rc::clone(&self.docs[0].value)
    }

    /// `pointer` of `doc` as a diagnostic writes it (`#/paths/…`,
    /// `common.yaml#/components/…`).
    pub fn at(&self, doc: usize, pointer: &str) -> String {
        format!("{}#{pointer}", self.docs[doc].label)
    }

    /// Reserves the names of the description's own component schemas, so
    /// that no hoisted schema takes one.
    pub fn reserve(&mut self, name: &str) {
        self.names.insert(pascal(name));
    }

    /// Where `reference`, written in `doc`, points: its document and JSON
    /// pointer (the value itself may not exist).
    ///
    /// # Errors
    /// A URL, a file that cannot be read, or a fragment that is not a JSON
    /// pointer: the message says which.
    pub fn target(&mut self, doc: usize, reference: &str) -> Result<(usize, String), String> {
        let (file, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let fragment = percent_encoding::percent_decode_str(fragment)
            .decode_utf8()
            .map_err(|_| format!("`{reference}`: the fragment is not UTF-8 once decoded"))?;
        if !fragment.is_empty() && !fragment.starts_with('/') {
            return Err(format!("`{reference}`: the fragment is not a JSON pointer"));
        }
        let fragment = fragment.into_owned();
        if file.is_empty() {
            return Ok((doc, fragment));
        }
        if file.contains("://") || file.starts_with("//") {
            return Err(format!("`{reference}` is a URL: only local files are read"));
        }
        let dir = match &self.docs[doc].path {
            Some(path) => path.parent().map(Path::to_path_buf),
            None => self.root.clone(),
        };
        let Some(dir) = dir else {
            return Err(format!(
                "`{reference}` names another file, and the description was given without a directory"
            ));
        };
        let file = percent_encoding::percent_decode_str(file).decode_utf8_lossy();
        let path = dir.join(&*file);
        let canonical = path
            .canonicalize()
            .map_err(|err| format!("`{reference}`: {}: {err}", path.display()))?;
        if let Some(&known) = self.by_path.get(&canonical) {
            if known == 0 && self.swagger {
                return Ok((0, super::swagger::place(&fragment)));
            }
            return Ok((known, fragment));
        }
        let mut value = load::file(&canonical)
            .map_err(|err| format!("`{reference}`: {}: {err}", canonical.display()))?;
        if self.swagger {
            // Another file of a Swagger 2.0 description writes its schemas
            // as Swagger 2.0 does.
            super::swagger::convert_schema(&mut value);
        }
        let label = match self.root.as_deref().and_then(|root| {
            let root = root.canonicalize().ok()?;
            canonical.strip_prefix(root).ok().map(Path::to_path_buf)
        }) {
            Some(relative) => relative.display().to_string(),
            None => canonical.display().to_string(),
        };
        self.docs.push(Document {
            path: Some(canonical.clone()),
            label,
            value: Rc::new(value),
        });
        let index = self.docs.len() - 1;
        self.by_path.insert(canonical, index);
        Ok((index, fragment))
    }

    /// The files read for references, in the order read (the description
    /// itself is not one of them).
    pub fn files(&self) -> Vec<PathBuf> {
        self.docs[1..]
            .iter()
            .filter_map(|doc| doc.path.clone())
            .collect()
    }

    /// The value at `pointer` of `doc`.
    pub fn get(&self, doc: usize, pointer: &str) -> Option<&Value> {
        self.docs[doc].value.pointer(pointer)
    }

    /// `value` (found at `pointer` of `doc`), its `$ref` followed until a
    /// value without one (`value` itself, not a copy, when it has none).
    ///
    /// # Errors
    /// A reference that resolves nowhere, or a cycle: the message says
    /// which reference.
    pub fn deref<'v>(
        &mut self,
        doc: usize,
        pointer: &str,
        value: &'v Value,
    ) -> Result<Located<'v>, String> {
        let mut here = (doc, pointer.to_owned());
        let mut current = Cow::Borrowed(value);
        let mut seen = HashSet::new();
        loop {
            let Some(reference) = current.get("$ref").and_then(Value::as_str) else {
                return Ok(Located {
                    doc: here.0,
                    pointer: here.1,
                    value: current,
                });
            };
            if seen.len() >= MAX_HOPS || !seen.insert(here.clone()) {
                return Err(format!("`{reference}` is part of a cycle of references"));
            }
            let (doc, pointer) = self.target(here.0, reference)?;
            let next = self
                .get(doc, &pointer)
                .cloned()
                .ok_or_else(|| format!("`{reference}` resolves to nothing"))?;
            here = (doc, pointer);
            current = Cow::Owned(next);
        }
    }

    /// Reads the schema `value` found at `pointer` of `doc`: its references
    /// rewritten to components (hoisting what is not one), then
    /// [`Schema::read`]. What cannot be read is a diagnostic, and any value.
    pub fn schema(
        &mut self,
        doc: usize,
        pointer: &str,
        value: &Value,
        operation: Option<&str>,
        diagnostics: &mut Diagnostics,
    ) -> Schema {
        let rewritten;
        let value = if self.as_is(doc, value, false) {
            value
        } else {
            rewritten = self.rewrite(doc, pointer, value, false, operation, diagnostics);
            &rewritten
        };
        let at = self.at(doc, pointer);
        match Schema::read(value, &at) {
            Ok(schema) => schema,
            Err(err) => {
                diagnostics.push(at, operation, err, "any value (`serde_json::Value`)");
                Schema::default()
            }
        }
    }

    /// Reads every hoisted schema not read yet into `schemas` (reading one
    /// may hoist more).
    pub fn finish_hoisted(
        &mut self,
        schemas: &mut BTreeMap<String, Schema>,
        pointers: &mut BTreeMap<String, String>,
        diagnostics: &mut Diagnostics,
    ) {
        while let Some((name, doc, pointer)) = self.pending.pop() {
            let at = self.at(doc, &pointer);
            let schema = match self.get(doc, &pointer).cloned() {
                Some(value) => self.schema(doc, &pointer, &value, None, diagnostics),
                None => {
                    diagnostics.push(
                        at.clone(),
                        None,
                        "the schema referred to is not there",
                        "any value (`serde_json::Value`)",
                    );
                    Schema::default()
                }
            };
            schemas.insert(name.clone(), schema);
            pointers.insert(name, at);
        }
    }

    /// Whether the schema `value` of `doc` needs no rewriting: each of its
    /// `$ref`s is one of the description's components, alone.
    fn as_is(&self, doc: usize, value: &Value, names: bool) -> bool {
        match value {
            Value::Object(map) => map.iter().all(|(key, item)| {
                if names {
                    return self.as_is(doc, item, false);
                }
                match (key.as_str(), item) {
                    ("$ref", Value::String(reference)) => {
                        doc == 0
                            && reference
                                .strip_prefix(COMPONENT_SCHEMAS)
                                .is_some_and(|name| {
                                    !name.contains(['/', '~', '%']) && self.main_component(name)
                                })
                            && (!self.siblings || map.keys().all(|key| said_by_ref_alone(key)))
                    }
                    ("enum" | "const" | "default" | "example" | "examples" | "required", _) => true,
                    _ if key.starts_with("x-") => true,
                    _ => self.as_is(doc, item, is_names_keyword(key)),
                }
            }),
            Value::Array(items) => items.iter().all(|item| self.as_is(doc, item, false)),
            _ => true,
        }
    }

    /// A copy of the schema `value` whose every `$ref` is
    /// `#/components/schemas/X` of the description. `names`: the keys of
    /// `value` are property names, not keywords.
    fn rewrite(
        &mut self,
        doc: usize,
        pointer: &str,
        value: &Value,
        names: bool,
        operation: Option<&str>,
        diagnostics: &mut Diagnostics,
    ) -> Value {
        match value {
            Value::Object(map) => {
                let mut out = Map::with_capacity(map.len());
                for (key, item) in map {
                    if !names {
                        if let ("$ref", Value::String(reference)) = (key.as_str(), item) {
                            match self.component(doc, reference) {
                                Ok(name) => {
                                    out.insert(
                                        key.clone(),
                                        Value::String(format!("{COMPONENT_SCHEMAS}{name}")),
                                    );
                                }
                                Err(err) => diagnostics.push(
                                    self.at(doc, pointer),
                                    operation,
                                    err,
                                    "any value (`serde_json::Value`)",
                                ),
                            }
                            continue;
                        }
                        // Values that are not schemas: kept as written.
                        if matches!(
                            key.as_str(),
                            "enum" | "const" | "default" | "example" | "examples" | "required"
                        ) || key.starts_with("x-")
                        {
                            out.insert(key.clone(), item.clone());
                            continue;
                        }
                    }
                    let child = format!("{pointer}/{}", escape(key));
                    let holds_names = !names && is_names_keyword(key);
                    let item = self.rewrite(doc, &child, item, holds_names, operation, diagnostics);
                    out.insert(key.clone(), item);
                }
                if self.siblings
                    && !names
                    && let Some(Value::String(_)) = out.get("$ref")
                {
                    return with_siblings(out);
                }
                Value::Object(out)
            }
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| {
                        let child = format!("{pointer}/{i}");
                        self.rewrite(doc, &child, item, false, operation, diagnostics)
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    /// When the description's component schema `name` is only a reference
    /// to a schema that is not a component of the description (another
    /// file's, most often), makes `name` that schema's name and says where
    /// it is, to be read as the component.
    pub fn adopt(&mut self, name: &str, value: &Value) -> Option<(usize, String)> {
        let map = value.as_object()?;
        let reference = map.get("$ref")?.as_str()?;
        if map.len() != 1 {
            return None;
        }
        let (doc, pointer) = self.target(0, reference).ok()?;
        if self.own_component(doc, &pointer).is_some() {
            return None;
        }
        self.get(doc, &pointer)?;
        let key = (doc, pointer);
        if self.hoisted.contains_key(&key) {
            return None;
        }
        self.hoisted.insert(key.clone(), name.to_owned());
        Some(key)
    }

    /// Whether the description's `components.schemas` is an object with a
    /// `name`.
    fn main_component(&self, name: &str) -> bool {
        self.docs[0]
            .value
            .get("components")
            .and_then(|components| components.get("schemas"))
            .and_then(Value::as_object)
            .is_some_and(|schemas| schemas.contains_key(name))
    }

    /// The name of the description's component schema at `pointer` of
    /// `doc`, if it is one (`/components/schemas/Pet` of the description,
    /// which has a `Pet` among its component schemas).
    fn own_component(&self, doc: usize, pointer: &str) -> Option<String> {
        let name = pointer.strip_prefix("/components/schemas/")?;
        if doc != 0 || name.contains('/') {
            return None;
        }
        let name = unescape(name);
        self.main_component(&name).then_some(name)
    }

    /// The component name a schema reference of `doc` stands for: the
    /// description's own component, or the name its target is hoisted
    /// under.
    fn component(&mut self, doc: usize, reference: &str) -> Result<String, String> {
        let (target, pointer) = self.target(doc, reference)?;
        if self.get(target, &pointer).is_none() {
            return Err(format!("`{reference}` resolves to nothing"));
        }
        if let Some(name) = self.own_component(target, &pointer) {
            return Ok(name);
        }
        if let Some(name) = self.hoisted.get(&(target, pointer.clone())) {
            return Ok(name.clone());
        }
        let name = self.name_for(target, &pointer);
        self.names.insert(name.clone());
        self.hoisted.insert((target, pointer.clone()), name.clone());
        self.pending.push((name.clone(), target, pointer));
        Ok(name)
    }

    /// A readable name for the schema at `pointer` of `doc`, unique among
    /// the components: its last meaningful pointer segment (after the one
    /// before it when that one is taken); for a schema of an operation
    /// (`#/paths/…/schema`), the operation's id and the schema's role
    /// (`ListPetsResponse`); else the file's name.
    fn name_for(&self, doc: usize, pointer: &str) -> String {
        let segments: Vec<String> = pointer.split('/').skip(1).map(unescape).collect();
        let meaningful: Vec<&String> = segments.iter().filter(|s| !is_structural(s)).collect();
        let mut candidates = Vec::new();
        if let Some(last) = meaningful.last() {
            candidates.push(last.to_string());
            if meaningful.len() > 1 {
                candidates.push(format!("{} {last}", meaningful[meaningful.len() - 2]));
            }
        } else if segments.first().map(String::as_str) == Some("paths") && segments.len() > 2 {
            let operation = format!("/paths/{}/{}", escape(&segments[1]), escape(&segments[2]));
            let id = self
                .get(doc, &format!("{operation}/operationId"))
                .and_then(Value::as_str)
                .map(str::to_owned)
                .unwrap_or_else(|| format!("{} {}", segments[2], segments[1]));
            let role = if segments.iter().any(|s| s == "responses") {
                "response"
            } else if segments.iter().any(|s| s == "requestBody") {
                "request"
            } else {
                "parameter"
            };
            candidates.push(format!("{id} {role}"));
        }
        let stem = self.docs[doc]
            .path
            .as_deref()
            .and_then(Path::file_stem)
            .map(|stem| stem.to_string_lossy().into_owned());
        if let Some(stem) = stem {
            match meaningful.last() {
                Some(last) => candidates.push(format!("{stem} {last}")),
                None => candidates.push(stem),
            }
        }
        let candidates: Vec<String> = candidates.iter().map(|name| pascal(name)).collect();
        let taken = |name: &str| self.names.contains(name);
        if let Some(free) = candidates.iter().find(|candidate| !taken(candidate)) {
            return free.clone();
        }
        let first = candidates
            .into_iter()
            .next()
            .unwrap_or_else(|| "Schema".to_owned());
        unique(first, taken)
    }
}

/// Whether the keys of a schema keyword's value are names, not keywords.
fn is_names_keyword(key: &str) -> bool {
    matches!(
        key,
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas"
    )
}

/// Whether a key beside `$ref` says nothing that the reference does not
/// (so that the two need not be read as both at once).
fn said_by_ref_alone(key: &str) -> bool {
    key.starts_with("x-")
        || matches!(
            key,
            "$ref"
                | "title"
                | "description"
                | "deprecated"
                | "nullable"
                | "readOnly"
                | "writeOnly"
                | "example"
                | "examples"
                | "$comment"
        )
}

/// A schema object with a `$ref` and other keys (that hold from OpenAPI
/// 3.1 on): when the others say more than a title, a description,
/// nullability or `readOnly`/`writeOnly` (which stay the property's own),
/// the reference and the rest hold at once (`allOf`).
fn with_siblings(mut map: Map<String, Value>) -> Value {
    if map.keys().all(|key| said_by_ref_alone(key)) {
        return Value::Object(map);
    }
    let reference = map.shift_remove("$ref").unwrap_or_default();
    let mut outer = Map::new();
    for key in [
        "title",
        "description",
        "deprecated",
        "nullable",
        "readOnly",
        "writeOnly",
    ] {
        if let Some(value) = map.shift_remove(key) {
            outer.insert(key.to_owned(), value);
        }
    }
    let mut reference_only = Map::new();
    reference_only.insert("$ref".to_owned(), reference);
    outer.insert(
        "allOf".to_owned(),
        Value::Array(vec![Value::Object(reference_only), Value::Object(map)]),
    );
    Value::Object(outer)
}

/// Pointer segments that say where a schema is, not what it is.
fn is_structural(segment: &str) -> bool {
    segment.is_empty()
        || segment.contains('/')
        || segment.chars().all(|c| c.is_ascii_digit())
        || segment.ends_with("XX")
        || matches!(
            segment,
            "components"
                | "schemas"
                | "definitions"
                | "$defs"
                | "properties"
                | "items"
                | "additionalProperties"
                | "allOf"
                | "oneOf"
                | "anyOf"
                | "not"
                | "prefixItems"
                | "schema"
                | "itemSchema"
                | "content"
                | "paths"
                | "parameters"
                | "requestBody"
                | "requestBodies"
                | "responses"
                | "headers"
                | "default"
                | "get"
                | "put"
                | "post"
                | "delete"
                | "options"
                | "head"
                | "patch"
                | "trace"
                | "query"
        )
}
