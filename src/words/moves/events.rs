//! The referee's sentences about moves, resignations, sealed moves, draw
//! offers and claims ([`Event`]).

pub use crate::referee::told::{Event, OfferBar};
use crate::rules::GameResult;
use crate::vocabulary::Language;
use crate::words::game::side_name;

use super::ends::{claim_fails, claimable, finish, result_with_score};

/// The words that accept and decline an offer, as the mail reader knows
/// them (`crate::mail::intent`).
/// With `your_move`, a move declines it too.
pub fn how_to_answer_offer(lang: Language, your_move: bool) -> &'static str {
    match (lang, your_move) {
        (Language::En, true) => {
            "To accept, reply \"accept draw\"; to decline, reply \"decline draw\" or simply make your move."
        }
        (Language::En, false) => {
            "To accept, reply \"accept draw\"; to decline, reply \"decline draw\"."
        }
        (Language::Ru, true) => {
            "Чтобы принять, ответьте «принимаю ничью»; чтобы отклонить — «отклоняю ничью» или просто сделайте ход."
        }
        (Language::Ru, false) => {
            "Чтобы принять, ответьте «принимаю ничью»; чтобы отклонить — «отклоняю ничью»."
        }
    }
}

/// An event as the reader's sentence(s).
#[must_use]
pub fn event(e: &Event, lang: Language) -> String {
    use Language::{En, Ru};
    match (e, lang) {
        (
            Event::Played {
                number,
                side,
                full,
                written,
                offers_draw,
            },
            _,
        ) => {
            // `12.` before White's ply, `12...` before Black's, as scores number them.
            let number = crate::words::site::move_number(*number, *side);
            let side = crate::words::game::side_name_capital(*side, lang);
            let mut s = match (written, lang) {
                (Some(w), En) => format!("{number} {side} played {full} (written: {w})."),
                (Some(w), Ru) => format!("{number} {side} сыграли {full} (записано: {w})."),
                (None, En) => format!("{number} {side} played {full}."),
                (None, Ru) => format!("{number} {side} сыграли {full}."),
            };
            // How to answer the offer is said once, in the state's offer line.
            if *offers_draw {
                s.push_str(match lang {
                    En => " A draw is offered.",
                    Ru => " Предложена ничья.",
                });
            }
            s
        }
        (Event::OfferDeclinedByMove { number, side, full }, _) => {
            let number = crate::words::site::move_number(*number, *side);
            match lang {
                En => format!("Your draw offer was declined by the move {number} {full}."),
                Ru => format!("Ваше предложение ничьей отклонено ходом {number} {full}."),
            }
        }
        (Event::LateMove { side, deadline }, En) => format!(
            "The move arrived after the deadline ({}): {} lost on time. {}.",
            deadline.format("%Y-%m-%d %H:%M UTC"),
            side_name(*side, lang),
            result_with_score(GameResult::win_for(side.opposite()), lang)
        ),
        (Event::LateMove { side, deadline }, Ru) => format!(
            "Ход получен после контрольного срока ({} по всемирному времени): {} проиграли по времени. {}.",
            deadline.format("%Y-%m-%d %H:%M"),
            side_name(*side, lang),
            result_with_score(GameResult::win_for(side.opposite()), lang)
        ),
        (Event::Resigned { side }, _) => {
            let r = result_with_score(GameResult::win_for(side.opposite()), lang);
            match lang {
                En => format!(
                    "{} resigned. {r}.",
                    crate::words::game::side_name_capital(*side, lang)
                ),
                Ru => format!(
                    "{} сдались. {r}.",
                    crate::words::game::side_name_capital(*side, lang)
                ),
            }
        }
        (Event::SealedKept { written }, En) => format!(
            "Your sealed move \"{written}\" is kept by the referee and will be revealed when the game resumes."
        ),
        (Event::SealedKept { written }, Ru) => format!(
            "Ваш записанный ход «{written}» хранится у судьи и будет объявлен при доигрывании."
        ),
        (
            Event::SealedRevealed {
                side,
                full,
                written,
            },
            En,
        ) => format!(
            "The sealed move of {} is {full} (written: {written}).",
            side_name(*side, lang)
        ),
        (
            Event::SealedRevealed {
                side,
                full,
                written,
            },
            Ru,
        ) => format!(
            "Записанный ход ({}): {full} (записано: {written}).",
            side_name(*side, lang)
        ),
        (
            Event::SealedUnplayable {
                side,
                written,
                error,
            },
            En,
        ) => format!(
            "The sealed move \"{written}\" cannot be played ({}): it loses the game. {}.",
            error.message(lang),
            result_with_score(GameResult::win_for(side.opposite()), lang)
        ),
        (
            Event::SealedUnplayable {
                side,
                written,
                error,
            },
            Ru,
        ) => format!(
            "Записанный ход «{written}» не может быть сыгран ({}): засчитывается поражение. {}.",
            error.message(lang),
            result_with_score(GameResult::win_for(side.opposite()), lang)
        ),
        (Event::DrawOffered { by }, En) => {
            format!(
                "{} offers a draw.",
                crate::words::game::side_name_capital(*by, lang)
            )
        }
        (Event::DrawOffered { by }, Ru) => {
            format!(
                "{} предлагают ничью.",
                crate::words::game::side_name_capital(*by, lang)
            )
        }
        (Event::DrawAccepted, _) => {
            let r = result_with_score(GameResult::Draw, lang);
            match lang {
                En => format!("The draw offer is accepted: the game is drawn by agreement. {r}."),
                Ru => format!(
                    "Предложение ничьей принято: партия закончилась вничью по соглашению. {r}."
                ),
            }
        }
        (Event::DeclinedWithMove, En) => {
            "Your move declines your opponent's draw offer.".to_string()
        }
        (Event::DeclinedWithMove, Ru) => {
            "Этим ходом вы отклонили предложение ничьей соперника.".to_string()
        }
        (Event::OfferNotMade { bar }, _) => {
            let why = bar.as_error().message(lang);
            match lang {
                En => format!("The move is played; no draw was offered with it: {why}."),
                Ru => format!("Ход сделан, но ничья с ним не предложена: {why}."),
            }
        }
        (Event::DrawDeclined { by }, En) => format!(
            "{} declines the draw offer. The game goes on.",
            crate::words::game::side_name_capital(*by, lang)
        ),
        (Event::DrawDeclined { by }, Ru) => format!(
            "{} отклоняют предложение ничьей. Партия продолжается.",
            crate::words::game::side_name_capital(*by, lang)
        ),
        (
            Event::ClaimUpheld {
                by,
                with_move,
                draw,
            },
            _,
        ) => {
            let with = with_move.as_ref().map_or(String::new(), |m| match lang {
                En => format!(" with the written move {m} (not played)"),
                Ru => format!(" с записанным ходом {m} (не сделан)"),
            });
            let rule = claimable(draw, lang);
            let r = result_with_score(GameResult::Draw, lang);
            match lang {
                En => format!(
                    "{} claims a draw{with}: the claim is upheld — {rule}. {r}.",
                    crate::words::game::side_name_capital(*by, lang)
                ),
                Ru => format!(
                    "{} требуют ничью{with}: требование обосновано — {rule}. {r}.",
                    crate::words::game::side_name_capital(*by, lang)
                ),
            }
        }
        (
            Event::ClaimRejected {
                by,
                repetitions,
                citation,
                move_played,
            },
            _,
        ) => {
            let rule = claim_fails(*repetitions, *citation, lang);
            match (lang, move_played) {
                (En, true) => format!(
                    "{} claimed a draw: the claim is rejected — {rule}. The written move is played.",
                    crate::words::game::side_name_capital(*by, lang)
                ),
                (Ru, true) => format!(
                    "{} потребовали ничью: требование отклонено — {rule}. Записанный ход сделан.",
                    crate::words::game::side_name_capital(*by, lang)
                ),
                (En, false) => format!(
                    "{} claims a draw: the claim is rejected — {rule}. The game goes on.",
                    crate::words::game::side_name_capital(*by, lang)
                ),
                (Ru, false) => format!(
                    "{} требуют ничью: требование отклонено — {rule}. Партия продолжается.",
                    crate::words::game::side_name_capital(*by, lang)
                ),
            }
        }
        (Event::Finished(f), _) => finish(f, lang),
        (Event::SealedByOpponent { side }, En) => format!(
            "{} have sealed their move. The referee keeps it unseen; it will be revealed and played when the game resumes.",
            crate::words::game::side_name_capital(*side, lang)
        ),
        (Event::SealedByOpponent { side }, Ru) => format!(
            "{} записали ход в конверт. Ход хранится у судьи втайне; он будет объявлен и сделан при доигрывании.",
            crate::words::game::side_name_capital(*side, lang)
        ),
    }
}
