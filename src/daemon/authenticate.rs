//! DKIM, SPF, DMARC and ARC for every incoming mail, with the `mail-auth`
//! crate (Stalwart), before the mail's transaction begins: the verdicts
//! ([`AuthVerdicts`]) are then stored with the processed message
//! (`store::mail_auth`), beside the token check, and shown by
//! `referee log --mail`.
//!
//! `mail-auth` is asynchronous; it runs here on a current-thread Tokio
//! runtime of its own, one per process, used by nothing else. The checks
//! of every mail of a batch ([`verify_batch`]) run concurrently under one
//! shared deadline (`[authentication] timeout-seconds`): a DNS server that
//! does not answer costs at most that for the whole batch, the unfinished
//! checks are recorded as `temperror` and the mails go on (in refuse mode,
//! an unsettled mail waits: [`wait`]). With a records file nothing waits
//! on the network and each mail is checked as it is taken.
//!
//! A resolver that answered no mail's DMARC policy lookup in a batch
//! (temperror, or cut off by the deadline) is taken as dead: for the next minute the checks are not tried (every verdict
//! `temperror` at once), then the next batch probes it again. So a dead
//! resolver costs one deadline a minute, not one a mail.
//!
//! DNS answers come from the resolver (the system's, or the configured
//! name servers), kept for their TTL, or, with `dns-records-file`, only
//! from that fixed table ([`super::dns_table`]): tests and offline
//! installations need no network.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context;
use mail_auth::hickory_resolver::config::{NameServerConfig, ResolverConfig, ResolverOpts};
use mail_auth::hickory_resolver::system_conf::read_system_conf;
use mail_auth::spf::verify::SpfParameters;
use mail_auth::{
    AuthenticatedMessage, DkimResult, DmarcResult, MessageAuthenticator, Parameters, SpfResult,
    dkim::DkimError,
    dmarc::{Policy, verify::DmarcParameters},
};
use tracing::warn;

use super::alerts::{self, Alert};
use super::dns_table::DnsTable;
use super::inbox::RawMail;
use super::process::Processed;
use crate::config::{AuthSettings, Config, NameServer};
use crate::mail::auth::{
    AuthVerdicts, DkimVerdict, DmarcPolicy, DmarcVerdict, Hop, SpfVerdict, Verdict,
};
use crate::printable::printable;
use crate::store::mail_auth as mail_auth_store;
use crate::store::{StoreError, Tx};
use crate::vocabulary::GameId;
use crate::words::operator::outcomes::{self, UNSETTLED};

/// How long a resolver that answered nothing before the deadline is left
/// alone before it is asked again.
pub const DEAD_RESOLVER_PROBE: Duration = Duration::from_secs(60);

/// The checks with their resolver, runtime and DNS table.
pub struct Authenticator {
    runtime: tokio::runtime::Runtime,
    resolver: MessageAuthenticator,
    table: DnsTable,
    /// Whether the table answers every lookup (a records file): the
    /// resolver is never asked, so it is never found dead.
    fixed: bool,
    timeout: Duration,
    trusted_hops: usize,
    /// Our receiving host's domain, for SPF's `%{r}` macro.
    host_domain: String,
    /// Until when the resolver is taken as dead (see the module
    /// documentation).
    dead_until: Mutex<Option<Instant>>,
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
            fixed: settings.dns_records_file.is_some(),
            timeout,
            trusted_hops: settings.trusted_hops,
            host_domain: host_domain.to_string(),
            dead_until: Mutex::new(None),
        })
    }

    /// Every verdict on one raw mail, as [`Authenticator::verify_many`].
    #[must_use]
    pub fn verify(&self, raw: &[u8]) -> AuthVerdicts {
        self.verify_many(&[raw])
            .pop()
            .unwrap_or_else(AuthVerdicts::none)
    }

    /// Every verdict on each raw mail, in order, the checks of all of them
    /// run concurrently under one deadline. Never fails: a mail that cannot
    /// be read has every check `none`; checks cut off by the deadline, or
    /// not tried while the resolver is taken as dead, are `temperror`.
    #[must_use]
    pub fn verify_many(&self, raws: &[&[u8]]) -> Vec<AuthVerdicts> {
        let mails: Vec<(Hop, Option<AuthenticatedMessage<'_>>)> = raws
            .iter()
            .map(|raw| {
                (
                    Hop::read(raw, self.trusted_hops),
                    AuthenticatedMessage::parse(raw),
                )
            })
            .collect();
        let to_check = mails.iter().filter(|(_, m)| m.is_some()).count();
        if to_check > 0 && self.resolver_dead() {
            return mails
                .iter()
                .map(|(hop, m)| {
                    m.as_ref()
                        .map_or_else(AuthVerdicts::none, |_| AuthVerdicts::timed_out(hop))
                })
                .collect();
        }
        let deadline = tokio::time::Instant::now() + self.timeout;
        let checks = mails.iter().map(|(hop, message)| async move {
            let message = message.as_ref()?;
            Some(
                tokio::time::timeout_at(deadline, self.checks(message, hop))
                    .await
                    .ok(),
            )
        });
        let results = self
            .runtime
            .block_on(futures_util::future::join_all(checks));
        let timed_out = results.iter().filter(|r| matches!(r, Some(None))).count();
        // Unanswered: cut off by the deadline, or the resolver gave up on
        // the policy lookup.
        let unanswered = results
            .iter()
            .filter(|r| match r {
                Some(None) => true,
                Some(Some(v)) => v.dmarc.result == Verdict::TempError,
                None => false,
            })
            .count();
        if timed_out > 0 {
            warn!(
                seconds = self.timeout.as_secs(),
                mails = timed_out,
                "mail authentication checks timed out: temperror"
            );
        }
        if !self.fixed && to_check > 0 {
            self.note_resolver(unanswered == to_check);
        }
        results
            .into_iter()
            .zip(&mails)
            .map(|(r, (hop, _))| match r {
                None => AuthVerdicts::none(),
                Some(None) => AuthVerdicts::timed_out(hop),
                Some(Some(v)) => v,
            })
            .collect()
    }

    /// Whether the resolver is taken as dead now (its next probe is later).
    fn resolver_dead(&self) -> bool {
        let dead = self
            .dead_until
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        dead.is_some_and(|until| Instant::now() < until)
    }

    /// Notes how the resolver did on a batch: dead when no mail's DMARC
    /// policy lookup was answered (cut off by the deadline or given up as a
    /// temporary error; probed again after [`DEAD_RESOLVER_PROBE`]), alive
    /// otherwise.
    fn note_resolver(&self, all_timed_out: bool) {
        let mut dead = self
            .dead_until
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if all_timed_out {
            if dead.is_none() {
                warn!(
                    probe_seconds = DEAD_RESOLVER_PROBE.as_secs(),
                    "the DNS resolver answers nothing: mail checks are temperror until it is probed again"
                );
            }
            *dead = Some(Instant::now() + DEAD_RESOLVER_PROBE);
        } else if dead.take().is_some() {
            tracing::info!("the DNS resolver answers again");
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
        // A policy record that could not be looked up leaves no result of
        // its own: its lookup error is in the mechanism results.
        let result = match dmarc_verdict(&dmarc_output.result()) {
            Verdict::None
                if dmarc_output.dmarc_record().is_none()
                    && [dmarc_output.dkim_result(), dmarc_output.spf_result()]
                        .iter()
                        .any(|r| matches!(r, DmarcResult::TempError(_))) =>
            {
                Verdict::TempError
            }
            v => v,
        };
        let dmarc = DmarcVerdict {
            result,
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

/// The process's authenticator for `settings` and `host_domain` (built on
/// first use); `None` when it cannot be built (a broken records file, no
/// resolver configuration: logged).
fn built(settings: &AuthSettings, host_domain: &str) -> Option<Arc<Authenticator>> {
    static BUILT: OnceLock<Built> = OnceLock::new();
    let key = (settings.clone(), host_domain.to_string());
    let built = BUILT.get_or_init(Built::default);
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
}

/// The verdicts on one raw mail under `settings`, with the process's
/// authenticator for them. When it cannot be built, every check is
/// `temperror` and the fault is logged: mail is never held up by it.
#[must_use]
pub fn verify(settings: &AuthSettings, host_domain: &str, raw: &[u8]) -> AuthVerdicts {
    match built(settings, host_domain) {
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

/// The verdicts on each mail of a batch from the inbox, in order, checked
/// concurrently under one deadline ([`Authenticator::verify_many`]); a mail
/// read only to its head is not checked, as in [`verify_mail`]. With a DNS
/// records file nothing waits on the network, so nothing is checked ahead:
/// every entry is `None` and each mail is checked when it is taken (its
/// processing does not wait for the whole batch's checks).
#[must_use]
pub fn verify_batch(config: &Config, mails: &[RawMail]) -> Vec<Option<AuthVerdicts>> {
    let settings = &config.authentication;
    if settings.dns_records_file.is_some() {
        return vec![None; mails.len()];
    }
    let whole: Vec<&[u8]> = mails
        .iter()
        .filter(|m| !m.is_truncated())
        .map(|m| m.bytes.as_slice())
        .collect();
    let mut checked = match built(settings, &config.address.domain) {
        Some(a) => a.verify_many(&whole),
        None => whole
            .iter()
            .map(|raw| AuthVerdicts::timed_out(&Hop::read(raw, settings.trusted_hops)))
            .collect(),
    }
    .into_iter();
    mails
        .iter()
        .map(|m| {
            Some(if m.is_truncated() {
                AuthVerdicts::none()
            } else {
                checked.next().unwrap_or_else(AuthVerdicts::none)
            })
        })
        .collect()
}

/// With `dmarc-reject-refuses-moves = true`, the answer to a verified
/// sender's mail that fails its From domain's refusing DMARC policy, or
/// whose checks stayed unsettled (temperror) for the whole wait: nothing is
/// applied and nothing is answered (as for an unverified mail); `None` when
/// the mail goes on.
#[must_use]
pub fn refusal(config: &Config, auth: &AuthVerdicts, game: Option<GameId>) -> Option<Processed> {
    if !config.authentication.dmarc_reject_refuses_moves {
        return None;
    }
    let outcome = if auth.dmarc_rejects() {
        outcomes::dmarc_refused(
            auth.dmarc.result.as_str(),
            &printable(&auth.dmarc.domain),
            auth.dmarc.policy.as_str(),
        )
    } else if auth.unsettled() {
        outcomes::unsettled(config.authentication.temperror_wait_minutes)
    } else {
        return None;
    };
    Some(Processed {
        outcome,
        game,
        verified_sender: None,
    })
}

/// Whether the mail must wait before it is processed, and until when
/// (UTC): with `dmarc-reject-refuses-moves = true`, a mail not yet recorded
/// whose checks are unsettled ([`AuthVerdicts::unsettled`]) waits until
/// `temperror-wait-minutes` after its first such check at `now`; each check
/// is noted (`store::auth_waits`). `None`: process it now (settled, past
/// the wait, or not in refuse mode).
///
/// # Errors
/// The store's (a transient fault: the mail stays in the inbox).
pub fn wait(
    store: &mut crate::store::Store,
    config: &Config,
    mail: &RawMail,
    auth: &AuthVerdicts,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<chrono::DateTime<chrono::Utc>>, StoreError> {
    let settings = &config.authentication;
    if !settings.dmarc_reject_refuses_moves || !auth.unsettled() {
        return Ok(None);
    }
    store.transaction(|tx| {
        if crate::store::messages::find_key(tx, &mail.key)?.is_some() {
            return Ok(None);
        }
        let (first, checks) = crate::store::auth_waits::note(tx, &mail.key, now)?;
        let minutes = i64::try_from(settings.temperror_wait_minutes).unwrap_or(i64::MAX / 60_000);
        let until = first + chrono::Duration::minutes(minutes);
        if now < until {
            tracing::info!(key = %printable(&mail.key), checks, until = %until, "authentication checks ended in temperror: the mail waits");
            Ok(Some(until))
        } else {
            Ok(None)
        }
    })
}

/// Stores the verdicts with the message just recorded and ends its wait; a
/// verified mail that failed a refusing DMARC policy and was applied all the
/// same, or that was refused because its checks stayed unsettled, is
/// flagged, and the directors get one alert about it.
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
    crate::store::auth_waits::end(tx, &mail.key)?;
    let applied_failing = processed.verified_sender.is_some() && auth.dmarc_rejects();
    let unsettled = processed.outcome.starts_with(UNSETTLED);
    let flagged = applied_failing || unsettled;
    if !mail_auth_store::record(tx, &mail.key, auth, flagged)? || !flagged {
        return Ok(());
    }
    let alert = if unsettled {
        Alert::AuthUnsettled {
            inbox_key: mail.key.clone(),
            sender: crate::mail::envelope::read_head(&mail.bytes)
                .and_then(|h| h.from)
                .map(|f| f.address),
            game: processed.game,
            minutes: config.authentication.temperror_wait_minutes,
        }
    } else {
        Alert::DmarcFailedApplied {
            inbox_key: mail.key.clone(),
            sender: processed.verified_sender.clone().unwrap_or_default(),
            game: processed.game,
            domain: auth.dmarc.domain.clone(),
            policy: auth.dmarc.policy,
        }
    };
    alerts::raise(tx, config, &alert, super::wall::now().max(mail.received_at))?;
    Ok(())
}
