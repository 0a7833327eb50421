//! What the owner of conditional lines is told, as typed events
//! ([`crate::words::conditional`] words them).

use crate::games::MoveError;
use crate::referee::RefereeError;
use crate::rules::Color;

/// One ply of a line as shown to its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownPly {
    /// The move number.
    pub number: u32,
    /// Who plays it.
    pub side: Color,
    /// The move (canonical full notation, chess in the reader's piece letters).
    pub text: String,
    /// Whether a draw offer goes with it.
    pub offer_draw: bool,
}

/// Why one line was refused at submission (the others stand).
#[derive(Debug)]
pub enum Refusal {
    /// The line holds no move.
    Empty,
    /// The line ends with the opponent's move: no reply to play.
    EndsWithOpponent,
    /// A move number does not fit the ply it stands before.
    Number {
        /// The move as written.
        written: String,
        /// The number written.
        number: u32,
        /// The number of that ply.
        expected: u32,
        /// Whether that ply is Black's (`13...`).
        expected_black: bool,
    },
    /// The game would be over before this move (as written).
    AfterEnd(String),
    /// A move of the line is unreadable, illegal or ambiguous (the candidates
    /// are in the error).
    Move(MoveError),
    /// A draw offer written after the opponent's move (as written).
    OfferOnOpponentMove(String),
    /// The line answers an opponent's move that an earlier line (its number
    /// from 1 among the accepted lines) answers differently.
    Conflict(usize),
    /// The same line was given twice.
    Duplicate,
    /// The opponent already answered the owner's move of the same mail with
    /// this ply, and the line (written for the position before it) does not
    /// start with it.
    AnsweredOtherwise(ShownPly),
}

/// What the owner of conditional lines is told.
#[derive(Debug)]
pub enum Event {
    /// A set of lines was received: the lines kept (as resolved), the lines
    /// refused (as written, with why), and how many old lines the new set
    /// replaced (the old set stays when no new line is kept).
    Submitted {
        /// The lines kept.
        kept: Vec<Vec<ShownPly>>,
        /// The lines refused.
        refused: Vec<(String, Refusal)>,
        /// Old lines dropped.
        replaced: usize,
        /// Old lines still standing (no new line was kept).
        old_kept: usize,
    },
    /// Lines can be given only while the opponent is to move.
    OwnTurn,
    /// The lines standing.
    Listed(Vec<Vec<ShownPly>>),
    /// This many lines were cancelled.
    Cancelled(usize),
    /// There was no line to cancel.
    NoneToCancel,
    /// The reply after this was played from the owner's lines; this many
    /// lines remain.
    PlayedForYou {
        /// Lines left.
        remaining: usize,
    },
    /// The opponent's move is on none of the owner's lines: all dropped.
    NoLongerApply(usize),
    /// The owner's own move cleared their lines.
    ClearedByOwnMove(usize),
    /// The opponent offered a draw with the move: the lines were not played
    /// and are dropped (the owner answers the offer).
    OfferStands(usize),
    /// The reply of a line could not be played now: the lines are dropped.
    NotPlayed(usize, RefereeError),
    /// The game is over (its result; `None`: annulled): there are no lines
    /// to list or to cancel (`cancel`).
    GameOver {
        /// The result.
        result: Option<crate::rules::GameResult>,
        /// Whether a cancel was asked (else a list).
        cancel: bool,
    },
}
