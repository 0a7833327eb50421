//! Sending replies: the [`ReplyTransport`] trait, as lettre's `Transport` is a
//! trait, with three implementations: [`smtp::SmtpOutbox`] (TLS, STARTTLS, or
//! plain on loopback, through lettre), [`files::FileOutbox`] (`.eml` files in a
//! folder, the embedded default) and, for unit tests, `recording::Recording`
//! (keeps what it is given and answers as told). Failures are transient (4xx,
//! network: retried with backoff), deferred (a provider's "slow down") or
//! permanent (5xx: recorded for the referee).

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
    /// A 5xx reply or a malformed message: do not retry.
    #[error("permanent: {0}")]
    Permanent(String),
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
