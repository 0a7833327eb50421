//! A tiny SMTP server on loopback for the outbox tests: speaks enough SMTP
//! for lettre (EHLO/HELO, AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT),
//! one thread per connection, records every message it accepts, and can play
//! a provider that throttles: every `n`-th message (counted over all
//! connections) is answered `421 4.7.0` after its data and the connection is
//! closed, the message not kept.
//!
//! It also plays a relay in a fault, switched on and off while the daemon
//! runs ([`SmtpSink::set_fault`]): `550` to MAIL FROM, `535` to AUTH, `554
//! 5.7.1` to every RCPT, `550 5.1.1` to one recipient, or `554 5.7.1` to
//! the content of the mails to one recipient. It stands in for
//! Postfix here because Postfix cannot be switched between these faults on
//! demand in a test (and only one mail stack may run on the machine).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A message the sink accepted.
#[derive(Clone, Debug)]
pub struct Accepted {
    /// The envelope sender (`MAIL FROM`).
    pub from: String,
    /// The envelope recipients (`RCPT TO`).
    pub to: Vec<String>,
    /// The `Message-ID` header, without `<>`.
    pub message_id: String,
}

/// How the sink refuses, until switched back to [`Fault::None`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Fault {
    /// Takes every mail.
    #[default]
    None,
    /// `550 5.7.1 Relaying denied` to every MAIL FROM (a misconfigured relay).
    MailFrom550,
    /// `535 5.7.8` to every AUTH (the password changed).
    Auth535,
    /// `554 5.7.1 <addr>: Relay access denied` to every RCPT (Postfix's
    /// answer when the client may not relay).
    RcptAll554,
    /// `550 5.1.1 <addr>: user unknown` to RCPT of this address only, the
    /// reply text carrying `text` after it (to test how it is printed).
    Rcpt550(String, String),
    /// `554 5.7.1 Message rejected` after the data of a mail to this address
    /// only (a content filter refusing one mail).
    Content554(String),
}

#[derive(Default)]
struct Shared {
    fault: Mutex<Fault>,
    /// Commands refused because of a fault.
    fault_refusals: AtomicUsize,
    accepted: Mutex<Vec<Accepted>>,
    /// Messages whose data ended, accepted or refused.
    messages: AtomicUsize,
    refused: AtomicUsize,
    /// Connections open now, and the most open at once.
    open: AtomicUsize,
    most_open: AtomicUsize,
    closing: AtomicBool,
}

/// A running sink; stops accepting connections when dropped.
pub struct SmtpSink {
    /// The loopback port it listens on.
    pub port: u16,
    shared: Arc<Shared>,
}

impl SmtpSink {
    /// Starts a sink on a free loopback port; `refuse_every = Some(10)` answers
    /// 421 to every tenth message.
    pub fn start(refuse_every: Option<usize>) -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new(Shared::default());
        let s = Arc::clone(&shared);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if s.closing.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(stream) = stream else { continue };
                let s = Arc::clone(&s);
                std::thread::spawn(move || {
                    let now = s.open.fetch_add(1, Ordering::SeqCst) + 1;
                    s.most_open.fetch_max(now, Ordering::SeqCst);
                    let _ = session(stream, &s, refuse_every);
                    s.open.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        SmtpSink { port, shared }
    }

    /// The messages accepted so far, in the order their data was accepted.
    pub fn accepted(&self) -> Vec<Accepted> {
        self.shared.accepted.lock().unwrap().clone()
    }

    /// Switches the fault the sink plays from now on (open connections too).
    pub fn set_fault(&self, fault: Fault) {
        *self.shared.fault.lock().unwrap() = fault;
    }

    /// How many commands were refused because of a fault.
    pub fn fault_refusals(&self) -> usize {
        self.shared.fault_refusals.load(Ordering::SeqCst)
    }

    /// How many messages were answered 421.
    pub fn refused(&self) -> usize {
        self.shared.refused.load(Ordering::SeqCst)
    }

    /// The most connections that were open at once.
    pub fn most_open(&self) -> usize {
        self.shared.most_open.load(Ordering::SeqCst)
    }

    /// The `[outbox]` table that sends to this sink, with `extra` lines
    /// (`connections = 4`, `per-minute = 5`) appended.
    pub fn outbox_toml(&self, extra: &str) -> String {
        format!(
            "[outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"plain\"\n{extra}",
            self.port
        )
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.shared.closing.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// One SMTP session; returns when the client quits or the sink hangs up.
fn session(stream: TcpStream, s: &Shared, refuse_every: Option<usize>) -> std::io::Result<()> {
    let mut out = stream.try_clone()?;
    let mut lines = BufReader::new(stream);
    out.write_all(b"220 sink.test ESMTP\r\n")?;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    let fault = || s.fault.lock().unwrap().clone();
    loop {
        line.clear();
        if lines.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
        let arg = |prefix: usize| {
            line.get(prefix..)
                .unwrap_or("")
                .trim()
                .trim_start_matches('<')
                .split('>')
                .next()
                .unwrap_or("")
                .to_string()
        };
        match verb.as_str() {
            "EHLO" => out.write_all(
                b"250-sink.test\r\n250-8BITMIME\r\n250-AUTH PLAIN\r\n250 SMTPUTF8\r\n",
            )?,
            "AUTH" => {
                if fault() == Fault::Auth535 {
                    s.fault_refusals.fetch_add(1, Ordering::SeqCst);
                    out.write_all(b"535 5.7.8 Error: authentication failed\r\n")?;
                } else {
                    out.write_all(b"235 2.7.0 Authentication successful\r\n")?;
                }
            }
            "HELO" | "NOOP" => out.write_all(b"250 2.0.0 Ok\r\n")?,
            "RSET" => {
                (from, to) = (String::new(), Vec::new());
                out.write_all(b"250 2.0.0 Ok\r\n")?;
            }
            "MAIL" => {
                if fault() == Fault::MailFrom550 {
                    s.fault_refusals.fetch_add(1, Ordering::SeqCst);
                    out.write_all(b"550 5.7.1 Relaying denied\r\n")?;
                    continue;
                }
                from = arg(10);
                out.write_all(b"250 2.1.0 Ok\r\n")?;
            }
            "RCPT" => {
                let rcpt = arg(8);
                match fault() {
                    Fault::RcptAll554 => {
                        s.fault_refusals.fetch_add(1, Ordering::SeqCst);
                        out.write_all(
                            format!("554 5.7.1 <{rcpt}>: Relay access denied\r\n").as_bytes(),
                        )?;
                        continue;
                    }
                    Fault::Rcpt550(who, text) if who.eq_ignore_ascii_case(&rcpt) => {
                        s.fault_refusals.fetch_add(1, Ordering::SeqCst);
                        out.write_all(
                            format!("550 5.1.1 <{rcpt}>: user unknown{text}\r\n").as_bytes(),
                        )?;
                        continue;
                    }
                    _ => {}
                }
                to.push(rcpt);
                out.write_all(b"250 2.1.5 Ok\r\n")?;
            }
            "DATA" => {
                out.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")?;
                let mut message_id = String::new();
                let mut in_head = true;
                loop {
                    line.clear();
                    if lines.read_line(&mut line)? == 0 {
                        return Ok(());
                    }
                    if line == ".\r\n" || line == ".\n" {
                        break;
                    }
                    if line.trim_end().is_empty() {
                        in_head = false;
                    }
                    if in_head && line.len() > 11 && line[..11].eq_ignore_ascii_case("message-id:")
                    {
                        message_id = line[11..]
                            .trim()
                            .trim_start_matches('<')
                            .trim_end_matches('>')
                            .to_string();
                    }
                }
                let n = s.messages.fetch_add(1, Ordering::SeqCst) + 1;
                if let Fault::Content554(who) = fault()
                    && to.iter().any(|t| t.eq_ignore_ascii_case(&who))
                {
                    s.fault_refusals.fetch_add(1, Ordering::SeqCst);
                    (from, to) = (String::new(), Vec::new());
                    out.write_all(b"554 5.7.1 Message rejected: content refused\r\n")?;
                    continue;
                }
                if refuse_every.is_some_and(|k| n.is_multiple_of(k)) {
                    s.refused.fetch_add(1, Ordering::SeqCst);
                    out.write_all(b"421 4.7.0 sink.test Try again later, closing connection\r\n")?;
                    return Ok(());
                }
                s.accepted.lock().unwrap().push(Accepted {
                    from: std::mem::take(&mut from),
                    to: std::mem::take(&mut to),
                    message_id,
                });
                out.write_all(b"250 2.0.0 Ok: queued\r\n")?;
            }
            "QUIT" => {
                out.write_all(b"221 2.0.0 Bye\r\n")?;
                return Ok(());
            }
            _ => out.write_all(b"500 5.5.2 Error: command not recognized\r\n")?,
        }
    }
}
