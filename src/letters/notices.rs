//! What the one composer notes about bounce-aware clocks (the
//! whole rule is told in `daemon::bounce_clock`): which letter is the move
//! notice of a turn, and the line on every letter about a game whose player's
//! clock stands because a notice bounced.

use crate::referee::{RefereeError, Reply};
use crate::store::bounce_pauses::{self, BouncePause};
use crate::store::games;
use crate::store::outbox::OutboxId;
use crate::store::{StoreError, Tx, clocks, players};
use crate::vocabulary::GameStatus;

/// Records the outbox row `row` written for `reply` as a move notice when it
/// is one (see the module documentation). Returns `true` if it was recorded.
///
/// # Errors
/// Database failures.
pub(crate) fn note_if_notice(
    tx: &Tx<'_>,
    reply: &Reply,
    row: OutboxId,
) -> Result<bool, StoreError> {
    let Some(game_id) = reply.game else {
        return Ok(false);
    };
    let game = games::get(tx, game_id)?;
    if game.status != GameStatus::Active {
        return Ok(false);
    }
    let Some(side) = game.side_of(reply.to) else {
        return Ok(false);
    };
    match clocks::get(tx, game_id, side)? {
        Some(c) if c.running => match c.last_started_at {
            Some(started) => bounce_pauses::note_notice(tx, row, game_id, reply.to, started),
            None => Ok(false),
        },
        _ => Ok(false),
    }
}

/// The reply with the line "the clock of X is stopped since ...: the notice
/// could not be delivered" for each open pause of its game, in the reader's
/// language; `None` when the game has none (or the reply is about no game).
///
/// # Errors
/// Database failures.
pub(crate) fn with_pause_note(tx: &Tx<'_>, reply: &Reply) -> Result<Option<Reply>, RefereeError> {
    let Some(game) = reply.game else {
        return Ok(None);
    };
    let open: Vec<BouncePause> = bounce_pauses::list(tx, Some(game), None)?
        .into_iter()
        .filter(|p| p.ended_at.is_none())
        .collect();
    if open.is_empty() {
        return Ok(None);
    }
    let mut noted = reply.clone();
    for p in open {
        let name = players::get(tx, p.player_id)?.name;
        noted.notes.push(crate::referee::told::Note::Stopped {
            name,
            since: p.starts_at,
        });
    }
    Ok(Some(noted))
}
