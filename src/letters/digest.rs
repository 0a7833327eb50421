//! A player's daily digest ([`crate::referee::digest`]): one mail listing
//! every game where it is the reader's move, each under a line with the
//! game's own reply address and its deadline in the reader's zone, then the
//! game's state as a move mail shows it (board, score, clocks). From and
//! Reply-To are the reader's personal address: pressing Reply in the digest
//! makes no move, each game's line says where to write it. The Message-ID
//! is `zaochka.digest.<player>.<YYYYMMDD>@<domain>` ([`super::ids::digest`]).

use chrono::{DateTime, Utc};

use crate::clock::zone;
use crate::mail::BotAddress;
use crate::referee::RefereeError;
use crate::referee::digest::{self, DigestDue};
use crate::store::Tx;
use crate::store::outbox::{self, NewOutgoing};
use crate::vocabulary::GameId;

/// The deadline of the side to move of `game` as a reply states it.
fn deadline(
    tx: &Tx<'_>,
    game: GameId,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<Option<String>, RefereeError> {
    let views = crate::referee::game_clocks::report(tx, game, now)?;
    Ok(views.into_iter().flatten().find_map(|v| {
        v.deadline
            .filter(|d| v.running && !crate::clock::pauses::stands_open(*d))
            .map(|d| zone::format_deadline(d, tz))
    }))
}

/// The digest's mail, written at `now` (UTC); `None` when no game waits for
/// the reader's move.
///
/// # Errors
/// Database failures.
pub fn digest_mail(
    tx: &Tx<'_>,
    bot: &BotAddress,
    d: &DigestDue,
    now: DateTime<Utc>,
) -> Result<Option<NewOutgoing>, RefereeError> {
    if d.games.is_empty() {
        return Ok(None);
    }
    let lang = d.player.language;
    let tz = zone::parse_zone(&d.player.time_zone).unwrap_or(chrono_tz::Tz::UTC);
    let day = d.day.format("%Y-%m-%d").to_string();
    let subject = crate::words::digest::subject(d.games.len(), &day, lang);
    let mut body = crate::words::digest::heading(d.games.len(), lang);
    body.push_str("\n\n");
    for r in &d.games {
        let Some(game) = r.game else { continue };
        let address = super::reply_address(tx, bot, Some(game), &d.player.email)?
            .unwrap_or_else(|| format!("{}@{}", bot.local, bot.domain));
        let due = deadline(tx, game, tz, now)?;
        body.push_str(&crate::words::digest::game_line(
            game.0,
            &address,
            due.as_deref(),
            lang,
        ));
        body.push_str("\n\n");
        body.push_str(super::compose::body(r).trim_end());
        body.push_str("\n\n");
    }
    body.push_str(&crate::words::digest::foot(lang));
    body.push('\n');
    let (from_address, reply_to) = super::addresses(tx, bot, None, &d.player.email)?;
    Ok(Some(NewOutgoing {
        to_address: d.player.email.clone(),
        body_html: Some(crate::diagram::html::table_body(&subject, &body)),
        subject,
        body_text: body,
        attachments: Vec::new(),
        in_reply_to: None,
        references: None,
        message_id: super::ids::digest(d.player.id, d.day, &bot.domain),
        from_address: Some(from_address),
        reply_to,
        game_id: None,
        created_at: now,
    }))
}

/// Sends the digest: records its day and queues its mail (if a game waits
/// for the reader's move) in the caller's transaction, so that it goes
/// exactly once. Returns the number of games listed, or `None` when that
/// day's digest was written before (nothing is queued).
///
/// # Errors
/// Database failures.
pub fn send_digest(
    tx: &Tx<'_>,
    bot: &BotAddress,
    d: &DigestDue,
    now: DateTime<Utc>,
) -> Result<Option<usize>, RefereeError> {
    if !digest::record(tx, d, now)? {
        return Ok(None);
    }
    if let Some(mail) = digest_mail(tx, bot, d, now)? {
        outbox::enqueue(tx, &mail)?;
    }
    Ok(Some(d.games.len()))
}

/// Sends a director's digest ([`crate::referee::tournament::director_digest`]):
/// records its day and marks its events told, and queues its mail in the
/// tournament's director thread through [`super::post`], all in the
/// caller's transaction, so that it goes exactly once. Its Message-ID is
/// keyed by tournament, director and day. Returns the number of events, or
/// `None` when that day's digest was written before (nothing is queued).
///
/// # Errors
/// Database failures.
pub fn send_director_digest(
    tx: &Tx<'_>,
    bot: &BotAddress,
    d: &crate::referee::tournament::director_digest::DirectorDigestDue,
    now: DateTime<Utc>,
) -> Result<Option<usize>, RefereeError> {
    if !crate::referee::tournament::director_digest::record(tx, d, now)? {
        return Ok(None);
    }
    let key = format!(
        "director-digest.{}.{}.{}",
        d.tournament.id.0,
        d.director.id.0,
        d.day.format("%Y%m%d")
    );
    let id = super::ids::reply(tx, &bot.domain, &key, 0, 0, now)?;
    super::post(tx, bot, &d.reply, None, id, now)?;
    Ok(Some(d.ids.len()))
}
