//! Draw offers and claims (RULES.md §7; seed 000 §1.13.2-1.13.3, seed 001
//! §1.9.2-1.9.6, seed 003 art. 18).

use chrono::{DateTime, Utc};

use crate::games::{ClaimKind, ClaimableDraw};
use crate::referee::load::load;
use crate::referee::play::{active_side, finish_game, make_offer};
use crate::referee::told::{Account, Event, Line, Part};
use crate::referee::view::{to_both, to_each};
use crate::referee::{Handled, RefereeError, Source};
use crate::rules::{GameResult, Termination};
use crate::store::Tx;
use crate::store::offers::{self, ClaimVerdict, NewClaim, OfferStatus};
use crate::vocabulary::{Color, GameId, PlayerId};

/// An event line of one move event.
fn said(e: Event) -> Line {
    Line::of(Part::Move(e))
}

/// Offers a draw without a move. The offer stands until the opponent answers.
pub(crate) fn offer(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let me = active_side(&l, actor)?;
    make_offer(tx, &l, me, l.game.plies() as u32, now, source)?;
    let offer = offers::pending(tx, id)?;
    let by = me;
    let offered = Event::DrawOffered { by };
    let replies = to_both(&l, l.game.as_ref(), offer.as_ref(), vec![said(offered)]);
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::DrawOffered { game: id, side: by },
        late: None,
    })
}

/// Accepts the opponent's pending offer: the game is drawn by agreement.
pub(crate) fn accept(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let mut l = load(tx, id, now)?;
    let me = active_side(&l, actor)?;
    let o = offers::pending(tx, id)?.ok_or(RefereeError::NoPendingOffer)?;
    if o.side == me {
        return Err(RefereeError::OwnOffer);
    }
    offers::resolve(tx, o.id, OfferStatus::Accepted, now)?;
    finish_game(tx, &mut l, GameResult::Draw, Termination::Agreement, now)?;
    let replies = to_both(&l, l.game.as_ref(), None, vec![said(Event::DrawAccepted)]);
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::DrawAgreed { game: id },
        late: None,
    })
}

/// Declines the opponent's pending offer.
pub(crate) fn decline(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let me = active_side(&l, actor)?;
    let o = offers::pending(tx, id)?.ok_or(RefereeError::NoPendingOffer)?;
    if o.side == me {
        return Err(RefereeError::OwnOffer);
    }
    offers::resolve(tx, o.id, OfferStatus::Declined, now)?;
    let by = me;
    let declined = Event::DrawDeclined { by };
    let replies = to_both(&l, l.game.as_ref(), None, vec![said(declined)]);
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::DrawDeclined { game: id },
        late: None,
    })
}

/// Claims a draw, with or without the move that would produce it. The claim is
/// checked from the record at once and answered with the rule quoted; a wrong claim
/// with a written move plays that move (seed 000 §1.13.2 note b, seed 001 §1.9.2).
pub(crate) fn claim(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    text: Option<&str>,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    let mut l = load(tx, id, now)?;
    let me = active_side(&l, actor)?;
    if me != l.game.turn() {
        return Err(RefereeError::ClaimNotOnTurn);
    }
    let (position, move_text) = match text {
        None => (l.game.clone_box(), None),
        Some(t) => {
            let mut g = l.game.clone_box();
            let played = g.play(t).map_err(RefereeError::Move)?;
            (g, Some((t.trim().to_string(), played.full)))
        }
    };
    let upheld: Option<ClaimableDraw> = position.claimable_draws().into_iter().next();
    let ply = l.game.plies() as u32;
    let repetitions = position.repetitions();
    let citation = crate::games::repetition_citation(l.game.variant());
    // The rule the claim was judged by, as the store keeps it (in no
    // language): the upheld claim's clause, or the repetition rule's clause
    // and how many times the position has occurred.
    let rule = upheld.as_ref().map_or_else(
        || format!("{} repetitions={repetitions}", citation.record()),
        |c| c.citation.record(),
    );
    offers::claim(
        tx,
        &NewClaim {
            game_id: id,
            ply,
            side: me,
            kind: upheld
                .as_ref()
                .map_or(ClaimKind::Repetition, |c| c.kind)
                .as_str()
                .to_string(),
            written_move: move_text.as_ref().map(|(w, _)| w.clone()),
            verdict: if upheld.is_some() {
                ClaimVerdict::Upheld
            } else {
                ClaimVerdict::Rejected
            },
            rule,
            source_message: source.message_id.map(str::to_string),
            created_at: now,
        },
    )?;
    let by = me;
    if let Some(c) = upheld {
        finish_game(tx, &mut l, GameResult::Draw, c.kind.termination(), now)?;
        let shown = l.game.clone_box();
        let variant = l.game.variant();
        // The written move (not played) in each reader's notation.
        let upheld = |side: Color| Event::ClaimUpheld {
            by,
            with_move: move_text.as_ref().map(|(_, f)| {
                crate::referee::view::move_for(
                    variant,
                    f,
                    crate::referee::load::piece_letters(l.player(side)),
                )
            }),
            draw: c,
        };
        let replies = to_each(&l, shown.as_ref(), None, |side| vec![said(upheld(side))]);
        return Ok(Handled {
            game: Some(id),
            replies,
            summary: Account::ClaimUpheld { game: id, draw: c },
            late: None,
        });
    }
    let rejected = |move_played| Event::ClaimRejected {
        by,
        repetitions,
        citation,
        move_played,
    };
    // A wrong claim is not a draw: a written move is played and the game goes on.
    if let Some((written, _)) = move_text {
        // Through the play-out: the opponent's conditional line may answer it.
        let mut handled =
            crate::referee::conditional::play(tx, id, actor, &written, false, now, source)?;
        for r in &mut handled.replies {
            r.told.put_above(said(rejected(true)));
        }
        handled.summary = Account::ClaimRejected {
            after: Some(Box::new(handled.summary)),
            game: id,
            repetitions,
            citation,
        };
        return Ok(handled);
    }
    let replies = to_both(
        &l,
        l.game.as_ref(),
        offers::pending(tx, id)?.as_ref(),
        vec![said(rejected(false))],
    );
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::ClaimRejected {
            after: None,
            game: id,
            repetitions,
            citation,
        },
        late: None,
    })
}
