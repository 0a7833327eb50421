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
use crate::store::offers;
use crate::vocabulary::{GameId, GameStatus};
use crate::words::operator::games as told;

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
        /// Leave the game out of the rating list (games are rated by default).
        #[arg(long)]
        unrated: bool,
    },
    /// Show a game: diagram, score, result or whose move.
    ///
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
    /// Print a player's personal address for a game (From and Reply-To of the bot's mails).
    ///
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
    /// Send the invitation again, with the current position, to one player or both.
    ///
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
        #[arg(long, default_value = crate::words::events::RESEND_DEFAULT_REASON)]
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
                unrated,
            } => new_game(
                db,
                variant,
                &white,
                &black,
                fen,
                opening,
                time_control,
                tournament,
                unrated,
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
    unrated: bool,
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
        if unrated {
            crate::store::ratings::set_game_rated(tx, made.game.id, false)?;
        }
        crate::letters::queue_replies(tx, &config.bot(), &made.invitations, now)?;
        Ok((made.game, w, b))
    });
    match created {
        Ok((row, w, b)) => {
            let summary = told::made(row.id, row.variant, &w.name, &b.name);
            let made = GameMade {
                game: row.id.0,
                variant: row.variant,
                white: w.email,
                black: b.email,
            };
            super::output::emit(&super::output::Changed::new(summary, made), db.json)
        }
        Err(e) => super::output::refusal_or_fault(e, db.json),
    }
}

/// What `game new` made: the game, its variant and the players' addresses.
#[derive(serde::Serialize)]
struct GameMade {
    game: i64,
    variant: Variant,
    white: String,
    black: String,
}

/// Reads `--time-control`: the text form (`3d/move`, `10/50 iccf`, Russian
/// words too) or its JSON form.
pub(super) fn parse_time_control(text: &str) -> anyhow::Result<crate::clock::TimeControl> {
    let t = text.trim();
    let en = crate::vocabulary::Language::En;
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
        let clocks = crate::referee::game_clocks::report(tx, id, db.now())?;
        let pauses = super::timing::pauses_shown(tx, id)?;
        let standstill = crate::referee::standstill(tx, &row)?;
        Ok((row, list, white, black, offer, clocks, pauses, standstill))
    });
    let (row, list, white, black, offer, clocks, (pauses, pause_lines), standstill) = match loaded {
        Ok(x) => x,
        Err(e) => return super::output::refusal_or_fault(e, json),
    };
    let plies = at.unwrap_or(list.len());
    if plies > list.len() {
        let why = told::no_such_ply(id, list.len(), plies);
        return Ok(super::output::refused(&why, json));
    }
    let mut game: Box<dyn AnyGame> = games::new_game(row.variant, row.start_fen.as_deref())?;
    let mut shorts = Vec::new();
    for m in list.iter().take(plies) {
        shorts.push(game.play(&m.notation)?.short);
    }
    // A finished or annulled game has no deadline (its clocks stopped at the
    // end; older records may still have one running).
    let over = matches!(row.status, GameStatus::Finished | GameStatus::Annulled);
    let shown = GameShown {
        game: id.0,
        variant: row.variant,
        white: white.name,
        black: black.name,
        status: row.status,
        standstill,
        result: row.result,
        termination: row.termination,
        ply: plies,
        plies: list.len(),
        fen: game.fen(),
        score_full: game.score(),
        score_short: shorts,
        to_move: (!over).then(|| game.turn()),
        pending_offer: offer.map(|o| o.side),
        clocks: clocks
            .iter()
            .flatten()
            .map(|c| ClockShown {
                side: c.side,
                running: c.running && !over,
                used_seconds: c.used_seconds,
                left_seconds: c.left_seconds,
                move_seconds: c.move_seconds,
                moves_made: c.moves_made,
                deadline: c
                    .deadline
                    .filter(|d| !over && !crate::clock::pauses::stands_open(*d)),
                stopped: c.running
                    && !over
                    && c.deadline.is_some_and(crate::clock::pauses::stands_open),
            })
            .collect(),
        clock_pauses: pauses,
        board: crate::diagram::game_text(
            game.as_ref(),
            if flip { Color::Black } else { Color::White },
            &crate::diagram::Options::default(),
        ),
        first_side: start_turn(game.as_ref()),
        first_move_number: game.first_move_number(),
        time_control: row.time_control,
        pause_lines,
    };
    super::output::emit(&shown, json)
}

/// `game show`: in JSON the game's data (score in full and short notation,
/// FEN, clocks in seconds, instants in RFC 3339, the bounce pauses), in
/// words the board, the scores, the result and the clocks.
#[derive(serde::Serialize)]
struct GameShown {
    game: i64,
    variant: Variant,
    white: String,
    black: String,
    status: GameStatus,
    /// Why the game stands still, if it does: `frozen`, `awaiting-ruling`,
    /// `adjourned`, `paused-by-referee`.
    standstill: Option<crate::vocabulary::Standstill>,
    result: Option<crate::vocabulary::GameResult>,
    termination: Option<crate::vocabulary::Termination>,
    /// The ply shown (`--at`, else the last).
    ply: usize,
    /// Plies played.
    plies: usize,
    fen: String,
    score_full: Vec<String>,
    score_short: Vec<String>,
    /// The side to move; null once the game is over.
    to_move: Option<Color>,
    pending_offer: Option<Color>,
    clocks: Vec<ClockShown>,
    clock_pauses: Vec<super::timing::PauseShown>,
    #[serde(skip)]
    board: String,
    #[serde(skip)]
    first_side: Color,
    #[serde(skip)]
    first_move_number: u32,
    /// In the clock's JSON form (`{"type": "days_per_move", "days": 3}`).
    time_control: Option<crate::clock::TimeControl>,
    #[serde(skip)]
    pause_lines: Vec<String>,
}

/// One side's clock of [`GameShown`].
#[derive(serde::Serialize)]
struct ClockShown {
    side: Color,
    running: bool,
    used_seconds: i64,
    left_seconds: i64,
    /// What the current move has cost so far (0 while the clock stands).
    move_seconds: i64,
    moves_made: u32,
    /// The deadline (RFC 3339), none while the clock stands or when the game
    /// is over.
    #[serde(serialize_with = "rfc3339")]
    deadline: Option<chrono::DateTime<chrono::Utc>>,
    /// Running, but stopped by a pause with no end yet.
    #[serde(skip)]
    stopped: bool,
}

impl std::fmt::Display for GameShown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let en = crate::vocabulary::Language::En;
        writeln!(
            f,
            "Game #{} ({}): {} – {}",
            self.game, self.variant, self.white, self.black
        )?;
        writeln!(f, "{}", told::position_after(self.ply, self.plies))?;
        write!(f, "{}", self.board)?;
        writeln!(f, "FEN {}", self.fen)?;
        let full = score_text(&self.score_full, self.first_side, self.first_move_number);
        let short = score_text(&self.score_short, self.first_side, self.first_move_number);
        if self.score_full.is_empty() {
            writeln!(f, "\n{}\n", told::no_move_yet())?;
        } else {
            writeln!(f, "\nScore (full):\n{full}\n\nScore (short):\n{short}\n")?;
        }
        match (self.result, self.termination) {
            (Some(r), Some(t)) => writeln!(
                f,
                "Result: {r} ({})",
                crate::words::state::termination_words(t, r, self.variant, en)
            )?,
            (Some(r), None) => writeln!(f, "Result: {r}")?,
            _ => match self.standstill {
                Some(why) => writeln!(
                    f,
                    "Status: {}",
                    crate::words::state::standstill_word(why, en)
                )?,
                None => writeln!(f, "Status: {}", self.status)?,
            },
        }
        if let Some(side) = self.pending_offer {
            writeln!(f, "{}", told::pending_offer(side))?;
        }
        if let Some(c) = self.time_control {
            writeln!(f, "Time control: {}", c.describe(en))?;
        }
        let per_move = self
            .time_control
            .is_some_and(|c| matches!(c.limit(), crate::clock::Limit::DaysPerMove { .. }));
        let playing = self.result.is_none() && self.status == crate::vocabulary::GameStatus::Active;
        // A finished game's clocks read as they stood at the end, used and
        // left (the side to move was charged up to the end).
        let with_left = playing || self.result.is_some();
        for c in &self.clocks {
            // The players' words: used and left add up to the time allowed.
            let line = crate::words::state::ClockLine {
                side: c.side,
                used_seconds: c.used_seconds,
                left_seconds: c.left_seconds,
                this_move_seconds: (per_move && playing).then_some(c.move_seconds),
                running: c.running,
                deadline: None,
                stopped: c.stopped,
            };
            let words = crate::words::state::clock_line(&line, with_left, en);
            let (_, rest) = words.split_once(": ").unwrap_or(("", &words));
            write!(f, "Clock {}: {rest}", c.side)?;
            match (&c.deadline, c.stopped) {
                (_, true) => writeln!(f, "{}", told::clock_stopped_no_deadline())?,
                (Some(d), false) => writeln!(
                    f,
                    "{}",
                    told::move_due_by(&crate::clock::zone::format_utc(*d))
                )?,
                (None, false) => writeln!(f)?,
            }
        }
        for l in &self.pause_lines {
            writeln!(f, "{l}")?;
        }
        Ok(())
    }
}

/// An instant in JSON as the other answers write it: RFC 3339 with `+00:00`.
fn rfc3339<S: serde::Serializer>(
    at: &Option<chrono::DateTime<chrono::Utc>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match at {
        Some(t) => serializer.serialize_str(&t.to_rfc3339()),
        None => serializer.serialize_none(),
    }
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
        let not_in_game = || RefereeError::NotPlayerOf(player.to_string(), id);
        if row.side_of(p.id).is_none() {
            return Err(not_in_game());
        }
        crate::letters::reply_address(tx, &config.bot(), Some(id), &p.email)?
            .ok_or_else(not_in_game)
    });
    match found {
        Ok(a) => {
            println!("{a}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => super::output::refusal_or_fault(e, db.json),
    }
}
