//! A tournament's bulletin, one mail to each reader
//! ([`crate::referee::tournament::bulletin`]): Subject and body in the
//! reader's language ([`crate::words::bulletin`]), the body also as HTML in
//! monospace (the crosstable), the record of the event attached
//! (`tournament-<id>.pdn`, `.pgn` for chess). Each reader's bulletins of a
//! tournament are one thread: bulletin N has the Message-ID
//! `zaochka.bulletin.<tournament>.<N>.<player>@<domain>` ([`super::ids`]) and
//! answers the reader's last bulletin before it (In-Reply-To, References). From and Reply-To are
//! the reader's personal address, so pressing Reply writes to the bot.

use chrono::{DateTime, Utc};

use crate::mail::BotAddress;
use crate::referee::RefereeError;
use crate::referee::tournament::bulletin::Bulletin;
use crate::rules::Variant;
use crate::store::Tx;
use crate::store::outbox::{self, Attachment, NewOutgoing, OutboxId};
use crate::store::players::Player;
use crate::store::threads;

/// The attached record's file name and MIME type: `tournament-2.pdn`
/// (`text/plain; charset=utf-8`), `tournament-2.pgn`
/// (`application/x-chess-pgn`) for chess.
#[must_use]
pub fn record_file(b: &Bulletin) -> (String, &'static str) {
    if b.variant == Variant::Chess {
        (
            format!("tournament-{}.pgn", b.tournament_id.0),
            "application/x-chess-pgn",
        )
    } else {
        (
            format!("tournament-{}.pdn", b.tournament_id.0),
            "text/plain; charset=utf-8",
        )
    }
}

/// The bulletin's mail to `reader`, written at `now` (UTC).
///
/// # Errors
/// Database failures.
pub fn bulletin_mail(
    tx: &Tx<'_>,
    bot: &BotAddress,
    b: &Bulletin,
    reader: &Player,
    now: DateTime<Utc>,
) -> Result<NewOutgoing, RefereeError> {
    let lang = reader.language;
    let (file, content_type) = record_file(b);
    let subject = crate::words::bulletin::subject(b, lang);
    let body = crate::words::bulletin::body(b, &file, lang);
    let id = |n: u32| super::ids::bulletin(b.tournament_id.0, n, reader.id, &bot.domain);
    // The reader's earlier bulletins of the tournament (none while they
    // asked for none).
    let mut earlier = Vec::new();
    for n in 1..b.number {
        if crate::store::bulletins::mailed(tx, &id(n))? {
            earlier.push(id(n));
        }
    }
    let in_reply_to = earlier.last().cloned();
    let references = threads::bounded(earlier.iter().filter_map(|i| super::header_id(i)).collect());
    let (from_address, reply_to) = super::addresses(tx, bot, None, &reader.email)?;
    Ok(NewOutgoing {
        to_address: reader.email.clone(),
        body_html: Some(crate::diagram::html::table_body(&subject, &body)),
        subject,
        body_text: body,
        attachments: vec![Attachment {
            filename: file,
            content_type: content_type.into(),
            content: b.record.clone().into_bytes(),
        }],
        in_reply_to,
        references: (!references.is_empty()).then(|| references.join(" ")),
        message_id: id(b.number),
        from_address: Some(from_address),
        reply_to,
        game_id: None,
        created_at: now,
    })
}

/// Queues the bulletin to each of `readers`; returns the outbox rows.
///
/// # Errors
/// Database failures.
pub fn queue_bulletin(
    tx: &Tx<'_>,
    bot: &BotAddress,
    b: &Bulletin,
    readers: &[Player],
    now: DateTime<Utc>,
) -> Result<Vec<OutboxId>, RefereeError> {
    let mut out = Vec::new();
    for r in readers {
        let mail = bulletin_mail(tx, bot, b, r, now)?;
        out.push(outbox::enqueue(tx, &mail)?);
    }
    Ok(out)
}

/// Sends the bulletin: records it (with the games it reports) and queues its
/// mail to every reader ([`crate::referee::tournament::bulletin::readers`]),
/// in the caller's transaction. Returns the number of mails, or `None` when a
/// bulletin of its number was sent before (nothing is queued).
///
/// # Errors
/// Database failures.
pub fn send_bulletin(
    tx: &Tx<'_>,
    bot: &BotAddress,
    b: &Bulletin,
    now: DateTime<Utc>,
) -> Result<Option<usize>, RefereeError> {
    use crate::referee::tournament::bulletin;
    if !bulletin::record(tx, b, now)? {
        return Ok(None);
    }
    let readers = bulletin::readers(tx, b)?;
    Ok(Some(queue_bulletin(tx, bot, b, &readers, now)?.len()))
}
