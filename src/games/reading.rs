//! How a record was read, when the reader had to decide something the record did
//! not say: notes that `zaochka check` prints beside a game's verdict and `import`
//! repeats (issue 14, item 5). A note is no fault: the game replays.

use crate::rules::Variant;

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

impl ReadingNote {
    /// The note in English, for `zaochka check` and `import` output.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Self::InferredVariant { variant, clue } => {
                let why = match clue {
                    VariantClue::SquareAbove32 => "a square number above 32",
                    VariantClue::TenByTenFen => "a 10x10 FEN",
                    VariantClue::LetterBeyondH => "a square letter beyond h",
                    VariantClue::TwoPointResult => "a 2-point result",
                    VariantClue::OtherGamesOfFile => "the file's other games",
                    VariantClue::ChessNotation => "chess notation",
                    VariantClue::Default => "no GameType tag, the PDN default",
                };
                format!("read as {} ({why})", variant.name())
            }
            Self::SignTolerated {
                ply,
                written,
                played,
            } => format!("ply {}: {written:?} read as {played}", ply + 1),
        }
    }
}
