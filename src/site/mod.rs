//! The tournament site: static pages of a tournament, written
//! into a directory that any web server (or a browser from disk) can show; no
//! server code, no scripts.
//!
//! ```text
//! index.html              the tournament: crosstable (a table and the text), every game by round
//! style.css               the one stylesheet of every page
//! crosstable.csv          the crosstable as CSV (see `exports`)
//! games.pdn               every game's record in one file (`games.pgn` for chess)
//! games/<id>.html         a game: players, result, how it ended, ballot, the final
//!                         position, the score with one link per ply
//! games/<id>.pdn          its record to download (`.pgn` for chess)
//! games/<id>/<ply>.html   the board after that ply (0 = the start position), inline SVG
//! ```
//!
//! The input is plain data ([`Site`]) that the caller reads from the store; this
//! module only replays each game's moves to draw its positions
//! ([`crate::diagram::svg::render`], seen from White, last move marked, with
//! `Options { lang, ..Options::default() }`). Words come from
//! [`crate::words::site`]; every text from the caller is escaped.
//!
//! Writing is idempotent: every file is written to a temporary file beside it and
//! renamed over the old one, so a web server never serves half a page, and the
//! site's own files that this publication no longer has (the ply pages of moves
//! taken back) are removed. The writer follows no link and removes only files
//! its manifest (`.zaochka-manifest`) lists; files and folders get the
//! [`SiteMode`] (0644/0755 by default) whatever the umask: see `files`.

pub mod exports;
mod files;
pub use files::SiteMode;
mod game;
mod index;
mod layout;
mod ply;
mod publication;
pub use publication::{Publication, publication};
mod score;

use std::io;
use std::path::{Path, PathBuf};

use crate::rules::Variant;
use crate::vocabulary::Language;

/// A tournament as its site shows it: plain data, escaped and laid out here.
#[derive(Clone, Copy, Debug)]
pub struct Site<'a> {
    /// The tournament's name (the title of every page).
    pub name: &'a str,
    /// The game every game of the tournament is played in.
    pub variant: Variant,
    /// The language of the pages' own words.
    pub lang: Language,
    /// The crosstable as monospace text (shown as it is, in `<pre>`).
    pub crosstable_text: &'a str,
    /// The crosstable as rows, shown as an HTML table.
    pub crosstable: &'a SiteTable,
    /// The games, in the order the list of their round shows them.
    pub games: &'a [SiteGame],
    /// The crosstable as CSV ([`exports::crosstable_csv`]), written as
    /// `crosstable.csv` and linked from the front page; empty: none.
    pub crosstable_csv: &'a str,
}

/// The crosstable as an HTML table: a header row and one row per player, all
/// cells already worded by the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteTable {
    /// The header of every column, in the order of a row: number, name, the
    /// cells, points, place, the tie-breaks.
    pub headers: Vec<String>,
    /// The players' rows, in the order shown (by number or by place).
    pub rows: Vec<SiteRow>,
    /// The line under the table with the average entry rating and the
    /// category, worded; `None` when nobody is rated.
    pub average: Option<String>,
}

/// One player's row of the crosstable.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteRow {
    /// The personal number.
    pub number: u32,
    /// The player's name.
    pub name: String,
    /// The entry rating as the table prints it (`2434`, `—` unrated);
    /// `None` when the table has no rating column (nobody is rated).
    pub rating: Option<String>,
    /// The cells against each opponent, in number order (`1`, `½`, `0`, `×`
    /// on the diagonal, empty for a game not finished).
    pub cells: Vec<String>,
    /// The points (`3½`).
    pub points: String,
    /// The place (`1`, `2-3`).
    pub place: String,
    /// The tie-break values, in the order of the headers.
    pub tie_breaks: Vec<String>,
}

/// One game of the tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteGame {
    /// The game's number in the store (names its pages: `games/<id>.html`).
    pub id: i64,
    /// The pairing as the tournament names it: `3-7` (personal numbers).
    pub label: String,
    /// The round.
    pub round: u32,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result as text (`1-0`, `1/2-1/2`), `None` while the game is played.
    pub result: Option<String>,
    /// The start position as FEN, `None` for the initial position.
    pub start_fen: Option<String>,
    /// The plies as stored: full notation (`c3-d4`, `c7:e5:c3`, chess as stored).
    pub moves: Vec<String>,
    /// The game's record to download (PDN, or PGN for chess).
    pub pdn: String,
    /// The opening drawn by ballot, as text, if any.
    pub ballot: Option<String>,
    /// How the game ended (its result and termination), once finished: the
    /// list of games marks forfeits, time losses and adjudications by it,
    /// and the game's page says it in words.
    pub ending: Option<(crate::rules::GameResult, crate::rules::Termination)>,
}

/// What one publication did to the directory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Every file written (overwritten if it was there), index.html last.
    pub files: Vec<PathBuf>,
    /// Files of an earlier publication that this one no longer has (ply pages
    /// past the end of a game taken back, games no longer listed), removed.
    pub removed: Vec<PathBuf>,
}

/// Writes the site of a tournament into `dir` (created if needed) with the
/// default [`SiteMode`]: see [`write_with`].
///
/// # Errors
/// As [`write_with`].
pub fn write(dir: &Path, site: &Site<'_>) -> io::Result<Written> {
    write_with(dir, site, SiteMode::default())
}

/// Writes the site of a tournament into `dir` (created if needed), files and
/// folders with `mode`: see the module documentation for the files.
///
/// # Errors
/// Any I/O error creating, writing, renaming or removing a file;
/// [`io::ErrorKind::PermissionDenied`] when `dir` or a folder in it is a
/// symbolic link, not a folder, or not the writing user's (nothing is written
/// through it); and [`io::ErrorKind::InvalidData`] when a game's moves cannot
/// be replayed from its start position (the error names the game and the
/// ply). Files written before the error stay, each one whole.
pub fn write_with(dir: &Path, site: &Site<'_>, mode: SiteMode) -> io::Result<Written> {
    let mut out = files::Writer::new(dir, mode)?;
    out.put("style.css", layout::STYLE)?;
    for g in site.games {
        write_game(&mut out, site, g)?;
    }
    if !site.games.is_empty() {
        out.put(&event_record_file(site.variant), &event_record(site))?;
    }
    if !site.crosstable_csv.is_empty() {
        out.put(CSV_FILE, site.crosstable_csv)?;
    }
    out.put("index.html", &index::page(site))?;
    out.prune()?;
    Ok(out.finish())
}

/// The file the server's public key is published in, from the site's root.
pub const PUBLIC_KEY_FILE: &str = "zaochka-public.pem";

/// Writes the server's public key (`pem`: a PEM `PUBLIC KEY` block), which
/// signs the move receipts the records carry, into `dir` as
/// [`PUBLIC_KEY_FILE`] (mode 0644), beside the site's own files; the site
/// writer neither lists nor removes it.
///
/// # Errors
/// Any I/O error writing it.
pub fn write_public_key(dir: &Path, pem: &str) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    let path = dir.join(PUBLIC_KEY_FILE);
    if std::fs::read_to_string(&path).is_ok_and(|t| t == pem) {
        return Ok(());
    }
    let temp = dir.join(format!(".{PUBLIC_KEY_FILE}.new"));
    std::fs::write(&temp, pem)?;
    std::fs::set_permissions(&temp, std::fs::Permissions::from_mode(0o644))?;
    std::fs::rename(&temp, &path)
}

/// Writes a player's calendar `text` to `<root>/calendars/<name>.ics`
/// (one rename replaces the file; the folder is made with `mode`'s folder
/// bits and, like the tournament sites, followed through no link).
///
/// # Errors
/// Any I/O error writing it.
pub fn write_calendar(root: &Path, name: &str, text: &str, mode: SiteMode) -> io::Result<()> {
    let mut out = files::Writer::new(&root.join("calendars"), mode)?;
    out.put(&format!("{name}.ics"), text)
}

/// Removes the calendar published as `calendars/<name>.ics` under `root`
/// (a retired player's); returns whether there was one.
///
/// # Errors
/// Any I/O error but the file's absence.
pub fn remove_calendar(root: &Path, name: &str) -> io::Result<bool> {
    match std::fs::remove_file(root.join("calendars").join(format!("{name}.ics"))) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// One game's files: its record, the page of every position, its own page.
fn write_game(out: &mut files::Writer, site: &Site<'_>, g: &SiteGame) -> io::Result<()> {
    let steps = ply::replay(site.variant, g, site.lang)?;
    out.put(&record_file(site.variant, g.id), &g.pdn)?;
    for k in 0..steps.len() {
        out.put(&ply_file(g.id, k), &ply::page(site, g, &steps, k))?;
    }
    out.put(&game_file(g.id), &game::page(site, g, &steps))
}

/// The crosstable as CSV, from the site's root.
const CSV_FILE: &str = "crosstable.csv";

/// The whole event's record, from the site's root: `games.pdn` (`games.pgn`
/// for chess).
fn event_record_file(variant: Variant) -> String {
    format!("games.{}", record_extension(variant))
}

/// Every game's record in the list's order, one after another, separated by
/// a blank line (a PDN or PGN file of several games).
fn event_record(site: &Site<'_>) -> String {
    let mut out = String::new();
    for g in site.games {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(g.pdn.trim_end());
        out.push('\n');
    }
    out
}

/// A game's page, from the site's root: `games/3.html`.
fn game_file(id: i64) -> String {
    format!("games/{id}.html")
}

/// A position's page, from the site's root: `games/3/12.html`.
fn ply_file(id: i64, ply: usize) -> String {
    format!("games/{id}/{ply}.html")
}

/// A game's record, from the site's root: `games/3.pdn`, `games/3.pgn` for chess.
fn record_file(variant: Variant, id: i64) -> String {
    format!("games/{id}.{}", record_extension(variant))
}

/// The extension of a game record: `pgn` for chess, `pdn` for the others.
fn record_extension(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "pgn",
        Variant::Russian | Variant::International | Variant::Bashni | Variant::Lasca => "pdn",
    }
}
