//! The scheduler's decision, pure: given a game's clocks, control, stops,
//! settings and `now`, which reminders and time-outs are due.
//!
//! The daemon's tick calls [`due`] (or `referee::game_clocks::tick`, which
//! loads the inputs) for every active game, then records each action with
//! the store's `record_reminder` under its stable key ([`Action::record`]) in
//! the same transaction as the outbox row it writes, and acts only if the
//! record was new. So a tick run twice, or re-run after a crash, never sends
//! a reminder twice; a tick that runs late still sends what fell due while it
//! was down.
//!
//! # Points in time
//!
//! All points are measured in clock time, so leave and pauses (the stops)
//! shift them exactly as they shift the deadline:
//!
//! - **deadline reminder** `h` hours before: when `h` hours of clock time are
//!   left before the deadline ([`Settings::remind_hours_before_deadline`],
//!   default 72 and 24). Skipped if the move began with no more than `h`
//!   hours. Key: `deadline-3d` (or `deadline-36h`), about the deadline, so a
//!   deadline that moves (leave, extra time) gets its reminders anew.
//! - **silence reminder** after `d` days without a move: when `d` days of
//!   clock time have run since the side's clock started
//!   ([`Settings::silence_reminder_days`], default 14, 28, 35). Skipped if the
//!   deadline comes first. Key: `silence-14d`, about the clock's start.
//! - **time-out**: at the deadline; [`TimeoutPolicy`] says whether the side
//!   loses (key `timeout-loss`) or the referee is told (key `timeout-report`),
//!   both about the deadline. Once the deadline has passed no reminder for
//!   that move is due any more.
//!
//! Whether a time-out is a loss or a draw (a side that cannot be mated, FIDE
//! art. 6.9) is the caller's question: the game knows the material. It passes
//! the answer to [`timeout_result`].

use chrono::{DateTime, Utc};

use super::charge::{DAY, HOUR, Stop, instant_after, late_at};
use super::control::TimeControl;
use super::settings::{Settings, TimeoutPolicy};
use super::state::{allowance, deadline};
use super::types::{Clock, Reminder};
use crate::vocabulary::{Color, GameId, GameResult};

/// What is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// Remind the side that `hours` hours of clock time are left.
    DeadlineReminder {
        /// Hours before the deadline.
        hours: u32,
    },
    /// Remind the side that it has not moved for `days` days of clock time.
    SilenceReminder {
        /// Days without a move.
        days: u32,
    },
    /// Tell the tournament's directors that the side is `days` days of
    /// clock time from losing on time (E-Dama's practice: 10 and 5).
    DirectorDeadline {
        /// Days of clock time left.
        days: u32,
    },
    /// Tell the tournament's directors that the side has not moved for
    /// `days` days of clock time (ICCF's reminder days: 14, 28, 35).
    DirectorSilence {
        /// Days without a move.
        days: u32,
    },
    /// The side's time is over.
    TimeOut {
        /// Lose at once, or tell the referee.
        policy: TimeoutPolicy,
    },
}

impl ActionKind {
    /// The stable name stored in `reminders.kind`: `deadline-3d`,
    /// `deadline-36h`, `silence-14d`, `director-deadline-10d`,
    /// `director-silence-14d`, `timeout-loss`, `timeout-report`.
    #[must_use]
    pub fn key(&self) -> String {
        match self {
            ActionKind::DeadlineReminder { hours } if hours % 24 == 0 => {
                format!("deadline-{}d", hours / 24)
            }
            ActionKind::DeadlineReminder { hours } => format!("deadline-{hours}h"),
            ActionKind::SilenceReminder { days } => format!("silence-{days}d"),
            ActionKind::DirectorDeadline { days } => format!("director-deadline-{days}d"),
            ActionKind::DirectorSilence { days } => format!("director-silence-{days}d"),
            ActionKind::TimeOut {
                policy: TimeoutPolicy::LoseOnTime,
            } => "timeout-loss".to_owned(),
            ActionKind::TimeOut {
                policy: TimeoutPolicy::ReportToReferee,
            } => "timeout-report".to_owned(),
        }
    }

    /// True for the warnings to the tournament's directors (not the player).
    #[must_use]
    pub fn to_directors(&self) -> bool {
        matches!(
            self,
            ActionKind::DirectorDeadline { .. } | ActionKind::DirectorSilence { .. }
        )
    }

    /// The family a later action of which supersedes an earlier one due at
    /// the same tick: 0 the player's deadline reminders, 1 the player's
    /// silence reminders, 2 the directors' deadline warnings, 3 the
    /// directors' silence warnings, 4 the time-out.
    fn family(&self) -> u8 {
        match self {
            ActionKind::DeadlineReminder { .. } => 0,
            ActionKind::SilenceReminder { .. } => 1,
            ActionKind::DirectorDeadline { .. } => 2,
            ActionKind::DirectorSilence { .. } => 3,
            ActionKind::TimeOut { .. } => 4,
        }
    }
}

/// One action due for one side of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The game.
    pub game_id: GameId,
    /// The side reminded (or timed out).
    pub side: Color,
    /// What is due.
    pub kind: ActionKind,
    /// When it fell due (UTC); at or before `now`.
    pub due_at: DateTime<Utc>,
    /// The instant the action is about, part of its key (UTC): the deadline
    /// for deadline reminders and time-outs, the clock's start for silence
    /// reminders.
    pub about: DateTime<Utc>,
    /// The side's deadline now (UTC), for the text of the reminder.
    pub deadline: DateTime<Utc>,
    /// True if a later reminder of the same family (deadline or silence) is
    /// due at the same time for the same side (the daemon was down): record
    /// it, but a message for the later one is enough.
    pub superseded: bool,
}

impl Action {
    /// The stable key: `reminders.kind` ([`ActionKind::key`]).
    #[must_use]
    pub fn key(&self) -> String {
        self.kind.key()
    }

    /// The store row that marks this action done, sent at `sent_at` (UTC);
    /// its `due_at` column holds [`Action::about`].
    #[must_use]
    pub fn record(&self, sent_at: DateTime<Utc>) -> Reminder {
        Reminder {
            game_id: self.game_id,
            side: self.side,
            kind: self.key(),
            due_at: self.about,
            sent_at,
        }
    }
}

/// One running clock's current move: what the reminder points are measured
/// from.
struct Turn<'a> {
    game_id: GameId,
    side: Color,
    /// When the side's clock started (UTC).
    start: DateTime<Utc>,
    /// The side's deadline (UTC).
    due: DateTime<Utc>,
    /// The clock time (seconds after `start`) at which the side loses on time.
    late: i64,
    stops: &'a [Stop],
}

impl Turn<'_> {
    /// One point `n` units (`unit` seconds of clock time) before the time
    /// loss for each distinct `n` of `amounts`, largest first, about the
    /// deadline. Zero, and points at or before the clock's start, are
    /// skipped.
    fn before_time_loss(
        &self,
        out: &mut Vec<Action>,
        amounts: &[u32],
        unit: i64,
        kind: impl Fn(u32) -> ActionKind,
    ) {
        let mut amounts = amounts.to_vec();
        amounts.sort_unstable_by(|a, b| b.cmp(a));
        amounts.dedup();
        for n in amounts {
            let at_clock = self.late - i64::from(n) * unit;
            if n == 0 || at_clock <= 0 {
                continue;
            }
            out.push(self.action(kind(n), at_clock, self.due));
        }
    }

    /// One point `d` days of clock time after the clock's start for each
    /// distinct `d` of `days`, earliest first, about the start. Zero, and
    /// points at or after the time loss, are skipped.
    fn after_turn_began(
        &self,
        out: &mut Vec<Action>,
        days: &[u32],
        kind: impl Fn(u32) -> ActionKind,
    ) {
        let mut days = days.to_vec();
        days.sort_unstable();
        days.dedup();
        for d in days {
            let at_clock = i64::from(d) * DAY;
            if d == 0 || at_clock >= self.late {
                continue;
            }
            out.push(self.action(kind(d), at_clock, self.start));
        }
    }

    /// The action of `kind` due `at_clock` seconds of clock time after the
    /// start, about `about`.
    fn action(&self, kind: ActionKind, at_clock: i64, about: DateTime<Utc>) -> Action {
        Action {
            game_id: self.game_id,
            side: self.side,
            kind,
            due_at: instant_after(self.start, at_clock, self.stops),
            about,
            deadline: self.due,
            superseded: false,
        }
    }
}

/// Every point of one running clock's current move, due or not, earliest
/// first; the time-out last. Empty for a clock that is not running.
fn points(
    game_id: GameId,
    control: &TimeControl,
    clock: &Clock,
    stops: &[Stop],
    settings: &Settings,
) -> Vec<Action> {
    let (Some(start), Some(due)) = (
        clock.last_started_at.filter(|_| clock.running),
        deadline(control, clock, stops),
    ) else {
        return Vec::new();
    };
    let turn = Turn {
        game_id,
        side: clock.side,
        start,
        due,
        late: late_at(control.counting(), allowance(control, clock)),
        stops,
    };
    let mut out = Vec::new();
    turn.before_time_loss(
        &mut out,
        &settings.remind_hours_before_deadline,
        HOUR,
        |hours| ActionKind::DeadlineReminder { hours },
    );
    turn.after_turn_began(&mut out, &settings.silence_reminder_days, |days| {
        ActionKind::SilenceReminder { days }
    });
    turn.before_time_loss(&mut out, &settings.director_warn_days, DAY, |days| {
        ActionKind::DirectorDeadline { days }
    });
    turn.after_turn_began(&mut out, &settings.director_silence_days, |days| {
        ActionKind::DirectorSilence { days }
    });
    out.sort_by_key(|a| a.due_at);
    out.push(Action {
        game_id,
        side: clock.side,
        kind: ActionKind::TimeOut {
            policy: settings.on_timeout,
        },
        due_at: due,
        about: due,
        deadline: due,
        superseded: false,
    });
    out
}

/// The actions due at `now` (UTC) for one side's clock: reminders whose point
/// has come while the deadline has not, or the time-out alone once it has.
/// Nothing for a clock that is not running.
#[must_use]
pub fn due_for_clock(
    game_id: GameId,
    control: &TimeControl,
    clock: &Clock,
    stops: &[Stop],
    settings: &Settings,
    now: DateTime<Utc>,
) -> Vec<Action> {
    let all = points(game_id, control, clock, stops, settings);
    let Some(timeout) = all.last().copied() else {
        return Vec::new();
    };
    if now >= timeout.due_at {
        return vec![timeout];
    }
    let mut due: Vec<Action> = all.into_iter().filter(|a| a.due_at <= now).collect();
    for i in 0..due.len() {
        let later_same_family = due[i + 1..]
            .iter()
            .any(|b| b.kind.family() == due[i].kind.family());
        due[i].superseded = later_same_family;
    }
    due
}

/// The actions due at `now` (UTC) for a game: both sides' (see
/// [`due_for_clock`]). `clocks` pairs each side's clock with its stops (the
/// player's leaves, pauses).
#[must_use]
pub fn due(
    game_id: GameId,
    control: &TimeControl,
    clocks: &[(&Clock, &[Stop])],
    settings: &Settings,
    now: DateTime<Utc>,
) -> Vec<Action> {
    clocks
        .iter()
        .flat_map(|(clock, stops)| due_for_clock(game_id, control, clock, stops, settings, now))
        .collect()
}

/// The next action of a running clock strictly after `now` (UTC): the next
/// reminder to the player, or the time-out (the directors' warnings are not
/// the player's); for "the next reminder will come on ..." in replies.
/// `None` for a stopped clock or a deadline already passed.
#[must_use]
pub fn next_after(
    game_id: GameId,
    control: &TimeControl,
    clock: &Clock,
    stops: &[Stop],
    settings: &Settings,
    now: DateTime<Utc>,
) -> Option<Action> {
    points(game_id, control, clock, stops, settings)
        .into_iter()
        .find(|a| a.due_at > now && !a.kind.to_directors())
}

/// The result when `timed_out` runs out of time: a win for the opponent, or
/// a draw if the opponent could not win by any series of legal moves (chess:
/// FIDE Laws art. 6.9; the caller decides `opponent_can_win` from the
/// position and the variant's rules).
#[must_use]
pub fn timeout_result(timed_out: Color, opponent_can_win: bool) -> GameResult {
    if opponent_can_win {
        match timed_out {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        }
    } else {
        GameResult::Draw
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::control::Counting;
    use crate::clock::state::start;
    use chrono::{TimeDelta, TimeZone};

    fn at(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, 0, 0)
            .single()
            .expect("valid instant")
    }

    fn running(control: &TimeControl, from: DateTime<Utc>, stops: &[Stop]) -> Clock {
        let mut c = Clock::new(GameId(7), Color::Black, from);
        start(control, &mut c, from, stops);
        c
    }

    fn keys(actions: &[Action]) -> Vec<String> {
        actions.iter().map(Action::key).collect()
    }

    #[test]
    fn deadline_reminders_come_three_days_and_one_day_before() {
        let c = TimeControl::days_per_move(10).expect("valid");
        let clock = running(&c, at(2026, 1, 1, 12), &[]);
        let s = Settings::default();
        let due_at = |now| due_for_clock(GameId(7), &c, &clock, &[], &s, now);
        assert!(due_at(at(2026, 1, 8, 11)).is_empty());
        let d = due_at(at(2026, 1, 8, 12));
        assert_eq!(keys(&d), ["deadline-3d"]);
        assert_eq!(d[0].due_at, at(2026, 1, 8, 12));
        assert_eq!(d[0].about, at(2026, 1, 11, 12));
        let d = due_at(at(2026, 1, 10, 12));
        assert_eq!(keys(&d), ["deadline-3d", "deadline-1d"]);
        assert!(d[0].superseded && !d[1].superseded);
        let d = due_at(at(2026, 1, 11, 12));
        assert_eq!(keys(&d), ["timeout-loss"]);
        assert_eq!(d[0].due_at, at(2026, 1, 11, 12));
    }

    #[test]
    fn silence_reminders_for_a_long_control() {
        let c = TimeControl::moves_in_days(10, 50, Counting::EXACT).expect("valid");
        let clock = running(&c, at(2026, 1, 31, 0), &[]);
        let s = Settings::default();
        let d = due_for_clock(GameId(7), &c, &clock, &[], &s, at(2026, 3, 7, 0));
        // Jan 31 + 14 = Feb 14, + 28 = Feb 28, + 35 = Mar 7.
        let when: Vec<_> = d.iter().map(|a| (a.key(), a.due_at)).collect();
        assert_eq!(
            when,
            [
                ("silence-14d".to_owned(), at(2026, 2, 14, 0)),
                ("silence-28d".to_owned(), at(2026, 2, 28, 0)),
                ("silence-35d".to_owned(), at(2026, 3, 7, 0)),
            ]
        );
        assert!(d.iter().all(|a| a.about == at(2026, 1, 31, 0)));
        // Deadline Mar 22: 3 days before is Mar 19.
        let next = next_after(GameId(7), &c, &clock, &[], &s, at(2026, 3, 7, 0)).expect("next");
        assert_eq!(
            (next.key(), next.due_at),
            ("deadline-3d".to_owned(), at(2026, 3, 19, 0))
        );
    }

    #[test]
    fn a_short_control_skips_reminders_that_would_precede_the_move() {
        let c = TimeControl::days_per_move(2).expect("valid");
        let clock = running(&c, at(2026, 1, 1, 0), &[]);
        let s = Settings::default();
        let all: Vec<_> = (0..48)
            .flat_map(|h| {
                due_for_clock(
                    GameId(7),
                    &c,
                    &clock,
                    &[],
                    &s,
                    at(2026, 1, 1, 0) + TimeDelta::hours(h),
                )
            })
            .map(|a| a.key())
            .collect();
        assert!(all.iter().all(|k| k == "deadline-1d"), "{all:?}");
    }

    #[test]
    fn leave_shifts_reminders_and_the_time_out() {
        let c = TimeControl::days_per_move(5).expect("valid");
        let stops = [Stop::new(at(2026, 1, 2, 0), at(2026, 1, 12, 0))];
        let clock = running(&c, at(2026, 1, 1, 0), &stops);
        let s = Settings::default();
        assert_eq!(clock.deadline, Some(at(2026, 1, 16, 0)));
        let first = next_after(GameId(7), &c, &clock, &stops, &s, at(2026, 1, 1, 0)).expect("r");
        assert_eq!(first.key(), "deadline-3d");
        assert_eq!(first.due_at, at(2026, 1, 13, 0));
        assert!(due_for_clock(GameId(7), &c, &clock, &stops, &s, at(2026, 1, 12, 23)).is_empty());
    }

    #[test]
    fn report_policy_gives_a_report_key() {
        let c = TimeControl::days_per_move(1).expect("valid");
        let clock = running(&c, at(2026, 1, 1, 0), &[]);
        let s = Settings {
            on_timeout: TimeoutPolicy::ReportToReferee,
            ..Settings::default()
        };
        let d = due_for_clock(GameId(7), &c, &clock, &[], &s, at(2026, 1, 3, 0));
        assert_eq!(keys(&d), ["timeout-report"]);
        let r = d[0].record(at(2026, 1, 3, 0));
        assert_eq!(r.due_at, at(2026, 1, 2, 0));
        assert_eq!(r.kind, "timeout-report");
    }

    #[test]
    fn a_stopped_clock_has_nothing_due() {
        let c = TimeControl::days_per_move(1).expect("valid");
        let clock = Clock::new(GameId(7), Color::White, at(2026, 1, 1, 0));
        let s = Settings::default();
        assert!(due_for_clock(GameId(7), &c, &clock, &[], &s, at(2030, 1, 1, 0)).is_empty());
        assert!(next_after(GameId(7), &c, &clock, &[], &s, at(2026, 1, 1, 0)).is_none());
    }

    #[test]
    fn hour_based_reminder_keys() {
        assert_eq!(
            ActionKind::DeadlineReminder { hours: 36 }.key(),
            "deadline-36h"
        );
        assert_eq!(
            ActionKind::DeadlineReminder { hours: 72 }.key(),
            "deadline-3d"
        );
        assert_eq!(
            ActionKind::SilenceReminder { days: 14 }.key(),
            "silence-14d"
        );
    }

    #[test]
    fn time_out_is_a_draw_when_the_opponent_cannot_win() {
        assert_eq!(timeout_result(Color::White, true), GameResult::BlackWins);
        assert_eq!(timeout_result(Color::Black, true), GameResult::WhiteWins);
        assert_eq!(timeout_result(Color::White, false), GameResult::Draw);
    }
}
