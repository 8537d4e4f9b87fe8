//! The types: schemas into a space of named Rust types, every decision made
//! here (names, which fields are `Option`, which are boxed, which features
//! enable a type) so that emitting is a plain walk.
//!
//! The rules:
//!
//! - one type per component schema, named by the [`Conventions`]; two components
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
//! The [`Rules`] of the conventions add what a description of requests and answers
//! needs (GitHub's answers, only ever decoded, keep them off):
//!
//! - `formats`: `int32` is [`Type::I32`] (`i32`), `int64` `i64`, either with
//!   `minimum: 0` or `uint32`/`uint64` [`Type::U32`]/[`Type::U64`]; `binary`
//!   is [`Type::Bytes`] (`Vec<u8>`: a whole body or a multipart part, raw
//!   octets) and `byte` [`Type::Base64`] (the base64 text as it was sent, a
//!   `String`). A number is `f64` whatever its format (a JSON number is a
//!   double: `0.00743999984115362` as an `f32` is written back as
//!   `0.007439999841153622`); `float` is [`Type::F32`] only with
//!   `float_f32`, which no conventions have unless they say so;
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
use std::sync::Arc;

use crate::conventions::Conventions;
use crate::schema::{Additional, Kind, Schema};

mod cycles;
mod directions;
mod naming;
mod shape;
mod space;
#[cfg(test)]
mod testing;
mod unions;

pub use crate::conventions::Rules;

/// The most features a type's `#[cfg(any(…))]` lists: a type that more
/// reach is enabled by the crate's shared feature, which each of them
/// enables ([`TypeSpace::finish_sharing`]). Every crate the project
/// generates lists fewer (Stripe's most shared model, 60); a description of
/// thousands of tags reaches its common models from most of them.
pub(crate) const SHARED_AFTER: usize = 64;

/// A type expression: what a field, an item or an answer is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// A planned type, by its index in `TypeSpace::types`.
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
    /// (empty when no root names a feature). Each name is shared by every
    /// type it enables (a large description's models can each be enabled
    /// by thousands of features).
    pub features: BTreeSet<Arc<str>>,
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
    /// fields (`Field::is_argument`), and `Default` when it has none.
    pub request: bool,
}

/// Which of `types` the type expressions `roots` reach (through fields,
/// alternatives and aliases), by id.
pub fn reached(types: &[TypeDef], roots: &[Type]) -> Vec<bool> {
    let mut seen = vec![false; types.len()];
    let mut stack = Vec::new();
    let mut named = Vec::new();
    for root in roots {
        root.named(true, &mut named);
    }
    stack.extend(named.drain(..).map(|(id, _)| id));
    while let Some(at) = stack.pop() {
        if at >= types.len() || std::mem::replace(&mut seen[at], true) {
            continue;
        }
        stack.extend(types[at].held());
    }
    seen
}

impl TypeDef {
    /// The planned types its fields, alternatives or aliased type name
    /// (by id, in order, maybe repeated).
    pub fn held(&self) -> Vec<usize> {
        let mut named = Vec::new();
        for ty in def_types(self) {
            ty.named(true, &mut named);
        }
        named.into_iter().map(|(id, _)| id).collect()
    }
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
    conventions: &'a Conventions,
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
pub(crate) fn held(ty: &Type) -> Option<(usize, &'static str)> {
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
