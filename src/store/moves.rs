//! The score of each game, one row per ply, and sealed moves.
//!
//! Plies are numbered 1, 2, 3, ... with no gap and no duplicate: [`append`]
//! takes the next ply only (a trigger in the schema enforces the same for any
//! writer). A referee rollback [`truncate`]s the score to its first N plies.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{Color, GameId, Result, StoreError, Ts, Tx};

/// One ply of a game's score.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveRecord {
    /// The game.
    pub game_id: GameId,
    /// 1-based half-move number.
    pub ply: u32,
    /// Who played it.
    pub side: Color,
    /// Canonical full notation, e.g. `c3-d4`, `c7:e5:c3`.
    pub notation: String,
    /// The move as the player wrote it, e.g. `с3–d4`.
    pub written: String,
    /// Message-ID (without `<>`) of the mail that carried it; `None` from the CLI.
    pub source_message: Option<String>,
    /// When the move reached the referee (UTC; mail receipt, not its Date header).
    pub received_at: DateTime<Utc>,
    /// Zobrist hash of the position after the move (`u64` bits as `i64`).
    pub position_hash: i64,
}

/// The ply to append is the whole row; [`append`] stores it as given.
pub type NewMove = MoveRecord;

const COLUMNS: &str =
    "game_id, ply, side, notation, written, source_message, received_at, position_hash";

fn from_row(row: &Row<'_>) -> rusqlite::Result<MoveRecord> {
    Ok(MoveRecord {
        game_id: row.get("game_id")?,
        ply: row.get("ply")?,
        side: row.get("side")?,
        notation: row.get("notation")?,
        written: row.get("written")?,
        source_message: row.get("source_message")?,
        received_at: row.get::<_, Ts>("received_at")?.0,
        position_hash: row.get("position_hash")?,
    })
}

/// The number of plies played in a game: the last ply, `0` before the first move.
///
/// # Errors
/// [`StoreError::Sqlite`] only (an unknown game has 0 plies).
pub fn last_ply(tx: &Tx<'_>, game: GameId) -> Result<u32> {
    Ok(tx
        .sql()
        .prepare_cached("SELECT coalesce(max(ply), 0) AS last_ply FROM moves WHERE game_id = ?1")?
        .query_row([game], |row| row.get("last_ply"))?)
}

/// Appends one ply to a game's score. `new.ply` must be the next ply
/// (`last_ply + 1`).
///
/// # Errors
/// [`StoreError::DuplicatePly`] if the game already has that ply,
/// [`StoreError::PlyGap`] if it is further on, [`StoreError::NotFound`] if
/// the game does not exist.
pub fn append(tx: &Tx<'_>, new: &NewMove) -> Result<()> {
    super::games::get(tx, new.game_id)?;
    let last = last_ply(tx, new.game_id)?;
    if new.ply <= last {
        return Err(StoreError::DuplicatePly {
            game: new.game_id,
            ply: new.ply,
        });
    }
    if new.ply != last + 1 {
        return Err(StoreError::PlyGap {
            game: new.game_id,
            ply: new.ply,
            next: last + 1,
        });
    }
    tx.sql()
        .prepare_cached(&format!(
            "INSERT INTO moves ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
        ))?
        .execute(params![
            new.game_id,
            new.ply,
            new.side,
            new.notation,
            new.written,
            new.source_message,
            Ts(new.received_at),
            new.position_hash,
        ])?;
    Ok(())
}

/// The whole score of a game, ply 1 first (empty for an unknown game).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(tx: &Tx<'_>, game: GameId) -> Result<Vec<MoveRecord>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM moves WHERE game_id = ?1 ORDER BY ply"
    ))?;
    let rows = stmt.query_map([game], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// One ply of a game, or `None` if it has not been played.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn get(tx: &Tx<'_>, game: GameId, ply: u32) -> Result<Option<MoveRecord>> {
    Ok(tx
        .sql()
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM moves WHERE game_id = ?1 AND ply = ?2"
        ))?
        .query_row(params![game, ply], from_row)
        .optional()?)
}

/// Keeps the first `keep` plies of a game and deletes the rest (a referee
/// rollback to ply `keep`; `0` empties the score). Returns how many plies
/// were deleted. The caller writes the audit entry.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn truncate(tx: &Tx<'_>, game: GameId, keep: u32) -> Result<usize> {
    Ok(tx.sql().execute(
        "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
        params![game, keep],
    )?)
}

row_id! {
    /// A sealed move's row id.
    SealedMoveId
}

/// A sealed move (seed 003 art. 15-17): written at adjournment, shown to
/// nobody until the game resumes.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SealedMove {
    /// Row id.
    pub id: SealedMoveId,
    /// The game.
    pub game_id: GameId,
    /// Who sealed it.
    pub side: Color,
    /// The ply it is meant to be.
    pub ply: u32,
    /// The move as written, unvalidated until revealed.
    pub text: String,
    /// Message-ID (without `<>`) of the mail that carried it.
    pub source_message: Option<String>,
    /// When it was sealed (UTC).
    pub sealed_at: DateTime<Utc>,
    /// When it was revealed (UTC), `None` while sealed.
    pub revealed_at: Option<DateTime<Utc>>,
    /// When a director's action made it void (UTC, [`drop_sealed`]); `None`
    /// while it stands.
    pub dropped_at: Option<DateTime<Utc>>,
}

/// A sealed move to store with [`seal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSealedMove {
    /// The game.
    pub game_id: GameId,
    /// Who seals it.
    pub side: Color,
    /// The ply it is meant to be (1-based).
    pub ply: u32,
    /// The move as written.
    pub text: String,
    /// Message-ID (without `<>`) of the mail that carried it.
    pub source_message: Option<String>,
    /// When it was sealed (UTC).
    pub sealed_at: DateTime<Utc>,
}

const SEALED_COLUMNS: &str =
    "id, game_id, side, ply, text, source_message, sealed_at, revealed_at, dropped_at";

fn sealed_from_row(row: &Row<'_>) -> rusqlite::Result<SealedMove> {
    Ok(SealedMove {
        id: row.get("id")?,
        game_id: row.get("game_id")?,
        side: row.get("side")?,
        ply: row.get("ply")?,
        text: row.get("text")?,
        source_message: row.get("source_message")?,
        sealed_at: row.get::<_, Ts>("sealed_at")?.0,
        revealed_at: row.get::<_, Option<Ts>>("revealed_at")?.map(|t| t.0),
        dropped_at: row.get::<_, Option<Ts>>("dropped_at")?.map(|t| t.0),
    })
}

/// Stores a sealed move and returns it.
///
/// # Errors
/// [`StoreError::Duplicate`] if the game already has an unrevealed sealed
/// move, [`StoreError::NotFound`] if the game does not exist,
/// [`StoreError::Invalid`] for ply 0.
pub fn seal(tx: &Tx<'_>, new: &NewSealedMove) -> Result<SealedMove> {
    super::games::get(tx, new.game_id)?;
    if new.ply == 0 {
        return Err(StoreError::Invalid {
            what: "sealed move ply",
            value: "0".to_owned(),
        });
    }
    if sealed(tx, new.game_id)?.is_some() {
        return Err(StoreError::Duplicate {
            what: "sealed move",
            key: new.game_id.to_string(),
        });
    }
    tx.sql().execute(
        "INSERT INTO sealed_moves (game_id, side, ply, text, source_message, sealed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            new.game_id,
            new.side,
            new.ply,
            new.text,
            new.source_message,
            Ts(new.sealed_at)
        ],
    )?;
    sealed_by_id(tx, SealedMoveId(tx.sql().last_insert_rowid()))
}

fn sealed_by_id(tx: &Tx<'_>, id: SealedMoveId) -> Result<SealedMove> {
    tx.row_by_key(
        "sealed move",
        &format!("SELECT {SEALED_COLUMNS} FROM sealed_moves WHERE id = ?1"),
        id,
        sealed_from_row,
    )
}

/// The game's sealed move that is still hidden and stands, if any.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn sealed(tx: &Tx<'_>, game: GameId) -> Result<Option<SealedMove>> {
    Ok(tx
        .sql()
        .query_row(
            &format!(
                "SELECT {SEALED_COLUMNS} FROM sealed_moves
                 WHERE game_id = ?1 AND revealed_at IS NULL AND dropped_at IS NULL"
            ),
            [game],
            sealed_from_row,
        )
        .optional()?)
}

/// Marks a sealed move revealed at `at` (UTC) and returns it.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such sealed move still hidden.
pub fn reveal(tx: &Tx<'_>, id: SealedMoveId, at: DateTime<Utc>) -> Result<SealedMove> {
    let n = tx.sql().execute(
        "UPDATE sealed_moves SET revealed_at = ?1 WHERE id = ?2 AND revealed_at IS NULL",
        params![Ts(at), id],
    )?;
    if n == 0 {
        return Err(StoreError::NotFound {
            what: "hidden sealed move",
            key: id.to_string(),
        });
    }
    sealed_by_id(tx, id)
}

/// Makes the game's standing sealed move void at `at` (UTC), unrevealed: a
/// director changed the position or ended the game before the resumption.
/// Returns whether there was one.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn drop_sealed(tx: &Tx<'_>, game: GameId, at: DateTime<Utc>) -> Result<bool> {
    let n = tx.sql().execute(
        "UPDATE sealed_moves SET dropped_at = ?1
         WHERE game_id = ?2 AND revealed_at IS NULL AND dropped_at IS NULL",
        params![Ts(at), game],
    )?;
    Ok(n > 0)
}

/// Every sealed move of a game, oldest first.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn sealed_moves(tx: &Tx<'_>, game: GameId) -> Result<Vec<SealedMove>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {SEALED_COLUMNS} FROM sealed_moves WHERE game_id = ?1 ORDER BY id"
    ))?;
    let rows = stmt.query_map([game], sealed_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
