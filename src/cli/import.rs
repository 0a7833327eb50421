//! `zaochka import`: archive games from PDN files, checked on the way in.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use crate::games;
use crate::notation::pdn;
use crate::referee::RefereeError;
use crate::store::games::{self as game_rows, GameResult, NewGame, Termination};
use crate::store::moves::{self, NewMove};
use crate::store::players::{self, Language, NewPlayer, Role};
use crate::store::{PlayerId, Side, Tx};

use super::store_args::StoreArgs;

/// Imports finished games from PDN (or PGN) files into the archive. Every game is replayed
/// first; a game with an illegal or ambiguous ply is reported and not imported.
/// Players not yet registered are added under `@archive.invalid` addresses.
#[derive(clap::Args, Debug)]
pub struct Import {
    /// PDN files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

impl Import {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let mut store = db.open()?;
        let now = db.now();
        let (mut imported, mut refused) = (0, 0);
        for path in &self.files {
            let text =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            let text = String::from_utf8_lossy(&text);
            // A .pgn file is chess by default and `0-0` there is castling, not a result.
            let pgn = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
            let reader = if pgn {
                pdn::read_pgn_games(&text)
            } else {
                pdn::read_games(&text)
            };
            for (i, g) in reader.enumerate() {
                let where_ = format!("{}: game {}", path.display(), i + 1);
                let g = match g {
                    Ok(g) => g,
                    Err(e) => {
                        println!("{where_}: not imported: {e}");
                        refused += 1;
                        continue;
                    }
                };
                let checked = match if pgn {
                    games::replay_pgn(&g)
                } else {
                    games::replay_pdn(&g)
                } {
                    Ok(c) => c,
                    Err(e) => {
                        println!("{where_}: not imported: {e}");
                        refused += 1;
                        continue;
                    }
                };
                if let Some(f) = &checked.record.failure {
                    println!(
                        "{where_}: not imported: move {} {:?}: {}",
                        f.move_number, f.error.written, f.error
                    );
                    refused += 1;
                    continue;
                }
                let game = checked.record.game;
                let id = store.transaction(|tx| -> Result<_, RefereeError> {
                    let white = archive_player(tx, g.tag("White").unwrap_or("?"), now)?;
                    let black = archive_player(tx, g.tag("Black").unwrap_or("?"), now)?;
                    let mut new = NewGame::new(checked.variant.name(), white, black, now);
                    new.start_fen = g.tag("FEN").map(|_| game.start_fen());
                    new.tournament = g.tag("Event").map(str::to_string);
                    let row = game_rows::create(tx, &new)?;
                    let mut replay = games::new_game(checked.variant, new.start_fen.as_deref())
                        .map_err(|e| RefereeError::Invalid(e.to_string()))?;
                    let mut side = if replay.turn() == crate::rules::Color::White {
                        Side::White
                    } else {
                        Side::Black
                    };
                    for (k, full) in game.score().iter().enumerate() {
                        let played = replay.play(full).map_err(RefereeError::Move)?;
                        moves::append(
                            tx,
                            &NewMove {
                                game_id: row.id,
                                ply: k as u32 + 1,
                                side,
                                notation: played.full,
                                written: g.plies[k].text.clone(),
                                source_message: None,
                                received_at: now,
                                position_hash: played.hash_after as i64,
                            },
                        )?;
                        side = side.opposite();
                    }
                    let result = g.result.as_deref().and_then(result_of);
                    if let Some(r) = result {
                        game_rows::set_result(tx, row.id, r, Termination::Recorded, now)?;
                    }
                    Ok(row.id)
                });
                match id {
                    Ok(id) => {
                        println!("{where_}: imported as game #{id}");
                        imported += 1;
                    }
                    Err(RefereeError::Store(e)) => return Err(e.into()),
                    Err(e) => {
                        println!("{where_}: not imported: {e}");
                        refused += 1;
                    }
                }
            }
        }
        println!("{imported} games imported, {refused} refused");
        Ok(if refused == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    }
}

/// The result of a PDN result token (`2-0`, `0-2`, `1-1` as the 2-point forms).
fn result_of(token: &str) -> Option<GameResult> {
    match token {
        "1-0" | "2-0" => Some(GameResult::WhiteWins),
        "0-1" | "0-2" => Some(GameResult::BlackWins),
        "1/2-1/2" | "1-1" | "½-½" => Some(GameResult::Draw),
        _ => None,
    }
}

/// The player of an archived game: found by name among `@archive.invalid`
/// addresses, or added.
fn archive_player(
    tx: &Tx<'_>,
    name: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<PlayerId, RefereeError> {
    let slug: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '.'
            }
        })
        .collect::<String>()
        .trim_matches('.')
        .to_string();
    let hex: String = slug
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' {
                (b as char).to_string()
            } else {
                format!("{b:02x}")
            }
        })
        .collect();
    let mut email = format!(
        "{}@archive.invalid",
        if hex.is_empty() {
            "unknown".into()
        } else {
            hex
        }
    );
    if email.parse::<lettre::Address>().is_err() {
        // Dots that do not make a dot-atom (leading, trailing, doubled): spelled in hex.
        email = email.replacen('.', "2e", email.matches('.').count() - 1);
    }
    if let Some(p) = players::find_by_email(tx, &email)? {
        return Ok(p.id);
    }
    let p = players::add(
        tx,
        &NewPlayer {
            // Control characters from a file's tags never reach the players table.
            name: name
                .chars()
                .map(|c| {
                    if crate::printable::is_unsafe(c) {
                        ' '
                    } else {
                        c
                    }
                })
                .collect::<String>(),
            email,
            language: Language::Ru,
            time_zone: "UTC".into(),
            role: Role::Player,
            created_at: now,
        },
    )?;
    Ok(p.id)
}
