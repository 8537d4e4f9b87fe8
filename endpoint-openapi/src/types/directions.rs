//! Directions: what requests send and answers hold, and the request's
//! twin of a type whose shape differs by direction
//! ([`TypeSpace::directions`]).

use std::collections::HashMap;

use super::*;
use crate::ident;

impl TypeSpace<'_> {
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
    pub(super) fn mark_requests(&mut self, requests: &[Type]) {
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
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use serde_json::json;

    #[test]
    fn request_types_tell_absent_from_null() {
        let types = plan(
            &PLAIN,
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
            &ANSWERS_ONLY,
            json!({"patch": {"type": "object", "properties": {
                    "assignee": {"type": ["string", "null"]}}, "additionalProperties": true}}),
        );
        assert_eq!(
            fields_of(&types[0]),
            [("assignee", Type::String.optional())]
        );
        assert!(!types[0].write_back);
    }
}
