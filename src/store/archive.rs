//! Game records imported into the archive (`zaochka import`):
//! one row per imported game with the key that recognises the same record
//! again ([`RecordKey`]) and how its result was settled ([`ResultSource`]).
//!
//! An archived game is never active: a finished record is a `finished` game, an
//! unfinished one (imported with `--unfinished`) an `annulled` game whose row
//! here says [`ResultSource::Unfinished`].

use chrono::{DateTime, NaiveDate, Utc};
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
                game_id: r.get("game_id")?,
                source: r.get("source")?,
                result_from: r.get("result_from")?,
                imported_at: r.get::<_, Ts>("imported_at")?.0,
            })
        })
        .optional()?)
}

/// An imported record to store: where it came from and what it says besides
/// its moves.
#[derive(Clone, Debug)]
pub struct NewRecord<'a> {
    /// The game it was imported as.
    pub game_id: GameId,
    /// Its key ([`RecordKey::of`]).
    pub key: &'a RecordKey,
    /// The file and game number it came from.
    pub source: &'a str,
    /// How its result was settled.
    pub result_from: ResultSource,
    /// When it is imported (UTC).
    pub imported_at: DateTime<Utc>,
    /// Its tag pairs in file order, as written.
    pub tags: &'a [(String, String)],
}

/// Records an imported game. The played day is read from its `Date` tag
/// ([`played_on`]).
///
/// # Errors
/// [`super::StoreError::Duplicate`] if the key is stored already (call [`find`]
/// first), [`super::StoreError::Sqlite`] otherwise.
pub fn add(tx: &Tx<'_>, r: &NewRecord<'_>) -> Result<()> {
    let key = r.key;
    let tags = serde_json::to_string(r.tags).map_err(|e| super::StoreError::Invalid {
        what: "archive tags",
        value: e.to_string(),
    })?;
    let date = r
        .tags
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("Date"))
        .and_then(|(_, d)| played_on(d))
        .map(|d| d.format("%Y-%m-%d").to_string());
    tx.sql()
        .prepare_cached(
            "INSERT INTO archive_records
                 (game_id, record_key, source, result_from, imported_at, tags, played_on)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            r.game_id,
            key.as_str(),
            r.source,
            r.result_from,
            Ts(r.imported_at),
            tags,
            date
        ])
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

/// The tag pairs of an imported game's record in file order, `None` for a game
/// that was not imported.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only; [`super::StoreError::Invalid`] if the
/// stored tags are not the JSON [`add`] writes.
pub fn tags(tx: &Tx<'_>, game: GameId) -> Result<Option<Vec<(String, String)>>> {
    let text: Option<String> = tx
        .sql()
        .prepare_cached("SELECT tags FROM archive_records WHERE game_id = ?1")?
        .query_row([game], |r| r.get("tags"))
        .optional()?;
    text.map(|t| {
        serde_json::from_str(&t).map_err(|e| super::StoreError::Invalid {
            what: "archive tags",
            value: e.to_string(),
        })
    })
    .transpose()
}

/// The day an imported game was played, when its record's `Date` tag gives it.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn played(tx: &Tx<'_>, game: GameId) -> Result<Option<NaiveDate>> {
    let text: Option<Option<String>> = tx
        .sql()
        .prepare_cached("SELECT played_on FROM archive_records WHERE game_id = ?1")?
        .query_row([game], |r| r.get("played_on"))
        .optional()?;
    Ok(text
        .flatten()
        .and_then(|t| NaiveDate::parse_from_str(&t, "%Y-%m-%d").ok()))
}

/// The day a PDN/PGN `Date` tag value names: `YYYY.MM.DD` (also with `-` or `/`),
/// `None` when any part is unknown (`1960.??.??`, `????.??.??`) or not a date.
#[must_use]
pub fn played_on(date: &str) -> Option<NaiveDate> {
    let parts: Vec<&str> = date.trim().split(['.', '-', '/']).collect();
    let [y, m, d] = parts.as_slice() else {
        return None;
    };
    NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
}
