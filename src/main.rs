//! The `zaochka` binary: parses the command line with clap (`cli::Cli`) and runs
//! the chosen command. Each command lives in its own file under `src/cli/` and
//! calls the library (`rules`, `notation`, `diagram`); data goes to stdout, logs and
//! errors to stderr.

use clap::Parser;

fn main() -> std::process::ExitCode {
    zaochka::cli::Cli::parse().run()
}
