//! `/api/teacher` (staff's list and edits), `/api/teacher/profile` (a teacher's own) and
//! `/api/scratchpad/local-teacher-password-reset` (the support tool for a teacher's sign-in).

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_domain::Role;
use serde_json::json;

#[actix_web::test]
async fn a_teacher_keeps_their_own_profile_and_is_told_what_is_missing() {
    let fx = Fixture::new();
    let school = fx.school().named("Waterkloof High School").build().id;
    let teacher = fx.teacher("thandi@example.org").of_school(school).build();
    let api = fx.api().await;

    let profile = json!({ "title": "Ms", "firstName": "Thandi", "lastName": "Nkosi", "cell": "082 555 0101", "subject": "Geography" });
    let (_, profile) = api
        .put("/api/teacher/profile", profile, &teacher.token)
        .await;
    assert_eq!(profile["data"]["school"]["name"], "Waterkloof High School");
    let nameless = json!({ "firstName": "", "lastName": "Nkosi" });
    let (_, bad) = api
        .put("/api/teacher/profile", nameless, &teacher.token)
        .await;
    assert_eq!(bad["fields"]["firstName"], "is required");
    let (_, profile) = api.get("/api/teacher/profile", &teacher.token).await;
    assert_eq!(profile["data"]["cell"], "082 555 0101");
}

#[actix_web::test]
async fn staff_list_an_olympiads_teachers_and_correct_their_details() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let [admin, accountant] = fx.staff_of("geography", [Role::Admin, Role::Accountant]);
    let school = fx.school().entered_in(&geo).build();
    fx.teacher("dup@example.org")
        .of_school(school.id)
        .in_team_of(school.entry())
        .build();
    fx.teacher("lonely@example.org").build();
    let api = fx.api().await;

    let url = format!("/api/teacher?olympiadId={}", geo.id);
    let (_, teachers) = api.get(&url, &accountant).await;
    assert_eq!(teachers["data"]["total"], 1);
    let path = format!("/api/teacher/{}", teachers["data"]["rows"][0]["id"]);
    let (_, admins) = api.get(&format!("{url}&teamAdmins=true"), &admin).await;
    assert_eq!(admins["data"]["total"], 1);
    let (_, all) = api.get(&format!("{url}&all=true"), &admin).await;
    assert_eq!(all["data"]["total"], 2);

    let mut details = json!({ "title": "Mr", "firstName": "Dup", "lastName": "Teacher", "cell": "12", "schoolId": school.id });
    let (status, body) = api.put(&path, details.clone(), &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["fields"]["cell"],
        "must be a phone number (at least 9 digits)"
    );
    details["cell"] = json!("082 555 0000");
    let (status, _) = api.put(&path, details, &admin).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn the_overlord_hands_a_teacher_a_password_reset_link_and_nobody_else() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    fx.admin("geography");
    let school = fx.school().build().id;
    fx.teacher("dup@example.org").of_school(school).build();
    let api = fx.api().await;

    let reset = "/api/scratchpad/local-teacher-password-reset?email=";
    let (status, link) = api.get(&format!("{reset}DUP@example.org"), &overlord).await;
    assert_eq!(status, StatusCode::OK, "{link}");
    assert!(link["data"]["link"]
        .as_str()
        .unwrap()
        .contains("/reset-password/"));
    let (status, _) = api
        .get(&format!("{reset}admin@example.org"), &overlord)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(activities(&fx, "teacher_reset_link_made").len(), 1);
}

#[actix_web::test]
async fn a_teacher_found_by_search_gets_a_reset_link_for_what_they_sign_in_with() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    let school = fx.school().build().id;
    let teacher = fx.teacher("ayanda@old.example").of_school(school).build();
    let api = fx.api().await;
    // Their contact address changes; they still sign in with the first one.
    let moved = json!({ "email": "ayanda@school.example" });
    let path = format!("/api/user/{}", teacher.user_id);
    let (status, _) = api.put(&path, moved, &overlord).await;
    assert_eq!(status, StatusCode::OK);

    let (_, found) = api.get("/api/search?q=ayanda", &overlord).await;
    let hit = &found["data"]["teachers"][0];
    assert_eq!(hit["email"], "ayanda@school.example");
    assert_eq!(hit["username"], "ayanda@old.example");
    let reset = "/api/scratchpad/local-teacher-password-reset?email=";
    let username = hit["username"].as_str().unwrap();
    let (status, link) = api.get(&format!("{reset}{username}"), &overlord).await;
    assert_eq!(status, StatusCode::OK, "{link}");
    assert_eq!(link["data"]["username"], "ayanda@old.example");
}
