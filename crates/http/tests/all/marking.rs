//! `/api/participant/get-submitted-data/{id}` (a learner's answers, as much as the paper rule shows)
//! and `/api/olympiad/remark/{id}` (marking again after the answer key changed).

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_domain::paper::QuestionKind;
use olympiad_persistence::models::{Question, QuestionForm};
use serde_json::json;

#[actix_web::test]
async fn the_admin_sees_the_submitted_answers_with_their_marks_and_the_teacher_only_once_the_sitting_closes(
) {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let submitted = format!("/api/participant/get-submitted-data/{}", s.participant_id);

    // 2 + 3 + 1 + 1.
    let (status, body) = api.get(&submitted, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["score"], 7);
    assert_eq!(body["data"]["answers"][0]["answerText"], "Oranje");
    assert_eq!(body["data"]["answers"][0]["marks"], 2);

    // While the olympiad is open another school may still write it: the teacher sees which
    // questions were answered, not the paper, for this learner and for one who never started.
    let waiting = s.add_learner("lindiwe.k");
    for participant in [s.participant_id, waiting.participant_id] {
        let path = format!("/api/participant/get-submitted-data/{participant}");
        let (status, body) = api.get(&path, &s.teacher).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["shown"]["questions"], false);
        let text = body.to_string();
        for word in ["Longest river", "Rivers", "Oranje", "limpopo", "Vaal"] {
            assert!(!text.contains(word), "{word} shown to the teacher: {text}");
        }
        assert!(body["data"]["score"].is_null());
        assert_eq!(body["data"]["answers"].as_array().unwrap().len(), 4);
    }
    let (_, body) = api.get(&submitted, &s.teacher).await;
    assert_eq!(body["data"]["answers"][3]["answered"], true);
    assert!(body["data"]["answers"][3]["answer"].is_null());

    // The sitting's window is over for everyone: the paper and the answers, still no marks.
    let ended = olympiad_persistence::now() - chrono::Duration::hours(1);
    olympiad_persistence::models::SittingWindow::replace(
        &mut s.fx.db.conn(),
        s.olympiad_id,
        &[(ended - chrono::Duration::hours(2), ended)],
    )
    .unwrap();
    let (_, body) = api.get(&submitted, &s.teacher).await;
    assert_eq!(body["data"]["shown"]["questions"], true);
    assert_eq!(body["data"]["answers"][3]["answerText"], "limpopo");
    assert!(body["data"]["answers"][0]["question"]
        .as_str()
        .unwrap()
        .contains("Langste rivier"));
    assert!(body["data"]["score"].is_null());
    assert!(body["data"]["answers"][0]["marks"].is_null());

    // Released: the marks too.
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": s.olympiad_id, "state": state, "reason": "Checked" });
        api.post("/api/results/state", body, &s.admin).await;
    }
    let (_, body) = api.get(&submitted, &s.teacher).await;
    assert_eq!(body["data"]["score"], 7);
    assert_eq!(body["data"]["answers"][0]["marks"], 2);
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
