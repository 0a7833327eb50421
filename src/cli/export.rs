//! `zaochka export`: game records as PDN.

use std::process::ExitCode;

use super::play::parse_game;
use super::store_args::StoreArgs;
use crate::referee::RefereeError;
use crate::store::GameId;
use crate::store::games::{self, GameFilter};

/// Writes the score of one game, or of all games, as PDN (PGN for chess).
#[derive(clap::Args, Debug)]
pub struct Export {
    /// The game number (omit with --all).
    #[arg(value_parser = parse_game, required_unless_present = "all")]
    game: Option<GameId>,
    /// Export every game.
    #[arg(long)]
    all: bool,
    /// pdn or pgn.
    #[arg(long, default_value = "pdn")]
    format: String,
}

impl Export {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        if !matches!(self.format.as_str(), "pdn" | "pgn") {
            anyhow::bail!("--format must be pdn or pgn");
        }
        let mut store = db.open()?;
        let texts = store.read(|tx| -> Result<Vec<String>, RefereeError> {
            let ids: Vec<GameId> = match self.game {
                Some(g) if !self.all => vec![g],
                _ => games::list(tx, &GameFilter::default())?
                    .into_iter()
                    .map(|g| g.id)
                    .collect(),
            };
            let mut out = Vec::new();
            for id in ids {
                let l = crate::referee::load::load(tx, id, chrono::Utc::now())?;
                out.push(crate::referee::export_text(&l));
            }
            Ok(out)
        });
        match texts {
            Ok(list) => {
                for t in list {
                    print!("{t}");
                }
                Ok(ExitCode::SUCCESS)
            }
            Err(RefereeError::Store(e)) => Err(e.into()),
            Err(e) => {
                eprintln!("zaochka: {e}");
                Ok(ExitCode::from(1))
            }
        }
    }
}
