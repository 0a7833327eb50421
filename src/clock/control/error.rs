//! Why a time control was refused. The Display is the English for logs and
//! the command line; [`crate::words::clock`] words it for a person.

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
