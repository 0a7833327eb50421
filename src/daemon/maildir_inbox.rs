//! The Maildir inbox: new mail in `new/`; a processed message is moved to `cur/`
//! with the seen flag.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};

use super::inbox::{Inbox, RawMail};

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

    fn wait(&mut self, timeout: Duration) -> anyhow::Result<()> {
        std::thread::sleep(timeout);
        Ok(())
    }
}
