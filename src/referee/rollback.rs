//! The clocks after a director's rollback (seed 000 §1.14; docs/referee.md,
//! "Director actions"): they read as they did after the ply the game goes
//! back to. Each removed move gives its side back the time it was charged
//! (its reflection from the receipt of the ply before it to its own receipt,
//! the player's leaves and the game's pauses left out) and one completed
//! move; then the side to move in the restored position starts its move at
//! the rollback instant and the other side's clock stops.

use chrono::{DateTime, Utc};

use crate::clock::charge::{charge, reflection_seconds};
use crate::referee::RefereeError;
use crate::referee::game_clocks::game_stops;
use crate::store::games::Game;
use crate::store::moves::MoveRecord;
use crate::store::{Tx, clocks};
use crate::vocabulary::Color;
use crate::vocabulary::GameStatus;

/// Winds the clocks of `game` back over the `removed` moves (plies after
/// the kept ones, in order; `kept_last` is the receipt instant (UTC) of the
/// last kept ply, `None` if none is kept) and restarts the clock of `to_move`
/// at `now` (UTC) if the game is active. A game without clocks is left alone.
///
/// # Errors
/// [`RefereeError::Clock`] for a bad stored time control, or
/// [`RefereeError::Store`].
pub(crate) fn rewind_clocks(
    tx: &Tx<'_>,
    game: &Game,
    removed: &[MoveRecord],
    kept_last: Option<DateTime<Utc>>,
    to_move: Color,
    now: DateTime<Utc>,
) -> Result<(), RefereeError> {
    let Some(control) = game.time_control else {
        return Ok(());
    };
    let (Some(mut white), Some(mut black)) = (
        clocks::get(tx, game.id, Color::White)?,
        clocks::get(tx, game.id, Color::Black)?,
    ) else {
        return Ok(());
    };
    // The first move's time ran from the start of the game.
    let mut from = kept_last.unwrap_or(game.created_at);
    for m in removed {
        let stops = game_stops(tx, game.id, game.player(m.side), from)?;
        let charged = charge(
            control.counting(),
            reflection_seconds(from, m.received_at, &stops),
        );
        let c = match m.side {
            Color::White => &mut white,
            Color::Black => &mut black,
        };
        c.used_seconds = (c.used_seconds - charged).max(0);
        c.moves_made = c.moves_made.saturating_sub(1);
        from = m.received_at;
    }
    for c in [&mut white, &mut black] {
        c.running = false;
        c.deadline = None;
        c.updated_at = now;
    }
    let c = match to_move {
        Color::White => &mut white,
        Color::Black => &mut black,
    };
    if game.status == GameStatus::Active {
        let stops = game_stops(tx, game.id, game.player(to_move), now)?;
        crate::clock::state::start(&control, c, now, &stops);
    } else {
        // A paused or adjourned game keeps both clocks stopped; the
        // resumption starts the side to move afresh (no start kept, see
        // `director::restart_clock`).
        c.last_started_at = None;
    }
    clocks::put(tx, &white)?;
    clocks::put(tx, &black)?;
    Ok(())
}
