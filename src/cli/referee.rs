//! `zaochka referee ...`: tournament directors' actions, each audit-logged.

use std::process::ExitCode;

use super::play::parse_game;
use super::store_args::{StoreArgs, run};
use crate::referee::{Command, DirectorAction, RefereeError, parse_side};
use crate::store::audit::{self, AuditFilter};
use crate::store::games::{self, GameFilter};
use crate::vocabulary::{Color, GameId, GameResult, GameStatus};

/// A director's action, with the game, the director and the reason.
#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Decide the result: 1-0, 0-1 or 1/2-1/2.
    Adjudicate {
        #[command(flatten)]
        who: Director,
        /// The result: 1-0, 0-1, 1/2-1/2, or words such as "draw", "white won",
        /// «ничья», «победа белых», «чёрные».
        #[arg(value_parser = super::parse_result, allow_hyphen_values = true)]
        result: GameResult,
    },
    /// Take the game back to the position after ply N.
    ///
    /// For an irregularity found during the game (an illegal move let through,
    /// a wrong position): the game is replayed from the last correct position,
    /// as the Column Checkers Code, §1.14, provides. The clocks stand as after
    /// that ply, the side to move's running from now.
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
        loser: Color,
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
        side: Color,
        /// Days (may be negative).
        #[arg(allow_hyphen_values = true)]
        days: i32,
        /// Take the balance below zero (the side then loses on time at the
        /// daemon's next tick); refused without it.
        #[arg(long)]
        force: bool,
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
    /// Pause every active game of a tournament: their clocks stop.
    ///
    /// For an outage that hit every player of the tournament (the club's mail
    /// server was down): no one is charged for the time until the resumption.
    PauseTournament {
        /// The tournament name, as given to `game new --tournament`.
        tournament: String,
        /// The director's registered address.
        #[arg(long = "as")]
        actor: String,
        /// Why (written to the audit log of each game).
        #[arg(long)]
        reason: String,
    },
    /// Resume every paused game of a tournament; deadlines move by the pause.
    ResumeTournament {
        /// The tournament name.
        tournament: String,
        /// The director's registered address.
        #[arg(long = "as")]
        actor: String,
        /// Why (written to the audit log of each game).
        #[arg(long)]
        reason: String,
    },
    /// Enter a leave a player asked for by phone or in person.
    ///
    /// Enter a leave a player asked for another way (by phone): the same rules
    /// as a leave asked for by mail (allowance per year, the tournament's
    /// leave days); the player and their opponents are told by mail.
    Leave {
        /// The player's registered address.
        player: String,
        /// First day of leave (YYYY-MM-DD, in the player's time zone).
        from: chrono::NaiveDate,
        /// Last day of leave, included.
        to: chrono::NaiveDate,
        /// The director's registered address.
        #[arg(long = "as")]
        actor: String,
        /// Why (written to the audit log and told to the player).
        #[arg(long)]
        reason: String,
    },
    /// Print the audit log (of one game, or all).
    Log {
        /// The game number.
        #[arg(value_parser = parse_game)]
        game: Option<GameId>,
        /// List the processed mail instead, each with its token check and its
        /// DKIM, SPF, DMARC and ARC verdicts.
        #[arg(long)]
        mail: bool,
    },
    /// Restart a player's clock stopped by a bounced move notice.
    ///
    /// End the stop of a player's clock after a bounced move notice (the
    /// address works again, or the director decides the game goes on).
    BounceClear {
        #[command(flatten)]
        who: Director,
        /// The player's registered address.
        player: String,
    },
    /// List each ply's timing: the mail's date, arrival, processing and time charged.
    ///
    /// List per ply the mail's Date header, the arrival and processing
    /// instants, and the reflection time charged apart from the time not
    /// charged.
    Receipts {
        /// The game number.
        #[arg(value_parser = parse_game)]
        game: GameId,
    },
    /// Accept a claim for a game frozen at the end of the playing period.
    ///
    /// Accept a claim for a game frozen at the end of the tournament's
    /// playing period: the game ends with the claimed result; both players
    /// are told by mail.
    AcceptClaim {
        #[command(flatten)]
        who: Director,
        /// Whose claim (white or black); needed only when both sides claimed
        /// different results.
        #[arg(long, value_parser = side_arg)]
        side: Option<Color>,
    },
    /// Reject a claim for a game frozen at the end of the playing period.
    ///
    /// Reject a claim for a game frozen at the end of the playing period:
    /// the game waits for adjudication; both players are told by mail.
    RejectClaim {
        #[command(flatten)]
        who: Director,
        /// Whose claim (white or black); needed only when both sides claimed
        /// different results.
        #[arg(long, value_parser = side_arg)]
        side: Option<Color>,
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
}

/// Tournament directors' actions.
#[derive(clap::Args, Debug)]
pub struct Referee {
    #[command(subcommand)]
    action: Action,
}

fn side_arg(s: &str) -> Result<Color, String> {
    parse_side(s).ok_or_else(|| crate::words::operator::arguments::not_a_side(s))
}

impl Referee {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let (who, action) = match self.action {
            Action::Adjudicate { who, result } => (who, DirectorAction::Adjudicate(result)),
            Action::Rollback { who, ply } => (who, DirectorAction::Rollback(ply)),
            Action::Forfeit { who, loser } => (who, DirectorAction::Forfeit(loser)),
            Action::Annul { who } => (who, DirectorAction::Annul),
            Action::AddDays {
                who,
                side,
                days,
                force,
            } => (who, DirectorAction::AddDays(side, days, force)),
            Action::Pause { who } => (who, DirectorAction::Pause),
            Action::Adjourn { who } => (who, DirectorAction::Adjourn),
            Action::Resume { who } => (who, DirectorAction::Resume),
            Action::Log { game, mail: true } => return super::mail_log::print(db, game, db.json),
            Action::Log { game, .. } => return log(db, game, db.json),
            Action::Leave {
                player,
                from,
                to,
                actor,
                reason,
            } => {
                let cmd = Command::LeaveFor {
                    player,
                    from,
                    to,
                    reason,
                };
                return run(db, cmd, &actor);
            }
            Action::PauseTournament {
                tournament,
                actor,
                reason,
            } => {
                return tournament_wide(db, &tournament, &actor, &reason, DirectorAction::Pause);
            }
            Action::ResumeTournament {
                tournament,
                actor,
                reason,
            } => {
                return tournament_wide(db, &tournament, &actor, &reason, DirectorAction::Resume);
            }
            Action::BounceClear { who, player } => {
                return super::timing::bounce_clear(db, who.game, &player, &who.actor, &who.reason);
            }
            Action::Receipts { game } => return super::timing::receipts(db, game, db.json),
            Action::AcceptClaim { who, side } => return rule_claim(db, who, side, true),
            Action::RejectClaim { who, side } => return rule_claim(db, who, side, false),
        };
        let cmd = Command::Direct {
            game: who.game,
            action,
            reason: who.reason,
        };
        run(db, cmd, &who.actor)
    }
}

/// Accepts (`accept`) or rejects the claim of `side` (or the only one) for a
/// game frozen at the end of its tournament's playing period.
fn rule_claim(
    db: &StoreArgs,
    who: Director,
    side: Option<Color>,
    accept: bool,
) -> anyhow::Result<ExitCode> {
    let cmd = Command::RuleClaim {
        game: who.game,
        side,
        accept,
        reason: who.reason,
    };
    run(db, cmd, &who.actor)
}

/// Pauses or resumes every game of a tournament in one transaction, each
/// audit-logged; the players are told by mail.
fn tournament_wide(
    db: &StoreArgs,
    tournament: &str,
    actor: &str,
    reason: &str,
    action: DirectorAction,
) -> anyhow::Result<ExitCode> {
    let config = db.config()?;
    let mut store = db.open()?;
    let now = db.now();
    let status = if action == DirectorAction::Pause {
        GameStatus::Active
    } else {
        GameStatus::Paused
    };
    let done = store.transaction(|tx| -> Result<Vec<GameId>, RefereeError> {
        let director = super::store_args::player_by_email(tx, actor)?;
        // A name that no tournament and no game carries is a mistake, not
        // "0 games".
        let known = crate::store::tournaments::find(tx, tournament)?.is_some()
            || games::count(
                tx,
                &GameFilter {
                    tournament: Some(tournament.to_string()),
                    ..GameFilter::default()
                },
            )? > 0;
        if !known {
            return Err(crate::referee::TournamentRefusal::Unknown(tournament.to_string()).into());
        }
        let filter = GameFilter {
            tournament: Some(tournament.to_string()),
            status: Some(status),
            ..GameFilter::default()
        };
        let mut ids = Vec::new();
        for g in games::list(tx, &filter)? {
            let cmd = Command::Direct {
                game: g.id,
                action: action.clone(),
                reason: reason.to_string(),
            };
            let h = crate::referee::handle(
                tx,
                &cmd,
                director.id,
                now,
                crate::referee::Source::default(),
            )?;
            crate::letters::queue_replies(tx, &config.bot(), &h.replies, now)?;
            ids.push(g.id);
        }
        Ok(ids)
    });
    match done {
        Ok(ids) => {
            println!(
                "tournament {tournament:?}: {} {}",
                action.name(),
                crate::words::game::count_en(ids.len(), "game", "games")
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => super::output::refusal_or_fault(e, db.json),
    }
}

/// One audit entry as `referee log` prints it: the instant, the actor, the
/// action, the game, the facts of its details in words (`side: white, days:
/// -10, force: yes`; `email: a@x -> b@x`) and the reason if one was given.
fn log_line(e: &audit::AuditEntry, actor: &str) -> String {
    let action = e.action.replace('_', " ");
    let mut line = format!("{} {actor} {action}", e.at.to_rfc3339());
    if let Some(g) = e.game_id {
        line.push_str(&format!(" game #{g}"));
    }
    if let Some(facts) = e.details.as_ref().map(facts).filter(|f| !f.is_empty()) {
        line.push_str(&format!(" ({facts})"));
    }
    match e.reason.as_deref().map(str::trim) {
        Some(r) if !r.is_empty() => line.push_str(&format!(" reason: {r}")),
        _ => {}
    }
    if let Some(m) = &e.message_id {
        line.push_str(&format!(" (by mail <{m}>)"));
    }
    line
}

/// The details of an audit entry in words: each field as `name: value`
/// (underscores as spaces), a change `old -> new`, a list joined by commas,
/// nested fields in brackets, `yes`/`no` for flags; null fields are left out.
fn facts(details: &serde_json::Value) -> String {
    use serde_json::Value;
    fn value(v: &Value) -> String {
        match v {
            // A stored name (`lose_on_time`) reads as words; other text as written.
            Value::String(s) if s.chars().all(|c| c.is_ascii_lowercase() || c == '_') => {
                s.replace('_', " ")
            }
            Value::String(s) => s.clone(),
            Value::Bool(true) => "yes".into(),
            Value::Bool(false) => "no".into(),
            Value::Number(n) => n.to_string(),
            Value::Array(a) => a.iter().map(value).collect::<Vec<_>>().join(", "),
            Value::Object(o) => match (o.get("old"), o.get("new")) {
                (Some(old), Some(new)) if o.len() == 2 => {
                    format!("{} -> {}", value(old), value(new))
                }
                _ => format!("({})", facts(v)),
            },
            Value::Null => "-".into(),
        }
    }
    match details {
        Value::Object(o) => o
            .iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| match v {
                // A time control reads as the players read it.
                _ if k == "time_control" => crate::clock::TimeControl::from_json(v).map_or_else(
                    |_| format!("time control: {}", value(v)),
                    |c| {
                        format!(
                            "time control: {}",
                            c.describe(crate::vocabulary::Language::En)
                        )
                    },
                ),
                // A map of changes reads as its fields.
                Value::Object(inner) if !inner.contains_key("old") => facts(v),
                _ => format!("{}: {}", k.replace('_', " "), value(v)),
            })
            .filter(|f| !f.is_empty())
            .collect::<Vec<_>>()
            .join(", "),
        Value::Null => String::new(),
        other => value(other),
    }
}

fn log(db: &StoreArgs, game: Option<GameId>, json: bool) -> anyhow::Result<ExitCode> {
    let mut store = db.open()?;
    let entries = store.read(|tx| -> Result<_, RefereeError> {
        if let Some(id) = game {
            crate::referee::load::row(tx, id)?;
        }
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
    });
    let entries = match entries {
        Ok(entries) => entries,
        Err(e) => return super::output::refusal_or_fault(e, json),
    };
    let lines: Vec<_> = entries
        .into_iter()
        .map(|(e, actor)| {
            let words = log_line(&e, &actor);
            let entry = LogEntry {
                at: e.at.to_rfc3339(),
                actor,
                action: e.action,
                game: e.game_id.map(|g| g.0),
                reason: e.reason,
                details: e.details,
                message_id: e.message_id,
            };
            super::output::Worded::new(entry, words)
        })
        .collect();
    super::output::emit_lines(
        &lines,
        crate::words::operator::mailbox::empty_referee_log(),
        json,
    )
}

/// One entry of the referee's log in JSON (the instant in RFC 3339, the
/// actor's address or `-`); in words [`log_line`].
#[derive(serde::Serialize)]
struct LogEntry {
    at: String,
    actor: String,
    action: String,
    game: Option<i64>,
    reason: Option<String>,
    details: Option<serde_json::Value>,
    message_id: Option<String>,
}
