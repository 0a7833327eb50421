//! `zaochka rating ...`: rating lists per variant, recomputed from the
//! rated games ([`crate::tournament::rating`]), in words
//! ([`crate::words::ratings`]) or JSON.

use std::collections::HashMap;
use std::process::ExitCode;

use anyhow::anyhow;
use chrono::NaiveDate;

use super::store_args::{StoreArgs, player_by_email};
use crate::referee::RefereeError;
use crate::rules::Variant;
use crate::store::{StoreError, Tx, players, ratings};
use crate::tournament::rating::{self, Batch, History, Model, Row};
use crate::vocabulary::{Language, PlayerId};
use crate::words::ratings as words;

/// Rating lists: per variant, over every rated finished game.
#[derive(clap::Subcommand, Debug)]
pub enum RatingCmd {
    /// A variant's rating list, by place.
    ///
    /// A variant's rating list, by place: every player with a rated finished
    /// game, under the list's model (ICCF/IECG Elo unless `rating recompute`
    /// chose Glicko-2) or the one --model names.
    List {
        /// The game: russian, international, bashni, lasca, chess.
        #[arg(long, value_parser = super::parse_variant)]
        variant: Variant,
        /// The list as of this date (YYYY-MM-DD): games finished later do not count.
        #[arg(long)]
        at: Option<NaiveDate>,
        /// elo or glicko2 (the list's own model if absent).
        #[arg(long)]
        model: Option<Model>,
        /// ru or en.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// A player's rating, period by period, with each game's calculation.
    ///
    /// A player's rating, period by period: each game's opponent, the
    /// opponent's rating, the expected score, the score and the change, then
    /// how the new rating was reached.
    Show {
        /// The player's registered address.
        player: String,
        /// Only this game (every variant the player has rated games of if absent).
        #[arg(long, value_parser = super::parse_variant)]
        variant: Option<Variant>,
        /// elo or glicko2 (the list's own model if absent).
        #[arg(long)]
        model: Option<Model>,
        /// The rating as of this date (YYYY-MM-DD).
        #[arg(long)]
        at: Option<NaiveDate>,
        /// ru or en.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Re-rate the whole history under a model, which the list keeps.
    Recompute {
        /// elo or glicko2.
        #[arg(long)]
        model: Model,
        /// Only this game (every variant with a finished game if absent).
        #[arg(long, value_parser = super::parse_variant)]
        variant: Option<Variant>,
        /// ru or en.
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

fn parse_lang(s: &str) -> anyhow::Result<Language> {
    match s {
        "ru" => Ok(Language::Ru),
        "en" => Ok(Language::En),
        _ => Err(anyhow!("--lang must be ru or en")),
    }
}

/// Player names by id, for the players a history names.
fn names(
    tx: &Tx<'_>,
    ids: impl IntoIterator<Item = PlayerId>,
) -> Result<HashMap<PlayerId, String>, StoreError> {
    let mut out = HashMap::new();
    for id in ids {
        if let std::collections::hash_map::Entry::Vacant(e) = out.entry(id) {
            e.insert(players::get(tx, id)?.name);
        }
    }
    Ok(out)
}

/// One row of the list as printed and as JSON.
#[derive(serde::Serialize)]
struct ListRow {
    place: u32,
    player: String,
    rating: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    deviation: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    volatility: Option<f64>,
    games: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<rating::Status>,
}

/// The list: its words and its rows.
#[derive(serde::Serialize)]
struct ListOut {
    variant: String,
    model: Model,
    date: NaiveDate,
    rows: Vec<ListRow>,
    #[serde(skip)]
    words: String,
}

impl std::fmt::Display for ListOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}

/// A player's history: its words and its batches.
#[derive(serde::Serialize)]
struct ShowOut {
    player: String,
    lists: Vec<ShowList>,
    #[serde(skip)]
    words: String,
}

#[derive(serde::Serialize)]
struct ShowList {
    variant: String,
    model: Model,
    periods: Vec<Batch>,
}

impl std::fmt::Display for ShowOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}

/// What `recompute` did.
#[derive(serde::Serialize)]
struct Recomputed {
    variant: String,
    model: Model,
    players: usize,
    games: usize,
}

#[derive(serde::Serialize)]
struct RecomputeOut {
    lists: Vec<Recomputed>,
    #[serde(skip)]
    words: String,
}

impl std::fmt::Display for RecomputeOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}

/// The variants with a finished game, as the rules know them.
fn stored_variants(tx: &Tx<'_>) -> Result<Vec<Variant>, StoreError> {
    Ok(ratings::variants(tx)?
        .iter()
        .filter_map(|v| Variant::from_name(v))
        .collect())
}

/// The history of `variant` under `model` (the list's own if `None`).
fn history(
    tx: &Tx<'_>,
    variant: &str,
    model: Option<Model>,
    at: Option<NaiveDate>,
) -> Result<History, StoreError> {
    let model = match model {
        Some(m) => m,
        None => ratings::model(tx, variant)?,
    };
    let games = ratings::rated_games(tx, variant)?;
    Ok(rating::rate(model, &games, at))
}

impl RatingCmd {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let now = db.now();
        let mut store = db.open()?;
        match self {
            RatingCmd::List {
                variant,
                at,
                model,
                lang,
            } => {
                let lang = parse_lang(&lang)?;
                let date = at.unwrap_or_else(|| now.date_naive());
                let out = store.read(|tx| -> Result<ListOut, StoreError> {
                    let h = history(tx, variant.name(), model, Some(date))?;
                    let list: Vec<Row> = h.list();
                    let names = names(tx, list.iter().map(|r| r.player))?;
                    let row_names: Vec<String> =
                        list.iter().map(|r| names[&r.player].clone()).collect();
                    let words = words::list(variant, h.model, date, &list, &row_names, lang);
                    let rows = list
                        .iter()
                        .zip(row_names)
                        .map(|(r, player)| ListRow {
                            place: r.place,
                            player,
                            rating: r.rating.value,
                            deviation: r.rating.deviation,
                            volatility: r.rating.volatility,
                            games: r.games,
                            status: r.status,
                        })
                        .collect();
                    Ok(ListOut {
                        variant: variant.name().to_owned(),
                        model: h.model,
                        date,
                        rows,
                        words,
                    })
                })?;
                super::output::emit(&out, db.json)
            }
            RatingCmd::Show {
                player,
                variant,
                model,
                at,
                lang,
            } => {
                let lang = parse_lang(&lang)?;
                let out = store.read(|tx| -> Result<ShowOut, RefereeError> {
                    let p = player_by_email(tx, &player)?;
                    let variants: Vec<Variant> = match variant {
                        Some(v) => vec![v],
                        None => stored_variants(tx)?,
                    };
                    let mut words_out = String::new();
                    let mut lists = Vec::new();
                    for v in variants {
                        let h = history(tx, v.name(), model, at)?;
                        let batches = h.of(p.id);
                        if batches.is_empty() && variant.is_none() {
                            continue;
                        }
                        let names = names(
                            tx,
                            batches
                                .iter()
                                .flat_map(|b| b.lines.iter().map(|l| l.opponent)),
                        )?;
                        let opponents: Vec<Vec<String>> = batches
                            .iter()
                            .map(|b| b.lines.iter().map(|l| names[&l.opponent].clone()).collect())
                            .collect();
                        if !words_out.is_empty() {
                            words_out.push('\n');
                        }
                        words_out.push_str(&words::show(
                            &p.name, v, h.model, &batches, &opponents, lang,
                        ));
                        lists.push(ShowList {
                            variant: v.name().to_owned(),
                            model: h.model,
                            periods: batches.into_iter().cloned().collect(),
                        });
                    }
                    if lists.is_empty() {
                        words_out = words::show_none(&p.name, variant, lang);
                    }
                    Ok(ShowOut {
                        player: p.name,
                        lists,
                        words: words_out,
                    })
                });
                match out {
                    Ok(out) => super::output::emit(&out, db.json),
                    Err(e) => super::output::refusal_or_fault(e, db.json),
                }
            }
            RatingCmd::Recompute {
                model,
                variant,
                lang,
            } => {
                let lang = parse_lang(&lang)?;
                let out = store.transaction(|tx| -> Result<RecomputeOut, StoreError> {
                    let variants: Vec<Variant> = match variant {
                        Some(v) => vec![v],
                        None => stored_variants(tx)?,
                    };
                    let mut lists = Vec::new();
                    let mut words_out = String::new();
                    for v in variants {
                        ratings::set_model(tx, v.name(), model, now)?;
                        let games = ratings::rated_games(tx, v.name())?;
                        let h = rating::rate(model, &games, None);
                        let players = h.list().len();
                        words_out.push_str(&words::recomputed(
                            v,
                            model,
                            players,
                            games.len(),
                            lang,
                        ));
                        words_out.push('\n');
                        lists.push(Recomputed {
                            variant: v.name().to_owned(),
                            model,
                            players,
                            games: games.len(),
                        });
                    }
                    Ok(RecomputeOut {
                        lists,
                        words: words_out,
                    })
                })?;
                super::output::emit(&out, db.json)
            }
        }
    }
}
