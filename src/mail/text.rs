//! Plain-text clean-up shared by every body: line ends to `\n`, odd spaces
//! (U+00A0 no-break space, thin and figure spaces, U+3000 ...) to a plain space,
//! invisible characters (U+FEFF byte-order mark, zero-width spaces and joiners,
//! soft hyphen, other control characters) removed, trailing spaces cut.

/// Line ends (`\r\n`, lone `\r`, U+2028, U+2029, U+0085) turned into `\n`.
#[must_use]
pub fn normalise_newlines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push('\n');
            }
            '\u{2028}' | '\u{2029}' | '\u{0085}' => out.push('\n'),
            c => out.push(c),
        }
    }
    out
}

/// Whether a character is a space other than the plain one that should read as
/// a plain space (no-break, en/em/thin/figure spaces, tab ...).
#[must_use]
pub fn is_odd_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\u{00A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// Whether a character is invisible and carries nothing for reading commands
/// (byte-order mark, zero-width characters, soft hyphen, control characters).
#[must_use]
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{FEFF}' | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{00AD}' | '\u{180E}'
    ) || (c.is_control() && c != '\n')
}

/// The whole clean-up: newlines normalised, odd spaces made plain, invisible
/// characters removed and trailing spaces of every line cut.
///
/// # Examples
/// ```
/// use zaochka::mail::text::normalise;
/// assert_eq!(normalise("\u{feff}e3-d4\u{a0}\r\n>\u{a0}old  \r\n"), "e3-d4\n> old\n");
/// ```
#[must_use]
pub fn normalise(text: &str) -> String {
    let text = normalise_newlines(text);
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let cleaned: String = line
            .chars()
            .filter(|&c| !is_invisible(c) || is_odd_space(c))
            .map(|c| if is_odd_space(c) { ' ' } else { c })
            .collect();
        out.push_str(cleaned.trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_break_and_thin_spaces_become_plain_spaces() {
        assert_eq!(
            normalise("a\u{a0}b\u{2009}c\u{202f}d\u{3000}e"),
            "a b c d e"
        );
    }

    #[test]
    fn byte_order_marks_and_zero_width_characters_vanish() {
        assert_eq!(normalise("\u{feff}Game\u{200b} #22\u{00ad}"), "Game #22");
    }

    #[test]
    fn every_kind_of_line_end_becomes_a_newline() {
        assert_eq!(normalise("a\r\nb\rc\u{2028}d\ne"), "a\nb\nc\nd\ne");
    }
}
