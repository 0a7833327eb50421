//! The one intake of what a player says about one game, by mail or from the
//! command line: the acts as typed values ([`Said`]), and the referee's
//! decision on them ([`decide`]) before any is applied. Both front ends call
//! it, so the same act has the same outcome by either; they only word it.
//!
//! The rules decided here, once:
//! - **A draw offer while the opponent's offer stands accepts it** (two
//!   players who both offer a draw agree to one; a club referee reads the
//!   second offer as the answer to the first). An offer with a move is not
//!   one: the move declines the standing offer first (seed 001 §1.9.2).
//! - **A game frozen at the end of a tournament's playing period** is
//!   settled by claims: a draw claim there is a claim of a draw for
//!   adjudication (with its analysis), and an admitted loss in a game in
//!   play is a resignation.
//! - **A move number other than the one due**: an old one (below the move
//!   due, or White's number of the move Black must answer, sent by White)
//!   is a move already played, sent again: nothing changes
//!   ([`Decision::Stale`]). One ahead, or Black's mark (`5...`) on White's
//!   move, is refused ([`Decision::Ahead`]) while the game is in play. A
//!   single dot before Black's move sent by Black passes (many players write
//!   it so).
//! - Words that the game goes on decline the opponent's standing offer;
//!   a side named as resigning resigns only when it is the sender's.

use crate::notation::move_number::{MoveNumber, read_move_number};
use crate::referee::{Command, RefereeError};
use crate::rules::Color;
use crate::store::{Tx, games, moves, offers};
use crate::tournament::ResultClaim;
use crate::vocabulary::{GameId, GameStatus, PlayerId};

/// What a player said about one game: one act, as the mail's reader or the
/// command line's arguments give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// A move, with the move number written before it (if any) and whether
    /// a draw is offered with it.
    Move {
        /// The move as it is to be played and echoed.
        text: String,
        /// The move number written before it.
        number: Option<MoveNumber>,
        /// A draw offered with the move.
        offer_draw: bool,
    },
    /// A draw offered without a move.
    OfferDraw,
    /// The opponent's offer accepted.
    AcceptDraw,
    /// The opponent's offer declined.
    DeclineDraw,
    /// The game resigned.
    Resign,
    /// A side named as resigning (`Белые сдаются`).
    SideResigns(Color),
    /// Words that the game goes on (`играем дальше`), or that say no to a
    /// draw.
    PlayOn,
    /// A draw claimed, with the move (not played) that would produce it.
    ClaimDraw {
        /// The move that would produce the drawn position, if written.
        text: Option<String>,
        /// The move number written before that move.
        number: Option<MoveNumber>,
        /// The claimant's words, kept as the analysis of a claim for
        /// adjudication.
        analysis: String,
    },
    /// A result claimed (win, draw, admitted loss), with the claimant's
    /// analysis.
    ClaimResult {
        /// What is claimed.
        claim: ResultClaim,
        /// The claimant's analysis, free text.
        analysis: String,
    },
}

impl Said {
    /// A move as one text (the command line's argument): its leading move
    /// number, if any, is read ([`read_move_number`]); the text is played
    /// and echoed whole.
    #[must_use]
    pub fn written_move(text: &str, offer_draw: bool) -> Said {
        Said::Move {
            text: text.to_string(),
            number: read_move_number(text).map(|(n, _)| n),
            offer_draw,
        }
    }

    /// A draw claim written as one text (the command line's argument): the
    /// move's leading number is read, and the move is the claim's analysis.
    #[must_use]
    pub fn written_claim(text: Option<String>) -> Said {
        Said::ClaimDraw {
            number: text.as_deref().and_then(read_move_number).map(|(n, _)| n),
            analysis: text.clone().unwrap_or_default(),
            text,
        }
    }
}

/// A move number that is not the one due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Misnumbered {
    /// The number as written.
    pub written: MoveNumber,
    /// The move number due.
    pub due: u32,
    /// The side whose move is due.
    pub side: Color,
}

impl Misnumbered {
    /// The refusal that says which move is due.
    #[must_use]
    pub fn refusal(&self) -> RefereeError {
        RefereeError::WrongMoveNumber {
            written: self.written.number,
            written_black: self.written.black,
            due: self.due,
            side: self.side,
        }
    }
}

/// The referee's decision on what was said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Apply this command ([`crate::referee::handle`]).
    Apply(Command),
    /// A move numbered as one already played (a message sent again):
    /// nothing changes; the answer says which move is due.
    Stale(Misnumbered),
    /// A move numbered ahead of the one due: refused.
    Ahead(Misnumbered),
    /// The other side named as resigning: nothing done.
    OtherSideResigns,
    /// Words that the game goes on with no offer to decline: nothing done.
    NothingToDecline,
}

impl Decision {
    /// The command to apply; a decision that applies none as the refusal
    /// the command line reports (a stale or early move number as the
    /// number due).
    ///
    /// # Errors
    /// [`RefereeError::WrongMoveNumber`] for a misnumbered move;
    /// [`RefereeError::NoPendingOffer`] for words that decline no offer;
    /// [`RefereeError::OtherSideResigns`] for the other side named as resigning.
    pub fn into_command(self) -> Result<Command, RefereeError> {
        match self {
            Decision::Apply(c) => Ok(c),
            Decision::Stale(m) | Decision::Ahead(m) => Err(m.refusal()),
            Decision::NothingToDecline => Err(RefereeError::NoPendingOffer),
            Decision::OtherSideResigns => Err(RefereeError::OtherSideResigns),
        }
    }
}

/// Decides what `actor` said about `game` (module doc): the command to
/// apply, or why none is.
///
/// # Errors
/// [`RefereeError::UnknownGame`] for a game that does not exist;
/// [`RefereeError::Store`] when the game cannot be read;
/// [`RefereeError::Corrupt`] for a stored start position that no longer reads.
pub fn decide(
    tx: &Tx<'_>,
    game: GameId,
    actor: PlayerId,
    said: &Said,
) -> Result<Decision, RefereeError> {
    let row = match games::get(tx, game) {
        Ok(row) => row,
        Err(crate::store::StoreError::NotFound { .. }) => {
            return Err(RefereeError::UnknownGame(game));
        }
        Err(e) => return Err(e.into()),
    };
    let mine = row.side_of(actor);
    let opponent_offered = || -> Result<bool, RefereeError> {
        Ok(matches!(offers::pending(tx, game)?, Some(o) if Some(o.side) != mine))
    };
    let frozen = || crate::referee::tournament::frozen(tx, game);
    Ok(Decision::Apply(match said {
        Said::Move {
            text,
            number,
            offer_draw,
        } => {
            if let Some(d) = misnumbered(tx, &row, *number, mine)? {
                return Ok(d);
            }
            Command::Play {
                game,
                text: text.clone(),
                offer_draw: *offer_draw,
            }
        }
        Said::OfferDraw if opponent_offered()? => Command::AcceptDraw { game },
        Said::OfferDraw => Command::OfferDraw { game },
        Said::AcceptDraw => Command::AcceptDraw { game },
        Said::DeclineDraw => Command::DeclineDraw { game },
        Said::Resign => Command::Resign { game },
        Said::SideResigns(color) if mine == Some(*color) => Command::Resign { game },
        Said::SideResigns(_) => return Ok(Decision::OtherSideResigns),
        Said::PlayOn if opponent_offered()? => Command::DeclineDraw { game },
        Said::PlayOn => return Ok(Decision::NothingToDecline),
        Said::ClaimDraw { analysis, .. } if frozen()? => Command::ClaimResult {
            game,
            claim: ResultClaim::Draw,
            analysis: analysis.clone(),
        },
        Said::ClaimDraw { text, number, .. } => {
            if text.is_some()
                && let Some(d) = misnumbered(tx, &row, *number, mine)?
            {
                return Ok(d);
            }
            Command::ClaimDraw {
                game,
                text: text.clone(),
            }
        }
        Said::ClaimResult {
            claim: ResultClaim::Loss,
            ..
        } if !frozen()? => Command::Resign { game },
        Said::ClaimResult { claim, analysis } => Command::ClaimResult {
            game,
            claim: *claim,
            analysis: analysis.clone(),
        },
    }))
}

/// The decision on a move's written number when it is not the one due
/// (module doc); `None` when it passes (or none was written).
fn misnumbered(
    tx: &Tx<'_>,
    row: &games::Game,
    number: Option<MoveNumber>,
    by: Option<Color>,
) -> Result<Option<Decision>, RefereeError> {
    let Some(written) = number else {
        return Ok(None);
    };
    let n = written.number;
    let (first_side, first_number) = first_move(row)?;
    let plies = moves::last_ply(tx, row.id)? as usize;
    let (due, side) = crate::notation::record::move_number_of(plies, first_side, first_number);
    let due_black = side == Color::Black;
    let m = Misnumbered { written, due, side };
    let whites_old_move = n == due && !written.black && due_black && by != Some(Color::Black);
    if n < due || whites_old_move {
        return Ok(Some(Decision::Stale(m)));
    }
    // A game not in play is answered by the referee (over, paused), and so
    // is Black's `12...` while White is to move ("it is not your move").
    let ahead = n > due || (n == due && written.black && !due_black && by != Some(Color::Black));
    if ahead && row.status == GameStatus::Active {
        return Ok(Some(Decision::Ahead(m)));
    }
    Ok(None)
}

/// The side to move and the move number of a game's start position (1, or a
/// chess FEN's own number): where its moves are counted from.
///
/// # Errors
/// [`RefereeError::Corrupt`] for a stored start that no longer reads.
pub(crate) fn first_move(row: &games::Game) -> Result<(Color, u32), RefereeError> {
    let start = crate::games::new_game(row.variant, row.start_fen.as_deref())
        .map_err(|e| RefereeError::Corrupt(row.id, e.to_string()))?;
    Ok((start.turn(), start.first_move_number()))
}
