//! The words of the outbox's troubles, for the referees: a fault of the
//! outbound relay that has ended (it refused every reply for a while; nothing
//! was lost), and a reply that failed for good (so that none ends failed
//! silently).

use chrono::{DateTime, Utc};

use crate::clock::zone::format_utc;
use crate::printable::printable;
use crate::store::relay_faults::RelayStage;
use crate::vocabulary::GameId;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// Where the relay refused, as a phrase: "at MAIL FROM (the sender)".
#[must_use]
pub fn stage_phrase(stage: RelayStage, lang: Language) -> String {
    let id = match stage {
        RelayStage::Connect => "outbox-stage-connect",
        RelayStage::Ehlo => "outbox-stage-ehlo",
        RelayStage::Auth => "outbox-stage-auth",
        RelayStage::MailFrom => "outbox-stage-mail-from",
        RelayStage::RcptAll => "outbox-stage-rcpt-all",
        RelayStage::Data => "outbox-stage-data",
    };
    Message::new(id).render(lang)
}

/// A fault of the outbound relay, told once when the relay takes mail again.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RelayRecovered {
    /// When the relay first refused (UTC).
    pub since: DateTime<Utc>,
    /// When it took mail again (UTC).
    pub until: DateTime<Utc>,
    /// Where it refused, the last time.
    pub stage: RelayStage,
    /// Its last refusal, as it wrote it.
    pub reply: String,
    /// Sends refused during the fault.
    pub refusals: u32,
}

impl RelayRecovered {
    /// The alert's subject (without the `[zaochka]` prefix).
    #[must_use]
    pub fn subject(&self, lang: Language) -> String {
        Message::new("outbox-relay-recovered-subject").render(lang)
    }

    /// One line for a list of held alerts.
    #[must_use]
    pub fn line(&self, lang: Language) -> String {
        Message::new("outbox-relay-recovered-line")
            .arg("since", format_utc(self.since))
            .arg("until", format_utc(self.until))
            .render(lang)
    }

    /// The alert's body.
    #[must_use]
    pub fn body(&self, lang: Language) -> String {
        Message::new("outbox-relay-recovered-body")
            .arg("since", format_utc(self.since))
            .arg("until", format_utc(self.until))
            .arg("stage", stage_phrase(self.stage, lang))
            .arg("reply", printable(&self.reply))
            .arg("refusals", self.refusals.to_string())
            .render(lang)
    }
}

/// Why a reply failed for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FailedWhy {
    /// The message could not be built (a bad address or header).
    Unbuildable,
    /// Every attempt failed with a temporary error until the attempts ran out.
    AttemptsUsedUp,
    /// The relay refused the recipient for good.
    RecipientRefused,
}

/// A reply that failed for good: the referees are told of each one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FailedReply {
    /// The outbox row.
    pub outbox: i64,
    /// Its recipient.
    pub address: String,
    /// The game it was about, if any.
    pub game: Option<GameId>,
    /// Why it failed.
    pub why: FailedWhy,
    /// The last error, as the transport wrote it.
    pub detail: String,
    /// When it failed (UTC).
    pub at: DateTime<Utc>,
}

impl FailedWhy {
    /// The message saying why.
    fn message_id(self) -> &'static str {
        match self {
            FailedWhy::Unbuildable => "outbox-failed-why-unbuildable",
            FailedWhy::AttemptsUsedUp => "outbox-failed-why-attempts-used-up",
            FailedWhy::RecipientRefused => "outbox-failed-why-recipient-refused",
        }
    }
}

impl FailedReply {
    /// The alert's subject (without the `[zaochka]` prefix).
    #[must_use]
    pub fn subject(&self, lang: Language) -> String {
        Message::new("outbox-failed-subject")
            .arg("to", printable(&self.address))
            .render(lang)
    }

    /// One line for a list of held alerts.
    #[must_use]
    pub fn line(&self, lang: Language) -> String {
        Message::new("outbox-failed-line")
            .arg("row", self.outbox.to_string())
            .arg("to", printable(&self.address))
            .render(lang)
    }

    /// The alert's body.
    #[must_use]
    pub fn body(&self, lang: Language) -> String {
        let message = match self.game {
            None => Message::new("outbox-failed-body"),
            Some(g) => Message::new("outbox-failed-body-game").arg("game", g.to_string()),
        };
        message
            .arg("row", self.outbox.to_string())
            .arg("to", printable(&self.address))
            .arg("why", Message::new(self.why.message_id()).render(lang))
            .arg("detail", printable(&self.detail))
            .render(lang)
    }
}
