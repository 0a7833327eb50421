//! The tournament's front page (`index.html`): its name and game, the crosstable
//! as a table (and as the text the director mails), and every game by round.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{Site, SiteGame, SiteRow, SiteTable, game_file, layout};
use crate::diagram::html::escape;
use crate::words::game::variant_name;
use crate::words::site::{self as words, Word, word};

/// The front page.
pub(super) fn page(site: &Site<'_>) -> String {
    let lang = site.lang;
    let mut body = String::with_capacity(16 * 1024);
    let _ = writeln!(
        body,
        "<h1>{}</h1>\n<p class=\"variant\">{}</p>\n<h2>{}</h2>",
        escape(site.name),
        variant_name(site.variant, lang),
        word(Word::Crosstable, lang),
    );
    body.push_str(&crosstable(site.crosstable));
    if let Some(a) = &site.crosstable.average {
        let _ = writeln!(body, "<p class=\"average\">{}</p>", escape(a));
    }
    let _ = writeln!(
        body,
        "<p class=\"legend\">{}</p>",
        escape(&words::legend(lang))
    );
    let mut links = Vec::new();
    if !site.crosstable_csv.is_empty() {
        links.push(format!(
            "<a href=\"{}\" download>{}</a>",
            super::CSV_FILE,
            word(Word::CrosstableCsv, lang)
        ));
    }
    if !site.games.is_empty() {
        links.push(format!(
            "<a href=\"{}\" download>{}</a>",
            super::event_record_file(site.variant),
            words::download(
                words::Download::Event,
                site.variant == crate::rules::Variant::Chess,
                lang,
            )
        ));
    }
    if !links.is_empty() {
        let _ = writeln!(body, "<p class=\"downloads\">{}</p>", links.join(" · "));
    }
    if !site.crosstable_text.trim().is_empty() {
        let _ = writeln!(
            body,
            "<details><summary>{}</summary><pre>{}</pre></details>",
            word(Word::CrosstableText, lang),
            escape(site.crosstable_text.trim_end()),
        );
    }
    let _ = writeln!(body, "<h2>{}</h2>", word(Word::Games, lang));
    body.push_str(&games(site));
    layout::document(site, "", site.name, &body)
}

/// The crosstable as an HTML table.
fn crosstable(table: &SiteTable) -> String {
    let mut out = String::from("<table class=\"crosstable\">\n<thead><tr>");
    for h in &table.headers {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &table.rows {
        out.push_str(&crosstable_row(row));
    }
    out.push_str("</tbody></table>\n");
    out
}

/// One player's row; the cell of the player against themself is marked.
fn crosstable_row(row: &SiteRow) -> String {
    let mut out = format!(
        "<tr><td class=\"num\">{}</td><td class=\"name\">{}</td>",
        row.number,
        escape(&row.name)
    );
    if let Some(r) = &row.rating {
        let _ = write!(out, "<td class=\"rating\">{}</td>", escape(r));
    }
    for (j, cell) in row.cells.iter().enumerate() {
        let own = usize::try_from(row.number).is_ok_and(|n| n == j + 1);
        let class = if own { "cell self" } else { "cell" };
        let _ = write!(out, "<td class=\"{class}\">{}</td>", escape(cell));
    }
    let _ = write!(
        out,
        "<td class=\"points\">{}</td><td class=\"place\">{}</td>",
        escape(&row.points),
        escape(&row.place)
    );
    for tb in &row.tie_breaks {
        let _ = write!(out, "<td class=\"tb\">{}</td>", escape(tb));
    }
    out.push_str("</tr>\n");
    out
}

/// Every game, a table per round in round order (games in the given order).
fn games(site: &Site<'_>) -> String {
    let lang = site.lang;
    let mut rounds: BTreeMap<u32, Vec<&SiteGame>> = BTreeMap::new();
    for g in site.games {
        rounds.entry(g.round).or_default().push(g);
    }
    let mut out = String::new();
    for (round, list) in rounds {
        let _ = writeln!(
            out,
            "<h3>{}</h3>\n<table class=\"games\">\n<thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>",
            words::round(round, lang),
            word(Word::Game, lang),
            word(Word::White, lang),
            word(Word::Black, lang),
            word(Word::Result, lang),
        );
        for g in list {
            let result = match (g.ending, g.result.as_deref()) {
                (Some((r, t)), _) => format!(
                    "<span title=\"{}\">{}</span>",
                    escape(&words::ending(t, r, site.variant, lang)),
                    escape(&words::result_sign(r, t))
                ),
                (None, Some(r)) => escape(r),
                (None, None) => word(Word::InProgress, lang).to_string(),
            };
            let _ = writeln!(
                out,
                "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                game_file(g.id),
                escape(&g.label),
                escape(&g.white),
                escape(&g.black),
                result,
            );
        }
        out.push_str("</tbody></table>\n");
    }
    out
}
