//! The store, backups and the schema: the SQLite file, backup and restore,
//! upgrades from every landed schema, and the query plans of the mail path.

mod backup_destinations;
mod backup_restore;
mod query_plans;
mod schema_upgrades;
mod sqlite;
