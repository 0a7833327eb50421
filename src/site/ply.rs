//! The positions of a game, one page each: the game replayed from its start
//! position, and the board after every ply drawn as an inline SVG with links to
//! the neighbouring positions and the score.

use std::fmt::Write;
use std::io;

use super::{Site, SiteGame, layout, score};
use crate::diagram::html::escape;
use crate::diagram::{Options, svg};
use crate::games::{BoardView, MoveView, new_game};
use crate::notation::record::move_number_of;
use crate::rules::{Color, Variant};
use crate::vocabulary::Language;
use crate::words::site::{self as words, Word, word};

/// A ply as the score writes it.
#[derive(Clone, Debug)]
pub(super) struct Ply {
    /// Its move number.
    pub number: u32,
    /// Whose ply it is.
    pub side: Color,
    /// The move in the page's notation: the full notation for draughts, SAN in
    /// the reader's piece letters for chess.
    pub text: String,
}

/// One position of a game: the board and the ply that led to it.
#[derive(Clone, Debug)]
pub(super) struct Step {
    /// The board.
    pub view: BoardView,
    /// The last move, marked on the board; `None` at the start.
    pub last: Option<MoveView>,
    /// The ply that led here; `None` for the start position.
    pub ply: Option<Ply>,
}

/// Every position of a game: the start position, then the one after each ply.
///
/// # Errors
/// [`io::ErrorKind::InvalidData`] when the start position cannot be set up or
/// a ply cannot be played; the message names the game and the ply.
pub(super) fn replay(variant: Variant, g: &SiteGame, lang: Language) -> io::Result<Vec<Step>> {
    let bad = |what: String| io::Error::new(io::ErrorKind::InvalidData, what);
    let mut game = new_game(variant, g.start_fen.as_deref()).map_err(|e| {
        bad(crate::words::operator::site_files::bad_start_position(
            g.id, e,
        ))
    })?;
    let (first_side, first_number) = (game.turn(), game.first_move_number());
    let mut steps = Vec::with_capacity(g.moves.len() + 1);
    steps.push(Step {
        view: game.board_view(),
        last: None,
        ply: None,
    });
    for (i, written) in g.moves.iter().enumerate() {
        let played = game
            .play(written)
            .map_err(|e| bad(format!("game {}: ply {}: {e}", g.id, i + 1)))?;
        let (number, side) = move_number_of(i, first_side, first_number);
        let text = match variant {
            Variant::Chess => crate::words::chess::san_for(&played.short, lang),
            Variant::Russian | Variant::International | Variant::Bashni | Variant::Lasca => {
                played.full
            }
        };
        steps.push(Step {
            view: game.board_view(),
            last: game.last_move(),
            ply: Some(Ply { number, side, text }),
        });
    }
    Ok(steps)
}

/// The options the site draws boards with: the page's language, the default size.
fn board_options(lang: Language) -> Options {
    Options {
        lang,
        ..Options::default()
    }
}

/// The caption of a position: "Position after 12. c3-d4", or "Start position".
pub(super) fn caption(step: &Step, lang: Language) -> String {
    match &step.ply {
        Some(p) => words::after_ply(p.number, p.side, &p.text, lang),
        None => word(Word::StartPosition, lang).to_string(),
    }
}

/// The page of the position after ply `k` (`games/<id>/<k>.html`).
pub(super) fn page(site: &Site<'_>, g: &SiteGame, steps: &[Step], k: usize) -> String {
    let lang = site.lang;
    let step = &steps[k];
    let title = words::game_title(&g.label, &g.white, &g.black, lang);
    let caption = caption(step, lang);
    let mut body = String::with_capacity(32 * 1024);
    let _ = writeln!(
        body,
        "<h1><a href=\"../{id}.html\" title=\"{back}\">{t}</a></h1>\n<h2>{c}</h2>",
        id = g.id,
        back = word(Word::BackToGame, lang),
        t = escape(&title),
        c = escape(&caption),
    );
    body.push_str(&navigation(steps.len(), k, lang));
    let finished = g.result.is_some() && k + 1 == steps.len();
    body.push_str(&board(step, finished, lang));
    body.push_str(&score::html(steps, "", Some(k)));
    layout::document(site, "../../", &format!("{title}. {caption}"), &body)
}

/// The board of a position as a figure (inline SVG) with its words for
/// readers who cannot see it.
pub(super) fn board(step: &Step, finished: bool, lang: Language) -> String {
    format!(
        "<div class=\"board\" role=\"img\" aria-label=\"{}\">\n{}</div>\n",
        escape(&crate::words::state::board_words(
            &step.view, finished, lang
        )),
        svg::render(
            &step.view,
            step.last.as_ref(),
            Color::White,
            &board_options(lang)
        ),
    )
}

/// Links to the start, the previous, the next and the last position (the ones
/// that lead nowhere greyed out).
fn navigation(count: usize, k: usize, lang: Language) -> String {
    let last = count.saturating_sub(1);
    let links = [
        (Word::StartPosition, 0, k > 0),
        (Word::Previous, k.saturating_sub(1), k > 0),
        (Word::Next, k + 1, k < last),
        (Word::LastPosition, last, k < last),
    ];
    let mut out = String::from("<nav class=\"plies\">");
    for (w, target, active) in links {
        let text = word(w, lang);
        if active {
            let _ = write!(out, "<a href=\"{target}.html\">{text}</a>");
        } else {
            let _ = write!(out, "<span>{text}</span>");
        }
    }
    out.push_str("</nav>\n");
    out
}
