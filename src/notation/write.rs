//! Canonical writers of the diagonal games' moves (draughts and column
//! checkers): the full form, the short form, from-to, and the shortest form
//! that reads back to the move.

use crate::notation::Naming;
use crate::notation::square_name::{self, SquareStyle};
use crate::rules::{DiagonalPosition, Geometry, Move};

/// The capture sign of a style: `:` in Russian alphanumeric notation (seed 001
/// §1.6.2), `x` in numeric PDN notation.
#[must_use]
pub fn capture_sign(style: SquareStyle) -> char {
    match style {
        SquareStyle::Alphanumeric => ':',
        SquareStyle::Numeric(_) => 'x',
    }
}

/// The full form: `c3-d4` for a quiet move; for a capture the from-square and
/// every landing square, `e3:c5:e7` (`32x23x14` numerically). No promotion
/// mark: see [`full_in`] for the form of a game that writes one.
#[must_use]
pub fn full(g: &Geometry, m: &Move, style: SquareStyle) -> String {
    full_marked(g, m, style, false)
}

/// The full form as the game of `pos` writes it: as [`full`], and in Bashni
/// with `D` after the square where the man became a king,
/// `b2:d4:f6:d8D:a5:d2:h6` (seed 000 §1.10).
#[must_use]
pub fn full_in<P: DiagonalPosition>(pos: &P, m: &Move, style: SquareStyle) -> String {
    full_marked(pos.geometry(), m, style, pos.promotion_mark())
}

fn full_marked(g: &Geometry, m: &Move, style: SquareStyle, mark_promotion: bool) -> String {
    let mut s = square_name::name(g, m.from(), style);
    let sep = if m.is_capture() {
        capture_sign(style)
    } else {
        '-'
    };
    for (i, &l) in m.landings().iter().enumerate() {
        s.push(sep);
        s.push_str(&square_name::name(g, l, style));
        if mark_promotion && m.promoted_at() == Some(i) {
            s.push('D');
        }
    }
    s
}

/// The short form. Alphanumeric: the from-file and the end square, `cd4`, `c:h4`
/// (seed 001 §1.6.2). Numeric: from-square and end square only, `28x19` (PDN).
/// The short form may fit several legal moves; notation's resolver then answers
/// with the candidates.
#[must_use]
pub fn short(g: &Geometry, m: &Move, style: SquareStyle) -> String {
    let to = square_name::name(g, m.to(), style);
    match style {
        SquareStyle::Alphanumeric => {
            let file = char::from(b'a' + g.file(m.from()));
            if m.is_capture() {
                format!("{file}:{to}")
            } else {
                format!("{file}{to}")
            }
        }
        SquareStyle::Numeric(_) => from_to(g, m, style),
    }
}

/// The from-square and the end square only: `c7:h4`, `28x19` (the usual way game
/// records write captures).
#[must_use]
pub fn from_to(g: &Geometry, m: &Move, style: SquareStyle) -> String {
    let sep = if m.is_capture() {
        capture_sign(style)
    } else {
        '-'
    };
    format!(
        "{}{sep}{}",
        square_name::name(g, m.from(), style),
        square_name::name(g, m.to(), style)
    )
}

/// The shortest of the short form, the from-to form (`c7:h4`, `28x19`) and
/// the full form ([`full_in`]) that reads back to exactly this move in `pos`
/// (PDN 3.0: "enough intermediate squares"). `m` must be legal in `pos`.
#[must_use]
pub fn unambiguous<P: DiagonalPosition>(pos: &P, m: &Move, naming: Naming) -> String {
    let g = pos.geometry();
    for text in [short(g, m, naming.style), from_to(g, m, naming.style)] {
        let back = crate::notation::parse_move(&text)
            .ok()
            .and_then(|w| w.resolve(pos, naming).ok());
        if back.is_some_and(|b| P::same_result(&b, m)) {
            return text;
        }
    }
    full_in(pos, m, naming.style)
}
