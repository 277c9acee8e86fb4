//! `/api/team-member`: the teachers of a school's entry and who of them are its team admins.

use crate::common::*;
use actix_web::http::StatusCode;
use serde_json::{json, Value};

/// The member of a team list that matches.
fn member(team: &Value, matches: impl Fn(&Value) -> bool) -> Value {
    let members = team["data"].as_array().unwrap();
    members.iter().find(|m| matches(m)).unwrap().clone()
}

#[actix_web::test]
async fn a_team_admin_invites_a_colleague_shares_the_role_and_stays_the_last_admin() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let (school, teacher) = fx.entered_school(&geo);
    let entry = school.entry();
    let token = &teacher.token;
    let api = fx.api().await;

    // A colleague is invited by e-mail, made team admin, then removed.
    let invite = json!({ "schoolParticipantId": entry, "email": "sipho@example.org", "firstName": "Sipho", "lastName": "Dube" });
    let (status, team) = api.post("/api/team-member", invite, token).await;
    assert_eq!(status, StatusCode::OK, "{team}");
    assert_eq!(team["data"].as_array().unwrap().len(), 2);
    let colleague = member(&team, |m| m["email"] == "sipho@example.org");
    let colleague = format!("/api/team-member/{}", colleague["id"]);
    let admin = json!({ "isTeamAdmin": true });
    let (_, team) = api.put(&colleague, admin, token).await;
    assert!(team["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["isTeamAdmin"] == true));
    let own = member(&team, |m| m["userId"] == teacher.user_id.get());
    let (status, _) = api.delete(&colleague, token).await;
    assert_eq!(status, StatusCode::OK);
    let own = format!("/api/team-member/{}", own["id"]);
    let (status, body) = api.put(&own, json!({ "isTeamAdmin": false }), token).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the last team admin stays one: {body}"
    );
}

#[actix_web::test]
async fn a_teacher_of_the_school_outside_the_team_sees_neither_team_nor_learners() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let (school, _) = fx.entered_school(&geo);
    let entry = school.entry();
    let stranger = fx
        .teacher("stranger@example.org")
        .of_school(school.id)
        .build();
    let api = fx.api().await;

    let team = format!("/api/team-member?schoolParticipantId={entry}");
    let (status, _) = api.get(&team, &stranger.token).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let learners = format!("/api/participant?customerParticipantId={entry}");
    let (status, _) = api.get(&learners, &stranger.token).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
