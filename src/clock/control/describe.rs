//! A time control in words, for replies, in English and Russian.

use super::model::{Limit, TimeControl};
use crate::lang::plural::{days_word_ru, moves_word_ru};
use crate::vocabulary::Language;

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
        let mut text = match (self.limit, lang) {
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
        let c = self.counting;
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
