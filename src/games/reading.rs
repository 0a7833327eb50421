//! How a record was read, when the reader had to decide something the record did
//! not say: notes that `zaochka check` prints beside a game's verdict and `import`
//! repeats. A note is no fault: the game replays.
//!
//! Also the inference of the game of a record without a `GameType` tag
//! ([`untagged_variant`], [`international_clue`]), the notes on moves written with
//! the wrong sign ([`sign_notes`]) and the reading faults of this kind, where
//! the referee cannot tell which game was played: a numeric record that replays
//! whole in two square numberings ([`AmbiguousNumbering`]), and a ply whose text
//! fits several moves after each of which the record goes on as far
//! ([`AmbiguousMove`]).

use crate::notation::pdn::PdnGame;
use crate::notation::written::{WrittenMove, WrittenOrigin, WrittenSquare, parse_move};
use crate::rules::{Color, Numbering, Variant};

/// One decision the reader took on a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadingNote {
    /// No `GameType` tag: the variant was inferred from the record.
    InferredVariant {
        /// The variant read.
        variant: Variant,
        /// What showed it.
        clue: VariantClue,
    },
    /// A move was written with the wrong sign (a capture sign on a quiet move, or
    /// a quiet sign on a capture) and its squares name exactly one legal move.
    SignTolerated {
        /// Index of the ply in the record, from 0.
        ply: usize,
        /// The move as written.
        written: String,
        /// The legal move it names, in full notation.
        played: String,
    },
    /// A ply's text fits several moves (`36x16` where two capture paths take
    /// different pieces), and only one of them lets the record go on (to its
    /// end, or furthest when it does not replay whole): that one was played.
    DecidedByTheRest {
        /// Index of the ply in the record, from 0.
        ply: usize,
        /// The move as written.
        written: String,
        /// The move played, in full notation.
        played: String,
    },
}

/// What showed the variant of a record without a `GameType` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantClue {
    /// A square number above 32 in the moves.
    SquareAbove32,
    /// A FEN with a square above 32 or a 10x10 board.
    TenByTenFen,
    /// A square letter beyond `h` (`i`, `j`, `k`).
    LetterBeyondH,
    /// A result in the 2-point style (`2-0`, `1-1`, `0-2`) of FMJD events.
    TwoPointResult,
    /// Another game of the same file.
    OtherGamesOfFile,
    /// Chess notation (a piece letter, castling, a chess FEN).
    ChessNotation,
    /// Nothing said otherwise: Russian checkers, the PDN default of Russian sources.
    Default,
}

/// A ply whose text fits several moves (`36x16` where two capture paths from 36
/// to 16 take different pieces) after each of which the record goes on as far,
/// to its end when it replays whole: the record does not tell which was
/// played. A fault; the game is read on with [`AmbiguousMove::played`]. A
/// player's move by mail is never read this way: the referee answers it with
/// the candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbiguousMove {
    /// Index of the ply in the record, from 0.
    pub ply: usize,
    /// Its move number.
    pub move_number: u32,
    /// Whose ply it is.
    pub side: Color,
    /// The ply as written.
    pub written: String,
    /// The moves that go on as far, in full notation, sorted.
    pub candidates: Vec<String>,
    /// The candidate the game is read on with (the resolver's first).
    pub played: String,
    /// Whether the candidates let the record go on to its end (else as far,
    /// to a later ply that fails).
    pub to_end: bool,
    /// The position before the ply, as FEN in the record's notation.
    pub fen_before: String,
}

/// One reading of an ambiguous record in one square numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberingReading {
    /// The numbering the squares were read in.
    pub numbering: Numbering,
    /// The start position so read, as FEN in the variant's usual notation.
    pub start_fen: String,
    /// The ply where the readings part, in the variant's usual full notation
    /// (alphanumeric for Russian checkers: `c3-d4`).
    pub full: String,
}

/// A numeric record that replays whole in two square numberings (Russian
/// checkers numbers its squares from b8 in FMJD style or from a1 as some
/// sources do, RULES.md §1): which game was played cannot be told. A fault
/// ([`super::RecordError::AmbiguousNumbering`]), listing both readings of the
/// first ply they play differently. [`crate::words::records::record_error`]
/// words it; the Display, for logs, names the ply and each reading.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "move {move_number} ({side:?}) {written:?} reads {}",
    readings.iter().map(|r| r.full.as_str()).collect::<Vec<_>>().join(" or ")
)]
pub struct AmbiguousNumbering {
    /// Index of the first differing ply in the record, from 0.
    pub ply: usize,
    /// Its move number.
    pub move_number: u32,
    /// Whose ply it is.
    pub side: Color,
    /// The ply as written.
    pub written: String,
    /// The readings, the usual numbering first.
    pub readings: Vec<NumberingReading>,
}

/// The variant of a game without a `GameType` tag: chess
/// when it looks like chess (a chess FEN, a `Variant` tag, a first ply in chess
/// notation), international draughts on an [`international_clue`], else Russian
/// checkers with [`VariantClue::Default`].
#[must_use]
pub fn untagged_variant(game: &PdnGame) -> (Variant, VariantClue) {
    if game.tag("FEN").is_some_and(|f| f.contains('/'))
        || game.tag("Variant").is_some()
        || game
            .plies
            .first()
            .is_some_and(|p| super::looks_like_chess(&p.text))
    {
        return (Variant::Chess, VariantClue::ChessNotation);
    }
    match international_clue(game) {
        Some(clue) => (Variant::International, clue),
        None => (Variant::Russian, VariantClue::Default),
    }
}

/// What shows that a game is international draughts (10x10), in this order: a
/// FEN with a square number above 32 or a file letter beyond `h`; a square number
/// above 32 in the moves; a file letter beyond `h` (or a rank beyond 8) in the
/// moves; a result in the
/// 2-point style of FMJD events (`2-0`, `1-1`, `0-2`, as the result token or the
/// `Result` tag). `None` when nothing does.
#[must_use]
pub fn international_clue(game: &PdnGame) -> Option<VariantClue> {
    if game.tag("FEN").is_some_and(ten_by_ten_fen) {
        return Some(VariantClue::TenByTenFen);
    }
    // Only plies that may name a square of the 10x10 board are parsed: a number
    // above 8 (a square number, or a rank beyond 8) or a file letter i-k.
    let may_be_ten_by_ten = |text: &str| {
        text.bytes().any(|b| matches!(b, b'i'..=b'k' | b'I'..=b'K'))
            || text
                .split(|c: char| !c.is_ascii_digit())
                .any(|run| run.len() > 1 || run.parse::<u8>().is_ok_and(|n| n > 8))
    };
    let moves: Vec<WrittenMove> = game
        .plies
        .iter()
        .filter(|p| may_be_ten_by_ten(&p.text))
        .filter_map(|p| parse_move(&p.text).ok())
        .collect();
    let squares = || moves.iter().flat_map(squares_of);
    if squares().any(|s| matches!(s, WrittenSquare::Number(n) if n > 32)) {
        return Some(VariantClue::SquareAbove32);
    }
    let beyond_h = |s: WrittenSquare| matches!(s, WrittenSquare::Coordinate { file, rank } if file > 7 || rank > 7);
    let file_beyond_h = moves
        .iter()
        .any(|m| matches!(m.origin, WrittenOrigin::File(f) if f > 7));
    if file_beyond_h || squares().any(beyond_h) {
        return Some(VariantClue::LetterBeyondH);
    }
    let two_point = |r: &str| matches!(r, "2-0" | "1-1" | "0-2");
    if game.result.as_deref().is_some_and(two_point) || game.tag("Result").is_some_and(two_point) {
        return Some(VariantClue::TwoPointResult);
    }
    None
}

/// The squares written in a move: its start (when a whole square), turning
/// points and end.
fn squares_of(m: &WrittenMove) -> impl Iterator<Item = WrittenSquare> + '_ {
    let origin = match m.origin {
        WrittenOrigin::Square(s) => Some(s),
        WrittenOrigin::File(_) | WrittenOrigin::Unwritten => None,
    };
    origin
        .into_iter()
        .chain(m.via.iter().copied())
        .chain(std::iter::once(m.dest))
}

/// Whether a draughts FEN is of a 10x10 board: in its piece fields (after `W`
/// or `B`, as `W:W31-50:B1-20` or `W:Wa1,c1:Bj10`), a square number above 32 or
/// a file letter `i` or `j`. Move counters (`:H0:F41`) are not piece fields.
fn ten_by_ten_fen(fen: &str) -> bool {
    fen.split(':').skip(1).any(|field| {
        let Some(pieces) = field.strip_prefix(['W', 'B', 'w', 'b']) else {
            return false;
        };
        let numbers = pieces
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|d| d.parse::<u32>().ok());
        let mut numbers = numbers;
        numbers.any(|n| n > 32) || pieces.contains(['i', 'j'])
    })
}

/// The notes on plies written with the sign of the other kind of move (a capture
/// sign on a quiet move, a quiet-move sign on a capture) that the resolver read
/// as the one legal move their squares name: `written` the plies as written,
/// `captures` whether each ply played was a capture ([`super::AnyGame::captures`]),
/// `score` the canonical full notation of the plies played, asked for only when
/// there is a note. A ply written without a sign (`cd4`) is no note.
///
/// Runs on every ply of every record `check` reads: a ply is parsed only when its
/// characters show a sign of the other kind.
#[must_use]
pub fn sign_notes(
    written: &[&str],
    captures: &[bool],
    score: impl FnOnce() -> Vec<String>,
) -> Vec<ReadingNote> {
    let capture_char = |c: char| matches!(c, ':' | 'x' | 'X' | '×' | 'х' | 'Х');
    let suspects: Vec<(usize, WrittenMove)> = written
        .iter()
        .zip(captures)
        .enumerate()
        .filter(|&(_, (text, &capture))| {
            let has_capture_sign = text.contains(capture_char);
            if capture {
                !has_capture_sign
            } else {
                has_capture_sign
            }
        })
        .filter_map(|(ply, (text, &capture))| {
            let w = parse_move(text).ok()?;
            let wrong = if capture {
                !w.capture && w.quiet_sign
            } else {
                w.capture
            };
            wrong.then_some((ply, w))
        })
        .collect();
    if suspects.is_empty() {
        return Vec::new();
    }
    let score = score();
    suspects
        .into_iter()
        .map(|(ply, w)| ReadingNote::SignTolerated {
            ply,
            written: w.text,
            played: score[ply].clone(),
        })
        .collect()
}
