//! The players' daily digest: the setting (one mail a day at an hour of the
//! player's zone, or a mail for every opponent move), the one rule that holds
//! back the mail of a plain opponent move for a digest player
//! (`held_for_digest`), and the digests due, each with the games where it
//! is the player's move and the state of each as the player reads it.

use chrono::{DateTime, NaiveDate, Utc};

use super::{Handled, RefereeError, Reply};
use crate::clock::digest::{self, MoveMails};
use crate::clock::zone;
use crate::store::games::{GameFilter, list};
use crate::store::players::{self, Player};
use crate::store::{Tx, digests};
use crate::vocabulary::{GameId, GameStatus, PlayerId};

/// How the player hears of the opponents' moves.
///
/// # Errors
/// Database failures.
pub fn move_mails(tx: &Tx<'_>, player: PlayerId) -> Result<MoveMails, RefereeError> {
    Ok(digests::move_mails(tx, player)?)
}

/// The player sets how they hear of the opponents' moves, from `now`
/// (UTC): recorded, and answered with the hour in their zone.
///
/// # Errors
/// Database failures.
pub fn set(
    tx: &Tx<'_>,
    actor: PlayerId,
    mails: MoveMails,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let tz = zone::parse_zone(&me.time_zone).unwrap_or(chrono_tz::Tz::UTC);
    let next_at = match mails {
        MoveMails::Daily { hour } => digest::first_slot_from(hour, tz, now),
        MoveMails::EveryMove => now,
    };
    digests::set_move_mails(tx, actor, mails, next_at, now)?;
    Ok(Handled {
        game: None,
        replies: vec![super::query::reply_told(
            &me,
            None,
            super::told::Told::MoveMails {
                mails,
                zone: me.time_zone.clone(),
            },
        )],
        summary: super::told::Account::Reply,
        late: None,
    })
}

/// Whether the mail telling `reader` of an opponent's move is held back for
/// their daily digest: the reader asked for the digest and the move neither
/// ended the game, offered a draw, nor declined the reader's offer (those
/// are told at once). The one place the per-move mail is suppressed.
///
/// # Errors
/// Database failures.
pub(crate) fn held_for_digest(
    tx: &Tx<'_>,
    reader: PlayerId,
    tells_at_once: bool,
) -> Result<bool, RefereeError> {
    Ok(!tells_at_once && matches!(move_mails(tx, reader)?, MoveMails::Daily { .. }))
}

/// A day's digest due for a player.
#[derive(Clone, Debug)]
pub struct DigestDue {
    /// The reader.
    pub player: Player,
    /// The reader's local day the digest is for.
    pub day: NaiveDate,
    /// The hour of the reader's day it is sent at.
    pub hour: u8,
    /// Each game where it is the reader's move, with its state for the
    /// reader (board, clocks, deadline), oldest game first.
    pub games: Vec<Reply>,
}

/// The active games where it is `player`'s move at `now`, oldest first.
///
/// # Errors
/// Database failures; a stored game that no longer replays.
pub fn games_to_move(
    tx: &Tx<'_>,
    player: PlayerId,
    now: DateTime<Utc>,
) -> Result<Vec<GameId>, RefereeError> {
    let filter = GameFilter {
        player: Some(player),
        status: Some(GameStatus::Active),
        ..GameFilter::default()
    };
    let mut out = Vec::new();
    for g in list(tx, &filter)? {
        let l = super::load::load(tx, g.id, now)?;
        if l.game.outcome().is_none() && l.side_of(player) == Some(l.game.turn()) && !l.frozen {
            out.push(g.id);
        }
    }
    Ok(out)
}

/// The digests due at `now` (UTC) and not yet sent: one per digest player
/// whose hour of the day has come, for the latest such day
/// ([`digest::latest_slot_day`]), with the games where it is their move
/// (possibly none: the day is still recorded, no mail goes).
///
/// # Errors
/// Database failures.
pub fn due(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<DigestDue>, RefereeError> {
    let mut out = Vec::new();
    for (id, hour) in digests::due(tx, now)? {
        let player = players::get(tx, id)?;
        let tz = zone::parse_zone(&player.time_zone).unwrap_or(chrono_tz::Tz::UTC);
        let day = digest::latest_slot_day(hour, tz, now);
        if digests::sent(tx, id, day)? {
            // Sent before: only the next instant was not moved on.
            let next = digest::at_hour(day + chrono::Duration::days(1), hour, tz);
            digests::set_next(tx, id, next)?;
            continue;
        }
        let mut games = Vec::new();
        for g in games_to_move(tx, id, now)? {
            let mut h = super::query::status(tx, g, id, now)?;
            games.append(&mut h.replies);
        }
        out.push(DigestDue {
            player,
            day,
            hour,
            games,
        });
    }
    Ok(out)
}

/// Records the digest of `d` as written at `now` and moves the player's next
/// digest to the next day's hour, in the caller's transaction (the one that
/// queues its mail); `false` if it was written before (queue nothing).
///
/// # Errors
/// Database failures.
pub fn record(tx: &Tx<'_>, d: &DigestDue, now: DateTime<Utc>) -> Result<bool, RefereeError> {
    let tz = zone::parse_zone(&d.player.time_zone).unwrap_or(chrono_tz::Tz::UTC);
    let next = digest::at_hour(d.day + chrono::Duration::days(1), d.hour, tz);
    digests::set_next(tx, d.player.id, next)?;
    Ok(digests::record_sent(
        tx,
        d.player.id,
        d.day,
        d.games.len(),
        now,
    )?)
}
