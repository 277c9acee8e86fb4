//! A typed id's round trip through the database TEST_DATABASE names (SQLite and PostgreSQL): written
//! by an insert, compared in a filter, read into a model's field, a bare column and a nullable one.

use diesel::prelude::*;
use olympiad_domain::id::SchoolId;
use olympiad_persistence::models::{School, SchoolForm, Teacher, User, UserInsertForm};
use olympiad_persistence::schema::{schools, teachers};
use olympiad_persistence::testing::TestDatabase;

#[test]
fn a_school_id_is_written_compared_and_read_back() {
    let db = TestDatabase::new();
    let conn = &mut db.conn();
    let school = School::create(
        conn,
        &SchoolForm {
            name: "Typed Id High".into(),
            province: "Gauteng".into(),
            sector: "public".into(),
            country_code: "ZA".into(),
            ..Default::default()
        },
    )
    .unwrap();
    let id: SchoolId = school.id;

    // A filter compares the column with the typed id; the column reads back as one.
    let found: SchoolId = schools::table
        .filter(schools::id.eq(id))
        .select(schools::id)
        .first(conn)
        .unwrap();
    assert_eq!(found, id);
    assert_eq!(
        School::find(conn, id).unwrap().details.name,
        "Typed Id High"
    );
    // Underneath it is the plain key.
    let raw: i64 = schools::table
        .find(id)
        .select(schools::id)
        .first(conn)
        .unwrap();
    assert_eq!(raw, id.get());

    // A nullable column takes and gives `Option<SchoolId>`.
    let user = User::create(
        conn,
        &UserInsertForm {
            username: "typed.id@school.example",
            email: None,
            password_hash: "hash",
            first_name: "Thandi",
            last_name: "Mokoena",
        },
    )
    .unwrap();
    let teacher = Teacher::ensure(conn, user.id, Some(id)).unwrap();
    assert_eq!(teacher.school_id, Some(id));
    let school_of_teacher: Option<SchoolId> = teachers::table
        .find(teacher.id)
        .select(teachers::school_id)
        .first(conn)
        .unwrap();
    assert_eq!(school_of_teacher, Some(id));
    // An id no school has is not found.
    assert!(School::find(conn, SchoolId::new(id.get() + 1000)).is_err());
}
