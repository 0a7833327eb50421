//! PDN and PGN records: the variant a record is read as, the record replayed
//! ([`CheckedGame`], with what the reader inferred), and a game written back as
//! a record.

use crate::notation::pdn::{PdnGame, PdnPly};
use crate::rules::{Color, Variant};

use super::reading::{
    AmbiguousMove, AmbiguousNumbering, ReadingNote, VariantClue, sign_notes, untagged_variant,
};
use super::{AnyGame, Record, SetupError, draughts, new_game, open_record};
#[cfg(doc)]
use super::{international_clue, replay_on};

/// Why a PDN/PGN game could not be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The `GameType` tag names a game zaochka does not play.
    #[error("game type {0:?} is not supported")]
    UnsupportedGameType(String),
    /// The start position cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A numeric draughts record replays whole in two square numberings: which
    /// game was played cannot be told.
    #[error("ambiguous square numbering: {0}")]
    AmbiguousNumbering(AmbiguousNumbering),
}

/// A PDN game replayed: its variant, the record, and the index of the first ply
/// written as unknown (`-`), where replaying stopped without a fault.
#[derive(Clone, Debug)]
pub struct CheckedGame {
    /// The variant the game was replayed as (see [`variant_of`], [`replay_pgn`]).
    pub variant: Variant,
    /// The replayed record.
    pub record: Record,
    /// Plies from this index on were not recorded (`1. - -`).
    pub unrecorded_from: Option<usize>,
    /// What the reader decided that the record did not say.
    pub notes: Vec<ReadingNote>,
    /// Plies whose text fits several moves after each of which the record goes
    /// on as far (draughts records only): faults, the game read on with the
    /// first.
    pub ambiguous: Vec<AmbiguousMove>,
}

/// The variant of a PDN or PGN game, decided in this order:
/// 1. a `GameType` tag: its PDN number (`25` Russian, `20` international) or a
///    variant name (`chess`, `russian`, `шахматы`, ...);
/// 2. with no `GameType`, chess when the game looks like chess: a `FEN` tag in
///    chess form (ranks separated by `/`), a PGN `Variant` tag (lichess writes
///    `[Variant "Standard"]`), or a first ply in chess notation ([`looks_like_chess`]);
/// 3. international draughts on a clue of a 10x10 board or of FMJD scoring
///    ([`international_clue`]: a square above 32, a 10x10 FEN, a file letter
///    beyond `h`, a `2-0`/`1-1`/`0-2` result);
/// 4. otherwise Russian checkers, the PDN default of Russian sources.
///
/// A file known to be PGN (extension `.pgn`) is read with [`replay_pgn`], which
/// takes chess whenever there is no `GameType` tag. A whole file is read with
/// [`replay_file`], which also looks at the file's other games.
///
/// # Errors
/// [`RecordError::UnsupportedGameType`] for a game type zaochka does not play.
pub fn variant_of(game: &PdnGame) -> Result<Variant, RecordError> {
    reading_of(game).map(|(variant, _)| variant)
}

/// The variant of a game and, without a `GameType` tag, what showed it.
fn reading_of(game: &PdnGame) -> Result<(Variant, Option<VariantClue>), RecordError> {
    match game.tag("GameType") {
        Some(t) => Ok((game_type(t)?, None)),
        None => {
            let (variant, clue) = untagged_variant(game);
            Ok((variant, Some(clue)))
        }
    }
}

fn game_type(tag: &str) -> Result<Variant, RecordError> {
    Variant::from_pdn_game_type(tag)
        .or_else(|| Variant::from_name(tag))
        .ok_or_else(|| RecordError::UnsupportedGameType(tag.to_string()))
}

/// Whether a ply as written can only be chess: it starts with a Latin piece
/// letter `K Q R B N` or with castling `O-O`, or it is a lone square (`e4`,
/// `d4+`). Draughts plies always name two squares (`c3-d4`, `cd4`).
#[must_use]
pub fn looks_like_chess(ply: &str) -> bool {
    let t = ply.trim().trim_end_matches(['+', '#', '!', '?']);
    let b = t.as_bytes();
    matches!(b.first(), Some(b'K' | b'Q' | b'R' | b'B' | b'N'))
        || t.starts_with("O-O")
        || (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
}

/// Replays a PDN game: variant by [`variant_of`], start from `FEN`, plies up to
/// the first one written as unknown. The notes say what was inferred without a
/// `GameType` tag (not the Russian default), which plies were written with
/// the wrong sign and which ambiguous plies the rest of the record decided
/// ([`ReadingNote`]); a draughts ply whose text fits several moves that each
/// let the record go on as far is listed in [`CheckedGame::ambiguous`].
///
/// # Errors
/// [`RecordError`] when the game type or the start position make replaying
/// impossible, or when a numeric record replays whole in two square numberings
/// ([`RecordError::AmbiguousNumbering`]).
pub fn replay_pdn(game: &PdnGame) -> Result<CheckedGame, RecordError> {
    let (variant, clue) = reading_of(game)?;
    replay_as(game, variant, clue)
}

/// Replays a game of a PGN file (read with [`crate::notation::pdn::read_pgn_games`]):
/// chess unless a `GameType` tag names another game. The first illegal move is
/// reported, not corrected (seed 003 art. 9; RULES.md §8).
///
/// # Errors
/// As [`replay_pdn`].
pub fn replay_pgn(game: &PdnGame) -> Result<CheckedGame, RecordError> {
    let variant = match game.tag("GameType") {
        Some(t) => game_type(t)?,
        None => Variant::Chess,
    };
    replay_as(game, variant, None)
}

/// How one game of a file is read: the variant, and for a game without a
/// `GameType` tag what showed it ([`readings_of_file`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The variant the game is replayed as.
    pub variant: Variant,
    /// What showed the variant of a game without a `GameType` tag; `None` when
    /// the tag (or, in a PGN file, the chess default) decided.
    pub clue: Option<VariantClue>,
}

/// Decides how each game of one file is read (`pgn`: a `.pgn` file, read as by
/// [`replay_pgn`]; otherwise as by [`replay_pdn`]), in order, one result per
/// game, without replaying anything. A PDN game without a `GameType` tag and
/// without any clue of its own ([`untagged_variant`] gives the Russian default) is
/// read as international draughts when another game of the file is international
/// (tagged so, or inferred from its own clue) and none is tagged as Russian
/// checkers, with [`VariantClue::OtherGamesOfFile`] (international collections
/// omit the tag and many games open with squares up to 32 only).
#[must_use]
pub fn readings_of_file(games: &[&PdnGame], pgn: bool) -> Vec<Result<Reading, RecordError>> {
    let mut clues = FileClues::new(pgn);
    for g in games {
        clues.observe(g);
    }
    games.iter().map(|g| clues.reading(g)).collect()
}

/// What the other games of a file tell about how one game of it is read
/// ([`readings_of_file`]), gathered one game at a time: a file read in two
/// passes (every game [`FileClues::observe`]d, then each game's
/// [`FileClues::reading`]) is read as [`readings_of_file`] reads it, holding
/// no game.
#[derive(Clone, Copy, Debug)]
pub struct FileClues {
    pgn: bool,
    /// A game of the file reads as international draughts.
    international: bool,
    /// A game of the file is tagged as Russian checkers.
    tagged_russian: bool,
}

impl FileClues {
    /// Nothing seen yet of a file (`pgn`: a `.pgn` file).
    #[must_use]
    pub fn new(pgn: bool) -> FileClues {
        FileClues {
            pgn,
            international: false,
            tagged_russian: false,
        }
    }

    /// Notes what one game of the file tells about the others.
    pub fn observe(&mut self, game: &PdnGame) {
        if self.pgn {
            return;
        }
        match reading_of(game) {
            Ok((Variant::International, _)) => self.international = true,
            Ok((Variant::Russian, None)) => self.tagged_russian = true,
            _ => {}
        }
    }

    /// How one game of the file is read, given every game observed.
    ///
    /// # Errors
    /// [`RecordError::UnsupportedGameType`] for a `GameType` tag naming no
    /// game played here.
    pub fn reading(&self, game: &PdnGame) -> Result<Reading, RecordError> {
        if self.pgn {
            let variant = match game.tag("GameType") {
                Some(t) => game_type(t)?,
                None => Variant::Chess,
            };
            return Ok(Reading {
                variant,
                clue: None,
            });
        }
        let (variant, clue) = reading_of(game)?;
        Ok(match clue {
            Some(VariantClue::Default) if self.international && !self.tagged_russian => Reading {
                variant: Variant::International,
                clue: Some(VariantClue::OtherGamesOfFile),
            },
            _ => Reading { variant, clue },
        })
    }
}

/// Replays one game as its [`Reading`] says.
///
/// # Errors
/// [`RecordError`] when the start position cannot be set up or the record
/// replays in two numberings.
pub fn replay_reading(game: &PdnGame, reading: Reading) -> Result<CheckedGame, RecordError> {
    replay_as(game, reading.variant, reading.clue)
}

/// Replays every game of one file, each as [`readings_of_file`] reads it.
#[must_use]
pub fn replay_file(games: &[PdnGame], pgn: bool) -> Vec<Result<CheckedGame, RecordError>> {
    let refs: Vec<&PdnGame> = games.iter().collect();
    games
        .iter()
        .zip(readings_of_file(&refs, pgn))
        .map(|(game, reading)| replay_reading(game, reading?))
        .collect()
}

/// Replays a game as `variant`; `clue` is what showed the variant when the game
/// has no `GameType` tag (a note unless it is the Russian default).
fn replay_as(
    game: &PdnGame,
    variant: Variant,
    clue: Option<VariantClue>,
) -> Result<CheckedGame, RecordError> {
    let unrecorded_from = game.plies.iter().position(PdnPly::is_unknown);
    let plies: Vec<&str> = game.plies[..unrecorded_from.unwrap_or(game.plies.len())]
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    let first_number = game.plies.first().and_then(|p| p.number).unwrap_or(1);
    let fen = game.tag("FEN");
    let (record, decided, ambiguous) = match variant {
        Variant::Russian | Variant::International => {
            let w = draughts::open_written_record(variant, fen, &plies, first_number)?;
            (w.record, w.decided, w.ambiguous)
        }
        _ => (
            open_record(variant, fen, &plies, first_number)?,
            Vec::new(),
            Vec::new(),
        ),
    };
    let mut notes: Vec<ReadingNote> = clue
        .filter(|&c| c != VariantClue::Default)
        .map(|clue| ReadingNote::InferredVariant { variant, clue })
        .into_iter()
        .collect();
    notes.extend(decided);
    if variant != Variant::Chess {
        let game = record.game.as_ref();
        notes.extend(sign_notes(&plies, &game.captures(), || game.score()));
    }
    Ok(CheckedGame {
        variant,
        record,
        unrecorded_from,
        notes,
        ambiguous,
    })
}

/// Writes a game as a PDN record, or as PGN for chess (the record of seed 003
/// art. 13; seed 001 §1.6 for draughts): the given tags (Seven
/// Tag Roster first), then `GameType` for a draughts game and `SetUp`/`FEN`
/// when the game did not start from the initial position, unless the tags hold
/// them already; then the moves as records write them
/// ([`AnyGame::record_moves`]: SAN for chess) and `result` (`*` if empty).
#[must_use]
pub fn write_record(game: &dyn AnyGame, tags: &[(String, String)], result: &str) -> String {
    write_record_timed(game, tags, result, &[])
}

/// Writes a game as [`write_record`] does, with each ply's receipt time
/// (`times[i]` for ply `i`, UTC) in the comment after it as correspondence
/// chess records write it: `{[%ccsnt 2019.04.02,21:27]}`
/// ([`crate::notation::pdn::ccsnt_comment`]). A ply with no time (`None`, or
/// past the end of `times`) has no comment.
#[must_use]
pub fn write_record_timed(
    game: &dyn AnyGame,
    tags: &[(String, String)],
    result: &str,
    times: &[Option<chrono::DateTime<chrono::Utc>>],
) -> String {
    let comments: Vec<Option<String>> = times
        .iter()
        .map(|t| t.map(crate::notation::pdn::ccsnt_comment))
        .collect();
    write_record_commented(game, tags, result, &comments)
}

/// Writes a game as [`write_record`] does, with `comments[i]` (without
/// braces) in the comment after ply `i` (none past the end or for `None`).
#[must_use]
pub fn write_record_commented(
    game: &dyn AnyGame,
    tags: &[(String, String)],
    result: &str,
    comments: &[Option<String>],
) -> String {
    let mut tags = tags.to_vec();
    let has = |tags: &[(String, String)], name: &str| {
        tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(name))
    };
    if let Some(t) = game.pdn_game_type()
        && !has(&tags, "GameType")
    {
        tags.push(("GameType".into(), t.into()));
    }
    let initial = new_game(game.variant(), None).map(|g| g.fen()).ok();
    let start = game.start_fen();
    if initial.as_deref() != Some(start.as_str()) && !has(&tags, "FEN") {
        if game.pdn_game_type().is_none() {
            tags.push(("SetUp".into(), "1".into()));
        }
        tags.push(("FEN".into(), start));
    }
    let first_side = if game.plies().is_multiple_of(2) {
        game.turn()
    } else {
        game.turn().opposite()
    };
    crate::notation::pdn::write_game_commented(
        &tags,
        &game.record_moves(),
        comments,
        result,
        game.first_move_number(),
        first_side == Color::Black,
    )
}
