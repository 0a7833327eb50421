//! Player commands through the referee: `play`, `draw`, `resign`, `seal`.

use std::process::ExitCode;

use super::store_args::{StoreArgs, run, run_said};
use crate::referee::Command;
use crate::referee::intake::Said;
use crate::vocabulary::GameId;

/// Parses a game number: `42` or `#42`.
pub fn parse_game(s: &str) -> Result<GameId, String> {
    s.trim()
        .trim_start_matches('#')
        .parse::<i64>()
        .map(GameId)
        .map_err(|_| crate::words::operator::arguments::not_a_game_number(s))
}

/// Plays a move for a player, as the player's mail would.
#[derive(clap::Args, Debug)]
pub struct Play {
    /// The game number.
    #[arg(value_parser = parse_game)]
    game: GameId,
    /// The move, in any usual notation (quote it if it has spaces).
    #[arg(allow_hyphen_values = true)]
    text: String,
    /// The player's registered address.
    #[arg(long = "as")]
    actor: String,
    /// Offer a draw together with the move.
    #[arg(long)]
    offer_draw: bool,
}

impl Play {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        run_said(
            db,
            self.game,
            Said::written_move(&self.text, self.offer_draw),
            &self.actor,
        )
    }
}

/// What to do about a draw.
#[derive(clap::Subcommand, Debug)]
pub enum DrawAction {
    /// Offer a draw (accepts the opponent's standing offer).
    ///
    /// Offer a draw; while the opponent's offer stands, accept it (as a
    /// mail offering a draw then does).
    Offer(GameActor),
    /// Accept the opponent's offer.
    Accept(GameActor),
    /// Decline the opponent's offer.
    Decline(GameActor),
    /// Claim a draw, optionally with the move (not played) that would produce it.
    ///
    /// Claim a draw, optionally with the move (not played) that would produce it;
    /// in a game frozen at the end of a tournament's playing period, a claim of
    /// a draw for the director's adjudication.
    Claim {
        #[command(flatten)]
        who: GameActor,
        /// The move that would repeat the position.
        #[arg(allow_hyphen_values = true)]
        text: Option<String>,
    },
}

/// A game and the player acting in it.
#[derive(clap::Args, Debug)]
pub struct GameActor {
    /// The game number.
    #[arg(value_parser = parse_game)]
    game: GameId,
    /// The player's registered address.
    #[arg(long = "as")]
    actor: String,
}

/// Offers, accepts, declines or claims a draw.
#[derive(clap::Args, Debug)]
pub struct Draw {
    #[command(subcommand)]
    action: DrawAction,
}

impl Draw {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let (said, who) = match self.action {
            DrawAction::Offer(w) => (Said::OfferDraw, w),
            DrawAction::Accept(w) => (Said::AcceptDraw, w),
            DrawAction::Decline(w) => (Said::DeclineDraw, w),
            DrawAction::Claim { who, text } => (Said::written_claim(text), who),
        };
        run_said(db, who.game, said, &who.actor)
    }
}

/// Resigns a game.
#[derive(clap::Args, Debug)]
pub struct Resign {
    #[command(flatten)]
    who: GameActor,
}

impl Resign {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        run_said(db, self.who.game, Said::Resign, &self.who.actor)
    }
}

/// Seals a move in an adjourned game: kept hidden until the game resumes.
#[derive(clap::Args, Debug)]
pub struct Seal {
    #[command(flatten)]
    who: GameActor,
    /// The sealed move.
    #[arg(allow_hyphen_values = true)]
    text: String,
}

impl Seal {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        run(
            db,
            Command::Seal {
                game: self.who.game,
                text: self.text,
            },
            &self.who.actor,
        )
    }
}
