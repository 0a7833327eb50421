//! The play-out of conditional lines: after every ply that a player's move
//! puts on the board (a move by mail or on the command line, a draw claim's
//! move, a sealed move revealed at resumption, another line's reply), the
//! opponent's matching line answers at once ([`answer`]); both players' lines
//! may keep answering each other until a line ends, misses, or the game ends.

use crate::referee::told::{Account, Line, Part, Told};
use chrono::{DateTime, Utc};

use crate::referee::load::Loaded;
use crate::referee::told::ConditionalEvent as Event;
use crate::referee::{Command, Handled, RefereeError, Source};
use crate::store::conditional_replies::{self, ConditionalReply};
use crate::store::conditionals::{self, ConditionalLine};
use crate::store::{Tx, games, moves, offers};
use crate::vocabulary::{Color, GameId, GameStatus, PlayerId};
use std::sync::Arc;

/// Plays a move ([`crate::referee::play::play`]) and then the conditional
/// moves it sets off ([`answer`]): the mover's own lines are cleared; the
/// opponent's lines are played out (their reply at the same instant) or
/// dropped.
///
/// # Errors
/// As [`crate::referee::play::play`]; a conditional reply that cannot be
/// played is no error (the lines are dropped and the owner told).
pub(crate) fn play(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    written: &str,
    offer_draw: bool,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    let mut l = crate::referee::load::load(tx, id, now)?;
    let handled =
        crate::referee::play::play_loaded(tx, &mut l, actor, written, offer_draw, now, source)?;
    let Some(mover) = l.side_of(actor) else {
        return Ok(handled);
    };
    answer_on(tx, id, Some(&mut l), mover, handled, now, true)
}

/// What follows a ply of `mover` just played (`handled`: its notices): with
/// `own_move` (a move the player made, not a line's reply) the mover's lines
/// are cleared; the opponent's line whose next ply is that very move (same
/// ply, same move, same position) has its reply played at once, at the same
/// instant `now` (the owner's clock is charged nothing), and the mover's own
/// remaining lines may answer that reply in turn. The lines that did not
/// match are dropped and their owner told. One notice per player.
///
/// # Errors
/// Database failures; a reply that cannot be played is no error.
pub(crate) fn answer(
    tx: &Tx<'_>,
    id: GameId,
    mover: Color,
    handled: Handled,
    now: DateTime<Utc>,
    own_move: bool,
) -> Result<Handled, RefereeError> {
    answer_on(tx, id, None, mover, handled, now, own_move)
}

/// As [`answer`], on the game as the ply left it when the caller has it
/// loaded (`loaded`: row, stored plies and replayed game after the ply): the
/// last ply, the status and the reply's play are read from it, and it is
/// kept up to date through every reply, so that the play-out reads the
/// game's moves no more; with `None` they are read from the store.
fn answer_on(
    tx: &Tx<'_>,
    id: GameId,
    mut loaded: Option<&mut Loaded>,
    mover: Color,
    mut handled: Handled,
    now: DateTime<Utc>,
    own_move: bool,
) -> Result<Handled, RefereeError> {
    let row = match &loaded {
        Some(l) => l.row.clone(),
        None => games::get(tx, id)?,
    };
    if row.status != GameStatus::Active {
        conditionals::clear_game(tx, id)?;
        return Ok(handled);
    }
    let owner = mover.opposite();
    let note = |h: &mut Handled, side: Color, event: Event| {
        let p = row.player(side);
        let event = Arc::new(event);
        for r in h.replies.iter_mut().filter(|r| r.to == p) {
            with_note(&mut r.told, Part::Conditional(Arc::clone(&event)));
        }
    };
    if own_move {
        let own = conditionals::clear(tx, id, mover)?;
        if own > 0 {
            note(&mut handled, mover, Event::ClearedByOwnMove(own));
        }
    }
    let lines = conditionals::list(tx, id, owner)?;
    if lines.is_empty() {
        return Ok(handled);
    }
    let last = match &loaded {
        Some(l) => l.moves.last().cloned(),
        None => moves::list(tx, id)?.pop(),
    };
    let matching: Vec<&ConditionalLine> = lines
        .iter()
        .filter(|c| {
            last.as_ref().is_some_and(|m| {
                m.side == mover
                    && c.start_ply == m.ply
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
    let line = matching[0];
    let reply = line.plies[1].clone();
    let owner_id = row.player(owner);
    savepoint(tx, "SAVEPOINT conditional_reply")?;
    let command = Command::Play {
        game: id,
        text: reply.full.clone(),
        offer_draw: reply.offer_draw,
    };
    let played = crate::referee::tournament::refuse_if_frozen(tx, id, &command).and_then(|()| {
        let from = Source {
            message_id: line.source_message.as_deref(),
        };
        // The player's own writing, echoed as an ordinary move's is; it
        // resolves to `full` (the position is the one it was resolved in).
        let written = if reply.written.is_empty() {
            &reply.full
        } else {
            &reply.written
        };
        match loaded.as_deref_mut() {
            Some(l) => crate::referee::play::play_loaded(
                tx,
                l,
                owner_id,
                written,
                reply.offer_draw,
                now,
                from,
            ),
            None => {
                crate::referee::play::play(tx, id, owner_id, written, reply.offer_draw, now, from)
            }
        }
    });
    let second = match played {
        Err(RefereeError::Store(e)) => return Err(RefereeError::Store(e)),
        Err(why) => {
            savepoint(
                tx,
                "ROLLBACK TO conditional_reply; RELEASE conditional_reply",
            )?;
            conditionals::clear(tx, id, owner)?;
            note(&mut handled, owner, Event::NotPlayed(lines.len(), why));
            return Ok(handled);
        }
        Ok(second) => second,
    };
    savepoint(tx, "RELEASE conditional_reply")?;
    conditional_replies::record(
        tx,
        &ConditionalReply {
            game_id: id,
            ply: match &loaded {
                Some(l) => l.moves.len() as u32,
                None => moves::last_ply(tx, id)?,
            },
            source_message: line.source_message.clone(),
            given_at: line.created_at,
            played_at: now,
        },
    )?;
    let mut remaining = 0;
    for c in &lines {
        if matching.iter().any(|m| m.id == c.id) {
            remaining += usize::from(conditionals::advance(tx, c)?);
        } else {
            conditionals::delete(tx, c.id)?;
        }
    }
    let status = match &loaded {
        Some(l) => l.row.status,
        None => games::get(tx, id)?.status,
    };
    if status != GameStatus::Active {
        conditionals::clear_game(tx, id)?;
        remaining = 0;
    }
    let merged = merge(handled, second, owner_id, remaining);
    // The reply is a ply too: the mover's remaining lines may answer it.
    answer_on(tx, id, loaded, owner, merged, now, false)
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
                .map(|f| event_of(&f.told));
            let mut lead = before.unwrap_or_default();
            if r.to == owner {
                lead.push(Line::of(Part::Conditional(Arc::new(Event::PlayedForYou {
                    remaining,
                }))));
            }
            if !lead.is_empty() {
                with_lead(&mut r.told, lead);
            }
            r
        })
        .collect();
    Handled {
        game: first.game.or(second.game),
        replies,
        summary: Account::ConditionalReply {
            first: Box::new(first.summary),
            second: Box::new(second.summary),
        },
        late: first.late.or(second.late),
    }
}

/// The event lines of a notice: what stands between the header and the
/// state.
fn event_of(told: &Told) -> Vec<Line> {
    match told {
        Told::News {
            lines,
            state: Some(_),
        } => lines.clone(),
        _ => Vec::new(),
    }
}

/// A notice with a note added under its event lines (after a body with
/// none, as a paragraph).
fn with_note(told: &mut Told, note: Part) {
    match told {
        Told::News {
            lines,
            state: Some(_),
        } if !lines.is_empty() => lines.push(Line::of(note)),
        _ => {
            let old = std::mem::replace(told, Told::lines(Vec::new()));
            *told = Told::lines(vec![
                Line::of(Part::Told(Box::new(old))),
                Line(Vec::new()),
                Line::of(note),
            ]);
        }
    }
}

/// A notice with `lead` put above its event lines, in the same paragraph,
/// so that a notice merged again keeps every event.
pub(super) fn with_lead(told: &mut Told, mut lead: Vec<Line>) {
    match told {
        Told::News {
            lines,
            state: Some(_),
        } => {
            lead.append(lines);
            *lines = lead;
        }
        _ => {
            let old = std::mem::replace(told, Told::lines(Vec::new()));
            lead.push(Line(Vec::new()));
            lead.push(Line::of(Part::Told(Box::new(old))));
            *told = Told::lines(lead);
        }
    }
}

fn savepoint(tx: &Tx<'_>, sql: &str) -> Result<(), RefereeError> {
    // A rollback to the savepoint may undo a write to a game row read since.
    if sql.contains("ROLLBACK") {
        tx.forget_games();
    }
    tx.sql()
        .execute_batch(sql)
        .map_err(|e| RefereeError::Store(crate::store::StoreError::from(e)))
}
