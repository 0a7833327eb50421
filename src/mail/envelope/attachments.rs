//! The files attached to a mail ([`Attachment`]).

use mail_parser::{Message, MimeHeaders, PartType};

use super::headers::clean_text;

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

pub(super) fn attachments(m: &Message<'_>) -> Vec<Attachment> {
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
