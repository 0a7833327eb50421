//! Conditional moves: the lines ("if 12... c7-d6 then
//! 13. e3-f4 ...") a player gave while the opponent was to move, each ply
//! already resolved by the referee into canonical full notation.
//!
//! Only records: what a line may hold, when it is played out and when it is
//! dropped are the referee's ([`crate::referee`]'s conditional module). The
//! rows are never shown to the opponent: nothing outside that module reads
//! them.

use chrono::{DateTime, Utc};
use rusqlite::{Row, params};

use super::{Color, GameId, Result, Ts, Tx};

row_id! {
    /// A conditional line's row id.
    LineId
}

/// One ply of a line: the move in the game's canonical full notation
/// ([`crate::games::PlayedMove::full`]) and whether a draw offer goes with it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LinePly {
    /// The move, canonical full notation (`c3:e5:g7`, chess `e7-e8=Q`).
    pub full: String,
    /// Whether a draw is offered together with this move (own plies only).
    pub offer_draw: bool,
    /// The hash of the position after the move
    /// ([`crate::games::PlayedMove::hash_after`], stored as the moves table
    /// stores it): an opponent's move matches only in the very position the
    /// line was resolved for (not after a director's rollback changed it).
    pub hash_after: i64,
    /// The move as the player wrote it (`Ra8#`), echoed when it is played;
    /// empty in lines stored before it was kept.
    #[serde(default)]
    pub written: String,
}

/// A stored line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionalLine {
    /// Row id.
    pub id: LineId,
    /// The game.
    pub game_id: GameId,
    /// The owner: the side whose replies the line holds.
    pub side: Color,
    /// The game ply (from 1) that the line's first ply stands for.
    pub start_ply: u32,
    /// The opponent's and the owner's plies alternating, the opponent's
    /// first; never empty, of even length.
    pub plies: Vec<LinePly>,
    /// The line as the player wrote it.
    pub written: String,
    /// Message-ID (without `<>`) of the mail that gave it.
    pub source_message: Option<String>,
    /// When it was given (UTC).
    pub created_at: DateTime<Utc>,
}

/// A line to store with [`replace`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLine {
    /// The game ply (from 1) that the line's first ply stands for.
    pub start_ply: u32,
    /// The plies, as in [`ConditionalLine::plies`].
    pub plies: Vec<LinePly>,
    /// The line as written.
    pub written: String,
}

const COLUMNS: &str = "id, game_id, side, start_ply, plies, written, source_message, created_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<ConditionalLine> {
    let plies: String = row.get("plies")?;
    let plies = serde_json::from_str(&plies).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, Box::new(e))
    })?;
    Ok(ConditionalLine {
        id: row.get("id")?,
        game_id: row.get("game_id")?,
        side: row.get("side")?,
        start_ply: row.get("start_ply")?,
        plies,
        written: row.get("written")?,
        source_message: row.get("source_message")?,
        created_at: row.get::<_, Ts>("created_at")?.0,
    })
}

fn plies_json(plies: &[LinePly]) -> String {
    serde_json::to_string(plies).unwrap_or_else(|_| "[]".to_string())
}

/// The lines of `side` in a game, in the order given.
///
/// # Errors
/// [`super::StoreError`] on a database failure.
pub fn list(tx: &Tx<'_>, game: GameId, side: Color) -> Result<Vec<ConditionalLine>> {
    let mut st = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM conditional_lines WHERE game_id = ?1 AND side = ?2 ORDER BY id"
    ))?;
    let rows = st.query_map(params![game, side], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Replaces every line of `side` in a game by `lines` (a new set of lines
/// replaces the old one); returns how many old lines were dropped.
///
/// # Errors
/// [`super::StoreError`] on a database failure.
pub fn replace(
    tx: &Tx<'_>,
    game: GameId,
    side: Color,
    lines: &[NewLine],
    source_message: Option<&str>,
    now: DateTime<Utc>,
) -> Result<usize> {
    let dropped = clear(tx, game, side)?;
    let mut st = tx.sql().prepare_cached(
        "INSERT INTO conditional_lines
             (game_id, side, start_ply, plies, written, source_message, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for l in lines {
        st.execute(params![
            game,
            side,
            l.start_ply,
            plies_json(&l.plies),
            l.written,
            source_message,
            Ts(now)
        ])?;
    }
    Ok(dropped)
}

/// Drops every line of `side` in a game; returns how many there were.
///
/// # Errors
/// [`super::StoreError`] on a database failure.
pub fn clear(tx: &Tx<'_>, game: GameId, side: Color) -> Result<usize> {
    Ok(tx.sql().execute(
        "DELETE FROM conditional_lines WHERE game_id = ?1 AND side = ?2",
        params![game, side],
    )?)
}

/// Drops every line of both sides in a game (the game is over).
///
/// # Errors
/// [`super::StoreError`] on a database failure.
pub fn clear_game(tx: &Tx<'_>, game: GameId) -> Result<usize> {
    Ok(tx.sql().execute(
        "DELETE FROM conditional_lines WHERE game_id = ?1",
        params![game],
    )?)
}

/// Drops a line's first two plies (the opponent's move it expected and the
/// reply played); a line left empty is deleted. Returns whether it remains.
///
/// # Errors
/// [`super::StoreError`] on a database failure.
pub fn advance(tx: &Tx<'_>, line: &ConditionalLine) -> Result<bool> {
    let rest = line.plies.get(2..).unwrap_or_default();
    if rest.is_empty() {
        tx.sql().execute(
            "DELETE FROM conditional_lines WHERE id = ?1",
            params![line.id],
        )?;
        return Ok(false);
    }
    tx.sql().execute(
        "UPDATE conditional_lines SET plies = ?2, start_ply = start_ply + 2 WHERE id = ?1",
        params![line.id, plies_json(rest)],
    )?;
    Ok(true)
}

/// Drops one line.
///
/// # Errors
/// [`super::StoreError`] on a database failure.
pub fn delete(tx: &Tx<'_>, line: LineId) -> Result<()> {
    tx.sql()
        .execute("DELETE FROM conditional_lines WHERE id = ?1", params![line])?;
    Ok(())
}
