//! The site writer's texts for the operator: the manifest's header and why
//! a path or a game is refused (paths as displayed).

use std::fmt::Display;

/// The first line of the site's manifest (the list of the files the writer
/// wrote, the only ones it ever removes), with its line end.
#[must_use]
pub fn manifest_header() -> &'static str {
    "# written by zaochka's site writer: only these files are ever removed\n"
}

/// Why the site writer will not use a folder or a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The manifest is not a regular file.
    NotARegularFile,
    /// A folder of the site is a symbolic link or no folder.
    LinkOrNotAFolder,
    /// A folder of the site belongs to another user.
    OwnedByAnotherUser,
}

/// A folder or file at `path` refused, and why.
#[must_use]
pub fn refused(path: impl Display, why: Refusal) -> String {
    let why = match why {
        Refusal::NotARegularFile => "not a regular file",
        Refusal::LinkOrNotAFolder => "a link or not a folder",
        Refusal::OwnedByAnotherUser => "owned by another user",
    };
    format!("{path}: {why}: refused (the site writer follows no link)")
}

/// A file name `rel` that is not a plain relative path inside the site.
#[must_use]
pub fn not_a_plain_path(rel: &str) -> String {
    format!("{rel:?} is not a plain path inside the site")
}

/// The start position of game `game` cannot be set up, and why.
#[must_use]
pub fn bad_start_position(game: impl Display, why: impl Display) -> String {
    format!("game {game}: start position: {why}")
}
