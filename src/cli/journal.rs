//! The journal of shell commands, as the command line keeps it: every
//! command typed at the shell that changed the database (`player add`, `game
//! new`, `add-days`, `adjudicate`, `tournament …`, `outbox retry`, `clock
//! cancel-step`, …) appends one JSON line to `<database>.commands`, beside
//! the database and not in it, so that it survives going back to an older
//! copy (the file format, its writer and its reader:
//! [`crate::daemon::journal`]).
//!
//! A line holds the instant the command acted at (`at`, UTC, RFC 3339), the
//! arguments as given (`argv`; the values of `--config` and `--db` made
//! absolute, the value of an option naming a password, token or secret
//! replaced by `<redacted>`), the operating-system user (`user`, `uid`), and
//! the command's mark (`mark`), which its transaction also wrote into the
//! database (`store::shell_commands`). The line is written after the commit,
//! only when a transaction changed a row; a journal that cannot be written
//! is reported on stderr and the command stands. `serve`, `backup` and
//! `restore` are not journaled.
//!
//! `zaochka restore` replays, in one order with the mailbox by instant, the
//! lines the restored database lacks ([`Journal`],
//! [`crate::daemon::journal::lacking`]), each at its own instant; a replayed command that changes nothing (refused now) is
//! reported, recorded as such, and the replay goes on. A line of an Xfcc
//! act (`xfcc`, written by the endpoint) is replayed through the endpoint's
//! own intake ([`crate::daemon::xfcc::act`]) with its mark, not parsed as a
//! command line.

use chrono::{DateTime, Utc};
use clap::Parser;

use super::Cli;
use super::store_args::StoreArgs;
use crate::daemon::backup::ShellCommands;
use crate::daemon::journal::{self, Entry};
use crate::store::Store;
use crate::store::shell_commands::{self, CommandMark};

/// The value that stands in the journal for a secret argument.
const REDACTED: &str = "<redacted>";

pub use crate::daemon::journal::new_mark;

/// Whether an option's name names a secret (password, token, secret,
/// passphrase): its value is never written to the journal.
fn is_secret_option(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    ["password", "token", "secret", "passphrase"]
        .iter()
        .any(|w| name.contains(w))
}

/// `argv` as the journal keeps it: the program named `zaochka`, the values
/// of `--config` and `--db` made absolute, secret values redacted.
#[must_use]
pub fn normalised(argv: &[String]) -> Vec<String> {
    let absolute = |v: &str| {
        std::path::absolute(v).map_or_else(|_| v.to_string(), |p| p.display().to_string())
    };
    let mut out = Vec::with_capacity(argv.len());
    let mut pending: Option<&str> = None;
    for (k, arg) in argv.iter().enumerate() {
        if k == 0 {
            out.push("zaochka".to_string());
            continue;
        }
        if let Some(option) = pending.take() {
            out.push(if option == "path" {
                absolute(arg)
            } else {
                REDACTED.to_string()
            });
            continue;
        }
        let Some(option) = arg.strip_prefix("--") else {
            out.push(arg.clone());
            continue;
        };
        let (name, value) = match option.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (option, None),
        };
        let kind = if name == "config" || name == "db" {
            Some("path")
        } else if is_secret_option(name) {
            Some("secret")
        } else {
            None
        };
        match (kind, value) {
            (Some("path"), Some(v)) => out.push(format!("--{name}={}", absolute(v))),
            (Some(_), Some(_)) => out.push(format!("--{name}={REDACTED}")),
            (Some(k), None) => {
                out.push(arg.clone());
                pending = Some(k);
            }
            (None, _) => out.push(arg.clone()),
        }
    }
    out
}

/// Whether `argv` (as journaled) had a secret redacted, or read one from
/// standard input (`player xfcc-password --stdin`: the password typed is not
/// in the journal): such a command cannot be replayed.
fn is_redacted(argv: &[String]) -> bool {
    argv.iter()
        .any(|a| a == REDACTED || a.ends_with(&format!("={REDACTED}")) || a == "--stdin")
}

/// The journaled commands a restore replays: the lines of the journal whose
/// mark the restored database lacks, run in this process with the restore's
/// `--config` and `--db`, each at its own instant.
pub struct Journal<'a> {
    /// The restore's options (configuration and database).
    args: &'a StoreArgs,
    /// The lines due, oldest first, after [`ShellCommands::due`].
    due: Vec<Entry>,
}

impl<'a> Journal<'a> {
    /// The journal of the database `args` names.
    #[must_use]
    pub fn new(args: &'a StoreArgs) -> Journal<'a> {
        Journal {
            args,
            due: Vec::new(),
        }
    }
}

impl ShellCommands for Journal<'_> {
    fn due(&mut self, store: &mut Store, from: u64) -> anyhow::Result<Vec<DateTime<Utc>>> {
        let database = self.args.config()?.database;
        let mut due = journal::lacking(store, &database, from)?.lines;
        due.sort_by_key(|e| e.at);
        self.due = due;
        Ok(self.due.iter().map(|e| e.at).collect())
    }

    fn replay(&mut self, index: usize, store: &mut Store, now: DateTime<Utc>) -> bool {
        let Some(Entry { at, line, .. }) = self.due.get(index) else {
            return false;
        };
        let at = *at;
        let shown = line.argv.join(" ");
        println!("replaying `{shown}` of {} ({})", line.at, line.user);
        let applied = if let Some(act) = &line.xfcc {
            match self.args.config() {
                Ok(config) => {
                    let mark = CommandMark::new(line.mark.clone(), at);
                    let (player, request) = act.request();
                    let (code, _) =
                        crate::daemon::xfcc::act(store, &config, player, &request, &mark);
                    if mark.committed() {
                        println!("  applied");
                        true
                    } else {
                        println!(
                            "{}",
                            crate::words::operator::journal::xfcc_changed_nothing(code.name())
                        );
                        false
                    }
                }
                Err(e) => {
                    println!("{}", crate::words::operator::journal::unreadable(e));
                    false
                }
            }
        } else if is_redacted(&line.argv) {
            println!("{}", crate::words::operator::journal::held_a_secret());
            false
        } else {
            match Cli::try_parse_from(&line.argv) {
                Err(e) => {
                    println!("{}", crate::words::operator::journal::unreadable(e));
                    false
                }
                Ok(mut cli) => {
                    cli.store.config.clone_from(&self.args.config);
                    cli.store.db.clone_from(&self.args.db);
                    cli.store.now = Some(at);
                    let mark = CommandMark::new(line.mark.clone(), at);
                    cli.store.mark = Some(mark.clone());
                    let _ = cli.execute();
                    if mark.committed() {
                        println!("  applied");
                        true
                    } else {
                        println!("{}", crate::words::operator::journal::changed_nothing());
                        false
                    }
                }
            }
        };
        if !applied
            && let Err(e) =
                store.transaction(|tx| shell_commands::record_refused(tx, &line.mark, at, now))
        {
            eprintln!("{}", crate::words::operator::journal::not_recorded(e));
        }
        applied
    }
}
