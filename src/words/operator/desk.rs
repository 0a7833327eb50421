//! The director's desk at the console: the lines `zaochka tournament …`
//! prints for the director who typed the command (tournament names quoted
//! as Rust strings, counts in words).

use std::fmt::Display;

use super::super::game::count_en;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// A system name that is none of the known ones, `s` as typed.
#[must_use]
pub fn unknown_system(s: &str) -> String {
    format!("unknown system {s:?}; known: round-robin, double-round-robin, micro-match")
}

/// `tournament add`: `email` entered into `section`.
#[must_use]
pub fn entered(tournament: &str, email: &str, section: impl Display) -> String {
    format!("tournament {tournament:?}: {email} entered (section {section})")
}

/// `tournament start`: `games` games made, `invitations` invitations queued.
#[must_use]
pub fn drawn(tournament: &str, games: usize, invitations: impl Display) -> String {
    format!("tournament {tournament:?}: {games} games created, {invitations} invitations queued")
}

/// `tournament withdraw`: `address` withdrawn, `unfinished` games forfeited.
#[must_use]
pub fn withdrawn(tournament: &str, address: &str, unfinished: usize) -> String {
    let games = count_en(unfinished, "unfinished game", "unfinished games");
    format!("tournament {tournament:?}: {address} withdrawn; {games} forfeited")
}

/// `tournament replace`: `old` replaced by `new`.
#[must_use]
pub fn replaced(tournament: &str, old: &str, new: &str) -> String {
    format!("tournament {tournament:?}: {old} replaced by {new}")
}

/// `tournament end-period`: `games` games frozen for adjudication.
#[must_use]
pub fn period_ended(tournament: &str, games: usize) -> String {
    let games = count_en(games, "game", "games");
    format!("tournament {tournament:?}: playing period ended; {games} to adjudication")
}

/// `tournament directors add`: `director` directs the tournament.
#[must_use]
pub fn directs(tournament: &str, director: &str) -> String {
    format!("tournament {tournament:?}: {director} directs it")
}

/// `tournament directors remove`: `director` no longer directs it.
#[must_use]
pub fn no_longer_directs(tournament: &str, director: &str) -> String {
    format!("tournament {tournament:?}: {director} no longer directs it")
}

/// `tournament directors mail`: how `director` hears of the tournament's
/// events from now on.
#[must_use]
pub fn director_mail(
    tournament: &str,
    director: &str,
    mode: crate::tournament::director_mail::DirectorMail,
) -> String {
    use crate::tournament::director_mail::DirectorMail;
    match mode {
        DirectorMail::Each => {
            format!("tournament {tournament:?}: {director} gets a mail for each event at once")
        }
        DirectorMail::Digest => {
            format!("tournament {tournament:?}: {director} gets one digest a day of its events")
        }
    }
}

/// `tournament directors mail` given a mode that is neither `each` nor
/// `digest`.
#[must_use]
pub fn director_mail_values(given: &str) -> String {
    format!("{given:?}: each or digest")
}

/// `tournament bulletin --send`: bulletin `number` (`last`: the final one)
/// with `games` finished games queued to `entrants` entrants.
#[must_use]
pub fn bulletin_queued(
    tournament: &str,
    last: bool,
    number: impl Display,
    games: usize,
    entrants: usize,
) -> String {
    format!(
        "tournament {tournament:?}: {}bulletin {number} ({}) queued to {}",
        if last { "final " } else { "" },
        count_en(games, "finished game", "finished games"),
        count_en(entrants, "entrant", "entrants"),
    )
}

/// `tournament set --bulletin-every`: a bulletin after every `every`
/// finished games, or (`None`) only when a director sends one.
#[must_use]
pub fn bulletin_every(tournament: &str, every: Option<u32>) -> String {
    match every {
        Some(n) => format!(
            "tournament {tournament:?}: a bulletin after every {} and at the end",
            count_en(n as usize, "finished game", "finished games")
        ),
        None => format!("tournament {tournament:?}: bulletins only when a director sends one"),
    }
}

/// `tournament set --warn-days/--silence-days`: the days before a time loss
/// and the days without a move at which the directors are warned.
#[must_use]
pub fn director_warnings(tournament: &str, warn_days: &[u32], silence_days: &[u32]) -> String {
    let list = |d: &[u32]| {
        if d.is_empty() {
            "none".to_owned()
        } else {
            d.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        }
    };
    format!(
        "tournament {tournament:?}: the directors are warned {} days before a time loss \
         and after {} days without a move",
        list(warn_days),
        list(silence_days)
    )
}

/// `tournament draw`: the numbers drawn, with the lot's seed (hex), or by
/// rating (`None`: no lot).
#[must_use]
pub fn numbers_drawn(tournament: &str, seed: Option<&str>) -> String {
    match seed {
        Some(s) => format!("tournament {tournament:?}: numbers drawn (seed {s})"),
        None => format!("tournament {tournament:?}: numbers drawn by rating"),
    }
}

/// `tournament show`: the seed the lot was drawn with.
#[must_use]
pub fn seed_of_the_lot(seed: &str) -> String {
    format!("Seed of the lot: {seed}")
}

/// One game of a tournament, as `tournament show` lists it.
#[derive(Debug, Clone, Copy)]
pub struct GameListed<'a> {
    /// The game's number.
    pub game: i64,
    /// Section, round and board.
    pub section: u32,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The pairing's label (who plays whom).
    pub label: &'a str,
    /// The game's number within a micro-match.
    pub match_game: Option<u32>,
    /// The result, when finished.
    pub result: Option<&'a str>,
    /// Frozen, awaiting the director's ruling.
    pub awaiting_adjudication: bool,
    /// The game's status otherwise.
    pub status: &'a str,
    /// The opening ballot drawn for it.
    pub ballot: Option<&'a str>,
}

/// The line of a [`GameListed`], indented by two spaces.
#[must_use]
pub fn game_listed(g: &GameListed<'_>) -> String {
    format!(
        "  game #{} section {} round {} board {} ({}){}: {}{}",
        g.game,
        g.section,
        g.round,
        g.board,
        g.label,
        g.match_game
            .map_or_else(String::new, |m| format!(" match game {m}")),
        match (g.result, g.awaiting_adjudication) {
            (Some(r), _) => r,
            (None, true) => "awaiting adjudication",
            (None, false) => g.status,
        },
        g.ballot
            .map_or_else(String::new, |b| format!(", ballot {b}"))
    )
}

/// `tournament adjudications` with nothing to rule.
#[must_use]
pub fn no_adjudication() -> &'static str {
    "No game awaits adjudication."
}

/// The head of a game awaiting adjudication.
#[must_use]
pub fn adjudication_head(
    game: i64,
    white: &str,
    black: &str,
    state: &str,
    claims_due: &str,
) -> String {
    format!("Game #{game} ({white} – {black}): {state}, claims due {claims_due}")
}

/// A game awaiting adjudication that no player has claimed yet.
#[must_use]
pub fn no_claims_yet() -> &'static str {
    "  no claims yet"
}

/// `tournament directors list` in `lang` when only the referees and admins
/// direct it.
#[must_use]
pub fn no_directors_of_its_own(tournament: &str, lang: Language) -> String {
    Message::new("tournament-directors-none")
        .arg("tournament", tournament.to_string())
        .render(lang)
}

/// A line of `tournament directors list` in `lang`: the director's address,
/// name and role (`referee` or `admin`), since when (`since`, RFC 3339) and
/// how they hear of the tournament's events (`mail`).
#[must_use]
pub fn director_line(
    address: &str,
    name: &str,
    role: &str,
    since: &str,
    mail: crate::tournament::director_mail::DirectorMail,
    lang: Language,
) -> String {
    Message::new("tournament-directors-line")
        .arg("address", address.to_string())
        .arg("name", name.to_string())
        .arg("role", role.to_string())
        .arg("since", since.to_string())
        .arg("mail", mail.as_str())
        .render(lang)
}

/// `tournament publish`: `files` files written into `dir`, `removed` old
/// files removed.
#[must_use]
pub fn published(tournament: &str, files: usize, dir: impl Display, removed: usize) -> String {
    format!(
        "tournament {tournament:?}: {} written to {dir}, {} removed",
        count_en(files, "file", "files"),
        count_en(removed, "old file", "old files")
    )
}
