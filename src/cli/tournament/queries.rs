//! The reading commands: show, standings, adjudications, list (and the one
//! read transaction they share), as text or JSON.

use std::process::ExitCode;

use anyhow::anyhow;

use crate::cli::store_args::StoreArgs;
use crate::referee::RefereeError;
use crate::referee::tournament as service;
use crate::store::games as game_rows;
use crate::store::tournaments::{self, Tournament};
use crate::store::{Tx, players};
use crate::vocabulary::Language;
use crate::words::operator::desk;
use crate::words::tournament_settings::{rated_line, settings_lines, system_name};

/// Reads in one transaction; a refusal goes to stderr with exit 1.
pub(super) fn read<T>(
    db: &StoreArgs,
    work: impl FnOnce(&Tx<'_>) -> Result<T, RefereeError>,
) -> anyhow::Result<Result<T, ExitCode>> {
    let mut store = db.open()?;
    match store.read(work) {
        Ok(v) => Ok(Ok(v)),
        Err(RefereeError::Store(e)) => Err(anyhow!(e)),
        Err(e) => Ok(Err(crate::cli::output::refused(&e, db.json))),
    }
}

pub(super) fn show(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let mut entrants = Vec::new();
        for e in tournaments::entrants(tx, t.id)? {
            entrants.push((players::get(tx, e.player)?, e));
        }
        let mut games = Vec::new();
        for l in tournaments::games(tx, t.id)? {
            let frozen = service::frozen(tx, l.game)?;
            games.push((game_rows::get(tx, l.game)?, l, frozen));
        }
        let rated = crate::store::ratings::tournament_rated(tx, t.id)?;
        Ok((t, entrants, games, rated))
    })?;
    let (t, entrants, games, rated) = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let shown = TournamentShown {
        entrants: entrants
            .iter()
            .map(|(p, e)| EntrantShown {
                player: p.email.clone(),
                name: p.name.clone(),
                section: e.section,
                number: e.number,
                status: e.status.as_str(),
            })
            .collect(),
        games: games
            .iter()
            .map(|(g, l, frozen)| GameLine {
                game: g.id.0,
                section: l.section,
                round: l.round,
                board: l.board,
                label: l.label(),
                match_game: l.match_game,
                ballot: l.ballot(),
                status: g.status.as_str(),
                awaiting_adjudication: *frozen,
                result: g.result.map(|r| r.as_str()),
                termination: g.termination.map(|r| r.as_str()),
            })
            .collect(),
        tournament: t,
        rated,
    };
    crate::cli::output::emit(&shown, json)
}

/// `tournament show`: the tournament row, its entrants and its games.
#[derive(serde::Serialize)]
struct TournamentShown {
    tournament: Tournament,
    /// Whether its games count for the rating lists.
    rated: bool,
    entrants: Vec<EntrantShown>,
    games: Vec<GameLine>,
}

/// An entrant of [`TournamentShown`].
#[derive(serde::Serialize)]
struct EntrantShown {
    player: String,
    name: String,
    section: u32,
    number: Option<u32>,
    status: &'static str,
}

/// A game of [`TournamentShown`].
#[derive(serde::Serialize)]
struct GameLine {
    game: i64,
    section: u32,
    round: u32,
    board: u32,
    label: String,
    match_game: Option<u32>,
    ballot: Option<String>,
    status: &'static str,
    awaiting_adjudication: bool,
    result: Option<&'static str>,
    termination: Option<&'static str>,
}

impl std::fmt::Display for TournamentShown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = &self.tournament;
        writeln!(
            f,
            "Tournament {:?}: {}, {}, {}",
            t.name,
            t.variant,
            system_name(t.system, Language::En),
            t.status.as_str()
        )?;
        for line in settings_lines(&t.settings, Language::En) {
            writeln!(f, "{line}")?;
        }
        writeln!(f, "{}", rated_line(self.rated, Language::En))?;
        if let Some(seed) = &t.draw_seed {
            writeln!(f, "{}", desk::seed_of_the_lot(seed))?;
        }
        for e in &self.entrants {
            writeln!(
                f,
                "  section {} number {}: {} <{}> {}",
                e.section,
                e.number.map_or("-".into(), |n| n.to_string()),
                e.name,
                e.player,
                e.status
            )?;
        }
        for g in &self.games {
            let listed = desk::GameListed {
                game: g.game,
                section: g.section,
                round: g.round,
                board: g.board,
                label: &g.label,
                match_game: g.match_game,
                result: g.result,
                awaiting_adjudication: g.awaiting_adjudication,
                status: g.status,
                ballot: g.ballot.as_deref(),
            };
            writeln!(f, "{}", desk::game_listed(&listed))?;
        }
        Ok(())
    }
}

pub(super) fn standings(
    db: &StoreArgs,
    name: &str,
    lang: Language,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let sections = service::table(tx, &t)?;
        Ok((t, sections))
    })?;
    let (t, sections) = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    // One shape for both: the crosstable's JSON (docs/tournaments.md, "CSV
    // and JSON"), rows by place.
    let shown = crate::site::exports::crosstable_json(&t.name, &sections);
    let words = crate::letters::compose::standings_by_place(&t.name, &sections, lang);
    crate::cli::output::emit(&crate::cli::output::Worded::new(shown, words), json)
}

pub(super) fn adjudications(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let mut out = Vec::new();
        for a in tournaments::adjudications(tx, t.id)? {
            let l = crate::referee::load::load(tx, a.game, chrono::Utc::now())?;
            let claims = tournaments::claims(tx, a.game)?;
            out.push((a, l, claims));
        }
        Ok(out)
    })?;
    let list = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let shown: Vec<AdjudicationShown> = list
        .iter()
        .map(|(a, l, claims)| AdjudicationShown {
            game: a.game.0,
            state: a.state.as_str(),
            claims_due: a.claims_due.to_rfc3339(),
            white: l.players[0].name.clone(),
            black: l.players[1].name.clone(),
            fen: l.game.fen(),
            plies: l.moves.len(),
            claims: claims
                .iter()
                .map(|c| ClaimShown {
                    side: c.side,
                    result: c.result,
                    analysis: c.analysis.clone(),
                    at: c.claimed_at.to_rfc3339(),
                })
                .collect(),
            board: crate::diagram::game_text(
                l.game.as_ref(),
                crate::rules::Color::White,
                &crate::diagram::Options::default(),
            ),
        })
        .collect();
    crate::cli::output::emit_list(&shown, desk::no_adjudication(), json)
}

/// A game awaiting adjudication: the position (board and FEN) and the
/// players' claims.
#[derive(serde::Serialize)]
struct AdjudicationShown {
    game: i64,
    state: &'static str,
    claims_due: String,
    white: String,
    black: String,
    fen: String,
    plies: usize,
    claims: Vec<ClaimShown>,
    #[serde(skip)]
    board: String,
}

/// A player's claim of an [`AdjudicationShown`].
#[derive(serde::Serialize)]
struct ClaimShown {
    side: crate::vocabulary::Color,
    result: crate::vocabulary::GameResult,
    analysis: String,
    at: String,
}

impl std::fmt::Display for AdjudicationShown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}",
            desk::adjudication_head(
                self.game,
                &self.white,
                &self.black,
                self.state,
                &self.claims_due
            )
        )?;
        write!(f, "{}", self.board)?;
        writeln!(f, "FEN {}", self.fen)?;
        for c in &self.claims {
            writeln!(f, "  {} claims {}: {}", c.side, c.result, c.analysis)?;
        }
        if self.claims.is_empty() {
            writeln!(f, "{}", desk::no_claims_yet())?;
        }
        Ok(())
    }
}

pub(super) fn list(db: &StoreArgs, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let mut out: Vec<(Tournament, usize)> = Vec::new();
        for t in tournaments::list(tx)? {
            let n = tournaments::entrants(tx, t.id)?.len();
            out.push((t, n));
        }
        Ok(out)
    })?;
    let list = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let lines: Vec<TournamentLine> = list
        .iter()
        .map(|(t, n)| TournamentLine {
            name: t.name.clone(),
            variant: t.variant,
            system: t.system,
            status: t.status.as_str(),
            entrants: *n,
        })
        .collect();
    crate::cli::output::emit_lines(&lines, "No tournaments.", json)
}

/// A tournament of `tournament list`: `Кубок: russian round-robin, 10
/// entrants, playing`.
#[derive(serde::Serialize)]
struct TournamentLine {
    name: String,
    variant: crate::rules::Variant,
    system: crate::tournament::system::System,
    status: &'static str,
    entrants: usize,
}

impl std::fmt::Display for TournamentLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} {}, {}, {}",
            self.name,
            self.variant,
            system_name(self.system, Language::En),
            crate::words::game::count_en(self.entrants, "entrant", "entrants"),
            self.status
        )
    }
}

/// `tournament directors list`: one line a director in `lang`, `ivan@example.org
/// (Иван Петров, referee), since 2026-12-01T10:00:00+00:00; mail: each event at
/// once`; none: every referee and admin.
pub(super) fn directors(
    db: &StoreArgs,
    name: &str,
    lang: Language,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| service::directors(tx, name))?;
    let (t, list) = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let lines: Vec<DirectorLine> = list
        .iter()
        .map(|(d, p, mail)| DirectorLine {
            address: p.email.clone(),
            name: p.name.clone(),
            role: p.role.as_str(),
            since: d.added_at.to_rfc3339(),
            mail: *mail,
            lang,
        })
        .collect();
    let none = desk::no_directors_of_its_own(&t.name, lang);
    crate::cli::output::emit_lines(&lines, &none, json)
}

/// A director of `tournament directors list`.
#[derive(serde::Serialize)]
struct DirectorLine {
    address: String,
    name: String,
    role: &'static str,
    since: String,
    /// How they hear of the tournament's events: `each` or `digest`.
    mail: crate::tournament::director_mail::DirectorMail,
    #[serde(skip)]
    lang: Language,
}

impl std::fmt::Display for DirectorLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&desk::director_line(
            &crate::printable::printable(&self.address),
            &crate::printable::printable(&self.name),
            self.role,
            &self.since,
            self.mail,
            self.lang,
        ))
    }
}
