//! Cycles and features: the fields that lead back to their own type
//! boxed, and the features of each type spread from the roots that reach
//! it.

use super::*;

impl TypeSpace<'_> {
    /// Boxes every `Option` field that holds a struct or a union:
    /// `Option<Box<T>>` is one pointer when absent, so that a model stays
    /// small to move while it is decoded (an issue, with its optional
    /// repository, milestone, app and comment inline, was 8.9 kB, copied
    /// several times per item).
    pub(super) fn box_optional_objects(&mut self) {
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
    pub(super) fn box_cycles(&mut self) {
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
    pub(super) fn named_edges(&self) -> Vec<Vec<usize>> {
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

    /// Gives each type the features of the roots that reach it: one walk
    /// per feature (from all its roots at once, each type visited once per
    /// feature), the features of a type gathered as numbers in the order of
    /// their names and turned into sets of the shared names once, at the end.
    ///
    /// With `shared`, a type that more than [`SHARED_AFTER`] features reach
    /// is enabled by that one feature instead, and the features that reach
    /// such a type are returned: each enables `shared` in the manifest. A
    /// crate of thousands of modules then names each module once, not at
    /// every model most of them reach (which made the crate written, and
    /// the memory that writes it, grow with the square of the description).
    pub(super) fn spread_features(&mut self, shared: Option<&str>) -> BTreeSet<Arc<str>> {
        let mut edges = self.named_edges();
        // A request's twin is enabled with its answer's type (the roots
        // name the answer's).
        for &(answer, request) in &self.twins {
            edges[answer].push(request);
        }
        let mut starts: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (root, feature) in std::mem::take(&mut self.roots) {
            let Some(feature) = feature else { continue };
            let mut named = Vec::new();
            root.named(true, &mut named);
            starts
                .entry(feature)
                .or_default()
                .extend(named.into_iter().map(|(id, _)| id));
        }
        let features: Vec<Arc<str>> = starts.keys().map(|name| Arc::from(name.as_str())).collect();
        // The last feature that reached each type, and each type's features.
        let mut seen = vec![usize::MAX; self.types.len()];
        let mut reached: Vec<Vec<usize>> = vec![Vec::new(); self.types.len()];
        for (feature, mut stack) in starts.into_values().enumerate() {
            while let Some(at) = stack.pop() {
                if seen[at] != feature {
                    seen[at] = feature;
                    reached[at].push(feature);
                    stack.extend(&edges[at]);
                }
            }
        }
        let shared = shared.map(Arc::<str>::from);
        let mut sharing = vec![false; features.len()];
        for (def, reached) in self.types.iter_mut().zip(reached) {
            if let Some(shared) = &shared
                && reached.len() > SHARED_AFTER
            {
                for &feature in &reached {
                    sharing[feature] = true;
                }
                def.features.clear();
                def.features.insert(shared.clone());
                continue;
            }
            // Built in order (in bulk), then moved in when the type had none.
            let mut more: BTreeSet<Arc<str>> = reached
                .into_iter()
                .map(|feature| features[feature].clone())
                .collect();
            def.features.append(&mut more);
        }
        features
            .into_iter()
            .zip(sharing)
            .filter_map(|(feature, sharing)| sharing.then_some(feature))
            .collect()
    }
}

/// The strongly connected component of each node of the graph `edges`
/// (Tarjan's algorithm, without recursion: the graph of a large
/// description is deep).
pub(super) fn strongly_connected(edges: &[Vec<usize>]) -> Vec<usize> {
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

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use serde_json::json;

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
            let mut space = TypeSpace::new(&components, &PLAIN);
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
    fn cycles_are_boxed_and_lists_are_not() {
        let components = components(json!({
            "node": {"type": "object", "properties": {
                "parent": {"$ref": "#/components/schemas/node"},
                "children": {"type": "array", "items": {"$ref": "#/components/schemas/node"}}}}
        }));
        let mut space = TypeSpace::new(&components, &PLAIN);
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
        let mut space = TypeSpace::new(&components, &PLAIN);
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
            BTreeSet::from([Arc::from("alpha")])
        );
        assert_eq!(
            named(&types, "B").features,
            BTreeSet::from([Arc::from("alpha"), Arc::from("beta")])
        );
    }

    #[test]
    fn a_type_most_features_reach_is_enabled_by_the_shared_feature() {
        let components = components(json!({
            "common": {"type": "object", "properties": {"x": {"type": "integer"}}},
            "rare": {"type": "object", "properties": {"y": {"type": "integer"}}}
        }));
        let mut space = TypeSpace::new(&components, &PLAIN);
        let common = Schema::read(&json!({"$ref": "#/components/schemas/common"}), "r").unwrap();
        let rare = Schema::read(&json!({"$ref": "#/components/schemas/rare"}), "r").unwrap();
        let names: Vec<String> = (0..=SHARED_AFTER).map(|n| format!("m{n:03}")).collect();
        for name in &names {
            space.root(&common, "Get", "", Some(name)).unwrap();
        }
        space.root(&rare, "GetRare", "", Some("m000")).unwrap();
        let (types, sharing) = space.finish_sharing("shared-models");
        assert_eq!(
            named(&types, "Common").features,
            BTreeSet::from([Arc::from("shared-models")])
        );
        assert_eq!(
            named(&types, "Rare").features,
            BTreeSet::from([Arc::from("m000")])
        );
        let expected: BTreeSet<Arc<str>> =
            names.iter().map(|name| Arc::from(name.as_str())).collect();
        assert_eq!(sharing, expected);

        // One feature fewer: each is listed at the type.
        let mut space = TypeSpace::new(&components, &PLAIN);
        for name in &names[1..] {
            space.root(&common, "Get", "", Some(name)).unwrap();
        }
        let (types, sharing) = space.finish_sharing("shared-models");
        assert_eq!(named(&types, "Common").features.len(), SHARED_AFTER);
        assert!(sharing.is_empty());
    }
}
