//! Rating lists and their calculation in words, as federations print them:
//! the list by place, and a player's periods with each game's opponent,
//! the opponent's rating, the expected score, the score and the change,
//! then the calculation of the new rating in figures.

use chrono::NaiveDate;

use super::catalog::{Arg, text};
use super::game::variant_name;
use crate::rules::Variant;
use crate::tournament::rating::{Batch, Calculation, Model, Row, Status};
use crate::vocabulary::Language;

/// The model's name.
#[must_use]
pub fn model_name(model: Model, lang: Language) -> String {
    let id = match model {
        Model::Elo => "rating-model-elo",
        Model::Glicko2 => "rating-model-glicko2",
    };
    text(lang, id, &[])
}

/// An Elo standing.
#[must_use]
pub fn status_name(status: Status, lang: Language) -> String {
    let id = match status {
        Status::Provisional => "rating-status-provisional",
        Status::Unfixed => "rating-status-unfixed",
        Status::Fixed => "rating-status-fixed",
    };
    text(lang, id, &[])
}

/// Lays rows of cells out in columns two spaces apart.
fn table(header: &str, rows: &[Vec<String>]) -> String {
    let head: Vec<String> = header.split(" | ").map(str::to_owned).collect();
    let mut widths: Vec<usize> = head.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if i < widths.len() {
                widths[i] = widths[i].max(cell.chars().count());
            }
        }
    }
    let line = |cells: &[String]| {
        let mut out = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i > 0 {
                out.push_str("  ");
            }
            out.push_str(cell);
            if i + 1 < cells.len() {
                let pad = widths[i].saturating_sub(cell.chars().count());
                out.push_str(&" ".repeat(pad));
            }
        }
        out.trim_end().to_owned() + "\n"
    };
    let mut out = line(&head);
    for row in rows {
        out.push_str(&line(row));
    }
    out
}

/// The rating list: a title, then one line per player by place. `names`
/// gives each row's player name, in the rows' order.
#[must_use]
pub fn list(
    variant: Variant,
    model: Model,
    date: NaiveDate,
    rows: &[Row],
    names: &[String],
    lang: Language,
) -> String {
    let variant = variant_name(variant, lang);
    if rows.is_empty() {
        return text(lang, "rating-list-empty", &[("variant", variant.into())]) + "\n";
    }
    let model_text = model_name(model, lang);
    let date_text = date.to_string();
    let mut out = text(
        lang,
        "rating-list-title",
        &[
            ("variant", variant.into()),
            ("model", (&model_text).into()),
            ("date", (&date_text).into()),
        ],
    );
    out.push_str("\n\n");
    let cells: Vec<Vec<String>> = rows
        .iter()
        .zip(names)
        .map(|(r, name)| match model {
            Model::Elo => vec![
                r.place.to_string(),
                name.clone(),
                format!("{:.0}", r.rating.value),
                r.games.to_string(),
                r.status.map(|s| status_name(s, lang)).unwrap_or_default(),
            ],
            Model::Glicko2 => vec![
                r.place.to_string(),
                name.clone(),
                format!("{:.0}", r.rating.value),
                format!("{:.0}", r.rating.deviation.unwrap_or_default()),
                r.games.to_string(),
            ],
        })
        .collect();
    let header = match model {
        Model::Elo => text(lang, "rating-list-header", &[]),
        Model::Glicko2 => text(lang, "rating-list-header-glicko2", &[]),
    };
    out.push_str(&table(&header, &cells));
    out
}

/// A score as printed: 1, ½ or 0.
fn score(s: f64) -> String {
    if s > 0.75 {
        "1".into()
    } else if s < 0.25 {
        "0".into()
    } else {
        "½".into()
    }
}

/// A rating as the model prints it: whole points under Elo, hundredths
/// under Glicko-2.
fn points(model: Model, value: f64) -> String {
    match model {
        Model::Elo => format!("{value:.0}"),
        Model::Glicko2 => format!("{value:.2}"),
    }
}

/// What `rating show` says of a player without a rated game: of `variant`,
/// or of any game when `None`.
#[must_use]
pub fn show_none(player: &str, variant: Option<Variant>, lang: Language) -> String {
    match variant {
        Some(v) => text(
            lang,
            "rating-show-none",
            &[
                ("player", player.into()),
                ("variant", variant_name(v, lang).into()),
            ],
        ),
        None => text(lang, "rating-show-none-any", &[("player", player.into())]),
    }
}

/// A player's rating history: per period the games and the calculation.
/// `opponents` names each batch's lines' opponents, batch by batch.
#[must_use]
pub fn show(
    player: &str,
    variant: Variant,
    model: Model,
    batches: &[&Batch],
    opponents: &[Vec<String>],
    lang: Language,
) -> String {
    if batches.is_empty() {
        return show_none(player, Some(variant), lang) + "\n";
    }
    let variant = variant_name(variant, lang);
    let model_text = model_name(model, lang);
    let mut out = text(
        lang,
        "rating-show-title",
        &[
            ("player", player.into()),
            ("variant", variant.into()),
            ("model", (&model_text).into()),
        ],
    );
    out.push('\n');
    let header = text(lang, "rating-show-header", &[]);
    for (b, names) in batches.iter().zip(opponents) {
        let period = b.period.to_string();
        let before = points(model, b.before.value);
        let after = points(model, b.after.value);
        out.push('\n');
        out.push_str(&text(
            lang,
            "rating-show-period",
            &[
                ("period", (&period).into()),
                ("before", (&before).into()),
                ("after", (&after).into()),
                ("games", Arg::Count(u64::from(b.games_before))),
            ],
        ));
        out.push('\n');
        let cells: Vec<Vec<String>> = b
            .lines
            .iter()
            .zip(names)
            .map(|(l, name)| {
                vec![
                    super::state::game_number(l.game, lang),
                    name.clone(),
                    points(model, l.opponent_rating),
                    format!("{:.2}", l.expected),
                    score(l.score),
                    l.change
                        .map_or_else(|| "—".to_owned(), |c| format!("{c:+.1}")),
                ]
            })
            .collect();
        out.push_str(&table(&header, &cells));
        out.push_str(&calculation(b, model, lang));
        out.push('\n');
    }
    out
}

/// The line that shows how a batch's new rating was reached.
fn calculation(b: &Batch, model: Model, lang: Language) -> String {
    let rating = points(model, b.after.value);
    match b.calculation {
        Calculation::Performance(p) => performance_line(&p, lang),
        Calculation::Weighted {
            old_games,
            old_rating,
            performance,
        } => {
            let old = format!("{old_rating:.0}");
            let perf = format!("{:.0}", performance.rating);
            let (og, g, total) = (
                old_games.to_string(),
                performance.games.to_string(),
                (old_games + performance.games).to_string(),
            );
            let mut out = performance_line(&performance, lang);
            out.push_str(&text(
                lang,
                "rating-calc-weighted",
                &[
                    ("old_games", (&og).into()),
                    ("old_rating", (&old).into()),
                    ("games", (&g).into()),
                    ("performance", (&perf).into()),
                    ("total", (&total).into()),
                    ("rating", (&rating).into()),
                ],
            ));
            out + "\n"
        }
        Calculation::Fixed { k, score, expected } => {
            let before = points(model, b.before.value);
            let (k, score, expected) = (
                format!("{k:.0}"),
                format!("{score}"),
                format!("{expected:.2}"),
            );
            text(
                lang,
                "rating-calc-fixed",
                &[
                    ("before", (&before).into()),
                    ("k", (&k).into()),
                    ("score", (&score).into()),
                    ("expected", (&expected).into()),
                    ("rating", (&rating).into()),
                ],
            ) + "\n"
        }
        Calculation::Glicko2 => {
            let f2 = |x: Option<f64>| format!("{:.2}", x.unwrap_or_default());
            let f5 = |x: Option<f64>| format!("{:.5}", x.unwrap_or_default());
            let (db, da, vb, va) = (
                f2(b.before.deviation),
                f2(b.after.deviation),
                f5(b.before.volatility),
                f5(b.after.volatility),
            );
            text(
                lang,
                "rating-calc-glicko2",
                &[
                    ("deviation_before", (&db).into()),
                    ("deviation_after", (&da).into()),
                    ("volatility_before", (&vb).into()),
                    ("volatility_after", (&va).into()),
                ],
            ) + "\n"
        }
    }
}

/// `x` rounded to a whole number, with no sign on a zero ("0", never "-0").
fn whole(x: f64) -> String {
    let rounded = x.round();
    format!("{:.0}", if rounded == 0.0 { 0.0 } else { rounded })
}

fn performance_line(p: &crate::tournament::rating::elo::Performance, lang: Language) -> String {
    let (average, percentage, difference, correction, rating) = (
        format!("{:.0}", p.opponents_average),
        format!("{:.2}", p.percentage),
        whole(p.difference),
        format!("{:.4}", p.correction),
        format!("{:.0}", p.rating),
    );
    text(
        lang,
        "rating-calc-performance",
        &[
            ("games", Arg::Count(u64::from(p.games))),
            ("average", (&average).into()),
            ("percentage", (&percentage).into()),
            ("difference", (&difference).into()),
            ("correction", (&correction).into()),
            ("rating", (&rating).into()),
        ],
    ) + "\n"
}

/// What `rating recompute` did for one variant.
#[must_use]
pub fn recomputed(
    variant: Variant,
    model: Model,
    players: usize,
    games: usize,
    lang: Language,
) -> String {
    let model_text = model_name(model, lang);
    let variant = variant_name(variant, lang);
    text(
        lang,
        "rating-recomputed",
        &[
            ("variant", variant.into()),
            ("model", (&model_text).into()),
            ("players", Arg::Count(players as u64)),
            ("games", Arg::Count(games as u64)),
        ],
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_difference_that_rounds_to_zero_is_written_without_a_sign() {
        assert_eq!(super::whole(-0.3), "0");
        assert_eq!(super::whole(-0.0), "0");
        assert_eq!(super::whole(0.4), "0");
        assert_eq!(super::whole(-56.4), "-56");
        assert_eq!(super::whole(191.5), "192");
    }
}
