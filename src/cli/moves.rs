//! `zaochka moves`: the legal moves of a position.

use std::process::ExitCode;

use super::PositionArgs;
use crate::notation::{Naming, write};

/// Prints the legal moves of a position, one per line in full notation, sorted.
#[derive(clap::Args, Debug)]
pub struct Moves {
    #[command(flatten)]
    position: PositionArgs,
    /// Print JSON: a list of {full, short, from, to, captured}.
    #[arg(long)]
    json: bool,
}

impl Moves {
    pub(super) fn execute(self) -> anyhow::Result<ExitCode> {
        let pos = self.position.position()?;
        let g = pos.geometry();
        let style = Naming::of(&pos).style;
        let mut moves = pos.legal_moves();
        moves.sort_by_key(|m| write::full(g, m, style));
        if self.json {
            let list: Vec<serde_json::Value> = moves
                .iter()
                .map(|m| {
                    serde_json::json!({
                        "full": write::full(g, m, style),
                        "short": write::short(g, m, style),
                        "captured": m.captured().iter()
                            .map(|&s| crate::notation::square_name::name(g, s, style))
                            .collect::<Vec<_>>(),
                        "promotes": m.promotes(),
                    })
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&list)?);
        } else {
            for m in &moves {
                println!("{}", write::full(g, m, style));
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
