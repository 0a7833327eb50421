//! The second stage of reading a move: a [`WrittenMove`] resolved against the
//! legal moves of a position of draughts or column checkers (any
//! [`DiagonalPosition`]), giving the move, or why it is illegal, or the
//! candidates when the text fits several moves.

use crate::notation::square_name::{self, SquareError, SquareStyle};
use crate::notation::write;
use crate::notation::written::{WrittenMove, WrittenOrigin, WrittenSquare};
use crate::rules::{DiagonalPosition, Move, Numbering, Role, Square};

/// Why a written move is not legal here. Every reason names the squares as the
/// player should see them; the prose layer words it
/// ([`IllegalReason::message`] is in [`crate::words::moves`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// A written square is not a playing square, off the board, or has no number.
    Square(SquareError),
    /// The from-square holds no piece of the side to move.
    NoPieceOfYours(String),
    /// A capture is available but the move written is not one; lists the captures.
    CaptureCompulsory(Vec<String>),
    /// The written capture stops where the capture must go on; lists the squares
    /// it can continue to.
    CaptureContinues {
        /// Where the player stopped.
        stop: String,
        /// Where the capture can end instead.
        continues_to: Vec<String>,
    },
    /// The piece on the from-square has no legal move to the destination.
    CannotMoveThere {
        /// Man or king.
        role: Role,
        /// From-square.
        from: String,
        /// Destination as written.
        to: String,
    },
    /// The move was written with a capture sign, and the piece on the from-square
    /// can neither capture nor move to the destination.
    CannotCaptureThere {
        /// Man or king.
        role: Role,
        /// From-square.
        from: String,
        /// Destination as written.
        to: String,
    },
    /// No piece of the side to move on the written file can reach the destination.
    NoPieceOnFile {
        /// The file letter.
        file: char,
        /// Destination.
        to: String,
    },
    /// Only the destination was written, and no piece of the side to move
    /// can go there.
    NothingReaches {
        /// Destination.
        to: String,
    },
    /// The written capture goes on past the square where it ends: the
    /// capture from the written start ends on `ends` and cannot be continued
    /// to `written_to`.
    CaptureEndsEarlier {
        /// Where the capture ends (each capture from the start that fits the
        /// path written up to there).
        ends: Vec<String>,
        /// Where the text went on to.
        written_to: String,
    },
    /// A promotion mark (`D`, `Д`) written on a move that makes no king
    /// (the move, in full notation). Refused when a player plays it; a record
    /// is read without the check.
    MarkWithoutPromotion {
        /// The move the squares name.
        played: String,
    },
    /// The side to move has no legal move: the game is over.
    NoLegalMoves,
}

/// Short English for logs; [`crate::words::moves`] words the reason for a
/// player.
impl std::fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use IllegalReason as R;
        match self {
            R::Square(e) => write!(f, "{e}"),
            R::NoPieceOfYours(from) => write!(f, "no piece of the side to move on {from}"),
            R::CaptureCompulsory(c) => write!(f, "capture compulsory: {}", c.join(", ")),
            R::CaptureContinues { stop, continues_to } => write!(
                f,
                "capture goes on from {stop} to {}",
                continues_to.join(", ")
            ),
            R::CannotMoveThere { role, from, to } => {
                write!(f, "{role:?} on {from} cannot move to {to}")
            }
            R::CannotCaptureThere { role, from, to } => {
                write!(f, "{role:?} on {from} cannot capture to {to}")
            }
            R::NoPieceOnFile { file, to } => write!(f, "no piece on file {file} reaches {to}"),
            R::NothingReaches { to } => write!(f, "no piece reaches {to}"),
            R::CaptureEndsEarlier { ends, written_to } => {
                write!(f, "capture ends on {} before {written_to}", ends.join(", "))
            }
            R::MarkWithoutPromotion { played } => write!(f, "promotion mark on {played}"),
            R::NoLegalMoves => f.write_str("no legal move"),
        }
    }
}

/// Why a written move was not resolved to one legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// No legal move fits; the reason says why.
    #[error("illegal move {written:?}: {reason}")]
    Illegal {
        /// The text as written.
        written: String,
        /// Why.
        reason: IllegalReason,
    },
    /// Several legal moves fit; they are listed (one path each, distinct results).
    #[error("ambiguous move {written:?}: it fits {} moves", candidates.len())]
    Ambiguous {
        /// The text as written.
        written: String,
        /// The moves it fits.
        candidates: Vec<Move>,
    },
}

/// How squares are read and written while resolving: the numbering used for
/// numbers, and the style of names in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Naming {
    /// The convention for numeric squares.
    pub numbering: Numbering,
    /// The style of square names in reasons and candidate lists.
    pub style: SquareStyle,
}

impl Naming {
    /// The usual naming of a position's game: alphanumeric for Russian
    /// checkers and Bashni, numeric for international draughts and Lasca.
    #[must_use]
    pub fn of<P: DiagonalPosition>(pos: &P) -> Naming {
        Naming {
            numbering: pos.numbering(),
            style: crate::notation::fen::default_style(pos.variant()),
        }
    }
}

fn to_square<P: DiagonalPosition>(
    pos: &P,
    w: WrittenSquare,
    n: Numbering,
) -> Result<Square, SquareError> {
    let g = pos.geometry();
    match w {
        WrittenSquare::Coordinate { file, rank } => square_name::at_coordinate(g, file, rank),
        WrittenSquare::Number(k) => {
            square_name::from_number(g, k, n).ok_or(SquareError::NoSuchNumber(k))
        }
    }
}

/// Whether `via` appears in order among `inner`.
fn is_subsequence(via: &[Square], inner: &[Square]) -> bool {
    let mut it = inner.iter();
    via.iter().all(|v| it.any(|x| x == v))
}

impl WrittenMove {
    /// Resolves the written move against the legal moves of `pos`.
    ///
    /// A written move fits a legal move when the start (square or file) and the end
    /// square agree and the written turning points appear, in order, among the
    /// move's landing squares. The sign need not match the move: a quiet-move
    /// sign on a capture (`c3-e5`) and a capture sign on a quiet move (`38x33`,
    /// `c3:d4`) are read as the one legal move the squares name
    /// (the reader of a record notes it, see [`crate::games::ReadingNote`]).
    /// Paths that are one move ([`DiagonalPosition::same_result`]: RULES.md §0
    /// for draughts, §3 for column checkers) are one candidate, and the path
    /// kept is the one written when the text spells a whole path. Among several
    /// moves, a text that spells one move's whole path names it, and a written
    /// promotion mark picks the only promoting one.
    ///
    /// # Errors
    /// [`ResolveError::Illegal`] with a reason a player understands, or
    /// [`ResolveError::Ambiguous`] with the candidate moves.
    pub fn resolve<P: DiagonalPosition>(
        &self,
        pos: &P,
        naming: Naming,
    ) -> Result<Move, ResolveError> {
        let illegal = |reason| ResolveError::Illegal {
            written: self.text.clone(),
            reason,
        };
        let origin = match self.origin {
            WrittenOrigin::Square(w) => Some(
                to_square(pos, w, naming.numbering)
                    .map_err(|e| illegal(IllegalReason::Square(e)))?,
            ),
            WrittenOrigin::File(_) | WrittenOrigin::Unwritten => None,
        };
        let via = self
            .via
            .iter()
            .map(|&w| to_square(pos, w, naming.numbering))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| illegal(IllegalReason::Square(e)))?;
        let dest = to_square(pos, self.dest, naming.numbering)
            .map_err(|e| illegal(IllegalReason::Square(e)))?;

        let mut all = Vec::new();
        pos.generate(&mut all, false);
        if all.is_empty() {
            return Err(illegal(IllegalReason::NoLegalMoves));
        }
        let starts_here = self.starts_here(pos, origin);
        let fits = |m: &&Move| {
            starts_here(m)
                && m.to() == dest
                && is_subsequence(&via, &m.landings()[..m.landings().len() - 1])
        };
        let found = distinct::<P>(all.iter().filter(fits));
        // Paths that spell the whole written path (every landing square written).
        let spelled = distinct::<P>(
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
                if self.promotion_mark {
                    let marked: Vec<&Move> = found.iter().filter(|m| m.promotes()).collect();
                    if marked.len() == 1 {
                        return Ok(*marked[0]);
                    }
                }
                return Err(ResolveError::Ambiguous {
                    written: self.text.clone(),
                    candidates: found,
                });
            }
        }
        Err(illegal(
            self.diagnose(pos, &all, origin, &via, dest, naming),
        ))
    }

    /// Whether a move starts where the text says: on the written square, or
    /// on the written file.
    fn starts_here<P: DiagonalPosition>(
        &self,
        pos: &P,
        origin: Option<Square>,
    ) -> impl Fn(&&Move) -> bool {
        let g = pos.geometry();
        let written = self.origin;
        move |m: &&Move| match (origin, written) {
            (Some(o), _) => m.from() == o,
            (None, WrittenOrigin::File(f)) => g.file(m.from()) == f,
            (None, WrittenOrigin::Unwritten) => true,
            (None, WrittenOrigin::Square(_)) => false,
        }
    }

    fn diagnose<P: DiagonalPosition>(
        &self,
        pos: &P,
        all: &[Move],
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
        // A capture that passes the written end square and must go on.
        let mut ends: Vec<String> = all
            .iter()
            .filter(self.starts_here(pos, origin))
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
        // A capture written on past the square where it ends.
        let mut ends: Vec<String> = all
            .iter()
            .filter(self.starts_here(pos, origin))
            .filter(|m| m.is_capture())
            .filter(|m| {
                let l = m.landings();
                via.iter()
                    .position(|&x| x == m.to())
                    .is_some_and(|k| is_subsequence(&via[..k], &l[..l.len() - 1]))
            })
            .map(|m| name(m.to()))
            .collect();
        if !ends.is_empty() {
            crate::notation::order::sort_moves(&mut ends);
            ends.dedup();
            return IllegalReason::CaptureEndsEarlier {
                ends,
                written_to: name(dest),
            };
        }
        if all[0].is_capture() {
            let mut list: Vec<String> = distinct::<P>(all.iter())
                .iter()
                .map(|m| write::full_in(pos, m, naming.style))
                .collect();
            crate::notation::order::sort_moves(&mut list);
            return IllegalReason::CaptureCompulsory(list);
        }
        cannot_reach(origin, self.origin, self.capture, pos.kings(), name, dest)
    }
}

/// One move of each group that [`DiagonalPosition::same_result`] calls one
/// move, the first of each, in order.
fn distinct<'a, P: DiagonalPosition>(moves: impl Iterator<Item = &'a Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in moves {
        if !out.iter().any(|f| P::same_result(f, m)) {
            out.push(*m);
        }
    }
    out
}

/// Why a written move fits no legal move when nothing more specific applies: the
/// piece on the from-square cannot go there (naming the capture sign when one
/// was written, `capture_sign`), or no piece on the written file can.
/// `kings` tells whether the from-square holds a king.
fn cannot_reach(
    origin: Option<Square>,
    written: WrittenOrigin,
    capture_sign: bool,
    kings: crate::rules::SquareSet,
    name: impl Fn(Square) -> String,
    dest: Square,
) -> IllegalReason {
    let role = |o| {
        if kings.contains(o) {
            Role::King
        } else {
            Role::Man
        }
    };
    match (origin, written) {
        (Some(o), _) if capture_sign => IllegalReason::CannotCaptureThere {
            role: role(o),
            from: name(o),
            to: name(dest),
        },
        (Some(o), _) => IllegalReason::CannotMoveThere {
            role: role(o),
            from: name(o),
            to: name(dest),
        },
        (None, WrittenOrigin::File(f)) => IllegalReason::NoPieceOnFile {
            file: char::from(b'a' + f),
            to: name(dest),
        },
        (None, WrittenOrigin::Unwritten) => IllegalReason::NothingReaches { to: name(dest) },
        (None, WrittenOrigin::Square(_)) => IllegalReason::NoLegalMoves,
    }
}
