//! A page that repeats the one before: the fingerprint of a page's list,
//! which the next page's is checked against.

use std::hash::{DefaultHasher, Hasher};

use serde_json::Value;
use serde_json::value::RawValue;

use crate::exchange::Answer;

/// A page with items, as the next page is checked against it.
#[derive(Debug)]
pub(super) struct Seen {
    /// The hash of its list's JSON text ([`items_fingerprint`]).
    pub(super) fingerprint: u64,
    /// Its number of items.
    pub(super) length: usize,
    /// Its number in the walk.
    pub(super) page: usize,
    /// Its URL.
    pub(super) url: String,
}

/// A hash of the JSON text of a page's list: the list at the JSON pointer
/// `items`, else the answer itself when it is a list, else every list the
/// answer's object holds (with its key), else the whole body. What is
/// beside the list (a page number the server echoes, a request id) does
/// not count: two pages with the same items have the same fingerprint.
///
/// The list's text is the answer's own, found without decoding the items
/// (as [`RawValue`]s), unless the scheme decoded the answer already
/// (`json`).
pub(super) fn items_fingerprint(answer: &Answer, json: Option<&Value>, items: Option<&str>) -> u64 {
    let mut hasher = DefaultHasher::new();
    let body = &answer.body;
    let Some(json) = json else {
        match raw_lists(body, items) {
            Some(lists) => {
                for (key, list) in lists {
                    hasher.write(key.as_bytes());
                    hasher.write(list.get().as_bytes());
                }
            }
            None => hasher.write(body),
        }
        return hasher.finish();
    };
    // Writing JSON into a hasher cannot fail.
    let write = |hasher: &mut DefaultHasher, value: &Value| {
        let _ = serde_json::to_writer(HashWriter(hasher), value);
    };
    match (json, items) {
        (json, Some(pointer)) => match json.pointer(pointer) {
            Some(list) => write(&mut hasher, list),
            None => hasher.write(body),
        },
        (Value::Object(object), None) => {
            for (key, value) in object {
                if value.is_array() {
                    hasher.write(key.as_bytes());
                    write(&mut hasher, value);
                }
            }
        }
        _ => hasher.write(body),
    }
    hasher.finish()
}

/// The JSON text of the lists of a page whose body is `body`: the value at
/// the JSON pointer `items` (through objects only), else the body itself
/// when it is a list, else every list of its object with its key. `None`
/// when the body is not JSON or has nothing there.
pub(super) fn raw_lists<'b>(
    body: &'b [u8],
    items: Option<&str>,
) -> Option<Vec<(String, &'b RawValue)>> {
    type Members<'b> = std::collections::BTreeMap<String, &'b RawValue>;
    let mut value: &'b RawValue = serde_json::from_slice(body).ok()?;
    if let Some(pointer) = items {
        for token in pointer.split('/').skip(1) {
            let key = token.replace("~1", "/").replace("~0", "~");
            let members: Members<'b> = serde_json::from_str(value.get()).ok()?;
            value = members.get(&key).copied()?;
        }
        return Some(vec![(String::new(), value)]);
    }
    if value.get().starts_with('[') {
        return Some(vec![(String::new(), value)]);
    }
    let members: Members<'b> = serde_json::from_str(value.get()).ok()?;
    Some(
        members
            .into_iter()
            .filter(|(_, value)| value.get().starts_with('['))
            .collect(),
    )
}

/// A [`Hasher`] as an [`std::io::Write`], for JSON written into it.
struct HashWriter<'h>(&'h mut DefaultHasher);

impl std::io::Write for HashWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.write(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
