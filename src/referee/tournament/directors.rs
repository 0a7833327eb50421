//! A tournament's directors: who may change it and rule on its games
//! (its creator, and the referees and admins a director adds), each change
//! audit-logged.

use chrono::{DateTime, Utc};

use super::{audit, by_name, director_of};
use crate::referee::RefereeError;
use crate::referee::error::TournamentRefusal;
use crate::store::Tx;
use crate::store::players::{self, Player, Role};
use crate::store::tournaments::{self, Tournament, TournamentDirector};
use crate::tournament::director_mail::DirectorMail;
use crate::vocabulary::PlayerId;

/// A registered referee or admin (not retired) of this address.
fn referee_of(tx: &Tx<'_>, address: &str) -> Result<Player, RefereeError> {
    let p = players::find_by_email(tx, address)?
        .ok_or_else(|| RefereeError::UnknownPlayer(address.trim().to_string()))?;
    if !matches!(p.role, Role::Referee | Role::Admin) || p.retired_at.is_some() {
        return Err(TournamentRefusal::DirectorNotReferee(p.email).into());
    }
    Ok(p)
}

/// Makes the referee or admin of `address` a director of the tournament
/// `name` (audit: `tournament_director_add`). A tournament that had no
/// director (made before directors were recorded) gets the acting referee
/// as a director too, so that adding a colleague does not shut them out.
///
/// # Errors
/// [`RefereeError::NotReferee`], [`TournamentRefusal::NotDirector`],
/// [`TournamentRefusal::Unknown`], [`RefereeError::UnknownPlayer`],
/// [`TournamentRefusal::DirectorNotReferee`],
/// [`TournamentRefusal::AlreadyDirector`].
pub fn add_director(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    address: &str,
    now: DateTime<Utc>,
) -> Result<(Tournament, Player), RefereeError> {
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    let p = referee_of(tx, address)?;
    let had_none = tournaments::directors(tx, t.id)?.is_empty();
    if !tournaments::add_director(tx, t.id, p.id, Some(actor), now)? {
        return Err(TournamentRefusal::AlreadyDirector(p.email).into());
    }
    if had_none && players::get(tx, actor)?.role == Role::Referee {
        tournaments::add_director(tx, t.id, actor, Some(actor), now)?;
    }
    audit(
        tx,
        Some(actor),
        "tournament_director_add",
        None,
        serde_json::json!({ "tournament": t.name, "director": p.email }),
        now,
    )?;
    Ok((t, p))
}

/// Takes the director of `address` off the tournament `name` (audit:
/// `tournament_director_remove`); the last director stays.
///
/// # Errors
/// [`RefereeError::NotReferee`], [`TournamentRefusal::NotDirector`],
/// [`TournamentRefusal::Unknown`], [`RefereeError::UnknownPlayer`],
/// [`TournamentRefusal::NotADirector`], [`TournamentRefusal::LastDirector`].
pub fn remove_director(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    address: &str,
    now: DateTime<Utc>,
) -> Result<(Tournament, Player), RefereeError> {
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    let p = players::find_by_email(tx, address)?
        .ok_or_else(|| RefereeError::UnknownPlayer(address.trim().to_string()))?;
    let now_directing = tournaments::directors(tx, t.id)?;
    if !now_directing.iter().any(|d| d.player == p.id) {
        return Err(TournamentRefusal::NotADirector(p.email).into());
    }
    if now_directing.len() == 1 {
        return Err(TournamentRefusal::LastDirector(t.name).into());
    }
    tournaments::remove_director(tx, t.id, p.id)?;
    audit(
        tx,
        Some(actor),
        "tournament_director_remove",
        None,
        serde_json::json!({ "tournament": t.name, "director": p.email }),
        now,
    )?;
    Ok((t, p))
}

/// A director of a tournament: since when, who, and how they hear of its
/// events.
pub type Directing = (TournamentDirector, Player, DirectorMail);

/// The directors of the tournament `name`, each with their registration and
/// how they hear of its events (each at once, or a daily digest); empty:
/// every referee and admin directs it.
///
/// # Errors
/// [`TournamentRefusal::Unknown`], database failures.
pub fn directors(tx: &Tx<'_>, name: &str) -> Result<(Tournament, Vec<Directing>), RefereeError> {
    let t = by_name(tx, name)?;
    let mut out = Vec::new();
    for d in tournaments::directors(tx, t.id)? {
        let p = players::get(tx, d.player)?;
        let mail = crate::store::director_events::mail_of(tx, t.id, d.player)?;
        out.push((d, p, mail));
    }
    Ok((t, out))
}
