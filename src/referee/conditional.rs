//! Conditional moves (issue 15, item 1): a player, while the opponent is to
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
use crate::lang::conditional::{Event, Refusal, ShownPly, text};
use crate::mail::conditional::{Request, WrittenLine};
use crate::referee::load::{Loaded, color, language, load, piece_letters};
use crate::referee::{Command, Handled, RefereeError, Reply, Source};
use crate::store::conditionals::{self, ConditionalLine, LinePly, NewLine};
use crate::store::{GameId, GameStatus, PlayerId, Side, Tx, games, moves, offers};

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
    let (me, event, summary) = match request {
        Request::Submit(lines) => {
            let me = super::play::active_side(&l, actor)?;
            if l.frozen {
                return Err(super::TournamentRefusal::Frozen(id).into());
            }
            let (event, summary) = submit(tx, &l, me, lines, now, source)?;
            (me, event, summary)
        }
        Request::Cancel => {
            let me = l.side_of(actor).ok_or(RefereeError::NotInGame(id))?;
            let n = conditionals::clear(tx, id, me)?;
            let event = if n == 0 {
                Event::NoneToCancel
            } else {
                Event::Cancelled(n)
            };
            (
                me,
                event,
                format!("game #{id}: {n} conditional line(s) cancelled"),
            )
        }
        Request::List => {
            let me = l.side_of(actor).ok_or(RefereeError::NotInGame(id))?;
            let lines = conditionals::list(tx, id, me)?;
            let n = lines.len();
            let shown = lines.iter().map(|c| shown(&l, c, me)).collect();
            (
                me,
                Event::Listed(shown),
                format!("game #{id}: {n} conditional line(s) listed"),
            )
        }
    };
    let p = l.player(me);
    let lang = language(p);
    let body = format!(
        "{}\n\n{}",
        crate::referee::view::header(&l, lang),
        text(&event, lang)
    );
    Ok(Handled {
        game: Some(id),
        replies: vec![Reply {
            monospace: false,
            to: p.id,
            email: p.email.clone(),
            language: lang,
            game: Some(id),
            body,
        }],
        summary,
    })
}

/// Resolves and stores a set of lines; the event for the owner and the summary.
fn submit(
    tx: &Tx<'_>,
    l: &Loaded,
    me: Side,
    lines: &[WrittenLine],
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<(Event, String), RefereeError> {
    let id = l.row.id;
    if color(me) == l.game.turn() {
        return Ok((
            Event::OwnTurn,
            format!("game #{id}: conditional moves refused: own turn"),
        ));
    }
    let start_ply = l.moves.len() as u32 + 1;
    let mut kept: Vec<NewLine> = Vec::new();
    let mut refused = Vec::new();
    for line in lines {
        let resolved = resolve(l.game.as_ref(), line).and_then(|plies| {
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
    let summary = format!(
        "game #{id}: {} conditional line(s) stored, {} refused",
        kept.len(),
        refused.len()
    );
    Ok((
        Event::Submitted {
            kept: shown_kept,
            refused,
            replaced,
            old_kept,
        },
        summary,
    ))
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
fn shown(l: &Loaded, line: &ConditionalLine, owner: Side) -> Vec<ShownPly> {
    shown_plies(l, line.start_ply, &line.plies, owner)
}

fn shown_plies(l: &Loaded, start_ply: u32, plies: &[LinePly], owner: Side) -> Vec<ShownPly> {
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

/// Plays a move ([`super::play::play`]) and then the conditional moves it
/// sets off: the mover's own lines are cleared; the opponent's lines are
/// played out (their reply at the same instant) or dropped.
///
/// # Errors
/// As [`super::play::play`]; a conditional reply that cannot be played is no
/// error (the lines are dropped and the owner told).
pub(crate) fn play(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    written: &str,
    offer_draw: bool,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    let mut handled = super::play::play(tx, id, actor, written, offer_draw, now, source)?;
    let row = games::get(tx, id)?;
    if row.status != GameStatus::Active {
        conditionals::clear_game(tx, id)?;
        return Ok(handled);
    }
    let Some(mover) = row.side_of(actor) else {
        return Ok(handled);
    };
    let owner = mover.opposite();
    let note = |h: &mut Handled, side: Side, event: Event| {
        let p = if side == Side::White {
            row.white
        } else {
            row.black
        };
        for r in h.replies.iter_mut().filter(|r| r.to == p) {
            r.body = with_note(&r.body, &text(&event, r.language));
        }
    };
    let own = conditionals::clear(tx, id, mover)?;
    if own > 0 {
        note(&mut handled, mover, Event::ClearedByOwnMove(own));
    }
    let lines = conditionals::list(tx, id, owner)?;
    if lines.is_empty() {
        return Ok(handled);
    }
    let last = moves::list(tx, id)?.pop();
    let matching: Vec<&ConditionalLine> = lines
        .iter()
        .filter(|c| {
            last.as_ref().is_some_and(|m| {
                c.start_ply == m.ply
                    && c.plies[0].full == m.notation
                    && c.plies[0].hash_after == m.position_hash
            })
        })
        .collect();
    if matching.is_empty() {
        conditionals::clear(tx, id, owner)?;
        note(&mut handled, owner, Event::NoLongerApply(lines.len()));
        return Ok(handled);
    }
    if offers::pending(tx, id)?.is_some_and(|o| o.side == mover) {
        conditionals::clear(tx, id, owner)?;
        note(&mut handled, owner, Event::OfferStands(lines.len()));
        return Ok(handled);
    }
    let reply = matching[0].plies[1].clone();
    let owner_id = if owner == Side::White {
        row.white
    } else {
        row.black
    };
    savepoint(tx, "SAVEPOINT conditional_reply")?;
    let command = Command::Play {
        game: id,
        text: reply.full.clone(),
        offer_draw: reply.offer_draw,
    };
    let answer = super::tournament::refuse_if_frozen(tx, id, &command).and_then(|()| {
        let from = Source {
            message_id: matching[0].source_message.as_deref(),
        };
        // The player's own writing, echoed as an ordinary move's is; it
        // resolves to `full` (the position is the one it was resolved in).
        let written = if reply.written.is_empty() {
            &reply.full
        } else {
            &reply.written
        };
        super::play::play(tx, id, owner_id, written, reply.offer_draw, now, from)
    });
    match answer {
        Err(RefereeError::Store(e)) => Err(RefereeError::Store(e)),
        Err(why) => {
            savepoint(
                tx,
                "ROLLBACK TO conditional_reply; RELEASE conditional_reply",
            )?;
            conditionals::clear(tx, id, owner)?;
            note(&mut handled, owner, Event::NotPlayed(lines.len(), why));
            Ok(handled)
        }
        Ok(second) => {
            savepoint(tx, "RELEASE conditional_reply")?;
            let mut remaining = 0;
            for c in &lines {
                if matching.iter().any(|m| m.id == c.id) {
                    remaining += usize::from(conditionals::advance(tx, c)?);
                } else {
                    conditionals::delete(tx, c.id)?;
                }
            }
            if games::get(tx, id)?.status != GameStatus::Active {
                conditionals::clear_game(tx, id)?;
                remaining = 0;
            }
            Ok(merge(handled, second, owner_id, remaining))
        }
    }
}

/// One notice per player for a move and the conditional reply it set off:
/// both events over the state after the reply; the owner is also told the
/// reply was theirs, played from their lines.
fn merge(first: Handled, second: Handled, owner: PlayerId, remaining: usize) -> Handled {
    let replies = second
        .replies
        .into_iter()
        .map(|mut r| {
            let before = first
                .replies
                .iter()
                .find(|f| f.to == r.to && f.game == r.game)
                .map(|f| event_of(&f.body).to_string());
            let mut lead = before.unwrap_or_default();
            if r.to == owner {
                if !lead.is_empty() {
                    lead.push('\n');
                }
                lead.push_str(&text(&Event::PlayedForYou { remaining }, r.language));
            }
            if !lead.is_empty() {
                r.body = crate::referee::view::with_event(&r.body, &lead);
            }
            r
        })
        .collect();
    Handled {
        game: first.game,
        replies,
        summary: format!("{}; conditional reply {}", first.summary, second.summary),
    }
}

/// The event lines of a notice made by [`crate::referee::view::with_event`]:
/// what stands between the header and the state.
fn event_of(body: &str) -> &str {
    body.split_once("\n\n")
        .and_then(|(_, rest)| rest.split_once("\n\n"))
        .map_or("", |(event, _)| event)
}

/// A notice with a note added under its event lines.
fn with_note(body: &str, note: &str) -> String {
    let event = event_of(body);
    if event.is_empty() {
        return format!("{body}\n\n{note}");
    }
    crate::referee::view::with_event(
        &body.replacen(&format!("\n\n{event}\n\n"), "\n\n", 1),
        &format!("{event}\n{note}"),
    )
}

fn savepoint(tx: &Tx<'_>, sql: &str) -> Result<(), RefereeError> {
    tx.sql()
        .execute_batch(sql)
        .map_err(|e| RefereeError::Store(crate::store::StoreError::from(e)))
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
