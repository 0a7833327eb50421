//! The command line: one struct per command with an `execute` method.

mod backup;
mod calendar;
mod charset;
mod check;
mod clock;
mod completions;
mod demo;
mod diagram;
mod export;
mod game;
pub mod help;
mod history;
mod import;
mod journal;
mod mail_log;
mod manual;
mod moves;
mod outbox;
mod output;
mod perft;
mod play;
mod player;
mod publish;
mod quarantine;
mod rating;
mod records;
mod referee;
mod serve;
mod show;
mod store_args;
mod timing;
mod tournament;
mod verify;

use clap::{FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

use crate::games::{self, AnyGame};
use crate::rules::Variant;

/// zaochka: referee for correspondence games of Russian checkers, draughts, Bashni,
/// Lasca and chess.
///
/// Players move by mail; `zaochka serve` reads their mails, applies the rules
/// and the clocks, and replies. The other commands are the club's side of the
/// same games: players, games, tournaments, the directors' decisions, records,
/// backups. Every command's `--help` (or `man zaochka-COMMAND`) tells more.
///
/// The configuration is read from --config (or $ZAOCHKA_CONFIG); the Debian
/// package's is /etc/zaochka/config.toml. Without one, zaochka works in the
/// current folder: ./zaochka.db and the Maildir ./mail.
#[derive(Parser, Debug)]
#[command(name = "zaochka", version, about, long_about)]
pub struct Cli {
    #[command(flatten)]
    store: store_args::StoreArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Check(check::Check),
    #[command(subcommand)]
    Clock(clock::Clock),
    Diagram(diagram::Diagram),
    Demo(demo::Demo),
    #[command(subcommand)]
    Player(player::Player),
    #[command(subcommand)]
    Game(game::Game),
    Play(play::Play),
    Draw(play::Draw),
    Resign(play::Resign),
    Seal(play::Seal),
    History(history::History),
    Export(export::Export),
    Import(import::Import),
    Referee(referee::Referee),
    #[command(subcommand)]
    Quarantine(quarantine::Quarantine),
    #[command(subcommand)]
    Outbox(outbox::Outbox),
    Status(outbox::Status),
    Serve(serve::Serve),
    Backup(backup::Backup),
    Restore(backup::Restore),
    #[command(subcommand)]
    Tournament(tournament::TournamentCmd),
    Perft(perft::Perft),
    Moves(moves::Moves),
    Show(show::Show),
    Completions(completions::Completions),
    Manual(manual::Manual),
    #[command(subcommand)]
    Rating(rating::RatingCmd),
    Verify(verify::Verify),
    Key(verify::Key),
    Calendar(calendar::Calendar),
}

impl Cli {
    /// The command line of this process, read against [`help::command`] (the
    /// version line and the examples); prints help, the version or the usage
    /// error and exits as clap does when it asks for that.
    #[must_use]
    pub fn from_env() -> Self {
        let mut cmd = help::command();
        let matches = cmd.get_matches_mut();
        Self::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut cmd).exit())
    }

    /// Runs the command; errors are printed to stderr with their causes. A
    /// command that changed the database is journaled beside it after its
    /// commit (`journal`), except `serve`, `backup` and `restore`.
    #[must_use]
    pub fn run(mut self) -> ExitCode {
        if !matches!(self.command, Command::Serve(_)) {
            quiet_on_closed_pipe();
        }
        let journaled = !matches!(
            self.command,
            Command::Serve(_)
                | Command::Backup(_)
                | Command::Restore(_)
                | Command::Perft(_)
                | Command::Completions(_)
                | Command::Manual(_)
                | Command::Verify(_)
                | Command::Key(_)
        );
        let mark = if journaled {
            match journal::new_mark(self.store.now()) {
                Ok(m) => Some(m),
                Err(e) => {
                    eprintln!(
                        "{}",
                        crate::words::operator::journal::not_journaled(&format!("{e:#}"))
                    );
                    None
                }
            }
        } else {
            None
        };
        self.store.mark.clone_from(&mark);
        self.store.typed = mark.is_some();
        let args = self.store.clone();
        let code = self.execute();
        if let Some(mark) = mark
            && mark.committed()
        {
            let argv: Vec<String> = std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            let written = args.config().and_then(|c| {
                crate::daemon::journal::append(&c.database, &mark, journal::normalised(&argv))
            });
            if let Err(e) = written {
                eprintln!(
                    "{}",
                    crate::words::operator::journal::applied_unjournaled(&format!("{e:#}"))
                );
            }
        }
        code
    }

    /// Runs the command without journaling it.
    fn execute(self) -> ExitCode {
        let result = match self.command {
            Command::Check(c) => c.execute(&self.store),
            Command::Clock(c) => c.execute(&self.store),
            Command::Diagram(c) => c.execute(&self.store),
            Command::Demo(c) => c.execute(&self.store),
            Command::Player(c) => c.execute(&self.store),
            Command::Game(c) => c.execute(&self.store),
            Command::Play(c) => c.execute(&self.store),
            Command::Draw(c) => c.execute(&self.store),
            Command::Resign(c) => c.execute(&self.store),
            Command::Seal(c) => c.execute(&self.store),
            Command::History(c) => c.execute(&self.store),
            Command::Export(c) => c.execute(&self.store),
            Command::Import(c) => c.execute(&self.store),
            Command::Referee(c) => c.execute(&self.store),
            Command::Quarantine(c) => c.execute(&self.store),
            Command::Outbox(c) => c.execute(&self.store),
            Command::Status(c) => c.execute(&self.store),
            Command::Serve(c) => c.execute(&self.store),
            Command::Backup(c) => c.execute(&self.store),
            Command::Restore(c) => c.execute(&self.store),
            Command::Tournament(c) => c.execute(&self.store),
            Command::Perft(c) => c.execute(),
            Command::Moves(c) => c.execute(&self.store),
            Command::Show(c) => c.execute(&self.store),
            Command::Completions(c) => c.execute(),
            Command::Manual(c) => c.execute(),
            Command::Rating(c) => c.execute(&self.store),
            Command::Verify(c) => c.execute(&self.store),
            Command::Key(c) => c.execute(&self.store),
            Command::Calendar(c) => c.execute(&self.store),
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

/// A command whose output goes to a pipe closed early (`zaochka game show 1 |
/// head`) ends quietly, as Unix tools do: SIGPIPE gets its default action back
/// (Rust ignores it, so that a write fails and `println!` panics). Not for
/// `serve`, whose sockets must survive a peer that hangs up.
fn quiet_on_closed_pipe() {
    // SAFETY: restores the default disposition of one signal; no handler
    // runs Rust code.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// `--variant` and `--fen`, shared by the position commands.
#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// The game (russian, international, bashni, lasca, chess; also Russian names such
    /// as башни, ласка, шахматы).
    #[arg(long, default_value = "russian", value_parser = parse_variant)]
    variant: Variant,
    /// The position as FEN: PDN FEN for draughts (`W:Wa1,c3,Kd4:Bb6,h8`), towers with
    /// their composition (`W:Wc1(1/0000),d6:Ba1(110101/1)`), standard FEN for chess;
    /// the initial position if absent.
    #[arg(long)]
    fen: Option<String>,
}

impl PositionArgs {
    /// The position, or its refusal already printed (`--fen` that does not
    /// read or is no position: exit 1, as [`output::refused`] answers).
    fn game(&self, json: bool) -> Result<Box<dyn AnyGame>, ExitCode> {
        games::new_game(self.variant, self.fen.as_deref()).map_err(|e| {
            let why = crate::words::setup::refusal(&e, crate::vocabulary::Language::En);
            output::refused(&format!("the position: {why}"), json)
        })
    }
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        crate::words::operator::values::unknown_variant(s, &names)
    })
}

/// A result argument: any form records use ([`crate::games::read_result`]:
/// `1-0`, `1:0`, `2-0`, `0-1`, `0:1`, `0-2`, `1/2-1/2`, `½-½`, `1-1`, `=`), or the
/// words of the mails in either language («ничья», «победа белых», "black won").
fn parse_result(s: &str) -> Result<crate::vocabulary::GameResult, String> {
    crate::games::read_result(s)
        .and_then(crate::games::StatedResult::result)
        .or_else(|| crate::words::reverse::result_named(s))
        .ok_or_else(|| crate::words::operator::values::not_a_result(s))
}

/// A status argument: `active`, `finished`, ... or their Russian words
/// («идёт», «окончена», «отложена»).
fn parse_status(s: &str) -> Result<crate::vocabulary::GameStatus, String> {
    crate::words::reverse::status_named(s)
        .ok_or_else(|| crate::words::operator::values::not_a_status(s))
}
