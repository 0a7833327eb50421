//! The command line: one struct per command with an `execute` method.

mod check;
mod diagram;
mod moves;
mod perft;
mod show;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

use crate::games::{self, AnyGame};
use crate::rules::Variant;

/// zaochka: referee for correspondence games of Russian checkers, draughts and more.
#[derive(Parser, Debug)]
#[command(name = "zaochka", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Check(check::Check),
    Diagram(diagram::Diagram),
    Perft(perft::Perft),
    Moves(moves::Moves),
    Show(show::Show),
}

impl Cli {
    /// Runs the command; errors are printed to stderr with their causes.
    #[must_use]
    pub fn run(self) -> ExitCode {
        let result = match self.command {
            Command::Check(c) => c.execute(),
            Command::Diagram(c) => c.execute(),
            Command::Perft(c) => c.execute(),
            Command::Moves(c) => c.execute(),
            Command::Show(c) => c.execute(),
        };
        match result {
            Ok(code) => code,
            Err(e) => {
                eprintln!("zaochka: {e:#}");
                ExitCode::from(2)
            }
        }
    }
}

/// `--variant` and `--fen`, shared by the position commands.
#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// The game (russian, international, ...).
    #[arg(long, default_value = "russian", value_parser = parse_variant)]
    variant: Variant,
    /// The position as PDN FEN (`W:Wa1,c3,Kd4:Bb6,h8`); the initial position if absent.
    #[arg(long)]
    fen: Option<String>,
}

impl PositionArgs {
    fn game(&self) -> anyhow::Result<Box<dyn AnyGame>> {
        Ok(games::new_game(self.variant, self.fen.as_deref())?)
    }
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        format!("unknown variant {s:?}; known: {}", names.join(", "))
    })
}
