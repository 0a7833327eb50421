//! The words of the referees' alerts: every mail the daemon writes to the
//! referees and admins on its own (a bounce, a quarantined mail, a skipped
//! inbox entry, a lasting fault, a stopped clock, a relay back, a failed
//! reply, a DMARC failure, a step of the system clock, an unsettled
//! authentication), in the referee's language. The alert is plain data
//! ([`Alert`]); the daemon decides whom it goes to and when
//! (`daemon::alerts::raise`), and this module writes its subject, its body
//! with the alerts held back by the hourly limit, and the one line each held
//! alert gets in that list. Text that came from outside (addresses, inbox
//! keys, server names, error texts) is passed through [`printable`] first.

use chrono::{DateTime, Utc};

use crate::printable::printable;
use crate::vocabulary::GameId;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// The longest list of held alerts told in one alert mail; the rest are counted.
pub const MAX_SUMMARY_LINES: usize = 30;

/// Why an inbox entry was passed over without being read as mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntrySkip {
    /// A directory inside `new/`.
    Directory,
    /// A symbolic link (never followed).
    Symlink,
    /// A named pipe (FIFO).
    Fifo,
    /// A Unix socket.
    Socket,
    /// A block or character device.
    Device,
    /// The file could not be opened or read (permissions, I/O error); it is
    /// tried again on later fetches, but reported once per run.
    Unreadable,
    /// The message was handled but could not be marked done (moved to `cur/`,
    /// flagged `\Seen`) or set aside in quarantine; it is not fetched again in
    /// this run, and its record makes a later sight a no-op.
    Unmovable,
}

impl EntrySkip {
    /// What it is, as a phrase in `lang`.
    #[must_use]
    pub fn describe(self, lang: Language) -> String {
        let id = match self {
            EntrySkip::Directory => "alert-skip-directory",
            EntrySkip::Symlink => "alert-skip-symlink",
            EntrySkip::Fifo => "alert-skip-fifo",
            EntrySkip::Socket => "alert-skip-socket",
            EntrySkip::Device => "alert-skip-device",
            EntrySkip::Unreadable => "alert-skip-unreadable",
            EntrySkip::Unmovable => "alert-skip-unmovable",
        };
        Message::new(id).render(lang)
    }
}

/// Something the referees must know. Plain data (the daemon raises it, see
/// `daemon::alerts`); [`Alert::subject`], [`Alert::summary_line`] and
/// [`mail_body`] put it into words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Alert {
    /// Mail the bot sent to `address` came back as undeliverable (a real
    /// bounce); the address is marked unreachable since `since` (UTC), the
    /// start of this bounce episode: further bounces of the same episode
    /// raise nothing new.
    Undeliverable {
        /// The recipient of the bounced outbox row.
        address: String,
        /// The game the bounced mail was about, if any.
        game: Option<GameId>,
        /// The server that reported the failure (`Reporting-MTA`), as written.
        reporting_mta: Option<String>,
        /// Since when the address is unreachable (UTC).
        since: DateTime<Utc>,
    },
    /// A mail crashed processing repeatedly and was put aside.
    Quarantined {
        /// Its inbox key (Maildir file name or IMAP `uidvalidity/uid`).
        inbox_key: String,
        /// Its `From` address, when it could be read.
        sender: Option<String>,
        /// How many times processing it was tried.
        attempts: u32,
    },
    /// An entry of the inbox folder that is not a mail was skipped.
    InboxEntrySkipped {
        /// The entry's name (lossy UTF-8 for a non-UTF-8 name).
        entry: String,
        /// Why.
        why: EntrySkip,
    },
    /// A fault outside the mail (database locked, disk full, I/O error) has
    /// lasted since `since` (UTC); the mail waits and is retried.
    FaultPersists {
        /// When the fault was first seen (UTC).
        since: DateTime<Utc>,
        /// The last error, as the system wrote it (shown verbatim, escaped).
        detail: String,
    },
    /// The notice of a move to a player hard-bounced: that player's clock in
    /// the game stands since `since` (UTC, the notice's send instant) until
    /// mail from the player or a director ends the pause.
    ClockStopped(crate::words::pauses::StoppedClock),
    /// The outbound relay refused every reply for a while and takes mail
    /// again: told once per fault, when it is over (while it lasts the alert
    /// could not go out; `zaochka status` shows it).
    RelayRecovered(crate::words::outbox::RelayRecovered),
    /// A reply failed for good (nothing fails silently).
    ReplyFailed(crate::words::outbox::FailedReply),
    /// A verified mail (registered sender, valid token) failed its From
    /// domain's DMARC policy of reject or quarantine and was applied all the
    /// same (`dmarc-reject-refuses-moves = false`): flagged for a look.
    DmarcFailedApplied {
        /// Its inbox key.
        inbox_key: String,
        /// The verified sender.
        sender: String,
        /// The game it was about, if any.
        game: Option<GameId>,
        /// The From domain whose policy it failed.
        domain: String,
        /// That policy.
        policy: crate::mail::auth::DmarcPolicy,
    },
    /// The system clock stepped forward by more than `[clock]
    /// max-step-hours` between two clock ticks: no time-out is executed
    /// until a director runs `zaochka clock confirm-step` or `cancel-step`.
    ClockStepped {
        /// The last trusted instant before the step (UTC).
        from: DateTime<Utc>,
        /// The instant the clock read after it (UTC).
        to: DateTime<Utc>,
    },
    /// Under `dmarc-reject-refuses-moves = true`, a mail's checks ended in
    /// temperror (DNS did not answer) for `[authentication]
    /// temperror-wait-minutes`: it was recorded as refused, not applied.
    AuthUnsettled {
        /// Its inbox key.
        inbox_key: String,
        /// Its `From` address, when it could be read.
        sender: Option<String>,
        /// The game it was about, if any.
        game: Option<GameId>,
        /// How long it waited, in minutes.
        minutes: u64,
    },
}

impl Alert {
    /// The tournament game the alert is about when its directors are told
    /// of it as a director event too (a bounced mail, a clock stopped by
    /// one): a director on the daily digest reads it there.
    #[must_use]
    pub fn game_for_directors(&self) -> Option<GameId> {
        match self {
            Alert::Undeliverable { game, .. } => *game,
            Alert::ClockStopped(stopped) => Some(stopped.game),
            _ => None,
        }
    }

    /// The subject of the alert mail, in `lang`.
    #[must_use]
    pub fn subject(&self, lang: Language) -> String {
        let what = match self {
            Alert::Undeliverable { address, .. } => Message::new("alert-undeliverable-subject")
                .arg("address", printable(address))
                .render(lang),
            Alert::Quarantined { .. } => Message::new("alert-quarantined-subject").render(lang),
            Alert::InboxEntrySkipped { .. } => Message::new("alert-skipped-subject").render(lang),
            Alert::FaultPersists { .. } => Message::new("alert-fault-subject").render(lang),
            Alert::ClockStopped(s) => s.subject(lang),
            Alert::RelayRecovered(r) => r.subject(lang),
            Alert::ReplyFailed(f) => f.subject(lang),
            Alert::DmarcFailedApplied { sender, .. } => Message::new("alert-dmarc-subject")
                .arg("sender", printable(sender))
                .render(lang),
            Alert::ClockStepped { .. } => Message::new("alert-clock-stepped-subject").render(lang),
            Alert::AuthUnsettled { .. } => {
                Message::new("alert-auth-unsettled-subject").render(lang)
            }
        };
        Message::new("alert-subject").arg("what", what).render(lang)
    }

    /// One line for the list of held alerts, in `lang`.
    #[must_use]
    pub fn summary_line(&self, lang: Language) -> String {
        let message = match self {
            Alert::Undeliverable { address, since, .. } => Message::new("alert-undeliverable-line")
                .arg("address", printable(address))
                .arg("since", when(*since)),
            Alert::Quarantined { inbox_key, .. } => {
                Message::new("alert-quarantined-line").arg("key", printable(inbox_key))
            }
            Alert::InboxEntrySkipped { entry, why } => Message::new("alert-skipped-line")
                .arg("entry", printable(entry))
                .arg("why", why.describe(lang)),
            Alert::FaultPersists { since, .. } => {
                Message::new("alert-fault-line").arg("since", when(*since))
            }
            Alert::ClockStopped(s) => return s.line(lang),
            Alert::RelayRecovered(r) => return r.line(lang),
            Alert::ReplyFailed(f) => return f.line(lang),
            Alert::DmarcFailedApplied {
                inbox_key, sender, ..
            } => Message::new("alert-dmarc-line")
                .arg("key", printable(inbox_key))
                .arg("sender", printable(sender)),
            Alert::ClockStepped { from, to } => Message::new("alert-clock-stepped-line")
                .arg("from", when(*from))
                .arg("to", when(*to)),
            Alert::AuthUnsettled { inbox_key, .. } => {
                Message::new("alert-auth-unsettled-line").arg("key", printable(inbox_key))
            }
        };
        message.render(lang)
    }

    /// The body of the alert mail, in `lang`.
    #[must_use]
    pub fn body(&self, lang: Language) -> String {
        let message = match self {
            Alert::Undeliverable {
                address,
                game,
                reporting_mta,
                since,
            } => {
                let server = match reporting_mta {
                    Some(m) => Message::new("alert-server-named").arg("server", printable(m)),
                    None => Message::new("alert-server-unknown"),
                };
                Message::new("alert-undeliverable-body")
                    .arg("about", about_game(*game, lang))
                    .arg("address", printable(address))
                    .arg("server", server.render(lang))
                    .arg("since", when(*since))
            }
            Alert::Quarantined {
                inbox_key,
                sender,
                attempts,
            } => Message::new("alert-quarantined-body")
                .arg("key", printable(inbox_key))
                .arg("from", from_sender(sender.as_deref(), lang))
                .arg("attempts", attempts.to_string()),
            Alert::InboxEntrySkipped { entry, why } => Message::new("alert-skipped-body")
                .arg("entry", printable(entry))
                .arg("why", why.describe(lang)),
            Alert::FaultPersists { since, detail } => Message::new("alert-fault-body")
                .arg("since", when(*since))
                .arg("detail", printable(detail)),
            Alert::ClockStopped(s) => return s.body(lang),
            Alert::RelayRecovered(r) => return r.body(lang),
            Alert::ReplyFailed(f) => return f.body(lang),
            Alert::DmarcFailedApplied {
                inbox_key,
                sender,
                game,
                domain,
                policy,
            } => Message::new("alert-dmarc-body")
                .arg("key", printable(inbox_key))
                .arg("about", about_game(*game, lang))
                .arg("sender", printable(sender))
                .arg("domain", printable(domain))
                .arg("policy", policy_key(*policy)),
            Alert::ClockStepped { from, to } => Message::new("alert-clock-stepped-body")
                .arg("from", when(*from))
                .arg("to", when(*to)),
            Alert::AuthUnsettled {
                inbox_key,
                sender,
                game,
                minutes,
            } => Message::new("alert-auth-unsettled-body")
                .arg("key", printable(inbox_key))
                .arg("about", about_game(*game, lang))
                .arg("from", from_sender(sender.as_deref(), lang))
                .arg("minutes", minutes.to_string()),
        };
        message.render(lang)
    }
}

/// The `$policy` selector of the DMARC alert: what the domain asks of mail
/// that fails (a policy of none or no policy reads as a rejection, as the
/// alert is raised only for the two strict ones).
fn policy_key(policy: crate::mail::auth::DmarcPolicy) -> &'static str {
    use crate::mail::auth::DmarcPolicy as P;
    match policy {
        P::Quarantine => "quarantine",
        P::Reject | P::None | P::Unspecified => "reject",
    }
}

/// The body of the alert mail to one referee, in `lang`: the alert's own
/// text; then, when alerts were held for that referee by the limit of
/// `per_hour` alert mails in an hour, the list of them (one line each, at
/// most [`MAX_SUMMARY_LINES`], the rest counted; `None` stands for a held
/// alert written by another version of zaochka, which this one cannot read);
/// then the signature.
#[must_use]
pub fn mail_body(alert: &Alert, held: &[Option<Alert>], per_hour: u32, lang: Language) -> String {
    let mut body = alert.body(lang);
    if !held.is_empty() {
        body.push_str("\n\n");
        body.push_str(
            &Message::new("alert-held")
                .arg("count", held.len().to_string())
                .arg("limit", per_hour.to_string())
                .render(lang),
        );
        for held in held.iter().take(MAX_SUMMARY_LINES) {
            let line = held.as_ref().map_or_else(
                || Message::new("alert-held-unknown").render(lang),
                |a| a.summary_line(lang),
            );
            body.push_str("\n- ");
            body.push_str(&line);
        }
        if held.len() > MAX_SUMMARY_LINES {
            body.push_str("\n- ");
            body.push_str(
                &Message::new("alert-held-more")
                    .arg("count", (held.len() - MAX_SUMMARY_LINES).to_string())
                    .render(lang),
            );
        }
    }
    body.push_str("\n\n-- \n");
    body.push_str(&Message::new("alert-signature").render(lang));
    body.push('\n');
    body
}

/// ` about game #3` / ` по партии №3` after "the mail", or nothing.
fn about_game(game: Option<GameId>, lang: Language) -> String {
    game.map_or(String::new(), |g| {
        Message::new("alert-about-game")
            .arg("game", g.to_string())
            .render(lang)
    })
}

/// ` from <address>` / ` от <address>` after "the mail", or nothing.
fn from_sender(sender: Option<&str>, lang: Language) -> String {
    sender.map_or(String::new(), |s| {
        Message::new("alert-from-sender")
            .arg("sender", printable(s))
            .render(lang)
    })
}

/// An instant as alerts show it: `2026-12-01 10:07 UTC`.
fn when(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M UTC").to_string()
}

#[cfg(test)]
mod tests;
