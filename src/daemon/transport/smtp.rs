//! The SMTP outbox: lettre's `SmtpTransport` with a pool of connections (one
//! per sending worker), and lettre's errors sorted into [`SendError`]s.

use std::time::Duration;

use lettre::transport::smtp::PoolConfig;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{Message, SmtpTransport, Transport};

use super::{ReplyTransport, SendError};
use crate::config::OutboxConfig;

/// Sorts lettre's error: 5xx permanent, a provider's "slow down" (reply 421
/// or 451, or an enhanced status 4.7.x in the text) deferred, anything else
/// (other 4xx, network) transient.
fn classify(e: &lettre::transport::smtp::Error) -> SendError {
    let text = e.to_string();
    if e.is_permanent() {
        return SendError::Permanent(text);
    }
    let code = e.status().map(|c| c.to_string());
    if matches!(code.as_deref(), Some("421" | "451")) || text.contains(" 4.7.") {
        SendError::Deferred(text)
    } else {
        SendError::Transient(text)
    }
}

/// An SMTP server as the outbox.
pub struct SmtpOutbox(SmtpTransport);

impl SmtpOutbox {
    /// The SMTP transport of an `[outbox] kind = "smtp"` configuration.
    ///
    /// # Errors
    /// When TLS cannot be set up or the password is missing.
    ///
    /// # Panics
    /// On a configuration of another kind (see [`super::from_config`]).
    pub fn from_config(c: &OutboxConfig) -> anyhow::Result<SmtpOutbox> {
        let OutboxConfig::Smtp {
            host,
            port,
            security,
            user,
            password,
            limits,
        } = c
        else {
            panic!("SmtpOutbox::from_config takes an SMTP outbox");
        };
        let mut b = match security.as_str() {
            "plain" => SmtpTransport::builder_dangerous(host.as_str()),
            "starttls" => SmtpTransport::starttls_relay(host)?,
            _ => SmtpTransport::relay(host)?,
        }
        .port(*port)
        .timeout(Some(Duration::from_secs(30)))
        // Connections are reused while replies flow (one per sending
        // worker), and closed after 30 s idle, well before servers drop
        // them (lettre issue 743).
        .pool_config(
            PoolConfig::new()
                .max_size(u32::try_from(limits.connections()).unwrap_or(u32::MAX))
                .idle_timeout(Duration::from_secs(30)),
        );
        if let Some(u) = user {
            b = b.credentials(Credentials::new(u.clone(), password.read()?));
        }
        Ok(SmtpOutbox(b.build()))
    }
}

impl ReplyTransport for SmtpOutbox {
    /// One retry: a pooled connection the server closed fails once (lettre
    /// issue 743); a permanent or a deferring answer is not retried here.
    fn send(&self, message: &Message) -> Result<(), SendError> {
        let t = &self.0;
        t.send(message).map(|_| ()).or_else(|e| match classify(&e) {
            SendError::Transient(_) => t.send(message).map(|_| ()).map_err(|e| classify(&e)),
            other => Err(other),
        })
    }
}
