//! The IMAP inbox (the `imap` crate): TLS for real servers, plain on loopback;
//! UIDVALIDITY and UIDs tracked; `\Seen` set only after the commit; IDLE where the
//! server offers it ([`super::imap_idle`]), polling otherwise; reconnect with backoff.
//!
//! Bounded: the unseen, unquarantined UIDs are searched, then their
//! `RFC822.SIZE` and `INTERNALDATE` fetched, and only then the messages: whole
//! (`BODY.PEEK[]`, which does not set `\Seen`) when within `max-message-bytes`,
//! else their first [`HEAD_BYTES`] (`BODY.PEEK[]<0.N>`), at most `limit` per
//! fetch, in chunks of at most [`CHUNK`] UIDs and about [`CHUNK_BYTES`].
//! Quarantine is the keyword `$ZaochkaQuarantine`. No call blocks for long: the
//! connection has a connect timeout and a read timeout ([`READ_TIMEOUT`]), also
//! after IDLE, and the reconnection backoff never sleeps longer than a `wait`.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use chrono::{DateTime, Utc};
use imap::extensions::idle::SetReadTimeout;
use imap::types::Flag;

use super::imap_idle;
use super::inbox::{DoneMail, EntrySkip, FETCH_BYTES, HEAD_BYTES, Inbox, RawMail, Skipped};
use crate::config::Secret;
use crate::printable::printable;

/// UIDs fetched per FETCH command (MAIL-STACK.md: 200 kept RSS low).
pub const CHUNK: usize = 200;
/// About how many message bytes one FETCH response may hold (the `imap` crate
/// keeps a whole response in memory); a single larger message goes alone.
pub const CHUNK_BYTES: u64 = 8 * 1024 * 1024;
/// How long one read from the server may block before the connection is
/// dropped and reopened (it also bounds how late SIGTERM is noticed).
pub const READ_TIMEOUT: Duration = Duration::from_secs(20);
/// How long a TCP connect may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The keyword of quarantined messages.
pub const QUARANTINE_KEYWORD: &str = "$ZaochkaQuarantine";

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
    /// Messages larger than this (bytes, `RFC822.SIZE`) are read only up to
    /// [`HEAD_BYTES`].
    pub max_message_bytes: usize,
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
    /// `None` (what the `imap` crate sets after IDLE) means [`READ_TIMEOUT`]
    /// here: a read never blocks without end.
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::Result<()> {
        self.set_timeout(Some(timeout.unwrap_or(READ_TIMEOUT)))
            .map_err(imap::Error::Io)
    }
}

/// An IMAP mailbox read as an inbox.
pub struct ImapInbox {
    settings: ImapSettings,
    session: Option<Session>,
    /// The session's TCP connection, shut down to end an IDLE on a stop.
    socket: Option<TcpStream>,
    uid_validity: u32,
    failures: u32,
    /// No reconnection before this instant (backoff after failures).
    retry_at: Option<Instant>,
    /// `(uidvalidity, uid)` of messages handled but not flaggable: not fetched
    /// again in this run.
    unmovable: HashSet<(u32, u32)>,
    /// `(uidvalidity, uid)` of messages held out of the fetches
    /// ([`Inbox::hold`]).
    held: HashSet<(u32, u32)>,
    /// Entries passed over since the last [`Inbox::take_skipped`].
    skipped: Vec<Skipped>,
    /// In replay ([`Inbox::replay_since`]): seen mail from this instant's day
    /// on (IMAP `SINCE`, by INTERNALDATE) is fetched too.
    replay_since: Option<DateTime<Utc>>,
    /// In replay: `(uidvalidity, uid)` of the messages fetched so far (each
    /// is fetched once).
    replayed: HashSet<(u32, u32)>,
}

impl ImapInbox {
    /// Connects, logs in and selects the mailbox.
    ///
    /// # Errors
    /// Connection, TLS or login failures (a wrong password among them).
    pub fn connect(settings: ImapSettings) -> anyhow::Result<ImapInbox> {
        let mut inbox = ImapInbox::new(settings);
        inbox.session()?;
        Ok(inbox)
    }

    /// An inbox on `settings`, not yet connected: no session, no failures, no
    /// backoff.
    fn new(settings: ImapSettings) -> ImapInbox {
        ImapInbox {
            settings,
            session: None,
            socket: None,
            uid_validity: 0,
            failures: 0,
            retry_at: None,
            unmovable: HashSet::new(),
            held: HashSet::new(),
            skipped: Vec::new(),
            replay_since: None,
            replayed: HashSet::new(),
        }
    }

    /// The UIDVALIDITY of the selected mailbox.
    #[must_use]
    pub fn uid_validity(&self) -> u32 {
        self.uid_validity
    }

    fn open(&mut self) -> anyhow::Result<Session> {
        let s = &self.settings;
        let tcp = connect(&s.host, s.port)
            .with_context(|| format!("cannot connect to IMAP {}:{}", s.host, s.port))?;
        tcp.set_read_timeout(Some(READ_TIMEOUT))?;
        tcp.set_write_timeout(Some(READ_TIMEOUT))?;
        self.socket = tcp.try_clone().ok();
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
        let known = mailbox
            .flags
            .iter()
            .any(|f| matches!(f, Flag::Custom(k) if k.eq_ignore_ascii_case(QUARANTINE_KEYWORD)));
        if !known {
            // The first command naming a new keyword makes Dovecot announce it with
            // an untagged `* OK [PERMANENTFLAGS ...]`, which the `imap` crate's
            // SEARCH and STORE parsers reject: name it once here, in a command
            // whose answer is not parsed.
            session
                .run_command_and_read_response(format!(
                    "UID SEARCH UID 1 KEYWORD {QUARANTINE_KEYWORD}"
                ))
                .context("cannot search for the quarantine keyword")?;
        }
        Ok(session)
    }

    fn session(&mut self) -> anyhow::Result<&mut Session> {
        if self.session.is_none() {
            if let Some(at) = self.retry_at {
                let now = Instant::now();
                if now < at {
                    bail!(
                        "IMAP {}:{} unavailable; next attempt in {} s",
                        self.settings.host,
                        self.settings.port,
                        (at - now).as_secs() + 1
                    );
                }
            }
            match self.open() {
                Ok(s) => {
                    self.failures = 0;
                    self.retry_at = None;
                    self.session = Some(s);
                }
                Err(e) => {
                    self.failed();
                    return Err(e);
                }
            }
        }
        self.session
            .as_mut()
            .ok_or_else(|| anyhow!("no IMAP session"))
    }

    /// Counts a failure and schedules the next attempt: 2, 4, 8 ... 60 s later.
    /// A call refused while the daemon waits out that delay (no session, the
    /// next attempt still ahead) is not another failure: counting it pushed
    /// the attempt on by a second each time the daemon asked, so a first
    /// failure under load left the inbox unread for good.
    fn failed(&mut self) {
        let backing_off =
            self.session.is_none() && self.retry_at.is_some_and(|at| Instant::now() < at);
        if backing_off {
            return;
        }
        self.session = None;
        self.failures += 1;
        let secs = (1u64 << self.failures.min(6)).min(60);
        self.retry_at = Some(Instant::now() + Duration::from_secs(secs));
    }

    fn drop_on_error<T>(&mut self, r: anyhow::Result<T>) -> anyhow::Result<T> {
        if r.is_err() {
            self.failed();
        }
        r
    }

    /// The UID of an inbox key of the current mailbox, or `None` when the key
    /// belongs to an earlier UIDVALIDITY.
    fn uid_of(&self, key: &str) -> anyhow::Result<Option<u32>> {
        let mut parts = key.rsplitn(3, '/');
        let uid = parts.next().and_then(|u| u.parse::<u32>().ok());
        let validity = parts.next().and_then(|v| v.parse::<u32>().ok());
        let (Some(uid), Some(validity)) = (uid, validity) else {
            bail!("{} is not an IMAP key", printable(key));
        };
        Ok((validity == self.uid_validity).then_some(uid))
    }

    /// Remembers a message that could not be flagged: not fetched again this run,
    /// reported once.
    fn unmovable(&mut self, key: &str, uid: u32) {
        if self.unmovable.insert((self.uid_validity, uid)) {
            self.skipped.push(Skipped {
                entry: key.to_string(),
                why: EntrySkip::Unmovable,
            });
        }
    }

    /// Stores `flags` (`+FLAGS.SILENT (...)`) on the message of an inbox key; a
    /// failure makes the message unmovable for this run.
    fn flag(&mut self, key: &str, flags: &str) -> anyhow::Result<()> {
        let Some(uid) = self.uid_of(key)? else {
            // The mailbox was rebuilt: the UID is meaningless now; the message will be
            // seen again and recognised by its Message-ID.
            return Ok(());
        };
        let r = (|| -> anyhow::Result<()> {
            self.session()?.uid_store(uid.to_string(), flags)?;
            Ok(())
        })();
        if r.is_err() {
            self.unmovable(key, uid);
        }
        self.drop_on_error(r)
            .with_context(|| format!("cannot store {flags} on {}", printable(key)))
    }

    fn fetch_inner(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>> {
        let mailbox = self.settings.mailbox.clone();
        let max = self.settings.max_message_bytes as u64;
        let which = match self.replay_since {
            // Seen or not, from that day on (SINCE compares dates only).
            Some(since) => format!("SINCE {}", since.format("%-d-%b-%Y")),
            None => "UNSEEN".to_string(),
        };
        let session = self.session()?;
        // Drain unsolicited responses so the channel does not grow without bound.
        while session.unsolicited_responses.try_recv().is_ok() {}
        // Read raw: Dovecot may announce the keyword inside this answer (an
        // untagged `* FLAGS` and `* OK [PERMANENTFLAGS ...]`), which the
        // `imap` crate's SEARCH parser rejects, and then every fetch failed.
        let answer = session.run_command_and_read_response(format!(
            "UID SEARCH {which} UNKEYWORD {QUARANTINE_KEYWORD}"
        ))?;
        let found = search_uids(&answer);
        let validity = self.uid_validity;
        let mut uids: Vec<u32> = found
            .into_iter()
            .filter(|uid| {
                !self.unmovable.contains(&(validity, *uid))
                    && !self.replayed.contains(&(validity, *uid))
                    && !self.held.contains(&(validity, *uid))
            })
            .collect();
        uids.sort_unstable();
        let session = self.session()?;
        // Sizes and dates first, a chunk at a time, until `limit` messages and
        // about FETCH_BYTES of them are chosen.
        let mut chosen: Vec<(u32, u64, DateTime<Utc>)> = Vec::new();
        let mut held = 0u64;
        'listing: for chunk in uids.chunks(CHUNK) {
            let fetches = session.uid_fetch(uid_set(chunk), "(UID RFC822.SIZE INTERNALDATE)")?;
            let mut sized: Vec<(u32, u64, DateTime<Utc>)> = fetches
                .iter()
                .filter_map(|f| {
                    let uid = f.uid?;
                    let size = u64::from(f.size?);
                    let at = f
                        .internal_date()
                        .map_or_else(Utc::now, DateTime::<Utc>::from);
                    Some((uid, size, at))
                })
                .collect();
            sized.sort_unstable_by_key(|m| m.0);
            for m in sized {
                if chosen.len() >= limit || (held >= FETCH_BYTES as u64 && !chosen.is_empty()) {
                    break 'listing;
                }
                held += if m.1 <= max { m.1 } else { HEAD_BYTES as u64 };
                chosen.push(m);
            }
        }
        // Then the messages: whole when within the limit, else their head.
        let mut out = Vec::with_capacity(chosen.len());
        let (whole, heads): (Vec<_>, Vec<_>) = chosen.iter().partition(|m| m.1 <= max);
        let head_query = format!("(UID BODY.PEEK[]<0.{HEAD_BYTES}>)");
        for (group, query) in [(whole, "(UID BODY.PEEK[])"), (heads, head_query.as_str())] {
            for chunk in byte_chunks(&group, max) {
                let uids: Vec<u32> = chunk.iter().map(|m| m.0).collect();
                let fetches = session.uid_fetch(uid_set(&uids), query)?;
                for f in fetches.iter() {
                    let (Some(uid), Some(body)) = (f.uid, f.body()) else {
                        continue;
                    };
                    let Some(&&(_, size, received_at)) = chunk.iter().find(|m| m.0 == uid) else {
                        continue;
                    };
                    let mut bytes = body.to_vec();
                    if bytes.len() as u64 > max {
                        // The server's size was wrong: keep the bound anyway.
                        bytes.truncate(HEAD_BYTES);
                    }
                    out.push(RawMail {
                        key: format!("{mailbox}/{validity}/{uid}"),
                        size: size.max(body.len() as u64),
                        bytes,
                        received_at,
                    });
                }
            }
        }
        out.sort_by_key(|m| m.key.rsplit('/').next().and_then(|u| u.parse::<u32>().ok()));
        if self.replay_since.is_some() {
            for m in &out {
                if let Some(uid) = m.key.rsplit('/').next().and_then(|u| u.parse::<u32>().ok()) {
                    self.replayed.insert((validity, uid));
                }
            }
        }
        Ok(out)
    }
}

impl ImapInbox {
    /// [`Inbox::done_since`]: `UID SEARCH SEEN SINCE` (a day's precision),
    /// then the INTERNALDATE of each, a chunk at a time, kept from `since` on.
    fn done_since_inner(&mut self, since: DateTime<Utc>) -> anyhow::Result<Vec<DoneMail>> {
        let mailbox = self.settings.mailbox.clone();
        let validity = self.uid_validity;
        let session = self.session()?;
        while session.unsolicited_responses.try_recv().is_ok() {}
        let answer = session.run_command_and_read_response(format!(
            "UID SEARCH SEEN SINCE {} UNKEYWORD {QUARANTINE_KEYWORD}",
            since.format("%-d-%b-%Y")
        ))?;
        let mut uids = search_uids(&answer);
        uids.sort_unstable();
        let mut out = Vec::new();
        for chunk in uids.chunks(CHUNK) {
            let fetches = session.uid_fetch(uid_set(chunk), "(UID INTERNALDATE)")?;
            for f in fetches.iter() {
                let (Some(uid), Some(at)) = (f.uid, f.internal_date()) else {
                    continue;
                };
                let received_at = DateTime::<Utc>::from(at);
                if received_at >= since {
                    out.push(DoneMail {
                        key: format!("{mailbox}/{validity}/{uid}"),
                        received_at,
                    });
                }
            }
        }
        Ok(out)
    }
}

/// Connects to the first address of `host` that answers within the timeout.
fn connect(host: &str, port: u16) -> std::io::Result<TcpStream> {
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address");
    for addr in (host, port).to_socket_addrs()? {
        match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
            Ok(s) => return Ok(s),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// `1,5,7` for a UID list.
fn uid_set(uids: &[u32]) -> String {
    uids.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Splits chosen `(uid, size, date)` messages into FETCH chunks of at most
/// [`CHUNK`] UIDs and about [`CHUNK_BYTES`] (as read: whole within `max`, else
/// the head), each with at least one message.
fn byte_chunks<'a>(
    group: &[&'a (u32, u64, DateTime<Utc>)],
    max: u64,
) -> Vec<Vec<&'a (u32, u64, DateTime<Utc>)>> {
    let mut chunks: Vec<Vec<&(u32, u64, DateTime<Utc>)>> = Vec::new();
    let mut bytes = 0u64;
    for &m in group {
        let read = if m.1 <= max { m.1 } else { HEAD_BYTES as u64 };
        match chunks.last_mut() {
            Some(c) if c.len() < CHUNK && bytes + read <= CHUNK_BYTES => {
                c.push(m);
                bytes += read;
            }
            _ => {
                chunks.push(vec![m]);
                bytes = read;
            }
        }
    }
    chunks
}

impl Inbox for ImapInbox {
    fn replay_since(&mut self, since: DateTime<Utc>) {
        self.replay_since = Some(since);
    }

    fn done_since(&mut self, since: DateTime<Utc>) -> anyhow::Result<Vec<DoneMail>> {
        let r = self.done_since_inner(since);
        self.drop_on_error(r)
    }

    fn fetch(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>> {
        let r = self.fetch_inner(limit);
        self.drop_on_error(r)
    }

    fn hold(&mut self, key: &str) {
        if let Ok(Some(uid)) = self.uid_of(key) {
            self.held.insert((self.uid_validity, uid));
        }
    }

    fn unhold_all(&mut self) {
        self.held.clear();
    }

    fn done(&mut self, key: &str) -> anyhow::Result<()> {
        self.flag(key, "+FLAGS.SILENT (\\Seen)")
    }

    fn done_all(&mut self, keys: &[String]) -> anyhow::Result<()> {
        let mut uids = Vec::with_capacity(keys.len());
        for key in keys {
            // A key of an earlier UIDVALIDITY: see `flag`.
            if let Some(uid) = self.uid_of(key)? {
                uids.push((key, uid));
            }
        }
        for chunk in uids.chunks(CHUNK) {
            let set: Vec<u32> = chunk.iter().map(|&(_, uid)| uid).collect();
            let r = (|| -> anyhow::Result<()> {
                self.session()?
                    .uid_store(uid_set(&set), "+FLAGS.SILENT (\\Seen)")?;
                Ok(())
            })();
            if r.is_err() {
                for &(key, uid) in chunk {
                    self.unmovable(key, uid);
                }
            }
            self.drop_on_error(r)
                .with_context(|| format!("cannot mark {} mails seen", chunk.len()))?;
        }
        Ok(())
    }

    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        self.flag(key, &format!("+FLAGS.SILENT ({QUARANTINE_KEYWORD})"))
    }

    fn release(&mut self, key: &str) -> anyhow::Result<()> {
        let Some(uid) = self.uid_of(key)? else {
            bail!(
                "{} belongs to an earlier UIDVALIDITY of the mailbox",
                printable(key)
            );
        };
        let r = (|| -> anyhow::Result<bool> {
            let session = self.session()?;
            let fetches = session.uid_fetch(uid.to_string(), "(UID FLAGS)")?;
            let held = fetches.iter().any(|f| {
                f.uid == Some(uid)
                    && f.flags()
                        .iter()
                        .any(|fl| matches!(fl, Flag::Custom(k) if k.eq_ignore_ascii_case(QUARANTINE_KEYWORD)))
            });
            if held {
                // Unseen again too, in case a mail client read it meanwhile.
                session.uid_store(
                    uid.to_string(),
                    format!("-FLAGS.SILENT (\\Seen {QUARANTINE_KEYWORD})"),
                )?;
            }
            Ok(held)
        })();
        if !self.drop_on_error(r)? {
            bail!("{} is not in quarantine", printable(key));
        }
        self.unmovable.remove(&(self.uid_validity, uid));
        Ok(())
    }

    fn take_skipped(&mut self) -> Vec<Skipped> {
        std::mem::take(&mut self.skipped)
    }

    fn wait(&mut self, timeout: Duration, stop: &AtomicBool) -> anyhow::Result<()> {
        let Some(session) = self.session.as_mut() else {
            // Dropped or backing off: wait out (part of) the delay; the next
            // fetch reconnects and reads what came meanwhile.
            let left = self.retry_at.map_or(Duration::ZERO, |at| {
                at.saturating_duration_since(Instant::now())
            });
            super::pause(left.min(timeout), stop);
            return Ok(());
        };
        let use_idle = self.settings.idle;
        let mut cut = false;
        let r = (|| -> anyhow::Result<()> {
            if use_idle && session.capabilities()?.has_str("IDLE") {
                imap_idle::idle(session, self.socket.as_ref(), timeout, stop)?;
                if stop.load(std::sync::atomic::Ordering::SeqCst) {
                    // The wake cut the socket under IDLE: the next fetch
                    // logs in again (no backoff: nothing failed).
                    cut = true;
                }
            } else {
                super::pause(timeout, stop);
                if !stop.load(std::sync::atomic::Ordering::SeqCst) {
                    session.noop()?;
                }
            }
            Ok(())
        })();
        if cut && r.is_ok() {
            self.session = None;
        }
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

/// The UIDs of the `* SEARCH` lines of a raw answer; every other untagged
/// line (FLAGS, PERMANENTFLAGS, EXISTS, RECENT ...) is left aside.
fn search_uids(answer: &[u8]) -> Vec<u32> {
    answer
        .split(|&b| b == b'\n')
        .filter_map(|line| line.strip_prefix(b"* SEARCH"))
        .flat_map(|rest| {
            rest.split(|b| b.is_ascii_whitespace())
                .filter_map(|w| std::str::from_utf8(w).ok()?.parse::<u32>().ok())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_answer_with_the_keyword_announced_inside_is_read() {
        // As Dovecot answered the daemon's search once 1,000 mails waited.
        let answer = b"* SEARCH 1861 1862 2860\r\n\
            * FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft $ZaochkaQuarantine)\r\n\
            * OK [PERMANENTFLAGS (\\Answered \\Seen $ZaochkaQuarantine \\*)] Flags permitted.\r\n\
            * 3 EXISTS\r\n";
        assert_eq!(search_uids(answer), vec![1861, 1862, 2860]);
        assert!(search_uids(b"* SEARCH\r\n").is_empty());
    }

    /// An inbox on a port where nothing listens (never connected).
    fn unreachable() -> ImapInbox {
        ImapInbox::new(ImapSettings {
            host: "127.0.0.1".into(),
            port: 1,
            tls: false,
            user: "nobody".into(),
            password: crate::config::Secret::default(),
            mailbox: "INBOX".into(),
            idle: false,
            max_message_bytes: 1 << 20,
        })
    }

    #[test]
    fn calls_refused_during_the_backoff_do_not_push_the_next_attempt_on() {
        let mut inbox = unreachable();
        assert!(inbox.fetch(10).is_err(), "nothing listens on port 1");
        let (failures, at) = (inbox.failures, inbox.retry_at.expect("a backoff"));
        assert_eq!(failures, 1, "one attempt, one failure");
        for _ in 0..5 {
            let refused = inbox.fetch(10).expect_err("still backing off");
            assert!(refused.to_string().contains("next attempt in"), "{refused}");
        }
        assert_eq!(inbox.failures, failures);
        assert_eq!(
            inbox.retry_at,
            Some(at),
            "the next attempt stays where it was"
        );
    }
}
