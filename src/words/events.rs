//! What the referee did, as the players of a game are told it: the director's
//! actions (adjudication, forfeit, annulment, rollback, extra days, pause,
//! adjournment, resumption) and leave.

use chrono::NaiveDate;

use super::game::side_name;
use super::moves::result_with_score;
use crate::rules::Color;
use crate::vocabulary::GameResult;
use crate::vocabulary::Language;

pub use crate::referee::told::{ClockEvent, DirectorEvent, LeaveEvent};

/// The reason `game resend` records when the director gives none; it is not
/// told to the players.
pub const RESEND_DEFAULT_REASON: &str = "the player did not receive the game's mails";

/// The event as a sentence, with the director's reason after it.
#[must_use]
pub fn director(event: DirectorEvent, reason: &str, lang: Language) -> String {
    let what = match (event, lang) {
        (DirectorEvent::Adjudicated(r), Language::En) => {
            format!(
                "The referee adjudicates the game: {}.",
                result_with_score(r, lang)
            )
        }
        (DirectorEvent::Adjudicated(r), Language::Ru) => {
            format!("Судья присудил результат: {}.", result_with_score(r, lang))
        }
        (DirectorEvent::Forfeited(loser), Language::En) => format!(
            "The referee forfeits {}. {}.",
            side_name(loser, lang),
            result_with_score(GameResult::win_for(loser.opposite()), lang)
        ),
        (DirectorEvent::Forfeited(loser), Language::Ru) => format!(
            "Судья засчитал {} техническое поражение. {}.",
            match loser {
                Color::White => "белым",
                Color::Black => "чёрным",
            },
            result_with_score(GameResult::win_for(loser.opposite()), lang)
        ),
        (DirectorEvent::Withdrew(loser), Language::En) => format!(
            "{} withdrew from the tournament: the game is lost by forfeit. {}.",
            side_name(loser, lang),
            result_with_score(GameResult::win_for(loser.opposite()), lang)
        ),
        (DirectorEvent::Withdrew(loser), Language::Ru) => format!(
            "{} выбыли из турнира: им засчитано техническое поражение. {}.",
            match loser {
                Color::White => "Белые",
                Color::Black => "Чёрные",
            },
            result_with_score(GameResult::win_for(loser.opposite()), lang)
        ),
        (DirectorEvent::Annulled, Language::En) => {
            "The referee annuls the game; it counts for nobody.".into()
        }
        (DirectorEvent::Annulled, Language::Ru) => {
            "Судья аннулировал партию; она не засчитывается.".into()
        }
        (DirectorEvent::RolledBack { to, removed }, Language::En) => format!(
            "The referee takes the game back to the position after ply {to} ({} removed).",
            super::game::count_en(removed, "ply", "plies")
        ),
        (DirectorEvent::RolledBack { to, removed }, Language::Ru) => format!(
            "Судья вернул партию к позиции после полухода {to} (снято полуходов: {removed})."
        ),
        (DirectorEvent::DaysAdded { side, days }, Language::En) if days >= 0 => format!(
            "The referee adds {} to the clock of {}.",
            super::game::days(days.unsigned_abs(), lang),
            side_name(side, lang)
        ),
        (DirectorEvent::DaysAdded { side, days }, Language::En) => format!(
            "The referee takes {} from the clock of {}.",
            super::game::days(days.unsigned_abs(), lang),
            side_name(side, lang)
        ),
        (DirectorEvent::DaysAdded { side, days }, Language::Ru) if days >= 0 => format!(
            "Судья добавил {} на часы: {}.",
            super::game::days(days.unsigned_abs(), lang),
            side_name(side, lang)
        ),
        (DirectorEvent::DaysAdded { side, days }, Language::Ru) => format!(
            "Судья снял {} с часов: {}.",
            super::game::days(days.unsigned_abs(), lang),
            side_name(side, lang)
        ),
        (DirectorEvent::Paused, Language::En) => "The referee pauses the game.".into(),
        (DirectorEvent::Paused, Language::Ru) => "Судья приостановил партию.".into(),
        (DirectorEvent::Adjourned, Language::En) => "The referee adjourns the game.".into(),
        (DirectorEvent::Adjourned, Language::Ru) => "Судья отложил партию.".into(),
        (DirectorEvent::Resumed, Language::En) => "The referee resumes the game.".into(),
        (DirectorEvent::Resumed, Language::Ru) => "Судья возобновил партию.".into(),
        (DirectorEvent::Resent, Language::En) => {
            "The referee sends the game's invitation again, with the current position.".into()
        }
        (DirectorEvent::Resent, Language::Ru) => {
            "Судья повторно отправил приглашение в партию с текущей позицией.".into()
        }
    };
    let reason = reason.trim();
    if reason.is_empty() {
        return what;
    }
    match lang {
        Language::En => format!("{what} Reason: {reason}"),
        Language::Ru => format!("{what} Причина: {reason}"),
    }
}

/// Told to both players when a director's action (a rollback, an
/// adjudication, a forfeit, an annulment) made the pending sealed move void,
/// without revealing it (seed 003 art. 15-17 presume the sealed position).
#[must_use]
pub fn sealed_dropped(lang: Language) -> String {
    match lang {
        Language::En => "The move sealed in this game is void and will not be played: the referee changed the position or ended the game. It stays unrevealed.".into(),
        Language::Ru => "Записанный (секретный) ход этой партии отменён и не будет сделан: судья изменил позицию или завершил партию. Ход остаётся нераскрытым.".into(),
    }
}

/// The line on top of a game's state re-sent by a director (`game resend`):
/// the game as it stands, not a new game; how to answer; the director's
/// reason if one was given.
#[must_use]
pub fn resent(reason: Option<&str>, lang: Language) -> String {
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    match (reason, lang) {
        (Some(r), Language::En) => format!(
            "The referee re-sends you this game as it stands (reason: {r}). To play, reply to this mail."
        ),
        (None, Language::En) => {
            "The referee re-sends you this game as it stands. To play, reply to this mail.".into()
        }
        (Some(r), Language::Ru) => format!(
            "Судья повторно высылает вам эту партию в её нынешнем положении (причина: {r}). Чтобы сделать ход, ответьте на это письмо."
        ),
        (None, Language::Ru) => "Судья повторно высылает вам эту партию в её нынешнем положении. Чтобы сделать ход, ответьте на это письмо.".into(),
    }
}

/// A date as the reader writes it: `2026-12-20` / `20.12.2026`.
#[must_use]
pub fn date(d: NaiveDate, lang: Language) -> String {
    match lang {
        Language::En => d.format("%Y-%m-%d").to_string(),
        Language::Ru => d.format("%d.%m.%Y").to_string(),
    }
}

/// The leave event as a sentence.
#[must_use]
pub fn leave(event: &LeaveEvent, lang: Language) -> String {
    use super::game::days as day_count;
    match event {
        LeaveEvent::Recorded {
            from,
            to,
            days,
            left,
        } => {
            let (from, to) = (date(*from, lang), date(*to, lang));
            let (days, left) = (day_count(*days, lang), day_count(*left, lang));
            match lang {
                Language::En => format!(
                    "Your leave from {from} to {to} ({days}) is recorded; your clocks stop then. Leave left this year: {left}."
                ),
                Language::Ru => format!(
                    "Ваш отпуск с {from} по {to} ({days}) записан; на это время ваши часы остановлены. Осталось отпуска в этом году: {left}."
                ),
            }
        }
        LeaveEvent::ByReferee { reason } => match lang {
            Language::En => format!("The referee entered this leave for you (reason: {reason})."),
            Language::Ru => format!("Судья записал за вас этот отпуск (причина: {reason})."),
        },
        LeaveEvent::Opponent { name, from, to } => {
            let (from, to) = (date(*from, lang), date(*to, lang));
            match lang {
                Language::En => format!(
                    "Your opponent {name} takes leave from {from} to {to}; their clock stops then."
                ),
                Language::Ru => format!(
                    "Ваш соперник {name} берёт отпуск с {from} по {to}; на это время часы соперника остановлены."
                ),
            }
        }
    }
}

/// The clock event as a sentence.
#[must_use]
pub fn clock(event: &ClockEvent, lang: Language) -> String {
    match (event, lang) {
        // The time left is the clock's: a leave before the deadline stops
        // it, so the deadline is named, not counted from today.
        (ClockEvent::DeadlineNear { hours, deadline }, Language::En) => {
            let left = if hours % 24 == 0 {
                super::game::days_en(hours / 24)
            } else {
                super::game::count_en(*hours, "hour", "hours")
            };
            format!("Your move is due by {deadline}: {left} left on your clock.")
        }
        (ClockEvent::DeadlineNear { hours, deadline }, Language::Ru) => {
            let left = if hours % 24 == 0 {
                super::game::days_ru(hours / 24)
            } else {
                format!("{hours} ч")
            };
            format!("Ваш ход нужно сделать до {deadline}: на ваших часах осталось {left}.")
        }
        // Days of the clock: leave days are not among them.
        (ClockEvent::Silent { days, deadline }, Language::En) => format!(
            "No move from you for {} of your clock (leave days do not count). Your move is due by {deadline}.",
            super::game::days_en(*days)
        ),
        (ClockEvent::Silent { days, deadline }, Language::Ru) => format!(
            "От вас нет хода уже {} по вашим часам (дни отпуска не считаются). Ход нужно сделать до {deadline}.",
            super::game::days_ru(*days)
        ),
        (
            ClockEvent::LostOnTime {
                name,
                deadline,
                result,
            },
            Language::En,
        ) => format!(
            "{name} did not move by the deadline {deadline}: the game is lost on time. {}.",
            result_with_score(*result, lang)
        ),
        (
            ClockEvent::LostOnTime {
                name,
                deadline,
                result,
            },
            Language::Ru,
        ) => format!(
            "{name}: ход не сделан до контрольного срока {deadline}, поражение по времени. {}.",
            result_with_score(*result, lang)
        ),
        (
            ClockEvent::TimeOutReported {
                game,
                name,
                deadline,
            },
            Language::En,
        ) => format!(
            "Game #{game}: {name} did not move by the deadline {deadline}. Decide with `zaochka referee forfeit` or `zaochka referee add-days`."
        ),
        (
            ClockEvent::TimeOutReported {
                game,
                name,
                deadline,
            },
            Language::Ru,
        ) => format!(
            "Партия №{game}: {name} не сделал(а) ход до контрольного срока {deadline}. Решите командой `zaochka referee forfeit` или `zaochka referee add-days`."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_director_event_is_worded_in_both_languages() {
        let all = [
            DirectorEvent::Adjudicated(GameResult::Draw),
            DirectorEvent::Forfeited(Color::Black),
            DirectorEvent::Withdrew(Color::White),
            DirectorEvent::Annulled,
            DirectorEvent::RolledBack { to: 4, removed: 2 },
            DirectorEvent::DaysAdded {
                side: Color::White,
                days: 3,
            },
            DirectorEvent::DaysAdded {
                side: Color::White,
                days: -3,
            },
            DirectorEvent::Paused,
            DirectorEvent::Adjourned,
            DirectorEvent::Resumed,
            DirectorEvent::Resent,
        ];
        for e in all {
            // Fails to compile when an event is added without a case here.
            match e {
                DirectorEvent::Adjudicated(_)
                | DirectorEvent::Forfeited(_)
                | DirectorEvent::Withdrew(_)
                | DirectorEvent::Annulled
                | DirectorEvent::RolledBack { .. }
                | DirectorEvent::DaysAdded { .. }
                | DirectorEvent::Paused
                | DirectorEvent::Adjourned
                | DirectorEvent::Resumed
                | DirectorEvent::Resent => {}
            }
            let ru = director(e, "сбой почты", Language::Ru);
            assert!(
                ru.split(|c: char| !c.is_ascii_alphabetic())
                    .all(|w| w.len() < 3),
                "{ru}"
            );
            assert!(director(e, "outage", Language::En).ends_with("Reason: outage"));
        }
        for e in [
            ClockEvent::DeadlineNear {
                hours: 36,
                deadline: "2026-12-04 18:00 MSK".into(),
            },
            ClockEvent::Silent {
                days: 14,
                deadline: "2026-12-04 18:00 MSK".into(),
            },
            ClockEvent::LostOnTime {
                name: "Петров".into(),
                deadline: "2026-12-04 15:00 UTC".into(),
                result: GameResult::WhiteWins,
            },
            ClockEvent::TimeOutReported {
                game: 3,
                name: "Петров".into(),
                deadline: "2026-12-04 15:00 UTC".into(),
            },
        ] {
            let ru = clock(&e, Language::Ru);
            // Only the command a referee types (and the zone) may be Latin.
            let prose = ru
                .replace("zaochka referee forfeit", "")
                .replace("zaochka referee add-days", "");
            assert!(
                prose
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .all(|w| w.len() < 4),
                "{ru}"
            );
        }
        let d = |m, day| NaiveDate::from_ymd_opt(2026, m, day).unwrap();
        let ru = leave(
            &LeaveEvent::Opponent {
                name: "Петров".into(),
                from: d(12, 20),
                to: d(12, 31),
            },
            Language::Ru,
        );
        assert!(ru.contains("с 20.12.2026 по 31.12.2026"), "{ru}");
    }

    /// A reminder counts the time of the player's clock, which a leave stops:
    /// it names the deadline and says the days are the clock's.
    #[test]
    fn reminders_count_the_clocks_days_and_name_the_deadline() {
        let near = ClockEvent::DeadlineNear {
            hours: 72,
            deadline: "2026-12-20 12:00 UTC".into(),
        };
        assert_eq!(
            clock(&near, Language::Ru),
            "Ваш ход нужно сделать до 2026-12-20 12:00 UTC: на ваших часах осталось 3 дня."
        );
        assert_eq!(
            clock(&near, Language::En),
            "Your move is due by 2026-12-20 12:00 UTC: 3 days left on your clock."
        );
        let silent = ClockEvent::Silent {
            days: 14,
            deadline: "2026-12-30 12:00 UTC".into(),
        };
        assert!(
            clock(&silent, Language::Ru).starts_with(
                "От вас нет хода уже 14 дней по вашим часам (дни отпуска не считаются)."
            ),
            "{}",
            clock(&silent, Language::Ru)
        );
    }
}
