//! The space itself: components and roots planned into it, each schema
//! resolved to a type, defined, and documented; what is left when it is
//! finished.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::shape::variants;
use super::*;
use crate::ident;
use crate::schema::{Kind, Schema};

impl<'a> TypeSpace<'a> {
    /// An empty space over `components` (by component name).
    pub fn new(components: &'a BTreeMap<String, Schema>, conventions: &'a Conventions) -> Self {
        TypeSpace {
            components,
            conventions,
            types: Vec::new(),
            names: HashMap::new(),
            by_component: HashMap::new(),
            roots: Vec::new(),
            rules: conventions.rules,
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
    #[cfg(test)]
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
        let name = ident::not_unqualified(self.conventions.type_name(component));
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

    /// Finishes the plan: boxes the fields that close a cycle, and gives each
    /// type the features of the roots that reach it (each listed at the
    /// type, however many: for the tests of each concern).
    #[cfg(test)]
    pub fn finish(mut self) -> Vec<TypeDef> {
        self.finish_types(None);
        self.types
    }

    /// Finishes the plan: boxes the fields that close a cycle, and gives each
    /// type the features of the roots that reach it, a type that more
    /// than [`SHARED_AFTER`] features reach enabled by the feature `shared`
    /// alone; with the features that reach such a type (each enables
    /// `shared`).
    pub(crate) fn finish_sharing(mut self, shared: &str) -> (Vec<TypeDef>, BTreeSet<Arc<str>>) {
        let sharing = self.finish_types(Some(shared));
        (self.types, sharing)
    }

    fn finish_types(&mut self, shared: Option<&str>) -> BTreeSet<Arc<str>> {
        self.find_tags();
        self.document_inline();
        self.box_cycles();
        self.box_optional_objects();
        self.spread_features(shared)
    }

    /// Gives `doc` to the type `ty` names when it was planned after `before`
    /// and has no documentation of its own.
    pub(super) fn document_new(&mut self, before: usize, ty: &Type, doc: impl FnOnce() -> String) {
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

    pub(super) fn reserve(&mut self, name: String, schema: &Schema) -> usize {
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

    pub(super) fn doc_of(&self, schema: &Schema) -> Option<String> {
        let text = match (&schema.title, &schema.description) {
            (Some(title), Some(description)) if title != description => {
                format!("{title}\n\n{description}")
            }
            (_, Some(text)) | (Some(text), None) => text.clone(),
            (None, None) => return None,
        };
        let doc = self.conventions.doc(text.trim());
        (!doc.is_empty()).then_some(doc)
    }

    /// The type of `schema`; a new type named `name` when it needs one.
    pub(super) fn resolve(&mut self, schema: &Schema, name: &str) -> Result<Type, String> {
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

    /// The type of a referenced component; a JSON value, and a problem,
    /// when there is no such component.
    pub(super) fn reference(&mut self, component: &str, at: &str) -> Type {
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
    pub(super) fn define(&mut self, schema: &Schema, name: &str) -> Result<Defined, String> {
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
    pub(super) fn define_part(&mut self, part: &Schema, name: &str) -> Result<Defined, String> {
        Ok(match self.define(part, name)? {
            Defined::Type(ty) if part.nullable => Defined::Type(ty.optional()),
            other => other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use serde_json::json;

    #[test]
    fn nullable_twins_are_one_type_and_different_schemas_two() {
        let components = components(json!({
            "milestone": {"type": "object", "properties": {"id": {"type": "integer"}}},
            "nullable-milestone": {"type": "object", "nullable": true, "properties": {"id": {"type": "integer"}}},
            "team": {"type": "object", "properties": {"id": {"type": "integer"}}},
            "nullable-team": {"type": "object", "nullable": true, "properties": {"slug": {"type": "string"}}}
        }));
        let mut space = TypeSpace::new(&components, &GITHUB);
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
        let mut space = TypeSpace::new(&components, &PLAIN);
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
        let types = plan(&PLAIN, schemas.clone());
        let tys: Vec<_> = fields(&types[0])
            .into_iter()
            .map(|(_, ty)| ty.clone())
            .collect();
        use Type::{Base64, Bytes, F32, I32, Integer, Number, U32, U64};
        // A JSON number is a double: `float` too is an `f64`, unless the
        // conventions say otherwise.
        assert_eq!(
            tys,
            [I32, U32, U64, U64, Number, Number, Bytes, Base64, Integer]
        );
        let floats = Conventions {
            rules: Rules {
                float_f32: true,
                ..Rules::default()
            },
            ..PLAIN.clone()
        };
        let types = plan(&floats, schemas.clone());
        assert_eq!(fields(&types[0])[4].1, &F32);
        let types = plan(&ANSWERS_ONLY, schemas);
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
    fn schemas_of_no_type_admit_any_value() {
        let types = plan(
            &PLAIN,
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
        let mut space = TypeSpace::new(&components, &PLAIN);
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
            &PLAIN,
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
}
