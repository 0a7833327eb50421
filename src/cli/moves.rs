//! `zaochka moves`: the legal moves of a position.

use std::process::ExitCode;

use super::PositionArgs;

/// Prints the legal moves of a position, one per line in full notation, sorted.
#[derive(clap::Args, Debug)]
pub struct Moves {
    #[command(flatten)]
    position: PositionArgs,
}

impl Moves {
    pub(super) fn execute(self, db: &super::store_args::StoreArgs) -> anyhow::Result<ExitCode> {
        let game = self.position.game()?;
        let moves = game.legal_moves();
        if db.json {
            let list: Vec<serde_json::Value> = moves
                .iter()
                .map(|m| {
                    let played = game.check(m)?;
                    Ok(serde_json::json!({ "full": played.full, "short": played.short, "capture": played.capture }))
                })
                .collect::<anyhow::Result<_>>()?;
            println!("{}", serde_json::to_string_pretty(&list)?);
        } else {
            for m in &moves {
                println!("{m}");
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
