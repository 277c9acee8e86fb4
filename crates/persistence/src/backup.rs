//! Backups of the whole database, taken while the platform runs, and their restore into an empty
//! database. SQLite: `VACUUM INTO` writes a consistent copy of the file from one read transaction
//! (writers carry on meanwhile). PostgreSQL: `pg_dump` in its custom format (one snapshot) and
//! `pg_restore`, the PostgreSQL client programs found in `PG_BIN`, on the `PATH`, or where Debian
//! installs them.

use crate::connection::{Database, DbConnection};
use crate::error::DbError;
use diesel::prelude::*;
use diesel::sql_types::Text;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why a backup or a restore did not happen, in a sentence for whoever ran it.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct BackupError(String);

impl From<DbError> for BackupError {
    fn from(error: DbError) -> Self {
        BackupError(error.to_string())
    }
}

impl From<diesel::result::Error> for BackupError {
    fn from(error: diesel::result::Error) -> Self {
        DbError::from(error).into()
    }
}

type BackupResult<T> = Result<T, BackupError>;

fn failed(what: impl Into<String>) -> BackupError {
    BackupError(what.into())
}

/// Writes a backup of `database` to `file`, which must not exist yet.
pub fn backup(database: &Database, file: &Path) -> BackupResult<()> {
    if file.exists() {
        return Err(failed(format!(
            "{} exists already: a backup never overwrites a file",
            file.display()
        )));
    }
    match database {
        Database::Sqlite(_) => {
            diesel::sql_query("VACUUM INTO ?")
                .bind::<Text, _>(file.to_string_lossy().into_owned())
                .execute(&mut connect(database)?)?;
            Ok(())
        }
        Database::Postgres(url) => run(pg_tool("pg_dump")?
            .args(["--format=custom", "--no-owner", "--no-privileges", "--file"])
            .arg(file)
            .arg(format!("--dbname={url}"))),
    }
}

/// Restores the backup in `file` into `database`, which must hold no tables yet (a fresh one).
pub fn restore(database: &Database, file: &Path) -> BackupResult<()> {
    if !file.is_file() {
        return Err(failed(format!("{} is not a file", file.display())));
    }
    match database {
        Database::Sqlite(_) => {
            let mut conn = connect(database)?;
            if !table_names(&mut conn)?.is_empty() {
                return Err(not_empty());
            }
            restore_sqlite(&mut conn, file)
        }
        Database::Postgres(url) => {
            if !table_names(&mut connect(database)?)?.is_empty() {
                return Err(not_empty());
            }
            run(pg_tool("pg_restore")?
                .args([
                    "--no-owner",
                    "--no-privileges",
                    "--exit-on-error",
                    "--single-transaction",
                ])
                .arg(format!("--dbname={url}"))
                .arg(file))
        }
    }
}

/// Copies every table, index and trigger of the backup file into the empty database, in one
/// transaction, through the database itself: connections already open on it see the whole backup
/// or nothing of it.
fn restore_sqlite(conn: &mut DbConnection, file: &Path) -> BackupResult<()> {
    diesel::sql_query("ATTACH DATABASE ? AS backup")
        .bind::<Text, _>(file.to_string_lossy().into_owned())
        .execute(conn)?;
    let copied = (|| -> BackupResult<()> {
        let sound: Vec<IntegrityCheck> =
            diesel::sql_query("PRAGMA backup.integrity_check").load(conn)?;
        if sound.first().map(|r| r.integrity_check.as_str()) != Some("ok") {
            return Err(failed(format!(
                "{} is not a sound SQLite backup",
                file.display()
            )));
        }
        crate::write_transaction(conn, |conn| -> BackupResult<()> {
            let objects: Vec<SchemaObject> = diesel::sql_query(
                "SELECT type AS kind, name, sql FROM backup.sqlite_master \
                 WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' \
                 ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, rowid",
            )
            .load(conn)?;
            for object in &objects {
                diesel::sql_query(&object.sql).execute(conn)?;
                if object.kind == "table" {
                    diesel::sql_query(format!(
                        "INSERT INTO main.\"{0}\" SELECT * FROM backup.\"{0}\"",
                        object.name
                    ))
                    .execute(conn)?;
                }
            }
            let counters: Vec<Name> = diesel::sql_query(
                "SELECT name FROM backup.sqlite_master WHERE name = 'sqlite_sequence'",
            )
            .load(conn)?;
            if !counters.is_empty() {
                diesel::sql_query("DELETE FROM main.sqlite_sequence").execute(conn)?;
                diesel::sql_query(
                    "INSERT INTO main.sqlite_sequence SELECT * FROM backup.sqlite_sequence",
                )
                .execute(conn)?;
            }
            Ok(())
        })
    })();
    diesel::sql_query("DETACH DATABASE backup").execute(conn)?;
    copied
}

#[derive(QueryableByName)]
struct SchemaObject {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    sql: String,
}

fn not_empty() -> BackupError {
    failed("the database to restore into has tables already: restore into a new, empty database")
}

#[derive(QueryableByName)]
struct IntegrityCheck {
    #[diesel(sql_type = Text)]
    integrity_check: String,
}

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

fn connect(database: &Database) -> BackupResult<DbConnection> {
    let url = match database {
        Database::Sqlite(path) => path.clone(),
        Database::Postgres(url) => url.clone(),
    };
    match database {
        Database::Sqlite(_) => diesel::SqliteConnection::establish(&url).map(DbConnection::Sqlite),
        Database::Postgres(_) => {
            diesel::PgConnection::establish(&url).map(DbConnection::Postgresql)
        }
    }
    .map_err(|e| failed(e.to_string()))
}

/// The tables of the database, by name (the migrations' own bookkeeping among them).
pub fn table_names(conn: &mut DbConnection) -> BackupResult<Vec<String>> {
    let sql = match conn {
        DbConnection::Sqlite(_) => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        }
        DbConnection::Postgresql(_) => {
            "SELECT table_name::text AS name FROM information_schema.tables \
             WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1"
        }
    };
    Ok(diesel::sql_query(sql)
        .load::<Name>(conn)?
        .into_iter()
        .map(|n| n.name)
        .collect())
}

/// Every row of `table` as one line of text, sorted: two databases hold the same data when these
/// agree for every table.
pub fn table_rows(conn: &mut DbConnection, table: &str) -> BackupResult<Vec<String>> {
    if !table.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(failed(format!("{table:?} is no table name")));
    }
    let sql = match conn {
        DbConnection::Postgresql(_) => {
            format!("SELECT CAST(t AS text) AS name FROM {table} t ORDER BY 1")
        }
        DbConnection::Sqlite(_) => {
            let columns: Vec<Name> =
                diesel::sql_query(format!("SELECT name FROM pragma_table_info('{table}')"))
                    .load(conn)?;
            let quoted: Vec<String> = columns
                .iter()
                .map(|c| format!("quote(\"{}\")", c.name))
                .collect();
            format!(
                "SELECT {} AS name FROM {table} ORDER BY 1",
                quoted.join(" || ',' || ")
            )
        }
    };
    Ok(diesel::sql_query(sql)
        .load::<Name>(conn)?
        .into_iter()
        .map(|n| n.name)
        .collect())
}

/// A PostgreSQL client program: from `PG_BIN`, the `PATH`, or Debian's
/// `/usr/lib/postgresql/<version>/bin` (the newest there).
pub fn pg_tool(name: &str) -> BackupResult<Command> {
    let mut candidates: Vec<PathBuf> = vec![];
    if let Some(dir) = std::env::var_os("PG_BIN").filter(|d| !d.is_empty()) {
        candidates.push(PathBuf::from(dir).join(name));
    }
    if let Some(path) = std::env::var_os("PATH") {
        candidates.extend(std::env::split_paths(&path).map(|dir| dir.join(name)));
    }
    if let Ok(versions) = std::fs::read_dir("/usr/lib/postgresql") {
        let mut dirs: Vec<PathBuf> = versions.filter_map(|v| v.ok().map(|v| v.path())).collect();
        dirs.sort();
        candidates.extend(dirs.into_iter().rev().map(|dir| dir.join("bin").join(name)));
    }
    candidates
        .into_iter()
        .find(|path| path.is_file())
        .map(Command::new)
        .ok_or_else(|| {
            failed(format!(
                "{name} not found: install the PostgreSQL client programs or set PG_BIN"
            ))
        })
}

fn run(command: &mut Command) -> BackupResult<()> {
    let output = command
        .output()
        .map_err(|e| failed(format!("cannot run {:?}: {e}", command.get_program())))?;
    if output.status.success() {
        return Ok(());
    }
    Err(failed(format!(
        "{:?} failed: {}",
        command.get_program(),
        String::from_utf8_lossy(&output.stderr).trim()
    )))
}
