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

mod builder;
mod ccsnt;
mod chars;
mod lexer;
mod model;
mod reader;
mod results;
mod tags;
mod writer;

#[cfg(test)]
mod tests;

pub use ccsnt::{CcsntError, ccsnt_comment, read_ccsnt};
pub use model::{PdnError, PdnGame, PdnPly};
pub use reader::{PdnReader, ReaderPosition, read_games, read_pgn_games};
pub use results::{is_pgn_result, is_result};
pub use tags::{SEVEN_TAG_ROSTER, fen_black_to_move};
pub use writer::{LINE_WIDTH, write_game, write_game_commented};

/// The `Event` tag of a game of no tournament.
pub const UNNAMED_EVENT: &str = "zaochka correspondence game";
