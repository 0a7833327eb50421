//! Sending replies: SMTP through lettre (TLS, STARTTLS, or plain on loopback) or
//! `.eml` files in a folder (the embedded default). Failures are transient (4xx,
//! network: retried with backoff) or permanent (5xx: recorded for the referee).

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{FileTransport, Message, SmtpTransport, Transport};

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
}

/// Where replies go.
pub enum ReplyTransport {
    /// An SMTP server.
    Smtp(Box<SmtpTransport>),
    /// A folder of `.eml` files.
    Files(FileTransport, PathBuf),
}

impl ReplyTransport {
    /// The transport of a configuration.
    ///
    /// # Errors
    /// When the folder cannot be created, TLS cannot be set up or the password is missing.
    pub fn from_config(c: &OutboxConfig) -> anyhow::Result<ReplyTransport> {
        match c {
            OutboxConfig::Files { path } => {
                std::fs::create_dir_all(path)
                    .with_context(|| format!("cannot create {}", path.display()))?;
                Ok(ReplyTransport::Files(
                    FileTransport::new(path),
                    path.clone(),
                ))
            }
            OutboxConfig::Smtp {
                host,
                port,
                security,
                user,
                password,
            } => {
                let mut b = match security.as_str() {
                    "plain" => SmtpTransport::builder_dangerous(host.as_str()),
                    "starttls" => SmtpTransport::starttls_relay(host)?,
                    _ => SmtpTransport::relay(host)?,
                }
                .port(*port)
                .timeout(Some(Duration::from_secs(30)));
                if let Some(u) = user {
                    b = b.credentials(Credentials::new(u.clone(), password.read()?));
                }
                Ok(ReplyTransport::Smtp(Box::new(b.build())))
            }
        }
    }

    /// Sends one message.
    ///
    /// # Errors
    /// [`SendError`], transient or permanent.
    pub fn send(&self, message: &Message) -> Result<(), SendError> {
        match self {
            ReplyTransport::Smtp(t) => t.send(message).map(|_| ()).map_err(|e| {
                if e.is_permanent() {
                    SendError::Permanent(e.to_string())
                } else {
                    SendError::Transient(e.to_string())
                }
            }),
            ReplyTransport::Files(t, dir) => t.send(message).map(|_| ()).map_err(|e| {
                SendError::Transient(format!("cannot write into {}: {e}", dir.display()))
            }),
        }
    }
}
