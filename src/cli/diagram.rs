//! `zaochka diagram`: a board diagram as text, SVG or PNG, of a stored game (after
//! its last ply or `--at PLY`, the last move marked) or of a FEN.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, anyhow};

use super::PositionArgs;
use super::play::parse_game;
use super::store_args::StoreArgs;
use crate::diagram::{self, Options};
use crate::games::{self, AnyGame};
use crate::rules::Color;
use crate::store::{StoreError, games as game_rows, moves};
use crate::vocabulary::GameId;

/// Draws a position: a text diagram, or an image file.
///
/// The diagram goes to stdout unless `--png` or `--svg` names an image file;
/// the position is a stored game's (after any ply with `--at`) or the one of
/// `--variant` and `--fen`.
#[derive(clap::Args, Debug)]
pub struct Diagram {
    /// A stored game's number; without it, the position of `--variant`/`--fen`.
    #[arg(value_parser = parse_game, conflicts_with = "fen")]
    game: Option<GameId>,
    /// With GAME: the position after this ply (0 = the start); the last by default.
    #[arg(long, requires = "game")]
    at: Option<usize>,
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
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let game = match self.game {
            Some(id) => stored(db, id, self.at)?,
            None => match self.position.game(db.json) {
                Ok(g) => g,
                Err(code) => return Ok(code),
            },
        };
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

/// A stored game replayed to `at` plies (all by default).
fn stored(db: &StoreArgs, id: GameId, at: Option<usize>) -> anyhow::Result<Box<dyn AnyGame>> {
    let mut store = db.open()?;
    let (row, list) = store
        .read(|tx| Ok::<_, StoreError>((game_rows::get(tx, id)?, moves::list(tx, id)?)))
        .map_err(|e| match e {
            StoreError::NotFound { .. } => anyhow!("there is no game #{id}"),
            e => anyhow!(e),
        })?;
    let plies = at.unwrap_or(list.len());
    if plies > list.len() {
        return Err(anyhow!(
            "game #{id} has {}; there is no ply {plies}",
            crate::words::game::count_en(list.len(), "ply", "plies")
        ));
    }
    let variant = row.variant;
    let mut game = games::new_game(variant, row.start_fen.as_deref())?;
    for m in list.iter().take(plies) {
        game.play(&m.notation)
            .with_context(|| format!("replaying game #{id}"))?;
    }
    Ok(game)
}
