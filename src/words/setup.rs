//! Why a game cannot be set up, for a director: a draughts or column-checkers
//! FEN in its reader's words, a chess FEN by the field that does not read or
//! by what makes its position illegal (FIDE Laws art. 3), naming the squares.

use crate::games::{ChessFenError, FenField, FenIllegal, SetupError};
use crate::vocabulary::Language;
use crate::words::catalog::Message;
use crate::words::game::side_name_capital;

/// The refusal of a start position as a sentence.
#[must_use]
pub fn refusal(e: &SetupError, lang: Language) -> String {
    match e {
        SetupError::Position(why) => why.clone(),
        SetupError::ChessFen(e) => chess_fen(e, lang),
    }
}

/// Why a chess FEN cannot start a game: «cannot read the chess FEN "…": its
/// board (the first field) must be …».
#[must_use]
pub fn chess_fen(e: &ChessFenError, lang: Language) -> String {
    let message = match e {
        ChessFenError::Unreadable { fen, field } => Message::new("setup-fen-unreadable")
            .arg("fen", format!("{fen:?}"))
            .arg("rule", Message::new(field_rule(*field)).render(lang)),
        ChessFenError::Illegal { fen, why } => Message::new("setup-fen-illegal")
            .arg("fen", format!("{fen:?}"))
            .arg("why", illegal(*why, lang).render(lang)),
    };
    message.render(lang)
}

/// The message saying what a field of a chess FEN must hold.
fn field_rule(field: FenField) -> &'static str {
    match field {
        FenField::Board => "setup-field-board",
        FenField::Turn => "setup-field-turn",
        FenField::Castling => "setup-field-castling",
        FenField::EnPassant => "setup-field-en-passant",
        FenField::HalfmoveClock => "setup-field-halfmove-clock",
        FenField::Fullmoves => "setup-field-fullmoves",
        FenField::Fields => "setup-field-fields",
    }
}

/// The message saying what makes the pieces of a chess FEN no legal
/// position; sides are named with a capital in `lang`.
fn illegal(why: FenIllegal, lang: Language) -> Message<'static> {
    let side = |c| side_name_capital(c, lang);
    match why {
        FenIllegal::EmptyBoard => Message::new("setup-illegal-empty-board"),
        FenIllegal::NoKing(c) => Message::new("setup-illegal-no-king").arg("side", side(c)),
        FenIllegal::Kings(c, n) => Message::new("setup-illegal-kings")
            .arg("side", side(c))
            .arg("kings", n.to_string()),
        FenIllegal::PawnOnBackRank(sq) => {
            Message::new("setup-illegal-pawn-on-back-rank").arg("square", sq.to_string())
        }
        FenIllegal::RestingInCheck(c, k) => Message::new("setup-illegal-resting-in-check")
            .arg("side", side(c))
            .arg("square", k.to_string())
            .arg("other", side(c.opposite())),
        FenIllegal::ImpossibleCheck(k) => {
            Message::new("setup-illegal-impossible-check").arg("square", k.to_string())
        }
        FenIllegal::EnPassant(Some(ep)) => {
            Message::new("setup-illegal-en-passant").arg("square", ep.to_string())
        }
        FenIllegal::EnPassant(None) => Message::new("setup-illegal-en-passant-unnamed"),
        FenIllegal::CastlingRights => Message::new("setup-illegal-castling-rights"),
        FenIllegal::TooMuchMaterial => Message::new("setup-illegal-too-much-material"),
        FenIllegal::NotLegal => Message::new("setup-illegal-not-legal"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::new_game;
    use crate::rules::Variant;

    fn refused(fen: &str, lang: Language) -> String {
        match new_game(Variant::Chess, Some(fen)) {
            Err(e) => refusal(&e, lang),
            Ok(_) => panic!("{fen} was taken"),
        }
    }

    #[test]
    fn a_bad_chess_fen_is_refused_naming_its_field_or_its_squares() {
        let en = Language::En;
        let board = refused(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQXBNR w KQkq - 0 1",
            en,
        );
        assert!(board.contains("its board (the first field)"), "{board}");
        let check = refused("kQ6/8/8/8/8/8/8/7K w - - 0 1", en);
        assert!(
            check.contains("Black's king on a8 is in check, though it is White's move"),
            "{check}"
        );
        let pawn = refused("P6k/8/8/8/8/8/8/7K w - - 0 1", en);
        assert!(pawn.contains("a pawn stands on a8"), "{pawn}");
        let ep = refused("k7/8/8/8/8/8/8/K7 w - e3 0 1", en);
        assert!(ep.contains("en passant square e3"), "{ep}");
        let kings = refused("k7/8/8/8/8/8/8/8 w - - 0 1", en);
        assert_eq!(
            kings,
            "the chess FEN \"k7/8/8/8/8/8/8/8 w - - 0 1\" is no legal position: White has no king"
        );
        let ru = refused("k7/8/8/8/8/8/8/8 w - - 0 1", Language::Ru);
        assert!(ru.contains("Белые: нет короля"), "{ru}");
    }
}
