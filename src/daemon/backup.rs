//! Backups and the way back: `zaochka backup FILE`, the daemon's scheduled
//! backups (`[backup] dir, every-hours, keep`), and `zaochka restore FILE`.
//!
//! A backup is SQLite's online backup of the live database (one consistent
//! snapshot, the daemon may run meanwhile) into a temporary file of the target
//! folder (`O_CREAT | O_EXCL`, mode 0600), checked with `PRAGMA
//! integrity_check`, synced, and renamed over the target name: a reader of
//! the folder sees a whole, checked copy or none.
//!
//! A restore takes the daemon lock ([`super::lock`]), so it is refused while
//! `serve` runs and no `serve` starts during it; checks the copy; writes it
//! beside the live file through the backup API; removes the live file's `-wal`
//! and `-shm` (frames of the old file there would be applied to the restored
//! one and damage it) and renames the restored file into place. Then it
//! replays the mailbox ([`replay`]): every inbox mail of the last
//! `[backup] replay-days`, read or not, that the restored database has not
//! processed is processed again in arrival order. A replayed mail's replies
//! carry the Message-IDs of the first time (they derive from the inbox key and
//! the database's secret, see `process::replies::reply_id`), so mail clients
//! fold the duplicates, and the tokens it draws are those of the first time
//! (they derive from the same two, see `store::Store::transaction_for_mail`).
//! Until the replay has finished, a marker file
//! (`<database>.replay`, holding the replay's start instant) makes the next
//! `serve` finish it first.
//!
//! A destination is checked before anything is written ([`check_target`]):
//! neither it nor its key copy may be a file the server needs (the live
//! database by any path to it, its `-wal`, `-shm`, `-journal`, server key,
//! command journal, markers, lock, the configuration file), nor may the key
//! copy be the backup itself.
//!
//! The server key (`store::server_key`) is copied beside each backup
//! ([`copy_key`]: the backup's name with the extension `key`, mode 0600), and
//! a restore puts it back beside the database before the replay, refusing a
//! different key there without [`KeyConsent::Replace`].
//!
//! `restore --no-replay` is a deliberate return to an older copy: it records
//! its instant and the command journal's length then in
//! `<database>.went-back` ([`WentBack`]). Mail read before that instant and
//! journal lines before that length are neither replayed by a later restore
//! nor counted by `serve`'s check of a database gone back in time
//! ([`gone_back`]): what the return left out stays left out.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use anyhow::{Context, bail};
use chrono::{DateTime, Duration as Span, Utc};
use tracing::{info, warn};

use super::faults::RunState;
use super::inbox::{DoneMail, Inbox, RawMail, Skipped};
use super::lock::{LockError, ServeLock};
use crate::config::Config;
use crate::printable::printable;
use crate::store::server_files::{BackupTargetRefusal, ServerFile};
use crate::store::{self, Store};

/// What a backup wrote.
#[derive(Debug, Clone)]
pub struct Written {
    /// The backup file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

/// The file `path` with `suffix` appended to its name (`zaochka.db` →
/// `zaochka.db-wal`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// The folder of `path` (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A fresh temporary name beside `target`: `.<name>.<pid>.<random>.tmp`.
fn temporary_beside(target: &Path) -> anyhow::Result<PathBuf> {
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let random: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let name = target
        .file_name()
        .map_or_else(|| "zaochka.db".into(), |n| n.to_string_lossy().into_owned());
    Ok(folder_of(target).join(format!(".{name}.{}.{random}.tmp", std::process::id())))
}

/// [`super::transport::files::create_private`], its failure naming `path`.
fn create_private(path: &Path) -> anyhow::Result<File> {
    super::transport::files::create_private(path)
        .with_context(|| format!("cannot create {}", path.display()))
}

/// Syncs the folder `dir`, so that a rename in it survives a crash.
fn sync_folder(dir: &Path) {
    if let Err(e) = File::open(dir).and_then(|d| d.sync_all()) {
        warn!(folder = %printable(&dir.display().to_string()), error = %e, "cannot sync the folder");
    }
}

/// Writes a checked copy of `fill`'s database at `target` (see the module
/// documentation): `fill` copies into the temporary file it is given. A
/// missing folder of `target` is made first (mode 0700, as backups hold the
/// players' addresses).
fn write_checked(
    target: &Path,
    fill: impl FnOnce(&Path) -> anyhow::Result<()>,
) -> anyhow::Result<Written> {
    let folder = folder_of(target);
    if !folder.exists() {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&folder)
            .with_context(|| format!("cannot create the folder {}", folder.display()))?;
    }
    let temporary = temporary_beside(target)?;
    let result = (|| {
        drop(create_private(&temporary)?);
        fill(&temporary)?;
        let problems = store::check_file(&temporary, true)?;
        if !problems.is_empty() {
            bail!(
                "the copy fails its integrity check: {}",
                problems.join("; ")
            );
        }
        File::open(&temporary)
            .and_then(|f| f.sync_all())
            .with_context(|| format!("cannot sync {}", temporary.display()))?;
        std::fs::rename(&temporary, target).with_context(|| {
            crate::words::operator::daemon::cannot_rename(
                &temporary.display().to_string(),
                &target.display().to_string(),
            )
        })?;
        sync_folder(&folder_of(target));
        let bytes = std::fs::metadata(target).map(|m| m.len()).unwrap_or(0);
        Ok(Written {
            path: target.to_path_buf(),
            bytes,
        })
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
        let _ = std::fs::remove_file(with_suffix(&temporary, "-journal"));
    }
    result
}

/// The path of the server's file `file` for the database at `database`
/// (`config`: the configuration file the command was given, if any).
fn server_file_path(file: ServerFile, database: &Path, config: Option<&Path>) -> Option<PathBuf> {
    Some(match file {
        ServerFile::Database => database.to_path_buf(),
        ServerFile::WriteAheadLog => with_suffix(database, "-wal"),
        ServerFile::SharedMemory => with_suffix(database, "-shm"),
        ServerFile::RollbackJournal => with_suffix(database, "-journal"),
        ServerFile::ServerKey => key_beside(database),
        ServerFile::CommandJournal => super::journal::path_of(database),
        ServerFile::ReplayMarker => replay_marker(database),
        ServerFile::WentBack => went_back_marker(database),
        ServerFile::ServeLock => super::lock::lock_path(database),
        ServerFile::Configuration => config?.to_path_buf(),
    })
}

/// The names under which `path` may be reached: the path with its folder's
/// symbolic links, `.` and `..` resolved (the name itself kept), and, when
/// it exists, the file it leads to (its last symbolic link followed too).
/// A path whose folder does not exist is taken as written, made absolute.
fn names_of(path: &Path) -> Vec<PathBuf> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut names = Vec::new();
    if let Some(name) = absolute.file_name() {
        match std::fs::canonicalize(folder_of(&absolute)) {
            Ok(folder) => names.push(folder.join(name)),
            Err(_) => names.push(absolute.clone()),
        }
    }
    if let Ok(real) = std::fs::canonicalize(&absolute) {
        names.push(real);
    }
    names
}

/// Whether `a` and `b` name one file: a common name (see [`names_of`]), or,
/// both existing, one device and inode (a hard link, a bind mount).
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let (x, y) = (names_of(a), names_of(b));
    if x.iter().any(|n| y.contains(n)) {
        return true;
    }
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(m), Ok(n)) => m.dev() == n.dev() && m.ino() == n.ino(),
        _ => false,
    }
}

/// The server's files for the database at `database`: named after the
/// path as given and after the real file it leads to (SQLite names the
/// `-wal` and `-shm` after the real file).
fn server_files(database: &Path, config: Option<&Path>) -> Vec<(ServerFile, PathBuf)> {
    let mut bases = vec![database.to_path_buf()];
    if let Ok(real) = std::fs::canonicalize(database)
        && real != database
    {
        bases.push(real);
    }
    let mut files = Vec::new();
    for base in &bases {
        for file in ServerFile::ALL {
            if let Some(path) = server_file_path(file, base, config) {
                files.push((file, path));
            }
        }
    }
    files
}

/// Checks a backup destination before anything is written: `target` may be
/// none of the files the server needs for the database at `database` (the
/// database, its `-wal`, `-shm`, `-journal`, server key, command journal,
/// replay and return markers, daemon lock, and the configuration file
/// `config`), and the key copy beside it ([`key_beside`]) may be neither
/// one of them nor `target` itself.
///
/// # Errors
/// The first clash found, in that order.
pub fn check_target(
    database: &Path,
    config: Option<&Path>,
    target: &Path,
) -> Result<(), TargetRefused> {
    let files = server_files(database, config);
    if let Some((file, path)) = files.iter().find(|(_, p)| same_file(target, p)) {
        return Err(TargetRefused {
            refusal: BackupTargetRefusal::IsServerFile(*file),
            path: path.clone(),
        });
    }
    let key = key_beside(target);
    if same_file(&key, target) {
        return Err(TargetRefused {
            refusal: BackupTargetRefusal::KeyCopyIsBackup,
            path: target.to_path_buf(),
        });
    }
    if let Some((file, path)) = files.iter().find(|(_, p)| same_file(&key, p)) {
        return Err(TargetRefused {
            refusal: BackupTargetRefusal::KeyCopyIsServerFile(*file),
            path: path.clone(),
        });
    }
    Ok(())
}

/// Checks that a backup destination `target` lies in none of the folders
/// that hold mail, `mail_folders` (see [`crate::config::Config::mail_folders`]):
/// the copy and the server key beside it would be read as mail there, or
/// sent.
///
/// # Errors
/// The mail folder `target` is in ([`BackupTargetRefusal::InMailFolder`]).
pub fn check_outside_mail(target: &Path, mail_folders: &[PathBuf]) -> Result<(), TargetRefused> {
    let absolute = std::path::absolute(target).unwrap_or_else(|_| target.to_path_buf());
    let folder = std::fs::canonicalize(folder_of(&absolute))
        .unwrap_or_else(|_| folder_of(&absolute).to_path_buf());
    for mail in mail_folders {
        let mail_abs = std::path::absolute(mail).unwrap_or_else(|_| mail.clone());
        let mail_real = std::fs::canonicalize(&mail_abs).unwrap_or(mail_abs);
        if folder.starts_with(&mail_real) {
            return Err(TargetRefused {
                refusal: BackupTargetRefusal::InMailFolder,
                path: mail.clone(),
            });
        }
    }
    Ok(())
}

/// A backup destination refused by [`check_target`].
#[derive(Debug, Clone, thiserror::Error)]
#[error("{refusal}: {}", path.display())]
pub struct TargetRefused {
    /// Why.
    pub refusal: BackupTargetRefusal,
    /// The file that would be overwritten, as the server names it (the
    /// destination itself for [`BackupTargetRefusal::KeyCopyIsBackup`]).
    pub path: PathBuf,
}

/// A destination to offer in place of a refused one: the folder `backups`
/// beside the database, the database's name with the UTC day of `now` and
/// the extension `db` (`/var/lib/zaochka/backups/zaochka-2026-12-05.db`).
#[must_use]
pub fn suggested_target(database: &Path, now: DateTime<Utc>) -> PathBuf {
    let stem = database
        .file_stem()
        .map_or_else(|| "zaochka".into(), |s| s.to_string_lossy().into_owned());
    folder_of(database)
        .join("backups")
        .join(format!("{stem}-{}.db", now.format("%Y-%m-%d")))
}

/// `zaochka backup FILE`: a checked copy of the open database at `target`
/// (replacing a file there). The database's reply secret is made first if it
/// has none yet, so that a restored copy names replies as the live one did.
///
/// # Errors
/// When the copy cannot be written or fails its check; nothing is left at
/// `target` then (an older file there stays).
pub fn take(store: &mut Store, target: &Path, now: DateTime<Utc>) -> anyhow::Result<Written> {
    store.transaction(|tx| store::secrets::verp_key(tx, now).map(|_| ()))?;
    write_checked(target, |temporary| Ok(store.copy_into(temporary)?))
}

/// `zaochka backup FILE` for the database file at `database` (`config`: the
/// configuration file the command was given), after [`check_target`]: a
/// database of an earlier schema (an upgrade not started yet) is copied as
/// it stands, never migrated, so the old build can still use the copy; one
/// of today's schema as [`take`] does.
///
/// # Errors
/// A destination refused by [`check_target`] ([`TargetRefused`], nothing
/// written); as [`take`]; a database of a newer schema is refused.
pub fn take_file(
    database: &Path,
    config: Option<&Path>,
    target: &Path,
    now: DateTime<Utc>,
) -> anyhow::Result<Written> {
    check_target(database, config, target)?;
    if database.exists() && store::file_schema_version(database)? < store::SCHEMA_VERSION {
        return write_checked(target, |temporary| {
            Ok(store::copy_database(database, temporary)?)
        });
    }
    let mut live = Store::open(database)
        .with_context(|| format!("cannot open the database {}", database.display()))?;
    let written = take(&mut live, target, now)?;
    copy_key(database, target)?;
    Ok(written)
}

/// The server key file beside the backup or database at `path` (the same
/// name with the extension `key`: `zaochka-20261205T031500Z.db` →
/// `zaochka-20261205T031500Z.key`).
#[must_use]
pub fn key_beside(path: &Path) -> PathBuf {
    store::server_key::path_for(path)
}

/// Copies the server key of the database at `database`, if it has one,
/// beside the backup `target` (mode 0600, written whole under a temporary
/// name and renamed, synced): a restore on another machine then signs with
/// the same key, and the receipts already given still verify. Returns the
/// key file written.
///
/// # Errors
/// The key cannot be read (its mode lets others read it, it is not a key)
/// or the copy cannot be written.
pub fn copy_key(database: &Path, target: &Path) -> anyhow::Result<Option<PathBuf>> {
    let from = key_beside(database);
    if !from.exists() {
        return Ok(None);
    }
    let key = store::server_key::load(&from)?;
    let to = key_beside(target);
    write_key(&to, &key)?;
    Ok(Some(to))
}

/// Writes `key` at `to` (PEM, mode 0600) under a temporary name, synced,
/// then renamed over `to`.
fn write_key(to: &Path, key: &ed25519_dalek::SigningKey) -> anyhow::Result<()> {
    let temporary = temporary_beside(to)?;
    let result = (|| -> anyhow::Result<()> {
        let mut file = create_private(&temporary)?;
        file.write_all(crate::notation::receipt::private_key_pem(key).as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, to).with_context(|| {
            crate::words::operator::daemon::cannot_rename(
                &temporary.display().to_string(),
                &to.display().to_string(),
            )
        })?;
        sync_folder(&folder_of(to));
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

/// What a restore did with the server key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyRestored {
    /// The backup had no key beside it; the database's key (if any) stays.
    NoneBeside,
    /// The database's key is the backup's already.
    Same,
    /// The backup's key was put beside the database, which had none.
    PutBack(PathBuf),
    /// The backup's key replaced a different one (with consent); the
    /// replaced key was kept under the name given.
    Replaced {
        /// The key file now holding the backup's key.
        key: PathBuf,
        /// Where the replaced key was kept.
        kept: PathBuf,
    },
}

/// Whether a restore may replace a server key that differs from the
/// backup's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyConsent {
    /// A different key beside the database refuses the restore.
    KeepDifferent,
    /// A different key is replaced by the backup's (and kept aside).
    Replace,
}

/// Checks what putting the backup `backup`'s key beside `database` would
/// do, before anything is changed: the backup's key (if it has one, and it
/// reads) and whether a different key stands beside the database.
///
/// # Errors
/// A key beside the backup that does not read; a different key beside the
/// database without [`KeyConsent::Replace`].
fn check_key(
    database: &Path,
    backup: &Path,
    consent: KeyConsent,
) -> anyhow::Result<Option<ed25519_dalek::SigningKey>> {
    let from = key_beside(backup);
    if !from.exists() {
        return Ok(None);
    }
    let key = store::server_key::load(&from)
        .with_context(|| format!("the server key beside the backup {}", backup.display()))?;
    let live = key_beside(database);
    if live.exists() && consent == KeyConsent::KeepDifferent {
        let same = store::server_key::load(&live).is_ok_and(|k| k.to_bytes() == key.to_bytes());
        if !same {
            bail!(
                "{}",
                crate::words::operator::backups::key_differs(
                    from.display(),
                    live.display(),
                    backup.display()
                )
            );
        }
    }
    Ok(Some(key))
}

/// Puts `key` (the backup's, checked by [`check_key`]) beside `database`.
fn put_key(
    database: &Path,
    key: Option<&ed25519_dalek::SigningKey>,
    now: DateTime<Utc>,
) -> anyhow::Result<KeyRestored> {
    let Some(key) = key else {
        return Ok(KeyRestored::NoneBeside);
    };
    let live = key_beside(database);
    if !live.exists() {
        write_key(&live, key)?;
        return Ok(KeyRestored::PutBack(live));
    }
    if store::server_key::load(&live).is_ok_and(|k| k.to_bytes() == key.to_bytes()) {
        return Ok(KeyRestored::Same);
    }
    let kept = with_suffix(
        &live,
        &format!(".replaced-{}", now.format("%Y%m%dT%H%M%SZ")),
    );
    std::fs::rename(&live, &kept)
        .with_context(|| format!("cannot move {} aside", live.display()))?;
    write_key(&live, key)?;
    Ok(KeyRestored::Replaced { key: live, kept })
}

/// The name of a scheduled backup taken at `at`: `zaochka-20261205T031500Z.db`
/// (names sort by time).
fn scheduled_name(at: DateTime<Utc>) -> String {
    format!("zaochka-{}.db", at.format("%Y%m%dT%H%M%SZ"))
}

/// The scheduled backups in `dir`, oldest first, with their instants.
fn scheduled_in(dir: &Path) -> Vec<(DateTime<Utc>, PathBuf)> {
    let Ok(listing) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<(DateTime<Utc>, PathBuf)> = listing
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let stamp = name.strip_prefix("zaochka-")?.strip_suffix(".db")?;
            let at = chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%dT%H%M%SZ").ok()?;
            Some((at.and_utc(), e.path()))
        })
        .collect();
    out.sort();
    out
}

/// The daemon's scheduled backup: with `[backup] dir` set, a backup is taken
/// when the newest one there is `every-hours` old (or there is none), and the
/// oldest beyond `keep` are deleted. Returns the backup written, if any. A
/// failure is logged and returned; the daemon goes on.
///
/// # Errors
/// When the folder cannot be created or the backup cannot be written.
pub fn scheduled(
    store: &mut Store,
    config: &Config,
    now: DateTime<Utc>,
) -> anyhow::Result<Option<Written>> {
    let Some(dir) = &config.backup.dir else {
        return Ok(None);
    };
    let every = Span::hours(i64::try_from(config.backup.every_hours).unwrap_or(i64::MAX / 4000));
    let existing = scheduled_in(dir);
    if existing.last().is_some_and(|(at, _)| *at + every > now) {
        return Ok(None);
    }
    std::fs::DirBuilder::new()
        .recursive(true)
        .create(dir)
        .with_context(|| format!("cannot create the backup folder {}", dir.display()))?;
    let target = dir.join(scheduled_name(now));
    check_target(&config.database, None, &target)?;
    check_outside_mail(&target, &config.mail_folders())?;
    let written = take(store, &target, now)?;
    copy_key(&config.database, &written.path)?;
    info!(backup = %printable(&written.path.display().to_string()), bytes = written.bytes, "scheduled backup written");
    let all = scheduled_in(dir);
    let surplus = all.len().saturating_sub(config.backup.keep);
    for (_, old) in all.into_iter().take(surplus) {
        let _ = std::fs::remove_file(key_beside(&old));
        match std::fs::remove_file(&old) {
            Ok(()) => info!(backup = %printable(&old.display().to_string()), "old backup deleted"),
            Err(e) => {
                warn!(backup = %printable(&old.display().to_string()), error = %e, "cannot delete an old backup")
            }
        }
    }
    Ok(Some(written))
}

/// The replay marker of a database: `<database>.replay`.
#[must_use]
pub fn replay_marker(database: &Path) -> PathBuf {
    with_suffix(database, ".replay")
}

/// What a restore did.
#[derive(Debug, Clone)]
pub struct Restored {
    /// The schema version of the backup before it was brought up to date.
    pub backup_version: usize,
    /// How the mailbox replay went.
    pub replay: Replayed,
    /// What was done with the server key.
    pub key: KeyRestored,
}

/// Whether `restore` replays the mailbox and the shell commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replay {
    /// Every inbox mail of the last `[backup] replay-days` that the backup
    /// has not processed is processed again, and every journaled shell
    /// command it lacks is run again, in one order by instant (the database
    /// is brought to today's schema on the way).
    Mailbox,
    /// The backup is put in place as it stands, schema included, neither
    /// mails nor commands replayed: going back to the build that wrote it,
    /// which then reads the inbox itself.
    None,
}

/// What a mailbox replay did.
#[derive(Debug, Clone, Copy, Default)]
pub struct Replayed {
    /// Inbox mails looked at (new and already read, within the window).
    pub seen: usize,
    /// Of them, mails the restored database had not processed: processed now.
    pub processed: usize,
    /// Journaled shell commands the restored database lacked, applied again.
    pub commands_applied: usize,
    /// Journaled shell commands the restored database lacked that changed
    /// nothing when replayed (refused now, or not replayable).
    pub commands_refused: usize,
}

/// `zaochka restore FILE` (see the module documentation).
///
/// # Errors
/// A daemon holding the database (refused, nothing changed); a backup that
/// cannot be read or fails its integrity check (refused, nothing changed); a
/// failure while putting it in place or replaying (the marker makes the next
/// `serve` finish the replay).
pub fn restore(
    config: &Config,
    backup: &Path,
    now: DateTime<Utc>,
    stop: &AtomicBool,
    how: Replay,
    consent: KeyConsent,
    commands: &mut dyn ShellCommands,
) -> anyhow::Result<Restored> {
    let database = &config.database;
    let _lock = ServeLock::acquire(database).map_err(|e| match e {
        LockError::Held { holder, .. } => anyhow::anyhow!(
            "a daemon ({holder}) holds {}: stop it first (systemctl stop zaochka), then restore",
            database.display()
        ),
        other => other.into(),
    })?;
    if !backup.is_file() {
        bail!("{} is not a file", backup.display());
    }
    let problems = store::check_file(backup, true)
        .with_context(|| format!("cannot read the backup {}", backup.display()))?;
    if !problems.is_empty() {
        bail!(
            "the backup {} is damaged ({}); choose another",
            backup.display(),
            problems.join("; ")
        );
    }
    let backup_version = store::file_schema_version(backup)?;
    if backup_version > store::SCHEMA_VERSION {
        bail!(
            "the backup {} comes from a newer zaochka (schema {backup_version}, this one knows {})",
            backup.display(),
            store::SCHEMA_VERSION
        );
    }
    let backup_key = check_key(database, backup, consent)?;
    if let Some(dir) = database.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::DirBuilder::new().recursive(true).create(dir)?;
    }
    // The key first (the replayed moves sign with it): a failure below
    // leaves the database as it was, beside the backup's key.
    let key = put_key(database, backup_key.as_ref(), now)?;
    // The restored copy is written beside the live file, then the live file's
    // journals go, then the copy takes the live name.
    let staged = temporary_beside(database)?;
    let result = (|| -> anyhow::Result<()> {
        drop(create_private(&staged)?);
        store::copy_database(backup, &staged)?;
        for suffix in ["-wal", "-shm", "-journal"] {
            let stale = with_suffix(database, suffix);
            match std::fs::remove_file(&stale) {
                Ok(()) => {
                    info!(file = %printable(&stale.display().to_string()), "stale journal removed")
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    return Err(e).with_context(|| format!("cannot remove {}", stale.display()));
                }
            }
        }
        std::fs::rename(&staged, database)
            .with_context(|| format!("cannot put the backup in place at {}", database.display()))?;
        sync_folder(&folder_of(database));
        Ok(())
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&staged);
        return Err(e);
    }
    if how == Replay::None {
        // The copy stands as it was taken: not even migrated (going back to
        // the build that wrote it). What it lacks is left out on purpose.
        write_went_back(
            database,
            &WentBack {
                at: now,
                journal_bytes: super::journal::length(database)?,
            },
        )?;
        return Ok(Restored {
            backup_version,
            replay: Replayed::default(),
            key,
        });
    }
    let mut since = now - Span::days(i64::from(config.backup.replay_days));
    if let Some(back) = went_back(database)? {
        since = since.max(back.at);
    }
    write_marker(database, since)?;
    let replay = replay(config, since, stop, Some(commands)).context(
        "the backup is in place, but the mailbox replay did not finish; \
         the next `zaochka serve` finishes it before anything else",
    )?;
    Ok(Restored {
        backup_version,
        replay,
        key,
    })
}

/// Writes the replay marker holding `since`.
fn write_marker(database: &Path, since: DateTime<Utc>) -> anyhow::Result<()> {
    let marker = replay_marker(database);
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&marker)
        .with_context(|| format!("cannot write {}", marker.display()))?;
    writeln!(file, "{}", store::instant_text(since))?;
    file.sync_all()?;
    Ok(())
}

/// The start of a replay left unfinished (the marker's instant), if any.
///
/// # Errors
/// A marker that cannot be read or holds no instant.
pub fn pending_replay(database: &Path) -> anyhow::Result<Option<DateTime<Utc>>> {
    let marker = replay_marker(database);
    match std::fs::read_to_string(&marker) {
        Ok(text) => Ok(Some(store::parse_instant(text.trim()).with_context(
            || format!("the replay marker {} holds no instant", marker.display()),
        )?)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", marker.display())),
    }
}

/// The record of the last deliberate return to an older copy (`zaochka
/// restore --no-replay`), kept in `<database>.went-back` as JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WentBack {
    /// The instant of the return (UTC): inbox mail read before it is left out.
    pub at: DateTime<Utc>,
    /// The length of the command journal then, in bytes: its lines before
    /// this offset are left out.
    #[serde(rename = "journal-bytes")]
    pub journal_bytes: u64,
}

/// The file of the deliberate return of a database: `<database>.went-back`.
#[must_use]
pub fn went_back_marker(database: &Path) -> PathBuf {
    with_suffix(database, ".went-back")
}

/// Writes `back` as the last deliberate return of `database` (mode 0600,
/// through a temporary name, synced).
fn write_went_back(database: &Path, back: &WentBack) -> anyhow::Result<()> {
    let marker = went_back_marker(database);
    let temporary = temporary_beside(&marker)?;
    let result = (|| -> anyhow::Result<()> {
        let mut file = create_private(&temporary)?;
        writeln!(file, "{}", serde_json::to_string(back)?)?;
        file.sync_all()?;
        std::fs::rename(&temporary, &marker)
            .with_context(|| format!("cannot write {}", marker.display()))?;
        sync_folder(&folder_of(&marker));
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

/// The last deliberate return of `database` to an older copy, if any.
///
/// # Errors
/// A record that cannot be read or does not parse.
pub fn went_back(database: &Path) -> anyhow::Result<Option<WentBack>> {
    let marker = went_back_marker(database);
    match std::fs::read_to_string(&marker) {
        Ok(text) => Ok(Some(
            serde_json::from_str(text.trim())
                .with_context(|| format!("{} does not read", marker.display()))?,
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", marker.display())),
    }
}

/// What `serve` found at start of a database that went back in time (put
/// back by hand, or otherwise older than its journal and its mailbox).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoneBack {
    /// Lines of the command journal whose marks the database lacks, after
    /// the first line it holds (none when it holds no line: a new database
    /// beside an old journal) and after the last deliberate return.
    pub commands: usize,
    /// Mails already read in the inbox (Maildir `cur/`, IMAP `\Seen`) within
    /// `[backup] replay-days`, arrived after the last deliberate return and
    /// later than the newest mail of the same mailbox the database
    /// processed (none when it processed none: a new database on an old
    /// mailbox), whose inbox keys it has never seen.
    pub mails: usize,
    /// The newest of those mails' arrival instants (UTC).
    pub newest_mail: Option<DateTime<Utc>>,
}

impl GoneBack {
    /// Whether anything was found.
    #[must_use]
    pub fn found(&self) -> bool {
        self.commands > 0 || self.mails > 0
    }
}

/// The mailbox part of a key: up to and with its last `/` (`maildir/`,
/// `INBOX/<uidvalidity>/`).
fn mailbox_of(key: &str) -> &str {
    key.rfind('/').map_or("", |k| &key[..=k])
}

/// Looks for evidence that the database of `config`, open in `store`, went
/// back in time (see [`GoneBack`]), at `now` (UTC). A mailbox that cannot be
/// listed is logged and counts for nothing.
///
/// # Errors
/// The journal, the went-back record or the database cannot be read.
pub fn gone_back(
    config: &Config,
    store: &mut Store,
    inbox: &mut dyn Inbox,
    now: DateTime<Utc>,
) -> anyhow::Result<GoneBack> {
    let database = &config.database;
    let back = went_back(database)?;
    let lacking = super::journal::lacking(store, database, back.map_or(0, |b| b.journal_bytes))?;
    let commands = if lacking.holds_any {
        lacking.lines.len()
    } else {
        0
    };
    let mut since = now - Span::days(i64::from(config.backup.replay_days));
    if let Some(b) = back {
        since = since.max(b.at);
    }
    let listed: Vec<DoneMail> = match inbox.done_since(since) {
        Ok(l) => l,
        Err(e) => {
            warn!(error = %printable(&format!("{e:#}")), "cannot list the mail already read: the database is not checked against it");
            Vec::new()
        }
    };
    let unknown = store.read(|tx| -> Result<Vec<DateTime<Utc>>, store::StoreError> {
        let mut newest: std::collections::HashMap<&str, Option<DateTime<Utc>>> =
            std::collections::HashMap::new();
        let mut out = Vec::new();
        for mail in &listed {
            if back.is_some_and(|b| mail.received_at <= b.at) {
                continue;
            }
            let mailbox = mailbox_of(&mail.key);
            let high = match newest.get(mailbox) {
                Some(h) => *h,
                None => {
                    let h = store::messages::newest_receipt(tx, mailbox)?;
                    newest.insert(mailbox, h);
                    h
                }
            };
            // Strictly after: IMAP gives arrival to the second, and a mail
            // of the same second as the newest processed one may be another
            // database's (a mailbox shared for a while, a test's leftovers).
            if high.is_some_and(|h| mail.received_at > h)
                && !store::messages::knows_key(tx, &mail.key)?
            {
                out.push(mail.received_at);
            }
        }
        Ok(out)
    })?;
    Ok(GoneBack {
        commands,
        mails: unknown.len(),
        newest_mail: unknown.into_iter().max(),
    })
}

/// The shell commands a restore replays among the mails (the journal beside
/// the database, kept by the command line).
pub trait ShellCommands {
    /// The instants (UTC) of the commands the restored database `store`
    /// lacks, oldest first, of the journal's lines from the byte offset
    /// `from` on (the journal's length at the last deliberate return).
    ///
    /// # Errors
    /// The journal or the database cannot be read.
    fn due(&mut self, store: &mut Store, from: u64) -> anyhow::Result<Vec<DateTime<Utc>>>;

    /// Replays the `index`-th command of [`ShellCommands::due`] and says
    /// whether it was applied; one refused now is recorded in `store` at
    /// `now` (UTC) as replayed, so that it is not tried again.
    fn replay(&mut self, index: usize, store: &mut Store, now: DateTime<Utc>) -> bool;
}

/// An inbox that hands over only the mail that arrived at `bound` or
/// earlier (all of it without a bound), keeping the later mail it fetched
/// for a later bound: the mails and the shell commands of a replay in one
/// order by instant.
struct UpTo<'a> {
    inner: &'a mut dyn Inbox,
    bound: Option<DateTime<Utc>>,
    fetched: VecDeque<RawMail>,
}

impl Inbox for UpTo<'_> {
    fn fetch(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>> {
        if self.fetched.is_empty() {
            self.fetched.extend(self.inner.fetch(limit)?);
        }
        let mut out = Vec::new();
        while out.len() < limit
            && self
                .fetched
                .front()
                .is_some_and(|m| self.bound.is_none_or(|b| m.received_at <= b))
        {
            out.extend(self.fetched.pop_front());
        }
        Ok(out)
    }

    fn replay_since(&mut self, since: DateTime<Utc>) {
        self.inner.replay_since(since);
    }

    fn done_since(&mut self, since: DateTime<Utc>) -> anyhow::Result<Vec<DoneMail>> {
        self.inner.done_since(since)
    }

    fn done(&mut self, key: &str) -> anyhow::Result<()> {
        self.inner.done(key)
    }

    fn done_all(&mut self, keys: &[String]) -> anyhow::Result<()> {
        self.inner.done_all(keys)
    }

    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        self.inner.quarantine(key)
    }

    fn release(&mut self, key: &str) -> anyhow::Result<()> {
        self.inner.release(key)
    }

    fn hold(&mut self, key: &str) {
        self.inner.hold(key);
    }

    fn unhold_all(&mut self) {
        self.inner.unhold_all();
    }

    fn take_skipped(&mut self) -> Vec<Skipped> {
        self.inner.take_skipped()
    }

    fn wait(&mut self, timeout: std::time::Duration, stop: &AtomicBool) -> anyhow::Result<()> {
        self.inner.wait(timeout, stop)
    }
}

/// Replays the mailbox from `since` (see the module documentation) through
/// the daemon's own queue, and among its mails, in one order by instant, the
/// shell `commands` the restored database lacks (a command goes after the
/// mails that arrived at its instant or earlier); then removes the marker.
/// The replies are left in the outbox for `serve` to send. The caller holds
/// the daemon lock.
///
/// # Errors
/// The inbox or the database cannot be opened or fail meanwhile (the marker
/// stays, so the next `serve` replays the mailbox again).
pub fn replay(
    config: &Config,
    since: DateTime<Utc>,
    stop: &AtomicBool,
    commands: Option<&mut dyn ShellCommands>,
) -> anyhow::Result<Replayed> {
    let mut store = Store::open(&config.database)?;
    let mut inbox = super::open_inbox(config)?;
    inbox.replay_since(since);
    let count =
        |store: &mut Store| -> anyhow::Result<usize> { Ok(store.read(store::messages::count)?) };
    let before = count(&mut store)?;
    let mut run = RunState::default();
    let mut seen = 0usize;
    let mut upto = UpTo {
        inner: inbox.as_mut(),
        bound: None,
        fetched: VecDeque::new(),
    };
    let mut drain = |store: &mut Store, upto: &mut UpTo<'_>| -> anyhow::Result<()> {
        let mut pump = |_: &mut Store| {};
        let mut drain = super::Drain {
            store,
            config,
            inbox: upto,
            run: &mut run,
            stop,
            pump: &mut pump,
        };
        if let Some(detail) = drain.run_counting(&mut seen)? {
            bail!(
                "the replay stopped on a fault ({detail}); it goes on at the next `zaochka serve`"
            );
        }
        if stop.load(std::sync::atomic::Ordering::SeqCst) {
            bail!("the replay was stopped; it goes on at the next `zaochka serve`");
        }
        Ok(())
    };
    let (mut applied, mut refused) = (0usize, 0usize);
    if let Some(commands) = commands {
        let from = went_back(&config.database)?.map_or(0, |b| b.journal_bytes);
        for (index, at) in commands.due(&mut store, from)?.into_iter().enumerate() {
            upto.bound = Some(at);
            drain(&mut store, &mut upto)?;
            if commands.replay(index, &mut store, super::wall::now()) {
                applied += 1;
            } else {
                refused += 1;
            }
        }
    }
    upto.bound = None;
    drain(&mut store, &mut upto)?;
    let processed = count(&mut store)?.saturating_sub(before);
    let marker = replay_marker(&config.database);
    if let Err(e) = std::fs::remove_file(&marker)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        warn!(marker = %printable(&marker.display().to_string()), error = %e, "cannot remove the replay marker");
    }
    info!(
        seen,
        processed, applied, refused, "mailbox and shell commands replayed"
    );
    Ok(Replayed {
        seen,
        processed,
        commands_applied: applied,
        commands_refused: refused,
    })
}
