//! Console lines of `zaochka backup` and `zaochka restore` (paths as
//! displayed, sizes in bytes).

use std::fmt::Display;

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
