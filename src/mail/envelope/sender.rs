//! The sender and the address lists: [`Mailbox`], the one `From` mailbox
//! ([`sender`]) and the mailboxes of an address header.

use mail_parser::{Address, HeaderValue, Message};

use super::error::SenderProblem;
use super::headers::clean_text;

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
/// The sender: `Ok(None)` with no `From` header, the one mailbox of the one
/// `From` header, else the problem.
pub(super) fn sender(m: &Message<'_>) -> Result<Option<Mailbox>, SenderProblem> {
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

pub(super) fn mailboxes(a: Option<&Address<'_>>) -> Vec<Mailbox> {
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
