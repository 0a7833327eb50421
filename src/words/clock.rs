//! The clock's values in words: a time control, why a time control, a leave
//! or a time zone was refused, and a duration in days and hours. The clock
//! passes these as typed values ([`TimeControl`], [`ControlError`],
//! [`LeaveError`], [`ZoneError`], seconds); the English of the errors is
//! their `Display`, the Russian is here.

use crate::clock::charge::{DAY, HOUR};
use crate::clock::control::{Limit, TimeControl};
use crate::clock::{ControlError, ControlField, LeaveError, SyntaxHint, ZoneError};
use crate::vocabulary::Language;
use crate::words::catalog::Message;

impl TimeControl {
    /// The control in words, for replies: `3 days per move`, `10 moves in 50
    /// days (ICCF counting)`, `Fischer: 30 days + 3 days per move, at most 60 days`.
    #[must_use]
    pub fn describe(&self, lang: Language) -> String {
        let text = limit_message(self.limit()).render(lang);
        let c = self.counting();
        if c.is_exact() {
            return text;
        }
        let mut rules = Vec::new();
        if c.whole_days {
            rules.push(Message::new("clock-counting-whole-days").render(lang));
        }
        if let Some(d) = c.double_after_days {
            rules.push(
                Message::new("clock-counting-double-after")
                    .arg("days", d.to_string())
                    .render(lang),
            );
        }
        Message::new("clock-with-counting")
            .arg("control", text)
            .arg("rules", rules.join("; "))
            .render(lang)
    }
}

/// The message of a time control's limit (days per move, moves in days,
/// Fischer with or without a cap); the counts select the plural forms.
fn limit_message(limit: Limit) -> Message<'static> {
    match limit {
        Limit::DaysPerMove { days } => Message::new("clock-days-per-move").arg("days", days),
        Limit::MovesInDays { moves, days } => Message::new("clock-moves-in-days")
            .arg("moves", moves)
            .arg("days", days),
        Limit::Fischer {
            base_days,
            increment_days,
            cap_days: None,
        } => Message::new("clock-fischer")
            .arg("base", base_days)
            .arg("increment", increment_days),
        Limit::Fischer {
            base_days,
            increment_days,
            cap_days: Some(cap),
        } => Message::new("clock-fischer-capped")
            .arg("base", base_days)
            .arg("increment", increment_days)
            .arg("cap", cap),
    }
}

impl ControlError {
    /// The error as a sentence in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        control_error_message(self, lang).render(lang)
    }
}

/// The message of each refused time control. The field is worded first, in
/// the reader's language (`days per move`, `дней на ход`).
fn control_error_message(e: &ControlError, lang: Language) -> Message<'_> {
    match e {
        ControlError::ZeroDays { field } => {
            Message::new("clock-control-zero-days").arg("field", field_words(field, lang))
        }
        ControlError::TooManyDays { field, days, max } => {
            Message::new("clock-control-too-many-days")
                .arg("field", field_words(field, lang))
                .arg("days", days.to_string())
                .arg("max", max.to_string())
        }
        ControlError::ZeroMoves => Message::new("clock-control-zero-moves"),
        ControlError::TooManyMoves { moves, max } => Message::new("clock-control-too-many-moves")
            .arg("moves", moves.to_string())
            .arg("max", max.to_string()),
        ControlError::CapBelowBase { cap, base } => Message::new("clock-control-cap-below-base")
            .arg("cap", *cap)
            .arg("base", *base),
        ControlError::ZeroDoubleAfter => Message::new("clock-control-zero-double-after"),
        ControlError::Syntax { text, reason } => Message::new("clock-control-syntax")
            .arg("text", format!("{text:?}"))
            .arg("reason", hint_words(*reason, lang)),
        ControlError::Json(e) => Message::new("clock-control-json").arg("error", e),
    }
}

/// A time control's field in a language (`days per move`, `дней на ход`).
fn field_words(field: &ControlField, lang: Language) -> String {
    let id = match field {
        ControlField::DaysPerMove => "clock-field-days-per-move",
        ControlField::DaysPerPeriod => "clock-field-days-per-period",
        ControlField::BaseDays => "clock-field-base-days",
        ControlField::IncrementDays => "clock-field-increment-days",
        ControlField::CapDays => "clock-field-cap-days",
        ControlField::DoubleAfterDays => "clock-field-double-after-days",
    };
    Message::new(id).render(lang)
}

/// What the time-control reader expected, in a language.
fn hint_words(hint: SyntaxHint, lang: Language) -> String {
    let id = match hint {
        SyntaxHint::General => "clock-hint-general",
        SyntaxHint::Fischer => "clock-hint-fischer",
        SyntaxHint::DoubleAfter => "clock-hint-double-after",
    };
    Message::new(id).render(lang)
}

impl LeaveError {
    /// The error as a sentence in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        leave_error_message(self).render(lang)
    }
}

/// The message of each refused leave (dates as `YYYY-MM-DD`).
fn leave_error_message(e: &LeaveError) -> Message<'_> {
    match e {
        LeaveError::Syntax(t) => Message::new("clock-leave-syntax").arg("text", format!("{t:?}")),
        LeaveError::BadDate(t) => {
            Message::new("clock-leave-bad-date").arg("text", format!("{t:?}"))
        }
        LeaveError::EndBeforeStart { first, last } => Message::new("clock-leave-end-before-start")
            .arg("first", first.to_string())
            .arg("last", last.to_string()),
        LeaveError::NotPositive(n) => {
            Message::new("clock-leave-not-positive").arg("days", n.to_string())
        }
        LeaveError::InPast { first, today } => Message::new("clock-leave-in-past")
            .arg("first", first.to_string())
            .arg("today", today.to_string()),
        LeaveError::Overlaps { first, last } => Message::new("clock-leave-overlaps")
            .arg("first", first.to_string())
            .arg("last", last.to_string()),
        LeaveError::BeyondAllowance {
            year,
            requested,
            taken,
            left,
            allowance,
        } => Message::new("clock-leave-beyond-allowance")
            .arg("year", year.to_string())
            .arg("requested", *requested)
            .arg("taken", taken.to_string())
            .arg("left", left.to_string())
            .arg("allowance", *allowance),
        LeaveError::OnLeave { last } => {
            Message::new("clock-leave-on-leave").arg("last", last.to_string())
        }
    }
}

impl ZoneError {
    /// The error as a sentence in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        Message::new("clock-zone-unknown")
            .arg("zone", format!("{:?}", self.0))
            .render(lang)
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
    Message::new("clock-days-hours")
        .arg("sign", sign)
        .arg("days", (s / DAY).to_string())
        .arg("hours", (s % DAY / HOUR).to_string())
        .render(lang)
}

#[cfg(test)]
mod tests;
