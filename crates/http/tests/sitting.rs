//! The learner's sitting through the API: the flow from the declaration to the finish, sequence
//! numbers, recovery on a second device, the end of time, pauses, extra time, resets, what teachers
//! and admins see, and what a learner never sees (the answer key, the marks).

#![allow(clippy::unwrap_used)] // helpers of a test: a panic is the failure, with its cause

mod common;

use actix_web::http::StatusCode;
use actix_web::test::{init_service, TestRequest};
use common::*;
use diesel::prelude::*;
use olympiad_domain::paper::{AnswerOption, Language, QuestionContent, QuestionKind};
use olympiad_domain::Role;
use olympiad_persistence::models::{
    ActivityLog, ActivityQuery, ModuleFields, Question, QuestionFields, QuestionModule,
};
use olympiad_persistence::schema::{
    attempts, learners, olympiads, participants, school_participants, schools, teachers,
    team_members,
};
use serde_json::{json, Value};

/// An olympiad with a paper of four questions, a school entered in it with one learner, an admin
/// and the school's teacher.
struct Sitting {
    fx: Fixture,
    olympiad_id: i64,
    /// single choice (b correct, 2 marks), multiple choice (a and c, 3), numeric (12.5 ± 0.5, 1),
    /// short text ("Limpopo", 1).
    questions: Vec<i64>,
    school_participant_id: i64,
    learner: String,
    participant_id: i64,
    admin: String,
    teacher: String,
}

fn option(key: &str, en: &str, af: &str) -> AnswerOption {
    AnswerOption {
        key: key.into(),
        text: [(Language::En, en.into()), (Language::Af, af.into())].into(),
    }
}

fn localized(en: &str, af: &str) -> olympiad_domain::paper::Localized {
    [(Language::En, en.into()), (Language::Af, af.into())].into()
}

fn rich(en: &str, af: &str) -> olympiad_domain::rich_text::LocalizedRichText {
    [(Language::En, en.into()), (Language::Af, af.into())].into()
}

impl Sitting {
    fn new() -> Self {
        let fx = Fixture::new();
        let olympiad_id = fx.olympiad("geography").id;
        let mut conn = fx.db.conn();
        diesel::update(olympiads::table.find(olympiad_id))
            .set((
                olympiads::languages.eq(r#"["en","af"]"#),
                olympiads::duration_minutes.eq(60),
            ))
            .execute(&mut conn)
            .unwrap();
        let module = QuestionModule::create(
            &mut conn,
            olympiad_id,
            &ModuleFields {
                title: localized("Rivers", "Riviere"),
                instructions: olympiad_domain::rich_text::localized(&localized(
                    "<p>Choose</p>",
                    "<p>Kies</p>",
                )),
                time_limit_minutes: None,
            },
        )
        .unwrap();
        let question = |kind, content: QuestionContent, marks| {
            Question::create(
                &mut fx.db.conn(),
                module.id,
                &QuestionFields {
                    kind,
                    content,
                    marks,
                    difficulty: 3,
                    attachment_id: None,
                },
            )
            .unwrap()
            .id
        };
        let questions = vec![
            question(
                QuestionKind::SingleChoice,
                QuestionContent {
                    stem: rich("<p>Longest river?</p>", "<p>Langste rivier?</p>"),
                    options: vec![
                        option("a", "Vaal", "Vaal"),
                        option("b", "Orange", "Oranje"),
                        option("c", "Tugela", "Tugela"),
                    ],
                    correct: vec!["b".into()],
                    ..QuestionContent::default()
                },
                2,
            ),
            question(
                QuestionKind::MultipleChoice,
                QuestionContent {
                    stem: rich(
                        "<p>Which flow into the sea?</p>",
                        "<p>Watter vloei see toe?</p>",
                    ),
                    options: vec![
                        option("a", "Orange", "Oranje"),
                        option("b", "Vaal", "Vaal"),
                        option("c", "Limpopo", "Limpopo"),
                    ],
                    correct: vec!["a".into(), "c".into()],
                    ..QuestionContent::default()
                },
                3,
            ),
            question(
                QuestionKind::Numeric,
                QuestionContent {
                    stem: rich("<p>Rainfall in cm?</p>", "<p>Reënval in cm?</p>"),
                    numeric_answer: Some(12.5),
                    tolerance: Some(0.5),
                    ..QuestionContent::default()
                },
                1,
            ),
            question(
                QuestionKind::ShortText,
                QuestionContent {
                    stem: rich(
                        "<p>Northern border river?</p>",
                        "<p>Noordelike grensrivier?</p>",
                    ),
                    accepted_answers: vec!["Limpopo".into()],
                    ..QuestionContent::default()
                },
                1,
            ),
        ];
        let (school_participant_id, participant_id, learner_user) =
            enter_learner(&fx, olympiad_id, "Hoërskool Ons Dorp", "thabo.m");
        let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
        let teacher_user = fx.user("teacher@example.org", Role::Teacher, None);
        join_team(&fx, teacher_user, school_participant_id);
        let teacher = fx.token_for(teacher_user);
        let learner = fx.token_for(learner_user);
        Sitting {
            fx,
            olympiad_id,
            questions,
            school_participant_id,
            learner,
            participant_id,
            admin,
            teacher,
        }
    }
}

/// A school entered in the olympiad with one learner who may sign in; answers the school entry,
/// the participant and the learner's user.
fn enter_learner(fx: &Fixture, olympiad_id: i64, school: &str, username: &str) -> (i64, i64, i64) {
    let mut conn = fx.db.conn();
    let school_id: i64 = diesel::insert_into(schools::table)
        .values((schools::name.eq(school), schools::province.eq("Limpopo")))
        .returning(schools::id)
        .get_result(&mut conn)
        .unwrap();
    let entry: i64 = diesel::insert_into(school_participants::table)
        .values((
            school_participants::olympiad_id.eq(olympiad_id),
            school_participants::school_id.eq(school_id),
        ))
        .returning(school_participants::id)
        .get_result(&mut conn)
        .unwrap();
    let learner_id: i64 = diesel::insert_into(learners::table)
        .values((
            learners::school_id.eq(school_id),
            learners::first_name.eq("Thabo"),
            learners::last_name.eq("Mokoena"),
            learners::grade.eq(10),
        ))
        .returning(learners::id)
        .get_result(&mut conn)
        .unwrap();
    drop(conn);
    let user_id = fx.user(username, Role::Learner, Some("geography"));
    let participant_id: i64 = diesel::insert_into(participants::table)
        .values((
            participants::olympiad_id.eq(olympiad_id),
            participants::learner_id.eq(learner_id),
            participants::school_participant_id.eq(entry),
            participants::user_id.eq(user_id),
        ))
        .returning(participants::id)
        .get_result(&mut fx.db.conn())
        .unwrap();
    (entry, participant_id, user_id)
}

fn join_team(fx: &Fixture, user_id: i64, school_participant_id: i64) {
    let mut conn = fx.db.conn();
    let teacher_id: i64 = diesel::insert_into(teachers::table)
        .values(teachers::user_id.eq(user_id))
        .returning(teachers::id)
        .get_result(&mut conn)
        .unwrap();
    diesel::insert_into(team_members::table)
        .values((
            team_members::school_participant_id.eq(school_participant_id),
            team_members::teacher_id.eq(teacher_id),
            team_members::is_team_admin.eq(true),
        ))
        .execute(&mut conn)
        .unwrap();
}

fn with_device(request: TestRequest, token: &str, key: Option<&str>) -> TestRequest {
    let request = with_token(request, token);
    match key {
        Some(key) => request.insert_header(("X-Attempt-Key", key.to_owned())),
        None => request,
    }
}

fn save(question_id: i64, answer: Value, seq: i64) -> Value {
    json!({ "answers": [{ "questionId": question_id, "answer": answer, "seq": seq }] })
}

/// Posts a batch of answers from the device that holds `key`.
async fn post_answers<S, B>(
    app: &S,
    token: &str,
    key: Option<&str>,
    answers: Value,
) -> (StatusCode, Value)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    send(
        app,
        with_device(post_json("/api/sitting/answers", answers), token, key),
    )
    .await
}

/// Declaration, recovery code, details, start: answers the device's key and the recovery code.
async fn begin<S, B>(app: &S, token: &str) -> (String, String)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (key, code) = prepare(app, token).await;
    let (status, body) = send(
        app,
        with_device(
            TestRequest::post().uri("/api/sitting/start"),
            token,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["attempt"]["status"], "writing");
    (key, code)
}

/// Declaration, recovery code and details: everything before the start.
async fn prepare<S, B>(app: &S, token: &str) -> (String, String)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, body) = send(
        app,
        with_token(
            post_json("/api/sitting/declaration", json!({ "accepted": true })),
            token,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let key = body["data"]["attemptKey"].as_str().unwrap().to_owned();
    let (status, body) = send(
        app,
        with_device(
            TestRequest::post().uri("/api/sitting/recovery-code"),
            token,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let code = body["data"]["recoveryCode"].as_str().unwrap().to_owned();
    let details =
        json!({ "firstName": "Thabo", "lastName": "Mokoena", "grade": 10, "language": "af" });
    let (status, body) = send(
        app,
        with_device(
            TestRequest::put()
                .uri("/api/sitting/details")
                .set_json(details),
            token,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (key, code)
}

#[actix_web::test]
async fn a_learner_writes_the_olympiad_from_the_declaration_to_the_finish() {
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let (q1, q2, q3, q4) = (
        s.questions[0],
        s.questions[1],
        s.questions[2],
        s.questions[3],
    );

    let (status, body) = send(&app, with_token(get("/api/sitting"), &s.learner)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["attempt"].is_null());
    assert_eq!(body["data"]["learner"]["firstName"], "Thabo");
    assert_eq!(body["data"]["learner"]["schoolName"], "Hoërskool Ons Dorp");

    let (status, body) = send(
        &app,
        with_token(
            post_json("/api/sitting/declaration", json!({ "accepted": false })),
            &s.learner,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["accepted"],
        "must be accepted to write the olympiad"
    );

    let (key, _code) = begin(&app, &s.learner).await;

    // The paper comes in the learner's language, in their order, without its answer key.
    let (status, body) = send(
        &app,
        with_device(get("/api/sitting/paper"), &s.learner, Some(&key)),
    )
    .await;
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
    assert_eq!(
        body["data"]["modules"][0]["questions"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    let remaining = body["data"]["sitting"]["attempt"]["remainingSeconds"]
        .as_i64()
        .unwrap();
    assert!((3590..=3600).contains(&remaining), "{remaining}");

    // Each save carries a sequence number: a late one never replaces a newer answer.
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
        let (status, answer) = post_answers(&app, &s.learner, Some(&key), body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["data"]["saved"], 1);
    }
    let flag = json!({ "answers": [{ "questionId": q4, "answer": "limpopo", "flagged": true, "seq": 7 }] });
    let (status, _) = post_answers(&app, &s.learner, Some(&key), flag).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = send(
        &app,
        with_device(get("/api/sitting/paper"), &s.learner, Some(&key)),
    )
    .await;
    let answers = body["data"]["answers"].as_array().unwrap();
    let q1_answer = answers.iter().find(|a| a["questionId"] == q1).unwrap();
    assert_eq!(q1_answer["answer"], json!(["b"]));
    assert_eq!(q1_answer["seq"], 3);
    assert_eq!(
        answers.iter().find(|a| a["questionId"] == q4).unwrap()["flagged"],
        true
    );
    assert_eq!(body["data"]["sitting"]["attempt"]["lastSeq"], 7);
    assert_eq!(body["data"]["sitting"]["attempt"]["answeredCount"], 4);

    // Answers that cannot be answers are refused, naming the field.
    let (status, body) =
        post_answers(&app, &s.learner, Some(&key), save(q1, json!(["z"]), 8)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["answers[0].answer"],
        "names an option the question does not have"
    );
    let (status, body) =
        post_answers(&app, &s.learner, Some(&key), save(999_999, json!(["a"]), 8)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["answers[0].questionId"],
        "is not a question of this olympiad"
    );
    let (status, body) = post_answers(&app, &s.learner, None, save(q1, json!(["a"]), 8)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["X-Attempt-Key"], "is required");

    // Details are confirmed before the start.
    let details = json!({ "firstName": "T", "lastName": "M", "grade": 10, "language": "en" });
    let (status, body) = send(
        &app,
        with_device(
            TestRequest::put()
                .uri("/api/sitting/details")
                .set_json(details),
            &s.learner,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "started");

    // Finishing marks the attempt; the learner sees how many they answered, never the marks.
    let (status, body) = send(
        &app,
        with_device(
            TestRequest::post().uri("/api/sitting/finish"),
            &s.learner,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["attempt"]["status"], "finished");
    assert_eq!(body["data"]["attempt"]["finishReason"], "submitted");
    assert_eq!(body["data"]["attempt"]["answeredCount"], 4);
    assert!(!body.to_string().contains("score"));
    let (status, _) = send(
        &app,
        with_device(
            TestRequest::post().uri("/api/sitting/finish"),
            &s.learner,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "finishing again is harmless");
    let (status, body) =
        post_answers(&app, &s.learner, Some(&key), save(q1, json!(["a"]), 9)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "finished");

    // The admin sees the answers as submitted, with their marks: 2 + 3 + 1 + 1.
    let (status, body) = send(
        &app,
        with_token(
            get(&format!(
                "/api/participant/get-submitted-data/{}",
                s.participant_id
            )),
            &s.admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["score"], 7);
    assert_eq!(body["data"]["answers"][0]["answerText"], "Oranje");
    assert_eq!(body["data"]["answers"][0]["marks"], 2);
    // The learner's teacher sees the answers, not the marks.
    let (status, body) = send(
        &app,
        with_token(
            get(&format!(
                "/api/participant/get-submitted-data/{}",
                s.participant_id
            )),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["score"].is_null());
    assert!(body["data"]["answers"][0]["marks"].is_null());
    assert_eq!(body["data"]["answers"][3]["answerText"], "limpopo");

    // A corrected answer key: marking again follows it, and gives the same for the same key.
    let mut conn = s.fx.db.conn();
    let question = Question::find(&mut conn, q1).unwrap();
    let mut content = question.content();
    content.correct = vec!["c".into()];
    Question::update(
        &mut conn,
        q1,
        &QuestionFields {
            kind: QuestionKind::SingleChoice,
            content,
            marks: 2,
            difficulty: 3,
            attachment_id: None,
        },
    )
    .unwrap();
    drop(conn);
    for _ in 0..2 {
        let (status, body) = send(
            &app,
            with_token(
                post_json(
                    &format!("/api/olympiad/remark/{}", s.olympiad_id),
                    json!({}),
                ),
                &s.admin,
            ),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["marked"], 1);
        let (_, body) = send(
            &app,
            with_token(
                get(&format!(
                    "/api/participant/get-submitted-data/{}",
                    s.participant_id
                )),
                &s.admin,
            ),
        )
        .await;
        assert_eq!(body["data"]["score"], 5);
    }
}

#[actix_web::test]
async fn a_second_device_needs_the_recovery_code_and_resumes_where_the_first_was() {
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let (key, code) = begin(&app, &s.learner).await;
    let (_, first) = send(
        &app,
        with_device(get("/api/sitting/paper"), &s.learner, Some(&key)),
    )
    .await;
    let (status, _) = post_answers(
        &app,
        &s.learner,
        Some(&key),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // The first phone was on the third question when it went dark.
    let (status, _) = send(
        &app,
        with_device(
            post_json(
                &format!("/api/participant-tracker?olympiadId={}", s.olympiad_id),
                json!({ "position": "1/3", "online": true }),
            ),
            &s.learner,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let mut position = Value::Null;
    for _ in 0..50 {
        let (_, body) = send(
            &app,
            with_device(get("/api/sitting"), &s.learner, Some(&key)),
        )
        .await;
        position = body["data"]["attempt"]["lastPosition"].clone();
        if position == "1/3" {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(position, "1/3");

    // The code is shown once, before the start.
    let (status, body) = send(
        &app,
        with_device(
            TestRequest::post().uri("/api/sitting/recovery-code"),
            &s.learner,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "started");

    // Another phone, signed in again: it sees the attempt, but may not write in it.
    let (_, body) = send(&app, with_token(get("/api/sitting"), &s.learner)).await;
    assert_eq!(body["data"]["attempt"]["onThisDevice"], false);
    let (status, body) = send(&app, with_token(get("/api/sitting/paper"), &s.learner)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "recovery_needed");
    let forged = format!("{}.0000", key.split('.').next().unwrap());
    let (status, body) = post_answers(
        &app,
        &s.learner,
        Some(&forged),
        save(s.questions[0], json!(["a"]), 2),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "other_device");

    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/recover",
                json!({ "recoveryCode": "wrong-code" }),
            ),
            &s.learner,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["recoveryCode"],
        "is not the code of your olympiad"
    );
    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/recover",
                json!({ "recoveryCode": code.to_uppercase() }),
            ),
            &s.learner,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let second = body["data"]["attemptKey"].as_str().unwrap().to_owned();
    assert_eq!(body["data"]["attempt"]["lastSeq"], 1);
    assert_eq!(body["data"]["attempt"]["lastPosition"], "1/3");

    // The second device resumes with the same order and every saved answer; the first stops.
    let (_, resumed) = send(
        &app,
        with_device(get("/api/sitting/paper"), &s.learner, Some(&second)),
    )
    .await;
    assert_eq!(resumed["data"]["modules"], first["data"]["modules"]);
    assert_eq!(resumed["data"]["answers"][0]["answer"], json!(["b"]));
    let (status, body) = post_answers(
        &app,
        &s.learner,
        Some(&key),
        save(s.questions[0], json!(["a"]), 2),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "other_device");
    let (status, _) = post_answers(
        &app,
        &s.learner,
        Some(&second),
        save(s.questions[0], json!(["c"]), 2),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let logged = ActivityLog::search(
        &mut s.fx.db.conn(),
        &ActivityQuery {
            limit: 100,
            ..ActivityQuery::default()
        },
    )
    .unwrap();
    assert!(logged.iter().any(|e| e.action == "sitting_recovered"));
}

#[actix_web::test]
async fn the_time_runs_out_on_the_server_clock() {
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let (key, _) = begin(&app, &s.learner).await;
    // Started 61 minutes ago: the hour is over, and the grace for saves in flight too.
    let ago = olympiad_persistence::now() - chrono::Duration::minutes(61);
    diesel::update(attempts::table)
        .set((
            attempts::started_at.eq(ago),
            attempts::ends_at.eq(ago + chrono::Duration::minutes(60)),
        ))
        .execute(&mut s.fx.db.conn())
        .unwrap();
    let (status, body) = post_answers(
        &app,
        &s.learner,
        Some(&key),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "time_up");
    let (_, body) = send(&app, with_token(get("/api/sitting"), &s.learner)).await;
    assert_eq!(body["data"]["attempt"]["remainingSeconds"], 0);

    // Extra time given now brings the learner back.
    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/extra-time",
                json!({ "participantId": s.participant_id, "minutes": 10, "reason": "reader" }),
            ),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["extraMinutes"], 10);
    let (status, body) = post_answers(
        &app,
        &s.learner,
        Some(&key),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = send(&app, with_token(get("/api/sitting"), &s.learner)).await;
    let remaining = body["data"]["attempt"]["remainingSeconds"]
        .as_i64()
        .unwrap();
    assert!((500..=540).contains(&remaining), "{remaining}");
    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/extra-time",
                json!({ "participantId": s.participant_id, "minutes": 0, "reason": "" }),
            ),
            &s.admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["minutes"], "must be from 1 to 240 minutes");
    assert_eq!(
        body["fields"]["reason"],
        "is required (at most 200 characters)"
    );
}

#[actix_web::test]
async fn a_paused_school_keeps_its_time_and_only_its_team_may_pause_it() {
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let (key, _) = begin(&app, &s.learner).await;
    let entry = s.school_participant_id;

    // A teacher of another school may not pause this one.
    let other = s.fx.user("other@example.org", Role::Teacher, None);
    let (other_entry, _, _) = enter_learner(&s.fx, s.olympiad_id, "Laerskool Elders", "lerato.k");
    join_team(&s.fx, other, other_entry);
    let other = s.fx.token_for(other);
    let (status, _) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/pause",
                json!({ "schoolParticipantId": entry, "reason": "power" }),
            ),
            &other,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/pause",
                json!({ "schoolParticipantId": entry, "reason": "Load-shedding stage 4" }),
            ),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["learners"], 1);
    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/pause",
                json!({ "schoolParticipantId": entry, "reason": "again" }),
            ),
            &s.admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "already_paused");

    let (status, body) = post_answers(
        &app,
        &s.learner,
        Some(&key),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "paused");
    let (_, body) = send(
        &app,
        with_token(
            get(&format!(
                "/api/sitting/monitor?olympiadId={}",
                s.olympiad_id
            )),
            &s.teacher,
        ),
    )
    .await;
    let schools = body["data"]["schools"].as_array().unwrap();
    assert_eq!(schools.len(), 1, "a teacher sees their own school only");
    assert_eq!(schools[0]["paused"]["reason"], "Load-shedding stage 4");
    assert_eq!(schools[0]["writing"], 1);

    // Two minutes of power cut later, the learner still has the hour.
    diesel::update(attempts::table)
        .set(attempts::paused_at.eq(olympiad_persistence::now() - chrono::Duration::minutes(2)))
        .execute(&mut s.fx.db.conn())
        .unwrap();
    let (_, body) = send(&app, with_token(get("/api/sitting"), &s.learner)).await;
    assert_eq!(body["data"]["attempt"]["paused"], true);
    let frozen = body["data"]["attempt"]["remainingSeconds"]
        .as_i64()
        .unwrap();
    assert!(frozen >= 3595, "{frozen}");

    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/resume",
                json!({ "schoolParticipantId": entry }),
            ),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = post_answers(
        &app,
        &s.learner,
        Some(&key),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = send(&app, with_token(get("/api/sitting"), &s.learner)).await;
    assert!(
        body["data"]["attempt"]["remainingSeconds"]
            .as_i64()
            .unwrap()
            >= 3595
    );
    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/resume",
                json!({ "schoolParticipantId": entry }),
            ),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "not_paused");

    let logged = ActivityLog::search(
        &mut s.fx.db.conn(),
        &ActivityQuery {
            limit: 100,
            ..ActivityQuery::default()
        },
    )
    .unwrap();
    let paused = logged
        .iter()
        .find(|e| e.action == "sitting_paused")
        .unwrap();
    assert!(paused.details.contains("Load-shedding stage 4"));
    assert!(logged.iter().any(|e| e.action == "sitting_resumed"));
}

#[actix_web::test]
async fn a_reset_lets_the_learner_start_again_and_the_monitor_counts_where_everyone_is() {
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let (key, _) = begin(&app, &s.learner).await;
    let (_, _, second_user) = enter_learner(&s.fx, s.olympiad_id, "Laerskool Elders", "lerato.k");
    let second = s.fx.token_for(second_user);

    let (status, body) = send(
        &app,
        with_token(
            get(&format!(
                "/api/sitting/monitor?olympiadId={}",
                s.olympiad_id
            )),
            &s.admin,
        ),
    )
    .await;
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
    let (_, body) = send(
        &app,
        with_token(
            get(&format!(
                "/api/sitting/learners?olympiadId={}&schoolParticipantId={}",
                s.olympiad_id, s.school_participant_id
            )),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(body["data"][0]["stuck"], true);
    assert_eq!(body["data"][0]["username"], "thabo.m");
    // A ping from the learner's device clears it.
    let (status, body) = send(
        &app,
        with_device(
            post_json(
                &format!("/api/participant-tracker?olympiadId={}", s.olympiad_id),
                json!({ "position": "1/2", "online": true }),
            ),
            &s.learner,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["remainingSeconds"].as_i64().unwrap() > 3500);
    let mut stuck = 1;
    for _ in 0..50 {
        let (_, body) = send(
            &app,
            with_token(
                get(&format!(
                    "/api/sitting/learners?olympiadId={}&schoolParticipantId={}",
                    s.olympiad_id, s.school_participant_id
                )),
                &s.teacher,
            ),
        )
        .await;
        stuck = i32::from(body["data"][0]["stuck"] == true);
        if stuck == 0 {
            assert_eq!(body["data"][0]["position"], "1/2");
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(stuck, 0);

    // The teacher resets their learner: the old device's attempt is set aside.
    let (status, body) = send(
        &app,
        with_token(
            get(&format!(
                "/api/participant/reset/{}/{}",
                s.olympiad_id, s.participant_id
            )),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["reset"], 1);
    let (status, body) = post_answers(
        &app,
        &s.learner,
        Some(&key),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "no_attempt");
    let (_, body) = send(&app, with_token(get("/api/sitting"), &s.learner)).await;
    assert!(body["data"]["attempt"].is_null());
    begin(&app, &s.learner).await;

    // Only admins reset everyone.
    let (status, _) = send(
        &app,
        with_token(
            get(&format!("/api/participant/reset/{}", s.olympiad_id)),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (key2, _) = begin(&app, &second).await;
    let (status, body) = send(
        &app,
        with_token(
            get(&format!("/api/participant/reset/{}", s.olympiad_id)),
            &s.admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["reset"], 2);
    let (status, _) = post_answers(
        &app,
        &second,
        Some(&key2),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let logged = ActivityLog::search(
        &mut s.fx.db.conn(),
        &ActivityQuery {
            limit: 100,
            ..ActivityQuery::default()
        },
    )
    .unwrap();
    assert!(logged.iter().any(|e| e.action == "participant_reset"));
    assert!(logged.iter().any(|e| e.action == "participants_reset_all"));

    let (status, body) = send(
        &app,
        with_token(
            get(&format!(
                "/api/reports/olympiad/start-times?olympiadId={}",
                s.olympiad_id
            )),
            &s.admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["started"], 0, "reset attempts no longer count");
}

#[actix_web::test]
async fn shuffled_papers_differ_between_learners_and_stay_fixed_for_each() {
    let s = Sitting::new();
    let mut conn = s.fx.db.conn();
    diesel::update(olympiads::table.find(s.olympiad_id))
        .set((
            olympiads::shuffle_questions.eq(true),
            olympiads::shuffle_options.eq(true),
        ))
        .execute(&mut conn)
        .unwrap();
    drop(conn);
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let order = |paper: &Value| -> Vec<(i64, Vec<String>)> {
        paper["data"]["modules"][0]["questions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|q| {
                let options = q["options"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o["key"].as_str().unwrap().to_owned())
                    .collect();
                (q["questionId"].as_i64().unwrap(), options)
            })
            .collect()
    };
    let mut orders = std::collections::BTreeSet::new();
    for n in 0..6 {
        let (_, _, user) = enter_learner(
            &s.fx,
            s.olympiad_id,
            &format!("School {n}"),
            &format!("learner{n}"),
        );
        let token = s.fx.token_for(user);
        let (key, _) = begin(&app, &token).await;
        let (_, first) = send(
            &app,
            with_device(get("/api/sitting/paper"), &token, Some(&key)),
        )
        .await;
        let (_, again) = send(
            &app,
            with_device(get("/api/sitting/paper"), &token, Some(&key)),
        )
        .await;
        assert_eq!(order(&first), order(&again), "fixed for the learner");
        orders.insert(order(&first));
    }
    assert!(orders.len() > 1, "six learners, one order: not shuffled");
}

#[actix_web::test]
async fn a_signed_out_learner_saves_nothing() {
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let (key, _) = begin(&app, &s.learner).await;
    let (status, _) = send(
        &app,
        with_token(post_json("/api/auth/signout", json!({})), &s.learner),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // The writer checks the session with the attempt, in the same query.
    let (status, body) = post_answers(
        &app,
        &s.learner,
        Some(&key),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(body["error"], "session_ended");
    let (status, _) = send(
        &app,
        with_device(
            post_json(
                &format!("/api/participant-tracker?olympiadId={}", s.olympiad_id),
                json!({ "position": "1/1" }),
            ),
            &s.learner,
            Some(&key),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A token of another role is refused before any of that.
    let (status, _) = post_answers(
        &app,
        &s.teacher,
        Some(&key),
        save(s.questions[0], json!(["b"]), 1),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// Another learner in the same school's entry; answers their user.
fn add_learner(s: &Sitting, username: &str) -> i64 {
    let mut conn = s.fx.db.conn();
    let school_id: i64 = school_participants::table
        .find(s.school_participant_id)
        .select(school_participants::school_id)
        .first(&mut conn)
        .unwrap();
    let learner_id: i64 = diesel::insert_into(learners::table)
        .values((
            learners::school_id.eq(school_id),
            learners::first_name.eq("Thabo"),
            learners::last_name.eq(username),
            learners::grade.eq(10),
        ))
        .returning(learners::id)
        .get_result(&mut conn)
        .unwrap();
    drop(conn);
    let user_id = s.fx.user(username, Role::Learner, Some("geography"));
    diesel::insert_into(participants::table)
        .values((
            participants::olympiad_id.eq(s.olympiad_id),
            participants::learner_id.eq(learner_id),
            participants::school_participant_id.eq(s.school_participant_id),
            participants::user_id.eq(user_id),
        ))
        .execute(&mut s.fx.db.conn())
        .unwrap();
    user_id
}

#[actix_web::test]
async fn a_pause_that_commits_while_learners_start_pauses_every_one_of_them() {
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let mut learners = vec![];
    for n in 0..24 {
        let token = s.fx.token_for(add_learner(&s, &format!("learner{n}")));
        let (key, _) = prepare(&app, &token).await;
        learners.push((token, key));
    }
    let starts = learners.iter().map(|(token, key)| {
        send(
            &app,
            with_device(
                TestRequest::post().uri("/api/sitting/start"),
                token,
                Some(key),
            ),
        )
    });
    let pause = send(
        &app,
        with_token(
            post_json(
                "/api/sitting/pause",
                json!({ "schoolParticipantId": s.school_participant_id, "reason": "power" }),
            ),
            &s.teacher,
        ),
    );
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
async fn a_learner_sees_the_pictures_of_their_own_paper_once_writing_and_no_other_files() {
    use olympiad_persistence::models::{Attachment, NewUpload, Upload};
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    let png = b"\x89PNG\r\n\x1a\n picture of a river";
    let root = s.fx.state.config.uploads_dir.clone();
    let sha256 = olympiad_office::files::store_bytes(&root, png).unwrap();
    let file = |conn: &mut olympiad_persistence::DbConnection, olympiad_id: Option<i64>| {
        let upload = Upload::ensure(
            conn,
            &NewUpload {
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
    let fetch = |id: i64, token: &str| with_token(get(&format!("/api/attachment/{id}")), token);

    // Before the start, the paper's pictures are as closed as the paper.
    assert_eq!(
        send(&app, fetch(on_paper, &s.learner)).await.0,
        StatusCode::FORBIDDEN
    );
    begin(&app, &s.learner).await;
    let response =
        actix_web::test::call_service(&app, fetch(on_paper, &s.learner).to_request()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(actix_web::test::read_body(response).await.as_ref(), png);
    for id in [not_on_paper, of_no_olympiad] {
        assert_eq!(
            send(&app, fetch(id, &s.learner)).await.0,
            StatusCode::FORBIDDEN,
            "file {id}"
        );
    }
    // Teachers see no question files; staff see their olympiad's; files of no olympiad are the
    // overlord's alone.
    assert_eq!(
        send(&app, fetch(on_paper, &s.teacher)).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        send(&app, fetch(on_paper, &s.admin)).await.0,
        StatusCode::OK
    );
    assert_eq!(
        send(&app, fetch(of_no_olympiad, &s.admin)).await.0,
        StatusCode::FORBIDDEN
    );
    let overlord =
        s.fx.token_for(s.fx.user("overlord@example.org", Role::Overlord, None));
    assert_eq!(
        send(&app, fetch(of_no_olympiad, &overlord)).await.0,
        StatusCode::OK
    );
}

#[actix_web::test]
async fn a_learner_who_has_written_cannot_be_withdrawn_whatever_their_status_says() {
    let s = Sitting::new();
    let app = init_service(olympiad_http::app(s.fx.state.clone())).await;
    begin(&app, &s.learner).await;
    let participant = format!("/api/participant/{}", s.participant_id);
    // The team may set the status back; the work stays all the same.
    let (status, body) = send(
        &app,
        with_token(
            TestRequest::put()
                .uri(&participant)
                .set_json(json!({ "status": "registered", "language": "en" })),
            &s.teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = send(
        &app,
        with_token(TestRequest::delete().uri(&participant), &s.teacher),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let kept: i64 = attempts::table
        .filter(attempts::participant_id.eq(s.participant_id))
        .count()
        .get_result(&mut s.fx.db.conn())
        .unwrap();
    assert_eq!(kept, 1);
}
