//! The help text and the first mail of a game (the invitation): how to answer,
//! the commands, and moves written in each game's own notation.

use super::game::{side_name, variant_name};
use crate::rules::{Color, Variant};
use crate::vocabulary::Language;
use crate::words::catalog::Message;

pub use crate::referee::told::{Invitation, InvitedTournament};

/// Ways of writing a move in a game, for examples (as players write them).
#[must_use]
pub fn move_examples(variant: Variant, lang: Language) -> &'static str {
    match (variant, lang) {
        (Variant::Russian | Variant::Bashni, _) => "c3-d4, cd4, c3:e5:g3, c:g3",
        (Variant::International, _) => "32-28, 28x19, 32x23x14",
        (Variant::Lasca, _) => "c3-d4, 9-13, c3:e5",
        (Variant::Chess, Language::En) => "e2-e4, e4, Nf3, Bxc4, O-O, e8=Q",
        (Variant::Chess, Language::Ru) => "e2-e4, e4, Кf3, С:c4, 0-0, e8=Ф",
    }
}

/// The commands players can send, one per line, with moves written as
/// `variants` write them (all games when empty).
#[must_use]
pub fn commands(variants: &[Variant], lang: Language) -> String {
    let all = [
        Variant::Russian,
        Variant::International,
        Variant::Bashni,
        Variant::Lasca,
        Variant::Chess,
    ];
    let shown: Vec<Variant> = if variants.is_empty() {
        all.to_vec()
    } else {
        all.iter()
            .copied()
            .filter(|v| variants.contains(v))
            .collect()
    };
    let mut s = String::from(match lang {
        Language::En => {
            "Commands (one per line; press Reply on any mail of the game and write above the quoted text):\n"
        }
        Language::Ru => {
            "Команды (по одной в строке; нажмите «Ответить» на любом письме партии и пишите над цитатой):\n"
        }
    });
    for v in &shown {
        s.push_str(&match lang {
            Language::En => format!(
                "  {}   play a move in {}\n",
                move_examples(*v, lang),
                variant_name(*v, lang)
            ),
            Language::Ru => format!(
                "  {}   сделать ход: {}\n",
                move_examples(*v, lang),
                variant_name(*v, lang).to_lowercase()
            ),
        });
    }
    let example = shown
        .first()
        .map_or("c3-d4", |v| super::game::example_move(*v));
    // One command a line, each indented under the heading (a string's
    // continuation lines lose their leading spaces, so the indent is added
    // here).
    let rest = match lang {
        Language::En => format!(
            "{example} draw   play a move and offer a draw\n\
  draw   offer a draw\n\
  accept / decline   answer a draw offer (a move declines it too)\n\
  claim [move]   claim a draw (threefold repetition and the game's other draw rules), optionally with the move that repeats\n\
  resign   resign the game\n\
  leave 2026-12-20 2026-12-31   take leave on these days (the clock stands)\n\
  #12 {example}   a line for one of your games, when you have several\n\
  status   the game's state\n\
  history   your games\n\
  standings   the crosstable of your tournament\n\
  if <their move> then <your move>   a conditional move, hidden from your opponent; conditionals: the list; cancel: clear them\n\
  moves   the legal moves of the side to move\n\
  why {example}   whether that move is legal now, and the rule if it is not\n\
  rules   the rules of the game, with the rulebook's clauses\n\
  seal {example}   seal your move in an adjourned game\n\
  help   this text\n"
        ),
        Language::Ru => format!(
            "{example} ничья   сделать ход и предложить ничью\n\
  ничья   предложить ничью\n\
  согласен / отказ   ответить на предложение ничьей (ход тоже отклоняет его)\n\
  требую ничью [ход]   потребовать ничью (троекратное повторение и другие правила о ничьей), можно с ходом, который повторяет позицию\n\
  сдаюсь   сдать партию\n\
  отпуск 20.12.2026 31.12.2026   взять отпуск на эти дни (часы стоят)\n\
  #12 {example}   строка для одной из ваших партий, если их несколько\n\
  статус   положение в партии\n\
  история   ваши партии\n\
  таблица   турнирная таблица вашего турнира\n\
  если <ход соперника>, то <ваш ход>   условный ход, сопернику не виден; условные — список; отмена — снять их\n\
  ходы   возможные ходы стороны, чей ход\n\
  почему {example}   можно ли сейчас так пойти, а если нельзя — по какому правилу\n\
  правила   правила игры со ссылками на пункты правил\n\
  записываю ход {example}   записать ход в конверт в отложенной партии\n\
  помощь   эта справка\n"
        ),
    };
    for line in rest.lines() {
        s.push_str("  ");
        s.push_str(line);
        s.push('\n');
    }
    s
}

/// The opening lines of the first mail: the game, the colour, the opponent,
/// the tournament, the time control and how to answer; the commands follow.
#[must_use]
pub fn invitation(i: &Invitation, lang: Language) -> String {
    let name = variant_name(i.variant, lang);
    let colour = side_name(i.colour, lang);
    let mut s = match lang {
        Language::En => format!(
            "A new game has started: game #{}, {name}. You play {colour}; your opponent is {}\n",
            i.game,
            sentence_end(&i.opponent)
        ),
        Language::Ru => format!(
            "Началась новая партия №{}, {}. Вы играете {}; ваш соперник — {}\n",
            i.game,
            name.to_lowercase(),
            colour_instrumental(i.colour),
            sentence_end(&i.opponent)
        ),
    };
    match &i.tournament {
        Some(InvitedTournament::Name(t)) => s.push_str(&match lang {
            Language::En => format!("Tournament: {t}.\n"),
            Language::Ru => format!("Турнир: {t}.\n"),
        }),
        Some(InvitedTournament::Stored(lines)) => {
            s.push_str(&super::tournament_events::invitation(lines, lang));
        }
        None => {}
    }
    if let Some([yours, theirs]) = i.ratings {
        let rating = |r: Option<u32>| {
            r.map_or_else(
                || Message::new("invitation-rating-unrated").render(lang),
                |r| r.to_string(),
            )
        };
        s.push_str(
            &Message::new("invitation-ratings")
                .arg("yours", rating(yours))
                .arg("opponent", rating(theirs))
                .render(lang),
        );
        s.push('\n');
    }
    s.push_str(&match (i.time_control.map(|c| c.describe(lang)), lang) {
        (Some(c), Language::En) => format!("Time control: {c}.\n"),
        (Some(c), Language::Ru) => format!("Контроль времени: {c}.\n"),
        (None, Language::En) => "The game has no time control.\n".into(),
        (None, Language::Ru) => "Контроля времени в партии нет.\n".into(),
    });
    s.push_str(&match (i.reader_to_move, lang) {
        (true, Language::En) => format!(
            "It is your move. Answer by pressing Reply on this mail and writing your move (for example {}) above the quoted text.\n",
            super::game::example_move(i.variant)
        ),
        (true, Language::Ru) => format!(
            "Ваш ход. Ответьте на это письмо («Ответить») и напишите ход (например, {}) над цитатой.\n",
            super::game::example_move(i.variant)
        ),
        (false, Language::En) => {
            "Your opponent moves first; you will get a mail with the move. Answer any mail of the game by pressing Reply.\n".into()
        }
        (false, Language::Ru) => {
            "Первый ход за соперником: вы получите письмо с его ходом. Отвечайте на любое письмо партии кнопкой «Ответить».\n".into()
        }
    });
    s.push('\n');
    s.push_str(&commands(&[i.variant], lang));
    s
}

/// A name closing a sentence: its own full stop (`Петров П.`) is the sentence's.
fn sentence_end(name: &str) -> String {
    if name.ends_with('.') {
        name.to_string()
    } else {
        format!("{name}.")
    }
}

/// «белыми» / «чёрными» (playing with a colour).
fn colour_instrumental(c: Color) -> &'static str {
    match c {
        Color::White => "белыми",
        Color::Black => "чёрными",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_line_is_indented_under_the_heading() {
        for lang in [Language::En, Language::Ru] {
            let text = commands(&[], lang);
            let mut lines = text.lines();
            lines.next();
            for line in lines {
                assert!(
                    line.starts_with("  ") && !line.starts_with("   "),
                    "{line:?}"
                );
            }
        }
    }

    #[test]
    fn the_invitation_names_colour_opponent_control_and_commands() {
        let i = Invitation {
            game: 5,
            variant: Variant::Chess,
            colour: Color::Black,
            opponent: "Ann Smith".into(),
            tournament: Some(InvitedTournament::Name("Кубок клуба".into())),
            time_control: Some(crate::clock::TimeControl::parse("10/10").expect("control")),
            reader_to_move: false,
            ratings: None,
        };
        let ru = invitation(&i, Language::Ru);
        assert!(
            ru.contains("Вы играете чёрными; ваш соперник — Ann Smith"),
            "{ru}"
        );
        assert!(ru.contains("Турнир: Кубок клуба") && ru.contains("Контроль времени"));
        assert!(
            ru.contains("Кf3") && ru.contains("сдаюсь") && !ru.contains("c3-d4"),
            "{ru}"
        );
        let en = invitation(
            &Invitation {
                colour: Color::White,
                reader_to_move: true,
                ..i
            },
            Language::En,
        );
        assert!(
            en.contains("You play White; your opponent is Ann Smith") && en.contains("e2-e4"),
            "{en}"
        );
        assert!(en.contains("resign") && en.contains("Nf3"), "{en}");
    }
}
