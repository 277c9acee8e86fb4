//! `/api/participant/get-submitted-data/{id}` (a finished sitting's answers, with marks for staff)
//! and `/api/olympiad/remark/{id}` (marking again after the answer key changed).

#![allow(clippy::unwrap_used)] // helpers of a test: a panic is the failure, with its cause

mod common;

use actix_web::http::StatusCode;
use common::*;
use olympiad_domain::paper::QuestionKind;
use olympiad_persistence::models::{Question, QuestionForm};
use serde_json::json;

#[actix_web::test]
async fn the_admin_sees_the_submitted_answers_with_their_marks_and_the_teacher_without() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let submitted = format!("/api/participant/get-submitted-data/{}", s.participant_id);

    // 2 + 3 + 1 + 1.
    let (status, body) = api.get(&submitted, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["score"], 7);
    assert_eq!(body["data"]["answers"][0]["answerText"], "Oranje");
    assert_eq!(body["data"]["answers"][0]["marks"], 2);
    let (status, body) = api.get(&submitted, &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["score"].is_null());
    assert!(body["data"]["answers"][0]["marks"].is_null());
    assert_eq!(body["data"]["answers"][3]["answerText"], "limpopo");
}

#[actix_web::test]
async fn marking_again_follows_a_corrected_answer_key_and_gives_the_same_each_time() {
    let s = Sitting::finished().await;
    let q1 = olympiad_domain::id::QuestionId::new(s.questions[0]);
    let mut conn = s.fx.db.conn();
    let mut content = Question::find(&mut conn, q1).unwrap().content();
    content.correct = vec!["c".into()];
    let fields = QuestionForm {
        kind: QuestionKind::SingleChoice,
        content,
        marks: 2,
        difficulty: 3,
        attachment_id: None,
    };
    Question::update(&mut conn, q1, &fields).unwrap();
    drop(conn);
    let api = s.fx.api().await;
    let remark = format!("/api/olympiad/remark/{}", s.olympiad_id);
    let submitted = format!("/api/participant/get-submitted-data/{}", s.participant_id);

    for _ in 0..2 {
        let (status, body) = api.post(&remark, json!({}), &s.admin).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["marked"], 1);
        let (_, body) = api.get(&submitted, &s.admin).await;
        assert_eq!(body["data"]["score"], 5);
    }
}
