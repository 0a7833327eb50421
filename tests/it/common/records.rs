//! Game records of tests/data/games and `zaochka` run on them from the
//! repository root (no database needed).
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

use zaochka::notation::pdn::{PdnGame, read_games, read_pgn_games};

use super::cli::Run;

/// The path of a file of tests/data/games.
pub fn game_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games")
        .join(name)
}

/// The text of a file of tests/data/games.
pub fn game_file(name: &str) -> String {
    let path = game_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The games of a PDN text (`pgn`: read as PGN), every one read without a
/// syntax fault.
pub fn games_of(text: &str, pgn: bool) -> Vec<PdnGame> {
    let reader = if pgn {
        read_pgn_games(text)
    } else {
        read_games(text)
    };
    reader.collect::<Result<_, _>>().expect("PDN syntax")
}

/// Runs `zaochka ARGS` in the repository root.
pub fn run_in_repo(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the zaochka binary runs");
    Run {
        ok: out.status.success(),
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
