//! Draw offers and draw claims.
//!
//! A game has at most one pending offer at a time (the schema enforces it);
//! the referee answers it with [`resolve`]. The lifecycle rules (a move
//! declines an offer, who may offer again when) are the referee's; this module
//! only records. Claims are recorded with their verdict and the rule cited.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{Color, GameId, Result, StoreError, Ts, Tx, is_unique_violation};

row_id! {
    /// A draw offer's row id.
    OfferId
}

row_id! {
    /// A draw claim's row id.
    ClaimId
}

text_enum! {
    /// Where a draw offer stands. Stored as the lowercase name.
    pub enum OfferStatus {
        /// Standing, waiting for the opponent.
        Pending => "pending",
        /// The opponent accepted: the game is drawn.
        Accepted => "accepted",
        /// The opponent declined (explicitly or by moving).
        Declined => "declined",
        /// Withdrawn, or voided by a rollback.
        Withdrawn => "withdrawn",
    }
}

text_enum! {
    /// The referee's answer to a draw claim. Stored as the lowercase name.
    pub enum ClaimVerdict {
        /// The claim is correct: the game is drawn.
        Upheld => "upheld",
        /// The claim is wrong; any written move is played.
        Rejected => "rejected",
    }
}

/// A draw offer.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DrawOffer {
    /// Row id.
    pub id: OfferId,
    /// The game.
    pub game_id: GameId,
    /// Plies played when the offer was made; an offer made together with a
    /// move counts that move.
    pub ply: u32,
    /// Who offered.
    pub side: Color,
    /// Where it stands.
    pub status: OfferStatus,
    /// Message-ID (without `<>`) of the mail that carried it.
    pub source_message: Option<String>,
    /// When it was made (UTC).
    pub created_at: DateTime<Utc>,
    /// When it was accepted, declined or withdrawn (UTC).
    pub resolved_at: Option<DateTime<Utc>>,
}

/// A draw offer to record with [`offer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewOffer {
    /// The game.
    pub game_id: GameId,
    /// Plies played when the offer is made.
    pub ply: u32,
    /// Who offers.
    pub side: Color,
    /// Message-ID (without `<>`) of the mail that carried it.
    pub source_message: Option<String>,
    /// When it is made (UTC).
    pub created_at: DateTime<Utc>,
}

const OFFER_COLUMNS: &str =
    "id, game_id, ply, side, status, source_message, created_at, resolved_at";

fn offer_from_row(row: &Row<'_>) -> rusqlite::Result<DrawOffer> {
    Ok(DrawOffer {
        id: row.get("id")?,
        game_id: row.get("game_id")?,
        ply: row.get("ply")?,
        side: row.get("side")?,
        status: row.get("status")?,
        source_message: row.get("source_message")?,
        created_at: row.get::<_, Ts>("created_at")?.0,
        resolved_at: row.get::<_, Option<Ts>>("resolved_at")?.map(|t| t.0),
    })
}

/// Records a pending draw offer and returns it.
///
/// # Errors
/// [`StoreError::OfferPending`] if the game already has one,
/// [`StoreError::NotFound`] if the game does not exist.
pub fn offer(tx: &Tx<'_>, new: &NewOffer) -> Result<DrawOffer> {
    super::games::get(tx, new.game_id)?;
    let inserted = tx.sql().execute(
        "INSERT INTO draw_offers (game_id, ply, side, source_message, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            new.game_id,
            new.ply,
            new.side,
            new.source_message,
            Ts(new.created_at)
        ],
    );
    match inserted {
        Ok(_) => get(tx, OfferId(tx.sql().last_insert_rowid())),
        Err(e) if is_unique_violation(&e) => Err(StoreError::OfferPending { game: new.game_id }),
        Err(e) => Err(e.into()),
    }
}

/// The offer with this id.
///
/// # Errors
/// [`StoreError::NotFound`] if there is none.
pub fn get(tx: &Tx<'_>, id: OfferId) -> Result<DrawOffer> {
    tx.row_by_key(
        "draw offer",
        &format!("SELECT {OFFER_COLUMNS} FROM draw_offers WHERE id = ?1"),
        id,
        offer_from_row,
    )
}

/// The game's standing offer, if any.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn pending(tx: &Tx<'_>, game: GameId) -> Result<Option<DrawOffer>> {
    Ok(tx
        .sql()
        .prepare_cached(&format!(
            "SELECT {OFFER_COLUMNS} FROM draw_offers WHERE game_id = ?1 AND status = 'pending'"
        ))?
        .query_row([game], offer_from_row)
        .optional()?)
}

/// Answers a pending offer (`accepted`, `declined` or `withdrawn`) at `at`
/// (UTC) and returns it.
///
/// # Errors
/// [`StoreError::Invalid`] if `status` is `pending`,
/// [`StoreError::OfferNotPending`] if the offer was answered already,
/// [`StoreError::NotFound`] if there is no such offer.
pub fn resolve(
    tx: &Tx<'_>,
    id: OfferId,
    status: OfferStatus,
    at: DateTime<Utc>,
) -> Result<DrawOffer> {
    if status == OfferStatus::Pending {
        return Err(StoreError::Invalid {
            what: "offer answer",
            value: status.to_string(),
        });
    }
    let current = get(tx, id)?;
    if current.status != OfferStatus::Pending {
        return Err(StoreError::OfferNotPending {
            offer: id,
            status: current.status,
        });
    }
    tx.sql().execute(
        "UPDATE draw_offers SET status = ?1, resolved_at = ?2 WHERE id = ?3",
        params![status, Ts(at), id],
    )?;
    get(tx, id)
}

/// Every offer of a game, oldest first.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(tx: &Tx<'_>, game: GameId) -> Result<Vec<DrawOffer>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {OFFER_COLUMNS} FROM draw_offers WHERE game_id = ?1 ORDER BY id"
    ))?;
    let rows = stmt.query_map([game], offer_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// A draw claim with the referee's verdict.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DrawClaim {
    /// Row id.
    pub id: ClaimId,
    /// The game.
    pub game_id: GameId,
    /// Plies played when the claim was made, before any written move.
    pub ply: u32,
    /// Who claimed.
    pub side: Color,
    /// What was claimed, as the referee names it: `repetition`, a draw-rule name, ...
    pub kind: String,
    /// The move written with the claim (as written), if any.
    pub written_move: Option<String>,
    /// The verdict.
    pub verdict: ClaimVerdict,
    /// The rule the claim was judged by, in no language: the rulebook's key
    /// and clause (`russian_draughts_2010 1.9.2`), and for a rejected claim
    /// how often the position had occurred (`… repetitions=2`). Rows written
    /// by earlier versions hold the English sentence of the answer.
    pub rule: String,
    /// Message-ID (without `<>`) of the mail that carried it.
    pub source_message: Option<String>,
    /// When the claim was made (UTC).
    pub created_at: DateTime<Utc>,
}

/// A claim to record with [`claim`]: the row without its id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewClaim {
    /// The game.
    pub game_id: GameId,
    /// Plies played when the claim was made, before any written move.
    pub ply: u32,
    /// Who claimed.
    pub side: Color,
    /// What was claimed; must not be empty.
    pub kind: String,
    /// The move written with the claim, if any.
    pub written_move: Option<String>,
    /// The verdict.
    pub verdict: ClaimVerdict,
    /// The rule the claim was judged by ([`DrawClaim::rule`]).
    pub rule: String,
    /// Message-ID (without `<>`) of the mail that carried it.
    pub source_message: Option<String>,
    /// When the claim was made (UTC).
    pub created_at: DateTime<Utc>,
}

const CLAIM_COLUMNS: &str =
    "id, game_id, ply, side, kind, written_move, verdict, rule, source_message, created_at";

fn claim_from_row(row: &Row<'_>) -> rusqlite::Result<DrawClaim> {
    Ok(DrawClaim {
        id: row.get("id")?,
        game_id: row.get("game_id")?,
        ply: row.get("ply")?,
        side: row.get("side")?,
        kind: row.get("kind")?,
        written_move: row.get("written_move")?,
        verdict: row.get("verdict")?,
        rule: row.get("rule")?,
        source_message: row.get("source_message")?,
        created_at: row.get::<_, Ts>("created_at")?.0,
    })
}

/// Records a draw claim and its verdict; returns the stored row.
///
/// # Errors
/// [`StoreError::Invalid`] for an empty kind, [`StoreError::NotFound`] if the
/// game does not exist.
pub fn claim(tx: &Tx<'_>, new: &NewClaim) -> Result<DrawClaim> {
    super::games::get(tx, new.game_id)?;
    if new.kind.trim().is_empty() {
        return Err(StoreError::Invalid {
            what: "claim kind",
            value: new.kind.clone(),
        });
    }
    tx.sql().execute(
        "INSERT INTO draw_claims (game_id, ply, side, kind, written_move, verdict, rule,
                                  source_message, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            new.game_id,
            new.ply,
            new.side,
            new.kind,
            new.written_move,
            new.verdict,
            new.rule,
            new.source_message,
            Ts(new.created_at)
        ],
    )?;
    let id = ClaimId(tx.sql().last_insert_rowid());
    Ok(tx.sql().query_row(
        &format!("SELECT {CLAIM_COLUMNS} FROM draw_claims WHERE id = ?1"),
        [id],
        claim_from_row,
    )?)
}

/// Every claim of a game, oldest first.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn claims(tx: &Tx<'_>, game: GameId) -> Result<Vec<DrawClaim>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {CLAIM_COLUMNS} FROM draw_claims WHERE game_id = ?1 ORDER BY id"
    ))?;
    let rows = stmt.query_map([game], claim_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
