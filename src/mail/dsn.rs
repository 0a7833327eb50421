//! Delivery status notifications (RFC 3464): bounces come back as
//! `multipart/report; report-type=delivery-status` with a human notice, a
//! `message/delivery-status` part (one block of fields for the reporting MTA,
//! then one block per recipient) and the returned mail or its headers.
//!
//! A failure (`Action: failed`) alerts the referee and marks the player
//! unreachable; a delay (`Action: delayed`) is only logged: the caller decides,
//! this module only reads.

use crate::mail::address::parse_subject_tag;
use crate::mail::ids::BotMessageId;
use crate::vocabulary::GameId;

/// What the reporting server did for one recipient (`Action:`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DsnAction {
    /// The mail could not be delivered and will not be retried.
    Failed,
    /// Delivery is delayed; the server keeps trying.
    Delayed,
    /// Delivered (a positive notification).
    Delivered,
    /// Relayed to a system that sends no notifications.
    Relayed,
    /// Delivered and forwarded to further recipients.
    Expanded,
    /// Any other action word, lowercased.
    Other(String),
}

impl DsnAction {
    /// Reads an `Action:` value (case-insensitive).
    #[must_use]
    pub fn parse(value: &str) -> DsnAction {
        let v = value.trim().to_ascii_lowercase();
        match v.split_whitespace().next().unwrap_or("") {
            "failed" => DsnAction::Failed,
            "delayed" => DsnAction::Delayed,
            "delivered" => DsnAction::Delivered,
            "relayed" => DsnAction::Relayed,
            "expanded" => DsnAction::Expanded,
            _ => DsnAction::Other(v),
        }
    }
}

/// One recipient block of a delivery status report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DsnRecipient {
    /// `Final-Recipient` (the address part after `rfc822;`).
    pub final_recipient: String,
    /// `Original-Recipient`, if given.
    pub original_recipient: Option<String>,
    /// `Action`.
    pub action: DsnAction,
    /// `Status`, e.g. `5.1.1`.
    pub status: Option<String>,
    /// `Diagnostic-Code` without its type (`smtp;`), unfolded.
    pub diagnostic: Option<String>,
}

impl DsnRecipient {
    /// The recipient's address: the original one when given, else the final one.
    #[must_use]
    pub fn address(&self) -> &str {
        self.original_recipient
            .as_deref()
            .unwrap_or(&self.final_recipient)
    }
}

/// The bounced mail as far as the report returns it (whole or headers only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReturnedMessage {
    /// Its Message-ID without `<>`.
    pub message_id: Option<String>,
    /// Its subject.
    pub subject: Option<String>,
    /// Its `Reply-To` addresses (the bot's per-player reply address).
    pub reply_to: Vec<String>,
    /// Its `To` addresses.
    pub to: Vec<String>,
    /// The game, from the subject tag or else the bot's Message-ID.
    pub game: Option<GameId>,
}

/// A delivery status notification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounce {
    /// `Reporting-MTA` without its type (`dns;`).
    pub reporting_mta: Option<String>,
    /// One entry per recipient block.
    pub recipients: Vec<DsnRecipient>,
    /// The returned mail, if the report carries it.
    pub returned: Option<ReturnedMessage>,
}

impl Bounce {
    /// Whether delivery failed for at least one recipient (alert the referee).
    #[must_use]
    pub fn is_failure(&self) -> bool {
        self.recipients
            .iter()
            .any(|r| r.action == DsnAction::Failed)
    }

    /// Whether the report only says delivery is delayed (log it, nothing more).
    #[must_use]
    pub fn is_delay_only(&self) -> bool {
        !self.recipients.is_empty()
            && self
                .recipients
                .iter()
                .all(|r| r.action == DsnAction::Delayed)
    }

    /// The recipients whose delivery failed.
    pub fn failed_recipients(&self) -> impl Iterator<Item = &DsnRecipient> {
        self.recipients
            .iter()
            .filter(|r| r.action == DsnAction::Failed)
    }

    /// The game the bounced mail was about, if known.
    #[must_use]
    pub fn game(&self) -> Option<GameId> {
        self.returned.as_ref().and_then(|r| r.game)
    }
}

/// Reads the fields of a `message/delivery-status` part: the reporting MTA and
/// the recipient blocks (blocks without `Final-Recipient` or `Action` are
/// skipped).
#[must_use]
pub fn parse_delivery_status(text: &str) -> (Option<String>, Vec<DsnRecipient>) {
    let mut reporting_mta = None;
    let mut recipients = Vec::new();
    for (i, block) in blocks(text).into_iter().enumerate() {
        let get = |name: &str| {
            block
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.clone())
        };
        if i == 0
            && let Some(mta) = get("Reporting-MTA")
        {
            reporting_mta = Some(after_type(&mta));
        }
        let (Some(final_recipient), Some(action)) = (get("Final-Recipient"), get("Action")) else {
            continue;
        };
        recipients.push(DsnRecipient {
            final_recipient: clean_address(&after_type(&final_recipient)),
            original_recipient: get("Original-Recipient").map(|v| clean_address(&after_type(&v))),
            action: DsnAction::parse(&action),
            status: get("Status").map(|s| s.trim().to_string()),
            diagnostic: get("Diagnostic-Code").map(|d| after_type(&d)),
        });
    }
    (reporting_mta, recipients)
}

/// Builds the returned-message summary and finds its game.
#[must_use]
pub fn returned_message(
    message_id: Option<String>,
    subject: Option<String>,
    reply_to: Vec<String>,
    to: Vec<String>,
) -> ReturnedMessage {
    let game = subject.as_deref().and_then(parse_subject_tag).or_else(|| {
        message_id
            .as_deref()
            .and_then(BotMessageId::parse)
            .and_then(|m| m.game())
    });
    ReturnedMessage {
        message_id,
        subject,
        reply_to,
        to,
        game,
    }
}

/// Field blocks separated by blank lines; folded lines unfolded.
fn blocks(text: &str) -> Vec<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut block: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            if !block.is_empty() {
                out.push(std::mem::take(&mut block));
            }
            continue;
        }
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = block.last_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
            continue;
        }
        if let Some((name, value)) = line.split_once(':') {
            block.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    if !block.is_empty() {
        out.push(block);
    }
    out
}

/// `rfc822; a@b` -> `a@b`; a value without a type is returned trimmed.
fn after_type(value: &str) -> String {
    value
        .split_once(';')
        .map_or(value, |(_, v)| v)
        .trim()
        .to_string()
}

fn clean_address(a: &str) -> String {
    a.trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPORT: &str = "Reporting-MTA: dns; mx.example.com\n\
X-Postfix-Queue-ID: 4Z9AbC1xyzQ\n\
\n\
Final-Recipient: rfc822; d.volkov@example.org\n\
Original-Recipient: rfc822;d.volkov@example.org\n\
Action: failed\n\
Status: 5.1.1\n\
Diagnostic-Code: smtp; 550 5.1.1 <d.volkov@example.org>: Recipient\n    address rejected: User unknown\n\
\n\
Final-Recipient: rfc822; anna@example.net\n\
Action: delayed\n\
Status: 4.4.1\n";

    #[test]
    fn recipient_blocks_are_read_with_folded_diagnostics() {
        let (mta, r) = parse_delivery_status(REPORT);
        assert_eq!(mta.as_deref(), Some("mx.example.com"));
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].address(), "d.volkov@example.org");
        assert_eq!(r[0].action, DsnAction::Failed);
        assert_eq!(r[0].status.as_deref(), Some("5.1.1"));
        assert_eq!(
            r[0].diagnostic.as_deref(),
            Some("550 5.1.1 <d.volkov@example.org>: Recipient address rejected: User unknown")
        );
        assert_eq!(r[1].action, DsnAction::Delayed);
    }

    #[test]
    fn a_failure_is_told_apart_from_a_delay() {
        let (_, r) = parse_delivery_status(REPORT);
        let both = Bounce {
            reporting_mta: None,
            recipients: r.clone(),
            returned: None,
        };
        assert!(both.is_failure());
        assert!(!both.is_delay_only());
        let delay = Bounce {
            reporting_mta: None,
            recipients: vec![r[1].clone()],
            returned: None,
        };
        assert!(!delay.is_failure());
        assert!(delay.is_delay_only());
    }

    #[test]
    fn the_returned_mail_names_its_game_by_tag_or_message_id() {
        let r = returned_message(
            Some("zaochka.0123456789abcdef0123.0.1@example.com".into()),
            Some("[zaochka #14] Ваш ход".into()),
            vec![],
            vec![],
        );
        assert_eq!(r.game, Some(GameId(14)));
        let r = returned_message(
            Some("zaochka.clock.9.black.deadline-1d.1764936000.0.0@example.com".into()),
            None,
            vec![],
            vec![],
        );
        assert_eq!(r.game, Some(GameId(9)));
        let r = returned_message(
            Some("zaochka.period.2.11.0@example.com".into()),
            None,
            vec![],
            vec![],
        );
        assert_eq!(r.game, Some(GameId(11)));
        let r = returned_message(
            Some("zaochka.0123456789abcdef0123.0.1@example.com".into()),
            None,
            vec![],
            vec![],
        );
        assert_eq!(r.game, None);
    }
}
