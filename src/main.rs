//! The `zaochka` binary: parses the command line with clap (`cli::Cli::from_env`) and runs
//! the chosen command. Each command lives in its own file under `src/cli/` and
//! calls the library (`rules`, `notation`, `diagram`); data goes to stdout, logs and
//! errors to stderr.
//!
//! The process umask is 077 before anything else runs: the database holds every
//! player's secret token, and it, its `-wal`/`-shm` files, the outbox files and
//! every folder zaochka creates are private to its user whatever umask it
//! inherited.

fn main() -> std::process::ExitCode {
    // SAFETY: umask only sets the process's file-mode creation mask; no threads
    // exist yet.
    unsafe {
        libc::umask(0o077);
    }
    zaochka::cli::Cli::from_env().run()
}
