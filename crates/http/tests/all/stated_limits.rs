//! The limits the OpenAPI document states for fields that the office used to check by hand only:
//! each is in the document (so the apps' forms read it from there), and a value past it is refused
//! with a 400 `validation` naming the field, changing nothing.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_domain::Role;
use serde_json::{json, Value};

/// The limit `key` the served document states for `field` of the schema `schema`.
async fn stated<S, B>(api: &Api<S>, schema: &str, field: &str, key: &str) -> Value
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, document) = api.send(get("/api/openapi.json")).await;
    assert_eq!(status, StatusCode::OK);
    document["components"]["schemas"][schema]["properties"][field][key].clone()
}

/// A refusal of the whole body as `validation`, naming `field`.
fn refused(status: StatusCode, body: &Value, field: &str) {
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"], "validation", "{body}");
    assert!(body["fields"][field].is_string(), "{field}: {body}");
}

#[actix_web::test]
async fn moderated_marks_and_medal_bands_past_their_range_change_nothing() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    assert_eq!(
        stated(&api, "AdjustInput", "marks", "maximum").await,
        100000
    );
    assert_eq!(stated(&api, "MedalBands", "merit", "maximum").await, 100);
    assert_eq!(stated(&api, "MedalBands", "gold", "minimum").await, 0);
    let (_, list) = api
        .get(&format!("/api/results?olympiadId={o}"), &s.admin)
        .await;
    let attempt = list["data"]["rows"][0]["attemptId"].as_i64().unwrap();

    for marks in [-1, 100_001] {
        let adjust = json!({ "olympiadId": o, "attemptId": attempt, "marks": marks, "reason": "Read again" });
        let (status, body) = api.post("/api/results/adjust", adjust, &s.admin).await;
        refused(status, &body, "marks");
    }
    let bands = json!({ "olympiadId": o, "bands": { "gold": 5, "silver": 15, "bronze": 30, "merit": 100.5 } });
    let (status, body) = api.put("/api/results/bands", bands, &s.admin).await;
    refused(status, &body, "bands.merit");

    let (_, after) = api
        .get(&format!("/api/results?olympiadId={o}"), &s.admin)
        .await;
    assert_eq!(after["data"]["rows"][0]["score"], 7);
    let (_, moderation) = api
        .get(&format!("/api/results/moderation?olympiadId={o}"), &s.admin)
        .await;
    assert_eq!(moderation["data"]["bands"]["merit"], 50.0);
    assert!(!s.logged("result_adjusted") && !s.logged("medal_bands_set"));
}

#[actix_web::test]
async fn an_appeal_names_a_question_from_1_and_is_upheld_with_marks_in_range() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    assert_eq!(stated(&api, "LodgeInput", "question", "minimum").await, 1);
    assert_eq!(
        stated(&api, "DecideInput", "marks", "maximum").await,
        100000
    );
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": o, "state": state, "reason": "Checked" });
        api.post("/api/results/state", body, &s.admin).await;
    }
    let (_, list) = api
        .get(&format!("/api/results?olympiadId={o}"), &s.admin)
        .await;
    let attempt = list["data"]["rows"][0]["attemptId"].as_i64().unwrap();
    let lodge = |question: i64| json!({ "schoolParticipantId": s.school_participant_id, "attemptId": attempt, "question": question, "reason": "Spelling" });

    let (status, body) = api.post("/api/results/appeals", lodge(0), &s.teacher).await;
    refused(status, &body, "question");
    assert!(!s.logged("appeal_lodged"));
    let (status, body) = api.post("/api/results/appeals", lodge(2), &s.teacher).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let decide = format!("/api/results/appeals/{}/decide", body["data"]["id"]);
    let body = json!({ "olympiadId": o, "state": "moderated", "reason": "Appeals" });
    api.post("/api/results/state", body, &s.admin).await;

    let uphold = json!({ "outcome": "upheld", "reason": "Accepted", "marks": 100_001 });
    let (status, body) = api.post(&decide, uphold, &s.admin).await;
    refused(status, &body, "marks");
    let (_, queue) = api
        .get(&format!("/api/results/appeals?olympiadId={o}"), &s.admin)
        .await;
    assert_eq!(queue["data"][0]["state"], "lodged", "{queue}");
    assert!(!s.logged("appeal_upheld") && !s.logged("result_adjusted"));
}

#[actix_web::test]
async fn certificate_text_is_placed_on_the_page_at_a_size_from_6_to_72_points() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    assert_eq!(stated(&api, "Placement", "x", "maximum").await, 100);
    assert_eq!(stated(&api, "Placement", "size", "minimum").await, 6);
    assert_eq!(stated(&api, "Placement", "size", "maximum").await, 72);
    let url = format!("/api/certificate/config/{o}");
    let (_, config) = api.get(&url, &s.admin).await;
    let before = config["data"].clone();

    let mut design = before.clone();
    design["positions"]["name"]["size"] = json!(73);
    design["positions"]["school"]["y"] = json!(101);
    let (status, body) = api.post(&url, design, &s.admin).await;
    refused(status, &body, "positions.name.size");
    refused(status, &body, "positions.school.y");
    let (_, after) = api.get(&url, &s.admin).await;
    assert_eq!(after["data"], before);
}

#[actix_web::test]
async fn fee_bands_hold_grades_r_to_13_and_fees_in_range() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.admin("geography");
    let api = fx.api().await;
    assert_eq!(stated(&api, "FeeBand", "gradeTo", "maximum").await, 13);
    assert_eq!(stated(&api, "FeeBand", "gradeFrom", "minimum").await, 0);
    assert_eq!(
        stated(&api, "FeeBand", "feeCents", "maximum").await,
        100000000
    );
    assert_eq!(stated(&api, "DatedFee", "feeCents", "minimum").await, 0);
    let fees_url = format!("/api/purchase-order/fees?olympiadId={}", geo.id);
    let dashboard = format!("/api/purchase-order/dashboard?olympiadId={}", geo.id);
    let (_, before) = api.get(&dashboard, &admin).await;

    let bad = json!({
        "learnerFeeCents": 5000, "vatBasisPoints": 1500,
        "bands": [{ "gradeFrom": 10, "gradeTo": 14, "feeCents": 100_000_001 }],
        "early": { "date": "2026-03-01", "feeCents": -1 }
    });
    let (status, body) = api.put(&fees_url, bad, &admin).await;
    refused(status, &body, "bands[0].gradeTo");
    refused(status, &body, "bands[0].feeCents");
    refused(status, &body, "early.feeCents");
    assert!(body["fields"]["bands[0].gradeFrom"].is_null(), "{body}");
    let (_, after) = api.get(&dashboard, &admin).await;
    assert_eq!(after["data"]["schedule"], before["data"]["schedule"]);
}

#[actix_web::test]
async fn a_numeric_questions_tolerance_is_not_negative() {
    let fx = Fixture::new();
    let olympiad = fx.olympiad("history");
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("history")));
    let api = fx.api().await;
    let id = olympiad.id;
    assert_eq!(
        stated(&api, "QuestionContent", "tolerance", "minimum").await,
        0
    );
    api.get(
        &format!("/api/olympiad/set-olympiad-open/{id}?open=false"),
        &admin,
    )
    .await;
    let (status, body) = api
        .post(
            "/api/question-module",
            json!({ "olympiadId": id, "title": { "en": "Rivers" } }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let module_id = body["data"]["id"].as_i64().unwrap();
    let question = |tolerance: f64| {
        json!({
            "moduleId": module_id, "kind": "numeric", "marks": 1, "difficulty": 1,
            "content": { "stem": { "en": "<p>How long is the Orange, in 100 km?</p>" }, "numericAnswer": 22, "tolerance": tolerance }
        })
    };

    let (status, body) = api.post("/api/question", question(-0.5), &admin).await;
    refused(status, &body, "content.tolerance");
    let (_, listed) = api
        .get(
            &format!("/api/question?questionModuleId={module_id}"),
            &admin,
        )
        .await;
    assert_eq!(listed["data"].as_array().map(Vec::len), Some(0), "{listed}");
    let (status, body) = api.post("/api/question", question(0.5), &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // A question bank's questions keep the editor's marks and difficulty.
    assert_eq!(stated(&api, "BankQuestion", "marks", "maximum").await, 100);
    assert_eq!(
        stated(&api, "BankQuestion", "difficulty", "maximum").await,
        5
    );
    let bank = json!({
        "format": "olympiad-question-bank", "version": 1,
        "modules": [{ "title": { "en": "Deserts" }, "questions": [{
            "kind": "numeric", "marks": 101, "difficulty": 1,
            "content": { "stem": { "en": "<p>How wide is the Namib, in km?</p>" }, "numericAnswer": 160, "tolerance": 0 }
        }] }]
    });
    let (status, body) = api
        .post(&format!("/api/olympiad/{id}/question-bank"), bank, &admin)
        .await;
    refused(status, &body, "modules[0].questions[0].marks");
    let (_, exported) = api
        .get(&format!("/api/olympiad/{id}/question-bank"), &admin)
        .await;
    assert_eq!(
        exported["data"]["modules"].as_array().map(Vec::len),
        Some(1),
        "{exported}"
    );
}

#[actix_web::test]
async fn the_document_states_the_declaration_the_grades_and_the_languages_the_checks_hold_to() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    assert_eq!(
        stated(&api, "DeclarationInput", "accepted", "enum").await,
        json!([true])
    );
    let grade = stated(&api, "UpdateSettings", "grades", "items").await;
    assert_eq!(
        (&grade["minimum"], &grade["maximum"]),
        (&json!(1), &json!(12))
    );
    // Rich text in each language is keyed by the olympiad languages' codes.
    let keys = stated(&api, "UpdateSettings", "declaration", "propertyNames").await;
    assert_eq!(keys["enum"], json!(["en", "af"]));
    let (status, body) = api
        .send(with_token(
            post_json("/api/sitting/declaration", json!({ "accepted": false })),
            &s.learner,
        ))
        .await;
    refused(status, &body, "accepted");
}

#[actix_web::test]
async fn a_learner_writes_in_a_grade_from_1_to_12_and_is_shown_a_code_of_nine_characters() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    assert_eq!(stated(&api, "DetailsInput", "grade", "minimum").await, 1);
    assert_eq!(stated(&api, "DetailsInput", "grade", "maximum").await, 12);
    let (_, document) = api.send(get("/api/openapi.json")).await;
    let shown = &document["paths"]["/api/sitting/recovery-code"]["post"]["responses"]["200"]
        ["content"]["application/json"]["schema"]["properties"]["data"]["properties"]
        ["recoveryCode"];
    assert_eq!(
        (&shown["minLength"], &shown["maxLength"]),
        (&json!(9), &json!(9))
    );
    let declared = api
        .ok(with_token(
            post_json("/api/sitting/declaration", json!({ "accepted": true })),
            &s.learner,
        ))
        .await;
    let key = declared["attemptKey"].as_str().unwrap().to_owned();
    let code = api
        .ok(with_device(
            TestRequest::post().uri("/api/sitting/recovery-code"),
            &s.learner,
            Some(&key),
        ))
        .await;
    assert_eq!(code["recoveryCode"].as_str().unwrap().chars().count(), 9);
    let before = api.sitting(&s.learner, Some(&key)).await;

    // The names hold to a learner row's 80 characters, as the document says; the grade to 1..=12.
    let details =
        json!({ "firstName": "Thabo", "lastName": "Mokoena", "grade": 10, "language": "en" });
    let mut past_limits = vec![];
    for field in ["firstName", "lastName"] {
        assert_eq!(stated(&api, "DetailsInput", field, "maxLength").await, 80);
        past_limits.push((field, json!("a".repeat(81))));
    }
    past_limits.extend([("grade", json!(0)), ("grade", json!(13))]);
    for (field, value) in past_limits {
        let mut asked = details.clone();
        asked[field] = value;
        let (status, body) = api
            .send(with_device(
                put_json("/api/sitting/details", asked),
                &s.learner,
                Some(&key),
            ))
            .await;
        refused(status, &body, field);
    }
    let after = api.sitting(&s.learner, Some(&key)).await;
    assert_eq!(after["learner"], before["learner"]);
}

#[actix_web::test]
async fn a_sign_in_code_longer_than_eight_characters_is_refused_before_the_password_is_read() {
    let fx = Fixture::with_config(|c| c.require_staff_2fa = true);
    let user = fx.user("admin@example.org", Role::Admin, Some("geography"));
    let api = fx.api().await;
    assert_eq!(
        stated(&api, "SignInRequest", "totpCode", "maxLength").await,
        8
    );
    let mut body = signin_body("admin@example.org", PASSWORD, "admin", Some("geography"));
    body["totpCode"] = json!("123 456 789");
    let (status, body) = api.send(post_json("/api/auth/signin", body)).await;
    refused(status, &body, "totpCode");
    let user = olympiad_persistence::models::User::find(&mut fx.db.conn(), user).unwrap();
    assert_eq!(user.last_login_at, None);
}

#[actix_web::test]
async fn a_learner_rows_lengths_are_the_documents() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let (school, teacher) = fx.entered_school(&geo);
    let api = fx.api().await;
    for (field, max) in [
        ("firstName", 80),
        ("lastName", 80),
        ("className", 20),
        ("homeLanguage", 40),
        ("consentBy", 80),
        ("consentRelationship", 80),
    ] {
        assert_eq!(stated(&api, "RosterRow", field, "maxLength").await, max);
    }
    let import_url = format!("/api/learner/import?schoolParticipantId={}", school.entry());
    let rows = json!([{ "firstName": "Lerato", "lastName": "Molefe", "grade": "10", "className": "A".repeat(21), "homeLanguage": "x".repeat(41), "consentRelationship": "p".repeat(81) }]);
    let (status, body) = api
        .post(&import_url, json!({ "rows": rows }), &teacher.token)
        .await;
    refused(status, &body, "rows[0].className");
    refused(status, &body, "rows[0].homeLanguage");
    refused(status, &body, "rows[0].consentRelationship");
    let listed_url = format!("/api/participant?customerParticipantId={}", school.entry());
    let (_, listed) = api.get(&listed_url, &teacher.token).await;
    assert_eq!(listed["data"]["total"], 0);
}
