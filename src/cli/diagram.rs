//! `zaochka diagram`: a board diagram of a position as text, SVG or PNG.
//!
//! Today the position comes from `--variant` and `--fen`. The form naming a stored
//! game, `zaochka diagram GAME [--at PLY]`, comes with the store-backed game
//! commands (issue 3): it will build the game from the store, replay it to `PLY`
//! and pass `board_view()` and `last_move()` to the same renderers as here.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use super::PositionArgs;
use crate::diagram::{self, Options};
use crate::rules::Color;

/// Draws a position: a text diagram on stdout (the default), or an image file.
#[derive(clap::Args, Debug)]
pub struct Diagram {
    #[command(flatten)]
    position: PositionArgs,
    /// Write a PNG picture to this file.
    #[arg(long, value_name = "FILE", group = "output")]
    png: Option<PathBuf>,
    /// Write an SVG picture to this file.
    #[arg(long, value_name = "FILE", group = "output")]
    svg: Option<PathBuf>,
    /// Print a text diagram (the default).
    #[arg(long, group = "output")]
    text: bool,
    /// Draw the board from Black's side.
    #[arg(long)]
    flip: bool,
    /// Text diagram in pure ASCII instead of Unicode.
    #[arg(long)]
    ascii: bool,
}

impl Diagram {
    pub(super) fn execute(self) -> anyhow::Result<ExitCode> {
        let game = self.position.game()?;
        let side = if self.flip {
            Color::Black
        } else {
            Color::White
        };
        let opts = Options {
            ascii: self.ascii,
            ..Options::default()
        };
        let view = game.board_view();
        let last = game.last_move();
        if let Some(path) = &self.png {
            let bytes = diagram::png::render(&view, last.as_ref(), side, &opts)?;
            std::fs::write(path, bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
        } else if let Some(path) = &self.svg {
            let text = diagram::svg::render(&view, last.as_ref(), side, &opts);
            std::fs::write(path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
        } else {
            print!(
                "{}",
                diagram::text::render(&view, last.as_ref(), side, &opts)
            );
        }
        Ok(ExitCode::SUCCESS)
    }
}
