//! The changing commands' one path: a transaction that queues the mails of
//! the change and prints its summary (or JSON); pausing or resuming every game
//! of a tournament through it.

use std::process::ExitCode;

use super::Director;
use crate::cli::output::Changed;
use crate::cli::store_args::{StoreArgs, player_by_email};
use crate::referee::tournament as service;
use crate::referee::{Command, DirectorAction, RefereeError, Reply};
use crate::store::Tx;
use crate::store::games as game_rows;
use crate::store::tournaments;
use crate::vocabulary::GameStatus;

/// Runs a changing command in one transaction, queueing its mails; prints
/// the summary line (or JSON with the result) on success, the refusal on
/// stderr (exit 1) otherwise.
pub(super) fn change<T: serde::Serialize>(
    db: &StoreArgs,
    who: &Director,
    work: impl FnOnce(&Tx<'_>, crate::vocabulary::PlayerId) -> Result<(T, Vec<Reply>), RefereeError>,
    summary: impl FnOnce(&T) -> String,
) -> anyhow::Result<ExitCode> {
    let config = db.config()?;
    let mut store = db.open()?;
    let now = db.now();
    let result = store.transaction(|tx| -> Result<T, RefereeError> {
        let director = player_by_email(tx, &who.actor)?;
        let (value, replies) = work(tx, director.id)?;
        crate::letters::queue_replies(tx, &config.bot(), &replies, now)?;
        Ok(value)
    });
    match result {
        Ok(v) => crate::cli::output::emit(&Changed::new(summary(&v), v), db.json),
        Err(e) => crate::cli::output::refusal_or_fault(e, db.json),
    }
}

/// Pauses or resumes every game of a tournament (each audit-logged, the
/// players told), and the tournament with them.
pub(super) fn all_games(
    db: &StoreArgs,
    name: &str,
    who: &Director,
    reason: &str,
    action: DirectorAction,
) -> anyhow::Result<ExitCode> {
    let now = db.now();
    let from = if action == DirectorAction::Pause {
        GameStatus::Active
    } else {
        GameStatus::Paused
    };
    change(
        db,
        who,
        |tx, director| {
            service::director(tx, director)?;
            let t = service::by_name(tx, name)?;
            service::director_of(tx, director, &t)?;
            let mut replies = Vec::new();
            let mut n = 0;
            for link in tournaments::games(tx, t.id)? {
                let g = game_rows::get(tx, link.game)?;
                if g.status != from || service::frozen(tx, g.id)? {
                    continue;
                }
                let cmd = Command::Direct {
                    game: g.id,
                    action: action.clone(),
                    reason: reason.to_string(),
                };
                let h = crate::referee::handle(tx, &cmd, director, now, Default::default())?;
                replies.extend(h.replies);
                n += 1;
            }
            let status = if action == DirectorAction::Pause {
                tournaments::TournamentStatus::Paused
            } else {
                tournaments::TournamentStatus::Playing
            };
            if matches!(
                t.status,
                tournaments::TournamentStatus::Playing | tournaments::TournamentStatus::Paused
            ) {
                tournaments::set_status(tx, t.id, status, now)?;
            }
            Ok((n, replies))
        },
        |n| {
            format!(
                "tournament {name:?}: {} {}",
                action.name(),
                crate::words::game::count_en(*n, "game", "games")
            )
        },
    )
}
