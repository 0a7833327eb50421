//! Text from outside (a From address, a display name, a Message-ID, a subject)
//! made safe to print: control characters and the bidirectional overrides that
//! can rewrite a terminal line or forge a log line are written as visible
//! escapes (`\n`, `\u{1b}`), everything else is kept as it is.
//!
//! Used by every log line, CLI output and mail header that carries text a
//! stranger chose. Pure: no I/O.

use std::borrow::Cow;

/// Whether a character must not reach a log, a terminal or a header raw:
/// C0 and C1 controls (newline, carriage return, escape, NUL, DEL ...), the
/// line and paragraph separators, and the bidirectional embedding, override
/// and isolate characters (U+202A-U+202E, U+2066-U+2069).
#[must_use]
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

/// The text with every [`is_unsafe`] character escaped as Rust does
/// (`\n`, `\r`, `\t`, `\u{1b}`); borrowed when nothing needed escaping.
///
/// ```
/// use zaochka::printable::printable;
/// assert_eq!(printable("bob@example.org"), "bob@example.org");
/// assert_eq!(printable("evil\r\nSubject: x\u{1b}[31m"), "evil\\r\\nSubject: x\\u{1b}[31m");
/// ```
#[must_use]
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether the text holds any [`is_unsafe`] character (names and addresses
/// with one are refused at registration).
#[must_use]
pub fn has_unsafe(text: &str) -> bool {
    text.chars().any(is_unsafe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed() {
        assert!(matches!(
            printable("Иван Петров <ivan@x.ru>"),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn controls_and_bidi_overrides_are_escaped() {
        assert_eq!(printable("a\0b"), "a\\u{0}b");
        assert_eq!(printable("x\u{202E}y"), "x\\u{202e}y");
        assert_eq!(printable("\u{85}"), "\\u{85}");
        assert!(has_unsafe("a\tb"));
        assert!(!has_unsafe("a b"));
    }
}
