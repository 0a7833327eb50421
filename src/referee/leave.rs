//! Leave (vacation): taken in whole days, announced to the opponents; the player's
//! clocks stop during it.

use chrono::{DateTime, NaiveDate, Utc};

use crate::clock::LeaveRequest;
use crate::referee::game_clocks as persist;
use crate::referee::load::language;
use crate::referee::told::{Account, LeaveEvent, Line, Part, Told};
use crate::referee::{Handled, RefereeError, Reply};
use crate::store::games::{self, GameFilter};
use crate::store::{Tx, players};
use crate::vocabulary::{GameStatus, PlayerId};

/// A director (`actor`, referee or admin role) enters a leave for `player`
/// that the player asked for another way: the same rules and the same mails
/// as [`take`], the player's mail opening with who entered it and why, and
/// an audit entry `leave` naming the player (with the Message-ID of the
/// director's mail when it came by mail).
///
/// # Errors
/// [`RefereeError::NotReferee`], [`RefereeError::NoReason`], and those of
/// [`take`].
#[allow(clippy::too_many_arguments)]
pub(crate) fn take_for(
    tx: &Tx<'_>,
    actor: PlayerId,
    player: &str,
    from: NaiveDate,
    to: NaiveDate,
    reason: &str,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<Handled, RefereeError> {
    super::director::authorise(tx, actor, reason)?;
    let found = players::find_by_email(tx, player)?
        .ok_or_else(|| RefereeError::UnknownPlayer(player.to_string()))?;
    // A retired player takes no leave; one with no game running now may (the
    // leave stops the clocks of any game running then), and the director is
    // told so.
    if found.retired_at.is_some() {
        return Err(RefereeError::Retired(found.email));
    }
    let running = games::count(
        tx,
        &GameFilter {
            player: Some(found.id),
            status: Some(GameStatus::Active),
            ..GameFilter::default()
        },
    )?;
    let (player, email) = (found.id, found.email);
    let mut h = take(tx, player, from, to, now).map_err(|e| match e {
        RefereeError::Leave(l)
        | RefereeError::Clock(crate::referee::game_clocks::ClockError::Leave(l)) => {
            RefereeError::LeaveOf(email.clone(), l)
        }
        other => other,
    })?;
    if let Some(own) = h.replies.iter_mut().find(|r| r.to == player) {
        own.told
            .put_above(Line::of(Part::Leave(LeaveEvent::ByReferee {
                reason: reason.trim().to_string(),
            })));
    }
    crate::store::audit::append_from(
        tx,
        &crate::store::audit::NewAuditEntry {
            at: now,
            actor: Some(actor),
            action: "leave".to_string(),
            game_id: None,
            reason: Some(reason.trim().to_string()),
            details: Some(serde_json::json!({
                "player": players::get(tx, player)?.email,
                "from": from.to_string(),
                "to": to.to_string(),
            })),
        },
        message_id,
    )?;
    if let Account::Leave {
        by_referee,
        none_running,
        ..
    } = &mut h.summary
    {
        *by_referee = true;
        *none_running = running == 0;
    }
    Ok(h)
}

/// Takes leave for `actor` and tells the opponents of their active games.
pub(crate) fn take(
    tx: &Tx<'_>,
    actor: PlayerId,
    from: NaiveDate,
    to: NaiveDate,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let lang = language(&me);
    let request = LeaveRequest::new(from, to).map_err(RefereeError::Leave)?;
    let settings = super::tournament::player_clock_settings(tx, actor)?;
    let (leave, _) = persist::take_leave(tx, actor, &request, &settings, now)?;
    let left = persist::leave_days_left(tx, actor, &settings, now)?;
    let mut replies = vec![Reply {
        monospace: false,
        session: None,
        to: me.id,
        email: me.email.clone(),
        language: lang,
        game: None,
        told: Told::lines(vec![Line::of(Part::Leave(LeaveEvent::Recorded {
            from,
            to,
            days: leave.days,
            left,
        }))]),
        notes: Vec::new(),
    }];
    let filter = GameFilter {
        player: Some(actor),
        status: Some(GameStatus::Active),
        ..GameFilter::default()
    };
    for g in games::list(tx, &filter)? {
        let Some(side) = g.side_of(actor) else {
            continue;
        };
        let opponent = players::get(tx, g.player(side.opposite()))?;
        let ol = language(&opponent);
        replies.push(Reply {
            monospace: false,
            session: None,
            to: opponent.id,
            email: opponent.email.clone(),
            language: ol,
            game: Some(g.id),
            told: Told::lines(vec![Line::of(Part::Leave(LeaveEvent::Opponent {
                name: me.name.clone(),
                from,
                to,
            }))]),
            notes: Vec::new(),
        });
    }
    Ok(Handled {
        game: None,
        replies,
        summary: Account::Leave {
            email: me.email.clone(),
            from,
            to,
            days: leave.days,
            by_referee: false,
            none_running: false,
        },
        late: None,
    })
}
