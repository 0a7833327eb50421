//! A player's calendar as typed entries: the deadline of every active game
//! (the player's own, and the opponent's marked as theirs), each leave not
//! yet over, and the end of the playing period of each tournament being
//! played. `letters::calendar` writes it as RFC 5545 in the player's zone and
//! language.

use chrono::{DateTime, Utc};

use super::{Handled, RefereeError};
use crate::clock::types::LeaveId;
use crate::referee::game_clocks;
use crate::store::games::{GameFilter, list};
use crate::store::players::{self, Player};
use crate::store::tournaments::{TournamentStatus, of_player as tournaments_of};
use crate::store::{Tx, clocks};
use crate::vocabulary::{Color, GameId, GameStatus, PlayerId};

/// One event of a player's calendar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A side loses on time at `at` unless it moves (the deadline `game show`
    /// prints).
    Deadline {
        /// The game.
        game: GameId,
        /// The side to move.
        side: Color,
        /// Whether the calendar's player is that side (else the opponent).
        mine: bool,
        /// The opponent's name.
        opponent: String,
        /// Plies played so far: the event's revision (SEQUENCE).
        plies: u32,
        /// The deadline (UTC).
        at: DateTime<Utc>,
    },
    /// A leave of the player: `[starts, ends)` (UTC; local midnights).
    Leave {
        /// The leave's row.
        id: LeaveId,
        /// First instant.
        starts: DateTime<Utc>,
        /// First instant after it.
        ends: DateTime<Utc>,
    },
    /// The end of a tournament's playing period (games unfinished then go to
    /// adjudication).
    PeriodEnd {
        /// The tournament's row id.
        tournament: i64,
        /// Its name.
        name: String,
        /// When the period ends (UTC).
        at: DateTime<Utc>,
    },
}

/// A player's calendar at the instant it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calendar {
    /// Whose calendar.
    pub player: Player,
    /// Its events, deadlines first (soonest first), then leaves and periods.
    pub entries: Vec<Entry>,
    /// When it was made (UTC; DTSTAMP).
    pub made_at: DateTime<Utc>,
    /// The web address the daemon keeps it at, when it publishes calendars
    /// and knows the site's address; filled in by that edge, `None` here.
    pub published: Option<String>,
}

/// The player's calendar at `now` (UTC).
///
/// # Errors
/// Database failures; a clock that no longer loads.
pub fn of_player(
    tx: &Tx<'_>,
    player: PlayerId,
    now: DateTime<Utc>,
) -> Result<Calendar, RefereeError> {
    let me = players::get(tx, player)?;
    let mut deadlines = Vec::new();
    let filter = GameFilter {
        player: Some(player),
        status: Some(GameStatus::Active),
        ..GameFilter::default()
    };
    for g in list(tx, &filter)? {
        let Some(mine) = g.side_of(player) else {
            continue;
        };
        let Some(views) = game_clocks::report(tx, g.id, now)? else {
            continue;
        };
        let plies = crate::store::moves::last_ply(tx, g.id)?;
        for v in views {
            // As `game show`: a clock that stands has no deadline.
            let Some(at) = v
                .deadline
                .filter(|d| v.running && !crate::clock::pauses::stands_open(*d))
            else {
                continue;
            };
            let opponent = players::get(tx, g.player(mine.opposite()))?.name;
            deadlines.push(Entry::Deadline {
                game: g.id,
                side: v.side,
                mine: v.side == mine,
                opponent,
                plies,
                at,
            });
        }
    }
    deadlines.sort_by_key(|e| match e {
        Entry::Deadline { at, game, .. } => (*at, game.0),
        _ => (now, 0),
    });
    let mut entries = deadlines;
    let far = now + chrono::Duration::days(3 * 366);
    for l in clocks::leaves(tx, player, now, far)? {
        entries.push(Entry::Leave {
            id: l.id,
            starts: l.starts_at,
            ends: l.ends_at,
        });
    }
    for t in tournaments_of(tx, player)? {
        if let (Some(days), Some(started), TournamentStatus::Playing, None) = (
            t.settings.playing_period_days,
            t.started_at,
            t.status,
            t.period_ended_at,
        ) {
            entries.push(Entry::PeriodEnd {
                tournament: t.id.0,
                name: t.name.clone(),
                at: started + chrono::Duration::days(i64::from(days)),
            });
        }
    }
    Ok(Calendar {
        player: me,
        entries,
        made_at: now,
        published: None,
    })
}

/// A player asks by mail for their calendar: the answer carries it (the
/// composer attaches it as `.ics`).
///
/// # Errors
/// Database failures.
pub fn mail(tx: &Tx<'_>, actor: PlayerId, now: DateTime<Utc>) -> Result<Handled, RefereeError> {
    let c = of_player(tx, actor, now)?;
    let me = c.player.clone();
    Ok(Handled {
        game: None,
        replies: vec![super::query::reply_told(
            &me,
            None,
            super::told::Told::Calendar(Box::new(c)),
        )],
        summary: super::told::Account::Reply,
        late: None,
    })
}
