//! Why a game cannot be set up, for a director: a draughts or column-checkers
//! FEN by what in its text does not read, the square, the tower's
//! composition or the placement that makes it no legal position; a chess FEN
//! by the field that does not read or by what makes its position illegal
//! (FIDE Laws art. 3), naming the squares.

use crate::games::{ChessFenError, FenField, FenIllegal, SetupError};
use crate::notation::composition::CompositionError;
use crate::notation::fen::{FenError, FenSyntax};
use crate::notation::placement::PlacementError;
use crate::notation::square_name::SquareError;
use crate::notation::tower_fen::TowerFenError;
use crate::rules::towers::MAX_HEIGHT;
use crate::vocabulary::Language;
use crate::words::catalog::Message;
use crate::words::game::{side_name_capital, variant_name};

/// The refusal of a start position as a sentence.
#[must_use]
pub fn refusal(e: &SetupError, lang: Language) -> String {
    match e {
        SetupError::Fen(e) => draughts_fen(e, lang),
        SetupError::TowerFen(e) => tower_fen(e, lang),
        SetupError::ChessFen(e) => chess_fen(e, lang),
    }
}

/// Why a draughts FEN cannot start a game: «cannot read the FEN "…": it
/// must start with W or B, the side to move».
#[must_use]
pub fn draughts_fen(e: &FenError, lang: Language) -> String {
    let message = match e {
        FenError::Syntax { text, reason } => unreadable(text, reason, lang),
        FenError::Square(e) => {
            Message::new("setup-draughts-square").arg("why", square(e).render(lang))
        }
        FenError::Position(e) => {
            Message::new("setup-draughts-illegal").arg("why", placement(e, lang).render(lang))
        }
    };
    message.render(lang)
}

/// Why a column-checkers FEN cannot start a game, as [`draughts_fen`], and
/// a tower's composition that does not read.
#[must_use]
pub fn tower_fen(e: &TowerFenError, lang: Language) -> String {
    let message = match e {
        TowerFenError::Syntax { text, reason } => unreadable(text, reason, lang),
        TowerFenError::Square(e) => {
            Message::new("setup-draughts-square").arg("why", square(e).render(lang))
        }
        TowerFenError::Composition(e) => {
            Message::new("setup-draughts-tower").arg("why", composition(e).render(lang))
        }
        TowerFenError::Position(e) => {
            Message::new("setup-draughts-illegal").arg("why", placement(e, lang).render(lang))
        }
    };
    message.render(lang)
}

/// «cannot read the FEN "…": …» with what in the text is not FEN.
fn unreadable(text: &str, reason: &FenSyntax, lang: Language) -> Message<'static> {
    let quoted = |s: &str| format!("{s:?}");
    let why = match reason {
        FenSyntax::NoSideToMove => Message::new("setup-syntax-no-side-to-move"),
        FenSyntax::ListGivenTwice(c) => {
            Message::new("setup-syntax-list-twice").arg("list", c.letter().to_string())
        }
        FenSyntax::NoList => Message::new("setup-syntax-no-list"),
        FenSyntax::NotDraughts(v) => {
            Message::new("setup-syntax-not-draughts").arg("variant", variant_name(*v, lang))
        }
        FenSyntax::TowerInDraughts { item, variant } => {
            Message::new("setup-syntax-tower-in-draughts")
                .arg("item", quoted(item))
                .arg("variant", variant_name(*variant, lang))
        }
        FenSyntax::SquareGivenTwice(sq) => {
            Message::new("setup-syntax-square-twice").arg("square", sq.clone())
        }
        FenSyntax::NotARange(item) => {
            Message::new("setup-syntax-not-a-range").arg("item", quoted(item))
        }
        FenSyntax::RangeBackwards { first, last } => Message::new("setup-syntax-range-backwards")
            .arg("first", first.to_string())
            .arg("last", last.to_string()),
        FenSyntax::Unclosed(item) => {
            Message::new("setup-syntax-unclosed").arg("item", quoted(item))
        }
        FenSyntax::KingOverMan(item) => {
            Message::new("setup-syntax-king-over-man").arg("item", quoted(item))
        }
    };
    Message::new("setup-draughts-unreadable")
        .arg("fen", quoted(text))
        .arg("why", why.render(lang))
}

/// A square that is not a playing square, in the words a move's square is
/// refused in.
fn square(e: &SquareError) -> Message<'static> {
    match e {
        SquareError::NotPlaying(s) => {
            Message::new("move-square-not-playing").arg("square", s.clone())
        }
        SquareError::OffBoard(s) => Message::new("move-square-off-board").arg("square", s.clone()),
        SquareError::NoSuchNumber(n) => {
            Message::new("move-square-no-such-number").arg("number", n.to_string())
        }
    }
}

/// A tower's composition that does not read (`c1(1/0000)`: seed 000 §1.10).
fn composition(e: &CompositionError) -> Message<'static> {
    let quoted = |s: &str| format!("{s:?}");
    match e {
        CompositionError::NoOwnerPiece(t) => {
            Message::new("setup-composition-no-owner-piece").arg("text", quoted(t))
        }
        CompositionError::BadCharacter(t, c) => Message::new("setup-composition-bad-character")
            .arg("text", quoted(t))
            .arg("char", format!("{c:?}")),
        CompositionError::TwoSlashes(t) => {
            Message::new("setup-composition-two-slashes").arg("text", quoted(t))
        }
        CompositionError::TooHigh(t) => Message::new("setup-composition-too-high")
            .arg("text", quoted(t))
            .arg("most", MAX_HEIGHT),
    }
}

/// The placement that makes a FEN's pieces no legal position, its squares
/// named as the FEN names them; sides with a capital in `lang`.
fn placement(e: &PlacementError, lang: Language) -> Message<'static> {
    match e {
        PlacementError::OffBoard => Message::new("setup-placement-off-board"),
        PlacementError::BothSides(sq) => {
            Message::new("setup-placement-both-sides").arg("square", sq.clone())
        }
        PlacementError::Twice(sq) => {
            Message::new("setup-syntax-square-twice").arg("square", sq.clone())
        }
        PlacementError::EmptyTower(sq) => {
            Message::new("setup-placement-empty-tower").arg("square", sq.clone())
        }
        PlacementError::KingOnEmptySquare(sq) => {
            Message::new("setup-placement-king-on-empty-square").arg("square", sq.clone())
        }
        PlacementError::ManOnPromotionRank { side, square } => {
            Message::new("setup-placement-man-on-promotion-rank")
                .arg("side", side_name_capital(side.0, lang))
                .arg("square", square.clone())
        }
        PlacementError::TooManyPieces { side, count, most } => {
            Message::new("setup-placement-too-many-pieces")
                .arg("side", side_name_capital(side.0, lang))
                .arg("count", *count)
                .arg("most", *most)
        }
        PlacementError::NotTowers(v) => {
            Message::new("setup-placement-not-towers").arg("variant", variant_name(*v, lang))
        }
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

    /// The Latin words of a Russian refusal outside its quotes, other than
    /// the FEN's own letters (W, B, K), the word FEN and square names.
    fn latin_outside_quotes(text: &str) -> Vec<String> {
        let prose: String = text.split('"').step_by(2).collect::<Vec<_>>().join(" ");
        prose
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
            .filter(|w| !["FEN", "W", "B", "K"].contains(w))
            .filter(|w| {
                let mut c = w.chars();
                !(matches!(c.next(), Some('a'..='j')) && c.as_str().parse::<u8>().is_ok())
            })
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn a_bad_draughts_or_tower_fen_is_refused_in_each_language_by_its_kind() {
        use crate::notation::fen;
        // (variant, FEN, the English refusal, the Russian refusal)
        let cases: &[(Variant, &str, &str, &str)] = &[
            (
                Variant::Russian,
                "X:Wa1:Bb6",
                "cannot read the FEN \"X:Wa1:Bb6\": it must start with W or B, the side to move",
                "не удалось прочитать FEN \"X:Wa1:Bb6\": первым должно стоять W или B — сторона, чей ход",
            ),
            (
                Variant::Russian,
                "W:Wa1:Bb6:Wc3",
                "cannot read the FEN \"W:Wa1:Bb6:Wc3\": the W list is given twice",
                "не удалось прочитать FEN \"W:Wa1:Bb6:Wc3\": список W дан дважды",
            ),
            (
                Variant::Russian,
                "W",
                "cannot read the FEN \"W\": it has no W or B list",
                "не удалось прочитать FEN \"W\": в нём нет ни списка W, ни списка B",
            ),
            (
                Variant::Russian,
                "W:Wc3(0/0):Bd6",
                "cannot read the FEN \"W:Wc3(0/0):Bd6\": \"c3(0/0)\" is a tower, and Russian checkers is not played with towers",
                "не удалось прочитать FEN \"W:Wc3(0/0):Bd6\": \"c3(0/0)\" — башня, а в игре «Русские шашки» башен нет",
            ),
            (
                Variant::Russian,
                "W:Wa1,Ka1:Bb6",
                "cannot read the FEN \"W:Wa1,Ka1:Bb6\": a1 is given twice",
                "не удалось прочитать FEN \"W:Wa1,Ka1:Bb6\": поле a1 указано дважды",
            ),
            (
                Variant::International,
                "W:W31-x:B1-20",
                "cannot read the FEN \"W:W31-x:B1-20\": \"31-x\" is neither a square nor a range of square numbers",
                "не удалось прочитать FEN \"W:W31-x:B1-20\": \"31-x\" — ни поле, ни диапазон номеров полей",
            ),
            (
                Variant::International,
                "W:W50-31:B1-20",
                "cannot read the FEN \"W:W50-31:B1-20\": the range 50-31 runs backwards: write it 31-50",
                "не удалось прочитать FEN \"W:W50-31:B1-20\": диапазон 50-31 идёт от большего номера к меньшему: пишите 31-50",
            ),
            (
                Variant::Bashni,
                "W:Wc1(1/0000:Bb6",
                "cannot read the FEN \"W:Wc1(1/0000:Bb6\": \"c1(1/0000\": a ( without its )",
                "не удалось прочитать FEN \"W:Wc1(1/0000:Bb6\": \"c1(1/0000\": скобка ( не закрыта",
            ),
            (
                Variant::Bashni,
                "W:WKc1(0/1):Bb6",
                "cannot read the FEN \"W:WKc1(0/1):Bb6\": \"Kc1(0/1)\": K marks a king but the tower's top is a man",
                "не удалось прочитать FEN \"W:WKc1(0/1):Bb6\": \"Kc1(0/1)\": K обозначает дамку, но наверху башни простая",
            ),
            (
                Variant::Russian,
                "W:Wg6:Bb6",
                "a square of the FEN: g6 is not a playing square",
                "поле в FEN: g6 — не игровое поле",
            ),
            (
                Variant::Russian,
                "W:W1-40:B5",
                "a square of the FEN: there is no square 40 on this board",
                "поле в FEN: поля 40 нет на этой доске",
            ),
            (
                Variant::Bashni,
                "W:Wc1(12):Bb6",
                "a tower of the FEN: the composition \"12\" holds '2', which is not 0, 1 or /",
                "башня в FEN: в составе башни \"12\" есть знак '2', а допустимы только 0, 1 и /",
            ),
            (
                Variant::Bashni,
                "W:Wc1(/0):Bb6",
                "a tower of the FEN: the composition \"/0\" has no piece of the tower's owner on top",
                "башня в FEN: в составе башни \"/0\" наверху нет шашки её владельца",
            ),
            (
                Variant::Bashni,
                "W:Wc1(0/0/0):Bb6",
                "a tower of the FEN: the composition \"0/0/0\" has more than one /",
                "башня в FEN: в составе башни \"0/0/0\" больше одной черты /",
            ),
            (
                Variant::Russian,
                "W:Wc3,Kd4:Bc3",
                "the FEN is no legal position: c3 is in both the White and the Black list",
                "FEN — не допустимая позиция: поле c3 есть и в списке белых, и в списке чёрных",
            ),
            (
                Variant::Russian,
                "W:Wc3,b8:Bd6",
                "the FEN is no legal position: the White man on b8 stands on its promotion rank: it would be a king",
                "FEN — не допустимая позиция: Белые: простая на b8 стоит на поле превращения — она была бы дамкой",
            ),
            (
                Variant::International,
                "W:W16-46:B1",
                "the FEN is no legal position: White has 31 pieces, more than the 20 a side starts with",
                "FEN — не допустимая позиция: Белые: 31 шашка — больше, чем 20 в начале партии",
            ),
        ];
        for &(variant, fen, en, ru) in cases {
            let e = match new_game(variant, Some(fen)) {
                Err(e) => e,
                Ok(_) => panic!("{fen} was taken"),
            };
            assert_eq!(refusal(&e, Language::En), en, "{fen}");
            let russian = refusal(&e, Language::Ru);
            assert_eq!(russian, ru, "{fen}");
            assert_eq!(
                latin_outside_quotes(&russian),
                Vec::<String>::new(),
                "{russian}"
            );
        }
        let high = format!("W:Wc1({}):Bb6", "0".repeat(25));
        let Err(e) = new_game(Variant::Bashni, Some(&high)) else {
            panic!("{high} was taken")
        };
        assert!(refusal(&e, Language::Ru).ends_with("больше 24 шашек"));
        assert!(refusal(&e, Language::En).ends_with("has more than 24 pieces"));
        // A draughts FEN given for chess, and the placements no FEN text reaches.
        let chess = fen::read_default(Variant::Chess, "W:Wa1:Bb6").unwrap_err();
        assert_eq!(
            draughts_fen(&chess, Language::Ru),
            "не удалось прочитать FEN \"W:Wa1:Bb6\": игра «Шахматы» — не из семейства шашек"
        );
        for (e, en, ru) in [
            (
                PlacementError::OffBoard,
                "a square is off the board",
                "поле вне доски",
            ),
            (
                PlacementError::EmptyTower("c3".into()),
                "the tower on c3 has no piece",
                "в башне на c3 нет ни одной шашки",
            ),
            (
                PlacementError::KingOnEmptySquare("c3".into()),
                "a king is marked on c3, where there is no piece",
                "дамка отмечена на c3, где нет шашки",
            ),
            (
                PlacementError::NotTowers(Variant::Russian),
                "Russian checkers is not a game of column checkers",
                "игра «Русские шашки» — не столбовые шашки",
            ),
        ] {
            let e = TowerFenError::Position(e);
            assert_eq!(
                tower_fen(&e, Language::En),
                format!("the FEN is no legal position: {en}")
            );
            assert_eq!(
                tower_fen(&e, Language::Ru),
                format!("FEN — не допустимая позиция: {ru}")
            );
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
