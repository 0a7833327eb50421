//! Why a time control was refused. The Display is the English for logs and
//! the command line; [`crate::words::clock`] words it for a person.

/// Why a time control was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// A number of days that must be positive is zero.
    #[error("a time control needs at least one day: {field} is 0")]
    ZeroDays {
        /// Which number.
        field: ControlField,
    },
    /// More days than allowed.
    #[error("{field} is {days}, more than the {max} allowed")]
    TooManyDays {
        /// Which number.
        field: ControlField,
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
        /// What was expected.
        reason: SyntaxHint,
    },
    /// A JSON value (given on the command line, or stored) is not a time
    /// control; the JSON reader's words say where it differs from the form.
    #[error("the JSON is not a time control in its JSON form ({0})")]
    Json(String),
}

/// The number of days a refused time control names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlField {
    /// The days per move of `3d/move`.
    DaysPerMove,
    /// The days of a period of `10/50`.
    DaysPerPeriod,
    /// A Fischer control's base time.
    BaseDays,
    /// A Fischer control's increment per move.
    IncrementDays,
    /// A Fischer control's cap.
    CapDays,
    /// The days after which days count double.
    DoubleAfterDays,
}

/// The English name of the field, for logs; [`crate::words::clock`] words it
/// for a person.
impl std::fmt::Display for ControlField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::DaysPerMove => "days per move",
            Self::DaysPerPeriod => "days per period",
            Self::BaseDays => "base days",
            Self::IncrementDays => "increment days",
            Self::CapDays => "cap days",
            Self::DoubleAfterDays => "double after days",
        })
    }
}

/// What the time-control reader expected where the text stopped reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntaxHint {
    /// A control of one of the forms `3d/move`, `10/50`, `10/50 iccf`,
    /// `fischer 30+3 cap 60`.
    General,
    /// A Fischer control: `fischer BASE+INCREMENT`, optionally `cap DAYS`.
    Fischer,
    /// A number after `double-after`.
    DoubleAfter,
}

/// The English hint, for logs; [`crate::words::clock`] words it for a person.
impl std::fmt::Display for SyntaxHint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::General => {
                "expected e.g. `3d/move`, `10/50`, `10/50 iccf` or `fischer 30+3 cap 60`"
            }
            Self::Fischer => "expected `fischer BASE+INCREMENT` in days, optionally `cap DAYS`",
            Self::DoubleAfter => "expected a number after `double-after`",
        })
    }
}
