//! How a command's answer is printed: a value that is both `Display` (the
//! words a person reads) and `Serialize` (the JSON a program reads), printed
//! by [`emit`] as the global `--json` says; a refusal is printed by
//! [`refused`] (JSON on stdout with `--json`, the words on stderr always, exit
//! code 1). Commands that report as they go (`check` and `perft` over a file,
//! `demo`, `restore`'s replay, `clock status`) print their lines themselves.

use std::fmt::{self, Display};
use std::process::ExitCode;

use serde::Serialize;

use crate::referee::{RefereeError, Reply};
use crate::vocabulary::GameId;

/// Prints a command's answer: pretty JSON with `json`, else its words.
///
/// # Errors
/// A value that cannot be serialised (a map with non-text keys).
pub(super) fn emit<T: Display + Serialize>(value: &T, json: bool) -> anyhow::Result<ExitCode> {
    if json {
        println!("{}", serde_json::to_string_pretty(value)?);
    } else {
        println!("{}", value.to_string().trim_end());
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints a list as one JSON array (pretty) with `json`, else each item's
/// words on a line of its own (an item of several lines that ends with a
/// line break is followed by a blank line); an empty list in words is the
/// sentence `none` ("No legal move: the game is over."), never silence.
///
/// # Errors
/// An item that cannot be serialised.
pub(super) fn emit_list<T: Display + Serialize>(
    items: &[T],
    none: &str,
    json: bool,
) -> anyhow::Result<ExitCode> {
    if json {
        println!("{}", serde_json::to_string_pretty(items)?);
    } else if items.is_empty() {
        println!("{none}");
    } else {
        for item in items {
            println!("{item}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints a list one item a line: with `json` each item as one JSON object
/// (JSON Lines, for logs a program follows; nothing for an empty list), else
/// each item's words, or the sentence `none` for an empty list.
///
/// # Errors
/// An item that cannot be serialised.
pub(super) fn emit_lines<T: Display + Serialize>(
    items: &[T],
    none: &str,
    json: bool,
) -> anyhow::Result<ExitCode> {
    if items.is_empty() && !json {
        println!("{none}");
    }
    for item in items {
        if json {
            println!("{}", serde_json::to_string(item)?);
        } else {
            println!("{}", item.to_string().trim_end());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints a refusal (the command changed nothing): `{"ok": false, "error": …}`
/// on stdout with `json`, and `zaochka: refused: …` on stderr; exit code 1.
pub(super) fn refused(error: &dyn Display, json: bool) -> ExitCode {
    if json {
        let refusal = Refusal {
            ok: false,
            error: error.to_string(),
        };
        // Two plain fields always serialise.
        println!("{}", serde_json::to_string(&refusal).unwrap_or_default());
    }
    eprintln!("zaochka: refused: {error}");
    ExitCode::from(1)
}

/// A value with its words already written: its JSON is the value's, its
/// words the text (for answers whose words are built by a function the
/// command line shares, such as a log line or the crosstable).
pub(super) struct Worded<T> {
    value: T,
    words: String,
}

impl<T> Worded<T> {
    pub(super) fn new(value: T, words: String) -> Worded<T> {
        Worded { value, words }
    }
}

impl<T: Serialize> Serialize for Worded<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

impl<T> Display for Worded<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words)
    }
}

/// A refusal in JSON: `{"ok": false, "error": …}`.
#[derive(Serialize)]
struct Refusal {
    ok: bool,
    error: String,
}

/// What a command through the referee did: its summary line and the replies
/// queued for the players (`zaochka serve` sends them).
#[derive(Serialize)]
pub(super) struct Applied<'a> {
    /// Always true (a refusal is printed by [`refused`]).
    ok: bool,
    /// The game the command was about, if one.
    game: Option<GameId>,
    /// The referee's summary, one or more lines.
    summary: &'a str,
    /// Each mail queued: recipient, language code, game and body.
    replies: Vec<QueuedReply<'a>>,
}

/// One queued mail of [`Applied`].
#[derive(Serialize)]
struct QueuedReply<'a> {
    to: &'a str,
    language: &'static str,
    game: Option<GameId>,
    body: String,
}

impl<'a> Applied<'a> {
    /// The answer of a handled command.
    pub(super) fn new(game: Option<GameId>, summary: &'a str, replies: &'a [Reply]) -> Self {
        Applied {
            ok: true,
            game,
            summary,
            replies: replies
                .iter()
                .map(|r| QueuedReply {
                    to: &r.email,
                    language: r.language.code(),
                    game: r.game,
                    body: crate::letters::compose::body(r),
                })
                .collect(),
        }
    }
}

impl Display for Applied<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.summary)
    }
}

/// A tournament command's answer: its summary and the typed result.
#[derive(Serialize)]
pub(super) struct Changed<T: Serialize> {
    /// Always true (a refusal is printed by [`refused`]).
    ok: bool,
    /// The summary line.
    summary: String,
    /// What was made or changed.
    result: T,
}

impl<T: Serialize> Changed<T> {
    /// The answer with its summary.
    pub(super) fn new(summary: String, result: T) -> Self {
        Changed {
            ok: true,
            summary,
            result,
        }
    }
}

impl<T: Serialize> Display for Changed<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary)
    }
}

/// A referee error that is the database's is a fault of the program (exit 2),
/// any other a refusal (exit 1).
pub(super) fn refusal_or_fault(e: RefereeError, json: bool) -> anyhow::Result<ExitCode> {
    match e {
        RefereeError::Store(e) => Err(anyhow::anyhow!(e).context("database error")),
        e => Ok(refused(&e, json)),
    }
}
