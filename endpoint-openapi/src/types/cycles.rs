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

    pub(super) fn spread_features(&mut self) {
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
