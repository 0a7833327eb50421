//! zaochka: a referee for correspondence games (Russian checkers, Bashni,
//! Lasca, international draughts, chess) by mail and from the command line.
//!
//! # Code map
//!
//! The spine is rules → notation → games → referee: a move is checked by the
//! rules core, read and written by the notation, reached through one
//! interface for every game, and applied by the referee. Around it, the pure
//! computations (tournament, clock, diagram), the readers of mail and the
//! prose; below everything the words of the domain; at the edges, the only
//! modules that touch the world. An arrow is "uses".
//!
//! ```text
//!   edges (I/O)     cli ──────────────┐          daemon
//!                   (argv, stdout,    │          (IMAP/Maildir in, SMTP/files out,
//!                    files)           │           DNS, signals, inotify)
//!                      │   config ◄───┴──────────── │ (the TOML file)
//!                      ▼                            ▼
//!   services        referee ─── letters (the one composer of every mail)
//!                      │  handle(): one command, one SQLite transaction
//!          ┌───────────┼────────────┬──────────┬──────────┐
//!          ▼           ▼            ▼          ▼          ▼
//!   pure   mail      tournament   clock      diagram    site (pages into a folder)
//!   (no    (envelope, (Berger,    (days,     (text,
//!   I/O)   intents)   standings)  leave)     SVG, PNG)
//!          │           │            │          │
//!          └─────┬─────┴────────────┴──────────┘
//!                ▼
//!   spine   games (AnyGame: one interface, the registry) ─► notation (squares,
//!           moves as written, FEN, PDN, PGN) ─► rules (boards, move generation)
//!             games/diagonal: AnyGame once for     notation: one resolver and one
//!             draughts and towers; chess.rs        set of writers for both families
//!             over shakmaty                        (chess_move for chess)
//!                          rules::DiagonalPosition: one trait, one Move, one game
//!                          record DiagonalGame<P>, one perft; implemented by the
//!                          draughts Position and the TowerPosition (Bashni, Lasca)
//!
//!   prose   lang: every sentence a person reads, English and Russian, from the
//!           typed values of all of the above (used by all of them); long
//!           bilingual tables are data beside their module (the rules in
//!           words: lang/rules_summary.toml; the rulebook clause of each
//!           rule: rules/clauses.toml), compiled in and checked whole by tests
//!   words   vocabulary: GameId, PlayerId, Side (= rules::Color), GameStatus,
//!           GameResult, Termination (used by every layer)
//!   store   store: one SQLite file, the only SQL; maps rows to the types above
//! ```
//!
//! # Invariants (checked by `tests/it/layers.rs`)
//!
//! - **No I/O** in [`vocabulary`], [`rules`], [`notation`], [`games`],
//!   [`tournament`], [`clock`], [`diagram`], [`mail`], [`lang`] and
//!   [`referee`]: they compute on values, and `now` is always passed in,
//!   never read (the referee reaches the database only through [`store`]'s
//!   functions, inside the caller's transaction).
//! - [`mail`], [`clock`], [`rules`] and [`notation`] import nothing from
//!   [`store`], [`daemon`] or [`cli`]; [`lang`] nothing from [`daemon`] or
//!   [`cli`].
//! - [`store`] alone speaks SQL (rusqlite), one transaction per command or mail.
//! - [`daemon`] alone speaks to mail servers, sockets and DNS (IMAP, SMTP
//!   through lettre, mail-auth, inotify); [`daemon`], [`cli`], [`store`],
//!   [`config`] and [`site`] alone touch files.
//! - Prose: every sentence a player or a director reads is written in
//!   [`lang`], from typed values (move errors, endings, claims, clock and
//!   director events, notices); the other modules pass enums, never words.
//!   Every mail to a person is composed in [`referee::letters`] (From,
//!   Reply-To, Subject, threading), and the daemon and the command line only
//!   queue what it composed.
#[macro_use]
mod names;

pub mod cli;
pub mod clock;
pub mod config;
pub mod daemon;
pub mod diagram;
pub mod games;
pub mod lang;
pub mod mail;
pub mod notation;
pub mod printable;
pub mod referee;
pub mod rules;
pub mod site;
pub mod store;
pub mod tournament;
pub mod vocabulary;
