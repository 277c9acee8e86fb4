//! `/api/sitting/pause`, `/api/sitting/resume`, `/api/sitting/extra-time`, `/api/sitting/monitor`,
//! `/api/sitting/learners`, `/api/participant/reset/{olympiad}[/{participant}]` and
//! `/api/reports/olympiad/start-times`: what teachers and admins do while learners write.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use diesel::prelude::*;
use olympiad_domain::id::SchoolParticipantId;
use olympiad_persistence::schema::attempts;
use serde_json::json;

fn pause(entry: SchoolParticipantId, reason: &str) -> serde_json::Value {
    json!({ "schoolParticipantId": entry, "reason": reason })
}

#[actix_web::test]
async fn extra_time_brings_back_a_learner_whose_time_ran_out_and_is_given_with_a_reason() {
    let (s, api, key) = Sitting::started().await;
    s.run_out_of_time();
    let answer = save(s.questions[0], json!(["b"]), 1);
    let (status, _) = api
        .save_answers(&s.learner, Some(&key), answer.clone())
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    let ten = json!({ "participantId": s.participant_id, "minutes": 10, "reason": "reader" });
    let (status, body) = api.post("/api/sitting/extra-time", ten, &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["extraMinutes"], 10);
    let (status, body) = api.save_answers(&s.learner, Some(&key), answer).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let sitting = api.sitting(&s.learner, None).await;
    let remaining = sitting["attempt"]["remainingSeconds"].as_i64().unwrap();
    assert!((500..=540).contains(&remaining), "{remaining}");
    let none = json!({ "participantId": s.participant_id, "minutes": 0, "reason": "" });
    let (status, body) = api.post("/api/sitting/extra-time", none, &s.admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["minutes"], "must be from 1 to 240 minutes");
    assert_eq!(
        body["fields"]["reason"],
        "is required (at most 200 characters)"
    );
}

#[actix_web::test]
async fn a_paused_school_keeps_its_time_and_only_its_team_may_pause_it() {
    let (s, api, key) = Sitting::started().await;
    let entry = s.school_participant_id;
    let answer = save(s.questions[0], json!(["b"]), 1);

    // A teacher of another school may not pause this one: to them it does not exist.
    let elsewhere =
        s.fx.school()
            .named("Laerskool Elders")
            .entered_in(&s.olympiad)
            .build();
    let other =
        s.fx.teacher("other@example.org")
            .in_team_of(elsewhere.entry())
            .build();
    let (status, _) = api
        .post("/api/sitting/pause", pause(entry, "power"), &other.token)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let load_shedding = pause(entry, "Load-shedding stage 4");
    let (status, body) = api
        .post("/api/sitting/pause", load_shedding, &s.teacher)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["learners"], 1);
    let (status, body) = api
        .post("/api/sitting/pause", pause(entry, "again"), &s.admin)
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "already_paused");

    let (status, body) = api
        .save_answers(&s.learner, Some(&key), answer.clone())
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "paused");
    let monitor = format!("/api/sitting/monitor?olympiadId={}", s.olympiad_id);
    let (_, body) = api.get(&monitor, &s.teacher).await;
    let schools = body["data"]["schools"].as_array().unwrap();
    assert_eq!(schools.len(), 1, "a teacher sees their own school only");
    assert_eq!(schools[0]["paused"]["reason"], "Load-shedding stage 4");
    assert_eq!(schools[0]["writing"], 1);

    // Two minutes of power cut later, the learner still has the hour.
    diesel::update(attempts::table)
        .set(attempts::paused_at.eq(olympiad_persistence::now() - chrono::Duration::minutes(2)))
        .execute(&mut s.fx.db.conn())
        .unwrap();
    let sitting = api.sitting(&s.learner, None).await;
    assert_eq!(sitting["attempt"]["paused"], true);
    let frozen = sitting["attempt"]["remainingSeconds"].as_i64().unwrap();
    assert!(frozen >= 3595, "{frozen}");

    let resume = json!({ "schoolParticipantId": entry });
    let (status, body) = api
        .post("/api/sitting/resume", resume.clone(), &s.teacher)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = api.save_answers(&s.learner, Some(&key), answer).await;
    assert_eq!(status, StatusCode::OK);
    let sitting = api.sitting(&s.learner, None).await;
    let remaining = sitting["attempt"]["remainingSeconds"].as_i64().unwrap();
    assert!(remaining >= 3595, "{remaining}");
    let (status, body) = api.post("/api/sitting/resume", resume, &s.teacher).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "not_paused");

    let paused = activities(&s.fx, "sitting_paused");
    assert!(paused[0].details.contains("Load-shedding stage 4"));
    assert!(s.logged("sitting_resumed"));
}

#[actix_web::test]
async fn a_pause_that_commits_while_learners_start_pauses_every_one_of_them() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    let mut learners = vec![];
    for n in 0..24 {
        let token = s.add_learner(&format!("learner{n}")).token;
        let (key, _) = api.prepare_sitting(&token, "af").await;
        learners.push((token, key));
    }
    let starts = learners.iter().map(|(token, key)| {
        let start = TestRequest::post().uri("/api/sitting/start");
        api.send(with_device(start, token, Some(key)))
    });
    let power = pause(s.school_participant_id, "power");
    let pause = api.post("/api/sitting/pause", power, &s.teacher);
    let (answers, (paused, body)) =
        futures_util::future::join(futures_util::future::join_all(starts), pause).await;
    assert_eq!(paused, StatusCode::OK, "{body}");
    for (status, body) in &answers {
        assert!(
            *status == StatusCode::OK || body["error"] == "paused",
            "{status} {body}"
        );
    }
    // Whatever the order, no learner of the paused school has a running clock.
    let running: i64 = attempts::table
        .filter(attempts::school_participant_id.eq(s.school_participant_id))
        .filter(attempts::status.eq("writing"))
        .filter(attempts::paused_at.is_null())
        .count()
        .get_result(&mut s.fx.db.conn())
        .unwrap();
    assert_eq!(running, 0);
}

#[actix_web::test]
async fn the_monitor_counts_where_everyone_is_and_a_ping_clears_a_stuck_learner() {
    let (s, api, key) = Sitting::started().await;
    s.learner_elsewhere("Laerskool Elders", "lerato.k");

    let monitor = format!("/api/sitting/monitor?olympiadId={}", s.olympiad_id);
    let (status, body) = api.get(&monitor, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["totals"]["registered"], 2);
    assert_eq!(body["data"]["totals"]["writing"], 1);
    assert_eq!(body["data"]["totals"]["notStarted"], 1);
    assert_eq!(body["data"]["totals"]["stuck"], 0);
    // Not heard from for three minutes: stuck.
    diesel::update(attempts::table)
        .set(attempts::last_seen_at.eq(olympiad_persistence::now() - chrono::Duration::minutes(3)))
        .execute(&mut s.fx.db.conn())
        .unwrap();
    let learners = format!(
        "/api/sitting/learners?olympiadId={}&schoolParticipantId={}",
        s.olympiad_id, s.school_participant_id
    );
    let (_, body) = api.get(&learners, &s.teacher).await;
    assert_eq!(body["data"][0]["stuck"], true);
    assert_eq!(body["data"][0]["username"], "thabo.m");
    // A ping from the learner's device clears it.
    let ping = json!({ "position": "1/2", "online": true });
    let (status, body) = api.track(&s, &s.learner, &key, ping).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["remainingSeconds"].as_i64().unwrap() > 3500);
    let mut stuck = 1;
    for _ in 0..50 {
        let (_, body) = api.get(&learners, &s.teacher).await;
        stuck = i32::from(body["data"][0]["stuck"] == true);
        if stuck == 0 {
            assert_eq!(body["data"][0]["position"], "1/2");
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(stuck, 0);
}

#[actix_web::test]
async fn a_reset_lets_the_learner_start_again_and_only_admins_reset_everyone() {
    let (s, api, key) = Sitting::started().await;
    let second = s.learner_elsewhere("Laerskool Elders", "lerato.k").token;
    let answer = save(s.questions[0], json!(["b"]), 1);

    // The teacher resets their learner: the old device's attempt is set aside.
    let one = format!(
        "/api/participant/reset/{}/{}",
        s.olympiad_id, s.participant_id
    );
    let (status, body) = api.get(&one, &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["reset"], 1);
    let (status, body) = api
        .save_answers(&s.learner, Some(&key), answer.clone())
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "no_attempt");
    let sitting = api.sitting(&s.learner, None).await;
    assert!(sitting["attempt"].is_null());
    api.start_sitting(&s.learner, "af").await;

    // Only admins reset everyone.
    let everyone = format!("/api/participant/reset/{}", s.olympiad_id);
    let (status, _) = api.get(&everyone, &s.teacher).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (key2, _) = api.start_sitting(&second, "af").await;
    let (status, body) = api.get(&everyone, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["reset"], 2);
    let (status, _) = api.save_answers(&second, Some(&key2), answer).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(s.logged("participant_reset"));
    assert!(s.logged("participants_reset_all"));

    let report = format!(
        "/api/reports/olympiad/start-times?olympiadId={}",
        s.olympiad_id
    );
    let (status, body) = api.get(&report, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["started"], 0, "reset attempts no longer count");
}
