//! `/api/participant` (a learner's entry in an olympiad), `/api/participant/login-slips` and
//! `/api/auth/set-learner-passwords`: what a team does with its learners once they are loaded.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::{json, Value};

/// Geography with a school entered, its team admin and three learners in classes 9 A, 10 A and
/// 11 B; answers the school, the teacher's token and the learners.
fn team_with_learners(fx: &Fixture) -> (School, String, Vec<BuiltLearner>) {
    let geo = fx.olympiad("geography");
    let (school, teacher) = fx.entered_school(&geo);
    let learners = [
        ("lerato.m", 10, "A"),
        ("sipho.d", 11, "B"),
        ("zoe.m", 9, "A"),
    ]
    .into_iter()
    .map(|(username, grade, class)| {
        fx.learner(username)
            .grade(grade)
            .in_class(class)
            .entered_with(school.entry())
    })
    .collect();
    (school, teacher.token, learners)
}

#[actix_web::test]
async fn login_slips_come_as_a_pdf_page_per_class_or_a_csv_of_the_sign_ins() {
    let fx = Fixture::new();
    let (school, teacher, learners) = team_with_learners(&fx);
    let api = fx.api().await;

    let credentials: Vec<Value> = learners
        .iter()
        .enumerate()
        .map(|(n, l)| json!({ "participantId": l.participant_id, "password": format!("slip-password-{n}") }))
        .collect();
    let slips = json!({ "schoolParticipantId": school.entry(), "credentials": credentials });
    let request = with_token(
        post_json("/api/participant/login-slips", slips.clone()),
        &teacher,
    );
    let (status, content_type, pdf) = api.file(request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/pdf");
    assert!(
        String::from_utf8_lossy(&pdf).contains("/Count 3"),
        "grades 9 A, 10 A and 11 B"
    );
    let as_csv = post_json("/api/participant/login-slips?format=csv", slips);
    let (_, _, csv) = api.file(with_token(as_csv, &teacher)).await;
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.contains("slip-password-1"));
    let unknown = json!({ "schoolParticipantId": school.entry(), "credentials": [{ "participantId": 999999, "password": "x" }] });
    let (status, body) = api
        .post("/api/participant/login-slips", unknown, &teacher)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[actix_web::test]
async fn a_new_password_for_one_learner_replaces_the_old_one() {
    let fx = Fixture::new();
    let (school, teacher, _) = team_with_learners(&fx);
    let api = fx.api().await;
    let entry = school.entry();
    let old = json!({ "username": "lerato.m", "password": PASSWORD });
    let (status, _) = api.send(learner_signin(&old)).await;
    assert_eq!(status, StatusCode::OK);

    let set = format!(
        "/api/auth/set-learner-passwords/{entry}?schoolId={}&email=lerato.m",
        school.id
    );
    let (status, fresh) = api
        .send(with_token(TestRequest::put().uri(&set), &teacher))
        .await;
    assert_eq!(status, StatusCode::OK, "{fresh}");
    assert_eq!(fresh["data"].as_array().unwrap().len(), 1);
    let (status, _) = api.send(learner_signin(&old)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = api.send(learner_signin(&fresh["data"][0])).await;
    assert_eq!(status, StatusCode::OK);
    let elsewhere = format!(
        "/api/auth/set-learner-passwords/{entry}?schoolId={}",
        school.id + 1
    );
    let (status, body) = api
        .send(with_token(TestRequest::put().uri(&elsewhere), &teacher))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["schoolId"],
        "is not the school of this entry"
    );
    assert_eq!(activities(&fx, "learner_passwords_set").len(), 1);
}

#[actix_web::test]
async fn a_participant_writes_in_the_olympiads_languages_and_is_withdrawn_leaving_the_learner() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.admin("geography");
    let (school, teacher, _) = team_with_learners(&fx);
    let ayanda = fx
        .learner("ayanda.z")
        .named("Ayanda", "Zulu")
        .grade(8)
        .entered_with(school.entry());
    let api = fx.api().await;
    let path = format!("/api/participant/{}", ayanda.participant_id);

    let afrikaans = json!({ "status": "absent", "language": "af" });
    let (status, body) = api.put(&path, afrikaans, &teacher).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "geography is written in English only: {body}"
    );
    let english = json!({ "status": "registered", "language": "en" });
    let (status, _) = api.put(&path, english, &teacher).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api.delete(&path, &teacher).await;
    assert_eq!(status, StatusCode::OK);
    let search = format!("/api/learner?olympiadId={}&sort=name&search=zulu", geo.id);
    let (_, page) = api.get(&search, &admin).await;
    assert_eq!(
        page["data"]["total"], 1,
        "the learner stays with the school"
    );
    let all = format!("/api/participant?olympiadId={}", geo.id);
    let (_, all) = api.get(&all, &admin).await;
    assert_eq!(all["data"]["total"], 3, "the withdrawn participant is gone");
}

#[actix_web::test]
async fn a_learner_who_has_written_cannot_be_withdrawn_whatever_their_status_says() {
    use diesel::prelude::*;
    use olympiad_persistence::schema::attempts;
    let (s, api, _) = Sitting::started().await;
    let participant = format!("/api/participant/{}", s.participant_id);

    // The team may set the status back; the work stays all the same.
    let registered = json!({ "status": "registered", "language": "en" });
    let (status, body) = api.put(&participant, registered, &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = api.delete(&participant, &s.teacher).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let kept: i64 = attempts::table
        .filter(attempts::participant_id.eq(s.participant_id))
        .count()
        .get_result(&mut s.fx.db.conn())
        .unwrap();
    assert_eq!(kept, 1);
}
