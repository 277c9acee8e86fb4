//! `/api/teacher/expression`, `/api/interest` and the public site's `/api/website/eoi`,
//! `/api/website/other-interest` and `/api/website/verify-email`: interest is received and
//! verified; `/api/interest/expression-of-interest` is where staff match, process and decline it.

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_persistence::models::{ExpressionFilter, ExpressionOfInterest, Job, Teacher, User};
use serde_json::{json, Value};

fn teachers_form() -> Value {
    json!({
        "projectName": "geography", "title": "Ms", "firstName": "Naledi", "lastName": "Mokoena",
        "email": "Naledi@School.example", "schoolName": "Hoërskool Waterkloof", "emisNumber": "700123456",
        "province": "Gauteng", "town": "Pretoria", "subject": "Geography"
    })
}

/// The verification token of the only expression of interest received.
fn verify_token(fx: &Fixture) -> String {
    let listed =
        ExpressionOfInterest::list(&mut fx.db.conn(), &ExpressionFilter::default(), None).unwrap();
    assert_eq!(listed.total, 1);
    listed.rows[0].verify_token.clone()
}

#[actix_web::test]
async fn a_teachers_interest_is_checked_received_once_and_verified_by_the_emailed_link() {
    let fx = Fixture::new();
    let api = fx.api().await;

    let no_mail = json!({ "projectName": "geography", "firstName": "N", "lastName": "M", "email": "not-mail" });
    let (status, body) = api
        .send(post_json("/api/teacher/expression", no_mail))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["email"], "must be an e-mail address");
    let nowhere = json!({ "projectName": "nowhere", "firstName": "N", "lastName": "M", "email": "n@x.org", "schoolName": "X", "province": "Gauteng" });
    let (status, body) = api
        .send(post_json("/api/teacher/expression", nowhere))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["fields"]["projectName"],
        "is not a project that takes entries"
    );

    let received = api
        .ok(post_json("/api/teacher/expression", teachers_form()))
        .await;
    assert_eq!(received["emailVerified"], false);
    // Sending it again, here by the public site's path, adds nothing.
    let (_, again) = api
        .send(post_json("/api/website/eoi", teachers_form()))
        .await;
    assert_eq!(again["data"]["id"], received["id"]);

    // The verification link is in the queued e-mail.
    let token = verify_token(&fx);
    assert!(
        Job::count_by_status(&mut fx.db.conn(), olympiad_domain::job::JobStatus::Queued).unwrap()
            >= 1
    );
    let unknown = post_json("/api/website/verify-email/not-a-token", json!({}));
    let (status, _) = api.send(unknown).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let link = format!("/api/website/verify-email/{token}");
    let verified = api.ok(post_json(&link, json!({}))).await;
    assert_eq!(verified["firstName"], "Naledi");
}

#[actix_web::test]
async fn staff_match_a_teachers_interest_to_a_school_and_process_it_into_an_entry_once() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.admin("geography");
    let same_emis = fx
        .school()
        .named("Waterkloof Hoërskool")
        .emis("700123456")
        .build()
        .id;
    fx.school().named("Waterkloof High").build();
    fx.school().named("Umlazi Comprehensive").build();
    let api = fx.api().await;
    let received = api
        .ok(post_json("/api/teacher/expression", teachers_form()))
        .await;
    let link = format!("/api/website/verify-email/{}", verify_token(&fx));
    api.ok(post_json(&link, json!({}))).await;
    let expression = received["id"].as_i64().unwrap();

    // A school with the same EMIS number and one with a name alike are possible matches.
    let matches =
        format!("/api/interest/expression-of-interest/possible-matches?expressionId={expression}");
    let (status, found) = api.get(&matches, &admin).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let schools = found["data"]["schools"].as_array().unwrap();
    assert_eq!(schools.len(), 2, "{found}");
    assert_eq!(schools[0]["id"], same_emis);
    assert!(schools[0]["reasons"]
        .as_array()
        .unwrap()
        .contains(&json!("emis")));

    let list = format!("/api/interest/expression-of-interest?olympiadId={}", geo.id);
    let (_, open) = api.get(&format!("{list}&status=open"), &admin).await;
    assert_eq!(open["data"]["total"], 1, "{open}");
    let (_, bad) = api.get(&format!("{list}&status=maybe"), &admin).await;
    assert_eq!(
        bad["fields"]["status"],
        "must be one of open, processed, declined"
    );

    let process = format!("/api/interest/expression-of-interest/{expression}/process");
    let (status, body) = api.post(&process, json!({}), &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["schoolId"], "is required (or a new school)");
    let to_school = json!({ "schoolId": same_emis });
    let (status, processed) = api.post(&process, to_school.clone(), &admin).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    assert_eq!(processed["data"]["status"], "processed");
    let entry = processed["data"]["schoolParticipantId"].as_i64().unwrap();
    // The teacher's account was made, linked to the school, and made team admin.
    let user = User::by_username(&mut fx.db.conn(), "naledi@school.example")
        .unwrap()
        .unwrap();
    let teacher = Teacher::by_user(&mut fx.db.conn(), user.id)
        .unwrap()
        .unwrap();
    assert_eq!(
        teacher.school_id,
        Some(olympiad_domain::id::SchoolId::new(same_emis))
    );
    let team = format!("/api/team-member?schoolParticipantId={entry}");
    let (_, team) = api.get(&team, &admin).await;
    assert_eq!(team["data"][0]["isTeamAdmin"], true);
    assert_eq!(team["data"][0]["email"], "naledi@school.example");
    // Processing twice makes no second entry.
    let (status, _) = api.post(&process, to_school, &admin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(activities(&fx, "interest_processed").len(), 1);
}

#[actix_web::test]
async fn someone_elses_interest_is_received_by_either_path_declined_with_a_reason_and_deleted() {
    let fx = Fixture::new();
    let admin = fx.admin("geography");
    let api = fx.api().await;

    let parent = json!({ "projectName": "geography", "firstName": "Pat", "lastName": "Parent", "email": "pat@example.org", "relationship": "parent" });
    let other = api.ok(post_json("/api/interest", parent)).await;
    let other_id = other["id"].as_i64().unwrap();
    // The public site's path for the same form.
    let tutor = json!({ "projectName": "geography", "firstName": "Sam", "lastName": "Tutor", "email": "sam@example.org", "relationship": "tutor" });
    let site = api
        .ok(post_json("/api/website/other-interest", tutor))
        .await;
    let listed =
        ExpressionOfInterest::list(&mut fx.db.conn(), &ExpressionFilter::default(), None).unwrap();
    let kinds: Vec<(i64, &str)> = listed
        .rows
        .iter()
        .map(|e| (e.id.get(), e.details.kind.as_str()))
        .collect();
    assert!(
        kinds.contains(&(site["id"].as_i64().unwrap(), "other")),
        "{kinds:?}"
    );

    let decline = format!("/api/interest/expression-of-interest/{other_id}/decline");
    let (status, body) = api.post(&decline, json!({ "reason": "" }), &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["reason"].is_string());
    let reason = json!({ "reason": "Parents enter through their child's school." });
    let (status, declined) = api.post(&decline, reason, &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(declined["data"]["status"], "declined");
    let (status, _) = api
        .delete(&format!("/api/interest/{other_id}"), &admin)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(activities(&fx, "interest_declined").len(), 1);
}

#[actix_web::test]
async fn one_client_cannot_mail_a_new_address_each_time() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let mut answered = Vec::new();
    for n in 0..20 {
        let mut form = teachers_form();
        form["email"] = json!(format!("stranger{n}@elsewhere.example"));
        let (status, _) = api.send(post_json("/api/teacher/expression", form)).await;
        answered.push(status);
    }
    let limit = fx.state.config.signin_per_username_per_minute as usize;
    assert!(
        answered[..limit].iter().all(|s| *s == StatusCode::OK),
        "{answered:?}"
    );
    assert!(
        answered[limit..]
            .iter()
            .all(|s| *s == StatusCode::TOO_MANY_REQUESTS),
        "{answered:?}"
    );
}

#[actix_web::test]
async fn a_typed_name_is_no_message_in_a_strangers_mailbox() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let mut form = teachers_form();
    form["firstName"] = json!("Your account is locked: visit https://elsewhere.example now");
    api.ok(post_json("/api/teacher/expression", form)).await;
    let job = Job::claim_emails(&mut fx.db.conn(), "test", 10)
        .unwrap()
        .remove(0);
    let email: olympiad_mailer::Email = serde_json::from_str(&job.payload).unwrap();
    assert_eq!(email.to().name, "");
    let written = email.written(None).unwrap();
    for part in [&written.subject, &written.html, &written.text] {
        assert!(!part.contains("elsewhere.example"), "{part}");
        assert!(!part.contains("locked"), "{part}");
    }
    // A plain first name still greets in the addressee.
    let mut form = teachers_form();
    form["email"] = json!("other@school.example");
    api.ok(post_json("/api/teacher/expression", form)).await;
    let job = Job::claim_emails(&mut fx.db.conn(), "test", 10)
        .unwrap()
        .remove(0);
    let email: olympiad_mailer::Email = serde_json::from_str(&job.payload).unwrap();
    assert_eq!(email.to().name, "Naledi");
}

#[actix_web::test]
async fn confirmations_stay_within_an_hourly_ceiling() {
    use olympiad_office::mail::{queue_email, PUBLIC_MAILS_PER_HOUR};
    let fx = Fixture::new();
    let api = fx.api().await;
    for n in 0..PUBLIC_MAILS_PER_HOUR {
        let email = olympiad_mailer::Email::InterestVerify {
            to: olympiad_mailer::Recipient {
                email: format!("p{n}@example.org"),
                name: String::new(),
                username: format!("p{n}@example.org"),
            },
            olympiad: "Geography".into(),
            link: format!("http://127.0.0.1:8080/verify-email/{n}"),
        };
        queue_email(&mut fx.db.conn(), &email).unwrap();
    }
    let (status, body) = api
        .send(post_json("/api/teacher/expression", teachers_form()))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"], "rate_limited");
}
