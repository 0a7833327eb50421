//! Authenticated-mail verdicts as plain data: what DKIM (RFC 6376), SPF
//! (RFC 7208), DMARC (RFC 7489) and ARC (RFC 8617) said of one incoming mail,
//! and the SMTP facts SPF is checked against, read from the headers our own
//! receiving server wrote. No network and no crypto here: the daemon runs the
//! checks (`daemon::authenticate`, with the `mail-auth` crate) and the store
//! keeps these values beside the token check of the processed message.
//!
//! Which header is trusted: only Received headers written by our own servers
//! can be believed, and those are the topmost ones (each server prepends its
//! own). With `trusted-hops = N` (default 1, the receiving MX delivers
//! straight to the mailbox) the N-th Received header from the top is the one
//! in which our outermost server recorded the client that connected to it:
//! its `[IP]` is the SPF client address and its `from` name (or an Exim-style
//! `helo=`) the HELO name. `Return-Path`, written at final delivery from the
//! SMTP `MAIL FROM`, gives the envelope sender. Anything below those headers
//! was written by the sender's side and is never used.

use std::net::IpAddr;

use mail_parser::{HeaderValue, Host, MessageParser};

/// One check's verdict, the result names of RFC 8601 §2.7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The check passed.
    Pass,
    /// The check failed (DKIM: bad signature or body hash; SPF: `-all`
    /// matched; DMARC: neither aligned DKIM nor aligned SPF passed).
    Fail,
    /// SPF `~all`: probably not authorised.
    SoftFail,
    /// SPF `?all`, or a DKIM signature that could not be judged.
    Neutral,
    /// Nothing to check: no signature, no record, no client address.
    None,
    /// A temporary failure (DNS timeout or server failure): try later.
    TempError,
    /// A permanent error: a malformed record or signature.
    PermError,
}

impl Verdict {
    /// The RFC 8601 word: `pass`, `fail`, `softfail`, `neutral`, `none`,
    /// `temperror`, `permerror`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::SoftFail => "softfail",
            Verdict::Neutral => "neutral",
            Verdict::None => "none",
            Verdict::TempError => "temperror",
            Verdict::PermError => "permerror",
        }
    }
}

/// The policy a DMARC record asks for mail that fails it (`p=`, or `sp=` for
/// a subdomain).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DmarcPolicy {
    /// `p=none`: monitor only.
    None,
    /// `p=quarantine`: treat as suspicious.
    Quarantine,
    /// `p=reject`: refuse.
    Reject,
    /// No record, or no usable policy in it.
    Unspecified,
}

impl DmarcPolicy {
    /// `none`, `quarantine`, `reject`, `unspecified`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            DmarcPolicy::None => "none",
            DmarcPolicy::Quarantine => "quarantine",
            DmarcPolicy::Reject => "reject",
            DmarcPolicy::Unspecified => "unspecified",
        }
    }
}

/// The verdict on one DKIM signature.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DkimVerdict {
    /// The signing domain (`d=`), lowercased; empty if the signature could
    /// not be read.
    pub domain: String,
    /// The selector (`s=`).
    pub selector: String,
    /// What the check said.
    pub result: Verdict,
}

/// The SPF verdict and what it was checked against.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SpfVerdict {
    /// What the check said (`none` when no trusted client address was found).
    pub result: Verdict,
    /// The domain whose record was checked (MAIL FROM's, or HELO's for a
    /// null sender or a failed HELO check); empty when not checked.
    pub domain: String,
    /// The client address taken from the trusted Received header.
    pub client_ip: Option<IpAddr>,
    /// The HELO name taken from the same header.
    pub helo: Option<String>,
}

/// The DMARC verdict for the From domain.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DmarcVerdict {
    /// Pass if an aligned DKIM signature or an aligned SPF pass was found.
    pub result: Verdict,
    /// The From domain the record was looked up for.
    pub domain: String,
    /// The policy its record asks for on failure.
    pub policy: DmarcPolicy,
}

/// Everything the authentication checks said of one mail.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AuthVerdicts {
    /// One verdict per DKIM-Signature header, in header order; empty when the
    /// mail carries none (DKIM `none`).
    pub dkim: Vec<DkimVerdict>,
    /// The SPF verdict.
    pub spf: SpfVerdict,
    /// The DMARC verdict.
    pub dmarc: DmarcVerdict,
    /// The ARC chain's verdict (`none` when the mail has no ARC set).
    pub arc: Verdict,
}

impl AuthVerdicts {
    /// All checks `none`: what is recorded when the mail could not be read
    /// for authentication at all.
    #[must_use]
    pub fn none() -> AuthVerdicts {
        AuthVerdicts {
            dkim: Vec::new(),
            spf: SpfVerdict {
                result: Verdict::None,
                domain: String::new(),
                client_ip: None,
                helo: None,
            },
            dmarc: DmarcVerdict {
                result: Verdict::None,
                domain: String::new(),
                policy: DmarcPolicy::Unspecified,
            },
            arc: Verdict::None,
        }
    }

    /// Every check `temperror`: what is recorded when the checks ran out of
    /// time (the mail is processed all the same).
    #[must_use]
    pub fn timed_out(hop: &Hop) -> AuthVerdicts {
        let mut v = AuthVerdicts::none();
        v.spf.result = Verdict::TempError;
        v.spf.client_ip = hop.client_ip;
        v.spf.helo.clone_from(&hop.helo);
        v.dmarc.result = Verdict::TempError;
        v
    }

    /// The DKIM summary: the best verdict of all signatures (`pass` if any
    /// passed), `none` without signatures.
    #[must_use]
    pub fn dkim_summary(&self) -> Verdict {
        const ORDER: [Verdict; 6] = [
            Verdict::Pass,
            Verdict::TempError,
            Verdict::Neutral,
            Verdict::Fail,
            Verdict::PermError,
            Verdict::SoftFail,
        ];
        ORDER
            .into_iter()
            .find(|v| self.dkim.iter().any(|d| d.result == *v))
            .unwrap_or(Verdict::None)
    }

    /// Whether the checks could not settle the mail for want of DNS answers:
    /// DMARC ended in temperror, or DMARC did not pass under a policy of
    /// reject or quarantine while an SPF or DKIM check (whose pass could
    /// have made it pass) ended in temperror.
    #[must_use]
    pub fn unsettled(&self) -> bool {
        self.dmarc.result == Verdict::TempError
            || (self.dmarc.result != Verdict::Pass
                && matches!(
                    self.dmarc.policy,
                    DmarcPolicy::Reject | DmarcPolicy::Quarantine
                )
                && (self.spf.result == Verdict::TempError
                    || self.dkim.iter().any(|d| d.result == Verdict::TempError)))
    }

    /// Whether the From domain's DMARC policy asks to refuse or quarantine
    /// this mail: DMARC failed and `p=reject` or `p=quarantine`.
    #[must_use]
    pub fn dmarc_rejects(&self) -> bool {
        self.dmarc.result == Verdict::Fail
            && matches!(
                self.dmarc.policy,
                DmarcPolicy::Reject | DmarcPolicy::Quarantine
            )
    }
}

/// The SMTP facts of the hop into our servers, as our outermost trusted
/// server recorded them (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hop {
    /// The connecting client's address.
    pub client_ip: Option<IpAddr>,
    /// The name the client gave in HELO/EHLO.
    pub helo: Option<String>,
    /// The envelope sender (`MAIL FROM`) from `Return-Path`; empty for the
    /// null sender `<>`.
    pub mail_from: Option<String>,
    /// The From addresses' domain (lowercased), for DMARC alignment.
    pub from_domain: Option<String>,
}

impl Hop {
    /// Reads the hop from the mail's headers: the `trusted_hops`-th Received
    /// header from the top (none when 0 or when the mail has fewer), the
    /// topmost `Return-Path` and the From domain.
    #[must_use]
    pub fn read(raw: &[u8], trusted_hops: usize) -> Hop {
        let Some(message) = MessageParser::default().parse_headers(raw) else {
            return Hop::default();
        };
        let mut hop = Hop::default();
        if let Some(received) = trusted_hops
            .checked_sub(1)
            .and_then(|n| message.received_all().nth(n))
        {
            hop.client_ip = received.from_ip;
            let name = received.helo.as_ref().or(received.from.as_ref());
            hop.helo = name.map(|h| match h {
                Host::Name(n) => n.trim().to_ascii_lowercase(),
                Host::IpAddr(ip) => format!("[{ip}]"),
            });
        }
        hop.mail_from = match message.return_path() {
            HeaderValue::Text(t) => Some(bare_address(t)),
            HeaderValue::TextList(l) => l.first().map(|t| bare_address(t)),
            HeaderValue::Address(a) => a
                .first()
                .and_then(|a| a.address.as_deref())
                .map(bare_address),
            _ => None,
        };
        hop.from_domain = message
            .from()
            .and_then(|f| f.first())
            .and_then(|a| a.address.as_deref())
            .and_then(|a| a.rsplit_once('@'))
            .map(|(_, d)| d.trim().to_ascii_lowercase());
        hop
    }

    /// The domain of the envelope sender, if there is one.
    #[must_use]
    pub fn mail_from_domain(&self) -> Option<&str> {
        self.mail_from
            .as_deref()
            .and_then(|m| m.rsplit_once('@'))
            .map(|(_, d)| d)
    }
}

/// An address without `<>` and spaces, lowercased.
fn bare_address(text: &str) -> String {
    let t = text.trim();
    let t = t.strip_prefix('<').unwrap_or(t);
    t.strip_suffix('>').unwrap_or(t).trim().to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAIL: &[u8] = b"Return-Path: <Alice@Example.ORG>\r\n\
Received: from relay.bot.test (relay.bot.test [10.0.0.2])\r\n\tby store.bot.test (Postfix) with ESMTP id 1; Tue, 1 Dec 2026 10:00:02 +0000\r\n\
Received: from mail.example.org (mail.example.org [192.0.2.7])\r\n\tby mx.bot.test (Postfix) with ESMTPS id 2; Tue, 1 Dec 2026 10:00:01 +0000\r\n\
Received: from forged.example (forged [203.0.113.9]) by mail.example.org; Tue, 1 Dec 2026 10:00:00 +0000\r\n\
From: Alice <alice@Example.org>\r\nSubject: x\r\n\r\nc3-d4\r\n";

    #[test]
    fn the_trusted_hop_is_counted_from_the_top() {
        let one = Hop::read(MAIL, 1);
        assert_eq!(one.client_ip, Some("10.0.0.2".parse().unwrap()));
        assert_eq!(one.helo.as_deref(), Some("relay.bot.test"));
        let two = Hop::read(MAIL, 2);
        assert_eq!(two.client_ip, Some("192.0.2.7".parse().unwrap()));
        assert_eq!(two.helo.as_deref(), Some("mail.example.org"));
        assert_eq!(two.mail_from.as_deref(), Some("alice@example.org"));
        assert_eq!(two.mail_from_domain(), Some("example.org"));
        assert_eq!(two.from_domain.as_deref(), Some("example.org"));
        let none = Hop::read(MAIL, 0);
        assert_eq!(none.client_ip, None);
        assert_eq!(Hop::read(MAIL, 9).client_ip, None);
    }

    #[test]
    fn dmarc_rejects_only_a_failure_under_a_refusing_policy() {
        let mut v = AuthVerdicts::none();
        v.dmarc.result = Verdict::Fail;
        v.dmarc.policy = DmarcPolicy::None;
        assert!(!v.dmarc_rejects());
        v.dmarc.policy = DmarcPolicy::Reject;
        assert!(v.dmarc_rejects());
        v.dmarc.result = Verdict::Pass;
        assert!(!v.dmarc_rejects());
    }

    #[test]
    fn unsettled_only_when_a_temperror_could_change_a_refusal() {
        let mut v = AuthVerdicts::none();
        assert!(!v.unsettled());
        v.dmarc.result = Verdict::TempError;
        assert!(v.unsettled());
        v.dmarc.result = Verdict::Fail;
        v.spf.result = Verdict::TempError;
        assert!(!v.unsettled(), "no refusing policy: nothing to settle");
        v.dmarc.policy = DmarcPolicy::Reject;
        assert!(v.unsettled());
        v.spf.result = Verdict::Fail;
        assert!(!v.unsettled(), "a failure on every check is settled");
        v.dkim.push(DkimVerdict {
            domain: "example.org".into(),
            selector: "s1".into(),
            result: Verdict::TempError,
        });
        assert!(v.unsettled());
        v.dmarc.result = Verdict::Pass;
        assert!(!v.unsettled());
    }
}
