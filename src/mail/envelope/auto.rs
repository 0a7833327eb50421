//! Mails a machine sent: the auto-reply signs ([`AutoSignal`]) and the
//! delivery status report of a bounce.

use mail_parser::{Message, MessageParser, MimeHeaders, PartType};

use crate::mail::dsn::{self, Bounce};

use super::headers::{clean_id, clean_text, raw_header_values};
use super::sender::mailboxes;

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

pub(super) fn auto_signals(m: &Message<'_>, subject: &str) -> Vec<AutoSignal> {
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
pub(super) fn bounce(m: &Message<'_>) -> Option<Bounce> {
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
