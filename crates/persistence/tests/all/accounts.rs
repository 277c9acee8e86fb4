//! Users, accounts, olympiads and projects on the backend named by TEST_DATABASE.

use olympiad_domain::id::UserId;
use olympiad_persistence::models::{
    Account, AccountFilter, AccountInsertForm, Olympiad, Project, User, UserInsertForm,
    UserUpdateForm,
};
use olympiad_persistence::testing::{olympiad_of_2026, TestDatabase};
use olympiad_persistence::DbError;

fn demo_olympiad(conn: &mut olympiad_persistence::DbConnection) -> Olympiad {
    olympiad_of_2026(conn, "geography", "Geography Olympiad", true)
}

fn new_user<'a>(username: &'a str) -> UserInsertForm<'a> {
    UserInsertForm {
        username,
        email: Some(username),
        password_hash: "hash",
        first_name: "Thandi",
        last_name: "Mokoena",
    }
}

#[test]
fn ensure_is_idempotent_for_projects_olympiads_and_accounts() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let first = demo_olympiad(&mut conn);
    let again = demo_olympiad(&mut conn);
    assert_eq!(first.id, again.id);
    assert_eq!(Project::list(&mut conn).unwrap().len(), 1);

    let user = User::create(&mut conn, &new_user("admin@example.org")).unwrap();
    let account = AccountInsertForm {
        user_id: user.id,
        role: "admin",
        olympiad_id: Some(first.id),
    };
    let a = Account::ensure(&mut conn, &account).unwrap();
    let b = Account::ensure(&mut conn, &account).unwrap();
    assert_eq!(a.id, b.id);
    let global = AccountInsertForm {
        user_id: user.id,
        role: "overlord",
        olympiad_id: None,
    };
    assert_ne!(
        Account::ensure(&mut conn, &global).unwrap().id,
        Account::ensure(&mut conn, &account).unwrap().id
    );
    assert_eq!(
        Account::ensure(&mut conn, &global).unwrap().olympiad_id,
        None
    );
}

#[test]
fn account_views_carry_the_olympiad_name() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let olympiad = demo_olympiad(&mut conn);
    let user = User::create(&mut conn, &new_user("funding@example.org")).unwrap();
    Account::ensure(
        &mut conn,
        &AccountInsertForm {
            user_id: user.id,
            role: "funding",
            olympiad_id: Some(olympiad.id),
        },
    )
    .unwrap();
    Account::ensure(
        &mut conn,
        &AccountInsertForm {
            user_id: user.id,
            role: "teacher",
            olympiad_id: None,
        },
    )
    .unwrap();

    let views = Account::views_of_user(&mut conn, user.id).unwrap();
    assert_eq!(views.len(), 2);
    assert_eq!(views[0].olympiad_name.as_deref(), Some("geography"));
    assert_eq!(
        views[0].olympiad_title.as_deref(),
        Some("Geography Olympiad")
    );
    assert_eq!(views[1].olympiad_name, None);

    let in_olympiad = Account::views(
        &mut conn,
        AccountFilter {
            olympiad_id: Some(olympiad.id),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(
        in_olympiad
            .iter()
            .map(|v| v.role.as_str())
            .collect::<Vec<_>>(),
        vec!["funding"]
    );
}

#[test]
fn usernames_are_unique() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    User::create(&mut conn, &new_user("teacher@example.org")).unwrap();
    let duplicate = User::create(&mut conn, &new_user("teacher@example.org"));
    assert!(
        matches!(duplicate, Err(DbError::Conflict(_))),
        "{duplicate:?}"
    );
}

#[test]
fn password_change_and_sign_out_end_sessions() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let user = User::create(&mut conn, &new_user("teacher@example.org")).unwrap();
    User::set_password_hash(&mut conn, user.id, "new-hash").unwrap();
    User::end_sessions(&mut conn, user.id).unwrap();
    let user = User::find(&mut conn, user.id).unwrap();
    assert_eq!(user.password_hash, "new-hash");
    assert_eq!(user.session_version, 2);
    assert!(matches!(
        User::end_sessions(&mut conn, UserId::new(9999)),
        Err(DbError::NotFound)
    ));
}

#[test]
fn update_changes_only_the_given_fields() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let user = User::create(&mut conn, &new_user("marketing@example.org")).unwrap();
    let changed = User::update(
        &mut conn,
        user.id,
        &UserUpdateForm {
            last_name: Some("Botha".into()),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(changed.first_name, "Thandi");
    assert_eq!(changed.last_name, "Botha");
    assert_eq!(changed.email.as_deref(), Some("marketing@example.org"));
    let cleared = User::update(
        &mut conn,
        user.id,
        &UserUpdateForm {
            email: Some(None),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(cleared.email, None);
}

#[test]
fn two_factor_secret_is_pending_until_confirmed() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let user = User::create(&mut conn, &new_user("overlord@example.org")).unwrap();
    User::set_pending_totp_secret(&mut conn, user.id, "SECRET1").unwrap();
    User::confirm_totp(&mut conn, user.id).unwrap();
    // A confirmed secret is not replaced by another set-up attempt.
    assert!(matches!(
        User::set_pending_totp_secret(&mut conn, user.id, "SECRET2"),
        Err(DbError::NotFound)
    ));
    let user = User::find(&mut conn, user.id).unwrap();
    assert_eq!(
        (user.totp_secret.as_deref(), user.totp_confirmed),
        (Some("SECRET1"), true)
    );
    User::reset_totp(&mut conn, user.id).unwrap();
    assert!(!User::find(&mut conn, user.id).unwrap().totp_confirmed);
}
