//! The schema repair: brings a database made by any earlier build to the schema
//! of migrations 0001-0017 as they stand now, whatever those files said when
//! that build embedded them.
//!
//! Migrations 0001-0017 were edited after builds had shipped them (columns
//! added inside a `CREATE TABLE`, files renumbered between branches), so a
//! file's `user_version` does not say which schema it has. Two steps repair it:
//!
//! 1. [`replay_unfrozen`]: for a file at version `1..=16`, the statements of
//!    the later migrations up to [`FROZEN`] run one by one; a schema statement
//!    that fails because its object exists already (made by a build that
//!    numbered it differently) is skipped, any other failure stops the upgrade.
//! 2. [`reconcile`] (the hook of migration 0018): the file is compared with a
//!    reference made in memory from the migrations: a missing table is created;
//!    a table missing a column, or whose definition differs, is rebuilt from the
//!    reference definition with its rows copied (columns in both); an index or
//!    trigger missing, different or unknown to the reference is created,
//!    replaced or dropped. Tables the reference does not know are kept.
//!
//! From 0018 on, migrations are frozen: a landed file never changes (the test
//! `schema_upgrades` holds their SHA-256), so the plain migration chain is exact.

use std::collections::BTreeMap;

use rusqlite::{Connection, Transaction};

/// The number of migrations whose files changed after landing: a file at a
/// version below this may have any of their historical schemas.
pub const FROZEN: usize = 17;

/// One object of a schema: its type (`table`, `index`, `trigger`, `view`)
/// and its SQL text.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Object {
    kind: String,
    sql: String,
}

/// The named objects of a database (SQLite's internal ones and automatic
/// indexes left out), by name.
fn objects(conn: &Connection) -> rusqlite::Result<BTreeMap<String, Object>> {
    let mut stmt = conn.prepare(
        "SELECT name, type, sql FROM sqlite_schema
         WHERE name NOT LIKE 'sqlite_%' AND sql IS NOT NULL",
    )?;
    let rows = stmt.query_map([], |row| {
        Ok((
            row.get::<_, String>("name")?,
            Object {
                kind: row.get("type")?,
                sql: row.get("sql")?,
            },
        ))
    })?;
    rows.collect()
}

/// The column names of `table`, in order.
fn columns(conn: &Connection, table: &str) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT name FROM pragma_table_info(?1)")?;
    let rows = stmt.query_map([table], |row| row.get::<_, String>("name"))?;
    rows.collect()
}

/// SQL text with comments dropped, quotes removed, whitespace collapsed and
/// letters lowered: two definitions that differ only in layout compare equal.
fn normalized(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    for line in sql.lines() {
        let line = line.split("--").next().unwrap_or("");
        out.push_str(line);
        out.push(' ');
    }
    out.replace('"', "")
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("( ", "(")
        .replace(" )", ")")
        .replace(" ,", ",")
}

/// Quotes an identifier for SQL.
fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The reference schema: migrations `1..=FROZEN` applied to an empty
/// in-memory database.
fn reference(sqls: &[&str]) -> rusqlite::Result<Connection> {
    let conn = Connection::open_in_memory()?;
    for sql in sqls.iter().take(FROZEN) {
        conn.execute_batch(sql)?;
    }
    Ok(conn)
}

/// True for a failure that says the object a schema statement makes exists
/// already (`table … already exists`, `duplicate column name`).
fn exists_already(e: &rusqlite::Error) -> bool {
    let text = e.to_string();
    text.contains("already exists") || text.contains("duplicate column name")
}

/// True if `sql` (one statement) changes the schema rather than rows.
fn is_schema_statement(sql: &str) -> bool {
    let first = sql
        .lines()
        .map(|l| l.split("--").next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .to_ascii_uppercase();
    ["CREATE", "ALTER", "DROP"]
        .iter()
        .any(|verb| first.starts_with(verb))
}

/// The statements of a migration file, each with its comments: a statement
/// ends on a line ending in `;`, a `CREATE TRIGGER` on its `END;` line.
fn statements(sql: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut in_trigger = false;
    for line in sql.lines() {
        let code = line.split("--").next().unwrap_or("").trim();
        let upper = code.to_ascii_uppercase();
        current.push_str(line);
        current.push('\n');
        if upper.starts_with("CREATE TRIGGER") {
            in_trigger = true;
        }
        let ends =
            code.ends_with(';') && (!in_trigger || upper == "END;" || upper.ends_with(" END;"));
        if ends {
            in_trigger = false;
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out
}

/// Step 1: runs the statements of migrations `found+1..=FROZEN` (`sqls` is
/// the SQL of every migration, in order) inside `tx`, skipping schema
/// statements whose object exists already, then [`reconcile`]s and sets
/// `user_version` to [`FROZEN`]. A file at `0` or at [`FROZEN`] and above is
/// left alone.
///
/// # Errors
/// Any SQLite failure other than a skipped one.
pub(super) fn replay_unfrozen(
    tx: &Transaction<'_>,
    found: usize,
    sqls: &[&str],
) -> rusqlite::Result<()> {
    if found == 0 || found >= FROZEN {
        return Ok(());
    }
    for (index, sql) in sqls.iter().enumerate().take(FROZEN).skip(found) {
        for statement in statements(sql) {
            match tx.execute_batch(&statement) {
                Ok(()) => {}
                Err(e) if is_schema_statement(&statement) && exists_already(&e) => {
                    tracing::info!(migration = index + 1, error = %e, "schema repair: statement skipped");
                }
                Err(e) => return Err(e),
            }
        }
    }
    reconcile_with(tx, sqls)?;
    tx.pragma_update(
        None,
        "user_version",
        i64::try_from(FROZEN).unwrap_or(i64::MAX),
    )?;
    Ok(())
}

/// Step 2: makes the schema of `conn` equal to the reference's (see the
/// module documentation). Idempotent: a file already equal is not touched.
/// Needs `foreign_keys` off (a rebuilt table is dropped and renamed).
///
/// # Errors
/// Any SQLite failure, e.g. a row that breaks a constraint of the reference
/// definition of its table.
pub(super) fn reconcile_with(conn: &Connection, sqls: &[&str]) -> rusqlite::Result<()> {
    let reference = reference(sqls)?;
    // A rename that leaves other objects' references alone: a trigger of
    // another table naming the table being rebuilt must not stop the rename.
    conn.pragma_update(None, "legacy_alter_table", "ON")?;
    let result = reconcile_objects(conn, &reference);
    conn.pragma_update(None, "legacy_alter_table", "OFF")?;
    result
}

/// [`reconcile_with`] once the reference is built.
fn reconcile_objects(conn: &Connection, reference: &Connection) -> rusqlite::Result<()> {
    let want = objects(reference)?;
    let have = objects(conn)?;

    for (name, object) in want.iter().filter(|(_, o)| o.kind == "table") {
        match have.get(name) {
            None => {
                tracing::info!(table = %name, "schema repair: table created");
                conn.execute_batch(&object.sql)?;
            }
            Some(found) => {
                let want_columns = columns(reference, name)?;
                let have_columns = columns(conn, name)?;
                let missing = want_columns.iter().any(|c| !have_columns.contains(c));
                if missing || normalized(&found.sql) != normalized(&object.sql) {
                    tracing::info!(table = %name, "schema repair: table rebuilt");
                    rebuild(conn, name, &object.sql, &want_columns, &have_columns)?;
                }
            }
        }
    }

    // Rebuilt tables lost their indexes and triggers: read the file again.
    let have = objects(conn)?;
    for (name, object) in have.iter().filter(|(_, o)| o.kind != "table") {
        let keep = want
            .get(name)
            .is_some_and(|w| normalized(&w.sql) == normalized(&object.sql));
        let on_unknown_table = object.kind != "view" && !on_known_table(name, conn, &want)?;
        if !keep && !on_unknown_table {
            tracing::info!(object = %name, kind = %object.kind, "schema repair: dropped");
            conn.execute_batch(&format!("DROP {} {}", object.kind, ident(name)))?;
        }
    }
    let have = objects(conn)?;
    for (name, object) in want.iter().filter(|(_, o)| o.kind != "table") {
        if !have.contains_key(name) {
            tracing::info!(object = %name, kind = %object.kind, "schema repair: created");
            conn.execute_batch(&object.sql)?;
        }
    }
    Ok(())
}

/// True if the index or trigger `name` belongs to a table the reference knows
/// (an index of a table kept from a branch build stays with it).
fn on_known_table(
    name: &str,
    conn: &Connection,
    want: &BTreeMap<String, Object>,
) -> rusqlite::Result<bool> {
    let table: Option<String> = conn
        .query_row(
            "SELECT tbl_name FROM sqlite_schema WHERE name = ?1",
            [name],
            |row| row.get("tbl_name"),
        )
        .ok();
    Ok(table.is_some_and(|t| want.get(&t).is_some_and(|o| o.kind == "table")))
}

/// Rebuilds `table` from `sql` (its reference `CREATE TABLE`): a new table
/// under a temporary name, the rows copied by the columns both have, the old
/// table dropped and the new one renamed.
fn rebuild(
    conn: &Connection,
    table: &str,
    sql: &str,
    want_columns: &[String],
    have_columns: &[String],
) -> rusqlite::Result<()> {
    let temporary = format!("{table}__repair");
    let body = sql.find('(').map_or(sql, |at| &sql[at..]);
    conn.execute_batch(&format!("CREATE TABLE {} {body}", ident(&temporary)))?;
    let common: Vec<String> = want_columns
        .iter()
        .filter(|c| have_columns.contains(c))
        .map(|c| ident(c))
        .collect();
    let list = common.join(", ");
    conn.execute_batch(&format!(
        "INSERT INTO {} ({list}) SELECT {list} FROM {};
         DROP TABLE {};
         ALTER TABLE {} RENAME TO {};",
        ident(&temporary),
        ident(table),
        ident(table),
        ident(&temporary),
        ident(table),
    ))
}

/// The hook of migration 0018: [`reconcile_with`] inside the migration's
/// transaction.
pub(super) fn hook(tx: &Transaction<'_>) -> rusqlite_migration::HookResult {
    reconcile_with(tx, super::MIGRATION_SQL)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_migration_splits_into_statements_with_a_trigger_whole() {
        let sql = "-- a comment; not a statement end\n\
                   CREATE TABLE t (a INTEGER); -- trailing\n\
                   CREATE TRIGGER t_no_delete\nBEFORE DELETE ON t\nBEGIN\n    SELECT RAISE(ABORT, 'no');\nEND;\n\
                   ALTER TABLE t ADD COLUMN b TEXT;\n";
        let parts = statements(sql);
        assert_eq!(parts.len(), 3, "{parts:?}");
        assert!(parts[1].contains("CREATE TRIGGER") && parts[1].contains("END;"));
        assert!(is_schema_statement(&parts[0]));
        assert!(!is_schema_statement("-- x\nINSERT INTO t VALUES (1);"));
    }

    #[test]
    fn definitions_differing_in_layout_compare_equal() {
        assert_eq!(
            normalized("CREATE TABLE \"t\" (\n  a INTEGER, -- note\n  b TEXT\n)"),
            normalized("create table t (a integer, b text)")
        );
        assert_ne!(
            normalized("CREATE TABLE t (a INTEGER CHECK (a > 0))"),
            normalized("CREATE TABLE t (a INTEGER)")
        );
    }

    #[test]
    fn a_missing_column_is_added_by_a_rebuild_that_keeps_the_rows() {
        let conn = Connection::open_in_memory().unwrap();
        // As Store::open runs the migrations.
        conn.pragma_update(None, "foreign_keys", "OFF").unwrap();
        conn.execute_batch(
            "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
             CREATE TABLE c (id INTEGER PRIMARY KEY, p_id INTEGER REFERENCES p (id));
             INSERT INTO p VALUES (1, 'x'); INSERT INTO c VALUES (1, 1);
             CREATE INDEX stray ON p (name);",
        )
        .unwrap();
        let sqls = [
            "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT NOT NULL, extra TEXT DEFAULT 'd');
             CREATE TABLE c (id INTEGER PRIMARY KEY, p_id INTEGER REFERENCES p (id));
             CREATE INDEX c_p ON c (p_id);",
        ];
        reconcile_with(&conn, &sqls).unwrap();
        let extra: String = conn
            .query_row("SELECT extra FROM p WHERE id = 1", [], |r| r.get("extra"))
            .unwrap();
        assert_eq!(extra, "d");
        let objects = objects(&conn).unwrap();
        assert!(objects.contains_key("c_p"));
        assert!(
            !objects.contains_key("stray"),
            "an index the reference lacks goes"
        );
        let c: i64 = conn
            .query_row(
                "SELECT count(*) AS n FROM c JOIN p ON p.id = c.p_id",
                [],
                |r| r.get("n"),
            )
            .unwrap();
        assert_eq!(c, 1);
        // Idempotent: a second pass changes nothing.
        let before = objects;
        reconcile_with(&conn, &sqls).unwrap();
        assert_eq!(self::objects(&conn).unwrap(), before);
    }
}
