//! The crosstable as data files: CSV (one row per player, in place order)
//! and JSON (each section's rows with their cells and tie-breaks). The site
//! links the CSV; `tournament crosstable NAME --format csv|json` prints them.
//!
//! CSV columns, in this order (the header row names them):
//! `section`, `place` (`3`, or `3-4` when shared; empty for a player whose
//! results a withdrawal rule took out), `number` (the personal number),
//! `name`, `withdrawn` (`yes` or empty), `rating` (the entry rating: the
//! rating on the variant's list in force when the tournament started;
//! empty for an unrated player), one column per opponent headed by
//! the opponent's number (the cell as the table prints it: `1`, `½`, `0` or
//! `2 1 0`; `+`/`−` for a forfeit; `·` not played yet; `½ 1` for both games
//! of a double round robin; in parentheses when not counted; `×` on the
//! diagonal), `points` (as the scoring prints it), `half_points`, `games`
//! (games with a result that counts), `match_points` (micro-matches: 2 for a
//! match won, 1 drawn, 0 lost; empty in other systems), then one column per
//! tie-break headed by
//! its code (`SB`, `WIN`, ...; as printed, empty where the table leaves the
//! cell blank). Sections of different sizes share one header with as many
//! opponent columns as the largest section has players.

use serde::Serialize;

use crate::referee::tournament::SectionTable;
use crate::vocabulary::Language;
use crate::words::tournament::{
    crosstable_rows_by_place, leading_columns, place_order, tiebreak_shown, tiebreak_value,
};

/// The crosstable of every section as CSV text (see the module doc).
#[must_use]
pub fn crosstable_csv(tournament: &str, sections: &[SectionTable]) -> String {
    let most = sections
        .iter()
        .map(|s| s.crosstable.players())
        .max()
        .unwrap_or(0);
    let codes: Vec<&str> = sections
        .first()
        .map(|s| s.order.iter().map(|t| t.code()).collect())
        .unwrap_or_default();
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = ["section", "place", "number", "name", "withdrawn", "rating"]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
    header.extend((1..=most).map(|n| n.to_string()));
    header.extend(["points", "half_points", "games", "match_points"].map(String::from));
    header.extend(codes.iter().map(|c| (*c).to_string()));
    let mut records = vec![header];
    for s in sections {
        for row in json_section(tournament, s).rows {
            let mut r = vec![
                s.section.to_string(),
                row.place.unwrap_or_default(),
                row.number.to_string(),
                row.name,
                if row.withdrawn {
                    "yes".into()
                } else {
                    String::new()
                },
                row.rating.map(|r| r.to_string()).unwrap_or_default(),
            ];
            let mut cells = vec![String::new(); most as usize];
            for c in row.cells {
                cells[c.opponent as usize - 1] = c.text;
            }
            r.extend(cells);
            r.extend([
                row.points,
                row.half_points.to_string(),
                row.games.to_string(),
                row.match_points.map(|m| m.to_string()).unwrap_or_default(),
            ]);
            r.extend(
                row.tie_breaks
                    .into_iter()
                    .map(|t| t.printed.unwrap_or_default()),
            );
            records.push(r);
        }
    }
    for r in records {
        // Writing into memory cannot fail.
        let _ = w.write_record(&r);
    }
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// The crosstable of every section as JSON (see [`TableJson`]).
#[must_use]
pub fn crosstable_json(tournament: &str, sections: &[SectionTable]) -> TableJson {
    let first = sections.first();
    TableJson {
        tournament: tournament.to_string(),
        scoring: first.map(|s| s.scoring).unwrap_or_default(),
        tie_breaks: first
            .map(|s| s.order.iter().map(|t| t.code()).collect())
            .unwrap_or_default(),
        sections: sections
            .iter()
            .map(|s| json_section(tournament, s))
            .collect(),
    }
}

/// `tournament crosstable --format json` and `tournament standings --json`
/// (one shape): the tournament and its sections.
#[derive(Clone, Debug, Serialize)]
pub struct TableJson {
    /// The tournament's name.
    pub tournament: String,
    /// `classic` (1/½/0) or `fmjd` (2/1/0).
    pub scoring: crate::tournament::standings::Scoring,
    /// The tie-breaks' codes, in the order they decide.
    pub tie_breaks: Vec<&'static str>,
    /// Each section's table.
    pub sections: Vec<SectionJson>,
}

/// One section's table, rows in place order.
#[derive(Clone, Debug, Serialize)]
pub struct SectionJson {
    /// The section (from 1).
    pub section: u32,
    /// `classic` (1/½/0) or `fmjd` (2/1/0).
    pub scoring: crate::tournament::standings::Scoring,
    /// The tie-breaks' codes, in the order they decide.
    pub tie_breaks: Vec<&'static str>,
    /// The average of the entry ratings (rounded down), null when nobody
    /// is rated.
    pub average_rating: Option<u32>,
    /// How many players have an entry rating.
    pub rated_players: u32,
    /// The category of the average rating (1 for 2251-2275, each next 25
    /// points higher), null at 2250 or below or when nobody is rated.
    pub category: Option<u32>,
    /// One row per player, in place order.
    pub rows: Vec<RowJson>,
}

/// One player's row.
#[derive(Clone, Debug, Serialize)]
pub struct RowJson {
    /// `3`, or `3-4` when shared; null for a player without a place.
    pub place: Option<String>,
    /// The personal number.
    pub number: u32,
    /// The player's name.
    pub name: String,
    /// Whether the player withdrew.
    pub withdrawn: bool,
    /// The entry rating: the rating on the variant's list in force when the
    /// tournament started; null for an unrated player.
    pub rating: Option<u32>,
    /// The cells against each opponent, by the opponent's number.
    pub cells: Vec<CellJson>,
    /// Points as the scoring prints them (in parentheses when not counted).
    pub points: String,
    /// Points in half-points.
    pub half_points: u32,
    /// Games with a result that counts.
    pub games: u32,
    /// Match points (micro-matches: 2 a match won, 1 drawn, 0 lost), null in
    /// other systems.
    pub match_points: Option<u32>,
    /// The tie-breaks, in their order.
    pub tie_breaks: Vec<TieBreakJson>,
}

/// One cell of a row.
#[derive(Clone, Debug, Serialize)]
pub struct CellJson {
    /// The opponent's personal number.
    pub opponent: u32,
    /// As the table prints it (`½ 1`, `+`, `·`, `×` on the diagonal).
    pub text: String,
    /// The half-points the row player took from the opponent in the games
    /// that count, null when they have not met.
    pub half_points: Option<u32>,
}

/// One tie-break value.
#[derive(Clone, Debug, Serialize)]
pub struct TieBreakJson {
    /// Its code (`SB`, `WIN`, ...).
    pub code: &'static str,
    /// Its unit (`quarter-points` for SB, `half-points`, `count`, `rank`).
    pub unit: crate::tournament::standings::Unit,
    /// The value in its unit, null for a player without a place.
    pub value: Option<u64>,
    /// As the table prints it; null where the table leaves the cell blank.
    pub printed: Option<String>,
}

fn json_section(tournament: &str, s: &SectionTable) -> SectionJson {
    // The cells keep to the points: no marks of how a game ended.
    let view = crate::words::tournament::TableView {
        endings: &[],
        ..s.view(tournament)
    };
    let order = place_order(&view);
    // The cells' texts come from the words' table (language-neutral marks).
    let (rows, _) = crosstable_rows_by_place(&view, Language::En);
    let lead = leading_columns(&view);
    let t = &s.crosstable;
    let withdrawn = t.withdrawn();
    let out = order
        .iter()
        .zip(rows.iter().skip(1))
        .map(|(&p, words)| {
            let standing = s.standings.iter().find(|st| st.player == p);
            let cells = order
                .iter()
                .enumerate()
                .map(|(k, &o)| CellJson {
                    opponent: o,
                    text: words.get(lead + k).cloned().unwrap_or_default(),
                    half_points: t.cell(p, o).map(|(h, _)| h),
                })
                .collect();
            let tie_breaks = s
                .order
                .iter()
                .enumerate()
                .map(|(k, &tb)| TieBreakJson {
                    code: tb.code(),
                    unit: tb.unit(),
                    value: standing.and_then(|st| st.tiebreaks.get(k).copied()),
                    printed: standing
                        .and_then(|st| tiebreak_shown(st, k, tb))
                        .map(|v| tiebreak_value(tb, v, s.scoring)),
                })
                .collect();
            RowJson {
                place: standing.map(|st| {
                    if st.place.0 == st.place.1 {
                        st.place.0.to_string()
                    } else {
                        format!("{}-{}", st.place.0, st.place.1)
                    }
                }),
                number: p,
                name: s.names.get(p as usize - 1).cloned().unwrap_or_default(),
                withdrawn: withdrawn.contains(&p),
                rating: view.rating(p),
                cells,
                points: words.get(lead + order.len()).cloned().unwrap_or_default(),
                half_points: standing.map_or_else(|| t.row_total(p), |st| st.score),
                games: t.games(p),
                match_points: s.match_points.then(|| t.match_points(p)),
                tie_breaks,
            }
        })
        .collect();
    let average = view.average();
    SectionJson {
        section: s.section,
        scoring: s.scoring,
        tie_breaks: s.order.iter().map(|t| t.code()).collect(),
        average_rating: average.map(|a| a.rating),
        rated_players: average.map_or(0, |a| a.rated),
        category: average.and_then(|a| a.category),
        rows: out,
    }
}
