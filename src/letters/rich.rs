//! The picture side of a reply: for a reply about a game, a PNG
//! of the board from the recipient's side with the last move marked (inline as
//! `cid:board`), a simple HTML part showing it with the text diagram and score as a
//! fallback, and the game score as a `.pdn` (draughts) or `.pgn` (chess) attachment.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::diagram::{self, html};
use crate::referee::told::{Board, Part, Told};
use crate::referee::{GameSession, RefereeError, Reply};
use crate::rules::Color;
use crate::store::Tx;
use crate::store::outbox::Attachment;
use crate::vocabulary::GameId;

/// The HTML body and attachments of a reply about `game`, or none when the game
/// cannot be drawn (the plain text then goes alone). They are drawn from the
/// game as the referee left it ([`Reply::session`]); a reply without one
/// about a game has the game loaded here.
///
/// # Errors
/// Database failures only.
pub fn enrich(
    tx: &Tx<'_>,
    reply: &Reply,
    game: Option<GameId>,
    now: DateTime<Utc>,
) -> Result<(Option<String>, Vec<Attachment>), RefereeError> {
    let Some(id) = game else {
        return Ok((None, Vec::new()));
    };
    let l = match &reply.session {
        Some(s) if s.row.id == id => Arc::clone(s),
        _ => match crate::referee::load::load(tx, id, now) {
            Ok(l) => GameSession::of(&l, l.game.as_ref()),
            Err(RefereeError::Store(e)) => return Err(RefereeError::Store(e)),
            Err(_) => return Ok((None, Vec::new())),
        },
    };
    let parts = crate::letters::compose::parts(reply);
    // The board the body shows (from the reader's side, the last move
    // marked); a body with none is drawn the game as it stands.
    let shown = shown_board(&reply.told);
    let (view, last, side) = match shown {
        Some(b) => (b.view.clone(), b.last.clone(), b.side),
        None => (
            l.game.board_view(),
            l.game.last_move(),
            match l.side_of(reply.to) {
                Some(Color::Black) => Color::Black,
                _ => Color::White,
            },
        ),
    };
    let active = l.row.status == crate::vocabulary::GameStatus::Active;
    let opts = crate::letters::compose::board_options(reply.language);
    // Drawn once per position, side, last move, size and words, shared by
    // every mail that shows it (diagram::shared).
    let Ok(png) = diagram::shared::png(&view, last.as_ref(), side, &opts) else {
        return Ok((None, Vec::new()));
    };
    let size = diagram::svg::size(&view, side, &opts);
    let text = diagram::text::render(&view, last.as_ref(), side, &opts);
    let score = l.record();
    // The body's own text board goes only into `<pre>`: the text above it
    // and below it become paragraphs around the picture.
    let whole = parts.text();
    let (message, after) = match &parts.board {
        Some(_) => (parts.above.as_str(), parts.below.as_str()),
        None => (whole.as_str(), ""),
    };
    let alt = crate::words::state::board_words(&view, !active, reply.language);
    let title = crate::letters::game_subject(
        &l.row,
        &l.players[0].name,
        &l.players[1].name,
        reply.language,
    );
    let page = html::Page {
        title: &title,
        message,
        after,
        image_src: &format!("cid:{}", html::BOARD_CID),
        image_size: size,
        image_alt: &alt,
        text_diagram: &text,
        // The body's own score (in the reader's notation) is in `after`; the
        // PGN/PDN record goes there only when the body has none (it is
        // attached either way).
        score: if after.is_empty() { &score } else { "" },
    };
    let chess = l.game.pdn_game_type().is_none();
    let body = html::body(&page);
    // The attached record carries the game's receipts and its seal, as
    // `zaochka export` writes it, for `zaochka verify`.
    let attached = match crate::referee::signed_session_text(tx, &l, now)? {
        Some(signed) => signed,
        None => score,
    };
    let mut attachments = vec![
        Attachment {
            filename: "board.png".into(),
            content_type: "image/png".into(),
            content: png.to_vec(),
        },
        Attachment {
            filename: format!("zaochka-{id}.{}", if chess { "pgn" } else { "pdn" }),
            content_type: if chess {
                "application/x-chess-pgn".into()
            } else {
                "text/plain; charset=utf-8".into()
            },
            content: attached.into_bytes(),
        },
    ];
    // The receipt of the move the mail confirms, as its `.zrc` file.
    for n in &reply.notes {
        if let crate::referee::told::Note::Receipt(r) = n {
            attachments.push(Attachment {
                filename: r.file_name(),
                content_type: "text/plain; charset=utf-8".into(),
                content: r.text().into_bytes(),
            });
        }
    }
    Ok((Some(body), attachments))
}

/// The board of the first game state a body shows, if any.
fn shown_board(t: &Told) -> Option<&Board> {
    match t {
        Told::News {
            state: Some(shown), ..
        } => Some(&shown.view.board),
        Told::News { lines, state: None } | Told::ToDirectors { lines, .. } => {
            lines.iter().flat_map(|l| &l.0).find_map(|s| match s {
                Part::Told(t) => shown_board(t),
                _ => None,
            })
        }
        Told::Invitation { view, .. } => Some(&view.board),
        Told::Text(_)
        | Told::Record(_)
        | Told::Crosstable { .. }
        | Told::Bulletins { .. }
        | Told::Withdrawal { .. }
        | Told::WithdrawalConfirmed(_)
        | Told::MoveMails { .. }
        | Told::Calendar(_)
        | Told::XfccPassword { .. } => None,
    }
}
