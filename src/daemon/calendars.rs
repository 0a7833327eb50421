//! Players' calendars kept in the site folder (`[tournaments] calendars`):
//! each cycle every player's calendar is made again and, when its events
//! (or the player's name, language or zone) differ from the file last
//! written, written to `<site-dir>/calendars/<name>.ics`
//! ([`crate::letters::calendar::published_name`]), so a move, a leave or a
//! game's end shows in it after the batch that made it. A retired player's
//! file is removed (once per run: the first cycle after a start looks).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use tracing::{info, warn};

use crate::config::Config;
use crate::referee::RefereeError;
use crate::referee::calendar::{Entry, of_player};
use crate::store::Store;
use crate::store::players::{self, Player};
use crate::vocabulary::PlayerId;

/// What each player's published file shows: the player and the events.
pub type Published = HashMap<PlayerId, (Player, Vec<Entry>)>;

/// Writes the calendars that are out of date. A failure is logged and tried
/// again at the next cycle; it never stops the daemon.
pub fn refresh(store: &mut Store, config: &Config, published: &mut Published, now: DateTime<Utc>) {
    let Some(root) = config.tournaments.calendar_site() else {
        return;
    };
    let bot = config.bot();
    let due = store.read(|tx| -> Result<_, RefereeError> {
        let mut due = Vec::new();
        for p in players::list(tx)? {
            if p.retired_at.is_some() {
                if published
                    .get(&p.id)
                    .is_none_or(|(who, _)| who.retired_at.is_none())
                {
                    due.push((Due::Remove(p), String::new()));
                }
                continue;
            }
            let c = of_player(tx, p.id, now)?;
            if published
                .get(&p.id)
                .is_some_and(|(who, entries)| *who == c.player && *entries == c.entries)
            {
                continue;
            }
            let text = crate::letters::calendar::ics(tx, &bot, &c)?;
            due.push((Due::Write(c), text));
        }
        Ok(due)
    });
    // The names need the secret, made here if it is its first use.
    let due = due.and_then(|due| {
        if due.is_empty() {
            return Ok(Vec::new());
        }
        store.transaction(|tx| -> Result<_, RefereeError> {
            due.into_iter()
                .map(|(c, text)| {
                    let name = crate::letters::calendar::published_name(tx, c.player().id, now)?;
                    Ok((c, name, text))
                })
                .collect()
        })
    });
    let due = match due {
        Ok(d) => d,
        Err(e) => {
            warn!(error = %e, "published calendars: cannot read the store");
            return;
        }
    };
    let mode = config.tournaments.site_mode();
    let (mut written, mut removed) = (0usize, 0usize);
    for (due, name, text) in due {
        match due {
            Due::Write(c) => match crate::site::write_calendar(root, &name, &text, mode) {
                Ok(()) => {
                    written += 1;
                    published.insert(c.player.id, (c.player, c.entries));
                }
                Err(e) => {
                    warn!(player = c.player.id.0, error = %e, "calendar not published");
                }
            },
            Due::Remove(p) => match crate::site::remove_calendar(root, &name) {
                Ok(was) => {
                    removed += usize::from(was);
                    published.insert(p.id, (p, Vec::new()));
                }
                Err(e) => {
                    warn!(player = p.id.0, error = %e, "a retired player's calendar not removed");
                }
            },
        }
    }
    if written > 0 {
        info!(calendars = written, dir = %root.display(), "player calendars published");
    }
    if removed > 0 {
        info!(calendars = removed, dir = %root.display(), "retired players' calendars removed");
    }
}

/// What a cycle does with one player's published file.
enum Due {
    /// Writes the calendar (it changed).
    Write(crate::referee::calendar::Calendar),
    /// Removes the file of a retired player.
    Remove(Player),
}

impl Due {
    fn player(&self) -> &Player {
        match self {
            Due::Write(c) => &c.player,
            Due::Remove(p) => p,
        }
    }
}
