//! Options shared by the commands that use the database, and the path from a
//! command to the referee.

use std::path::PathBuf;

use anyhow::Context;

use super::output::Applied;
use chrono::{DateTime, Utc};

use crate::config::Config;
use crate::referee::{self, Command, Handled, RefereeError, Source};
use crate::store::players::{self, Player};
use crate::store::shell_commands::CommandMark;
use crate::store::{Store, Tx};

/// The options every command takes: `--config`, `--db`, `--now`, `--json`.
#[derive(clap::Args, Debug, Clone)]
pub struct StoreArgs {
    /// Print JSON for programs instead of words.
    ///
    /// One object (a changing command:
    /// `{"ok": true, "summary": …, …}`; `{"ok": false, "error": …}` when
    /// refused, exit code 1), one array (`moves`, `history`, `referee receipts`,
    /// `tournament adjudications`), or one object per line for logs and lists
    /// (`check`, `referee log`, `player list`, `tournament list`, `quarantine
    /// list`). Accepted before or after the command's name.
    #[arg(long, global = true)]
    pub json: bool,
    /// The configuration file (TOML); the embedded default if absent.
    ///
    /// The Debian package's is /etc/zaochka/config.toml; every key is described
    /// there.
    #[arg(long, global = true, env = "ZAOCHKA_CONFIG")]
    pub config: Option<PathBuf>,
    /// The SQLite database file (created if missing); default: the configuration's,
    /// or ./zaochka.db.
    #[arg(long, global = true, env = "ZAOCHKA_DB")]
    pub db: Option<PathBuf>,
    /// The instant to act at (RFC 3339, UTC); the current time if absent. For
    /// tests and for entering moves received earlier.
    #[arg(long, global = true, env = "ZAOCHKA_NOW", hide = true)]
    pub now: Option<DateTime<Utc>>,
    /// The mark of the shell command these options run, which every write
    /// transaction of a database opened by [`StoreArgs::open`] records (see
    /// `cli::journal`); none for commands not journaled.
    #[arg(skip)]
    pub mark: Option<CommandMark>,
    /// Whether the command was typed now (journaled), not replayed by a
    /// restore: only such a command is refused on a database that lacks
    /// commands of its journal.
    #[arg(skip)]
    pub typed: bool,
}

impl StoreArgs {
    /// The configuration (the embedded default without `--config`), with `--db`
    /// taking precedence over its database path.
    pub fn config(&self) -> anyhow::Result<Config> {
        let mut c = Config::load(self.config.as_deref())?;
        if let Some(db) = &self.db {
            c.database.clone_from(db);
        }
        Ok(c)
    }

    /// Opens the database (migrating it). A file of at most
    /// [`crate::store::QUICK_CHECK_MAX_BYTES`] is first checked with `PRAGMA
    /// quick_check`, and a damaged one refused, naming `zaochka restore`, as
    /// `serve` refuses it: every command opening it here may write (even a
    /// query brings the schema up to date).
    pub fn open(&self) -> anyhow::Result<Store> {
        let db = self.config()?.database;
        crate::daemon::journal::refuse_missing_database(&db)?;
        if std::fs::metadata(&db).is_ok_and(|m| m.len() <= crate::store::QUICK_CHECK_MAX_BYTES) {
            crate::daemon::refuse_damaged(&db)?;
        }
        let mut store = Store::open(&db)
            .with_context(|| format!("cannot open the database {}", db.display()))?;
        if self.typed {
            let from = crate::daemon::backup::went_back(&db)?.map_or(0, |b| b.journal_bytes);
            crate::daemon::journal::refuse_lacking(&mut store, &db, from)?;
        }
        if let Some(mark) = &self.mark {
            store.mark_commands(mark.clone());
        }
        Ok(store)
    }

    /// The instant to act at.
    pub fn now(&self) -> DateTime<Utc> {
        self.now.unwrap_or_else(Utc::now)
    }
}

/// The registered player with this address.
pub fn player_by_email(tx: &Tx<'_>, email: &str) -> Result<Player, RefereeError> {
    players::find_by_email(tx, email)?.ok_or_else(|| RefereeError::UnknownPlayer(email.to_string()))
}

/// Runs a command through the referee in one transaction and prints the outcome:
/// the summary line (or JSON with the replies). A refused command changes nothing
/// and is reported on stderr with exit code 1.
pub fn run(
    args: &StoreArgs,
    command: Command,
    actor_email: &str,
) -> anyhow::Result<std::process::ExitCode> {
    run_decided(args, actor_email, |_, _| Ok(command.clone()))
}

/// Runs what a player said about one game: the referee's intake decides it
/// ([`referee::intake::decide`]: the same decision a mail saying it gets),
/// then it runs as [`run`] runs a command; a decision to apply nothing (a
/// stale move number) is reported as a refusal.
pub fn run_said(
    args: &StoreArgs,
    game: crate::vocabulary::GameId,
    said: referee::intake::Said,
    actor_email: &str,
) -> anyhow::Result<std::process::ExitCode> {
    run_decided(args, actor_email, |tx, actor| {
        referee::intake::decide(tx, game, actor.id, &said)?.into_command()
    })
}

/// Runs the command `command_of` gives for the actor, inside the
/// transaction (module doc of [`run`]).
fn run_decided(
    args: &StoreArgs,
    actor_email: &str,
    command_of: impl Fn(&Tx<'_>, &Player) -> Result<Command, RefereeError>,
) -> anyhow::Result<std::process::ExitCode> {
    let json = args.json;
    let config = args.config()?;
    let mut store = args.open()?;
    let result: Result<Handled, RefereeError> = store.transaction(|tx| {
        // The instant is read once the write lock is held, so that commands
        // applied in turn carry instants in that order (a process that waited
        // for another's lock must not act "before" what it waited for).
        let now = args.now();
        let actor = player_by_email(tx, actor_email)?;
        let command = command_of(tx, &actor)?;
        let h = referee::handle(tx, &command, actor.id, now, Source::default())?;
        // The players hear of it by mail too: `zaochka serve` sends the outbox.
        crate::letters::queue_replies(tx, &config.bot(), &h.replies, now)?;
        Ok(h)
    });
    match result {
        Ok(h) => {
            let summary = crate::letters::compose::account(&h.summary, &h.replies);
            super::output::emit(&Applied::new(h.game, &summary, &h.replies), json)
        }
        Err(e) => super::output::refusal_or_fault(e, json),
    }
}
