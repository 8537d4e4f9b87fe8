//! The types: schemas into a space of named Rust types, every decision made
//! here (names, which fields are `Option`, which are boxed, which features
//! enable a type) so that emitting is a plain walk.
//!
//! The rules:
//!
//! - one type per component schema, named by the [`Policy`]; two components
//!   given the same name are one type when their schemas differ only in
//!   `nullable` (a `nullable-*` twin), and a reference to the nullable one is
//!   an `Option`;
//! - a field is plain only when its property is required and does not
//!   allow `null`; every other field is an `Option`;
//! - an inline object, string enum or union is a type named after its
//!   parent and its property (`Issue` + `pull_request` →
//!   `IssuePullRequest`; array items add `Item`);
//! - `allOf` is merged into one object (properties in order, `required`
//!   of every part); `oneOf`/`anyOf` whose alternatives are all one type is
//!   that type, otherwise a union tried in order whose last variant keeps
//!   any other value;
//! - a string enum is open: an unknown value is kept, never an error;
//! - integers are `i64`, numbers `f64`, `date-time` a
//!   [`Type::Timestamp`], `uri` a [`Type::Uri`]; an object with only
//!   `additionalProperties` a map; anything unconstrained a JSON value;
//! - a field that leads back to its own type without a `Vec` or map in
//!   between is boxed, and so is every `Option` of a struct or union (a
//!   model stays small to move);
//! - a reference to a component that does not exist, or an `allOf` that
//!   leads back to itself, is a JSON value, and a problem to report
//!   ([`TypeSpace::problems`]); planning never fails on a schema.
//!
//! The [`Rules`] of a policy add what a description of requests and answers
//! needs (GitHub's answers, only ever decoded, keep them off):
//!
//! - `formats`: `int32` is [`Type::I32`] (`i32`), `int64` `i64`, either with
//!   `minimum: 0` or `uint32`/`uint64` [`Type::U32`]/[`Type::U64`]; `binary`
//!   is [`Type::Bytes`] (`Vec<u8>`: a whole body or a multipart part, raw
//!   octets) and `byte` [`Type::Base64`] (the base64 text as it was sent, a
//!   `String`). A number is `f64` whatever its format (a JSON number is a
//!   double: `0.00743999984115362` as an `f32` is written back as
//!   `0.007439999841153622`); `float` is [`Type::F32`] only with
//!   `float_f32`, which no policy has unless it says so;
//! - `share_inline`: inline schemas that are equal but for their title and
//!   description are planned once, as one type, named by what it is when
//!   its places disagree ([`TypeSpace::name_shared`]: its title, the words
//!   its places end with, a small union's alternatives or enum's values),
//!   not after the first place;
//! - `titles`: an inline type whose name (parent and property) is taken is
//!   named by its schema's `title` before it gets a number;
//! - `write_back`: a model writes back every value it read. A property that
//!   may be left out and may be `null` is a [`Type::Nullable`] (absent,
//!   `null` or a value: a request can send `null` to clear a value); an
//!   `Option` of a property that may be left out is not written when `None`;
//!   an object with `additionalProperties` beside its properties keeps the
//!   other keys in a map field ([`Field::additional`]); a struct is not
//!   `#[non_exhaustive]`, and one whose every field may be left out derives
//!   `Default`, so that a request body is built with
//!   `Type { field, ..Default::default() }`; a union with a
//!   `discriminator` is decoded by its `propertyName`: each alternative by
//!   the values its `mapping` gives it, else by the values its own schema
//!   pins the property to (`enum: [card]`, `const`, through references and
//!   `allOf`; not an `enum` that other alternatives share) and its
//!   component's name (OpenAPI's implicit value). An alternative left with
//!   no value, or values that do not tell the alternatives apart, make it a
//!   union tried in order, and a problem. A `propertyName` that an
//!   alternative has not is a property of the object holding the union,
//!   beside it: the union is decoded by its value there
//!   ([`TypeDef::beside`]; so is a union that the holding object's own
//!   discriminator, or a string enum of the alternatives' names in order,
//!   names), else tried in order; a problem says which.
//!
//! What is sent and what is answered ([`TypeSpace::directions`]): a
//! `readOnly` property is left out of the types of requests, a `writeOnly`
//! one out of the types of answers (its `required` holds only where it is
//! sent). A type that both a request and an answer hold, and that has such
//! a property (or holds a type that has), is planned twice: the answer's
//! under its name (`Server`), the request's under the name and `Request`
//! (`ServerRequest`, numbered when taken). A type that only one direction
//! holds is that direction's, and one that neither holds (a component no
//! operation names) keeps every property. Every struct a request holds
//! ([`TypeDef::request`]) is built by its users: it has `new(…)` of its
//! required fields, and derives `Default` when it has none.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::ident;
use crate::schema::{Additional, Discriminator, Kind, Object, Property, Schema};

/// GitHub's, or any description's, choices: how components and fields are
/// named and how descriptions become documentation.
pub trait Policy {
    /// The type name of a component (`simple-user` → `SimpleUser`).
    fn type_name(&self, component: &str) -> String {
        ident::pascal(component)
    }

    /// The field name of a property (`html_url`, `type` → `r#type`).
    fn field_name(&self, property: &str) -> String {
        ident::snake(property)
    }

    /// The documentation of a description's text (Markdown).
    fn doc(&self, text: &str) -> String {
        text.to_owned()
    }

    /// Which of the [`Rules`] apply (all, unless said otherwise).
    fn rules(&self) -> Rules {
        Rules::default()
    }
}

/// The rules a [`Policy`] may switch off (the module documentation says
/// what each does); [`Rules::default`] is all of them but `float_f32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Integer formats, `binary` and `byte` have their own types.
    pub formats: bool,
    /// With `formats`, a number of `format: float` is an `f32` (which
    /// writes back a decimal that is not the one read) rather than an
    /// `f64`.
    pub float_f32: bool,
    /// Equal inline schemas are one type.
    pub share_inline: bool,
    /// A taken inline name is replaced by the schema's title.
    pub titles: bool,
    /// Models write back every value they read, and request bodies are
    /// built with `Default`.
    pub write_back: bool,
}

impl Rules {
    /// None of the rules: the types of answers that are only decoded, as
    /// GitHub's crate has them.
    pub const ANSWERS_ONLY: Rules = Rules {
        formats: false,
        float_f32: false,
        share_inline: false,
        titles: false,
        write_back: false,
    };
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            formats: true,
            float_f32: false,
            share_inline: true,
            titles: true,
            write_back: true,
        }
    }
}

/// The default policy: names as [`ident`] makes them, descriptions as
/// they are.
#[derive(Debug, Default, Clone, Copy)]
pub struct Plain;

impl Policy for Plain {}

/// A type expression: what a field, an item or an answer is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// A planned type, by its index in [`TypeSpace::types`].
    Named(usize),
    /// `String`.
    String,
    /// A `date-time`, kept as text.
    Timestamp,
    /// A `uri`, kept as text.
    Uri,
    /// `i64`.
    Integer,
    /// `f64`.
    Number,
    /// `i32` (`int32`).
    I32,
    /// `u32` (`uint32`, or `int32` with `minimum: 0`).
    U32,
    /// `u64` (`uint64`, or `int64` with `minimum: 0`).
    U64,
    /// `f32` (`float`, with [`Rules::float_f32`]).
    F32,
    /// Raw octets (`binary`): `Vec<u8>`.
    Bytes,
    /// Base64 text (`byte`), kept as the `String` that was sent.
    Base64,
    /// `bool`.
    Boolean,
    /// Any JSON value.
    Json,
    /// Any JSON object.
    JsonObject,
    /// A list.
    Vec(Box<Type>),
    /// An object of arbitrary keys.
    Map(Box<Type>),
    /// `null` or missing allowed.
    Option(Box<Type>),
    /// Missing, `null` or a value, the three told apart: the support crate's
    /// `model::Nullable`.
    Nullable(Box<Type>),
    /// Boxed, to break a cycle.
    Box(Box<Type>),
    /// No body.
    Unit,
}

impl Type {
    /// `Option` of the type, not doubled.
    pub fn optional(self) -> Type {
        match self {
            Type::Option(_) => self,
            other => Type::Option(Box::new(other)),
        }
    }

    /// The type inside any `Option`, `Nullable` and `Box`.
    pub fn core(&self) -> &Type {
        match self {
            Type::Option(inner) | Type::Nullable(inner) | Type::Box(inner) => inner.core(),
            other => other,
        }
    }

    /// The expression with each planned type of `twins` replaced by its
    /// twin ([`TypeSpace::directions`]: the request's type of a type
    /// planned twice).
    pub fn with_twins(&self, twins: &HashMap<usize, usize>) -> Type {
        match self {
            Type::Named(id) => Type::Named(twins.get(id).copied().unwrap_or(*id)),
            Type::Option(inner) => Type::Option(Box::new(inner.with_twins(twins))),
            Type::Nullable(inner) => Type::Nullable(Box::new(inner.with_twins(twins))),
            Type::Box(inner) => Type::Box(Box::new(inner.with_twins(twins))),
            Type::Vec(inner) => Type::Vec(Box::new(inner.with_twins(twins))),
            Type::Map(inner) => Type::Map(Box::new(inner.with_twins(twins))),
            other => other.clone(),
        }
    }

    /// Every planned type named in the expression, with whether it is held
    /// directly (not inside a `Vec` or map).
    fn named(&self, direct: bool, out: &mut Vec<(usize, bool)>) {
        match self {
            Type::Named(id) => out.push((*id, direct)),
            Type::Option(inner) | Type::Nullable(inner) | Type::Box(inner) => {
                inner.named(direct, out)
            }
            Type::Vec(inner) | Type::Map(inner) => inner.named(false, out),
            _ => {}
        }
    }
}

/// A planned type.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeDef {
    /// Its Rust name, unique in the space.
    pub name: String,
    /// Its documentation.
    pub doc: Option<String>,
    /// Whether the schema is deprecated.
    pub deprecated: bool,
    /// What it is.
    pub body: Body,
    /// The features that enable it: those of the roots that reach it
    /// (empty when no root names a feature).
    pub features: BTreeSet<String>,
    /// For a page of a list: the field that holds the items.
    pub page: Option<Page>,
    /// For a union whose alternatives tell themselves apart by a key: the
    /// key, and the values of each alternative.
    pub tag: Option<Tag>,
    /// For a union whose alternative a key of the object holding it names
    /// (`{"type": "card", "data": {…}}`, the alternatives of `data` named
    /// by `type` beside it): that key, and the values of each alternative.
    /// A struct holding it with a field of that key decodes it by that
    /// field's value.
    pub beside: Option<Tag>,
    /// Whether it writes back every value it read ([`Rules::write_back`]).
    pub write_back: bool,
    /// Whether a request holds it (a body, a parameter, or a type they
    /// hold): a struct's users build it, with `new(…)` of its required
    /// fields ([`Field::is_argument`]), and `Default` when it has none.
    pub request: bool,
}

/// How the alternatives of a union tell themselves apart: by its
/// `discriminator`, or because every one is an object with a required
/// string enum at `key`, and no two share a value
/// (`{"type": "creation", …}`, `{"type": "update", …}`). Such a union is
/// decoded by that key, not by trying each alternative in turn (where an
/// open enum would let the first take every value).
#[derive(Clone, Debug, PartialEq)]
pub struct Tag {
    /// The key.
    pub key: String,
    /// The values of each alternative, in the union's order.
    pub values: Vec<Vec<String>>,
}

/// What a planned type is.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// A struct of named fields.
    Struct(Vec<Field>),
    /// An open string enum: these values, and any other kept as text.
    Enum(Vec<Variant>),
    /// One of several types, tried in order; any other value is kept.
    Union(Vec<UnionVariant>),
    /// Another name for a type expression.
    Alias(Type),
}

/// A struct field.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The Rust name (`r#type`).
    pub name: String,
    /// The JSON key.
    pub key: String,
    /// Its type, `Option` and `Box` included.
    pub ty: Type,
    /// Its documentation.
    pub doc: Option<String>,
    /// Whether the property is deprecated.
    pub deprecated: bool,
    /// Whether `required` names the property.
    pub required: bool,
    /// `readOnly`: only the server sends it.
    pub read_only: bool,
    /// `writeOnly`: only the client sends it.
    pub write_only: bool,
    /// Whether the field is the map of the keys no other field names
    /// (`additionalProperties`); its `key` is empty.
    pub additional: bool,
}

impl Field {
    /// Whether a constructor of its struct takes it: a required property
    /// whose value may not be left out (an `Option` or a
    /// [`Type::Nullable`], `None` when not given, or the map of other
    /// keys, empty).
    pub fn is_argument(&self) -> bool {
        self.required && !self.additional && !matches!(self.ty, Type::Option(_) | Type::Nullable(_))
    }

    /// Whether only one direction sends it: `Some(true)` for `readOnly`
    /// (answers only), `Some(false)` for `writeOnly` (requests only);
    /// `None` when both do (neither said, or both, which says nothing).
    fn one_way(&self) -> Option<bool> {
        match (self.read_only, self.write_only) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }
}

/// A value of an open string enum.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// The Rust name.
    pub name: String,
    /// The value as the JSON spells it.
    pub value: String,
}

/// An alternative of a union.
#[derive(Clone, Debug, PartialEq)]
pub struct UnionVariant {
    /// The Rust name.
    pub name: String,
    /// What it holds.
    pub ty: Type,
}

/// A page of a list: a struct with the list in `items` and, when it has
/// one, its `total_count` and `incomplete_results`.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The field that holds the list.
    pub items: String,
    /// The field that holds the total count, if any.
    pub total_count: Option<String>,
    /// The field that says whether the results are incomplete, if any.
    pub incomplete_results: Option<String>,
}

/// The planned types of a description.
pub struct TypeSpace<'a> {
    components: &'a BTreeMap<String, Schema>,
    policy: &'a dyn Policy,
    /// Every planned type, by index.
    pub types: Vec<TypeDef>,
    names: HashMap<String, usize>,
    /// Each component's type, and whether a reference to it is nullable.
    by_component: HashMap<String, (usize, bool)>,
    /// The features of each root type expression's types.
    roots: Vec<(Type, Option<String>)>,
    rules: Rules,
    /// The type of each inline schema planned, by its shape.
    inline: HashMap<String, Type>,
    /// Each inline type planned by its shape: the name it was given, and
    /// the places that hold it, in order (the first the one that named it);
    /// see [`TypeSpace::name_shared`].
    places: HashMap<usize, (String, Vec<Place>)>,
    /// The components whose `allOf` is being merged.
    merging: Vec<String>,
    /// Each type planned twice by [`TypeSpace::directions`]: the answer's
    /// and the request's.
    twins: Vec<(usize, usize)>,
    problems: Vec<String>,
}

impl<'a> TypeSpace<'a> {
    /// An empty space over `components` (by component name).
    pub fn new(components: &'a BTreeMap<String, Schema>, policy: &'a dyn Policy) -> Self {
        TypeSpace {
            components,
            policy,
            types: Vec::new(),
            names: HashMap::new(),
            by_component: HashMap::new(),
            roots: Vec::new(),
            rules: policy.rules(),
            inline: HashMap::new(),
            places: HashMap::new(),
            merging: Vec::new(),
            twins: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// What could not be planned as the description says, each with where
    /// (the type being planned) and why; each such place is a JSON value.
    /// Planning goes on after a problem: these are for the caller's
    /// diagnostics.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Plans `schema` (an answer, a request body) and the types it reaches;
    /// an inline object, enum or union is named `name`, documented with `doc`
    /// when the schema says nothing of itself. `feature`, when
    /// given, is one of the features that enable every type it reaches.
    ///
    /// A request body is planned the same way: with [`Rules::write_back`],
    /// a struct of optional fields derives `Default`, a `None` is not sent,
    /// and a property that may be left out and be `null` is a
    /// [`Type::Nullable`].
    ///
    /// # Errors
    /// None today: a reference to a component that does not exist is a JSON
    /// value and one of the [`problems`](TypeSpace::problems).
    pub fn root(
        &mut self,
        schema: &Schema,
        name: &str,
        doc: &str,
        feature: Option<&str>,
    ) -> Result<Type, String> {
        let before = self.types.len();
        let ty = self.resolve(schema, name)?;
        self.document_new(before, &ty, || doc.to_owned());
        self.roots.push((ty.clone(), feature.map(str::to_owned)));
        Ok(ty)
    }

    /// Plans every component, whether an answer reaches it or not.
    ///
    /// # Errors
    /// As [`TypeSpace::root`].
    pub fn all_components(&mut self, feature: Option<&str>) -> Result<(), String> {
        for name in self.components.keys() {
            let ty = self.component(name)?;
            self.roots.push((ty, feature.map(str::to_owned)));
        }
        Ok(())
    }

    /// The type of `component` (an `Option` when the component is
    /// nullable), planning it on first use.
    ///
    /// # Errors
    /// A component that does not exist.
    pub fn component(&mut self, component: &str) -> Result<Type, String> {
        if let Some(&(id, nullable)) = self.by_component.get(component) {
            let ty = Type::Named(id);
            return Ok(if nullable { ty.optional() } else { ty });
        }
        let schema = self
            .components
            .get(component)
            .ok_or_else(|| format!("no component schema `{component}`"))?;
        let name = ident::not_unqualified(self.policy.type_name(component));
        // A nullable twin: the same name, the same schema but for `nullable`.
        if let Some(&id) = self.names.get(&name)
            && let Some(twin) = self
                .by_component
                .iter()
                .find(|(_, (other, _))| *other == id)
                .map(|(twin, _)| twin.clone())
        {
            let mut a = schema.clone();
            let mut b = self.components[&twin].clone();
            a.nullable = false;
            b.nullable = false;
            if a == b {
                self.by_component
                    .insert(component.to_owned(), (id, schema.nullable));
                let ty = Type::Named(id);
                return Ok(if schema.nullable { ty.optional() } else { ty });
            }
        }
        let id = self.reserve(name, schema);
        if self.types[id].doc.is_none() {
            self.types[id].doc = Some(format!("The `{component}` schema."));
        }
        self.by_component
            .insert(component.to_owned(), (id, schema.nullable));
        let mut plain = schema.clone();
        plain.nullable = false;
        let name = self.types[id].name.clone();
        let body = match self.define(&plain, &name)? {
            Defined::Body(body, page, tag) => {
                self.types[id].page = page;
                self.types[id].tag = tag;
                body
            }
            Defined::Type(ty) => Body::Alias(ty),
        };
        self.types[id].body = body;
        let ty = Type::Named(id);
        Ok(if schema.nullable { ty.optional() } else { ty })
    }

    /// Renames the inline type `id` to `name`, and each inline type it
    /// holds that was named after it alike (`GetOrdersUnauthorized` →
    /// `Unauthorized`, its `GetOrdersUnauthorizedErrorsItem` →
    /// `UnauthorizedErrorsItem`, numbered if taken): for a type that several
    /// places share, named after the first. A component's type, and a type
    /// when another has `name` already, keep their names. Returns the name
    /// it has.
    pub fn rename(&mut self, id: usize, name: &str) -> String {
        let old = self.types[id].name.clone();
        if self.names.get(name).is_some_and(|&other| other != id) {
            return old;
        }
        let components: BTreeSet<usize> = self.by_component.values().map(|&(id, _)| id).collect();
        let mut reached = vec![id];
        let mut next = 0;
        while let Some(&at) = reached.get(next) {
            next += 1;
            let mut held = Vec::new();
            for ty in def_types(&self.types[at]) {
                ty.named(true, &mut held);
            }
            for (other, _) in held {
                if !reached.contains(&other) && !components.contains(&other) {
                    reached.push(other);
                }
            }
        }
        for at in reached {
            let Some(rest) = self.types[at].name.strip_prefix(&old) else {
                continue;
            };
            if components.contains(&at) {
                continue;
            }
            let candidate = format!("{name}{rest}");
            let fresh = ident::unique(candidate, |candidate| {
                self.names.get(candidate).is_some_and(|&other| other != at)
            });
            self.names.remove(&self.types[at].name);
            self.names.insert(fresh.clone(), at);
            self.types[at].name = fresh;
        }
        self.types[id].name.clone()
    }

    /// Names each inline type that several places share (planned once, by
    /// [`Rules::share_inline`]) by what it is, rather than after the first
    /// place that planned it: the names its places gave it
    /// (`IssuesCreateTitle`, `IssuesUpdateTitle`) and its schemas say
    /// which, the first that no other type has:
    ///
    /// 1. its schemas' `title`, when those that have one agree (with
    ///    [`Rules::titles`]);
    /// 2. the words its places' names end with (the property it is under,
    ///    `Title`), alone, then after the words they all start with
    ///    (`IssuesTitle`), without the words at their front that `placed`
    ///    says tell only where a type stands (an answer's status, `Ok`),
    ///    never cut inside a property's words (`pull_request` is not
    ///    `Request`); not the words of a list's item, a map's value or a
    ///    union's alternative alone (`Item`, `Value`, `Object`);
    /// 3. a union's alternatives (`StringOrInteger`), a string enum's
    ///    values (`AscOrDesc`), up to three, unless numbers tell them apart.
    ///
    /// A type keeps its name when none is free, when its places all gave
    /// it one name, when it was renamed since (after its status's reason)
    /// or its id is in `keep`; a component's type always does. When the
    /// places' schemas say different things, the first's text no longer
    /// documents it. The names follow from the places, in the order they
    /// were planned: the same description gives the same names.
    pub fn name_shared(&mut self, keep: &BTreeSet<usize>, placed: &dyn Fn(&str) -> bool) {
        let mut ids: Vec<usize> = self.places.keys().copied().collect();
        ids.sort_unstable();
        for id in ids {
            let (named, places) = &self.places[&id];
            let distinct: BTreeSet<&str> = places.iter().map(|p| p.name.as_str()).collect();
            if keep.contains(&id) || distinct.len() < 2 || &self.types[id].name != named {
                continue;
            }
            let candidates = self.shared_names(id, places, placed);
            let same_text = places
                .iter()
                .all(|p| p.description == places[0].description && p.title == places[0].title);
            for candidate in candidates {
                let candidate = ident::not_unqualified(candidate);
                let old = self.types[id].name.clone();
                if candidate == old || self.rename(id, &candidate) == old {
                    continue;
                }
                if !same_text {
                    self.types[id].doc = None;
                }
                break;
            }
        }
    }

    /// The names [`TypeSpace::name_shared`] tries for the type `id` that
    /// `places` hold, in order.
    fn shared_names(
        &self,
        id: usize,
        places: &[Place],
        placed: &dyn Fn(&str) -> bool,
    ) -> Vec<String> {
        let mut names = Vec::new();
        // 1. The title its schemas agree on.
        let titles: BTreeSet<&str> = places.iter().filter_map(|p| p.title.as_deref()).collect();
        if self.rules.titles
            && let [title] = titles.into_iter().collect::<Vec<_>>().as_slice()
        {
            names.push(ident::pascal(title));
        }
        // 2. The words every place's name ends with, after those it starts with.
        let words: Vec<Vec<String>> = places.iter().map(|p| ident::words(&p.name)).collect();
        let shortest = words.iter().map(Vec::len).min().unwrap_or(0);
        let common = |at: &dyn Fn(&Vec<String>, usize) -> &String| {
            (0..shortest)
                .take_while(|&i| words.iter().all(|w| at(w, i) == at(&words[0], i)))
                .count()
        };
        let end = common(&|w, i| &w[w.len() - 1 - i]);
        let start = common(&|w, i| &w[i]).min(shortest - end);
        let first = &words[0];
        let prefix = match start {
            0 => String::new(),
            _ => ident::pascal_part(&first[..start].join("-")),
        };
        let mut ends = &first[first.len() - end..];
        // Words that say only where a type stands (an answer's status) are
        // left out from the front; a property's own words never are.
        while let Some(n) =
            (1..=ends.len()).find(|&n| placed(&ident::pascal_part(&ends[..n].join("-"))))
        {
            ends = &ends[n..];
        }
        // The words an item, a map's value or a union's alternative adds
        // say where it stands, not what it is.
        let meaningful = ends.iter().any(|word| {
            !matches!(
                word.as_str(),
                "Item"
                    | "Items"
                    | "Value"
                    | "Values"
                    | "Object"
                    | "String"
                    | "Integer"
                    | "Number"
                    | "Boolean"
                    | "List"
            )
        });
        if meaningful {
            let rest = ident::pascal_part(&ends.join("-"));
            let qualified = format!("{prefix}{rest}");
            names.push(rest);
            if !prefix.is_empty() {
                names.push(qualified);
            }
        }
        // 3. What a small union or enum is.
        let parts: Vec<String> = match &self.types[id].body {
            Body::Union(variants) => variants.iter().map(|v| v.name.clone()).collect(),
            Body::Enum(values) => values.iter().map(|v| v.name.clone()).collect(),
            _ => Vec::new(),
        };
        // Not alternatives told apart by a number (`String`, `String2`).
        let plain = parts
            .iter()
            .all(|part| !part.ends_with(|c: char| c.is_ascii_digit()));
        if (2..=3).contains(&parts.len()) && plain {
            names.push(parts.join("Or"));
        }
        names
    }

    /// Marks a planned struct as a page of a list, its items in field
    /// `items` (a JSON key); `total_count` and `incomplete_results` are
    /// found by their keys.
    ///
    /// # Errors
    /// A type that is not a struct, or has no such field.
    pub fn mark_page(&mut self, id: usize, items: &str) -> Result<(), String> {
        let def = &mut self.types[id];
        let Body::Struct(fields) = &def.body else {
            return Err(format!("`{}` is not a struct", def.name));
        };
        let find = |key: &str| fields.iter().find(|f| f.key == key).map(|f| f.name.clone());
        let items = find(items).ok_or_else(|| format!("`{}` has no `{items}`", def.name))?;
        def.page = Some(Page {
            items,
            total_count: find("total_count"),
            incomplete_results: find("incomplete_results"),
        });
        Ok(())
    }

    /// Says which planned types requests hold (`requests`: bodies and
    /// parameters) and which answers do (`answers`), and plans each
    /// direction's shape: a `readOnly` field is left out of a type that
    /// only requests hold, a `writeOnly` one out of a type that only
    /// answers hold; a type both hold whose shape differs by direction (it
    /// has such a field, or holds a type that does) is planned twice, the
    /// answer's keeping its name and id, the request's named with
    /// `Request` (see the module's documentation). Every type requests
    /// hold is then [`TypeDef::request`]. A field that the page of a list
    /// reads is kept, and so is every field of a struct that would have
    /// none left.
    ///
    /// Returns, for each type planned twice, its request's id: the
    /// requests' type expressions are [`Type::with_twins`] of it. Call it
    /// once every operation is planned and named, before
    /// [`TypeSpace::finish`].
    pub fn directions(&mut self, requests: &[Type], answers: &[Type]) -> HashMap<usize, usize> {
        let edges = self.named_edges();
        let reach = |roots: &[Type]| {
            let mut seen = vec![false; edges.len()];
            let mut stack = Vec::new();
            for root in roots {
                let mut named = Vec::new();
                root.named(true, &mut named);
                stack.extend(named.into_iter().map(|(id, _)| id));
            }
            while let Some(at) = stack.pop() {
                if !std::mem::replace(&mut seen[at], true) {
                    stack.extend(&edges[at]);
                }
            }
            seen
        };
        let sent = reach(requests);
        let answered = reach(answers);
        let one_way = |def: &TypeDef| match &def.body {
            Body::Struct(fields) => fields.iter().any(|f| f.one_way().is_some()),
            _ => false,
        };
        // The types both hold whose shape differs: those with a one-way
        // field, then those that hold one of them (all held by both too),
        // found by following the edges back once.
        let mut holders: Vec<Vec<usize>> = vec![Vec::new(); edges.len()];
        for (id, held) in edges.iter().enumerate() {
            for &to in held {
                holders[to].push(id);
            }
        }
        let mut differs: Vec<bool> = (0..edges.len())
            .map(|id| sent[id] && answered[id] && one_way(&self.types[id]))
            .collect();
        let mut stack: Vec<usize> = (0..edges.len()).filter(|&id| differs[id]).collect();
        while let Some(at) = stack.pop() {
            for &holder in &holders[at] {
                if !differs[holder] && sent[holder] && answered[holder] {
                    differs[holder] = true;
                    stack.push(holder);
                }
            }
        }
        // Each differing type's request twin, named after it.
        let mut twins: HashMap<usize, usize> = HashMap::new();
        for id in (0..edges.len()).filter(|&id| differs[id]) {
            let name = ident::unique(format!("{}Request", self.types[id].name), |candidate| {
                self.names.contains_key(candidate)
            });
            let twin = self.types.len();
            self.names.insert(name.clone(), twin);
            let mut def = self.types[id].clone();
            let note = format!(
                "As requests send it, without what only answers hold; [`{}`] is as answers hold it.",
                def.name
            );
            def.doc = Some(match def.doc.take() {
                Some(doc) => format!("{doc}\n\n{note}"),
                None => note,
            });
            def.name = name;
            def.page = None;
            self.types.push(def);
            twins.insert(id, twin);
            self.twins.push((id, twin));
        }
        for &twin in twins.values() {
            for ty in def_types_mut(&mut self.types[twin]) {
                *ty = ty.with_twins(&twins);
            }
        }
        // Which fields each type keeps: a request leaves out `readOnly`
        // fields, an answer `writeOnly` ones.
        for id in 0..self.types.len() {
            // Twins are planned after every other type.
            let (request, answer) = match edges.get(id) {
                None => (true, false),
                Some(_) if differs[id] => (false, true),
                Some(_) => (sent[id], answered[id]),
            };
            let def = &mut self.types[id];
            let Body::Struct(fields) = &mut def.body else {
                continue;
            };
            let page = def.page.as_ref();
            let kept = |field: &Field| {
                let paged = page.is_some_and(|page| {
                    page.items == field.name
                        || page.total_count.as_ref() == Some(&field.name)
                        || page.incomplete_results.as_ref() == Some(&field.name)
                });
                paged
                    || match field.one_way() {
                        Some(true) => !request || answer,
                        Some(false) => !answer || request,
                        None => true,
                    }
            };
            if fields.iter().any(kept) {
                fields.retain(kept);
            }
        }
        // Every type requests hold, twins included.
        let requests: Vec<Type> = requests.iter().map(|ty| ty.with_twins(&twins)).collect();
        self.mark_requests(&requests);
        twins
    }

    /// Marks [`TypeDef::request`] every type that `requests` reach.
    fn mark_requests(&mut self, requests: &[Type]) {
        let mut stack = Vec::new();
        for root in requests {
            let mut named = Vec::new();
            root.named(true, &mut named);
            stack.extend(named.into_iter().map(|(id, _)| id));
        }
        while let Some(at) = stack.pop() {
            if std::mem::replace(&mut self.types[at].request, true) {
                continue;
            }
            let mut named = Vec::new();
            for ty in def_types(&self.types[at]) {
                ty.named(true, &mut named);
            }
            stack.extend(named.into_iter().map(|(id, _)| id));
        }
    }

    /// Finishes the plan: boxes the fields that close a cycle, and gives each
    /// type the features of the roots that reach it.
    pub fn finish(mut self) -> Vec<TypeDef> {
        self.find_tags();
        self.document_inline();
        self.box_cycles();
        self.box_optional_objects();
        self.spread_features();
        self.types
    }

    /// Gives `doc` to the type `ty` names when it was planned after `before`
    /// and has no documentation of its own.
    fn document_new(&mut self, before: usize, ty: &Type, doc: impl FnOnce() -> String) {
        if let Some((id, how)) = held(ty)
            && id >= before
            && self.types[id].doc.is_none()
        {
            let doc = doc();
            let mut chars = doc.chars();
            let Some(first) = chars.next() else {
                return;
            };
            self.types[id].doc = Some(match how {
                "" => doc,
                // The text continues `how`: its first letter in lower case.
                how => format!("{how}{}{}", first.to_lowercase(), chars.as_str()),
            });
        }
    }

    fn reserve(&mut self, name: String, schema: &Schema) -> usize {
        let name = match &schema.title {
            // A taken name: the schema's own title says more than a number.
            Some(title) if self.rules.titles && self.names.contains_key(&name) => {
                let title = ident::pascal(title);
                if self.names.contains_key(&title) {
                    name
                } else {
                    title
                }
            }
            _ => name,
        };
        let name = ident::unique(ident::not_unqualified(name), |candidate| {
            self.names.contains_key(candidate)
        });
        let id = self.types.len();
        self.names.insert(name.clone(), id);
        self.types.push(TypeDef {
            name,
            doc: self.doc_of(schema),
            deprecated: schema.deprecated,
            body: Body::Alias(Type::Json),
            features: BTreeSet::new(),
            page: None,
            tag: None,
            beside: None,
            write_back: self.rules.write_back,
            request: false,
        });
        id
    }

    fn doc_of(&self, schema: &Schema) -> Option<String> {
        let text = match (&schema.title, &schema.description) {
            (Some(title), Some(description)) if title != description => {
                format!("{title}\n\n{description}")
            }
            (_, Some(text)) | (Some(text), None) => text.clone(),
            (None, None) => return None,
        };
        let doc = self.policy.doc(text.trim());
        (!doc.is_empty()).then_some(doc)
    }

    /// The type of `schema`; a new type named `name` when it needs one.
    fn resolve(&mut self, schema: &Schema, name: &str) -> Result<Type, String> {
        let ty = match &schema.kind {
            Kind::Ref(component) => self.reference(component, name),
            _ => {
                let shape = self.rules.share_inline.then(|| shape(schema));
                if let Some(ty) = shape.as_ref().and_then(|shape| self.inline.get(shape)) {
                    if let Type::Named(id) = ty
                        && let Some((_, places)) = self.places.get_mut(id)
                    {
                        places.push(Place::of(name, schema));
                    }
                    ty.clone()
                } else {
                    let ty = match self.define(schema, name)? {
                        Defined::Type(ty) => ty,
                        Defined::Body(body, page, tag) => {
                            let planned = self.union_name(name, schema, &body);
                            let id = self.reserve(planned, schema);
                            self.types[id].body = body;
                            self.types[id].page = page;
                            self.types[id].tag = tag;
                            if shape.is_some() {
                                let named = self.types[id].name.clone();
                                self.places
                                    .insert(id, (named, vec![Place::of(name, schema)]));
                            }
                            Type::Named(id)
                        }
                    };
                    if let (Some(shape), Type::Named(_)) = (shape, &ty) {
                        self.inline.insert(shape, ty.clone());
                    }
                    ty
                }
            }
        };
        Ok(if schema.nullable { ty.optional() } else { ty })
    }

    /// The name of an inline union that its place names after one of its
    /// own two alternatives (Stripe's `subscription.schedule`, an id or a
    /// `SubscriptionSchedule`): that name, `Or`, and the other
    /// alternative's name without the words they share
    /// (`SubscriptionScheduleOrString`), rather than a number. Other
    /// names, and unions with a title, as they are.
    fn union_name(&self, name: &str, schema: &Schema, body: &Body) -> String {
        let Body::Union(variants) = body else {
            return name.to_owned();
        };
        if !self.rules.titles || schema.title.is_some() || !self.names.contains_key(name) {
            return name.to_owned();
        }
        let [first, second] = variants.as_slice() else {
            return name.to_owned();
        };
        let label = |variant: &UnionVariant| match &variant.ty {
            Type::Named(id) => self.types[*id].name.clone(),
            _ => variant.name.clone(),
        };
        let (first, second) = (label(first), label(second));
        let other = match (first == name, second == name) {
            (true, false) => second,
            (false, true) => first,
            _ => return name.to_owned(),
        };
        let taken = ident::words(name);
        let rest = ident::words(&other)
            .into_iter()
            .filter(|word| !taken.contains(word))
            .collect::<Vec<_>>()
            .join("-");
        let candidate = format!("{name}Or{}", ident::pascal_part(&rest));
        if rest.is_empty() || self.names.contains_key(&candidate) {
            name.to_owned()
        } else {
            candidate
        }
    }

    /// The type of a referenced component; a JSON value, and a problem,
    /// when there is no such component.
    fn reference(&mut self, component: &str, at: &str) -> Type {
        if !self.components.contains_key(component) {
            self.problems.push(format!(
                "`{at}`: no component schema `{component}`; planned as any JSON value"
            ));
            return Type::Json;
        }
        self.component(component).unwrap_or(Type::Json)
    }

    /// What `schema` is: a type expression, or the body of a new type named
    /// `name`.
    fn define(&mut self, schema: &Schema, name: &str) -> Result<Defined, String> {
        let formats = self.rules.formats;
        let format = schema.format.as_deref();
        Ok(match &schema.kind {
            Kind::Ref(component) => Defined::Type(self.reference(component, name)),
            Kind::String {
                values: Some(values),
                ..
            } if !values.is_empty() => Defined::Body(Body::Enum(variants(values)), None, None),
            Kind::String { format, .. } => Defined::Type(match format.as_deref() {
                Some("date-time") => Type::Timestamp,
                Some("uri") => Type::Uri,
                Some("binary") if formats => Type::Bytes,
                Some("byte") if formats => Type::Base64,
                _ => Type::String,
            }),
            Kind::Integer if formats => Defined::Type(match (format, schema.unsigned) {
                (Some("int32" | "int16" | "int8"), false) => Type::I32,
                (Some("int32" | "int16" | "int8" | "uint32" | "uint16" | "uint8"), _) => Type::U32,
                (Some("int64"), true) | (Some("uint64"), _) => Type::U64,
                _ => Type::Integer,
            }),
            Kind::Number if formats && self.rules.float_f32 && format == Some("float") => {
                Defined::Type(Type::F32)
            }
            Kind::Integer => Defined::Type(Type::Integer),
            Kind::Number => Defined::Type(Type::Number),
            Kind::Boolean => Defined::Type(Type::Boolean),
            Kind::Any => Defined::Type(Type::Json),
            Kind::Array(items) => Defined::Type(Type::Vec(Box::new(
                self.resolve(items, &format!("{name}Item"))?,
            ))),
            Kind::Object(object) => self.object(object, schema.discriminator.as_ref(), name)?,
            Kind::AllOf(parts) => match parts.as_slice() {
                [] => Defined::Type(Type::Json),
                [one] => self.define_part(one, name)?,
                _ => match self.merge(parts, name) {
                    Some(object) => self.object(&object, schema.discriminator.as_ref(), name)?,
                    None => self.define_part(&parts[0], name)?,
                },
            },
            Kind::OneOf(alternatives) => self.union(alternatives, schema, name)?,
        })
    }

    /// A lone `allOf` part, with its own `nullable`.
    fn define_part(&mut self, part: &Schema, name: &str) -> Result<Defined, String> {
        Ok(match self.define(part, name)? {
            Defined::Type(ty) if part.nullable => Defined::Type(ty.optional()),
            other => other,
        })
    }

    /// The object of every part of an `allOf`, or `None` when a part is not
    /// an object. Properties of the same key are one: required when a part
    /// requires it (whichever part defines it), of the last part's schema
    /// that says more than "any value". A part that does not exist or leads
    /// back to an `allOf` being merged is left out (a problem).
    fn merge(&mut self, parts: &[Schema], at: &str) -> Option<Object> {
        let components = self.components;
        let mut merged = Object::default();
        for part in parts {
            // A referenced part is merged as its component's schema.
            let (kind, component) = match &part.kind {
                Kind::Ref(component) => {
                    let Some(schema) = components.get(component) else {
                        self.problems.push(format!(
                            "`{at}`: no component schema `{component}` to merge; left out"
                        ));
                        continue;
                    };
                    if self.merging.contains(component) {
                        self.problems.push(format!(
                            "`{at}`: the `allOf` of `{component}` includes itself; left out"
                        ));
                        continue;
                    }
                    (&schema.kind, Some(component.clone()))
                }
                kind => (kind, None),
            };
            let object = match kind {
                Kind::Object(object) => object.clone(),
                Kind::AllOf(inner) => {
                    self.merging.extend(component.clone());
                    let inner = self.merge(inner, at);
                    if component.is_some() {
                        self.merging.pop();
                    }
                    inner?
                }
                _ => return None,
            };
            for property in object.properties {
                match merged
                    .properties
                    .iter_mut()
                    .find(|p| p.name == property.name)
                {
                    Some(existing) => {
                        existing.required |= property.required;
                        if !matches!(property.schema.kind, Kind::Any) {
                            existing.schema = property.schema;
                        }
                    }
                    None => merged.properties.push(property),
                }
            }
            if merged.additional == Additional::None {
                merged.additional = object.additional;
            }
            merged.required.extend(object.required);
        }
        // A key one part requires and another defines.
        let Object {
            properties,
            required,
            ..
        } = &mut merged;
        for property in properties.iter_mut() {
            property.required |= required.contains(&property.name);
        }
        required.retain(|key| !properties.iter().any(|p| &p.name == key));
        Some(merged)
    }

    fn object(
        &mut self,
        object: &Object,
        discriminator: Option<&Discriminator>,
        name: &str,
    ) -> Result<Defined, String> {
        if object.properties.is_empty() {
            return Ok(Defined::Type(match &object.additional {
                Additional::Typed(values) => {
                    Type::Map(Box::new(self.resolve(values, &format!("{name}Value"))?))
                }
                _ => Type::JsonObject,
            }));
        }
        let write_back = self.rules.write_back;
        let mut fields: Vec<Field> = Vec::new();
        for Property {
            name: key,
            schema,
            required,
        } in &object.properties
        {
            let mut ty = self.resolve(schema, &format!("{name}{}", ident::pascal_part(key)))?;
            if !required {
                ty = match ty {
                    // Missing and `null` told apart.
                    Type::Option(inner) if write_back => Type::Nullable(inner),
                    ty => ty.optional(),
                };
            }
            let field_name = ident::unique(self.policy.field_name(key), |candidate| {
                fields.iter().any(|f| f.name == candidate)
            });
            // A reference without text of its own reads as the schema it
            // names.
            let component = match &schema.kind {
                Kind::Ref(component) => self.components.get(component),
                _ => None,
            };
            let mut doc = self
                .doc_of(schema)
                .or_else(|| component.and_then(|c| self.doc_of(c)))
                .unwrap_or_else(|| format!("The `{key}` property."));
            let constraints = schema
                .constraints_doc()
                .or_else(|| component.and_then(Schema::constraints_doc));
            if write_back && let Some(constraints) = constraints {
                doc.push_str("\n\n");
                doc.push_str(&constraints);
            }
            fields.push(Field {
                name: field_name,
                key: key.clone(),
                ty,
                doc: Some(doc),
                deprecated: schema.deprecated,
                required: *required,
                read_only: schema.read_only,
                write_only: schema.write_only,
                additional: false,
            });
        }
        let values = match &object.additional {
            Additional::None => None,
            Additional::Any => Some(Type::Json),
            Additional::Typed(values) => Some(self.resolve(values, &format!("{name}Value"))?),
        };
        if write_back && let Some(values) = values {
            // The other keys, kept.
            let field_name = ident::unique("additional_properties".to_owned(), |candidate| {
                fields.iter().any(|f| f.name == candidate)
            });
            fields.push(Field {
                name: field_name,
                key: String::new(),
                ty: Type::Map(Box::new(values)),
                doc: Some("The keys no other field names, with their values.".to_owned()),
                deprecated: false,
                required: false,
                read_only: false,
                write_only: false,
                additional: true,
            });
        }
        if write_back {
            for (property, field) in object.properties.iter().zip(&fields) {
                self.find_beside(object, discriminator, property, field, &fields, name);
            }
        }
        Ok(Defined::Body(Body::Struct(fields), None, None))
    }

    fn union(
        &mut self,
        alternatives: &[Schema],
        schema: &Schema,
        name: &str,
    ) -> Result<Defined, String> {
        if alternatives.iter().any(|a| a.kind == Kind::Any) {
            // An alternative of no type (`{"nullable": true}`) admits any
            // value, and so does the union (`null` told apart from absent
            // where a model writes back what it read).
            let json = Type::Json;
            return Ok(Defined::Type(if alternatives.iter().any(|a| a.nullable) {
                json.optional()
            } else {
                json
            }));
        }
        // Each alternative with the name of its variant: a component's type
        // name, else its title, else its kind (`Object`, `String`, …); an
        // inline type is named after the union and that label.
        let mut types: Vec<(Type, String)> = Vec::new();
        let mut nullable = false;
        for alternative in alternatives {
            let label = match (&alternative.kind, &alternative.title) {
                (Kind::Ref(_), _) => None,
                (_, Some(title)) => Some(ident::pascal_part(title)),
                (kind, None) => Some(schema_kind_name(kind).to_owned()),
            };
            let hint = format!("{name}{}", label.as_deref().unwrap_or_default());
            let mut ty = self.resolve(alternative, &hint)?;
            if let Type::Option(inner) = ty {
                nullable = true;
                ty = *inner;
            }
            let label = match (&ty, label) {
                (Type::Named(id), None) => self.types[*id].name.clone(),
                (_, Some(label)) => label,
                (other, None) => kind_name(other).to_owned(),
            };
            if !types.iter().any(|(seen, _)| seen == &ty) {
                types.push((ty, label));
            }
        }
        let wrap = |ty: Type| if nullable { ty.optional() } else { ty };
        if let [(one, _)] = types.as_slice() {
            return Ok(Defined::Type(wrap(one.clone())));
        }
        let mut variants: Vec<UnionVariant> = Vec::new();
        for (ty, label) in types {
            let variant = ident::unique(label, |c| {
                variants.iter().any(|v| v.name == c) || c == "Other"
            });
            variants.push(UnionVariant { name: variant, ty });
        }
        let tag = match &schema.discriminator {
            // A discriminator is a property of objects: a union that also
            // holds a list (GitHub's contents, a directory's list or a
            // file, whose mapping names the list `array`) is decoded by
            // trying each alternative in order.
            Some(discriminator)
                if self.rules.write_back
                    && alternatives.len() == variants.len()
                    && !variants.iter().all(|v| self.may_be_object(&v.ty)) =>
            {
                self.problems.push(format!(
                    "`{name}`: its discriminator `{}` is a property, but an alternative is not an object; decoded by trying each alternative in order",
                    discriminator.property_name
                ));
                None
            }
            // A discriminator that names no property of an alternative (a
            // property of the object holding the union, beside it: `{"type":
            // "card", "data": {…}}`) tells nothing from the value itself:
            // never decoded by a key its values do not have, but by the
            // value beside it (or by trying each alternative in order), as
            // the object holding it finds ([`TypeSpace::find_beside`]).
            Some(discriminator)
                if self.rules.write_back
                    && alternatives.len() == variants.len()
                    && alternatives
                        .iter()
                        .any(|a| !self.may_have(a, &discriminator.property_name, 0)) =>
            {
                None
            }
            Some(discriminator)
                if self.rules.write_back && alternatives.len() == variants.len() =>
            {
                self.discriminated(alternatives, discriminator, name)
            }
            _ => None,
        };
        Ok(Defined::Body(Body::Union(variants), None, tag))
    }

    /// When `field` of the object `name` (of `property`) holds a union that
    /// a property beside it names the alternative of, records that property
    /// and its values on the union ([`TypeDef::beside`]), and says so (a
    /// problem, for the diagnostics). The property is, first found: the
    /// union's discriminator, when it is no property of an alternative but
    /// one of the object (values by its `mapping`, else the alternatives'
    /// component names); the object's own discriminator, when its mapping
    /// names alternatives of the union (or, without one, its values are the
    /// alternatives' component names); a string enum whose values are, in
    /// order, the alternatives' names or titles. A union whose discriminator
    /// is no property of an alternative, with none of those, is decoded by
    /// trying each alternative in order, and says so too.
    fn find_beside(
        &mut self,
        object: &Object,
        discriminator: Option<&Discriminator>,
        property: &Property,
        field: &Field,
        fields: &[Field],
        name: &str,
    ) {
        let Type::Named(id) = field.ty.core() else {
            return;
        };
        let id = *id;
        let variants = match &self.types[id].body {
            Body::Union(variants) if self.types[id].tag.is_none() => variants.clone(),
            _ => return,
        };
        let mut schema = &property.schema;
        for _ in 0..MAX_LOOK {
            match &schema.kind {
                Kind::Ref(component) => match self.components.get(component) {
                    Some(target) => schema = target,
                    None => return,
                },
                Kind::AllOf(parts) if parts.len() == 1 => schema = &parts[0],
                _ => break,
            }
        }
        let Kind::OneOf(alternatives) = &schema.kind else {
            return;
        };
        if alternatives.len() != variants.len() {
            return;
        }
        let key = &property.name;
        // A property of the object, other than the union's, whose value is
        // text (a string, an enum of strings, any value).
        let text = |wanted: &str| {
            fields.iter().any(|f| {
                f.key == wanted
                    && !f.additional
                    && match f.ty.core() {
                        Type::String | Type::Json => true,
                        Type::Named(held) => matches!(self.types[*held].body, Body::Enum(_)),
                        _ => false,
                    }
            })
        };
        let sibling = |wanted: &str| {
            object
                .properties
                .iter()
                .find(|p| p.name == wanted && &p.name != key && text(wanted))
        };
        let components: Vec<Option<&String>> = alternatives
            .iter()
            .map(|a| match &a.kind {
                Kind::Ref(component) => Some(component),
                _ => None,
            })
            .collect();
        // Each alternative's values by a discriminator's mapping, else its
        // component's name; `None` when one has none or two share one.
        let by_mapping = |mapping: &[(String, String)]| -> Option<Vec<Vec<String>>> {
            let values: Vec<Vec<String>> = components
                .iter()
                .map(|component| {
                    let component = (*component)?;
                    let mapped: Vec<String> = mapping
                        .iter()
                        .filter(|(_, target)| target == component)
                        .map(|(value, _)| value.clone())
                        .collect();
                    Some(if mapped.is_empty() {
                        vec![component.clone()]
                    } else {
                        mapped
                    })
                })
                .collect::<Option<_>>()?;
            let mut seen = BTreeSet::new();
            values
                .iter()
                .flatten()
                .all(|value| seen.insert(value))
                .then_some(values)
        };
        let own = schema.discriminator.as_ref().filter(|d| {
            alternatives
                .iter()
                .any(|a| !self.may_have(a, &d.property_name, 0))
        });
        let mut found: Option<(Tag, &str)> = None;
        if let Some(d) = own
            && sibling(&d.property_name).is_some()
            && let Some(values) = by_mapping(&d.mapping)
        {
            found = Some((
                Tag {
                    key: d.property_name.clone(),
                    values,
                },
                "its discriminator",
            ));
        }
        if found.is_none()
            && let Some(d) = discriminator
            && let Some(p) = sibling(&d.property_name)
            && let Some(values) = by_mapping(&d.mapping)
        {
            let names_one = d
                .mapping
                .iter()
                .any(|(_, target)| components.contains(&Some(target)));
            let enumerated = self.string_values(&p.schema, 0);
            let named = names_one
                || (d.mapping.is_empty()
                    && values
                        .iter()
                        .flatten()
                        .all(|value| enumerated.contains(value)));
            if named {
                found = Some((
                    Tag {
                        key: d.property_name.clone(),
                        values,
                    },
                    "the discriminator of the object holding it",
                ));
            }
        }
        if found.is_none() {
            let normal = |text: &str| -> String {
                text.chars()
                    .filter(char::is_ascii_alphanumeric)
                    .map(|c| c.to_ascii_lowercase())
                    .collect()
            };
            // The names an alternative goes by.
            let names = |i: usize| -> Vec<String> {
                let mut names = vec![normal(&variants[i].name)];
                let mut alternative = &alternatives[i];
                if let Kind::Ref(component) = &alternative.kind {
                    names.push(normal(component));
                    if let Some(target) = self.components.get(component) {
                        alternative = target;
                    }
                }
                names.extend(alternative.title.as_deref().map(normal));
                names
            };
            found = object
                .properties
                .iter()
                .filter(|p| &p.name != key && text(&p.name))
                .find_map(|p| {
                    let values = self.string_values(&p.schema, 0);
                    let fits = values.len() == alternatives.len()
                        && values
                            .iter()
                            .enumerate()
                            .all(|(i, value)| names(i).contains(&normal(value)));
                    fits.then(|| {
                        (
                            Tag {
                                key: p.name.clone(),
                                values: values.into_iter().map(|value| vec![value]).collect(),
                            },
                            "its values, the names of the alternatives",
                        )
                    })
                });
        }
        let union = self.types[id].name.clone();
        match found {
            Some((tag, how)) => {
                self.problems.push(format!(
                    "`{name}`: the alternative of `{union}` (its `{key}`) is named by `{}` beside it ({how}); decoded by that value, any other kept as JSON (`Other`)",
                    tag.key
                ));
                if self.types[id].beside.is_none() {
                    self.types[id].beside = Some(tag);
                }
            }
            None => {
                if let Some(d) = own {
                    self.problems.push(format!(
                        "`{name}`: the discriminator `{}` of `{union}` (its `{key}`) is no property of its alternatives, and no property beside it names them; decoded by trying each alternative in order",
                        d.property_name
                    ));
                }
            }
        }
    }

    /// Whether a value of `ty` may be a JSON object: a struct, a union, a
    /// type still being planned, or an alias of one; not a list, a map's
    /// scalar, a string or a number.
    fn may_be_object(&self, ty: &Type) -> bool {
        match ty.core() {
            Type::Named(id) => match &self.types[*id].body {
                Body::Enum(_) => false,
                Body::Alias(inner) => self.may_be_object(inner),
                Body::Struct(_) | Body::Union(_) => true,
            },
            Type::Json | Type::JsonObject | Type::Map(_) => true,
            _ => false,
        }
    }

    /// The [`Tag`] of a union by its `discriminator`, each alternative
    /// (each its own variant) with the values that `mapping` gives it, else
    /// the values its own schema pins the property to (when no other
    /// alternative has one of them) and its component's name (OpenAPI's
    /// implicit value, left out when another alternative has it). `None`,
    /// and a problem, when an alternative has no value or a value names two.
    fn discriminated(
        &mut self,
        alternatives: &[Schema],
        discriminator: &Discriminator,
        name: &str,
    ) -> Option<Tag> {
        let key = &discriminator.property_name;
        let own: Vec<Vec<String>> = alternatives
            .iter()
            .map(|alternative| self.pinned(alternative, key, 0))
            .collect();
        // Each alternative's values, each with whether it is implicit.
        let mut values: Vec<Vec<(String, bool)>> = Vec::new();
        for (i, alternative) in alternatives.iter().enumerate() {
            let component = match &alternative.kind {
                Kind::Ref(component) => Some(component),
                _ => None,
            };
            let mapped: Vec<(String, bool)> = discriminator
                .mapping
                .iter()
                .filter(|(_, target)| Some(target) == component)
                .map(|(value, _)| (value.clone(), false))
                .collect();
            if !mapped.is_empty() {
                values.push(mapped);
                continue;
            }
            let shared = own[i].iter().any(|value| {
                own.iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.contains(value))
            });
            let mut mine: Vec<(String, bool)> = Vec::new();
            if !shared {
                mine.extend(own[i].iter().map(|value| (value.clone(), false)));
            }
            if let Some(component) = component
                && !mine.iter().any(|(value, _)| value == component)
            {
                mine.push((component.clone(), true));
            }
            values.push(mine);
        }
        let elsewhere = |values: &[Vec<(String, bool)>], i: usize, value: &str| {
            values
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && other.iter().any(|(v, _)| v == value))
        };
        let snapshot = values.clone();
        for (i, mine) in values.iter_mut().enumerate() {
            mine.retain(|(value, implicit)| !implicit || !elsewhere(&snapshot, i, value));
        }
        let label = |i: usize| match &alternatives[i].kind {
            Kind::Ref(component) => format!("`{component}`"),
            _ => format!("number {}", i + 1),
        };
        let problem = if let Some(i) = values.iter().position(Vec::is_empty) {
            Some(format!(
                "`{name}`: its discriminator `{key}` gives alternative {} no value",
                label(i)
            ))
        } else {
            values.iter().enumerate().find_map(|(i, mine)| {
                let (value, _) = mine.iter().find(|(v, _)| elsewhere(&values, i, v))?;
                Some(format!(
                    "`{name}`: its discriminator `{key}` gives the value `{value}` to alternative {} and another",
                    label(i)
                ))
            })
        };
        if let Some(problem) = problem {
            self.problems.push(format!(
                "{problem}; decoded by trying each alternative in order"
            ));
            return None;
        }
        Some(Tag {
            key: key.clone(),
            values: values
                .into_iter()
                .map(|mine| mine.into_iter().map(|(value, _)| value).collect())
                .collect(),
        })
    }

    /// Whether a value of `schema` may have the property `key`: an object
    /// that defines or requires it, or admits other keys, through
    /// references, `allOf` parts (any of them) and unions (any
    /// alternative); not an object whose properties are all named and
    /// `key` not among them, nor a value that is no object.
    fn may_have(&self, schema: &Schema, key: &str, depth: usize) -> bool {
        match &schema.kind {
            _ if depth > MAX_LOOK => true,
            Kind::Ref(component) => self
                .components
                .get(component)
                .is_none_or(|schema| self.may_have(schema, key, depth + 1)),
            Kind::Object(object) => {
                object.properties.iter().any(|p| p.name == key)
                    || object.required.iter().any(|r| r == key)
                    || !matches!(object.additional, Additional::None)
            }
            Kind::AllOf(parts) | Kind::OneOf(parts) => {
                parts.iter().any(|part| self.may_have(part, key, depth + 1))
            }
            Kind::Any => true,
            _ => false,
        }
    }

    /// The string values `schema` pins its property `key` to (a string
    /// `enum` or `const` of the property's own), through references and
    /// `allOf` parts (the last that says); none when it does not.
    fn pinned(&self, schema: &Schema, key: &str, depth: usize) -> Vec<String> {
        match &schema.kind {
            _ if depth > MAX_LOOK => Vec::new(),
            Kind::Ref(component) => self
                .components
                .get(component)
                .map(|schema| self.pinned(schema, key, depth + 1))
                .unwrap_or_default(),
            Kind::Object(object) => object
                .properties
                .iter()
                .find(|property| property.name == key)
                .map(|property| self.string_values(&property.schema, depth + 1))
                .unwrap_or_default(),
            Kind::AllOf(parts) => parts
                .iter()
                .rev()
                .map(|part| self.pinned(part, key, depth + 1))
                .find(|values| !values.is_empty())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The values of a string `enum` (or `const`), through references and
    /// `allOf` parts.
    fn string_values(&self, schema: &Schema, depth: usize) -> Vec<String> {
        match &schema.kind {
            _ if depth > MAX_LOOK => Vec::new(),
            Kind::String {
                values: Some(values),
                ..
            } => values.clone(),
            Kind::Ref(component) => self
                .components
                .get(component)
                .map(|schema| self.string_values(schema, depth + 1))
                .unwrap_or_default(),
            Kind::AllOf(parts) => parts
                .iter()
                .rev()
                .map(|part| self.string_values(part, depth + 1))
                .find(|values| !values.is_empty())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Finds the [`Tag`] of every union that has one.
    fn find_tags(&mut self) {
        for id in 0..self.types.len() {
            let Body::Union(variants) = &self.types[id].body else {
                continue;
            };
            if self.types[id].tag.is_some() {
                // Told by its discriminator.
                continue;
            }
            let structs: Option<Vec<&Vec<Field>>> = variants
                .iter()
                .map(|variant| match variant.ty.core() {
                    Type::Named(held) => match &self.types[*held].body {
                        Body::Struct(fields) => Some(fields),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            let Some(structs) = structs else { continue };
            let enum_values = |fields: &Vec<Field>, key: &str| -> Option<Vec<String>> {
                let field = fields.iter().find(|f| f.key == key)?;
                match &field.ty {
                    Type::Named(held) => match &self.types[*held].body {
                        Body::Enum(values) => {
                            Some(values.iter().map(|v| v.value.clone()).collect())
                        }
                        _ => None,
                    },
                    _ => None,
                }
            };
            let tag = structs[0].iter().find_map(|candidate| {
                let values: Vec<Vec<String>> = structs
                    .iter()
                    .map(|fields| enum_values(fields, &candidate.key))
                    .collect::<Option<_>>()?;
                let mut seen = BTreeSet::new();
                let disjoint = values.iter().flatten().all(|value| seen.insert(value));
                disjoint.then(|| Tag {
                    key: candidate.key.clone(),
                    values,
                })
            });
            self.types[id].tag = tag;
        }
    }

    /// Documents each type that has no text of its own by where it stands:
    /// the first field, list item, map value or union variant that holds it.
    /// The places are read once, in order, for all the types (a search of
    /// every type's holder was quadratic in the number of types).
    fn document_inline(&mut self) {
        let mut docs: HashMap<usize, String> = HashMap::new();
        for parent in &self.types {
            let parent_name = &parent.name;
            let places: Vec<(&Type, Option<&str>)> = match &parent.body {
                Body::Struct(fields) => fields
                    .iter()
                    .map(|field| (&field.ty, Some(field.key.as_str())))
                    .collect(),
                Body::Union(variants) => variants.iter().map(|v| (&v.ty, None)).collect(),
                Body::Alias(ty) => vec![(ty, None)],
                Body::Enum(_) => Vec::new(),
            };
            for (ty, key) in places {
                let Some((id, how)) = held(ty) else {
                    continue;
                };
                if self.types[id].doc.is_some() || docs.contains_key(&id) {
                    continue;
                }
                let doc = match (&parent.body, key, how) {
                    (_, Some(key), "") => format!("The `{key}` of [`{parent_name}`]."),
                    (_, Some(key), how) => format!("{how}the `{key}` of [`{parent_name}`]."),
                    (Body::Union(_), _, "") => format!("One of the forms of [`{parent_name}`]."),
                    (Body::Union(_), _, how) => {
                        format!("{how}one of the forms of [`{parent_name}`].")
                    }
                    (_, _, "") => format!("What [`{parent_name}`] names."),
                    (_, _, how) => format!("{how}[`{parent_name}`]."),
                };
                docs.insert(id, doc);
            }
        }
        for (id, doc) in docs {
            self.types[id].doc = Some(doc);
        }
    }

    /// Boxes every `Option` field that holds a struct or a union:
    /// `Option<Box<T>>` is one pointer when absent, so that a model stays
    /// small to move while it is decoded (an issue, with its optional
    /// repository, milestone, app and comment inline, was 8.9 kB, copied
    /// several times per item).
    fn box_optional_objects(&mut self) {
        let objects: Vec<bool> = self
            .types
            .iter()
            .map(|def| matches!(def.body, Body::Struct(_) | Body::Union(_)))
            .collect();
        for def in &mut self.types {
            let Body::Struct(fields) = &mut def.body else {
                continue;
            };
            for field in fields {
                if let Type::Option(inner) | Type::Nullable(inner) = &mut field.ty
                    && let Type::Named(id) = **inner
                    && objects[id]
                {
                    **inner = Type::Box(Box::new(Type::Named(id)));
                }
            }
        }
    }

    /// Boxes every field or variant that holds, directly, a type from which
    /// its own type is reached again directly.
    fn box_cycles(&mut self) {
        let direct: Vec<Vec<usize>> = self
            .types
            .iter()
            .map(|def| {
                let mut out = Vec::new();
                for ty in def_types(def) {
                    ty.named(true, &mut out);
                }
                out.into_iter()
                    .filter(|(_, d)| *d)
                    .map(|(id, _)| id)
                    .collect()
            })
            .collect();
        // A type held directly closes a cycle when it reaches its holder:
        // when both are in one strongly connected component (found once,
        // rather than a search from each field).
        let component = strongly_connected(&direct);
        let mut boxed: Vec<(usize, usize)> = Vec::new();
        for (id, def) in self.types.iter().enumerate() {
            let tys: Vec<&Type> = def_types(def);
            for (slot, ty) in tys.into_iter().enumerate() {
                let mut named = Vec::new();
                ty.named(true, &mut named);
                if named
                    .iter()
                    .any(|&(target, d)| d && component[target] == component[id])
                {
                    boxed.push((id, slot));
                }
            }
        }
        for (id, slot) in boxed {
            if let Some(ty) = def_types_mut(&mut self.types[id]).into_iter().nth(slot) {
                *ty = box_direct(std::mem::replace(ty, Type::Unit));
            }
        }
    }

    /// For each type, the ids of the planned types its expressions name (a
    /// struct's fields, a union's alternatives, held directly or in a list
    /// or map): the edges that directions and features follow.
    fn named_edges(&self) -> Vec<Vec<usize>> {
        self.types
            .iter()
            .map(|def| {
                let mut out = Vec::new();
                for ty in def_types(def) {
                    ty.named(true, &mut out);
                }
                out.into_iter().map(|(id, _)| id).collect()
            })
            .collect()
    }

    fn spread_features(&mut self) {
        let mut edges = self.named_edges();
        // A request's twin is enabled with its answer's type (the roots
        // name the answer's).
        for &(answer, request) in &self.twins {
            edges[answer].push(request);
        }
        for (root, feature) in std::mem::take(&mut self.roots) {
            let Some(feature) = feature else { continue };
            let mut start = Vec::new();
            root.named(true, &mut start);
            let mut stack: Vec<usize> = start.into_iter().map(|(id, _)| id).collect();
            while let Some(at) = stack.pop() {
                if self.types[at].features.insert(feature.clone()) {
                    stack.extend(&edges[at]);
                }
            }
        }
    }
}

/// How many references and `allOf` parts a union's discriminator is
/// looked for through (a reference that leads back to itself stops there).
const MAX_LOOK: usize = 16;

/// The strongly connected component of each node of the graph `edges`
/// (Tarjan's algorithm, without recursion: the graph of a large
/// description is deep).
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<usize> {
    const UNSEEN: usize = usize::MAX;
    let n = edges.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut component = vec![UNSEEN; n];
    let (mut next_index, mut count) = (0, 0);
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        // Each node being visited, with the position of its next edge.
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&(node, at)) = work.last() {
            if let Some(&next) = edges[node].get(at) {
                if let Some(top) = work.last_mut() {
                    top.1 += 1;
                }
                if index[next] == UNSEEN {
                    index[next] = next_index;
                    low[next] = next_index;
                    next_index += 1;
                    stack.push(next);
                    on_stack[next] = true;
                    work.push((next, 0));
                } else if on_stack[next] {
                    low[node] = low[node].min(index[next]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component[member] = count;
                    if member == node {
                        break;
                    }
                }
                count += 1;
            }
        }
    }
    component
}

/// What [`TypeSpace::define`] found.
enum Defined {
    Type(Type),
    Body(Body, Option<Page>, Option<Tag>),
}

/// A place that holds an inline type: the name it gave the type, and what
/// its schema says of itself.
#[derive(Debug)]
struct Place {
    name: String,
    title: Option<String>,
    description: Option<String>,
}

impl Place {
    fn of(name: &str, schema: &Schema) -> Place {
        Place {
            name: name.to_owned(),
            title: schema.title.clone(),
            description: schema.description.clone(),
        }
    }
}

/// The shape of an inline schema: equal for schemas that differ only in
/// their own title, description, default and `nullable` (a place that
/// allows `null` holds an `Option` of the type), and in the constraints
/// they or their parts document.
fn shape(schema: &Schema) -> String {
    let mut plain = schema.clone();
    plain.nullable = false;
    plain.title = None;
    plain.description = None;
    plain.default = None;
    unconstrained(&mut plain);
    format!("{plain:?}")
}

/// `schema` and its parts without their [`Constraints`](crate::schema::Constraints), which only
/// document.
fn unconstrained(schema: &mut Schema) {
    schema.constraints = None;
    match &mut schema.kind {
        Kind::Array(items) => unconstrained(items),
        Kind::Object(object) => {
            for property in &mut object.properties {
                unconstrained(&mut property.schema);
            }
            if let Additional::Typed(values) = &mut object.additional {
                unconstrained(values);
            }
        }
        Kind::OneOf(parts) | Kind::AllOf(parts) => parts.iter_mut().for_each(unconstrained),
        _ => {}
    }
}

/// The type expressions a definition holds, in order.
fn def_types(def: &TypeDef) -> Vec<&Type> {
    match &def.body {
        Body::Struct(fields) => fields.iter().map(|f| &f.ty).collect(),
        Body::Union(variants) => variants.iter().map(|v| &v.ty).collect(),
        Body::Alias(ty) => vec![ty],
        Body::Enum(_) => Vec::new(),
    }
}

fn def_types_mut(def: &mut TypeDef) -> Vec<&mut Type> {
    match &mut def.body {
        Body::Struct(fields) => fields.iter_mut().map(|f| &mut f.ty).collect(),
        Body::Union(variants) => variants.iter_mut().map(|v| &mut v.ty).collect(),
        Body::Alias(ty) => vec![ty],
        Body::Enum(_) => Vec::new(),
    }
}

/// The planned type a type expression holds, through `Option`, `Box`, lists
/// and maps, with how its documentation says so: `""` for the type itself,
/// `"An item of "` in a list, `"A value of "` in a map (the outermost).
fn held(ty: &Type) -> Option<(usize, &'static str)> {
    match ty {
        Type::Named(id) => Some((*id, "")),
        Type::Option(inner) | Type::Nullable(inner) | Type::Box(inner) => held(inner),
        Type::Vec(inner) => held(inner).map(|(id, _)| (id, "An item of ")),
        Type::Map(inner) => held(inner).map(|(id, _)| (id, "A value of ")),
        _ => None,
    }
}

/// `Box` inside any `Option`: `Option<Box<T>>`.
fn box_direct(ty: Type) -> Type {
    match ty {
        Type::Option(inner) => Type::Option(Box::new(box_direct(*inner))),
        Type::Nullable(inner) => Type::Nullable(Box::new(box_direct(*inner))),
        Type::Box(_) => ty,
        other => Type::Box(Box::new(other)),
    }
}

/// The label of an inline alternative of a union, by its kind.
fn schema_kind_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Object(_) | Kind::AllOf(_) => "Object",
        Kind::String { .. } => "String",
        Kind::Integer => "Integer",
        Kind::Number => "Number",
        Kind::Boolean => "Boolean",
        Kind::Array(_) => "List",
        Kind::OneOf(_) | Kind::Any | Kind::Ref(_) => "Value",
    }
}

/// The name of a union variant holding `ty`.
fn kind_name(ty: &Type) -> &'static str {
    match ty {
        Type::String => "String",
        Type::Timestamp => "Timestamp",
        Type::Uri => "Uri",
        Type::Integer | Type::I32 | Type::U32 | Type::U64 => "Integer",
        Type::Number | Type::F32 => "Number",
        Type::Bytes => "Bytes",
        Type::Base64 => "Base64",
        Type::Boolean => "Boolean",
        Type::Vec(_) => "List",
        Type::Map(_) | Type::JsonObject => "Object",
        Type::Json => "Json",
        Type::Unit => "Empty",
        Type::Named(_) | Type::Option(_) | Type::Nullable(_) | Type::Box(_) => "Value",
    }
}

/// The variants of an open enum: each value's name in `UpperCamelCase`,
/// made unique (`approved` and `APPROVED` are `Approved` and
/// `ApprovedUpper`).
fn variants(values: &[String]) -> Vec<Variant> {
    let mut out: Vec<Variant> = Vec::new();
    for value in values {
        if out.iter().any(|v| &v.value == value) {
            continue;
        }
        let mut name = ident::variant(value);
        if out.iter().any(|v| v.name == name) && value.chars().any(|c| c.is_ascii_uppercase()) {
            name.push_str("Upper");
        }
        let name = ident::unique(name, |c| out.iter().any(|v| v.name == c) || c == "Unknown");
        out.push(Variant {
            name,
            value: value.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn components(value: serde_json::Value) -> BTreeMap<String, Schema> {
        value
            .as_object()
            .unwrap()
            .iter()
            .map(|(name, schema)| (name.clone(), Schema::read(schema, name).unwrap()))
            .collect()
    }

    fn named<'s>(types: &'s [TypeDef], name: &str) -> &'s TypeDef {
        types.iter().find(|t| t.name == name).unwrap()
    }

    fn fields(def: &TypeDef) -> Vec<(&str, &Type)> {
        let Body::Struct(fields) = &def.body else {
            panic!("{} is not a struct", def.name)
        };
        fields.iter().map(|f| (f.name.as_str(), &f.ty)).collect()
    }

    #[test]
    fn required_and_nullable_decide_option() {
        let components = components(json!({
            "simple-user": {"type": "object", "required": ["login"], "properties": {
                "login": {"type": "string"}, "name": {"type": "string", "nullable": true}}},
            "nullable-simple-user": {"type": "object", "nullable": true, "required": ["login"], "properties": {
                "login": {"type": "string"}, "name": {"type": "string", "nullable": true}}},
            "issue": {"type": "object", "required": ["id", "user", "assignee", "created_at"], "properties": {
                "id": {"type": "integer", "format": "int64"},
                "user": {"$ref": "#/components/schemas/simple-user"},
                "assignee": {"$ref": "#/components/schemas/nullable-simple-user"},
                "created_at": {"type": "string", "format": "date-time"},
                "html_url": {"type": "string", "format": "uri"},
                "state": {"type": "string", "enum": ["open", "closed"]},
                "pull_request": {"type": "object", "properties": {"url": {"type": "string"}}}}}
        }));
        let mut space = TypeSpace::new(&components, &Github);
        let issue = space.component("issue").unwrap();
        let types = space.finish();
        assert_eq!(types.len(), 4, "{types:#?}");
        let user = types.iter().position(|t| t.name == "SimpleUser").unwrap();
        let state = types.iter().position(|t| t.name == "IssueState").unwrap();
        let pr = types
            .iter()
            .position(|t| t.name == "IssuePullRequest")
            .unwrap();
        assert_eq!(
            issue,
            Type::Named(types.iter().position(|t| t.name == "Issue").unwrap())
        );
        assert_eq!(
            fields(named(&types, "Issue")),
            [
                ("id", &Type::Integer),
                ("user", &Type::Named(user)),
                (
                    "assignee",
                    &Type::Box(Box::new(Type::Named(user))).optional()
                ),
                ("created_at", &Type::Timestamp),
                ("html_url", &Type::Uri.optional()),
                ("state", &Type::Named(state).optional()),
                (
                    "pull_request",
                    &Type::Box(Box::new(Type::Named(pr))).optional()
                ),
            ]
        );
        assert_eq!(
            named(&types, "IssueState").body,
            Body::Enum(vec![
                Variant {
                    name: "Open".into(),
                    value: "open".into()
                },
                Variant {
                    name: "Closed".into(),
                    value: "closed".into()
                },
            ])
        );
    }

    struct Github;
    impl Policy for Github {
        fn type_name(&self, component: &str) -> String {
            ident::pascal(component.strip_prefix("nullable-").unwrap_or(component))
        }
    }

    #[test]
    fn nullable_twins_are_one_type_and_different_schemas_two() {
        let components = components(json!({
            "milestone": {"type": "object", "properties": {"id": {"type": "integer"}}},
            "nullable-milestone": {"type": "object", "nullable": true, "properties": {"id": {"type": "integer"}}},
            "team": {"type": "object", "properties": {"id": {"type": "integer"}}},
            "nullable-team": {"type": "object", "nullable": true, "properties": {"slug": {"type": "string"}}}
        }));
        let mut space = TypeSpace::new(&components, &Github);
        assert_eq!(space.component("milestone").unwrap(), Type::Named(0));
        assert_eq!(
            space.component("nullable-milestone").unwrap(),
            Type::Named(0).optional()
        );
        space.component("team").unwrap();
        assert_eq!(
            space.component("nullable-team").unwrap(),
            Type::Named(2).optional()
        );
        let names: Vec<_> = space.finish().into_iter().map(|t| t.name).collect();
        assert_eq!(names, ["Milestone", "Team", "Team2"]);
    }

    #[test]
    fn a_roots_text_documents_its_new_types_whatever_its_first_letter() {
        let components = components(json!({}));
        let mut space = TypeSpace::new(&components, &Plain);
        for (name, doc) in [
            ("Empty", ""),
            ("Accented", "Éléments listés."),
            ("Wide", "漢字"),
        ] {
            // A list of objects, each its own (a property named after the
            // root).
            let list = json!({"type": "array", "items": {"type": "object", "properties": {name: {"type": "integer"}}}});
            space
                .root(&Schema::read(&list, name).unwrap(), name, doc, None)
                .unwrap();
        }
        let types = space.finish();
        let doc = |name: &str| named(&types, name).doc.clone();
        assert_eq!(doc("EmptyItem"), None);
        assert_eq!(
            doc("AccentedItem").as_deref(),
            Some("An item of éléments listés.")
        );
        assert_eq!(doc("WideItem").as_deref(), Some("An item of 漢字"));
    }

    #[test]
    fn many_inline_types_are_documented_by_their_places_in_one_pass() {
        // 2 000 components of 10 properties, each a list of objects of
        // their own: 20 000 types documented by where they stand.
        let component = |c: usize| {
            let properties: serde_json::Map<String, serde_json::Value> = (0..10)
                .map(|i| {
                    let inline = json!({"type": "object", "properties": {format!("p{c}_{i}"): {"type": "integer"}}});
                    (format!("f{i}"), json!({"type": "array", "items": inline}))
                })
                .collect();
            (
                format!("c{c}"),
                json!({"type": "object", "properties": properties}),
            )
        };
        let components = components((0..2_000).map(component).collect());
        let mut space = TypeSpace::new(&components, &Plain);
        space.all_components(None).unwrap();
        let types = space.finish();
        assert_eq!(types.len(), 22_000);
        assert_eq!(
            named(&types, "C1999F9Item").doc.as_deref(),
            Some("An item of the `f9` of [`C1999`].")
        );
    }

    #[test]
    fn strongly_connected_components() {
        // 0 → 1 → 2 → 0, 2 → 3, 4 → 4, 5 alone.
        let edges = vec![vec![1], vec![2], vec![0, 3], vec![], vec![4], vec![]];
        let component = strongly_connected(&edges);
        assert!(component[0] == component[1] && component[1] == component[2]);
        let others = [component[3], component[4], component[5], component[0]];
        assert!((0..4).all(|i| (i + 1..4).all(|j| others[i] != others[j])));
        // A ring too long for a recursive search: one component.
        let ring: Vec<Vec<usize>> = (0..1_000_000).map(|i| vec![(i + 1) % 1_000_000]).collect();
        assert!(strongly_connected(&ring).iter().all(|&c| c == 0));
    }

    #[test]
    fn a_long_ring_of_references_is_boxed_once_each() {
        let ring: serde_json::Map<String, serde_json::Value> = (0..10_000)
            .map(|i| {
                let next = format!("#/components/schemas/r{}", (i + 1) % 10_000);
                (
                    format!("r{i}"),
                    json!({"type": "object", "required": ["next"], "properties": {"next": {"$ref": next}}}),
                )
            })
            .collect();
        let components = components(ring.into());
        // Planning follows the ring depth first (as `package::generate`
        // does, on a deep stack).
        let plan = move || {
            let mut space = TypeSpace::new(&components, &Plain);
            space.all_components(None).unwrap();
            space.finish()
        };
        let types = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(plan)
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(types.len(), 10_000);
        for def in &types {
            let Body::Struct(fields) = &def.body else {
                panic!("{} is not a struct", def.name);
            };
            assert!(matches!(fields[0].ty, Type::Box(_)), "{:?}", fields[0].ty);
        }
    }

    #[test]
    fn all_of_merges_and_one_of_unites() {
        let components = components(json!({
            "base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}},
            "full": {"allOf": [{"$ref": "#/components/schemas/base"},
                               {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}]},
            "label": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/base"}]},
            "same": {"anyOf": [{"type": "string"}, {"type": "string", "nullable": true}]}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        space.all_components(None).unwrap();
        let types = space.finish();
        assert_eq!(
            fields(named(&types, "Full")),
            [("id", &Type::Integer), ("name", &Type::String)]
        );
        let Body::Union(variants) = &named(&types, "Label").body else {
            panic!()
        };
        let names: Vec<_> = variants.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["String", "Base"]);
        assert_eq!(
            named(&types, "Same").body,
            Body::Alias(Type::String.optional())
        );
    }

    #[test]
    fn cycles_are_boxed_and_lists_are_not() {
        let components = components(json!({
            "node": {"type": "object", "properties": {
                "parent": {"$ref": "#/components/schemas/node"},
                "children": {"type": "array", "items": {"$ref": "#/components/schemas/node"}}}}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        space.component("node").unwrap();
        let types = space.finish();
        assert_eq!(
            fields(&types[0]),
            [
                (
                    "parent",
                    &Type::Option(Box::new(Type::Box(Box::new(Type::Named(0)))))
                ),
                ("children", &Type::Vec(Box::new(Type::Named(0))).optional()),
            ]
        );
    }

    #[test]
    fn features_spread_from_roots() {
        let components = components(json!({
            "a": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/b"}}},
            "b": {"type": "object", "properties": {"x": {"type": "integer"}}}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        let a = Schema::read(&json!({"$ref": "#/components/schemas/a"}), "r").unwrap();
        let b = Schema::read(
            &json!({"type": "array", "items": {"$ref": "#/components/schemas/b"}}),
            "r",
        )
        .unwrap();
        space.root(&a, "GetA", "", Some("alpha")).unwrap();
        space.root(&b, "ListB", "", Some("beta")).unwrap();
        let types = space.finish();
        assert_eq!(
            named(&types, "A").features,
            BTreeSet::from(["alpha".to_owned()])
        );
        assert_eq!(
            named(&types, "B").features,
            BTreeSet::from(["alpha".to_owned(), "beta".to_owned()])
        );
    }

    #[test]
    fn a_union_told_apart_by_a_key_is_tagged() {
        let components = components(json!({
            "rule": {"oneOf": [
                {"$ref": "#/components/schemas/creation"},
                {"$ref": "#/components/schemas/update"}]},
            "creation": {"type": "object", "required": ["type"], "properties": {
                "type": {"type": "string", "enum": ["creation"]}}},
            "update": {"type": "object", "required": ["type"], "properties": {
                "type": {"type": "string", "enum": ["update", "update_v2"]},
                "parameters": {"type": "object", "properties": {"x": {"type": "integer"}}}}},
            "loose": {"oneOf": [
                {"$ref": "#/components/schemas/creation"},
                {"type": "object", "properties": {"type": {"type": "string", "enum": ["creation"]}}}]}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        space.all_components(None).unwrap();
        let types = space.finish();
        assert_eq!(
            named(&types, "Rule").tag,
            Some(Tag {
                key: "type".into(),
                values: vec![
                    vec!["creation".into()],
                    vec!["update".into(), "update_v2".into()]
                ],
            })
        );
        // The same value in two alternatives, or a key that may be missing:
        // tried in order.
        assert_eq!(named(&types, "Loose").tag, None);
    }

    #[test]
    fn enum_values_in_two_cases() {
        let names: Vec<_> = variants(&["approved".into(), "APPROVED".into(), "unknown".into()])
            .into_iter()
            .map(|v| v.name)
            .collect();
        assert_eq!(names, ["Approved", "ApprovedUpper", "Unknown2"]);
    }

    struct AnswersOnly;
    impl Policy for AnswersOnly {
        fn rules(&self) -> Rules {
            Rules::ANSWERS_ONLY
        }
    }

    fn plan(policy: &dyn Policy, schemas: serde_json::Value) -> Vec<TypeDef> {
        let components = components(schemas);
        let mut space = TypeSpace::new(&components, policy);
        space.all_components(None).unwrap();
        assert_eq!(space.problems(), [] as [String; 0]);
        space.finish()
    }

    #[test]
    fn formats_have_their_types() {
        let schemas = json!({"numbers": {"type": "object", "required": [
            "a", "b", "c", "d", "e", "f", "g", "h", "i"], "properties": {
            "a": {"type": "integer", "format": "int32"},
            "b": {"type": "integer", "format": "int32", "minimum": 0},
            "c": {"type": "integer", "format": "int64", "minimum": 1},
            "d": {"type": "integer", "format": "uint64"},
            "e": {"type": "number", "format": "float"},
            "f": {"type": "number", "format": "double"},
            "g": {"type": "string", "format": "binary"},
            "h": {"type": "string", "format": "byte"},
            "i": {"type": "integer"}}}});
        let types = plan(&Plain, schemas.clone());
        let tys: Vec<_> = fields(&types[0])
            .into_iter()
            .map(|(_, ty)| ty.clone())
            .collect();
        use Type::{Base64, Bytes, F32, I32, Integer, Number, U32, U64};
        // A JSON number is a double: `float` too is an `f64`, unless the
        // policy says otherwise.
        assert_eq!(
            tys,
            [I32, U32, U64, U64, Number, Number, Bytes, Base64, Integer]
        );
        struct Floats;
        impl Policy for Floats {
            fn rules(&self) -> Rules {
                Rules {
                    float_f32: true,
                    ..Rules::default()
                }
            }
        }
        let types = plan(&Floats, schemas.clone());
        assert_eq!(fields(&types[0])[4].1, &F32);
        let types = plan(&AnswersOnly, schemas);
        let tys: Vec<_> = fields(&types[0])
            .into_iter()
            .map(|(_, ty)| ty.clone())
            .collect();
        assert_eq!(
            tys,
            [
                Integer,
                Integer,
                Integer,
                Integer,
                Number,
                Number,
                Type::String,
                Type::String,
                Integer
            ]
        );
    }

    #[test]
    fn field_names_are_unique_and_readable() {
        let types = plan(
            &Plain,
            json!({"messages": {"type": "object", "properties": {
                "DateSent": {"type": "string"}, "DateSent<": {"type": "string"},
                "DateSent>": {"type": "string"}, "+1": {"type": "integer"},
                "-1": {"type": "integer"}, "type": {"type": "string"},
                "self": {"type": "string"}, "a-b": {"type": "string"},
                "a_b": {"type": "string"}}}}),
        );
        let names: Vec<_> = fields(&types[0])
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        assert_eq!(
            names,
            [
                "date_sent",
                "date_sent_before",
                "date_sent_after",
                "plus_1",
                "minus_1",
                "r#type",
                "self_",
                "a_b",
                "a_b_2"
            ]
        );
    }

    #[test]
    fn equal_inline_schemas_are_one_type() {
        let address = json!({"type": "object", "properties": {"city": {"type": "string"}}});
        let mut other = address.clone();
        other["description"] = json!("Where it is sent.");
        let schemas = json!({
            "order": {"type": "object", "properties": {"billing": address, "shipping": other}}
        });
        let types = plan(&Plain, schemas.clone());
        let order = fields(named(&types, "Order"));
        assert_eq!(order[0].1, order[1].1, "one type for both addresses");
        assert_eq!(types.len(), 2);
        // One that allows `null` too: an `Option` of the same type.
        let mut nullable = schemas.clone();
        nullable["order"]["required"] = json!(["billing", "shipping"]);
        nullable["order"]["properties"]["shipping"]["nullable"] = json!(true);
        let types = plan(&Plain, nullable);
        let order = fields(named(&types, "Order"));
        assert_eq!(order[1].1.core(), order[0].1, "{order:?}");
        assert!(matches!(order[1].1, Type::Option(_)), "{order:?}");
        assert_eq!(types.len(), 2);
        let types = plan(&AnswersOnly, schemas);
        let order = fields(named(&types, "Order"));
        assert_ne!(order[0].1, order[1].1, "GitHub's: one type per place");
    }

    #[test]
    fn a_taken_name_gives_way_to_the_title() {
        let components = components(json!({
            "pet-tag": {"type": "object", "properties": {"x": {"type": "integer"}}},
            "pet-owner": {"type": "object", "properties": {"y": {"type": "integer"}}},
            "pet": {"type": "object", "properties": {
                "tag": {"type": "object", "title": "Pet label",
                        "properties": {"name": {"type": "string"}}},
                "owner": {"type": "object", "properties": {"id": {"type": "integer"}}}}}
        }));
        for policy in [&Plain as &dyn Policy, &AnswersOnly] {
            let mut space = TypeSpace::new(&components, policy);
            space.component("pet-tag").unwrap();
            space.component("pet-owner").unwrap();
            space.component("pet").unwrap();
            let names: Vec<_> = space.finish().into_iter().map(|t| t.name).collect();
            let label = if policy.rules().titles {
                "PetLabel"
            } else {
                "PetTag2"
            };
            assert_eq!(names, ["PetTag", "PetOwner", "Pet", label, "PetOwner2"]);
        }
    }

    #[test]
    fn request_types_tell_absent_from_null() {
        let types = plan(
            &Plain,
            json!({"patch": {"type": "object", "required": ["id", "milestone"], "properties": {
                "id": {"type": "integer", "readOnly": true},
                "milestone": {"type": "integer", "nullable": true},
                "title": {"type": "string", "writeOnly": true},
                "assignee": {"type": ["string", "null"]}},
                "additionalProperties": {"type": "integer"}}}),
        );
        let Body::Struct(fields) = &types[0].body else {
            panic!()
        };
        let tys: Vec<_> = fields.iter().map(|f| (f.name.as_str(), &f.ty)).collect();
        assert_eq!(
            tys,
            [
                ("id", &Type::Integer),
                ("milestone", &Type::Integer.optional()),
                ("title", &Type::String.optional()),
                ("assignee", &Type::Nullable(Box::new(Type::String))),
                ("additional_properties", &Type::Map(Box::new(Type::Integer))),
            ]
        );
        assert!(fields[0].read_only && fields[0].required && !fields[0].write_only);
        assert!(fields[2].write_only && !fields[2].required);
        assert!(fields[4].additional && fields[4].key.is_empty());
        assert!(types[0].write_back);
        // Answers only: `null` and absent are both `None`, other keys skipped.
        let types = plan(
            &AnswersOnly,
            json!({"patch": {"type": "object", "properties": {
                "assignee": {"type": ["string", "null"]}}, "additionalProperties": true}}),
        );
        assert_eq!(
            fields_of(&types[0]),
            [("assignee", Type::String.optional())]
        );
        assert!(!types[0].write_back);
    }

    fn fields_of(def: &TypeDef) -> Vec<(&str, Type)> {
        fields(def)
            .into_iter()
            .map(|(n, t)| (n, t.clone()))
            .collect()
    }

    #[test]
    fn a_discriminator_tags_its_union() {
        let types = plan(
            &Plain,
            json!({
                "pet": {"oneOf": [{"$ref": "#/components/schemas/cat"},
                                  {"$ref": "#/components/schemas/dog"}],
                        "discriminator": {"propertyName": "kind",
                                          "mapping": {"c": "#/components/schemas/cat",
                                                      "kitty": "#/components/schemas/cat"}}},
                "cat": {"type": "object", "properties": {"kind": {"type": "string"}}},
                "dog": {"type": "object", "properties": {"kind": {"type": "string"}}}
            }),
        );
        assert_eq!(
            named(&types, "Pet").tag,
            Some(Tag {
                key: "kind".into(),
                values: vec![vec!["c".into(), "kitty".into()], vec!["dog".into()]],
            })
        );
    }

    #[test]
    fn a_discriminator_of_a_union_holding_a_list_does_not_tag_it() {
        let components = components(json!({
            "content": {"oneOf": [{"$ref": "#/components/schemas/directory"},
                                  {"$ref": "#/components/schemas/file"}],
                        "discriminator": {"propertyName": "type",
                                          "mapping": {"array": "#/components/schemas/directory",
                                                      "file": "#/components/schemas/file"}}},
            "directory": {"type": "array", "items": {"$ref": "#/components/schemas/file"}},
            "file": {"type": "object", "properties": {"type": {"type": "string"}}}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        space.all_components(None).unwrap();
        assert_eq!(
            space.problems(),
            [
                "`Content`: its discriminator `type` is a property, but an alternative is not an \
              object; decoded by trying each alternative in order"
            ]
        );
        let types = space.finish();
        let content = named(&types, "Content");
        assert_eq!(content.tag, None);
        assert!(matches!(&content.body, Body::Union(variants) if variants.len() == 2));
    }

    #[test]
    fn a_discriminator_without_mapping_tags_by_the_values_sent() {
        let components = components(json!({
            "source": {"oneOf": [{"$ref": "#/components/schemas/card-object"},
                                 {"$ref": "#/components/schemas/bank-account-object"},
                                 {"$ref": "#/components/schemas/wallet"},
                                 {"type": "object", "title": "cash", "properties": {
                                     "type": {"type": "string", "const": "cash"}}}],
                       "discriminator": {"propertyName": "type",
                                         "mapping": {"w": "#/components/schemas/wallet"}}},
            // A one-value `enum`.
            "card-object": {"type": "object", "properties": {
                "type": {"type": "string", "enum": ["card"]},
                "last4": {"type": "string"}}},
            // `const`, through `allOf` and a reference.
            "bank-account-object": {"allOf": [
                {"$ref": "#/components/schemas/base"},
                {"type": "object", "properties": {
                    "type": {"$ref": "#/components/schemas/bank-account-type"}}}]},
            "bank-account-type": {"const": "bank_account"},
            "base": {"type": "object", "properties": {"id": {"type": "string"},
                                                      "type": {"type": "string"}}},
            // Named by the mapping: its own value is not added.
            "wallet": {"type": "object", "properties": {
                "type": {"type": "string", "enum": ["wallet"]}}},
            // Every alternative's key of one shared enum: the names.
            "event": {"oneOf": [{"$ref": "#/components/schemas/created"},
                                {"$ref": "#/components/schemas/deleted"}],
                      "discriminator": {"propertyName": "kind"}},
            "created": {"type": "object", "properties": {
                "kind": {"$ref": "#/components/schemas/kind"}}},
            "deleted": {"type": "object", "properties": {
                "kind": {"$ref": "#/components/schemas/kind"}}},
            "kind": {"type": "string", "enum": ["created", "deleted"]}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        space.all_components(None).unwrap();
        assert_eq!(space.problems(), [] as [String; 0]);
        let types = space.finish();
        let tag = |values: &[&[&str]], key: &str| Tag {
            key: key.into(),
            values: values
                .iter()
                .map(|v| v.iter().map(|s| (*s).to_owned()).collect())
                .collect(),
        };
        assert_eq!(
            named(&types, "Source").tag,
            Some(tag(
                &[
                    &["card", "card-object"],
                    &["bank_account", "bank-account-object"],
                    &["w"],
                    &["cash"]
                ],
                "type"
            ))
        );
        assert_eq!(
            named(&types, "Event").tag,
            Some(tag(&[&["created"], &["deleted"]], "kind"))
        );
    }

    #[test]
    fn a_discriminator_that_cannot_tell_is_a_problem() {
        let components = components(json!({
            "no-value": {"oneOf": [{"$ref": "#/components/schemas/a"},
                                   {"type": "object", "properties": {"t": {"type": "string"}}}],
                         "discriminator": {"propertyName": "t"}},
            "same-value": {"oneOf": [{"$ref": "#/components/schemas/a"},
                                     {"$ref": "#/components/schemas/b"}],
                           "discriminator": {"propertyName": "t",
                                             "mapping": {"x": "#/components/schemas/a"}}},
            "a": {"type": "object", "properties": {"t": {"type": "string"}}},
            "b": {"type": "object", "properties": {"t": {"type": "string", "enum": ["x"]},
                                                   "n": {"type": "integer"}}}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        space.all_components(None).unwrap();
        assert_eq!(
            space.problems(),
            [
                "`NoValue`: its discriminator `t` gives alternative number 2 no value; \
                 decoded by trying each alternative in order",
                "`SameValue`: its discriminator `t` gives the value `x` to alternative `a` \
                 and another; decoded by trying each alternative in order"
            ]
        );
        let types = space.finish();
        assert_eq!(named(&types, "NoValue").tag, None);
        assert_eq!(named(&types, "SameValue").tag, None);
    }

    #[test]
    fn a_discriminator_the_alternatives_do_not_have_is_the_property_beside_the_union() {
        // The alternatives of `data` are named by `type` beside it, in the
        // object holding it: their values have no `type`.
        let components = components(json!({
            "payment": {"type": "object", "required": ["type", "data"], "properties": {
                "type": {"type": "string", "enum": ["credit_card", "bank"]},
                "data": {"oneOf": [{"$ref": "#/components/schemas/card"},
                                   {"$ref": "#/components/schemas/bank"}],
                         "discriminator": {"propertyName": "type", "mapping": {
                             "credit_card": "#/components/schemas/card",
                             "bank": "#/components/schemas/bank"}}}
            }},
            "card": {"type": "object", "required": ["number"],
                     "properties": {"number": {"type": "string"}}},
            "bank": {"type": "object", "required": ["iban"],
                     "properties": {"iban": {"type": "string"}}},
            // Through `allOf`, an alternative has it: tagged.
            "pet": {"oneOf": [{"$ref": "#/components/schemas/dog"},
                              {"$ref": "#/components/schemas/cat"}],
                    "discriminator": {"propertyName": "kind"}},
            "base": {"type": "object", "properties": {"kind": {"type": "string"}}},
            "dog": {"allOf": [{"$ref": "#/components/schemas/base"},
                              {"type": "object", "properties": {"bark": {"type": "string"}}}]},
            "cat": {"allOf": [{"$ref": "#/components/schemas/base"}]},
            // Nothing beside it has the discriminator's name.
            "refund": {"type": "object", "properties": {
                "reason": {"type": "string"},
                "data": {"oneOf": [{"$ref": "#/components/schemas/card"},
                                   {"$ref": "#/components/schemas/bank"}],
                         "discriminator": {"propertyName": "method"}}
            }}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        space.all_components(None).unwrap();
        assert_eq!(
            space.problems(),
            [
                "`Payment`: the alternative of `PaymentData` (its `data`) is named by `type` \
                 beside it (its discriminator); decoded by that value, any other kept as JSON \
                 (`Other`)",
                "`Refund`: the discriminator `method` of `RefundData` (its `data`) is no \
                 property of its alternatives, and no property beside it names them; decoded \
                 by trying each alternative in order"
            ]
        );
        let types = space.finish();
        assert_eq!(named(&types, "PaymentData").tag, None);
        assert_eq!(
            named(&types, "PaymentData").beside,
            Some(Tag {
                key: "type".into(),
                values: vec![vec!["credit_card".into()], vec!["bank".into()]],
            })
        );
        assert_eq!(named(&types, "RefundData").beside, None);
        assert_eq!(named(&types, "Pet").beside, None);
        assert_eq!(
            named(&types, "Pet")
                .tag
                .as_ref()
                .map(|tag| tag.key.as_str()),
            Some("kind")
        );
    }

    #[test]
    fn alternatives_that_pin_a_key_tag_their_union() {
        // No discriminator: a required key of one value in each, through
        // a reference, `allOf` or `const`.
        let types = plan(
            &Plain,
            json!({
                "payment": {"oneOf": [{"$ref": "#/components/schemas/card"},
                                      {"$ref": "#/components/schemas/transfer"}]},
                "card": {"type": "object", "required": ["object"], "properties": {
                    "object": {"$ref": "#/components/schemas/card-kind"}}},
                "card-kind": {"type": "string", "enum": ["card"]},
                "transfer": {"allOf": [
                    {"type": "object", "required": ["object"], "properties": {
                        "object": {"const": "transfer"}}},
                    {"type": "object", "properties": {"amount": {"type": "integer"}}}]}
            }),
        );
        assert_eq!(
            named(&types, "Payment").tag,
            Some(Tag {
                key: "object".into(),
                values: vec![vec!["card".into()], vec!["transfer".into()]],
            })
        );
    }

    #[test]
    fn required_in_one_all_of_part_applies_to_another() {
        let types = plan(
            &Plain,
            json!({
                "page": {"type": "object", "properties": {
                    "items": {"type": "array", "items": {}},
                    "next": {"type": "string"}}},
                "base": {"type": "object", "properties": {"id": {"type": "integer"},
                                                          "name": {"type": "string"}}},
                "order-page": {"allOf": [
                    {"$ref": "#/components/schemas/page"},
                    {"required": ["items"], "properties": {
                        "items": {"type": "array", "items": {"type": "string"}}}}]},
                "order": {"allOf": [{"$ref": "#/components/schemas/base"},
                                    {"required": ["id"]}]},
                "named": {"type": "object", "required": ["name", "age"],
                          "properties": {"age": {"type": "integer"}},
                          "allOf": [{"$ref": "#/components/schemas/base"}]}
            }),
        );
        let strings = Type::Vec(Box::new(Type::String));
        assert_eq!(
            fields_of(named(&types, "OrderPage")),
            [("items", strings), ("next", Type::String.optional())]
        );
        assert_eq!(
            fields_of(named(&types, "Order")),
            [("id", Type::Integer), ("name", Type::String.optional())]
        );
        assert_eq!(
            fields_of(named(&types, "Named")),
            [
                ("id", Type::Integer.optional()),
                ("name", Type::String),
                ("age", Type::Integer)
            ]
        );
    }

    #[test]
    fn schemas_of_no_type_admit_any_value() {
        let types = plan(
            &Plain,
            json!({"thing": {"type": "object", "required": ["a", "b", "c", "d", "e"],
                             "properties": {
                // `items` applies to arrays only.
                "a": {"items": {"type": "string"}},
                // An alternative of no type admits any value.
                "b": {"anyOf": [{"$ref": "#/components/schemas/x"}, {"nullable": true}]},
                "c": {"oneOf": [{"type": "string"}, {"items": {"type": "string"}}]},
                // Only `null` besides: nullable.
                "d": {"anyOf": [{"$ref": "#/components/schemas/x"}, {"type": "null"}]},
                "e": {"oneOf": [{"$ref": "#/components/schemas/x"}, {"enum": [null]}]},
                "f": {"type": "array", "items": {"type": "string"}}}},
                   "x": {"type": "object", "properties": {"id": {"type": "integer"}}}}),
        );
        let x = Type::Named(types.iter().position(|t| t.name == "X").unwrap());
        let boxed = || Type::Box(Box::new(x.clone())).optional();
        assert_eq!(
            fields_of(named(&types, "Thing")),
            [
                ("a", Type::Json),
                ("b", Type::Json.optional()),
                ("c", Type::Json),
                ("d", boxed()),
                ("e", boxed()),
                ("f", Type::Vec(Box::new(Type::String)).optional())
            ]
        );
    }

    #[test]
    fn unplannable_schemas_are_json_and_problems() {
        let components = components(json!({
            "a": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/missing"}}},
            "loop": {"allOf": [{"$ref": "#/components/schemas/loop"},
                               {"type": "object", "properties": {"x": {"type": "integer"}}}]},
            "empty": {},
            "sort": {"type": "string", "enum": ["ASC", "asc", "Asc"]},
            "codes": {"type": "integer", "enum": [1, 2, 3]},
            "mixed": {"enum": [1, "one", true]}
        }));
        let mut space = TypeSpace::new(&components, &Plain);
        space.all_components(None).unwrap();
        let problems = space.problems().to_vec();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems
                .iter()
                .any(|p| p.contains("no component schema `missing`"))
        );
        assert!(
            problems
                .iter()
                .any(|p| p.contains("`allOf` of `loop` includes itself"))
        );
        let types = space.finish();
        assert_eq!(
            fields_of(named(&types, "A")),
            [("b", Type::Json.optional())]
        );
        assert_eq!(
            fields_of(named(&types, "Loop")),
            [("x", Type::Integer.optional())]
        );
        assert_eq!(named(&types, "Empty").body, Body::Alias(Type::Json));
        assert_eq!(named(&types, "Codes").body, Body::Alias(Type::Integer));
        assert_eq!(named(&types, "Mixed").body, Body::Alias(Type::Json));
        let Body::Enum(sort) = &named(&types, "Sort").body else {
            panic!()
        };
        let names: Vec<_> = sort.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["Asc", "Asc2", "AscUpper"]);
    }

    #[test]
    fn a_huge_union_and_a_deep_recursion_plan() {
        let alternatives: Vec<_> = (0..500)
            .map(|i| {
                json!({"type": "object", "title": format!("form {i}"),
                            "properties": {format!("k{i}"): {"type": "integer"}}})
            })
            .collect();
        let types = plan(
            &Plain,
            json!({"many": {"anyOf": alternatives},
                   "tree": {"type": "object", "properties": {
                       "left": {"$ref": "#/components/schemas/tree"},
                       "right": {"$ref": "#/components/schemas/tree"}}}}),
        );
        let Body::Union(variants) = &named(&types, "Many").body else {
            panic!()
        };
        assert_eq!(variants.len(), 500);
        assert_eq!(variants[499].name, "Form499");
        assert_eq!(
            fields_of(named(&types, "Tree"))[0].1,
            Type::Option(Box::new(Type::Box(Box::new(Type::Named(
                types.iter().position(|t| t.name == "Tree").unwrap()
            )))))
        );
    }

    #[test]
    fn a_union_named_after_its_own_alternative_says_or() {
        let schemas = json!({
            "subscription": {"type": "object", "properties": {
                "schedule": {"anyOf": [{"type": "string"},
                                       {"$ref": "#/components/schemas/subscription-schedule"}]},
                "options": {"anyOf": [
                    {"$ref": "#/components/schemas/subscription-options"},
                    {"$ref": "#/components/schemas/subscription-type-specific-client"}]}}},
            "subscription-schedule": {"type": "object", "properties": {"id": {"type": "string"}}},
            "subscription-options": {"type": "object", "properties": {"a": {"type": "string"}}},
            "subscription-type-specific-client": {"type": "object", "properties": {
                "b": {"type": "string"}}}
        });
        let types = plan(&Plain, schemas.clone());
        let names: Vec<_> = types.iter().map(|t| t.name.as_str()).collect();
        assert!(names.contains(&"SubscriptionScheduleOrString"), "{names:?}");
        assert!(
            names.contains(&"SubscriptionOptionsOrTypeSpecificClient"),
            "{names:?}"
        );
        let types = plan(&AnswersOnly, schemas);
        let names: Vec<_> = types.iter().map(|t| t.name.as_str()).collect();
        assert!(names.contains(&"SubscriptionSchedule2"), "{names:?}");
    }
}
