//! A player's calendar as an RFC 5545 file (the `icalendar` crate): every
//! entry of [`crate::referee::calendar::Calendar`] as a VEVENT whose
//! SUMMARY and DESCRIPTION are in the player's language and whose times are
//! in the player's time zone (`DTSTART;TZID=Europe/Moscow:...`, the IANA name;
//! UTC with `Z` for a player in UTC). Each event's UID is stable, so that a
//! calendar program imports a newer file as an update of the same events:
//!
//! - a deadline: `deadline.<game>.<white|black>@<domain>`, with SEQUENCE the
//!   plies played (it grows with each move), start and end at the deadline;
//! - a leave: `leave.<id>@<domain>`, whole days (DTEND the day after the
//!   last);
//! - a playing period's end: `period.<tournament>@<domain>`.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use icalendar::{Calendar as Ics, CalendarDateTime, Component, Event, EventLike};

use crate::clock::zone;
use crate::mail::BotAddress;
use crate::referee::Fault;
use crate::referee::RefereeError;
use crate::referee::calendar::{Calendar, Entry};
use crate::store::Tx;
use crate::store::outbox::Attachment;

/// The attached file's name: `zaochka-<player>.ics`.
#[must_use]
pub fn file_name(c: &Calendar) -> String {
    format!("zaochka-{}.ics", c.player.id.0)
}

/// The name a player's published calendar goes by (`calendars/<name>.ics`
/// in the site folder): the first 16 bytes (128 bits) of HMAC-SHA256 of the
/// player's id under the database's secret, in lower-case hex (32 digits),
/// so nobody can name another player's file from their id, and another
/// database names it otherwise. `now` (UTC) dates the secret if this is its
/// first use.
///
/// # Errors
/// Database failures.
pub fn published_name(
    tx: &Tx<'_>,
    player: crate::vocabulary::PlayerId,
    now: DateTime<Utc>,
) -> Result<String, RefereeError> {
    use hmac::{Hmac, KeyInit, Mac};
    let secret = crate::store::secrets::verp_key(tx, now)?;
    let mut m = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.bytes())
        .map_err(|e| RefereeError::Fault(Fault::Key(e.to_string())))?;
    m.update(b"zaochka published calendar v1\0");
    m.update(&player.0.to_be_bytes());
    Ok(m.finalize().into_bytes()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The published calendar's path from the site folder's root:
/// `calendars/<name>.ics`.
#[must_use]
pub fn published_path(name: &str) -> String {
    format!("calendars/{name}.ics")
}

/// An instant in the player's zone, with its TZID (UTC with `Z` in UTC).
fn local(at: DateTime<Utc>, tz: Tz) -> CalendarDateTime {
    if tz == Tz::UTC || tz == Tz::Etc__UTC {
        CalendarDateTime::Utc(at)
    } else {
        CalendarDateTime::from((at.with_timezone(&tz).naive_local(), tz))
    }
}

/// The calendar as RFC 5545 text (CRLF line ends).
///
/// # Errors
/// Database failures (the reply addresses of the games).
pub fn ics(tx: &Tx<'_>, bot: &BotAddress, c: &Calendar) -> Result<String, RefereeError> {
    let lang = c.player.language;
    let tz = zone::parse_zone(&c.player.time_zone).unwrap_or(Tz::UTC);
    let domain = &bot.domain;
    // The product named is zaochka's, not the library's default
    // (RFC 5545 §3.7.3: the product that made the calendar).
    let mut cal = Ics::empty();
    for (name, value) in [
        ("VERSION", "2.0"),
        ("PRODID", "-//zaochka//deadlines//EN"),
        ("CALSCALE", "GREGORIAN"),
    ] {
        cal.append_property(icalendar::Property::new(name, value));
    }
    cal.name(&crate::words::digest::calendar_name(&c.player.name, lang));
    cal.timezone(tz.name());
    for e in &c.entries {
        let mut ev = Event::new();
        let address = match e {
            Entry::Deadline {
                game, mine: true, ..
            } => super::reply_address(tx, bot, Some(*game), &c.player.email)?,
            _ => None,
        };
        ev.summary(&crate::words::digest::calendar_summary(e, lang))
            .description(&crate::words::digest::calendar_description(
                e,
                address.as_deref(),
                lang,
            ))
            .timestamp(c.made_at);
        match e {
            Entry::Deadline {
                game,
                side,
                plies,
                at,
                ..
            } => {
                ev.uid(&format!("deadline.{}.{}@{domain}", game.0, side.as_str()))
                    .sequence(*plies)
                    .starts(local(*at, tz))
                    .ends(local(*at, tz));
            }
            Entry::Leave { id, starts, ends } => {
                ev.uid(&format!("leave.{}@{domain}", id.0))
                    .starts(zone::local_date(*starts, tz))
                    .ends(zone::local_date(*ends, tz));
            }
            Entry::PeriodEnd { tournament, at, .. } => {
                ev.uid(&format!("period.{tournament}@{domain}"))
                    .starts(local(*at, tz))
                    .ends(local(*at, tz));
            }
        }
        cal.push(ev.done());
    }
    Ok(cal.done().to_string())
}

/// The calendar as the attachment of a mail (`text/calendar`).
///
/// # Errors
/// Database failures.
pub fn attachment(tx: &Tx<'_>, bot: &BotAddress, c: &Calendar) -> Result<Attachment, RefereeError> {
    Ok(Attachment {
        filename: file_name(c),
        content_type: "text/calendar; charset=utf-8".into(),
        content: ics(tx, bot, c)?.into_bytes(),
    })
}
