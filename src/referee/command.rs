//! Commands to the referee as data: what a player or a tournament director asks,
//! whether it came by mail or from the command line.

use crate::vocabulary::DirectorAction;
use crate::vocabulary::{Color, GameId};

/// A command. Who sends it is passed beside it ([`crate::referee::handle`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play a move written in the game's notation, optionally offering a draw with
    /// it (seed 001 §1.9.2, seed 003 art. 18).
    Play {
        /// The game.
        game: GameId,
        /// The move as written.
        text: String,
        /// Whether a draw is offered together with the move.
        offer_draw: bool,
    },
    /// Offer a draw without a move.
    OfferDraw {
        /// The game.
        game: GameId,
    },
    /// Accept the opponent's pending draw offer.
    AcceptDraw {
        /// The game.
        game: GameId,
    },
    /// Decline the opponent's pending draw offer.
    DeclineDraw {
        /// The game.
        game: GameId,
    },
    /// Claim a draw (threefold repetition, the game's claim rules), optionally
    /// with the move that would produce it, written but not played (RULES.md §7).
    ClaimDraw {
        /// The game.
        game: GameId,
        /// The move that would produce the drawn position, if written.
        text: Option<String>,
    },
    /// Resign the game.
    Resign {
        /// The game.
        game: GameId,
    },
    /// Seal a move in an adjourned or paused game: kept unseen by the referee and
    /// played at resumption (seed 003 art. 15-17).
    Seal {
        /// The game.
        game: GameId,
        /// The sealed move as written.
        text: String,
    },
    /// The result claimed for a game frozen at the end of a tournament's
    /// playing period, with the claimant's analysis (a draw claim in a frozen
    /// game is one too).
    ClaimResult {
        /// The game.
        game: GameId,
        /// What the claimant claims.
        claim: crate::tournament::ResultClaim,
        /// The claimant's analysis, free text.
        analysis: String,
    },
    /// The crosstable of a tournament: the game's, or else the actor's
    /// latest tournament.
    Standings {
        /// The game the request came with, if any.
        game: Option<GameId>,
    },
    /// The actor asks for the tournament bulletins (`wanted`) or for none.
    Bulletins {
        /// Bulletins wanted.
        wanted: bool,
    },
    /// How the actor hears of the opponents' moves: one mail a day (the
    /// digest) or a mail for every move.
    MoveMails {
        /// The setting asked for.
        mails: crate::clock::digest::MoveMails,
    },
    /// The actor's calendar: every deadline, leave and playing period as an
    /// RFC 5545 file.
    Calendar,
    /// The actor's new Xfcc password, made by the caller (an edge: the
    /// operating system's randomness): its hash is kept, the password
    /// mailed to the actor's registered address.
    XfccPassword {
        /// The password, for the reply only.
        password: String,
        /// Its Argon2id PHC string, to keep.
        hash: String,
    },
    /// The game's state: diagram, score, whose move, pending offer.
    Status {
        /// The game.
        game: GameId,
    },
    /// The list of the actor's games with their results.
    History,
    /// The game's score as PDN (or PGN for chess).
    Export {
        /// The game.
        game: GameId,
    },
    /// The list of commands.
    Help,
    /// The player wrote that they withdraw from a tournament (`said`) or
    /// asked how to: answered with the terms, nothing changed.
    WithdrawalTerms {
        /// A statement (else a question).
        said: bool,
    },
    /// The player confirms a withdrawal with the code the terms gave: it is
    /// applied as a director's withdrawal, the directors told.
    ConfirmWithdrawal {
        /// The code as written (`None`: none written).
        code: Option<u32>,
    },
    /// Take leave (vacation) from `from` to `to`, both days included, in the
    /// player's time zone: the player's clocks stop.
    Leave {
        /// First day of leave.
        from: chrono::NaiveDate,
        /// Last day of leave.
        to: chrono::NaiveDate,
    },
    /// A leave a player asked for another way (by phone): entered by a
    /// director for `player`, under the rules of a leave asked for by mail
    /// (the allowance per year, the tournament's leave days), audit-logged.
    LeaveFor {
        /// The registered address of the player on leave.
        player: String,
        /// First day of leave, in the player's time zone.
        from: chrono::NaiveDate,
        /// Last day of leave.
        to: chrono::NaiveDate,
        /// Why (written to the audit log).
        reason: String,
    },
    /// A tournament director's action; requires the referee (or admin) role and is
    /// written to the audit log with its reason.
    Direct {
        /// The game.
        game: GameId,
        /// What is done.
        action: DirectorAction,
        /// Why (written to the audit log).
        reason: String,
    },
    /// A director accepts or rejects a claim for a game frozen at the end of
    /// a tournament's playing period.
    RuleClaim {
        /// The game.
        game: GameId,
        /// Whose claim; `None` when there is one (or two that agree).
        side: Option<Color>,
        /// Accept (the game ends with the claimed result) or reject.
        accept: bool,
        /// Why (written to the audit log).
        reason: String,
    },
    /// The legal moves of the side to move, in full and short notation:
    /// changes nothing.
    LegalMoves {
        /// The game.
        game: GameId,
    },
    /// The verdict on a written move in the current position, with the rule
    /// and its citation when it is refused: changes nothing.
    Why {
        /// The game.
        game: GameId,
        /// The move as written.
        text: String,
    },
    /// The game's rules summary with citations: changes nothing.
    Rules {
        /// The game.
        game: GameId,
    },
    /// Conditional moves: give lines, cancel or list them.
    Conditional {
        /// The game.
        game: GameId,
        /// What is asked.
        request: crate::mail::conditional::Request,
    },
}

impl Command {
    /// The game the command is about, if any.
    #[must_use]
    pub fn game(&self) -> Option<GameId> {
        match self {
            Command::Play { game, .. }
            | Command::OfferDraw { game }
            | Command::AcceptDraw { game }
            | Command::DeclineDraw { game }
            | Command::ClaimDraw { game, .. }
            | Command::Resign { game }
            | Command::Seal { game, .. }
            | Command::Status { game }
            | Command::Export { game }
            | Command::ClaimResult { game, .. }
            | Command::Direct { game, .. }
            | Command::RuleClaim { game, .. }
            | Command::LegalMoves { game }
            | Command::Why { game, .. }
            | Command::Rules { game }
            | Command::Conditional { game, .. } => Some(*game),
            Command::Standings { game } => *game,
            Command::History
            | Command::Help
            | Command::WithdrawalTerms { .. }
            | Command::ConfirmWithdrawal { .. }
            | Command::Bulletins { .. }
            | Command::MoveMails { .. }
            | Command::Calendar
            | Command::XfccPassword { .. }
            | Command::Leave { .. }
            | Command::LeaveFor { .. } => None,
        }
    }
}
