//! Correspondence clocks in days: time controls, charging, leave, reminders
//! and time-outs (issue 5).
//!
//! Everything here works on UTC instants (`DateTime<Utc>`) and durations in
//! whole seconds; "a day" is 86 400 seconds of real time. `now` is always
//! passed in, never read.

pub mod charge;
pub mod control;
pub mod leave;
pub mod schedule;
pub mod settings;
pub mod state;
pub mod zone;

pub use charge::{DAY, HOUR, Stop};
pub use control::{ControlError, Counting, Limit, TimeControl};
pub use leave::{LeaveError, LeaveRequest, PlannedLeave};
pub use schedule::{Action, ActionKind};
pub use settings::{Settings, TimeoutPolicy};
pub use state::{ClockView, MoveCharge, MoveClockError};
pub use zone::ZoneError;
