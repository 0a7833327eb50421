//! PDN 3.0 syntax: games as written, with no game rules.
//!
//! [`read_games`] splits a whole file into games of tags, plies (move text as
//! written), comments, annotations and the result; resolving a ply against a
//! position is the next stage's business. [`write_game`] writes one game in the
//! canonical form. Grammar: the "PDN Reading Grammar" of the PDN 3.0 standard
//! (github.com/wiegerw/pdn, `doc/grammar.rst`), extended by what real files do,
//! including the constructs that section lists as met in practice (`41. - -`,
//! `1. ... 7-12`, a move number followed only by a result).
//!
//! # What the reader accepts
//! - A UTF-8 byte order mark, CRLF, LF or lone CR line ends, tabs and no-break
//!   spaces as white space.
//! - Tags `[Name "value"]`, several on one line or one per line, with `\"` and
//!   `\\` escapes in the value (any other `\` is kept as written) and any UTF-8
//!   text (Russian event names and so on).
//! - Comments `{...}` over several lines and `;` to the end of the line; several
//!   comments after one ply are joined with a space. A comment before the first
//!   ply (between the tags, or before them, even right after the previous
//!   game's result) goes to [`PdnGame::comment`].
//! - Lines starting with `%` in the first column (escape lines): skipped.
//! - Variations `(...)`, nested, with comments inside: skipped entirely.
//! - Setup commands `/FEN "..."/` inside the movetext: skipped.
//! - NAGs `$12`, and the move strength marks `!`, `?`, `!!`, `??`, `!?`, `?!`
//!   glued to the move, standing alone after it, or in parentheses (`(?)`),
//!   mapped to NAGs 1 to 6.
//! - Move numbers `15.`, `15...`, `15..`, `15…`, glued to the move (`15.c3-d4`,
//!   `15...d6-c5`) or not, and `15. ... d6-c5` for Black's move.
//! - Results `1-0`, `0-1`, `1/2-1/2`, `½-½`, `2-0`, `0-2`, `1-1`, `0-0`, `*`, also
//!   written with an en-dash or another dash: they end the game and are never
//!   taken for moves (`1-7` is a move, `1-0` a result). `0-0` is the double
//!   forfeit in PDN; [`read_pgn_games`] reads PGN files, where only chess
//!   results end a game and `0-0` is castling.
//! - A game without a result ends at the next line starting with `[` or at the
//!   end of the file; text after a result starts a new game, which may have no
//!   tags. Stretches holding only white space and comments are not games.
//! - Moves: letters of any script (Cyrillic `а с е` for `a c e`), digits, the
//!   separators `-`, `x`, `X`, `:`, `×`, Cyrillic `х`, the hyphen, en-dash,
//!   em-dash and minus sign, and the chess marks `+ # =`. The text is kept as
//!   written apart from white space inside the move: `1- 7`, `47x 9`, `47 x9`
//!   and `c3 - d4` are one ply each (`1-7`, `47x9`, `47x9`, `c3-d4`). A token
//!   ending in a separator joins the next token, a token that is only a separator
//!   joins both neighbours, a token starting with a separator joins the previous
//!   move. Joining happens across white space and line ends only, never across
//!   a comment, a NAG or a move number.
//! - PGN only ([`read_pgn_games`]): the chess marks `†` and `‡` in a move.
//! - PGN, and chess games in PDN files: an en passant mark after a capture,
//!   glued (`exd6e.p.`) or after a space (`exd6 e.p.`, `ep`, `е.п.`, `в.п.`),
//!   maybe followed by a check sign or an annotation (`exd6 e.p.+`,
//!   `exd6e.p.#`): kept in the ply's text (`exd6 e.p.`), which the chess move
//!   reader reads ([`crate::notation::chess_move`]). `exd6 (e.p.)` is a
//!   variation and is skipped as every variation.
//! - Unknown moves written as a lone dash (`41. - -`, or `41. 32-28 - 42. ...`
//!   when nothing after the dash can continue the move): a ply whose text is
//!   that dash; see [`PdnPly::is_unknown`].
//!
//! # What the reader rejects
//! Each is a [`PdnError`] carrying the line and the offending text; the reader
//! then resumes at the next line starting with `[` that opens a new tag block
//! (tag lines right after a bad tag belong to the same game and are skipped).
//! Tags that are not `[Name "value"]` on one line; a `{` or `(` never closed;
//! a stray `)`, `}`, `]` or `"`; a `[` in the middle of movetext; a move left
//! hanging on a separator (`c3-` followed by a comment, number or result); a move
//! starting with a separator with nothing before it; characters that cannot be
//! part of a move (`c3.d4`, `e2&e4`); move numbers or NAGs too large for their
//! type; annotation marks other than the six above.

use std::fmt::Write as _;

use crate::notation::chess_move;
use crate::rules::Color;

/// One game of a PDN file, as written.
///
/// Nothing here is checked against the rules of any game: `plies` hold the move
/// text as written (with white space inside a move removed), `result` the result
/// token as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs `(name, value)` in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// Comments before the first ply (between or after the tags), joined with a
    /// space.
    pub comment: Option<String>,
    /// The plies of the main line, in order. Variations are not kept.
    pub plies: Vec<PdnPly>,
    /// The result token that ended the movetext (`1-0`, `1/2-1/2`, `½-½`, `2-0`,
    /// `*`, ...) as written; `None` when the game ended at the next tag or at the
    /// end of the file. The `Result` tag is in `tags`.
    pub result: Option<String>,
    /// The 1-based line where the game starts (its first tag or first move).
    pub line: usize,
}

impl PdnGame {
    /// The value of the first tag named `name`, compared without ASCII case
    /// (`tag("event")` finds `[Event "..."]`).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The value of a Seven Tag Roster tag (`Event`, `Site`, `Date`, `Round`,
    /// `White`, `Black`, `Result`; any tag in fact), `?` when the tag is missing
    /// or empty: the PGN standard's mark for an unknown value (§8.1.1), so a
    /// record without player tags is still read (issue 14, item 5).
    ///
    /// ```
    /// use zaochka::notation::pdn::read_games;
    /// let g = read_games("[White \"\"]\n\n1. c3-d4 *\n").next().unwrap().unwrap();
    /// assert_eq!((g.roster("White"), g.roster("Black")), ("?", "?"));
    /// ```
    #[must_use]
    pub fn roster(&self, name: &str) -> &str {
        self.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .unwrap_or("?")
    }

    /// The name of the player of a side, as [`PdnGame::roster`] gives it (`?`
    /// when the `White` or `Black` tag is missing or empty).
    #[must_use]
    pub fn player(&self, side: Color) -> &str {
        match side {
            Color::White => self.roster("White"),
            Color::Black => self.roster("Black"),
        }
    }

    /// Whether the first ply is Black's: it was written with a `N...` number,
    /// or the `FEN` tag gives Black to move (a value starting with `B:`, or just
    /// `B`, as PDN FEN does; see [`fen_black_to_move`]).
    #[must_use]
    pub fn black_starts(&self) -> bool {
        self.plies.first().is_some_and(|p| p.black_marker)
            || self.tag("FEN").is_some_and(fen_black_to_move)
    }
}

/// One ply of a [`PdnGame`], as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnPly {
    /// The move number written just before this ply, if any (`15` for
    /// `15. c3-d4` or `15...d6-c5`).
    pub number: Option<u32>,
    /// The number was written with three dots (`15...`, `15…`, or `15. ...`):
    /// Black's move.
    pub black_marker: bool,
    /// The move as written, white space inside it removed (`47x 9` → `47x9`),
    /// annotation marks taken off into `nags`. Never empty; a lone dash (`-`)
    /// stands for an unknown move.
    pub text: String,
    /// Numeric annotation glyphs: `$n` as `n`, and `!` 1, `?` 2, `!!` 3, `??` 4,
    /// `!?` 5, `?!` 6, in the order written.
    pub nags: Vec<u16>,
    /// The `{...}` and `;` comments following the ply, trimmed, joined with a
    /// space; line ends inside are `\n`.
    pub comment: Option<String>,
    /// The 1-based line where the move text starts.
    pub line: usize,
}

impl PdnPly {
    /// Whether the ply is a placeholder for an unknown move (`41. - -`): its text
    /// is one dash (`-`, hyphen, en-dash, em-dash or minus sign).
    #[must_use]
    pub fn is_unknown(&self) -> bool {
        let mut chars = self.text.chars();
        chars.next().is_some_and(is_dash) && chars.next().is_none()
    }
}

/// A syntax problem in one game of a PDN file.
///
/// Every variant carries the 1-based `line` and the offending `text` (cut to
/// about 40 characters).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// A tag pair that is not `[Name "value"]` on one line.
    #[error("line {line}: bad tag `{text}`")]
    BadTag {
        /// Line of the `[`.
        line: usize,
        /// The rest of the line from the `[`.
        text: String,
    },
    /// A `{` comment with no `}` before the end of the file.
    #[error("line {line}: comment not closed `{text}`")]
    UnclosedComment {
        /// Line of the `{`.
        line: usize,
        /// The start of the comment.
        text: String,
    },
    /// A `(` variation with no matching `)` before the next tag line or the end
    /// of the file, or a `/` setup with no closing `/`.
    #[error("line {line}: variation not closed `{text}`")]
    UnclosedVariation {
        /// Line of the `(` or `/`.
        line: usize,
        /// The start of the variation.
        text: String,
    },
    /// A move ending in a separator (`c3-`) with no continuation before a
    /// comment, number, result or the end of the game.
    #[error("line {line}: move not finished `{text}`")]
    IncompleteMove {
        /// Line where the move starts.
        line: usize,
        /// The move so far.
        text: String,
    },
    /// A move number that does not fit in `u32`.
    #[error("line {line}: bad move number `{text}`")]
    BadMoveNumber {
        /// Line of the number.
        line: usize,
        /// The token holding the number.
        text: String,
    },
    /// A NAG that is not `$` and digits fitting `u16`, an annotation mark other
    /// than `! ? !! ?? !? ?!`, or an annotation with no move before it.
    #[error("line {line}: bad annotation `{text}`")]
    BadAnnotation {
        /// Line of the annotation.
        line: usize,
        /// The annotation token.
        text: String,
    },
    /// Anything else that cannot stand here: a stray `)`, `}`, `]` or `"`, a `[`
    /// in the middle of movetext, a token with characters no move has, a move
    /// starting with a separator with no move before it.
    #[error("line {line}: unexpected `{text}`")]
    Unexpected {
        /// Line of the token.
        line: usize,
        /// The token.
        text: String,
    },
}

impl PdnError {
    /// The 1-based line of the problem.
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            PdnError::BadTag { line, .. }
            | PdnError::UnclosedComment { line, .. }
            | PdnError::UnclosedVariation { line, .. }
            | PdnError::IncompleteMove { line, .. }
            | PdnError::BadMoveNumber { line, .. }
            | PdnError::BadAnnotation { line, .. }
            | PdnError::Unexpected { line, .. } => *line,
        }
    }
}

/// Reads the games of a whole PDN file, lazily and leniently (see the module
/// doc for every quirk accepted).
///
/// Yields `Ok(game)` per game and `Err(e)` for a game with a syntax problem, then
/// resumes at the next tag block; never panics, on any input. One pass over the
/// text; allocations only for the strings of the returned games.
///
/// ```
/// use zaochka::notation::pdn::read_games;
/// let text = "[Event \"Лиепая\"]\n\n1. c3-d4 d6-c5 2. b2-c3 1-0\n";
/// let games: Vec<_> = read_games(text).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games[0].tag("event"), Some("Лиепая"));
/// assert_eq!(games[0].plies[2].text, "b2-c3");
/// assert_eq!(games[0].result.as_deref(), Some("1-0"));
/// ```
#[must_use]
pub fn read_games(text: &str) -> PdnReader<'_> {
    PdnReader {
        cur: Cursor {
            src: text,
            pos: 0,
            line: 1,
            line_start: 0,
        },
        done: false,
        pgn: false,
    }
}

/// Reads the games of a whole PGN (chess) file: as [`read_games`], except that
/// only the PGN results `1-0`, `0-1`, `1/2-1/2` (also `½-½`) and `*` end a
/// game, so `0-0` and `0-0-0` are castling written with zeros, not the PDN
/// double forfeit.
///
/// ```
/// use zaochka::notation::pdn::read_pgn_games;
/// let text = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 Bc5 1/2-1/2\n";
/// let games: Vec<_> = read_pgn_games(text).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games[0].plies[6].text, "0-0");
/// assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
/// ```
#[must_use]
pub fn read_pgn_games(text: &str) -> PdnReader<'_> {
    PdnReader {
        pgn: true,
        ..read_games(text)
    }
}

/// Iterator over the games of a PDN text; made by [`read_games`] or
/// [`read_pgn_games`].
#[derive(Clone, Debug)]
pub struct PdnReader<'a> {
    cur: Cursor<'a>,
    done: bool,
    /// PGN: only chess results end a game.
    pgn: bool,
}

impl Iterator for PdnReader<'_> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let before = self.cur.pos;
            match self.game() {
                Ok(Some(game)) => return Some(Ok(game)),
                Ok(None) => {
                    if self.cur.pos >= self.cur.src.len() || self.cur.pos == before {
                        self.done = true;
                    }
                }
                Err((err, resume)) => {
                    match resume {
                        Resume::Here => {}
                        Resume::AfterTags => self.cur.recover(true),
                        Resume::AfterMovetext => self.cur.recover(false),
                    }
                    if self.cur.pos == before {
                        self.done = true;
                    }
                    return Some(Err(err));
                }
            }
        }
        None
    }
}

impl std::iter::FusedIterator for PdnReader<'_> {}

/// Whether `token` is a game result: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `2-0`,
/// `0-2`, `1-1`, `0-0` or `*`, with any dash for `-`.
#[must_use]
pub fn is_result(token: &str) -> bool {
    const RESULTS: [&str; 9] = [
        "1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "0-0", "*",
    ];
    if token.is_ascii() {
        return RESULTS.contains(&token);
    }
    RESULTS.iter().any(|r| {
        token
            .chars()
            .map(|c| if is_dash(c) { '-' } else { c })
            .eq(r.chars())
    })
}

/// Whether a PDN `FEN` tag value gives Black to move: it starts with `B`
/// followed by `:` or nothing (`B:W18,24:B12`). A chess FEN never matches (its
/// first field is the board, `B7/...` has no colon).
#[must_use]
pub fn fen_black_to_move(fen: &str) -> bool {
    let mut chars = fen.trim_start().chars();
    chars.next() == Some('B') && matches!(chars.next(), None | Some(':'))
}

/// Whether `token` is a PGN (chess) result: `1-0`, `0-1`, `1/2-1/2`, `½-½` or
/// `*`, with any dash for `-`.
#[must_use]
pub fn is_pgn_result(token: &str) -> bool {
    const RESULTS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "½-½", "*"];
    RESULTS.iter().any(|r| {
        token
            .chars()
            .map(|c| if is_dash(c) { '-' } else { c })
            .eq(r.chars())
    })
}

/// Tags written first by [`write_game`], in this order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Lines of movetext written by [`write_game`] are at most this many
/// characters long (unless one move with its number is longer).
pub const LINE_WIDTH: usize = 80;

/// Writes one game in canonical PDN.
///
/// - Tags: those of [`SEVEN_TAG_ROSTER`] present (names compared without ASCII
///   case) first in that order, then the others in the given order, one per
///   line as `[Name "value"]`; `"` and `\` in values are escaped, line ends and
///   other control characters become spaces, characters that cannot be in a
///   name become `_`. A blank line follows when there are tags.
/// - Movetext: `1. c3-d4 d6-c5 2. ...` from `first_move_number`, lines of at most
///   [`LINE_WIDTH`] characters, a move number never parted from its move. When
///   the first ply is Black's (`black_starts`, or a `FEN` tag for which
///   [`fen_black_to_move`] holds) it is written `N... ply`. White space inside a
///   ply is removed; an empty ply is written `-` (unknown move).
/// - `result` last (`*` if empty), then a blank line.
///
/// Plies are written as given: a ply text that reads as something else (a
/// result such as `1-0`, a number `15.`) does not survive a round trip.
///
/// ```
/// use zaochka::notation::pdn::write_game;
/// let tags = vec![("White".to_string(), "Абаулин В.".to_string()),
///                 ("Event".to_string(), "XXV".to_string())];
/// let plies: Vec<String> = ["c3-d4", "f6-g5", "b2-c3"].map(String::from).into();
/// assert_eq!(
///     write_game(&tags, &plies, "1-0", 1, false),
///     "[Event \"XXV\"]\n[White \"Абаулин В.\"]\n\n1. c3-d4 f6-g5 2. b2-c3 1-0\n\n",
/// );
/// ```
#[must_use]
pub fn write_game(
    tags: &[(String, String)],
    plies: &[String],
    result: &str,
    first_move_number: u32,
    black_starts: bool,
) -> String {
    let mut out = String::with_capacity(64 * tags.len() + 8 * plies.len() + 16);
    let in_roster = |name: &str| {
        SEVEN_TAG_ROSTER
            .iter()
            .any(|r| r.eq_ignore_ascii_case(name))
    };
    for roster_name in SEVEN_TAG_ROSTER {
        for (name, value) in tags
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(roster_name))
        {
            write_tag(&mut out, name, value);
        }
    }
    for (name, value) in tags.iter().filter(|(n, _)| !in_roster(n)) {
        write_tag(&mut out, name, value);
    }
    if !tags.is_empty() {
        out.push('\n');
    }

    let black_starts = black_starts
        || tags
            .iter()
            .any(|(n, v)| n.eq_ignore_ascii_case("FEN") && fen_black_to_move(v));
    let mut number = u64::from(first_move_number);
    let mut column = 0;
    let mut unit = String::new();
    for (i, ply) in plies.iter().enumerate() {
        unit.clear();
        let black = (i % 2 == 1) != black_starts;
        if !black {
            let _ = write!(unit, "{number}. ");
        } else if i == 0 {
            let _ = write!(unit, "{number}... ");
        }
        let len = unit.len();
        unit.extend(ply.chars().filter(|c| !is_space(*c)));
        if unit.len() == len {
            unit.push('-');
        }
        if black {
            number += 1;
        }
        push_wrapped(&mut out, &mut column, &unit);
    }
    push_wrapped(
        &mut out,
        &mut column,
        if result.trim().is_empty() {
            "*"
        } else {
            result.trim()
        },
    );
    out.push_str("\n\n");
    out
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    if name.is_empty() {
        out.push('_');
    }
    out.extend(name.chars().map(|c| if is_name_char(c) { c } else { '_' }));
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

fn push_wrapped(out: &mut String, column: &mut usize, unit: &str) {
    let width = unit.chars().count();
    if *column > 0 {
        if *column + 1 + width > LINE_WIDTH {
            out.push('\n');
            *column = 0;
        } else {
            out.push(' ');
            *column += 1;
        }
    }
    out.push_str(unit);
    *column += width;
}

// ---------------------------------------------------------------------------
// Characters.

/// Check and mate signs that may follow a chess move and its en passant mark.
const CHECK_SIGNS: [char; 4] = ['+', '#', '†', '‡'];

/// Whether a ply is a pawn capture in SAN that can be en passant: a file, `x`
/// or `:`, a square on rank 3 or 6 (`exd6`, `e:d3`), maybe a check sign.
fn is_san_pawn_capture(text: &str) -> bool {
    let file = |c: u8| (b'a'..=b'h').contains(&c);
    matches!(
        text.trim_end_matches(CHECK_SIGNS).as_bytes(),
        [a, b'x' | b':', c, b'3' | b'6'] if file(*a) && file(*c)
    )
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// [`is_space`] for one ASCII byte: tab, line feed, vertical tab, form feed,
/// carriage return, space.
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// Spaces that do not end a line.
fn is_inline_space(c: char) -> bool {
    is_space(c) && c != '\n' && c != '\r'
}

/// Characters that end a word whatever precedes them.
fn is_delimiter(c: char) -> bool {
    matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$' | '"')
}

fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}'
    )
}

/// Move and capture separators: dashes, `x`, `X`, `:`, `×`, Cyrillic `х`, `Х`.
fn is_separator(c: char) -> bool {
    is_dash(c) || matches!(c, 'x' | 'X' | ':' | '×' | 'х' | 'Х')
}

fn is_move_char(c: char) -> bool {
    c.is_alphanumeric() || is_separator(c) || matches!(c, '+' | '#' | '=')
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `!`, `?`, `!!`, `??`, `!?`, `?!` as NAG 1 to 6.
fn strength_nag(marks: &str) -> Option<u16> {
    Some(match marks {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// At most about 40 characters of `s`, for error messages.
fn snippet(s: &str) -> String {
    const MAX: usize = 40;
    match s.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// Trimmed, line ends as `\n`.
fn clean_comment(s: &str) -> String {
    let s = s.trim_matches(is_space);
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

fn append_comment(slot: &mut Option<String>, text: String) {
    if text.is_empty() {
        return;
    }
    match slot {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(&text);
        }
        None => *slot = Some(text),
    }
}

// ---------------------------------------------------------------------------
// The scanner.

#[derive(Clone, Debug)]
struct Cursor<'a> {
    src: &'a str,
    /// Byte offset of the next character.
    pos: usize,
    /// 1-based line of `pos`.
    line: usize,
    /// Byte offset where the line of `pos` starts.
    line_start: usize,
}

impl<'a> Cursor<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = match self.src.as_bytes().get(self.pos) {
            Some(&b) if b.is_ascii() => char::from(b),
            _ => self.peek()?,
        };
        self.pos += c.len_utf8();
        if c == '\n' || (c == '\r' && !self.rest().starts_with('\n')) {
            self.line += 1;
            self.line_start = self.pos;
        }
        Some(c)
    }

    /// Moves forward to byte offset `to` (a character boundary at or after `pos`).
    fn advance_to(&mut self, to: usize) {
        while self.pos < to && self.bump().is_some() {}
    }

    /// Only white space between the start of the line and `at`.
    fn at_line_start(&self, at: usize) -> bool {
        self.src
            .get(self.line_start..at)
            .is_some_and(|s| s.chars().all(is_space))
    }

    /// The text from `at` to the end of its line.
    fn line_from(&self, at: usize) -> &'a str {
        let s = &self.src[at..];
        &s[..s.find(['\r', '\n']).unwrap_or(s.len())]
    }

    /// Skips white space and `%` escape lines.
    fn skip_space(&mut self) {
        while let Some(&b) = self.src.as_bytes().get(self.pos) {
            if b.is_ascii() && b != b'%' {
                if !is_ascii_space(b) {
                    break;
                }
                self.bump();
                continue;
            }
            let Some(c) = self.peek() else { break };
            if is_space(c) {
                self.bump();
            } else if c == '%' && self.pos == self.line_start {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    fn skip_inline_space(&mut self) {
        while self.peek().is_some_and(is_inline_space) {
            self.bump();
        }
    }

    /// Moves past the end of the current line.
    fn skip_line(&mut self) {
        let line = self.line;
        while self.line == line && self.bump().is_some() {}
    }

    /// A maximal run of characters that are neither space nor delimiters.
    fn word(&mut self) -> &'a str {
        let rest = self.rest();
        let bytes = rest.as_bytes();
        let mut end = 0;
        while end < bytes.len() {
            let b = bytes[end];
            if b.is_ascii() {
                if is_ascii_space(b) || is_delimiter(char::from(b)) {
                    break;
                }
                end += 1;
            } else {
                match rest[end..].chars().next() {
                    Some(c) if !is_space(c) => end += c.len_utf8(),
                    _ => break,
                }
            }
        }
        self.pos += end; // no line ends inside a word
        &rest[..end]
    }

    /// Whether the line starting at byte offset `at` starts with `[` after
    /// white space.
    fn line_starts_tag(&self, at: usize) -> bool {
        self.src[at..]
            .trim_start_matches(is_inline_space)
            .starts_with('[')
    }

    /// After an error: skips the rest of the current line, then whole lines up
    /// to the next one starting with `[` that opens a new tag block (is not
    /// right after another tag line, nor right after the bad line when the
    /// error was in the tags).
    fn recover(&mut self, in_header: bool) {
        self.skip_line();
        let mut previous_is_tag = in_header;
        while self.pos < self.src.len() {
            let is_tag = self.line_starts_tag(self.pos);
            if is_tag && !previous_is_tag {
                return;
            }
            previous_is_tag = is_tag;
            self.skip_line();
        }
    }

    /// Reads `[Name "value"]` at `[`.
    fn tag(&mut self) -> Result<(String, String), PdnError> {
        let start = self.pos;
        let line = self.line;
        let bad = |cur: &Self| PdnError::BadTag {
            line,
            text: snippet(cur.line_from(start)),
        };
        self.bump();
        self.skip_inline_space();
        let name_start = self.pos;
        while self.peek().is_some_and(is_name_char) {
            self.bump();
        }
        if self.pos == name_start {
            return Err(bad(self));
        }
        let name = self.src[name_start..self.pos].to_string();
        self.skip_inline_space();
        if self.peek() != Some('"') {
            return Err(bad(self));
        }
        self.bump();
        let mut value = String::new();
        loop {
            let rest = self.rest();
            let Some(stop) = rest.find(['"', '\\', '\r', '\n']) else {
                return Err(bad(self));
            };
            value.push_str(&rest[..stop]);
            self.pos += stop;
            match self.peek() {
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                _ => return Err(bad(self)),
            }
        }
        self.skip_inline_space();
        if self.peek() != Some(']') {
            return Err(bad(self));
        }
        self.bump();
        Ok((name, value))
    }

    /// Reads a `{...}` comment at `{`; the cursor stays at `{` on error.
    fn brace_comment(&mut self) -> Result<&'a str, PdnError> {
        let body = &self.src[self.pos + 1..];
        let Some(end) = body.find('}') else {
            return Err(PdnError::UnclosedComment {
                line: self.line,
                text: snippet(self.line_from(self.pos)),
            });
        };
        self.advance_to(self.pos + 1 + end + 1);
        Ok(&body[..end])
    }

    /// Reads a `;` comment at `;`, to the end of the line.
    fn line_comment(&mut self) -> &'a str {
        let text = &self.line_from(self.pos)[1..];
        self.pos += 1 + text.len();
        text
    }

    /// Skips a `(...)` variation at `(`, nested variations and comments inside;
    /// the cursor stays at `(` on error. A line starting with `[` inside means
    /// the variation was never closed.
    fn skip_variation(&mut self) -> Result<(), PdnError> {
        let unclosed = |cur: &Self| PdnError::UnclosedVariation {
            line: cur.line,
            text: snippet(cur.line_from(cur.pos)),
        };
        let bytes = self.src.as_bytes();
        let mut depth = 0usize;
        let mut i = self.pos;
        while i < bytes.len() {
            match bytes[i] {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.advance_to(i + 1);
                        return Ok(());
                    }
                }
                b'{' => match self.src[i..].find('}') {
                    Some(end) => i += end,
                    None => {
                        let mut at = self.clone();
                        at.advance_to(i);
                        return Err(PdnError::UnclosedComment {
                            line: at.line,
                            text: snippet(at.line_from(i)),
                        });
                    }
                },
                b';' => i += self.line_from(i).len() - 1,
                b'\n' | b'\r' if self.line_starts_tag(i + 1) => return Err(unclosed(self)),
                _ => {}
            }
            i += 1;
        }
        Err(unclosed(self))
    }

    /// Skips a `/FEN "..."/` setup at `/`; the cursor stays at `/` on error.
    fn skip_setup(&mut self) -> Result<(), PdnError> {
        match self.src[self.pos + 1..].find('/') {
            Some(end) => {
                self.advance_to(self.pos + 1 + end + 1);
                Ok(())
            }
            None => Err(PdnError::UnclosedVariation {
                line: self.line,
                text: snippet(self.line_from(self.pos)),
            }),
        }
    }
}

// ---------------------------------------------------------------------------
// Building one game.

/// How the last token of movetext may join the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Join {
    /// Nothing to join: the next move starts a new ply.
    Closed,
    /// The last ply is a complete move; a token starting with a separator (or a
    /// lone separator) continues it.
    Open,
    /// The last ply ends in a separator; the next token must continue it.
    Hanging,
}

struct Builder {
    game: PdnGame,
    started: bool,
    in_movetext: bool,
    join: Join,
    number: Option<u32>,
    black_marker: bool,
    /// When the last ply hangs because a lone dash was joined to it: where the
    /// dash starts in its text, and the dash's line. If nothing continues the
    /// move, the dash was an unknown move after it (`41. 32-28 - 42. ...`).
    lone_dash: Option<(usize, usize)>,
    /// PGN: only chess results end a game ([`read_pgn_games`]).
    pgn: bool,
}

impl Builder {
    fn new(pgn: bool) -> Self {
        Builder {
            pgn,
            game: PdnGame::default(),
            started: false,
            in_movetext: false,
            join: Join::Closed,
            number: None,
            black_marker: false,
            lone_dash: None,
        }
    }

    fn is_result(&self, token: &str) -> bool {
        if self.pgn {
            is_pgn_result(token)
        } else {
            is_result(token)
        }
    }

    fn start(&mut self, line: usize) {
        if !self.started {
            self.started = true;
            self.game.line = line;
        }
    }

    /// Errs if the last ply hangs on a separator; otherwise closes it.
    fn close(&mut self) -> Result<(), PdnError> {
        if let Some((at, line)) = self.lone_dash.take()
            && let Some(ply) = self.game.plies.last_mut()
        {
            let dash = ply.text.split_off(at);
            self.new_ply(&dash, line);
            self.join = Join::Closed;
        }
        if self.join == Join::Hanging {
            let (line, text) = self
                .game
                .plies
                .last()
                .map(|p| (p.line, snippet(&p.text)))
                .unwrap_or_default();
            return Err(PdnError::IncompleteMove { line, text });
        }
        self.join = Join::Closed;
        Ok(())
    }

    fn comment(&mut self, text: &str) -> Result<(), PdnError> {
        self.close()?;
        let text = clean_comment(text);
        match self.game.plies.last_mut() {
            Some(ply) => append_comment(&mut ply.comment, text),
            None => append_comment(&mut self.game.comment, text),
        }
        Ok(())
    }

    fn nag(&mut self, nag: u16, line: usize, text: &str) -> Result<(), PdnError> {
        self.close()?;
        match self.game.plies.last_mut() {
            Some(ply) => {
                ply.nags.push(nag);
                Ok(())
            }
            None => Err(PdnError::BadAnnotation {
                line,
                text: snippet(text),
            }),
        }
    }

    fn new_ply(&mut self, text: &str, line: usize) {
        self.game.plies.push(PdnPly {
            number: self.number.take(),
            black_marker: std::mem::take(&mut self.black_marker),
            text: text.to_string(),
            nags: Vec::new(),
            comment: None,
            line,
        });
    }

    /// Handles a word of movetext (no space or delimiter inside). Returns
    /// `true` when the word is a result, which ends the game.
    fn word(&mut self, word: &str, line: usize) -> Result<bool, PdnError> {
        self.in_movetext = true;
        if self.is_result(word) {
            self.close()?;
            self.game.result = Some(word.to_string());
            return Ok(true);
        }
        // An en passant mark after the capture (`exd6 e.p.`, `exd6 e.p.+`)
        // belongs to it: in PGN after any move, in a PDN file after a pawn
        // capture in SAN (a chess game without a PGN extension); the chess
        // move reader reads the ply with it. After a draughts move it stays
        // refused.
        if self.join == Join::Open
            && chess_move::is_en_passant_mark(
                word.trim_end_matches(|c| CHECK_SIGNS.contains(&c) || c == '!' || c == '?'),
            )
            && let Some(ply) = self.game.plies.last_mut()
            && (self.pgn || is_san_pawn_capture(&ply.text))
        {
            ply.text.push(' ');
            ply.text.push_str(word);
            return Ok(false);
        }
        let mut rest = word;

        // A move number (`15.`, `15...`, `15…`), perhaps glued to the move, or
        // dots alone for Black's move (`1. ... d6-c5`, `...d6-c5`).
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let after = &rest[digits..];
        let dots_len = after.find(|c| c != '.' && c != '…').unwrap_or(after.len());
        if dots_len > 0 {
            self.close()?;
            let weight: usize = after[..dots_len]
                .chars()
                .map(|c| if c == '…' { 3 } else { 1 })
                .sum();
            if digits > 0 {
                let number =
                    rest[..digits]
                        .parse::<u32>()
                        .map_err(|_| PdnError::BadMoveNumber {
                            line,
                            text: snippet(word),
                        })?;
                self.number = Some(number);
                self.black_marker = weight >= 2;
            } else if weight >= 2 {
                self.black_marker = true;
            } else {
                // A lone `.` belongs to no number.
                return Err(PdnError::Unexpected {
                    line,
                    text: snippet(word),
                });
            }
            rest = &after[dots_len..];
        }
        if rest.is_empty() {
            return Ok(false);
        }

        // Annotation marks at the end.
        let core = rest.trim_end_matches(['!', '?']);
        let marks = &rest[core.len()..];
        let nag = if marks.is_empty() {
            None
        } else {
            Some(strength_nag(marks).ok_or_else(|| PdnError::BadAnnotation {
                line,
                text: snippet(word),
            })?)
        };
        if self.is_result(core) {
            // `1-0!` is neither a result nor a move.
            return Err(PdnError::Unexpected {
                line,
                text: snippet(word),
            });
        }
        if !core.is_empty() {
            self.fragment(core, word, line)?;
        }
        if let Some(nag) = nag {
            self.nag(nag, line, word)?;
        }
        Ok(false)
    }

    /// A piece of a move: joins the last ply or starts a new one.
    fn fragment(&mut self, core: &str, word: &str, line: usize) -> Result<(), PdnError> {
        let unexpected = || PdnError::Unexpected {
            line,
            text: snippet(word),
        };
        // PGN: the chess marks `†`, `‡`; PGN and PDN: a glued en passant mark
        // (`exd6e.p.`, `exd6e.p.+`) is part of the move too.
        let signed = core.trim_end_matches(CHECK_SIGNS);
        let plain = match chess_move::en_passant_mark_len(signed) {
            Some(k) => &signed[..signed.len() - k],
            None => core,
        };
        let pgn_mark = |c: char| self.pgn && matches!(c, '†' | '‡');
        if !plain.chars().all(|c| is_move_char(c) || pgn_mark(c)) {
            return Err(unexpected());
        }
        let starts_with_separator = core.chars().next().is_some_and(is_separator);
        let only_separators = core.chars().all(is_separator);
        let joins = match self.join {
            Join::Hanging => true,
            Join::Open => starts_with_separator,
            Join::Closed => false,
        };
        let lone_dash = {
            let mut chars = core.chars();
            chars.next().is_some_and(is_dash) && chars.next().is_none()
        };
        if joins {
            if let Some(ply) = self.game.plies.last_mut() {
                self.lone_dash =
                    (self.join == Join::Open && lone_dash).then_some((ply.text.len(), line));
                ply.text.push_str(core);
            }
        } else if only_separators {
            // An unknown move: one dash.
            if !lone_dash {
                return Err(unexpected());
            }
            self.new_ply(core, line);
            self.join = Join::Closed;
            return Ok(());
        } else if starts_with_separator {
            return Err(unexpected());
        } else {
            self.new_ply(core, line);
        }
        self.join = if core.chars().next_back().is_some_and(is_separator) {
            Join::Hanging
        } else {
            Join::Open
        };
        Ok(())
    }
}

/// Where the reader goes on after an error.
#[derive(Clone, Copy, Debug)]
enum Resume {
    /// The cursor is already at the next game (or the end).
    Here,
    /// The error was in the tags: skip to the next tag block.
    AfterTags,
    /// The error was in the movetext: skip to the next tag line.
    AfterMovetext,
}

impl PdnReader<'_> {
    /// Reads one game. `Ok(None)`: nothing but space and comments up to the end
    /// or the next game. On error, also says where to resume.
    fn game(&mut self) -> Result<Option<PdnGame>, (PdnError, Resume)> {
        let mut b = Builder::new(self.pgn);
        loop {
            let cur = &mut self.cur;
            cur.skip_space();
            let start = cur.pos;
            let line = cur.line;
            let Some(c) = cur.peek() else { break };
            let step = match c {
                '[' if !b.in_movetext => {
                    b.start(line);
                    cur.tag().map(|t| {
                        b.game.tags.push(t);
                        false
                    })
                }
                '[' if cur.at_line_start(start) => break,
                '{' => cur
                    .brace_comment()
                    .and_then(|t| b.comment(t).map(|()| false)),
                ';' => {
                    let t = cur.line_comment();
                    b.comment(t).map(|()| false)
                }
                '(' => {
                    b.start(line);
                    b.in_movetext = true;
                    let rest = &cur.rest()[1..];
                    let marks = rest.len() - rest.trim_start_matches(['!', '?']).len();
                    if marks > 0 && rest[marks..].starts_with(')') {
                        let text = &rest[..marks];
                        cur.pos += marks + 2;
                        match strength_nag(text) {
                            Some(nag) => b.nag(nag, line, text).map(|()| false),
                            None => Err(PdnError::BadAnnotation {
                                line,
                                text: snippet(text),
                            }),
                        }
                    } else {
                        b.close()
                            .and_then(|()| cur.skip_variation())
                            .map(|()| false)
                    }
                }
                '$' => {
                    b.start(line);
                    b.in_movetext = true;
                    cur.bump();
                    let digits = cur.rest().bytes().take_while(u8::is_ascii_digit).count();
                    let text = &cur.src[start..cur.pos + digits];
                    cur.pos += digits;
                    match text[1..].parse::<u16>() {
                        Ok(nag) => b.nag(nag, line, text).map(|()| false),
                        Err(_) => Err(PdnError::BadAnnotation {
                            line,
                            text: snippet(text),
                        }),
                    }
                }
                '/' => {
                    b.start(line);
                    b.in_movetext = true;
                    b.close().and_then(|()| cur.skip_setup()).map(|()| false)
                }
                c if is_delimiter(c) => Err(PdnError::Unexpected {
                    line,
                    text: c.to_string(),
                }),
                _ => {
                    b.start(line);
                    let word = cur.word();
                    b.word(word, line)
                }
            };
            match step {
                Ok(false) => {}
                Ok(true) => break,
                Err(e) => {
                    let resume = if b.in_movetext {
                        Resume::AfterMovetext
                    } else {
                        Resume::AfterTags
                    };
                    return Err((e, resume));
                }
            }
        }
        // At the end of the file or at the next game's first tag: nothing to skip.
        b.close().map_err(|e| (e, Resume::Here))?;
        let g = b.game;
        if g.tags.is_empty() && g.plies.is_empty() {
            // Only comments, a stray result, or move numbers: not a game.
            return Ok(None);
        }
        Ok(Some(g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> PdnGame {
        let mut games: Vec<_> = read_games(text).collect();
        assert_eq!(games.len(), 1, "{games:?}");
        games.remove(0).expect("no syntax error")
    }

    fn texts(g: &PdnGame) -> Vec<&str> {
        g.plies.iter().map(|p| p.text.as_str()).collect()
    }

    fn err(text: &str) -> PdnError {
        read_games(text)
            .find_map(Result::err)
            .expect("a syntax error")
    }

    #[test]
    fn tags_unescape_quotes_and_backslashes() {
        let g = one("[Event \"The \\\"Big\\\" one \\\\ C:\\dir\"]\n1. c3-d4 *");
        assert_eq!(g.tag("Event"), Some("The \"Big\" one \\ C:\\dir"));
    }

    #[test]
    fn tag_lookup_ignores_case() {
        let g = one("[GameType \"20\"]\n1. 32-28 *");
        assert_eq!(g.tag("gametype"), Some("20"));
        assert_eq!(g.tag("GAMETYPE"), Some("20"));
        assert_eq!(g.tag("Event"), None);
    }

    #[test]
    fn several_tags_on_one_line_and_russian_values() {
        let g = one("[Event \"XXV первенство СССР\"] [Site \"Лиепая\"][Round \"1\"]\n\n1. c3-d4 *");
        assert_eq!(
            g.tags,
            [
                ("Event", "XXV первенство СССР"),
                ("Site", "Лиепая"),
                ("Round", "1")
            ]
            .map(|(n, v)| (n.to_string(), v.to_string()))
        );
    }

    #[test]
    fn byte_order_mark_and_crlf_are_white_space() {
        let g = one("\u{feff}[Event \"e\"]\r\n\r\n1. c3-d4 d6-c5\r\n2. b2-c3 1-0\r\n");
        assert_eq!(g.tag("Event"), Some("e"));
        assert_eq!(texts(&g), ["c3-d4", "d6-c5", "b2-c3"]);
        assert_eq!(g.plies[2].line, 4);
        assert_eq!(g.line, 1);
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        let g = one("[Event \"e\"]\r\r1. c3-d4\r2. b2-c3 *");
        assert_eq!(g.plies[1].line, 4);
    }

    #[test]
    fn comments_attach_to_the_ply_before_them_and_join() {
        let g = one("{before} 1. c3-d4 {good\r\n move} ; line comment\n d6-c5 {a} {b} *");
        assert_eq!(g.comment.as_deref(), Some("before"));
        assert_eq!(
            g.plies[0].comment.as_deref(),
            Some("good\n move line comment")
        );
        assert_eq!(g.plies[1].comment.as_deref(), Some("a b"));
    }

    #[test]
    fn comments_may_hold_brackets_and_parentheses() {
        let g = one("1. c3-d4 {see (2. b2) [x]}\n d6-c5 *");
        assert_eq!(texts(&g), ["c3-d4", "d6-c5"]);
        assert_eq!(g.plies[0].comment.as_deref(), Some("see (2. b2) [x]"));
    }

    #[test]
    fn escape_lines_are_skipped() {
        let g = one("% generated by a program [x\n[Event \"e\"]\n1. c3-d4 *");
        assert_eq!(g.line, 2);
        assert_eq!(texts(&g), ["c3-d4"]);
    }

    #[test]
    fn nested_variations_are_skipped() {
        let g = one(
            "1. 32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins )} ; (\n) 12-18) 2. 28x19 14x23 *",
        );
        assert_eq!(texts(&g), ["32-28", "19-23", "28x19", "14x23"]);
        assert_eq!(g.plies[2].number, Some(2));
    }

    #[test]
    fn nags_and_strength_marks_become_nag_numbers() {
        let g = one("1. c3-d4! $12 d6-c5?? 2. b2-c3!? ?! c5-b4(?) 3. a1-b2 !! 1-0");
        assert_eq!(texts(&g), ["c3-d4", "d6-c5", "b2-c3", "c5-b4", "a1-b2"]);
        assert_eq!(g.plies[0].nags, [1, 12]);
        assert_eq!(g.plies[1].nags, [4]);
        assert_eq!(g.plies[2].nags, [5, 6]);
        assert_eq!(g.plies[3].nags, [2]);
        assert_eq!(g.plies[4].nags, [3]);
    }

    #[test]
    fn move_numbers_white_black_and_glued() {
        let g = one("15.c3-d4 15...d6-c5 16. b2-c3 16... c5-b4 17.a1-b2 17. ... b4-a3 18…h2-g3 *");
        assert_eq!(
            texts(&g),
            [
                "c3-d4", "d6-c5", "b2-c3", "c5-b4", "a1-b2", "b4-a3", "h2-g3"
            ]
        );
        let numbers: Vec<_> = g.plies.iter().map(|p| (p.number, p.black_marker)).collect();
        assert_eq!(
            numbers,
            [
                (Some(15), false),
                (Some(15), true),
                (Some(16), false),
                (Some(16), true),
                (Some(17), false),
                (Some(17), true),
                (Some(18), true),
            ]
        );
    }

    #[test]
    fn plies_without_numbers_have_none() {
        let g = one("1. 32-28 19-23 28x19 *");
        assert_eq!(g.plies[1].number, None);
        assert_eq!(g.plies[2].number, None);
    }

    #[test]
    fn every_result_ends_the_game() {
        for result in [
            "1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "0-0", "*", "1–0",
        ] {
            let g = one(&format!("[Result \"{result}\"]\n1. 32-28 19-23 {result}\n"));
            assert_eq!(g.result.as_deref(), Some(result));
            assert_eq!(texts(&g), ["32-28", "19-23"]);
        }
    }

    #[test]
    fn numeric_moves_like_results_are_moves() {
        let g = one("1. 1-7 0-1");
        assert_eq!(texts(&g), ["1-7"]);
        assert_eq!(g.result.as_deref(), Some("0-1"));
        let g = one("1. 1-6 1-5 2. 10-1 2-0");
        assert_eq!(texts(&g), ["1-6", "1-5", "10-1"]);
        assert_eq!(g.result.as_deref(), Some("2-0"));
    }

    #[test]
    fn text_after_a_result_is_the_next_game() {
        let games: Vec<_> = read_games("1. c3-d4 1-0 1. e3-d4 0-1 {trailing}\n*\n")
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(texts(&games[1]), ["e3-d4"]);
        assert_eq!(games[1].result.as_deref(), Some("0-1"));
    }

    #[test]
    fn a_game_without_result_ends_at_the_next_tag_line() {
        let text = "[Event \"a\"]\n1. c3-d4 d6-c5\n  [Event \"b\"]\n1. e3-d4\n";
        let games: Vec<_> = read_games(text).collect::<Result<_, _>>().unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, None);
        assert_eq!(texts(&games[0]), ["c3-d4", "d6-c5"]);
        assert_eq!(games[1].line, 3);
        assert_eq!(texts(&games[1]), ["e3-d4"]);
    }

    #[test]
    fn tags_only_game_has_no_plies() {
        let g = one("[Event \"a\"]\n[Result \"*\"]\n");
        assert!(g.plies.is_empty());
        assert_eq!(g.result, None);
    }

    #[test]
    fn spaces_inside_a_move_are_removed() {
        let g = one("1. 1- 7 47x 9 2. 47 x9 c3 - d4 3. c3\n-\nd4 e3 :f4 1-0");
        assert_eq!(
            texts(&g),
            ["1-7", "47x9", "47x9", "c3-d4", "c3-d4", "e3:f4"]
        );
        assert_eq!(g.plies[4].line, 1);
    }

    #[test]
    fn dash_variants_cyrillic_and_capture_signs_are_kept_as_written() {
        let g = one("1. с3–d4 d6—c5 2. b2−c3 c5×b4 3. а3хc5 d6 х b4 4. 32:23 *");
        assert_eq!(
            texts(&g),
            [
                "с3–d4", "d6—c5", "b2−c3", "c5×b4", "а3хc5", "d6хb4", "32:23"
            ]
        );
    }

    #[test]
    fn chess_moves_keep_their_marks() {
        let g = one("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Qxf7+ Kxf7 6. e8=Q# 1-0");
        assert_eq!(
            texts(&g),
            [
                "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "Nf6", "Qxf7+", "Kxf7", "e8=Q#"
            ]
        );
    }

    #[test]
    fn pgn_en_passant_marks_and_daggers_stay_with_their_move() {
        let text = "1. e4 a6 2. e5 d5 3. exd6 e.p. c6 4. dxc7ep. Qa5† 5. Bb5 в.п. *";
        let g = read_pgn_games(text)
            .next()
            .expect("a game")
            .expect("PGN syntax");
        assert_eq!(
            texts(&g),
            [
                "e4",
                "a6",
                "e5",
                "d5",
                "exd6 e.p.",
                "c6",
                "dxc7ep.",
                "Qa5†",
                "Bb5 в.п."
            ]
        );
        // PDN (draughts) keeps refusing them; a chess game in a PDN file has
        // them after a pawn capture (issue 14, item 5).
        assert!(read_games("1. 32-28 e.p. *").any(|g| g.is_err()));
        assert!(read_games("1. c5:e3 e.p. *").any(|g| g.is_err()));
        let g = one("1. e4 a6 2. e5 d5 3. exd6 e.p.+ c6 4. dxc7e.p.# *");
        assert_eq!(texts(&g)[4], "exd6 e.p.+");
    }

    #[test]
    fn lone_dashes_are_unknown_moves() {
        let g = one("1. - - 2. - - 3. c3-d4 1/2-1/2");
        assert_eq!(texts(&g), ["-", "-", "-", "-", "c3-d4"]);
        assert!(g.plies[0].is_unknown());
        assert!(!g.plies[4].is_unknown());
    }

    #[test]
    fn a_lone_dash_with_nothing_to_join_after_a_move_is_an_unknown_move() {
        let g = one("41. 32-28 – 42. 28-22 -\n{lost} 43. - 19-23 44. 22x13 - *");
        assert_eq!(
            texts(&g),
            ["32-28", "–", "28-22", "-", "-", "19-23", "22x13", "-"]
        );
        assert_eq!(g.plies[3].comment.as_deref(), Some("lost"));
        assert_eq!(g.plies[3].line, 1);
        assert_eq!(g.plies[2].number, Some(42));
        assert_eq!(g.plies[3].number, None);
        assert!(matches!(
            err("1. 32-28 x 2. 31-27 *"),
            PdnError::IncompleteMove { .. }
        ));
    }

    #[test]
    fn setup_commands_are_skipped() {
        let g = one("1. 32-28 /FEN \"B:W18,24:B12\"/ 19-23 *");
        assert_eq!(texts(&g), ["32-28", "19-23"]);
    }

    #[test]
    fn black_starts_from_marker_or_fen() {
        assert!(one("1... 19-23 *").black_starts());
        assert!(one("[FEN \"B:W18:B12\"]\n19-23 *").black_starts());
        assert!(!one("[FEN \"W:W18:B12\"]\n32-28 *").black_starts());
        assert!(!one("[FEN \"B7/8/8/8/8/8/8/k6K w - - 0 1\"]\ne4 *").black_starts());
    }

    #[test]
    fn bad_tag_reports_line_and_text() {
        let e = err("[Event \"a\"]\n[Site \"unfinished]\n1. c3-d4 *");
        assert_eq!(
            e,
            PdnError::BadTag {
                line: 2,
                text: "[Site \"unfinished]".into()
            }
        );
        assert_eq!(e.to_string(), "line 2: bad tag `[Site \"unfinished]`");
        assert!(matches!(
            err("[Event]\n1. c3-d4 *"),
            PdnError::BadTag { line: 1, .. }
        ));
        assert!(matches!(err("[ \"x\"]\n"), PdnError::BadTag { .. }));
        assert!(matches!(err("[Event \"x\"\n"), PdnError::BadTag { .. }));
    }

    #[test]
    fn unclosed_comment_and_variation_are_errors() {
        assert!(matches!(
            err("1. c3-d4 {never closed\n d6-c5 *"),
            PdnError::UnclosedComment { line: 1, .. }
        ));
        assert!(matches!(
            err("1. c3-d4\n(d6-c5 {x\n"),
            PdnError::UnclosedComment { line: 2, .. }
        ));
        assert!(matches!(
            err("1. c3-d4 (d6-c5 2. b2-c3\n[Event \"b\"]\n1. e3-d4 *"),
            PdnError::UnclosedVariation { line: 1, .. }
        ));
    }

    #[test]
    fn stray_closers_and_bad_characters_are_errors() {
        for (text, bad) in [
            ("1. c3-d4 ) *", ")"),
            ("1. c3-d4 } *", "}"),
            ("1. c3-d4 ] *", "]"),
            ("1. c3-d4 \" *", "\""),
            ("1. c3.d4 *", "c3.d4"),
            ("1. e2&e4 *", "e2&e4"),
            ("1. c3-d4 [Event \"x\"]", "["),
            ("1. -d4 *", "-d4"),
        ] {
            assert_eq!(
                err(text),
                PdnError::Unexpected {
                    line: 1,
                    text: bad.into()
                },
                "{text}"
            );
        }
    }

    #[test]
    fn hanging_moves_and_bad_annotations_are_errors() {
        assert!(matches!(
            err("1. c3- {x} d4 *"),
            PdnError::IncompleteMove { .. }
        ));
        assert!(matches!(err("1. c3- 1-0"), PdnError::IncompleteMove { .. }));
        assert!(matches!(err("1. c3-"), PdnError::IncompleteMove { .. }));
        assert!(matches!(
            err("1. c3-d4!!! *"),
            PdnError::BadAnnotation { .. }
        ));
        assert!(matches!(
            err("1. c3-d4 $99999 *"),
            PdnError::BadAnnotation { .. }
        ));
        assert!(matches!(
            err("$1 1. c3-d4 *"),
            PdnError::BadAnnotation { .. }
        ));
        assert!(matches!(
            err("1. c3-d4 $ *"),
            PdnError::BadAnnotation { .. }
        ));
        assert!(matches!(
            err("99999999999. c3-d4 *"),
            PdnError::BadMoveNumber { line: 1, .. }
        ));
    }

    #[test]
    fn reader_resumes_at_the_next_game_after_an_error() {
        let text = "[Event \"a\"]\n[Site \"x]\n[Round \"1\"]\n\n1. c3-d4 *\n\n\
                    [Event \"b\"]\n1. c3-d4 ) d6-c5\n2. b2-c3 *\n\
                    [Event \"c\"]\n1. e3-d4 {open\n\n[Event \"d\"]\n1. g3-h4 *\n";
        let results: Vec<_> = read_games(text).collect();
        let summary: Vec<_> = results
            .iter()
            .map(|r| match r {
                Ok(g) => format!("ok {}", g.tag("Event").unwrap_or("?")),
                Err(e) => format!("err {}", e.line()),
            })
            .collect();
        assert_eq!(summary, ["err 2", "err 8", "err 11", "ok d"]);
    }

    #[test]
    fn long_error_text_is_cut() {
        let long = "x".repeat(100);
        let e = err(&format!("[Event \"{long}\n"));
        let PdnError::BadTag { text, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!(text.chars().count(), 41);
        assert!(text.ends_with('…'));
    }

    #[test]
    fn writer_orders_tags_numbers_moves_and_ends_with_result() {
        let tags: Vec<(String, String)> = [
            ("Opening", "Игра Филиппова"),
            ("Result", "1-0"),
            ("Black", "B"),
            ("Event", "E \"q\" \\"),
            ("white", "W"),
        ]
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .into();
        let plies: Vec<String> = ["c3-d4", "d6 - c5", "b2-c3"].map(String::from).into();
        assert_eq!(
            write_game(&tags, &plies, "1-0", 1, false),
            "[Event \"E \\\"q\\\" \\\\\"]\n[white \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\
             [Opening \"Игра Филиппова\"]\n\n1. c3-d4 d6-c5 2. b2-c3 1-0\n\n"
        );
    }

    #[test]
    fn writer_marks_a_black_first_ply() {
        let plies: Vec<String> = ["19-23", "32-28", "23x32"].map(String::from).into();
        assert_eq!(
            write_game(&[], &plies, "", 12, true),
            "12... 19-23 13. 32-28 23x32 *\n\n"
        );
        let fen = vec![("FEN".to_string(), "B:W28:B19".to_string())];
        assert!(write_game(&fen, &plies, "*", 1, false).contains("\n1... 19-23 2. 32-28 23x32 *"));
    }

    #[test]
    fn writer_wraps_at_eighty_columns_keeping_numbers_with_moves() {
        let plies: Vec<String> = (0..100)
            .map(|i| format!("{}-{}", 31 + i % 20, 26 + i % 20))
            .collect();
        let out = write_game(&[], &plies, "2-0", 1, false);
        for line in out.lines() {
            assert!(line.chars().count() <= LINE_WIDTH, "{line}");
            assert!(!line.ends_with('.'), "{line}");
        }
        assert!(out.lines().count() > 5);
        assert!(out.ends_with("2-0\n\n"));
    }
}
