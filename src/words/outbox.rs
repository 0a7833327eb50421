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

/// Where the relay refused, as a phrase: "at MAIL FROM (the sender)".
#[must_use]
pub fn stage_phrase(stage: RelayStage, lang: Language) -> &'static str {
    match (stage, lang) {
        (RelayStage::Connect, Language::En) => "at the greeting",
        (RelayStage::Connect, Language::Ru) => "при приветствии",
        (RelayStage::Ehlo, Language::En) => "at EHLO/STARTTLS",
        (RelayStage::Ehlo, Language::Ru) => "на EHLO/STARTTLS",
        (RelayStage::Auth, Language::En) => "at AUTH (the login)",
        (RelayStage::Auth, Language::Ru) => "на AUTH (вход)",
        (RelayStage::MailFrom, Language::En) => "at MAIL FROM (the sender)",
        (RelayStage::MailFrom, Language::Ru) => "на MAIL FROM (отправитель)",
        (RelayStage::RcptAll, Language::En) => "at RCPT TO, for every recipient",
        (RelayStage::RcptAll, Language::Ru) => "на RCPT TO, для всех получателей",
        (RelayStage::Data, Language::En) => "at DATA (the message)",
        (RelayStage::Data, Language::Ru) => "на DATA (текст письма)",
    }
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
        match lang {
            Language::En => "the mail relay refused mail for a while".into(),
            Language::Ru => "почтовый сервер отправки временно не принимал письма".into(),
        }
    }

    /// One line for a list of held alerts.
    #[must_use]
    pub fn line(&self, lang: Language) -> String {
        let (since, until) = (format_utc(self.since), format_utc(self.until));
        match lang {
            Language::En => format!("the mail relay refused mail from {since} to {until}"),
            Language::Ru => format!("сервер отправки не принимал письма с {since} до {until}"),
        }
    }

    /// The alert's body.
    #[must_use]
    pub fn body(&self, lang: Language) -> String {
        let (since, until) = (format_utc(self.since), format_utc(self.until));
        let stage = stage_phrase(self.stage, lang);
        let reply = printable(&self.reply);
        let n = self.refusals;
        match lang {
            Language::En => format!(
                "From {since} to {until} the SMTP server zaochka sends through refused mail {stage}, \
                 whoever it was for ({n} refused attempts). Its last answer:\n  {reply}\n\n\
                 No reply was given up: they waited in the outbox and went out once the server took mail again; \
                 the clocks did not run for the players whose move notices waited. \
                 If this happens again, check the [outbox] settings (login, password, the relay's permissions for the bot's address)."
            ),
            Language::Ru => format!(
                "С {since} до {until} SMTP-сервер, через который zaochka отправляет почту, отклонял письма {stage}, \
                 кому бы они ни были адресованы (отклонённых попыток: {n}). Его последний ответ:\n  {reply}\n\n\
                 Ни один ответ не потерян: они ждали в очереди и ушли, когда сервер снова стал принимать письма; \
                 часы игроков, чьи уведомления о ходе ждали отправки, не шли. \
                 Если это повторится, проверьте раздел [outbox] (логин, пароль, разрешения сервера для адреса бота)."
            ),
        }
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

impl FailedReply {
    /// The alert's subject (without the `[zaochka]` prefix).
    #[must_use]
    pub fn subject(&self, lang: Language) -> String {
        let to = printable(&self.address);
        match lang {
            Language::En => format!("a reply to {to} could not be sent"),
            Language::Ru => format!("ответ на {to} не удалось отправить"),
        }
    }

    /// One line for a list of held alerts.
    #[must_use]
    pub fn line(&self, lang: Language) -> String {
        let to = printable(&self.address);
        match lang {
            Language::En => format!("reply {} to {to} failed for good", self.outbox),
            Language::Ru => format!("ответ {} на {to} окончательно не отправлен", self.outbox),
        }
    }

    /// The alert's body.
    #[must_use]
    pub fn body(&self, lang: Language) -> String {
        let to = printable(&self.address);
        let detail = printable(&self.detail);
        let row = self.outbox;
        let why = match (self.why, lang) {
            (FailedWhy::Unbuildable, Language::En) => "the message could not be built",
            (FailedWhy::Unbuildable, Language::Ru) => "письмо не удалось составить",
            (FailedWhy::AttemptsUsedUp, Language::En) => {
                "every attempt failed with a temporary error until the attempts ran out"
            }
            (FailedWhy::AttemptsUsedUp, Language::Ru) => {
                "все попытки закончились временной ошибкой, и попытки исчерпаны"
            }
            (FailedWhy::RecipientRefused, Language::En) => {
                "the mail server refused this recipient for good"
            }
            (FailedWhy::RecipientRefused, Language::Ru) => {
                "почтовый сервер окончательно отказался принять письмо для этого получателя"
            }
        };
        match lang {
            Language::En => {
                let about = self
                    .game
                    .map_or(String::new(), |g| format!(" about game #{g}"));
                format!(
                    "The reply {row}{about} to {to} was not sent: {why}. The last error:\n  {detail}\n\n\
                     `zaochka outbox list --failed` lists such replies; once the cause is fixed, \
                     `zaochka outbox retry {row}` sends it again."
                )
            }
            Language::Ru => {
                let about = self
                    .game
                    .map_or(String::new(), |g| format!(" по партии #{g}"));
                format!(
                    "Ответ {row}{about} на адрес {to} не отправлен: {why}. Последняя ошибка:\n  {detail}\n\n\
                     Команда `zaochka outbox list --failed` показывает такие ответы; когда причина устранена, \
                     `zaochka outbox retry {row}` отправит его снова."
                )
            }
        }
    }
}
