//! Options shared by the commands that use the database, and the path from a
//! command to the referee.

use std::path::PathBuf;

use anyhow::{Context, anyhow};
use chrono::{DateTime, Utc};

use crate::referee::{self, Command, Handled, RefereeError, Source};
use crate::store::players::{self, Player};
use crate::store::{Store, Tx};

/// `--db`, `--now`.
#[derive(clap::Args, Debug, Clone)]
pub struct StoreArgs {
    /// The SQLite database file (created if missing).
    #[arg(
        long,
        global = true,
        env = "ZAOCHKA_DB",
        default_value = "./zaochka.db"
    )]
    pub db: PathBuf,
    /// The instant to act at (RFC 3339, UTC); the current time if absent. For
    /// tests and for entering moves received earlier.
    #[arg(long, global = true, env = "ZAOCHKA_NOW", hide = true)]
    pub now: Option<DateTime<Utc>>,
}

impl StoreArgs {
    /// Opens the database (migrating it).
    pub fn open(&self) -> anyhow::Result<Store> {
        Store::open(&self.db)
            .with_context(|| format!("cannot open the database {}", self.db.display()))
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
    json: bool,
) -> anyhow::Result<std::process::ExitCode> {
    let mut store = args.open()?;
    let now = args.now();
    let result: Result<Handled, RefereeError> = store.transaction(|tx| {
        let actor = player_by_email(tx, actor_email)?;
        referee::handle(tx, &command, actor.id, now, Source::default())
    });
    match result {
        Ok(h) => {
            if json {
                let replies: Vec<serde_json::Value> = h
                    .replies
                    .iter()
                    .map(|r| serde_json::json!({"to": r.email, "language": r.language.code(), "subject": r.subject, "body": r.body}))
                    .collect();
                println!(
                    "{}",
                    serde_json::json!({"ok": true, "game": h.game.map(|g| g.0), "summary": h.summary, "replies": replies})
                );
            } else {
                println!("{}", h.summary.trim_end());
            }
            Ok(std::process::ExitCode::SUCCESS)
        }
        Err(RefereeError::Store(e)) => Err(anyhow!(e).context("database error")),
        Err(e) => {
            if json {
                println!(
                    "{}",
                    serde_json::json!({"ok": false, "error": e.to_string()})
                );
            }
            eprintln!("zaochka: refused: {e}");
            Ok(std::process::ExitCode::from(1))
        }
    }
}
