//! The scheduler tick: reminders before a deadline, silence reminders, and at the
//! deadline a loss on time or a report to the referee (the tournament setting).
//! Each action is claimed in the store before it is acted on, in the same
//! transaction as its outbox rows, so a crash and restart never sends one twice.

use crate::referee::told::{Line, Part, Told};
use chrono::{DateTime, Utc};
use tracing::info;

use crate::clock::{ActionKind, Settings, TimeoutPolicy, zone};
use crate::config::Config;
use crate::letters::ids::{self, TournamentEvent};
use crate::referee::clock_step::{self, TickGuard};
use crate::referee::game_clocks as persist;
use crate::referee::told::ClockEvent;
use crate::referee::{RefereeError, Reply};
use crate::store::players::Player;
use crate::store::{Store, Tx, games, players};

/// Runs one tick at `now`; returns the number of actions taken.
///
/// # Errors
/// Database failures.
pub fn tick(store: &mut Store, config: &Config, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let n = store.transaction(|tx| -> Result<usize, RefereeError> {
        if !clock_trusted(tx, config, now)? {
            return Ok(0);
        }
        let mut actions = Vec::new();
        for a in persist::due_actions(tx, now, |g| clock_settings(tx, g))? {
            if !notice_waits(tx, &a)? && persist::claim(tx, &a, now)? {
                actions.push(a);
            }
        }
        for (i, a) in actions.iter().enumerate() {
            act(tx, config, a, i, now)?;
        }
        Ok(actions.len()
            + tournaments(tx, config, now)?
            + digests(tx, config, now)?
            + director_digests(tx, config, now)?)
    })?;
    Ok(n)
}

/// Whether the tick at `now` may act (see [`crate::referee::clock_step`]): a
/// forward step of the clock larger than `[clock] max-step-hours` since the
/// last trusted tick holds every clock action and deadline until a director
/// answers it; the referees are alerted once, when it is seen.
fn clock_trusted(tx: &Tx<'_>, config: &Config, now: DateTime<Utc>) -> Result<bool, RefereeError> {
    let max_step = chrono::Duration::hours(
        i64::try_from(config.clock.max_step_hours).unwrap_or(i64::MAX / 7_200_000),
    );
    let boot = super::wall::boot_mark();
    match clock_step::judge_tick(tx, now, boot.as_ref(), max_step)? {
        TickGuard::Run => Ok(true),
        TickGuard::Stepped(step) => {
            tracing::warn!(from = %step.from, to = %step.to, "the system clock stepped forward: time-outs held until `zaochka clock confirm-step` or `cancel-step`");
            let alert = super::alerts::Alert::ClockStepped {
                from: step.from,
                to: step.to,
            };
            super::alerts::raise(tx, config, &alert, now)?;
            Ok(false)
        }
        TickGuard::Waiting(_) => {
            tracing::debug!("a step of the clock waits for a director: nothing due acted on");
            Ok(false)
        }
    }
}

/// True if the notice of the turn `a` is about still waits in the outbox (the
/// daemon was down or behind, or the mail server refused it for now): the
/// player was not told it is their move, so nothing is due for that side yet;
/// once the notice goes, the wait is a clock stop and the deadline moves by it.
fn notice_waits(tx: &Tx<'_>, a: &crate::clock::Action) -> Result<bool, RefereeError> {
    let game = games::get(tx, a.game_id)?;
    let Some(started) = crate::store::clocks::get(tx, a.game_id, a.side)?
        .filter(|c| c.running)
        .and_then(|c| c.last_started_at)
    else {
        return Ok(false);
    };
    let waits =
        crate::store::bounce_pauses::notice_waits(tx, a.game_id, game.player(a.side), started)?;
    if waits {
        tracing::debug!(
            game = a.game_id.0,
            side = a.side.as_str(),
            "the move notice waits in the outbox: nothing due yet"
        );
    }
    Ok(waits)
}

/// The clock settings of a game: its tournament's, else the defaults.
fn clock_settings(tx: &Tx<'_>, game: &games::Game) -> Settings {
    crate::store::tournaments::game(tx, game.id)
        .ok()
        .flatten()
        .and_then(|link| crate::store::tournaments::get(tx, link.tournament).ok())
        .map_or_else(Settings::default, |t| t.settings.clock())
}

/// Tournaments' deadlines: a playing period that has ended sends the
/// unfinished games to adjudication; a claim term that has ended sends the
/// game to the director; a bulletin due is mailed to the entrants. Returns
/// the number of tournaments, games and bulletins acted on.
fn tournaments(tx: &Tx<'_>, config: &Config, now: DateTime<Utc>) -> Result<usize, RefereeError> {
    use crate::store::tournaments::{self as rows, TournamentStatus};
    let mut acted = 0;
    for t in rows::playing(tx)? {
        let (Some(days), Some(started), TournamentStatus::Playing) =
            (t.settings.playing_period_days, t.started_at, t.status)
        else {
            continue;
        };
        if started + chrono::Duration::days(i64::from(days)) > now {
            continue;
        }
        let replies = crate::referee::tournament::end_playing_period(tx, None, &t, now)?;
        let event = TournamentEvent::PeriodEnded { tournament: t.id.0 };
        post_all(tx, config, &replies, event, now)?;
        info!(tournament = %t.name, games = replies.len() / 2, "playing period ended");
        acted += 1;
    }
    let replies = crate::referee::tournament::overdue_claims(tx, now)?;
    let event = TournamentEvent::ClaimsOverdue {
        at: now.timestamp(),
    };
    post_all(tx, config, &replies, event, now)?;
    acted += replies.len() / 2;
    // Bulletins last: a tournament finished by this tick gets its final one.
    for b in crate::referee::tournament::bulletin::due(tx, now)? {
        if let Some(mails) = crate::letters::bulletin::send_bulletin(tx, &config.bot(), &b, now)? {
            info!(tournament = %b.tournament, number = b.number, last = b.last, mails, "bulletin sent");
            acted += 1;
        }
    }
    Ok(acted)
}

/// The players' daily digests due at `now`: each written to the outbox in
/// the transaction that records its day, so it goes once. Returns the number
/// of digests mailed.
fn digests(tx: &Tx<'_>, config: &Config, now: DateTime<Utc>) -> Result<usize, RefereeError> {
    let mut mailed = 0;
    for d in crate::referee::digest::due(tx, now)? {
        if let Some(games) = crate::letters::digest::send_digest(tx, &config.bot(), &d, now)? {
            info!(player = d.player.id.0, day = %d.day, games, "digest");
            mailed += usize::from(games > 0);
        }
    }
    Ok(mailed)
}

/// The directors' daily digests due at `now`: each written to the outbox in
/// the transaction that records its day and marks its events told, so it
/// goes once. Returns the number of digests mailed.
fn director_digests(
    tx: &Tx<'_>,
    config: &Config,
    now: DateTime<Utc>,
) -> Result<usize, RefereeError> {
    let mut mailed = 0;
    for d in crate::referee::tournament::director_digest::due(tx, now)? {
        let sent = crate::letters::digest::send_director_digest(tx, &config.bot(), &d, now)?;
        if let Some(events) = sent {
            info!(tournament = d.tournament.id.0, director = d.director.id.0, day = %d.day, events, "director digest");
            mailed += 1;
        }
    }
    Ok(mailed)
}

/// Posts the replies of a tournament deadline (`event`), with their
/// Message-IDs ([`ids::tournament`]).
fn post_all(
    tx: &Tx<'_>,
    config: &Config,
    replies: &[Reply],
    event: TournamentEvent,
    now: DateTime<Utc>,
) -> Result<(), RefereeError> {
    for (k, r) in replies.iter().enumerate() {
        let id = ids::tournament(event, r.game, k, &config.address.domain);
        crate::letters::post(tx, &config.bot(), r, None, id, now)?;
    }
    Ok(())
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
    // The directors' warnings go to the tournament's directors alone.
    if a.kind.to_directors() {
        let replies = crate::referee::tournament::clock_warning(tx, a)?;
        for (k, reply) in replies.iter().enumerate() {
            let id = ids::clock(a, i, k, &config.address.domain);
            crate::letters::post(tx, &config.bot(), reply, None, id, now)?;
        }
        info!(game = a.game_id.0, side = a.side.as_str(), action = %a.key(), directors = replies.len(), "directors warned");
        return Ok(());
    }
    let game = games::get(tx, a.game_id)?;
    let player = players::get(tx, game.player(a.side))?;
    let tz = zone::parse_zone(&player.time_zone).unwrap_or(chrono_tz::Tz::UTC);
    let deadline = zone::format_deadline(a.deadline, tz);
    let key = a.kind.key();
    // (recipient, body); the composer makes the headers (the game's Subject,
    // the recipient's reply address, the thread).
    let mut mails: Vec<(Player, Line)> = Vec::new();
    // Replies made whole by the referee (event line and state).
    let mut told: Vec<Reply> = Vec::new();
    let mut ended = false;
    match &a.kind {
        ActionKind::DeadlineReminder { hours } => mails.push((
            player.clone(),
            Line::of(Part::Clock(ClockEvent::DeadlineNear {
                hours: *hours,
                deadline,
            })),
        )),
        ActionKind::SilenceReminder { days } => mails.push((
            player.clone(),
            Line::of(Part::Clock(ClockEvent::Silent {
                days: *days,
                deadline,
            })),
        )),
        ActionKind::TimeOut {
            policy: TimeoutPolicy::LoseOnTime,
        } => {
            // Draughts: any piece left may still win, so the opponent can win.
            let finished = crate::referee::clocks::finish_on_time(tx, a, true, now)?;
            ended = finished.result.is_some();
            if let Some(result) = finished.result {
                // Both players: the line says the result, the state below
                // it does not say it again.
                let lost = ClockEvent::LostOnTime {
                    name: player.name.clone(),
                    deadline: zone::format_utc(a.deadline),
                    result,
                };
                let l = crate::referee::load::load(tx, a.game_id, now)?;
                told = crate::referee::view::to_both(
                    &l,
                    l.game.as_ref(),
                    None,
                    vec![Line::of(Part::Clock(lost))],
                );
            } else {
                for side in [a.side, a.side.opposite()] {
                    mails.push((players::get(tx, game.player(side))?, Line(Vec::new())));
                }
            }
        }
        ActionKind::DirectorDeadline { .. } | ActionKind::DirectorSilence { .. } => {}
        ActionKind::TimeOut {
            policy: TimeoutPolicy::ReportToReferee,
        } => {
            for r in super::process::referees(tx)? {
                mails.push((
                    r.clone(),
                    Line::of(Part::Clock(ClockEvent::TimeOutReported {
                        game: a.game_id.0,
                        name: player.name.clone(),
                        deadline: zone::format_utc(a.deadline),
                    })),
                ));
            }
        }
    }
    // Each mail carries the game's state for its reader: the board, the score,
    // the clocks, or the result of a game the clock has just ended.
    let mails: Vec<(Player, Told)> = mails
        .into_iter()
        .map(|(p, line)| {
            let status = crate::referee::Command::Status { game: a.game_id };
            let state = crate::referee::handle(tx, &status, p.id, now, Default::default())
                .ok()
                .and_then(|h| h.replies.into_iter().next())
                .map(|r| r.told);
            let told = match state {
                Some(Told::News { mut lines, state }) => {
                    lines.push(line);
                    Told::News { lines, state }
                }
                Some(other) => Told::lines(vec![
                    line,
                    Line(Vec::new()),
                    Line::of(Part::Told(Box::new(other))),
                ]),
                None => Told::lines(vec![line]),
            };
            (p, told)
        })
        .collect();
    let mut replies: Vec<Reply> = told;
    replies.extend(mails.into_iter().map(|(to, told)| Reply {
        monospace: false,
        session: None,
        to: to.id,
        email: to.email.clone(),
        language: to.language,
        game: Some(a.game_id),
        told,
        notes: Vec::new(),
    }));
    if ended {
        crate::referee::tournament::after_game_end(tx, a.game_id, &mut replies, now)?;
    }
    for (k, reply) in replies.iter().enumerate() {
        let id = ids::clock(a, i, k, &config.address.domain);
        crate::letters::post(tx, &config.bot(), reply, None, id, now)?;
    }
    info!(game = a.game_id.0, side = a.side.as_str(), action = %key, "clock action");
    Ok(())
}
