//! `zaochka backup FILE` and `zaochka restore FILE` ([`crate::daemon::backup`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::store_args::StoreArgs;
use crate::daemon::backup;
use crate::words::operator::backups;

/// Writes a checked copy of the database to FILE, the daemon running or not.
///
/// Writes a checked copy of the database to FILE (mode 0600), the daemon
/// running or not: SQLite's online backup into a temporary file beside FILE,
/// `PRAGMA integrity_check`, then a rename over FILE. A database of an
/// earlier schema is copied as it stands (never upgraded by a backup).
#[derive(clap::Args, Debug)]
pub struct Backup {
    /// The backup file to write (replaced if it exists).
    file: PathBuf,
}

impl Backup {
    pub(super) fn execute(self, args: &StoreArgs) -> anyhow::Result<ExitCode> {
        let loaded = args.config()?;
        let database = loaded.database.clone();
        let config = args.config.as_deref();
        let checked = backup::check_target(&database, config, &self.file)
            .and_then(|()| backup::check_outside_mail(&self.file, &loaded.mail_folders()));
        if let Err(refused) = checked {
            let words = backups::target_refused(
                refused.refusal,
                self.file.display(),
                backup::key_beside(&self.file).display(),
                refused.path.display(),
                backup::suggested_target(&database, args.now()).display(),
                super::verify::language_of_environment(),
            );
            return Ok(super::output::refused(&words, args.json));
        }
        let written = backup::take_file(&database, config, &self.file, args.now())?;
        let key = backup::key_beside(&self.file);
        let key = (backup::key_beside(&database).exists() && key.exists()).then_some(key);
        if args.json {
            println!(
                "{}",
                serde_json::json!({
                    "ok": true,
                    "backup": written.path.display().to_string(),
                    "bytes": written.bytes,
                    "key": key.as_ref().map(|k| k.display().to_string()),
                })
            );
        } else {
            println!(
                "{}",
                backups::written(written.path.display(), written.bytes)
            );
            if let Some(key) = &key {
                println!("{}", backups::key_written(key.display()));
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Puts a backup in place of the database and replays the mail and commands made since.
///
/// Refused while `zaochka serve` runs on the database;
/// removes the old `-wal` and `-shm`; then processes again every inbox mail
/// of the last `[backup] replay-days` (read or not) that the backup had not
/// seen and, in one order with them by instant, every command of the journal
/// `<database>.commands` the backup does not hold, so the moves and the
/// commands made after the backup come back. Their replies wait in the
/// outbox for `serve`.
#[derive(clap::Args, Debug)]
pub struct Restore {
    /// The backup file (written by `zaochka backup` or the daemon's `[backup]`).
    file: PathBuf,
    /// Put the backup in place as it stands, without replaying the mailbox
    /// or the shell commands, or upgrading its schema: to go back to the
    /// build that wrote it. The return is recorded (`<database>.went-back`),
    /// so that what it left out is neither taken by `serve` for a copy put
    /// back by mistake nor replayed by a later restore.
    #[arg(long)]
    no_replay: bool,
    /// Put the server key beside the backup in place even when a different
    /// key stands beside the database (that one is kept as
    /// `<key>.replaced-<instant>`); without it such a restore is refused.
    #[arg(long)]
    replace_key: bool,
}

impl Restore {
    pub(super) fn execute(self, args: &StoreArgs) -> anyhow::Result<ExitCode> {
        super::serve::init_logging();
        if args.config.is_none() && args.db.is_none() {
            // The embedded default is ./zaochka.db and ./mail/inbox of the
            // folder the command runs in: a restore there by mistake would
            // leave the real database as it is and say it had replayed
            // nothing.
            anyhow::bail!(
                "restore replaces a database: say which, with --config FILE (or ZAOCHKA_CONFIG) \
                 as the daemon runs, or --db FILE for the embedded default"
            );
        }
        let config = args.config()?;
        if let Some(at) = args.now {
            // `--now` / ZAOCHKA_NOW: the replay's clock starts at that instant.
            crate::daemon::wall::start_at(at);
        }
        let stop = Arc::new(AtomicBool::new(false));
        for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
            signal_hook::flag::register(signal, Arc::clone(&stop))?;
        }
        let how = if self.no_replay {
            backup::Replay::None
        } else {
            backup::Replay::Mailbox
        };
        let journal_path = crate::daemon::journal::path_of(&config.database);
        if !self.no_replay && !journal_path.exists() {
            eprintln!("{}", backups::no_journal(journal_path.display()));
        }
        let mut journal = super::journal::Journal::new(args);
        let consent = if self.replace_key {
            backup::KeyConsent::Replace
        } else {
            backup::KeyConsent::KeepDifferent
        };
        let restored = backup::restore(
            &config,
            &self.file,
            args.now(),
            &stop,
            how,
            consent,
            &mut journal,
        )?;
        let key_line = match &restored.key {
            backup::KeyRestored::NoneBeside if backup::key_beside(&config.database).exists() => {
                None
            }
            backup::KeyRestored::NoneBeside => {
                eprintln!(
                    "{}",
                    backups::key_none_beside(backup::key_beside(&self.file).display())
                );
                None
            }
            backup::KeyRestored::Same => Some(backups::key_same(
                backup::key_beside(&config.database).display(),
            )),
            backup::KeyRestored::PutBack(path) => Some(backups::key_put_back(path.display())),
            backup::KeyRestored::Replaced { key, kept } => {
                Some(backups::key_replaced(key.display(), kept.display()))
            }
        };
        if args.json {
            println!(
                "{}",
                serde_json::json!({
                    "ok": true,
                    "database": config.database.display().to_string(),
                    "backup-schema": restored.backup_version,
                    "replay-seen": restored.replay.seen,
                    "replay-processed": restored.replay.processed,
                    "commands-applied": restored.replay.commands_applied,
                    "commands-refused": restored.replay.commands_refused,
                    "key": match &restored.key {
                        backup::KeyRestored::NoneBeside => "none-beside",
                        backup::KeyRestored::Same => "same",
                        backup::KeyRestored::PutBack(_) => "put-back",
                        backup::KeyRestored::Replaced { .. } => "replaced",
                    },
                })
            );
        } else if self.no_replay {
            println!(
                "{}",
                backups::restored_as_it_stands(
                    self.file.display(),
                    config.database.display(),
                    restored.backup_version
                )
            );
        } else {
            let replayed = backups::Replayed {
                seen: restored.replay.seen,
                processed: restored.replay.processed,
                applied: restored.replay.commands_applied,
                refused: restored.replay.commands_refused,
            };
            println!(
                "{}",
                backups::restored_and_replayed(
                    self.file.display(),
                    config.database.display(),
                    crate::daemon::journal::path_of(&config.database).display(),
                    replayed
                )
            );
        }
        if let Some(line) = key_line.filter(|_| !args.json) {
            println!("{line}");
        }
        Ok(ExitCode::SUCCESS)
    }
}
