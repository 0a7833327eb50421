//! Console lines of `zaochka backup` and `zaochka restore` (paths as
//! displayed, sizes in bytes).

use std::fmt::Display;

use crate::store::server_files::{BackupTargetRefusal, ServerFile};
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// A backup written to `path`, `bytes` long, its integrity checked.
#[must_use]
pub fn written(path: impl Display, bytes: impl Display) -> String {
    format!("backup written to {path} ({bytes} bytes, integrity checked)")
}

/// A restore finds no command journal at `path`.
#[must_use]
pub fn no_journal(path: impl Display) -> String {
    format!(
        "zaochka: no command journal at {path}: shell commands typed after the backup cannot be \
         replayed (if the journal was removed with the database, put it back from your copy \
         and run this restore again; if no command was typed at the shell, nothing is lost)"
    )
}

/// `restore --no-replay`: the backup `file` restored into `database` as it
/// stands, at schema `schema`.
#[must_use]
pub fn restored_as_it_stands(
    file: impl Display,
    database: impl Display,
    schema: impl Display,
) -> String {
    format!(
        "{file} restored into {database} as it stands (schema {schema}); neither the mailbox nor the shell \
         commands were replayed."
    )
}

/// What a restore replayed after the backup.
#[derive(Debug, Clone, Copy)]
pub struct Replayed {
    /// Mails of the inbox looked at.
    pub seen: usize,
    /// Mails processed again.
    pub processed: usize,
    /// Shell commands of the journal applied again.
    pub applied: usize,
    /// Shell commands that changed nothing.
    pub refused: usize,
}

/// The backup `file` restored into `database`, the mailbox and the
/// `journal`'s shell commands replayed.
#[must_use]
pub fn restored_and_replayed(
    file: impl Display,
    database: impl Display,
    journal: impl Display,
    r: Replayed,
) -> String {
    format!(
        "{file} restored into {database}; mailbox replayed: {} mails looked at, {} processed again; \
         shell commands of {journal} replayed: {} applied, {} changed nothing (see above). \
         Start the daemon: it sends the replies.",
        r.seen, r.processed, r.applied, r.refused
    )
}

/// A restore refused: the server key `live` beside the database is not the
/// key `beside` the backup `backup`.
#[must_use]
pub fn key_differs(beside: impl Display, live: impl Display, backup: impl Display) -> String {
    format!(
        "the server key {live} is not the key {beside} of the backup {backup}: the receipts of the \
         backup's games were signed with the backup's key, and the receipts given since with \
         {live}. Nothing was changed. To put the backup's key in place (the present one is kept \
         beside it as {live}.replaced-<instant>), run the restore again with --replace-key"
    )
}

/// A backup's server key written beside it at `path`.
#[must_use]
pub fn key_written(path: impl Display) -> String {
    format!("server key copied to {path} (mode 0600): keep it with the backup, as secret as it")
}

/// What a restore did with the server key: put back at `path`, found the
/// same, replaced (the old one kept at `kept`), or none beside the backup.
#[must_use]
pub fn key_put_back(path: impl Display) -> String {
    format!("server key of the backup put back at {path}: receipts given before still verify")
}

/// The server key beside the database is the backup's already.
#[must_use]
pub fn key_same(path: impl Display) -> String {
    format!("server key {path} is the backup's: kept")
}

/// The backup's key replaced a different key, kept at `kept`.
#[must_use]
pub fn key_replaced(path: impl Display, kept: impl Display) -> String {
    format!("server key of the backup put at {path}; the key that stood there is kept as {kept}")
}

/// The backup has no server key beside it (`beside` names where it would be).
#[must_use]
pub fn key_none_beside(beside: impl Display) -> String {
    format!(
        "zaochka: no server key beside the backup ({beside}): the key beside the database, if \
         any, stays; without one a new key is made at the first receipt, and receipts given \
         before do not verify against it (put the old key back from your copy first)"
    )
}

/// `zaochka backup` refused the destination `target` before writing
/// anything ([`BackupTargetRefusal`]): which file of the server it or its
/// key copy `key` would overwrite (`path`), and a destination to use
/// instead (`suggestion`), in `lang` (the console's: `$LANG`).
#[must_use]
pub fn target_refused(
    refusal: BackupTargetRefusal,
    target: impl Display,
    key: impl Display,
    path: impl Display,
    suggestion: impl Display,
    lang: Language,
) -> String {
    let what = |file: ServerFile| {
        Message::new("backup-server-file")
            .arg("file", file.key())
            .render(lang)
    };
    let path = path.to_string();
    match refusal {
        BackupTargetRefusal::IsServerFile(file) => Message::new("backup-refused-server-file")
            .arg("target", target.to_string())
            .arg("what", what(file))
            .arg("path", path)
            .arg("suggestion", suggestion.to_string()),
        BackupTargetRefusal::KeyCopyIsServerFile(file) => Message::new("backup-refused-key-copy")
            .arg("key", key.to_string())
            .arg("what", what(file))
            .arg("path", path)
            .arg("suggestion", suggestion.to_string()),
        BackupTargetRefusal::KeyCopyIsBackup => Message::new("backup-refused-key-copy-is-backup")
            .arg("target", target.to_string())
            .arg("suggestion", suggestion.to_string()),
        BackupTargetRefusal::InMailFolder => Message::new("backup-refused-mail-folder")
            .arg("target", target.to_string())
            .arg("path", path)
            .arg("suggestion", suggestion.to_string()),
    }
    .render(lang)
}
