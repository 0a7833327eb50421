//! The header block of a mail read alone ([`read_head`]): the summary that
//! lets a refused mail's verified sender be answered once.

use mail_parser::MessageParser;

use crate::mail::address::{BotAddress, ReplyAddress};

#[cfg(doc)]
use super::Envelope;
use super::headers::{clean_id, clean_text, delivered_to, ids};
use super::reply_addresses_of;
use super::sender::{Mailbox, mailboxes, sender};

/// The most bytes of a mail's head that [`read_head`] looks at (the inboxes
/// hand at most this much of an over-size mail).
pub const MAX_HEAD_BYTES: usize = 256 * 1024;

/// The longest header field (bytes, unfolded) that [`read_head`] reads;
/// longer ones are skipped unread.
const HEAD_FIELD_BYTES: usize = 16 * 1024;

/// The most header fields that [`read_head`] keeps (only those it reads:
/// `From`, `To`, `Cc`, `Delivered-To`, `Subject`, `Message-ID`, `In-Reply-To`).
const HEAD_FIELDS_KEPT: usize = 64;
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
