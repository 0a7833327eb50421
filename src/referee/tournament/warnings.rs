//! The directors' warnings about a tournament game's clock: the player to
//! move is some days of clock time from losing on time (E-Dama's practice:
//! 10 and 5 days), or has not moved for some days of clock time (ICCF's
//! reminder days: 14, 28 and 35). The days are the tournament's settings;
//! the scheduler finds them due and claims each once per game, side, kind
//! and turn ([`crate::clock::ActionKind::DirectorDeadline`],
//! [`crate::clock::ActionKind::DirectorSilence`]).

use super::period::to_directors;
use crate::clock::{Action, ActionKind};
use crate::referee::told::{ClockWarning, TournamentEvent};
use crate::referee::{RefereeError, Reply};
use crate::store::Tx;
use crate::store::games as game_rows;
use crate::store::players;
use crate::store::tournaments;

/// One reply to each director of the game's tournament for the directors'
/// warning `a`, in the director's language and zone; none for a game outside
/// a tournament or an action that is not a directors' warning.
///
/// # Errors
/// Database failures.
pub fn clock_warning(tx: &Tx<'_>, a: &Action) -> Result<Vec<Reply>, RefereeError> {
    let Some(link) = tournaments::game(tx, a.game_id)? else {
        return Ok(Vec::new());
    };
    let game = game_rows::get(tx, a.game_id)?;
    let player = players::get(tx, game.player(a.side))?;
    let warning = match a.kind {
        ActionKind::DirectorDeadline { days } => ClockWarning::TimeLeft { days },
        ActionKind::DirectorSilence { days } => ClockWarning::Silent { days },
        _ => return Ok(Vec::new()),
    };
    to_directors(tx, link.tournament, Some(a.game_id), a.due_at, |d| {
        TournamentEvent::DirectorClockWarning {
            game: a.game_id.0,
            player: player.name.clone(),
            warning,
            deadline: a.deadline,
            zone: d.time_zone.clone(),
        }
    })
}

/// One reply to each director of the tournament of `game` when the mail to
/// `player` at `address` bounced and the player's clock in `game` stopped
/// (at `now`, UTC):
/// names the player and the player's unfinished games of the tournament.
/// None for a game outside a tournament.
///
/// # Errors
/// Database failures.
pub fn bounce_warning(
    tx: &Tx<'_>,
    game: crate::vocabulary::GameId,
    player: crate::vocabulary::PlayerId,
    address: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<Reply>, RefereeError> {
    use crate::vocabulary::GameStatus;
    let Some(link) = tournaments::game(tx, game)? else {
        return Ok(Vec::new());
    };
    let t = tournaments::get(tx, link.tournament)?;
    let name = players::get(tx, player)?.name;
    let mut games = Vec::new();
    for tg in tournaments::games(tx, link.tournament)? {
        let g = game_rows::get(tx, tg.game)?;
        if g.side_of(player).is_some()
            && !matches!(g.status, GameStatus::Finished | GameStatus::Annulled)
        {
            games.push(g.id.0);
        }
    }
    to_directors(tx, link.tournament, Some(game), now, |_| {
        TournamentEvent::DirectorBounce {
            tournament: t.name.clone(),
            player: name.clone(),
            address: address.to_string(),
            game: game.0,
            games: games.clone(),
        }
    })
}

/// Sets the days of the directors' warnings of the tournament `name`: before
/// a time loss (`warn`, days of clock time left) and after silence
/// (`silence`, days without a move); `None` leaves a list as it is, an empty
/// list turns those warnings off. Audit: `tournament_director_warnings`.
///
/// # Errors
/// [`crate::referee::error::TournamentRefusal::Unknown`],
/// [`crate::referee::error::TournamentRefusal::NotDirector`], database
/// failures.
pub fn set_warning_days(
    tx: &Tx<'_>,
    actor: crate::vocabulary::PlayerId,
    name: &str,
    warn: Option<Vec<u32>>,
    silence: Option<Vec<u32>>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<tournaments::Tournament, RefereeError> {
    let t = super::by_name(tx, name)?;
    super::director_of(tx, actor, &t)?;
    let mut settings = t.settings.clone();
    if let Some(w) = warn {
        settings.director_warn_days = w;
    }
    if let Some(s) = silence {
        settings.director_silence_days = s;
    }
    let t = tournaments::set_settings(tx, t.id, &settings)?;
    super::audit(
        tx,
        Some(actor),
        "tournament_director_warnings",
        None,
        serde_json::json!({
            "tournament": t.name,
            "warn_days": t.settings.director_warn_days,
            "silence_days": t.settings.director_silence_days,
        }),
        now,
    )?;
    Ok(t)
}
