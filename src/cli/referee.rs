//! `zaochka referee ...`: tournament directors' actions, each audit-logged.

use std::process::ExitCode;

use super::play::parse_game;
use super::store_args::{StoreArgs, run};
use crate::referee::{Command, DirectorAction, RefereeError, parse_side};
use crate::store::audit::{self, AuditFilter};
use crate::store::{GameId, GameResult, Side};

/// A director's action, with the game, the director and the reason.
#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Decide the result: 1-0, 0-1 or 1/2-1/2.
    Adjudicate {
        #[command(flatten)]
        who: Director,
        /// The result.
        #[arg(value_parser = parse_result, allow_hyphen_values = true)]
        result: GameResult,
    },
    /// Take the game back to the position after ply N (seed 000 §1.14).
    Rollback {
        #[command(flatten)]
        who: Director,
        /// The ply to keep (0 = the start position).
        ply: u32,
    },
    /// The given side loses by forfeit.
    Forfeit {
        #[command(flatten)]
        who: Director,
        /// The side that loses: white or black.
        #[arg(value_parser = side_arg)]
        loser: Side,
    },
    /// Annul the game.
    Annul {
        #[command(flatten)]
        who: Director,
    },
    /// Add days to a side's clock (negative to remove).
    AddDays {
        #[command(flatten)]
        who: Director,
        /// white or black.
        #[arg(value_parser = side_arg)]
        side: Side,
        /// Days (may be negative).
        #[arg(allow_hyphen_values = true)]
        days: i32,
    },
    /// Pause the game.
    Pause {
        #[command(flatten)]
        who: Director,
    },
    /// Adjourn the game: the player to move may seal a move.
    Adjourn {
        #[command(flatten)]
        who: Director,
    },
    /// Resume a paused or adjourned game (a sealed move is revealed and played).
    Resume {
        #[command(flatten)]
        who: Director,
    },
    /// Print the audit log (of one game, or all).
    Log {
        /// The game number.
        #[arg(value_parser = parse_game)]
        game: Option<GameId>,
        /// Print JSON lines.
        #[arg(long)]
        json: bool,
    },
}

/// The game, the director and the reason.
#[derive(clap::Args, Debug)]
pub struct Director {
    /// The game number.
    #[arg(value_parser = parse_game)]
    game: GameId,
    /// The director's registered address (referee or admin role).
    #[arg(long = "as")]
    actor: String,
    /// Why (written to the audit log).
    #[arg(long)]
    reason: String,
    /// Print JSON with the replies.
    #[arg(long)]
    json: bool,
}

/// Tournament directors' actions.
#[derive(clap::Args, Debug)]
pub struct Referee {
    #[command(subcommand)]
    action: Action,
}

fn parse_result(s: &str) -> Result<GameResult, String> {
    match s.trim() {
        "1-0" => Ok(GameResult::WhiteWins),
        "0-1" => Ok(GameResult::BlackWins),
        "1/2-1/2" | "½-½" | "draw" => Ok(GameResult::Draw),
        _ => Err(format!("{s:?} is not a result (1-0, 0-1, 1/2-1/2)")),
    }
}

fn side_arg(s: &str) -> Result<Side, String> {
    parse_side(s).ok_or_else(|| format!("{s:?} is not a side (white, black)"))
}

impl Referee {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let (who, action) = match self.action {
            Action::Adjudicate { who, result } => (who, DirectorAction::Adjudicate(result)),
            Action::Rollback { who, ply } => (who, DirectorAction::Rollback(ply)),
            Action::Forfeit { who, loser } => (who, DirectorAction::Forfeit(loser)),
            Action::Annul { who } => (who, DirectorAction::Annul),
            Action::AddDays { who, side, days } => (who, DirectorAction::AddDays(side, days)),
            Action::Pause { who } => (who, DirectorAction::Pause),
            Action::Adjourn { who } => (who, DirectorAction::Adjourn),
            Action::Resume { who } => (who, DirectorAction::Resume),
            Action::Log { game, json } => return log(db, game, json),
        };
        let cmd = Command::Direct {
            game: who.game,
            action,
            reason: who.reason,
        };
        run(db, cmd, &who.actor, who.json)
    }
}

fn log(db: &StoreArgs, game: Option<GameId>, json: bool) -> anyhow::Result<ExitCode> {
    let mut store = db.open()?;
    let entries = store.read(|tx| -> Result<_, RefereeError> {
        let list = audit::list(
            tx,
            &AuditFilter {
                game,
                ..AuditFilter::default()
            },
        )?;
        let mut out = Vec::new();
        for e in list {
            let actor = match e.actor {
                Some(a) => crate::store::players::get(tx, a)?.email,
                None => "-".into(),
            };
            out.push((e, actor));
        }
        Ok(out)
    })?;
    for (e, actor) in entries {
        if json {
            println!(
                "{}",
                serde_json::json!({"at": e.at.to_rfc3339(), "actor": actor, "action": e.action,
                    "game": e.game_id.map(|g| g.0), "reason": e.reason, "details": e.details})
            );
        } else {
            println!(
                "{} {actor} {} game #{} reason: {}",
                e.at.to_rfc3339(),
                e.action,
                e.game_id.map_or("-".into(), |g| g.to_string()),
                e.reason.unwrap_or_default()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
