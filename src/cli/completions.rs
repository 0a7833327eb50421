//! `zaochka completions SHELL`: the shell completion script, from the command
//! definitions themselves (clap_complete).

use std::process::ExitCode;

use clap_complete::Shell;

/// Prints the completion script for a shell (bash, zsh, fish, elvish, powershell).
///
/// The script completes every command, subcommand and option of this zaochka.
/// The Debian package installs it where each shell looks; from a source build,
/// write it where your shell looks (the example: bash, for the current user).
#[derive(clap::Args, Debug)]
pub struct Completions {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

impl Completions {
    pub(super) fn execute(&self) -> anyhow::Result<ExitCode> {
        let mut cmd = super::help::command();
        clap_complete::generate(self.shell, &mut cmd, "zaochka", &mut std::io::stdout());
        Ok(ExitCode::SUCCESS)
    }
}
