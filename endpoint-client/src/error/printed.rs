//! Text from a server as an error prints it: bounded, with control
//! characters escaped.

use std::fmt::{self, Write as _};

use super::{MAX_PRINTED_BODY, MAX_PRINTED_TEXT};

/// A text from a server as an error prints it: at most `limit`
/// characters, control characters (and those that reorder or break
/// lines) escaped, and how many were left out. `Display` writes it bare,
/// `Debug` between quotes, with quotes and backslashes escaped too.
pub(super) struct Bounded<'t> {
    text: &'t str,
    limit: usize,
}

impl<'t> Bounded<'t> {
    /// A message, a URL, a reason: [`MAX_PRINTED_TEXT`] characters.
    pub(super) fn text(text: &'t str) -> Bounded<'t> {
        Bounded {
            text,
            limit: MAX_PRINTED_TEXT,
        }
    }

    /// A body, or a chain of causes: [`MAX_PRINTED_BODY`] characters.
    pub(super) fn body(text: &'t str) -> Bounded<'t> {
        Bounded {
            text,
            limit: MAX_PRINTED_BODY,
        }
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, quoted: bool) -> fmt::Result {
        let mut chars = self.text.chars();
        if quoted {
            f.write_char('"')?;
        }
        for c in chars.by_ref().take(self.limit) {
            match c {
                '"' | '\\' if quoted => write!(f, "\\{c}")?,
                c if is_unprintable(c) => write!(f, "{}", c.escape_default())?,
                c => f.write_char(c)?,
            }
        }
        if quoted {
            f.write_char('"')?;
        }
        match chars.count() {
            0 => Ok(()),
            left => write!(f, "… ({left} more characters)"),
        }
    }
}

/// Whether `c` would break a line, move the cursor or reorder text if
/// printed as it is.
pub(super) fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

impl fmt::Display for Bounded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl fmt::Debug for Bounded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, true)
    }
}

/// A body as an error's `Debug` prints it: its start as text (invalid
/// UTF-8 replaced), bounded as [`Bounded::body`], then its length when cut.
pub(super) struct Excerpt<'b>(pub(super) &'b [u8]);

impl fmt::Debug for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Enough bytes for the characters printed, however wide.
        let start = &self.0[..self.0.len().min(MAX_PRINTED_BODY * 4)];
        let text = String::from_utf8_lossy(start);
        let cut = text
            .char_indices()
            .nth(MAX_PRINTED_BODY)
            .map_or(text.len(), |(at, _)| at);
        write!(f, "{:?}", Bounded::body(&text[..cut]))?;
        if cut < text.len() || start.len() < self.0.len() {
            write!(f, "… ({} bytes in all)", self.0.len())?;
        }
        Ok(())
    }
}
