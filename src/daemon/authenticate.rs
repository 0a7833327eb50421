//! DKIM, SPF, DMARC and ARC for every incoming mail, with the `mail-auth`
//! crate (Stalwart), before the mail's transaction begins: the verdicts
//! ([`AuthVerdicts`]) are then stored with the processed message
//! (`store::mail_auth`), beside the token check, and shown by
//! `referee log --mail`.
//!
//! `mail-auth` is asynchronous; it runs here on a current-thread Tokio
//! runtime of its own, one per process, used by nothing else. Every check of
//! one mail shares one deadline (`[authentication] timeout-seconds`): a DNS
//! server that does not answer costs at most that, the unfinished checks
//! are recorded as `temperror` and the mail is processed all the same.
//!
//! DNS answers come from the resolver (the system's, or the configured
//! name servers) or, with `dns-records-file`, only from that fixed table
//! ([`super::dns_table`]): tests and offline installations need no network.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use anyhow::Context;
use mail_auth::hickory_resolver::config::{NameServerConfig, ResolverConfig, ResolverOpts};
use mail_auth::hickory_resolver::system_conf::read_system_conf;
use mail_auth::spf::verify::SpfParameters;
use mail_auth::{
    AuthenticatedMessage, DkimResult, DmarcResult, MessageAuthenticator, Parameters, SpfResult,
    dkim::DkimError,
    dmarc::{Policy, verify::DmarcParameters},
};
use serde::Deserialize;
use tracing::warn;

use super::alerts::{self, Alert};
use super::dns_table::DnsTable;
use super::inbox::RawMail;
use super::process::Processed;
use crate::config::Config;
use crate::mail::auth::{
    AuthVerdicts, DkimVerdict, DmarcPolicy, DmarcVerdict, Hop, SpfVerdict, Verdict,
};
use crate::printable::printable;
use crate::store::mail_auth as mail_auth_store;
use crate::store::{GameId, StoreError, Tx};

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
}

impl Default for AuthSettings {
    fn default() -> AuthSettings {
        AuthSettings {
            nameservers: Vec::new(),
            timeout_seconds: 5,
            trusted_hops: 1,
            dmarc_reject_refuses_moves: false,
            dns_records_file: None,
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
            .map_err(|_| format!("{t:?} is not an IP address or IP:port"))
    }
}

/// The checks with their resolver, runtime and DNS table.
pub struct Authenticator {
    runtime: tokio::runtime::Runtime,
    resolver: MessageAuthenticator,
    table: DnsTable,
    timeout: Duration,
    trusted_hops: usize,
    /// Our receiving host's domain, for SPF's `%{r}` macro.
    host_domain: String,
}

impl Authenticator {
    /// Builds the checks for `settings`; `host_domain` is the bot's domain.
    ///
    /// # Errors
    /// An unreadable DNS records file or system resolver configuration, or a
    /// runtime that cannot start.
    pub fn new(settings: &AuthSettings, host_domain: &str) -> anyhow::Result<Authenticator> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .context("cannot start the runtime of the mail authentication checks")?;
        let timeout = Duration::from_secs(settings.timeout_seconds.max(1));
        let (table, config, mut opts) = if let Some(path) = &settings.dns_records_file {
            // Never asked: the table answers every name.
            (
                DnsTable::load(path)?,
                ResolverConfig::from_name_servers(Vec::new()),
                ResolverOpts::default(),
            )
        } else if settings.nameservers.is_empty() {
            let (config, opts) =
                read_system_conf().context("cannot read the system's resolver configuration")?;
            (DnsTable::pass_through(), config, opts)
        } else {
            let servers = settings
                .nameservers
                .iter()
                .map(|NameServer(addr)| {
                    let mut server = NameServerConfig::udp_and_tcp(addr.ip());
                    for c in &mut server.connections {
                        c.port = addr.port();
                    }
                    server
                })
                .collect();
            (
                DnsTable::pass_through(),
                ResolverConfig::from_name_servers(servers),
                ResolverOpts::default(),
            )
        };
        opts.timeout = timeout;
        opts.attempts = 1;
        let resolver = {
            let _guard = runtime.enter();
            MessageAuthenticator::new(config, opts)
                .context("cannot set up the DNS resolver of the mail authentication checks")?
        };
        Ok(Authenticator {
            runtime,
            resolver,
            table,
            timeout,
            trusted_hops: settings.trusted_hops,
            host_domain: host_domain.to_string(),
        })
    }

    /// Every verdict on one raw mail. Never fails: a mail that cannot be
    /// read has every check `none`; checks cut off by the deadline are
    /// `temperror`.
    #[must_use]
    pub fn verify(&self, raw: &[u8]) -> AuthVerdicts {
        let hop = Hop::read(raw, self.trusted_hops);
        let Some(message) = AuthenticatedMessage::parse(raw) else {
            return AuthVerdicts::none();
        };
        let checks = self.checks(&message, &hop);
        match self
            .runtime
            .block_on(async { tokio::time::timeout(self.timeout, checks).await })
        {
            Ok(v) => v,
            Err(_) => {
                warn!(
                    seconds = self.timeout.as_secs(),
                    "mail authentication checks timed out: temperror"
                );
                AuthVerdicts::timed_out(&hop)
            }
        }
    }

    async fn checks(&self, message: &AuthenticatedMessage<'_>, hop: &Hop) -> AuthVerdicts {
        let t = &self.table;
        let base = Parameters::new(())
            .with_txt_cache(&t.txt)
            .with_mx_cache(&t.mx)
            .with_ipv4_cache(&t.ipv4)
            .with_ipv6_cache(&t.ipv6)
            .with_ptr_cache(&t.ptr);
        let dkim_outputs = self.resolver.verify_dkim(base.clone_with(message)).await;
        let dkim = dkim_outputs
            .iter()
            .map(|o| DkimVerdict {
                domain: o.signature().map_or(String::new(), |s| s.d.to_lowercase()),
                selector: o.signature().map_or(String::new(), |s| s.s.clone()),
                result: dkim_verdict(o.result()),
            })
            .collect();
        let arc = if message.as_headers.is_empty() && message.ams_headers.is_empty() {
            Verdict::None
        } else {
            dkim_verdict(
                self.resolver
                    .verify_arc(base.clone_with(message))
                    .await
                    .result(),
            )
        };
        let helo = hop.helo.clone().unwrap_or_default();
        let mail_from = hop.mail_from.clone().unwrap_or_default();
        let spf_output = match hop.client_ip {
            Some(ip) => {
                let p = if hop.mail_from.is_some() {
                    SpfParameters::verify(ip, &helo, &self.host_domain, &mail_from)
                } else {
                    SpfParameters::verify_ehlo(ip, &helo, &self.host_domain)
                };
                Some(self.resolver.verify_spf(base.clone_with(p)).await)
            }
            None => None,
        };
        let spf = SpfVerdict {
            result: spf_output
                .as_ref()
                .map_or(Verdict::None, |o| spf_verdict(o.result())),
            domain: spf_output
                .as_ref()
                .map_or(String::new(), |o| o.domain().to_string()),
            client_ip: hop.client_ip,
            helo: hop.helo.clone(),
        };
        let none = mail_auth::SpfOutput::new(String::new());
        let spf_for_dmarc = spf_output.as_ref().unwrap_or(&none);
        let spf_domain = hop
            .mail_from_domain()
            .map_or_else(|| helo.clone(), str::to_string);
        let dmarc_output = self
            .resolver
            .verify_dmarc(base.clone_with(DmarcParameters::new(
                message,
                &dkim_outputs,
                &spf_domain,
                spf_for_dmarc,
            )))
            .await;
        let dmarc = DmarcVerdict {
            result: dmarc_verdict(&dmarc_output.result()),
            domain: dmarc_output.domain().to_string(),
            policy: match dmarc_output.policy() {
                _ if dmarc_output.dmarc_record().is_none() => DmarcPolicy::Unspecified,
                Policy::None => DmarcPolicy::None,
                Policy::Quarantine => DmarcPolicy::Quarantine,
                Policy::Reject => DmarcPolicy::Reject,
                Policy::Unspecified => DmarcPolicy::Unspecified,
            },
        };
        AuthVerdicts {
            dkim,
            spf,
            dmarc,
            arc,
        }
    }
}

/// A DKIM result as its verdict. A body that no longer matches its signed
/// hash is `fail` (RFC 6376 §6.1.3: PERMFAIL, "body hash did not verify";
/// RFC 8601 §2.7.1), where `mail-auth` says neutral.
fn dkim_verdict(r: &DkimResult) -> Verdict {
    match r {
        DkimResult::Neutral(mail_auth::Error::Dkim(DkimError::FailedBodyHashMatch)) => {
            Verdict::Fail
        }
        DkimResult::Pass => Verdict::Pass,
        DkimResult::Neutral(_) => Verdict::Neutral,
        DkimResult::Fail(_) => Verdict::Fail,
        DkimResult::PermError(_) => Verdict::PermError,
        DkimResult::TempError(_) => Verdict::TempError,
        DkimResult::None => Verdict::None,
    }
}

fn spf_verdict(r: SpfResult) -> Verdict {
    match r {
        SpfResult::Pass => Verdict::Pass,
        SpfResult::Fail => Verdict::Fail,
        SpfResult::SoftFail => Verdict::SoftFail,
        SpfResult::Neutral => Verdict::Neutral,
        SpfResult::TempError => Verdict::TempError,
        SpfResult::PermError => Verdict::PermError,
        SpfResult::None => Verdict::None,
    }
}

fn dmarc_verdict(r: &DmarcResult) -> Verdict {
    match r {
        DmarcResult::Pass => Verdict::Pass,
        DmarcResult::Fail(_) => Verdict::Fail,
        DmarcResult::TempError(_) => Verdict::TempError,
        DmarcResult::PermError(_) => Verdict::PermError,
        DmarcResult::None => Verdict::None,
    }
}

/// The authenticators built so far in this process, by settings and domain
/// (a process serves one configuration; tests in one process may use more).
type Built = Mutex<HashMap<(AuthSettings, String), Arc<Authenticator>>>;

/// The verdicts on one raw mail under `settings`, with the process's
/// authenticator for them (built on first use). When it cannot be built (a
/// broken records file, no resolver configuration), every check is
/// `temperror` and the fault is logged: mail is never held up by it.
#[must_use]
pub fn verify(settings: &AuthSettings, host_domain: &str, raw: &[u8]) -> AuthVerdicts {
    static BUILT: OnceLock<Built> = OnceLock::new();
    let key = (settings.clone(), host_domain.to_string());
    let built = BUILT.get_or_init(Built::default);
    let auth = {
        let mut map = built
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match map.get(&key) {
            Some(a) => Some(Arc::clone(a)),
            None => match Authenticator::new(settings, host_domain) {
                Ok(a) => {
                    let a = Arc::new(a);
                    map.insert(key, Arc::clone(&a));
                    Some(a)
                }
                Err(e) => {
                    warn!(error = %format!("{e:#}"), "mail authentication unavailable: temperror");
                    None
                }
            },
        }
    };
    match auth {
        Some(a) => a.verify(raw),
        None => AuthVerdicts::timed_out(&Hop::read(raw, settings.trusted_hops)),
    }
}

/// The verdicts on a mail from the inbox, under the configuration's
/// `[authentication]`; a mail read only to its head (over the size limit)
/// is not checked (every check `none`: it is refused anyway).
#[must_use]
pub fn verify_mail(config: &Config, mail: &RawMail) -> AuthVerdicts {
    if mail.is_truncated() {
        return AuthVerdicts::none();
    }
    verify(&config.authentication, &config.address.domain, &mail.bytes)
}

/// With `dmarc-reject-refuses-moves = true`, the answer to a verified
/// sender's mail that fails its From domain's refusing DMARC policy: nothing
/// is applied and nothing is answered (as for an unverified mail); `None`
/// when the mail goes on.
#[must_use]
pub fn refusal(config: &Config, auth: &AuthVerdicts, game: Option<GameId>) -> Option<Processed> {
    (config.authentication.dmarc_reject_refuses_moves && auth.dmarc_rejects()).then(|| Processed {
        outcome: format!(
            "rejected: DMARC {} for {} (policy {}), not answered",
            auth.dmarc.result.as_str(),
            printable(&auth.dmarc.domain),
            auth.dmarc.policy.as_str()
        ),
        game,
        verified_sender: None,
    })
}

/// Stores the verdicts with the message just recorded; a verified mail that
/// failed a refusing DMARC policy and was applied all the same is flagged,
/// and the directors get one alert about it.
///
/// # Errors
/// The store's.
pub fn record(
    tx: &Tx<'_>,
    config: &Config,
    mail: &RawMail,
    auth: &AuthVerdicts,
    processed: &Processed,
) -> Result<(), StoreError> {
    let flagged = processed.verified_sender.is_some() && auth.dmarc_rejects();
    if !mail_auth_store::record(tx, &mail.key, auth, flagged)? || !flagged {
        return Ok(());
    }
    let alert = Alert::DmarcFailedApplied {
        inbox_key: mail.key.clone(),
        sender: processed.verified_sender.clone().unwrap_or_default(),
        game: processed.game,
        domain: auth.dmarc.domain.clone(),
        policy: auth.dmarc.policy,
    };
    alerts::raise(tx, config, &alert, super::wall::now().max(mail.received_at))?;
    Ok(())
}
