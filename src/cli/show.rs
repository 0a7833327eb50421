//! `zaochka show`: a text diagram of a position.

use std::process::ExitCode;

use super::PositionArgs;
use crate::rules::Color;

/// Prints a text diagram of a position and its FEN.
#[derive(clap::Args, Debug)]
pub struct Show {
    #[command(flatten)]
    position: PositionArgs,
    /// Draw the board from Black's side.
    #[arg(long)]
    flip: bool,
}

impl Show {
    pub(super) fn execute(self, db: &super::store_args::StoreArgs) -> anyhow::Result<ExitCode> {
        let game = match self.position.game(db.json) {
            Ok(g) => g,
            Err(code) => return Ok(code),
        };
        let side = if self.flip {
            Color::Black
        } else {
            Color::White
        };
        let shown = Shown {
            variant: game.variant(),
            fen: game.fen(),
            to_move: game.turn(),
            board: crate::diagram::game_text(
                game.as_ref(),
                side,
                &crate::diagram::Options::default(),
            ),
        };
        super::output::emit(&shown, db.json)
    }
}

/// A position as `show` answers: in words the diagram and the FEN line, in
/// JSON the game, the FEN, the side to move and the diagram's text.
#[derive(serde::Serialize)]
struct Shown {
    variant: crate::rules::Variant,
    fen: String,
    to_move: Color,
    board: String,
}

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}FEN {}", self.board, self.fen)
    }
}
