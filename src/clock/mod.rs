//! Correspondence clocks in days: time controls, charging, leave, reminders
//! and time-outs.
//!
//! Everything here works on UTC instants (`DateTime<Utc>`) and durations in
//! whole seconds; "a day" is 86 400 seconds of real time. `now` is always
//! passed in, never read, so the referee, the daemon and the tests inject
//! their own clock.
//!
//! One file per concern:
//!
//! - [`control`]: time controls as data ([`TimeControl`]: days per move, N
//!   moves in D days, Fischer in days, with the optional ICCF counting), their
//!   JSON in `games.time_control` and their text form (`3d/move`, `10/50 iccf`,
//!   `fischer 30+3 cap 60`);
//! - [`charge`]: reflection time (receipt to receipt, stops left out) and the
//!   charging rule (exact seconds, or ICCF whole days with doubling after 20);
//! - [`types`]: the clock's own state ([`types::Clock`], [`types::Leave`],
//!   [`types::Reminder`]), which the store keeps row for row;
//! - [`state`]: one side's clock: allowance,
//!   deadline, time left, what a move does;
//! - [`leave`]: leave in whole local days, the yearly allowance, the request
//!   `leave 2026-12-20 2027-01-03`;
//! - [`zone`]: IANA zones (chrono-tz), local days, deadline and duration text;
//! - [`settings`]: per-tournament settings (allowance, reminders, time-out policy);
//! - [`schedule`]: the pure scheduler decision: reminders and time-outs due;
//! - [`pauses`]: a player's stops in one game (leaves, bounced move notices).
//!
//! Nothing here reads or writes the database: `referee::game_clocks` loads
//! these values, calls the functions here and writes the results back, and
//! `store::clock_horizon` finds the games the scheduler must look at.
//!
//! ```
//! use chrono::{TimeZone, Utc};
//! use zaochka::clock::{TimeControl, charge::DAY, state};
//! use zaochka::clock::types::Clock;
//! use zaochka::vocabulary::{Color, GameId};
//!
//! let control = TimeControl::parse("10/50 iccf")?;
//! let received = Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap();
//! let mut white = Clock::new(GameId(1), Color::White, received);
//! state::start(&control, &mut white, received, &[]);
//! // 35 whole days cost 20 + 2 * 15 = 50: late from day 36.
//! assert_eq!(white.deadline, Some(received + chrono::TimeDelta::days(36)));
//! assert_eq!(state::allowance(&control, &white), 50 * DAY);
//! # Ok::<(), zaochka::clock::ControlError>(())
//! ```

pub mod charge;
pub mod control;
pub mod digest;
pub mod leave;
pub mod lexicon;
pub mod pauses;
pub mod schedule;
pub mod settings;
pub mod state;
pub mod types;
pub mod zone;

pub use charge::{DAY, HOUR, Stop};
pub use control::{ControlError, ControlField, Counting, Limit, SyntaxHint, TimeControl};
pub use leave::{LeaveError, LeaveRequest, PlannedLeave};
pub use schedule::{Action, ActionKind};
pub use settings::{Settings, TimeoutPolicy};
pub use state::{ClockView, MoveCharge, MoveClockError};
pub use types::ChargeRecord;
pub use zone::ZoneError;
