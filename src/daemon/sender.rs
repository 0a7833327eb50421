//! Sends the outbox: every due row is built into MIME, sent (over several
//! connections at once, [`super::send_pool`]), and marked sent (or failed with
//! backoff) each in its own transaction, in batches of [`BATCH`] rows until none
//! is due. A crash between a send and its mark re-sends at most the replies in
//! flight; a stop request is honoured between two sends.
//!
//! Each row goes out with its own VERP return path as the SMTP envelope sender
//! (see [`super::bounce::ReturnPath`]), so that a bounce can be tied to the row
//! it answers; the header `From` is the bot's name with the bot's address, or
//! the recipient's per-player reply address for a game reply.

use std::sync::atomic::AtomicBool;

use anyhow::Context;
use chrono::{DateTime, Utc};
use lettre::Address;
use lettre::message::Mailbox;
use tracing::{info, warn};

use super::alerts::{self, Alert};
use super::bounce::ReturnPath;
use super::transport::{ReplyTransport, SendError};
use crate::config::Config;
use crate::printable::printable;
use crate::store::outbox::{self, Failure, OutboxStatus, OutgoingMail, RetryPolicy};
use crate::store::{Store, StoreError, players, relay_faults, secrets, send_limits};
use crate::words::outbox::{FailedReply, FailedWhy, RelayRecovered};

/// Rows read from the database at a time.
pub const BATCH: u32 = 100;

/// The per-player reply address of a game: `<local>+<game>.<token>@<domain>`.
#[must_use]
pub fn reply_address(config: &Config, game: crate::vocabulary::GameId, token: &str) -> String {
    format!(
        "{}+{}.{}@{}",
        config.address.local, game, token, config.address.domain
    )
}

/// Checks the bot's address and display name once, at daemon start, so that a
/// bad configuration stops the daemon before any mail is applied instead of
/// failing every send after the moves were applied.
///
/// # Errors
/// When `<local>@<domain>` is not one valid address (lettre's `Address`).
pub fn check_identity(config: &Config) -> anyhow::Result<()> {
    bot_mailbox(config, None).map(|_| ())
}

/// Sends every outbox row due at `now` (UTC) over the configured connections
/// (see [`super::send_pool`]: chains kept in order, provider caps and
/// deferrals honoured) until none is left, a cap is reached or `stop` is set
/// (checked before each send); returns how many were sent. A row is tried at
/// most once per call, except after a provider's deferral.
///
/// # Errors
/// Database failures and a bot address that is not valid; send failures are
/// recorded on their rows.
pub fn send_due(
    store: &mut Store,
    transport: &dyn ReplyTransport,
    config: &Config,
    now: DateTime<Utc>,
    stop: &AtomicBool,
) -> anyhow::Result<usize> {
    let key = store.transaction(|tx| secrets::verp_key(tx, now))?;
    let return_paths = ReturnPath::new(config, key);
    super::send_pool::send_due(store, transport, config, &return_paths, now, stop)
}

/// Runs `work` while the outbox is sent alongside it: `work` calls the pump it
/// is given between two of its transactions, and every reply due by then goes
/// out while it goes on (see [`super::send_pool::send_while`]); when it
/// returns, every reply due is sent as by [`send_due`]. Returns what `work`
/// returned and how many replies were sent, or the first database failure.
pub fn send_while<R>(
    store: &mut Store,
    transport: &dyn ReplyTransport,
    config: &Config,
    now: DateTime<Utc>,
    stop: &AtomicBool,
    work: impl FnOnce(&mut Store, &mut dyn FnMut(&mut Store)) -> R,
) -> (R, anyhow::Result<usize>) {
    let key = match store.transaction(|tx| secrets::verp_key(tx, now)) {
        Ok(k) => k,
        Err(e) => return (work(store, &mut |_| ()), Err(e.into())),
    };
    let return_paths = ReturnPath::new(config, key);
    super::send_pool::send_while(store, transport, config, &return_paths, now, stop, work)
}

/// Builds one row into its MIME message from the row alone (its From and
/// Reply-To were decided when it was written, [`crate::letters::addresses`];
/// a row written before the outbox held them and not filled at start comes
/// from the bot's own address); a message that cannot be built is a
/// permanent [`SendError`].
///
/// # Errors
/// A bot address that is not valid.
pub(super) fn prepare(
    config: &Config,
    return_paths: &ReturnPath,
    row: &OutgoingMail,
) -> anyhow::Result<Result<lettre::Message, SendError>> {
    let built = (|| -> anyhow::Result<lettre::Message> {
        let from = bot_mailbox(config, row.from_address.as_deref())?;
        let reply_to = match &row.reply_to {
            Some(r) => Some(Mailbox::new(
                None,
                r.parse::<Address>()
                    .with_context(|| format!("bad Reply-To \"{}\"", printable(r)))?,
            )),
            None => None,
        };
        let rp = return_paths
            .address(row.id)
            .parse::<Address>()
            .context("cannot make the return path")?;
        super::compose::build(row, &from, reply_to.as_ref(), &rp)
    })();
    Ok(built.map_err(|e| {
        SendError::Permanent(crate::words::operator::daemon::cannot_build(&format!(
            "{e:#}"
        )))
    }))
}

/// Records the outcome of one row's send at `at` (UTC), each in its own
/// transaction, and returns `true` if the transport accepted it:
///
/// - sent (and, if the relay was in a fault, the fault ends and the referees
///   get one [`Alert::RelayRecovered`]);
/// - a provider's deferral: moved `defer_minutes` later, no attempt counted;
/// - a relay fault ([`SendError::Relay`]): nothing failed, no attempt
///   counted; the fault is recorded (or extended) and the row waits for its
///   backoff ([`crate::config::SendLimits::relay_retry_seconds`]);
/// - transient: retried with backoff ([`RetryPolicy`]);
/// - refused for this recipient ([`SendError::Recipient`], as the sending
///   pool decided): failed, the recipient marked unreachable, the referees
///   alerted ([`Alert::Undeliverable`]), a move notice's clock paused;
/// - any other failure for good (a message that cannot be built, the
///   attempts used up): failed, the referees alerted ([`Alert::ReplyFailed`]),
///   a move notice's clock paused.
///
/// # Errors
/// Database failures.
pub(super) fn record(
    store: &mut Store,
    config: &Config,
    row: &OutgoingMail,
    outcome: Result<(), SendError>,
    at: DateTime<Utc>,
    defer_minutes: i64,
) -> anyhow::Result<bool> {
    let to = printable(&row.to_address);
    let message_id = printable(&row.message_id);
    let game = row.game_id.map(|g| g.0);
    let (kind, text) = match outcome {
        Ok(()) => {
            let ended = store.transaction(|tx| {
                outbox::mark_sent(tx, row.id, at)?;
                super::bounce_clock::after_sent(tx, row.id, at)?;
                let Some(fault) = relay_faults::end(tx, at)? else {
                    return Ok::<_, crate::referee::RefereeError>(None);
                };
                let alert = Alert::RelayRecovered(RelayRecovered {
                    since: fault.since,
                    until: at,
                    stage: fault.stage,
                    reply: fault.reply.clone(),
                    refusals: fault.refusals,
                });
                alerts::raise(tx, config, &alert, at)?;
                Ok(Some(fault))
            })?;
            if let Some(f) = ended {
                info!(since = %f.since, refusals = f.refusals, "the relay takes mail again; the referees are told");
            }
            info!(outbox = row.id.0, game, to = %to, message_id = %message_id, "reply sent");
            return Ok(true);
        }
        Err(SendError::Deferred(text)) => {
            let until = at + chrono::TimeDelta::minutes(defer_minutes);
            store.transaction(|tx| send_limits::defer(tx, row.id, until, &text))?;
            info!(outbox = row.id.0, game, to = %to, reason = %printable(&text), until = %until, "the server deferred the reply; it waits, later replies of its game to that player wait behind it");
            return Ok(false);
        }
        Err(SendError::Relay { stage, text }) => {
            let limits = config.outbox.limits();
            let fault = store.transaction(|tx| {
                let since = relay_faults::open(tx)?.map_or(at, |f| f.since);
                let wait = chrono::TimeDelta::seconds(limits.relay_retry_seconds(since, at));
                let fault = relay_faults::refused(tx, stage, &text, at, at + wait)?;
                send_limits::defer(tx, row.id, fault.next_try_at, &text)?;
                Ok::<_, StoreError>(fault)
            })?;
            warn!(outbox = row.id.0, game, to = %to, stage = stage.as_str(), reply = %printable(&text), since = %fault.since, next_try = %fault.next_try_at, "the relay refuses mail; nothing is failed, sending is tried again later");
            return Ok(false);
        }
        Err(SendError::Recipient(t)) => ((Failure::Permanent, FailedWhy::RecipientRefused), t),
        Err(SendError::Transient(t)) => ((Failure::Transient, FailedWhy::AttemptsUsedUp), t),
        Err(SendError::Permanent(t)) => ((Failure::Permanent, FailedWhy::Unbuildable), t),
    };
    let (kind, why) = kind;
    let status = store.transaction(|tx| {
        let status = outbox::mark_failed(tx, row.id, &text, kind, at, &RetryPolicy::default())?;
        if status == OutboxStatus::Failed {
            failed_for_good(tx, config, row, why, &text, at)?;
        }
        Ok::<_, crate::referee::RefereeError>(status)
    })?;
    warn!(outbox = row.id.0, game, to = %to, error = %printable(&text), status = status.as_str(), "reply not sent");
    Ok(false)
}

/// A row failed for good at `at`: the referees are told (for a refused
/// recipient through the bounce path: the address marked unreachable and
/// [`Alert::Undeliverable`]; otherwise [`Alert::ReplyFailed`]), and if it
/// was a move notice its recipient's clock stops
/// ([`super::bounce_clock::on_bounce`]). An alert mail that fails raises no
/// alert of its own (it would go to the same referees); it is listed by
/// `zaochka outbox list --failed`.
fn failed_for_good(
    tx: &crate::store::Tx<'_>,
    config: &Config,
    row: &OutgoingMail,
    why: FailedWhy,
    text: &str,
    at: DateTime<Utc>,
) -> Result<(), crate::referee::RefereeError> {
    if why == FailedWhy::RecipientRefused {
        let since = match players::find_by_email(tx, &row.to_address)? {
            Some(p) => match p.unreachable_since {
                Some(t) => t,
                None => {
                    players::set_unreachable(tx, p.id, Some(at))?;
                    at
                }
            },
            None => at,
        };
        alerts::raise(
            tx,
            config,
            &Alert::Undeliverable {
                address: row.to_address.clone(),
                game: row.game_id,
                reporting_mta: relay_name(config),
                since,
            },
            at,
        )?;
    } else if !is_alert_mail(row) {
        alerts::raise(
            tx,
            config,
            &Alert::ReplyFailed(FailedReply {
                outbox: row.id.0,
                address: row.to_address.clone(),
                game: row.game_id,
                why,
                detail: text.to_owned(),
                at,
            }),
            at,
        )?;
    }
    let failed = outbox::get(tx, row.id)?;
    super::bounce_clock::on_bounce(tx, config, &failed, at)?;
    Ok(())
}

/// The relay's host name, for the alert of a refused recipient.
fn relay_name(config: &Config) -> Option<String> {
    match &config.outbox {
        crate::config::OutboxConfig::Smtp { host, .. } => Some(host.clone()),
        crate::config::OutboxConfig::Files { .. } => None,
    }
}

/// Whether a row is an alert mail to a referee (see `alerts::queue_mail`).
fn is_alert_mail(row: &OutgoingMail) -> bool {
    row.game_id.is_none() && crate::letters::ids::BotMessageId::is_alert(&row.message_id)
}

/// `From:` the bot's display name with its address, or with the row's
/// address (the per-player reply address) when there is one, so that a plain "Reply" in any client carries
/// the token. The name is quoted or encoded by lettre, whatever it holds
/// (commas, quotes, `<>`, non-ASCII); control characters are escaped first.
fn bot_mailbox(config: &Config, from: Option<&str>) -> anyhow::Result<Mailbox> {
    let address = from.map_or_else(|| config.bot_address(), str::to_string);
    let address: Address = address
        .parse()
        .with_context(|| crate::words::operator::daemon::bad_bot_address(&printable(&address)))?;
    let name = printable(config.address.name.trim()).into_owned();
    Ok(Mailbox::new((!name.is_empty()).then_some(name), address))
}

/// Sends one plain-text mail from the bot straight through the transport,
/// without the outbox: for telling the referees of a fault that keeps the
/// database from taking any write (so the outbox cannot hold the alert).
///
/// # Errors
/// An address that does not parse, or the transport's failure.
pub fn send_direct(
    transport: &dyn ReplyTransport,
    config: &Config,
    to: &str,
    subject: &str,
    body: &str,
) -> anyhow::Result<()> {
    use lettre::message::header::ContentType;
    let to: Mailbox = to
        .parse()
        .with_context(|| format!("bad recipient {}", printable(to)))?;
    let message = lettre::Message::builder()
        .from(bot_mailbox(config, None)?)
        .to(to)
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .body(body.to_string())?;
    transport.send(&message)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    /// A reply whose attempts ran out raises one alert; an alert mail whose
    /// attempts ran out raises none (it would go to the same referees).
    #[test]
    fn a_reply_failed_for_good_raises_an_alert_and_a_failed_alert_mail_none() {
        use crate::store::outbox::NewOutgoing;
        let mut c = Config::default();
        c.address.local = "bot".into();
        c.address.domain = "example.test".into();
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        let (reply, alert) = store
            .transaction(|tx| {
                let a = outbox::enqueue(
                    tx,
                    &NewOutgoing::sample("p@example.test", "m1@example.test", now),
                )?;
                let b = outbox::enqueue(
                    tx,
                    &NewOutgoing::sample("r@example.test", "zaochka.alert.1.1@example.test", now),
                )?;
                Ok::<_, StoreError>((outbox::get(tx, a)?, outbox::get(tx, b)?))
            })
            .unwrap();
        let reply_failed = |store: &mut Store| {
            store
                .read(|tx| {
                    tx.sql()
                        .query_row(
                            "SELECT count(*) FROM alerts WHERE kind = 'reply-failed'",
                            [],
                            |r| r.get::<_, i64>(0),
                        )
                        .map_err(StoreError::from)
                })
                .unwrap()
        };
        for _ in 0..RetryPolicy::default().max_attempts {
            for row in [&reply, &alert] {
                let e = SendError::Transient("451 4.3.0 try later".into());
                record(&mut store, &c, row, Err(e), now, 5).unwrap();
            }
        }
        let failed = store
            .read(|tx| outbox::list(tx, Some(OutboxStatus::Failed), None))
            .unwrap();
        assert_eq!(failed.len(), 2);
        assert_eq!(reply_failed(&mut store), 1);
    }

    #[test]
    fn any_display_name_is_quoted_correctly() {
        let mut c = Config::default();
        c.address.local = "bot".into();
        c.address.domain = "example.test".into();
        c.address.name = "Referee, \"Chief\" <x>".into();
        let m = bot_mailbox(&c, None).unwrap();
        let header = m.to_string();
        let back: Mailbox = header.parse().unwrap();
        assert_eq!(
            back.name.as_deref(),
            Some("Referee, \"Chief\" <x>"),
            "{header}"
        );
        assert_eq!(back.email.to_string(), "bot@example.test");
    }

    #[test]
    fn a_bad_bot_address_fails_the_start_check() {
        let mut c = Config::default();
        c.address.local = "bot bot".into();
        c.address.domain = "example.test".into();
        assert!(check_identity(&c).is_err());
        c.address.local = "bot".into();
        assert!(check_identity(&c).is_ok());
    }

    #[test]
    fn the_envelope_sender_is_the_return_path_and_from_stays_the_bot() {
        use chrono::TimeZone;
        let mut c = Config::default();
        c.address.local = "bot".into();
        c.address.domain = "example.test".into();
        let rp = ReturnPath::new(&c, secrets::SecretKey::from_bytes(&[1u8; 32]).unwrap());
        let t = Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap();
        let row = OutgoingMail::sample(
            outbox::OutboxId(5),
            "alice@example.test",
            "m@example.test",
            t,
        );
        let from = bot_mailbox(&c, None).unwrap();
        let path: Address = rp.address(row.id).parse().unwrap();
        let m = super::super::compose::build(&row, &from, None, &path).unwrap();
        assert_eq!(m.envelope().from(), Some(&path));
        assert_eq!(rp.row_of(path.as_ref()), Ok(row.id));
        assert_eq!(
            m.envelope().to(),
            ["alice@example.test".parse::<Address>().unwrap()]
        );
        let text = String::from_utf8(m.formatted()).unwrap();
        assert!(text.contains("From: zaochka <bot@example.test>"), "{text}");
        assert!(
            !text.contains("bounce."),
            "the return path is not a header: {text}"
        );
    }

    #[test]
    fn a_stop_request_is_honoured_between_sends_and_a_later_call_sends_the_rest() {
        use crate::config::OutboxConfig;
        use crate::store::outbox::{NewOutgoing, OutboxStatus};
        let dir = tempfile::tempdir().unwrap();
        let mut c = Config::default();
        c.address.local = "bot".into();
        c.address.domain = "example.test".into();
        let transport = crate::daemon::transport::from_config(&OutboxConfig::Files {
            path: dir.path().to_path_buf(),
        })
        .unwrap();
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        store
            .transaction(|tx| {
                for k in 0..3 {
                    outbox::enqueue(
                        tx,
                        &NewOutgoing::sample(
                            &format!("p{k}@example.test"),
                            &format!("m{k}@example.test"),
                            now,
                        ),
                    )?;
                }
                Ok::<_, StoreError>(())
            })
            .unwrap();
        let pending = |store: &mut Store| {
            store
                .read(|tx| outbox::list(tx, Some(OutboxStatus::Pending), None))
                .unwrap()
                .len()
        };
        let stop = AtomicBool::new(true);
        assert_eq!(
            send_due(&mut store, transport.as_ref(), &c, now, &stop).unwrap(),
            0
        );
        assert_eq!(pending(&mut store), 3);
        stop.store(false, Ordering::SeqCst);
        assert_eq!(
            send_due(&mut store, transport.as_ref(), &c, now, &stop).unwrap(),
            3
        );
        assert_eq!(pending(&mut store), 0);
        assert_eq!(
            send_due(&mut store, transport.as_ref(), &c, now, &stop).unwrap(),
            0
        );
    }
}
