//! Draw offers and claims (RULES.md §7; seed 000 §1.13.2-1.13.3, seed 001
//! §1.9.2-1.9.6, seed 003 art. 18).

use chrono::{DateTime, Utc};

use crate::games::ClaimableDraw;
use crate::lang::Language;
use crate::referee::load::{color, load};
use crate::referee::play::{active_side, finish_game, make_offer, termination_of};
use crate::referee::view::{side_name, to_both};
use crate::referee::{Handled, RefereeError, Source};
use crate::rules::GameResult as RulesResult;
use crate::store::offers::{self, ClaimVerdict, NewClaim, OfferStatus};
use crate::store::{GameId, PlayerId, Termination, Tx};

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
    let by = color(me);
    let replies = to_both(&l, l.game.as_ref(), offer.as_ref(), |lang| match lang {
        Language::En => format!(
            "{} offer a draw. Answer accept or decline (a move also declines it).",
            side_name(by, lang)
        ),
        Language::Ru => format!(
            "{} предлагают ничью. Ответьте «согласен» или «отказ» (ход тоже означает отказ).",
            side_name(by, lang)
        ),
    });
    Ok(Handled {
        game: Some(id),
        replies,
        summary: format!("game #{id}: {} offer a draw", side_name(by, Language::En)),
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
    finish_game(tx, &mut l, RulesResult::Draw, Termination::Agreement, now)?;
    let replies = to_both(&l, l.game.as_ref(), None, |lang| match lang {
        Language::En => {
            "The draw offer is accepted: the game is drawn by agreement (1/2-1/2).".to_string()
        }
        Language::Ru => {
            "Предложение ничьей принято: партия закончилась вничью по соглашению (1/2-1/2)."
                .to_string()
        }
    });
    Ok(Handled {
        game: Some(id),
        replies,
        summary: format!("game #{id}: draw agreed, 1/2-1/2"),
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
    let by = color(me);
    let replies = to_both(&l, l.game.as_ref(), None, |lang| match lang {
        Language::En => format!(
            "{} decline the draw offer. The game goes on.",
            side_name(by, lang)
        ),
        Language::Ru => format!(
            "{} отклоняют предложение ничьей. Партия продолжается.",
            side_name(by, lang)
        ),
    });
    Ok(Handled {
        game: Some(id),
        replies,
        summary: format!("game #{id}: draw offer declined"),
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
    if color(me) != l.game.turn() {
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
    let rule_en = upheld.as_ref().map_or_else(
        || repetition_rule(position.repetitions(), Language::En),
        |c| c.rule_en.clone(),
    );
    let rule_ru = upheld.as_ref().map_or_else(
        || repetition_rule(position.repetitions(), Language::Ru),
        |c| c.rule_ru.clone(),
    );
    offers::claim(
        tx,
        &NewClaim {
            game_id: id,
            ply,
            side: me,
            kind: upheld.as_ref().map_or("repetition", |c| c.kind).to_string(),
            written_move: move_text.as_ref().map(|(w, _)| w.clone()),
            verdict: if upheld.is_some() {
                ClaimVerdict::Upheld
            } else {
                ClaimVerdict::Rejected
            },
            rule: rule_en.clone(),
            source_message: source.message_id.map(str::to_string),
            created_at: now,
        },
    )?;
    let by = color(me);
    if let Some(c) = &upheld {
        finish_game(tx, &mut l, RulesResult::Draw, termination_of(c.kind), now)?;
        let shown = l.game.clone_box();
        let mv = move_text.as_ref().map(|(_, f)| f.clone());
        let replies = to_both(&l, shown.as_ref(), None, |lang| {
            let with = mv.as_ref().map_or(String::new(), |m| match lang {
                Language::En => format!(" with the written move {m} (not played)"),
                Language::Ru => format!(" с записанным ходом {m} (не сделан)"),
            });
            match lang {
                Language::En => format!(
                    "{} claim a draw{with}: the claim is upheld — {rule_en}. 1/2-1/2.",
                    side_name(by, lang)
                ),
                Language::Ru => format!(
                    "{} требуют ничью{with}: требование обосновано — {rule_ru}. 1/2-1/2.",
                    side_name(by, lang)
                ),
            }
        });
        return Ok(Handled {
            game: Some(id),
            replies,
            summary: format!("game #{id}: draw claim upheld ({rule_en})"),
        });
    }
    // A wrong claim is not a draw: a written move is played and the game goes on.
    if let Some((written, _)) = move_text {
        let mut handled = crate::referee::play::play(tx, id, actor, &written, false, now, source)?;
        for r in &mut handled.replies {
            let note = match r.language {
                Language::En => format!(
                    "{} claimed a draw: the claim is rejected — {rule_en}. The written move is played.\n",
                    side_name(by, r.language)
                ),
                Language::Ru => format!(
                    "{} потребовали ничью: требование отклонено — {rule_ru}. Записанный ход сделан.\n",
                    side_name(by, r.language)
                ),
            };
            r.body.insert_str(0, &note);
        }
        handled.summary = format!("{}; draw claim rejected ({rule_en})", handled.summary);
        return Ok(handled);
    }
    let replies = to_both(
        &l,
        l.game.as_ref(),
        offers::pending(tx, id)?.as_ref(),
        |lang| match lang {
            Language::En => format!(
                "{} claim a draw: the claim is rejected — {rule_en}. The game goes on.",
                side_name(by, lang)
            ),
            Language::Ru => format!(
                "{} требуют ничью: требование отклонено — {rule_ru}. Партия продолжается.",
                side_name(by, lang)
            ),
        },
    );
    Ok(Handled {
        game: Some(id),
        replies,
        summary: format!("game #{id}: draw claim rejected ({rule_en})"),
    })
}

/// Why a repetition claim fails, quoting the rule.
fn repetition_rule(times: usize, lang: Language) -> String {
    match lang {
        Language::En => format!(
            "the position has occurred {times} time(s); a draw needs the same position three times with the same side to move (seed 001 §1.9.1.7), and no other claim rule applies"
        ),
        Language::Ru => format!(
            "позиция встречалась {times} раз(а); для ничьей нужна трижды повторившаяся позиция при той же очереди хода (seed 001 §1.9.1.7), другие основания не выполнены"
        ),
    }
}
