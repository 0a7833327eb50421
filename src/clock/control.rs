//! Time controls as data: what a side may spend, counted in days.
//!
//! Three limits ([`Limit`]):
//!
//! - **days per move** (Lichess style): every move has the same limit, from 1
//!   to [`MAX_DAYS_PER_MOVE`] days; unused time is not carried over;
//! - **N moves in D days** (ICCF style, cumulative): the Nth move must be made
//!   within D days of reflection time, the 2Nth within 2D, and so on; unused
//!   time is carried over to the next period;
//! - **Fischer in days**: a bank of base days, increment days added after each
//!   of the side's moves, optionally cut to a cap.
//!
//! and one counting rule on top ([`Counting`]), the two optional ICCF rules:
//! time charged in whole 24-hour periods rounded down (so a move answered
//! within 24 hours costs no day), and days beyond 20 on a single move counted
//! double. See [`crate::clock::charge`] for the arithmetic.
//!
//! # Text form
//!
//! [`TimeControl::parse`] reads what a tournament director or player writes
//! (case-insensitive, spaces optional around `/` and `+`, a trailing `.` on
//! words ignored):
//!
//! | text | meaning |
//! |---|---|
//! | `3d/move`, `3 days/move`, `3 days per move`, `3/move`, `3д/ход`, `3 дня на ход` | 3 days per move |
//! | `10/50`, `10/50d`, `10 moves in 50 days`, `10 ходов за 50 дней` | 10 moves in 50 days |
//! | `fischer 30+3`, `фишер 30+3` | Fischer: 30 days, 3 days added per move, no cap |
//! | `fischer 30+3 cap 60`, `фишер 30+3 макс 60` (also `max`, `потолок`, `предел`) | the same, bank cut to 60 days after each move |
//!
//! Any of these may be followed by modifiers: `iccf` (or `икчф`, `ICCF`) for
//! both ICCF rules with doubling after 20 days, `whole-days` (`целые-дни`)
//! for whole-day counting alone, `double-after N` (`удвоение N`) for doubling
//! after N days. [`TimeControl`]'s `Display` writes the canonical form (`3d/move`,
//! `10/50 iccf`, `fischer 30+3 cap 60`), which parses back to the same control.
//!
//! # Stored form
//!
//! `games.time_control` holds the serde JSON of [`TimeControl`]:
//!
//! ```json
//! {"type":"days_per_move","days":3}
//! {"type":"moves_in_days","moves":10,"days":50,"counting":{"whole_days":true,"double_after_days":20}}
//! {"type":"fischer","base_days":30,"increment_days":3,"cap_days":60}
//! ```
//!
//! Reading JSON validates it like the constructors do, so every
//! [`TimeControl`] value is valid.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::lang::Language;

/// The longest "days per move" limit: 60 days.
pub const MAX_DAYS_PER_MOVE: u32 = 60;

/// The longest period of a cumulative control, and the largest Fischer base
/// or cap: 1000 days.
pub const MAX_TOTAL_DAYS: u32 = 1000;

/// The most days a director may give to or take from one clock at once
/// (`referee add-days`): one year, 365 days. More is a typing slip (a
/// deadline in 2300), never a decision.
pub const MAX_ADD_DAYS: u32 = 365;

/// The most moves in one period of a cumulative control: 100.
pub const MAX_MOVES_PER_PERIOD: u32 = 100;

/// The largest Fischer increment: 60 days per move.
pub const MAX_INCREMENT_DAYS: u32 = 60;

/// ICCF's doubling threshold: days beyond 20 on one move count double.
pub const ICCF_DOUBLE_AFTER_DAYS: u32 = 20;

/// How much time a side has, in days.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Limit {
    /// The same limit for every move, in days (1 to [`MAX_DAYS_PER_MOVE`]);
    /// it starts afresh after each move.
    DaysPerMove {
        /// Days for each move.
        days: u32,
    },
    /// `moves` moves in `days` days, cumulative: by its `k * moves`th move a
    /// side may have used at most `k * days` days in all.
    MovesInDays {
        /// Moves per period (1 to [`MAX_MOVES_PER_PERIOD`]).
        moves: u32,
        /// Days per period (1 to [`MAX_TOTAL_DAYS`]).
        days: u32,
    },
    /// Fischer in days: `base_days` at the start, `increment_days` added after
    /// each of the side's moves; with a cap, the time left after a move is
    /// cut to `cap_days`.
    Fischer {
        /// Starting bank in days (1 to [`MAX_TOTAL_DAYS`]).
        base_days: u32,
        /// Days added after each move (0 to [`MAX_INCREMENT_DAYS`]).
        increment_days: u32,
        /// Most days a side may have left after a move; at least `base_days`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cap_days: Option<u32>,
    },
}

/// How reflection time is turned into charged time: the optional ICCF rules.
///
/// The default counts exact seconds with no doubling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counting {
    /// Charge whole 24-hour periods, rounded down (ICCF Playing Rules art.
    /// 2.4.2: time is accounted in whole days, and a player has 24 hours to
    /// answer before one day is charged). A move answered within 24 hours
    /// then costs no day.
    #[serde(default)]
    pub whole_days: bool,
    /// Days of one move beyond this many count double (ICCF: 20). At least 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_after_days: Option<u32>,
}

impl Counting {
    /// Exact seconds, no doubling.
    pub const EXACT: Counting = Counting {
        whole_days: false,
        double_after_days: None,
    };

    /// Both ICCF rules: whole days, doubling after 20 days.
    pub const ICCF: Counting = Counting {
        whole_days: true,
        double_after_days: Some(ICCF_DOUBLE_AFTER_DAYS),
    };

    /// True for exact counting with no doubling (the default).
    #[must_use]
    pub fn is_exact(&self) -> bool {
        *self == Counting::EXACT
    }
}

/// A validated time control: a [`Limit`] and a [`Counting`] rule.
///
/// Serialises to the JSON stored in `games.time_control` (see the module
/// documentation); deserialising validates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawControl", into = "RawControl")]
pub struct TimeControl {
    limit: Limit,
    counting: Counting,
}

/// The JSON shape, before validation.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
struct RawControl {
    #[serde(flatten)]
    limit: Limit,
    #[serde(default, skip_serializing_if = "Counting::is_exact")]
    counting: Counting,
}

impl TryFrom<RawControl> for TimeControl {
    type Error = ControlError;

    fn try_from(raw: RawControl) -> Result<TimeControl, ControlError> {
        TimeControl::new(raw.limit, raw.counting)
    }
}

impl From<TimeControl> for RawControl {
    fn from(c: TimeControl) -> RawControl {
        RawControl {
            limit: c.limit,
            counting: c.counting,
        }
    }
}

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
    /// More moves per period than [`MAX_MOVES_PER_PERIOD`].
    #[error("{moves} moves per period is more than the {max} allowed")]
    TooManyMoves {
        /// The value given.
        moves: u32,
        /// [`MAX_MOVES_PER_PERIOD`].
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
    /// The stored JSON is not a time control.
    #[error("stored time control is not valid: {0}")]
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
            ControlError::Json(e) => format!("сохранённый контроль времени неверен: {e}"),
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

/// The Russian word for "days" after the number `n` (1 день, 2 дня, 5 дней).
#[must_use]
pub fn days_word_ru(n: u64) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=14) => "дней",
        (1, _) => "день",
        (2..=4, _) => "дня",
        _ => "дней",
    }
}

/// The Russian word for "moves" after the number `n` (1 ход, 2 хода, 5 ходов).
#[must_use]
pub fn moves_word_ru(n: u64) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=14) => "ходов",
        (1, _) => "ход",
        (2..=4, _) => "хода",
        _ => "ходов",
    }
}

fn check_days(field: &'static str, days: u32, max: u32) -> Result<(), ControlError> {
    if days == 0 {
        return Err(ControlError::ZeroDays { field });
    }
    if days > max {
        return Err(ControlError::TooManyDays { field, days, max });
    }
    Ok(())
}

impl TimeControl {
    /// A validated control.
    ///
    /// # Errors
    /// [`ControlError::ZeroDays`] for a zero day count (days per move, days
    /// per period, Fischer base); [`ControlError::TooManyDays`] beyond
    /// [`MAX_DAYS_PER_MOVE`] per move, [`MAX_TOTAL_DAYS`] per period, base or
    /// cap, [`MAX_INCREMENT_DAYS`] increment; [`ControlError::ZeroMoves`] /
    /// [`ControlError::TooManyMoves`] for the moves per period;
    /// [`ControlError::CapBelowBase`]; [`ControlError::ZeroDoubleAfter`].
    pub fn new(limit: Limit, counting: Counting) -> Result<TimeControl, ControlError> {
        match limit {
            Limit::DaysPerMove { days } => check_days("days per move", days, MAX_DAYS_PER_MOVE)?,
            Limit::MovesInDays { moves, days } => {
                if moves == 0 {
                    return Err(ControlError::ZeroMoves);
                }
                if moves > MAX_MOVES_PER_PERIOD {
                    return Err(ControlError::TooManyMoves {
                        moves,
                        max: MAX_MOVES_PER_PERIOD,
                    });
                }
                check_days("days per period", days, MAX_TOTAL_DAYS)?;
            }
            Limit::Fischer {
                base_days,
                increment_days,
                cap_days,
            } => {
                check_days("base days", base_days, MAX_TOTAL_DAYS)?;
                if increment_days > MAX_INCREMENT_DAYS {
                    return Err(ControlError::TooManyDays {
                        field: "increment days",
                        days: increment_days,
                        max: MAX_INCREMENT_DAYS,
                    });
                }
                if let Some(cap) = cap_days {
                    if cap < base_days {
                        return Err(ControlError::CapBelowBase {
                            cap,
                            base: base_days,
                        });
                    }
                    check_days("cap days", cap, MAX_TOTAL_DAYS)?;
                }
            }
        }
        match counting.double_after_days {
            Some(0) => return Err(ControlError::ZeroDoubleAfter),
            Some(d) => check_days("double after days", d, MAX_TOTAL_DAYS)?,
            None => {}
        }
        Ok(TimeControl { limit, counting })
    }

    /// `days` days per move, exact counting.
    ///
    /// # Errors
    /// As [`TimeControl::new`]: zero or more than 60 days.
    pub fn days_per_move(days: u32) -> Result<TimeControl, ControlError> {
        TimeControl::new(Limit::DaysPerMove { days }, Counting::EXACT)
    }

    /// `moves` moves in `days` days, cumulative, with the given counting.
    ///
    /// # Errors
    /// As [`TimeControl::new`].
    pub fn moves_in_days(
        moves: u32,
        days: u32,
        counting: Counting,
    ) -> Result<TimeControl, ControlError> {
        TimeControl::new(Limit::MovesInDays { moves, days }, counting)
    }

    /// Fischer: `base_days`, plus `increment_days` after each move, cut to
    /// `cap_days` if given; exact counting.
    ///
    /// # Errors
    /// As [`TimeControl::new`].
    pub fn fischer(
        base_days: u32,
        increment_days: u32,
        cap_days: Option<u32>,
    ) -> Result<TimeControl, ControlError> {
        TimeControl::new(
            Limit::Fischer {
                base_days,
                increment_days,
                cap_days,
            },
            Counting::EXACT,
        )
    }

    /// The limit.
    #[must_use]
    pub fn limit(&self) -> Limit {
        self.limit
    }

    /// The counting rule.
    #[must_use]
    pub fn counting(&self) -> Counting {
        self.counting
    }

    /// The same limit with another counting rule.
    ///
    /// # Errors
    /// [`ControlError::ZeroDoubleAfter`] or [`ControlError::TooManyDays`] for
    /// a bad doubling threshold.
    pub fn with_counting(self, counting: Counting) -> Result<TimeControl, ControlError> {
        TimeControl::new(self.limit, counting)
    }

    /// The JSON value stored in `games.time_control`.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        // A plain struct of integers and booleans always serialises.
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// Reads the JSON stored in `games.time_control`, validating it.
    ///
    /// # Errors
    /// [`ControlError::Json`] naming what is wrong.
    pub fn from_json(value: &serde_json::Value) -> Result<TimeControl, ControlError> {
        TimeControl::deserialize(value).map_err(|e| ControlError::Json(e.to_string()))
    }

    /// Parses the text form (see the module documentation).
    ///
    /// # Errors
    /// [`ControlError::Syntax`] if the text is not a time control, or the
    /// validation errors of [`TimeControl::new`] (zero days, too many days,
    /// cap below base, ...).
    pub fn parse(text: &str) -> Result<TimeControl, ControlError> {
        let syntax = |reason| ControlError::Syntax {
            text: text.trim().to_owned(),
            reason,
        };
        let mut tokens = tokenize(text);
        let counting = take_modifiers(&mut tokens).ok_or_else(|| syntax(MODIFIER_HELP))?;
        let mut p = Parser { tokens, pos: 0 };
        let limit = if p.eat_any(FISCHER_WORDS) {
            let base = p.number().ok_or_else(|| syntax(FISCHER_HELP))?;
            p.eat_any(DAY_WORDS);
            if !p.eat("+") {
                return Err(syntax(FISCHER_HELP));
            }
            let increment = p.number().ok_or_else(|| syntax(FISCHER_HELP))?;
            p.eat_any(DAY_WORDS);
            if (p.eat("/") || p.eat_any(PER_WORDS)) && !p.eat_any(MOVE_WORDS) {
                return Err(syntax(FISCHER_HELP));
            }
            let cap = if p.eat_any(CAP_WORDS) {
                let cap = p.number().ok_or_else(|| syntax(FISCHER_HELP))?;
                p.eat_any(DAY_WORDS);
                Some(cap)
            } else {
                None
            };
            Limit::Fischer {
                base_days: base,
                increment_days: increment,
                cap_days: cap,
            }
        } else {
            let first = p.number().ok_or_else(|| syntax(GENERAL_HELP))?;
            if p.eat_any(MOVE_WORDS) {
                // "10 moves in 50 days"
                if !(p.eat("/") || p.eat_any(IN_WORDS)) {
                    return Err(syntax(GENERAL_HELP));
                }
                let days = p.number().ok_or_else(|| syntax(GENERAL_HELP))?;
                p.eat_any(DAY_WORDS);
                Limit::MovesInDays { moves: first, days }
            } else {
                let had_day_word = p.eat_any(DAY_WORDS);
                if !(p.eat("/") || p.eat_any(PER_WORDS) || p.eat_any(IN_WORDS)) {
                    return Err(syntax(GENERAL_HELP));
                }
                if p.eat_any(MOVE_WORDS) {
                    Limit::DaysPerMove { days: first }
                } else if had_day_word {
                    return Err(syntax(GENERAL_HELP));
                } else {
                    let days = p.number().ok_or_else(|| syntax(GENERAL_HELP))?;
                    p.eat_any(DAY_WORDS);
                    Limit::MovesInDays { moves: first, days }
                }
            }
        };
        if !p.at_end() {
            return Err(syntax(GENERAL_HELP));
        }
        TimeControl::new(limit, counting)
    }

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

impl fmt::Display for TimeControl {
    /// The canonical text form: `3d/move`, `10/50`, `fischer 30+3 cap 60`,
    /// then `iccf`, or `whole-days` and `double-after N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limit {
            Limit::DaysPerMove { days } => write!(f, "{days}d/move")?,
            Limit::MovesInDays { moves, days } => write!(f, "{moves}/{days}")?,
            Limit::Fischer {
                base_days,
                increment_days,
                cap_days,
            } => {
                write!(f, "fischer {base_days}+{increment_days}")?;
                if let Some(cap) = cap_days {
                    write!(f, " cap {cap}")?;
                }
            }
        }
        if self.counting == Counting::ICCF {
            write!(f, " iccf")?;
        } else {
            if self.counting.whole_days {
                write!(f, " whole-days")?;
            }
            if let Some(d) = self.counting.double_after_days {
                write!(f, " double-after {d}")?;
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for TimeControl {
    type Err = ControlError;

    fn from_str(s: &str) -> Result<TimeControl, ControlError> {
        TimeControl::parse(s)
    }
}

const GENERAL_HELP: &str =
    "expected e.g. `3d/move`, `10/50`, `10/50 iccf` or `fischer 30+3 cap 60`";
const FISCHER_HELP: &str = "expected `fischer BASE+INCREMENT` in days, optionally `cap DAYS`";
const MODIFIER_HELP: &str = "expected a number after `double-after`";

const FISCHER_WORDS: &[&str] = &["fischer", "фишер", "фишера"];
const DAY_WORDS: &[&str] = &[
    "d",
    "day",
    "days",
    "д",
    "дн",
    "день",
    "дня",
    "дней",
    "сут",
    "суток",
    "сутки",
];
const MOVE_WORDS: &[&str] = &["move", "moves", "m", "ход", "хода", "ходов", "ходу"];
const PER_WORDS: &[&str] = &["per", "a", "на", "за"];
const IN_WORDS: &[&str] = &["in", "за", "в"];
const CAP_WORDS: &[&str] = &[
    "cap",
    "max",
    "maximum",
    "макс",
    "максимум",
    "потолок",
    "предел",
];
const ICCF_WORDS: &[&str] = &["iccf", "икчф"];
const WHOLE_DAYS_WORDS: &[&str] = &["whole-days", "целые-дни"];
const DOUBLE_WORDS: &[&str] = &["double-after", "удвоение"];

/// Splits the text into lowercase tokens: runs of digits, runs of letters
/// (with inner `-`), and the symbols `/`, `+` and a free-standing `-` (which
/// no rule accepts, so `-3d/move` is refused). Anything else separates.
fn tokenize(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut kind = 0u8; // 1 digits, 2 letters
    let flush = |current: &mut String, tokens: &mut Vec<String>| {
        if !current.is_empty() {
            tokens.push(std::mem::take(current));
        }
    };
    for c in text.trim().chars().flat_map(char::to_lowercase) {
        let k = if c.is_ascii_digit() {
            1
        } else if c.is_alphabetic() || (c == '-' && kind == 2) {
            2
        } else {
            0
        };
        if k != kind || k == 0 {
            flush(&mut current, &mut tokens);
        }
        kind = k;
        match k {
            0 if c == '/' || c == '+' || c == '-' => tokens.push(c.to_string()),
            0 => {}
            _ => current.push(c),
        }
    }
    flush(&mut current, &mut tokens);
    // A trailing '-' of a word ("days-") is not part of it.
    for t in &mut tokens {
        while t.len() > 1 && t.ends_with('-') {
            t.pop();
        }
    }
    tokens
}

/// Removes the trailing counting modifiers; `None` if `double-after` lacks
/// its number.
fn take_modifiers(tokens: &mut Vec<String>) -> Option<Counting> {
    let mut counting = Counting::EXACT;
    let mut i = 0;
    let mut kept = Vec::new();
    while i < tokens.len() {
        let t = tokens[i].as_str();
        if ICCF_WORDS.contains(&t) {
            counting = Counting::ICCF;
        } else if WHOLE_DAYS_WORDS.contains(&t) {
            counting.whole_days = true;
        } else if DOUBLE_WORDS.contains(&t) {
            let n = tokens.get(i + 1)?.parse().ok()?;
            counting.double_after_days = Some(n);
            i += 1;
        } else {
            kept.push(tokens[i].clone());
        }
        i += 1;
    }
    *tokens = kept;
    Some(counting)
}

struct Parser {
    tokens: Vec<String>,
    pos: usize,
}

impl Parser {
    fn eat(&mut self, word: &str) -> bool {
        if self.tokens.get(self.pos).is_some_and(|t| t == word) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_any(&mut self, words: &[&str]) -> bool {
        if self
            .tokens
            .get(self.pos)
            .is_some_and(|t| words.contains(&t.as_str()))
        {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn number(&mut self) -> Option<u32> {
        let n = self.tokens.get(self.pos)?.parse().ok()?;
        self.pos += 1;
        Some(n)
    }

    fn at_end(&self) -> bool {
        self.pos == self.tokens.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn p(text: &str) -> TimeControl {
        TimeControl::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    #[test]
    fn days_per_move_is_read_in_english_and_russian() {
        let three = TimeControl::days_per_move(3).expect("valid");
        for text in [
            "3d/move",
            "3 d / move",
            "3 days/move",
            "3 days per move",
            "3 DAYS PER MOVE",
            "3/move",
            "3д/ход",
            "3 дня на ход",
            "3 дн. на ход",
            "3 суток на ход",
        ] {
            assert_eq!(p(text), three, "{text}");
        }
    }

    #[test]
    fn moves_in_days_is_read_with_and_without_iccf() {
        let plain = TimeControl::moves_in_days(10, 50, Counting::EXACT).expect("valid");
        let iccf = TimeControl::moves_in_days(10, 50, Counting::ICCF).expect("valid");
        for text in [
            "10/50",
            "10/50d",
            "10 / 50 days",
            "10 moves in 50 days",
            "10 ходов за 50 дней",
            "10 ходов в 50 дней",
        ] {
            assert_eq!(p(text), plain, "{text}");
        }
        for text in ["10/50 iccf", "10/50 ICCF", "10 ходов за 50 дней икчф"] {
            assert_eq!(p(text), iccf, "{text}");
        }
    }

    #[test]
    fn fischer_is_read_with_and_without_cap() {
        assert_eq!(
            p("fischer 30+3"),
            TimeControl::fischer(30, 3, None).expect("valid")
        );
        let capped = TimeControl::fischer(30, 3, Some(60)).expect("valid");
        for text in [
            "fischer 30+3 cap 60",
            "Fischer 30d + 3d per move cap 60 days",
            "фишер 30+3 макс 60",
            "фишер 30 + 3 за ход потолок 60",
        ] {
            assert_eq!(p(text), capped, "{text}");
        }
        assert_eq!(
            p("fischer 30+3 iccf"),
            TimeControl::fischer(30, 3, None)
                .and_then(|c| c.with_counting(Counting::ICCF))
                .expect("valid")
        );
    }

    #[test]
    fn separate_counting_modifiers_are_read() {
        let c = p("10/50 whole-days");
        assert_eq!(
            c.counting(),
            Counting {
                whole_days: true,
                double_after_days: None
            }
        );
        let c = p("10/50 double-after 30");
        assert_eq!(
            c.counting(),
            Counting {
                whole_days: false,
                double_after_days: Some(30)
            }
        );
    }

    #[test]
    fn canonical_text_parses_back_to_the_same_control() {
        let controls = [
            TimeControl::days_per_move(1),
            TimeControl::days_per_move(60),
            TimeControl::moves_in_days(10, 50, Counting::EXACT),
            TimeControl::moves_in_days(10, 50, Counting::ICCF),
            TimeControl::moves_in_days(
                5,
                30,
                Counting {
                    whole_days: true,
                    double_after_days: None,
                },
            ),
            TimeControl::moves_in_days(
                5,
                30,
                Counting {
                    whole_days: false,
                    double_after_days: Some(25),
                },
            ),
            TimeControl::fischer(30, 3, None),
            TimeControl::fischer(30, 3, Some(60)),
            TimeControl::fischer(10, 0, Some(10)),
        ];
        for c in controls {
            let c = c.expect("valid");
            assert_eq!(p(&c.to_string()), c, "{c}");
        }
        assert_eq!(p("3 дня на ход").to_string(), "3d/move");
        assert_eq!(p("10 ходов за 50 дней икчф").to_string(), "10/50 iccf");
        assert_eq!(p("фишер 30+3 макс 60").to_string(), "fischer 30+3 cap 60");
    }

    #[test]
    fn bad_controls_are_refused_with_the_reason() {
        assert_eq!(
            TimeControl::parse("0d/move"),
            Err(ControlError::ZeroDays {
                field: "days per move"
            })
        );
        assert_eq!(
            TimeControl::parse("61d/move"),
            Err(ControlError::TooManyDays {
                field: "days per move",
                days: 61,
                max: 60
            })
        );
        assert_eq!(TimeControl::parse("0/50"), Err(ControlError::ZeroMoves));
        assert_eq!(
            TimeControl::parse("10/0"),
            Err(ControlError::ZeroDays {
                field: "days per period"
            })
        );
        assert_eq!(
            TimeControl::parse("fischer 0+3"),
            Err(ControlError::ZeroDays { field: "base days" })
        );
        assert_eq!(
            TimeControl::parse("fischer 30+3 cap 20"),
            Err(ControlError::CapBelowBase { cap: 20, base: 30 })
        );
        assert_eq!(
            TimeControl::parse("10/50 double-after 0"),
            Err(ControlError::ZeroDoubleAfter)
        );
        for text in [
            "",
            "fast",
            "3d",
            "3 days",
            "10/",
            "/50",
            "fischer 30",
            "fischer 30+",
            "fischer 30+3 cap",
            "10/50 please",
            "3d/50",
            "-3d/move",
            "10/50 double-after",
        ] {
            assert!(
                matches!(TimeControl::parse(text), Err(ControlError::Syntax { .. })),
                "{text:?} gave {:?}",
                TimeControl::parse(text)
            );
        }
    }

    #[test]
    fn error_messages_are_clear_in_both_languages() {
        let e = TimeControl::parse("0d/move").expect_err("zero days");
        assert_eq!(
            e.message(Language::En),
            "a time control needs at least one day: days per move is 0"
        );
        assert_eq!(
            e.message(Language::Ru),
            "в контроле времени нужен хотя бы один день: дней на ход = 0"
        );
        let e = TimeControl::parse("fischer 30+3 cap 21").expect_err("cap");
        assert_eq!(
            e.message(Language::Ru),
            "потолок 21 день меньше основного времени 30 дней"
        );
    }

    #[test]
    fn json_round_trips_and_is_validated() {
        let c = TimeControl::moves_in_days(10, 50, Counting::ICCF).expect("valid");
        let j = c.to_json();
        assert_eq!(
            j,
            json!({"type": "moves_in_days", "moves": 10, "days": 50,
                   "counting": {"whole_days": true, "double_after_days": 20}})
        );
        assert_eq!(TimeControl::from_json(&j), Ok(c));
        let c = TimeControl::days_per_move(3).expect("valid");
        assert_eq!(c.to_json(), json!({"type": "days_per_move", "days": 3}));
        let c = TimeControl::fischer(30, 3, Some(60)).expect("valid");
        assert_eq!(
            c.to_json(),
            json!({"type": "fischer", "base_days": 30, "increment_days": 3, "cap_days": 60})
        );
        assert_eq!(TimeControl::from_json(&c.to_json()), Ok(c));
        let bad = TimeControl::from_json(&json!({"type": "days_per_move", "days": 0}));
        assert!(
            matches!(&bad, Err(ControlError::Json(e)) if e.contains("at least one day")),
            "{bad:?}"
        );
        assert!(TimeControl::from_json(&json!({"type": "hourglass"})).is_err());
    }

    #[test]
    fn descriptions_use_russian_plurals() {
        assert_eq!(p("1d/move").describe(Language::Ru), "1 день на ход");
        assert_eq!(p("3d/move").describe(Language::Ru), "3 дня на ход");
        assert_eq!(p("11d/move").describe(Language::Ru), "11 дней на ход");
        assert_eq!(p("21d/move").describe(Language::Ru), "21 день на ход");
        assert_eq!(p("10/50").describe(Language::Ru), "10 ходов за 50 дней");
        assert_eq!(p("1d/move").describe(Language::En), "1 day per move");
        assert_eq!(
            p("10/50 iccf").describe(Language::En),
            "10 moves in 50 days (whole days, a reply within 24 hours costs no day; \
             days beyond 20 on one move count double)"
        );
        assert_eq!(
            p("fischer 30+3 cap 60").describe(Language::En),
            "Fischer: 30 days + 3 days per move, at most 60 days"
        );
    }
}
