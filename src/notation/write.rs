//! Canonical writers of draughts moves: the full form and the short form.

use crate::notation::square_name::{self, SquareStyle};
use crate::rules::{Geometry, Move};

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
/// every landing square, `e3:c5:e7` (`32x23x14` numerically).
#[must_use]
pub fn full(g: &Geometry, m: &Move, style: SquareStyle) -> String {
    let mut s = square_name::name(g, m.from(), style);
    let sep = if m.is_capture() {
        capture_sign(style)
    } else {
        '-'
    };
    for &l in m.landings() {
        s.push(sep);
        s.push_str(&square_name::name(g, l, style));
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
        SquareStyle::Numeric(_) => {
            let sep = if m.is_capture() { 'x' } else { '-' };
            format!("{}{sep}{to}", square_name::name(g, m.from(), style))
        }
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

/// The shortest record form that reads back to exactly this move in `pos`: the
/// from-square and end square (`c7:h4`, `28x19`) when that is unambiguous, else
/// the full path (PDN 3.0: "enough intermediate squares"). `m` must be legal in `pos`.
#[must_use]
pub fn unambiguous(pos: &crate::rules::Position, m: &Move, style: SquareStyle) -> String {
    let g = pos.geometry();
    let short = from_to(g, m, style);
    let naming = crate::notation::Naming {
        numbering: crate::notation::Naming::of(pos).numbering,
        style,
    };
    let reads_back = crate::notation::parse_move(&short)
        .ok()
        .and_then(|w| w.resolve(pos, naming).ok())
        .is_some_and(|back| back.same_result(m));
    if reads_back { short } else { full(g, m, style) }
}
