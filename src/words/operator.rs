//! The operator's words: the lines the command line prints at the console
//! for the person who runs zaochka, in English (the console has no reader's
//! language). Each function words one typed value of a lower layer.

use crate::games::{ReadingNote, VariantClue};

/// What the record reader decided on a record ([`ReadingNote`]), as
/// `zaochka check` and `zaochka import` print it: `read as … (why)` for an
/// inferred game, `ply N: "written" read as played` for a tolerated or
/// decided move (plies counted from 1).
#[must_use]
pub fn reading_note(note: &ReadingNote) -> String {
    match note {
        ReadingNote::InferredVariant { variant, clue } => {
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
        ReadingNote::SignTolerated {
            ply,
            written,
            played,
        } => format!("ply {}: {written:?} read as {played}", ply + 1),
        ReadingNote::DecidedByTheRest {
            ply,
            written,
            played,
        } => format!(
            "ply {}: {written:?} read as {played}, the only move it fits after which the record goes on",
            ply + 1
        ),
    }
}
