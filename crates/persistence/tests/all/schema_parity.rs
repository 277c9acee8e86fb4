//! The two migration trees must build the same tables with the same columns, and `schema.rs` must
//! describe exactly those. Needs the PostgreSQL server of TEST_DATABASE_URL (make test provides it).

use diesel::prelude::*;
use diesel::sql_types::Text;
use olympiad_persistence::testing::{postgres_server_url, TestDatabase};
use olympiad_persistence::DbConnection;
use std::collections::BTreeSet;

#[derive(QueryableByName)]
struct Column {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
}

fn columns(conn: &mut DbConnection) -> BTreeSet<(String, String)> {
    let sql = match conn {
        DbConnection::Postgresql(_) => {
            "SELECT table_name::text AS table_name, column_name::text AS column_name FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations'"
        }
        DbConnection::Sqlite(_) => {
            "SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m, pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '__diesel_schema_migrations'"
        }
    };
    diesel::sql_query(sql)
        .load::<Column>(conn)
        .unwrap()
        .into_iter()
        .map(|c| (c.table_name, c.column_name))
        .collect()
}

#[test]
fn sqlite_and_postgres_schemas_have_the_same_tables_and_columns() {
    let Some(_) = postgres_server_url() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set (make test sets it)");
        return;
    };
    let sqlite = TestDatabase::sqlite();
    let postgres = TestDatabase::postgres();
    let sqlite_columns = columns(&mut sqlite.conn());
    let postgres_columns = columns(&mut postgres.conn());
    let only_sqlite: Vec<_> = sqlite_columns.difference(&postgres_columns).collect();
    let only_postgres: Vec<_> = postgres_columns.difference(&sqlite_columns).collect();
    assert!(
        only_sqlite.is_empty() && only_postgres.is_empty(),
        "only in SQLite: {only_sqlite:?}; only in PostgreSQL: {only_postgres:?}"
    );
    assert!(sqlite_columns.contains(&("users".to_owned(), "session_version".to_owned())));
}

#[test]
fn migration_folders_have_the_same_names() {
    let names = |tree: &str| -> BTreeSet<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../migrations")
            .join(tree);
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    };
    assert_eq!(names("sqlite"), names("postgres"));
}
