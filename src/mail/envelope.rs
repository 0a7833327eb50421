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
use crate::mail::{flowed, html, quotes, text};
use crate::store::GameId;

/// The default size limit: 10 MiB.
pub const DEFAULT_MAX_SIZE: usize = 10 * 1024 * 1024;

/// The most header bytes read from an over-size mail to name its sender.
const MAX_HEADER_BLOCK: usize = 256 * 1024;

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

/// Why a mail cannot be turned into an envelope.
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
    /// mail-parser found no message in the bytes.
    #[error("no mail message could be read")]
    Unparseable,
    /// mail-parser panicked on this input (quarantine the mail).
    #[error("the mail parser failed on this message: {0}")]
    Panicked(String),
}

/// The headers of a mail that was not parsed further (over-size mails).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeaderSummary {
    /// `From`.
    pub from: Option<Mailbox>,
    /// `To` and `Cc`.
    pub recipients: Vec<Mailbox>,
    /// `Subject`.
    pub subject: String,
    /// `Message-ID` without `<>`.
    pub message_id: Option<String>,
    /// `In-Reply-To` ids without `<>`.
    pub in_reply_to: Vec<String>,
}

/// A mail read for the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// The first `From` mailbox.
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
    /// Reads a mail under the default size limit ([`DEFAULT_MAX_SIZE`]).
    ///
    /// # Errors
    /// As [`Envelope::parse_with_limit`].
    pub fn parse(raw: &[u8]) -> Result<Envelope, EnvelopeError> {
        Envelope::parse_with_limit(raw, DEFAULT_MAX_SIZE)
    }

    /// Reads a mail; a mail over `max_size` bytes is refused before parsing.
    ///
    /// # Errors
    /// [`EnvelopeError::TooLarge`] over the limit, [`EnvelopeError::Unparseable`]
    /// when no message is found, [`EnvelopeError::Panicked`] when the parser
    /// panicked. Never panics itself.
    pub fn parse_with_limit(raw: &[u8], max_size: usize) -> Result<Envelope, EnvelopeError> {
        if raw.len() > max_size {
            let headers = guarded(|| header_summary(raw)).ok().flatten().map(Box::new);
            return Err(EnvelopeError::TooLarge {
                size: raw.len(),
                limit: max_size,
                headers,
            });
        }
        guarded(|| {
            let message = MessageParser::default().parse(raw)?;
            Some(build(&message))
        })?
        .ok_or(EnvelopeError::Unparseable)
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
        let mut out: Vec<ReplyAddress> = Vec::new();
        for a in self.recipient_addresses() {
            if let Ok(r) = bot.parse_reply(a)
                && !out.contains(&r)
            {
                out.push(r);
            }
        }
        out
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

/// Runs `f`, turning a panic into [`EnvelopeError::Panicked`].
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, EnvelopeError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        EnvelopeError::Panicked(what)
    })
}

/// Reads only the header block of an over-size mail.
fn header_summary(raw: &[u8]) -> Option<HeaderSummary> {
    let end = find_header_end(raw)?;
    let mut block = raw[..end].to_vec();
    block.extend_from_slice(b"\r\n\r\n");
    let m = MessageParser::default().parse_headers(&block[..])?;
    Some(HeaderSummary {
        from: m.from().and_then(first_mailbox),
        recipients: mailboxes(m.to())
            .into_iter()
            .chain(mailboxes(m.cc()))
            .collect(),
        subject: m.subject().unwrap_or_default().to_string(),
        message_id: m.message_id().map(clean_id),
        in_reply_to: ids(m.in_reply_to()),
    })
}

/// The offset of the blank line ending the header block, within the cap.
fn find_header_end(raw: &[u8]) -> Option<usize> {
    let scan = &raw[..raw.len().min(MAX_HEADER_BLOCK)];
    (0..scan.len()).find(|&i| scan[i..].starts_with(b"\n\n") || scan[i..].starts_with(b"\r\n\r\n"))
}

fn build(m: &Message<'_>) -> Envelope {
    let subject = m.subject().unwrap_or_default().trim().to_string();
    let (body, new_source, html_only) = body_texts(m);
    let new_text = quotes::new_text(&new_source);
    Envelope {
        from: m.from().and_then(first_mailbox),
        reply_to: mailboxes(m.reply_to()),
        to: m.all_to().flat_map(|a| mailboxes(Some(a))).collect(),
        cc: m.all_cc().flat_map(|a| mailboxes(Some(a))).collect(),
        delivered_to: raw_header_values(m, "Delivered-To")
            .into_iter()
            .map(|v| {
                v.trim()
                    .trim_start_matches('<')
                    .trim_end_matches('>')
                    .to_string()
            })
            .filter(|v| !v.is_empty())
            .collect(),
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
    }
}

/// The body as text (quotes kept) and the text to cut quotes from (HTML block
/// quotes already dropped), and whether the body was HTML only. When the text
/// parts are blank (some clients send an empty text/plain beside the HTML),
/// the HTML parts are read instead.
fn body_texts(m: &Message<'_>) -> (String, String, bool) {
    let (mut whole, mut for_cut, mut html_only) = (String::new(), String::new(), false);
    let mut any_text = false;
    let mut any_html = false;
    for part in m.text_bodies() {
        read_part(part, &mut whole, &mut for_cut, &mut any_text, &mut any_html);
    }
    if whole.trim().is_empty() && !any_html {
        for part in m.html_bodies() {
            if matches!(part.body, PartType::Html(_)) {
                read_part(part, &mut whole, &mut for_cut, &mut any_text, &mut any_html);
            }
        }
        html_only = any_html;
    }
    (
        collapse_blank_lines(&whole),
        collapse_blank_lines(&for_cut),
        html_only || (any_html && !any_text),
    )
}

/// Appends one body part as text to both texts (parts with a file name are
/// attachments, not body).
fn read_part(
    part: &MessagePart<'_>,
    whole: &mut String,
    for_cut: &mut String,
    any_text: &mut bool,
    any_html: &mut bool,
) {
    if part.attachment_name().is_some() {
        return;
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
            let n = text::normalise(&unwrapped);
            (n.clone(), n)
        }
        PartType::Html(h) => {
            *any_html = true;
            (
                text::normalise(&html::html_to_text(h, false)),
                text::normalise(&html::html_to_text(h, true)),
            )
        }
        _ => return,
    };
    for (acc, add) in [(whole, w), (for_cut, c)] {
        if !acc.is_empty() && !acc.ends_with('\n') {
            acc.push('\n');
        }
        acc.push_str(&add);
    }
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

fn first_mailbox(a: &Address<'_>) -> Option<Mailbox> {
    a.iter().find_map(to_mailbox)
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
            .map(|n| n.trim().to_string())
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
        inner.subject().map(str::to_string),
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
            name: part.attachment_name().map(str::to_string),
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

/// The header summary of a mail from its head alone (the first bytes of an
/// over-size mail), or `None` when no header block ends within them.
#[must_use]
pub fn read_head(head: &[u8]) -> Option<HeaderSummary> {
    guarded(|| header_summary(head)).ok().flatten()
}
