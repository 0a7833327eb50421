//! A tournament's entrants: their sections, personal numbers, withdrawals
//! and replacements.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{COLUMNS, Tournament, TournamentId, found, from_row};
use crate::store::{Result, StoreError, Ts, Tx, is_unique_violation};
use crate::vocabulary::PlayerId;

text_enum! {
    /// An entrant's standing in the tournament.
    pub enum EntrantStatus {
        /// Plays.
        Playing => "playing",
        /// Withdrew (or was withdrawn by the director).
        Withdrawn => "withdrawn",
        /// Left, with another player taking the place and the number over.
        Replaced => "replaced",
    }
}

/// One entrant of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entrant {
    /// The tournament.
    pub tournament: TournamentId,
    /// The player.
    pub player: PlayerId,
    /// The section, from 1.
    pub section: u32,
    /// The personal number, once drawn.
    pub number: Option<u32>,
    /// Playing, withdrawn or replaced.
    pub status: EntrantStatus,
    /// When the entrant withdrew or was replaced (UTC).
    pub left_at: Option<DateTime<Utc>>,
    /// Who took the place over.
    pub replaced_by: Option<PlayerId>,
    /// Entered (UTC).
    pub added_at: DateTime<Utc>,
}

const ENTRANT_COLUMNS: &str =
    "tournament_id, player_id, section, number, status, left_at, replaced_by, added_at";

fn entrant_from_row(row: &Row<'_>) -> rusqlite::Result<Entrant> {
    Ok(Entrant {
        tournament: row.get("tournament_id")?,
        player: row.get("player_id")?,
        section: row.get("section")?,
        number: row.get("number")?,
        status: row.get("status")?,
        left_at: row.get::<_, Option<Ts>>("left_at")?.map(|t| t.0),
        replaced_by: row.get("replaced_by")?,
        added_at: row.get::<_, Ts>("added_at")?.0,
    })
}

/// Enters a player in a section (from 1).
///
/// # Errors
/// [`StoreError::Duplicate`] if the player is entered already,
/// [`StoreError::NotFound`] for an unknown player.
pub fn add_entrant(
    tx: &Tx<'_>,
    id: TournamentId,
    player: PlayerId,
    section: u32,
    now: DateTime<Utc>,
) -> Result<Entrant> {
    crate::store::players::get(tx, player)?;
    let inserted = tx.sql().execute(
        "INSERT INTO tournament_players (tournament_id, player_id, section, added_at)
         VALUES (?1, ?2, ?3, ?4)",
        params![id, player, section.max(1), Ts(now)],
    );
    match inserted {
        Ok(_) => entrant(tx, id, player)?.ok_or(StoreError::NotFound {
            what: "entrant",
            key: player.to_string(),
        }),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "entrant",
            key: player.to_string(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// Takes an entrant out (before the start).
///
/// # Errors
/// [`StoreError::NotFound`] if the player is not entered.
pub fn remove_entrant(tx: &Tx<'_>, id: TournamentId, player: PlayerId) -> Result<()> {
    let n = tx.sql().execute(
        "DELETE FROM tournament_players WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, player],
    )?;
    found(n, "entrant", player)
}

/// One entrant, if entered.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn entrant(tx: &Tx<'_>, id: TournamentId, player: PlayerId) -> Result<Option<Entrant>> {
    Ok(tx
        .sql()
        .query_row(
            &format!(
                "SELECT {ENTRANT_COLUMNS} FROM tournament_players
                 WHERE tournament_id = ?1 AND player_id = ?2"
            ),
            params![id, player],
            entrant_from_row,
        )
        .optional()?)
}

/// Every entrant, by section, then number (undrawn last), then entry.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn entrants(tx: &Tx<'_>, id: TournamentId) -> Result<Vec<Entrant>> {
    let mut stmt = tx.sql().prepare(&format!(
        "SELECT {ENTRANT_COLUMNS} FROM tournament_players WHERE tournament_id = ?1
         ORDER BY section, number IS NULL, number, added_at, player_id"
    ))?;
    let rows = stmt.query_map([id], entrant_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The tournaments a player is (or was) entered in.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn of_player(tx: &Tx<'_>, player: PlayerId) -> Result<Vec<Tournament>> {
    let mut stmt = tx.sql().prepare(&format!(
        "SELECT {} FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id
         WHERE p.player_id = ?1 ORDER BY t.created_at DESC, t.id DESC",
        COLUMNS
            .split(", ")
            .map(|c| format!("t.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ")
    ))?;
    let rows = stmt.query_map([player], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets an entrant's personal number (`None` to clear it before a new draw).
///
/// # Errors
/// [`StoreError::Duplicate`] if another entrant of the section has it.
pub fn set_number(
    tx: &Tx<'_>,
    id: TournamentId,
    player: PlayerId,
    number: Option<u32>,
) -> Result<()> {
    match tx.sql().execute(
        "UPDATE tournament_players SET number = ?3 WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, player, number],
    ) {
        Ok(_) => Ok(()),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "personal number",
            key: number.map_or_else(String::new, |n| n.to_string()),
        }),
        Err(e) => Err(e.into()),
    }
}

/// Marks an entrant withdrawn at `at`.
///
/// # Errors
/// [`StoreError::NotFound`] if the player is not entered.
pub fn withdraw(tx: &Tx<'_>, id: TournamentId, player: PlayerId, at: DateTime<Utc>) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE tournament_players SET status = 'withdrawn', left_at = ?3
         WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, player, Ts(at)],
    )?;
    found(n, "entrant", player)
}

/// Replaces entrant `old` by `new`, who takes the section and the number.
///
/// # Errors
/// [`StoreError::NotFound`] if `old` is not entered, [`StoreError::Duplicate`]
/// if `new` is entered already.
pub fn replace(
    tx: &Tx<'_>,
    id: TournamentId,
    old: PlayerId,
    new: PlayerId,
    at: DateTime<Utc>,
) -> Result<Entrant> {
    let o = entrant(tx, id, old)?.ok_or(StoreError::NotFound {
        what: "entrant",
        key: old.to_string(),
    })?;
    tx.sql().execute(
        "UPDATE tournament_players SET status = 'replaced', left_at = ?3, replaced_by = ?4
         WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, old, Ts(at), new],
    )?;
    add_entrant(tx, id, new, o.section, at)?;
    set_number(tx, id, new, o.number)?;
    entrant(tx, id, new)?.ok_or(StoreError::NotFound {
        what: "entrant",
        key: new.to_string(),
    })
}
