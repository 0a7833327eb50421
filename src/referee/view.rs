//! The game's state as each player should see it, as typed values
//! ([`StateView`]), and the replies that carry it under their event lines.

use crate::games::AnyGame;
use crate::referee::load::{Loaded, language};
use crate::referee::told::{
    Board, ClockLine, Clocks, Heading, Line, NextReminder, Part, Phase, Score, Shown, StateView,
    Told,
};
use crate::rules::Color;
use crate::store::DrawOffer;
use crate::vocabulary::GameStatus;
use crate::vocabulary::Language;

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

/// The full state of a game for one recipient: players, board from their
/// side, score, whose move or the result, the clocks, and the pending draw
/// offer.
#[must_use]
pub(crate) fn state(
    l: &Loaded,
    game: &dyn AnyGame,
    recipient: Color,
    offer: Option<&DrawOffer>,
) -> Told {
    Told::News {
        lines: Vec::new(),
        state: Some(Shown {
            view: state_view(l, game, recipient, offer),
            below_end: false,
        }),
    }
}

/// What the state text says, for one recipient.
pub(crate) fn state_view(
    l: &Loaded,
    game: &dyn AnyGame,
    recipient: Color,
    offer: Option<&DrawOffer>,
) -> StateView {
    let board = Board {
        view: game.board_view(),
        last: game.last_move(),
        side: recipient,
    };
    let score = Score {
        plies: game.score(),
        chess: game.variant() == crate::rules::Variant::Chess,
        letters: crate::referee::load::piece_letters(l.player(recipient)),
        first: start_turn(game),
        first_number: game.first_move_number(),
    };
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
        clocks: l.clocks.as_ref().map(|v| clocks(l, v, recipient)),
        offer: offer.map(|o| (o.side, o.side == recipient)),
    }
}

/// The plies played as the reader reads them: chess in the piece letters of
/// `letters` (Russian: Кр Ф Л С К, [`crate::notation::chess_move::san_for`]), draughts
/// as played.
#[must_use]
pub fn moves_for(game: &dyn AnyGame, letters: Language) -> Vec<String> {
    let score = game.score();
    if game.variant() == crate::rules::Variant::Chess {
        score
            .iter()
            .map(|m| crate::notation::chess_move::san_for(m, letters))
            .collect()
    } else {
        score
    }
}

/// A move as the reader reads it (chess in the piece letters of `letters`).
#[must_use]
pub fn move_for(variant: crate::rules::Variant, text: &str, letters: Language) -> String {
    if variant == crate::rules::Variant::Chess {
        crate::notation::chess_move::san_for(text, letters)
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
fn clocks(l: &Loaded, views: &[crate::clock::ClockView; 2], recipient: Color) -> Clocks {
    use crate::clock::{Limit, pauses::stands_open, zone};
    let tz = zone::parse_zone(&l.player(recipient).time_zone).unwrap_or(chrono_tz::Tz::UTC);
    let control = l.row.time_control;
    let per_move = control.is_some_and(|c| matches!(c.limit(), Limit::DaysPerMove { .. }));
    let (leave_left, next) = &l.clock_notes[usize::from(recipient == Color::Black)];
    Clocks {
        control,
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
pub(crate) fn heading(l: &Loaded) -> Heading {
    Heading {
        game: l.row.id.0,
        variant: l.game.variant(),
        white: l.players[0].name.clone(),
        black: l.players[1].name.clone(),
        tournament: match (&l.seat, l.row.tournament.as_deref()) {
            (Some(seat), Some(name)) => Some((name.to_string(), seat.round, seat.ballot())),
            _ => None,
        },
    }
}

/// A body of the game's header lines, a blank line, then `lines`.
pub(crate) fn under_heading(l: &Loaded, lines: Vec<Line>) -> Told {
    let mut all = vec![Line::of(Part::Heading(heading(l))), Line(Vec::new())];
    all.extend(lines);
    Told::lines(all)
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

/// Replies to both players with the same event lines on top of the state.
pub(crate) fn to_both(
    l: &Loaded,
    game: &dyn AnyGame,
    offer: Option<&DrawOffer>,
    lines: Vec<Line>,
) -> Vec<crate::referee::Reply> {
    to_each(l, game, offer, |_| lines.clone())
}

/// Replies to both players, each with the event lines written for their
/// side, on top of the state. Every event on a game that is over by now
/// says how it ended (the actions that end or annul a game are the only
/// ones a finished game takes), so the state below does not say it again.
pub(crate) fn to_each(
    l: &Loaded,
    game: &dyn AnyGame,
    offer: Option<&DrawOffer>,
    event: impl Fn(Color) -> Vec<Line>,
) -> Vec<crate::referee::Reply> {
    let below_end = matches!(l.row.status, GameStatus::Finished | GameStatus::Annulled);
    // The picture and the record of both replies come from this position.
    let session = crate::referee::GameSession::of(l, game);
    [Color::White, Color::Black]
        .into_iter()
        .map(|side| {
            let p = l.player(side);
            crate::referee::Reply {
                monospace: false,
                session: Some(std::sync::Arc::clone(&session)),
                to: p.id,
                email: p.email.clone(),
                language: language(p),
                game: Some(l.row.id),
                told: Told::News {
                    lines: event(side),
                    state: Some(Shown {
                        view: state_view(l, game, side, offer),
                        below_end,
                    }),
                },
                notes: Vec::new(),
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
    id: crate::vocabulary::GameId,
    player: crate::vocabulary::PlayerId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<String>, crate::referee::RefereeError> {
    let l = crate::referee::load::load(tx, id, now)?;
    if l.row.status != GameStatus::Active || l.row.side_of(player) != Some(l.game.turn()) {
        return Ok(None);
    }
    // The game's usual example when it is legal now (`e2-e4`, `c3-d4`),
    // else a legal move from the middle of the list.
    let usual = crate::notation::example_move(l.game.variant());
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
