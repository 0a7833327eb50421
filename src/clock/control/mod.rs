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

mod error;
mod json;
mod model;
mod text;

#[cfg(test)]
mod tests;

pub use error::{ControlError, ControlField, SyntaxHint};
pub use model::{
    Counting, ICCF_DOUBLE_AFTER_DAYS, Limit, MAX_ADD_DAYS, MAX_DAYS_PER_MOVE, MAX_INCREMENT_DAYS,
    MAX_MOVES_PER_PERIOD, MAX_TOTAL_DAYS, TimeControl,
};
