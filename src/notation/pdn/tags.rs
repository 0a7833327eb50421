//! Tags: the Seven Tag Roster, the `FEN` tag's side to move, and writing one
//! tag pair.

use super::chars::is_name_char;

/// Whether a PDN `FEN` tag value gives Black to move: it starts with `B`
/// followed by `:` or nothing (`B:W18,24:B12`). A chess FEN never matches (its
/// first field is the board, `B7/...` has no colon).
#[must_use]
pub fn fen_black_to_move(fen: &str) -> bool {
    let mut chars = fen.trim_start().chars();
    chars.next() == Some('B') && matches!(chars.next(), None | Some(':'))
}

/// Tags written first by [`write_game`](super::write_game), in this order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

pub(super) fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    if name.is_empty() {
        out.push('_');
    }
    out.extend(name.chars().map(|c| if is_name_char(c) { c } else { '_' }));
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}
