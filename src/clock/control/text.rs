//! The text form of a time control: its grammar (English and Russian words)
//! and the canonical writing.

use std::fmt;

use super::error::{ControlError, SyntaxHint};
use super::model::{Counting, Limit, TimeControl};
use crate::clock::lexicon::DAY_WORDS;

impl TimeControl {
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

const GENERAL_HELP: SyntaxHint = SyntaxHint::General;
const FISCHER_HELP: SyntaxHint = SyntaxHint::Fischer;
const MODIFIER_HELP: SyntaxHint = SyntaxHint::DoubleAfter;

const FISCHER_WORDS: &[&str] = &["fischer", "фишер", "фишера"];
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
