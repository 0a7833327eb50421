//! Balloted openings: the drawing tables of Russian
//! checkers and the seeded pick of an opening for a game or a micro-match.
//!
//! In events «с выборочным жребием» (seed 004; TOURNAMENTS.md, "Micro-matches
//! and balloted openings") the opponents do not choose the opening: it is drawn
//! from an approved list, either up to three moves played from the initial
//! position, or a set-up in which one man of each side (sometimes of one side
//! only) has been moved to another square («летучие» шашки).
//!
//! - [`DrawingTable`]: the three lists of the federations, embedded from
//!   `data/ballots/*.tsv` (sources named in `data/ballots/README.md`) and read
//!   once: the IDF table of 745 openings, the FMJD table of 736 and the IDF
//!   basic positions (150). They are positions of Russian checkers, every one
//!   replayed on the rules core by the tests (four rows corrected, listed in
//!   that README).
//! - [`BallotList`]: a director's own list for any game, read from text (the
//!   caller reads the file) in the format its doc describes, every opening
//!   checked on the rules of the game.
//! - [`pick`]: the opening for a pairing key, drawn from a seed by SHA-256 so
//!   that anyone can recheck it (the published contract:
//!   index = u64 of the first 8 bytes of SHA-256(seed ‖ `ballot:` ‖ key),
//!   big-endian, mod the list length).
//!
//! An [`Opening`] is started in one of two ways: a move opening is played from
//! the initial position ([`Opening::moves`]), so the score of the game shows
//! the balloted moves; a set-up starts from its FEN ([`Opening::start_fen`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

use crate::games::{self, MoveError, SetupError};
use crate::notation::pdn::{self, PdnError};
use crate::rules::Variant;

named_enum! {
    /// An approved drawing table of openings for Russian checkers. Its name is
    /// the tournament setting (`--ballot idf64|fmjd64|idf64-basic`), as the
    /// store keeps it; parse it with `str::parse`.
    pub enum DrawingTable {
        /// "IDF Drawing Table 64" (idf64.org, tables of draw): 745 openings,
        /// 349 of moves and 396 set-ups, in 23 categories.
        Idf64 => "idf64",
        /// "FMJD Drawing Table 64" (results.fmjd.org): 736 openings, 344 of
        /// moves and 392 set-ups, in 46 categories.
        Fmjd64 => "fmjd64",
        /// "IDF Drawing Table 64 - Basic Positions": 149 move openings and the
        /// free opening (5-VII, the initial position), in 15 categories.
        Idf64Basic => "idf64-basic",
    }
}

/// The embedded tables, in the order of [`DrawingTable::ALL`].
const SOURCES: [&str; 3] = [
    include_str!("../../data/ballots/idf64-drawing-table.tsv"),
    include_str!("../../data/ballots/fmjd64-drawing-table.tsv"),
    include_str!("../../data/ballots/idf64-basic-positions.tsv"),
];

impl DrawingTable {
    /// The name printed in game headers and tables: `IDF-64`, `FMJD-64`,
    /// `IDF-64 basic`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DrawingTable::Idf64 => "IDF-64",
            DrawingTable::Fmjd64 => "FMJD-64",
            DrawingTable::Idf64Basic => "IDF-64 basic",
        }
    }

    /// The game the table is for: Russian checkers (8x8, squares 1-32 in its
    /// FENs numbered from b8, White on 21-32).
    #[must_use]
    pub fn variant(self) -> Variant {
        Variant::Russian
    }

    /// The openings of the table in the table's order (the order [`pick`]
    /// counts in: row N of the data file, from 0, comments and header left
    /// out). Parsed from the embedded data on first use. Every row of the
    /// source is kept; the tests replay each one on the rules core, and the
    /// four rows corrected for it are listed in `data/ballots/README.md`.
    #[must_use]
    pub fn openings(self) -> &'static [Opening] {
        static TABLES: [OnceLock<Vec<Opening>>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let i = self.index();
        TABLES[i].get_or_init(|| parse_table(SOURCES[i], self.as_str()))
    }

    /// The text for a game header: the table's name and the opening's code,
    /// `IDF-64 1-IV`.
    #[must_use]
    pub fn label(self, opening: &Opening) -> String {
        format!("{} {}", self.name(), opening.code)
    }

    fn index(self) -> usize {
        match self {
            DrawingTable::Idf64 => 0,
            DrawingTable::Fmjd64 => 1,
            DrawingTable::Idf64Basic => 2,
        }
    }
}

/// One opening of a ballot list.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Opening {
    /// The code of the list: category and Roman number in the federations'
    /// tables (`1-IV`), the director's own code in a [`BallotList`].
    pub code: String,
    /// The category (the group of the table, the number before the dash of the
    /// code); in a [`BallotList`] the number before a dash of the code, 0 when
    /// the code does not start with one.
    pub category: u32,
    /// The position of the opening as FEN: for a move opening the position
    /// after the moves, for a set-up the start. The tables give it as PDN FEN
    /// with squares 1-32 (`B:W17,22,...:B1,2,...`); a [`BallotList`] gives it as
    /// the game writes it ([`crate::games::AnyGame::fen`]).
    pub fen: String,
    /// The moves from the initial position, as written in the list (the
    /// tables: Russian short algebraic, `1. ab4 bc5`); `None` for a set-up.
    pub moves: Option<String>,
    /// For a set-up of the tables: the men moved from the initial position,
    /// White's first, as the table writes them: `a1-e5 d6-g5` (White's man from
    /// a1 put on e5, Black's from d6 on g5), `--- a7-c5` or `----- a7-a5` when
    /// White's men stay, `g3-a5 ---` when Black's do, `b2-h6 h6-a5` when one man
    /// takes the square the other leaves. `None` for a move opening, for a
    /// director's FEN and for the free opening (IDF basic 5-VII: the initial
    /// position, the players choose the moves).
    pub relocation: Option<String>,
}

impl Opening {
    /// The FEN the game starts from: `Some` for a set-up (a relocation of the
    /// tables, a director's FEN, and the free opening, whose FEN is the initial
    /// position), which is not reached by moves; `None` for a move opening,
    /// which is played from the initial position.
    #[must_use]
    pub fn start_fen(&self) -> Option<&str> {
        match self.moves {
            None => Some(&self.fen),
            Some(_) => None,
        }
    }

    /// The moves to play from the initial position before the players take
    /// over (`1. ab4 bc5`), so that the score shows them; `None` for a set-up.
    #[must_use]
    pub fn moves(&self) -> Option<&str> {
        self.moves.as_deref()
    }
}

/// Reads an embedded table: `#` comments, a header line, then tab-separated
/// rows `category code fen moves desc` (see the header of each file): with
/// moves, desc repeats them; without, desc is the relocation, or `Free` for the
/// free opening. The data is part of the program: a malformed row is a fault
/// of the build, caught by the tests, not an input error.
fn parse_table(text: &str, table: &str) -> Vec<Opening> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.starts_with("category\t") && !l.is_empty())
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [category, code, fen, moves, desc] = fields[..] else {
                panic!("{table} line {}: not 5 fields: {line:?}", i + 1);
            };
            let category = category
                .parse()
                .unwrap_or_else(|_| panic!("{table} line {}: category {category:?}", i + 1));
            let some = |s: &str| (!s.is_empty()).then(|| s.to_string());
            Opening {
                code: code.to_string(),
                category,
                fen: fen.to_string(),
                moves: some(moves),
                relocation: if moves.is_empty() && desc != "Free" {
                    some(desc)
                } else {
                    None
                },
            }
        })
        .collect()
}

/// The lot of a pairing key: the first 8 bytes of
/// SHA-256(`seed` ‖ `ballot:` ‖ `key` in UTF-8), read as a big-endian `u64`
/// (the published contract). [`pick`] takes it modulo the list length.
#[must_use]
pub fn lot(seed: &[u8], key: &str) -> u64 {
    let digest = Sha256::new()
        .chain_update(seed)
        .chain_update(b"ballot:")
        .chain_update(key.as_bytes())
        .finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// The opening drawn for a pairing key (the micro-match, or the game, as the
/// tournament's setting says): `openings[lot(seed, key) % openings.len()]`.
///
/// Anyone can recheck a draw with coreutils and `bc`: with the seed as hex
/// digits, the key `3-7` and a table of 745 rows,
/// ```text
/// { printf '%s' SEEDHEX | xxd -r -p; printf 'ballot:%s' 3-7; } | sha256sum | cut -c1-16 \
///   | tr a-f A-F | sed 's/.*/ibase=16; & % 2E9/' | bc
/// ```
/// prints the row (from 0, in the file's order; 2E9 is 745 in hex).
///
/// # Panics
/// On an empty list (the tables and [`BallotList::read`] never give one).
#[must_use]
pub fn pick<'a>(openings: &'a [Opening], seed: &[u8], key: &str) -> &'a Opening {
    assert!(!openings.is_empty(), "a ballot from an empty list");
    let len = openings.len() as u64;
    // The remainder is below the length, so it fits in usize.
    &openings[(lot(seed, key) % len) as usize]
}

/// A director's own list of openings, for any game, read from text with
/// [`BallotList::read`].
///
/// # Format
/// One opening a line, `CODE<TAB>OPENING`:
/// - `CODE` is the director's name for it (no tab; codes are unique in a
///   list); a leading number before a dash (`3-II`) is its category;
/// - `OPENING` is either a FEN of the game, recognised by the game's FEN reader
///   ([`crate::games::new_game`]), which becomes the start position, or moves
///   from the initial position in the game's notation (`1. ab4 ba5 2. ba3`,
///   `1. 32-28 19-23`, `1. e4 c5`), read as PDN/PGN movetext
///   ([`crate::notation::pdn`]) and played on the rules of the game.
///
/// Lines that are empty or start with `#` (after white space) are skipped; a
/// `#` inside a line is part of it (chess writes mate so). Spaces around both
/// fields, a byte order mark and CRLF line ends are accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BallotList {
    /// The list's name as headers print it (the caller chooses it, e.g. the
    /// file name).
    pub name: String,
    /// The game the list was checked for.
    pub variant: Variant,
    /// The openings in file order (the order [`pick`] counts in).
    pub openings: Vec<Opening>,
}

/// Why a director's list cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BallotListError {
    /// A line is wrong.
    #[error("line {line}: {problem}")]
    Line {
        /// The 1-based line.
        line: usize,
        /// What is wrong with it.
        problem: ListLineError,
    },
    /// No line holds an opening.
    #[error("the list holds no opening")]
    Empty,
}

/// What is wrong with one line of a director's list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ListLineError {
    /// No tab between the code and the opening.
    #[error("no tab between the code and the opening")]
    NoTab,
    /// Nothing before the tab.
    #[error("no code before the tab")]
    NoCode,
    /// Nothing after the tab.
    #[error("no opening after the code")]
    NoOpening,
    /// The code stands on an earlier line too.
    #[error("code {code:?} is already on line {first_line}")]
    DuplicateCode {
        /// The code.
        code: String,
        /// The 1-based line where it first stands.
        first_line: usize,
    },
    /// The text is neither a position of the game nor moves playable from its
    /// initial position.
    #[error("neither a position ({setup}) nor moves ({moves})")]
    NotAnOpening {
        /// Why the FEN reader rejected it.
        setup: SetupError,
        /// Why it is no opening of moves (boxed: a move error is large).
        moves: Box<MovesError>,
    },
}

/// Why the text of a list line is no opening of moves.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
    /// The movetext reader rejected it (its line is always 1).
    #[error(transparent)]
    Syntax(PdnError),
    /// It holds no move.
    #[error("no move")]
    NoMoves,
    /// It holds more than moves: tags, a result, an unknown move (`-`) or a
    /// second game.
    #[error("not only moves: tags, a result, an unknown move or a second game")]
    NotMovesOnly,
    /// A move cannot be played.
    #[error("move {ply}: {error}")]
    Illegal {
        /// The 1-based ply of the opening.
        ply: usize,
        /// Why it was not played.
        error: MoveError,
    },
}

impl BallotList {
    /// Reads a director's list (see the format on [`BallotList`]) and checks
    /// every opening on the rules of `variant`.
    ///
    /// # Errors
    /// [`BallotListError::Line`] for the first wrong line (no tab, no code, no
    /// opening, a code used twice, a text that is neither a position nor
    /// playable moves), [`BallotListError::Empty`] for a list without openings.
    pub fn read(name: &str, variant: Variant, text: &str) -> Result<BallotList, BallotListError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut openings = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let fail = |problem| BallotListError::Line { line, problem };
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (code, body) = raw
                .split_once('\t')
                .ok_or_else(|| fail(ListLineError::NoTab))?;
            let (code, body) = (code.trim(), body.trim());
            if code.is_empty() {
                return Err(fail(ListLineError::NoCode));
            }
            if body.is_empty() {
                return Err(fail(ListLineError::NoOpening));
            }
            if let Some(&first_line) = seen.get(code) {
                return Err(fail(ListLineError::DuplicateCode {
                    code: code.to_string(),
                    first_line,
                }));
            }
            seen.insert(code.to_string(), line);
            openings.push(read_opening(variant, code, body).map_err(fail)?);
        }
        if openings.is_empty() {
            return Err(BallotListError::Empty);
        }
        Ok(BallotList {
            name: name.to_string(),
            variant,
            openings,
        })
    }

    /// The text for a game header: the list's name and the opening's code,
    /// `Cup 2026 A3`.
    #[must_use]
    pub fn label(&self, opening: &Opening) -> String {
        format!("{} {}", self.name, opening.code)
    }
}

/// One opening of a director's list: a FEN if the game reads it as one,
/// otherwise moves from the initial position.
fn read_opening(variant: Variant, code: &str, body: &str) -> Result<Opening, ListLineError> {
    let category = code
        .split_once('-')
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or(0);
    let setup = match games::new_game(variant, Some(body)) {
        Ok(game) => {
            return Ok(Opening {
                code: code.to_string(),
                category,
                fen: game.fen(),
                moves: None,
                relocation: None,
            });
        }
        Err(e) => e,
    };
    match play_moves(variant, body) {
        Ok(fen) => Ok(Opening {
            code: code.to_string(),
            category,
            fen,
            moves: Some(body.to_string()),
            relocation: None,
        }),
        Err(moves) => Err(ListLineError::NotAnOpening {
            setup,
            moves: Box::new(moves),
        }),
    }
}

/// Plays moves written as movetext from the initial position; the FEN reached.
fn play_moves(variant: Variant, text: &str) -> Result<String, MovesError> {
    let mut games = if variant == Variant::Chess {
        pdn::read_pgn_games(text)
    } else {
        pdn::read_games(text)
    };
    let game = match games.next() {
        None => return Err(MovesError::NoMoves),
        Some(Err(e)) => return Err(MovesError::Syntax(e)),
        Some(Ok(g)) => g,
    };
    if games.next().is_some()
        || !game.tags.is_empty()
        || game.result.is_some()
        || game.plies.iter().any(pdn::PdnPly::is_unknown)
    {
        return Err(MovesError::NotMovesOnly);
    }
    if game.plies.is_empty() {
        return Err(MovesError::NoMoves);
    }
    let plies: Vec<&str> = game.plies.iter().map(|p| p.text.as_str()).collect();
    let record = games::open_record(variant, None, &plies, 1)
        .expect("the initial position of every game sets up");
    match record.failure {
        Some(f) => Err(MovesError::Illegal {
            ply: f.ply + 1,
            error: f.error,
        }),
        None => Ok(record.game.fen()),
    }
}

#[cfg(test)]
mod tests;
