//! Module time limits: a timed module's own minutes run on the server's clock from when the
//! learner first opens it (a progress ping from it, or a save to it); saves to it after its time
//! (and the grace) are refused with `module_time_up`, naming each such answer, while the other
//! modules go on taking saves. Also: many learners starting at once through the grouped commits of
//! the start all get their own attempt.

use crate::common::*;
use actix_web::http::StatusCode;
use diesel::prelude::*;
use olympiad_persistence::schema::{attempts, question_modules, questions};
use serde_json::json;

/// The sitting with its four questions split: the first two in a timed module of ten minutes, the
/// last two in an untimed one. Answers the timed module's id.
fn with_timed_module(s: &Sitting) -> i64 {
    let mut conn = s.fx.db.conn();
    let timed: i64 = questions::table
        .find(s.questions[0])
        .select(questions::module_id)
        .first(&mut conn)
        .unwrap();
    diesel::update(question_modules::table.find(timed))
        .set(question_modules::time_limit_minutes.eq(Some(10)))
        .execute(&mut conn)
        .unwrap();
    let untimed = diesel::insert_into(question_modules::table)
        .values((
            question_modules::olympiad_id.eq(s.olympiad_id),
            question_modules::position.eq(2),
            question_modules::title.eq(r#"{"en":"Maps","af":"Kaarte"}"#),
            question_modules::instructions.eq("{}"),
            question_modules::created_at.eq(olympiad_persistence::now()),
            question_modules::updated_at.eq(olympiad_persistence::now()),
        ))
        .returning(question_modules::id)
        .get_result::<i64>(&mut conn)
        .unwrap();
    diesel::update(questions::table.filter(questions::id.eq_any(&s.questions[2..])))
        .set(questions::module_id.eq(untimed))
        .execute(&mut conn)
        .unwrap();
    timed
}

/// Moves the opening of every timed module `minutes` back.
fn opened_minutes_ago(s: &Sitting, module_id: i64, minutes: i64) {
    let at = olympiad_persistence::now() - chrono::Duration::minutes(minutes);
    let clocks = json!({ module_id.to_string(): { "openedAt": at, "pausedSecondsBefore": 0 } });
    diesel::update(attempts::table)
        .set(attempts::module_clocks.eq(clocks.to_string()))
        .execute(&mut s.fx.db.conn())
        .unwrap();
}

#[actix_web::test]
async fn a_timed_module_opens_with_its_first_ping_and_counts_down_on_the_server() {
    let s = Sitting::new();
    let timed = with_timed_module(&s);
    let api = s.fx.api().await;
    let (key, _) = api.start_sitting(&s.learner, "en").await;

    let (_, paper) = api.paper(&s.learner, Some(&key)).await;
    let modules = paper["data"]["modules"].as_array().unwrap();
    let minutes: Vec<_> = modules
        .iter()
        .map(|m| m["timeLimitMinutes"].clone())
        .collect();
    assert!(
        minutes.contains(&json!(10)) && minutes.contains(&json!(null)),
        "{minutes:?}"
    );
    assert_eq!(paper["data"]["moduleClocks"], json!([]), "not opened yet");

    let ping = json!({ "position": "1/1", "moduleId": timed });
    let (status, clock) = api.track(&s, &s.learner, &key, ping).await;
    assert_eq!(status, StatusCode::OK, "{clock}");
    let left = clock["data"]["moduleRemainingSeconds"].as_i64().unwrap();
    assert!((598..=600).contains(&left), "{clock}");

    // The paper read again carries the module's clock, and a second ping does not restart it.
    opened_minutes_ago(&s, timed, 4);
    let (_, paper) = api.paper(&s.learner, Some(&key)).await;
    let left = paper["data"]["moduleClocks"][0]["remainingSeconds"]
        .as_i64()
        .unwrap();
    assert!((358..=360).contains(&left), "{paper}");
    let ping = json!({ "position": "1/2", "moduleId": timed });
    let (_, clock) = api.track(&s, &s.learner, &key, ping).await;
    let left = clock["data"]["moduleRemainingSeconds"].as_i64().unwrap();
    assert!((358..=360).contains(&left), "{clock}");
}

#[actix_web::test]
async fn saves_to_a_module_whose_time_is_up_are_refused_and_the_other_modules_go_on() {
    let s = Sitting::new();
    let timed = with_timed_module(&s);
    let api = s.fx.api().await;
    let (key, _) = api.start_sitting(&s.learner, "en").await;
    let q = &s.questions;

    // The first save to the timed module opens it, and is taken.
    let (status, body) = api
        .save_answers(&s.learner, Some(&key), save(q[0], json!(["a"]), 1))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Ten minutes and the grace later, its answers are refused, naming each; nothing is stored.
    opened_minutes_ago(&s, timed, 12);
    let mixed = json!({ "answers": [
        { "questionId": q[2], "answer": "12,5", "seq": 2 },
        { "questionId": q[0], "answer": ["b"], "seq": 3 },
    ] });
    let (status, body) = api.save_answers(&s.learner, Some(&key), mixed).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "module_time_up");
    assert_eq!(
        body["fields"],
        json!({ "answers[1].questionId": "is in a module whose time is up" })
    );
    let (_, paper) = api.paper(&s.learner, Some(&key)).await;
    let answers = paper["data"]["answers"].as_array().unwrap();
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_eq!(answers[0]["answer"], json!(["a"]));
    assert_eq!(paper["data"]["moduleClocks"][0]["remainingSeconds"], 0);

    // The untimed module still takes saves while the sitting runs.
    let (status, body) = api
        .save_answers(&s.learner, Some(&key), save(q[2], json!("12,5"), 4))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[actix_web::test]
async fn a_save_within_the_grace_after_the_module_ends_still_counts() {
    let s = Sitting::new();
    let timed = with_timed_module(&s);
    let api = s.fx.api().await;
    let (key, _) = api.start_sitting(&s.learner, "en").await;
    // Ten minutes and thirty seconds ago: within the minute's grace.
    let at = olympiad_persistence::now() - chrono::Duration::seconds(630);
    let clocks = json!({ timed.to_string(): { "openedAt": at, "pausedSecondsBefore": 0 } });
    diesel::update(attempts::table)
        .set(attempts::module_clocks.eq(clocks.to_string()))
        .execute(&mut s.fx.db.conn())
        .unwrap();
    let (status, body) = api
        .save_answers(
            &s.learner,
            Some(&key),
            save(s.questions[1], json!(["a", "c"]), 1),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[actix_web::test]
async fn many_learners_starting_at_once_each_get_their_own_attempt() {
    let s = Sitting::new();
    let learners: Vec<String> = (0..24)
        .map(|n| s.add_learner(&format!("rush{n}")).token)
        .collect();
    let api = s.fx.api().await;
    let starts = learners.iter().map(|token| api.start_sitting(token, "en"));
    let keys = futures_util::future::join_all(starts).await;
    let distinct: std::collections::BTreeSet<_> = keys.iter().map(|(key, _)| key).collect();
    assert_eq!(distinct.len(), learners.len());
    let writing: i64 = attempts::table
        .filter(attempts::status.eq("writing"))
        .count()
        .get_result(&mut s.fx.db.conn())
        .unwrap();
    assert_eq!(writing, 24);
}
