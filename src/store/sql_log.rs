//! The statement log: with `RUST_LOG=zaochka::store::sql=trace`, every SQL
//! statement a connection runs is logged at trace level, as its text with the
//! parameters unbound (`?1`) and its whitespace folded to single spaces, one
//! log line per execution.
//!
//! It shows a director or a developer what the daemon asks of the database,
//! and it is how `tests/it/store/query_plans.rs` collects the statements of the mail
//! path to check that each one uses an index. The hook is installed only when
//! that target is enabled at [`Store::open`](super::Store::open), so it costs
//! nothing otherwise.

use rusqlite::Connection;
use rusqlite::trace::{TraceEvent, TraceEventCodes};

/// The `tracing` target of the statement log.
pub const TARGET: &str = "zaochka::store::sql";

/// Installs the statement hook on `conn` if [`TARGET`] is enabled at trace
/// level (the subscriber must be set up before the store is opened).
pub(crate) fn install(conn: &Connection) {
    if tracing::enabled!(target: TARGET, tracing::Level::TRACE) {
        conn.trace_v2(TraceEventCodes::SQLITE_TRACE_STMT, Some(log_statement));
    }
}

/// Logs one statement; trigger programs (reported as `-- TRIGGER name`) are
/// left out, their statements are the trigger's own.
fn log_statement(event: TraceEvent<'_>) {
    if let TraceEvent::Stmt(_, sql) = event
        && !sql.trim_start().starts_with("--")
    {
        tracing::trace!(target: TARGET, "{}", one_line(sql));
    }
}

/// The statement with every run of whitespace (newlines too) made one space,
/// so that a statement is one log line.
#[must_use]
pub fn one_line(sql: &str) -> String {
    sql.split_whitespace().collect::<Vec<_>>().join(" ")
}
