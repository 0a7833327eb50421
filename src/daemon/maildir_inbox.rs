//! The Maildir inbox: new mail in `new/`; a processed message is moved to `cur/`
//! with the seen flag.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};

use super::inbox::{Inbox, RawMail, Skipped};

/// A Maildir folder read as an inbox.
pub struct MaildirInbox {
    dir: maildir::Maildir,
    path: PathBuf,
}

impl MaildirInbox {
    /// Opens (and creates if missing) a Maildir folder.
    ///
    /// # Errors
    /// When the folders cannot be created.
    pub fn open(path: PathBuf) -> anyhow::Result<MaildirInbox> {
        let dir = maildir::Maildir::from(path.clone());
        dir.create_dirs()
            .with_context(|| format!("cannot create the Maildir {}", path.display()))?;
        Ok(MaildirInbox { dir, path })
    }
}

impl Inbox for MaildirInbox {
    fn fetch(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>> {
        let mut out = Vec::new();
        for entry in self.dir.list_new() {
            let entry = entry.with_context(|| format!("cannot list {}", self.path.display()))?;
            let path = entry.path().clone();
            let received_at: DateTime<Utc> = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .map_or_else(|_| Utc::now(), DateTime::from);
            let bytes =
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            out.push(RawMail {
                key: format!("maildir/{}", entry.id()),
                size: bytes.len() as u64,
                bytes,
                received_at,
            });
        }
        // Oldest first: by receipt instant, then by name (which starts with a timestamp).
        out.sort_by(|a, b| {
            a.received_at
                .cmp(&b.received_at)
                .then_with(|| a.key.cmp(&b.key))
        });
        out.truncate(limit);
        Ok(out)
    }

    fn done(&mut self, key: &str) -> anyhow::Result<()> {
        let id = key.strip_prefix("maildir/").unwrap_or(key);
        self.dir
            .move_new_to_cur_with_flags(id, "S")
            .with_context(|| format!("cannot move {id} to cur/"))
    }

    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        let id = key.strip_prefix("maildir/").unwrap_or(key);
        let q = maildir::Maildir::from(self.path.join(".quarantine"));
        q.create_dirs()?;
        let from = self.path.join("new").join(id);
        std::fs::rename(&from, q.path().join("cur").join(id))
            .with_context(|| format!("cannot move {id} to .quarantine"))
    }

    fn release(&mut self, key: &str) -> anyhow::Result<()> {
        let id = key.strip_prefix("maildir/").unwrap_or(key);
        let from = self.path.join(".quarantine/cur").join(id);
        std::fs::rename(&from, self.path.join("new").join(id))
            .with_context(|| format!("{id} is not in .quarantine"))
    }

    fn take_skipped(&mut self) -> Vec<Skipped> {
        Vec::new()
    }

    fn wait(&mut self, timeout: Duration) -> anyhow::Result<()> {
        std::thread::sleep(timeout);
        Ok(())
    }
}
