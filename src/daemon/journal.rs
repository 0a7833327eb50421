//! The journal of shell commands, `<database>.commands`: its one file format,
//! its two writers (the command line, after each command that changed the
//! database; the Xfcc endpoint, after each act that changed a game, a line
//! with [`XfccAct`]) and its one reader (`zaochka restore`, which replays the lines a
//! restored copy lacks, and `serve`, which refuses a database that lacks
//! lines it once held, see [`super::backup::gone_back`]).
//!
//! The file is beside the database and not in it, so that it survives going
//! back to an older copy; it is created with mode 0600 and only appended to,
//! one JSON object a line ([`Line`]). Each line's `mark` was written into the
//! database by the command's own transaction (`store::shell_commands`), so a
//! copy of the database holds the mark of every line up to where the journal
//! stood when the copy was taken.

use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use anyhow::Context;
use chrono::{DateTime, Utc};

use crate::referee::xfcc::MoveRequest;
use crate::store::shell_commands::{self, CommandMark};
use crate::store::{self, Store, StoreError};
use crate::vocabulary::PlayerId;

/// One line of the journal.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Line {
    /// The instant the command acted at (UTC, RFC 3339).
    pub at: String,
    /// The arguments as given, the program's name first (paths made
    /// absolute, secrets redacted by the command line).
    pub argv: Vec<String>,
    /// The operating-system user's name: `USER`, else `LOGNAME`, else the
    /// password database's name of `uid`, else `uid` in decimal.
    pub user: String,
    /// The operating-system user id.
    pub uid: u32,
    /// The command's mark, also written into the database by its transaction.
    pub mark: String,
    /// An act a player made through the Xfcc endpoint (`MakeAMove`), when
    /// the line is one: replayed through the same referee intake, not as a
    /// command line (`argv` then only shows it). Absent for shell commands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xfcc: Option<XfccAct>,
}

/// One `MakeAMove` (or `MakeAMove2`) applied through the Xfcc endpoint, as
/// the journal keeps it: who, which game, and the request's fields as sent
/// (the move as written, `movecount` its full-move number). Replayed at the
/// line's instant, it has the outcome, clock charge and receipt time of the
/// first time.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct XfccAct {
    /// The player's id (`players.id`).
    pub player: i64,
    /// The game's number.
    pub game: i64,
    /// The move number of `move` (its full-move number, Black's as well).
    pub movecount: u32,
    /// The move as written (SAN for chess, PDN for draughts); empty for an
    /// action alone.
    #[serde(rename = "move", default, skip_serializing_if = "String::is_empty")]
    pub my_move: String,
    /// The game was resigned.
    #[serde(default, skip_serializing_if = "is_false")]
    pub resign: bool,
    /// The opponent's draw offer was accepted.
    #[serde(default, skip_serializing_if = "is_false")]
    pub accept_draw: bool,
    /// A draw was offered.
    #[serde(default, skip_serializing_if = "is_false")]
    pub offer_draw: bool,
    /// A draw was claimed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub claim_draw: bool,
    /// The mover's message (a claim's analysis).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(b: &bool) -> bool {
    !*b
}

impl XfccAct {
    /// The act of `player` asking `request`.
    #[must_use]
    pub fn of(player: PlayerId, request: &MoveRequest) -> XfccAct {
        XfccAct {
            player: player.0,
            game: request.game,
            movecount: request.movecount,
            my_move: request.my_move.clone(),
            resign: request.resign,
            accept_draw: request.accept_draw,
            offer_draw: request.offer_draw,
            claim_draw: request.claim_draw,
            message: request.message.clone(),
        }
    }

    /// The player and the request again.
    #[must_use]
    pub fn request(&self) -> (PlayerId, MoveRequest) {
        (
            PlayerId(self.player),
            MoveRequest {
                game: self.game,
                resign: self.resign,
                accept_draw: self.accept_draw,
                movecount: self.movecount,
                my_move: self.my_move.clone(),
                offer_draw: self.offer_draw,
                claim_draw: self.claim_draw,
                message: self.message.clone(),
            },
        )
    }

    /// The act as the journal's `argv` shows it: `xfcc MakeAMove`, the
    /// player's id, the game, `movecount`, the move, then the flags set.
    #[must_use]
    pub fn shown(&self) -> Vec<String> {
        let mut out = vec![
            "xfcc".to_string(),
            "MakeAMove".to_string(),
            format!("--player={}", self.player),
            format!("--game={}", self.game),
            format!("--movecount={}", self.movecount),
        ];
        if !self.my_move.is_empty() {
            out.push(format!("--move={}", self.my_move));
        }
        for (set, name) in [
            (self.resign, "--resign"),
            (self.accept_draw, "--accept-draw"),
            (self.offer_draw, "--offer-draw"),
            (self.claim_draw, "--claim-draw"),
        ] {
            if set {
                out.push(name.to_string());
            }
        }
        out
    }
}

/// A fresh mark for a command or an act at `at` (UTC): the instant and 8
/// random bytes in hex.
///
/// # Errors
/// When the system gives no randomness.
pub fn new_mark(at: DateTime<Utc>) -> anyhow::Result<CommandMark> {
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let hex: String = random.iter().map(|b| format!("{b:02x}")).collect();
    Ok(CommandMark::new(
        format!("{}-{hex}", at.format("%Y%m%dT%H%M%S%.3fZ")),
        at,
    ))
}

/// A line as read back, with where it starts in the file.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The byte offset of the line's start in the journal.
    pub offset: u64,
    /// The line's instant (UTC).
    pub at: DateTime<Utc>,
    /// The line.
    pub line: Line,
}

/// The journal of the database at `database`: `<database>.commands`.
#[must_use]
pub fn path_of(database: &Path) -> PathBuf {
    let mut s = database.as_os_str().to_os_string();
    s.push(".commands");
    PathBuf::from(s)
}

/// The name of the operating-system user `uid` in the password database
/// (`getpwuid_r`), if it has one.
fn password_name(uid: u32) -> Option<String> {
    let mut buffer = vec![0u8; 1024];
    loop {
        // SAFETY: `passwd` is plain data; all-zero is a valid value of it.
        let mut entry: libc::passwd = unsafe { std::mem::zeroed() };
        let mut found: *mut libc::passwd = std::ptr::null_mut();
        // SAFETY: every pointer is valid for the call and `buffer`'s length is
        // the one given; the strings of `entry` point into `buffer`.
        let rc = unsafe {
            libc::getpwuid_r(
                uid,
                &raw mut entry,
                buffer.as_mut_ptr().cast(),
                buffer.len(),
                &raw mut found,
            )
        };
        if rc == libc::ERANGE && buffer.len() < 1 << 20 {
            buffer.resize(buffer.len() * 2, 0);
            continue;
        }
        if rc != 0 || found.is_null() || entry.pw_name.is_null() {
            return None;
        }
        // SAFETY: on success `pw_name` is a NUL-terminated string in `buffer`,
        // which lives until the end of this block.
        let name = unsafe { std::ffi::CStr::from_ptr(entry.pw_name) };
        let name = name.to_string_lossy().into_owned();
        return (!name.is_empty()).then_some(name);
    }
}

/// The operating-system user id of this process.
#[must_use]
pub fn uid() -> u32 {
    // SAFETY: getuid has no preconditions and cannot fail.
    unsafe { libc::getuid() }
}

/// The user's name for the journal: `USER`, else `LOGNAME`, else the password
/// database's name of `uid`, else `uid` in decimal.
#[must_use]
pub fn user_name(uid: u32) -> String {
    ["USER", "LOGNAME"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|n| !n.is_empty()))
        .or_else(|| password_name(uid))
        .unwrap_or_else(|| uid.to_string())
}

/// Appends the line of the command `mark` with arguments `argv` (as the
/// journal keeps them) to the journal of `database` (created with mode
/// 0600), synced.
///
/// # Errors
/// When the journal cannot be opened or written.
pub fn append(database: &Path, mark: &CommandMark, argv: Vec<String>) -> anyhow::Result<()> {
    write_line(database, mark, argv, None)
}

/// Appends the line of the Xfcc act `act`, applied by the transaction that
/// wrote `mark`, to the journal of `database`, as [`append`] does.
///
/// # Errors
/// When the journal cannot be opened or written.
pub fn append_xfcc(database: &Path, mark: &CommandMark, act: XfccAct) -> anyhow::Result<()> {
    let mut argv = vec!["zaochka".to_string()];
    argv.extend(act.shown());
    write_line(database, mark, argv, Some(act))
}

fn write_line(
    database: &Path,
    mark: &CommandMark,
    argv: Vec<String>,
    xfcc: Option<XfccAct>,
) -> anyhow::Result<()> {
    let uid = uid();
    let line = Line {
        at: store::instant_text(mark.at),
        argv,
        user: user_name(uid),
        uid,
        mark: mark.mark.clone(),
        xfcc,
    };
    let path = path_of(database);
    let mut text = serde_json::to_string(&line)?;
    text.push('\n');
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o600)
        .open(&path)
        .with_context(|| format!("cannot open the command journal {}", path.display()))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_data())
        .with_context(|| format!("cannot write the command journal {}", path.display()))?;
    Ok(())
}

/// The length of the journal of `database` in bytes (0 without one).
///
/// # Errors
/// A journal that exists but cannot be read.
pub fn length(database: &Path) -> anyhow::Result<u64> {
    let path = path_of(database);
    match std::fs::metadata(&path) {
        Ok(m) => Ok(m.len()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// The lines of the journal of `database`, in file order, with the lines
/// that do not read (a torn last line) reported on stderr and left out; none
/// without a journal.
///
/// # Errors
/// A journal that exists but cannot be read.
pub fn read(database: &Path) -> anyhow::Result<Vec<Entry>> {
    let path = path_of(database);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(e).with_context(|| format!("cannot read {}", path.display()));
        }
    };
    let mut out = Vec::new();
    let mut offset = 0u64;
    for (k, raw) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += raw.len() as u64;
        let raw = raw.trim_end_matches(['\n', '\r']);
        if raw.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Line>(raw)
            .map_err(anyhow::Error::from)
            .and_then(|l| Ok((store::parse_instant(&l.at)?, l)))
        {
            Ok((at, line)) => out.push(Entry {
                offset: start,
                at,
                line,
            }),
            Err(e) => eprintln!(
                "{}",
                crate::words::operator::daemon::not_a_journal_line(
                    &path.display().to_string(),
                    k + 1,
                    e
                )
            ),
        }
    }
    Ok(out)
}

/// Refuses to make a new, empty database at `database` while the command
/// journal beside it holds commands: the database was lost or moved, and a
/// new one there would take new mail and commands (and the next scheduled
/// backup) as if nothing had been. The way back is `zaochka restore FILE`;
/// a new database on purpose starts once the journal is moved away.
///
/// # Errors
/// The refusal, naming both files; a journal that cannot be read.
pub fn refuse_missing_database(database: &Path) -> anyhow::Result<()> {
    if database.exists() {
        return Ok(());
    }
    let held = read(database)?.len();
    if held == 0 {
        return Ok(());
    }
    anyhow::bail!(
        "the database {} is missing, but its command journal {} holds {held} commands: \
         no new database is made in its place. Put the newest backup back with \
         `zaochka restore FILE`; to start a new database on purpose, move the journal away first",
        database.display(),
        path_of(database).display()
    )
}

/// Refuses a shell command on a database that lacks commands of its journal
/// (one copied back by hand: it went back in time), as `serve` refuses it:
/// the command would be applied to a game as it stood before, and a restore
/// would later replay it out of place. Lines before `from` bytes (a
/// deliberate return, `restore --no-replay`) do not count.
///
/// # Errors
/// The refusal, naming `zaochka restore FILE`; the journal or the database
/// cannot be read.
pub fn refuse_lacking(store: &mut Store, database: &Path, from: u64) -> anyhow::Result<()> {
    let lacking = lacking(store, database, from)?;
    if !lacking.holds_any || lacking.lines.is_empty() {
        return Ok(());
    }
    anyhow::bail!(
        "the database {} is older than what it once held: it lacks {} shell commands of its \
         journal {} (it was copied back by hand, or went back in time). Nothing runs on it: \
         put the copy in place with `zaochka restore FILE`, which brings back the commands \
         and the mail that came after it",
        database.display(),
        lacking.lines.len(),
        path_of(database).display()
    )
}

/// The lines of a journal that a database lacks.
#[derive(Debug, Default)]
pub struct Lacking {
    /// Whether the database holds any line of the journal at all.
    pub holds_any: bool,
    /// The lines at `from` bytes or later, and after the first line the
    /// database holds (every line at `from` or later when it holds none),
    /// whose marks the database lacks, in file order. The lines before the
    /// first one it holds belong to an earlier database at the same path.
    pub lines: Vec<Entry>,
}

/// The lines of the journal of `database` that `store` lacks, from the byte
/// offset `from` on (see [`Lacking`]).
///
/// # Errors
/// The journal or the database cannot be read.
pub fn lacking(store: &mut Store, database: &Path, from: u64) -> anyhow::Result<Lacking> {
    let entries = read(database)?;
    let mut held = Vec::with_capacity(entries.len());
    store.read(|tx| -> Result<(), StoreError> {
        for e in &entries {
            held.push(shell_commands::holds(tx, &e.line.mark)?);
        }
        Ok(())
    })?;
    let first_held = held.iter().position(|h| *h);
    let start = first_held.unwrap_or(0);
    let lines = entries
        .into_iter()
        .zip(held)
        .skip(start)
        .filter(|(e, h)| !*h && e.offset >= from)
        .map(|(e, _)| e)
        .collect();
    Ok(Lacking {
        holds_any: first_held.is_some(),
        lines,
    })
}
