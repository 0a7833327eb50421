//! The command definitions as users read them: the version line and an
//! example for every command, added to the clap tree derived from [`Cli`].
//! `zaochka --help`, `zaochka completions` and `zaochka manual` all read
//! [`command`], so the help, the completions and the manual pages agree.

use clap::{Command, CommandFactory};

use super::Cli;

/// The version line: the crate version, the commit and the build date, as
/// `build.rs` found them (`0.1.0 (commit 7389664, built 2026-12-05)`).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("ZAOCHKA_BUILD"), ")");

/// Examples, by command path (`"game new"`; `""` is `zaochka` itself): each
/// line is one shell command, shown at the end of that command's `--help`
/// and manual page ([`shown`]). Every command has at least one.
pub const EXAMPLES: &[(&str, &[&str])] = &[
    (
        "",
        &[
            "zaochka demo",
            "zaochka --config /etc/zaochka/config.toml status",
        ],
    ),
    (
        "backup",
        &["zaochka backup /var/lib/zaochka/backups/zaochka-20261205T030000Z.db"],
    ),
    (
        "check",
        &["zaochka check club-2025.pdn", "zaochka --json check *.pgn"],
    ),
    ("clock", &["zaochka clock status"]),
    ("clock status", &["zaochka clock status"]),
    ("clock confirm-step", &["zaochka clock confirm-step"]),
    ("clock cancel-step", &["zaochka clock cancel-step"]),
    (
        "completions",
        &["zaochka completions bash > ~/.local/share/bash-completion/completions/zaochka"],
    ),
    ("demo", &["zaochka demo"]),
    (
        "diagram",
        &[
            "zaochka diagram 42 --at 10 --png board.png",
            "zaochka diagram --variant bashni --fen W:Wc1(1/0000),d6:Ba1(110101/1)",
        ],
    ),
    ("draw", &["zaochka draw offer 42 --as alice@example.org"]),
    (
        "draw offer",
        &["zaochka draw offer 42 --as alice@example.org"],
    ),
    (
        "draw accept",
        &["zaochka draw accept 42 --as bob@example.org"],
    ),
    (
        "draw decline",
        &["zaochka draw decline 42 --as bob@example.org"],
    ),
    (
        "draw claim",
        &["zaochka draw claim 42 gh4 --as alice@example.org"],
    ),
    (
        "export",
        &[
            "zaochka export 42 > game-42.pdn",
            "zaochka export --all > archive.pdn",
        ],
    ),
    ("game", &["zaochka game show 42"]),
    (
        "game new",
        &[
            "zaochka game new --variant russian --white alice@example.org --black bob@example.org \
           --time-control 3d/move",
        ],
    ),
    ("game show", &["zaochka game show 42"]),
    (
        "game address",
        &["zaochka game address 42 alice@example.org"],
    ),
    (
        "game resend",
        &["zaochka game resend 42 alice@example.org --as referee@club.example"],
    ),
    (
        "history",
        &["zaochka history --player alice@example.org --status finished --desc"],
    ),
    (
        "import",
        &[
            "zaochka import club-2025.pdn",
            "zaochka import --unfinished old-games.pdn",
        ],
    ),
    ("manual", &["zaochka manual /tmp/zaochka-man"]),
    ("moves", &["zaochka moves --variant international"]),
    ("outbox", &["zaochka outbox list --failed"]),
    ("outbox list", &["zaochka outbox list --failed"]),
    ("outbox retry", &["zaochka outbox retry --all-failed"]),
    (
        "perft",
        &["zaochka perft --variant russian --depth 6 --bench"],
    ),
    ("play", &["zaochka play 42 cd4 --as alice@example.org"]),
    ("player", &["zaochka player list"]),
    (
        "player add",
        &[
            "zaochka player add --name \"Anna Petrova\" --email anna@example.org --lang en --tz Europe/Riga",
        ],
    ),
    (
        "player edit",
        &[
            "zaochka player edit anna@example.org --email anna@mail.example --as referee@club.example \
           --reason \"new address, told by phone\"",
        ],
    ),
    (
        "player retire",
        &[
            "zaochka player retire anna@example.org --as referee@club.example --reason \"left the club\"",
        ],
    ),
    ("player list", &["zaochka player list"]),
    (
        "player xfcc-password",
        &[
            "zaochka player xfcc-password anna@example.org",
            "zaochka player xfcc-password anna@example.org --stdin",
        ],
    ),
    ("quarantine", &["zaochka quarantine list"]),
    ("quarantine list", &["zaochka quarantine list"]),
    (
        "quarantine release",
        &["zaochka quarantine release 1733390000.M1P2.club"],
    ),
    ("referee", &["zaochka referee log 42"]),
    (
        "referee adjudicate",
        &[
            "zaochka referee adjudicate 42 1-0 --as referee@club.example --reason \"won ending, 2 kings v 1\"",
        ],
    ),
    (
        "referee rollback",
        &[
            "zaochka referee rollback 42 17 --as referee@club.example --reason \"illegal capture at ply 18\"",
        ],
    ),
    (
        "referee forfeit",
        &[
            "zaochka referee forfeit 42 black --as referee@club.example --reason \"no reply to two notices\"",
        ],
    ),
    (
        "referee annul",
        &["zaochka referee annul 42 --as referee@club.example --reason \"entered twice\""],
    ),
    (
        "referee add-days",
        &[
            "zaochka referee add-days 42 white 3 --as referee@club.example --reason \"mail server outage\"",
        ],
    ),
    (
        "referee pause",
        &["zaochka referee pause 42 --as referee@club.example --reason \"player in hospital\""],
    ),
    (
        "referee adjourn",
        &["zaochka referee adjourn 42 --as referee@club.example --reason \"end of the session\""],
    ),
    (
        "referee resume",
        &["zaochka referee resume 42 --as referee@club.example --reason \"player back\""],
    ),
    (
        "referee pause-tournament",
        &[
            "zaochka referee pause-tournament \"Cup 2026\" --as referee@club.example --reason \"server down\"",
        ],
    ),
    (
        "referee resume-tournament",
        &[
            "zaochka referee resume-tournament \"Cup 2026\" --as referee@club.example --reason \"server back\"",
        ],
    ),
    (
        "referee leave",
        &[
            "zaochka referee leave anna@example.org 2026-07-01 2026-07-14 --as referee@club.example \
           --reason \"holiday, asked by phone\"",
        ],
    ),
    ("referee log", &["zaochka referee log 42"]),
    (
        "referee bounce-clear",
        &[
            "zaochka referee bounce-clear 42 anna@example.org --as referee@club.example \
           --reason \"mailbox works again\"",
        ],
    ),
    ("referee receipts", &["zaochka referee receipts 42"]),
    (
        "referee accept-claim",
        &["zaochka referee accept-claim 42 --as referee@club.example --reason \"drawn ending\""],
    ),
    (
        "referee reject-claim",
        &[
            "zaochka referee reject-claim 42 --as referee@club.example --reason \"White still has play\"",
        ],
    ),
    ("resign", &["zaochka resign 42 --as bob@example.org"]),
    (
        "restore",
        &["zaochka restore /var/lib/zaochka/backups/zaochka-20261205T030000Z.db"],
    ),
    ("seal", &["zaochka seal 42 e4 --as alice@example.org"]),
    (
        "serve",
        &["zaochka --config /etc/zaochka/config.toml serve"],
    ),
    ("show", &["zaochka show --variant chess"]),
    ("status", &["zaochka status"]),
    ("tournament", &["zaochka tournament list"]),
    (
        "tournament new",
        &[
            "zaochka tournament new \"Cup 2026\" --variant russian --system round-robin \
           --time-control 3d/move --as referee@club.example",
        ],
    ),
    (
        "tournament add",
        &[
            "zaochka tournament add \"Cup 2026\" anna@example.org --as referee@club.example",
            "zaochka tournament add \"Cup 2026\" late@example.org --redraw --as referee@club.example",
        ],
    ),
    (
        "tournament remove",
        &["zaochka tournament remove \"Cup 2026\" anna@example.org --as referee@club.example"],
    ),
    (
        "tournament draw",
        &[
            "zaochka tournament draw \"Cup 2026\" --as referee@club.example",
            "zaochka tournament draw \"Cup 2026\" --by-rating --as referee@club.example",
        ],
    ),
    (
        "tournament start",
        &["zaochka tournament start \"Cup 2026\" --as referee@club.example"],
    ),
    ("tournament show", &["zaochka tournament show \"Cup 2026\""]),
    (
        "tournament standings",
        &["zaochka tournament standings \"Cup 2026\""],
    ),
    (
        "tournament crosstable",
        &[
            "zaochka tournament crosstable \"Cup 2026\"",
            "zaochka tournament crosstable \"Cup 2026\" --format csv > cup.csv",
        ],
    ),
    (
        "tournament withdraw",
        &[
            "zaochka tournament withdraw \"Cup 2026\" anna@example.org --as referee@club.example \
           --reason \"asked by mail\"",
        ],
    ),
    (
        "tournament replace",
        &[
            "zaochka tournament replace \"Cup 2026\" anna@example.org olga@example.org \
           --as referee@club.example --reason \"Anna withdrew in round 1\"",
        ],
    ),
    (
        "tournament pause",
        &[
            "zaochka tournament pause \"Cup 2026\" --as referee@club.example --reason \"New Year break\"",
        ],
    ),
    (
        "tournament resume",
        &[
            "zaochka tournament resume \"Cup 2026\" --as referee@club.example --reason \"break over\"",
        ],
    ),
    (
        "tournament end-period",
        &["zaochka tournament end-period \"Cup 2026\" --as referee@club.example"],
    ),
    (
        "tournament adjudications",
        &["zaochka tournament adjudications \"Cup 2026\""],
    ),
    (
        "tournament export",
        &["zaochka tournament export \"Cup 2026\" > cup-2026.pdn"],
    ),
    (
        "tournament publish",
        &["zaochka tournament publish \"Cup 2026\" /var/www/cup-2026 --lang en"],
    ),
    ("tournament list", &["zaochka tournament list"]),
    (
        "tournament directors",
        &["zaochka tournament directors list \"Cup 2026\""],
    ),
    (
        "tournament directors add",
        &["zaochka tournament directors add \"Cup 2026\" olga@example.org --as admin@club.example"],
    ),
    (
        "tournament directors remove",
        &[
            "zaochka tournament directors remove \"Cup 2026\" olga@example.org --as admin@club.example",
        ],
    ),
    (
        "tournament directors list",
        &[
            "zaochka tournament directors list \"Cup 2026\"",
            "zaochka tournament directors list \"Cup 2026\" --lang en",
        ],
    ),
    (
        "tournament directors mail",
        &[
            "zaochka tournament directors mail \"Cup 2026\" olga@example.org digest --as olga@example.org",
            "zaochka tournament directors mail \"Cup 2026\" olga@example.org each --as olga@example.org",
        ],
    ),
    (
        "tournament bulletin",
        &[
            "zaochka tournament bulletin \"Cup 2026\" --lang ru",
            "zaochka tournament bulletin \"Cup 2026\" --send --as referee@club.example",
        ],
    ),
    (
        "tournament set",
        &[
            "zaochka tournament set \"Cup 2026\" --bulletin-every 5 --as referee@club.example",
            "zaochka tournament set \"Cup 2026\" --warn-days 10,5 --silence-days 14,28,35 \
           --as referee@club.example",
        ],
    ),
    ("rating", &["zaochka rating list --variant russian"]),
    (
        "rating list",
        &[
            "zaochka rating list --variant russian",
            "zaochka rating list --variant international --at 2026-06-30 --model glicko2",
        ],
    ),
    (
        "rating show",
        &["zaochka rating show anna@example.org --variant russian"],
    ),
    (
        "rating recompute",
        &["zaochka rating recompute --model glicko2"],
    ),
    (
        "verify",
        &[
            "zaochka verify game-42.pdn",
            "zaochka verify game-42.pgn --key MCowBQYDK2VwAyEA... --lang ru",
        ],
    ),
    (
        "key",
        &["zaochka key", "zaochka key --pem > zaochka-public.pem"],
    ),
    (
        "calendar",
        &[
            "zaochka calendar anna@example.org --out anna.ics",
            "zaochka calendar anna@example.org > anna.ics",
        ],
    ),
];

/// The command tree of `zaochka` as users see it: [`Cli`]'s derived
/// definitions with [`VERSION`] and each command's [`EXAMPLES`] after its
/// long help.
#[must_use]
pub fn command() -> Command {
    with_examples(plain_command(), "")
}

/// The widest line of an example in `--help`, indent included (columns).
const HELP_EXAMPLE_COLUMNS: usize = 90;

/// An example as `--help` shows it: indented by two spaces, as
/// [`example_lines`] breaks it to fit `HELP_EXAMPLE_COLUMNS`.
#[must_use]
pub fn shown(example: &str) -> String {
    example_lines(example, HELP_EXAMPLE_COLUMNS - 2)
        .iter()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// An example as lines of at most `columns` (but for a longer word): broken
/// between words, never inside quotes, into shell continuation lines (` \`
/// at the end, four spaces before the next), so that neither clap nor `man`
/// wraps it and it can be pasted as it stands.
#[must_use]
pub fn example_lines(example: &str, columns: usize) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut quoted = false;
    for part in example.split(' ') {
        match words.last_mut() {
            Some(last) if quoted => {
                last.push(' ');
                last.push_str(part);
            }
            _ => words.push(part.to_string()),
        }
        if part.matches('"').count() % 2 == 1 {
            quoted = !quoted;
        }
    }
    let mut lines = vec![String::new()];
    for word in words {
        let line = lines.last_mut().expect("one line at least");
        let width = line.chars().count();
        if width > 0 && width + 1 + word.chars().count() + 2 > columns {
            line.push_str(" \\");
            lines.push(format!("    {word}"));
        } else {
            if width > 0 {
                line.push(' ');
            }
            line.push_str(&word);
        }
    }
    lines
}

/// The examples of the command at `path` (`"game new"`), none if it has none.
#[must_use]
pub fn examples(path: &str) -> &'static [&'static str] {
    EXAMPLES
        .iter()
        .find(|(p, _)| *p == path)
        .map_or(&[], |(_, lines)| lines)
}

/// [`Cli`]'s derived definitions with [`VERSION`], without the examples
/// (the manual pages give them a section of their own).
#[must_use]
pub fn plain_command() -> Command {
    Cli::command().version(VERSION)
}

fn with_examples(mut cmd: Command, path: &str) -> Command {
    let lines = examples(path);
    if !lines.is_empty() {
        let title = crate::words::operator::manual::examples_title(lines.len());
        let body: Vec<String> = lines.iter().map(|l| shown(l)).collect();
        cmd = cmd.after_long_help(format!("{title}\n{}", body.join("\n")));
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let sub_path = if path.is_empty() {
            name.clone()
        } else {
            format!("{path} {name}")
        };
        cmd = cmd.mut_subcommand(&name, |s| with_examples(s, &sub_path));
    }
    cmd
}
