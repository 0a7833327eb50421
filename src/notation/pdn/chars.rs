//! Characters and small text helpers: white space, delimiters, dashes and
//! separators, move and name characters, annotation marks, error snippets and
//! comment cleaning.

/// Check and mate signs that may follow a chess move and its en passant mark.
pub(super) const CHECK_SIGNS: [char; 4] = ['+', '#', '†', '‡'];

/// Whether a ply is a pawn capture in SAN that can be en passant: a file, `x`
/// or `:`, a square on rank 3 or 6 (`exd6`, `e:d3`), maybe a check sign.
pub(super) fn is_san_pawn_capture(text: &str) -> bool {
    let file = |c: u8| (b'a'..=b'h').contains(&c);
    matches!(
        text.trim_end_matches(CHECK_SIGNS).as_bytes(),
        [a, b'x' | b':', c, b'3' | b'6'] if file(*a) && file(*c)
    )
}

pub(super) fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// [`is_space`] for one ASCII byte: tab, line feed, vertical tab, form feed,
/// carriage return, space.
pub(super) fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// Spaces that do not end a line.
pub(super) fn is_inline_space(c: char) -> bool {
    is_space(c) && c != '\n' && c != '\r'
}

/// Characters that end a word whatever precedes them.
pub(super) fn is_delimiter(c: char) -> bool {
    matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$' | '"')
}

pub(super) fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}'
    )
}

/// Move and capture separators: dashes, `x`, `X`, `:`, `×`, Cyrillic `х`, `Х`.
pub(super) fn is_separator(c: char) -> bool {
    is_dash(c) || matches!(c, 'x' | 'X' | ':' | '×' | 'х' | 'Х')
}

pub(super) fn is_move_char(c: char) -> bool {
    c.is_alphanumeric() || is_separator(c) || matches!(c, '+' | '#' | '=')
}

pub(super) fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `!`, `?`, `!!`, `??`, `!?`, `?!` as NAG 1 to 6.
pub(super) fn strength_nag(marks: &str) -> Option<u16> {
    Some(match marks {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// At most about 40 characters of `s`, for error messages.
pub(super) fn snippet(s: &str) -> String {
    pub(super) const MAX: usize = 40;
    match s.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// Trimmed, line ends as `\n`.
pub(super) fn clean_comment(s: &str) -> String {
    let s = s.trim_matches(is_space);
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

pub(super) fn append_comment(slot: &mut Option<String>, text: String) {
    if text.is_empty() {
        return;
    }
    match slot {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(&text);
        }
        None => *slot = Some(text),
    }
}
