//! Moves, resignation and sealed moves.

use chrono::{DateTime, Utc};

use crate::games::{AnyGame, Finish};
use crate::lang::Language;
use crate::referee::load::{Loaded, color, load};
use crate::referee::view::{side_name, to_both};
use crate::referee::{Handled, RefereeError, Source};
use crate::rules::GameResult as RulesResult;
use crate::store::games::{self, GameResult, GameStatus, Termination};
use crate::store::moves::{self, NewMove, NewSealedMove};
use crate::store::offers::{self, OfferStatus};
use crate::store::{GameId, PlayerId, Side, Tx};

/// Checks that the game is active and returns the actor's side.
pub(crate) fn active_side(l: &Loaded, actor: PlayerId) -> Result<Side, RefereeError> {
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
    let me = active_side(&l, actor)?;
    if color(me) != l.game.turn() {
        return Err(RefereeError::NotYourTurn);
    }
    let mut game = l.game.clone_box();
    let played = game.play(text).map_err(RefereeError::Move)?;
    if l.row.time_control.is_some() {
        let settings = crate::clock::Settings::default();
        crate::clock::persist::check_may_move(tx, actor, &settings, now)?;
        match crate::clock::persist::record_move(tx, id, me, now) {
            Ok(_) => {}
            Err(crate::clock::ClockError::Move(
                late @ crate::clock::MoveClockError::Late { .. },
            )) => {
                return lost_on_time(tx, &mut l, me, &late, now);
            }
            Err(e) => return Err(e.into()),
        }
    }
    record_move(
        tx,
        &l,
        me,
        text,
        &played.full,
        played.hash_after,
        now,
        source,
    )?;
    crate::referee::load::refresh_clocks(tx, &mut l, now)?;
    // A move declines the opponent's pending offer (seed 001 §1.9.2).
    if let Some(o) = offers::pending(tx, id)?
        && o.side != me
    {
        offers::resolve(tx, o.id, OfferStatus::Declined, now)?;
    }
    let ply = game.plies() as u32;
    if offer_draw {
        make_offer(tx, &l, me, ply, now, source)?;
    }
    let finish = game.outcome();
    if let Some(f) = &finish {
        finish_game(tx, &mut l, f.result, termination_of(f.reason), now)?;
    }
    let offer = if finish.is_none() {
        offers::pending(tx, id)?
    } else {
        None
    };
    let number = ply.div_ceil(2);
    let mover = color(me);
    let written = text.trim().to_string();
    let full = played.full.clone();
    let replies = to_both(&l, game.as_ref(), offer.as_ref(), |lang| {
        let mut s = match lang {
            Language::En => format!(
                "{number}. {} played {full} (written: {written}).",
                side_name(mover, lang)
            ),
            Language::Ru => format!(
                "{number}. {} сыграли {full} (записано: {written}).",
                side_name(mover, lang)
            ),
        };
        if offer_draw {
            s.push_str(if lang == Language::Ru {
                " Предложена ничья."
            } else {
                " A draw is offered."
            });
        }
        if let Some(f) = &finish {
            s.push('\n');
            s.push_str(&finish_text(f, lang));
        }
        s
    });
    let summary = match &finish {
        Some(f) => format!(
            "game #{id}: {number}. {full}; game over {}: {}",
            result_text(f.result),
            f.rule_en
        ),
        None => format!("game #{id}: {number}. {full}"),
    };
    Ok(Handled {
        game: Some(id),
        replies,
        summary,
    })
}

/// A move that reached the bot after the deadline: the mover has lost on time
/// and the move is not played (the scheduler normally finds the time-out first).
fn lost_on_time(
    tx: &Tx<'_>,
    l: &mut Loaded,
    me: Side,
    late: &crate::clock::MoveClockError,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let winner = color(me).opposite();
    finish_game(tx, l, RulesResult::win_for(winner), Termination::Time, now)?;
    let game = l.game.clone_box();
    let detail = late.to_string();
    let replies = to_both(l, game.as_ref(), None, |lang| match lang {
        Language::En => format!(
            "The move arrived after the deadline ({detail}): {} lose on time.",
            side_name(color(me), lang)
        ),
        Language::Ru => format!(
            "Ход получен после срока ({detail}): {} проиграли по времени.",
            side_name(color(me), lang)
        ),
    });
    let id = l.row.id;
    Ok(Handled {
        game: Some(id),
        replies,
        summary: format!(
            "game #{id}: the move is late; {} lose on time",
            side_name(color(me), Language::En)
        ),
    })
}

/// Records a ply in the store.
#[allow(clippy::too_many_arguments)]
fn record_move(
    tx: &Tx<'_>,
    l: &Loaded,
    me: Side,
    written: &str,
    full: &str,
    hash: u64,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<(), RefereeError> {
    moves::append(
        tx,
        &NewMove {
            game_id: l.row.id,
            ply: l.moves.len() as u32 + 1,
            side: me,
            notation: full.to_string(),
            written: written.trim().to_string(),
            source_message: source.message_id.map(str::to_string),
            received_at: now,
            position_hash: hash as i64,
        },
    )?;
    Ok(())
}

/// Records a draw offer by `me` after ply `ply`, enforcing the offer rules.
pub(crate) fn make_offer(
    tx: &Tx<'_>,
    l: &Loaded,
    me: Side,
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

/// Ends the game with a result, withdrawing any pending offer.
pub(crate) fn finish_game(
    tx: &Tx<'_>,
    l: &mut Loaded,
    result: RulesResult,
    termination: Termination,
    now: DateTime<Utc>,
) -> Result<(), RefereeError> {
    if let Some(o) = offers::pending(tx, l.row.id)? {
        offers::resolve(tx, o.id, OfferStatus::Withdrawn, now)?;
    }
    l.row = games::set_result(tx, l.row.id, store_result(result), termination, now)?;
    Ok(())
}

/// The stored result of a rules result.
pub(crate) fn store_result(r: RulesResult) -> GameResult {
    match r {
        RulesResult::WhiteWins => GameResult::WhiteWins,
        RulesResult::BlackWins => GameResult::BlackWins,
        RulesResult::Draw => GameResult::Draw,
    }
}

/// `1-0`, `0-1`, `1/2-1/2`.
pub(crate) fn result_text(r: RulesResult) -> &'static str {
    r.pdn()
}

/// The stored termination of an [`AnyGame`] finish or claim reason.
pub(crate) fn termination_of(reason: &str) -> Termination {
    match reason {
        "no_pieces" => Termination::NoPieces,
        "no_moves" => Termination::NoMoves,
        "checkmate" => Termination::Checkmate,
        "stalemate" => Termination::Stalemate,
        "insufficient_material" => Termination::InsufficientMaterial,
        "repetition" | "fivefold" => Termination::Repetition,
        _ => Termination::DrawRule,
    }
}

/// The sentence announcing the end of a game.
pub(crate) fn finish_text(f: &Finish, lang: Language) -> String {
    match lang {
        Language::En => format!("Game over: {} — {}.", result_text(f.result), f.rule_en),
        Language::Ru => format!(
            "Партия окончена: {} — {}.",
            result_text(f.result),
            f.rule_ru
        ),
    }
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
    let winner = color(me).opposite();
    finish_game(
        tx,
        &mut l,
        RulesResult::win_for(winner),
        Termination::Resignation,
        now,
    )?;
    let game = l.game.clone_box();
    let replies = to_both(&l, game.as_ref(), None, |lang| match lang {
        Language::En => format!(
            "{} resigned. {} win.",
            side_name(color(me), lang),
            side_name(winner, lang)
        ),
        Language::Ru => format!(
            "{} сдались. Победа: {}.",
            side_name(color(me), lang),
            side_name(winner, lang)
        ),
    });
    let r = RulesResult::win_for(winner).pdn();
    Ok(Handled {
        game: Some(id),
        replies,
        summary: format!(
            "game #{id}: {} resigned, {r}",
            side_name(color(me), Language::En)
        ),
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
    if l.row.status != GameStatus::Adjourned || color(me) != l.game.turn() {
        return Err(RefereeError::CannotSeal);
    }
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
    let p = l.player(me);
    let lang = crate::referee::load::language(p);
    let body = match lang {
        Language::En => format!(
            "Your sealed move \"{}\" is kept by the referee and will be revealed when the game resumes.",
            text.trim()
        ),
        Language::Ru => format!(
            "Ваш записанный ход «{}» хранится у судьи и будет объявлен при доигрывании.",
            text.trim()
        ),
    };
    let reply = crate::referee::Reply {
        to: p.id,
        email: p.email.clone(),
        language: lang,
        game: Some(id),
        body,
    };
    Ok(Handled {
        game: Some(id),
        replies: vec![reply],
        summary: format!("game #{id}: a move is sealed"),
    })
}

/// A revealed sealed move: the game after it, and the event in English and Russian.
pub(crate) type Revealed = (Box<dyn AnyGame>, String, String);

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
            record_move(
                tx,
                l,
                sealed.side,
                &sealed.text,
                &played.full,
                played.hash_after,
                now,
                Source {
                    message_id: sealed.source_message.as_deref(),
                },
            )?;
            let en = format!(
                "The sealed move of {} is {} (written: {}).",
                side_name(color(sealed.side), Language::En),
                played.full,
                sealed.text
            );
            let ru = format!(
                "Записанный ход ({}): {} (записано: {}).",
                side_name(color(sealed.side), Language::Ru),
                played.full,
                sealed.text
            );
            Ok(Some((game, en, ru)))
        }
        Err(e) => {
            let winner = color(sealed.side).opposite();
            // The game status is set back to active first so that it can be finished.
            let en = format!(
                "The sealed move \"{}\" cannot be played ({}): it loses the game.",
                sealed.text,
                e.message(Language::En)
            );
            let ru = format!(
                "Записанный ход «{}» не может быть сыгран ({}): засчитывается поражение.",
                sealed.text,
                e.message(Language::Ru)
            );
            l.row = games::set_status(tx, l.row.id, GameStatus::Active, now)?;
            finish_game(
                tx,
                l,
                RulesResult::win_for(winner),
                Termination::SealedMove,
                now,
            )?;
            Ok(Some((l.game.clone_box(), en, ru)))
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
    finish_game(tx, l, f.result, termination_of(f.reason), now)?;
    Ok(Some(f))
}
