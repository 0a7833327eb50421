//! A reply as MIME (lettre's builder): plain text, or multipart/alternative with an
//! HTML part showing an inline board image (`cid:board`), plus attachments such as
//! the game score; our own Message-ID, and `In-Reply-To`/`References` threading.
//! The SMTP envelope is set apart from the headers: the envelope sender is the
//! row's VERP return path (where bounces go), the header `From` stays the bot's
//! (or the per-player reply) address.

use anyhow::Context;
use lettre::address::Envelope;
use lettre::message::header::{
    ContentType, HeaderName, HeaderValue, InReplyTo, MessageId, References,
};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};

use crate::store::outbox::OutgoingMail;

/// Builds the MIME message of an outbox row, with the SMTP envelope
/// `MAIL FROM:<return_path>`, `RCPT TO:<row.to_address>`.
///
/// # Errors
/// When an address or a content type in the row is malformed.
pub fn build(
    row: &OutgoingMail,
    from: &Mailbox,
    reply_to: Option<&Mailbox>,
    return_path: &Address,
) -> anyhow::Result<Message> {
    let to_address: Address = row.to_address.trim().parse().with_context(|| {
        format!(
            "bad recipient \"{}\"",
            crate::printable::printable(&row.to_address)
        )
    })?;
    let envelope = Envelope::new(Some(return_path.clone()), vec![to_address.clone()])
        .context("cannot make the SMTP envelope")?;
    let to = Mailbox::new(None, to_address);
    let mut b = Message::builder()
        .envelope(envelope)
        .from(from.clone())
        .to(to)
        .subject(row.subject.clone())
        .header(MessageId::from(format!("<{}>", row.message_id)));
    if let Some(r) = reply_to {
        b = b.reply_to(r.clone());
    }
    if let Some(id) = &row.in_reply_to {
        b = b.header(InReplyTo::from(format!("<{id}>")));
    }
    if let Some(refs) = &row.references {
        b = b.header(References::from(refs.clone()));
    }
    // Replies are machine-made: mark them so that vacation responders stay quiet
    // (RFC 3834).
    b = b.raw_header(HeaderValue::new(
        HeaderName::new_from_ascii_str("Auto-Submitted"),
        "auto-replied".into(),
    ));
    let text = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(row.body_text.clone());
    let (inline, files): (Vec<_>, Vec<_>) = row
        .attachments
        .iter()
        .partition(|a| a.filename == "board.png");
    let body = match &row.body_html {
        None if files.is_empty() => return Ok(b.singlepart(text)?),
        None => MultiPart::mixed().singlepart(text),
        Some(html) => {
            let html_part = SinglePart::builder()
                .header(ContentType::TEXT_HTML)
                .body(html.clone());
            let related = inline
                .iter()
                .fold(MultiPart::related().singlepart(html_part), |m, a| {
                    let ct = ContentType::parse(&a.content_type)
                        .unwrap_or(ContentType::parse("image/png").expect("valid"));
                    m.singlepart(Attachment::new_inline("board".into()).body(a.content.clone(), ct))
                });
            MultiPart::mixed()
                .multipart(MultiPart::alternative().singlepart(text).multipart(related))
        }
    };
    let body = files.iter().fold(body, |m, a| {
        let ct = ContentType::parse(&a.content_type).unwrap_or(ContentType::TEXT_PLAIN);
        m.singlepart(Attachment::new(a.filename.clone()).body(a.content.clone(), ct))
    });
    Ok(b.multipart(body)?)
}
