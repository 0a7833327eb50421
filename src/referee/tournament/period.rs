//! The end of a tournament's playing period: unfinished games are frozen and
//! go to adjudication (the Russian correspondence code: a diagram, an
//! evaluation and analysis; ICCF: win and draw claims to the director). Both
//! players claim a result with their analysis; matching claims end the game
//! without a ruling, otherwise the director rules (`referee adjudicate`).

use chrono::{DateTime, Duration, Utc};

use super::audit;
use crate::referee::error::TournamentRefusal;
use crate::referee::load::{language, load};
use crate::referee::play::finish_game;
use crate::referee::told::{Account, Line, Part, RulingDue, Told, TournamentEvent};
use crate::referee::view::to_both;

/// The event lines of one tournament event.
fn said(e: TournamentEvent) -> Vec<Line> {
    vec![Line::of(Part::Tournament(e))]
}
use crate::referee::{Handled, RefereeError, Reply};
use crate::store::Tx;
use crate::store::games as game_rows;
use crate::store::players;
use crate::store::tournaments::{self, AdjudicationState, Claim, Tournament, TournamentStatus};
use crate::tournament::ResultClaim;
use crate::vocabulary::{GameId, PlayerId};
use crate::vocabulary::{GameStatus, Termination};

/// One reply to each director of tournament `t`, about `game` if given, with
/// the event `event` makes for that director (in their zone), at `now`
/// (UTC). A director who asked for the daily digest gets no reply: the
/// event is kept for their next digest ([`super::director_digest::keep`]).
pub(super) fn to_directors(
    tx: &Tx<'_>,
    t: crate::store::tournaments::TournamentId,
    game: Option<GameId>,
    now: DateTime<Utc>,
    event: impl Fn(&players::Player) -> TournamentEvent,
) -> Result<Vec<Reply>, RefereeError> {
    to_directors_but(tx, t, game, None, now, event)
}

/// [`to_directors`] to every director but `except` (the one who acted
/// knows).
pub(super) fn to_directors_but(
    tx: &Tx<'_>,
    t: crate::store::tournaments::TournamentId,
    game: Option<GameId>,
    except: Option<PlayerId>,
    now: DateTime<Utc>,
    event: impl Fn(&players::Player) -> TournamentEvent,
) -> Result<Vec<Reply>, RefereeError> {
    let mut replies = Vec::new();
    for d in tournaments::directors(tx, t)? {
        if Some(d.player) == except {
            continue;
        }
        let director = players::get(tx, d.player)?;
        let e = event(&director);
        if super::director_digest::keep(tx, t, director.id, game, &e, now)? {
            continue;
        }
        replies.push(Reply {
            monospace: false,
            to: director.id,
            email: director.email.clone(),
            language: language(&director),
            game,
            told: Told::ToDirectors {
                tournament: t.0,
                lines: said(e),
            },
            notes: Vec::new(),
            session: None,
        });
    }
    Ok(replies)
}

/// Ends the playing period of `t` at `now` (UTC): every unfinished game is
/// paused (its clock stopped) and waits for claims for the tournament's
/// claim days; both players of each are told. A tournament without
/// unfinished games is finished instead.
///
/// # Errors
/// [`TournamentRefusal::Period`] unless the tournament is playing.
pub fn end_playing_period(
    tx: &Tx<'_>,
    actor: Option<PlayerId>,
    t: &Tournament,
    now: DateTime<Utc>,
) -> Result<Vec<Reply>, RefereeError> {
    if !matches!(
        t.status,
        TournamentStatus::Playing | TournamentStatus::Paused
    ) {
        return Err(TournamentRefusal::Period(t.name.clone()).into());
    }
    let due = now + Duration::days(i64::from(t.settings.claim_days.max(1)));
    let mut replies = Vec::new();
    let mut frozen = Vec::new();
    for tg in tournaments::games(tx, t.id)? {
        let g = game_rows::get(tx, tg.game)?;
        if matches!(g.status, GameStatus::Finished | GameStatus::Annulled) {
            continue;
        }
        if g.status == GameStatus::Active {
            crate::referee::director::stop_clock(tx, g.id, now)?;
            game_rows::set_status(tx, g.id, GameStatus::Paused, now)?;
        }
        tournaments::freeze(tx, g.id, t.id, now, due)?;
        frozen.push(g.id.0);
        let l = load(tx, g.id, now)?;
        replies.extend(to_both(
            &l,
            l.game.as_ref(),
            None,
            said(TournamentEvent::PeriodEnded {
                game: g.id.0,
                due: due.date_naive(),
            }),
        ));
    }
    if !frozen.is_empty() {
        replies.extend(to_directors(tx, t.id, None, now, |d| {
            TournamentEvent::DirectorGamesFrozen {
                tournament: t.name.clone(),
                games: frozen.clone(),
                due,
                zone: d.time_zone.clone(),
            }
        })?);
    }
    let status = if frozen.is_empty() {
        TournamentStatus::Finished
    } else {
        TournamentStatus::Adjudicating
    };
    tournaments::set_status(tx, t.id, status, now)?;
    audit(
        tx,
        actor,
        "tournament_period_end",
        None,
        serde_json::json!({ "tournament": t.name, "frozen_games": frozen,
            "claims_due": due.to_rfc3339() }),
        now,
    )?;
    Ok(replies)
}

/// A player's claim for a frozen game, with the analysis that supports it.
/// When both claims are in and agree, the game ends with that result
/// ([`Termination::AgreedClaims`]); when they differ, it goes to the
/// director's ruling.
///
/// # Errors
/// [`TournamentRefusal::NoAdjudication`] for a game never frozen,
/// [`TournamentRefusal::AwaitingRuling`] for one whose claims disagree
/// before the term, [`TournamentRefusal::AdjudicationOver`] for one decided,
/// [`RefereeError::NotInGame`].
pub fn claim(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    claim: ResultClaim,
    analysis: &str,
    now: DateTime<Utc>,
    source: Option<&str>,
) -> Result<Handled, RefereeError> {
    let adj = tournaments::adjudication(tx, id)?.ok_or(TournamentRefusal::NoAdjudication(id))?;
    let open = matches!(
        adj.state,
        AdjudicationState::Claims | AdjudicationState::Ruling
    );
    if open && adj.claims_due <= now {
        return late_claim(tx, &adj, actor, claim, now);
    }
    match adj.state {
        AdjudicationState::Claims => {}
        AdjudicationState::Ruling => return Err(TournamentRefusal::AwaitingRuling(id).into()),
        AdjudicationState::Settled | AdjudicationState::Ruled => {
            return Err(TournamentRefusal::AdjudicationOver(id).into());
        }
    }
    let mut l = load(tx, id, now)?;
    let side = l.side_of(actor).ok_or(RefereeError::NotInGame(id))?;
    let result = claim.result(side);
    tournaments::put_claim(
        tx,
        &Claim {
            game: id,
            side,
            result,
            analysis: analysis.trim().to_string(),
            claimed_at: now,
        },
        source,
    )?;
    let me = players::get(tx, actor)?;
    let lang = language(&me);
    let mut replies = vec![Reply {
        monospace: false,
        session: None,
        to: me.id,
        email: me.email.clone(),
        language: lang,
        game: Some(id),
        told: Told::lines(said(TournamentEvent::ClaimRecorded { game: id.0, result })),
        notes: Vec::new(),
    }];
    let claims = tournaments::claims(tx, id)?;
    if let [a, b] = claims.as_slice() {
        if a.result == b.result {
            finish_game(tx, &mut l, a.result, Termination::AgreedClaims, now)?;
            tournaments::set_adjudication_state(tx, id, AdjudicationState::Settled)?;
            replies = to_both(
                &l,
                l.game.as_ref(),
                None,
                said(TournamentEvent::Settled {
                    game: id.0,
                    result: a.result,
                }),
            );
        } else {
            tournaments::set_adjudication_state(tx, id, AdjudicationState::Ruling)?;
            replies.extend(to_both(
                &l,
                l.game.as_ref(),
                None,
                said(TournamentEvent::ToDirector { game: id.0 }),
            ));
            replies.extend(to_directors(tx, adj.tournament, Some(id), now, |_| {
                TournamentEvent::DirectorRulingDue {
                    game: id.0,
                    why: RulingDue::ClaimsDisagree,
                }
            })?);
        }
    }
    audit(
        tx,
        Some(actor),
        "adjudication_claim",
        None,
        serde_json::json!({ "tournament": adj.tournament.0, "game": id.0,
            "side": side.as_str(), "result": result.as_str() }),
        now,
    )?;
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::Claimed {
            game: id,
            result,
            side,
        },
        late: None,
    })
}

/// A claim that came at `now` (UTC), after the claim term of `adj` ended
/// (whether or not the tick has sent the game to the director yet): it is not
/// recorded; the claimant is told the term it missed, each of the
/// tournament's directors is told of the claim, and the audit log keeps it.
///
/// # Errors
/// [`RefereeError::NotInGame`], database failures.
fn late_claim(
    tx: &Tx<'_>,
    adj: &tournaments::Adjudication,
    actor: PlayerId,
    claim: ResultClaim,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let id = adj.game;
    let l = load(tx, id, now)?;
    let side = l.side_of(actor).ok_or(RefereeError::NotInGame(id))?;
    let result = claim.result(side);
    let me = players::get(tx, actor)?;
    let mut replies = vec![Reply {
        monospace: false,
        to: me.id,
        email: me.email.clone(),
        language: language(&me),
        game: Some(id),
        told: Told::lines(said(TournamentEvent::ClaimTooLate {
            game: id.0,
            due: adj.claims_due,
            zone: me.time_zone.clone(),
        })),
        notes: Vec::new(),
        session: None,
    }];
    replies.extend(to_directors(tx, adj.tournament, Some(id), now, |d| {
        TournamentEvent::LateClaim {
            game: id.0,
            player: me.name.clone(),
            result,
            due: adj.claims_due,
            at: now,
            zone: d.time_zone.clone(),
        }
    })?);
    audit(
        tx,
        Some(actor),
        "adjudication_claim_late",
        None,
        serde_json::json!({ "tournament": adj.tournament.0, "game": id.0,
            "side": side.as_str(), "result": result.as_str(),
            "claims_due": adj.claims_due.to_rfc3339() }),
        now,
    )?;
    Ok(Handled {
        game: Some(id),
        replies,
        summary: Account::Reply,
        late: None,
    })
}

/// Adjudications whose claim term has passed without two matching claims go
/// to the director; both players are told.
///
/// # Errors
/// Database failures.
pub fn overdue_claims(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<Reply>, RefereeError> {
    let mut replies = Vec::new();
    for a in tournaments::claims_overdue(tx, now)? {
        tournaments::set_adjudication_state(tx, a.game, AdjudicationState::Ruling)?;
        let l = load(tx, a.game, now)?;
        replies.extend(to_both(
            &l,
            l.game.as_ref(),
            None,
            said(TournamentEvent::ToDirector { game: a.game.0 }),
        ));
        let claims = tournaments::claims(tx, a.game)?.len();
        replies.extend(to_directors(tx, a.tournament, Some(a.game), now, |_| {
            TournamentEvent::DirectorRulingDue {
                game: a.game.0,
                why: RulingDue::TermEnded { claims },
            }
        })?);
    }
    Ok(replies)
}
