//! The day and date words players write, in English and Russian: read by the
//! time control grammar ([`super::control`]), leave requests ([`super::leave`])
//! and the mail reader's leave command ([`crate::mail::intent`]).

use chrono::NaiveDate;

/// Words for "day(s)" after a number: `3d`, `3 days`, `3 дня`, `5 дней`,
/// `2 суток`. Compared with lowercase tokens.
pub const DAY_WORDS: &[&str] = &[
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

/// A date written `2026-12-20` (ISO) or `20.12.2026` (day, month, year as
/// Russian writers do); `None` for anything else.
#[must_use]
pub fn read_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%d.%m.%Y"))
        .ok()
}
