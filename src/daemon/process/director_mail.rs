//! A tournament director's commands by mail: who may give
//! them, and each applied on its own, in the mail's one transaction.
//!
//! Honoured only when all three hold: the From is the director's registered
//! address, the mail goes to that director's own personal address (with the
//! director's personal token; a game's token is not enough), and the
//! director has the referee or admin role (not retired). Any other mail
//! holding director commands changes nothing and answers nobody it claims to
//! come from (not even the day's answer to a mail without a token), except a
//! registered player who wrote them with their own token (so the mail is
//! theirs): they are told, at their registered address, that only the
//! director may. The outcome is recorded with the mail either way.
//!
//! Each command needs its reason; each runs in a savepoint, as the player's
//! lines do ([`super::apply`]), through [`referee::handle`] (the audit entry
//! keeps the mail's Message-ID, the players get the mails the command line
//! would send them); the director gets one answer listing what each did. The
//! same mail delivered again is recorded as a duplicate and applies nothing;
//! the same command from the same director in another mail within a day is
//! answered "already done at ..." and applies nothing, unless the mail says
//! again (`again` / `повторно` / `ещё раз`).

use super::{Identity, Processed, enqueue, first_move, language_of, personal, savepoint, verify};
use crate::config::Config;
use crate::daemon::inbox::RawMail;
use crate::mail::Envelope;
use crate::mail::director::{DirectorLine, DirectorLineError, DirectorOrder};
use crate::printable::printable;
use crate::referee::{self, Command, DirectorAction, RefereeError, Source};
use crate::store::players::{Player, Role};
use crate::store::{Tx, director_commands, games, messages, moves};
use crate::words::director_mail::{self as words, DirectorDone, DirectorItem, DirectorRefused};
use crate::words::events::DirectorEvent;
use crate::words::operator::outcomes::{self as outcome_of, DirectorSilence};

/// Handles a mail holding director commands (`lines`, read by
/// [`crate::mail::director::read`]) from `from`.
///
/// # Errors
/// Database failures only; a refused command is answered and recorded.
pub(super) fn handle(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    from: &str,
    lines: &[DirectorLine],
) -> Result<Processed, RefereeError> {
    let silent = |why: DirectorSilence<'_>, game| {
        Ok(Processed::unverified(
            outcome_of::director_unanswered(why),
            game,
        ))
    };
    let (player, game) = match verify(tx, config, from, env.recipient_addresses())? {
        Identity::Verified { player, game } => (player, game),
        Identity::Tokenless { claimed, .. } => {
            return silent(DirectorSilence::NoOwnToken, claimed);
        }
        Identity::Unverified { outcome, claimed } => {
            return silent(DirectorSilence::UnknownSender(&outcome), claimed);
        }
    };
    if let Some(first) = messages::find_verified(tx, env.message_id.as_deref(), &player.email)? {
        return Ok(Processed {
            outcome: format!("duplicate of {}", printable(&first.inbox_key)),
            game,
            verified_sender: None,
        });
    }
    let verified_sender = Some(player.email.to_lowercase());
    if !is_director(&player) {
        let lang = language_of(&player);
        let note = personal(&player, game, words::only_director(lang), lang);
        enqueue(tx, config, env, mail, &[note], 0)?;
        return Ok(Processed {
            outcome: outcome_of::not_a_director().into(),
            game,
            verified_sender,
        });
    }
    if game.is_some() {
        return silent(DirectorSilence::GameToken, game);
    }
    let lang = language_of(&player);
    let mut items = Vec::new();
    let mut outcomes = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let outcome = apply(tx, config, env, mail, &player, line, k)?;
        outcomes.push(match &outcome {
            Ok(_) => format!("director applied: {}", line.line),
            Err(r) => format!(
                "director refused: {} ({})",
                line.line,
                words::refused(r, crate::vocabulary::Language::En)
            ),
        });
        items.push(DirectorItem {
            line: line.line.clone(),
            outcome,
        });
    }
    let answer = personal(&player, None, words::report(&items, lang), lang);
    enqueue(tx, config, env, mail, &[answer], lines.len())?;
    Ok(Processed {
        outcome: super::bounded_outcome(&outcomes),
        game: None,
        verified_sender,
    })
}

/// The referee or admin role, not retired.
fn is_director(p: &Player) -> bool {
    matches!(p.role, Role::Referee | Role::Admin) && p.retired_at.is_none()
}

/// How long a command done stays done: the same command from the same
/// director within this many hours is answered "already done" unless the
/// mail says again.
pub const REPEAT_HOURS: i64 = 24;

/// One command: refused as written, answered "already done" when the same
/// director gave the same command (by [`DirectorLine::key`]) within
/// [`REPEAT_HOURS`] and the mail does not say again, or else handed to the
/// referee ([`apply_once`]) and, when done, recorded as done.
fn apply(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    director: &Player,
    line: &DirectorLine,
    index: usize,
) -> Result<Result<DirectorDone, DirectorRefused>, RefereeError> {
    let order = match &line.order {
        Ok(o) => o,
        Err(e) => return Ok(Err(DirectorRefused::Line(*e))),
    };
    if let DirectorOrder::Mail { mode, tournament } = order {
        return set_mail(
            tx,
            env,
            director,
            *mode,
            tournament.as_deref(),
            mail.received_at,
        );
    }
    let Some(reason) = line.reason.as_deref().filter(|r| !r.trim().is_empty()) else {
        return Ok(Err(DirectorRefused::NoReason));
    };
    let now = mail.received_at;
    let key = line.key();
    if !line.again {
        let since = now - chrono::Duration::hours(REPEAT_HOURS);
        if let Some(at) = director_commands::last_since(tx, director.id, &key, since)? {
            return Ok(Err(DirectorRefused::AlreadyDone {
                at,
                time_zone: director.time_zone.clone(),
            }));
        }
    }
    let done = apply_once(tx, config, env, mail, director, order, reason, index)?;
    if done.is_ok() {
        let game = match order {
            DirectorOrder::Direct { game, .. }
            | DirectorOrder::Rollback { game, .. }
            | DirectorOrder::Claim { game, .. } => Some(*game),
            DirectorOrder::Leave { .. }
            | DirectorOrder::Release { .. }
            | DirectorOrder::Mail { .. } => None,
        };
        let message_id = env.message_id.as_deref();
        director_commands::record(tx, director.id, game, &key, now, message_id)?;
    }
    Ok(done)
}

/// One command read and with its reason: handed to the referee in a
/// savepoint (rolled back if refused), the players' mails written.
#[allow(clippy::too_many_arguments)]
fn apply_once(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    director: &Player,
    order: &DirectorOrder,
    reason: &str,
    index: usize,
) -> Result<Result<DirectorDone, DirectorRefused>, RefereeError> {
    let lang = language_of(director);
    let now = mail.received_at;
    let message_id = env.message_id.as_deref();
    if let DirectorOrder::Release { key } = order {
        return release(tx, director, key, reason, now, message_id);
    }
    if let DirectorOrder::Rollback { game, to } = order
        && let Ok(row) = games::get(tx, *game)
        && let Ok((side, number)) = first_move(&row)
        && to.plies(side, number).is_none()
    {
        return Ok(Err(DirectorRefused::Line(DirectorLineError::Rollback)));
    }
    savepoint(tx, "SAVEPOINT director")?;
    let done = command_of(tx, order, reason)
        .and_then(|(command, done)| {
            let h = referee::handle(tx, &command, director.id, now, Source { message_id })?;
            Ok((h, done))
        })
        .and_then(|(h, done)| Ok((h, done(tx)?)));
    match done {
        Ok((h, done)) => {
            savepoint(tx, "RELEASE director")?;
            enqueue(tx, config, env, mail, &h.replies, index)?;
            Ok(Ok(done))
        }
        Err(RefereeError::Store(e)) => Err(RefereeError::Store(e)),
        Err(e) => {
            savepoint(tx, "ROLLBACK TO director; RELEASE director")?;
            Ok(Err(DirectorRefused::Referee(e.message(lang))))
        }
    }
}

/// What tells the director a command's outcome, read after it was applied.
type Done = Box<dyn FnOnce(&Tx<'_>) -> Result<DirectorDone, RefereeError>>;

/// The referee's command of an order, and how to word what it did.
fn command_of(
    tx: &Tx<'_>,
    order: &DirectorOrder,
    reason: &str,
) -> Result<(Command, Done), RefereeError> {
    let reason = reason.to_string();
    Ok(match order.clone() {
        DirectorOrder::Direct { game, action } => {
            let event = match action {
                DirectorAction::Adjudicate(r) => DirectorEvent::Adjudicated(r),
                DirectorAction::Forfeit(s) => DirectorEvent::Forfeited(s),
                DirectorAction::AddDays(s, days, _) => DirectorEvent::DaysAdded { side: s, days },
                DirectorAction::Pause => DirectorEvent::Paused,
                DirectorAction::Resume => DirectorEvent::Resumed,
                DirectorAction::Adjourn => DirectorEvent::Adjourned,
                DirectorAction::Annul => DirectorEvent::Annulled,
                DirectorAction::Resend(_) => DirectorEvent::Resent,
                DirectorAction::Rollback(_) => {
                    unreachable!("not read from a director's mail")
                }
            };
            (
                Command::Direct {
                    game,
                    action,
                    reason,
                },
                Box::new(move |_: &Tx<'_>| Ok(DirectorDone::Game { game, event })),
            )
        }
        DirectorOrder::Rollback { game, to } => {
            let row = games::get(tx, game).map_err(|e| match e {
                crate::store::StoreError::NotFound { .. } => RefereeError::UnknownGame(game),
                other => other.into(),
            })?;
            let before = moves::last_ply(tx, game)?;
            // A number naming no move was refused before (see `apply`).
            let (side, number) = first_move(&row)?;
            let plies = to.plies(side, number).unwrap_or(before);
            (
                Command::Direct {
                    game,
                    action: DirectorAction::Rollback(plies),
                    reason,
                },
                Box::new(move |_: &Tx<'_>| {
                    Ok(DirectorDone::Game {
                        game,
                        event: DirectorEvent::RolledBack {
                            to: plies,
                            removed: before.saturating_sub(plies) as usize,
                        },
                    })
                }),
            )
        }
        DirectorOrder::Leave { player, from, to } => (
            Command::LeaveFor {
                player: player.clone(),
                from,
                to,
                reason,
            },
            Box::new(move |_: &Tx<'_>| Ok(DirectorDone::Leave { player, from, to })),
        ),
        DirectorOrder::Claim { game, side, accept } => {
            let claims = crate::store::tournaments::claims(tx, game)?;
            (
                Command::RuleClaim {
                    game,
                    side,
                    accept,
                    reason,
                },
                Box::new(move |_: &Tx<'_>| {
                    // The claim ruled on: the side's, or the only one (the
                    // referee refused the command otherwise).
                    let c = claims
                        .iter()
                        .find(|c| side.is_none_or(|s| s == c.side))
                        .ok_or(RefereeError::UnknownGame(game))?;
                    let (side, result) = (c.side, c.result);
                    Ok(if accept {
                        DirectorDone::ClaimAccepted { game, side, result }
                    } else {
                        DirectorDone::ClaimRejected { game, side, result }
                    })
                }),
            )
        }
        DirectorOrder::Release { .. } => unreachable!("released before"),
        DirectorOrder::Mail { .. } => unreachable!("set before"),
    })
}

/// `release KEY`: the quarantined mail is marked released in this
/// transaction; the daemon moves it back into the inbox after the commit.
fn release(
    tx: &Tx<'_>,
    director: &Player,
    key: &str,
    reason: &str,
    now: chrono::DateTime<chrono::Utc>,
    message_id: Option<&str>,
) -> Result<Result<DirectorDone, DirectorRefused>, RefereeError> {
    if referee::quarantine::check(tx, key)?.is_err()
        || !referee::quarantine::mark_released(
            tx,
            key,
            Some(director.id),
            Some(reason),
            now,
            message_id,
        )?
    {
        return Ok(Err(DirectorRefused::NotQuarantined(key.to_string())));
    }
    Ok(Ok(DirectorDone::Released {
        key: key.to_string(),
    }))
}

/// `send digest [NAME]` / `each event [NAME]`: how the director hears of
/// the events of the tournament named, else of the tournament whose director
/// thread the mail answers (its References), else of every tournament they
/// direct. Needs no reason; each tournament set in a savepoint.
fn set_mail(
    tx: &Tx<'_>,
    env: &Envelope,
    director: &Player,
    mode: crate::tournament::director_mail::DirectorMail,
    named: Option<&str>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Result<DirectorDone, DirectorRefused>, RefereeError> {
    use crate::referee::tournament::director_digest;
    let lang = language_of(director);
    let thread = crate::letters::directors_thread_of_mail(tx, &env.references, &env.in_reply_to)?;
    let names: Vec<String> = match (named, thread) {
        (Some(n), _) => vec![n.to_string()],
        (None, Some(t)) => {
            match crate::store::tournaments::get(tx, crate::store::tournaments::TournamentId(t)) {
                Ok(t) => vec![t.name],
                Err(crate::store::StoreError::NotFound { .. }) => Vec::new(),
                Err(e) => return Err(e.into()),
            }
        }
        (None, None) => director_digest::directed_by(tx, director.id)?
            .into_iter()
            .map(|t| t.name)
            .collect(),
    };
    if names.is_empty() {
        return Ok(Err(DirectorRefused::NoTournament));
    }
    let mut set = Vec::new();
    for name in names {
        savepoint(tx, "SAVEPOINT director")?;
        match director_digest::set_mail(tx, director.id, &name, &director.email, mode, now) {
            Ok((t, _)) => {
                savepoint(tx, "RELEASE director")?;
                set.push(t.name);
            }
            Err(RefereeError::Store(e)) => return Err(RefereeError::Store(e)),
            Err(e) => {
                savepoint(tx, "ROLLBACK TO director; RELEASE director")?;
                return Ok(Err(DirectorRefused::Referee(e.message(lang))));
            }
        }
    }
    Ok(Ok(DirectorDone::Mail {
        tournaments: set,
        mode,
        zone: director.time_zone.clone(),
    }))
}
