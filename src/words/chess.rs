//! Chess prose: why the chess move reader refused a move
//! ([`ChessUnreadable`], [`ChessIllegal`]) in the reader's language, and SAN
//! in Russian piece letters (Кр Ф Л С К) for Russian readers ([`san_for`]).
//!
//! Every `match` here is exhaustive: a new reason cannot go unworded.

use shakmaty::{CastlingSide, Role};

use crate::notation::chess_move::{CastlingBar, ChessIllegal, ChessUnreadable, Place};
use crate::vocabulary::Language;

/// Why a text is not a chess move, as a clause ("it is empty").
#[must_use]
pub fn unreadable(reason: ChessUnreadable, lang: Language) -> &'static str {
    use ChessUnreadable as U;
    match (reason, lang) {
        (U::Empty, Language::En) => "it is empty",
        (U::Empty, Language::Ru) => "пустой текст",
        (U::NoDestination, Language::En) => {
            "it names no destination square (write e.g. Nf3, e2-e4 or O-O)"
        }
        (U::NoDestination, Language::Ru) => {
            "не указано поле, куда идёт фигура (пишите, например, Кf3, e2-e4 или 0-0)"
        }
        (U::BadCastling, Language::En) => {
            "castling is written O-O (king side) or O-O-O (queen side)"
        }
        (U::BadCastling, Language::Ru) => "рокировка пишется 0-0 (короткая) или 0-0-0 (длинная)",
        (U::BadPromotion, Language::En) => "a pawn is promoted to Q, R, B or N",
        (U::BadPromotion, Language::Ru) => "пешка превращается в Ф, Л, С или К (Q, R, B, N)",
        (U::Unexpected, Language::En) => "it has characters that are no part of a chess move",
        (U::Unexpected, Language::Ru) => "в записи есть знаки, которых не бывает в записи хода",
    }
}

/// The piece's name: English, Russian nominative, Russian genitive
/// ("у вас нет коня").
fn names(role: Role) -> (&'static str, &'static str, &'static str) {
    match role {
        Role::Pawn => ("pawn", "пешка", "пешки"),
        Role::Knight => ("knight", "конь", "коня"),
        Role::Bishop => ("bishop", "слон", "слона"),
        Role::Rook => ("rook", "ладья", "ладьи"),
        Role::Queen => ("queen", "ферзь", "ферзя"),
        Role::King => ("king", "король", "короля"),
    }
}

/// Whether the Russian name of the piece is feminine (пешка, ладья).
fn feminine(role: Role) -> bool {
    matches!(role, Role::Pawn | Role::Rook)
}

/// "ваш конь", "ваша ладья".
fn your_ru(role: Role) -> String {
    let your = if feminine(role) { "ваша" } else { "ваш" };
    format!("{your} {}", names(role).1)
}

/// "вашего коня", "вашей ладьи".
fn your_gen_ru(role: Role) -> String {
    let your = if feminine(role) {
        "вашей"
    } else {
        "вашего"
    };
    format!("{your} {}", names(role).2)
}

fn place_en(place: Option<Place>) -> String {
    match place {
        Some(Place::File(f)) => format!(" on the {}-file", f.char()),
        Some(Place::Rank(r)) => format!(" on rank {}", r.char()),
        None => String::new(),
    }
}

fn place_ru(place: Option<Place>) -> String {
    match place {
        Some(Place::File(f)) => format!(" на вертикали {}", f.char()),
        Some(Place::Rank(r)) => format!(" на {}-й горизонтали", r.char()),
        None => String::new(),
    }
}

/// How a piece moves (FIDE art. 3.2-3.7), as said when a move breaks it.
fn movement(role: Role, lang: Language) -> &'static str {
    match role {
        Role::Knight => lang.pick(
            "a knight moves two squares one way and one square to the side (an L)",
            "конь ходит буквой «Г»: на два поля в одну сторону и на одно вбок",
        ),
        Role::Bishop => lang.pick("a bishop moves along diagonals", "слон ходит по диагоналям"),
        Role::Rook => lang.pick(
            "a rook moves along ranks and files",
            "ладья ходит по горизонталям и вертикалям",
        ),
        Role::Queen => lang.pick(
            "a queen moves along ranks, files and diagonals",
            "ферзь ходит по горизонталям, вертикалям и диагоналям",
        ),
        Role::King => lang.pick("a king moves one square", "король ходит на одно поле"),
        Role::Pawn => lang.pick(
            "a pawn moves straight forward and captures one square diagonally forward",
            "пешка ходит прямо вперёд, а бьёт на одно поле вперёд наискосок",
        ),
    }
}

/// What prevents castling, after "castling is not allowed:".
fn castling_bar(side: CastlingSide, bar: CastlingBar, lang: Language) -> String {
    let side_en = match side {
        CastlingSide::KingSide => "king side",
        CastlingSide::QueenSide => "queen side",
    };
    use CastlingBar as B;
    match (bar, lang) {
        (B::KingMoved, Language::En) => "the king has moved".into(),
        (B::KingMoved, Language::Ru) => "король уже ходил".into(),
        (B::RookMoved, Language::En) => format!("the rook on the {side_en} has moved"),
        (B::RookMoved, Language::Ru) => "эта ладья уже ходила".into(),
        (B::NoRook(sq), Language::En) => format!("there is no rook of yours on {sq}"),
        (B::NoRook(sq), Language::Ru) => format!("на {sq} нет вашей ладьи"),
        (B::RightLostBeforeStart, Language::En) => format!(
            "the right to castle on the {side_en} was lost before the game's start position"
        ),
        (B::RightLostBeforeStart, Language::Ru) => {
            "право на эту рокировку было утрачено ещё до начальной позиции партии".into()
        }
        (B::Between(sq), Language::En) => {
            format!("{sq} between the king and the rook is not empty")
        }
        (B::Between(sq), Language::Ru) => format!("поле {sq} между королём и ладьёй занято"),
        (B::InCheck, Language::En) => "the king is in check".into(),
        (B::InCheck, Language::Ru) => "король под шахом".into(),
        (B::Crosses(sq), Language::En) => format!("the king would cross {sq}, which is attacked"),
        (B::Crosses(sq), Language::Ru) => format!("король прошёл бы через битое поле {sq}"),
        (B::IntoCheck(sq), Language::En) => format!("the king would be in check on {sq}"),
        (B::IntoCheck(sq), Language::Ru) => format!("король оказался бы под шахом на {sq}"),
    }
}

/// Why a written chess move is not legal here, as a sentence without a final
/// full stop ("the king would be in check on d2").
#[must_use]
pub fn illegal(reason: &ChessIllegal, lang: Language) -> String {
    use ChessIllegal as I;
    use Language::{En, Ru};
    match (reason, lang) {
        (I::NoPieceOn { from, opponents }, En) => format!(
            "there is no piece of yours on {from}{}",
            if *opponents {
                " (the piece there is your opponent's)"
            } else {
                ""
            }
        ),
        (I::NoPieceOn { from, opponents }, Ru) => format!(
            "на {from} нет вашей фигуры{}",
            if *opponents {
                " (там фигура соперника)"
            } else {
                ""
            }
        ),
        (
            I::WrongPiece {
                from,
                written,
                there,
            },
            En,
        ) => format!(
            "there is no {} of yours on {from} (a {} stands there)",
            names(*written).0,
            names(*there).0
        ),
        (
            I::WrongPiece {
                from,
                written,
                there,
            },
            Ru,
        ) => format!(
            "на {from} нет {} (там стоит {})",
            your_gen_ru(*written),
            names(*there).1
        ),
        (I::SameSquare(role), En) => {
            format!("the {} must move to another square", names(*role).0)
        }
        (I::SameSquare(role), Ru) => format!("{}: нужно пойти на другое поле", names(*role).1),
        (I::OwnPieceOn(to), En) => format!("{to} is occupied by your own piece"),
        (I::OwnPieceOn(to), Ru) => format!("поле {to} занято вашей фигурой"),
        (I::Blocked { role, from, to, on }, En) => format!(
            "the way of the {} from {from} to {to} is blocked on {on}",
            names(*role).0
        ),
        (I::Blocked { role, from, to, on }, Ru) => {
            format!(
                "путь ({}) с {from} на {to} прегражден на {on}",
                names(*role).1
            )
        }
        (I::Movement(role), _) => movement(*role, lang).into(),
        (I::PawnBackward, En) => "a pawn moves only forward".into(),
        (I::PawnBackward, Ru) => "пешка ходит только вперёд".into(),
        (I::PawnAdvance, En) => "a pawn advances one square (two from its initial square)".into(),
        (I::PawnAdvance, Ru) => {
            "пешка ходит на одно поле вперёд (с начального поля — на два)".into()
        }
        (I::PawnBlocked { to, on }, En) => format!("the pawn's way to {to} is blocked on {on}"),
        (I::PawnBlocked { to, on }, Ru) => format!("путь пешки на {to} прегражден на {on}"),
        (I::PawnStraightCapture(to), En) => {
            format!("a pawn does not capture straight ahead: {to} is occupied")
        }
        (I::PawnStraightCapture(to), Ru) => format!("пешка не бьёт прямо: поле {to} занято"),
        (I::EnPassantTooLate { pawn }, En) => format!(
            "the pawn on {pawn} can be taken en passant only right after it has advanced two squares"
        ),
        (I::EnPassantTooLate { pawn }, Ru) => {
            format!("пешку {pawn} можно взять на проходе только сразу после её хода через поле")
        }
        (I::PawnDiagonalToEmpty(to), En) => {
            format!("a pawn moves diagonally only to capture, and {to} is empty")
        }
        (I::PawnDiagonalToEmpty(to), Ru) => {
            format!("пешка ходит наискосок только со взятием, а поле {to} пусто")
        }
        (I::PromotionPiece, En) => "a pawn is promoted to a queen, rook, bishop or knight".into(),
        (I::PromotionPiece, Ru) => "пешка превращается в ферзя, ладью, слона или коня".into(),
        (I::PromotionRank, En) => "only a pawn reaching the last rank is promoted".into(),
        (I::PromotionRank, Ru) => {
            "превращается только пешка, дошедшая до последней горизонтали".into()
        }
        (I::PromotionNotPawn, En) => "only a pawn is promoted".into(),
        (I::PromotionNotPawn, Ru) => "превращается только пешка".into(),
        (I::KingInCheckOn(to), En) => format!("the king would be in check on {to}"),
        (I::KingInCheckOn(to), Ru) => format!("король оказался бы под шахом на {to}"),
        (I::CheckNotParried, En) => {
            "the king would be in check: this move does not parry the check".into()
        }
        (I::CheckNotParried, Ru) => {
            "король оказался бы под шахом: этот ход не защищает от шаха".into()
        }
        (I::Pinned { role, from }, En) => format!(
            "the king would be in check: the {} on {from} is pinned",
            names(*role).0
        ),
        (I::Pinned { role, from }, Ru) => format!(
            "король оказался бы под шахом: {} на {from} {}",
            your_ru(*role),
            if feminine(*role) {
                "связана"
            } else {
                "связан"
            }
        ),
        (I::CaptureNamesFile { san }, En) => {
            format!("a pawn captures diagonally and the capture names its file: write {san}")
        }
        (I::CaptureNamesFile { san }, Ru) => format!(
            "пешка бьёт наискосок, и во взятии указывают её вертикаль: пишите {}",
            san_for(san, Ru)
        ),
        (I::NoPawnTo(to), En) => format!("no pawn of yours can move to {to}"),
        (I::NoPawnTo(to), Ru) => format!("ни одна ваша пешка не может пойти на {to}"),
        (I::NoSuchPiece { role, place }, En) => {
            format!("you have no {}{}", names(*role).0, place_en(*place))
        }
        (I::NoSuchPiece { role, place }, Ru) => {
            format!("у вас нет {}{}", names(*role).2, place_ru(*place))
        }
        (I::NoneCanReach { role, place, to }, En) => format!(
            "no {} of yours{} can move to {to}",
            names(*role).0,
            place_en(*place)
        ),
        (I::NoneCanReach { role, place, to }, Ru) => format!(
            "{} {}{} не может пойти на {to}",
            if feminine(*role) {
                "ни одна"
            } else {
                "ни один"
            },
            your_ru(*role),
            place_ru(*place)
        ),
        (I::Castling { side, bar }, En) => {
            format!("castling is not allowed: {}", castling_bar(*side, *bar, En))
        }
        (I::Castling { side, bar }, Ru) => format!(
            "рокировка ({}) невозможна: {}",
            match side {
                CastlingSide::KingSide => "короткая",
                CastlingSide::QueenSide => "длинная",
            },
            castling_bar(*side, *bar, Ru)
        ),
        (I::NotLegal, En) => "the move is not legal here".into(),
        (I::NotLegal, Ru) => "этот ход здесь невозможен".into(),
    }
}

pub use crate::notation::chess_move::{piece_letter, san_for};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::chess_illegal::every_kind;

    /// English words that must not appear in a Russian sentence.
    const ENGLISH: &[&str] = &[
        "the", "king", "pawn", "knight", "bishop", "rook", "queen", "castling", "move", "is", "of",
        "yours", "write", "side", "file", "rank",
    ];

    fn latin_words(s: &str) -> Vec<String> {
        s.split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1)
            .map(str::to_lowercase)
            .collect()
    }

    #[test]
    fn every_reason_is_worded_in_both_languages_and_russian_has_no_english_words() {
        let mut all: Vec<(String, String)> = every_kind()
            .iter()
            .map(|r| (illegal(r, Language::En), illegal(r, Language::Ru)))
            .collect();
        all.extend(ChessUnreadable::ALL.iter().map(|&u| {
            (
                unreadable(u, Language::En).into(),
                unreadable(u, Language::Ru).into(),
            )
        }));
        for (en, ru) in all {
            assert!(!en.is_empty() && !ru.is_empty());
            assert_ne!(en, ru);
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            for w in latin_words(&ru) {
                assert!(!ENGLISH.contains(&w.as_str()), "{w} in {ru}");
            }
        }
    }

    #[test]
    fn san_is_written_with_russian_piece_letters_and_colons() {
        for (san, ru) in [
            ("Nf3", "Кf3"),
            ("Nbd7", "Кbd7"),
            ("R1e2", "Л1e2"),
            ("Qh4e1", "Фh4e1"),
            ("Qxh7#", "Ф:h7#"),
            ("Bxc6+", "С:c6+"),
            ("Ke2", "Крe2"),
            ("exd5", "e:d5"),
            ("e8=N", "e8К"),
            ("bxa1=R", "b:a1Л"),
            ("O-O", "0-0"),
            ("O-O-O+", "0-0-0+"),
            ("e4", "e4"),
        ] {
            assert_eq!(san_for(san, Language::Ru), ru, "{san}");
            assert_eq!(san_for(san, Language::En), san);
        }
    }
}
