//! The files a server keeps beside its database file, by role, and why a
//! backup destination that would be written over one of them is refused
//! (`zaochka backup FILE`, the daemon's scheduled backups). The paths
//! themselves are made where each file is used (`daemon::backup`,
//! `daemon::journal`, `daemon::lock`, [`super::server_key`]).

use std::fmt;

/// A file the running server needs, by its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServerFile {
    /// The live database file.
    Database,
    /// SQLite's write-ahead log of the database (`<database>-wal`).
    WriteAheadLog,
    /// SQLite's shared-memory index of that log (`<database>-shm`).
    SharedMemory,
    /// SQLite's rollback journal of the database (`<database>-journal`).
    RollbackJournal,
    /// The server's signing key (the database's name with the extension
    /// `key`).
    ServerKey,
    /// The journal of the shell commands (`<database>.commands`).
    CommandJournal,
    /// The marker of a replay not finished yet (`<database>.replay`).
    ReplayMarker,
    /// The record of a deliberate return to an older copy
    /// (`<database>.went-back`).
    WentBack,
    /// The lock of the running daemon (`<database>.serve.lock`).
    ServeLock,
    /// The configuration file the command was given.
    Configuration,
}

impl ServerFile {
    /// Every role, the database first.
    pub const ALL: [ServerFile; 10] = [
        ServerFile::Database,
        ServerFile::WriteAheadLog,
        ServerFile::SharedMemory,
        ServerFile::RollbackJournal,
        ServerFile::ServerKey,
        ServerFile::CommandJournal,
        ServerFile::ReplayMarker,
        ServerFile::WentBack,
        ServerFile::ServeLock,
        ServerFile::Configuration,
    ];

    /// A short key for logs, JSON and the words' selectors.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            ServerFile::Database => "database",
            ServerFile::WriteAheadLog => "wal",
            ServerFile::SharedMemory => "shm",
            ServerFile::RollbackJournal => "journal",
            ServerFile::ServerKey => "key",
            ServerFile::CommandJournal => "commands",
            ServerFile::ReplayMarker => "replay",
            ServerFile::WentBack => "went-back",
            ServerFile::ServeLock => "lock",
            ServerFile::Configuration => "config",
        }
    }
}

impl fmt::Display for ServerFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Why a backup destination is refused, before anything is written: the
/// backup is renamed over its destination, and the server key is copied
/// beside it under the destination's name with the extension `key`, so
/// either write would destroy the file named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BackupTargetRefusal {
    /// The destination is this file of the server (the same file, whatever
    /// the path: `./`, `..`, a symbolic link, a hard link).
    #[error("backup destination refused: it is the server's file ({0})")]
    IsServerFile(ServerFile),
    /// The key copy beside the destination would be this file of the
    /// server.
    #[error("backup destination refused: its key copy would be the server's file ({0})")]
    KeyCopyIsServerFile(ServerFile),
    /// The key copy would be the destination itself (a name whose
    /// extension is `key` already).
    #[error("backup destination refused: its key copy would overwrite the backup")]
    KeyCopyIsBackup,
    /// The destination lies in a folder that holds mail (the Maildir inbox
    /// or the file outbox): the daemon would read the copy, with every
    /// token and the server key beside it, as mail.
    #[error("backup destination refused: it is in a mail folder")]
    InMailFolder,
}
