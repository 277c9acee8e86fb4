//! Appeals end to end: the team lodges one for its learner once the results are released, the
//! admins see it in the queue and uphold it (the mark adjusted with the reason, after reopening
//! the results) or dismiss it with a reason, once; the team sees the outcome.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::json;

#[actix_web::test]
async fn a_team_appeals_and_the_admins_uphold_or_dismiss_it_once() {
    let (s, api, key) = Sitting::started().await;
    api.answer_all(&s, &key).await;
    let finish = TestRequest::post().uri("/api/sitting/finish");
    api.ok(with_device(finish, &s.learner, Some(&key))).await;
    let o = s.olympiad_id;
    let entry = s.school_participant_id;
    let (_, list) = api
        .get(&format!("/api/results?olympiadId={o}"), &s.admin)
        .await;
    let attempt = list["data"]["rows"][0]["attemptId"].as_i64().unwrap();
    let lodge = |question: i64, reason: &str| json!({ "schoolParticipantId": entry, "attemptId": attempt, "question": question, "reason": reason });

    // Not before the results are released.
    let (status, _) = api
        .post(
            "/api/results/appeals",
            lodge(3, "12.4 is within the tolerance"),
            &s.teacher,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": o, "state": state, "reason": "Checked" });
        api.post("/api/results/state", body, &s.admin).await;
    }
    // Each faulty field is named; nothing is lodged.
    let (status, body) = api
        .post("/api/results/appeals", lodge(9, " "), &s.teacher)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["fields"]["reason"].is_string() || body["fields"]["question"].is_string(),
        "{body}"
    );
    let (status, body) = api
        .post(
            "/api/results/appeals",
            lodge(3, "12.4 is within the tolerance"),
            &s.teacher,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["state"], "lodged");
    let appeal = body["data"]["id"].as_i64().unwrap();
    assert!(s.logged("appeal_lodged"));
    // The same question again waits already.
    let (status, _) = api
        .post("/api/results/appeals", lodge(3, "Again"), &s.teacher)
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, body) = api
        .post("/api/results/appeals", lodge(4, "Spelling"), &s.teacher)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let second = body["data"]["id"].as_i64().unwrap();

    // Another school's teacher reaches neither the entry nor its appeals.
    let stranger = s.fx.teacher("stranger@example.org").build();
    let (status, _) = api
        .post("/api/results/appeals", lodge(2, "Ours"), &stranger.token)
        .await;
    assert!(
        status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
        "{status}"
    );

    // The queue, waiting first; the teacher does not see it.
    let (status, queue) = api
        .get(&format!("/api/results/appeals?olympiadId={o}"), &s.admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{queue}");
    assert_eq!(queue["data"].as_array().unwrap().len(), 2);
    assert_eq!(
        queue["data"][0]["schoolName"],
        list["data"]["rows"][0]["schoolName"]
    );
    let (status, _) = api
        .get(&format!("/api/results/appeals?olympiadId={o}"), &s.teacher)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Upholding changes the mark: not while final, and a mark is needed.
    let decide = format!("/api/results/appeals/{appeal}/decide");
    // A reason as long as the limit allows: the appeal's own words added to it do not count.
    let reason = format!("Within the tolerance{}", ".".repeat(1000 - 20));
    let uphold = json!({ "outcome": "upheld", "reason": reason, "marks": 8 });
    let (status, _) = api.post(&decide, uphold.clone(), &s.admin).await;
    assert_eq!(status, StatusCode::CONFLICT, "final results take no change");
    let body = json!({ "olympiadId": o, "state": "moderated", "reason": "Appeals" });
    api.post("/api/results/state", body, &s.admin).await;
    let (status, body) = api
        .post(
            &decide,
            json!({ "outcome": "upheld", "reason": "Yes" }),
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["marks"].is_string(), "{body}");
    let (status, body) = api.post(&decide, uphold.clone(), &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["state"], "upheld");
    assert_eq!(body["data"]["score"], 8);
    assert!(s.logged("appeal_upheld"));
    assert!(s.logged("result_adjusted"));
    // Once only.
    let (status, _) = api.post(&decide, uphold, &s.admin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let dismiss = json!({ "outcome": "dismissed", "reason": "The spelling is not one we accept" });
    // Another olympiad's admin decides nothing here.
    s.fx.olympiad("history");
    let neighbour = s.fx.token_for(s.fx.user(
        "history-admin@example.org",
        olympiad_domain::Role::Admin,
        Some("history"),
    ));
    let (status, _) = api
        .post(
            &format!("/api/results/appeals/{second}/decide"),
            dismiss.clone(),
            &neighbour,
        )
        .await;
    assert!(
        status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
        "{status}"
    );
    let (status, body) = api
        .post(
            &format!("/api/results/appeals/{second}/decide"),
            dismiss,
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["state"], "dismissed");
    let (status, _) = api
        .post(
            "/api/results/appeals/999999/decide",
            json!({ "outcome": "dismissed", "reason": "x" }),
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The team sees both outcomes.
    let (status, mine) = api
        .get(
            &format!("/api/results/appeals/school?schoolParticipantId={entry}"),
            &s.teacher,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    let states: Vec<&str> = mine["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["state"].as_str().unwrap())
        .collect();
    assert_eq!(states.len(), 2);
    assert!(states.contains(&"upheld") && states.contains(&"dismissed"));
    assert!(!mine["data"][0]["outcome"].as_str().unwrap().is_empty());
}
