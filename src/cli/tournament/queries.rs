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
use crate::words::tournament_settings::{settings_lines, system_name};

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
        Ok((t, entrants, games))
    })?;
    let (t, entrants, games) = match got {
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
    };
    crate::cli::output::emit(&shown, json)
}

/// `tournament show`: the tournament row, its entrants and its games.
#[derive(serde::Serialize)]
struct TournamentShown {
    tournament: Tournament,
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

pub(super) fn standings(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let sections = service::table(tx, &t)?;
        Ok((t, sections))
    })?;
    let (t, sections) = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let shown = StandingsShown {
        tournament: t.name.clone(),
        scoring: t.settings.scoring,
        tie_breaks: t.settings.tie_breaks.clone(),
        sections: sections.iter().map(SectionShown::of).collect(),
    };
    let words = crate::letters::compose::standings_by_place(&t.name, &sections, Language::En);
    crate::cli::output::emit(&crate::cli::output::Worded::new(shown, words), json)
}

/// `tournament standings` in JSON: each section's standings with points,
/// places and tie-breaks (in words the table as the site prints it).
#[derive(serde::Serialize)]
struct StandingsShown {
    tournament: String,
    scoring: crate::tournament::standings::Scoring,
    tie_breaks: Vec<crate::tournament::standings::TieBreak>,
    sections: Vec<SectionShown>,
}

/// One section of [`StandingsShown`].
#[derive(serde::Serialize)]
struct SectionShown {
    section: u32,
    standings: Vec<StandingShown>,
}

/// One player's line of a [`SectionShown`].
#[derive(serde::Serialize)]
struct StandingShown {
    number: u32,
    name: String,
    player: String,
    status: &'static str,
    /// The score as the tournament's scoring prints it (`7½`, `15`).
    points: String,
    half_points: u32,
    games: u32,
    finished: u32,
    /// `3`, or `3-4` when shared.
    place: String,
    tie_breaks: Vec<TieBreakValue>,
}

/// A tie-break of a [`StandingShown`]: its code (`SB`, `WIN`, ...), its value
/// in its unit (`quarter-points` for SB: 6 is 1½; `half-points`, `count`,
/// `rank`), and as the table prints it (`1½`), null where the table leaves
/// the cell blank: a direct encounter or a lot that did not decide the
/// player's place (they rank within a tied group only).
#[derive(serde::Serialize)]
struct TieBreakValue {
    code: &'static str,
    unit: crate::tournament::standings::Unit,
    value: u64,
    printed: Option<String>,
}

impl SectionShown {
    fn of(s: &service::SectionTable) -> SectionShown {
        SectionShown {
            section: s.section,
            standings: s
                .standings
                .iter()
                .map(|st| {
                    let (p, status) = &s.players[st.player as usize - 1];
                    let (games, finished) = s.games[st.player as usize - 1];
                    StandingShown {
                        number: st.player,
                        name: p.name.clone(),
                        player: p.email.clone(),
                        status: status.as_str(),
                        points: s.scoring.print(st.score),
                        half_points: st.score,
                        games,
                        finished,
                        place: if st.place.0 == st.place.1 {
                            st.place.0.to_string()
                        } else {
                            format!("{}-{}", st.place.0, st.place.1)
                        },
                        tie_breaks: s
                            .order
                            .iter()
                            .enumerate()
                            .zip(&st.tiebreaks)
                            .map(|((k, &t), &value)| TieBreakValue {
                                code: t.code(),
                                unit: t.unit(),
                                value,
                                printed: crate::words::tournament::tiebreak_shown(st, k, t).map(
                                    |v| crate::words::tournament::tiebreak_value(t, v, s.scoring),
                                ),
                            })
                            .collect(),
                    }
                })
                .collect(),
        }
    }
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

/// `tournament directors list`: one line a director, `ivan@example.org (Иван
/// Петров), since 2026-12-01T10:00:00+00:00`; none: every referee and admin.
pub(super) fn directors(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| service::directors(tx, name))?;
    let (t, list) = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let lines: Vec<DirectorLine> = list
        .iter()
        .map(|(d, p)| DirectorLine {
            address: p.email.clone(),
            name: p.name.clone(),
            role: p.role.as_str(),
            since: d.added_at.to_rfc3339(),
        })
        .collect();
    let none = desk::no_directors_of_its_own(&t.name);
    crate::cli::output::emit_lines(&lines, &none, json)
}

/// A director of `tournament directors list`.
#[derive(serde::Serialize)]
struct DirectorLine {
    address: String,
    name: String,
    role: &'static str,
    since: String,
}

impl std::fmt::Display for DirectorLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}, {}), since {}",
            crate::printable::printable(&self.address),
            crate::printable::printable(&self.name),
            self.role,
            self.since
        )
    }
}
