//! `zaochka moves`: the legal moves of a position.

use std::process::ExitCode;

use super::PositionArgs;

/// Prints the legal moves of a position, one per line in full notation, sorted.
#[derive(clap::Args, Debug)]
pub struct Moves {
    #[command(flatten)]
    position: PositionArgs,
}

/// One legal move: its full and short notation, and whether it captures.
/// Its words are the full notation.
#[derive(serde::Serialize)]
struct LegalMove {
    full: String,
    short: String,
    capture: bool,
}

impl std::fmt::Display for LegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.full)
    }
}

impl Moves {
    pub(super) fn execute(self, db: &super::store_args::StoreArgs) -> anyhow::Result<ExitCode> {
        let game = match self.position.game(db.json) {
            Ok(g) => g,
            Err(code) => return Ok(code),
        };
        let moves: Vec<LegalMove> = game
            .legal_moves()
            .iter()
            .map(|m| {
                let played = game.check(m)?;
                Ok(LegalMove {
                    full: played.full,
                    short: played.short,
                    capture: played.capture,
                })
            })
            .collect::<anyhow::Result<_>>()?;
        super::output::emit_list(
            &moves,
            crate::words::operator::records::no_legal_move(),
            db.json,
        )
    }
}
