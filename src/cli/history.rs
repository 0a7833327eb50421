//! `zaochka history`: games filtered, sorted and paged.

use std::process::ExitCode;

use anyhow::anyhow;
use chrono::NaiveDate;

use super::store_args::{StoreArgs, player_by_email};
use crate::referee::RefereeError;
use crate::store::games::{self, GameFilter, GameOrder};
use crate::store::players;
use crate::vocabulary::{GameResult, GameStatus};

/// Lists games: by player, variant, result, status and date, sorted and paged.
#[derive(clap::Args, Debug)]
pub struct History {
    /// Only games of this player (registered address).
    #[arg(long)]
    player: Option<String>,
    /// Only this variant.
    #[arg(long)]
    variant: Option<String>,
    /// Only the games of this tournament.
    #[arg(long)]
    tournament: Option<String>,
    /// Only this result: 1-0, 0-1, 1/2-1/2 (or «ничья», «победа белых», ...).
    #[arg(long, allow_hyphen_values = true, value_parser = super::parse_result)]
    result: Option<GameResult>,
    /// Only this status: active, paused, adjourned, finished, annulled (or
    /// «идёт», «окончена», «отложена», ...).
    #[arg(long, value_parser = super::parse_status)]
    status: Option<GameStatus>,
    /// Played on or after this date (YYYY-MM-DD): an imported game's `Date`
    /// tag (a game whose record does not give the day is left out), any other
    /// game's UTC creation date. FROM after --to is refused.
    #[arg(long, value_parser = parse_date)]
    from: Option<NaiveDate>,
    /// Played on or before this date (YYYY-MM-DD), as --from.
    #[arg(long, value_parser = parse_date)]
    to: Option<NaiveDate>,
    /// Newest first.
    #[arg(long)]
    desc: bool,
    /// Page number, from 1.
    #[arg(long, default_value_t = 1)]
    page: u32,
    /// Games per page.
    #[arg(long, default_value_t = 50)]
    per_page: u32,
}

impl History {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let (result, status) = (self.result, self.status);
        if let (Some(from), Some(to)) = (self.from, self.to)
            && from > to
        {
            anyhow::bail!("--from {from} is after --to {to}: no game can be played in between");
        }
        // Any name the other commands accept (`шахматы`, `international`).
        let variant = self
            .variant
            .as_deref()
            .map(super::parse_variant)
            .transpose()
            .map_err(|e| anyhow!("--variant: {e}"))?;
        let mut store = db.open()?;
        let rows = store.read(|tx| -> Result<_, RefereeError> {
            let player = match &self.player {
                Some(e) => Some(player_by_email(tx, e)?.id),
                None => None,
            };
            let tournament = match &self.tournament {
                Some(name) => Some(crate::referee::tournament::by_name(tx, name)?.name),
                None => None,
            };
            let filter = GameFilter {
                player,
                tournament,
                variant,
                result,
                status,
                played_from: self.from,
                played_to: self.to,
                order: if self.desc {
                    GameOrder::CreatedDesc
                } else {
                    GameOrder::CreatedAsc
                },
                limit: Some(self.per_page.max(1)),
                offset: self.page.saturating_sub(1) * self.per_page.max(1),
                ..GameFilter::default()
            };
            let list = games::list(tx, &filter)?;
            let mut out = Vec::new();
            for g in list {
                let w = players::get(tx, g.white)?;
                let b = players::get(tx, g.black)?;
                let plies = crate::store::moves::last_ply(tx, g.id)?;
                let played = crate::store::archive::played(tx, g.id)?;
                let standstill = crate::referee::standstill(tx, &g)?;
                out.push((g, w, b, plies, played, standstill));
            }
            Ok(out)
        });
        let rows = match rows {
            Ok(r) => r,
            Err(e) => return super::output::refusal_or_fault(e, db.json),
        };
        let list: Vec<HistoryRow> = rows
            .iter()
            .map(|(g, w, b, plies, played, standstill)| HistoryRow {
                game: g.id.0,
                variant: g.variant,
                white: Person {
                    name: w.name.clone(),
                    email: w.email.clone(),
                },
                black: Person {
                    name: b.name.clone(),
                    email: b.email.clone(),
                },
                status: g.status.as_str(),
                standstill: *standstill,
                result: g.result.map(|r| r.as_str()),
                termination: g.termination.map(|t| t.as_str()),
                plies: *plies,
                created_at: g.created_at.to_rfc3339(),
                played_on: played.map(|d| d.to_string()),
                finished_at: g.finished_at.map(|t| t.to_rfc3339()),
                tournament: g.tournament.clone(),
                day: played.unwrap_or_else(|| g.created_at.date_naive()),
            })
            .collect();
        super::output::emit_list(&list, "No games.", db.json)
    }
}

/// A player of a [`HistoryRow`].
#[derive(serde::Serialize)]
struct Person {
    name: String,
    email: String,
}

/// One game of the history: in JSON each field (instants in RFC 3339, the
/// played date as `YYYY-MM-DD`), in words `#12 2026-03-01 russian Иван – Анна
/// 41 plies 1-0` (`1 ply`).
#[derive(serde::Serialize)]
struct HistoryRow {
    game: i64,
    variant: crate::rules::Variant,
    white: Person,
    black: Person,
    status: &'static str,
    /// Why the game stands still, if it does (see `game show`).
    standstill: Option<crate::vocabulary::Standstill>,
    result: Option<&'static str>,
    termination: Option<&'static str>,
    plies: u32,
    created_at: String,
    played_on: Option<String>,
    finished_at: Option<String>,
    tournament: Option<String>,
    /// The day shown in words: the played date, else the creation date.
    #[serde(skip)]
    day: chrono::NaiveDate,
}

impl std::fmt::Display for HistoryRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "#{} {} {} {} – {} {} {}",
            self.game,
            self.day,
            self.variant,
            self.white.name,
            self.black.name,
            crate::words::game::count_en(self.plies, "ply", "plies"),
            match (self.result, self.standstill) {
                (Some(r), _) => r.to_owned(),
                (None, Some(why)) => {
                    crate::words::state::standstill_word(why, crate::vocabulary::Language::En)
                }
                (None, None) => self.status.to_owned(),
            }
        )
    }
}

/// A calendar date as `--from` and `--to` take it: `2026-03-01`.
fn parse_date(s: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
        .map_err(|_| crate::words::operator::arguments::not_a_date(s))
}
