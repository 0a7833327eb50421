//! Bounce-aware clocks: when the notice of a move to a
//! player hard-bounces, that player's clock in the game stops.
//!
//! - **Which mails are move notices.** The first game mail to a player whose
//!   clock in that game is running, once that clock started
//!   (`letters::notices::note_if_notice`, called by the one composer, `letters::post`): the
//!   mail of the transaction that played the opponent's move (or started the
//!   game). Help answers (no game), reminders and alerts (not composed there),
//!   and later answers to the player's own mails in the same turn are not.
//! - **When the clock stops.** A real delivery report (a failure, tied to the
//!   row by `daemon::bounce`; delay reports do nothing) for a move notice
//!   whose turn is still the current one (same clock start, clock running, game
//!   active) opens a pause from the instant the notice was sent (accepted by
//!   the receiving server; the enqueue instant if it never was) — see
//!   `on_bounce`. Only that player's clock in that game stops: the pause is a
//!   clock [`crate::clock::Stop`] of that side, as leave is, so charging leaves
//!   it out exactly, the deadline moves, and the scheduler's reminders and
//!   time-out do not fall inside it. The opponent's clock is never touched.
//! - **When it runs again.** What the bot can know: the player mails the bot
//!   from the registered address with a valid token (any verified mail, at its
//!   arrival instant: `on_verified_mail`), or a director ends the pause with
//!   `zaochka referee bounce-clear GAME PLAYER --reason ...` ([`clear`]),
//!   typically after `player edit` to a working address and `game resend`.
//! - **Who is told.** The directors get exactly one alert per pause
//!   ([`Alert::ClockStopped`], keyed by the pause); the start and the end are
//!   audit-logged (`bounce-pause`, `bounce-pause-end`, shown by `referee
//!   log`); `game show` lists the pauses, and every mail about the game (to the
//!   opponent, to a director) says whose clock stands since when
//!   (`letters::notices::with_pause_note`).

use chrono::{DateTime, Utc};
use tracing::info;

use super::alerts::{self, Alert};
use crate::config::Config;
use crate::referee::RefereeError;
use crate::referee::game_clocks as persist;
use crate::store::audit::{self, NewAuditEntry};
use crate::store::bounce_pauses::{self, BouncePause, PauseEnd};
use crate::store::games;
use crate::store::outbox::{OutboxId, OutgoingMail};
use crate::store::{Tx, clocks, players};
use crate::vocabulary::GameStatus;
use crate::vocabulary::{GameId, PlayerId};
use crate::words::pauses::StoppedClock;

/// After a real bounce of outbox row `row` (inside the report's transaction):
/// stops the recipient's clock if the row is the notice of their current
/// turn, audit-logs it and alerts the directors once. Returns the new pause.
///
/// # Errors
/// Database failures.
pub(crate) fn on_bounce(
    tx: &Tx<'_>,
    config: &Config,
    row: &OutgoingMail,
    now: DateTime<Utc>,
) -> Result<Option<BouncePause>, RefereeError> {
    let Some(notice) = bounce_pauses::notice(tx, row.id)? else {
        return Ok(None);
    };
    let game = games::get(tx, notice.game_id)?;
    let Some(side) = game.side_of(notice.player_id) else {
        return Ok(None);
    };
    let current = clocks::get(tx, game.id, side)?
        .is_some_and(|c| c.running && c.last_started_at == Some(notice.turn_started_at));
    if game.status != GameStatus::Active || !current {
        return Ok(None);
    }
    let since = row.sent_at.unwrap_or(row.created_at);
    let Some(pause) = bounce_pauses::open_pause(tx, game.id, notice.player_id, row.id, since)?
    else {
        return Ok(None);
    };
    persist::refresh_player(tx, notice.player_id, now)?;
    let player = players::get(tx, notice.player_id)?;
    audit::append(
        tx,
        &NewAuditEntry {
            at: now,
            actor: None,
            action: "bounce-pause".to_owned(),
            game_id: Some(game.id),
            reason: Some(crate::words::operator::daemon::notice_bounced(
                &player.email.to_string(),
            )),
            details: Some(serde_json::json!({
                "pause": pause.id,
                "player": player.id,
                "side": side,
                "outbox": row.id,
                "since": crate::store::instant_text(since),
            })),
        },
    )?;
    info!(
        game = game.id.0,
        player = player.id.0,
        outbox = row.id.0,
        "move notice bounced: the player's clock stops"
    );
    alerts::raise(
        tx,
        config,
        &Alert::ClockStopped(StoppedClock {
            pause: pause.id,
            game: game.id,
            player: player.name.clone(),
            address: row.to_address.clone(),
            since,
        }),
        now,
    )?;
    // The tournament's directors are told in their thread, once per pause.
    let told =
        crate::referee::tournament::bounce_warning(tx, game.id, player.id, &row.to_address, now)?;
    for (k, reply) in told.iter().enumerate() {
        let key = format!("bounce-pause.{}", pause.id);
        let id = crate::letters::ids::reply(tx, &config.address.domain, &key, 0, k, now)?;
        crate::letters::post(tx, &config.bot(), reply, None, id, now)?;
    }
    Ok(Some(pause))
}

/// A verified mail from `player` arrived at `at`: their open pauses end then
/// (the player is in touch again). Returns the pauses ended.
///
/// # Errors
/// Database failures.
pub(crate) fn on_verified_mail(
    tx: &Tx<'_>,
    player: PlayerId,
    at: DateTime<Utc>,
) -> Result<Vec<BouncePause>, RefereeError> {
    end(tx, player, None, PauseEnd::PlayerMail, None, None, at)
}

/// A director ends the open pause of `player` in `game` at `now` with a
/// reason. Returns the pauses ended (none if the clock was not stopped).
///
/// # Errors
/// Database failures.
pub fn clear(
    tx: &Tx<'_>,
    director: PlayerId,
    game: GameId,
    player: PlayerId,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Vec<BouncePause>, RefereeError> {
    end(
        tx,
        player,
        Some(game),
        PauseEnd::Director,
        Some(reason),
        Some(director),
        now,
    )
}

fn end(
    tx: &Tx<'_>,
    player: PlayerId,
    game: Option<GameId>,
    how: PauseEnd,
    reason: Option<&str>,
    actor: Option<PlayerId>,
    at: DateTime<Utc>,
) -> Result<Vec<BouncePause>, RefereeError> {
    let ended = bounce_pauses::end_pauses(tx, player, game, how, reason, at)?;
    if ended.is_empty() {
        return Ok(ended);
    }
    persist::refresh_player(tx, player, at)?;
    for p in &ended {
        audit::append(
            tx,
            &NewAuditEntry {
                at,
                actor,
                action: "bounce-pause-end".to_owned(),
                game_id: Some(p.game_id),
                reason: reason.map(str::to_owned),
                details: Some(serde_json::json!({
                    "pause": p.id,
                    "player": p.player_id,
                    "ended_by": how,
                    "since": crate::store::instant_text(p.starts_at),
                    "until": crate::store::instant_text(at.max(p.starts_at)),
                })),
            },
        )?;
    }
    Ok(ended)
}

/// After the notice `row` was sent at `at`: the wait at the bot is now a stop
/// of the recipient's clock; its stored deadline moves accordingly.
///
/// # Errors
/// Database failures.
pub(crate) fn after_sent(
    tx: &Tx<'_>,
    row: OutboxId,
    at: DateTime<Utc>,
) -> Result<(), RefereeError> {
    if let Some(n) = bounce_pauses::notice(tx, row)? {
        persist::refresh_player(tx, n.player_id, at)?;
    }
    Ok(())
}
