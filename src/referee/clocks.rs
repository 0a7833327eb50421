//! The referee's decisions on the clocks that no player's command asks for:
//! a game lost (or drawn) on time when the daemon's scheduler tick finds a
//! `timeout-loss` action due ([`finish_on_time`]). The store keeps the clocks
//! (`referee::game_clocks`: SQL and the pure clock functions only); the
//! result of a time-out is decided here.

use chrono::{DateTime, Utc};

use crate::clock::schedule::{self, Action, ActionKind};
use crate::clock::settings::TimeoutPolicy;
use crate::referee::game_clocks::{self, ClockError};
use crate::store::audit::{self, NewAuditEntry};
use crate::store::games::{self, Game};
use crate::store::{Tx, instant_text};
use crate::vocabulary::Termination;

/// Ends a game on time for a `timeout-loss` action: the opponent wins, or the
/// game is drawn if `opponent_can_win` is false (the caller decides from the
/// material: FIDE art. 6.9 for chess). The game finishes at the deadline
/// instant; the timed-out clock is charged up to it (0 left) and stops. The
/// audit entry `timeout` carries no sentence: its details say whose clock
/// ran out (`side`), the `deadline` (UTC), the `result` and the time-out
/// `policy`, worded where the referee's log is read. Returns the finished
/// game.
///
/// # Errors
/// [`ClockError::Store`], [`ClockError::Control`].
pub fn finish_on_time(
    tx: &Tx<'_>,
    action: &Action,
    opponent_can_win: bool,
    now: DateTime<Utc>,
) -> Result<Game, ClockError> {
    let result = schedule::timeout_result(action.side, opponent_can_win);
    let game = games::set_result(tx, action.game_id, result, Termination::Time, action.about)?;
    game_clocks::stop_at_end(tx, action.game_id, action.side, action.about)?;
    let policy = match action.kind {
        ActionKind::TimeOut { policy } => policy,
        _ => TimeoutPolicy::LoseOnTime,
    };
    audit::append(
        tx,
        &NewAuditEntry {
            at: now,
            actor: None,
            action: "timeout".to_owned(),
            game_id: Some(action.game_id),
            reason: None,
            details: Some(serde_json::json!({
                "side": action.side,
                "deadline": instant_text(action.about),
                "result": result,
                "policy": policy,
            })),
        },
    )?;
    Ok(game)
}
