//! Why a game cannot be set up, for a director: a draughts or column-checkers
//! FEN in its reader's words, a chess FEN by the field that does not read or
//! by what makes its position illegal (FIDE Laws art. 3), naming the squares.

use crate::games::{ChessFenError, FenField, FenIllegal, SetupError};
use crate::vocabulary::Language;
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
    match (e, lang) {
        (ChessFenError::Unreadable { fen, field }, Language::En) => {
            format!(
                "cannot read the chess FEN {fen:?}: {}",
                field_rule(*field, lang)
            )
        }
        (ChessFenError::Unreadable { fen, field }, Language::Ru) => {
            format!(
                "не удалось прочитать шахматный FEN {fen:?}: {}",
                field_rule(*field, lang)
            )
        }
        (ChessFenError::Illegal { fen, why }, Language::En) => {
            format!(
                "the chess FEN {fen:?} is no legal position: {}",
                illegal(*why, lang)
            )
        }
        (ChessFenError::Illegal { fen, why }, Language::Ru) => {
            format!(
                "шахматный FEN {fen:?} — не допустимая позиция: {}",
                illegal(*why, lang)
            )
        }
    }
}

/// What a field of a chess FEN must hold.
fn field_rule(field: FenField, lang: Language) -> &'static str {
    match field {
        FenField::Board => lang.pick(
            "its board (the first field) must be eight ranks of pieces (KQRBNP for White, kqrbnp for Black) and digits for empty squares, separated by /",
            "доска (первое поле) — восемь горизонталей из букв фигур (KQRBNP у белых, kqrbnp у чёрных) и цифр пустых полей через /",
        ),
        FenField::Turn => lang.pick(
            "the side to move (the second field) must be w or b",
            "очередь хода (второе поле) — w или b",
        ),
        FenField::Castling => lang.pick(
            "the castling field (the third) must be - or some of the letters KQkq",
            "поле рокировок (третье) — - или буквы из KQkq",
        ),
        FenField::EnPassant => lang.pick(
            "the en passant field (the fourth) must be - or a square on rank 3 or 6",
            "поле взятия на проходе (четвёртое) — - или поле на 3-й или 6-й горизонтали",
        ),
        FenField::HalfmoveClock => lang.pick(
            "the halfmove clock (the fifth field) must be a number",
            "счётчик полуходов (пятое поле) — число",
        ),
        FenField::Fullmoves => lang.pick(
            "the move number (the sixth field) must be a number from 1",
            "номер хода (шестое поле) — число от 1",
        ),
        FenField::Fields => lang.pick(
            "it must be a board, the side to move, castling, en passant and the two counters",
            "нужны доска, очередь хода, рокировки, взятие на проходе и два счётчика",
        ),
    }
}

/// What makes the pieces of a chess FEN no legal position.
fn illegal(why: FenIllegal, lang: Language) -> String {
    use Language::{En, Ru};
    let side = |c| side_name_capital(c, lang);
    match (why, lang) {
        (FenIllegal::EmptyBoard, _) => lang.pick("the board is empty", "доска пуста").into(),
        (FenIllegal::NoKing(c), En) => format!("{} has no king", side(c)),
        (FenIllegal::NoKing(c), Ru) => format!("{}: нет короля", side(c)),
        (FenIllegal::Kings(c, n), En) => format!("{} has {n} kings", side(c)),
        (FenIllegal::Kings(c, n), Ru) => format!("{}: королей {n}", side(c)),
        (FenIllegal::PawnOnBackRank(sq), En) => {
            format!("a pawn stands on {sq}, on the first or last rank")
        }
        (FenIllegal::PawnOnBackRank(sq), Ru) => {
            format!("пешка стоит на {sq}, на первой или последней горизонтали")
        }
        (FenIllegal::RestingInCheck(c, k), En) => format!(
            "{}'s king on {k} is in check, though it is {}'s move",
            side(c),
            side(c.opposite())
        ),
        (FenIllegal::RestingInCheck(c, k), Ru) => format!(
            "{}: король на {k} под шахом, а ход за другой стороной",
            side(c)
        ),
        (FenIllegal::ImpossibleCheck(k), En) => {
            format!("the king on {k} is in a check that no legal move can have given")
        }
        (FenIllegal::ImpossibleCheck(k), Ru) => {
            format!("король на {k} под шахом, который не мог дать ни один ход")
        }
        (FenIllegal::EnPassant(ep), En) => {
            let ep = ep.map_or_else(String::new, |s| format!("{s} "));
            format!("the en passant square {ep}does not follow a pawn's double step")
        }
        (FenIllegal::EnPassant(ep), Ru) => {
            let ep = ep.map_or_else(String::new, |s| format!("{s} "));
            format!("поле взятия на проходе {ep}не следует за ходом пешки через поле")
        }
        (FenIllegal::CastlingRights, _) => lang
            .pick(
                "castling rights are given for a king or rook that is not on its initial square",
                "право рокировки дано королю или ладье не на исходном поле",
            )
            .into(),
        (FenIllegal::TooMuchMaterial, _) => lang
            .pick(
                "a side has more pieces than a game can give it",
                "у стороны больше фигур, чем может быть в партии",
            )
            .into(),
        (FenIllegal::NotLegal, _) => lang
            .pick(
                "the pieces form no legal position",
                "фигуры не образуют допустимой позиции",
            )
            .into(),
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
