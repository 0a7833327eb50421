//! The JSON form of a time control, stored in `games.time_control`, read
//! with the same validation as the constructors.

use serde::{Deserialize, Serialize};

use super::error::ControlError;
use super::model::{Counting, Limit, TimeControl};

/// The JSON shape, before validation.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(super) struct RawControl {
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

impl TimeControl {
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
}
