//! Privacy (POPIA), for the overlord: `/api/privacy/{learner,user}/{id}/export` (one JSON document
//! of the person's rows), `/erase` (anonymised where results or orders must stay, deleted where
//! nothing must, once), `/api/privacy/retention` and the sweep that deletes old logs and
//! unfinished accounts.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::Duration;
use diesel::prelude::*;
use olympiad_office::privacy;
use olympiad_persistence::now;
use olympiad_persistence::schema::{
    activity_logs, app_logs, email_logs, expressions_of_interest, learners, participants,
    shunned_emails,
};
use serde_json::{json, Value};

fn learner_of(s: &Sitting, participant_id: i64) -> i64 {
    participants::table
        .find(participant_id)
        .select(participants::learner_id)
        .first(&mut s.fx.db.conn())
        .unwrap()
}

/// Rows of one table of an export.
fn rows<'a>(export: &'a Value, table: &str) -> &'a Vec<Value> {
    export["tables"][table].as_array().unwrap()
}

/// The results grid's rows by participant: (first name, score, rank).
fn grid(results: &Value) -> Vec<(i64, String, i64, i64)> {
    let mut rows: Vec<_> = results["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["participantId"].as_i64().unwrap(),
                format!(
                    "{} {}",
                    r["firstName"].as_str().unwrap(),
                    r["lastName"].as_str().unwrap()
                ),
                r["score"].as_i64().unwrap(),
                r["rank"].as_i64().unwrap(),
            )
        })
        .collect();
    rows.sort();
    rows
}

#[actix_web::test]
async fn the_overlord_exports_a_learner_and_erases_them_while_every_place_stays() {
    let (s, api, key) = Sitting::started().await;
    api.answer_all(&s, &key).await;
    let finish = TestRequest::post().uri("/api/sitting/finish");
    api.ok(with_device(finish, &s.learner, Some(&key))).await;
    // A second learner writes one question rightly and hands in.
    let other =
        s.fx.learner("szondo")
            .named("Sipho", "Zondo")
            .entered_with(s.school_participant_id);
    let (other_key, _) = api.start_sitting(&other.token, "en").await;
    let (status, _) = api
        .save_answers(
            &other.token,
            Some(&other_key),
            save(s.questions[0], json!(["b"]), 1),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let finish = TestRequest::post().uri("/api/sitting/finish");
    api.ok(with_device(finish, &other.token, Some(&other_key)))
        .await;
    // The results made final: a snapshot that names both.
    let o = s.olympiad_id;
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": o, "state": state, "reason": "Checked" });
        let (status, body) = api.post("/api/results/state", body, &s.admin).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let before = grid(&api.results(s.olympiad_id, &s.admin, "").await);
    assert_eq!(before.len(), 2);

    let overlord = s.fx.overlord();
    let learner_id = learner_of(&s, s.participant_id);
    let (status, export) = api
        .get(
            &format!("/api/privacy/learner/{learner_id}/export"),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{export}");
    let export = &export["data"];
    assert_eq!(rows(export, "learners")[0]["id"], learner_id);
    // The learner's answers, with their marks, and none of the other learner's.
    let attempt = rows(export, "attempts")[0]["id"].as_i64().unwrap();
    let answers = rows(export, "answers");
    assert_eq!(answers.len(), 4);
    assert!(answers.iter().all(|a| a["attempt_id"] == attempt));
    assert!(answers.iter().any(|a| a["marks"].as_i64().unwrap_or(0) > 0));
    let text = export.to_string();
    assert!(
        !text.contains("zondo") && !text.contains("Zondo"),
        "another learner in the export"
    );
    // No secrets, and timestamps as the API writes them.
    assert!(rows(export, "users")[0].get("password_hash").is_none());
    assert!(rows(export, "attempts")[0].get("device_key_hash").is_none());
    assert!(rows(export, "learners")[0]["created_at"]
        .as_str()
        .unwrap()
        .ends_with('Z'));
    assert_eq!(export["releasedResults"].as_array().unwrap().len(), 1);
    let exports = activities(&s.fx, "privacy_export");
    assert_eq!(exports.len(), 1);
    assert!(exports[0].details.contains(&learner_id.to_string()));

    // Nobody else may.
    let path = format!("/api/privacy/learner/{learner_id}/erase");
    let (status, _) = api
        .get(
            &format!("/api/privacy/learner/{learner_id}/export"),
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = api.post(&path, json!({ "reason": "x" }), &s.teacher).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // A reason is needed.
    let (status, body) = api.post(&path, json!({}), &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["reason"].is_string(), "{body}");
    assert_eq!(
        grid(&api.results(s.olympiad_id, &s.admin, "").await),
        before
    );

    let reason = json!({ "reason": "Her mother asked by e-mail on 20 November" });
    let (status, erased) = api.post(&path, reason.clone(), &overlord).await;
    assert_eq!(status, StatusCode::OK, "{erased}");
    assert_eq!(erased["data"]["changed"], true);
    assert_eq!(erased["data"]["erasure"]["outcome"], "anonymised");

    // Every place and mark as before; only the name changed.
    let after = grid(&api.results(s.olympiad_id, &s.admin, "").await);
    for (was, is) in before.iter().zip(&after) {
        assert_eq!((was.0, was.2, was.3), (is.0, is.2, is.3));
        if was.0 == s.participant_id {
            assert_eq!(is.1, format!("Erased learner #{learner_id}"));
        } else {
            assert_eq!(was.1, is.1);
        }
    }
    // The released snapshot too.
    let (_, released) = api
        .get(
            &format!("/api/results/downloads/details?olympiadId={o}"),
            &s.admin,
        )
        .await;
    let names: Vec<String> = released["data"]["learners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            format!(
                "{} {}",
                l["firstName"].as_str().unwrap(),
                l["lastName"].as_str().unwrap()
            )
        })
        .collect();
    assert!(
        names.contains(&format!("Erased learner #{learner_id}")),
        "{names:?}"
    );
    // The other learner (named in their details on starting) is as they were.
    assert!(names.contains(&"Thabo Mokoena".to_owned()), "{names:?}");
    // The learner's session ends.
    let (status, _) = api.get("/api/sitting", &s.learner).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Again: nothing changes, the first erasure answers.
    let (status, again) = api.post(&path, reason, &overlord).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["data"]["changed"], false);
    assert_eq!(
        again["data"]["erasure"]["id"],
        erased["data"]["erasure"]["id"]
    );
    // One entry in the log, with ids only.
    let logged = activities(&s.fx, "privacy_erasure");
    assert_eq!(logged.len(), 1);
    assert!(!logged[0].details.contains("mother"));
    assert!(logged[0].details.contains(&learner_id.to_string()));
    // What is still held says who they are no more.
    let (_, export) = api
        .get(
            &format!("/api/privacy/learner/{learner_id}/export"),
            &overlord,
        )
        .await;
    assert_eq!(
        rows(&export["data"], "learners")[0]["first_name"],
        "Erased learner"
    );
    assert_eq!(export["data"]["erasure"]["outcome"], "anonymised");
}

#[actix_web::test]
async fn a_learner_who_never_wrote_is_deleted_and_unknown_ids_are_not_found() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    let overlord = s.fx.overlord();
    let learner_id = learner_of(&s, s.participant_id);
    let path = format!("/api/privacy/learner/{learner_id}/erase");
    let (status, body) = api
        .post(&path, json!({ "reason": "Left the school" }), &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["erasure"]["outcome"], "deleted");
    let left: i64 = learners::table
        .filter(learners::id.eq(learner_id))
        .count()
        .get_result(&mut s.fx.db.conn())
        .unwrap();
    assert_eq!(left, 0);
    let (status, _) = api
        .get(
            &format!("/api/privacy/learner/{learner_id}/export"),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A retry still answers the erasure.
    let (status, again) = api
        .post(&path, json!({ "reason": "Left the school" }), &overlord)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["data"]["changed"], false);
    for path in [
        "/api/privacy/learner/987654/export",
        "/api/privacy/user/987654/export",
    ] {
        let (status, _) = api.get(path, &overlord).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let (status, _) = api
        .post(
            "/api/privacy/user/987654/erase",
            json!({ "reason": "x" }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn an_erased_teacher_cannot_sign_in_and_their_orders_stay() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    let overlord = s.fx.overlord();
    let teacher =
        s.fx.teacher("nomsa@example.org")
            .in_team_of(s.school_participant_id)
            .build();
    let (status, _) = api
        .signin("nomsa@example.org", PASSWORD, "teacher", None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let id = teacher.user_id;
    let (status, export) = api
        .get(&format!("/api/privacy/user/{id}/export"), &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{export}");
    assert_eq!(
        rows(&export["data"], "users")[0]["email"],
        "nomsa@example.org"
    );
    assert_eq!(rows(&export["data"], "team_members").len(), 1);
    assert_eq!(rows(&export["data"], "schools").len(), 1);
    // A learner's sign-in is erased with the learner, not as a user.
    let learner_user: i64 = participants::table
        .find(s.participant_id)
        .select(participants::user_id)
        .first(&mut s.fx.db.conn())
        .unwrap();
    let (status, _) = api
        .get(
            &format!("/api/privacy/user/{learner_user}/export"),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let path = format!("/api/privacy/user/{id}/erase");
    let (status, body) = api
        .post(&path, json!({ "reason": "Asked at the school" }), &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = api
        .signin("nomsa@example.org", PASSWORD, "teacher", None)
        .await;
    assert_ne!(status, StatusCode::OK);
    let (status, _) = api.get("/api/auth/current-user", &teacher.token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let shunned: i64 = shunned_emails::table
        .filter(shunned_emails::email.eq("nomsa@example.org"))
        .count()
        .get_result(&mut s.fx.db.conn())
        .unwrap();
    assert_eq!(shunned, 1);
    let (_, export) = api
        .get(&format!("/api/privacy/user/{id}/export"), &overlord)
        .await;
    assert_eq!(
        rows(&export["data"], "users")[0]["first_name"],
        "Erased user"
    );
    assert!(rows(&export["data"], "users")[0]["email"].is_null());
    assert!(rows(&export["data"], "team_members").is_empty());
    // The overlord cannot erase themselves by mistake.
    let me = olympiad_persistence::models::User::by_username(
        &mut s.fx.db.conn(),
        "overlord@example.org",
    )
    .unwrap()
    .unwrap()
    .id;
    let (status, _) = api
        .post(
            &format!("/api/privacy/user/{me}/erase"),
            json!({ "reason": "x" }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[actix_web::test]
async fn the_sweep_deletes_only_what_the_settings_no_longer_keep() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let overlord = fx.overlord();
    let old = now() - Duration::days(40);
    let recent = now() - Duration::days(5);
    {
        let mut conn = fx.db.conn();
        for at in [old, recent] {
            diesel::insert_into(app_logs::table)
                .values((
                    app_logs::key.eq("test"),
                    app_logs::level.eq("info"),
                    app_logs::message.eq("dated"),
                    app_logs::created_at.eq(at),
                ))
                .execute(&mut conn)
                .unwrap();
            for action in ["signin", "school_updated"] {
                diesel::insert_into(activity_logs::table)
                    .values((
                        activity_logs::action.eq(action),
                        activity_logs::details.eq("{}"),
                        activity_logs::created_at.eq(at),
                    ))
                    .execute(&mut conn)
                    .unwrap();
            }
            diesel::insert_into(email_logs::table)
                .values((
                    email_logs::kind.eq("test"),
                    email_logs::recipient.eq("a@example.org"),
                    email_logs::subject.eq("dated"),
                    email_logs::status.eq("sent"),
                    email_logs::detail.eq(""),
                    email_logs::created_at.eq(at),
                ))
                .execute(&mut conn)
                .unwrap();
        }
    }
    let school = fx.school().build();
    let count = |fx: &Fixture| -> (i64, i64, i64) {
        let mut conn = fx.db.conn();
        (
            app_logs::table
                .filter(app_logs::key.eq("test"))
                .count()
                .get_result(&mut conn)
                .unwrap(),
            activity_logs::table
                .filter(activity_logs::details.eq("{}"))
                .count()
                .get_result(&mut conn)
                .unwrap(),
            email_logs::table
                .filter(email_logs::kind.eq("test"))
                .count()
                .get_result(&mut conn)
                .unwrap(),
        )
    };
    // An unconfirmed interest form and a learner entered nowhere, both 40 days old.
    {
        let mut conn = fx.db.conn();
        diesel::insert_into(learners::table)
            .values((
                learners::school_id.eq(school.id),
                learners::first_name.eq("Never"),
                learners::last_name.eq("Entered"),
                learners::grade.eq(10),
                learners::created_at.eq(old),
            ))
            .execute(&mut conn)
            .unwrap();
        let olympiad = fx.olympiad("geography").id;
        diesel::insert_into(expressions_of_interest::table)
            .values((
                expressions_of_interest::olympiad_id.eq(olympiad),
                expressions_of_interest::kind.eq("teacher"),
                expressions_of_interest::first_name.eq("Unconfirmed"),
                expressions_of_interest::last_name.eq(""),
                expressions_of_interest::title.eq(""),
                expressions_of_interest::phone.eq(""),
                expressions_of_interest::school_name.eq(""),
                expressions_of_interest::emis_number.eq(""),
                expressions_of_interest::province.eq(""),
                expressions_of_interest::town.eq(""),
                expressions_of_interest::subject.eq(""),
                expressions_of_interest::organisation.eq(""),
                expressions_of_interest::relationship.eq(""),
                expressions_of_interest::message.eq(""),
                expressions_of_interest::decline_reason.eq(""),
                expressions_of_interest::email.eq("late@example.org"),
                expressions_of_interest::verify_token.eq("t"),
                expressions_of_interest::status.eq("open"),
                expressions_of_interest::created_at.eq(old),
            ))
            .execute(&mut conn)
            .unwrap();
    }

    // Nothing set: nothing goes.
    let (status, settings) = api.get("/api/privacy/retention", &overlord).await;
    assert_eq!(status, StatusCode::OK);
    assert!(settings["data"]["appLogDays"].is_null());
    // Nothing set: the daily sweep runs (none ran yet) and deletes nothing, and is then done for
    // the day.
    let swept = privacy::sweep_if_due(&mut fx.db.conn()).unwrap().unwrap();
    assert_eq!(swept, Default::default());
    assert!(privacy::sweep_if_due(&mut fx.db.conn()).unwrap().is_none());
    assert_eq!(count(&fx), (2, 4, 2));

    // Out of range: refused, naming the field.
    let bad = json!({ "appLogDays": 0, "activityLogDays": 30 });
    let (status, body) = api.put("/api/privacy/retention", bad, &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["appLogDays"].is_string(), "{body}");
    let (status, _) = api
        .put(
            "/api/privacy/retention",
            json!({ "appLogDays": 30 }),
            &fx.admin("geography"),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let days = json!({
        "appLogDays": 30, "activityLogDays": 30, "emailLogDays": 30, "signinDays": 30,
        "unfinishedAccountDays": 30
    });
    let (status, body) = api.put("/api/privacy/retention", days, &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["signinDays"], 30);
    assert!(!activities(&fx, "retention_updated").is_empty());
    let swept = privacy::sweep(&mut fx.db.conn(), now()).unwrap();
    assert_eq!(
        (
            swept.app_logs,
            swept.activity_logs,
            swept.signins,
            swept.email_logs
        ),
        (1, 1, 1, 1)
    );
    assert_eq!((swept.learners, swept.interest_forms), (1, 1));
    assert_eq!(count(&fx), (1, 2, 1));
}

/// Queues an e-mail that is not sent yet (the mail server down): its link is still good.
fn unsent(s: &Sitting, email: olympiad_mailer::Email) {
    olympiad_office::mail::queue_email_of(&mut s.fx.db.conn(), None, &email).unwrap();
}

#[actix_web::test]
async fn an_export_hands_over_no_link_of_an_unsent_email() {
    use olympiad_mailer::{Email, Recipient};
    let s = Sitting::new();
    let api = s.fx.api().await;
    let overlord = s.fx.overlord();
    let teacher =
        s.fx.teacher("nomsa@example.org")
            .in_team_of(s.school_participant_id)
            .build();
    let learner_user: i64 = participants::table
        .find(s.participant_id)
        .select(participants::user_id)
        .first(&mut s.fx.db.conn())
        .unwrap();
    diesel::update(olympiad_persistence::schema::users::table.find(learner_user))
        .set(olympiad_persistence::schema::users::email.eq("thandi@example.org"))
        .execute(&mut s.fx.db.conn())
        .unwrap();
    let reset = "0f3a9c2e7b1d4e5f8a6b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f";
    let pay = "5d1f2c3a-9b8e-4c7d-a6b5-0e1f2a3b4c5d";
    for address in ["nomsa@example.org", "thandi@example.org"] {
        let to = Recipient {
            email: address.into(),
            name: "Person".into(),
            username: address.into(),
        };
        unsent(
            &s,
            Email::PasswordReset {
                to: to.clone(),
                link: format!("http://127.0.0.1:8080/reset-password/{reset}"),
            },
        );
        unsent(
            &s,
            Email::InvoiceIssued {
                to,
                olympiad: "Geography".into(),
                customer: "School".into(),
                number: "INV-1".into(),
                total: "R 1.00".into(),
                link: format!("http://127.0.0.1:8080/portal/pay/{pay}"),
            },
        );
    }
    let learner_id = learner_of(&s, s.participant_id);
    for path in [
        format!("/api/privacy/user/{}/export", teacher.user_id),
        format!("/api/privacy/learner/{learner_id}/export"),
    ] {
        let (status, export) = api.get(&path, &overlord).await;
        assert_eq!(status, StatusCode::OK, "{export}");
        let jobs = rows(&export["data"], "jobs");
        assert_eq!(
            jobs.len(),
            2,
            "{path}: the queued e-mails are the person's data"
        );
        let text = export.to_string();
        assert!(
            !text.contains(reset),
            "{path}: the reset link is handed over"
        );
        assert!(!text.contains(pay), "{path}: the pay link is handed over");
    }
}
