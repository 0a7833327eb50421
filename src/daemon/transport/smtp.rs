//! The SMTP outbox: lettre's `SmtpConnection`, driven command by command so
//! that a refusal is known by where it came (lettre's `SmtpTransport` answers
//! one error for the whole dialogue), with a small pool of open connections
//! (one per sending worker, closed after [`IDLE`] unused).
//!
//! How a reply is sorted ([`SendError`]): a provider's "slow down" (421, 451,
//! or an enhanced status 4.7.x) is deferred; any other 4xx and a network
//! failure are transient; a 5xx to `RCPT TO`, or to the message's content
//! once sent after DATA (a filter refusing this one mail), is
//! [`SendError::Recipient`], judged by the sender from the other replies of
//! the run like any refusal of one mail; a 5xx at the greeting or EHLO,
//! STARTTLS, AUTH, `MAIL FROM` or the DATA command is [`SendError::Relay`]
//! with its stage: the relay takes no mail, whoever it is for.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use lettre::Message;
use lettre::transport::smtp::Error as SmtpError;
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};

use super::{ReplyTransport, SendError};
use crate::config::OutboxConfig;
use crate::store::relay_faults::RelayStage;

/// How long an unused connection is kept open: closed well before servers
/// drop idle clients, since a pooled connection the server has closed fails
/// the next send on it.
pub const IDLE: Duration = Duration::from_secs(30);

/// How long one SMTP command may wait for its answer.
const TIMEOUT: Duration = Duration::from_secs(30);

/// Sorts lettre's error at `stage`: 5xx by stage (see the module doc;
/// `None` is `RCPT TO` or the message's content), a provider's "slow down" deferred, anything else
/// (other 4xx, network) transient.
fn classify(e: &SmtpError, stage: Option<RelayStage>) -> SendError {
    let text = e.to_string();
    if e.is_permanent() {
        return match stage {
            Some(stage) => SendError::Relay { stage, text },
            None => SendError::Recipient(text),
        };
    }
    let code = e.status().map(|c| c.to_string());
    if matches!(code.as_deref(), Some("421" | "451")) || text.contains(" 4.7.") {
        SendError::Deferred(text)
    } else {
        SendError::Transient(text)
    }
}

/// How the connection is protected.
enum Security {
    /// None (loopback only).
    Plain,
    /// STARTTLS after the greeting.
    StartTls(TlsParameters),
    /// TLS from the first byte.
    Wrapper(TlsParameters),
}

/// An SMTP server as the outbox.
pub struct SmtpOutbox {
    host: String,
    port: u16,
    security: Security,
    hello: ClientId,
    credentials: Option<Credentials>,
    /// Open connections not in use, with the instant each was last used.
    idle: Mutex<Vec<(SmtpConnection, Instant)>>,
    /// At most this many idle connections are kept.
    keep: usize,
}

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
            ..
        } = c
        else {
            panic!("SmtpOutbox::from_config takes an SMTP outbox");
        };
        let security = match security.as_str() {
            "plain" => Security::Plain,
            "starttls" => Security::StartTls(TlsParameters::new(host.clone())?),
            _ => Security::Wrapper(TlsParameters::new(host.clone())?),
        };
        let credentials = match user {
            Some(u) => Some(Credentials::new(u.clone(), password.read()?)),
            None => None,
        };
        Ok(SmtpOutbox {
            host: host.clone(),
            port: *port,
            security,
            hello: ClientId::default(),
            credentials,
            idle: Mutex::new(Vec::new()),
            keep: limits.connections(),
        })
    }

    /// A new connection, greeted, encrypted and logged in.
    fn connect(&self) -> Result<SmtpConnection, SendError> {
        let wrapper = match &self.security {
            Security::Wrapper(p) => Some(p),
            _ => None,
        };
        let mut conn = SmtpConnection::connect(
            (self.host.as_str(), self.port),
            Some(TIMEOUT),
            &self.hello,
            wrapper,
            None,
        )
        .map_err(|e| classify(&e, Some(RelayStage::Connect)))?;
        if let Security::StartTls(p) = &self.security {
            conn.starttls(p, &self.hello)
                .map_err(|e| classify(&e, Some(RelayStage::Ehlo)))?;
        }
        if let Some(c) = &self.credentials {
            conn.auth(DEFAULT_MECHANISMS, c)
                .map_err(|e| classify(&e, Some(RelayStage::Auth)))?;
        }
        Ok(conn)
    }

    /// An idle connection used less than [`IDLE`] ago, if any (older ones
    /// are closed).
    fn checkout(&self) -> Option<SmtpConnection> {
        let mut idle = self
            .idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while let Some((mut conn, at)) = idle.pop() {
            if at.elapsed() < IDLE && !conn.has_broken() {
                return Some(conn);
            }
            let _ = conn.quit();
        }
        None
    }

    fn checkin(&self, conn: SmtpConnection) {
        let mut idle = self
            .idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if idle.len() < self.keep {
            idle.push((conn, Instant::now()));
        }
    }

    /// One mail transaction on `conn`: MAIL FROM, RCPT TO each, DATA.
    fn transaction(conn: &mut SmtpConnection, message: &Message) -> Result<(), SendError> {
        let envelope = message.envelope();
        let body = message.formatted();
        let mut options = Vec::new();
        let non_ascii = envelope
            .to()
            .iter()
            .chain(envelope.from())
            .any(|a: &lettre::Address| !AsRef::<str>::as_ref(a).is_ascii());
        if non_ascii {
            if !conn.server_info().supports_feature(Extension::SmtpUtfEight) {
                return Err(SendError::Permanent(
                    crate::words::operator::daemon::no_smtputf8().into(),
                ));
            }
            options.push(MailParameter::SmtpUtfEight);
        }
        if !body.is_ascii() && conn.server_info().supports_feature(Extension::EightBitMime) {
            options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        conn.command(Mail::new(envelope.from().cloned(), options))
            .map_err(|e| classify(&e, Some(RelayStage::MailFrom)))?;
        for to in envelope.to() {
            conn.command(Rcpt::new(to.clone(), vec![]))
                .map_err(|e| classify(&e, None))?;
        }
        conn.command(Data)
            .map_err(|e| classify(&e, Some(RelayStage::Data)))?;
        // A refusal of the content names this mail only: held and judged like
        // a refused recipient, so one mail a filter rejects cannot hold back
        // every other reply for ever.
        conn.message(&body).map_err(|e| classify(&e, None))?;
        Ok(())
    }

    /// Sends on a pooled connection, or a new one; the connection goes back
    /// to the pool after a mail taken, and is closed after any refusal.
    fn send_once(&self, message: &Message, conn: Option<SmtpConnection>) -> Result<(), SendError> {
        let mut conn = match conn {
            Some(c) => c,
            None => self.connect()?,
        };
        match Self::transaction(&mut conn, message) {
            Ok(()) => {
                self.checkin(conn);
                Ok(())
            }
            Err(e) => {
                conn.abort();
                Err(e)
            }
        }
    }
}

impl ReplyTransport for SmtpOutbox {
    /// A pooled connection the server closed fails once (a transient error):
    /// the message is tried again on a new connection; any other answer is
    /// returned as it is.
    fn send(&self, message: &Message) -> Result<(), SendError> {
        match self.checkout() {
            Some(conn) => match self.send_once(message, Some(conn)) {
                Err(SendError::Transient(_)) => self.send_once(message, None),
                other => other,
            },
            None => self.send_once(message, None),
        }
    }
}
