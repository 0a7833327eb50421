//! A raw mail turned into an [`Envelope`]: who sent it, to which addresses,
//! its threading headers, whether a machine sent it (auto-reply, bounce), its
//! attachments, and its text: the whole body and the NEW text only.
//!
//! MIME is read by mail-parser 0.11.9 (charsets UTF-8, KOI8-R, windows-1251,
//! ISO-8859-x and the other single-byte ones; quoted-printable, base64; RFC 2047
//! encoded words in headers). On top of it:
//! - the size limit is checked before anything is parsed ([`EnvelopeError::TooLarge`]
//!   still reports the sender, read from the header block alone, so that one
//!   polite reply can go to a registered player);
//! - the other bounds of [`Limits`] are checked before the memory they guard
//!   is spent: first on the raw bytes ([`super::limits::scan_raw`]), then on
//!   mail-parser's result, then on each decoded text part, before quote
//!   cutting and intent reading ([`EnvelopeError::OverLimit`], with the same
//!   header summary);
//! - the sender is exactly one mailbox in exactly one `From` header, and its
//!   address one addr-spec as lettre reads it ([`EnvelopeError::Sender`]);
//! - display names, the subject, attachment names and a returned mail's
//!   subject leave this module without control or
//!   bidirectional-override characters (tabs and line breaks become spaces,
//!   the others are dropped); addresses, Message-IDs and other header values
//!   are as written: callers print them through [`crate::printable::printable`];
//! - parsing runs under `catch_unwind`: mail-parser has panicked on crafted
//!   input in the past, and a panic becomes [`EnvelopeError::Panicked`];
//! - `format=flowed` bodies are unwrapped here ([`super::flowed`]), HTML-only
//!   bodies are converted with [`super::html`], odd spaces are normalised
//!   ([`super::text`]);
//! - the new text is the body with quoted history and signatures cut
//!   ([`super::quotes`]); for HTML-only mails `<blockquote>` is dropped first.
//!
//! One concept per file: `error` (why a mail is refused), `head` (the
//! header block of a refused mail), `sender` (the `From` mailbox and the
//! address lists), `headers` (ids, dates, raw values, clean text),
//! `body` (the text parts and their bounds), `auto` (auto-replies and
//! bounces), `attachments` (attached files); this file holds the
//! [`Envelope`] and the one pass that builds it.

mod attachments;
mod auto;
mod body;
mod error;
mod head;
mod headers;
mod sender;
#[cfg(test)]
mod tests;

use std::panic::{AssertUnwindSafe, catch_unwind};

use chrono::{DateTime, FixedOffset};
use mail_parser::{Message, MessageParser};

use crate::mail::address::{BotAddress, ReplyAddress, parse_subject};
use crate::mail::dsn::Bounce;
use crate::mail::limits::{self, Limits, Over};
use crate::mail::quotes;
use crate::printable::printable;
use crate::vocabulary::GameId;

pub use attachments::Attachment;
pub use auto::AutoSignal;
pub use error::{EnvelopeError, SenderProblem};
pub use head::{HeaderSummary, MAX_HEAD_BYTES, read_head};
pub use sender::Mailbox;

use attachments::attachments;
use auto::{auto_signals, bounce};
use body::{body_texts, check_structure, check_text_size};
use headers::{clean_id, clean_text, delivered_to, ids, raw_header_values, to_chrono};
use sender::{mailboxes, sender};

/// The default size limit: 10 MiB.
pub const DEFAULT_MAX_SIZE: usize = 10 * 1024 * 1024;
/// A mail read for the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// The `From` mailbox: `None` only when the mail has no `From` header (a
    /// mail with several or an unreadable one is refused with
    /// [`EnvelopeError::Sender`]). Its address is one addr-spec.
    pub from: Option<Mailbox>,
    /// `Reply-To`.
    pub reply_to: Vec<Mailbox>,
    /// `To`.
    pub to: Vec<Mailbox>,
    /// `Cc`.
    pub cc: Vec<Mailbox>,
    /// `Delivered-To` (added by the receiving server; a Bcc'd bot finds its
    /// reply address here).
    pub delivered_to: Vec<String>,
    /// The subject, decoded (empty when missing).
    pub subject: String,
    /// `Message-ID` without `<>`.
    pub message_id: Option<String>,
    /// `In-Reply-To` ids without `<>`.
    pub in_reply_to: Vec<String>,
    /// `References` ids without `<>`, oldest first.
    pub references: Vec<String>,
    /// `Date`, with the sender's offset.
    pub date: Option<DateTime<FixedOffset>>,
    /// Signs that a machine sent the mail (empty for a person's mail).
    pub auto: Vec<AutoSignal>,
    /// The delivery status report, for a bounce.
    pub bounce: Option<Bounce>,
    /// `Authentication-Results` values as the receiving servers wrote them.
    pub authentication_results: Vec<String>,
    /// Attached files.
    pub attachments: Vec<Attachment>,
    /// Whether the body came from HTML only (no text part).
    pub html_only: bool,
    /// The whole body as text: flowed lines joined, spaces normalised, quotes kept.
    pub text: String,
    /// The new text only: quoted history, forwarded mail and signatures cut.
    pub new_text: String,
}

impl Envelope {
    /// Reads a mail under the default size limit ([`DEFAULT_MAX_SIZE`]) and
    /// the default [`Limits`].
    ///
    /// # Errors
    /// As [`Envelope::parse_bounded`].
    pub fn parse(raw: &[u8]) -> Result<Envelope, EnvelopeError> {
        Envelope::parse_bounded(raw, DEFAULT_MAX_SIZE, &Limits::default())
    }

    /// Reads a mail under a size limit and the default [`Limits`].
    ///
    /// # Errors
    /// As [`Envelope::parse_bounded`].
    pub fn parse_with_limit(raw: &[u8], max_size: usize) -> Result<Envelope, EnvelopeError> {
        Envelope::parse_bounded(raw, max_size, &Limits::default())
    }

    /// Reads a mail of at most `max_message_bytes` bytes within `limits`.
    /// The work and the memory are linear in `raw.len()`: the size is checked
    /// first, then every bound the raw bytes tell (one pass, before
    /// mail-parser runs), then the MIME structure and the decoded text (before
    /// quotes are cut and intents read).
    ///
    /// # Errors
    /// [`EnvelopeError::TooLarge`] over `max_message_bytes`,
    /// [`EnvelopeError::OverLimit`] over a bound of `limits` (both with the
    /// header summary), [`EnvelopeError::Sender`] for several or unreadable
    /// senders, [`EnvelopeError::Unparseable`] when no message is found,
    /// [`EnvelopeError::Panicked`] when the parser panicked. Never panics
    /// itself.
    pub fn parse_bounded(
        raw: &[u8],
        max_message_bytes: usize,
        limits: &Limits,
    ) -> Result<Envelope, EnvelopeError> {
        if raw.len() > max_message_bytes {
            return Err(EnvelopeError::TooLarge {
                size: raw.len(),
                limit: max_message_bytes,
                headers: head_of(raw),
            });
        }
        let over_limit = |o: Over| EnvelopeError::OverLimit {
            limit: o.limit,
            found: o.found,
            allowed: o.allowed,
            headers: head_of(raw),
        };
        guarded(|| limits::scan_raw(raw, limits))?.map_err(over_limit)?;
        let built = guarded(|| {
            let message = MessageParser::default().parse(raw)?;
            Some(build(&message, limits))
        })?
        .ok_or(EnvelopeError::Unparseable)?;
        match built {
            Ok(envelope) => Ok(envelope),
            Err(Refused::Over(o)) => Err(over_limit(o)),
            Err(Refused::Sender(p)) => Err(EnvelopeError::Sender(p)),
        }
    }

    /// Every recipient address the mail was sent to: `To`, `Cc`, then
    /// `Delivered-To`.
    pub fn recipient_addresses(&self) -> impl Iterator<Item = &str> {
        self.to
            .iter()
            .chain(&self.cc)
            .map(|m| m.address.as_str())
            .chain(self.delivered_to.iter().map(String::as_str))
    }

    /// The bot's reply addresses among the recipients (`zaochka+12.k7q2m9@...`),
    /// each once, in the order of [`Envelope::recipient_addresses`]. The tokens
    /// are not checked here.
    #[must_use]
    pub fn reply_addresses(&self, bot: &BotAddress) -> Vec<ReplyAddress> {
        reply_addresses_of(self.recipient_addresses(), bot)
    }

    /// The game of the subject's `[zaochka #N]` tag.
    #[must_use]
    pub fn subject_game(&self) -> Option<GameId> {
        parse_subject(&self.subject).game
    }

    /// Whether a machine sent this mail (an auto-reply, a list mail or a
    /// bounce): never apply it, never answer it.
    #[must_use]
    pub fn is_automatic(&self) -> bool {
        !self.auto.is_empty() || self.bounce.is_some()
    }
}

/// The bot's reply addresses among `addresses`, each once, in order.
fn reply_addresses_of<'a>(
    addresses: impl Iterator<Item = &'a str>,
    bot: &BotAddress,
) -> Vec<ReplyAddress> {
    let mut out: Vec<ReplyAddress> = Vec::new();
    for a in addresses {
        if let Ok(r) = bot.parse_reply(a)
            && !out.contains(&r)
        {
            out.push(r);
        }
    }
    out
}

/// Runs `f`, turning a panic into [`EnvelopeError::Panicked`].
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, EnvelopeError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        EnvelopeError::Panicked(printable(&what).into_owned())
    })
}

/// The header summary of a refused mail, boxed (never panics).
fn head_of(raw: &[u8]) -> Option<Box<HeaderSummary>> {
    guarded(|| read_head(raw)).ok().flatten().map(Box::new)
}

/// Why [`build`] refused a parsed mail.
enum Refused {
    Over(Over),
    Sender(SenderProblem),
}

impl From<Over> for Refused {
    fn from(o: Over) -> Refused {
        Refused::Over(o)
    }
}

fn build(m: &Message<'_>, limits: &Limits) -> Result<Envelope, Refused> {
    check_structure(m, limits)?;
    check_text_size(m, limits)?;
    let from = sender(m).map_err(Refused::Sender)?;
    let subject = clean_text(m.subject().unwrap_or_default().trim());
    let (body, new_source, html_only) = body_texts(m, limits)?;
    let new_text = quotes::new_text(&new_source);
    Ok(Envelope {
        from,
        reply_to: mailboxes(m.reply_to()),
        to: m.all_to().flat_map(|a| mailboxes(Some(a))).collect(),
        cc: m.all_cc().flat_map(|a| mailboxes(Some(a))).collect(),
        delivered_to: delivered_to(m),
        message_id: m.message_id().map(clean_id),
        in_reply_to: ids(m.in_reply_to()),
        references: ids(m.references()),
        date: m.date().and_then(to_chrono),
        auto: auto_signals(m, &subject),
        bounce: bounce(m),
        authentication_results: raw_header_values(m, "Authentication-Results")
            .into_iter()
            .map(|v| v.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect(),
        attachments: attachments(m),
        html_only,
        text: body,
        new_text,
        subject,
    })
}
