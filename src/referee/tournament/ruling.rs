//! The director's ruling on a claim for a game frozen at the end of a
//! tournament's playing period: accepting a claim decides
//! the game with the claimed result, exactly as `referee adjudicate` with that
//! result would (the same audit entry `adjudicate`, the same mails, the
//! tournament's table); rejecting it leaves the game to the director's
//! adjudication. Either is audit-logged (`claim_accepted`, `claim_rejected`)
//! with the director's reason and, by mail, the Message-ID.

use chrono::{DateTime, Utc};

use crate::referee::error::TournamentRefusal;
use crate::referee::load::load;
use crate::referee::told::{Account, Line, Part, TournamentEvent};
use crate::referee::view::to_both;
use crate::referee::{DirectorAction, Handled, RefereeError};
use crate::store::Tx;
use crate::store::audit::{self, NewAuditEntry};
use crate::store::tournaments::{self, AdjudicationState, Claim};
use crate::vocabulary::{Color, GameId, PlayerId};

/// The director's ruling: whose claim, accepted or rejected, why.
#[derive(Clone, Copy, Debug)]
pub struct Ruling<'a> {
    /// The claimant; `None` when only one claim is in, or two that agree.
    pub side: Option<Color>,
    /// Accept (the game ends with the claimed result) or reject.
    pub accept: bool,
    /// Why (the audit log).
    pub reason: &'a str,
}

/// Rules on a claim for the frozen game `id` at `now` (UTC).
///
/// # Errors
/// [`RefereeError::NotReferee`], [`RefereeError::NoReason`],
/// [`TournamentRefusal::NoAdjudication`] for a game not frozen (or decided),
/// [`TournamentRefusal::NoClaim`] when the side named (or anybody) claimed
/// nothing, [`TournamentRefusal::WhichClaim`] when two claims differ and no
/// side was named.
pub fn rule_claim(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    ruling: Ruling<'_>,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<Handled, RefereeError> {
    crate::referee::authorise_game(tx, actor, id, ruling.reason)?;
    tournaments::adjudication(tx, id)?
        .filter(|a| {
            matches!(
                a.state,
                AdjudicationState::Claims | AdjudicationState::Ruling
            )
        })
        .ok_or(TournamentRefusal::NoAdjudication(id))?;
    let claims = tournaments::claims(tx, id)?;
    let claim: Claim = match (ruling.side, claims.as_slice()) {
        (Some(s), all) => all
            .iter()
            .find(|c| c.side == s)
            .cloned()
            .ok_or(TournamentRefusal::NoClaim(id))?,
        (None, []) => return Err(TournamentRefusal::NoClaim(id).into()),
        (None, [one]) => one.clone(),
        (None, [a, b, ..]) if a.result == b.result => a.clone(),
        (None, _) => return Err(TournamentRefusal::WhichClaim(id).into()),
    };
    let (side, result) = (claim.side, claim.result);
    let said = Line::of(Part::Tournament(TournamentEvent::ClaimRuled {
        game: id,
        side,
        result,
        accepted: ruling.accept,
    }));
    let mut handled = if ruling.accept {
        let mut h = crate::referee::director::direct(
            tx,
            id,
            actor,
            &DirectorAction::Adjudicate(result),
            ruling.reason,
            now,
            message_id,
        )?;
        for r in &mut h.replies {
            r.told.put_above(said.clone());
        }
        h
    } else {
        tournaments::set_adjudication_state(tx, id, AdjudicationState::Ruling)?;
        let l = load(tx, id, now)?;
        Handled {
            game: Some(id),
            replies: to_both(&l, l.game.as_ref(), None, vec![said]),
            summary: Account::Nothing,
            late: None,
        }
    };
    let action = if ruling.accept {
        "claim_accepted"
    } else {
        "claim_rejected"
    };
    audit::append_from(
        tx,
        &NewAuditEntry {
            at: now,
            actor: Some(actor),
            action: action.to_string(),
            game_id: Some(id),
            reason: Some(ruling.reason.trim().to_string()),
            details: Some(serde_json::json!({
                "side": claim.side.as_str(), "result": result.as_str() })),
        },
        message_id,
    )?;
    handled.summary = Account::ClaimRuled {
        game: id,
        accepted: ruling.accept,
        side: claim.side,
        result,
        reason: ruling.reason.to_string(),
    };
    Ok(handled)
}
