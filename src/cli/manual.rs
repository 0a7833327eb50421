//! `zaochka manual DIR`: the manual pages, from the command definitions
//! themselves (clap_mangen).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

/// Writes the manual pages into DIR: zaochka.1 and one page per command and subcommand.
///
/// Pages are named as `man` looks them up: `zaochka-game-new.1` is the page of
/// `zaochka game new`. DIR is created if missing; pages already there are
/// replaced. The Debian package ships them in /usr/share/man/man1.
///
/// Example (read one without installing it):
///
///     zaochka manual /tmp/zaochka-man && man -l /tmp/zaochka-man/zaochka-play.1
#[derive(clap::Args, Debug)]
pub struct Manual {
    /// The folder to write the pages into.
    dir: PathBuf,
}

impl Manual {
    pub(super) fn execute(&self) -> anyhow::Result<ExitCode> {
        std::fs::create_dir_all(&self.dir)
            .with_context(|| format!("cannot create {}", self.dir.display()))?;
        let cmd = super::help::command();
        let pages = pages(&cmd);
        clap_mangen::generate_to(cmd, &self.dir)
            .with_context(|| format!("cannot write the pages into {}", self.dir.display()))?;
        println!("{pages} pages written to {}", self.dir.display());
        Ok(ExitCode::SUCCESS)
    }
}

/// The number of pages of a command: its own, and those of its subcommands
/// but `help`.
fn pages(cmd: &clap::Command) -> usize {
    1 + cmd
        .get_subcommands()
        .filter(|s| s.get_name() != "help")
        .map(pages)
        .sum::<usize>()
}
