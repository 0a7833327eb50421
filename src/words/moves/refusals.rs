//! Why a move was refused: an unreadable text, an illegal move, a bad square,
//! worded with the rule's citation.

use crate::games::{Illegal, MoveError, MoveErrorKind, UnreadableMove};
use crate::notation::IllegalReason;
use crate::notation::square_name::SquareError;
use crate::notation::written::Unreadable;
use crate::rules::Role;
use crate::vocabulary::Language;

/// Why a draughts text is not a move, as a clause: "it is empty" / «пустой текст».
#[must_use]
pub fn unreadable(reason: Unreadable, lang: Language) -> &'static str {
    use Unreadable as U;
    match reason {
        U::Empty => lang.pick("it is empty", "пустой текст"),
        U::StrayCharacters => lang.pick(
            "it holds characters that are not squares or move signs",
            "в записи есть знаки, которые не означают ни поле, ни ход",
        ),
        U::NoStart => lang.pick(
            "it does not start with a square or a file",
            "запись начинается не с поля и не с буквы вертикали",
        ),
        U::TwoSigns => lang.pick("two move signs in a row", "два знака хода подряд"),
        U::BareFile => lang.pick(
            "a file letter without a rank inside the move",
            "буква вертикали без номера горизонтали внутри хода",
        ),
        U::EndsWithSign => lang.pick("it ends with a move sign", "запись кончается знаком хода"),
        U::NoDestination => lang.pick(
            "it names no destination square",
            "не указано поле, на которое идёт шашка",
        ),
    }
}

pub(super) fn square_error(e: &SquareError, lang: Language) -> String {
    match (e, lang) {
        (SquareError::NotPlaying(s), Language::En) => format!("{s} is not a playing square"),
        (SquareError::NotPlaying(s), Language::Ru) => format!("{s} — не игровое поле"),
        (SquareError::OffBoard(s), Language::En) => format!("{s} is not on the board"),
        (SquareError::OffBoard(s), Language::Ru) => format!("поля {s} нет на доске"),
        (SquareError::NoSuchNumber(n), Language::En) => {
            format!("there is no square {n} on this board")
        }
        (SquareError::NoSuchNumber(n), Language::Ru) => format!("поля {n} нет на этой доске"),
    }
}

/// The pieces a reason speaks of: a draughts piece, or a tower of column checkers.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Family {
    Draughts,
    Towers,
}

/// The piece a reason speaks of: a man or king, or a tower and what leads it.
pub(super) fn piece_name(towers: bool, role: Role, lang: Language) -> &'static str {
    match (lang, towers, role) {
        (Language::En, true, Role::King) => "tower led by a king",
        (Language::En, true, Role::Man) => "tower",
        (Language::En, false, Role::King) => "king",
        (Language::En, false, Role::Man) => "man",
        (Language::Ru, true, Role::King) => "башня с дамкой наверху",
        (Language::Ru, true, Role::Man) => "башня",
        (Language::Ru, false, Role::King) => "дамка",
        (Language::Ru, false, Role::Man) => "шашка",
    }
}

pub(super) fn illegal_reason(r: &IllegalReason, family: Family, lang: Language) -> String {
    use IllegalReason as R;
    let towers = family == Family::Towers;
    match (r, lang) {
        (R::Square(e), _) => square_error(e, lang),
        (R::NoPieceOfYours(s), Language::En) if towers => {
            format!("there is no tower of yours on {s}")
        }
        (R::NoPieceOfYours(s), Language::En) => format!("there is no piece of yours on {s}"),
        (R::NoPieceOfYours(s), Language::Ru) if towers => format!("на {s} нет вашей башни"),
        (R::NoPieceOfYours(s), Language::Ru) => format!("на {s} нет вашей шашки"),
        (R::CaptureCompulsory(list), Language::En) => {
            format!("capture is compulsory: {}", list.join(" or "))
        }
        (R::CaptureCompulsory(list), Language::Ru) => {
            format!("бить обязательно: {}", list.join(" или "))
        }
        (R::CaptureContinues { stop, continues_to }, Language::En) => format!(
            "the capture does not stop on {stop}: it continues to {}",
            continues_to.join(" or ")
        ),
        (R::CaptureContinues { stop, continues_to }, Language::Ru) => format!(
            "взятие не заканчивается на {stop}: бой продолжается до {}",
            continues_to.join(" или ")
        ),
        (R::CannotMoveThere { role, from, to }, Language::En) => {
            let piece = piece_name(towers, *role, lang);
            format!("the {piece} on {from} cannot move to {to}")
        }
        (R::CannotMoveThere { role, from, to }, Language::Ru) => {
            let piece = piece_name(towers, *role, lang);
            format!("{piece} с {from} не может пойти на {to}")
        }
        (R::CannotCaptureThere { role, from, to }, Language::En) => {
            let piece = piece_name(towers, *role, lang);
            format!(
                "written with a capture sign, but the {piece} on {from} can neither capture nor move to {to}"
            )
        }
        (R::CannotCaptureThere { role, from, to }, Language::Ru) => {
            let piece = piece_name(towers, *role, lang);
            format!(
                "ход записан со знаком взятия, но {piece} с {from} не может ни бить, ни пойти на {to}"
            )
        }
        (R::NoPieceOnFile { file, to }, Language::En) => {
            let piece = if towers { "tower" } else { "piece" };
            format!("no {piece} of yours on the {file}-file can move to {to}")
        }
        (R::NoPieceOnFile { file, to }, Language::Ru) => {
            let piece = if towers { "башня" } else { "шашка" };
            format!("ни одна ваша {piece} с вертикали {file} не может пойти на {to}")
        }
        (R::NothingReaches { to }, Language::En) => {
            let piece = if towers { "tower" } else { "piece" };
            format!("no {piece} of yours can move to {to}")
        }
        (R::NothingReaches { to }, Language::Ru) => {
            let piece = if towers { "башня" } else { "шашка" };
            format!("ни одна ваша {piece} не может пойти на {to}")
        }
        (R::CaptureEndsEarlier { ends, written_to }, Language::En) => format!(
            "the capture ends on {}: it cannot go on to {written_to}",
            ends.join(" or ")
        ),
        (R::CaptureEndsEarlier { ends, written_to }, Language::Ru) => format!(
            "взятие заканчивается на {}: дальше, до {written_to}, бить нельзя",
            ends.join(" или ")
        ),
        (R::MarkWithoutPromotion { played }, Language::En) => {
            format!("{played} does not promote, yet a promotion mark is written with it")
        }
        (R::MarkWithoutPromotion { played }, Language::Ru) => {
            format!("ход {played} не ведёт к превращению, а знак превращения при нём стоит")
        }
        (R::NoLegalMoves, Language::En) => "there is no legal move: the game is over".into(),
        (R::NoLegalMoves, Language::Ru) => "ходов нет: партия окончена".into(),
    }
}

impl IllegalReason {
    /// The reason as a draughts sentence in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        illegal_reason(self, Family::Draughts, lang)
    }
}

/// Why a move is illegal, as a clause in a language.
#[must_use]
pub fn illegal(reason: &Illegal, lang: Language) -> String {
    match (reason, lang) {
        (Illegal::Draughts(r), _) => illegal_reason(r, Family::Draughts, lang),
        (Illegal::Towers(r), _) => illegal_reason(r, Family::Towers, lang),
        (Illegal::Chess(why), _) => crate::words::chess::illegal(why, lang),
    }
}

impl MoveError {
    /// The reason as a sentence in a language, naming the move as written.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        match (&self.kind, lang) {
            (MoveErrorKind::Unreadable(u), _) => {
                let why = match (u, lang) {
                    (UnreadableMove::Draughts(r), _) => unreadable(*r, lang).to_string(),
                    (UnreadableMove::Chess(why), _) => {
                        crate::words::chess::unreadable(*why, lang).to_string()
                    }
                };
                match lang {
                    Language::En => format!("cannot read the move: {why}"),
                    Language::Ru => format!("не удалось прочитать ход: {why}"),
                }
            }
            (MoveErrorKind::Illegal(r), _) => illegal(r, lang),
            (MoveErrorKind::Ambiguous(c), Language::En) => {
                format!("the move is ambiguous; write one of: {}", c.join(", "))
            }
            (MoveErrorKind::Ambiguous(c), Language::Ru) => {
                format!("ход неоднозначен; напишите один из: {}", c.join(", "))
            }
            (MoveErrorKind::AmbiguousChess(c), _) => {
                let c: Vec<String> = c
                    .iter()
                    .map(|m| crate::words::chess::san_for(m, lang))
                    .collect();
                MoveError {
                    written: self.written.clone(),
                    kind: MoveErrorKind::Ambiguous(c),
                }
                .message(lang)
            }
        }
    }
}
