//! One connection type over both databases, chosen by the scheme of `DATABASE_URL`.

use crate::error::{DbError, DbResult};
use diesel::connection::SimpleConnection;
use diesel::r2d2::{self, ManageConnection, Pool, PooledConnection};
use diesel::{Connection, PgConnection, SqliteConnection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// The turn of this process's SQLite writers; see [`write_transaction`].
static SQLITE_WRITER: Mutex<()> = Mutex::new(());

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

/// Runs a statement on the connection's own backend: `on_backend!(conn, c => query.get_result(c))`
/// type-checks and runs the expression once per backend, with `c` the inner connection. Through
/// the two-backend connection every statement's SQL text is built anew at each run, cached or
/// not, twice (for the statement cache's check and for the binds): a third of the committer's
/// time on olympiad morning. The start's statements run here instead. A model read here reads its
/// stored words through [`crate::words::Stored`].
#[macro_export]
macro_rules! on_backend {
    ($conn:expr, $c:ident => $run:expr) => {
        match $conn {
            $crate::DbConnection::Sqlite($c) => $run,
            $crate::DbConnection::Postgresql($c) => $run,
        }
    };
}

/// Inserts many rows into a table: on PostgreSQL in one statement; on SQLite one prepared insert
/// a row, since diesel runs a SQLite batch insert (whose VALUES knows no DEFAULT) as one insert a
/// row in a transaction of its own, which a transaction begun around it cannot hold, and in
/// process a statement is no round trip. `insert_rows!(conn, table, rows)`, `rows` a `Vec`.
#[macro_export]
macro_rules! insert_rows {
    ($conn:expr, $table:expr, $rows:expr) => {{
        let rows = $rows;
        if !rows.is_empty() {
            match $conn {
                $crate::DbConnection::Postgresql(pg) => {
                    diesel::insert_into($table).values(rows).execute(pg)?;
                }
                $crate::DbConnection::Sqlite(sqlite) => {
                    for row in rows {
                        let insert = diesel::insert_into($table).values(row);
                        $crate::prepared::PreparedOnce(insert).execute(sqlite)?;
                    }
                }
            }
        }
    }};
}

/// The columns a model selects, nested as its embedded parts are, for `returning`: diesel's
/// `as_returning()` has no form for a connection over two backends, and `all_columns` is flat.
pub fn row_columns<T>() -> T::SelectExpression
where
    T: diesel::Selectable<<DbConnection as Connection>::Backend>,
{
    T::construct_selection()
}

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Where the data lives, parsed from `DATABASE_URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A file path (`sqlite://data/olympiad.db` or `sqlite:///var/lib/olympiad.db`).
    Sqlite(String),
    /// A libpq URL (`postgres://user:pass@host/db`).
    Postgres(String),
}

impl Database {
    pub fn parse(url: &str) -> Result<Self, String> {
        if let Some(path) = url.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err("DATABASE_URL sqlite:// needs a file path".into());
            }
            Ok(Database::Sqlite(path.to_owned()))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Database::Postgres(url.to_owned()))
        } else {
            Err(format!(
                "DATABASE_URL must start with sqlite:// or postgres://, not {:?}",
                url.split(':').next().unwrap_or("")
            ))
        }
    }

    pub fn backend_name(&self) -> &'static str {
        match self {
            Database::Sqlite(_) => "sqlite",
            Database::Postgres(_) => "postgres",
        }
    }

    fn connect(&self) -> Result<DbConnection, ConnectError> {
        match self {
            Database::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(path)
                    .map_err(|e| ConnectError(format!("{path}: {e}")))?;
                // FULL makes every acknowledged commit survive a power cut; the busy timeout makes
                // writers queue instead of failing. WAL is set once per file, in `open_pool`.
                // A page cache of 64 MiB and memory-mapped reads keep an olympiad morning's
                // answers and attempts in memory instead of reading them page by page.
                conn.batch_execute("PRAGMA busy_timeout = 10000; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -65536; PRAGMA mmap_size = 268435456;")
                .map_err(|e| ConnectError(e.to_string()))?;
                Ok(DbConnection::Sqlite(conn))
            }
            // libpq's own message names the host and the reason; never the password.
            Database::Postgres(url) => PgConnection::establish(url)
                .map(DbConnection::Postgresql)
                .map_err(|e| ConnectError(e.to_string())),
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("cannot connect to the database: {0}")]
pub struct ConnectError(String);

/// How long after one of its connections was found closed a pool tests each connection it hands
/// out and takes back: long enough for every connection of a restarted database to be taken once.
const TESTING_AFTER_LOSS_SECONDS: u64 = 60;

fn epoch_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// When one pool's connection was last found closed (the database restarted or the network
/// broke). Each pool has its own: the replica going down says nothing of the primary.
#[derive(Debug, Default)]
struct Losses {
    /// Seconds since the Unix epoch; 0: never.
    last_at: AtomicU64,
}

impl Losses {
    fn note(&self, at: u64) {
        self.last_at.store(at, Ordering::Relaxed);
    }

    fn lately(&self, now: u64) -> bool {
        let at = self.last_at.load(Ordering::Relaxed);
        at != 0 && now.saturating_sub(at) < TESTING_AFTER_LOSS_SECONDS
    }
}

/// Our own manager, so that a failed connection reports its real cause.
///
/// A pooled connection is not tested with a round trip each time it is taken (on olympiad
/// morning that was one statement in eight): only while this pool's connections are being lost
/// (a database restart) is each one tested as it is taken and given back, so the dead ones are
/// dropped and the pool opens new ones. The replica's pool (`always_test`) tests every time: its
/// reads fall back to the primary when it is down, which they learn from the test.
pub struct DbManager {
    database: Database,
    always_test: bool,
    losses: Losses,
}

impl DbManager {
    fn new(database: &Database, always_test: bool) -> Self {
        DbManager {
            database: database.clone(),
            always_test,
            losses: Losses::default(),
        }
    }

    fn test(conn: &mut DbConnection) -> Result<(), ConnectError> {
        conn.batch_execute("SELECT 1")
            .map_err(|e| ConnectError(e.to_string()))
    }
}

impl ManageConnection for DbManager {
    type Connection = DbConnection;
    type Error = ConnectError;

    fn connect(&self) -> Result<DbConnection, ConnectError> {
        self.database.connect()
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), ConnectError> {
        if self.always_test || self.losses.lately(epoch_seconds()) {
            return Self::test(conn);
        }
        Ok(())
    }

    /// Called as a connection is given back, on the thread that used it. A closed connection was
    /// found on this thread; it is this pool's loss only if this connection fails its own test,
    /// since the thread may have held another pool's connection too (a replica read that fell
    /// back to the primary).
    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        let now = epoch_seconds();
        let lost_here = crate::error::take_connection_lost_here();
        if !lost_here && !self.losses.lately(now) {
            return false;
        }
        let broken = Self::test(conn).is_err();
        if broken && lost_here {
            self.losses.note(now);
        }
        broken
    }
}

pub type DbPool = Pool<DbManager>;
pub type PooledDb = PooledConnection<DbManager>;

/// Opens a pool. SQLite serialises writers anyway, so a few connections are enough there.
pub fn open_pool(database: &Database, max_size: u32) -> DbResult<DbPool> {
    if let Database::Sqlite(path) = database {
        if let Some(parent) = std::path::Path::new(path)
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
        {
            std::fs::create_dir_all(parent)
                .map_err(|e| DbError::Pool(format!("cannot create {}: {e}", parent.display())))?;
        }
        // WAL lets readers work beside the one writer. The mode is kept in the file; switching it
        // needs the file to itself, so it is done here, before the pool opens its connections.
        let mut conn =
            SqliteConnection::establish(path).map_err(|e| DbError::Pool(format!("{path}: {e}")))?;
        conn.batch_execute("PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL;")
            .map_err(DbError::from)?;
    }
    r2d2::Pool::builder()
        .max_size(max_size)
        .connection_timeout(Duration::from_secs(10))
        .build(DbManager::new(database, false))
        .map_err(|e| DbError::Pool(e.to_string()))
}

/// Opens the pool of a read replica (`DATABASE_READ_URL`). Unlike [`open_pool`] it opens no
/// connection until one is asked for, and never fails to open: a node starts and serves while its
/// replica is down, and its reads go to the primary meanwhile (see `Db::reader` in the API).
/// Connection failures are reported by whoever asks, once, not by the pool on every retry.
pub fn open_read_pool(database: &Database, max_size: u32) -> DbPool {
    r2d2::Pool::builder()
        .max_size(max_size)
        .min_idle(Some(0))
        .connection_timeout(Duration::from_secs(10))
        .error_handler(Box::new(r2d2::NopErrorHandler))
        .build_unchecked(DbManager::new(database, true))
}

/// Runs the pending migrations of the connection's own backend; answers the versions applied.
pub fn run_migrations(conn: &mut DbConnection) -> DbResult<Vec<String>> {
    let applied = match conn {
        DbConnection::Postgresql(pg) => {
            // Several API nodes may start at once: one migrates, the others wait for it.
            pg.batch_execute("SELECT pg_advisory_lock(72127001)")
                .map_err(DbError::from)?;
            let result = pg
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|v| v.iter().map(ToString::to_string).collect());
            pg.batch_execute("SELECT pg_advisory_unlock(72127001)")
                .map_err(DbError::from)?;
            result
        }
        DbConnection::Sqlite(sqlite) => sqlite
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|v| v.iter().map(ToString::to_string).collect()),
    };
    applied.map_err(|e| DbError::Migration(e.to_string()))
}

/// Inside a write transaction: waits until no other node's transaction holds the same `key`, and
/// holds it until this one ends. For scheduled work that must run on one node only (the check that
/// it is due and its run in one transaction). SQLite has one writer, so the write lock is enough.
pub fn hold_schedule_lock(conn: &mut DbConnection, key: i64) -> DbResult<()> {
    if let DbConnection::Postgresql(pg) = conn {
        pg.batch_execute(&format!("SELECT pg_advisory_xact_lock({key})"))
            .map_err(DbError::from)?;
    }
    Ok(())
}

/// The `n`th (from 1) bound value of a statement written by hand for both databases. SQLite reads
/// `?` in order; its `$n` are names, looked up one by one (slow in a statement of hundreds).
pub fn placeholder(conn: &DbConnection, n: usize) -> String {
    match conn {
        DbConnection::Sqlite(_) => "?".to_owned(),
        DbConnection::Postgresql(_) => format!("${n}"),
    }
}

/// A read in many statements that sees one moment of the database throughout (an export read a
/// few rows at a time): a SQLite transaction does; PostgreSQL's needs `REPEATABLE READ`. It only
/// reads, so it takes no writer's turn.
pub fn read_snapshot<T, E>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<DbError>,
{
    conn.transaction::<_, DbError, _>(|conn| {
        if let DbConnection::Postgresql(pg) = conn {
            pg.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")?;
        }
        Ok(work(conn))
    })?
}

thread_local! {
    /// The connection whose write transaction this thread is inside, if any.
    static WRITING_ON: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// A transaction that holds the database's write lock from its first statement (SQLite's
/// `BEGIN IMMEDIATE`). A plain SQLite transaction that reads before it writes fails outright when
/// another connection commits in between; this one waits its turn instead. On PostgreSQL it is a
/// plain transaction: rows that must not change under it are locked where they are read.
///
/// Called inside another write transaction on the same connection, the work joins the outer one
/// (it commits or rolls back with it). Called on another connection, it would wait for a turn
/// that its own thread holds; that is refused at once rather than left to hang.
pub fn write_transaction<T, E>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<DbError>,
{
    let this = std::ptr::from_mut(conn) as usize;
    match WRITING_ON.get() {
        Some(outer) if outer == this => return work(conn),
        Some(_) => {
            return Err(DbError::Pool(
                "a write transaction was begun on a second connection inside another".into(),
            )
            .into())
        }
        None => {}
    }
    // Cleared however the work ends, a panic included.
    struct Writing;
    impl Drop for Writing {
        fn drop(&mut self) {
            WRITING_ON.set(None);
        }
    }
    WRITING_ON.set(Some(this));
    let _writing = Writing;
    // SQLite has one writer at a time. Writers of this process queue here, each woken the moment
    // the one before commits; left to SQLite's busy timeout they would poll with sleeps of up to
    // 100 ms, and under load most of a request's time would be spent asleep.
    let _turn = match conn {
        DbConnection::Sqlite(_) => {
            Some(SQLITE_WRITER.lock().unwrap_or_else(PoisonError::into_inner))
        }
        DbConnection::Postgresql(_) => None,
    };
    let begin = match conn {
        DbConnection::Sqlite(_) => "BEGIN IMMEDIATE",
        DbConnection::Postgresql(_) => "BEGIN",
    };
    conn.batch_execute(begin).map_err(DbError::from)?;
    let outcome = work(conn).and_then(|value| {
        conn.batch_execute("COMMIT").map_err(DbError::from)?;
        Ok(value)
    });
    if outcome.is_err() {
        // The work's error is what matters; a failed rollback leaves nothing committed either.
        let _ = conn.batch_execute("ROLLBACK");
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After a loss a pool tests its connections for a minute, then trusts them again; another
    /// pool, which lost nothing, goes on trusting its own.
    #[test]
    fn each_pool_tests_its_connections_for_a_minute_after_losing_one() {
        let primary = Losses::default();
        let replica = Losses::default();
        assert!(!primary.lately(1_000));
        primary.note(1_000);
        assert!(primary.lately(1_000));
        assert!(primary.lately(1_000 + TESTING_AFTER_LOSS_SECONDS - 1));
        assert!(!primary.lately(1_000 + TESTING_AFTER_LOSS_SECONDS));
        assert!(!replica.lately(1_000));
    }

    /// A closed connection found on a thread is told to the pool it goes back to, once.
    #[test]
    fn a_closed_connection_is_told_to_its_own_pool_once() {
        let closed = diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::ClosedConnection,
            Box::new("server closed the connection".to_owned()),
        );
        let _ = DbError::from(closed);
        assert!(crate::error::take_connection_lost_here());
        assert!(!crate::error::take_connection_lost_here());
    }

    /// A thread that found another pool's connection closed gives back a sound one of this pool:
    /// this pool keeps it and goes on trusting its connections.
    #[test]
    fn a_sound_connection_does_not_take_the_blame_for_another_pools_loss() {
        let manager = DbManager::new(&Database::Sqlite(":memory:".into()), false);
        let mut conn = manager.connect().expect("an in-memory SQLite database");
        let closed = diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::ClosedConnection,
            Box::new("the replica closed the connection".to_owned()),
        );
        let _ = DbError::from(closed);
        assert!(!manager.has_broken(&mut conn));
        assert!(!manager.losses.lately(epoch_seconds()));
    }
}
