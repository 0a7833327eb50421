//! The receipt of each accepted ply ([`crate::notation::receipt`]): signed
//! with the server key and stored in the transaction that stores the ply
//! (so a ply has its receipt exactly once), chained to the game's previous
//! receipt, the first to the game's start.

use chrono::{DateTime, Utc};

use crate::notation::receipt::{GameStart, Receipt, Seal, SealKind, Sha, Statement};
use crate::referee::RefereeError;
use crate::store::Tx;
use crate::store::games::Game;
use crate::store::moves::MoveRecord;
use crate::store::signed_receipts::{self, Link};

/// Signs and stores the receipt of the ply `mv` just stored in game `row`
/// (which started from `start_fen`), the position after it being
/// `fen_after`; returns it.
///
/// # Errors
/// Database failures; [`crate::store::StoreError::ServerKey`] when the server
/// key cannot be used.
pub(crate) fn issue(
    tx: &Tx<'_>,
    row: &Game,
    start_fen: &str,
    mv: &MoveRecord,
    fen_after: &str,
) -> Result<Receipt, RefereeError> {
    let previous = match mv.ply.checked_sub(1) {
        Some(p) if p > 0 => signed_receipts::get(tx, row.id, p)?,
        _ => None,
    };
    let previous = match previous {
        Some(link) => link.hash,
        None => start_link(tx, row, start_fen)?.hash,
    };
    let statement = Statement {
        game: row.id.0.unsigned_abs(),
        ply: mv.ply,
        side: mv.side,
        written: mv.written.clone(),
        played: mv.notation.clone(),
        position: Sha::of_fen(fen_after),
        received: mv.received_at,
        previous: parse_hash(&previous),
    };
    let key = crate::store::server_key::of(tx, mv.received_at)?;
    let receipt = statement.sign(&key);
    signed_receipts::put(
        tx,
        row.id,
        &Link {
            ply: mv.ply,
            text: receipt.text(),
            hash: receipt.hash().to_string(),
        },
    )?;
    Ok(receipt)
}

/// The game's start link (ply 0), stored now if it is not yet.
fn start_link(tx: &Tx<'_>, row: &Game, start_fen: &str) -> Result<Link, RefereeError> {
    if let Some(link) = signed_receipts::get(tx, row.id, 0)? {
        return Ok(link);
    }
    let link = new_start_link(tx, row, start_fen)?;
    signed_receipts::put(tx, row.id, &link)?;
    Ok(link)
}

/// The start link a game gets when its first ply is stored: the start text
/// binding both players by name and id ([`GameStart`]).
fn new_start_link(tx: &Tx<'_>, row: &Game, start_fen: &str) -> Result<Link, RefereeError> {
    let white = crate::store::players::get(tx, row.white)?;
    let black = crate::store::players::get(tx, row.black)?;
    let start = GameStart {
        game: row.id.0.unsigned_abs(),
        variant: row.variant.name().to_string(),
        white: white.name,
        black: black.name,
        setup: start_fen.to_string(),
        ids: Some([row.white.0.unsigned_abs(), row.black.0.unsigned_abs()]),
    };
    Ok(Link {
        ply: 0,
        text: start.text(),
        hash: start.hash().to_string(),
    })
}

/// A stored hash (64 hex digits, as [`Sha`] writes it).
fn parse_hash(hex: &str) -> Sha {
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = hex
            .get(2 * i..2 * i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0);
    }
    Sha::from_bytes(out)
}

/// The game's record as `zaochka export` writes it: the PDN (PGN for chess)
/// of [`crate::referee::export_text`], each ply's comment carrying its
/// `%ccsnt` time and its receipt (`[%zrc BASE64]`), the chain's start in the
/// tag `ZaochkaStart` and the record's seal, signed now: the game's end in
/// `ZaochkaEnd` when it is over (the same bytes each time: it states only
/// what is stored), else an export head written at `now` in `ZaochkaHead`
/// ([`crate::notation::receipt::Seal`]). A game with no chain (played before
/// receipts, or imported) is written without them; a game with no ply yet
/// gets the start its first ply would have.
///
/// # Errors
/// Database failures; [`crate::store::StoreError::ServerKey`] when the server
/// key cannot be used.
pub(crate) fn signed_export_text(
    tx: &Tx<'_>,
    l: &crate::referee::load::Loaded,
    now: DateTime<Utc>,
) -> Result<String, RefereeError> {
    let times: Vec<DateTime<Utc>> = l.moves.iter().map(|m| m.received_at).collect();
    let record = Record {
        row: &l.row,
        seat: l.seat.as_ref(),
        players: &l.players,
        game: l.game.as_ref(),
    };
    Ok(match signed_text(tx, &record, Some(&times), now)? {
        Some(text) => text,
        None => crate::referee::export_text(l),
    })
}

/// The record a game's mail attaches, as [`signed_export_text`] writes it,
/// from the game the command left (`session`): the plies' times are read
/// from their receipts, so the moves are not read again. `None` for a game
/// whose every ply has no receipt (the mail attaches the plain record).
///
/// # Errors
/// Database failures, the server key.
pub(crate) fn signed_session_text(
    tx: &Tx<'_>,
    session: &crate::referee::GameSession,
    now: DateTime<Utc>,
) -> Result<Option<String>, RefereeError> {
    let record = Record {
        row: &session.row,
        seat: session.seat.as_ref(),
        players: &session.players,
        game: session.game.as_ref(),
    };
    signed_text(tx, &record, None, now)
}

/// A game as its record is written.
struct Record<'a> {
    row: &'a Game,
    seat: Option<&'a crate::store::tournaments::TournamentGame>,
    players: &'a [crate::store::Player; 2],
    game: &'a dyn crate::games::AnyGame,
}

/// The signed record of `r`, its plies received at `times` (read from their
/// receipts when `None`); `None` when the game has no chain.
fn signed_text(
    tx: &Tx<'_>,
    r: &Record<'_>,
    times: Option<&[DateTime<Utc>]>,
    now: DateTime<Utc>,
) -> Result<Option<String>, RefereeError> {
    let plies = r.game.plies();
    let links = signed_receipts::of_game(tx, r.row.id)?;
    let start = match links.iter().find(|k| k.ply == 0) {
        Some(start) => start.clone(),
        None if plies == 0 && crate::store::archive::tags(tx, r.row.id)?.is_none() => {
            new_start_link(tx, r.row, &r.game.start_fen())?
        }
        None => return Ok(None),
    };
    let link = |ply: usize| links.iter().find(|k| k.ply as usize == ply);
    let mut comments: Vec<Option<String>> = Vec::with_capacity(plies);
    for ply in 1..=plies {
        let receipt = link(ply);
        let time = match times {
            Some(t) => t.get(ply - 1).copied(),
            None => receipt
                .and_then(|k| crate::notation::receipt::Receipt::parse(&k.text).ok())
                .map(|x| x.statement.received),
        };
        let Some(time) = time else {
            return Ok(None);
        };
        let time = crate::notation::pdn::ccsnt_comment(time);
        comments.push(Some(match receipt {
            Some(k) => format!(
                "{time} {}",
                crate::games::receipts::receipt_comment(&k.text)
            ),
            None => time,
        }));
    }
    let last = if plies == 0 {
        Some(&start)
    } else {
        link(plies)
    };
    let last = last.unwrap_or(&start);
    let tags = crate::referee::query::record_tags(r.row, r.seat, r.players);
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let kind = match (r.row.result, r.row.termination) {
        (Some(_), Some(termination)) => SealKind::End {
            termination: termination.as_str().to_string(),
            ended: r.row.finished_at.unwrap_or(now),
        },
        _ => SealKind::Export { at: now },
    };
    let seal = Seal {
        game: r.row.id.0.unsigned_abs(),
        event: tag("Event"),
        round: tag("Round"),
        white: tag("White"),
        white_id: r.row.white.0.unsigned_abs(),
        black: tag("Black"),
        black_id: r.row.black.0.unsigned_abs(),
        result: tag("Result"),
        plies: u32::try_from(plies).unwrap_or(u32::MAX),
        last: parse_hash(&last.hash),
        kind,
    };
    let key = crate::store::server_key::of(tx, now)?;
    let mut tags = tags;
    tags.push((
        crate::games::receipts::START_TAG.to_string(),
        crate::games::receipts::start_tag_value(&start.text),
    ));
    tags.push(crate::games::receipts::seal_tag(&seal.sign(&key)));
    let result = r.row.result.map_or("*", |x| x.as_str());
    Ok(Some(crate::games::write_record_commented(
        r.game, &tags, result, &comments,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_hash_reads_back_as_written() {
        let h = Sha::of(b"x");
        assert_eq!(parse_hash(&h.to_string()), h);
    }
}
