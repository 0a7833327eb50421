//! How values the store keeps in one column are written and read: instants
//! as fixed-width UTC text ([`Ts`]), JSON as text ([`Json`]), a variant by its
//! name, a time control as the clock's JSON form (validated when read).

use chrono::{DateTime, Utc};
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use super::{UnknownValue, instant_text};

/// An instant as the store writes and reads it (see [`instant_text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ts(pub(crate) DateTime<Utc>);

impl ToSql for Ts {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(instant_text(self.0)))
    }
}

impl FromSql for Ts {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        DateTime::parse_from_rfc3339(text)
            .map(|t| Ts(t.with_timezone(&Utc)))
            .map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}

/// A JSON value stored as text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Json(pub(crate) serde_json::Value);

impl ToSql for Json {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.to_string()))
    }
}

impl FromSql for Json {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        serde_json::from_str(value.as_str()?)
            .map(Json)
            .map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}

/// A game is stored by its variant's name (`russian`, `bashni`, ...).
impl ToSql for crate::rules::Variant {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for crate::rules::Variant {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        crate::rules::Variant::from_name(text).ok_or_else(|| {
            FromSqlError::Other(Box::new(UnknownValue {
                kind: "Variant",
                value: text.to_owned(),
            }))
        })
    }
}

/// A time control is stored as the clock's JSON form
/// ([`crate::clock::TimeControl::to_json`]) and validated when read.
impl ToSql for crate::clock::TimeControl {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.to_json().to_string()))
    }
}

impl FromSql for crate::clock::TimeControl {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let Json(json) = Json::column_result(value)?;
        crate::clock::TimeControl::from_json(&json).map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}
