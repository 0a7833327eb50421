//! The picture side of a reply (issue 6, item 2): for a reply about a game, a PNG
//! of the board from the recipient's side with the last move marked (inline as
//! `cid:board`), a simple HTML part showing it with the text diagram and score as a
//! fallback, and the game score as a `.pdn` (draughts) or `.pgn` (chess) attachment.

use chrono::{DateTime, Utc};

use crate::diagram::{self, Options, html};
use crate::referee::{RefereeError, Reply};
use crate::rules::Color;
use crate::store::outbox::Attachment;
use crate::store::{GameId, Side, Tx};

/// A move as a picture marks it: its path, then the captured squares.
type LastMove = (Vec<(u8, u8)>, Vec<(u8, u8)>);

/// What a board picture shows: the position, the side it is seen from, the
/// last move marked, the language of its words.
#[derive(Clone, PartialEq, Eq, Hash)]
struct BoardKey {
    fen: String,
    side: Color,
    /// The last move's path and captured squares.
    last: Option<LastMove>,
    lang: crate::lang::Language,
}

/// The boards drawn lately, so that a picture shown in many mails (both
/// players' mails of a move, a tournament's invitations from one start) is
/// drawn once. Bounded: emptied when it holds [`DRAWN_MAX`] pictures.
static DRAWN: std::sync::Mutex<Option<std::collections::HashMap<BoardKey, Vec<u8>>>> =
    std::sync::Mutex::new(None);

/// Pictures kept in [`DRAWN`] (about 20 KB each).
const DRAWN_MAX: usize = 256;

/// The PNG for `key`, drawn by `draw` unless drawn lately.
fn drawn(key: BoardKey, draw: impl FnOnce() -> Option<Vec<u8>>) -> Option<Vec<u8>> {
    if let Ok(guard) = DRAWN.lock()
        && let Some(png) = guard.as_ref().and_then(|m| m.get(&key))
    {
        return Some(png.clone());
    }
    let png = draw()?;
    if let Ok(mut guard) = DRAWN.lock() {
        let map = guard.get_or_insert_with(std::collections::HashMap::new);
        if map.len() >= DRAWN_MAX {
            map.clear();
        }
        map.insert(key, png.clone());
    }
    Some(png)
}

/// The HTML body and attachments of a reply about `game`, or none when the game
/// cannot be drawn (the plain text then goes alone).
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
    let l = match crate::referee::load::load(tx, id, now) {
        Ok(l) => l,
        Err(RefereeError::Store(e)) => return Err(RefereeError::Store(e)),
        Err(_) => return Ok((None, Vec::new())),
    };
    let side = match l.side_of(reply.to) {
        Some(Side::Black) => Color::Black,
        _ => Color::White,
    };
    let active = l.row.status == crate::store::GameStatus::Active;
    let opts = Options {
        lang: reply.language,
        // As the body's own diagram (the phase line says whose move it is).
        show_turn: false,
        ..Options::default()
    };
    let view = l.game.board_view();
    let last = l.game.last_move();
    let key = BoardKey {
        fen: l.game.fen(),
        side,
        last: last.as_ref().map(|m| (m.path.clone(), m.captured.clone())),
        lang: reply.language,
    };
    let Some(png) = drawn(key, || {
        diagram::png::render(&view, last.as_ref(), side, &opts).ok()
    }) else {
        return Ok((None, Vec::new()));
    };
    let size = diagram::svg::size(&view, side, &opts);
    let text = diagram::text::render(&view, last.as_ref(), side, &opts);
    let score = crate::referee::export_text(&l);
    // The body's own text diagram goes only into `<pre>`: the text above it
    // and below it become paragraphs around the picture.
    let diagram = text.trim_end();
    let (message, after) = reply
        .body
        .split_once(diagram)
        .unwrap_or((reply.body.as_str(), ""));
    let alt = crate::lang::state::board_words(&view, !active, reply.language);
    let title = super::letters::game_subject(
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
    let attachments = vec![
        Attachment {
            filename: "board.png".into(),
            content_type: "image/png".into(),
            content: png,
        },
        Attachment {
            filename: format!("zaochka-{id}.{}", if chess { "pgn" } else { "pdn" }),
            content_type: if chess {
                "application/x-chess-pgn".into()
            } else {
                "text/plain; charset=utf-8".into()
            },
            content: score.into_bytes(),
        },
    ];
    Ok((Some(body), attachments))
}
