//! `zaochka perft`: move-generation node counts.

use std::process::ExitCode;
use std::time::Instant;

use super::PositionArgs;

/// Counts the leaf nodes of the move tree to a depth (perft).
///
/// Counts the leaf nodes of the move tree (perft), capture sequences with the same
/// from-square, end square and captured set counted once (in Bashni and Lasca the
/// captured squares in order, since the order builds the tower). The count is alone
/// on the last line.
#[derive(clap::Args, Debug)]
pub struct Perft {
    #[command(flatten)]
    position: PositionArgs,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    divide: bool,
    /// Print the elapsed time and nodes per second (one core) before the count.
    #[arg(long)]
    bench: bool,
}

impl Perft {
    pub(super) fn execute(self) -> anyhow::Result<ExitCode> {
        let game = match self.position.game(false) {
            Ok(g) => g,
            Err(code) => return Ok(code),
        };
        let started = Instant::now();
        let nodes = if self.divide && self.depth > 0 {
            let mut total = 0;
            for m in game.legal_moves() {
                let mut child = game.clone_box();
                child.play(&m)?;
                let n = child.perft(self.depth - 1);
                println!("{m} {n}");
                total += n;
            }
            total
        } else {
            game.perft(self.depth)
        };
        if self.bench {
            let secs = started.elapsed().as_secs_f64();
            println!(
                "time {secs:.3} s, {:.1} million nodes/s",
                nodes as f64 / secs / 1e6
            );
        }
        println!("{nodes}");
        Ok(ExitCode::SUCCESS)
    }
}
