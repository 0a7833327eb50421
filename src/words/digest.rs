//! The players' daily digest and calendar in words: the answer to a player
//! who asks for the digest or for every move, the digest's Subject, heading,
//! per-game line (its reply address and deadline) and foot, and the
//! calendar's event titles, descriptions and covering answer.

use super::catalog::Message;
use crate::clock::digest::MoveMails;
use crate::referee::calendar::Entry;
use crate::vocabulary::{Color, Language};

/// The answer to a player who set how they hear of the opponents' moves;
/// `zone` is their time zone's name.
#[must_use]
pub fn preference(mails: MoveMails, zone: &str, lang: Language) -> String {
    match mails {
        MoveMails::EveryMove => Message::new("digest-off").render(lang),
        MoveMails::Daily { hour } => Message::new("digest-on")
            .arg("hour", format!("{hour:02}:00"))
            .arg("zone", zone.to_string())
            .render(lang),
    }
}

/// The digest's Subject: `[zaochka] Your move in 3 games (2027-03-02)`.
#[must_use]
pub fn subject(games: usize, day: &str, lang: Language) -> String {
    Message::new("digest-subject")
        .arg("count", games)
        .arg("day", day.to_string())
        .render(lang)
}

/// The digest's first paragraph.
#[must_use]
pub fn heading(games: usize, lang: Language) -> String {
    Message::new("digest-heading")
        .arg("count", games)
        .render(lang)
}

/// The line above a game's state: its number, where to write the move,
/// and its deadline as a reply states it (UTC and the reader's zone).
#[must_use]
pub fn game_line(game: i64, address: &str, deadline: Option<&str>, lang: Language) -> String {
    match deadline {
        Some(d) => Message::new("digest-game")
            .arg("game", game.to_string())
            .arg("address", address.to_string())
            .arg("deadline", d.to_string())
            .render(lang),
        None => Message::new("digest-game-no-deadline")
            .arg("game", game.to_string())
            .arg("address", address.to_string())
            .render(lang),
    }
}

/// The digest's last paragraph: each game has its own address; how to get
/// a mail per move again.
#[must_use]
pub fn foot(lang: Language) -> String {
    Message::new("digest-foot").render(lang)
}

/// A calendar event's title (SUMMARY).
#[must_use]
pub fn calendar_summary(e: &Entry, lang: Language) -> String {
    match e {
        Entry::Deadline {
            game,
            mine: true,
            opponent,
            ..
        } => Message::new("calendar-deadline-mine")
            .arg("game", game.0.to_string())
            .arg("opponent", opponent.as_str())
            .render(lang),
        Entry::Deadline {
            game,
            mine: false,
            opponent,
            ..
        } => Message::new("calendar-deadline-theirs")
            .arg("game", game.0.to_string())
            .arg("opponent", opponent.as_str())
            .render(lang),
        Entry::Leave { .. } => Message::new("calendar-leave").render(lang),
        Entry::PeriodEnd { name, .. } => Message::new("calendar-period-end")
            .arg("tournament", name.as_str())
            .render(lang),
    }
}

/// A calendar event's description (DESCRIPTION); `address` is where the
/// player writes their move in the game of a deadline.
#[must_use]
pub fn calendar_description(e: &Entry, address: Option<&str>, lang: Language) -> String {
    match e {
        Entry::Deadline {
            mine: true, side, ..
        } => Message::new("calendar-deadline-mine-description")
            .arg("side", side_word(*side, lang))
            .arg("address", address.unwrap_or_default().to_string())
            .render(lang),
        Entry::Deadline {
            mine: false, side, ..
        } => Message::new("calendar-deadline-theirs-description")
            .arg("side", side_word(*side, lang))
            .render(lang),
        Entry::Leave { .. } => Message::new("calendar-leave-description").render(lang),
        Entry::PeriodEnd { .. } => Message::new("calendar-period-end-description").render(lang),
    }
}

fn side_word(side: Color, lang: Language) -> String {
    Message::new(match side {
        Color::White => "calendar-side-white",
        Color::Black => "calendar-side-black",
    })
    .render(lang)
}

/// The calendar's name (X-WR-CALNAME): `zaochka: Иван Петров`.
#[must_use]
pub fn calendar_name(player: &str, lang: Language) -> String {
    Message::new("calendar-name")
        .arg("player", player.to_string())
        .render(lang)
}

/// The answer that carries the calendar: how many events, the attached
/// file's name, and that importing it again updates the same events; with
/// `published`, the web address the daemon keeps it up to date at.
#[must_use]
pub fn calendar_attached(
    events: usize,
    file: &str,
    published: Option<&str>,
    lang: Language,
) -> String {
    let attached = Message::new("calendar-attached")
        .arg("count", events)
        .arg("file", file.to_string())
        .render(lang);
    match published {
        Some(url) => {
            let at = Message::new("calendar-published")
                .arg("url", url.to_string())
                .render(lang);
            format!("{attached}\n\n{at}")
        }
        None => attached,
    }
}
