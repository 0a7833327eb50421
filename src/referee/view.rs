//! The text of replies: the game's state as each player should see it.

use crate::games::AnyGame;
use crate::referee::load::{Loaded, language};
use crate::rules::Color;
use crate::store::{DrawOffer, GameStatus, Side};
use crate::vocabulary::Language;
use crate::words::state::{ClockLine, Clocks, NextReminder, Phase, StateView};

/// The score as correspondence rules ask players to repeat it: `1. c3-d4 d6-c5 2. ...`,
/// numbered as the export numbers it ([`crate::notation::record::move_number_of`]):
/// from `first_number`, the start position's own move number (a FEN's), with
/// `12... ` before a first move by Black.
#[must_use]
pub fn score_text(score: &[String], first: Color, first_number: u32) -> String {
    use crate::notation::record::move_number_of;
    let mut out = String::new();
    for (i, m) in score.iter().enumerate() {
        let (number, side) = move_number_of(i, first, first_number);
        if side == Color::White {
            out.push_str(&format!("{number}. {m}"));
        } else if i == 0 {
            out.push_str(&format!("{number}... {m}"));
        } else {
            out.push_str(&format!(" {m}"));
        }
        if side == Color::Black && i + 1 < score.len() {
            out.push('\n');
        }
    }
    out
}

pub use crate::words::game::side_name;

/// The full state of a game for one recipient: players, diagram from their side,
/// score, whose move or the result, the clocks, and the pending draw offer.
#[must_use]
pub(crate) fn state(
    l: &Loaded,
    game: &dyn AnyGame,
    recipient: Side,
    offer: Option<&DrawOffer>,
    lang: Language,
) -> String {
    crate::words::state::render(&state_view(l, game, recipient, offer, lang), lang)
}

/// What the state text says, for one recipient.
pub(crate) fn state_view(
    l: &Loaded,
    game: &dyn AnyGame,
    recipient: Side,
    offer: Option<&DrawOffer>,
    lang: Language,
) -> StateView {
    let opts = crate::diagram::Options {
        lang,
        // The phase line under the score says whose move it is.
        show_turn: false,
        ..crate::diagram::Options::default()
    };
    let last = game.last_move();
    let board = crate::diagram::text::render(&game.board_view(), last.as_ref(), recipient, &opts);
    let first = start_turn(game);
    let letters = crate::referee::load::piece_letters(l.player(recipient));
    let score = score_text(&moves_for(game, letters), first, game.first_move_number());
    let phase = match (l.row.result, l.row.termination, l.row.status) {
        (Some(result), Some(termination), _) => Phase::Finished {
            result,
            termination,
        },
        (_, _, GameStatus::Annulled) => Phase::Annulled,
        (_, _, GameStatus::Active) => {
            let to_move = game.turn();
            let mover = l.player(to_move).name.clone();
            Phase::Playing {
                to_move,
                mover,
                number: move_number(game),
            }
        }
        (_, _, _) if l.frozen => Phase::Frozen,
        (_, _, status) => Phase::Stopped(status),
    };
    StateView {
        game: l.row.id.0,
        variant: l.game.variant(),
        white: l.players[0].name.clone(),
        black: l.players[1].name.clone(),
        board,
        score,
        phase,
        clocks: l.clocks.as_ref().map(|v| clocks(l, v, recipient, lang)),
        offer: offer.map(|o| (o.side, o.side == recipient)),
    }
}

/// The plies played as the reader reads them: chess in the piece letters of
/// `letters` (Russian: Кр Ф Л С К, [`crate::words::chess::san_for`]), draughts
/// as played.
#[must_use]
pub fn moves_for(game: &dyn AnyGame, letters: Language) -> Vec<String> {
    let score = game.score();
    if game.variant() == crate::rules::Variant::Chess {
        score
            .iter()
            .map(|m| crate::words::chess::san_for(m, letters))
            .collect()
    } else {
        score
    }
}

/// A move as the reader reads it (chess in the piece letters of `letters`).
#[must_use]
pub fn move_for(variant: crate::rules::Variant, text: &str, letters: Language) -> String {
    if variant == crate::rules::Variant::Chess {
        crate::words::chess::san_for(text, letters)
    } else {
        text.to_string()
    }
}

/// The move number due now, counting from the start position's own number.
#[must_use]
pub fn move_number(game: &dyn AnyGame) -> u32 {
    crate::notation::record::move_number_of(
        game.plies(),
        start_turn(game),
        game.first_move_number(),
    )
    .0
}

/// Both clocks for a recipient: time used and left (of the move, under a
/// control per move), the deadline of the running clock in the recipient's
/// time zone (and UTC), and the recipient's next reminder dated by its
/// deadline.
fn clocks(
    l: &Loaded,
    views: &[crate::clock::ClockView; 2],
    recipient: Side,
    lang: Language,
) -> Clocks {
    use crate::clock::{Limit, pauses::stands_open, zone};
    let tz = zone::parse_zone(&l.player(recipient).time_zone).unwrap_or(chrono_tz::Tz::UTC);
    let control = l.row.time_control;
    let per_move = control.is_some_and(|c| matches!(c.limit(), Limit::DaysPerMove { .. }));
    let (leave_left, next) = &l.clock_notes[usize::from(recipient == Side::Black)];
    Clocks {
        control: control.map(|c| c.describe(lang)),
        sides: views
            .iter()
            .map(|v| ClockLine {
                side: v.side,
                used_seconds: v.used_seconds,
                left_seconds: v.left_seconds,
                this_move_seconds: per_move.then_some(v.move_seconds),
                running: v.running,
                deadline: v
                    .deadline
                    .filter(|d| v.running && !stands_open(*d))
                    .map(|d| zone::format_deadline(d, tz)),
                stopped: v.running && v.deadline.is_some_and(stands_open),
            })
            .collect(),
        leave_left: *leave_left,
        next_reminder: next
            .filter(|(_, at, _)| !stands_open(*at))
            .map(|(kind, at, deadline)| NextReminder {
                kind,
                on: zone::local_date(at, tz),
                deadline: zone::local_date(deadline, tz),
            }),
    }
}

/// The first line of every mail about a game: `Game #12 - Russian checkers: A – B`
/// (the mail reader recognises it when a player pastes the bot's text back unquoted).
#[must_use]
pub(crate) fn header(l: &Loaded, lang: Language) -> String {
    let first = crate::words::state::header(
        l.row.id.0,
        l.game.variant(),
        &l.players[0].name,
        &l.players[1].name,
        lang,
    );
    match (&l.seat, l.row.tournament.as_deref()) {
        (Some(seat), Some(name)) => format!(
            "{first}\n{}",
            crate::words::tournament_events::header_line(
                name,
                seat.round,
                seat.ballot().as_deref(),
                lang
            )
        ),
        _ => first,
    }
}

/// Puts an event line right after the header line of a state text.
pub(crate) fn with_event(state: &str, event: &str) -> String {
    match state.split_once("\n\n") {
        Some((head, rest)) => format!("{head}\n\n{event}\n\n{rest}"),
        None => format!("{event}\n\n{state}"),
    }
}

/// The side that moved first from the start position.
#[must_use]
pub fn start_turn(game: &dyn AnyGame) -> Color {
    let turn = game.turn();
    if game.plies().is_multiple_of(2) {
        turn
    } else {
        turn.opposite()
    }
}

/// Replies to both players with the same event line (in each one's language)
/// on top of the state.
pub(crate) fn to_both(
    l: &Loaded,
    game: &dyn AnyGame,
    offer: Option<&DrawOffer>,
    event: impl Fn(Language) -> String,
) -> Vec<crate::referee::Reply> {
    to_each(l, game, offer, |_, lang| event(lang))
}

/// The state for a recipient under an event line: a game the event has just
/// ended (or annulled) is rendered without its end line, which the event
/// says already ([`crate::words::state::render_below_end`]).
pub(crate) fn state_below_event(
    l: &Loaded,
    game: &dyn AnyGame,
    recipient: Side,
    offer: Option<&DrawOffer>,
    lang: Language,
) -> String {
    let v = state_view(l, game, recipient, offer, lang);
    match l.row.status {
        GameStatus::Finished | GameStatus::Annulled => {
            crate::words::state::render_below_end(&v, lang)
        }
        _ => crate::words::state::render(&v, lang),
    }
}

/// Replies to both players, each with the event line written for their side
/// and language, on top of the state. Every event on a game that is over by
/// now says how it ended (the actions that end or annul a game are the only
/// ones a finished game takes), so the state below does not say it again.
pub(crate) fn to_each(
    l: &Loaded,
    game: &dyn AnyGame,
    offer: Option<&DrawOffer>,
    event: impl Fn(Side, Language) -> String,
) -> Vec<crate::referee::Reply> {
    [Side::White, Side::Black]
        .into_iter()
        .map(|side| {
            let p = l.player(side);
            let lang = language(p);
            crate::referee::Reply {
                monospace: false,
                to: p.id,
                email: p.email.clone(),
                language: lang,
                game: Some(l.row.id),
                body: with_event(
                    &state_below_event(l, game, side, offer, lang),
                    &event(side, lang),
                ),
            }
        })
        .collect()
}

/// A move `player` could make now in game `id`, as they read moves (in full
/// notation, chess in their piece letters), for
/// the example of a reply; `None` when the game is not in play or it is not
/// their move.
///
/// # Errors
/// A store fault, or a stored game that no longer replays.
pub fn move_you_could_make(
    tx: &crate::store::Tx<'_>,
    id: crate::store::GameId,
    player: crate::store::PlayerId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<String>, crate::referee::RefereeError> {
    let l = crate::referee::load::load(tx, id, now)?;
    if l.row.status != GameStatus::Active || l.row.side_of(player) != Some(l.game.turn()) {
        return Ok(None);
    }
    // The game's usual example when it is legal now (`e2-e4`, `c3-d4`),
    // else a legal move from the middle of the list.
    let usual = crate::words::game::example_move(l.game.variant());
    let legal = l.game.legal_moves();
    let first = if l.game.check(usual).is_ok() {
        usual.to_string()
    } else {
        let Some(m) = legal.get(legal.len() / 2) else {
            return Ok(None);
        };
        m.clone()
    };
    let me = l.player(l.game.turn());
    Ok(Some(move_for(
        l.game.variant(),
        &first,
        crate::referee::load::piece_letters(me),
    )))
}
