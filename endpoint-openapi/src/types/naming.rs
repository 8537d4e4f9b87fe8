//! Names: of types several places share ([`TypeSpace::name_shared`]),
//! of unions, of renamed types, and the documentation of inline types
//! by their places.

use std::collections::{BTreeSet, HashMap};

use super::*;
use crate::ident;
use crate::schema::Schema;

impl TypeSpace<'_> {
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
    pub(super) fn shared_names(
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

    /// The name of an inline union that its place names after one of its
    /// own two alternatives (Stripe's `subscription.schedule`, an id or a
    /// `SubscriptionSchedule`): that name, `Or`, and the other
    /// alternative's name without the words they share
    /// (`SubscriptionScheduleOrString`), rather than a number. Other
    /// names, and unions with a title, as they are.
    pub(super) fn union_name(&self, name: &str, schema: &Schema, body: &Body) -> String {
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

    /// Documents each type that has no text of its own by where it stands:
    /// the first field, list item, map value or union variant that holds it.
    /// The places are read once, in order, for all the types (a search of
    /// every type's holder was quadratic in the number of types).
    pub(super) fn document_inline(&mut self) {
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
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use serde_json::json;

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
        let mut space = TypeSpace::new(&components, &PLAIN);
        space.all_components(None).unwrap();
        let types = space.finish();
        assert_eq!(types.len(), 22_000);
        assert_eq!(
            named(&types, "C1999F9Item").doc.as_deref(),
            Some("An item of the `f9` of [`C1999`].")
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
        let types = plan(&PLAIN, schemas.clone());
        let order = fields(named(&types, "Order"));
        assert_eq!(order[0].1, order[1].1, "one type for both addresses");
        assert_eq!(types.len(), 2);
        // One that allows `null` too: an `Option` of the same type.
        let mut nullable = schemas.clone();
        nullable["order"]["required"] = json!(["billing", "shipping"]);
        nullable["order"]["properties"]["shipping"]["nullable"] = json!(true);
        let types = plan(&PLAIN, nullable);
        let order = fields(named(&types, "Order"));
        assert_eq!(order[1].1.core(), order[0].1, "{order:?}");
        assert!(matches!(order[1].1, Type::Option(_)), "{order:?}");
        assert_eq!(types.len(), 2);
        let types = plan(&ANSWERS_ONLY, schemas);
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
        for conventions in [&*PLAIN, &*ANSWERS_ONLY] {
            let mut space = TypeSpace::new(&components, conventions);
            space.component("pet-tag").unwrap();
            space.component("pet-owner").unwrap();
            space.component("pet").unwrap();
            let names: Vec<_> = space.finish().into_iter().map(|t| t.name).collect();
            let label = if conventions.rules.titles {
                "PetLabel"
            } else {
                "PetTag2"
            };
            assert_eq!(names, ["PetTag", "PetOwner", "Pet", label, "PetOwner2"]);
        }
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
        let types = plan(&PLAIN, schemas.clone());
        let names: Vec<_> = types.iter().map(|t| t.name.as_str()).collect();
        assert!(names.contains(&"SubscriptionScheduleOrString"), "{names:?}");
        assert!(
            names.contains(&"SubscriptionOptionsOrTypeSpecificClient"),
            "{names:?}"
        );
        let types = plan(&ANSWERS_ONLY, schemas);
        let names: Vec<_> = types.iter().map(|t| t.name.as_str()).collect();
        assert!(names.contains(&"SubscriptionSchedule2"), "{names:?}");
    }
}
