//! Signed move receipts (table `signed_receipts`, migration 0028): per game,
//! the start text of its chain at ply 0 and the `.zrc` text of each ply's
//! receipt ([`crate::notation::receipt`]), with the SHA-256 of each text.

use rusqlite::{OptionalExtension, params};

use super::{GameId, Result, Tx};

/// One stored link of a game's chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// 0 for the game's start text, else the ply.
    pub ply: u32,
    /// The start text or the receipt's `.zrc` text.
    pub text: String,
    /// SHA-256 of `text`, 64 hex digits.
    pub hash: String,
}

/// Stores a link, replacing the one at the same ply (a ply played again
/// after a rollback).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn put(tx: &Tx<'_>, game: GameId, link: &Link) -> Result<()> {
    tx.sql()
        .prepare_cached(
            "INSERT OR REPLACE INTO signed_receipts (game_id, ply, text, hash)
             VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![game, link.ply, link.text, link.hash])?;
    Ok(())
}

/// The link at `ply` (0: the start), if stored.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn get(tx: &Tx<'_>, game: GameId, ply: u32) -> Result<Option<Link>> {
    Ok(tx
        .sql()
        .prepare_cached(
            "SELECT ply, text, hash FROM signed_receipts WHERE game_id = ?1 AND ply = ?2",
        )?
        .query_row(params![game, ply], |r| {
            Ok(Link {
                ply: r.get("ply")?,
                text: r.get("text")?,
                hash: r.get("hash")?,
            })
        })
        .optional()?)
}

/// The game's chain as it stands: the start (ply 0) and the receipts of its
/// current plies, by ply (a receipt past the game's last ply, left by a
/// rollback, is not part of it).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn of_game(tx: &Tx<'_>, game: GameId) -> Result<Vec<Link>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT ply, text, hash FROM signed_receipts
         WHERE game_id = ?1
           AND ply <= (SELECT coalesce(max(ply), 0) FROM moves WHERE game_id = ?1)
         ORDER BY ply",
    )?;
    let rows = stmt.query_map([game], |r| {
        Ok(Link {
            ply: r.get("ply")?,
            text: r.get("text")?,
            hash: r.get("hash")?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
