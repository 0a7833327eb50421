//! The prose layer: every sentence a player or a director reads, English and
//! Russian side by side, rendered from the typed values the rest of the code
//! passes around (move errors, game endings, claims, clock events, notices).
//! Nothing outside this module writes a sentence for a player; each submodule
//! words one family of values with an exhaustive `match`, so a new variant of
//! an enum cannot go unworded.
//!
//! - [`catalog`]: the Fluent message catalogs (`catalog/en.ftl`,
//!   `catalog/ru.ftl`) and [`catalog::Message`], an id with its arguments;
//!   the modules moved into them map each typed value to its message id with
//!   an exhaustive `match` (`docs/languages.md`).
//! - [`rulebook`]: rule citations as the rulebooks themselves are cited
//!   (never a project file: `../shared/RULES.md` §9 has the table).
//! - [`moves`]: why a move was refused, how the rules ended a game, which draw
//!   may be claimed, results, and the referee's events (moves, resignations,
//!   sealed moves, draw offers and claims).
//! - [`chess`]: the chess move reader's reasons and chess moves in Russian piece
//!   letters.
//! - [`game`]: variant names, sides, results, terminations, game states, clocks,
//!   reminders, subjects and the example move of each game.
//! - [`clock`]: a time control in words, why a time control, a leave or a
//!   zone was refused, durations in days and hours.
//! - [`events`]: what the director did, and leave.
//! - [`diagram`]: the words on diagrams (whose move, last move, kings, towers).
//! - [`director_mail`]: the answer to a director's commands by mail.
//! - [`referee`]: why the referee or the clock refused a command.
//! - [`help`]: the help text and the first mail of a game.
//! - [`state`]: a game's state for one reader (board, score, whose move or the
//!   result, clocks, a pending offer).
//! - [`tournament_events`]: a tournament's part of the first mail, replacements,
//!   the end of the playing period and the claims for adjudication.
//! - [`site`]: the words of the tournament site (headings, links, captions).
//! - [`mail`]: the bot's answers about mail itself (nothing understood, several
//!   moves, limits, a mail without its token, lines for other games).
//! - [`tournament`]: a tournament's crosstable and the one-line standing of a
//!   game-end mail.
//! - [`pauses`]: a clock stopped by a bounced move notice (the directors'
//!   alert, the line in the game's mails) and the timing line of a move reply.
//! - [`ask`], [`rules_summary`]: answers to `moves`, `why` and `rules`
//!   (the legal moves, a move's verdict, the rules with citations).
//! - [`conditional`]: conditional moves, to their owner (lines kept or
//!   refused, the list, the play-out).
//! - [`setup`]: why a start position was refused (a chess FEN by its field or
//!   by what makes it illegal).
//! - [`records`]: why a record file's game cannot be replayed, for the
//!   record checker's console (`check`, `import`).
//! - [`reverse`]: the same words read back, for the command line's result and
//!   status arguments («ничья», «окончена»).

pub mod account;
pub mod alerts;
pub mod ask;
pub mod bulletin;
pub mod catalog;
pub mod chess;
pub mod clock;
pub mod conditional;
pub mod diagram;
pub mod digest;
pub mod director_mail;
pub mod events;
pub mod game;
pub mod help;
pub mod mail;
pub mod moves;
pub mod operator;
pub mod outbox;
pub mod pauses;
pub mod ratings;
pub mod receipts;
pub mod records;
pub mod referee;
pub mod reverse;
pub mod rulebook;
pub mod rules_summary;
pub mod sentence;
pub mod setup;
pub mod site;
pub mod state;
pub mod tournament;
pub mod tournament_events;
pub mod tournament_settings;
pub mod xfcc;
