//! A fresh, migrated database for one test, on the backend that the environment names:
//! `TEST_DATABASE=sqlite` (default; a file in a temporary folder) or `TEST_DATABASE=postgres` with
//! `TEST_DATABASE_URL` pointing at a server where the test may create and drop databases.
//! `make test` runs every test once on each.

#![allow(clippy::expect_used)] // a test database that cannot be made is a failed test

use crate::connection::{open_pool, run_migrations, Database, DbPool, PooledDb};
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use std::sync::atomic::{AtomicU32, Ordering};

static COUNTER: AtomicU32 = AtomicU32::new(0);

pub struct TestDatabase {
    pub database: Database,
    pub pool: DbPool,
    /// Keeps the SQLite file's folder alive for the life of the test.
    _folder: Option<tempfile::TempDir>,
    /// The server URL and database name to drop afterwards (PostgreSQL).
    postgres: Option<(String, String)>,
}

/// Which backend this test run uses, from `TEST_DATABASE`.
pub fn backend() -> &'static str {
    match std::env::var("TEST_DATABASE").as_deref() {
        Ok("postgres") => "postgres",
        _ => "sqlite",
    }
}

/// The PostgreSQL server's URL (`TEST_DATABASE_URL`), pointing at a database we may connect to.
pub fn postgres_server_url() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.is_empty())
}

impl TestDatabase {
    pub fn new() -> Self {
        Self::on(backend(), true)
    }

    /// A database with no tables yet, for testing migrations themselves.
    pub fn blank() -> Self {
        Self::on(backend(), false)
    }

    pub fn sqlite() -> Self {
        Self::on("sqlite", true)
    }

    pub fn postgres() -> Self {
        Self::on("postgres", true)
    }

    fn on(backend: &str, migrate: bool) -> Self {
        let db = match backend {
            "postgres" => Self::create_postgres(),
            _ => Self::create_sqlite(),
        };
        if migrate {
            run_migrations(&mut db.conn()).expect("migrate test database");
        }
        db
    }

    fn create_sqlite() -> Self {
        let folder = tempfile::tempdir().expect("temporary folder");
        let path = folder.path().join("olympiad.db");
        let database = Database::Sqlite(path.to_string_lossy().into_owned());
        let pool = open_pool(&database, 4).expect("open test pool");
        TestDatabase {
            database,
            pool,
            _folder: Some(folder),
            postgres: None,
        }
    }

    fn create_postgres() -> Self {
        let server = postgres_server_url().expect("TEST_DATABASE=postgres needs TEST_DATABASE_URL");
        let name = format!(
            "olympiad_test_{}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            rand_suffix()
        );
        let mut admin =
            PgConnection::establish(&server).expect("connect to the test PostgreSQL server");
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("create test database");
        let database = Database::Postgres(replace_database(&server, &name));
        let pool = open_pool(&database, 4).expect("open test pool");
        TestDatabase {
            database,
            pool,
            _folder: None,
            postgres: Some((server, name)),
        }
    }

    pub fn conn(&self) -> PooledDb {
        self.pool.get().expect("test database connection")
    }

    /// The URL a separate process (the `olympiad` binary) can use for this database.
    pub fn url(&self) -> String {
        match &self.database {
            Database::Sqlite(path) => format!("sqlite://{path}"),
            Database::Postgres(url) => url.clone(),
        }
    }
}

impl Default for TestDatabase {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Some((server, name)) = &self.postgres {
            if let Ok(mut admin) = PgConnection::establish(server) {
                // FORCE ends connections the pool may still hold.
                let _ =
                    admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
            }
        }
    }
}

/// `postgres://user@host:port/anything?x` with the database part replaced.
pub fn replace_database(server_url: &str, database: &str) -> String {
    let (base, query) = server_url
        .split_once('?')
        .map_or((server_url, None), |(b, q)| (b, Some(q)));
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[authority_end..].find('/') {
        Some(slash) => &base[..authority_end + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{base}/{database}?{query}"),
        None => format!("{base}/{database}"),
    }
}

fn rand_suffix() -> u32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    nanos % 100_000
}

/// The olympiad of 2026 named `name`, titled `title`, in a Schools project of the same name and
/// slug, made or found: what most tests and benchmarks start from.
pub fn olympiad_of_2026(
    conn: &mut crate::DbConnection,
    name: &str,
    title: &str,
    is_open: bool,
) -> crate::models::Olympiad {
    use crate::models::{Olympiad, OlympiadInsertForm, Project, ProjectInsertForm};
    let project = Project::ensure(
        conn,
        &ProjectInsertForm {
            slug: name,
            name,
            description: "",
            kind: olympiad_domain::olympiad::OlympiadKind::Schools,
        },
    )
    .expect("a project");
    Olympiad::ensure(
        conn,
        &OlympiadInsertForm {
            project_id: project.id,
            name,
            title,
            year: 2026,
            is_open,
        },
    )
    .expect("an olympiad")
}
