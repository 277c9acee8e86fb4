//! `/api/sitting`, `/api/sitting/declaration`, `/api/sitting/recovery-code`, `/api/sitting/details`,
//! `/api/sitting/start`, `/api/sitting/paper`, `/api/sitting/answers`, `/api/sitting/finish`,
//! `/api/sitting/recover`, `/api/participant-tracker` and `/api/attachment/{id}` as a writing
//! learner calls them: the flow from the declaration to the finish, sequence numbers, recovery on a
//! second device, the end of time, and what a learner never sees (the answer key, the marks).

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use diesel::prelude::*;
use olympiad_domain::id::{AttachmentId, OlympiadId};
use olympiad_persistence::schema::olympiads;
use serde_json::{json, Value};

fn finish(s: &Sitting, key: &str) -> TestRequest {
    with_device(
        TestRequest::post().uri("/api/sitting/finish"),
        &s.learner,
        Some(key),
    )
}

#[actix_web::test]
async fn the_sitting_names_the_learner_and_school_and_asks_for_the_declaration_first() {
    let s = Sitting::new();
    let api = s.fx.api().await;

    let sitting = api.sitting(&s.learner, None).await;
    assert!(sitting["attempt"].is_null());
    assert_eq!(sitting["learner"]["firstName"], "Thabo");
    assert_eq!(sitting["learner"]["schoolName"], "Hoërskool Ons Dorp");
    let refused = json!({ "accepted": false });
    let (status, body) = api
        .post("/api/sitting/declaration", refused, &s.learner)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["accepted"],
        "must be accepted to write the olympiad"
    );
}

#[actix_web::test]
async fn the_paper_comes_in_the_learners_language_and_order_without_its_answer_key() {
    let (s, api, key) = Sitting::started().await;

    let (status, body) = api.paper(&s.learner, Some(&key)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let paper = body["data"].to_string();
    assert!(paper.contains("Langste rivier?"), "{paper}");
    assert!(!paper.contains("Longest river?"));
    for secret in [
        "\"correct\"",
        "acceptedAnswers",
        "numericAnswer",
        "marks",
        "explanation",
    ] {
        assert!(!paper.contains(secret), "the paper gave away {secret}");
    }
    let questions = body["data"]["modules"][0]["questions"].as_array().unwrap();
    assert_eq!(questions.len(), 4);
    let remaining = body["data"]["sitting"]["attempt"]["remainingSeconds"]
        .as_i64()
        .unwrap();
    assert!((3590..=3600).contains(&remaining), "{remaining}");
}

#[actix_web::test]
async fn each_save_carries_a_sequence_number_and_a_late_one_never_replaces_a_newer_answer() {
    let (s, api, key) = Sitting::started().await;
    let (q1, q2, q3, q4) = (
        s.questions[0],
        s.questions[1],
        s.questions[2],
        s.questions[3],
    );

    let saves = [
        save(q1, json!(["a"]), 1),
        save(q1, json!(["b"]), 3),
        save(q1, json!(["c"]), 2),
        save(q1, json!(["b"]), 3),
        save(q2, json!(["a", "c"]), 4),
        save(q3, json!("12,7"), 5),
        save(q4, json!("  limpopo "), 6),
    ];
    for body in saves {
        let (status, answer) = api.save_answers(&s.learner, Some(&key), body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["data"]["saved"], 1);
    }
    let flag = json!({ "answers": [{ "questionId": q4, "answer": "limpopo", "flagged": true, "seq": 7 }] });
    let (status, _) = api.save_answers(&s.learner, Some(&key), flag).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = api.paper(&s.learner, Some(&key)).await;
    let answers = body["data"]["answers"].as_array().unwrap();
    let answer_to = |q: i64| answers.iter().find(|a| a["questionId"] == q).unwrap();
    assert_eq!(answer_to(q1)["answer"], json!(["b"]));
    assert_eq!(answer_to(q1)["seq"], 3);
    assert_eq!(answer_to(q4)["flagged"], true);
    assert_eq!(body["data"]["sitting"]["attempt"]["lastSeq"], 7);
    assert_eq!(body["data"]["sitting"]["attempt"]["answeredCount"], 4);
}

#[actix_web::test]
async fn answers_that_cannot_be_answers_are_refused_naming_the_field() {
    let (s, api, key) = Sitting::started().await;
    let q1 = s.questions[0];

    let (status, body) = api
        .save_answers(&s.learner, Some(&key), save(q1, json!(["z"]), 8))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["answers[0].answer"],
        "names an option the question does not have"
    );
    let (status, body) = api
        .save_answers(&s.learner, Some(&key), save(999_999, json!(["a"]), 8))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["answers[0].questionId"],
        "is not a question of this olympiad"
    );
    let (status, body) = api
        .save_answers(&s.learner, None, save(q1, json!(["a"]), 8))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["X-Attempt-Key"], "is required");

    // Details are confirmed before the start.
    let details = json!({ "firstName": "T", "lastName": "M", "grade": 10, "language": "en" });
    let request = put_json("/api/sitting/details", details);
    let (status, body) = api.send(with_device(request, &s.learner, Some(&key))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "started");
}

#[actix_web::test]
async fn finishing_closes_the_attempt_and_shows_the_learner_how_many_they_answered_not_the_marks() {
    let (s, api, key) = Sitting::started().await;
    api.answer_all(&s, &key).await;

    let finished = api.ok(finish(&s, &key)).await;
    assert_eq!(finished["attempt"]["status"], "finished");
    assert_eq!(finished["attempt"]["finishReason"], "submitted");
    assert_eq!(finished["attempt"]["answeredCount"], 4);
    assert!(!finished.to_string().contains("score"));
    let (status, _) = api.send(finish(&s, &key)).await;
    assert_eq!(status, StatusCode::OK, "finishing again is harmless");
    let (status, body) = api
        .save_answers(
            &s.learner,
            Some(&key),
            save(s.questions[0], json!(["a"]), 9),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "finished");
}

#[actix_web::test]
async fn a_second_device_needs_the_recovery_code_and_resumes_where_the_first_was() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    let (key, code) = api.start_sitting(&s.learner, "af").await;
    let q1 = s.questions[0];
    let (_, first) = api.paper(&s.learner, Some(&key)).await;
    let (status, _) = api
        .save_answers(&s.learner, Some(&key), save(q1, json!(["b"]), 1))
        .await;
    assert_eq!(status, StatusCode::OK);
    // The first phone was on the third question when it went dark.
    let ping = json!({ "position": "1/3", "online": true });
    let (status, _) = api.track(&s, &s.learner, &key, ping).await;
    assert_eq!(status, StatusCode::OK);
    let mut position = Value::Null;
    for _ in 0..50 {
        let sitting = api.sitting(&s.learner, Some(&key)).await;
        position = sitting["attempt"]["lastPosition"].clone();
        if position == "1/3" {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(position, "1/3");

    // The code is shown once, before the start.
    let again = TestRequest::post().uri("/api/sitting/recovery-code");
    let (status, body) = api.send(with_device(again, &s.learner, Some(&key))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "started");

    // Another phone, signed in again: it sees the attempt, but may not write in it.
    let sitting = api.sitting(&s.learner, None).await;
    assert_eq!(sitting["attempt"]["onThisDevice"], false);
    let (status, body) = api.paper(&s.learner, None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "recovery_needed");
    let forged = format!("{}.0000", key.split('.').next().unwrap());
    let (status, body) = api
        .save_answers(&s.learner, Some(&forged), save(q1, json!(["a"]), 2))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "other_device");

    let wrong = json!({ "recoveryCode": "wrong-code" });
    let (status, body) = api.post("/api/sitting/recover", wrong, &s.learner).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["recoveryCode"],
        "is not the code of your olympiad"
    );
    let right = json!({ "recoveryCode": code.to_uppercase() });
    let (status, body) = api.post("/api/sitting/recover", right, &s.learner).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let second = body["data"]["attemptKey"].as_str().unwrap().to_owned();
    assert_eq!(body["data"]["attempt"]["lastSeq"], 1);
    assert_eq!(body["data"]["attempt"]["lastPosition"], "1/3");

    // The second device resumes with the same order and every saved answer; the first stops.
    let (_, resumed) = api.paper(&s.learner, Some(&second)).await;
    assert_eq!(resumed["data"]["modules"], first["data"]["modules"]);
    assert_eq!(resumed["data"]["answers"][0]["answer"], json!(["b"]));
    let (status, body) = api
        .save_answers(&s.learner, Some(&key), save(q1, json!(["a"]), 2))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "other_device");
    let (status, _) = api
        .save_answers(&s.learner, Some(&second), save(q1, json!(["c"]), 2))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(s.logged("sitting_recovered"));
}

#[actix_web::test]
async fn the_time_runs_out_on_the_server_clock() {
    let (s, api, key) = Sitting::started().await;
    s.run_out_of_time();

    let (status, body) = api
        .save_answers(
            &s.learner,
            Some(&key),
            save(s.questions[0], json!(["b"]), 1),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "time_up");
    let sitting = api.sitting(&s.learner, None).await;
    assert_eq!(sitting["attempt"]["remainingSeconds"], 0);
}

#[actix_web::test]
async fn shuffled_papers_differ_between_learners_and_stay_fixed_for_each() {
    let s = Sitting::shuffled();
    let api = s.fx.api().await;
    let order = |paper: &Value| -> Vec<(i64, Vec<String>)> {
        let questions = paper["data"]["modules"][0]["questions"].as_array().unwrap();
        let keys = |q: &Value| -> Vec<String> {
            let options = q["options"].as_array().unwrap();
            options
                .iter()
                .map(|o| o["key"].as_str().unwrap().to_owned())
                .collect()
        };
        questions
            .iter()
            .map(|q| (q["questionId"].as_i64().unwrap(), keys(q)))
            .collect()
    };
    let mut orders = std::collections::BTreeSet::new();
    for n in 0..6 {
        let paper = api.paper_of_a_new_learner(&s, n, "af").await;
        orders.insert(order(&paper));
    }
    assert!(orders.len() > 1, "six learners, one order: not shuffled");
}

#[actix_web::test]
async fn a_signed_out_learner_saves_nothing() {
    let (s, api, key) = Sitting::started().await;
    let (status, _) = api.post("/api/auth/signout", json!({}), &s.learner).await;
    assert_eq!(status, StatusCode::OK);

    // The writer checks the session with the attempt, in the same query.
    let answer = save(s.questions[0], json!(["b"]), 1);
    let (status, body) = api
        .save_answers(&s.learner, Some(&key), answer.clone())
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(body["error"], "session_ended");
    let ping = json!({ "position": "1/1" });
    let (status, _) = api.track(&s, &s.learner, &key, ping).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A token of another role is refused before any of that.
    let (status, _) = api.save_answers(&s.teacher, Some(&key), answer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn a_signed_out_learner_takes_no_step_of_the_start() {
    let (s, api, key) = Sitting::started().await;
    let (status, _) = api.post("/api/auth/signout", json!({}), &s.learner).await;
    assert_eq!(status, StatusCode::OK);

    // Each step checks the session on the connection of its own reads, first.
    let (status, body) = api.paper(&s.learner, Some(&key)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(body["error"], "session_ended");
    for path in [
        "/api/sitting/declaration",
        "/api/sitting/recovery-code",
        "/api/sitting/start",
    ] {
        let request = post_json(path, json!({ "accepted": true }));
        let (status, body) = api.send(with_device(request, &s.learner, Some(&key))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}: {body}");
        assert_eq!(body["error"], "session_ended", "{path}");
    }
    let details =
        json!({ "firstName": "Thandi", "lastName": "Mokoena", "grade": 10, "language": "en" });
    let request = put_json("/api/sitting/details", details);
    let (status, body) = api.send(with_device(request, &s.learner, Some(&key))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
}

#[actix_web::test]
async fn a_learner_sees_the_pictures_of_their_own_paper_once_writing_and_no_other_files() {
    use olympiad_persistence::models::{Attachment, Upload, UploadInsertForm};
    let s = Sitting::new();
    let png = b"\x89PNG\r\n\x1a\n picture of a river";
    let files = s.fx.state.config.files.clone();
    let sha256 =
        olympiad_office::files::store_bytes(&files, olympiad_office::files::upload_key, png)
            .unwrap();
    let file = |conn: &mut olympiad_persistence::DbConnection, olympiad_id: Option<OlympiadId>| {
        let upload = Upload::ensure(
            conn,
            &UploadInsertForm {
                sha256: &sha256,
                size_bytes: png.len() as i64,
                content_type: "image/png",
                filename: "river.png",
                uploaded_by: None,
            },
        )
        .unwrap();
        Attachment::create(conn, upload.id, olympiad_id, "river.png")
            .unwrap()
            .id
    };
    let mut conn = s.fx.db.conn();
    let on_paper = file(&mut conn, Some(s.olympiad_id));
    let not_on_paper = file(&mut conn, Some(s.olympiad_id));
    let of_no_olympiad = file(&mut conn, None);
    diesel::update(olympiad_persistence::schema::questions::table.find(s.questions[0]))
        .set(olympiad_persistence::schema::questions::attachment_id.eq(on_paper))
        .execute(&mut conn)
        .unwrap();
    drop(conn);
    let overlord = s.fx.overlord();
    let api = s.fx.api().await;
    let fetch =
        |id: AttachmentId, token: &str| with_token(get(&format!("/api/attachment/{id}")), token);

    // Before the start, the paper's pictures are as closed as the paper.
    let (status, _) = api.send(fetch(on_paper, &s.learner)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    api.start_sitting(&s.learner, "af").await;
    let (status, _, bytes) = api.file(fetch(on_paper, &s.learner)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bytes, png);
    for id in [not_on_paper, of_no_olympiad] {
        let (status, _) = api.send(fetch(id, &s.learner)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "file {id}");
    }
    // Teachers see no question files; staff see their olympiad's; files of no olympiad are the
    // overlord's alone.
    let seen_by = [
        (on_paper, &s.teacher, StatusCode::NOT_FOUND),
        (on_paper, &s.admin, StatusCode::OK),
        (of_no_olympiad, &s.admin, StatusCode::NOT_FOUND),
        (of_no_olympiad, &overlord, StatusCode::OK),
    ];
    for (id, token, expected) in seen_by {
        let (status, _) = api.send(fetch(id, token)).await;
        assert_eq!(status, expected, "file {id}");
    }
}

/// Each learner's paper is made from parts kept once per paper and language: the text of each
/// option must still be its own key's, in the learner's own language and order.
#[actix_web::test]
async fn learners_of_two_languages_each_get_their_own_order_with_each_option_its_own_text() {
    let s = Sitting::shuffled();
    let api = s.fx.api().await;
    let texts = |language: &str| -> std::collections::BTreeMap<(&str, &str), &str> {
        let (vaal, orange, tugela, limpopo) = match language {
            "en" => ("Vaal", "Orange", "Tugela", "Limpopo"),
            _ => ("Vaal", "Oranje", "Tugela", "Limpopo"),
        };
        [
            (("Longest river?", "a"), vaal),
            (("Longest river?", "b"), orange),
            (("Longest river?", "c"), tugela),
            (("Langste rivier?", "a"), vaal),
            (("Langste rivier?", "b"), orange),
            (("Langste rivier?", "c"), tugela),
            (("Which flow into the sea?", "a"), orange),
            (("Which flow into the sea?", "b"), vaal),
            (("Which flow into the sea?", "c"), limpopo),
            (("Watter vloei see toe?", "a"), orange),
            (("Watter vloei see toe?", "b"), vaal),
            (("Watter vloei see toe?", "c"), limpopo),
        ]
        .into()
    };
    for (n, language) in ["en", "af", "en", "af"].into_iter().enumerate() {
        let paper = api.paper_of_a_new_learner(&s, n, language).await;
        let module = &paper["data"]["modules"][0];
        let instructions = if language == "en" {
            "<p>Choose</p>"
        } else {
            "<p>Kies</p>"
        };
        assert_eq!(module["instructions"], instructions);
        let questions = module["questions"].as_array().unwrap();
        assert_eq!(questions.len(), 4);
        let expected = texts(language);
        for question in questions {
            let stem = question["stem"].as_str().unwrap();
            let stem = stem.trim_start_matches("<p>").trim_end_matches("</p>");
            let english = ["Longest", "Which", "Rainfall", "Northern"]
                .iter()
                .any(|w| stem.starts_with(w));
            assert_eq!(english, language == "en", "{stem} for {language}");
            for option in question["options"].as_array().unwrap() {
                let key = option["key"].as_str().unwrap();
                assert_eq!(
                    Some(&option["text"].as_str().unwrap()),
                    expected.get(&(stem, key)),
                    "option {key} of {stem} in {language}"
                );
            }
        }
    }
}

/// The olympiad's instructions and declaration are sanitised once per text, kept by the text
/// itself: an edit written by another node (here straight into the database) is seen at the next
/// step, sanitised.
#[actix_web::test]
async fn an_edit_of_the_instructions_made_elsewhere_is_seen_at_the_next_step_sanitised() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    let before = api.sitting(&s.learner, None).await;
    let edit = |text: &str| {
        diesel::update(olympiads::table.find(s.olympiad_id))
            .set(olympiads::instructions.eq(json!({ "en": text, "af": text }).to_string()))
            .execute(&mut s.fx.db.conn())
            .unwrap();
    };
    edit("<p>Pens down at ten</p><script>steal()</script>");
    let after = api.sitting(&s.learner, None).await;
    assert_ne!(
        before["olympiad"]["instructions"],
        after["olympiad"]["instructions"]
    );
    assert_eq!(
        after["olympiad"]["instructions"]["en"],
        "<p>Pens down at ten</p>"
    );
    edit("<p>Pens down at <b>eleven</b></p><img src=https://elsewhere.example/x.png>");
    let again = api.sitting(&s.learner, None).await;
    assert_eq!(
        again["olympiad"]["instructions"]["af"],
        "<p>Pens down at <b>eleven</b></p><img>"
    );
}
