//! The bytes of a streamed body taken so far and not read yet, searched
//! for the ends of lines as the chunks come: what the readers of a streamed
//! answer's lines (`stream.rs`) and of its server-sent events (`sse.rs`)
//! both keep.

use std::ops::Range;

/// A streamed body's bytes, taken chunk by chunk, read from the front.
///
/// Positions (of a line's end, of a range) are indices into the bytes kept,
/// valid until the next [`ChunkBuffer::push`], which drops the bytes read
/// already. Each byte is searched once however many chunks a line spans.
#[derive(Debug, Default)]
pub(crate) struct ChunkBuffer {
    bytes: Vec<u8>,
    /// Where the bytes not read yet start.
    start: usize,
    /// How far the bytes were searched for a line's end already.
    searched: usize,
}

impl ChunkBuffer {
    /// Takes the next chunk of the body, dropping the bytes read already.
    pub(crate) fn push(&mut self, chunk: &[u8]) {
        if self.start > 0 {
            self.bytes.drain(..self.start);
            self.searched -= self.start;
            self.start = 0;
        }
        self.bytes.extend_from_slice(chunk);
    }

    /// The position of the first byte not searched yet for which `is_end`
    /// holds; `None` when there is none (every byte is searched then).
    pub(crate) fn find(&mut self, is_end: impl Fn(u8) -> bool) -> Option<usize> {
        let found = self.bytes[self.searched..]
            .iter()
            .position(|&byte| is_end(byte))
            .map(|at| self.searched + at);
        if found.is_none() {
            self.searched = self.bytes.len();
        }
        found
    }

    /// Where the bytes not read yet start.
    pub(crate) fn start(&self) -> usize {
        self.start
    }

    /// How many bytes are kept, read or not (until the next push drops
    /// those read).
    #[cfg(test)]
    pub(crate) fn kept(&self) -> usize {
        self.bytes.len()
    }

    /// The bytes not read yet.
    pub(crate) fn unread(&self) -> &[u8] {
        &self.bytes[self.start..]
    }

    /// The bytes kept at `range`.
    pub(crate) fn slice(&self, range: Range<usize>) -> &[u8] {
        &self.bytes[range]
    }

    /// Marks the bytes before `at` read; the range of those that were not.
    pub(crate) fn read_to(&mut self, at: usize) -> Range<usize> {
        let read = self.start..at;
        self.start = at;
        self.searched = self.searched.max(at);
        read
    }

    /// Marks every byte kept read; the range of those that were not.
    pub(crate) fn read_all(&mut self) -> Range<usize> {
        self.read_to(self.bytes.len())
    }
}

#[cfg(test)]
mod tests {
    use super::ChunkBuffer;

    #[test]
    fn a_line_split_across_chunks_is_found_once_whole() {
        let mut buffer = ChunkBuffer::default();
        buffer.push(b"ab");
        assert_eq!(buffer.find(|byte| byte == b'\n'), None);
        buffer.push(b"c\nd");
        let end = buffer.find(|byte| byte == b'\n').expect("a line's end");
        let line = buffer.read_to(end + 1);
        assert_eq!(buffer.slice(line), b"abc\n");
        assert_eq!(buffer.unread(), b"d");
        assert_eq!(buffer.find(|byte| byte == b'\n'), None);
        buffer.push(b"e\n");
        assert_eq!(buffer.start(), 0, "the bytes read are dropped");
        let end = buffer.find(|byte| byte == b'\n').expect("a line's end");
        assert_eq!(end, 2);
        let rest = buffer.read_all();
        assert_eq!(buffer.slice(rest), b"de\n");
        assert!(buffer.unread().is_empty());
    }
}
