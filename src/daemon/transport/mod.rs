//! Sending replies: the [`ReplyTransport`] trait, as lettre's `Transport` is a
//! trait, with three implementations: [`smtp::SmtpOutbox`] (TLS, STARTTLS, or
//! plain on loopback, through lettre), [`files::FileOutbox`] (`.eml` files in a
//! folder, the embedded default) and, for unit tests, `recording::Recording`
//! (keeps what it is given and answers as told). Failures are transient (4xx,
//! network: retried with backoff), deferred (a provider's "slow down"), a
//! refusal of one mail (5xx to `RCPT TO` or to the content sent after DATA),
//! a fault of the relay (5xx at connect, EHLO, AUTH, MAIL FROM or the DATA
//! command: nothing is failed, sending waits and is retried) or permanent (a
//! message that cannot be built).

pub mod files;
#[cfg(test)]
pub mod recording;
pub mod smtp;

use lettre::Message;

use crate::config::OutboxConfig;

/// Why a send failed.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// A 4xx reply or a network failure: try again later.
    #[error("transient: {0}")]
    Transient(String),
    /// A malformed message: do not retry.
    #[error("permanent: {0}")]
    Permanent(String),
    /// A 5xx reply to `RCPT TO`, or to the content sent after DATA: the relay
    /// refuses this mail. Whether it refuses this one only or everyone is
    /// decided by the sender from the other replies of the run (see
    /// `send_pool`).
    #[error("recipient refused: {0}")]
    Recipient(String),
    /// A 5xx reply that names no recipient (greeting, EHLO, AUTH, MAIL FROM,
    /// the DATA command): the relay takes no mail now; nothing is failed and sending is
    /// retried with backoff.
    #[error("relay refused at {stage}: {text}")]
    Relay {
        /// Where in the dialogue.
        stage: crate::store::relay_faults::RelayStage,
        /// The relay's reply, as it wrote it.
        text: String,
    },
    /// The provider asks to slow down (421, 451 or an enhanced 4.7.x reply):
    /// that connection waits, the message is tried again, and the attempt is
    /// not counted against the row.
    #[error("deferred: {0}")]
    Deferred(String),
}

/// Where replies go: one implementation per kind of outbox. Shared by the
/// sending workers of [`super::send_pool`], each of which sends on its own
/// thread, hence `Send + Sync`.
pub trait ReplyTransport: Send + Sync {
    /// Sends one message.
    ///
    /// # Errors
    /// [`SendError`]: transient, deferred or permanent.
    fn send(&self, message: &Message) -> Result<(), SendError>;
}

/// The transport of a configuration.
///
/// # Errors
/// When the folder cannot be created, TLS cannot be set up or the password is missing.
pub fn from_config(c: &OutboxConfig) -> anyhow::Result<Box<dyn ReplyTransport>> {
    Ok(match c {
        OutboxConfig::Files { path } => Box::new(files::FileOutbox::open(path)?),
        OutboxConfig::Smtp { .. } => Box::new(smtp::SmtpOutbox::from_config(c)?),
    })
}
