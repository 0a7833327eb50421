//! `zaochka game new|show|address|resend`.

use std::process::ExitCode;

use anyhow::{Context, anyhow};

use super::play::parse_game;
use super::store_args::{StoreArgs, player_by_email};
use crate::games::{self, AnyGame};
use crate::referee::RefereeError;
use crate::referee::create::{self, GameSpec};
use crate::referee::view::{score_text, start_turn};
use crate::rules::{Color, Variant};
use crate::store::games as game_rows;
use crate::store::moves;
use crate::store::{GameId, GameStatus, offers};

/// Creates and shows games.
#[derive(clap::Subcommand, Debug)]
pub enum Game {
    /// Start a game between two registered players.
    New {
        /// The game: russian, international, ...
        #[arg(long, value_parser = super::parse_variant)]
        variant: Variant,
        /// White's registered address.
        #[arg(long)]
        white: String,
        /// Black's registered address.
        #[arg(long)]
        black: String,
        /// Start position (FEN); the initial position if absent.
        #[arg(long)]
        fen: Option<String>,
        /// Opening moves to start from, e.g. a ballot `1. cd4 ba5 2. dc5`.
        #[arg(long)]
        opening: Option<String>,
        /// Time control: `3d/move`, `10/50`, `10/50 iccf`, `fischer 30+3 cap 60`
        /// (Russian words too), or its JSON form.
        #[arg(long)]
        time_control: Option<String>,
        /// Tournament name.
        #[arg(long)]
        tournament: Option<String>,
    },
    /// Show a game: diagram, score in full and short notation, result or whose
    /// move, pending draw offer.
    Show {
        /// The game number.
        #[arg(value_parser = parse_game)]
        game: GameId,
        /// Show the position after this ply (0 = the start).
        #[arg(long)]
        at: Option<usize>,
        /// Draw the board from Black's side.
        #[arg(long)]
        flip: bool,
    },
    /// Print a player's personal address of a game: the From and Reply-To
    /// of the bot's mails to that player about it (to give by phone to a
    /// player whose mails went to spam).
    Address {
        /// The game number.
        #[arg(value_parser = parse_game)]
        game: GameId,
        /// The player's registered address.
        player: String,
    },
    /// Send the invitation again, with the current position, to the
    /// registered address of one player (or both): queued in the outbox,
    /// answerable by pressing Reply, audit-logged.
    Resend {
        /// The game number.
        #[arg(value_parser = parse_game)]
        game: GameId,
        /// The player's registered address; both players if absent.
        player: Option<String>,
        /// The director's registered address (referee or admin role).
        #[arg(long = "as")]
        actor: String,
        /// Why (written to the audit log, and told in the mail when given).
        #[arg(long, default_value = crate::referee::RESEND_DEFAULT_REASON)]
        reason: String,
    },
}

impl Game {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        match self {
            Game::New {
                variant,
                white,
                black,
                fen,
                opening,
                time_control,
                tournament,
            } => new_game(
                db,
                variant,
                &white,
                &black,
                fen,
                opening,
                time_control,
                tournament,
            ),
            Game::Show { game, at, flip } => show(db, game, at, flip, db.json),
            Game::Address { game, player } => address(db, game, &player),
            Game::Resend {
                game,
                player,
                actor,
                reason,
            } => {
                let cmd = crate::referee::Command::Direct {
                    game,
                    action: crate::referee::DirectorAction::Resend(player),
                    reason,
                };
                super::store_args::run(db, cmd, &actor)
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn new_game(
    db: &StoreArgs,
    variant: Variant,
    white: &str,
    black: &str,
    fen: Option<String>,
    opening: Option<String>,
    time_control: Option<String>,
    tournament: Option<String>,
) -> anyhow::Result<ExitCode> {
    let time_control = time_control
        .as_deref()
        .map(parse_time_control)
        .transpose()?;
    let config = db.config()?;
    let mut store = db.open()?;
    let now = db.now();
    let created = store.transaction(|tx| -> Result<_, RefereeError> {
        let w = player_by_email(tx, white)?;
        let b = player_by_email(tx, black)?;
        let spec = GameSpec {
            variant,
            white: w.id,
            black: b.id,
            start_fen: fen,
            opening_moves: opening,
            opening_name: None,
            time_control,
            tournament,
        };
        let made = create::create(tx, &spec, now)?;
        crate::referee::letters::queue_replies(tx, &config, &made.invitations, now)?;
        Ok((made.game, w, b))
    });
    match created {
        Ok((row, w, b)) => {
            println!(
                "game #{} {}: {} (white) – {} (black)",
                row.id, row.variant, w.name, b.name
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(RefereeError::Store(e)) => Err(anyhow!(e)),
        Err(e) => {
            eprintln!("zaochka: refused: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// Reads `--time-control`: the text form (`3d/move`, `10/50 iccf`, Russian
/// words too) or its JSON form.
pub(super) fn parse_time_control(text: &str) -> anyhow::Result<crate::clock::TimeControl> {
    let t = text.trim();
    let en = crate::lang::Language::En;
    if t.starts_with('{') {
        let v: serde_json::Value = serde_json::from_str(t).context("--time-control JSON")?;
        crate::clock::TimeControl::from_json(&v).map_err(|e| anyhow!(e.message(en)))
    } else {
        t.parse::<crate::clock::TimeControl>()
            .map_err(|e| anyhow!(e.message(en)))
    }
}

fn show(
    db: &StoreArgs,
    id: GameId,
    at: Option<usize>,
    flip: bool,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let mut store = db.open()?;
    let loaded = store.read(|tx| -> Result<_, RefereeError> {
        let row = match game_rows::get(tx, id) {
            Ok(r) => r,
            Err(crate::store::StoreError::NotFound { .. }) => {
                return Err(RefereeError::UnknownGame(id));
            }
            Err(e) => return Err(e.into()),
        };
        let list = moves::list(tx, id)?;
        let white = crate::store::players::get(tx, row.white)?;
        let black = crate::store::players::get(tx, row.black)?;
        let offer = offers::pending(tx, id)?;
        let clocks = crate::store::game_clocks::report(tx, id, db.now())?;
        Ok((row, list, white, black, offer, clocks))
    });
    let (row, list, white, black, offer, clocks) = match loaded {
        Ok(x) => x,
        Err(RefereeError::Store(e)) => return Err(anyhow!(e)),
        Err(e) => {
            eprintln!("zaochka: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let plies = at.unwrap_or(list.len());
    if plies > list.len() {
        eprintln!(
            "zaochka: game #{id} has {} plies; there is no ply {plies}",
            list.len()
        );
        return Ok(ExitCode::from(1));
    }
    let variant = row.variant;
    let mut game: Box<dyn AnyGame> = games::new_game(variant, row.start_fen.as_deref())?;
    let mut shorts = Vec::new();
    for m in list.iter().take(plies) {
        shorts.push(game.play(&m.notation)?.short);
    }
    let first = start_turn(game.as_ref());
    let full = score_text(&game.score(), first, game.first_move_number());
    let short = score_text(&shorts, first, game.first_move_number());
    // A finished or annulled game has no deadline (its clocks stopped at the
    // end; older records may still have one running).
    let over = matches!(row.status, GameStatus::Finished | GameStatus::Annulled);
    if json {
        let mut v = serde_json::json!({
            "game": id.0, "variant": row.variant, "white": white.name, "black": black.name,
            "status": row.status.as_str(), "result": row.result.map(|r| r.as_str()),
            "termination": row.termination.map(|t| t.as_str()), "ply": plies, "plies": list.len(),
            "fen": game.fen(), "score_full": game.score(), "score_short": shorts,
            "to_move": if game.turn() == Color::White { "white" } else { "black" },
            "pending_offer": offer.map(|o| o.side.as_str()),
            "clocks": clocks.iter().flatten().map(|c| serde_json::json!({
                "side": c.side.as_str(), "running": c.running && !over, "used_seconds": c.used_seconds,
                "left_seconds": c.left_seconds, "moves_made": c.moves_made,
                "deadline": c.deadline.filter(|d| !over && !crate::clock::pauses::stands_open(*d))
                    .map(|d| d.to_rfc3339()),
            })).collect::<Vec<_>>(),
        });
        v["clock_pauses"] = super::timing::pauses_json(db, id)?;
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "Game #{id} ({}): {} – {}",
        row.variant, white.name, black.name
    );
    println!("Position after ply {plies} of {}:", list.len());
    print!(
        "{}",
        crate::diagram::game_text(
            game.as_ref(),
            if flip { Color::Black } else { Color::White },
            &crate::diagram::Options::default()
        )
    );
    println!("FEN {}", game.fen());
    println!("\nScore (full):\n{full}\n\nScore (short):\n{short}\n");
    match (row.result, row.termination) {
        (Some(r), Some(t)) => println!(
            "Result: {} ({})",
            r.as_str(),
            crate::lang::state::termination_words(t, r, crate::lang::Language::En)
        ),
        (Some(r), None) => println!("Result: {}", r.as_str()),
        _ => println!("Status: {}", row.status.as_str()),
    }
    if let Some(o) = offer {
        println!("Pending draw offer by {}", o.side.as_str());
    }
    if let Some(c) = row.time_control {
        println!("Time control: {}", c.describe(crate::lang::Language::En));
    }
    for c in clocks.iter().flatten() {
        use crate::clock::zone::{format_days_hours, format_utc};
        let en = crate::lang::Language::En;
        print!(
            "Clock {}: used {}, left {}",
            c.side.as_str(),
            format_days_hours(c.used_seconds, en),
            format_days_hours(c.left_seconds, en)
        );
        match (c.running && !over, c.deadline) {
            (true, Some(d)) if crate::clock::pauses::stands_open(d) => {
                println!("; clock stopped, no deadline");
            }
            (true, Some(d)) => println!("; move due by {}", format_utc(d)),
            _ => println!(),
        }
    }
    super::timing::print_pauses(db, id)?;
    Ok(ExitCode::SUCCESS)
}

/// `game address GAME PLAYER`: the player's reply address of the game.
fn address(db: &StoreArgs, id: GameId, player: &str) -> anyhow::Result<ExitCode> {
    let config = db.config()?;
    let mut store = db.open()?;
    let found = store.read(|tx| -> Result<String, RefereeError> {
        let p = player_by_email(tx, player)?;
        let row = match game_rows::get(tx, id) {
            Ok(r) => r,
            Err(crate::store::StoreError::NotFound { .. }) => {
                return Err(RefereeError::UnknownGame(id));
            }
            Err(e) => return Err(e.into()),
        };
        let not_in_game = || RefereeError::Invalid(format!("{player} does not play in game #{id}"));
        if row.side_of(p.id).is_none() {
            return Err(not_in_game());
        }
        crate::referee::letters::reply_address(tx, &config, Some(id), &p.email)?
            .ok_or_else(not_in_game)
    });
    match found {
        Ok(a) => {
            println!("{a}");
            Ok(ExitCode::SUCCESS)
        }
        Err(RefereeError::Store(e)) => Err(anyhow!(e)),
        Err(e) => {
            eprintln!("zaochka: refused: {e}");
            Ok(ExitCode::from(1))
        }
    }
}
