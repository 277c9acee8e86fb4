//! Group commit (`Db::grouped`), on the real database of TEST_DATABASE: many learners' writes share
//! one transaction, yet every request gets its own answer; a piece that fails is rolled back alone;
//! and when the shared commit fails, no request of the group is told it was saved, and nothing of
//! it is kept. Sign-ins are noted together, and one that cannot be noted holds back no other. The
//! sitting's steps of a batch begin from one read of their learners, each answered as their own.

use crate::common::Sitting;
use actix_web::http::StatusCode;
use actix_web::ResponseError;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use futures_util::future::join_all;
use olympiad_domain::id::UserId;
use olympiad_domain::paper::Language;
use olympiad_domain::Role;
use olympiad_http::db::Db;
use olympiad_http::ApiError;
use olympiad_office::sitting::{self, DeclarationInput, DetailsInput};
use olympiad_persistence::models::SignInNote;
use olympiad_persistence::testing::TestDatabase;
use std::future::Future;
use std::pin::Pin;
use std::sync::mpsc;
use std::time::Duration;

/// The scratch tables of these tests: rows whose parent is checked only at the commit.
fn tables(db: &TestDatabase) {
    db.conn()
        .batch_execute(
            "CREATE TABLE group_parents (id INTEGER PRIMARY KEY); \
             INSERT INTO group_parents (id) VALUES (1); \
             CREATE TABLE group_rows (id INTEGER PRIMARY KEY, \
               parent INTEGER NOT NULL REFERENCES group_parents (id) DEFERRABLE INITIALLY DEFERRED)",
        )
        .unwrap();
}

#[derive(QueryableByName)]
struct Id {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

fn kept(db: &TestDatabase) -> Vec<i64> {
    diesel::sql_query("SELECT CAST(id AS BIGINT) AS id FROM group_rows ORDER BY id")
        .load::<Id>(&mut db.conn())
        .unwrap()
        .into_iter()
        .map(|row| row.id)
        .collect()
}

/// One request's write: a row of `id` under `parent`; a multiple of 7 is refused after writing.
async fn write(db: &Db, id: i64, parent: i64) -> Result<i64, ApiError> {
    db.grouped(move |conn| {
        conn.batch_execute(&format!(
            "INSERT INTO group_rows (id, parent) VALUES ({id}, {parent})"
        ))
        .map_err(ApiError::internal)?;
        if id % 7 == 0 {
            return Err(ApiError::invalid_field("id", "is a multiple of seven"));
        }
        Ok(id * 10)
    })
    .await
}

/// Holds the committer in a piece of its own until `release` is sent, so that every request sent
/// meanwhile queues for the next transaction together.
fn hold_committer(
    db: &Db,
) -> (
    mpsc::Sender<()>,
    impl std::future::Future<Output = ()> + use<'_>,
) {
    let (release, held) = mpsc::channel::<()>();
    let (entered, inside) = mpsc::channel::<()>();
    let holder = db.grouped(move |_| {
        entered.send(()).unwrap();
        held.recv_timeout(Duration::from_secs(30)).unwrap();
        Ok(())
    });
    let holder = async move { holder.await.unwrap() };
    // Sent to the committer now, not when first awaited: `grouped` queues on its first poll.
    let mut holder = Box::pin(holder);
    futures_util::FutureExt::now_or_never(&mut holder);
    inside.recv_timeout(Duration::from_secs(30)).unwrap();
    (release, holder)
}

#[actix_web::test]
async fn every_learner_of_a_group_gets_their_own_answer() {
    let database = TestDatabase::new();
    tables(&database);
    let db = Db::new(database.pool.clone(), 1);
    let (release, holder) = hold_committer(&db);
    // The last of them (98) is refused too: its savepoint is the one the commit would end.
    let writes = join_all((1..=98).map(|id| write(&db, id, 1)));
    let mut writes = Box::pin(writes);
    // Every write is queued behind the held piece before the committer goes on.
    futures_util::FutureExt::now_or_never(&mut writes);
    release.send(()).unwrap();
    holder.await;
    let answers = writes.await;
    for (id, answer) in (1..=98).zip(answers) {
        match answer {
            Ok(value) => {
                assert_ne!(id % 7, 0);
                assert_eq!(value, id * 10, "learner {id} got another's answer");
            }
            Err(error) => {
                assert_eq!(id % 7, 0, "learner {id} was refused: {error}");
                assert_eq!(error.status_code(), StatusCode::BAD_REQUEST);
            }
        }
    }
    // The refused pieces were rolled back alone; the others are durable.
    let expected: Vec<i64> = (1..=98).filter(|id| id % 7 != 0).collect();
    assert_eq!(kept(&database), expected);
}

#[actix_web::test]
async fn a_failed_commit_acknowledges_nothing_of_its_group() {
    let database = TestDatabase::new();
    tables(&database);
    let db = Db::new(database.pool.clone(), 1);
    let (release, holder) = hold_committer(&db);
    // Learner 50's row names a parent that does not exist: each statement passes, the commit of
    // the whole group fails.
    let writes = join_all((1..=60).map(|id| write(&db, id, if id == 50 { 99 } else { 1 })));
    let mut writes = Box::pin(writes);
    futures_util::FutureExt::now_or_never(&mut writes);
    release.send(()).unwrap();
    holder.await;
    for (id, answer) in (1..=60).zip(writes.await) {
        let error = answer.expect_err(&format!("learner {id} was told it was saved"));
        assert_eq!(error.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
    }
    assert_eq!(kept(&database), Vec::<i64>::new());
    // The committer goes on: the next group commits.
    assert_eq!(write(&db, 61, 1).await.unwrap(), 610);
    assert_eq!(kept(&database), vec![61]);
}

/// A sign-in's note, for `user` (its last sign-in and the activity log's line).
fn note(user: i64) -> SignInNote {
    SignInNote {
        last_sign_in_of: Some(UserId::new(user)),
        user_id: Some(UserId::new(user)),
        email: None,
        olympiad_id: None,
        action: "signin",
        details: "{}".into(),
        address: Some("192.0.2.7".into()),
    }
}

/// What the database kept of the notes: the users signed in, and the log's lines.
fn noted(db: &TestDatabase) -> (Vec<i64>, Vec<i64>) {
    let ids = |sql: &str| -> Vec<i64> {
        diesel::sql_query(sql)
            .load::<Id>(&mut db.conn())
            .unwrap()
            .into_iter()
            .map(|row| row.id)
            .collect()
    };
    (
        ids("SELECT id FROM users WHERE last_login_at IS NOT NULL ORDER BY id"),
        ids("SELECT user_id AS id FROM activity_logs ORDER BY user_id"),
    )
}

/// The sign-ins of a group are noted together after its pieces; one whose user is gone (erased
/// between the password check and the note) is answered its error alone, and the others of the
/// group, and the group's pieces, are kept.
#[actix_web::test]
async fn a_sign_in_that_cannot_be_noted_holds_back_no_other() {
    let database = TestDatabase::new();
    tables(&database);
    database
        .conn()
        .batch_execute(
            "INSERT INTO users (id, username, password_hash) VALUES \
             (1, 'thabo', 'x'), (2, 'lerato', 'x'), (3, 'sipho', 'x')",
        )
        .unwrap();
    let db = Db::new(database.pool.clone(), 1);
    let (release, holder) = hold_committer(&db);
    let sign_ins = join_all([1, 2, 99, 3].map(|user| db.note_sign_in(note(user))));
    let pieces = join_all((1..=3).map(|id| write(&db, id, 1)));
    let mut together = Box::pin(futures_util::future::join(sign_ins, pieces));
    futures_util::FutureExt::now_or_never(&mut together);
    release.send(()).unwrap();
    holder.await;
    let (sign_ins, pieces) = together.await;
    for (user, answer) in [1, 2, 99, 3].into_iter().zip(sign_ins) {
        assert_eq!(answer.is_ok(), user != 99, "user {user}: {answer:?}");
    }
    assert!(pieces.iter().all(Result::is_ok), "{pieces:?}");
    assert_eq!(noted(&database), (vec![1, 2, 3], vec![1, 2, 3]));
    assert_eq!(kept(&database), vec![1, 2, 3]);
}

/// A learner's details step and declaration, as the routes call them, in one batch.
async fn details(s: &Sitting, user_id: UserId, last_name: &str) -> Result<String, ApiError> {
    let (caller, state) = (s.fx.caller_for(user_id), s.fx.state.clone());
    let input = DetailsInput {
        first_name: "Thabo".into(),
        last_name: last_name.into(),
        grade: 10,
        language: Language::En,
    };
    let learner = (caller.user_id, caller.account_id);
    let step = s.fx.state.db.grouped_step(learner, move |conn, first| {
        let cache = &state.sitting_cache;
        Ok(sitting::update_details(
            conn, cache, &caller, first, None, &input,
        )?)
    });
    Ok(step.await?.learner.last_name)
}

async fn declare(s: &Sitting, user_id: UserId) -> Result<String, ApiError> {
    let (caller, state) = (s.fx.caller_for(user_id), s.fx.state.clone());
    let learner = (caller.user_id, caller.account_id);
    let step = s.fx.state.db.grouped_step(learner, move |conn, first| {
        let input = DeclarationInput { accepted: true };
        let cache = &state.sitting_cache;
        Ok(sitting::accept_declaration(
            conn, cache, &caller, first, None, &input,
        )?)
    });
    let view = step.await?;
    assert!(
        view.attempt_key.is_some(),
        "the attempt began on this device"
    );
    Ok(view.learner.last_name)
}

#[actix_web::test]
async fn the_steps_of_a_batch_begin_from_one_read_of_their_learners() {
    let s = Sitting::new();
    let learners: Vec<UserId> = (1..=6)
        .map(|n| s.add_learner(&format!("batch.{n}")).user_id)
        .collect();
    let unentered = s.fx.user("not.entered@example.org", Role::Teacher, None);
    let (release, holder) = hold_committer(&s.fx.state.db);
    // Learner 1 corrects their name and declares in the same batch: the declaration, their
    // second step, reads after the first and shows the name as corrected.
    let steps = join_all(
        [
            Box::pin(details(&s, learners[0], "Corrected")) as Pin<Box<dyn Future<Output = _>>>,
            Box::pin(declare(&s, learners[0])),
            Box::pin(declare(&s, unentered)),
        ]
        .into_iter()
        .chain(
            learners[1..]
                .iter()
                .map(|&user| Box::pin(declare(&s, user)) as Pin<Box<dyn Future<Output = _>>>),
        ),
    );
    let mut steps = Box::pin(steps);
    futures_util::FutureExt::now_or_never(&mut steps);
    release.send(()).unwrap();
    holder.await;
    let answers = steps.await;
    let names: Vec<String> = answers
        .iter()
        .map(|answer| match answer {
            Ok(name) => name.clone(),
            Err(error) => error.status_code().to_string(),
        })
        .collect();
    let mut expected = vec!["Corrected", "Corrected", "404 Not Found"];
    expected.extend(["batch.2", "batch.3", "batch.4", "batch.5", "batch.6"]);
    assert_eq!(names, expected);
}
