//! Writing a paper: modules, questions in two languages, verification, opening, the confirmation
//! an open olympiad asks for, files, and the question bank.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_domain::Role;
use olympiad_http::testing::multipart;
use olympiad_persistence::models::{ActivityLog, ActivityQuery};
use serde_json::{json, Value};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\x90wS\xde\0\0\0\x0cIDATx\x9cc\xf8\xcf\xc0\0\0\x03\x01\x01\0\xc9\xfe\x92\xef\0\0\0\0IEND\xaeB`\x82";

fn question(module_id: i64, correct: &[&str]) -> Value {
    json!({
        "moduleId": module_id,
        "kind": "singleChoice",
        "content": {
            "stem": { "en": "<p onclick=\"x()\">Longest river?</p><script>alert(1)</script>", "af": "<p>Langste rivier?</p>" },
            "options": [
                { "key": "a", "text": { "en": "Orange", "af": "Oranje" } },
                { "key": "b", "text": { "en": "Vaal", "af": "Vaal" } }
            ],
            "correct": correct
        },
        "marks": 2,
        "difficulty": 3
    })
}

#[actix_web::test]
async fn an_admin_writes_verifies_and_opens_a_paper() {
    let fx = Fixture::new();
    let olympiad = fx.olympiad("history");
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("history")));
    let api = fx.api().await;
    let id = olympiad.id;

    // The demo fixture's olympiads start open; close this one to write freely.
    let (status, _) = api
        .get(
            &format!("/api/olympiad/set-olympiad-open/{id}?open=false"),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let settings = json!({ "title": "History Olympiad", "year": 2026, "kind": "schools", "durationMinutes": 45, "grades": [10, 11],
        "languages": ["en", "af"], "instructions": { "en": "<p>Read carefully</p><img src=\"https://x.example/t.png\">" },
        "shuffleOptions": true, "sittingWindows": [{ "startsAt": "2026-08-01T07:00:00", "endsAt": "2026-08-01T15:00:00" }] });
    let (status, body) = api
        .send(with_token(
            TestRequest::put()
                .uri(&format!("/api/olympiad/{id}"))
                .set_json(settings.clone()),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["instructions"]["en"],
        "<p>Read carefully</p><img>"
    );
    assert_eq!(
        body["data"]["sittingWindows"][0]["endsAt"],
        "2026-08-01T15:00:00Z"
    );
    let mut bad = settings.clone();
    bad["grades"] = json!([13]);
    bad["sittingWindows"] =
        json!([{ "startsAt": "2026-08-01T15:00:00", "endsAt": "2026-08-01T07:00:00" }]);
    let (status, body) = api
        .send(with_token(
            TestRequest::put()
                .uri(&format!("/api/olympiad/{id}"))
                .set_json(bad),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["grades"], "must list grades from 1 to 12");
    assert_eq!(
        body["fields"]["sittingWindows"],
        "each window must end after it starts"
    );

    let (status, body) = api
        .post(
            "/api/question-module",
            json!({ "olympiadId": id, "title": { "en": "Rivers", "af": "Riviere" } }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let module_id = body["data"]["id"].as_i64().unwrap();

    // A draft without a correct answer is kept, but verification reports it and opening is refused.
    let (status, body) = api
        .post("/api/question", question(module_id, &[]), &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let question_id = body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        body["data"]["content"]["stem"]["en"], "<p>Longest river?</p>",
        "sanitised before it is stored"
    );
    let (_, body) = api.get(&format!("/api/olympiad/verify/{id}"), &admin).await;
    assert_eq!(body["data"]["ready"], false);
    assert_eq!(body["data"]["problems"][0]["code"], "no_correct_answer");
    assert_eq!(body["data"]["problems"][0]["questionId"], question_id);
    let (status, body) = api
        .get(&format!("/api/olympiad/set-olympiad-open/{id}"), &admin)
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::CONFLICT, json!("not_ready"))
    );

    let (status, _) = api
        .send(with_token(
            TestRequest::put()
                .uri(&format!("/api/question/{question_id}"))
                .set_json(question(module_id, &["a"])),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = api.get(&format!("/api/olympiad/verify/{id}"), &admin).await;
    assert_eq!(body["data"]["ready"], true, "{body}");
    assert_eq!(body["data"]["totalMarks"], 2);
    let (status, body) = api
        .get(&format!("/api/olympiad/set-olympiad-open/{id}"), &admin)
        .await;
    assert_eq!(
        (status, body["data"]["isOpen"].clone()),
        (StatusCode::OK, json!(true))
    );

    // Now learners may be writing: a change needs confirming, and is logged.
    let (status, body) = api
        .post(
            &format!("/api/question/{question_id}/duplicate"),
            json!({}),
            &admin,
        )
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::CONFLICT, json!("paper_in_use"))
    );
    let (status, body) = api
        .post(
            &format!("/api/question/{question_id}/duplicate?confirm=true"),
            json!({}),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let copy_id = body["data"]["id"].as_i64().unwrap();
    let log = ActivityLog::search(
        &mut fx.db.conn(),
        &ActivityQuery {
            limit: 20,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(log
        .iter()
        .any(|l| l.action == "paper_changed_while_open" && l.details.contains("duplicated")));

    let order = json!({ "moduleId": module_id, "ids": [copy_id, question_id] });
    let (status, body) = api
        .post("/api/question/reorder?confirm=true", order, &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"][0]["id"], copy_id);
    let (status, body) = api
        .post(
            "/api/question/reorder?confirm=true",
            json!({ "moduleId": module_id, "ids": [copy_id] }),
            &admin,
        )
        .await;
    assert_eq!(
        (status, body["fields"]["ids"].clone()),
        (
            StatusCode::BAD_REQUEST,
            json!("must list every question of the module once")
        )
    );

    let (_, body) = api
        .post(&format!("/api/olympiad/modules/{id}"), json!({}), &admin)
        .await;
    assert_eq!(body["data"][0]["module"]["questionCount"], 2);
    assert_eq!(
        body["data"][0]["questions"][1]["content"]["correct"],
        json!(["a"])
    );
}

#[actix_web::test]
async fn an_admin_works_only_on_their_own_olympiads_paper() {
    let fx = Fixture::new();
    let history = fx.olympiad("history");
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let api = fx.api().await;
    let (status, _) = api
        .get(
            &format!("/api/question-module?olympiadId={}", history.id),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = api
        .get(&format!("/api/olympiad/verify/{}", history.id), &admin)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn files_are_judged_by_content_served_to_their_olympiad_and_kept_while_used() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let learner = fx.token_for(fx.user("learner1", Role::Learner, Some("geography")));
    let other_learner = fx.token_for({
        fx.olympiad("history");
        fx.user("learner2", Role::Learner, Some("history"))
    });
    let api = fx.api().await;

    let (status, body) = api
        .send(with_token(
            multipart(
                &format!("/api/attachment/upload?olympiadId={geography}"),
                "virus.png",
                b"MZ\x90\0 not an image",
            ),
            &admin,
        ))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, json!("file_type"))
    );
    let huge = [PNG, &vec![0u8; 3 * 1024 * 1024]].concat();
    let (status, body) = api
        .send(with_token(
            multipart(
                &format!("/api/attachment/upload?olympiadId={geography}"),
                "big.png",
                &huge,
            ),
            &admin,
        ))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::PAYLOAD_TOO_LARGE, json!("too_large"))
    );

    let (status, body) = api
        .send(with_token(
            multipart(
                &format!("/api/attachment/upload?olympiadId={geography}"),
                "../Rivers map.png",
                PNG,
            ),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["filename"], "Rivers map.png");
    assert_eq!(body["data"]["contentType"], "image/png");
    let (attachment_id, upload_id) = (
        body["data"]["id"].as_i64().unwrap(),
        body["data"]["uploadId"].as_i64().unwrap(),
    );

    let response = actix_web::test::call_service(
        &api.app,
        with_token(get(&format!("/api/attachment/{attachment_id}")), &admin).to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers().get("content-type").unwrap(), "image/png");
    assert_eq!(actix_web::test::read_body(response).await.as_ref(), PNG);
    // A learner who is not writing sees no file (tests/all/sitting.rs: one who is, their paper's).
    let (status, _) = api
        .get(&format!("/api/attachment/{attachment_id}"), &learner)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = api
        .get(&format!("/api/attachment/{attachment_id}"), &other_learner)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A question shows it: it stays until the question lets go.
    let (_, module) = api
        .post(
            "/api/question-module?confirm=true",
            json!({ "olympiadId": geography, "title": { "en": "Maps" } }),
            &admin,
        )
        .await;
    let mut with_image = question(module["data"]["id"].as_i64().unwrap(), &["a"]);
    with_image["attachmentId"] = json!(attachment_id);
    let (status, body) = api
        .post("/api/question?confirm=true", with_image, &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, list) = api
        .get(&format!("/api/attachment?olympiadId={geography}"), &admin)
        .await;
    assert_eq!(list["data"][0]["usedBy"], json!([body["data"]["id"]]));
    let delete = |upload: i64| {
        with_token(
            TestRequest::delete().uri(&format!(
                "/api/attachment/{attachment_id}?uploadId={upload}"
            )),
            &admin,
        )
    };
    let (status, body) = api.send(delete(upload_id)).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::CONFLICT, json!("in_use"))
    );

    let rename = format!("/api/attachment/{attachment_id}/update-filename?uploadId={upload_id}&filename=Orange%20River.png");
    let (status, body) = api
        .send(with_token(TestRequest::post().uri(&rename), &admin))
        .await;
    assert_eq!(
        (status, body["data"]["filename"].clone()),
        (StatusCode::OK, json!("Orange River.png"))
    );
    let (_, body) = api.send(delete(upload_id + 1)).await;
    assert_eq!(body["fields"]["uploadId"], "is not this file's upload");
}

#[actix_web::test]
async fn a_question_bank_goes_out_and_comes_back_and_csv_rows_are_checked() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let history = fx.olympiad("history").id;
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let api = fx.api().await;

    let (_, module) = api
        .post(
            "/api/question-module?confirm=true",
            json!({ "olympiadId": geography, "title": { "en": "Rivers" } }),
            &overlord,
        )
        .await;
    api.post(
        "/api/question?confirm=true",
        question(module["data"]["id"].as_i64().unwrap(), &["a"]),
        &overlord,
    )
    .await;
    let (status, bank) = api
        .get(
            &format!("/api/olympiad/{geography}/question-bank"),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bank["data"]["format"], "olympiad-question-bank");
    assert_eq!(
        bank["data"]["modules"][0]["questions"][0]["content"]["correct"],
        json!(["a"])
    );

    let (status, body) = api
        .post(
            &format!("/api/olympiad/{history}/question-bank?confirm=true"),
            bank["data"].clone(),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"], json!({ "modules": 1, "questions": 1 }));

    let csv = "question,a,b,correct\nCapital of the Free State?,Bloemfontein,Kimberley,a\nBad row,x,y,q\n";
    let (status, body) = api
        .post(
            &format!("/api/olympiad/{history}/question-bank/csv?confirm=true"),
            json!({ "moduleTitle": "Capitals", "csv": csv }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["csv"],
        "row 3: correct must be the letter of a filled-in option"
    );
    let (_, modules) = api
        .get(
            &format!("/api/question-module?olympiadId={history}"),
            &overlord,
        )
        .await;
    assert_eq!(
        modules["data"].as_array().unwrap().len(),
        1,
        "a faulty CSV writes nothing"
    );
    let good = "question,a,b,correct\nCapital of the Free State?,Bloemfontein,Kimberley,a\n";
    let (status, body) = api
        .post(
            &format!("/api/olympiad/{history}/question-bank/csv?confirm=true"),
            json!({ "moduleTitle": "Capitals", "csv": good }),
            &overlord,
        )
        .await;
    assert_eq!(
        (status, body["data"]["questions"].clone()),
        (StatusCode::OK, json!(1))
    );
}

/// One list serves the public site and the sign-in screen: open olympiads always; with showUpcoming,
/// closed ones of this year or later too (their staff sign in to prepare them); past years' never.
#[actix_web::test]
async fn the_projects_list_shows_closed_olympiads_only_when_upcoming_is_asked() {
    use chrono::Datelike;
    use olympiad_persistence::models::{Olympiad, OlympiadInsertForm};

    let fx = Fixture::new();
    let project_id = fx.olympiad("geography").project_id;
    let this_year = chrono::Utc::now().year();
    for (name, year) in [
        ("geography-next", this_year),
        ("geography-old", this_year - 1),
    ] {
        let new = OlympiadInsertForm {
            project_id,
            name,
            title: name,
            year,
            is_open: false,
        };
        Olympiad::ensure(&mut fx.db.conn(), &new).unwrap();
    }
    let api = fx.api().await;
    let listed = |body: &Value| -> Vec<String> {
        body["data"][0]["olympiads"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap().to_owned())
            .collect()
    };

    let (status, body) = api.send(get("/api/olympiads-suite/projects")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed(&body), ["geography"]);

    let (status, body) = api
        .send(get("/api/olympiads-suite/projects?showUpcoming=true"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let mut names = listed(&body);
    names.sort();
    assert_eq!(names, ["geography", "geography-next"]);
}
