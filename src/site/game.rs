//! A game's page (`games/<id>.html`): its players, round, result and ballot, the
//! record to download, and the score with one link per ply.

use std::fmt::Write;

use super::ply::Step;
use super::{Site, SiteGame, layout, record_extension, score};
use crate::diagram::html::escape;
use crate::rules::Variant;
use crate::words::game::variant_name;
use crate::words::site::{self as words, Word, word};

/// The page of one game.
pub(super) fn page(site: &Site<'_>, g: &SiteGame, steps: &[Step]) -> String {
    let lang = site.lang;
    let title = words::game_title(&g.label, &g.white, &g.black, lang);
    let mut body = String::with_capacity(8 * 1024);
    let _ = writeln!(
        body,
        "<h1>{}</h1>\n<p class=\"variant\">{}, {}</p>",
        escape(&title),
        variant_name(site.variant, lang),
        words::round(g.round, lang),
    );
    body.push_str(&facts(g, site));
    let _ = writeln!(
        body,
        "<p><a href=\"{id}.{ext}\" download>{}</a></p>",
        words::download(words::Download::Game, site.variant == Variant::Chess, lang),
        id = g.id,
        ext = record_extension(site.variant),
    );
    let _ = writeln!(
        body,
        "<h2>{}</h2>\n<p><a href=\"{}/0.html\">{}</a></p>",
        word(Word::Score, lang),
        g.id,
        word(Word::StartPosition, lang),
    );
    body.push_str(&score::html(steps, &format!("{}/", g.id), None));
    if g.result.is_some()
        && let Some(last) = steps.last()
    {
        let _ = writeln!(body, "<h2>{}</h2>", word(Word::FinalPosition, lang));
        body.push_str(&super::ply::board(last, true, lang));
    }
    layout::document(site, "../", &title, &body)
}

/// The players, the result and the ballot as a list of labelled facts.
fn facts(g: &SiteGame, site: &Site<'_>) -> String {
    let lang = site.lang;
    let result = g
        .result
        .clone()
        .unwrap_or_else(|| word(Word::InProgress, lang).to_string());
    let ending = g
        .ending
        .map(|(r, t)| words::ending(t, r, site.variant, lang));
    let mut rows = vec![
        (Word::White, g.white.as_str()),
        (Word::Black, g.black.as_str()),
        (Word::Result, result.as_str()),
    ];
    if let Some(e) = &ending {
        rows.push((Word::Ending, e));
    }
    if let Some(ballot) = &g.ballot {
        rows.push((Word::Ballot, ballot));
    }
    let mut out = String::from("<dl class=\"facts\">\n");
    for (w, value) in rows {
        let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", word(w, lang), escape(value));
    }
    out.push_str("</dl>\n");
    out
}
