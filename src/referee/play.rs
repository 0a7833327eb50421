//! Moves, resignation and sealed moves.

use chrono::{DateTime, Utc};

use crate::games::{AnyGame, Finish};
use crate::referee::load::{Loaded, load};
use crate::referee::told::{Account, Event, Line, Note, OfferBar, Part};
use crate::referee::view::{to_both, to_each};
use crate::referee::{Handled, RefereeError, Source};
use crate::rules::{GameResult, Termination};
use crate::store::Tx;
use crate::store::games;
use crate::store::moves::{self, NewMove, NewSealedMove};
use crate::store::offers::{self, OfferStatus};
use crate::vocabulary::GameStatus;
use crate::vocabulary::{Color, GameId, PlayerId};

/// An event line of one move event.
fn said(e: Event) -> Line {
    Line::of(Part::Move(e))
}

/// Checks that the game is active and returns the actor's side.
pub(crate) fn active_side(l: &Loaded, actor: PlayerId) -> Result<Color, RefereeError> {
    let side = l.side_of(actor).ok_or(RefereeError::NotInGame(l.row.id))?;
    match l.row.status {
        GameStatus::Active => Ok(side),
        GameStatus::Finished | GameStatus::Annulled => {
            Err(RefereeError::GameOver(l.row.id, l.row.result))
        }
        s => Err(RefereeError::NotActive(l.row.id, s)),
    }
}

/// Plays a move (with an optional draw offer) for the side to move.
pub(crate) fn play(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    text: &str,
    offer_draw: bool,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    let mut l = load(tx, id, now)?;
    play_loaded(tx, &mut l, actor, text, offer_draw, now, source)
}

/// As [`play`], on a game already loaded: `l` is left as the move left the
/// game (the row, the stored plies, the game replayed through the new ply),
/// so that what follows the move (a conditional reply) reads nothing again.
/// After an error `l` may be stale: the caller drops it.
pub(crate) fn play_loaded(
    tx: &Tx<'_>,
    l: &mut Loaded,
    actor: PlayerId,
    text: &str,
    offer_draw: bool,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    let id = l.row.id;
    let me = active_side(l, actor)?;
    if me != l.game.turn() {
        return Err(RefereeError::NotYourTurn);
    }
    let mut game = l.game.clone_box();
    let played = game.play(text).map_err(RefereeError::Move)?;
    if l.row.time_control.is_some() {
        let settings = super::tournament::player_clock_settings(tx, actor)?;
        crate::referee::game_clocks::check_may_move(tx, actor, &settings, now)?;
        match crate::referee::game_clocks::record_move(tx, id, me, now) {
            Ok(_) => {}
            Err(crate::referee::game_clocks::ClockError::Move(
                crate::clock::MoveClockError::Late { deadline, .. },
            )) => {
                return lost_on_time(tx, l, me, deadline, now);
            }
            Err(e) => return Err(e.into()),
        }
    }
    let (recorded, receipt) = record_move(
        tx,
        l,
        me,
        text,
        (&played.full, played.hash_after),
        game.as_ref(),
        now,
        source,
    )?;
    crate::referee::load::refresh_clocks(tx, l, now)?;
    // A move declines the opponent's pending offer (seed 001 §1.9.2).
    let declined = match offers::pending(tx, id)? {
        Some(o) if o.side != me => {
            offers::resolve(tx, o.id, OfferStatus::Declined, now)?;
            Some(o.side)
        }
        _ => None,
    };
    let ply = game.plies() as u32;
    // An offer that may not be made leaves the move standing: the mover is
    // told why no draw was offered.
    let (offer_draw, offer_bar) = if offer_draw {
        match make_offer(tx, l, me, ply, now, source) {
            Ok(()) => (true, None),
            Err(RefereeError::OwnOffer) => (false, Some(OfferBar::OwnPending)),
            Err(RefereeError::OfferRightUsed) => (false, Some(OfferBar::RightUsed)),
            Err(e) => return Err(e),
        }
    } else {
        (false, None)
    };
    let finish = game.outcome();
    if let Some(f) = &finish {
        finish_game(tx, l, f.result, f.termination, now)?;
    }
    let offer = if finish.is_none() {
        offers::pending(tx, id)?
    } else {
        None
    };
    // The number of the move just played, counted from the start position's
    // own move number (a FEN may start at move 12, or with Black).
    let number = crate::notation::record::move_number_of(
        ply as usize - 1,
        crate::referee::view::start_turn(game.as_ref()),
        game.first_move_number(),
    )
    .0;
    let variant = game.variant();
    let letters = |side: Color| crate::referee::load::piece_letters(l.player(side));
    let played_as = |side: Color, echo: bool| Event::Played {
        number,
        side: me,
        full: crate::referee::view::move_for(variant, &played.full, letters(side)),
        written: echo.then(|| text.trim().to_string()),
        offers_draw: offer_draw,
    };
    let finished = finish.map(Event::Finished);
    // The mover sees the move as written echoed; the opponent reads it in
    // their own notation; the offerer of a declined offer is told.
    let text_of = |side: Color| {
        let mut s = vec![said(played_as(side, side == me))];
        if side == me
            && let Some(bar) = offer_bar
        {
            s.push(said(Event::OfferNotMade { bar }));
        }
        if declined == Some(side) {
            s.push(said(Event::OfferDeclinedByMove {
                number,
                side: me,
                full: crate::referee::view::move_for(variant, &played.full, letters(side)),
            }));
        }
        if side == me && declined.is_some() {
            s.push(said(Event::DeclinedWithMove));
        }
        if let Some(f) = &finished {
            s.push(said(f.clone()));
        }
        s
    };
    let mut replies = to_each(l, game.as_ref(), offer.as_ref(), text_of);
    // The mover's confirmation carries the move's receipt.
    let mover = l.player(me).id;
    for r in replies.iter_mut().filter(|r| r.to == mover) {
        r.notes.push(Note::Receipt(Box::new(receipt.clone())));
    }
    // A digest player hears of a plain move in the day's digest.
    let opponent = l.player(me.opposite()).id;
    let at_once = finished.is_some() || offer_draw || declined.is_some();
    if crate::referee::digest::held_for_digest(tx, opponent, at_once)? {
        replies.retain(|r| r.to != opponent);
    }
    let summary = Account::Moved {
        game: id,
        number,
        side: me,
        full: played.full.clone(),
        finish,
        offer_bar,
    };
    l.moves.push(recorded);
    l.game = game;
    Ok(Handled {
        game: Some(id),
        replies,
        summary,
        late: None,
    })
}

/// A move that reached the bot after the deadline: the mover has lost on time
/// and the move is not played (the scheduler normally finds the time-out first).
fn lost_on_time(
    tx: &Tx<'_>,
    l: &mut Loaded,
    me: Color,
    deadline: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let winner = me.opposite();
    finish_game(tx, l, GameResult::win_for(winner), Termination::Time, now)?;
    let game = l.game.clone_box();
    let late = Event::LateMove { side: me, deadline };
    let replies = to_both(l, game.as_ref(), None, vec![said(late)]);
    let id = l.row.id;
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::Late { game: id, side: me },
        late: Some(deadline),
    })
}

/// Records a ply (`played`: its full notation and the hash of the position
/// after it) in the store with its signed receipt (`after`: the game after
/// the ply); returns the ply as stored and its receipt.
#[allow(clippy::too_many_arguments)]
fn record_move(
    tx: &Tx<'_>,
    l: &Loaded,
    me: Color,
    written: &str,
    (full, hash): (&str, u64),
    after: &dyn AnyGame,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<(NewMove, crate::notation::receipt::Receipt), RefereeError> {
    let ply = NewMove {
        game_id: l.row.id,
        ply: l.moves.len() as u32 + 1,
        side: me,
        notation: full.to_string(),
        written: written.trim().to_string(),
        source_message: source.message_id.map(str::to_string),
        received_at: now,
        position_hash: hash as i64,
    };
    moves::append(tx, &ply)?;
    let receipt =
        crate::referee::receipt::issue(tx, &l.row, &l.game.start_fen(), &ply, &after.fen())?;
    Ok((ply, receipt))
}

/// Records a draw offer by `me` after ply `ply`, enforcing the offer rules.
pub(crate) fn make_offer(
    tx: &Tx<'_>,
    l: &Loaded,
    me: Color,
    ply: u32,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<(), RefereeError> {
    let list = offers::list(tx, l.row.id)?;
    if let Some(p) = list.iter().find(|o| o.status == OfferStatus::Pending) {
        return Err(if p.side == me {
            RefereeError::OwnOffer
        } else {
            RefereeError::OpponentOffered
        });
    }
    // After a declined offer, the same player may offer again only after the
    // opponent has used the right to offer (seed 001 §1.9.2, RULES.md §7).
    if let Some(last_mine) = list.iter().rposition(|o| o.side == me)
        && list[last_mine].status == OfferStatus::Declined
        && !list[last_mine + 1..].iter().any(|o| o.side != me)
    {
        return Err(RefereeError::OfferRightUsed);
    }
    offers::offer(
        tx,
        &offers::NewOffer {
            game_id: l.row.id,
            ply,
            side: me,
            source_message: source.message_id.map(str::to_string),
            created_at: now,
        },
    )?;
    Ok(())
}

/// Ends the game with a result, withdrawing any pending offer and stopping
/// the running clock.
pub(crate) fn finish_game(
    tx: &Tx<'_>,
    l: &mut Loaded,
    result: GameResult,
    termination: Termination,
    now: DateTime<Utc>,
) -> Result<(), RefereeError> {
    if let Some(o) = offers::pending(tx, l.row.id)? {
        offers::resolve(tx, o.id, OfferStatus::Withdrawn, now)?;
    }
    l.row = games::set_result(tx, l.row.id, result, termination, now)?;
    // A finished game has no deadline: the clocks stop at the end, the side
    // to move charged up to it.
    crate::referee::game_clocks::stop_at_end(tx, l.row.id, l.game.turn(), now)?;
    Ok(())
}

/// The actor resigns: the opponent wins (seed 001 §1.8.1).
pub(crate) fn resign(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let mut l = load(tx, id, now)?;
    let me = active_side(&l, actor)?;
    let winner = me.opposite();
    finish_game(
        tx,
        &mut l,
        GameResult::win_for(winner),
        Termination::Resignation,
        now,
    )?;
    let game = l.game.clone_box();
    let resigned = Event::Resigned { side: me };
    let replies = to_both(&l, game.as_ref(), None, vec![said(resigned)]);
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::Resigned {
            game: id,
            side: me,
            result: GameResult::win_for(winner),
        },
        late: None,
    })
}

/// Seals a move in an adjourned game (seed 003 art. 15): stored unseen; the reply
/// goes to the sealer only.
pub(crate) fn seal(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    text: &str,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let me = l.side_of(actor).ok_or(RefereeError::NotInGame(id))?;
    // "Only in an adjourned game, by the player to move"; a finished game
    // says so with its result.
    match l.row.status {
        GameStatus::Finished | GameStatus::Annulled => {
            return Err(RefereeError::GameOver(id, l.row.result));
        }
        GameStatus::Adjourned if me == l.game.turn() => {}
        _ => return Err(RefereeError::CannotSeal),
    }
    // Once sealed, the move cannot be changed (seed 003 art. 15-17).
    if moves::sealed(tx, id)?.is_some() {
        return Err(RefereeError::AlreadySealed);
    }
    // The sealed move is the sealer's move in this position: an unreadable or
    // illegal one is refused now, with a played move's reasons, to the sealer
    // only (the refusal is the reply to the sealer's own command).
    l.game.clone_box().play(text).map_err(RefereeError::Move)?;
    moves::seal(
        tx,
        &NewSealedMove {
            game_id: id,
            side: me,
            ply: l.moves.len() as u32 + 1,
            text: text.trim().to_string(),
            source_message: source.message_id.map(str::to_string),
            sealed_at: now,
        },
    )?;
    // The sealer reads the move back; the opponent learns that a move is
    // sealed, never which (seed 003 art. 15).
    let kept = Event::SealedKept {
        written: text.trim().to_string(),
    };
    let told = Event::SealedByOpponent { side: me };
    let replies = to_each(&l, l.game.as_ref(), None, |side| {
        vec![said(if side == me {
            kept.clone()
        } else {
            told.clone()
        })]
    });
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::Sealed { game: id },
        late: None,
    })
}

/// A revealed sealed move: the game after it, and the event.
pub(crate) type Revealed = (Box<dyn AnyGame>, Event);

/// Plays the sealed move of an adjourned game at resumption; an unclear or
/// illegal sealed move loses (seed 003 art. 17c). Returns the event text.
pub(crate) fn reveal_sealed(
    tx: &Tx<'_>,
    l: &mut Loaded,
    now: DateTime<Utc>,
) -> Result<Option<Revealed>, RefereeError> {
    let Some(sealed) = moves::sealed(tx, l.row.id)? else {
        return Ok(None);
    };
    moves::reveal(tx, sealed.id, now)?;
    let mut game = l.game.clone_box();
    match game.play(&sealed.text) {
        Ok(played) => {
            // The sealer is charged for the move up to the seal, and the
            // opponent's clock starts at the resumption (seed 003 art. 15-16).
            if l.row.time_control.is_some() {
                match crate::referee::game_clocks::record_move(tx, l.row.id, sealed.side, now) {
                    Ok(_) => {}
                    Err(crate::referee::game_clocks::ClockError::Move(
                        crate::clock::MoveClockError::Late { deadline, .. },
                    )) => {
                        let late = Event::LateMove {
                            side: sealed.side,
                            deadline,
                        };
                        l.row = games::set_status(tx, l.row.id, GameStatus::Active, now)?;
                        let winner = sealed.side.opposite();
                        finish_game(tx, l, GameResult::win_for(winner), Termination::Time, now)?;
                        return Ok(Some((l.game.clone_box(), late)));
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            record_move(
                tx,
                l,
                sealed.side,
                &sealed.text,
                (&played.full, played.hash_after),
                game.as_ref(),
                now,
                Source {
                    message_id: sealed.source_message.as_deref(),
                },
            )?;
            let revealed = Event::SealedRevealed {
                side: sealed.side,
                full: played.full.clone(),
                written: sealed.text.clone(),
            };
            Ok(Some((game, revealed)))
        }
        Err(e) => {
            let winner = sealed.side.opposite();
            // The game status is set back to active first so that it can be finished.
            let unplayable = Event::SealedUnplayable {
                side: sealed.side,
                written: sealed.text.clone(),
                error: e,
            };
            l.row = games::set_status(tx, l.row.id, GameStatus::Active, now)?;
            finish_game(
                tx,
                l,
                GameResult::win_for(winner),
                Termination::SealedMove,
                now,
            )?;
            Ok(Some((l.game.clone_box(), unplayable)))
        }
    }
}

/// Ends the game if the rules end it in `game` (used after a sealed move).
pub(crate) fn finish_if_over(
    tx: &Tx<'_>,
    l: &mut Loaded,
    game: &dyn AnyGame,
    now: DateTime<Utc>,
) -> Result<Option<Finish>, RefereeError> {
    let Some(f) = game.outcome() else {
        return Ok(None);
    };
    finish_game(tx, l, f.result, f.termination, now)?;
    Ok(Some(f))
}
