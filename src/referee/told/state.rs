//! A game's state as one player reads it, as typed values: the board, the
//! score, where the game stands, the clocks ([`crate::words::state`] words
//! it, `letters` draws the board).

use crate::clock::{ActionKind, TimeControl};
use crate::games::{BoardView, MoveView};
use crate::rules::{Color, Variant};
use crate::vocabulary::{GameResult, GameStatus, Language, Termination};

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Being played: `to_move` (named `mover`) owes move `number`.
    Playing {
        /// The side to move.
        to_move: Color,
        /// That side's player.
        mover: String,
        /// The move number due (PDN numbering: White's and Black's ply share it).
        number: u32,
    },
    /// Stopped by the referee without a result (paused or adjourned).
    Stopped(GameStatus),
    /// Frozen at the end of a tournament's playing period, waiting for the
    /// players' claims or the director's adjudication.
    Frozen,
    /// Annulled by the referee: it counts for nobody.
    Annulled,
    /// Over.
    Finished {
        /// Who won, or a draw.
        result: GameResult,
        /// How it ended.
        termination: Termination,
    },
}

/// One clock as a reader sees it. Used and left add up to the time allowed:
/// of the game so far (`used_seconds + left_seconds`), or under a control
/// per move, of the move (`this_move_seconds + left_seconds`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockLine {
    /// Whose clock.
    pub side: Color,
    /// Time charged in the game, seconds (the current move's charge so far
    /// included).
    pub used_seconds: i64,
    /// Time left, seconds.
    pub left_seconds: i64,
    /// A control per move: what the current move has cost so far, seconds
    /// (0 for the side waiting); `None` for a control over the game.
    pub this_move_seconds: Option<i64>,
    /// This side is to move and its time runs.
    pub running: bool,
    /// The deadline of the running clock, already written in the reader's
    /// time zone (`2026-12-04 18:00 MSK (15:00 UTC)`).
    pub deadline: Option<String>,
    /// The clock runs but stands for now with no deadline (an undelivered
    /// or unsent move notice): "clock stopped, no deadline".
    pub stopped: bool,
}

/// The clocks of a game with a time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The time control.
    pub control: Option<TimeControl>,
    /// White's and Black's clocks.
    pub sides: Vec<ClockLine>,
    /// The reader's leave days left this year.
    pub leave_left: u32,
    /// The reader's next reminder.
    pub next_reminder: Option<NextReminder>,
}

/// The reader's next reminder (or time-out), dated in the reader's zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextReminder {
    /// What it is.
    pub kind: ActionKind,
    /// The day it comes.
    pub on: chrono::NaiveDate,
    /// The day of the deadline it is counted from, after any leave.
    pub deadline: chrono::NaiveDate,
}

/// Everything the state text says, for one reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateView {
    /// The game number.
    pub game: i64,
    /// The game played.
    pub variant: Variant,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// The board, from the reader's side.
    pub board: Board,
    /// The score, as the reader reads moves.
    pub score: Score,
    /// Where the game stands.
    pub phase: Phase,
    /// The clocks, if the game has a time control.
    pub clocks: Option<Clocks>,
    /// The side whose draw offer waits for an answer, and whether it is the
    /// reader's own offer.
    pub offer: Option<(Color, bool)>,
}

/// One game in a player's list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game number.
    pub game: i64,
    /// The game played (`None`: a stored name this version does not know).
    pub variant: Variant,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// Where it stands.
    pub status: GameStatus,
    /// Why it stands still, if it does (named for what it is).
    pub standstill: Option<crate::vocabulary::Standstill>,
    /// The result and how it ended, for a finished game.
    pub result: Option<(GameResult, Termination)>,
}

/// A board as the reader sees it: the position, the last move marked, from
/// the reader's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The position.
    pub view: BoardView,
    /// The last move played, if any.
    pub last: Option<MoveView>,
    /// The side at the bottom.
    pub side: Color,
}

/// A game's score as the reader reads it: the plies as the game writes them,
/// numbered from the start position's own move number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The plies, in the game's notation (chess in SAN, English letters).
    pub plies: Vec<String>,
    /// Chess: the plies are written in the reader's piece letters.
    pub chess: bool,
    /// The piece letters the reader reads.
    pub letters: Language,
    /// The side that moved first.
    pub first: Color,
    /// The start position's move number.
    pub first_number: u32,
}
