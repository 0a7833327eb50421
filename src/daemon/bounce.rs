//! Delivery status notifications (bounces). Only a report that answers a mail
//! the bot really sent acts; anything else is logged and ignored (it changes
//! nothing and sends nothing), since anyone can write a delivery report.
//!
//! A report answers an outbox row when
//! - it was sent to the row's **VERP return path**
//!   `<local>+bounce.<row>.<mac>@<domain>` ([`ReturnPath`]) with a valid MAC
//!   (`Delivered-To` or `To` of the report, where the reporting server puts
//!   the return path), or
//! - it returns the row's **Message-ID** and names the row's recipient as a
//!   failed recipient.
//!
//! Then the row's recipient (the row is authoritative, not the report's text)
//! is marked unreachable, the bounce is recorded (one per row), and the
//! referees get an [`Alert::Undeliverable`] through [`alerts::raise`], once per
//! bounce episode of the address. An alert to a referee that bounces marks
//! that referee unreachable, and unreachable or bounced addresses get no
//! alerts: no loops. A delay report is only logged.

use chrono::{DateTime, Utc};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use tracing::{info, warn};

use super::alerts::{self, Alert};
use super::process::Processed;
use crate::config::Config;
use crate::mail::{BotAddress, Bounce, DsnRecipient, Envelope, constant_time_eq};
use crate::printable::printable;
use crate::referee::RefereeError;
use crate::store::alerts::{self as records, MatchedBy, NewBounce};
use crate::store::outbox::{self, OutboxId, OutgoingMail};
use crate::store::secrets::{self, SecretKey};
use crate::store::{StoreError, Tx, players};
use crate::words::operator::outcomes;

/// Hex digits of the MAC in a return path (64 bits).
pub const MAC_HEX_DIGITS: usize = 16;

/// The detail word that starts a return path's `+` part.
const DETAIL_WORD: &str = "bounce";

/// The domain-separation prefix of the MAC input.
const MAC_CONTEXT: &[u8] = b"zaochka verp v1\0";

/// The per-row VERP return paths of the bot: `<local>+bounce.<row>.<mac>@<domain>`,
/// where `<row>` is the outbox row id in decimal and `<mac>` the first 8 bytes
/// of HMAC-SHA256 under the installation's key (see [`secrets::verp_key`]),
/// in lowercase hex.
#[derive(Clone, Debug)]
pub struct ReturnPath {
    bot: BotAddress,
    key: SecretKey,
}

/// Why an address is not a valid return path of the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerpError {
    /// Another mailbox or domain, or no `+bounce.` part.
    #[error("not a return path of the bot")]
    NotVerp,
    /// `+bounce.` is there but the row or the MAC is malformed.
    #[error("malformed return path")]
    Malformed,
    /// Well formed, but the MAC is not the row's.
    #[error("return path with a wrong MAC")]
    BadMac,
}

impl ReturnPath {
    /// The return paths of the configured bot address under `key`.
    #[must_use]
    pub fn new(config: &Config, key: SecretKey) -> ReturnPath {
        ReturnPath {
            bot: config.bot(),
            key,
        }
    }

    /// The return path of an outbox row.
    #[must_use]
    pub fn address(&self, row: OutboxId) -> String {
        format!(
            "{}+{DETAIL_WORD}.{}.{}@{}",
            self.bot.local,
            row.0,
            self.mac(row),
            self.bot.domain
        )
    }

    /// The outbox row of a return path, with its MAC checked in constant time.
    /// Local part and domain compare without regard to case, and so does the
    /// MAC (servers may lowercase local parts; the MAC is lowercase hex).
    ///
    /// # Errors
    /// [`VerpError`] saying why the address is not one of ours.
    pub fn row_of(&self, address: &str) -> Result<OutboxId, VerpError> {
        let a = address.trim().trim_start_matches('<').trim_end_matches('>');
        let (local, domain) = a.rsplit_once('@').ok_or(VerpError::NotVerp)?;
        let (base, detail) = local.split_once('+').ok_or(VerpError::NotVerp)?;
        if !base.eq_ignore_ascii_case(&self.bot.local)
            || !domain.eq_ignore_ascii_case(&self.bot.domain)
        {
            return Err(VerpError::NotVerp);
        }
        let (word, rest) = detail.split_once('.').ok_or(VerpError::NotVerp)?;
        if !word.eq_ignore_ascii_case(DETAIL_WORD) {
            return Err(VerpError::NotVerp);
        }
        let (row, mac) = rest.split_once('.').ok_or(VerpError::Malformed)?;
        if row.is_empty()
            || row.len() > 18
            || row.starts_with('0')
            || !row.bytes().all(|b| b.is_ascii_digit())
            || mac.len() != MAC_HEX_DIGITS
        {
            return Err(VerpError::Malformed);
        }
        let row = OutboxId(row.parse().map_err(|_| VerpError::Malformed)?);
        let given = mac.to_ascii_lowercase();
        if constant_time_eq(given.as_bytes(), self.mac(row).as_bytes()) {
            Ok(row)
        } else {
            Err(VerpError::BadMac)
        }
    }

    fn mac(&self, row: OutboxId) -> String {
        let mut m = <Hmac<Sha256> as KeyInit>::new_from_slice(self.key.bytes())
            .expect("HMAC takes keys of any length");
        m.update(MAC_CONTEXT);
        m.update(row.0.to_string().as_bytes());
        let tag = m.finalize().into_bytes();
        tag.iter()
            .take(MAC_HEX_DIGITS / 2)
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

/// Why a delivery report was ignored (logged, and kept in the outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unverified {
    /// Sent to a return path of the bot whose MAC is wrong.
    BadMac,
    /// Sent to a malformed return path of the bot.
    MalformedReturnPath,
    /// Sent to a valid return path of a row that does not exist.
    UnknownRow,
    /// The returned Message-ID is no outbox row's.
    UnknownMessageId,
    /// The returned Message-ID is an outbox row's, but the failed recipient is
    /// not that row's recipient.
    RecipientMismatch,
    /// Neither a return path of the bot nor a returned Message-ID.
    NoReference,
}

impl Unverified {
    /// A short stable code: `bad-mac`, `malformed-return-path`, `unknown-row`,
    /// `unknown-message-id`, `recipient-mismatch`, `no-reference`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Unverified::BadMac => "bad-mac",
            Unverified::MalformedReturnPath => "malformed-return-path",
            Unverified::UnknownRow => "unknown-row",
            Unverified::UnknownMessageId => "unknown-message-id",
            Unverified::RecipientMismatch => "recipient-mismatch",
            Unverified::NoReference => "no-reference",
        }
    }
}

/// The outbox row a report answers, and how that was established.
struct Answered {
    row: OutgoingMail,
    by: MatchedBy,
}

/// Ties the report to an outbox row, or says why it cannot be.
fn answered_row(
    tx: &Tx<'_>,
    path: &ReturnPath,
    env: &Envelope,
    bounce: &Bounce,
) -> Result<Result<Answered, Unverified>, StoreError> {
    let mut why = Unverified::NoReference;
    let addressed = env
        .delivered_to
        .iter()
        .map(String::as_str)
        .chain(env.to.iter().map(|m| m.address.as_str()));
    for a in addressed {
        match path.row_of(a) {
            Ok(id) => match outbox::get(tx, id) {
                Ok(row) => {
                    return Ok(Ok(Answered {
                        row,
                        by: MatchedBy::Verp,
                    }));
                }
                Err(StoreError::NotFound { .. }) => why = Unverified::UnknownRow,
                Err(e) => return Err(e),
            },
            Err(VerpError::BadMac) => why = Unverified::BadMac,
            Err(VerpError::Malformed) if why == Unverified::NoReference => {
                why = Unverified::MalformedReturnPath;
            }
            Err(_) => {}
        }
    }
    let returned_id = bounce
        .returned
        .as_ref()
        .and_then(|r| r.message_id.as_deref());
    if let Some(mid) = returned_id {
        match records::outbox_by_message_id(tx, mid)? {
            Some(id) => {
                let row = outbox::get(tx, id)?;
                let names_recipient = bounce.failed_recipients().any(|r| {
                    same_address(&r.final_recipient, &row.to_address)
                        || r.original_recipient
                            .as_deref()
                            .is_some_and(|o| same_address(o, &row.to_address))
                });
                if names_recipient {
                    return Ok(Ok(Answered {
                        row,
                        by: MatchedBy::MessageId,
                    }));
                }
                if why == Unverified::NoReference {
                    why = Unverified::RecipientMismatch;
                }
            }
            None if why == Unverified::NoReference => why = Unverified::UnknownMessageId,
            None => {}
        }
    }
    Ok(Err(why))
}

fn same_address(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// Handles a delivery report inside the mail's transaction.
///
/// # Errors
/// Database failures only.
pub(crate) fn handle(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    bounce: &Bounce,
    now: DateTime<Utc>,
) -> Result<Processed, RefereeError> {
    let message_id = env.message_id.as_deref().unwrap_or("");
    if !bounce.is_failure() {
        info!(message_id = %printable(message_id), delay = bounce.is_delay_only(), "delivery report without a failure; logged only");
        return Ok(Processed {
            outcome: outcomes::bounce_delayed().into(),
            game: bounce.game(),
            verified_sender: None,
        });
    }
    let path = ReturnPath::new(config, secrets::verp_key(tx, now)?);
    let answered = match answered_row(tx, &path, env, bounce)? {
        Ok(a) => a,
        Err(why) => {
            let from = env.from.as_ref().map_or("", |f| f.address.as_str());
            let named: Vec<String> = bounce
                .failed_recipients()
                .map(|r| printable(r.address()).into_owned())
                .collect();
            warn!(
                why = why.code(),
                from = %printable(from),
                message_id = %printable(message_id),
                failed = %named.join(", "),
                "delivery report ignored: it answers no mail the bot sent"
            );
            return Ok(Processed {
                outcome: outcomes::unverified_report(why.code()),
                game: None,
                verified_sender: None,
            });
        }
    };
    let row = &answered.row;
    let failed: Option<&DsnRecipient> = bounce
        .failed_recipients()
        .find(|r| {
            same_address(r.address(), &row.to_address)
                || same_address(&r.final_recipient, &row.to_address)
        })
        .or_else(|| bounce.failed_recipients().next());
    let new = records::record_bounce(
        tx,
        &NewBounce {
            outbox_id: row.id,
            address: row.to_address.clone(),
            matched_by: answered.by,
            reporting_mta: bounce.reporting_mta.clone(),
            status: failed.and_then(|r| r.status.clone()),
            diagnostic: failed.and_then(|r| r.diagnostic.clone()),
            received_at: now,
        },
    )?;
    // The start of this bounce episode: the player's mark (kept when set), or
    // for an address that is no player's, its first uncleared bounce.
    let since = match players::find_by_email(tx, &row.to_address)? {
        Some(p) => match p.unreachable_since {
            Some(t) => t,
            None => {
                players::set_unreachable(tx, p.id, Some(now))?;
                now
            }
        },
        None => records::bouncing_since(tx, &row.to_address)?.unwrap_or(now),
    };
    let game = row.game_id.or_else(|| bounce.game());
    info!(
        outbox = row.id.0,
        to = %printable(&row.to_address),
        by = answered.by.as_str(),
        new,
        "real bounce: the address is marked unreachable"
    );
    alerts::raise(
        tx,
        config,
        &Alert::Undeliverable {
            address: row.to_address.clone(),
            game,
            reporting_mta: bounce.reporting_mta.clone(),
            since,
        },
        now,
    )?;
    let paused = super::bounce_clock::on_bounce(tx, config, row, now)?;
    Ok(Processed {
        outcome: outcomes::bounce_failed(
            &printable(&row.to_address),
            row.id,
            answered.by,
            paused.is_some(),
        ),
        game,
        verified_sender: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path() -> ReturnPath {
        let mut c = Config::default();
        c.address.local = "bot".into();
        c.address.domain = "example.test".into();
        ReturnPath::new(&c, SecretKey::from_bytes(&[7u8; 32]).unwrap())
    }

    #[test]
    fn a_return_path_names_its_row_and_nothing_else() {
        let p = path();
        let a = p.address(OutboxId(42));
        assert!(a.starts_with("bot+bounce.42."), "{a}");
        assert!(a.ends_with("@example.test"));
        assert_eq!(p.row_of(&a), Ok(OutboxId(42)));
        assert_eq!(
            p.row_of(&format!("<{}>", a.to_uppercase())),
            Ok(OutboxId(42))
        );
        // The MAC of row 42 does not open row 43.
        let forged = a.replace("bounce.42.", "bounce.43.");
        assert_eq!(p.row_of(&forged), Err(VerpError::BadMac));
        let mut flipped = a.clone().into_bytes();
        let at = a.find('@').unwrap() - 1;
        flipped[at] = if flipped[at] == b'0' { b'1' } else { b'0' };
        assert_eq!(
            p.row_of(&String::from_utf8(flipped).unwrap()),
            Err(VerpError::BadMac)
        );
    }

    #[test]
    fn another_key_makes_other_return_paths() {
        let mut c = Config::default();
        c.address.local = "bot".into();
        c.address.domain = "example.test".into();
        let other = ReturnPath::new(&c, SecretKey::from_bytes(&[8u8; 32]).unwrap());
        assert_eq!(
            other.row_of(&path().address(OutboxId(1))),
            Err(VerpError::BadMac)
        );
    }

    #[test]
    fn addresses_that_are_not_return_paths_are_told_apart() {
        let p = path();
        assert_eq!(p.row_of("bot@example.test"), Err(VerpError::NotVerp));
        assert_eq!(
            p.row_of("bot+1.abcdef@example.test"),
            Err(VerpError::NotVerp)
        );
        assert_eq!(
            p.row_of("other+bounce.1.0123456789abcdef@example.test"),
            Err(VerpError::NotVerp)
        );
        assert_eq!(
            p.row_of("bot+bounce.1.0123456789abcdef@other.test"),
            Err(VerpError::NotVerp)
        );
        for bad in [
            "bot+bounce.x.0123456789abcdef@example.test",
            "bot+bounce.01.0123456789abcdef@example.test",
            "bot+bounce.1.0123@example.test",
            "bot+bounce.1@example.test",
            "bot+bounce.99999999999999999999.0123456789abcdef@example.test",
        ] {
            assert_eq!(p.row_of(bad), Err(VerpError::Malformed), "{bad}");
        }
    }
}
