//! Tournaments as stored: the tournament with its settings, its entrants with
//! their personal numbers, the games it created with their place in the table
//! of playing order, and the adjudication of unfinished games at the end of
//! the playing period (migration 0006).
//!
//! One concept per file: this file holds the [`Tournament`] itself and its
//! status; [`entrants`] the entrants and their numbers, [`games`] the games
//! and their place in the table, [`adjudications`] the frozen games and the
//! players' claims, [`directors`] who directs it.

mod adjudications;
mod directors;
mod entrants;
mod games;

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{Result, StoreError, Ts, Tx, is_unique_violation};
use crate::rules::Variant;
use crate::tournament::{Settings, System};

pub use adjudications::{
    Adjudication, AdjudicationState, Claim, adjudication, adjudications, claims, claims_overdue,
    freeze, put_claim, set_adjudication_state,
};
pub use directors::{TournamentDirector, add_director, directors, remove_director};
pub use entrants::{
    Entrant, EntrantStatus, add_entrant, entrant, entrants, of_player, remove_entrant, replace,
    set_number, withdraw,
};
pub use games::{
    GameStanding, TournamentGame, add_game, game, game_standings, games, last_game_end,
};

row_id! {
    /// A tournament's row id.
    TournamentId
}

sql_text!(System);

text_enum! {
    /// Where a tournament stands.
    pub enum TournamentStatus {
        /// Taking entrants; nothing drawn yet.
        Registering => "registering",
        /// Personal numbers drawn; games not yet created.
        Drawn => "drawn",
        /// Games created and being played.
        Playing => "playing",
        /// Stopped by the director (all its games paused).
        Paused => "paused",
        /// The playing period is over; unfinished games wait for claims or a ruling.
        Adjudicating => "adjudicating",
        /// Every game is over.
        Finished => "finished",
    }
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Tournament {
    /// Row id.
    pub id: TournamentId,
    /// The name, unique ignoring case.
    pub name: String,
    /// The game played (stored by its name, `russian`).
    pub variant: Variant,
    /// The system of play.
    pub system: System,
    /// The settings.
    pub settings: Settings,
    /// Where it stands.
    pub status: TournamentStatus,
    /// The lot's seed in lowercase hex, once drawn.
    pub draw_seed: Option<String>,
    /// Created (UTC).
    pub created_at: DateTime<Utc>,
    /// Games created (UTC).
    pub started_at: Option<DateTime<Utc>>,
    /// The playing period ended (UTC).
    pub period_ended_at: Option<DateTime<Utc>>,
    /// Every game over (UTC).
    pub finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, name, variant, system, settings, status, draw_seed, created_at, \
                       started_at, period_ended_at, finished_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<Tournament> {
    let settings: String = row.get("settings")?;
    Ok(Tournament {
        id: row.get("id")?,
        name: row.get("name")?,
        variant: row.get("variant")?,
        system: row.get("system")?,
        settings: serde_json::from_str(&settings).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, Box::new(e))
        })?,
        status: row.get("status")?,
        draw_seed: row.get("draw_seed")?,
        created_at: row.get::<_, Ts>("created_at")?.0,
        started_at: row.get::<_, Option<Ts>>("started_at")?.map(|t| t.0),
        period_ended_at: row.get::<_, Option<Ts>>("period_ended_at")?.map(|t| t.0),
        finished_at: row.get::<_, Option<Ts>>("finished_at")?.map(|t| t.0),
    })
}

/// `NotFound` unless an update or delete touched a row.
fn found(rows: usize, what: &'static str, key: impl std::fmt::Display) -> Result<()> {
    if rows == 0 {
        return Err(StoreError::NotFound {
            what,
            key: key.to_string(),
        });
    }
    Ok(())
}

fn settings_json(s: &Settings) -> Result<String> {
    serde_json::to_string(s).map_err(|e| StoreError::Invalid {
        what: "tournament settings",
        value: e.to_string(),
    })
}

/// Creates a tournament in the `registering` state.
///
/// # Errors
/// [`StoreError::Duplicate`] if the name is taken (ignoring case),
/// [`StoreError::Invalid`] for an empty name.
pub fn create(
    tx: &Tx<'_>,
    name: &str,
    variant: Variant,
    system: System,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<Tournament> {
    let name = name.trim();
    if name.is_empty() {
        return Err(StoreError::Invalid {
            what: "tournament name",
            value: String::new(),
        });
    }
    if find(tx, name)?.is_some() {
        return Err(StoreError::Duplicate {
            what: "tournament",
            key: name.to_owned(),
        });
    }
    let inserted = tx.sql().execute(
        "INSERT INTO tournaments (name, variant, system, settings, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![name, variant, system, settings_json(settings)?, Ts(now)],
    );
    match inserted {
        Ok(_) => get(tx, TournamentId(tx.sql().last_insert_rowid())),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "tournament",
            key: name.to_owned(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The tournament with this id.
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn get(tx: &Tx<'_>, id: TournamentId) -> Result<Tournament> {
    tx.sql()
        .query_row(
            &format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"),
            [id],
            from_row,
        )
        .optional()?
        .ok_or(StoreError::NotFound {
            what: "tournament",
            key: id.to_string(),
        })
}

/// The tournament with this name (case ignored, Cyrillic too: SQLite's
/// NOCASE folds only ASCII), if any.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn find(tx: &Tx<'_>, name: &str) -> Result<Option<Tournament>> {
    let exact = tx
        .sql()
        .query_row(
            &format!("SELECT {COLUMNS} FROM tournaments WHERE name = ?1"),
            [name.trim()],
            from_row,
        )
        .optional()?;
    if exact.is_some() {
        return Ok(exact);
    }
    let key = name.trim().to_lowercase();
    Ok(list(tx)?.into_iter().find(|t| t.name.to_lowercase() == key))
}

/// Every tournament, newest first.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(tx: &Tx<'_>) -> Result<Vec<Tournament>> {
    let mut stmt = tx.sql().prepare(&format!(
        "SELECT {COLUMNS} FROM tournaments ORDER BY created_at DESC, id DESC"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The tournaments playing now (status `playing`), newest first; read
/// through the `tournaments_status` index, for the clock tick.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn playing(tx: &Tx<'_>) -> Result<Vec<Tournament>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE status = 'playing'
         ORDER BY created_at DESC, id DESC"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets the status; `started_at`, `period_ended_at` and `finished_at` are
/// stamped with `at` when the status first reaches playing, adjudicating or
/// finished.
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn set_status(
    tx: &Tx<'_>,
    id: TournamentId,
    status: TournamentStatus,
    at: DateTime<Utc>,
) -> Result<Tournament> {
    let stamp = match status {
        TournamentStatus::Playing => Some("started_at"),
        TournamentStatus::Adjudicating => Some("period_ended_at"),
        TournamentStatus::Finished => Some("finished_at"),
        _ => None,
    };
    let n = match stamp {
        Some(column) => tx.sql().execute(
            &format!(
                "UPDATE tournaments SET status = ?2, {column} = coalesce({column}, ?3) WHERE id = ?1"
            ),
            params![id, status, Ts(at)],
        )?,
        None => tx.sql().execute(
            "UPDATE tournaments SET status = ?2 WHERE id = ?1",
            params![id, status],
        )?,
    };
    found(n, "tournament", id)?;
    get(tx, id)
}

/// Records the lot's seed (lowercase hex).
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn set_seed(tx: &Tx<'_>, id: TournamentId, seed_hex: &str) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE tournaments SET draw_seed = ?2 WHERE id = ?1",
        params![id, seed_hex],
    )?;
    found(n, "tournament", id)
}

/// Replaces the tournament's settings.
///
/// # Errors
/// [`StoreError::NotFound`]; [`StoreError::Invalid`] for settings that do
/// not write as JSON.
pub fn set_settings(tx: &Tx<'_>, id: TournamentId, settings: &Settings) -> Result<Tournament> {
    let n = tx.sql().execute(
        "UPDATE tournaments SET settings = ?2 WHERE id = ?1",
        params![id, settings_json(settings)?],
    )?;
    found(n, "tournament", id)?;
    get(tx, id)
}

/// The tournaments that mail bulletins on their own (the setting
/// `bulletin_every`), under way or finished, whose final bulletin is not yet
/// sent (migration 0025); read through the `tournaments_status` index, for
/// the clock tick.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn bulletins_pending(tx: &Tx<'_>) -> Result<Vec<Tournament>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM tournaments t
         WHERE status IN ('playing', 'paused', 'adjudicating', 'finished')
           AND json_extract(settings, '$.bulletin_every') IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM tournament_bulletins b
                           WHERE b.tournament_id = t.id AND b.final = 1)
         ORDER BY id"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
