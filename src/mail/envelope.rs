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

use std::borrow::Cow;
use std::panic::{AssertUnwindSafe, catch_unwind};

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone};
use mail_parser::{
    Address, HeaderValue, Message, MessageParser, MessagePart, MimeHeaders, PartType,
};

use crate::mail::address::{BotAddress, ReplyAddress, parse_subject};
use crate::mail::dsn::{self, Bounce};
use crate::mail::limits::{self, LimitKind, Limits, Over};
use crate::mail::{flowed, html, quotes, text};
use crate::printable::{is_unsafe, printable};
use crate::vocabulary::GameId;

/// The default size limit: 10 MiB.
pub const DEFAULT_MAX_SIZE: usize = 10 * 1024 * 1024;

/// The most bytes of a mail's head that [`read_head`] looks at (the inboxes
/// hand at most this much of an over-size mail).
pub const MAX_HEAD_BYTES: usize = 256 * 1024;

/// The longest header field (bytes, unfolded) that [`read_head`] reads;
/// longer ones are skipped unread.
const HEAD_FIELD_BYTES: usize = 16 * 1024;

/// The most header fields that [`read_head`] keeps (only those it reads:
/// `From`, `To`, `Cc`, `Delivered-To`, `Subject`, `Message-ID`, `In-Reply-To`).
const HEAD_FIELDS_KEPT: usize = 64;

/// A mailbox: an address with its display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mailbox {
    /// The display name, decoded (`Иван Петров`).
    pub name: Option<String>,
    /// The address as written (`ivan.petrov@example.org`).
    pub address: String,
}

impl Mailbox {
    /// Whether this mailbox has the address `other` (compared without regard
    /// to case, as registered addresses are).
    #[must_use]
    pub fn is(&self, other: &str) -> bool {
        self.address.trim().eq_ignore_ascii_case(other.trim())
    }
}

/// A file attached to the mail (a `.pgn` or `.pdn` score, an image ...).
#[derive(Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file name, if the mail gives one.
    pub name: Option<String>,
    /// `type/subtype`, lowercased (`application/x-chess-pgn`).
    pub content_type: String,
    /// The decoded content (text attachments decoded to UTF-8).
    pub data: Vec<u8>,
}

impl std::fmt::Debug for Attachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Attachment")
            .field("name", &self.name)
            .field("content_type", &self.content_type)
            .field("bytes", &self.data.len())
            .finish()
    }
}

/// A sign that a machine, not a person, sent the mail: such mails are never
/// applied and never answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AutoSignal {
    /// `Auto-Submitted` with a value other than `no` (RFC 3834).
    AutoSubmitted(String),
    /// `Precedence: bulk`, `junk`, `list` or `auto_reply`.
    Precedence(String),
    /// An `X-Autoreply` header.
    XAutoreply,
    /// An `X-Autorespond` header.
    XAutorespond,
    /// An Outlook/Exchange auto-reply: a subject starting with
    /// `Automatic reply:`, `Автоматический ответ:` or the like (the prefix,
    /// lowercased), or `inbox rule` for the `X-MS-Exchange-Inbox-Rules-Loop`
    /// header that Exchange puts on mail its inbox rules send.
    OutlookAutoReply(String),
    /// A mailing-list mail (`List-Id`).
    MailingList,
    /// An empty return path (`Return-Path: <>`): bounces and auto-replies.
    NullReturnPath,
}

/// Subject prefixes of auto-replies (lowercased, before the colon).
const AUTO_REPLY_SUBJECTS: &[&str] = &[
    "automatic reply",
    "auto reply",
    "autoreply",
    "auto-reply",
    "out of office",
    "out of the office",
    "автоматический ответ",
    "автоответ",
];

/// What is wrong with the sender of a mail (such a mail is refused and never
/// answered: there is no one sure to answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SenderProblem {
    /// More than one `From` header, or one `From` with several mailboxes.
    Several,
    /// A `From` header whose value is not one mailbox with an addr-spec that
    /// lettre's `Address` accepts (a group, garbage, control characters,
    /// `x@y.org,evil@z.org`).
    Unreadable,
}

/// Why a mail cannot be turned into an envelope.
///
/// The size of the whole mail is reported as [`EnvelopeError::TooLarge`] (as
/// before); every other bound of [`Limits`] as [`EnvelopeError::OverLimit`].
/// Both carry the header summary so that a verified sender can be answered
/// once; the words of that answer are the caller's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    /// The mail is larger than the limit; it was not parsed. The sender and
    /// subject come from the header block alone, when it could be read.
    #[error("mail of {size} bytes is over the limit of {limit} bytes")]
    TooLarge {
        /// Size of the raw mail in bytes.
        size: usize,
        /// The limit in bytes.
        limit: usize,
        /// What the header block says, if it could be read.
        headers: Option<Box<HeaderSummary>>,
    },
    /// A bound of [`Limits`] other than the size was gone over; the text was
    /// not read (no intents). The header summary comes from the header block
    /// alone ([`read_head`]).
    #[error("over the limit {}: {found} > {allowed}", .limit.key())]
    OverLimit {
        /// The bound.
        limit: LimitKind,
        /// What was found, in the bound's unit (bytes or a count); the count
        /// may stop soon after the bound.
        found: usize,
        /// The bound's value (same unit).
        allowed: usize,
        /// What the header block says, if it could be read.
        headers: Option<Box<HeaderSummary>>,
    },
    /// The sender is not exactly one readable address.
    #[error("sender refused: {0:?}")]
    Sender(SenderProblem),
    /// mail-parser found no message in the bytes.
    #[error("no mail message could be read")]
    Unparseable,
    /// mail-parser panicked on this input (quarantine the mail).
    #[error("the mail parser failed on this message: {0}")]
    Panicked(String),
}

/// The headers of a mail that was not parsed further (over-size mails), read
/// by [`read_head`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeaderSummary {
    /// `From`, only when the head holds exactly one `From` header with one
    /// mailbox whose address is one addr-spec (as for [`Envelope::from`]).
    pub from: Option<Mailbox>,
    /// `To` and `Cc`.
    pub recipients: Vec<Mailbox>,
    /// `Delivered-To` addresses, without `<>`.
    pub delivered_to: Vec<String>,
    /// `Subject`.
    pub subject: String,
    /// `Message-ID` without `<>`.
    pub message_id: Option<String>,
    /// `In-Reply-To` ids without `<>`.
    pub in_reply_to: Vec<String>,
}

impl HeaderSummary {
    /// Every recipient address: `To`, `Cc`, then `Delivered-To` (where the
    /// bot's reply address `bot+<game>.<token>@domain` is found).
    pub fn recipient_addresses(&self) -> impl Iterator<Item = &str> {
        self.recipients
            .iter()
            .map(|m| m.address.as_str())
            .chain(self.delivered_to.iter().map(String::as_str))
    }

    /// The bot's reply addresses among the recipients, each once (tokens not
    /// checked here).
    #[must_use]
    pub fn reply_addresses(&self, bot: &BotAddress) -> Vec<ReplyAddress> {
        reply_addresses_of(self.recipient_addresses(), bot)
    }
}

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

/// Reads the headers of a mail from its head alone: the first bytes of the
/// mail, possibly cut anywhere (the inboxes hand only the first
/// [`MAX_HEAD_BYTES`] of an over-size mail; more is not looked at). One
/// linear pass over the header block: header fields longer than 16 KiB are
/// skipped unread, only the fields of the summary are kept (at most 64), and
/// a field cut by the end of `head` is dropped. Only what is kept goes to
/// mail-parser.
///
/// `None` when no header field could be read. `from` is set only for exactly
/// one `From` header with one mailbox whose address lettre accepts.
#[must_use]
pub fn read_head(head: &[u8]) -> Option<HeaderSummary> {
    let head = &head[..head.len().min(MAX_HEAD_BYTES)];
    let mut kept: Vec<u8> = Vec::new();
    let mut kept_fields = 0usize;
    let mut any = false;
    let mut pos = 0;
    // The field being read: its start, its unfolded length, whether kept.
    let mut field: Option<(usize, usize, bool)> = None;
    let mut complete = false;
    let mut finish = |field: Option<(usize, usize, bool)>, end: usize, kept: &mut Vec<u8>| {
        if let Some((start, len, wanted)) = field
            && wanted
            && len <= HEAD_FIELD_BYTES
            && kept_fields < HEAD_FIELDS_KEPT
        {
            kept.extend_from_slice(&head[start..end]);
            kept_fields += 1;
        }
    };
    while pos < head.len() {
        let Some(nl) = head[pos..].iter().position(|&b| b == b'\n') else {
            // A line cut by the end of the head is dropped; the field before
            // it is whole unless the cut line continues it.
            if matches!(head[pos], b' ' | b'\t') {
                field = None;
            }
            finish(field.take(), pos, &mut kept);
            break;
        };
        let end = pos + nl + 1;
        let content = head[pos..end]
            .strip_suffix(b"\n")
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
            .unwrap_or(&head[pos..end]);
        if content.is_empty() {
            complete = true;
            break;
        }
        if matches!(content[0], b' ' | b'\t') {
            if let Some((_, len, _)) = &mut field {
                *len += content.len();
            }
        } else {
            finish(field.take(), pos, &mut kept);
            any = true;
            field = Some((pos, content.len(), summary_field(content)));
        }
        pos = end;
    }
    if complete || pos >= head.len() {
        finish(field.take(), pos, &mut kept);
    }
    if !any {
        return None;
    }
    if !kept.ends_with(b"\n") {
        kept.extend_from_slice(b"\r\n");
    }
    kept.extend_from_slice(b"\r\n");
    let m = MessageParser::default().parse_headers(&kept[..])?;
    Some(HeaderSummary {
        from: sender(&m).ok().flatten(),
        recipients: mailboxes(m.to())
            .into_iter()
            .chain(mailboxes(m.cc()))
            .collect(),
        delivered_to: delivered_to(&m),
        subject: clean_text(m.subject().unwrap_or_default().trim()),
        message_id: m.message_id().map(clean_id),
        in_reply_to: ids(m.in_reply_to()),
    })
}

/// Whether a header line starts a field that [`read_head`] keeps.
fn summary_field(line: &[u8]) -> bool {
    let Some(colon) = line.iter().take(40).position(|&b| b == b':') else {
        return false;
    };
    let name = line[..colon].trim_ascii();
    [
        &b"from"[..],
        b"to",
        b"cc",
        b"delivered-to",
        b"subject",
        b"message-id",
        b"in-reply-to",
    ]
    .iter()
    .any(|n| name.eq_ignore_ascii_case(n))
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

/// The sender: `Ok(None)` with no `From` header, the one mailbox of the one
/// `From` header, else the problem.
fn sender(m: &Message<'_>) -> Result<Option<Mailbox>, SenderProblem> {
    let mut headers = 0;
    let mut found: Vec<Mailbox> = Vec::new();
    let mut unreadable = false;
    for h in m.root_part().headers.iter() {
        if h.name != mail_parser::HeaderName::From {
            continue;
        }
        headers += 1;
        match &h.value {
            HeaderValue::Address(a) => {
                for addr in a.iter() {
                    match to_mailbox(addr) {
                        Some(mb) if found.len() < 2 => found.push(mb),
                        Some(_) => {}
                        None => unreadable = true,
                    }
                }
            }
            _ => unreadable = true,
        }
    }
    if headers == 0 {
        return Ok(None);
    }
    if headers > 1 || found.len() > 1 {
        return Err(SenderProblem::Several);
    }
    let Some(one) = found.pop() else {
        return Err(SenderProblem::Unreadable);
    };
    if unreadable || one.address.parse::<lettre::Address>().is_err() {
        return Err(SenderProblem::Unreadable);
    }
    Ok(Some(one))
}

/// A decoded display name or subject without control or bidirectional
/// override characters: tabs and line breaks become spaces, the others are
/// dropped.
fn clean_text(s: &str) -> String {
    if !s.chars().any(is_unsafe) {
        return s.to_string();
    }
    s.chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{85}' => Some(' '),
            c if is_unsafe(c) => None,
            c => Some(c),
        })
        .collect()
}

/// `Delivered-To` values without `<>`.
fn delivered_to(m: &Message<'_>) -> Vec<String> {
    raw_header_values(m, "Delivered-To")
        .into_iter()
        .map(|v| {
            v.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_string()
        })
        .filter(|v| !v.is_empty())
        .collect()
}

/// Checks the MIME depth and part count of a parsed mail (nested messages
/// included), without recursion on the call stack.
fn check_structure(m: &Message<'_>, limits: &Limits) -> Result<(), Over> {
    let mut parts = 0usize;
    let mut messages: Vec<(&Message<'_>, usize)> = vec![(m, 1)];
    while let Some((msg, base)) = messages.pop() {
        parts += msg.parts.len();
        limits.check_parts(parts)?;
        let mut stack: Vec<(usize, usize)> = vec![(0, base)];
        let mut visits = 0;
        while let Some((id, depth)) = stack.pop() {
            visits += 1;
            if visits > msg.parts.len() {
                break;
            }
            limits.check_depth(depth)?;
            match msg.parts.get(id).map(|p| &p.body) {
                Some(PartType::Multipart(children)) => {
                    stack.extend(children.iter().map(|&c| (c as usize, depth + 1)));
                }
                Some(PartType::Message(inner)) => messages.push((inner, depth + 1)),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Checks the decoded size of all text and HTML parts together.
fn check_text_size(m: &Message<'_>, limits: &Limits) -> Result<(), Over> {
    let mut total = 0usize;
    for part in &m.parts {
        if let PartType::Text(t) | PartType::Html(t) = &part.body {
            total += t.len();
            limits.check_text(total)?;
        }
    }
    Ok(())
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

/// The body as text (quotes kept) and the text to cut quotes from (HTML block
/// quotes already dropped), and whether the body was HTML only. When the text
/// parts are blank (some clients send an empty text/plain beside the HTML),
/// the HTML parts are read instead.
fn body_texts(m: &Message<'_>, limits: &Limits) -> Result<(String, String, bool), Over> {
    let (mut whole, mut for_cut, mut html_only) = (String::new(), String::new(), false);
    let mut any_text = false;
    let mut any_html = false;
    for part in m.text_bodies() {
        read_part(
            part,
            limits,
            &mut whole,
            &mut for_cut,
            &mut any_text,
            &mut any_html,
        )?;
    }
    if whole.trim().is_empty() && !any_html {
        for part in m.html_bodies() {
            if matches!(part.body, PartType::Html(_)) {
                read_part(
                    part,
                    limits,
                    &mut whole,
                    &mut for_cut,
                    &mut any_text,
                    &mut any_html,
                )?;
            }
        }
        html_only = any_html;
    }
    Ok((
        collapse_blank_lines(&whole),
        collapse_blank_lines(&for_cut),
        html_only || (any_html && !any_text),
    ))
}

/// Appends one body part as text to both texts (parts with a file name are
/// attachments, not body), after checking its lines against the limits.
fn read_part(
    part: &MessagePart<'_>,
    limits: &Limits,
    whole: &mut String,
    for_cut: &mut String,
    any_text: &mut bool,
    any_html: &mut bool,
) -> Result<(), Over> {
    if part.attachment_name().is_some() {
        return Ok(());
    }
    let (w, c) = match &part.body {
        PartType::Text(t) => {
            *any_text = true;
            let t = text::normalise_newlines(t);
            let unwrapped = match part.content_type() {
                Some(ct)
                    if ct
                        .attribute("format")
                        .is_some_and(|f| f.eq_ignore_ascii_case("flowed")) =>
                {
                    let delsp = ct
                        .attribute("delsp")
                        .is_some_and(|d| d.eq_ignore_ascii_case("yes"));
                    Cow::Owned(flowed::unflow(&t, delsp))
                }
                _ => Cow::Borrowed(t.as_str()),
            };
            limits.check_lines(&unwrapped)?;
            let n = text::normalise(&unwrapped);
            (n.clone(), n)
        }
        PartType::Html(h) => {
            *any_html = true;
            let kept = html::html_to_text(h, false);
            limits.check_lines(&kept)?;
            (
                text::normalise(&kept),
                text::normalise(&html::html_to_text(h, true)),
            )
        }
        _ => return Ok(()),
    };
    for (acc, add) in [(whole, w), (for_cut, c)] {
        if !acc.is_empty() && !acc.ends_with('\n') {
            acc.push('\n');
        }
        acc.push_str(&add);
    }
    Ok(())
}

/// At most one blank line in a row; no blank lines at the start or end.
fn collapse_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank_run += 1;
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
            if blank_run > 0 {
                out.push('\n');
            }
        }
        blank_run = 0;
        out.push_str(line);
    }
    out
}

fn mailboxes(a: Option<&Address<'_>>) -> Vec<Mailbox> {
    a.map(|a| a.iter().filter_map(to_mailbox).collect())
        .unwrap_or_default()
}

fn to_mailbox(a: &mail_parser::Addr<'_>) -> Option<Mailbox> {
    let address = a.address()?.trim();
    if address.is_empty() {
        return None;
    }
    Some(Mailbox {
        name: a
            .name()
            .map(|n| clean_text(n.trim()))
            .filter(|n| !n.is_empty()),
        address: address.to_string(),
    })
}

fn clean_id(id: &str) -> String {
    id.trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string()
}

fn ids(v: &HeaderValue<'_>) -> Vec<String> {
    match v {
        HeaderValue::Text(t) => t.split_whitespace().map(clean_id).collect(),
        HeaderValue::TextList(l) => l.iter().map(|t| clean_id(t)).collect(),
        _ => Vec::new(),
    }
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect()
}

/// The raw values of every header with this name (unparsed, unfolded later).
fn raw_header_values(m: &Message<'_>, name: &str) -> Vec<String> {
    m.headers_raw()
        .filter(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim().to_string())
        .collect()
}

fn to_chrono(d: &mail_parser::DateTime) -> Option<DateTime<FixedOffset>> {
    let offset_secs = (i32::from(d.tz_hour) * 3600 + i32::from(d.tz_minute) * 60)
        * if d.tz_before_gmt { -1 } else { 1 };
    let offset = FixedOffset::east_opt(offset_secs)?;
    let naive = NaiveDate::from_ymd_opt(i32::from(d.year), u32::from(d.month), u32::from(d.day))?
        .and_hms_opt(u32::from(d.hour), u32::from(d.minute), u32::from(d.second))?;
    offset.from_local_datetime(&naive).single()
}

fn auto_signals(m: &Message<'_>, subject: &str) -> Vec<AutoSignal> {
    let mut out = Vec::new();
    for v in raw_header_values(m, "Auto-Submitted") {
        let v = v.to_ascii_lowercase();
        let word = v
            .split([';', ' ', '('])
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        if !word.is_empty() && word != "no" {
            out.push(AutoSignal::AutoSubmitted(word));
        }
    }
    for v in raw_header_values(m, "Precedence") {
        let v = v.trim().to_ascii_lowercase();
        if matches!(v.as_str(), "bulk" | "junk" | "list" | "auto_reply") {
            out.push(AutoSignal::Precedence(v));
        }
    }
    if !raw_header_values(m, "X-Autoreply").is_empty() {
        out.push(AutoSignal::XAutoreply);
    }
    if !raw_header_values(m, "X-Autorespond").is_empty() {
        out.push(AutoSignal::XAutorespond);
    }
    let lower = subject.to_lowercase();
    if let Some(p) = AUTO_REPLY_SUBJECTS.iter().find(|p| {
        lower
            .strip_prefix(**p)
            .is_some_and(|r| r.trim_start().starts_with(':'))
    }) {
        out.push(AutoSignal::OutlookAutoReply((*p).to_string()));
    }
    if !raw_header_values(m, "X-MS-Exchange-Inbox-Rules-Loop").is_empty() {
        out.push(AutoSignal::OutlookAutoReply("inbox rule".to_string()));
    }
    if !raw_header_values(m, "List-Id").is_empty() {
        out.push(AutoSignal::MailingList);
    }
    if raw_header_values(m, "Return-Path")
        .iter()
        .any(|v| v.trim() == "<>")
    {
        out.push(AutoSignal::NullReturnPath);
    }
    out
}

/// The delivery status report of a `multipart/report; report-type=delivery-status`.
fn bounce(m: &Message<'_>) -> Option<Bounce> {
    let root = m.root_part().content_type()?;
    let is_report = root.c_type.eq_ignore_ascii_case("multipart")
        && root
            .c_subtype
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case("report"))
        && root
            .attribute("report-type")
            .is_some_and(|t| t.eq_ignore_ascii_case("delivery-status"));
    if !is_report {
        return None;
    }
    let mut reporting_mta = None;
    let mut recipients = Vec::new();
    let mut returned = None;
    for part in &m.parts {
        let Some(ct) = part.content_type() else {
            continue;
        };
        let sub = ct.c_subtype.as_deref().unwrap_or("").to_ascii_lowercase();
        let top = ct.c_type.to_ascii_lowercase();
        match (top.as_str(), sub.as_str()) {
            ("message", "delivery-status" | "global-delivery-status") => {
                let body = String::from_utf8_lossy(part.contents());
                let (mta, r) = dsn::parse_delivery_status(&body);
                reporting_mta = reporting_mta.or(mta);
                recipients.extend(r);
            }
            ("message", "rfc822" | "global") if returned.is_none() => {
                if let PartType::Message(inner) = &part.body {
                    returned = Some(returned_from(inner));
                }
            }
            ("text", "rfc822-headers") if returned.is_none() => {
                let mut block = part.contents().to_vec();
                block.extend_from_slice(b"\r\n\r\n");
                if let Some(inner) = MessageParser::default().parse_headers(&block[..]) {
                    returned = Some(returned_from(&inner));
                }
            }
            _ => {}
        }
    }
    Some(Bounce {
        reporting_mta,
        recipients,
        returned,
    })
}

fn returned_from(inner: &Message<'_>) -> dsn::ReturnedMessage {
    dsn::returned_message(
        inner.message_id().map(clean_id),
        inner.subject().map(clean_text),
        mailboxes(inner.reply_to())
            .into_iter()
            .map(|m| m.address)
            .collect(),
        mailboxes(inner.to())
            .into_iter()
            .map(|m| m.address)
            .collect(),
    )
}

fn attachments(m: &Message<'_>) -> Vec<Attachment> {
    let mut out = Vec::new();
    let listed: Vec<&mail_parser::MessagePart<'_>> = m.attachments().collect();
    // Text parts with a file name that mail-parser took for body text.
    let named_text = m.text_bodies().filter(|p| p.attachment_name().is_some());
    for part in listed.into_iter().chain(named_text) {
        let content_type = part.content_type().map_or_else(
            || "application/octet-stream".to_string(),
            |ct| match &ct.c_subtype {
                Some(s) => format!("{}/{}", ct.c_type, s).to_ascii_lowercase(),
                None => ct.c_type.to_ascii_lowercase(),
            },
        );
        let data = match &part.body {
            PartType::Text(t) | PartType::Html(t) => t.as_bytes().to_vec(),
            PartType::Binary(b) | PartType::InlineBinary(b) => b.to_vec(),
            PartType::Message(inner) => inner.raw_message().to_vec(),
            PartType::Multipart(_) => continue,
        };
        out.push(Attachment {
            name: part.attachment_name().map(clean_text),
            content_type,
            data,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_over_size_mail_is_refused_before_parsing_but_names_its_sender() {
        let mut raw = b"From: Ivan <ivan@example.org>\r\nTo: zaochka+12.abcdef@example.com\r\n\
Subject: [zaochka #12] move\r\nMessage-ID: <big@example.org>\r\n\r\n"
            .to_vec();
        raw.extend(std::iter::repeat_n(b'A', 2000));
        let err = Envelope::parse_with_limit(&raw, 1000).unwrap_err();
        let EnvelopeError::TooLarge {
            size,
            limit,
            headers,
        } = err
        else {
            panic!("expected TooLarge, got {err:?}");
        };
        assert_eq!((size, limit), (raw.len(), 1000));
        let h = headers.expect("header block read");
        assert!(h.from.unwrap().is("IVAN@example.org"));
        assert_eq!(h.subject, "[zaochka #12] move");
        assert_eq!(h.message_id.as_deref(), Some("big@example.org"));
        assert_eq!(h.recipients[0].address, "zaochka+12.abcdef@example.com");
    }

    fn base64(data: &[u8]) -> String {
        const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for c in data.chunks(3) {
            let n = (u32::from(c[0]) << 16)
                | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
                | u32::from(*c.get(2).unwrap_or(&0));
            for k in 0..4 {
                if k <= c.len() {
                    out.push(char::from(A[((n >> (18 - 6 * k)) & 63) as usize]));
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    fn mail(headers: &str, body: &str) -> Vec<u8> {
        format!("{headers}To: zaochka+12.abcdef@example.com\r\nSubject: x\r\n\r\n{body}")
            .into_bytes()
    }

    #[test]
    fn two_from_headers_are_several_senders() {
        let raw = mail("From: a@example.org\r\nFrom: b@example.org\r\n", "cd4\r\n");
        assert_eq!(
            Envelope::parse(&raw),
            Err(EnvelopeError::Sender(SenderProblem::Several))
        );
        let raw = mail("From: a@example.org, b@example.org\r\n", "cd4\r\n");
        assert_eq!(
            Envelope::parse(&raw),
            Err(EnvelopeError::Sender(SenderProblem::Several))
        );
    }

    #[test]
    fn a_from_that_is_not_one_addr_spec_is_unreadable() {
        for from in [
            "From: undisclosed:;\r\n",
            "From: \"x@y.org,evil@z.org\" <>\r\n",
            "From: <x\u{1b}[31m@y.org>\r\n",
            "From: <x y@y.org>\r\n",
        ] {
            let got = Envelope::parse(&mail(from, "cd4\r\n"));
            assert_eq!(
                got.as_ref().err(),
                Some(&EnvelopeError::Sender(SenderProblem::Unreadable)),
                "{from:?} gave {:?}",
                got.as_ref().map(|e| &e.from)
            );
        }
        let ok = Envelope::parse(&mail("From: Ivan <ivan@example.org>\r\n", "cd4\r\n")).unwrap();
        assert!(ok.from.unwrap().is("ivan@example.org"));
    }

    #[test]
    fn control_characters_leave_names_and_subjects() {
        let raw = b"From: =?utf-8?q?Iv=1B[31man=0D=0AX?= <ivan@example.org>\r\nSubject: =?utf-8?q?a=07b=E2=80=AEc?=\r\n\r\ncd4\r\n";
        let e = Envelope::parse(raw).unwrap();
        assert_eq!(e.from.unwrap().name.as_deref(), Some("Iv[31man  X"));
        assert_eq!(e.subject, "abc");
    }

    #[test]
    fn a_long_body_line_is_over_the_limit_and_names_its_sender() {
        let body = "cd4 ".repeat(64 * 1024);
        let raw = mail(
            "From: Ivan <ivan@example.org>\r\nDelivered-To: zaochka+12.abcdef@example.com\r\n",
            &body,
        );
        let Err(EnvelopeError::OverLimit {
            limit,
            found,
            allowed,
            headers,
        }) = Envelope::parse(&raw)
        else {
            panic!("expected OverLimit");
        };
        assert_eq!(limit, LimitKind::WordsPerLine);
        assert!(found > allowed);
        let h = headers.expect("head read");
        assert!(h.from.unwrap().is("ivan@example.org"));
        assert_eq!(h.delivered_to, ["zaochka+12.abcdef@example.com"]);
    }

    #[test]
    fn a_long_line_in_base64_is_found_after_decoding() {
        let body = "cd4 ".repeat(16 * 1024);
        let b64 = base64(body.as_bytes());
        let wrapped: Vec<String> = b64
            .as_bytes()
            .chunks(76)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        let raw = mail(
            "From: ivan@example.org\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n",
            &wrapped.join("\r\n"),
        );
        assert!(matches!(
            Envelope::parse(&raw),
            Err(EnvelopeError::OverLimit {
                limit: LimitKind::LineBytes | LimitKind::WordsPerLine,
                ..
            })
        ));
    }

    #[test]
    fn the_head_reader_skips_a_huge_header_and_reads_a_cut_head() {
        let mut raw = b"From: Ivan <ivan@example.org>\r\nSubject: ".to_vec();
        raw.extend(b"x".repeat(300 * 1024));
        raw.extend(b"\r\nTo: zaochka+12.abcdef@example.com\r\n\r\nbody");
        let h = read_head(&raw).expect("head");
        assert!(h.from.as_ref().unwrap().is("ivan@example.org"), "{h:?}");
        assert_eq!(h.subject, "");
        let mut raw = b"From: Ivan <ivan@example.org>\r\nSubject: ".to_vec();
        raw.extend(b"x".repeat(100 * 1024));
        raw.extend(b"\r\nTo: zaochka+12.abcdef@example.com\r\n\r\nbody");
        let h = read_head(&raw).expect("head");
        assert!(h.from.as_ref().unwrap().is("ivan@example.org"), "{h:?}");
        assert_eq!((h.subject.as_str(), h.recipients.len()), ("", 1));
        // Cut in the middle of the To line: that line is dropped, From is kept.
        let cut = b"From: ivan@example.org\r\nCc: a@b.org\r\nTo: zaochka+12.ab";
        let h = read_head(cut).expect("head");
        assert!(h.from.unwrap().is("ivan@example.org"));
        assert_eq!(h.recipients.len(), 1);
        assert_eq!(h.recipients[0].address, "a@b.org");
        // Two From headers: no verified sender.
        let h = read_head(b"From: a@b.org\r\nFrom: c@d.org\r\n\r\n").expect("head");
        assert_eq!(h.from, None);
    }

    #[test]
    fn blank_line_runs_collapse_to_one() {
        assert_eq!(collapse_blank_lines("\n\na\n\n\n\nb\n\n"), "a\n\nb");
    }

    #[test]
    fn a_panic_inside_the_guard_becomes_an_error() {
        let r: Result<(), EnvelopeError> = guarded(|| panic!("boom"));
        assert_eq!(r, Err(EnvelopeError::Panicked("boom".into())));
    }
}
