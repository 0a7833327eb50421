//! Queries that change nothing: status, history, export, help.

use chrono::{DateTime, Utc};

use crate::games::AnyGame;
use crate::lang::Language;
use crate::referee::load::{Loaded, language, load};
use crate::referee::view::state;
use crate::referee::{Handled, RefereeError, Reply};
use crate::store::games::{self, GameFilter};
use crate::store::offers;
use crate::store::players::{self, Player};
use crate::store::{GameId, PlayerId, Tx};

fn reply_to(p: &Player, game: Option<GameId>, body: String) -> Reply {
    Reply {
        to: p.id,
        email: p.email.clone(),
        language: language(p),
        game,
        body,
    }
}

/// The game's state for the actor (a player of the game, or a referee).
pub(crate) fn status(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let me = players::get(tx, actor)?;
    let side = l.side_of(actor).unwrap_or(crate::store::Side::White);
    let offer = offers::pending(tx, id)?;
    let body = state(&l, l.game.as_ref(), side, offer.as_ref(), language(&me));
    Ok(Handled {
        game: Some(id),
        replies: vec![reply_to(&me, Some(id), body.clone())],
        summary: body,
    })
}

/// The actor's games with their results.
pub(crate) fn history(tx: &Tx<'_>, actor: PlayerId) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let list = games::list(
        tx,
        &GameFilter {
            player: Some(actor),
            ..GameFilter::default()
        },
    )?;
    let ru = language(&me) == Language::Ru;
    let mut body = String::from(if ru {
        "Ваши партии:\n"
    } else {
        "Your games:\n"
    });
    for g in &list {
        let white = players::get(tx, g.white)?;
        let black = players::get(tx, g.black)?;
        body.push_str(&format!(
            "#{} {} {} – {}: {}\n",
            g.id,
            g.variant,
            white.name,
            black.name,
            g.result.map_or(g.status.as_str(), |r| r.as_str())
        ));
    }
    Ok(Handled {
        game: None,
        replies: vec![reply_to(&me, None, body.clone())],
        summary: body,
    })
}

/// The game's record as PDN (chess: PGN-style tags and SAN are written by the
/// chess module's own exporter when present).
pub(crate) fn export(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let me = players::get(tx, actor)?;
    let text = pdn_text(&l, l.game.as_ref());
    Ok(Handled {
        game: Some(id),
        replies: vec![reply_to(&me, Some(id), text.clone())],
        summary: text,
    })
}

/// The PDN text of a stored game (PGN for chess, with SAN moves).
pub(crate) fn pdn_text(l: &Loaded, game: &dyn AnyGame) -> String {
    let mut tags: Vec<(String, String)> = vec![
        (
            "Event".into(),
            l.row
                .tournament
                .clone()
                .unwrap_or_else(|| "zaochka correspondence game".into()),
        ),
        ("Site".into(), "zaochka".into()),
        (
            "Date".into(),
            l.row.created_at.format("%Y.%m.%d").to_string(),
        ),
        ("Round".into(), "-".into()),
        ("White".into(), l.players[0].name.clone()),
        ("Black".into(), l.players[1].name.clone()),
        (
            "Result".into(),
            l.row.result.map_or("*", |r| r.as_str()).to_string(),
        ),
    ];
    if let Some(t) = l.row.termination {
        tags.push(("Termination".into(), t.as_str().to_string()));
    }
    let result = l.row.result.map_or("*", |r| r.as_str());
    crate::games::write_record(game, &tags, result)
}

/// The commands players can send.
pub(crate) fn help(tx: &Tx<'_>, actor: PlayerId) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let body = match language(&me) {
        Language::En => HELP_EN.to_string(),
        Language::Ru => HELP_RU.to_string(),
    };
    Ok(Handled {
        game: None,
        replies: vec![reply_to(&me, None, body.clone())],
        summary: body,
    })
}

const HELP_EN: &str = "Commands (one per line; a move may be written in any usual form):\n\
  c3-d4, cd4, e3:c5:e7, c:h4   play a move\n\
  c3-d4 draw                   play a move and offer a draw\n\
  draw                         offer a draw\n\
  accept / decline             answer a draw offer\n\
  claim [move]                 claim a draw (threefold repetition, ...), optionally with the move that repeats\n\
  resign                       resign the game\n\
  status, history, help        the game's state, your games, this text\n";

const HELP_RU: &str = "Команды (по одной в строке; ход можно записать в любой обычной форме):\n\
  c3-d4, cd4, e3:c5:e7, c:h4   сделать ход\n\
  c3-d4 ничья                  сделать ход и предложить ничью\n\
  ничья                        предложить ничью\n\
  согласен / отказ             ответить на предложение ничьей\n\
  требую ничью [ход]           потребовать ничью (троекратное повторение и др.), можно с ходом, который повторяет позицию\n\
  сдаюсь                       сдать партию\n\
  статус, история, помощь      положение в партии, ваши партии, эта справка\n";
