//! The directors' daily digest: how a director hears of a tournament's
//! events ([`DirectorMail`]: each at once, or one mail a day), the one rule
//! that keeps a digest director's event instead of mailing it (`keep`),
//! and the digests due, each with the events grouped as the digest lists
//! them ([`EventGroup`]).

use chrono::{DateTime, NaiveDate, Utc};

use super::{by_name, director_of};
use crate::clock::{digest, zone};
use crate::referee::RefereeError;
use crate::referee::error::TournamentRefusal;
use crate::referee::told::{Line, Part, Told, TournamentEvent};
use crate::referee::{Reply, load::language};
use crate::store::director_events as rows;
use crate::store::players::{self, Player};
use crate::store::tournaments::{self, Tournament, TournamentId};
use crate::store::{StoreError, Tx};
use crate::tournament::director_mail::{DIGEST_HOUR, DirectorMail, EventGroup};
use crate::vocabulary::{GameId, PlayerId};

/// The digest group of a director's event; `None` for an event that is not
/// one of the directors' (those are never kept).
#[must_use]
pub fn group_of(e: &TournamentEvent) -> Option<EventGroup> {
    Some(match e {
        TournamentEvent::DirectorGamesFrozen { .. } => EventGroup::Adjudications,
        TournamentEvent::DirectorRulingDue { .. } => EventGroup::Rulings,
        TournamentEvent::LateClaim { .. } => EventGroup::LateClaims,
        TournamentEvent::DirectorClockWarning { .. } => EventGroup::ClockWarnings,
        TournamentEvent::DirectorBounce { .. } => EventGroup::Bounces,
        TournamentEvent::DirectorWithdrawal { .. } | TournamentEvent::PlayerWithdrew { .. } => {
            EventGroup::Withdrawals
        }
        TournamentEvent::DirectorTournamentFinished { .. } => EventGroup::Finished,
        _ => return None,
    })
}

/// Keeps the event `e` of tournament `t` for the digest of `director` when
/// the director asked for the digest (`true`: kept, mail nothing now);
/// `false`: the director hears of each event at once.
///
/// # Errors
/// Database failures.
pub(super) fn keep(
    tx: &Tx<'_>,
    t: TournamentId,
    director: PlayerId,
    game: Option<GameId>,
    e: &TournamentEvent,
    now: DateTime<Utc>,
) -> Result<bool, RefereeError> {
    let Some(group) = group_of(e) else {
        return Ok(false);
    };
    if rows::mail_of(tx, t, director)? != DirectorMail::Digest {
        return Ok(false);
    }
    let json = serde_json::to_string(e).map_err(|_| StoreError::Invalid {
        what: "director event",
        value: format!("{e:?}"),
    })?;
    rows::keep(tx, t, director, game, group, &json, now)?;
    Ok(true)
}

/// Whether `player` hears of the events of the game `game` through the
/// daily digest: a director of its tournament who asked for the digest (a
/// game of no tournament: no). The referees' alerts about such a game (a
/// bounced mail, a clock stopped by it) leave that director out: the
/// digest tells them.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn hears_by_digest(tx: &Tx<'_>, game: GameId, player: PlayerId) -> Result<bool, StoreError> {
    let Some(link) = tournaments::game(tx, game)? else {
        return Ok(false);
    };
    let directs = tournaments::directors(tx, link.tournament)?
        .iter()
        .any(|d| d.player == player);
    Ok(directs && rows::mail_of(tx, link.tournament, player)? == DirectorMail::Digest)
}

/// Sets how the director of `address` hears of the events of tournament
/// `name`, by the director `actor` (themself or another director of it),
/// at `now` (UTC). Audit: `tournament_director_mail`. Events kept for a
/// digest stay kept when a director goes back to `each`: the next day's
/// digest still lists them.
///
/// # Errors
/// [`TournamentRefusal::Unknown`], [`TournamentRefusal::NotDirector`],
/// [`RefereeError::UnknownPlayer`], [`TournamentRefusal::NotADirector`].
pub fn set_mail(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    address: &str,
    mode: DirectorMail,
    now: DateTime<Utc>,
) -> Result<(Tournament, Player), RefereeError> {
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    let p = players::find_by_email(tx, address)?
        .ok_or_else(|| RefereeError::UnknownPlayer(address.trim().to_string()))?;
    if !tournaments::directors(tx, t.id)?
        .iter()
        .any(|d| d.player == p.id)
    {
        return Err(TournamentRefusal::NotADirector(p.email).into());
    }
    rows::set_mail(tx, t.id, p.id, mode, now)?;
    super::audit(
        tx,
        Some(actor),
        "tournament_director_mail",
        None,
        serde_json::json!({ "tournament": t.name, "director": p.email, "mail": mode.as_str() }),
        now,
    )?;
    Ok((t, p))
}

/// The tournaments `director` directs (by a director row), by id.
///
/// # Errors
/// Database failures.
pub fn directed_by(tx: &Tx<'_>, director: PlayerId) -> Result<Vec<Tournament>, RefereeError> {
    let mut out = Vec::new();
    for t in tournaments::list(tx)? {
        if tournaments::directors(tx, t.id)?
            .iter()
            .any(|d| d.player == director)
        {
            out.push(t);
        }
    }
    Ok(out)
}

/// A day's digest due for one director of one tournament.
#[derive(Clone, Debug)]
pub struct DirectorDigestDue {
    /// The tournament.
    pub tournament: Tournament,
    /// The director.
    pub director: Player,
    /// The director's local day the digest is for.
    pub day: NaiveDate,
    /// The kept events it tells (row ids).
    pub ids: Vec<i64>,
    /// The digest, in the director's thread of the tournament: its heading,
    /// then each group's heading and its events, groups in
    /// [`EventGroup::ALL`]'s order, events oldest first.
    pub reply: Reply,
}

/// The directors' digests due at `now` (UTC): one per (tournament,
/// director) once [`DIGEST_HOUR`] of the director's day has come and that
/// day's digest was not written, telling the events kept up to that hour
/// and not told yet. Events kept after the hour wait for the next day's
/// digest, so a director gets mail only at the hour, at most once a day.
///
/// # Errors
/// Database failures; a kept event that no longer reads.
pub fn due(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<DirectorDigestDue>, RefereeError> {
    let mut out = Vec::new();
    for (t, d) in rows::waiting(tx)? {
        let director = players::get(tx, d)?;
        let tz = zone::parse_zone(&director.time_zone).unwrap_or(chrono_tz::Tz::UTC);
        let day = digest::latest_slot_day(DIGEST_HOUR, tz, now);
        if rows::sent(tx, t, d, day)? {
            continue;
        }
        let hour = digest::at_hour(day, DIGEST_HOUR, tz);
        let mut kept = rows::untold(tx, t, d)?;
        kept.retain(|k| k.created_at <= hour);
        if kept.is_empty() {
            continue;
        }
        let tournament = tournaments::get(tx, t)?;
        let mut lines = vec![Line::of(Part::Tournament(
            TournamentEvent::DirectorDigest {
                tournament: tournament.name.clone(),
                day,
                events: kept.len(),
            },
        ))];
        for group in EventGroup::ALL {
            let mut heading = false;
            for k in kept.iter().filter(|k| k.group == *group) {
                let e: TournamentEvent =
                    serde_json::from_str(&k.event).map_err(|_| StoreError::Invalid {
                        what: "director event",
                        value: k.event.clone(),
                    })?;
                if !heading {
                    lines.push(Line::of(Part::Tournament(
                        TournamentEvent::DirectorDigestGroup {
                            group: *group,
                            tournament: tournament.name.clone(),
                        },
                    )));
                    heading = true;
                }
                lines.push(Line::of(Part::Tournament(e)));
            }
        }
        let reply = Reply {
            monospace: false,
            to: director.id,
            email: director.email.clone(),
            language: language(&director),
            game: None,
            told: Told::ToDirectors {
                tournament: t.0,
                lines,
            },
            notes: Vec::new(),
            session: None,
        };
        out.push(DirectorDigestDue {
            ids: kept.iter().map(|k| k.id).collect(),
            tournament,
            director,
            day,
            reply,
        });
    }
    Ok(out)
}

/// Records the digest of `d` as written at `now` and marks its events told,
/// in the caller's transaction (the one that queues its mail); `false` if
/// that day's digest was written before (queue nothing).
///
/// # Errors
/// Database failures.
pub fn record(
    tx: &Tx<'_>,
    d: &DirectorDigestDue,
    now: DateTime<Utc>,
) -> Result<bool, RefereeError> {
    Ok(rows::record_sent(
        tx,
        d.tournament.id,
        d.director.id,
        d.day,
        &d.ids,
        now,
    )?)
}
