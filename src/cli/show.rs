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
    pub(super) fn execute(self) -> anyhow::Result<ExitCode> {
        let game = self.position.game()?;
        let side = if self.flip {
            Color::Black
        } else {
            Color::White
        };
        print!(
            "{}",
            crate::diagram::game_text(game.as_ref(), side, &crate::diagram::Options::default())
        );
        println!("FEN {}", game.fen());
        Ok(ExitCode::SUCCESS)
    }
}
