//! The Maildir inbox, on `std::fs` alone: new mail in `new/`; a processed message
//! is moved to `cur/` with the seen flag (`:2,S`); poison goes to the Maildir++
//! folder `.quarantine`.
//!
//! Hostile folders are expected. Names are listed with `lstat` (symlinks are never
//! followed) and only names are held: directories, symlinks, FIFOs, sockets and
//! devices are passed over (each reported once per run). A regular file is opened
//! with `O_NOFOLLOW | O_NONBLOCK` and checked again with `fstat` (the entry may
//! have been swapped since it was listed); its size is compared with
//! `max-message-bytes` before a byte is read, and an over-size file is read only
//! up to [`HEAD_BYTES`]. A file that cannot be read is reported once and tried
//! again on later fetches; a file that cannot be moved out of `new/` is reported
//! once and not fetched again in this run, so `serve --once` always ends. A move
//! never replaces a file: `renameat2(RENAME_NOREPLACE)`, and a seen name already
//! taken in `cur/` (`X` and `X:2,` both become `X:2,S`) becomes `X.1:2,S`.
//!
//! # Keys
//! `maildir/<name>`, where `<name>` is the whole file name in `new/` (so `X` and
//! `X:2,` are two keys) with `%`, control characters and bytes that are not
//! UTF-8 written as `%XX`: reversible, printable, and unchanged for ordinary
//! names.

use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::fs::{DirBuilder, File, Metadata, OpenOptions};
use std::io::Read;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::FileTypeExt;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, SystemTime};

use anyhow::{Context, anyhow, bail};
use chrono::{DateTime, Utc};
use tracing::{debug, warn};

use super::inbox::{DoneMail, EntrySkip, FETCH_BYTES, HEAD_BYTES, Inbox, RawMail, Skipped};
use super::maildir_watch::{self, MaildirWatch};
use crate::printable::printable;

/// The key prefix of Maildir messages.
const PREFIX: &str = "maildir/";
/// How many names in `cur/` a seen message tries before it is unmovable.
const COLLISIONS: u32 = 100;
/// The Maildir++ folder that holds quarantined messages.
pub const QUARANTINE: &str = ".quarantine";

/// A Maildir folder read as an inbox.
#[derive(Debug)]
pub struct MaildirInbox {
    path: PathBuf,
    max_message_bytes: u64,
    /// Names in `new/` already reported, with why (each is reported once per run).
    reported: HashMap<OsString, EntrySkip>,
    /// Names handled but not movable out of `new/`: never fetched again this run.
    unmovable: HashSet<OsString>,
    /// Messages held out of the fetches ([`Inbox::hold`]).
    held: HashSet<OsString>,
    /// Entries passed over since the last [`Inbox::take_skipped`].
    skipped: Vec<Skipped>,
    /// The inotify watch on `new/` ([`super::maildir_watch`]); `None`: polled.
    watch: Option<MaildirWatch>,
    /// In replay ([`Inbox::replay_since`]): mail of `cur/` modified at this
    /// instant or later is fetched too.
    replay_since: Option<SystemTime>,
    /// In replay: the keys fetched so far (each is fetched once).
    replayed: HashSet<String>,
}

impl MaildirInbox {
    /// Opens a Maildir folder, creating it (and `new/`, `cur/`, `tmp/`, mode
    /// 0700) where missing. `max_message_bytes` is the size above which only the
    /// head of a message is read.
    ///
    /// A `cur/` or `tmp/` that cannot be created is logged and tolerated (mail is
    /// still read; its moves fail and are reported as [`EntrySkip::Unmovable`]).
    ///
    /// # Errors
    /// When the folder or its `new/` cannot be created or is not a directory.
    pub fn open(path: PathBuf, max_message_bytes: usize) -> anyhow::Result<MaildirInbox> {
        make_dir(&path).with_context(|| format!("cannot create the Maildir {}", path.display()))?;
        make_dir(&path.join("new"))
            .with_context(|| format!("cannot create the Maildir {}/new", path.display()))?;
        for sub in ["cur", "tmp"] {
            if let Err(e) = make_dir(&path.join(sub)) {
                warn!(maildir = %printable(&path.display().to_string()), folder = sub, error = %e, "cannot create a Maildir folder; processed mail cannot be moved");
            }
        }
        Ok(MaildirInbox {
            max_message_bytes: max_message_bytes as u64,
            reported: HashMap::new(),
            unmovable: HashSet::new(),
            held: HashSet::new(),
            skipped: Vec::new(),
            watch: maildir_watch::watch(&path),
            path,
            replay_since: None,
            replayed: HashSet::new(),
        })
    }

    /// The folder.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records a passed-over entry once per run: one [`Skipped`] (which the
    /// daemon logs and tells the referees), and a debug line with the detail.
    fn pass_over(&mut self, name: &OsStr, why: EntrySkip, detail: &str) {
        if self.reported.get(name) == Some(&why) {
            return;
        }
        self.reported.insert(name.to_os_string(), why);
        let key = key_of(name);
        // The daemon logs each `take_skipped` entry once at warn level.
        debug!(key = %key, why = ?why, detail = %printable(detail), "inbox entry passed over");
        self.skipped.push(Skipped { entry: key, why });
    }

    /// Reads one listed regular file of `new/`, or passes it over (`None`).
    fn read_one(&mut self, name: &OsStr) -> Option<RawMail> {
        self.read_in("new", name, name)
    }

    /// Reads the regular file `name` of the folder `sub` (`new`, `cur`) as the
    /// mail whose name in `new/` was `new_name`, or passes it over (`None`).
    fn read_in(&mut self, sub: &str, name: &OsStr, new_name: &OsStr) -> Option<RawMail> {
        let path = self.path.join(sub).join(name);
        let file = match OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
            .open(&path)
        {
            Ok(f) => f,
            // Taken by another reader since it was listed.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
                self.pass_over(name, EntrySkip::Symlink, "became a symlink");
                return None;
            }
            Err(e) => {
                self.pass_over(name, EntrySkip::Unreadable, &e.to_string());
                return None;
            }
        };
        let meta = match file.metadata() {
            Ok(m) => m,
            Err(e) => {
                self.pass_over(name, EntrySkip::Unreadable, &e.to_string());
                return None;
            }
        };
        if let Some(why) = not_a_file(&meta) {
            self.pass_over(
                name,
                why,
                crate::words::operator::inbox::changed_since_listed(),
            );
            return None;
        }
        match read_bounded(file, meta.len(), self.max_message_bytes) {
            Ok((bytes, size)) => Some(RawMail {
                key: key_of(new_name),
                bytes,
                size,
                received_at: {
                    let stamp = meta
                        .modified()
                        .map_or_else(|_| Utc::now(), DateTime::<Utc>::from);
                    // A replay keeps each mail's own arrival.
                    match self.replay_since {
                        Some(_) => stamp,
                        None => super::wall::arrival(stamp),
                    }
                },
            }),
            Err(e) => {
                self.pass_over(name, EntrySkip::Unreadable, &e.to_string());
                None
            }
        }
    }

    /// Moves a message out of `new/` for good (`done`, `quarantine`) to the
    /// first of `targets` that does not exist yet; a failure makes the name
    /// unmovable for the rest of the run.
    fn move_out(&mut self, key: &str, targets: &[PathBuf], what: &str) -> anyhow::Result<()> {
        let name = name_of_key(key)?;
        let from = self.path.join("new").join(&name);
        let mut result = Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            crate::words::operator::inbox::every_name_taken(),
        ));
        for to in targets {
            result = rename_no_replace(&from, to);
            if !matches!(&result, Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists) {
                break;
            }
        }
        match result {
            Ok(()) => {
                self.unmovable.remove(&name);
                self.reported.remove(&name);
                Ok(())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !from.exists() => {
                Err(anyhow!("{key} is not in new/"))
            }
            Err(e) => {
                self.unmovable.insert(name.clone());
                if self.reported.get(&name) != Some(&EntrySkip::Unmovable) {
                    self.reported.insert(name, EntrySkip::Unmovable);
                    self.skipped.push(Skipped {
                        entry: key.to_string(),
                        why: EntrySkip::Unmovable,
                    });
                }
                Err(e).with_context(|| format!("cannot move {key} to {what}"))
            }
        }
    }
}

impl MaildirInbox {
    /// [`Inbox::fetch`] in replay: the files of `new/` and of `cur/` (those
    /// modified at `since` or later) not fetched yet, oldest first; a file of
    /// `cur/` has the key of its name without the Maildir info (`X:2,S` was `X`).
    fn fetch_replay(&mut self, since: SystemTime, limit: usize) -> anyhow::Result<Vec<RawMail>> {
        let mut candidates: Vec<(SystemTime, String, &'static str, OsString)> = Vec::new();
        for sub in ["new", "cur"] {
            let folder = self.path.join(sub);
            let listing = std::fs::read_dir(&folder)
                .with_context(|| format!("cannot list {}", folder.display()))?;
            for entry in listing {
                let entry = entry.with_context(|| format!("cannot list {}", folder.display()))?;
                let name = entry.file_name();
                let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
                    continue;
                };
                if not_a_file(&meta).is_some() {
                    continue;
                }
                let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
                let key_name = if sub == "cur" {
                    if modified < since {
                        continue;
                    }
                    OsStr::from_bytes(base_name(&name)).to_os_string()
                } else {
                    name.clone()
                };
                let key = key_of(&key_name);
                if self.replayed.contains(&key) || (sub == "new" && self.unmovable.contains(&name))
                {
                    continue;
                }
                candidates.push((modified, key, sub, name));
            }
        }
        candidates.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let mut out = Vec::new();
        let mut held = 0usize;
        for (_, key, sub, name) in candidates {
            if out.len() >= limit || (held >= FETCH_BYTES && !out.is_empty()) {
                break;
            }
            if self.replayed.contains(&key) {
                continue;
            }
            let new_name = name_of_key(&key)?;
            if let Some(mail) = self.read_in(sub, &name, &new_name) {
                held += mail.bytes.len();
                self.replayed.insert(key);
                out.push(mail);
            }
        }
        Ok(out)
    }
}

impl Inbox for MaildirInbox {
    fn replay_since(&mut self, since: DateTime<Utc>) {
        self.replay_since = Some(SystemTime::from(since));
    }

    /// The regular files of `cur/` modified at `since` or later, each under
    /// the key of its name without the Maildir info (as in the replay).
    fn done_since(&mut self, since: DateTime<Utc>) -> anyhow::Result<Vec<DoneMail>> {
        let since = SystemTime::from(since);
        let folder = self.path.join("cur");
        let listing = std::fs::read_dir(&folder)
            .with_context(|| format!("cannot list {}", folder.display()))?;
        let mut out = Vec::new();
        for entry in listing {
            let entry = entry.with_context(|| format!("cannot list {}", folder.display()))?;
            let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
                continue;
            };
            if not_a_file(&meta).is_some() {
                continue;
            }
            let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            if modified < since {
                continue;
            }
            let name = entry.file_name();
            out.push(DoneMail {
                key: key_of(OsStr::from_bytes(base_name(&name))),
                received_at: DateTime::<Utc>::from(modified),
            });
        }
        Ok(out)
    }

    fn fetch(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>> {
        if let Some(since) = self.replay_since {
            return self.fetch_replay(since, limit);
        }
        let new = self.path.join("new");
        let listing =
            std::fs::read_dir(&new).with_context(|| format!("cannot list {}", new.display()))?;
        // Names and instants only: nothing is read before it is chosen.
        let mut candidates: Vec<(SystemTime, OsString)> = Vec::new();
        for entry in listing {
            let entry = entry.with_context(|| format!("cannot list {}", new.display()))?;
            let name = entry.file_name();
            if self.unmovable.contains(&name) || self.held.contains(&name) {
                continue;
            }
            let meta = match std::fs::symlink_metadata(entry.path()) {
                Ok(m) => m,
                // Gone since the listing.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => {
                    self.pass_over(&name, EntrySkip::Unreadable, &e.to_string());
                    continue;
                }
            };
            if let Some(why) = not_a_file(&meta) {
                self.pass_over(
                    &name,
                    why,
                    crate::words::operator::inbox::not_a_regular_file(),
                );
                continue;
            }
            candidates.push((meta.modified().unwrap_or(SystemTime::UNIX_EPOCH), name));
        }
        // Oldest first: by receipt instant, then by name (which starts with a timestamp).
        candidates.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| a.1.as_bytes().cmp(b.1.as_bytes()))
        });
        let mut out = Vec::new();
        let mut held = 0usize;
        for (_, name) in candidates {
            if out.len() >= limit || (held >= FETCH_BYTES && !out.is_empty()) {
                break;
            }
            if let Some(mail) = self.read_one(&name) {
                held += mail.bytes.len();
                out.push(mail);
            }
        }
        Ok(out)
    }

    fn hold(&mut self, key: &str) {
        if let Ok(name) = name_of_key(key) {
            self.held.insert(name);
        }
    }

    fn unhold_all(&mut self) {
        self.held.clear();
    }

    fn done(&mut self, key: &str) -> anyhow::Result<()> {
        let name = name_of_key(key)?;
        if self.replay_since.is_some() && !self.path.join("new").join(&name).exists() {
            // Replayed from cur/: marked done already.
            return Ok(());
        }
        // `X` and `X:2,` both become `X:2,S`: the second one seen takes
        // `X.1:2,S` (cur/ names are never looked up; keys come from new/).
        let cur = self.path.join("cur");
        let targets: Vec<PathBuf> = (0..COLLISIONS)
            .map(|k| cur.join(seen_name_nth(&name, k)))
            .collect();
        self.move_out(key, &targets, "cur/")
    }

    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        let q = self.path.join(QUARANTINE);
        for sub in ["", "cur", "new", "tmp"] {
            make_dir(&q.join(sub)).with_context(|| format!("cannot create {}", q.display()))?;
        }
        let name = name_of_key(key)?;
        self.move_out(
            key,
            &[q.join("new").join(&name)],
            crate::words::operator::inbox::quarantine_folder(),
        )
    }

    fn release(&mut self, key: &str) -> anyhow::Result<()> {
        let name = name_of_key(key)?;
        let q = self.path.join(QUARANTINE);
        // Where it was put, or where a mail client moved it after reading it.
        let mut found = [q.join("new").join(&name), q.join("cur").join(&name)]
            .into_iter()
            .find(|p| std::fs::symlink_metadata(p).is_ok());
        if found.is_none() {
            let base = base_name(&name);
            if let Ok(rd) = std::fs::read_dir(q.join("cur")) {
                found = rd.filter_map(Result::ok).map(|e| e.path()).find(|p| {
                    p.file_name().is_some_and(|n| {
                        let n = n.as_bytes();
                        n.len() > base.len() + 3
                            && n.starts_with(base)
                            && n[base.len()..].starts_with(b":2,")
                    })
                });
            }
        }
        let from = found.ok_or_else(|| anyhow!("{key} is not in {QUARANTINE}"))?;
        rename_no_replace(&from, &self.path.join("new").join(&name))
            .with_context(|| format!("cannot move {key} back to new/"))?;
        self.unmovable.remove(&name);
        self.reported.remove(&name);
        Ok(())
    }

    fn take_skipped(&mut self) -> Vec<Skipped> {
        std::mem::take(&mut self.skipped)
    }

    fn wait(&mut self, timeout: Duration, stop: &AtomicBool) -> anyhow::Result<()> {
        maildir_watch::wait(&mut self.watch, &self.path, timeout, stop);
        Ok(())
    }
}

/// Why an entry is not a regular file, from `lstat`/`fstat` data.
fn not_a_file(meta: &Metadata) -> Option<EntrySkip> {
    let t = meta.file_type();
    if t.is_file() {
        None
    } else if t.is_dir() {
        Some(EntrySkip::Directory)
    } else if t.is_symlink() {
        Some(EntrySkip::Symlink)
    } else if t.is_fifo() {
        Some(EntrySkip::Fifo)
    } else if t.is_socket() {
        Some(EntrySkip::Socket)
    } else {
        Some(EntrySkip::Device)
    }
}

/// Reads a file of (`fstat`) length `len`: whole when within `max`, else its
/// first [`HEAD_BYTES`]; never more than `max + 1` bytes even if it grows
/// meanwhile. Returns the bytes and the message size (at least what was read).
fn read_bounded(file: File, len: u64, max: u64) -> std::io::Result<(Vec<u8>, u64)> {
    let cap = if len <= max {
        max + 1
    } else {
        HEAD_BYTES as u64
    };
    let mut bytes = Vec::with_capacity(usize::try_from(len.min(cap)).unwrap_or(0));
    file.take(cap).read_to_end(&mut bytes)?;
    let size = len.max(bytes.len() as u64);
    if size > max {
        bytes.truncate(HEAD_BYTES);
    }
    Ok((bytes, size))
}

/// Creates a folder (and its parents) with mode 0700 if it is missing.
fn make_dir(path: &Path) -> std::io::Result<()> {
    DirBuilder::new().recursive(true).mode(0o700).create(path)?;
    if std::fs::metadata(path)?.is_dir() {
        Ok(())
    } else {
        Err(std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            "not a directory",
        ))
    }
}

/// The inbox key of a name in `new/`: `maildir/` and the escaped name.
#[must_use]
pub fn key_of(name: &OsStr) -> String {
    let mut out = String::from(PREFIX);
    for chunk in name.as_bytes().utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '%' || crate::printable::is_unsafe(c) {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    let _ = write!(out, "%{b:02X}");
                }
            } else {
                out.push(c);
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The file name in `new/` of an inbox key (the inverse of [`key_of`]).
///
/// # Errors
/// When the key is not a Maildir key, holds a bad escape, or names no plain file
/// (empty, `.`, `..`, or with a `/`).
pub fn name_of_key(key: &str) -> anyhow::Result<OsString> {
    let Some(escaped) = key.strip_prefix(PREFIX) else {
        bail!("{} is not a Maildir key", printable(key));
    };
    let mut bytes = Vec::with_capacity(escaped.len());
    let raw = escaped.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' {
            let hex = raw
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| anyhow!("bad escape in the Maildir key {}", printable(key)))?;
            bytes.push(hex);
            i += 3;
        } else {
            bytes.push(raw[i]);
            i += 1;
        }
    }
    if bytes.is_empty()
        || bytes == b"."
        || bytes == b".."
        || bytes.contains(&b'/')
        || bytes.contains(&0)
    {
        bail!("{} names no file of new/", printable(key));
    }
    Ok(OsString::from_vec(bytes))
}

/// The name up to its Maildir info (`:2,...`), if any.
fn base_name(name: &OsStr) -> &[u8] {
    let b = name.as_bytes();
    match find_info(b) {
        Some(at) => &b[..at],
        None => b,
    }
}

/// Where the last `:2,` of a name starts.
fn find_info(b: &[u8]) -> Option<usize> {
    b.windows(3).rposition(|w| w == b":2,")
}

/// The name of a message once seen: `X` → `X:2,S`, `X:2,FR` → `X:2,FRS`
/// (flags kept in ASCII order, as the Maildir specification asks), `X:2,S`
/// unchanged.
#[must_use]
pub fn seen_name(name: &OsStr) -> OsString {
    seen_name_nth(name, 0)
}

/// [`seen_name`] for `n == 0`; else with `.<n>` added to the unique part
/// (`X.1:2,S`), for a name already taken in `cur/`.
fn seen_name_nth(name: &OsStr, n: u32) -> OsString {
    let b = name.as_bytes();
    let (base, flags) = match find_info(b) {
        Some(at) => (&b[..at], &b[at + 3..]),
        None => (b, &b""[..]),
    };
    let mut flags = flags.to_vec();
    flags.push(b'S');
    flags.sort_unstable();
    flags.dedup();
    let mut out = Vec::with_capacity(b.len() + 16);
    out.extend_from_slice(base);
    if n > 0 {
        out.extend_from_slice(format!(".{n}").as_bytes());
    }
    out.extend_from_slice(b":2,");
    out.extend_from_slice(&flags);
    OsString::from_vec(out)
}

/// Renames `from` to `to`, failing with `AlreadyExists` rather than replacing
/// an existing `to`: `renameat2(RENAME_NOREPLACE)`, or a hard link and an unlink
/// where the file system lacks it.
fn rename_no_replace(from: &Path, to: &Path) -> std::io::Result<()> {
    use std::ffi::CString;
    let c = |p: &Path| {
        CString::new(p.as_os_str().as_bytes())
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidInput, "NUL in a path"))
    };
    let (f, t) = (c(from)?, c(to)?);
    // SAFETY: both are valid NUL-terminated paths; renameat2 only reads them.
    let rc = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            f.as_ptr(),
            libc::AT_FDCWD,
            t.as_ptr(),
            libc::RENAME_NOREPLACE,
        )
    };
    if rc == 0 {
        return Ok(());
    }
    let e = std::io::Error::last_os_error();
    if !matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) {
        return Err(e);
    }
    // No RENAME_NOREPLACE here: link (which never replaces), then unlink. A crash
    // between the two leaves the message in both places; its record makes the
    // second sight a no-op.
    std::fs::hard_link(from, to)?;
    std::fs::remove_file(from)
}

#[cfg(test)]
mod tests;
