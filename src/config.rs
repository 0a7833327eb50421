//! The daemon's configuration: a TOML file read into [`Config`] (every field is
//! documented in `config.example.toml`). With no file the embedded default applies:
//! `./zaochka.db`, a Maildir inbox under `./mail/inbox`, `.eml` files written to
//! `./mail/outbox`, so `zaochka serve` works on a fresh machine with no mail server.
//! Secrets never stand in the file itself: passwords come from an environment
//! variable or a command (`password-command = "pass show bot"`).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::Deserialize;

mod authentication;
mod send_limits;

pub use authentication::{AuthSettings, NameServer};
pub use send_limits::SendLimits;

/// The whole configuration.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// The SQLite database file.
    pub database: PathBuf,
    /// The bot's addresses.
    pub address: AddressConfig,
    /// Where mail comes from.
    pub inbox: InboxConfig,
    /// How replies are sent.
    pub outbox: OutboxConfig,
    /// Seconds an idle daemon waits before its next cycle when no new mail
    /// woke it (IMAP IDLE, the inotify watch of a Maildir).
    pub poll_seconds: u64,
    /// Mails larger than this many bytes are refused before their body is parsed.
    pub max_message_bytes: usize,
    /// The other bounds of one mail (MIME depth and parts, headers, text),
    /// checked before the memory they guard is spent (`[limits]`).
    pub limits: crate::mail::Limits,
    /// Language of replies to players whose language is unknown: `ru` or `en`.
    pub default_language: String,
    /// How the daemon treats mail that crashes it and faults of the machine.
    pub faults: FaultsConfig,
    /// The file this configuration was read from (`None` for the embedded
    /// default); a helper process started by the daemon reads the same file.
    #[serde(skip)]
    pub source: Option<PathBuf>,
    /// Mails to the referees about bounces, quarantined mail and faults.
    pub alerts: AlertsConfig,
    /// Tournament pages (`[tournaments]`).
    pub tournaments: TournamentsConfig,
    /// `[authentication]`: DKIM, SPF, DMARC and ARC of incoming mail (resolver,
    /// deadline, trusted Received hops, whether a DMARC reject refuses a move).
    pub authentication: AuthSettings,
    /// `[backup]`: the daemon's scheduled backups and how far back
    /// `zaochka restore` replays the mailbox.
    pub backup: BackupConfig,
    /// `[clock]`: how the daemon treats a step of the system clock.
    pub clock: ClockConfig,
    /// `[xfcc]`: the Xfcc (SOAP) endpoint for desktop correspondence clients.
    pub xfcc: XfccConfig,
}

/// The Xfcc endpoint (`[xfcc]`): off unless `listen` is set.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct XfccConfig {
    /// The address and port `zaochka serve` answers Xfcc (SOAP 1.1 over
    /// plain HTTP) on, such as `127.0.0.1:8088`; HTTPS is a reverse
    /// proxy's. `None`: no endpoint.
    pub listen: Option<String>,
}

/// Backups (`[backup]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct BackupConfig {
    /// If set, `zaochka serve` writes a backup into this folder every
    /// `every-hours` (`zaochka-<UTC instant>.db`, as `zaochka backup` does).
    pub dir: Option<PathBuf>,
    /// Hours between two scheduled backups. Default 24.
    pub every_hours: u64,
    /// How many scheduled backups are kept in `dir` (the oldest are deleted).
    /// Default 14.
    pub keep: usize,
    /// After `zaochka restore`, inbox mail received in the last this many days
    /// (read or not) is processed again unless the restored database has it.
    /// Default 30.
    pub replay_days: u32,
}

impl Default for BackupConfig {
    fn default() -> BackupConfig {
        BackupConfig {
            dir: None,
            every_hours: 24,
            keep: 14,
            replay_days: 30,
        }
    }
}

/// Steps of the system clock (`[clock]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClockConfig {
    /// A forward step of the clock larger than this many hours between two
    /// clock ticks (or since the last tick of the previous run) executes no
    /// time-out until a director runs `zaochka clock confirm-step` or
    /// `cancel-step`; the referees are alerted once. Default 6.
    pub max_step_hours: u64,
}

impl Default for ClockConfig {
    fn default() -> ClockConfig {
        ClockConfig { max_step_hours: 6 }
    }
}

/// Tournament pages the daemon keeps up to date (`[tournaments]`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct TournamentsConfig {
    /// If set, every tournament's static site is written to
    /// `<site-dir>/<tournament id>/` at start and again after each of its
    /// games ends (as `zaochka tournament publish` writes it).
    pub site_dir: Option<PathBuf>,
    /// The language of the pages: `ru` (default) or `en`.
    pub site_language: Option<String>,
    /// The permission bits of the published files, in octal (`"0644"` by
    /// default); folders get the same with the search bit wherever a read bit
    /// is set (`0755`). The database and the outbox stay 0600.
    pub site_mode: Option<String>,
    /// With `site-dir` set: every player's calendar (as `zaochka calendar`
    /// writes it) is kept in `<site-dir>/calendars/<name>.ics`, `<name>` an
    /// HMAC-SHA256 of the player's id under the database's secret (32 hex
    /// digits), rewritten when its events change. Default false.
    pub calendars: bool,
    /// The address the web server serves `site-dir` at, such as
    /// `https://example.org/zaochka`; with it the answer to a calendar request
    /// gives the calendar's address (`<site-url>/calendars/<name>.ics`).
    pub site_url: Option<String>,
}

impl TournamentsConfig {
    /// The mode of the published files and folders (checked at load).
    pub fn site_mode(&self) -> crate::site::SiteMode {
        self.site_mode
            .as_deref()
            .and_then(crate::site::SiteMode::from_octal)
            .unwrap_or_default()
    }

    /// The folder calendars are published in, when they are.
    pub fn calendar_site(&self) -> Option<&Path> {
        self.site_dir.as_deref().filter(|_| self.calendars)
    }
}

/// Poison mail and transient faults (`[faults]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct FaultsConfig {
    /// A mail that was being processed when the daemon died is tried again this
    /// many times; the next time it is quarantined. Default 2.
    pub crash_retries: u32,
    /// Minutes a transient fault (database locked, disk full, I/O error) may last
    /// before the referees are told, once per fault. Default 30.
    pub alert_after_minutes: u64,
    /// The longest wait, in seconds, between two attempts while a transient
    /// fault lasts (the wait doubles from 1 s up to this). Default 60.
    pub max_backoff_seconds: u64,
}

impl Default for FaultsConfig {
    fn default() -> FaultsConfig {
        FaultsConfig {
            crash_retries: 2,
            alert_after_minutes: 30,
            max_backoff_seconds: 60,
        }
    }
}

/// How referee alerts are limited (`[alerts]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct AlertsConfig {
    /// At most this many alert mails to one referee in any hour (default 10);
    /// further alerts are held and summarised in the next alert mail. 0 sends
    /// none (alerts are still recorded in the database).
    pub per_referee_per_hour: u32,
}

impl Default for AlertsConfig {
    fn default() -> AlertsConfig {
        AlertsConfig {
            per_referee_per_hour: 10,
        }
    }
}

/// The bot's address: replies go out from `<local>@<domain>` with the reply
/// address `<local>+<game>.<token>@<domain>` for each player and game.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct AddressConfig {
    /// The local part of the bot's address (before `@`).
    pub local: String,
    /// The bot's mail domain.
    pub domain: String,
    /// The display name on replies.
    pub name: String,
}

/// The inbox: a Maildir folder (the embedded default) or an IMAP mailbox.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum InboxConfig {
    /// A Maildir folder on this machine: new mail in `new/`, processed mail moved to `cur/`.
    Maildir {
        /// The Maildir folder (holding `new/`, `cur/`, `tmp/`).
        path: PathBuf,
    },
    /// An IMAP mailbox.
    Imap {
        /// Server host name.
        host: String,
        /// Server port (993 for TLS, 143 for plain or STARTTLS).
        port: u16,
        /// `tls` (implicit TLS), or `plain` (loopback test servers only).
        #[serde(default = "default_security")]
        security: String,
        /// Login name.
        user: String,
        /// Secret source.
        #[serde(flatten)]
        password: Secret,
        /// Mailbox to read.
        #[serde(default = "default_mailbox")]
        mailbox: String,
        /// Use IMAP IDLE when the server offers it.
        #[serde(default = "default_true")]
        idle: bool,
    },
}

/// How replies are sent: `.eml` files (the embedded default) or SMTP.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum OutboxConfig {
    /// Write each reply as an `.eml` file into a folder.
    Files {
        /// The folder.
        path: PathBuf,
    },
    /// Send through an SMTP server.
    Smtp {
        /// Server host name.
        host: String,
        /// Server port (465 TLS, 587 STARTTLS, 25 or 2525 plain on loopback).
        port: u16,
        /// `tls`, `starttls` or `plain` (loopback only).
        #[serde(default = "default_security")]
        security: String,
        /// Login name; no login when absent.
        user: Option<String>,
        /// Secret source (when `user` is set).
        #[serde(flatten)]
        password: Secret,
        /// Connections used at once and the provider's caps (`connections`,
        /// `per-minute`, `per-day`).
        #[serde(flatten)]
        limits: SendLimits,
    },
}

impl OutboxConfig {
    /// How the outbox may send: the SMTP settings, or one writer and no caps
    /// for the file outbox.
    #[must_use]
    pub fn limits(&self) -> SendLimits {
        match self {
            OutboxConfig::Smtp { limits, .. } => *limits,
            OutboxConfig::Files { .. } => SendLimits::one_at_a_time(),
        }
    }
}

/// Where a password comes from: an environment variable or a command's output.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Secret {
    /// The name of an environment variable holding the password.
    pub password_env: Option<String>,
    /// A shell command printing the password (first line used).
    pub password_command: Option<String>,
}

impl Secret {
    /// Reads the secret.
    ///
    /// # Errors
    /// When neither source is configured, the variable is unset or the command fails.
    pub fn read(&self) -> anyhow::Result<String> {
        if let Some(var) = &self.password_env {
            return std::env::var(var)
                .with_context(|| format!("the environment variable {var} is not set"));
        }
        if let Some(cmd) = &self.password_command {
            let out = std::process::Command::new("sh")
                .args(["-c", cmd])
                .output()
                .with_context(|| format!("cannot run password-command {cmd:?}"))?;
            if !out.status.success() {
                bail!("password-command {cmd:?} failed");
            }
            return Ok(String::from_utf8_lossy(&out.stdout)
                .lines()
                .next()
                .unwrap_or("")
                .to_string());
        }
        bail!("no password-env or password-command is configured")
    }
}

fn default_security() -> String {
    "tls".into()
}
fn default_mailbox() -> String {
    "INBOX".into()
}
fn default_true() -> bool {
    true
}

impl Default for Config {
    fn default() -> Config {
        Config {
            database: PathBuf::from("./zaochka.db"),
            address: AddressConfig::default(),
            inbox: InboxConfig::Maildir {
                path: PathBuf::from("./mail/inbox"),
            },
            outbox: OutboxConfig::Files {
                path: PathBuf::from("./mail/outbox"),
            },
            poll_seconds: 60,
            max_message_bytes: 10 * 1024 * 1024,
            limits: crate::mail::Limits::default(),
            default_language: "ru".into(),
            faults: FaultsConfig::default(),
            source: None,
            alerts: AlertsConfig::default(),
            tournaments: TournamentsConfig::default(),
            authentication: AuthSettings::default(),
            backup: BackupConfig::default(),
            clock: ClockConfig::default(),
            xfcc: XfccConfig::default(),
        }
    }
}

impl Default for AddressConfig {
    fn default() -> AddressConfig {
        AddressConfig {
            local: "zaochka".into(),
            domain: "localhost".into(),
            name: "zaochka".into(),
        }
    }
}

impl Config {
    /// The folders on this machine that hold mail: the Maildir inbox and the
    /// folder of the file outbox (none for IMAP and SMTP).
    #[must_use]
    pub fn mail_folders(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        if let InboxConfig::Maildir { path } = &self.inbox {
            out.push(path.clone());
        }
        if let OutboxConfig::Files { path } = &self.outbox {
            out.push(path.clone());
        }
        out
    }

    /// The bot's address (`<local>@<domain>`), from which every reply and
    /// personal address is made.
    #[must_use]
    pub fn bot(&self) -> crate::mail::address::BotAddress {
        crate::mail::address::BotAddress {
            local: self.address.local.clone(),
            domain: self.address.domain.clone(),
        }
    }

    /// Reads a TOML file; `None` gives the embedded default.
    ///
    /// # Errors
    /// When the file cannot be read or is not valid configuration.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Config> {
        let Some(path) = path else {
            return Ok(Config::default());
        };
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let mut config: Config = toml::from_str(&text)
            .with_context(|| format!("invalid configuration in {}", path.display()))?;
        config.source = Some(path.to_path_buf());
        if config.max_message_bytes == 0 {
            bail!("max-message-bytes must be positive");
        }
        if config.faults.max_backoff_seconds == 0 {
            bail!("[faults] max-backoff-seconds must be positive");
        }
        if config.backup.every_hours == 0 || config.backup.keep == 0 {
            bail!("[backup] every-hours and keep must be positive");
        }
        if let Err(key) = config.limits.validate() {
            bail!("[limits] {key} must be positive");
        }
        if let Some(mode) = &config.tournaments.site_mode
            && crate::site::SiteMode::from_octal(mode).is_none()
        {
            bail!(
                "[tournaments] site-mode {mode:?} must be octal permission bits, at most 0777, readable and writable by the owner (such as \"0644\")"
            );
        }
        Ok(config)
    }

    /// The bot's own address: `<local>@<domain>`.
    #[must_use]
    pub fn bot_address(&self) -> String {
        format!("{}@{}", self.address.local, self.address.domain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_configuration_reads() {
        let text = include_str!("../config.example.toml");
        let c: Config = toml::from_str(text).unwrap();
        assert_eq!(c.address.local, "zaochka");
        assert!(matches!(c.inbox, InboxConfig::Imap { .. }));
        assert!(matches!(c.outbox, OutboxConfig::Smtp { .. }));
        // The documented [limits] are the defaults.
        assert_eq!(c.limits, crate::mail::Limits::default());
    }

    #[test]
    fn no_file_means_the_embedded_default() {
        let c = Config::load(None).unwrap();
        assert!(matches!(c.inbox, InboxConfig::Maildir { .. }));
        assert_eq!(c.max_message_bytes, 10 * 1024 * 1024);
        assert_eq!(c.alerts.per_referee_per_hour, 10);
    }
}
