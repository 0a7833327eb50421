//! zaochka: a referee for correspondence games (Russian checkers, Bashni,
//! Lasca, international draughts, chess) by mail and from the command line.
//!
//! # Code map
//!
//! Layers, drawn top down; a module imports only the layers drawn below it
//! (`tests/it/module_graph.rs` checks every path, and `docs/architecture.md`
//! holds the graph with its few pending upward edges and why each is there).
//!
//! ```text
//!   edges     config (the TOML file), daemon (IMAP/Maildir in, SMTP/files
//!             out, DNS, signals, inotify), cli (argv, stdout, files)
//!   site      a tournament's pages, written into a folder
//!   letters   every mail to a person, composed whole: words the referee's
//!             typed replies (referee::told) and draws their boards
//!   diagram   boards as text, SVG, PNG
//!   words     every sentence a person reads, English and Russian, from the
//!             typed values below (long bilingual tables are data beside
//!             their module: words/rules_summary.toml, rules/clauses.toml)
//!   referee   handle(): one command, one SQLite transaction; returns
//!             typed replies (what is told, referee::told), no sentence
//!   store     one SQLite file, the only SQL; maps rows to the core's types
//!   core      mail (envelopes, the readers of what a person writes) ─►
//!             tournament (Berger, standings) ─► clock (days, leave) ─►
//!             games (AnyGame: one interface, the registry) ─► notation
//!             (squares, moves as written, FEN, PDN, PGN) ─► printable,
//!             names, vocabulary (GameId, PlayerId, Side, Language, ...) ─►
//!             rules (boards, move generation; rules::DiagonalPosition: one
//!             trait for the draughts Position and the TowerPosition)
//! ```
//!
//! # Invariants (checked by `tests/it/module_graph.rs`)
//!
//! - **No I/O** below the edges: the core, [`store`] aside, computes on
//!   values, and `now` is always passed in, never read (the referee reaches
//!   the database only through [`store`]'s functions, inside the caller's
//!   transaction).
//! - **No sentence in the core**: its errors are enums whose `Display` is
//!   short English for logs; [`words`] words them.
//! - **No sentence in the referee**: a reply says what is told as typed
//!   values ([`referee::told`]); [`letters`] words it in the reader's language
//!   through [`words`] and draws its board, in one pass (no text is added to
//!   a body afterwards: notes are typed too). Russian outside [`words`]
//!   only as the words the readers accept (their lexicons).
//! - [`store`] alone speaks SQL (rusqlite), one transaction per command or mail.
//! - [`daemon`] alone speaks to mail servers, sockets and DNS (IMAP, SMTP
//!   through lettre, mail-auth, inotify); [`daemon`], [`cli`], [`store`],
//!   [`config`] and [`site`] alone touch files.
//! - Every mail to a person is composed in [`letters`] (From,
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
pub mod letters;
pub mod mail;
pub mod notation;
pub mod printable;
pub mod referee;
pub mod rules;
pub mod site;
pub mod store;
pub mod tournament;
pub mod vocabulary;
pub mod words;
