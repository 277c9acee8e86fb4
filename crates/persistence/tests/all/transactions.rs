//! Write transactions on the backend named by TEST_DATABASE: one inside another on the same
//! connection joins it; one begun on a second connection inside another is refused at once, where
//! SQLite would otherwise wait for a turn its own thread holds.

use olympiad_persistence::models::{Project, ProjectInsertForm};
use olympiad_persistence::testing::TestDatabase;
use olympiad_persistence::{write_transaction, DbConnection, DbError};

fn project(conn: &mut DbConnection, slug: &str) -> Result<Project, DbError> {
    Project::ensure(
        conn,
        &ProjectInsertForm {
            slug,
            name: slug,
            description: "",
            kind: olympiad_domain::olympiad::OlympiadKind::Schools,
        },
    )
}

fn projects(conn: &mut DbConnection) -> usize {
    Project::list(conn).unwrap().len()
}

#[test]
fn a_transaction_inside_another_joins_it_and_ends_with_it() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let before = projects(&mut conn);
    let outcome: Result<(), DbError> = write_transaction(&mut conn, |conn| {
        write_transaction(conn, |conn| project(conn, "inner"))?;
        project(conn, "outer")?;
        Err(DbError::NotFound)
    });
    assert!(outcome.is_err());
    assert_eq!(
        projects(&mut conn),
        before,
        "the inner work rolled back with the outer"
    );

    write_transaction(&mut conn, |conn| {
        write_transaction(conn, |conn| project(conn, "inner"))
    })
    .unwrap();
    assert_eq!(projects(&mut conn), before + 1);
}

#[test]
fn a_transaction_on_a_second_connection_inside_another_is_refused_not_left_to_hang() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let mut second = db.conn();
    let outcome: Result<Project, DbError> = write_transaction(&mut conn, |_| {
        write_transaction(&mut second, |conn| project(conn, "elsewhere"))
    });
    assert!(matches!(outcome, Err(DbError::Pool(_))), "{outcome:?}");
    // The thread may write again once the outer transaction is over.
    write_transaction(&mut second, |conn| project(conn, "later")).unwrap();
}
