//! A player's calendar as an RFC 5545 file (the `icalendar` crate): every
//! entry of [`crate::referee::calendar::Calendar`] as a VEVENT whose
//! SUMMARY and DESCRIPTION are in the player's language and whose times are
//! in the player's time zone (`DTSTART;TZID=Europe/Moscow:...`, the IANA name;
//! UTC with `Z` for a player in UTC). The zone is defined in the file, as
//! RFC 5545 §3.2.19 requires of every TZID: one VTIMEZONE ([`vtimezone`])
//! with the zone's offsets and every change of them (from chrono-tz's
//! database) over the years from the file's making to its last event. Each
//! event's UID is stable, so that a calendar program imports a newer file
//! as an update of the same events, and names the player whose file it is,
//! so that two players' files in one calendar (a club's shared calendar)
//! stay two events:
//!
//! - a deadline: `deadline.<game>.<white|black>.<player>@<domain>`, with
//!   SEQUENCE the plies played (it grows with each move), start and end at
//!   the deadline;
//! - a leave: `leave.<id>@<domain>` (a leave is one player's), whole days
//!   (DTEND the day after the last);
//! - a playing period's end: `period.<tournament>.<player>@<domain>`.

use chrono::{DateTime, Datelike, Utc};
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
    if is_utc(tz) {
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
    let player = c.player.id.0;
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
                ev.uid(&format!(
                    "deadline.{}.{}.{player}@{domain}",
                    game.0,
                    side.as_str()
                ))
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
                ev.uid(&format!("period.{tournament}.{player}@{domain}"))
                    .starts(local(*at, tz))
                    .ends(local(*at, tz));
            }
        }
        cal.push(ev.done());
    }
    let text = cal.done().to_string();
    if is_utc(tz) {
        return Ok(text);
    }
    // The zone's definition goes before the first event (the crate writes
    // no VTIMEZONE).
    let last = c
        .entries
        .iter()
        .map(|e| match e {
            Entry::Deadline { at, .. } | Entry::PeriodEnd { at, .. } => *at,
            Entry::Leave { ends, .. } => *ends,
        })
        .fold(c.made_at, DateTime::max);
    let zone = vtimezone(tz, c.made_at.year(), last.year());
    let at = text
        .find("BEGIN:VEVENT")
        .or_else(|| text.find("END:VCALENDAR"))
        .unwrap_or(text.len());
    Ok(format!("{}{zone}{}", &text[..at], &text[at..]))
}

/// Whether times in `tz` are written in UTC (`Z`, no TZID).
fn is_utc(tz: Tz) -> bool {
    tz == Tz::UTC || tz == Tz::Etc__UTC
}

/// RFC 5545 §3.6.5: the VTIMEZONE of `tz` for the years `first..=last`
/// (CRLF line ends): a first STANDARD (or DAYLIGHT) part with the offset in
/// force at 00:00 UTC on 1 January of `first` (its DTSTART that instant's
/// local time), then one part per change of the UTC
/// offset up to the end of `last`, each with DTSTART the local time the
/// change happens at (in the offset before it), TZOFFSETFROM, TZOFFSETTO and
/// TZNAME (the zone's abbreviation); DAYLIGHT when the new offset holds
/// daylight-saving time. The changes are found by looking at the offset
/// each day and narrowing a change down to its second.
#[must_use]
pub fn vtimezone(tz: Tz, first: i32, last: i32) -> String {
    use chrono::{Offset, TimeZone};
    use chrono_tz::{OffsetComponents, OffsetName};
    const DAY: i64 = 86_400;
    let jan1 = |y: i32| {
        chrono::NaiveDate::from_ymd_opt(y, 1, 1)
            .unwrap_or_default()
            .and_hms_opt(0, 0, 0)
            .unwrap_or_default()
            .and_utc()
            .timestamp()
    };
    let at = |s: i64| {
        DateTime::from_timestamp(s, 0)
            .unwrap_or_default()
            .naive_utc()
    };
    let offset = |s: i64| tz.offset_from_utc_datetime(&at(s));
    let seconds = |s: i64| offset(s).fix().local_minus_utc();
    let (start, end) = (jan1(first), jan1(last + 1));
    // (the instant, the offset before, the offset after)
    let mut changes = vec![(start, seconds(start), seconds(start))];
    let mut t = start;
    while t < end {
        let next = (t + DAY).min(end);
        if seconds(next) != seconds(t) {
            let (mut lo, mut hi) = (t, next);
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if seconds(mid) == seconds(lo) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            changes.push((hi, seconds(lo), seconds(hi)));
        }
        t = next;
    }
    let hhmm = |s: i32| {
        let sign = if s < 0 { '-' } else { '+' };
        let a = s.unsigned_abs();
        let (h, m, sec) = (a / 3600, a % 3600 / 60, a % 60);
        if sec == 0 {
            format!("{sign}{h:02}{m:02}")
        } else {
            format!("{sign}{h:02}{m:02}{sec:02}")
        }
    };
    let mut out = format!("BEGIN:VTIMEZONE\r\nTZID:{}\r\n", tz.name());
    for (instant, from, to) in changes {
        let o = offset(instant);
        let kind = if o.dst_offset().is_zero() {
            "STANDARD"
        } else {
            "DAYLIGHT"
        };
        let local = at(instant + i64::from(from));
        out.push_str(&format!(
            "BEGIN:{kind}\r\nDTSTART:{}\r\nTZOFFSETFROM:{}\r\nTZOFFSETTO:{}\r\n",
            local.format("%Y%m%dT%H%M%S"),
            hhmm(from),
            hhmm(to)
        ));
        if let Some(name) = o.abbreviation() {
            out.push_str(&format!("TZNAME:{name}\r\n"));
        }
        out.push_str(&format!("END:{kind}\r\n"));
    }
    out.push_str("END:VTIMEZONE\r\n");
    out
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

#[cfg(test)]
mod tests {
    use super::vtimezone;

    #[test]
    fn the_vtimezone_of_a_zone_with_daylight_saving_holds_each_change_of_the_years() {
        let z = vtimezone(chrono_tz::America::New_York, 2026, 2026);
        assert_eq!(
            z,
            "BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n\
             BEGIN:STANDARD\r\nDTSTART:20251231T190000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0500\r\nTZNAME:EST\r\nEND:STANDARD\r\n\
             BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nTZNAME:EDT\r\nEND:DAYLIGHT\r\n\
             BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST\r\nEND:STANDARD\r\n\
             END:VTIMEZONE\r\n"
        );
        // Two years: four changes.
        let two = vtimezone(chrono_tz::Europe::Berlin, 2026, 2027);
        assert_eq!(two.matches("BEGIN:DAYLIGHT").count(), 2, "{two}");
        assert_eq!(two.matches("BEGIN:STANDARD").count(), 3, "{two}");
    }

    #[test]
    fn the_vtimezone_of_a_zone_without_changes_is_one_standard_part() {
        assert_eq!(
            vtimezone(chrono_tz::Europe::Moscow, 2026, 2027),
            "BEGIN:VTIMEZONE\r\nTZID:Europe/Moscow\r\n\
             BEGIN:STANDARD\r\nDTSTART:20260101T030000\r\nTZOFFSETFROM:+0300\r\nTZOFFSETTO:+0300\r\nTZNAME:MSK\r\nEND:STANDARD\r\n\
             END:VTIMEZONE\r\n"
        );
    }
}
