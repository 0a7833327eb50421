//! Tournament directors' actions: each requires the referee (or admin) role and is
//! written to the append-only audit log with its actor and reason.

use chrono::{DateTime, Utc};

use crate::mail::director::parse_side;
use crate::referee::load::{Loaded, load, replay};
use crate::referee::play::{finish_game, finish_if_over, reveal_sealed};
use crate::referee::told::{Account, DirectorEvent, Line, Part, Told};
use crate::referee::view::to_both;
use crate::referee::{Handled, RefereeError};
use crate::rules::GameResult as RulesResult;
use crate::store::Tx;
use crate::store::audit::{self, NewAuditEntry};
use crate::store::games;
use crate::store::moves;
use crate::store::players::{self, Role};
use crate::vocabulary::DirectorAction;
use crate::vocabulary::GameStatus;
use crate::vocabulary::{Color, GameId, GameResult, PlayerId, Termination};

/// Checks that `actor` may act as a director (referee or admin role, not
/// retired) and gave a reason.
pub(crate) fn authorise(tx: &Tx<'_>, actor: PlayerId, reason: &str) -> Result<(), RefereeError> {
    let who = players::get(tx, actor)?;
    if !matches!(who.role, Role::Referee | Role::Admin) || who.retired_at.is_some() {
        return Err(RefereeError::NotReferee);
    }
    if reason.trim().is_empty() {
        return Err(RefereeError::NoReason);
    }
    Ok(())
}

/// Checks that `actor` may rule on the game `id`: [`authorise`], not one of
/// its players (another referee must rule on a referee's own game), and a
/// director of its tournament
/// ([`crate::referee::tournament::director_of_game`]).
///
/// # Errors
/// [`RefereeError::NotReferee`], [`RefereeError::NoReason`],
/// [`RefereeError::UnknownGame`], [`RefereeError::OwnGame`],
/// [`crate::referee::TournamentRefusal::NotDirector`].
pub(crate) fn authorise_game(
    tx: &Tx<'_>,
    actor: PlayerId,
    id: GameId,
    reason: &str,
) -> Result<(), RefereeError> {
    authorise(tx, actor, reason)?;
    let row = crate::referee::load::row(tx, id)?;
    if row.side_of(actor).is_some() {
        return Err(RefereeError::OwnGame(id));
    }
    crate::referee::tournament::director_of_game(tx, actor, id)
}

/// Performs a director's action on a game: by a director of its tournament
/// who does not play in it ([`authorise_game`]); a re-send of the game's
/// mails, which rules on nothing, also by a referee who plays in it.
pub(crate) fn direct(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    action: &DirectorAction,
    reason: &str,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<Handled, RefereeError> {
    if matches!(action, DirectorAction::Resend(_)) {
        authorise(tx, actor, reason)?;
        crate::referee::tournament::director_of_game(tx, actor, id)?;
    } else {
        authorise_game(tx, actor, id, reason)?;
    }
    perform(tx, id, actor, action, reason, now, message_id, None)
}

/// A player's unfinished game lost by forfeit because the player withdrew
/// from its tournament by their own confirmed mail: the action of a
/// director's forfeit, told to both players as that withdrawal
/// ([`DirectorEvent::Withdrew`]), audit-logged with the player as the actor.
pub(crate) fn forfeit_on_withdrawal(
    tx: &Tx<'_>,
    id: GameId,
    player: PlayerId,
    loser: Color,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<Handled, RefereeError> {
    perform(
        tx,
        id,
        player,
        &DirectorAction::Forfeit(loser),
        WITHDRAWN_BY_MAIL,
        now,
        message_id,
        Some(DirectorEvent::Withdrew(loser)),
    )
}

/// The audit log's reason of a forfeit on a player's own withdrawal.
pub(crate) const WITHDRAWN_BY_MAIL: &str = "player-withdrawal-confirmed-by-mail";

/// A director's action on a game, its actor already checked; `told`, when
/// given, is the line the players read instead of the action's own.
#[allow(clippy::too_many_arguments)]
fn perform(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    action: &DirectorAction,
    reason: &str,
    now: DateTime<Utc>,
    message_id: Option<&str>,
    told: Option<DirectorEvent>,
) -> Result<Handled, RefereeError> {
    let mut l = load(tx, id, now)?;
    let finished = matches!(l.row.status, GameStatus::Finished | GameStatus::Annulled);
    let (event, mut details) = match *action {
        DirectorAction::Adjudicate(result) => {
            if finished {
                return Err(RefereeError::ResultStands(id));
            }
            finish_game(
                tx,
                &mut l,
                rules_result(result),
                Termination::Adjudication,
                now,
            )?;
            (
                DirectorEvent::Adjudicated(result),
                serde_json::json!({ "result": result.as_str() }),
            )
        }
        DirectorAction::Forfeit(loser) => {
            if finished {
                return Err(RefereeError::ResultStands(id));
            }
            let winner = loser.opposite();
            finish_game(
                tx,
                &mut l,
                RulesResult::win_for(winner),
                Termination::Forfeit,
                now,
            )?;
            (
                DirectorEvent::Forfeited(loser),
                serde_json::json!({ "loser": loser.as_str() }),
            )
        }
        DirectorAction::Annul => {
            if l.row.status == GameStatus::Annulled {
                return Err(RefereeError::ResultStands(id));
            }
            l.row = games::set_status(tx, id, GameStatus::Annulled, now)?;
            stop_clock(tx, id, now)?;
            (DirectorEvent::Annulled, serde_json::json!({}))
        }
        DirectorAction::Rollback(to) => {
            if finished {
                return Err(RefereeError::ResultStands(id));
            }
            let plies = l.moves.len() as u32;
            if to > plies {
                return Err(RefereeError::RollbackBeyond { plies, to });
            }
            if to == plies {
                return Err(RefereeError::NothingToRollBack { plies });
            }
            let removed = moves::truncate(tx, id, to)?;
            let gone = l.moves.split_off(to as usize);
            l.game = replay(&l.row, &l.moves, to as usize)?;
            let kept_last = l.moves.last().map(|m| m.received_at);
            let to_move = l.game.turn();
            super::rollback::rewind_clocks(tx, &l.row, &gone, kept_last, to_move, now)?;
            (
                DirectorEvent::RolledBack { to, removed },
                serde_json::json!({ "to_ply": to, "removed": removed, "from_plies": plies }),
            )
        }
        DirectorAction::AddDays(side, days, force) => {
            if days == 0 {
                return Err(RefereeError::ZeroDays);
            }
            let max = crate::clock::control::MAX_ADD_DAYS;
            if days.unsigned_abs() > max {
                return Err(RefereeError::TooManyDays { days, max });
            }
            if finished {
                return Err(RefereeError::ResultStands(id));
            }
            if l.row.time_control.is_none() {
                return Err(RefereeError::NoTimeControl(id));
            }
            let seconds = i64::from(days) * crate::clock::DAY;
            let left = balance(tx, id, side, now)?;
            // Giving time is always allowed; taking it below zero only with
            // --force (the side then loses on time at the next tick).
            if seconds < 0 && left + seconds < 0 && !force {
                return Err(RefereeError::BelowZero {
                    side,
                    left_seconds: left,
                    days,
                });
            }
            crate::referee::game_clocks::add_time(tx, id, side, seconds, now)?;
            (
                DirectorEvent::DaysAdded { side, days },
                serde_json::json!({ "side": side.as_str(), "days": days, "force": force }),
            )
        }
        DirectorAction::Pause | DirectorAction::Adjourn => {
            if l.row.status != GameStatus::Active {
                return Err(RefereeError::NotActive(id, l.row.status));
            }
            let status = if *action == DirectorAction::Pause {
                GameStatus::Paused
            } else {
                GameStatus::Adjourned
            };
            l.row = games::set_status(tx, id, status, now)?;
            let stopped = stop_clock(tx, id, now)?;
            (
                if status == GameStatus::Paused {
                    DirectorEvent::Paused
                } else {
                    DirectorEvent::Adjourned
                },
                serde_json::json!({ "status": status.as_str(), "stopped_clock": stopped.map(|s| s.as_str()) }),
            )
        }
        DirectorAction::Resume => return resume(tx, l, actor, reason, now, message_id),
        DirectorAction::Resend(ref to) => {
            if finished {
                return Err(RefereeError::ResultStands(id));
            }
            return resend(tx, &l, to.as_deref(), actor, reason, now, message_id);
        }
    };
    // A sealed move is meant for the position of the seal: once the director
    // changes the position or ends the game it is void (and stays secret).
    let dropped = matches!(
        action,
        DirectorAction::Rollback(_)
            | DirectorAction::Adjudicate(_)
            | DirectorAction::Forfeit(_)
            | DirectorAction::Annul
    ) && moves::drop_sealed(tx, id, now)?;
    if dropped {
        details["sealed_move_dropped"] = serde_json::Value::Bool(true);
    }
    audit_entry(tx, actor, action, id, reason, details, now, message_id)?;
    crate::referee::load::refresh_clocks(tx, &mut l, now)?;
    let mut lines = vec![Line::of(match told {
        Some(event) => Part::Director {
            event,
            reason: String::new(),
        },
        None => Part::Director {
            event,
            reason: reason.to_string(),
        },
    })];
    if dropped {
        lines.push(Line::of(Part::SealedDropped));
    }
    let replies = to_both(&l, l.game.as_ref(), None, lines);
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::Directed {
            game: id,
            action: action.clone(),
            reason: reason.to_string(),
            sealed_void: dropped,
        },
        late: None,
    })
}

/// Sends the game again (`game resend`) to `to`, or to both players, from
/// the player's game address, so that pressing Reply answers in the game:
/// before the first move the invitation, later the game as it stands (score,
/// whose move, clocks), each under a line saying the referee re-sends it.
fn resend(
    tx: &Tx<'_>,
    l: &Loaded,
    to: Option<&str>,
    actor: PlayerId,
    reason: &str,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<Handled, RefereeError> {
    let id = l.row.id;
    let recipients = match to {
        Some(email) => {
            let p = players::find_by_email(tx, email)?
                .ok_or_else(|| RefereeError::UnknownPlayer(email.to_string()))?;
            if l.side_of(p.id).is_none() {
                return Err(RefereeError::NotPlayerOf(email.to_string(), id));
            }
            vec![p.id]
        }
        None => vec![l.row.white, l.row.black],
    };
    // The default reason is the director's note only: a mail says a reason
    // the director gave.
    let replies = if l.moves.is_empty() {
        // Nothing played yet: the invitation is the news, with the line
        // that it is sent again.
        let mut replies = Vec::new();
        for p in &recipients {
            for mut r in crate::referee::invitation(tx, id, *p, now)?.replies {
                if let Told::Invitation { lines, .. } = &mut r.told {
                    lines.push(Line::of(Part::Resent(reason.to_string())));
                }
                replies.push(r);
            }
        }
        replies
    } else {
        // Mid-game: the game as it stands (score, whose move, clocks), said
        // to be re-sent, not a new game.
        let offer = crate::store::offers::pending(tx, id)?;
        to_both(
            l,
            l.game.as_ref(),
            offer.as_ref(),
            vec![Line::of(Part::Resent(reason.to_string()))],
        )
        .into_iter()
        .filter(|r| recipients.contains(&r.to))
        .collect()
    };
    let emails: Vec<&str> = replies.iter().map(|r| r.email.as_str()).collect();
    audit_entry(
        tx,
        actor,
        &DirectorAction::Resend(to.map(str::to_string)),
        id,
        reason,
        serde_json::json!({ "to": emails }),
        now,
        message_id,
    )?;
    let to_emails: Vec<String> = emails.iter().map(|e| (*e).to_string()).collect();
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::Resent {
            game: id,
            to: to_emails,
            reason: reason.to_string(),
        },
        late: None,
    })
}

/// Resumes a paused or adjourned game; an adjourned game's sealed move is
/// revealed to both players and played (seed 003 art. 16-17).
fn resume(
    tx: &Tx<'_>,
    mut l: Loaded,
    actor: PlayerId,
    reason: &str,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<Handled, RefereeError> {
    let id = l.row.id;
    if !matches!(l.row.status, GameStatus::Paused | GameStatus::Adjourned) {
        return Err(RefereeError::NotActive(id, l.row.status));
    }
    // A sealer's clock ran until the seal (seed 003 art. 15: the move is
    // written, then the clock stopped); the game stood still from then on.
    let sealed = crate::store::moves::sealed(tx, id)?;
    let sealed_at = sealed.as_ref().map(|s| s.sealed_at);
    let plies_before = l.moves.len();
    restart_clock(tx, &l, sealed_at, now)?;
    let revealed = reveal_sealed(tx, &mut l, now)?;
    crate::referee::load::refresh_clocks(tx, &mut l, now)?;
    if l.row.status != GameStatus::Finished {
        l.row = games::set_status(tx, id, GameStatus::Active, now)?;
    }
    let mut game = l.game.clone_box();
    let mut line = vec![Part::Director {
        event: DirectorEvent::Resumed,
        reason: String::new(),
    }];
    if let Some((after, e)) = revealed {
        line.push(Part::Move(e));
        game = after;
        if l.row.status != GameStatus::Finished
            && let Some(f) = finish_if_over(tx, &mut l, game.as_ref(), now)?
        {
            line.push(Part::Finish(f));
        }
    }
    audit_entry(
        tx,
        actor,
        &DirectorAction::Resume,
        id,
        reason,
        serde_json::json!({}),
        now,
        message_id,
    )?;
    let replies = to_both(&l, game.as_ref(), None, vec![Line(line)]);
    let handled = Handled {
        game: Some(id),
        replies,
        summary: Account::Directed {
            game: id,
            action: DirectorAction::Resume,
            reason: reason.to_string(),
            sealed_void: false,
        },
        late: None,
    };
    // A revealed sealed move is a ply like any other: the opponent's
    // conditional line may answer it.
    match sealed {
        Some(s) if crate::store::moves::last_ply(tx, id)? as usize > plies_before => {
            crate::referee::conditional::answer(tx, id, s.side, handled, now, true)
        }
        _ => Ok(handled),
    }
}

/// A side's true balance at `now` (UTC) in seconds, negative if a director
/// took more than was left; 0 if the game has no clocks.
fn balance(tx: &Tx<'_>, id: GameId, side: Color, now: DateTime<Utc>) -> Result<i64, RefereeError> {
    let views = crate::referee::game_clocks::report(tx, id, now)?;
    Ok(views.map_or(0, |v| match side {
        Color::White => v[0].left_seconds,
        Color::Black => v[1].left_seconds,
    }))
}

/// Stops the running clock of a game being paused; returns its side.
pub(crate) fn stop_clock(
    tx: &Tx<'_>,
    id: GameId,
    now: DateTime<Utc>,
) -> Result<Option<Color>, RefereeError> {
    for side in [Color::White, Color::Black] {
        if let Some(mut c) = crate::store::clocks::get(tx, id, side)?
            && crate::clock::state::pause(&mut c, now)
        {
            crate::store::clocks::put(tx, &c)?;
            return Ok(Some(side));
        }
    }
    Ok(None)
}

/// Restarts the clock stopped by the last pause or adjournment, shifted by the
/// time the game stood still (the audit log keeps the instant and the side):
/// from the pause, or from `sealed_at` (UTC) when a move was sealed, so that
/// the sealer's time runs until the seal.
fn restart_clock(
    tx: &Tx<'_>,
    l: &Loaded,
    sealed_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<(), RefereeError> {
    let Some(control) = l.row.time_control else {
        return Ok(());
    };
    let filter = audit::AuditFilter {
        game: Some(l.row.id),
        newest_first: true,
        ..audit::AuditFilter::default()
    };
    let last = audit::list(tx, &filter)?
        .into_iter()
        .find(|e| e.action == "pause" || e.action == "adjourn");
    let Some(entry) = last else { return Ok(()) };
    let side = entry
        .details
        .as_ref()
        .and_then(|d| d.get("stopped_clock"))
        .and_then(|v| v.as_str())
        .and_then(parse_side);
    // The side to move now: the one stopped, unless a rollback since
    // changed whose move it is.
    let Some(side) = side.map(|_| l.game.turn()) else {
        return Ok(());
    };
    if let Some(mut c) = crate::store::clocks::get(tx, l.row.id, side)? {
        let stops = crate::referee::game_clocks::player_stops(tx, l.row.player(side), entry.at)?;
        let stood_from = sealed_at.map_or(entry.at, |s| s.max(entry.at));
        crate::clock::state::resume(&control, &mut c, stood_from, now, &stops);
        crate::store::clocks::put(tx, &c)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn audit_entry(
    tx: &Tx<'_>,
    actor: PlayerId,
    action: &DirectorAction,
    id: GameId,
    reason: &str,
    details: serde_json::Value,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<(), RefereeError> {
    audit::append_from(
        tx,
        &NewAuditEntry {
            at: now,
            actor: Some(actor),
            action: action.name().to_string(),
            game_id: Some(id),
            reason: Some(reason.trim().to_string()),
            details: Some(details),
        },
        message_id,
    )?;
    Ok(())
}

fn rules_result(r: GameResult) -> RulesResult {
    match r {
        GameResult::WhiteWins => RulesResult::WhiteWins,
        GameResult::BlackWins => RulesResult::BlackWins,
        GameResult::Draw => RulesResult::Draw,
    }
}
