//! Moves of column checkers as text: canonical writers and the second stage of
//! reading (a [`WrittenMove`] resolved against a [`TowerPosition`]).
//!
//! The written forms are those of seed 000 §1.10: full `c3-d4`, `a3:c5:a7` (the
//! from-square, then every landing square), short `cb4`, `a:a7` (from-file and end
//! square), and in Lasca numbers 1-25 (`9-13`, `9x17x25`; seed 000 §2.3) or
//! `a1`..`g7`. In Bashni the full form marks a promotion with `D` after the
//! square where it happens (`b2:d4:f6:d8D:a5:d2:h6`, seed 000 §1.10).
//!
//! Because prisoners go under the capturer in capture order, the same squares
//! taken in another order give another tower, so another move (RULES.md §3):
//! an ambiguous text gets back the full path of each candidate.

use crate::notation::resolve::{IllegalReason, Naming};
use crate::notation::square_name::{self, SquareError, SquareStyle};
use crate::notation::write::capture_sign;
use crate::notation::written::{WrittenMove, WrittenOrigin, WrittenSquare};
use crate::rules::towers::{TowerMove, TowerPosition};
use crate::rules::{Geometry, Square};

/// The naming a column-checkers position's records use by default.
#[must_use]
pub fn naming_of(pos: &TowerPosition) -> Naming {
    Naming {
        numbering: pos.rules().numbering,
        style: crate::notation::tower_fen::default_style(pos.variant()),
    }
}

/// The full form: from-square and every landing square, `-` for a quiet move and
/// `:` (`x` with numbers) for a capture; with `mark_promotion`, `D` after the
/// square where the top man became a king (seed 000 §1.10).
#[must_use]
pub fn full(g: &Geometry, m: &TowerMove, style: SquareStyle, mark_promotion: bool) -> String {
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

/// The short form: from-file and end square, `cb4`, `a:a7` (seed 000 §1.10);
/// with numbers, from-square and end square, `9x25`.
#[must_use]
pub fn short(g: &Geometry, m: &TowerMove, style: SquareStyle) -> String {
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

/// The from-square and the end square: `b2:h6`, `9x25`.
#[must_use]
pub fn from_to(g: &Geometry, m: &TowerMove, style: SquareStyle) -> String {
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

/// The shortest of the short form, the from-to form and the full form that reads
/// back to exactly `m` in `pos`. `m` must be legal in `pos`.
#[must_use]
pub fn unambiguous(pos: &TowerPosition, m: &TowerMove, naming: Naming) -> String {
    let g = pos.geometry();
    let mark = pos.rules().promotion_mark;
    for text in [short(g, m, naming.style), from_to(g, m, naming.style)] {
        let back = crate::notation::parse_move(&text)
            .ok()
            .and_then(|w| resolve(&w, pos, naming).ok());
        if back.is_some_and(|b| b.same_result(m)) {
            return text;
        }
    }
    full(g, m, naming.style, mark)
}

/// Why a written move was not resolved to one legal tower move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TowerResolveError {
    /// No legal move fits; the reason says why.
    #[error("illegal move {written:?}: {reason}")]
    Illegal {
        /// The text as written.
        written: String,
        /// Why.
        reason: IllegalReason,
    },
    /// Several legal moves fit (different captured pieces, order or end); one path
    /// of each.
    #[error("ambiguous move {written:?}: it fits {} moves", candidates.len())]
    Ambiguous {
        /// The text as written.
        written: String,
        /// The moves it fits.
        candidates: Vec<TowerMove>,
    },
}

fn to_square(g: &Geometry, w: WrittenSquare, naming: Naming) -> Result<Square, SquareError> {
    match w {
        WrittenSquare::Coordinate { file, rank } => square_name::at_coordinate(g, file, rank),
        WrittenSquare::Number(k) => {
            square_name::from_number(g, k, naming.numbering).ok_or(SquareError::NoSuchNumber(k))
        }
    }
}

/// Whether `via` appears in order among `inner`.
fn is_subsequence(via: &[Square], inner: &[Square]) -> bool {
    let mut it = inner.iter();
    via.iter().all(|v| it.any(|x| x == v))
}

/// Resolves a written move against the legal moves of a tower position.
///
/// A written move fits a legal move when the start (square or file) and the end
/// square agree and the written turning points appear, in order, among its
/// landing squares. The sign need not match the move (a quiet-move sign on a
/// capture, a capture sign on a quiet move), as for draughts
/// ([`crate::notation::WrittenMove::resolve`], issue 14, item 5). Paths with the same captured squares in the same order
/// and the same end are one move (RULES.md §3). Among several moves, a text that
/// spells one move's whole path names it, and a written promotion mark picks the
/// only promoting one.
///
/// # Errors
/// [`TowerResolveError::Illegal`] with a reason a player understands, or
/// [`TowerResolveError::Ambiguous`] with the candidates.
pub fn resolve(
    w: &WrittenMove,
    pos: &TowerPosition,
    naming: Naming,
) -> Result<TowerMove, TowerResolveError> {
    let illegal = |reason| TowerResolveError::Illegal {
        written: w.text.clone(),
        reason,
    };
    let g = pos.geometry();
    let origin = match w.origin {
        WrittenOrigin::Square(s) => {
            Some(to_square(g, s, naming).map_err(|e| illegal(IllegalReason::Square(e)))?)
        }
        WrittenOrigin::File(_) => None,
    };
    let via = w
        .via
        .iter()
        .map(|&s| to_square(g, s, naming))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| illegal(IllegalReason::Square(e)))?;
    let dest = to_square(g, w.dest, naming).map_err(|e| illegal(IllegalReason::Square(e)))?;

    let mut all = Vec::new();
    pos.generate(&mut all, false);
    if all.is_empty() {
        return Err(illegal(IllegalReason::NoLegalMoves));
    }
    let starts_here = |m: &TowerMove| match (origin, w.origin) {
        (Some(o), _) => m.from() == o,
        (None, WrittenOrigin::File(f)) => g.file(m.from()) == f,
        (None, WrittenOrigin::Square(_)) => false,
    };
    let fits = |m: &&TowerMove| {
        starts_here(m)
            && m.to() == dest
            && is_subsequence(&via, &m.landings()[..m.landings().len() - 1])
    };
    let found = distinct(all.iter().filter(fits));
    // Paths that spell the whole written path (every landing square written).
    let spelled = distinct(
        all.iter()
            .filter(fits)
            .filter(|m| origin.is_some() && m.landings().len() == via.len() + 1),
    );
    match found.len() {
        // The path as written when it is spelled out, else the first path.
        1 => return Ok(spelled.first().copied().unwrap_or(found[0])),
        0 => {}
        _ => {
            if spelled.len() == 1 {
                return Ok(spelled[0]);
            }
            if w.promotion_mark {
                let marked: Vec<&TowerMove> = found.iter().filter(|m| m.promotes()).collect();
                if marked.len() == 1 {
                    return Ok(*marked[0]);
                }
            }
            return Err(TowerResolveError::Ambiguous {
                written: w.text.clone(),
                candidates: found,
            });
        }
    }
    Err(illegal(diagnose(w, pos, &all, origin, &via, dest, naming)))
}

/// One move of each group with the same result, in order.
fn distinct<'a>(moves: impl Iterator<Item = &'a TowerMove>) -> Vec<TowerMove> {
    let mut out: Vec<TowerMove> = Vec::new();
    for m in moves {
        if !out.iter().any(|f| f.same_result(m)) {
            out.push(*m);
        }
    }
    out
}

fn diagnose(
    w: &WrittenMove,
    pos: &TowerPosition,
    all: &[TowerMove],
    origin: Option<Square>,
    via: &[Square],
    dest: Square,
    naming: Naming,
) -> IllegalReason {
    let g = pos.geometry();
    let name = |s: Square| square_name::name(g, s, naming.style);
    if let Some(o) = origin
        && !pos.owned(pos.turn()).contains(o)
    {
        return IllegalReason::NoPieceOfYours(name(o));
    }
    let starts_here = |m: &&TowerMove| match (origin, w.origin) {
        (Some(o), _) => m.from() == o,
        (None, WrittenOrigin::File(f)) => g.file(m.from()) == f,
        (None, WrittenOrigin::Square(_)) => false,
    };
    // A capture that passes the written end square and must go on.
    let mut ends: Vec<String> = all
        .iter()
        .filter(starts_here)
        .filter(|m| {
            let l = m.landings();
            l[..l.len() - 1]
                .iter()
                .position(|&x| x == dest)
                .is_some_and(|k| is_subsequence(via, &l[..k]))
        })
        .map(|m| name(m.to()))
        .collect();
    if !ends.is_empty() {
        crate::notation::order::sort_moves(&mut ends);
        ends.dedup();
        return IllegalReason::CaptureContinues {
            stop: name(dest),
            continues_to: ends,
        };
    }
    if all[0].is_capture() {
        let mark = pos.rules().promotion_mark;
        let mut list: Vec<String> = distinct(all.iter())
            .iter()
            .map(|m| full(g, m, naming.style, mark))
            .collect();
        crate::notation::order::sort_moves(&mut list);
        return IllegalReason::CaptureCompulsory(list);
    }
    crate::notation::resolve::cannot_reach(origin, w.origin, w.capture, pos.kings(), name, dest)
}
