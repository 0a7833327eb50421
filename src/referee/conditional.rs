//! Conditional moves: a player, while the opponent is to
//! move, gives lines "if the opponent plays X, I play Y (then if Z, W ...)".
//!
//! - Submission ([`request`]): every line is resolved ply by ply against the
//!   positions it passes through (the game's own reader, [`AnyGame::play`] on
//!   a copy) and stored resolved, in canonical full notation
//!   ([`crate::store::conditionals`]), so nothing is read again later; a line
//!   with an unreadable, illegal or ambiguous move (the candidates named), a
//!   wrong move number, or a reply that contradicts an earlier line is refused
//!   with the reason while the others stand. A new set replaces the old one.
//! - Play-out ([`play`], which every move goes through): when the opponent's
//!   move equals the first ply of a line (resolved moves compared, not texts),
//!   the line's reply is played at once in the same transaction at the same
//!   instant, so the owner's clock is charged nothing (as ICCF counts it), with
//!   the line's draw offer if any; the lines that matched lose their first two
//!   plies and the others are dropped. A move on no line drops them all. The
//!   owner's own move clears their lines. Each player gets one notice.
//! - Hidden: only the owner's own replies show lines; the opponent sees an
//!   automatic reply as an ordinary move.

use chrono::{DateTime, Utc};

use crate::games::AnyGame;
use crate::mail::conditional::{Request, WrittenLine};
use crate::referee::load::{Loaded, language, load, piece_letters, replay};
use crate::referee::told::{
    Account, ConditionalAccount, ConditionalEvent as Event, Line, Part, Refusal, ShownPly,
};
use crate::referee::{Handled, RefereeError, Reply, Source};
use crate::store::conditionals::{self, ConditionalLine, LinePly, NewLine};
use crate::store::moves::MoveRecord;
use crate::store::{Tx, conditional_replies};
use crate::vocabulary::{Color, GameId, GameStatus, PlayerId};
use std::sync::Arc;

mod playout;

pub(crate) use playout::{answer, play};

/// Answers a player's conditional request for a game: gives, cancels or
/// lists their lines. The reply goes to the player alone.
///
/// # Errors
/// [`RefereeError`] when the game is unknown, not the player's, over or
/// frozen (a refused line is no error: the reply says why).
pub(crate) fn request(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    request: &Request,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let over = matches!(l.row.status, GameStatus::Finished | GameStatus::Annulled);
    let mut play_out = false;
    let (me, event, summary) = match request {
        Request::Submit(lines) => {
            let me = super::play::active_side(&l, actor)?;
            if l.frozen {
                return Err(super::TournamentRefusal::Frozen(id).into());
            }
            let (event, summary, answers) = submit(tx, &l, me, lines, now, source)?;
            play_out = answers;
            (me, event, summary)
        }
        Request::List | Request::Cancel if over => {
            let me = l.side_of(actor).ok_or(RefereeError::NotInGame(id))?;
            conditionals::clear_game(tx, id)?;
            let event = Event::GameOver {
                result: l.row.result,
                cancel: matches!(request, Request::Cancel),
            };
            (me, event, ConditionalAccount::Over)
        }
        Request::Cancel => {
            let me = l.side_of(actor).ok_or(RefereeError::NotInGame(id))?;
            let n = conditionals::clear(tx, id, me)?;
            let event = if n == 0 {
                Event::NoneToCancel
            } else {
                Event::Cancelled(n)
            };
            (me, event, ConditionalAccount::Cancelled(n))
        }
        Request::List => {
            let me = l.side_of(actor).ok_or(RefereeError::NotInGame(id))?;
            let lines = conditionals::list(tx, id, me)?;
            let n = lines.len();
            let shown = lines.iter().map(|c| shown(&l, c, me)).collect();
            (me, Event::Listed(shown), ConditionalAccount::Listed(n))
        }
    };
    let event = Arc::new(event);
    let p = l.player(me);
    let lang = language(p);
    let own = Reply {
        monospace: false,
        session: None,
        to: p.id,
        email: p.email.clone(),
        language: lang,
        game: Some(id),
        told: crate::referee::view::under_heading(
            &l,
            vec![crate::referee::told::Line::of(Part::Conditional(
                Arc::clone(&event),
            ))],
        ),
        notes: Vec::new(),
    };
    if !play_out {
        return Ok(Handled {
            game: Some(id),
            replies: vec![own],
            summary: Account::Conditional {
                game: id,
                what: summary,
            },
            late: None,
        });
    }
    // A kept line starts with the opponent's answer to the owner's move of
    // this same mail: it is played out at once, as if given just before.
    let none = Handled {
        game: Some(id),
        replies: Vec::new(),
        summary: Account::Conditional {
            game: id,
            what: summary,
        },
        late: None,
    };
    let mut out = answer(tx, id, me.opposite(), none, now, false)?;
    match out.replies.iter_mut().find(|r| r.to == p.id) {
        Some(r) => {
            playout::with_lead(&mut r.told, vec![Line::of(Part::Conditional(event))]);
        }
        None => out.replies.push(own),
    }
    Ok(out)
}

/// Resolves and stores a set of lines; the event for the owner, the summary,
/// and whether a kept line answers a ply already played (the opponent's
/// line answered the owner's move of the same mail at once: the new lines
/// were written for the position before that answer, and only those that
/// start with it fit the game).
fn submit(
    tx: &Tx<'_>,
    l: &Loaded,
    me: Color,
    lines: &[WrittenLine],
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<(Event, ConditionalAccount, bool), RefereeError> {
    let id = l.row.id;
    let answered = if me == l.game.turn() {
        match answered_own_move(tx, l, me, source)? {
            Some(m) => Some(m),
            None => {
                return Ok((Event::OwnTurn, ConditionalAccount::OwnTurn, false));
            }
        }
    } else {
        None
    };
    let (base, start_ply) = match answered {
        Some(m) => (replay(&l.row, &l.moves, m.ply as usize - 1)?, m.ply),
        None => (l.game.clone_box(), l.moves.len() as u32 + 1),
    };
    let mut kept: Vec<NewLine> = Vec::new();
    let mut refused = Vec::new();
    for line in lines {
        let resolved = resolve(base.as_ref(), line).and_then(|plies| {
            if let Some(m) = answered
                && (plies[0].full != m.notation || plies[0].hash_after != m.position_hash)
            {
                let reply = LinePly {
                    full: m.notation.clone(),
                    offer_draw: false,
                    hash_after: m.position_hash,
                    written: String::new(),
                };
                let shown = shown_plies(l, m.ply, std::slice::from_ref(&reply), me);
                return Err(Refusal::AnsweredOtherwise(shown[0].clone()));
            }
            match kept
                .iter()
                .enumerate()
                .find_map(|(k, other)| clash(&other.plies, &plies).map(|c| (k, c)))
            {
                Some((k, Clash::Conflict)) => Err(Refusal::Conflict(k + 1)),
                Some((_, Clash::Duplicate)) => Err(Refusal::Duplicate),
                None => Ok(plies),
            }
        });
        match resolved {
            Ok(plies) => kept.push(NewLine {
                start_ply,
                plies,
                written: line.text.clone(),
            }),
            Err(why) => refused.push((line.text.clone(), why)),
        }
    }
    let (replaced, old_kept) = if kept.is_empty() {
        (0, conditionals::list(tx, id, me)?.len())
    } else {
        let n = conditionals::replace(tx, id, me, &kept, source.message_id, now)?;
        (n, 0)
    };
    let shown_kept = kept
        .iter()
        .map(|k| shown_plies(l, start_ply, &k.plies, me))
        .collect();
    let summary = ConditionalAccount::Stored {
        kept: kept.len(),
        refused: refused.len(),
    };
    let answers = answered.is_some() && !kept.is_empty();
    Ok((
        Event::Submitted {
            kept: shown_kept,
            refused,
            replaced,
            old_kept,
        },
        summary,
        answers,
    ))
}

/// The opponent's reply already played to the owner's move of this same
/// mail (`source`), when the owner is to move again because the opponent's
/// conditional line answered it at once; `None` otherwise.
fn answered_own_move<'a>(
    tx: &Tx<'_>,
    l: &'a Loaded,
    me: Color,
    source: Source<'_>,
) -> Result<Option<&'a MoveRecord>, RefereeError> {
    let (Some(id), [.., own, reply]) = (source.message_id, l.moves.as_slice()) else {
        return Ok(None);
    };
    if own.side != me || own.source_message.as_deref() != Some(id) || reply.side == me {
        return Ok(None);
    }
    let automatic = conditional_replies::of_game(tx, l.row.id)?
        .iter()
        .any(|c| c.ply == reply.ply);
    Ok(automatic.then_some(reply))
}

/// Resolves a written line against the positions it passes through.
fn resolve(game: &dyn AnyGame, line: &WrittenLine) -> Result<Vec<LinePly>, Refusal> {
    if line.plies.is_empty() {
        return Err(Refusal::Empty);
    }
    let mut g = game.clone_box();
    let first = crate::referee::view::start_turn(game);
    let mut out = Vec::new();
    for (i, p) in line.plies.iter().enumerate() {
        let (number, side) =
            crate::notation::record::move_number_of(g.plies(), first, g.first_move_number());
        let black = side == crate::rules::Color::Black;
        if let Some(n) = p.number
            && (n != number || (p.black && !black))
        {
            return Err(Refusal::Number {
                written: p.text.clone(),
                number: n,
                expected: number,
                expected_black: black,
            });
        }
        if g.outcome().is_some() {
            return Err(Refusal::AfterEnd(p.text.clone()));
        }
        let played = g.play(&p.text).map_err(Refusal::Move)?;
        if p.offer_draw && i % 2 == 0 {
            return Err(Refusal::OfferOnOpponentMove(p.text.clone()));
        }
        out.push(LinePly {
            full: played.full,
            offer_draw: p.offer_draw,
            hash_after: played.hash_after as i64,
            written: p.text.clone(),
        });
    }
    if out.len() % 2 == 1 {
        return Err(Refusal::EndsWithOpponent);
    }
    Ok(out)
}

/// How a new line stands to an earlier one.
enum Clash {
    /// Both answer the same opponent's move differently.
    Conflict,
    /// The same plies.
    Duplicate,
}

/// Whether `new` contradicts or repeats `old`: they part at one of the
/// owner's plies (odd index), or are equal.
fn clash(old: &[LinePly], new: &[LinePly]) -> Option<Clash> {
    let common = old
        .iter()
        .zip(new)
        .take_while(|(a, b)| a.full == b.full)
        .count();
    if common == old.len() && common == new.len() {
        return Some(Clash::Duplicate);
    }
    (common < old.len() && common < new.len() && common % 2 == 1).then_some(Clash::Conflict)
}

/// A stored line as its owner reads it.
fn shown(l: &Loaded, line: &ConditionalLine, owner: Color) -> Vec<ShownPly> {
    shown_plies(l, line.start_ply, &line.plies, owner)
}

fn shown_plies(l: &Loaded, start_ply: u32, plies: &[LinePly], owner: Color) -> Vec<ShownPly> {
    let game = l.game.as_ref();
    let first = crate::referee::view::start_turn(game);
    let letters = piece_letters(l.player(owner));
    plies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let index = (start_ply as usize - 1) + i;
            let (number, side) =
                crate::notation::record::move_number_of(index, first, game.first_move_number());
            ShownPly {
                number,
                side,
                text: crate::referee::view::move_for(game.variant(), &p.full, letters),
                offer_draw: p.offer_draw,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::conditional::WrittenPly;
    use crate::rules::Variant;

    fn ply(text: &str) -> WrittenPly {
        WrittenPly {
            text: text.to_string(),
            number: None,
            black: false,
            offer_draw: false,
        }
    }

    /// A line written in short notation is stored in full notation, and the
    /// stored plies replay to the same game (towers, numbers, chess alike).
    #[test]
    fn a_line_in_short_notation_is_stored_resolved_and_replays_exactly() {
        for variant in Variant::ALL {
            let start = crate::games::new_game(variant, None).unwrap();
            let mut g = start.clone_box();
            let mut written = Vec::new();
            for _ in 0..6 {
                let m = g.legal_moves().into_iter().last().unwrap();
                written.push(ply(&g.check(&m).unwrap().short));
                g.play(&m).unwrap();
            }
            let line = WrittenLine {
                text: String::new(),
                plies: written,
            };
            let resolved = resolve(start.as_ref(), &line).unwrap();
            let fulls: Vec<String> = resolved.iter().map(|p| p.full.clone()).collect();
            assert_eq!(fulls, g.score(), "{variant:?}");
            let mut again = start.clone_box();
            for p in &resolved {
                again.play(&p.full).unwrap();
            }
            assert_eq!(again.fen(), g.fen(), "{variant:?}");
        }
    }

    #[test]
    fn a_line_ending_with_the_opponents_move_or_parting_at_a_reply_is_refused() {
        let start = crate::games::new_game(Variant::Russian, None).unwrap();
        let line = WrittenLine {
            text: String::new(),
            plies: vec![ply("c3-d4"), ply("f6-g5"), ply("g3-h4")],
        };
        assert!(matches!(
            resolve(start.as_ref(), &line),
            Err(Refusal::EndsWithOpponent)
        ));
        let p = |s: &str| LinePly {
            full: s.to_string(),
            offer_draw: false,
            hash_after: 0,
            written: String::new(),
        };
        let a = [p("c3-d4"), p("f6-g5")];
        let b = [p("c3-d4"), p("f6-e5")];
        let c = [p("c3-b4"), p("f6-g5")];
        assert!(matches!(clash(&a, &b), Some(Clash::Conflict)));
        assert!(matches!(clash(&a, &a), Some(Clash::Duplicate)));
        assert!(clash(&a, &c).is_none());
        let deeper = [p("c3-d4"), p("f6-g5"), p("g3-h4"), p("g5:e3")];
        assert!(
            clash(&a, &deeper).is_none(),
            "a longer line on the same path"
        );
    }
}
