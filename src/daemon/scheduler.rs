//! The scheduler tick: reminders before a deadline, silence reminders, and at the
//! deadline a loss on time or a report to the referee (the tournament setting).
//! Each action is claimed in the store before it is acted on, in the same
//! transaction as its outbox rows, so a crash and restart never sends one twice.

use chrono::{DateTime, Utc};
use tracing::info;

use crate::clock::{ActionKind, Settings, TimeoutPolicy, persist, zone};
use crate::config::Config;
use crate::lang::Language;
use crate::referee::{RefereeError, Reply};
use crate::store::players::Player;
use crate::store::{Store, Tx, games, players};

/// Runs one tick at `now`; returns the number of actions taken.
///
/// # Errors
/// Database failures.
pub fn tick(store: &mut Store, config: &Config, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let n = store.transaction(|tx| -> Result<usize, RefereeError> {
        let actions = persist::tick(tx, now, |_| Settings::default())?;
        for (i, a) in actions.iter().enumerate() {
            act(tx, config, a, i, now)?;
        }
        Ok(actions.len())
    })?;
    Ok(n)
}

fn act(
    tx: &Tx<'_>,
    config: &Config,
    a: &crate::clock::Action,
    i: usize,
    now: DateTime<Utc>,
) -> Result<(), RefereeError> {
    // A later reminder of the same kind is due too (the daemon was down): it is
    // recorded, and the later one's mail is enough.
    if a.superseded && !matches!(a.kind, ActionKind::TimeOut { .. }) {
        return Ok(());
    }
    let game = games::get(tx, a.game_id)?;
    let player = players::get(tx, game.player(a.side))?;
    let lang = Language::from_code(player.language.as_str()).unwrap_or_default();
    let tz = zone::parse_zone(&player.time_zone).unwrap_or(chrono_tz::Tz::UTC);
    let deadline = zone::format_deadline(a.deadline, tz);
    let key = a.kind.key();
    // (recipient, body); the composer makes the headers (the game's Subject,
    // the recipient's reply address, the thread).
    let mut mails: Vec<(Player, String)> = Vec::new();
    match &a.kind {
        ActionKind::DeadlineReminder { hours } => mails.push((
            player.clone(),
            match lang {
                Language::En => format!(
                    "Game #{}: your move is due by {deadline} ({hours} hours left).",
                    a.game_id
                ),
                Language::Ru => format!(
                    "Партия №{}: ваш ход нужно сделать до {deadline} (осталось {hours} ч).",
                    a.game_id
                ),
            },
        )),
        ActionKind::SilenceReminder { days } => mails.push((
            player.clone(),
            match lang {
                Language::En => format!(
                    "Game #{}: no move from you for {days} days. Your move is due by {deadline}.",
                    a.game_id
                ),
                Language::Ru => format!(
                    "Партия №{}: от вас нет хода {days} дн. Ход нужно сделать до {deadline}.",
                    a.game_id
                ),
            },
        )),
        ActionKind::TimeOut {
            policy: TimeoutPolicy::LoseOnTime,
        } => {
            // Draughts: any piece left may still win, so the opponent can win.
            let finished = persist::finish_on_time(tx, a, true, now)?;
            let result = finished.result.map_or("", |r| r.as_str());
            for side in [a.side, a.side.opposite()] {
                let p = players::get(tx, game.player(side))?;
                let l = Language::from_code(p.language.as_str()).unwrap_or_default();
                mails.push((
                    p.clone(),
                    match l {
                        Language::En => format!("Game #{}: {} did not move by the deadline {}: lost on time, {result}.", a.game_id, player.name, zone::format_utc(a.deadline)),
                        Language::Ru => format!("Партия №{}: {} не сделал ход до срока {}: поражение по времени, {result}.", a.game_id, player.name, zone::format_utc(a.deadline)),
                    },
                ));
            }
        }
        ActionKind::TimeOut {
            policy: TimeoutPolicy::ReportToReferee,
        } => {
            for r in super::process::referees(tx)? {
                mails.push((
                    r.clone(),
                    format!("Game #{}: {} did not move by the deadline {}. Decide with `zaochka referee forfeit` or `add-days`.", a.game_id, player.name, zone::format_utc(a.deadline)),
                ));
            }
        }
    }
    for (k, (to, body)) in mails.into_iter().enumerate() {
        let reply = Reply {
            to: to.id,
            email: to.email.clone(),
            language: Language::from_code(to.language.as_str()).unwrap_or_default(),
            game: Some(a.game_id),
            body,
        };
        let id = format!(
            "zaochka.clock.{}.{}.{key}.{}.{i}.{k}@{}",
            a.game_id,
            a.side.as_str(),
            a.due_at.timestamp(),
            config.address.domain
        );
        super::letters::post(tx, &reply, None, id, now)?;
    }
    info!(game = a.game_id.0, side = a.side.as_str(), action = %key, "clock action");
    Ok(())
}
