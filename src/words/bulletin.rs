//! A tournament's bulletin in words ([`crate::referee::tournament::bulletin`]):
//! its Subject, its heading, the games finished since the last bulletin with
//! how each ended, the crosstable of every section by place, the name of the
//! attached record, and how to stop bulletins; and the answer to a player
//! who asks for bulletins or for none.

use super::catalog::Message;
use crate::referee::tournament::bulletin::{Bulletin, FinishedGame};
use crate::vocabulary::{GameResult, Language};

/// The Subject: `[zaochka] Кубок: бюллетень № 2` / `[zaochka] Cup: final
/// bulletin`.
#[must_use]
pub fn subject(b: &Bulletin, lang: Language) -> String {
    let id = if b.last {
        "bulletin-subject-final"
    } else {
        "bulletin-subject"
    };
    Message::new(id)
        .arg("tournament", b.tournament.as_str())
        .arg("number", b.number.to_string())
        .render(lang)
}

/// The result as a bulletin prints it: `1-0`, `0-1`, `½-½`.
fn result_text(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "½-½",
    }
}

/// One finished game: `  round 3, game 2-7: Baker – Егоров 1-0, Black
/// resigned`.
fn game_line(b: &Bulletin, g: &FinishedGame, lang: Language) -> String {
    let how = g.termination.map_or_else(
        || result_text(g.result).to_string(),
        |t| super::state::termination_words(t, g.result, b.variant, lang),
    );
    Message::new("bulletin-game")
        .arg("round", g.round.to_string())
        .arg("label", g.label.as_str())
        .arg("white", g.white.as_str())
        .arg("black", g.black.as_str())
        .arg("result", result_text(g.result))
        .arg("how", how)
        .render(lang)
}

/// The whole body: heading, finished games, the table of each section by
/// place, the attached record (`file`, its file name) and how to stop
/// bulletins.
#[must_use]
pub fn body(b: &Bulletin, file: &str, lang: Language) -> String {
    let heading = if b.last {
        "bulletin-heading-final"
    } else {
        "bulletin-heading"
    };
    let mut out = Message::new(heading)
        .arg("tournament", b.tournament.as_str())
        .arg("number", b.number.to_string())
        .render(lang);
    out.push_str("\n\n");
    if b.finished.is_empty() {
        out.push_str(&Message::new("bulletin-finished-none").render(lang));
    } else {
        let id = if b.number == 1 {
            "bulletin-finished-first"
        } else {
            "bulletin-finished-heading"
        };
        out.push_str(
            &Message::new(id)
                .arg("n", b.finished.len() as u64)
                .render(lang),
        );
        for g in &b.finished {
            out.push('\n');
            out.push_str(&game_line(b, g, lang));
        }
    }
    out.push_str("\n\n");
    let table = if b.last {
        "bulletin-table-final"
    } else {
        "bulletin-table"
    };
    out.push_str(&Message::new(table).render(lang));
    out.push_str("\n\n");
    if b.sections.is_empty() {
        out.push_str(&super::tournament::no_table_yet(&b.tournament, lang));
        out.push('\n');
    }
    for s in &b.sections {
        if b.sections.len() > 1 {
            out.push_str(&super::tournament_events::section_heading(s.section, lang));
            out.push('\n');
        }
        out.push_str(&super::tournament::crosstable_by_place(
            &s.view(&b.tournament),
            lang,
        ));
        out.push('\n');
    }
    out.push('\n');
    out.push_str(
        &Message::new("bulletin-record")
            .arg("file", file)
            .render(lang),
    );
    out.push('\n');
    out.push_str(&Message::new("bulletin-opt-out").render(lang));
    out.push('\n');
    out
}

/// The answer to a player who asked for bulletins (`wanted`) or for none.
#[must_use]
pub fn preference(wanted: bool, lang: Language) -> String {
    Message::new(if wanted {
        "bulletin-on"
    } else {
        "bulletin-off"
    })
    .render(lang)
}
