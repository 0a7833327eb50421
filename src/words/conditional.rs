//! Conditional moves in words: the answer to a set of
//! lines, the list, a cancel, and the notes of the play-out. Only the owner of
//! the lines ever reads these; the opponent sees an automatic reply as an
//! ordinary move.

pub use crate::referee::told::{ConditionalEvent as Event, Refusal, ShownPly};
use crate::rules::Color;
use crate::vocabulary::Language::{self, En, Ru};

/// A line as the owner reads it: `12... c7-d6 13. e3-f4 (draw offered)`.
#[must_use]
pub fn line_text(plies: &[ShownPly], lang: Language) -> String {
    let mut out = String::new();
    for (i, p) in plies.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        // `12.` before White's move, `12...` before Black's opening one.
        if p.side == Color::White || i == 0 {
            out.push_str(&super::site::move_number(p.number, p.side));
            out.push(' ');
        }
        out.push_str(&p.text);
        if p.offer_draw {
            out.push_str(match lang {
                En => " (with a draw offer)",
                Ru => " (с предложением ничьей)",
            });
        }
    }
    out
}

fn lines_list(lines: &[Vec<ShownPly>], lang: Language) -> String {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{}) {}", i + 1, line_text(l, lang)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Why a line was refused, as a sentence.
#[must_use]
pub fn refusal(r: &Refusal, lang: Language) -> String {
    match (r, lang) {
        (Refusal::Empty, En) => "it holds no move.".into(),
        (Refusal::Empty, Ru) => "в нём нет ни одного хода.".into(),
        (Refusal::EndsWithOpponent, En) => {
            "it ends with your opponent's move; a line must end with your reply.".into()
        }
        (Refusal::EndsWithOpponent, Ru) => {
            "он кончается ходом соперника; вариант должен кончаться вашим ответом.".into()
        }
        (
            Refusal::Number {
                written,
                number,
                expected,
                expected_black,
            },
            _,
        ) => {
            let side = if *expected_black {
                Color::Black
            } else {
                Color::White
            };
            let due = super::game::move_words(*expected, side, lang);
            match lang {
                En => format!("you wrote move {number} before {written}, but that is {due}"),
                Ru => format!("перед {written} вы написали ход {number}, а это {due}"),
            }
        }
        (Refusal::AfterEnd(w), En) => format!("the game would be over before {w}."),
        (Refusal::AfterEnd(w), Ru) => format!("партия закончилась бы до хода {w}."),
        (Refusal::Move(e), _) => e.message(lang),
        (Refusal::OfferOnOpponentMove(w), En) => {
            format!("a draw offer can go only with your own move, not after {w}.")
        }
        (Refusal::OfferOnOpponentMove(w), Ru) => {
            format!("ничью можно предложить только своим ходом, а не после {w}.")
        }
        (Refusal::Conflict(k), En) => {
            format!("line {k} already answers the same move of your opponent with another move.")
        }
        (Refusal::Conflict(k), Ru) => {
            format!("вариант {k} уже отвечает на тот же ход соперника другим ходом.")
        }
        (Refusal::Duplicate, En) => "the same line is given twice.".into(),
        (Refusal::Duplicate, Ru) => "этот вариант дан дважды.".into(),
        (Refusal::AnsweredOtherwise(p), En) => format!(
            "your opponent has already answered your move with {}; this line does not start with that move, so it no longer fits the game.",
            line_text(std::slice::from_ref(p), lang)
        ),
        (Refusal::AnsweredOtherwise(p), Ru) => format!(
            "соперник уже ответил на ваш ход: {}; этот вариант начинается не с этого хода и к партии больше не подходит.",
            line_text(std::slice::from_ref(p), lang)
        ),
    }
}

/// An event as the owner reads it.
#[must_use]
pub fn text(e: &Event, lang: Language) -> String {
    match e {
        Event::Submitted {
            kept,
            refused,
            replaced,
            old_kept,
        } => submitted(kept, refused, *replaced, *old_kept, lang),
        Event::OwnTurn => match lang {
            En => "It is your move now: conditional moves are given while your opponent is to move. Nothing was stored.".into(),
            Ru => "Сейчас ваш ход: условные ходы даются, когда ход за соперником. Ничего не записано.".into(),
        },
        Event::Listed(lines) if lines.is_empty() => match lang {
            En => "You have no conditional moves in this game.".into(),
            Ru => "У вас нет условных ходов в этой партии.".into(),
        },
        Event::Listed(lines) => match lang {
            En => format!(
                "Your conditional moves (hidden from your opponent):\n{}",
                lines_list(lines, lang)
            ),
            Ru => format!(
                "Ваши условные ходы (сопернику не видны):\n{}",
                lines_list(lines, lang)
            ),
        },
        Event::Cancelled(n) => match lang {
            En => format!("Your conditional moves are cancelled ({}).", super::game::count_en(*n, "line", "lines")),
            Ru => format!("Ваши условные ходы отменены (вариантов: {n})."),
        },
        Event::NoneToCancel => match lang {
            En => "You had no conditional moves to cancel in this game.".into(),
            Ru => "У вас не было условных ходов в этой партии: отменять нечего.".into(),
        },
        Event::PlayedForYou { remaining } => match lang {
            En => format!(
                "Your conditional move was played at once (no reflection time charged). Lines left: {remaining}."
            ),
            Ru => format!(
                "Ваш условный ход сделан сразу (время на обдумывание не списано). Осталось вариантов: {remaining}."
            ),
        },
        Event::NoLongerApply(n) => match lang {
            En => format!(
                "This move is on none of your conditional lines: they no longer apply ({n} dropped). Your clock runs: your move."
            ),
            Ru => format!(
                "Этого хода нет ни в одном из ваших условных вариантов: они больше не действуют (снято: {n}). Ваши часы идут: ваш ход."
            ),
        },
        Event::ClearedByOwnMove(n) => match lang {
            En => format!("Your conditional moves are cleared by this move ({}).", super::game::count_en(*n, "line", "lines")),
            Ru => format!("Этим ходом ваши условные ходы сняты (вариантов: {n})."),
        },
        Event::OfferStands(n) => match lang {
            En => format!(
                "Your opponent offered a draw with this move, so your conditional moves were not played ({} dropped): answer the offer and move yourself.",
                super::game::count_en(*n, "line", "lines")
            ),
            Ru => format!(
                "Соперник предложил ничью этим ходом, поэтому ваши условные ходы не сыграны (снято вариантов: {n}): ответьте на предложение и сделайте ход сами."
            ),
        },
        Event::NotPlayed(n, why) => match lang {
            En => format!(
                "Your conditional reply could not be played: {} Your lines are dropped ({n}); your move.",
                why.message(lang)
            ),
            Ru => format!(
                "Ваш условный ответ не может быть сыгран: {} Ваши варианты сняты ({n}); ваш ход.",
                why.message(lang)
            ),
        },
        Event::GameOver { result, cancel } => game_over(*result, *cancel, lang),
    }
}

fn game_over(result: Option<crate::rules::GameResult>, cancel: bool, lang: Language) -> String {
    let what = match (cancel, lang) {
        (false, En) => "there are no conditional moves to list",
        (true, En) => "there are no conditional moves to cancel",
        (false, Ru) => "условных ходов в ней нет",
        (true, Ru) => "условных ходов в ней нет, отменять нечего",
    };
    match (result, lang) {
        (Some(r), En) => format!(
            "This game is over: {}; {what}.",
            super::moves::result_with_score(r, lang)
        ),
        (Some(r), Ru) => format!(
            "Эта партия окончена: {}; {what}.",
            super::moves::result_with_score(r, lang).to_lowercase()
        ),
        (None, En) => format!("This game was annulled; {what}."),
        (None, Ru) => format!("Эта партия аннулирована; {what}."),
    }
}

fn submitted(
    kept: &[Vec<ShownPly>],
    refused: &[(String, Refusal)],
    replaced: usize,
    old_kept: usize,
    lang: Language,
) -> String {
    let mut parts = Vec::new();
    if !kept.is_empty() {
        parts.push(match lang {
            En => format!(
                "Conditional moves stored (hidden from your opponent):\n{}",
                lines_list(kept, lang)
            ),
            Ru => format!(
                "Условные ходы приняты (сопернику не видны):\n{}",
                lines_list(kept, lang)
            ),
        });
    }
    for (written, why) in refused {
        parts.push(match lang {
            En => format!("Line refused: «{written}»: {}", refusal(why, lang)),
            Ru => format!("Вариант не принят: «{written}»: {}", refusal(why, lang)),
        });
    }
    if !kept.is_empty() && replaced > 0 {
        parts.push(match lang {
            En => format!(
                "They replace your earlier conditional moves ({}).",
                super::game::count_en(replaced, "line", "lines")
            ),
            Ru => format!("Они заменяют ваши прежние условные ходы (вариантов: {replaced})."),
        });
    }
    if kept.is_empty() && old_kept > 0 {
        parts.push(match lang {
            En => format!(
                "Your earlier conditional moves stand ({}).",
                super::game::count_en(old_kept, "line", "lines")
            ),
            Ru => format!("Ваши прежние условные ходы остаются в силе (вариантов: {old_kept})."),
        });
    }
    parts.join("\n\n")
}
