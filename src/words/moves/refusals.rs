//! Why a move was refused: an unreadable text, an illegal move, a bad square,
//! worded with the rule's citation.

use crate::games::{Illegal, MoveError, MoveErrorKind, UnreadableMove};
use crate::notation::IllegalReason;
use crate::notation::square_name::SquareError;
use crate::notation::written::Unreadable;
use crate::rules::Role;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// Why a draughts text is not a move, as a clause: "it is empty" / «пустой текст».
#[must_use]
pub fn unreadable(reason: Unreadable, lang: Language) -> String {
    use Unreadable as U;
    let id = match reason {
        U::Empty => "move-unreadable-empty",
        U::StrayCharacters => "move-unreadable-stray-characters",
        U::NoStart => "move-unreadable-no-start",
        U::TwoSigns => "move-unreadable-two-signs",
        U::BareFile => "move-unreadable-bare-file",
        U::EndsWithSign => "move-unreadable-ends-with-sign",
        U::NoDestination => "move-unreadable-no-destination",
    };
    Message::new(id).render(lang)
}

fn square_error(e: &SquareError) -> Message<'static> {
    match e {
        SquareError::NotPlaying(s) => {
            Message::new("move-square-not-playing").arg("square", s.to_string())
        }
        SquareError::OffBoard(s) => {
            Message::new("move-square-off-board").arg("square", s.to_string())
        }
        SquareError::NoSuchNumber(n) => {
            Message::new("move-square-no-such-number").arg("number", n.to_string())
        }
    }
}

/// The pieces a reason speaks of: a draughts piece, or a tower of column
/// checkers; its name is the `$family` selector of the messages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Draughts,
    Towers,
}

impl Family {
    fn key(self) -> &'static str {
        match self {
            Family::Draughts => "draughts",
            Family::Towers => "towers",
        }
    }

    /// The `$piece` selector: a man or king, or a tower and what leads it.
    fn piece(self, role: Role) -> &'static str {
        match (self, role) {
            (Family::Towers, Role::King) => "tower-king",
            (Family::Towers, Role::Man) => "tower",
            (Family::Draughts, Role::King) => "king",
            (Family::Draughts, Role::Man) => "man",
        }
    }
}

/// Squares or moves as alternatives: "e3 or g3" / «e3 или g3».
fn alternatives(items: &[String], lang: Language) -> String {
    items.join(&Message::new("list-or").render(lang))
}

fn illegal_reason(r: &IllegalReason, family: Family, lang: Language) -> String {
    illegal_message(r, family, lang).render(lang)
}

/// The message of each reason a draughts or column-checkers move is illegal.
fn illegal_message(r: &IllegalReason, family: Family, lang: Language) -> Message<'static> {
    use IllegalReason as R;
    match r {
        R::Square(e) => square_error(e),
        R::NoPieceOfYours(s) => Message::new("move-no-piece-of-yours")
            .arg("family", family.key())
            .arg("square", s.to_string()),
        R::CaptureCompulsory(list) => {
            Message::new("move-capture-compulsory").arg("captures", alternatives(list, lang))
        }
        R::CaptureContinues { stop, continues_to } => Message::new("move-capture-continues")
            .arg("stop", stop.to_string())
            .arg("squares", alternatives(continues_to, lang)),
        R::CannotMoveThere { role, from, to } => Message::new("move-cannot-move-there")
            .arg("piece", family.piece(*role))
            .arg("from", from.to_string())
            .arg("to", to.to_string()),
        R::CannotCaptureThere { role, from, to } => Message::new("move-cannot-capture-there")
            .arg("piece", family.piece(*role))
            .arg("from", from.to_string())
            .arg("to", to.to_string()),
        R::NoPieceOnFile { file, to } => Message::new("move-no-piece-on-file")
            .arg("family", family.key())
            .arg("file", file.to_string())
            .arg("to", to.to_string()),
        R::NothingReaches { to } => Message::new("move-nothing-reaches")
            .arg("family", family.key())
            .arg("to", to.to_string()),
        R::CaptureEndsEarlier { ends, written_to } => Message::new("move-capture-ends-earlier")
            .arg("ends", alternatives(ends, lang))
            .arg("to", written_to.to_string()),
        R::MarkWithoutPromotion { played } => {
            Message::new("move-mark-without-promotion").arg("played", played.to_string())
        }
        R::NoLegalMoves => Message::new("move-no-legal-moves"),
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
    match reason {
        Illegal::Draughts(r) => illegal_reason(r, Family::Draughts, lang),
        Illegal::Towers(r) => illegal_reason(r, Family::Towers, lang),
        Illegal::Chess(why) => crate::words::chess::illegal(why, lang),
    }
}

impl MoveError {
    /// The reason as a sentence in a language, naming the move as written.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        match &self.kind {
            MoveErrorKind::Unreadable(u) => {
                let why = match u {
                    UnreadableMove::Draughts(r) => unreadable(*r, lang),
                    UnreadableMove::Chess(why) => {
                        crate::words::chess::unreadable(*why, lang).to_string()
                    }
                };
                Message::new("move-unreadable").arg("why", why).render(lang)
            }
            MoveErrorKind::Illegal(r) => illegal(r, lang),
            MoveErrorKind::Ambiguous(c) => Message::new("move-ambiguous")
                .arg("moves", c.join(", "))
                .render(lang),
            MoveErrorKind::AmbiguousChess(c) => {
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
