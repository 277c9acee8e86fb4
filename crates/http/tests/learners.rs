//! `/api/learner` (the list, its export, adding one by hand), `/api/learner/{id}` and
//! `/api/learner/single` (a learner's own details).

#![allow(clippy::unwrap_used)] // helpers of a test: a panic is the failure, with its cause

mod common;

use actix_web::http::StatusCode;
use common::*;
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
