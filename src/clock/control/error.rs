//! Why a time control was refused, and the refusal as a sentence.

use crate::lang::plural::days_word_ru;
use crate::vocabulary::Language;

/// Why a time control was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// A number of days that must be positive is zero.
    #[error("a time control needs at least one day: {field} is 0")]
    ZeroDays {
        /// Which number: `"days per move"`, `"days per period"`, `"base days"`.
        field: &'static str,
    },
    /// More days than allowed.
    #[error("{field} is {days}, more than the {max} allowed")]
    TooManyDays {
        /// Which number.
        field: &'static str,
        /// The value given.
        days: u32,
        /// The largest allowed.
        max: u32,
    },
    /// A cumulative control with zero moves per period.
    #[error("a time control needs at least one move per period, not 0")]
    ZeroMoves,
    /// More moves per period than [`MAX_MOVES_PER_PERIOD`](super::MAX_MOVES_PER_PERIOD).
    #[error("{moves} moves per period is more than the {max} allowed")]
    TooManyMoves {
        /// The value given.
        moves: u32,
        /// [`MAX_MOVES_PER_PERIOD`](super::MAX_MOVES_PER_PERIOD).
        max: u32,
    },
    /// A Fischer cap below the base time.
    #[error("the cap of {cap} days is below the base of {base} days")]
    CapBelowBase {
        /// Cap in days.
        cap: u32,
        /// Base in days.
        base: u32,
    },
    /// Doubling after 0 days (every day doubled) is not a rule anyone uses.
    #[error("days may count double only after at least one day, not after 0")]
    ZeroDoubleAfter,
    /// The text is not a time control.
    #[error("cannot read time control {text:?}: {reason}")]
    Syntax {
        /// The text as given.
        text: String,
        /// What was expected (English).
        reason: &'static str,
    },
    /// A JSON value (given on the command line, or stored) is not a time
    /// control; the JSON reader's words say where it differs from the form.
    #[error("the JSON is not a time control in its JSON form ({0})")]
    Json(String),
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
