//! The clock's values in words: a time control, why a time control, a leave
//! or a time zone was refused, and a duration in days and hours. The clock
//! passes these as typed values ([`TimeControl`], [`ControlError`],
//! [`LeaveError`], [`ZoneError`], seconds); the English of the errors is
//! their `Display`, the Russian is here.

use crate::clock::charge::{DAY, HOUR};
use crate::clock::control::{Limit, TimeControl};
use crate::clock::{ControlError, LeaveError, ZoneError};
use crate::vocabulary::Language;
use crate::words::plural::{days_word_ru, moves_word_ru};

impl TimeControl {
    /// The control in words, for replies: `3 days per move`, `10 moves in 50
    /// days (ICCF counting)`, `Fischer: 30 days + 3 days per move, at most 60 days`.
    #[must_use]
    pub fn describe(&self, lang: Language) -> String {
        let plural = |n: u32, one: &str, many: &str| {
            if n == 1 {
                format!("{n} {one}")
            } else {
                format!("{n} {many}")
            }
        };
        let ru = |n: u32| format!("{n} {}", days_word_ru(u64::from(n)));
        let mut text = match (self.limit(), lang) {
            (Limit::DaysPerMove { days }, Language::En) => {
                format!("{} per move", plural(days, "day", "days"))
            }
            (Limit::DaysPerMove { days }, Language::Ru) => format!("{} на ход", ru(days)),
            (Limit::MovesInDays { moves, days }, Language::En) => format!(
                "{} in {}",
                plural(moves, "move", "moves"),
                plural(days, "day", "days")
            ),
            (Limit::MovesInDays { moves, days }, Language::Ru) => format!(
                "{moves} {} за {}",
                moves_word_ru(u64::from(moves)),
                ru(days)
            ),
            (
                Limit::Fischer {
                    base_days,
                    increment_days,
                    cap_days,
                },
                Language::En,
            ) => {
                let mut s = format!(
                    "Fischer: {} + {} per move",
                    plural(base_days, "day", "days"),
                    plural(increment_days, "day", "days")
                );
                if let Some(cap) = cap_days {
                    s.push_str(&format!(", at most {}", plural(cap, "day", "days")));
                }
                s
            }
            (
                Limit::Fischer {
                    base_days,
                    increment_days,
                    cap_days,
                },
                Language::Ru,
            ) => {
                let mut s = format!("Фишер: {} + {} за ход", ru(base_days), ru(increment_days));
                if let Some(cap) = cap_days {
                    s.push_str(&format!(", не более {}", ru(cap)));
                }
                s
            }
        };
        let c = self.counting();
        if !c.is_exact() {
            let rules: Vec<String> = match lang {
                Language::En => {
                    let mut r = Vec::new();
                    if c.whole_days {
                        r.push("whole days, a reply within 24 hours costs no day".to_owned());
                    }
                    if let Some(d) = c.double_after_days {
                        r.push(format!("days beyond {d} on one move count double"));
                    }
                    r
                }
                Language::Ru => {
                    let mut r = Vec::new();
                    if c.whole_days {
                        r.push("целые сутки, ответ в течение 24 часов не расходует дня".to_owned());
                    }
                    if let Some(d) = c.double_after_days {
                        r.push(format!("дни сверх {d} на один ход считаются вдвойне"));
                    }
                    r
                }
            };
            text.push_str(&format!(" ({})", rules.join("; ")));
        }
        text
    }
}

impl ControlError {
    /// The error as a sentence in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::En {
            return self.to_string();
        }
        match self {
            ControlError::ZeroDays { field } => {
                format!(
                    "в контроле времени нужен хотя бы один день: {} = 0",
                    field_ru(field)
                )
            }
            ControlError::TooManyDays { field, days, max } => {
                format!("{} = {days}, это больше допустимых {max}", field_ru(field))
            }
            ControlError::ZeroMoves => {
                "в контроле времени нужен хотя бы один ход на период, а не 0".to_owned()
            }
            ControlError::TooManyMoves { moves, max } => {
                format!("{moves} ходов на период — больше допустимых {max}")
            }
            ControlError::CapBelowBase { cap, base } => format!(
                "потолок {cap} {} меньше основного времени {base} {}",
                days_word_ru(u64::from(*cap)),
                days_word_ru(u64::from(*base))
            ),
            ControlError::ZeroDoubleAfter => {
                "удвоение дней возможно только после хотя бы одного дня, а не после 0".to_owned()
            }
            ControlError::Syntax { text, .. } => format!(
                "не удалось прочитать контроль времени {text:?}: ожидается, например, \
                 «3 дня на ход», «10/50», «10/50 икчф» или «фишер 30+3 макс 60»"
            ),
            ControlError::Json(e) => {
                format!("этот JSON — не контроль времени в форме JSON ({e})")
            }
        }
    }
}

fn field_ru(field: &str) -> &'static str {
    match field {
        "days per move" => "дней на ход",
        "days per period" => "дней на период",
        "base days" => "основное время (дней)",
        "increment days" => "добавка за ход (дней)",
        "cap days" => "потолок (дней)",
        "double after days" => "удвоение после (дней)",
        _ => "число дней",
    }
}

impl LeaveError {
    /// The error as a sentence in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::En {
            return self.to_string();
        }
        match self {
            LeaveError::Syntax(t) => format!(
                "не удалось прочитать запрос отпуска {t:?}: напишите, например, \
                 «отпуск 2026-12-20 2027-01-03» или «отпуск 2026-12-20 14»"
            ),
            LeaveError::BadDate(t) => {
                format!("{t:?} — не дата: пишите ГГГГ-ММ-ДД, например 2026-12-20")
            }
            LeaveError::EndBeforeStart { first, last } => {
                format!("отпуск кончается {last} раньше, чем начинается ({first})")
            }
            LeaveError::NotPositive(n) => {
                format!("отпуск должен быть не короче одного дня, а не {n}")
            }
            LeaveError::InPast { first, today } => {
                format!("отпуск начинается {first}, в прошлом: сегодня {today}")
            }
            LeaveError::Overlaps { first, last } => {
                format!("отпуск пересекается с вашим отпуском с {first} по {last}")
            }
            LeaveError::BeyondAllowance {
                year,
                requested,
                taken,
                left,
                allowance,
            } => format!(
                "отпуску нужно {requested} {} {year} года, но из {allowance} {} {year} года \
                 осталось {left} (использовано {taken})",
                days_word_ru(u64::from(*requested)),
                days_word_ru(u64::from(*allowance)),
            ),
            LeaveError::OnLeave { last } => {
                format!("вы в отпуске по {last} включительно: во время отпуска ходы не принимаются")
            }
        }
    }
}

impl ZoneError {
    /// The error as a sentence in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        match lang {
            Language::En => self.to_string(),
            Language::Ru => format!(
                "неизвестный часовой пояс {:?}: нужно имя IANA, например Europe/Moscow",
                self.0
            ),
        }
    }
}

/// A duration in days and hours, rounded down to the hour: `3 d 4 h`,
/// `3 дн. 4 ч`; a negative duration keeps its sign (`-2 d 0 h`): a balance
/// a director took below zero is shown as it is.
#[must_use]
pub fn days_hours(seconds: i64, lang: Language) -> String {
    // Below an hour rounds to "0 h": no sign then.
    let sign = if seconds <= -HOUR { "-" } else { "" };
    let s = seconds.abs();
    let days = s / DAY;
    let hours = s % DAY / HOUR;
    match lang {
        Language::En => format!("{sign}{days} d {hours} h"),
        Language::Ru => format!("{sign}{days} дн. {hours} ч"),
    }
}

#[cfg(test)]
mod tests;
