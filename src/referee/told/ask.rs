//! The answers to a player's questions, as typed values: the legal moves,
//! the verdict on a written move, the rules summary ([`crate::words::ask`]
//! words them).

use crate::games::{Finish, MoveError};
use crate::rules::clauses::Rule;
use crate::rules::{Citation, Color, DrawRule, Variant};

/// Who asks about which game: the game, its variant, the side to move and
/// whether the asker is that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The game number.
    pub game: i64,
    /// The game played.
    pub variant: Variant,
    /// The side to move.
    pub to_move: Color,
    /// Whether it is the asker's move.
    pub yours: bool,
}

/// A rule with the clause of the rulebook that states it; `rule: None` when
/// the reason already says the rule (chess: "a bishop moves along diagonals").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cited {
    /// The rule, if it is to be said.
    pub rule: Option<Rule>,
    /// Where it stands.
    pub citation: Citation,
}

/// A piece a capture takes: its square (as the game names it), whether it
/// is a king, and for column checkers how many pieces of the tower jumped
/// stay under it (the capture takes only the top piece, seed 000 §1.6.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    /// The square of the piece taken (`d4`, `28`).
    pub square: String,
    /// Whether the piece is a king.
    pub king: bool,
    /// Pieces under it that stay on the square (0 for a single piece).
    pub under: usize,
}

/// One legal move as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedMove {
    /// Full notation: every square of a capture path (`c3:e5:g3`); chess in
    /// long form (`Ng1-f3`), in the reader's piece letters.
    pub full: String,
    /// Short notation (`cd4`, `c:g3`; chess SAN).
    pub short: String,
    /// Whether the short form names this move only (else it is not shown).
    pub short_unique: bool,
    /// The pieces taken, in capture order (draughts and towers).
    pub taken: Vec<Taken>,
    /// Whether the moving man becomes a king.
    pub promotes: bool,
}

/// The legal moves of the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalList {
    /// The captures.
    pub captures: Vec<ListedMove>,
    /// The other moves.
    pub quiet: Vec<ListedMove>,
    /// When capture is compulsory (draughts with a capture on the board), the
    /// clause that says so.
    pub compulsory: Option<Citation>,
}

/// The verdict on a written move in the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move is legal.
    Legal {
        /// What it plays, in full notation.
        full: String,
        /// Its short form.
        short: String,
        /// The pieces it takes.
        taken: Vec<Taken>,
        /// Whether the man becomes a king.
        promotes: bool,
        /// How the game would end with it, if it would.
        finish: Option<Finish>,
    },
    /// The move would be refused: the referee's reason and the rules it breaks.
    Refused {
        /// The refusal a played move would get (unreadable, illegal, ambiguous).
        error: MoveError,
        /// The rules broken, with their clauses.
        rules: Vec<Cited>,
    },
}

/// The rules of a game as a summary gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesSummary {
    /// The game.
    pub variant: Variant,
    /// Its rules with their clauses, in order.
    pub rules: Vec<Cited>,
    /// Its automatic draw rules (draughts), each with its clause.
    pub draw_rules: Vec<DrawRule>,
    /// Bashni's draw claim on unchanged material: moves of each side, clause.
    pub material_claim: Option<(u16, Citation)>,
    /// The game's time control, if it has one.
    pub time_control: Option<crate::clock::TimeControl>,
}
