//! `[authentication]`: how incoming mail's DKIM, SPF, DMARC and ARC are
//! checked (the resolver, the deadline, the trusted Received hops, whether a
//! DMARC reject refuses a move): plain settings, read by the daemon's checks.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use serde::Deserialize;

/// `[authentication]` in the configuration file.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct AuthSettings {
    /// The name servers to ask (`192.0.2.53`, `192.0.2.53:5353`,
    /// `[2001:db8::53]:53`; port 53 unless given); empty (the default): the
    /// system's resolver (`/etc/resolv.conf`).
    pub nameservers: Vec<NameServer>,
    /// The longest all the checks of one mail may take together, in seconds
    /// (default 5); what is unfinished then is `temperror`.
    pub timeout_seconds: u64,
    /// How many Received headers from the top our own servers wrote
    /// (default 1: the receiving MX delivers to the mailbox); the last of
    /// them names the SPF client and HELO. 0: no SPF check.
    pub trusted_hops: usize,
    /// Whether a mail whose From domain's DMARC policy says reject or
    /// quarantine, and which fails DMARC, is refused even with a valid token
    /// (recorded as rejected, never answered). Default `false`: such a mail
    /// is applied and flagged for the director.
    pub dmarc_reject_refuses_moves: bool,
    /// A fixed table of DNS records (`NAME TYPE VALUE` lines, see
    /// `daemon::dns_table`) answering every lookup instead of the resolver:
    /// for tests and offline use.
    pub dns_records_file: Option<PathBuf>,
    /// With `dmarc-reject-refuses-moves = true`: how long, in minutes, a
    /// mail whose checks end in temperror ([`crate::mail::auth::AuthVerdicts::unsettled`])
    /// waits in the inbox, checked again about once a minute, before it is
    /// refused (recorded, not applied, the referees alerted once). Default
    /// 60.
    pub temperror_wait_minutes: u64,
}

impl Default for AuthSettings {
    fn default() -> AuthSettings {
        AuthSettings {
            nameservers: Vec::new(),
            timeout_seconds: 5,
            trusted_hops: 1,
            dmarc_reject_refuses_moves: false,
            dns_records_file: None,
            temperror_wait_minutes: 60,
        }
    }
}

/// A name server's address: an IP address with port 53, or an address with
/// its port.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(try_from = "String")]
pub struct NameServer(pub SocketAddr);

impl TryFrom<String> for NameServer {
    type Error = String;

    fn try_from(text: String) -> Result<NameServer, String> {
        let t = text.trim();
        t.parse::<SocketAddr>()
            .or_else(|_| t.parse::<IpAddr>().map(|ip| SocketAddr::new(ip, 53)))
            .map(NameServer)
            .map_err(|_| crate::words::operator::arguments::not_a_name_server(t))
    }
}
