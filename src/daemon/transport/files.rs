//! The file outbox: `.eml` files in a folder, one per message, named after its
//! Message-ID (the embedded default, and what the tests read).
//!
//! Written the way a mail queue writes: each message goes to a temporary
//! `.<name>.tmp` beside its final name (mode 0600), is synced, and is renamed to
//! `<Message-ID>.eml`, then the folder is synced. A kill leaves no empty or
//! partial `.eml`, and a re-send of the same outbox row after a crash replaces
//! the same file: each reply exists exactly once.

use std::fs::{DirBuilder, File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use anyhow::Context;
use lettre::Message;
use tracing::warn;

use super::{ReplyTransport, SendError};
use crate::printable::printable;

/// A folder of `.eml` files as the outbox.
pub struct FileOutbox(PathBuf);

impl FileOutbox {
    /// The folder as the outbox: created (mode 0700) if missing, and cleared of
    /// the temporaries a killed daemon left.
    ///
    /// # Errors
    /// When the folder cannot be created.
    pub fn open(path: &Path) -> anyhow::Result<FileOutbox> {
        DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        remove_stale_temporaries(path);
        Ok(FileOutbox(path.to_path_buf()))
    }
}

impl ReplyTransport for FileOutbox {
    fn send(&self, message: &Message) -> Result<(), SendError> {
        let dir = &self.0;
        write_eml(dir, message).map_err(|e| {
            SendError::Transient(crate::words::operator::daemon::cannot_write_into(
                &dir.display().to_string(),
                e,
            ))
        })
    }
}

/// The file name of a message in the file outbox: its Message-ID without the
/// angle brackets, with every byte outside `[A-Za-z0-9._@+=-]` written as
/// `%XX` (so two ids never share a name), a leading `.` escaped too, and
/// `.eml` appended. An id too long for a file name keeps its first 160
/// characters and gains a 64-bit FNV-1a hash of the whole id. A message without
/// a Message-ID is named after the instant and the pid.
#[must_use]
pub fn eml_name(message_id: Option<&str>) -> String {
    let Some(id) = message_id
        .map(|m| m.trim().trim_start_matches('<').trim_end_matches('>'))
        .filter(|m| !m.is_empty())
    else {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        return format!(
            "no-id-{}.{:09}-{}.eml",
            now.as_secs(),
            now.subsec_nanos(),
            std::process::id()
        );
    };
    let mut name = String::with_capacity(id.len() + 4);
    for (i, b) in id.bytes().enumerate() {
        if b.is_ascii_alphanumeric()
            || matches!(b, b'_' | b'@' | b'+' | b'=' | b'-')
            || (b == b'.' && i > 0)
        {
            name.push(char::from(b));
        } else {
            name.push_str(&format!("%{b:02X}"));
        }
    }
    if name.len() > 200 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in id.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        let mut cut = 160;
        while !name.is_char_boundary(cut) {
            cut -= 1;
        }
        name = format!("{}-{h:016x}", &name[..cut]);
    }
    name.push_str(".eml");
    name
}

/// Creates `path` empty, mode 0600, failing if anything is there (a link
/// planted at the name included): the temporary file of a write that is
/// renamed into place.
///
/// # Errors
/// Whatever `open(2)` answers, `EEXIST` for anything at the name.
pub(crate) fn create_private(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)
}

/// Writes one message into the file outbox atomically (temporary file, fsync,
/// rename, fsync of the folder).
fn write_eml(dir: &Path, message: &Message) -> std::io::Result<()> {
    let name = eml_name(message.headers().get_raw("Message-ID"));
    let tmp = dir.join(format!(".{name}.tmp"));
    match std::fs::remove_file(&tmp) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let mut file = create_private(&tmp)?;
    let written = file
        .write_all(&message.formatted())
        .and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, dir.join(&name))) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    File::open(dir)?.sync_all()
}

/// Removes the `.*.tmp` files a killed daemon left in the file outbox (only
/// `serve`, which holds the database lock, writes there).
fn remove_stale_temporaries(dir: &Path) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in rd.filter_map(Result::ok) {
        let name = entry.file_name();
        let n = name.as_encoded_bytes();
        if n.starts_with(b".")
            && n.ends_with(b".eml.tmp")
            && let Err(e) = std::fs::remove_file(entry.path())
        {
            warn!(file = %printable(&entry.path().display().to_string()), error = %e, "cannot remove a stale temporary reply file");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eml_names_are_safe_distinct_and_stable() {
        assert_eq!(
            eml_name(Some("<r1.g1@example.test>")),
            "r1.g1@example.test.eml"
        );
        assert_eq!(eml_name(Some("<a/b>")), "a%2Fb.eml");
        assert_ne!(eml_name(Some("<a/b>")), eml_name(Some("<a%2Fb>")));
        assert_eq!(eml_name(Some("<../x>")), "%2E.%2Fx.eml");
        let long = format!("<{}@x>", "é".repeat(300));
        let n = eml_name(Some(&long));
        assert!(n.len() < 255 && n.ends_with(".eml"), "{n}");
        assert_eq!(n, eml_name(Some(&long)));
        assert!(eml_name(None).starts_with("no-id-"));
    }

    #[test]
    fn a_message_is_written_once_private_and_whole() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("outbox");
        std::fs::write(dir.path().join("placeholder"), b"").unwrap();
        let t = FileOutbox::open(&out).unwrap();
        std::fs::write(out.join(".stale.eml.tmp"), b"half").unwrap();
        let t2 = FileOutbox::open(&out).unwrap();
        assert!(
            !out.join(".stale.eml.tmp").exists(),
            "stale temporaries are removed"
        );
        let m = Message::builder()
            .from("bot@example.test".parse().unwrap())
            .to("alice@example.test".parse().unwrap())
            .subject("x")
            .header(lettre::message::header::MessageId::from(
                "<id1@example.test>".to_string(),
            ))
            .body("hello".to_string())
            .unwrap();
        t.send(&m).unwrap();
        t2.send(&m).unwrap();
        let names: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, vec!["id1@example.test.eml".to_string()]);
        let meta = std::fs::metadata(out.join("id1@example.test.eml")).unwrap();
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        assert_eq!(
            std::fs::metadata(&out).unwrap().permissions().mode() & 0o777,
            0o700
        );
        assert_eq!(
            std::fs::read(out.join("id1@example.test.eml")).unwrap(),
            m.formatted()
        );
    }
}
