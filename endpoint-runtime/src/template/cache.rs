//! A per-thread cache of parsed templates, so that a dynamic call with a
//! route this thread has seen before does not parse it again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::Template;
use crate::error::TemplateError;

/// How many templates a thread keeps; past that the cache starts over.
const CAPACITY: usize = 256;

/// Longer templates are parsed every time rather than kept.
const MAX_LEN: usize = 16 * 1024;

type Cache = HashMap<Box<str>, Rc<Template<'static>>, BuildHasherDefault<WordHash>>;

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// Calls `f` with the parsed form of `url`, from this thread's cache when
/// it is there.
pub(crate) fn with_parsed<R>(
    url: &str,
    f: impl for<'t> FnOnce(&Template<'t>) -> R,
) -> Result<R, TemplateError> {
    if url.len() > MAX_LEN {
        return Template::parse(url).map(|template| f(&template));
    }
    let cached = CACHE.with(|cache| cache.borrow().get(url).cloned());
    let template = match cached {
        Some(template) => template,
        None => {
            let template = Rc::new(Template::parse(url)?.into_owned());
            CACHE.with(|cache| {
                let mut cache = cache.borrow_mut();
                if cache.len() >= CAPACITY {
                    cache.clear();
                }
                cache.insert(url.into(), Rc::clone(&template));
            });
            template
        }
    };
    Ok(f(&template))
}

/// A multiply-rotate hash over eight bytes at a time (as rustc's `FxHasher`):
/// URL-sized keys, and no need for a DoS-resistant hash in a bounded,
/// per-thread cache.
#[derive(Default)]
struct WordHash(u64);

impl WordHash {
    const SEED: u64 = 0x517c_c1b7_2722_0a95;

    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for WordHash {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ (rest.len() as u64) << 56);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_template_is_the_parsed_one() {
        for _ in 0..2 {
            let parts = with_parsed("/a/{b}", |t| t.parts().count()).unwrap();
            assert_eq!(parts, 2);
        }
        assert!(with_parsed("/a/{", |_| ()).is_err());
        let long = format!("/{}", "x".repeat(MAX_LEN));
        assert_eq!(with_parsed(&long, |t| t.parts().count()).unwrap(), 1);
    }

    #[test]
    fn the_cache_starts_over_when_full() {
        for i in 0..CAPACITY + 10 {
            with_parsed(&format!("/{i}/{{x}}"), |_| ()).unwrap();
        }
        CACHE.with(|cache| assert!(cache.borrow().len() <= CAPACITY));
    }
}
