//! `zaochka check`: replays every game of PDN and PGN files and reports the first
//! illegal or ambiguous ply of each.
//!
//! A file whose name ends in `.pgn` (any case) is PGN: read with
//! [`pdn::read_pgn_games`] and replayed as chess unless a game's `GameType` tag
//! names another game ([`games::replay_pgn`]). Any other file is PDN, each game's
//! variant decided by [`games::variant_of`].

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};

use crate::games::{self, CheckedGame, MoveErrorKind};
use crate::lang::Language;
use crate::notation::pdn::{self, PdnGame};
use crate::rules::Color;

/// Replays every game in PDN or PGN files (`.pgn`: chess) and prints one line per
/// game: OK, or the first illegal or ambiguous ply with its move number, the text
/// as written, the reason and the position before it. Exits with 1 if any game
/// fails.
#[derive(clap::Args, Debug)]
pub struct Check {
    /// PDN files to check (PGN chess files when the name ends in `.pgn`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per game (JSON Lines) instead of text.
    #[arg(long)]
    json: bool,
    /// Print only failing games and the summary.
    #[arg(long, short)]
    quiet: bool,
}

/// The verdict on one game.
struct Verdict {
    ok: bool,
    text: String,
    json: serde_json::Value,
}

impl Check {
    pub(super) fn execute(self) -> anyhow::Result<ExitCode> {
        let (mut games, mut failed) = (0usize, 0usize);
        for path in &self.files {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            let content = String::from_utf8_lossy(&bytes);
            let pgn = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
            let parsed: Vec<Result<PdnGame, pdn::PdnError>> = if pgn {
                pdn::read_pgn_games(&content).collect()
            } else {
                pdn::read_games(&content).collect()
            };
            let bar = progress(parsed.len() as u64);
            let name = path.display().to_string();
            for v in check_all(&parsed, &name, pgn, &bar) {
                games += 1;
                failed += usize::from(!v.ok);
                if self.json {
                    println!("{}", v.json);
                } else if !v.ok || !self.quiet {
                    print!("{}", v.text);
                }
            }
            bar.finish_and_clear();
        }
        if !self.json {
            println!(
                "{games} games: {} legal, {failed} with faults",
                games - failed
            );
        }
        Ok(if failed == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    }
}

fn progress(len: u64) -> ProgressBar {
    if len < 2000 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec}") {
        bar.set_style(style);
    }
    bar
}

/// Checks games on all cores, keeping file order.
fn check_all(
    parsed: &[Result<PdnGame, pdn::PdnError>],
    file: &str,
    pgn: bool,
    bar: &ProgressBar,
) -> Vec<Verdict> {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let chunk = parsed.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = parsed
            .chunks(chunk)
            .enumerate()
            .map(|(k, games)| {
                s.spawn(move || {
                    games
                        .iter()
                        .enumerate()
                        .map(|(i, g)| {
                            bar.inc(1);
                            verdict(g, file, pgn, k * chunk + i + 1)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

fn verdict(game: &Result<PdnGame, pdn::PdnError>, file: &str, pgn: bool, index: usize) -> Verdict {
    let game = match game {
        Ok(g) => g,
        Err(e) => {
            return Verdict {
                ok: false,
                text: format!(
                    "{file}:{} game {index}: unreadable {}: {e}\n",
                    e.line(),
                    if pgn { "PGN" } else { "PDN" }
                ),
                json: serde_json::json!({"file": file, "game": index, "line": e.line(), "ok": false, "error": e.to_string()}),
            };
        }
    };
    let who = format!(
        "{} – {}",
        game.tag("White").unwrap_or("?"),
        game.tag("Black").unwrap_or("?")
    );
    let head = format!("{file}:{} game {index} {who}", game.line);
    let base = serde_json::json!({
        "file": file, "game": index, "line": game.line,
        "white": game.tag("White"), "black": game.tag("Black"), "result": game.result,
    });
    let replayed = if pgn {
        games::replay_pgn(game)
    } else {
        games::replay_pdn(game)
    };
    match replayed {
        Err(e) => fail(
            base,
            format!("{head}: {e}\n"),
            serde_json::json!({"error": e.to_string()}),
        ),
        Ok(checked) => report(&checked, game, base, head),
    }
}

fn fail(mut base: serde_json::Value, text: String, extra: serde_json::Value) -> Verdict {
    base["ok"] = false.into();
    if let (Some(b), Some(e)) = (base.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    Verdict {
        ok: false,
        text,
        json: base,
    }
}

fn report(
    checked: &CheckedGame,
    game: &PdnGame,
    mut base: serde_json::Value,
    head: String,
) -> Verdict {
    let record = &checked.record;
    let plies = record.game.plies();
    base["variant"] = checked.variant.name().into();
    base["plies"] = plies.into();
    let Some(f) = &record.failure else {
        base["ok"] = true.into();
        let mut note = String::new();
        if let Some(u) = checked.unrecorded_from {
            base["unrecorded_from_ply"] = (u + 1).into();
            note = format!(", moves not recorded from ply {}", u + 1);
        }
        let result = game.result.as_deref().unwrap_or("*");
        return Verdict {
            ok: true,
            text: format!("{head}: OK, {plies} plies ({result}){note}\n"),
            json: base,
        };
    };
    let dots = if f.side == Color::Black { "..." } else { "." };
    let (kind, candidates) = match &f.error.kind {
        MoveErrorKind::Unreadable { .. } => ("unreadable", Vec::new()),
        MoveErrorKind::Illegal { .. } => ("illegal", Vec::new()),
        MoveErrorKind::Ambiguous(list) | MoveErrorKind::AmbiguousChess(list) => {
            ("ambiguous", list.clone())
        }
    };
    let reason = f.error.message(Language::En);
    let fen_before = record.game.fen();
    let mut text = format!(
        "{head}: {} at move {}{dots} {:?}: {reason}\n  position before it ({fen_before}):\n",
        kind.to_uppercase(),
        f.move_number,
        f.error.written
    );
    for line in crate::diagram::game_text(
        record.game.as_ref(),
        Color::White,
        &crate::diagram::Options::default(),
    )
    .lines()
    {
        text.push_str("    ");
        text.push_str(line);
        text.push('\n');
    }
    fail(
        base,
        text,
        serde_json::json!({
            "fault": kind, "move_number": f.move_number,
            "side": if f.side == Color::White { "white" } else { "black" },
            "written": f.error.written, "reason": reason, "candidates": candidates, "fen_before": fen_before,
        }),
    )
}
