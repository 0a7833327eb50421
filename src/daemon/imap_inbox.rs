//! The IMAP inbox (the `imap` crate): TLS for real servers, plain on loopback;
//! UIDVALIDITY and UIDs tracked; unseen messages fetched with `BODY.PEEK[]` (which
//! does not set `\Seen`) in UID chunks; `\Seen` set only after the commit; IDLE
//! where the server offers it, polling otherwise; reconnect with backoff.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use anyhow::{Context, anyhow};
use chrono::{DateTime, Utc};
use imap::extensions::idle::SetReadTimeout;

use super::inbox::{Inbox, RawMail, Skipped};
use crate::config::Secret;

/// UIDs fetched per FETCH command (MAIL-STACK.md: 200 kept RSS low).
const CHUNK: usize = 200;
/// IDLE is renewed before the server's 30-minute limit (RFC 2177).
const IDLE_LIMIT: Duration = Duration::from_secs(25 * 60);

/// Connection settings for [`ImapInbox`].
#[derive(Clone, Debug)]
pub struct ImapSettings {
    /// Host name.
    pub host: String,
    /// Port.
    pub port: u16,
    /// Implicit TLS (`true`) or plain text (loopback test servers).
    pub tls: bool,
    /// Login.
    pub user: String,
    /// Password source.
    pub password: Secret,
    /// Mailbox to read.
    pub mailbox: String,
    /// Whether to use IDLE when offered.
    pub idle: bool,
}

type Session = imap::Session<Box<dyn StreamBox>>;

/// A boxed stream the `imap` crate can use (plain TCP or TLS).
pub trait StreamBox: Read + Write + Send {
    /// Sets the read timeout of the underlying socket.
    fn set_timeout(&mut self, timeout: Option<Duration>) -> std::io::Result<()>;
}

impl StreamBox for TcpStream {
    fn set_timeout(&mut self, timeout: Option<Duration>) -> std::io::Result<()> {
        TcpStream::set_read_timeout(self, timeout)
    }
}

impl StreamBox for native_tls::TlsStream<TcpStream> {
    fn set_timeout(&mut self, timeout: Option<Duration>) -> std::io::Result<()> {
        self.get_ref().set_read_timeout(timeout)
    }
}

impl SetReadTimeout for Box<dyn StreamBox> {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::Result<()> {
        self.set_timeout(timeout).map_err(imap::Error::Io)
    }
}

/// An IMAP mailbox read as an inbox.
pub struct ImapInbox {
    settings: ImapSettings,
    session: Option<Session>,
    uid_validity: u32,
    failures: u32,
}

impl ImapInbox {
    /// Connects, logs in and selects the mailbox.
    ///
    /// # Errors
    /// Connection, TLS or login failures (a wrong password among them).
    pub fn connect(settings: ImapSettings) -> anyhow::Result<ImapInbox> {
        let mut inbox = ImapInbox {
            settings,
            session: None,
            uid_validity: 0,
            failures: 0,
        };
        inbox.session()?;
        Ok(inbox)
    }

    /// The UIDVALIDITY of the selected mailbox.
    #[must_use]
    pub fn uid_validity(&self) -> u32 {
        self.uid_validity
    }

    fn open(&mut self) -> anyhow::Result<Session> {
        let s = &self.settings;
        let tcp = TcpStream::connect((s.host.as_str(), s.port))
            .with_context(|| format!("cannot connect to IMAP {}:{}", s.host, s.port))?;
        tcp.set_read_timeout(Some(Duration::from_secs(60)))?;
        let stream: Box<dyn StreamBox> = if s.tls {
            let tls = native_tls::TlsConnector::new()?;
            Box::new(
                tls.connect(&s.host, tcp)
                    .map_err(|e| anyhow!("TLS with {}: {e}", s.host))?,
            )
        } else {
            Box::new(tcp)
        };
        let mut client = imap::Client::new(stream);
        client.read_greeting().context("no IMAP greeting")?;
        let password = s.password.read()?;
        let mut session = client
            .login(&s.user, &password)
            .map_err(|(e, _)| anyhow!("IMAP login as {} refused: {e}", s.user))?;
        let mailbox = session
            .select(&s.mailbox)
            .with_context(|| format!("cannot select {}", s.mailbox))?;
        self.uid_validity = mailbox.uid_validity.unwrap_or(0);
        Ok(session)
    }

    fn session(&mut self) -> anyhow::Result<&mut Session> {
        if self.session.is_none() {
            if self.failures > 0 {
                // Backoff: 1, 2, 4 ... 60 seconds between reconnection attempts.
                let secs = 1u64 << self.failures.min(6);
                std::thread::sleep(Duration::from_secs(secs.min(60)));
            }
            match self.open() {
                Ok(s) => {
                    self.failures = 0;
                    self.session = Some(s);
                }
                Err(e) => {
                    self.failures += 1;
                    return Err(e);
                }
            }
        }
        self.session
            .as_mut()
            .ok_or_else(|| anyhow!("no IMAP session"))
    }

    fn drop_on_error<T>(&mut self, r: anyhow::Result<T>) -> anyhow::Result<T> {
        if r.is_err() {
            self.session = None;
            self.failures += 1;
        }
        r
    }

    /// Stores `flags` (`+FLAGS.SILENT (...)`) on the message of an inbox key.
    fn flag(&mut self, key: &str, flags: &str) -> anyhow::Result<()> {
        let mut parts = key.rsplitn(3, '/');
        let uid = parts.next().unwrap_or("");
        let validity: u32 = parts.next().and_then(|v| v.parse().ok()).unwrap_or(0);
        if validity != self.uid_validity {
            // The mailbox was rebuilt: the UID is meaningless now; the message will be
            // seen again and recognised by its Message-ID.
            return Ok(());
        }
        let uid = uid.to_string();
        let r = (|| -> anyhow::Result<()> {
            self.session()?.uid_store(&uid, flags)?;
            Ok(())
        })();
        self.drop_on_error(r)
    }

    fn fetch_inner(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>> {
        let mailbox = self.settings.mailbox.clone();
        let session = self.session()?;
        // Drain unsolicited responses so the channel does not grow without bound.
        while session.unsolicited_responses.try_recv().is_ok() {}
        let mut uids: Vec<u32> = session.uid_search("UNSEEN UNKEYWORD $ZaochkaQuarantine")?.into_iter().collect();
        uids.sort_unstable();
        uids.truncate(limit);
        let validity = self.uid_validity;
        let session = self.session()?;
        let mut out = Vec::new();
        for chunk in uids.chunks(CHUNK) {
            let set = chunk
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",");
            let fetches = session.uid_fetch(&set, "(UID INTERNALDATE BODY.PEEK[])")?;
            for f in fetches.iter() {
                let (Some(uid), Some(body)) = (f.uid, f.body()) else {
                    continue;
                };
                let received_at = f
                    .internal_date()
                    .map_or_else(Utc::now, DateTime::<Utc>::from);
                out.push(RawMail {
                    key: format!("{mailbox}/{validity}/{uid}"),
                    size: body.len() as u64,
                    bytes: body.to_vec(),
                    received_at,
                });
            }
        }
        out.sort_by_key(|m| m.key.rsplit('/').next().and_then(|u| u.parse::<u32>().ok()));
        Ok(out)
    }
}

impl Inbox for ImapInbox {
    fn fetch(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>> {
        let r = self.fetch_inner(limit);
        self.drop_on_error(r)
    }

    fn done(&mut self, key: &str) -> anyhow::Result<()> {
        self.flag(key, "+FLAGS.SILENT (\\Seen)")
    }

    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        self.flag(key, "+FLAGS.SILENT ($ZaochkaQuarantine)")
    }

    fn release(&mut self, key: &str) -> anyhow::Result<()> {
        self.flag(key, "-FLAGS.SILENT ($ZaochkaQuarantine)")
    }

    fn take_skipped(&mut self) -> Vec<Skipped> {
        Vec::new()
    }

    fn wait(&mut self, timeout: Duration) -> anyhow::Result<()> {
        let use_idle = self.settings.idle;
        let r = (|| -> anyhow::Result<()> {
            let session = self.session()?;
            let idle_ok = use_idle && session.capabilities()?.has_str("IDLE");
            if idle_ok {
                let handle = session.idle()?;
                handle.wait_with_timeout(timeout.min(IDLE_LIMIT))?;
            } else {
                std::thread::sleep(timeout);
                session.noop()?;
            }
            Ok(())
        })();
        self.drop_on_error(r)
    }
}

impl std::fmt::Debug for ImapInbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImapInbox")
            .field("host", &self.settings.host)
            .field("mailbox", &self.settings.mailbox)
            .finish()
    }
}
