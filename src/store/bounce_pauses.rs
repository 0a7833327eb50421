//! Move notices and the clock pauses of bounced notices
//! (tables `move_notices` and `bounce_pauses`, migration 0013).
//!
//! A *move notice* is the outbox row that told a player it is their move in a
//! game: the first game mail to the player after their clock started (see
//! [`note_notice`]). When such a row hard-bounces, the player's clock in that
//! game stands from the instant the notice was sent until the pause ends
//! ([`open_pause`], [`end_pauses`]); [`stops`] hands the pauses to the clock
//! (`crate::clock::pauses`) as intervals, which it stops as it stops leave.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::outbox::OutboxId;
use super::{GameId, PlayerId, Result, Ts, Tx};

pub use crate::vocabulary::PauseId;
sql_id!(PauseId);

text_enum! {
    /// How a bounce pause ended. Stored as the lowercase name.
    pub enum PauseEnd {
        /// The player mailed the bot from the registered address with a valid
        /// token: mail reaches them again, or at least they are playing.
        PlayerMail => "player-mail",
        /// A director ended it (`zaochka referee bounce-clear`), with a reason.
        Director => "director",
    }
}

/// A stored move notice.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveNotice {
    /// The outbox row of the notice.
    pub outbox_id: OutboxId,
    /// The game.
    pub game_id: GameId,
    /// The player told it is their move.
    pub player_id: PlayerId,
    /// When the player's clock started for that turn (UTC).
    pub turn_started_at: DateTime<Utc>,
}

/// A stop of one player's clock in one game because a notice bounced:
/// `[starts_at, ended_at)` in UTC, open while `ended_at` is `None`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BouncePause {
    /// Row id.
    pub id: PauseId,
    /// The game.
    pub game_id: GameId,
    /// Whose clock stands.
    pub player_id: PlayerId,
    /// The bounced notice.
    pub outbox_id: OutboxId,
    /// When the notice was sent (accepted by the receiving server), UTC.
    pub starts_at: DateTime<Utc>,
    /// When the pause ended (UTC), `None` while the clock stands.
    pub ended_at: Option<DateTime<Utc>>,
    /// How it ended.
    pub ended_by: Option<PauseEnd>,
    /// The director's reason, when a director ended it.
    pub end_reason: Option<String>,
}

impl BouncePause {
    /// The pause as an interval `[start, end)` (UTC); an open pause stands
    /// until the far future (year 9000), so no deadline falls during it.
    #[must_use]
    pub fn interval(&self) -> (DateTime<Utc>, DateTime<Utc>) {
        (self.starts_at, self.ended_at.unwrap_or_else(far_future))
    }
}

/// The end of an open pause: 9000-01-01 UTC, far enough that no deadline
/// falls before it, and early enough that a deadline pushed past it by the
/// time still left stays a four-digit year (the store's instant format).
fn far_future() -> DateTime<Utc> {
    DateTime::<Utc>::from_timestamp(221_845_392_000, 0).unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// Records `row` as the notice of the turn of `player` in `game` that started
/// at `turn_started_at`, unless that turn has a notice already. Returns `true`
/// if it was recorded.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn note_notice(
    tx: &Tx<'_>,
    row: OutboxId,
    game: GameId,
    player: PlayerId,
    turn_started_at: DateTime<Utc>,
) -> Result<bool> {
    let n = tx.sql().execute(
        "INSERT OR IGNORE INTO move_notices (outbox_id, game_id, player_id, turn_started_at)
         VALUES (?1, ?2, ?3, ?4)",
        params![row, game, player, Ts(turn_started_at)],
    )?;
    Ok(n == 1)
}

/// The move notice an outbox row is, if it is one.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn notice(tx: &Tx<'_>, row: OutboxId) -> Result<Option<MoveNotice>> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT outbox_id, game_id, player_id, turn_started_at FROM move_notices
             WHERE outbox_id = ?1",
            [row],
            |r| {
                Ok(MoveNotice {
                    outbox_id: r.get("outbox_id")?,
                    game_id: r.get("game_id")?,
                    player_id: r.get("player_id")?,
                    turn_started_at: r.get::<_, Ts>("turn_started_at")?.0,
                })
            },
        )
        .optional()?)
}

const COLUMNS: &str =
    "id, game_id, player_id, outbox_id, starts_at, ended_at, ended_by, end_reason";

fn from_row(row: &Row<'_>) -> rusqlite::Result<BouncePause> {
    Ok(BouncePause {
        id: row.get("id")?,
        game_id: row.get("game_id")?,
        player_id: row.get("player_id")?,
        outbox_id: row.get("outbox_id")?,
        starts_at: row.get::<_, Ts>("starts_at")?.0,
        ended_at: row.get::<_, Option<Ts>>("ended_at")?.map(|t| t.0),
        ended_by: row.get("ended_by")?,
        end_reason: row.get("end_reason")?,
    })
}

/// Opens a pause of `player`'s clock in `game` from `starts_at` for the
/// bounced notice `row`. Returns the new pause, or `None` when that notice
/// already has one or the player's clock in the game stands already (one
/// open pause per game and player).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn open_pause(
    tx: &Tx<'_>,
    game: GameId,
    player: PlayerId,
    row: OutboxId,
    starts_at: DateTime<Utc>,
) -> Result<Option<BouncePause>> {
    let n = tx.sql().execute(
        "INSERT OR IGNORE INTO bounce_pauses (game_id, player_id, outbox_id, starts_at)
         VALUES (?1, ?2, ?3, ?4)",
        params![game, player, row, Ts(starts_at)],
    )?;
    if n == 0 {
        return Ok(None);
    }
    let id = PauseId(tx.sql().last_insert_rowid());
    Ok(Some(tx.sql().query_row(
        &format!("SELECT {COLUMNS} FROM bounce_pauses WHERE id = ?1"),
        [id],
        from_row,
    )?))
}

/// Ends the open pauses of `player` (in `game`, or in every game when
/// `None`) at `at` (UTC; a director's end never before a pause's start; the
/// player's mail ends only the pauses that began before it arrived). Returns
/// the pauses as they were before ending.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn end_pauses(
    tx: &Tx<'_>,
    player: PlayerId,
    game: Option<GameId>,
    how: PauseEnd,
    reason: Option<&str>,
    at: DateTime<Utc>,
) -> Result<Vec<BouncePause>> {
    let open: Vec<BouncePause> = list(tx, None, Some(player))?
        .into_iter()
        .filter(|p| p.ended_at.is_none() && game.is_none_or(|g| p.game_id == g))
        // A player's mail that reached the bot before the pause began says
        // nothing about mail reaching them since.
        .filter(|p| how == PauseEnd::Director || p.starts_at <= at)
        .collect();
    for p in &open {
        tx.sql().execute(
            "UPDATE bounce_pauses SET ended_at = ?1, ended_by = ?2, end_reason = ?3 WHERE id = ?4",
            params![Ts(at.max(p.starts_at)), how, reason, p.id],
        )?;
    }
    Ok(open)
}

/// The pauses of a game and/or a player (both `None`: all), oldest first.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn list(
    tx: &Tx<'_>,
    game: Option<GameId>,
    player: Option<PlayerId>,
) -> Result<Vec<BouncePause>> {
    // One statement per case, so that each reaches its rows through an index
    // (`?1 IS NULL OR game_id = ?1` would read the whole table).
    let filter = match (game, player) {
        (Some(_), Some(_)) => "WHERE game_id = ?1 AND player_id = ?2",
        (Some(_), None) => "WHERE game_id = ?1 AND ?2 IS NULL",
        (None, Some(_)) => "WHERE ?1 IS NULL AND player_id = ?2",
        (None, None) => "WHERE ?1 IS NULL AND ?2 IS NULL",
    };
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM bounce_pauses {filter} ORDER BY starts_at, id"
    ))?;
    let rows = stmt.query_map(params![game, player], from_row)?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}

/// The intervals `[start, end)` (UTC) in which `player`'s clock in `game`
/// stands, those ending after `from`: the wait of each move notice at the bot (`[turn start, notice sent)`: the
/// daemon behind or down, the notice in the outbox; a notice not yet sent
/// stops nothing until it is) and the bounce pauses, open ones running to the
/// far future.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn stops(
    tx: &Tx<'_>,
    game: GameId,
    player: PlayerId,
    from: DateTime<Utc>,
) -> Result<Vec<(DateTime<Utc>, DateTime<Utc>)>> {
    let mut out: Vec<(DateTime<Utc>, DateTime<Utc>)> = list(tx, Some(game), Some(player))?
        .iter()
        .map(BouncePause::interval)
        .collect();
    let mut stmt = tx.sql().prepare_cached(
        "SELECT n.turn_started_at, o.sent_at FROM move_notices n JOIN outbox o ON o.id = n.outbox_id
         WHERE n.game_id = ?1 AND n.player_id = ?2 AND o.sent_at IS NOT NULL",
    )?;
    let waits = stmt.query_map(params![game, player], |r| {
        Ok((
            r.get::<_, Ts>("turn_started_at")?.0,
            r.get::<_, Ts>("sent_at")?.0,
        ))
    })?;
    for w in waits {
        out.push(w?);
    }
    out.retain(|(start, end)| *end > from && start < end);
    Ok(out)
}

/// When the notice of the turn of `player` in `game` that started at
/// `turn_started_at` was sent: `None` without a notice, `Some(None)` while it
/// waits in the outbox.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn notice_sent(
    tx: &Tx<'_>,
    game: GameId,
    player: PlayerId,
    turn_started_at: DateTime<Utc>,
) -> Result<Option<Option<DateTime<Utc>>>> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT o.sent_at FROM move_notices n JOIN outbox o ON o.id = n.outbox_id
             WHERE n.game_id = ?1 AND n.player_id = ?2 AND n.turn_started_at = ?3",
            params![game, player, Ts(turn_started_at)],
            |r| Ok(r.get::<_, Option<Ts>>("sent_at")?.map(|t| t.0)),
        )
        .optional()?)
}

/// True if the notice of the turn of `player` in `game` that started at
/// `turn_started_at` waits in the outbox to be sent (first try or a retry):
/// the player has not been told it is their move, so the scheduler neither
/// reminds them nor ends the game on time before it goes (its sending turns
/// the wait into a clock stop, [`stops`]). A notice that failed for good is
/// not waiting: that player's clock runs as for any lost mail.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn notice_waits(
    tx: &Tx<'_>,
    game: GameId,
    player: PlayerId,
    turn_started_at: DateTime<Utc>,
) -> Result<bool> {
    Ok(tx
        .sql()
        .prepare_cached(
            "SELECT 1 FROM move_notices n JOIN outbox o ON o.id = n.outbox_id
             WHERE n.game_id = ?1 AND n.player_id = ?2 AND n.turn_started_at = ?3
               AND o.status = 'pending'",
        )?
        .exists(params![game, player, Ts(turn_started_at)])?)
}
