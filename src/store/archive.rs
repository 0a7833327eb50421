//! Game records imported into the archive (`zaochka import`, issue 14 item 6):
//! one row per imported game with the key that recognises the same record
//! again ([`RecordKey`]) and how its result was settled ([`ResultSource`]).
//!
//! An archived game is never active: a finished record is a `finished` game, an
//! unfinished one (imported with `--unfinished`) an `annulled` game whose row
//! here says [`ResultSource::Unfinished`].

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::{GameId, Result, Ts, Tx};

text_enum! {
    /// Where an archived game's result comes from. Stored as the lowercase name.
    pub enum ResultSource {
        /// The record's result, not contradicted by the final position.
        Record => "record",
        /// The final position ends the game by the rules (mate, no legal move, ...).
        Rules => "rules",
        /// The `Result` tag, kept against the final position (`--trust-result`).
        Trusted => "trusted",
        /// The record has no result (`--unfinished`): the game is annulled.
        Unfinished => "unfinished",
    }
}

/// What identifies a game record: the sha256 (lowercase hex, 64 digits) of the
/// variant, the start FEN, the moves in canonical full notation, the White and
/// Black tags and the Date tag, each on its own line. Two files holding the same
/// game (same players, date and moves) give the same key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordKey(String);

impl RecordKey {
    /// The key of a record. Names and date are compared as written, spaces
    /// around them trimmed.
    #[must_use]
    pub fn of(
        variant: &str,
        start_fen: &str,
        moves: &[String],
        white: &str,
        black: &str,
        date: &str,
    ) -> RecordKey {
        let mut h = Sha256::new();
        for part in [variant, start_fen, &moves.join(" "), white, black, date] {
            h.update(part.trim().as_bytes());
            h.update(b"\n");
        }
        RecordKey(
            h.finalize()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>(),
        )
    }

    /// The key as stored.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An imported record as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedRecord {
    /// The game it was imported as.
    pub game_id: GameId,
    /// The file and game number it came from.
    pub source: String,
    /// How its result was settled.
    pub result_from: ResultSource,
    /// When it was imported (UTC).
    pub imported_at: DateTime<Utc>,
}

/// The record imported before under this key, if any.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn find(tx: &Tx<'_>, key: &RecordKey) -> Result<Option<ArchivedRecord>> {
    Ok(tx
        .sql()
        .prepare_cached(
            "SELECT game_id, source, result_from, imported_at FROM archive_records
             WHERE record_key = ?1",
        )?
        .query_row([key.as_str()], |r| {
            Ok(ArchivedRecord {
                game_id: r.get(0)?,
                source: r.get(1)?,
                result_from: r.get(2)?,
                imported_at: r.get::<_, Ts>(3)?.0,
            })
        })
        .optional()?)
}

/// Records that `game` was imported from `source` under `key`.
///
/// # Errors
/// [`super::StoreError::Duplicate`] if the key is stored already (call [`find`]
/// first), [`super::StoreError::Sqlite`] otherwise.
pub fn add(
    tx: &Tx<'_>,
    game: GameId,
    key: &RecordKey,
    source: &str,
    result_from: ResultSource,
    at: DateTime<Utc>,
) -> Result<()> {
    tx.sql()
        .prepare_cached(
            "INSERT INTO archive_records (game_id, record_key, source, result_from, imported_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![game, key.as_str(), source, result_from, Ts(at)])
        .map_err(|e| {
            if super::is_unique_violation(&e) {
                super::StoreError::Duplicate {
                    what: "archived record",
                    key: key.as_str().to_string(),
                }
            } else {
                e.into()
            }
        })?;
    Ok(())
}
