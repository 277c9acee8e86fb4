//! `/api/learner` (the list, its export, adding one by hand), `/api/learner/{id}` and
//! `/api/learner/{id}/correction` (a record corrected, and what may change when), and
//! `/api/learner/single` (a learner's own details).

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_persistence::models::Learner;
use serde_json::json;

#[actix_web::test]
async fn a_learner_sees_their_own_details_and_no_one_elses() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let entry = fx.school().entered_in(&geo).build().entry();
    let lerato = fx
        .learner("lerato.m")
        .named("Lerato", "Molefe")
        .entered_with(entry);
    let sipho = fx
        .learner("sipho.d")
        .named("Sipho", "Dube")
        .entered_with(entry);
    let api = fx.api().await;

    let own = format!(
        "/api/learner/single?participantId={}",
        lerato.participant_id
    );
    let (status, details) = api.get(&own, &lerato.token).await;
    assert_eq!(status, StatusCode::OK, "{details}");
    assert_eq!(details["data"]["learner"]["firstName"], "Lerato");
    let other = format!("/api/learner/single?participantId={}", sipho.participant_id);
    let (status, _) = api.get(&other, &lerato.token).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn a_teacher_adds_a_learner_by_hand_records_consent_and_deletes_them() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.admin("geography");
    let (school, teacher) = fx.entered_school(&geo);
    let (entry, teacher) = (school.entry(), teacher.token);
    let api = fx.api().await;

    let ayanda = json!({ "schoolParticipantId": entry, "firstName": "Ayanda", "lastName": "Zulu", "grade": "8" });
    let (status, added) = api.post("/api/learner", ayanda.clone(), &teacher).await;
    assert_eq!(status, StatusCode::OK, "{added}");
    let mut nameless = ayanda;
    nameless["firstName"] = json!("");
    let (_, body) = api.post("/api/learner", nameless, &teacher).await;
    assert_eq!(body["fields"]["firstName"], "is required");
    let search = format!("/api/learner?olympiadId={}&sort=name&search=zulu", geo.id);
    let (_, page) = api.get(&search, &admin).await;
    assert_eq!(page["data"]["total"], 1);

    let path = format!("/api/learner/{}", page["data"]["rows"][0]["id"]);
    let consent = json!({ "firstName": "Ayanda", "lastName": "Zulu-Khumalo", "grade": "9", "consentGiven": "yes", "consentBy": "Mrs Zulu" });
    let (status, updated) = api.put(&path, consent, &teacher).await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert!(updated["data"]["consentRecordedAt"].is_string());
    let (status, _) = api.delete(&path, &teacher).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn staff_export_the_learners_as_a_spreadsheet() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.admin("geography");
    let entry = fx.school().entered_in(&geo).build().entry();
    fx.learner("thabo.m").entered_with(entry);
    let api = fx.api().await;

    let url = format!("/api/learner?olympiadId={}&format=xlsx", geo.id);
    let (_, content_type, _) = api.file(with_token(get(&url), &admin)).await;
    assert!(content_type.contains("spreadsheetml"));
}

/// The learner record of the sitting's learner, Thabo Mokoena of grade 10, as their teacher finds it.
async fn sitting_learner<S, B>(api: &Api<S>, s: &Sitting) -> String
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let single = format!("/api/learner/single?participantId={}", s.participant_id);
    let (status, details) = api.get(&single, &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{details}");
    format!("/api/learner/{}", details["data"]["learner"]["id"])
}

#[actix_web::test]
async fn once_a_learner_has_started_writing_their_team_corrects_the_names_but_not_the_grade() {
    let (s, api, _) = Sitting::started().await;
    let thabo = sitting_learner(&api, &s).await;

    let (status, correction) = api.get(&format!("{thabo}/correction"), &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{correction}");
    let fixed = &correction["data"]["fixed"];
    assert_eq!(
        fixed["grade"],
        "The grade cannot change once Thabo has started writing."
    );
    assert!(
        fixed["firstName"].is_null() && fixed["className"].is_null(),
        "{fixed}"
    );

    let renamed =
        json!({ "firstName": "Thabang", "lastName": "Mokoena", "grade": "10", "className": "10B" });
    let (status, body) = api.put(&thabo, renamed, &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["firstName"], "Thabang");
    assert_eq!(body["data"]["className"], "10B");

    let regraded =
        json!({ "firstName": "Thabang", "lastName": "Mokoena", "grade": "11", "className": "10B" });
    let (status, body) = api.put(&thabo, regraded.clone(), &s.teacher).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "conflict");
    assert_eq!(
        body["errorMsg"],
        "The grade cannot change once Thabang has started writing."
    );
    let (_, correction) = api.get(&format!("{thabo}/correction"), &s.teacher).await;
    assert_eq!(correction["data"]["learner"]["grade"], 10);

    // The olympiad's office is not held to the rule.
    let (status, correction) = api.get(&format!("{thabo}/correction"), &s.admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(correction["data"]["fixed"], json!({}));
    let (status, body) = api.put(&thabo, regraded, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["grade"], 11);
}

#[actix_web::test]
async fn once_the_results_are_released_the_names_stand_as_released() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let thabo = sitting_learner(&api, &s).await;
    for state in ["moderated", "final"] {
        let to = json!({ "olympiadId": s.olympiad_id, "state": state, "reason": "Checked by the moderators" });
        let (status, body) = api.post("/api/results/state", to, &s.admin).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    let (_, correction) = api.get(&format!("{thabo}/correction"), &s.teacher).await;
    let fixed = &correction["data"]["fixed"];
    assert!(
        fixed["firstName"].as_str().unwrap().contains("released"),
        "{fixed}"
    );
    assert!(
        fixed["lastName"].is_string() && fixed["grade"].is_string(),
        "{fixed}"
    );

    let renamed = json!({ "firstName": "Thabo", "lastName": "Mokwena", "grade": "10" });
    let (status, body) = api.put(&thabo, renamed, &s.teacher).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["errorMsg"]
            .as_str()
            .unwrap()
            .starts_with("The last name cannot change once the olympiad's results are released"),
        "{body}"
    );
    // The class prints on no result or certificate: it is corrected still.
    let moved =
        json!({ "firstName": "Thabo", "lastName": "Mokoena", "grade": "10", "className": "10C" });
    let (status, body) = api.put(&thabo, moved, &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["lastName"], "Mokoena");
}

#[actix_web::test]
async fn a_teacher_adds_a_late_learner_with_the_spreadsheets_checks_and_hands_out_their_sign_in() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let (school, teacher) = fx.entered_school(&geo);
    let (entry, teacher) = (school.entry(), teacher.token);
    fx.learner("thabo.m").entered_with(entry);
    let api = fx.api().await;

    let lerato = json!({ "schoolParticipantId": entry, "firstName": "Lerato", "lastName": "Molefe", "grade": "9", "className": "9A" });
    let (status, slip) = api.post("/api/learner", lerato.clone(), &teacher).await;
    assert_eq!(status, StatusCode::OK, "{slip}");
    assert_eq!(slip["data"]["className"], "9A");
    let (status, signed_in) = api.send(learner_signin(&slip["data"])).await;
    assert_eq!(status, StatusCode::OK, "{signed_in}");
    let list = format!("/api/participant?customerParticipantId={entry}&search=molefe");
    let (_, page) = api.get(&list, &teacher).await;
    assert_eq!(page["data"]["total"], 1, "{page}");

    // The spreadsheet's checks: a learner loaded already, a grade the olympiad is not written in.
    let (status, body) = api.post("/api/learner", lerato, &teacher).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["fields"]["firstName"]
            .as_str()
            .unwrap()
            .contains("already loaded"),
        "{body}"
    );
    let young = json!({ "schoolParticipantId": entry, "firstName": "Sipho", "lastName": "Dube", "grade": "7" });
    let (_, body) = api.post("/api/learner", young, &teacher).await;
    assert_eq!(
        body["fields"]["grade"],
        "must be a grade of this olympiad: 8 to 12"
    );

    // A correction is checked the same way: it may not make Thabo a second Lerato.
    let (_, page) = api
        .get(
            &format!("/api/participant?customerParticipantId={entry}&search=mokoena"),
            &teacher,
        )
        .await;
    let thabo = format!("/api/learner/{}", page["data"]["rows"][0]["learnerId"]);
    let twin = json!({ "firstName": "Lerato", "lastName": "Molefe", "grade": "9" });
    let (status, body) = api.put(&thabo, twin, &teacher).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["firstName"].is_string(), "{body}");
    let (_, body) = api
        .put(
            &thabo,
            json!({ "firstName": "Thabo", "lastName": "Mokoena", "grade": "7" }),
            &teacher,
        )
        .await;
    assert_eq!(
        body["fields"]["grade"],
        "must be a grade of this olympiad: 8 to 12"
    );
}

#[actix_web::test]
async fn a_teacher_corrects_and_adds_only_the_learners_of_their_own_schools_entry() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let history = fx.olympiad("history");
    let (_, teacher) = fx.entered_school(&geo);
    let neighbour = fx.school().named("Neighbour High").entered_in(&geo).build();
    let theirs = fx.learner("sipho.d").entered_with(neighbour.entry());
    let elsewhere = fx
        .school()
        .named("History High")
        .entered_in(&history)
        .build();
    let historian = fx.learner("lwazi.n").entered_with(elsewhere.entry());
    let api = fx.api().await;

    let renamed = json!({ "firstName": "Renamed", "lastName": "Learner", "grade": "10" });
    for learner in [&theirs, &historian] {
        let path = format!("/api/learner/{}", learner.learner_id);
        let (status, _) = api.get(&format!("{path}/correction"), &teacher.token).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, body) = api.put(&path, renamed.clone(), &teacher.token).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    }
    for entry in [neighbour.entry(), elsewhere.entry()] {
        let late = json!({ "schoolParticipantId": entry, "firstName": "Late", "lastName": "Learner", "grade": "10" });
        let (status, body) = api.post("/api/learner", late, &teacher.token).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    }
    let school = olympiad_domain::id::SchoolId::new(neighbour.id);
    let names = Learner::names_of_school(&mut fx.db.conn(), school).unwrap();
    assert_eq!(names, [("Thabo".to_owned(), "Mokoena".to_owned(), 10)]);
}
