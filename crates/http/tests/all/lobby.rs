//! The lobby: a learner who signs in before their window opens sees the server's clock and the
//! opening, fetches the paper sealed (the same bytes for every learner of the window, with an
//! ETag), and is refused the key and the start (409 `not_open_yet`) until the window opens; then
//! the start hands over the key, which opens the sealed paper into the very questions of the
//! learner's paper. Staggered start windows hold one school's learners while another's start, are
//! checked field by field, and set the end of the sitting.

use crate::common::*;
use actix_web::http::header::{ETAG, IF_NONE_MATCH};
use actix_web::http::StatusCode;
use actix_web::test::{call_service, read_body};
use base64::Engine;
use chrono::{Duration, NaiveDateTime, Timelike};
use diesel::prelude::*;
use olympiad_domain::id::SchoolParticipantId;
use olympiad_persistence::models::SittingWindow;
use olympiad_persistence::schema::school_participants;
use serde_json::{json, Value};

fn set_sitting_window(s: &Sitting, starts_at: NaiveDateTime, ends_at: NaiveDateTime) {
    SittingWindow::replace(&mut s.fx.db.conn(), s.olympiad_id, &[(starts_at, ends_at)]).unwrap();
}

/// Now, in whole seconds (as PostgreSQL keeps microseconds only).
fn now() -> NaiveDateTime {
    olympiad_persistence::now().with_nanosecond(0).unwrap()
}

fn utc(at: NaiveDateTime) -> String {
    olympiad_domain::utc::format(&at)
}

fn school_of(s: &Sitting, entry: SchoolParticipantId) -> i64 {
    school_participants::table
        .find(entry)
        .select(school_participants::school_id)
        .first(&mut s.fx.db.conn())
        .unwrap()
}

/// A question as the learner reads it: its id, its stem and its options' (key, text).
type ReadQuestion = (i64, String, Vec<(String, String)>);

/// The questions of a paper's modules by id: their stem and their options' texts by key.
/// The questions of a list of modules, in their order.
fn questions_in(modules: &Value) -> impl Iterator<Item = Value> + '_ {
    modules
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m["questions"].as_array().unwrap().clone())
}

fn question_ids(modules: &Value) -> Vec<i64> {
    questions_in(modules)
        .map(|q| q["questionId"].as_i64().unwrap())
        .collect()
}

fn questions_of(modules: &Value) -> Vec<ReadQuestion> {
    let mut found: Vec<_> = questions_in(modules)
        .map(|q| {
            let mut options: Vec<(String, String)> = q["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| {
                    (
                        o["key"].as_str().unwrap().to_owned(),
                        o["text"].as_str().unwrap().to_owned(),
                    )
                })
                .collect();
            options.sort();
            (
                q["questionId"].as_i64().unwrap(),
                q["stem"].as_str().unwrap().to_owned(),
                options,
            )
        })
        .collect();
    found.sort();
    found
}

#[actix_web::test]
async fn the_lobby_waits_for_the_opening_and_the_start_hands_over_the_key_to_the_paper() {
    let s = Sitting::new();
    let opens_at = now() + Duration::seconds(3);
    set_sitting_window(&s, opens_at, opens_at + Duration::hours(2));
    let api = s.fx.api().await;
    let (key, _) = api.prepare_sitting(&s.learner, "en").await;

    // The lobby: the server's clock and the opening.
    let (status, lobby) = api.get("/api/sitting/lobby", &s.learner).await;
    assert_eq!(status, StatusCode::OK, "{lobby}");
    assert_eq!(lobby["data"]["open"], false);
    assert_eq!(lobby["data"]["opensAt"], utc(opens_at));
    assert!(lobby["data"]["serverTime"].is_string());
    let wait = lobby["data"]["secondsToOpening"].as_i64().unwrap();
    assert!((1..=3).contains(&wait), "{lobby}");

    // The sealed paper: no question's text in it, the same bytes again, and 304 for its ETag.
    let request = || with_token(get("/api/sitting/lobby/paper"), &s.learner).to_request();
    let response = call_service(&api.app, request()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let etag = response
        .headers()
        .get(ETAG)
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let body = read_body(response).await;
    let text = String::from_utf8_lossy(&body);
    assert!(
        !text.contains("Longest river") && !text.contains("Vaal"),
        "{text}"
    );
    let sealed: Value = serde_json::from_slice(&body).unwrap();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(sealed["data"]["ciphertext"].as_str().unwrap())
        .unwrap();
    assert!(!String::from_utf8_lossy(&bytes).contains("Longest river"));
    let again = call_service(&api.app, request()).await;
    assert_eq!(again.headers().get(ETAG).unwrap().to_str().unwrap(), etag);
    let cached = with_token(get("/api/sitting/lobby/paper"), &s.learner)
        .insert_header((IF_NONE_MATCH, etag.clone()))
        .to_request();
    assert_eq!(
        call_service(&api.app, cached).await.status(),
        StatusCode::NOT_MODIFIED
    );

    // Before the opening, no start, whichever way it is asked; no route hands out the key alone.
    let (status, _) = api.get("/api/sitting/lobby/key", &s.learner).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for path in ["/api/sitting/lobby/start", "/api/sitting/start"] {
        let (status, refused) = api.step(path, &s.learner, &key).await;
        assert_eq!(status, StatusCode::CONFLICT, "{path}: {refused}");
        assert_eq!(refused["error"], "not_open_yet", "{path}");
    }

    // The window opens: the start hands over the key, which opens the paper fetched before.
    let wait = (opens_at - olympiad_persistence::now())
        .num_milliseconds()
        .max(0)
        + 200;
    actix_web::rt::time::sleep(std::time::Duration::from_millis(wait.unsigned_abs())).await;
    let (status, lobby) = api.get("/api/sitting/lobby", &s.learner).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(lobby["data"]["open"], true, "{lobby}");
    let (status, started) = api.step("/api/sitting/lobby/start", &s.learner, &key).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(started["data"]["sitting"]["attempt"]["status"], "writing");
    let paper_key = started["data"]["paperKey"].as_str().unwrap();
    // Repeated (a phone that lost the answer), the start hands over the same key.
    let (_, again) = api.step("/api/sitting/lobby/start", &s.learner, &key).await;
    assert_eq!(again["data"]["paperKey"], paper_key);
    let opened = olympiad_office::lobby::open_sealed(
        sealed["data"]["iv"].as_str().unwrap(),
        sealed["data"]["ciphertext"].as_str().unwrap(),
        paper_key,
    )
    .unwrap();
    let opened: Value = serde_json::from_slice(&opened).unwrap();

    // The same questions, stems and options as the learner's own paper, in the order the start
    // gave.
    let (_, plain) = api.paper(&s.learner, Some(&key)).await;
    let plain = &plain["data"]["modules"];
    assert_eq!(questions_of(&opened), questions_of(plain));
    assert_eq!(questions_of(&opened).len(), 4);
    assert_eq!(question_ids(&started["data"]["order"]), question_ids(plain));

    // Another key does not open it.
    let wrong = base64::engine::general_purpose::STANDARD.encode([7u8; 32]);
    assert!(olympiad_office::lobby::open_sealed(
        sealed["data"]["iv"].as_str().unwrap(),
        sealed["data"]["ciphertext"].as_str().unwrap(),
        &wrong,
    )
    .is_err());
}

/// The learners' windows are kept in memory while their olympiad is unchanged: every change of
/// the windows changes the olympiad, so a learner sees it on their next request.
#[actix_web::test]
async fn a_changed_window_is_seen_at_once_by_a_learner_in_the_lobby() {
    let s = Sitting::new();
    let now = now();
    set_sitting_window(&s, now - Duration::minutes(1), now + Duration::hours(4));
    let api = s.fx.api().await;
    api.prepare_sitting(&s.learner, "en").await;
    let lobby = || async { api.get("/api/sitting/lobby", &s.learner).await.1 };
    assert_eq!(lobby().await["data"]["open"], true);

    // A start window for the learner's school, later.
    let path = format!("/api/olympiad/{}/start-windows", s.olympiad_id);
    let later = now + Duration::hours(1);
    let school = school_of(&s, s.school_participant_id);
    let windows = json!({ "startWindows": [
        { "startsAt": utc(later), "endsAt": utc(later + Duration::hours(2)), "schoolIds": [school] },
    ] });
    let (status, body) = api.put(&path, windows, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let waiting = lobby().await;
    assert_eq!(waiting["data"]["open"], false, "{waiting}");
    assert_eq!(waiting["data"]["opensAt"], utc(later));

    // Taken away: the olympiad's own window again.
    let (status, body) = api
        .put(&path, json!({ "startWindows": [] }), &s.admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(lobby().await["data"]["open"], true);

    // The olympiad's window moved.
    let tomorrow = now + Duration::days(1);
    set_sitting_window(&s, tomorrow, tomorrow + Duration::hours(2));
    let moved = lobby().await;
    assert_eq!(moved["data"]["open"], false, "{moved}");
    assert_eq!(moved["data"]["opensAt"], utc(tomorrow));
}

#[actix_web::test]
async fn a_staggered_window_holds_one_school_while_another_schools_learners_start() {
    let s = Sitting::new();
    let now = now();
    set_sitting_window(&s, now - Duration::minutes(1), now + Duration::hours(4));
    let other = s.learner_elsewhere("Hoërskool Noord", "naledi.k");
    let api = s.fx.api().await;
    let school = school_of(&s, s.school_participant_id);
    let path = format!("/api/olympiad/{}/start-windows", s.olympiad_id);

    let later = now + Duration::hours(1);
    let windows = json!({ "startWindows": [
        { "startsAt": utc(later), "endsAt": utc(later + Duration::hours(2)), "schoolIds": [school] },
    ] });
    let (status, body) = api.put(&path, windows, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["startWindows"][0]["schoolIds"],
        json!([school])
    );
    assert_eq!(body["data"]["schools"].as_array().unwrap().len(), 2);
    assert!(s.logged("start_windows_changed"));

    // The school's learner waits for its window; the other school's learner starts now.
    let (key, _) = api.prepare_sitting(&s.learner, "en").await;
    let (_, lobby) = api.get("/api/sitting/lobby", &s.learner).await;
    assert_eq!(lobby["data"]["open"], false);
    assert_eq!(lobby["data"]["opensAt"], utc(later));
    let (status, refused) = api.step("/api/sitting/start", &s.learner, &key).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(refused["error"], "not_open_yet");
    let (_, lobby) = api.get("/api/sitting/lobby", &other.token).await;
    assert_eq!(lobby["data"]["open"], true, "{lobby}");
    api.start_sitting(&other.token, "en").await;

    // Checked field by field, and a refused list changes nothing.
    let refusals = [
        (
            json!([{ "startsAt": utc(now + Duration::hours(5)), "endsAt": utc(now + Duration::hours(6)), "schoolIds": [school] }]),
            "startWindows[0].startsAt",
        ),
        (
            json!([
                { "startsAt": utc(later), "endsAt": utc(later + Duration::hours(1)), "schoolIds": [school] },
                { "startsAt": utc(later + Duration::minutes(30)), "endsAt": utc(later + Duration::hours(2)), "schoolIds": [school] },
            ]),
            "startWindows[1].schoolIds",
        ),
        (
            json!([{ "startsAt": utc(later), "endsAt": utc(later), "schoolIds": [school] }]),
            "startWindows[0].endsAt",
        ),
        (
            json!([{ "startsAt": utc(later), "endsAt": utc(later + Duration::hours(1)), "schoolIds": [i64::from(i32::MAX)] }]),
            "startWindows[0].schoolIds",
        ),
    ];
    for (windows, field) in refusals {
        let (status, body) = api
            .put(&path, json!({ "startWindows": windows }), &s.admin)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"], "validation");
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }
    let (_, kept) = api.get(&path, &s.admin).await;
    assert_eq!(kept["data"]["startWindows"].as_array().unwrap().len(), 1);

    // Once the school's window is open, its learner starts, and the sitting ends with the window.
    let closes = now + Duration::minutes(10);
    let windows = json!({ "startWindows": [
        { "startsAt": utc(now - Duration::minutes(1)), "endsAt": utc(closes), "schoolIds": [school] },
    ] });
    let (status, body) = api.put(&path, windows, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, started) = api.step("/api/sitting/start", &s.learner, &key).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(started["data"]["sitting"]["attempt"]["endsAt"], utc(closes));
    let left = started["data"]["sitting"]["attempt"]["remainingSeconds"]
        .as_i64()
        .unwrap();
    assert!((590..=600).contains(&left), "{started}");

    // The windows are the olympiad's own: a learner may not read them.
    let (status, _) = api.get(&path, &s.learner).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// A key belongs to one version of the paper: after an edit, the start hands over the key of the
/// edited paper, which does not open the one fetched before (the phone then asks for the paper in
/// the clear), while the sealed paper fetched after the edit opens with it.
#[actix_web::test]
async fn a_key_opens_only_the_version_of_the_paper_it_was_made_for() {
    use olympiad_persistence::schema::questions;
    let s = Sitting::new();
    let api = s.fx.api().await;
    let (key, _) = api.prepare_sitting(&s.learner, "en").await;
    let (_, before) = api.get("/api/sitting/lobby/paper", &s.learner).await;

    // The paper is edited, and read by a second node that has not kept it in memory.
    let mut conn = s.fx.db.conn();
    let content: String = questions::table
        .find(s.questions[0])
        .select(questions::content)
        .first(&mut conn)
        .unwrap();
    diesel::update(questions::table.find(s.questions[0]))
        .set(questions::content.eq(content.replace("Longest river?", "Longest river of all?")))
        .execute(&mut conn)
        .unwrap();
    let node = actix_web::test::init_service(olympiad_http::app(actix_web::web::Data::new(
        olympiad_http::AppState::new(s.fx.db.pool.clone(), olympiad_http::ApiConfig::for_tests()),
    )))
    .await;
    let (_, after) = send(
        &node,
        with_token(get("/api/sitting/lobby/paper"), &s.learner),
    )
    .await;
    assert_ne!(before["data"]["version"], after["data"]["version"]);
    let (status, started) = send(
        &node,
        with_device(
            actix_web::test::TestRequest::post().uri("/api/sitting/lobby/start"),
            &s.learner,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let paper_key = started["data"]["paperKey"].as_str().unwrap();
    let open = |sealed: &Value| {
        olympiad_office::lobby::open_sealed(
            sealed["data"]["iv"].as_str().unwrap(),
            sealed["data"]["ciphertext"].as_str().unwrap(),
            paper_key,
        )
    };
    assert!(
        open(&before).is_err(),
        "the key of the edited paper opens the old one"
    );
    let opened = String::from_utf8(open(&after).unwrap()).unwrap();
    assert!(opened.contains("Longest river of all?"), "{opened}");
}
