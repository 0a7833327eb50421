//! The text of replies: the game's state as each player should see it.

use crate::games::AnyGame;
use crate::lang::Language;
use crate::referee::load::{Loaded, color, language};
use crate::rules::Color;
use crate::store::{DrawOffer, Side};

/// The score as correspondence rules ask players to repeat it: `1. c3-d4 d6-c5 2. ...`.
#[must_use]
pub fn score_text(score: &[String], first: Color) -> String {
    let mut out = String::new();
    let offset = usize::from(first == Color::Black);
    for (i, m) in score.iter().enumerate() {
        let k = i + offset;
        if k % 2 == 0 {
            out.push_str(&format!("{}. {m}", k / 2 + 1));
        } else if i == 0 {
            out.push_str(&format!("{}... {m}", k / 2 + 1));
        } else {
            out.push_str(&format!(" {m}"));
        }
        if k % 2 == 1 && i + 1 < score.len() {
            out.push('\n');
        }
    }
    out
}

/// The side's name in a language.
#[must_use]
pub fn side_name(side: Color, lang: Language) -> &'static str {
    match (side, lang) {
        (Color::White, Language::En) => "White",
        (Color::Black, Language::En) => "Black",
        (Color::White, Language::Ru) => "белые",
        (Color::Black, Language::Ru) => "чёрные",
    }
}

/// The full state of a game for one recipient: players, diagram from their side,
/// score, whose move or the result, and the pending draw offer.
#[must_use]
pub(crate) fn state(
    l: &Loaded,
    game: &dyn AnyGame,
    recipient: Side,
    offer: Option<&DrawOffer>,
    lang: Language,
) -> String {
    let mut s = String::new();
    let ru = lang == Language::Ru;
    s.push_str(&header(l, lang));
    s.push_str("\n\n");
    let opts = crate::diagram::Options {
        lang,
        ..crate::diagram::Options::default()
    };
    let last = game.last_move();
    s.push_str(&crate::diagram::text::render(
        &game.board_view(),
        last.as_ref(),
        color(recipient),
        &opts,
    ));
    s.push('\n');
    let first = start_turn(game);
    let score = score_text(&game.score(), first);
    if !score.is_empty() {
        s.push_str(if ru {
            "Запись партии:\n"
        } else {
            "Score:\n"
        });
        s.push_str(&score);
        s.push_str("\n\n");
    }
    match (&l.row.result, l.row.status) {
        (Some(r), _) => s.push_str(&format!(
            "{}: {} ({})\n",
            if ru { "Результат" } else { "Result" },
            r.as_str(),
            l.row.termination.map(|t| t.as_str()).unwrap_or("")
        )),
        (None, status) if status.as_str() != "active" => {
            s.push_str(&format!(
                "{}: {}\n",
                if ru {
                    "Партия остановлена"
                } else {
                    "The game is"
                },
                status.as_str()
            ));
        }
        (None, _) => {
            let to_move = game.turn();
            let mover = l.player(crate::referee::load::side(to_move));
            let number = game.plies() / 2
                + 1
                + usize::from(first == Color::Black && game.turn() == Color::White);
            s.push_str(&if ru {
                format!(
                    "Ход {number}: ходят {} ({}).\n",
                    side_name(to_move, lang),
                    mover.name
                )
            } else {
                format!(
                    "Move {number}: {} ({}) to move.\n",
                    side_name(to_move, lang),
                    mover.name
                )
            });
        }
    }
    if let Some(views) = &l.clocks {
        s.push_str(&clock_lines(l, views, recipient, lang));
    }
    if let Some(o) = offer {
        let by = side_name(color(o.side), lang);
        s.push_str(&if ru {
            format!("Предложение ничьей ({by}) ждёт ответа.\n")
        } else {
            format!("A draw offer by {by} is pending.\n")
        });
    }
    s
}

/// Both clocks for a recipient: time used and left in days and hours, and the
/// deadline of the running clock in UTC and in the recipient's time zone.
fn clock_lines(
    l: &Loaded,
    views: &[crate::clock::ClockView; 2],
    recipient: Side,
    lang: Language,
) -> String {
    use crate::clock::zone;
    let tz = zone::parse_zone(&l.player(recipient).time_zone).unwrap_or(chrono_tz::Tz::UTC);
    let control = crate::clock::persist::control_of(&l.row).ok().flatten();
    let mut s = match (&control, lang) {
        (Some(c), Language::Ru) => format!("Контроль времени: {}\n", c.describe(lang)),
        (Some(c), Language::En) => format!("Time control: {}\n", c.describe(lang)),
        (None, _) => String::new(),
    };
    for v in views {
        let name = side_name(color(v.side), lang);
        let used = zone::format_days_hours(v.used_seconds, lang);
        let left = zone::format_days_hours(v.left_seconds, lang);
        s.push_str(&match lang {
            Language::Ru => format!("  {name}: израсходовано {used}, осталось {left}"),
            Language::En => format!("  {name}: used {used}, left {left}"),
        });
        if let (true, Some(d)) = (v.running, v.deadline) {
            let when = zone::format_deadline(d, tz);
            s.push_str(&match lang {
                Language::Ru => format!("; срок хода: {when}"),
                Language::En => format!("; move due by {when}"),
            });
        }
        s.push('\n');
    }
    let (leave_left, next) = &l.clock_notes[usize::from(recipient == Side::Black)];
    s.push_str(&match lang {
        Language::Ru => format!("  Ваш отпуск: осталось {leave_left} дн. в этом году"),
        Language::En => format!("  Your leave left this year: {leave_left} days"),
    });
    if let Some((kind, at)) = next {
        let when = zone::format_deadline(*at, tz);
        s.push_str(&match lang {
            Language::Ru => format!("; следующее напоминание ({kind}): {when}"),
            Language::En => format!("; next reminder ({kind}): {when}"),
        });
    }
    s.push('\n');
    s
}

/// The first line of every mail about a game: `Game #12 - russian: A – B` (the
/// mail reader recognises it when a player pastes the bot's text back unquoted).
#[must_use]
pub(crate) fn header(l: &Loaded, lang: Language) -> String {
    format!(
        "{} #{} - {}: {} – {}",
        if lang == Language::Ru {
            "Партия"
        } else {
            "Game"
        },
        l.row.id,
        l.row.variant,
        l.players[0].name,
        l.players[1].name
    )
}

/// Puts an event line right after the header line of a state text.
fn with_event(state: &str, event: &str) -> String {
    match state.split_once("\n\n") {
        Some((head, rest)) => format!("{head}\n\n{event}\n\n{rest}"),
        None => format!("{event}\n\n{state}"),
    }
}

/// The side that moved first from the start position.
#[must_use]
pub fn start_turn(game: &dyn AnyGame) -> Color {
    let turn = game.turn();
    if game.plies().is_multiple_of(2) {
        turn
    } else {
        turn.opposite()
    }
}

/// Replies to both players with an event line on top of the state.
pub(crate) fn to_both(
    l: &Loaded,
    game: &dyn AnyGame,
    offer: Option<&DrawOffer>,
    event: impl Fn(Language) -> String,
) -> Vec<crate::referee::Reply> {
    [Side::White, Side::Black]
        .into_iter()
        .map(|side| {
            let p = l.player(side);
            let lang = language(p);
            crate::referee::Reply {
                to: p.id,
                email: p.email.clone(),
                language: lang,
                game: Some(l.row.id),
                body: with_event(&state(l, game, side, offer, lang), &event(lang)),
            }
        })
        .collect()
}
