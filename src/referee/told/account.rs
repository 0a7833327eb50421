//! What a command did, as typed values for the command line's one-line
//! account ([`crate::words::account`] words it in English).

use chrono::NaiveDate;

use crate::games::{ClaimableDraw, Finish, MoveError};
use crate::rules::{Citation, Color, GameResult, Variant};
use crate::vocabulary::{DirectorAction, GameId};

use super::OfferBar;

/// What a command did.
#[derive(Clone, Debug)]
pub enum Account {
    /// What the first reply tells, as its reader reads it (a status, a
    /// table, a list of games, help, an export).
    Reply,
    /// Nothing yet (an account filled in by the caller).
    Nothing,
    /// A move was played.
    Moved {
        /// The game.
        game: GameId,
        /// Its move number.
        number: u32,
        /// Who played it.
        side: Color,
        /// The move in full notation.
        full: String,
        /// How the rules ended the game after it, if they did.
        finish: Option<Finish>,
        /// Why the draw offer written with it was not made.
        offer_bar: Option<OfferBar>,
    },
    /// A move came after the deadline: `side` lost on time.
    Late {
        /// The game.
        game: GameId,
        /// Who moved late.
        side: Color,
    },
    /// A side resigned.
    Resigned {
        /// The game.
        game: GameId,
        /// Who resigned.
        side: Color,
        /// The result.
        result: GameResult,
    },
    /// A move was sealed.
    Sealed {
        /// The game.
        game: GameId,
    },
    /// A side offered a draw.
    DrawOffered {
        /// The game.
        game: GameId,
        /// Who offered.
        side: Color,
    },
    /// The draw was agreed.
    DrawAgreed {
        /// The game.
        game: GameId,
    },
    /// The draw offer was declined.
    DrawDeclined {
        /// The game.
        game: GameId,
    },
    /// A draw claim was upheld.
    ClaimUpheld {
        /// The game.
        game: GameId,
        /// The draw found.
        draw: ClaimableDraw,
    },
    /// A draw claim was rejected (after the account of the move played
    /// instead, if one was).
    ClaimRejected {
        /// The move played instead.
        after: Option<Box<Account>>,
        /// The game.
        game: GameId,
        /// How often the position has occurred.
        repetitions: usize,
        /// The game's repetition rule.
        citation: Citation,
    },
    /// A player takes leave.
    Leave {
        /// The player's address.
        email: String,
        /// First day.
        from: NaiveDate,
        /// Last day.
        to: NaiveDate,
        /// Days taken.
        days: u32,
        /// Entered by the referee.
        by_referee: bool,
        /// None of the player's games is running now.
        none_running: bool,
    },
    /// A director's action on a game.
    Directed {
        /// The game.
        game: GameId,
        /// The action.
        action: DirectorAction,
        /// The director's reason.
        reason: String,
        /// The sealed move is void.
        sealed_void: bool,
    },
    /// The game was sent again.
    Resent {
        /// The game.
        game: GameId,
        /// To whom.
        to: Vec<String>,
        /// The director's reason.
        reason: String,
    },
    /// A director ruled on a claim.
    ClaimRuled {
        /// The game.
        game: GameId,
        /// Accepted or rejected.
        accepted: bool,
        /// The claimant.
        side: Color,
        /// The result claimed.
        result: GameResult,
        /// The director's reason.
        reason: String,
    },
    /// A player claimed a result at the end of a tournament's period.
    Claimed {
        /// The game.
        game: GameId,
        /// The result claimed.
        result: GameResult,
        /// The claimant.
        side: Color,
    },
    /// Conditional lines.
    Conditional {
        /// The game.
        game: GameId,
        /// What became of them.
        what: ConditionalAccount,
    },
    /// A move, then the conditional reply it set off.
    ConditionalReply {
        /// The move.
        first: Box<Account>,
        /// The reply.
        second: Box<Account>,
    },
    /// The legal moves were listed.
    LegalMoves {
        /// The game.
        game: GameId,
        /// How many.
        count: usize,
    },
    /// `why` without a move.
    WhyWithoutMove {
        /// The game.
        game: GameId,
    },
    /// A written move is legal.
    Legal {
        /// The game.
        game: GameId,
        /// As written.
        written: String,
        /// In full notation.
        full: String,
    },
    /// A written move is refused.
    Refused {
        /// The game.
        game: GameId,
        /// Why.
        error: MoveError,
    },
    /// The rules summary was sent.
    Rules {
        /// The game.
        game: GameId,
        /// Its variant.
        variant: Variant,
    },
}

/// What became of a player's conditional lines.
#[derive(Clone, Copy, Debug)]
pub enum ConditionalAccount {
    /// The game is over: none kept.
    Over,
    /// Lines cancelled.
    Cancelled(usize),
    /// Lines listed.
    Listed(usize),
    /// Refused: it is the owner's own turn.
    OwnTurn,
    /// Lines stored and refused.
    Stored {
        /// Kept.
        kept: usize,
        /// Refused.
        refused: usize,
    },
}
