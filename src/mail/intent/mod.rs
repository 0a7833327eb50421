//! What a player asks for: the new text of a mail and its subject turned into
//! a list of [`Intent`]s, each addressed to a game. No rules are consulted:
//! moves are kept as written, with the move number written before them, and
//! the referee resolves them against the position (and answers "stale" when
//! the number is an old one).
//!
//! How a text is read:
//! - line by line; a line may start with a game prefix (`#15:`, `#15`, `15:`,
//!   `game 15:`, `партия 15:`) that sends the whole line to that game of the
//!   same player;
//! - each line is split into clauses at `. ! ? ; : ,` (not after a move number
//!   such as `19.` or `7...`);
//! - a move is a word (or words: `c3 - d4`, `Кр e1-f1`) that reads as a move
//!   in the game's syntax: draughts through [`crate::notation::parse_move`]
//!   (squares on a board of at most 10x10, numbers 1 to 50 without a leading
//!   zero, no `hh:mm` clock times), chess through [`super::chess_token`],
//!   which asks the referee's own chess move reader
//!   ([`crate::notation::chess_move::parse_chess_move`]); a check sign,
//!   annotation or en passant mark after a space belongs to the chess move
//!   before it (`exd6 e.p.`, `Qh7 †`).
//!   A move counts when it has a move number before it or an unmistakable
//!   form (`c3-d4`, `e3:c5:e7`; chess with a piece, a capture, a start
//!   square or castling with a dash), or else when its clause holds nothing but moves, command words
//!   and filler ("my move", "ход") — so `3-4 дня`, `the d4 man` or a bare
//!   `e4` in prose are not moves;
//! - a command is a clause whose first word (after "I", "ok", "я", "ну" ...)
//!   is a command word: `draw`/`ничья` (offer), `offer`/`предлагаю` + draw,
//!   `accept`/`agree`/`согласен`/`согласна`/`принимаю`, `decline`/`отказ`/
//!   `отказываюсь`/`отклоняю`/`не согласен`, `resign`/`сдаюсь`/`give up`,
//!   `claim`/`требую ничью`/`заявляю ничью`, `status`/`статус`,
//!   `history`/`история`, `help`/`помощь`. `draw accepted`, `I accept the
//!   draw`, `согласна на ничью` are acceptances. Greetings and chit-chat are
//!   ignored;
//! - a leave request (`отпуск с 10 по 20 декабря`, `прошу отпуск с 10.12 по
//!   20.12`, `leave Dec 10 - Dec 20`) is taken out of its line before the
//!   line's moves and commands are read (`leave.rs` says when a clause asks
//!   for leave, `dates.rs` which dates it reads); one whose dates do not read,
//!   or that has none (`хочу в отпуск`), is [`Unrecognised::LeaveDates`];
//! - a question to the referee (`ходы`, `why c3-d4`, `правила`) or a sealed
//!   move (`записываю ход e7-e5`, `seal e7-e5`) takes the whole line: see
//!   [`crate::mail::ask_words`];
//! - a withdrawal from a tournament (`выбываю из турнира`, `I withdraw from
//!   the tournament`) is [`Intent::Withdraw`], a question about it (`можно
//!   ли выйти из турнира?`) [`Intent::HowToWithdraw`]; negated or quoted, it
//!   is nothing (`withdrawal.rs`);
//! - the subject counts too (after `Re:`, `Ответ:`, `Fwd:` and the
//!   `[zaochka #N]` tag are removed), but only when it holds nothing but moves,
//!   command words and filler: a bot subject like "Your move (Chess)" is not
//!   read. A leave request in it is read as in the body.
//!
//! Per game: a move and a draw offer together make one [`Intent::Move`] with
//! `offer_draw`; a claim and a move make one [`Intent::ClaimDraw`] with the
//! move; the same intent twice (subject and body) counts once; two different
//! moves for one game are [`Unrecognised::SeveralMoves`]. A mail with no
//! command at all gives one [`Intent::Unrecognised`] with the reason.

mod commands;
mod dates;
mod layout;
mod leave;
mod lexicon;
mod lines;
mod merge;
mod moves;
mod prefixes;
mod speech;
mod tokens;
mod types;
mod withdrawal;

#[cfg(test)]
mod tests;

pub use lexicon::is_command_word;
pub use lines::read_intents;
pub use types::{
    Act, Addressed, Context, Doubt, Intent, LINE_EXCERPT_BYTES, MAX_MOVE_WORD_BYTES, MoveSyntax,
    MoveText, Source, Unrecognised,
};
pub use withdrawal::{CODE_DIGITS, confirmation};
