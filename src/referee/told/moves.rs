//! What the players are told about moves, resignations, sealed moves, draw
//! offers and claims, as typed events ([`crate::words::moves`] words them).

use crate::games::{ClaimableDraw, Finish, MoveError};
use crate::rules::{Citation, Color};

/// Why a draw offer written with a move cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferBar {
    /// The player's own offer is still pending.
    OwnPending,
    /// The player's last offer was declined and the opponent has not offered
    /// since.
    RightUsed,
}

impl OfferBar {
    /// The refusal an offer alone (without a move) gets for the same reason.
    #[must_use]
    pub fn as_error(self) -> crate::referee::RefereeError {
        match self {
            OfferBar::OwnPending => crate::referee::RefereeError::OwnOffer,
            OfferBar::RightUsed => crate::referee::RefereeError::OfferRightUsed,
        }
    }
}

/// What the referee tells the players about moves, resignations, sealed
/// moves, draw offers and claims. Moves and squares are given as the game
/// writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played (and perhaps a draw offered with it).
    Played {
        /// Its move number.
        number: u32,
        /// Who played it.
        side: Color,
        /// The move in full notation.
        full: String,
        /// The move as written, echoed to the mover (`None` in the
        /// opponent's mail: they read the move in their own notation).
        written: Option<String>,
        /// Whether a draw was offered with it.
        offers_draw: bool,
    },
    /// To the offerer: the opponent's move declined the pending draw offer.
    OfferDeclinedByMove {
        /// Its move number.
        number: u32,
        /// Who played it (`6.` before White's move, `6...` before Black's).
        side: Color,
        /// The move in full notation.
        full: String,
    },
    /// To the mover: the move declined the opponent's pending draw offer.
    DeclinedWithMove,
    /// To the mover: the draw offer written with the move was not made (the
    /// move stands).
    OfferNotMade {
        /// Why not.
        bar: OfferBar,
    },
    /// A move reached the bot after the deadline: the mover lost on time.
    LateMove {
        /// Who moved late.
        side: Color,
        /// The deadline the move missed.
        deadline: chrono::DateTime<chrono::Utc>,
    },
    /// A player resigned.
    Resigned {
        /// Who resigned.
        side: Color,
    },
    /// A player's sealed move is kept (to the sealer only).
    SealedKept {
        /// The move as written.
        written: String,
    },
    /// A sealed move revealed and played at resumption.
    SealedRevealed {
        /// Whose move it is.
        side: Color,
        /// The move in full notation.
        full: String,
        /// The move as written.
        written: String,
    },
    /// A sealed move that cannot be played: it loses (seed 003 art. 17c).
    SealedUnplayable {
        /// Who sealed it (and loses).
        side: Color,
        /// The move as written.
        written: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// A draw offer without a move; says how to accept or decline.
    DrawOffered {
        /// Who offers.
        by: Color,
    },
    /// The pending offer was accepted.
    DrawAccepted,
    /// The pending offer was declined.
    DrawDeclined {
        /// Who declined.
        by: Color,
    },
    /// A draw claim is upheld: the game is drawn.
    ClaimUpheld {
        /// Who claimed.
        by: Color,
        /// The written move the claim came with (not played), full notation.
        with_move: Option<String>,
        /// The draw found.
        draw: ClaimableDraw,
    },
    /// A draw claim is rejected.
    ClaimRejected {
        /// Who claimed.
        by: Color,
        /// How often the position (after the written move) has occurred.
        repetitions: usize,
        /// The game's repetition rule.
        citation: Citation,
        /// Whether the written move of the claim was played instead.
        move_played: bool,
    },
    /// The rules ended the game.
    Finished(Finish),
    /// To the opponent of a sealer: a move is sealed, never which (seed 003
    /// art. 15).
    SealedByOpponent {
        /// Who sealed.
        side: Color,
    },
}
