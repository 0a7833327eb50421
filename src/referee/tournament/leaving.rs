//! A player who withdraws from a tournament by mail, in two steps, as a
//! referee must for an act that changes results:
//!
//! 1. `выхожу из турнира` / `I withdraw from the tournament` (or a question
//!    about it) is answered, for each tournament the player still plays in,
//!    with what a withdrawal does there (the unfinished games lost by
//!    forfeit, the standings under the tournament's withdrawal rule), its
//!    directors, and a confirmation code. Nothing is changed.
//! 2. `подтверждаю выход КОД` / `confirm withdrawal CODE` with that code
//!    withdraws the player as a director's `tournament withdraw` does
//!    ([`super::entry::withdraw_entrant`], the player the actor); every
//!    director is told in the tournament's director thread. A wrong or
//!    expired code, or a withdrawal already made, changes nothing.
//!
//! The code is [`CODE_DIGITS`] decimal digits of HMAC-SHA-256 keyed with the
//! database's secret over the player, the tournament and the day (UTC) it
//! was given: nothing is stored, a code of one player or tournament is
//! worthless for another, and it is taken for [`CODE_DAYS`] days after the
//! day it was given.

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};

use super::entry::{Withdrawer, withdraw_entrant};
use crate::mail::intent::CODE_DIGITS;
use crate::referee::told::{Account, Told, WithdrawalAnswer, WithdrawalTerms};
use crate::referee::{Fault, Handled, RefereeError, Reply};
use crate::store::Tx;
use crate::store::games as game_rows;
use crate::store::players::{self, Player};
use crate::store::tournaments::{self, EntrantStatus, TournamentId, TournamentStatus};
use crate::vocabulary::{GameStatus, PlayerId};

/// How many days after the day it was given a confirmation code is taken.
pub const CODE_DAYS: i64 = 7;

/// How many days back a code is recognised as one that expired (older
/// codes are told as wrong).
const EXPIRED_DAYS: i64 = 60;

/// The confirmation code of `player`'s withdrawal from `tournament` given
/// on `day` (UTC): [`CODE_DIGITS`] decimal digits of HMAC-SHA-256 keyed with
/// the database's secret (made at `now` if there is none yet).
///
/// # Errors
/// Database failures; a key the HMAC refuses ([`Fault::Key`]).
pub fn withdrawal_code(
    tx: &Tx<'_>,
    player: PlayerId,
    tournament: TournamentId,
    day: NaiveDate,
    now: DateTime<Utc>,
) -> Result<u32, RefereeError> {
    use hmac::{Hmac, KeyInit, Mac};
    let secret = crate::store::secrets::verp_key(tx, now)?;
    let mut m = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.bytes())
        .map_err(|e| RefereeError::Fault(Fault::Key(e.to_string())))?;
    m.update(b"zaochka withdrawal code v1\0");
    m.update(&player.0.to_be_bytes());
    m.update(&tournament.0.to_be_bytes());
    m.update(day.format("%Y-%m-%d").to_string().as_bytes());
    let bytes = m.finalize().into_bytes();
    let mut head = [0u8; 8];
    head.copy_from_slice(&bytes[..8]);
    let modulus = 10u64.pow(CODE_DIGITS as u32);
    Ok(u32::try_from(u64::from_be_bytes(head) % modulus).unwrap_or(0))
}

/// The tournaments `actor` still plays in (entered, playing, not finished).
fn still_playing(
    tx: &Tx<'_>,
    actor: PlayerId,
) -> Result<Vec<crate::store::tournaments::Tournament>, RefereeError> {
    let mut out = Vec::new();
    for t in tournaments::of_player(tx, actor)? {
        let playing = tournaments::entrant(tx, t.id, actor)?
            .is_some_and(|e| e.status == EntrantStatus::Playing);
        if playing && t.status != TournamentStatus::Finished {
            out.push(t);
        }
    }
    Ok(out)
}

/// The answer to a player who wrote that they withdraw (`said`) or asked how
/// to: the terms of a withdrawal in each tournament they still play in, each
/// with its confirmation code given today (none: the answer says they play
/// in no tournament).
///
/// # Errors
/// Store errors only.
pub fn withdrawal_terms(
    tx: &Tx<'_>,
    actor: PlayerId,
    said: bool,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let today = now.date_naive();
    let mut terms = Vec::new();
    for t in still_playing(tx, actor)? {
        let mut unfinished = 0;
        for tg in tournaments::games(tx, t.id)? {
            let g = game_rows::get(tx, tg.game)?;
            if g.side_of(actor).is_some()
                && !matches!(g.status, GameStatus::Finished | GameStatus::Annulled)
            {
                unfinished += 1;
            }
        }
        let mut directors = Vec::new();
        for d in tournaments::directors(tx, t.id)? {
            directors.push(players::get(tx, d.player)?.email);
        }
        terms.push(WithdrawalTerms {
            tournament: t.name.clone(),
            policy: t.settings.withdrawals,
            unfinished,
            directors,
            code: withdrawal_code(tx, actor, t.id, today, now)?,
            until: today + TimeDelta::days(CODE_DAYS),
        });
    }
    Ok(answer(&me, Told::Withdrawal { said, terms }, Vec::new()))
}

/// A player's confirmation of a withdrawal with `code` (`None`: none
/// written): the tournament whose code given in the last `CODE_DAYS` days
/// it is, still played in, is left as a director's withdrawal leaves it
/// (the forfeits' mails to both players of each game, every director told);
/// any other code changes nothing and is answered with why.
///
/// # Errors
/// Store errors; a forfeit refused.
pub fn confirm_withdrawal(
    tx: &Tx<'_>,
    actor: PlayerId,
    code: Option<u32>,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let Some(code) = code else {
        return Ok(answer(
            &me,
            Told::WithdrawalConfirmed(WithdrawalAnswer::NoCode),
            Vec::new(),
        ));
    };
    let today = now.date_naive();
    let mut found = None;
    'tournaments: for t in tournaments::of_player(tx, actor)? {
        for back in 0..=EXPIRED_DAYS {
            let day = today - TimeDelta::days(back);
            if withdrawal_code(tx, actor, t.id, day, now)? == code {
                found = Some((t, back <= CODE_DAYS));
                break 'tournaments;
            }
        }
    }
    let told = |a| Told::WithdrawalConfirmed(a);
    let Some((t, fresh)) = found else {
        return Ok(answer(&me, told(WithdrawalAnswer::WrongCode), Vec::new()));
    };
    let status = tournaments::entrant(tx, t.id, actor)?.map(|e| e.status);
    let name = t.name.clone();
    if status == Some(EntrantStatus::Withdrawn) {
        return Ok(answer(
            &me,
            told(WithdrawalAnswer::Already { tournament: name }),
            Vec::new(),
        ));
    }
    if status != Some(EntrantStatus::Playing) || t.status == TournamentStatus::Finished {
        return Ok(answer(
            &me,
            told(WithdrawalAnswer::Over { tournament: name }),
            Vec::new(),
        ));
    }
    if !fresh {
        return Ok(answer(
            &me,
            told(WithdrawalAnswer::Expired { tournament: name }),
            Vec::new(),
        ));
    }
    let (forfeits, directors) =
        withdraw_entrant(tx, &t, &me, Withdrawer::Player { message_id }, now)?;
    let games = forfeits.len();
    let mut others: Vec<Reply> = forfeits.into_iter().flat_map(|h| h.replies).collect();
    others.extend(directors);
    Ok(answer(
        &me,
        told(WithdrawalAnswer::Made {
            tournament: name,
            games,
        }),
        others,
    ))
}

/// The answer to `me` telling `told`, then the `others` replies.
fn answer(me: &Player, told: Told, others: Vec<Reply>) -> Handled {
    let mut replies = vec![Reply {
        to: me.id,
        email: me.email.clone(),
        language: me.language,
        game: None,
        told,
        notes: Vec::new(),
        monospace: false,
        session: None,
    }];
    replies.extend(others);
    Handled {
        game: None,
        replies,
        summary: Account::Reply,
        late: None,
    }
}
