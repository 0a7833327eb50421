//! Tournaments carried out: the director's commands (create, enter, draw,
//! start, withdraw, replace, pause, resume), the table the players ask for,
//! the standings line that ends a game-end mail, and the adjudication of
//! unfinished games at the end of the playing period. The pure part (tables,
//! lots, tie-breaks) is [`crate::tournament`]; the rows are
//! [`crate::store::tournaments`].

pub mod bulletin;
pub mod director_digest;
mod directors;
mod entry;
mod leaving;
mod period;
mod ruling;
mod start;
mod table;
mod warnings;

pub use directors::{add_director, directors, remove_director};
pub use entry::{DrawOrder, Withdrawer, draw, enter, new_tournament, remove, replace, withdraw};
pub use leaving::{confirm_withdrawal, withdrawal_code, withdrawal_terms};
pub use period::{claim, end_playing_period, overdue_claims};
pub use ruling::{Ruling, rule_claim};
pub use start::start;
pub use table::{
    SectionTable, StartRatings, after_game_end, entry_ratings, frozen, game_ratings,
    invitation_lines, refuse_if_frozen, table, table_mail,
};
pub use warnings::{bounce_warning, clock_warning, set_warning_days};

use crate::store::Tx;
use crate::store::players::{self, Role};
use crate::store::tournaments::{self, Tournament};
use crate::vocabulary::PlayerId;

use super::RefereeError;
use super::error::TournamentRefusal;

/// The tournament of this name.
///
/// # Errors
/// [`TournamentRefusal::Unknown`].
pub fn by_name(tx: &Tx<'_>, name: &str) -> Result<Tournament, RefereeError> {
    tournaments::find(tx, name)?
        .ok_or_else(|| TournamentRefusal::Unknown(name.trim().to_string()).into())
}

/// Checks that `actor` may direct tournaments (referee or admin role, not
/// retired): make one, and be made a director of one.
///
/// # Errors
/// [`RefereeError::NotReferee`].
pub fn director(tx: &Tx<'_>, actor: PlayerId) -> Result<(), RefereeError> {
    let who = players::get(tx, actor)?;
    match who.role {
        Role::Referee | Role::Admin if who.retired_at.is_none() => Ok(()),
        _ => Err(RefereeError::NotReferee),
    }
}

/// Checks that `actor` may change the tournament `t` and rule on its games:
/// an admin, one of its directors, or any referee while it has none
/// (a tournament made before directors were recorded, by nobody the audit
/// log names).
///
/// # Errors
/// [`RefereeError::NotReferee`], [`TournamentRefusal::NotDirector`].
pub fn director_of(tx: &Tx<'_>, actor: PlayerId, t: &Tournament) -> Result<(), RefereeError> {
    director(tx, actor)?;
    if players::get(tx, actor)?.role == Role::Admin {
        return Ok(());
    }
    let directors = tournaments::directors(tx, t.id)?;
    if directors.is_empty() || directors.iter().any(|d| d.player == actor) {
        Ok(())
    } else {
        Err(TournamentRefusal::NotDirector(t.name.clone()).into())
    }
}

/// Checks that `actor` may rule on the game `game` as a director of its
/// tournament ([`director_of`]); a game of no tournament: any referee.
///
/// # Errors
/// [`TournamentRefusal::NotDirector`], database failures.
pub fn director_of_game(
    tx: &Tx<'_>,
    actor: PlayerId,
    game: crate::vocabulary::GameId,
) -> Result<(), RefereeError> {
    match tournaments::game(tx, game)? {
        Some(link) => director_of(tx, actor, &tournaments::get(tx, link.tournament)?),
        None => Ok(()),
    }
}

/// The clock settings of a game: its tournament's, else the defaults.
///
/// # Errors
/// Database failures.
pub fn clock_settings(
    tx: &Tx<'_>,
    game: crate::vocabulary::GameId,
) -> Result<crate::clock::Settings, RefereeError> {
    Ok(match tournaments::game(tx, game)? {
        Some(link) => tournaments::get(tx, link.tournament)?.settings.clock(),
        None => crate::clock::Settings::default(),
    })
}

/// The clock settings that bind a player: the defaults, with the smallest
/// leave allowance of the tournaments the player is playing in.
///
/// # Errors
/// Database failures.
pub fn player_clock_settings(
    tx: &Tx<'_>,
    player: PlayerId,
) -> Result<crate::clock::Settings, RefereeError> {
    let mut settings = crate::clock::Settings::default();
    for t in tournaments::of_player(tx, player)? {
        if matches!(
            t.status,
            tournaments::TournamentStatus::Playing | tournaments::TournamentStatus::Paused
        ) {
            let own = t.settings.clock();
            settings.leave_days_per_year =
                settings.leave_days_per_year.min(own.leave_days_per_year);
            settings.may_move_on_leave &= own.may_move_on_leave;
        }
    }
    Ok(settings)
}

/// Writes a tournament action to the audit log.
fn audit(
    tx: &Tx<'_>,
    actor: Option<PlayerId>,
    action: &str,
    reason: Option<&str>,
    details: serde_json::Value,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), RefereeError> {
    crate::store::audit::append(
        tx,
        &crate::store::audit::NewAuditEntry {
            at: now,
            actor,
            action: action.to_string(),
            game_id: None,
            reason: reason.map(|r| r.trim().to_string()),
            details: Some(details),
        },
    )?;
    Ok(())
}
