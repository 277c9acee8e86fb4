//! `/api/learner/template`, `/api/learner/import/preview` and `/api/learner/import`: a team loads
//! its learners from a spreadsheet and hands out their sign-ins.

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_documents::Table;
use olympiad_domain::id::SchoolParticipantId;
use olympiad_http::testing::multipart;
use serde_json::{json, Value};

/// Geography with a school entered and its team admin's token.
fn entered_school(fx: &Fixture) -> (SchoolParticipantId, String) {
    let geo = fx.olympiad("geography");
    let (school, teacher) = fx.entered_school(&geo);
    (school.entry(), teacher.token)
}

#[actix_web::test]
async fn the_template_comes_as_a_spreadsheet_or_csv() {
    let fx = Fixture::new();
    let (_, teacher) = entered_school(&fx);
    let api = fx.api().await;

    let request = with_token(get("/api/learner/template"), &teacher);
    let (status, content_type, template) = api.file(request).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.contains("spreadsheetml"));
    assert_eq!(
        olympiad_documents::read_table(&template).unwrap().headings[0],
        "First name"
    );
    let request = with_token(get("/api/learner/template?format=csv"), &teacher);
    let (_, _, csv_template) = api.file(request).await;
    assert!(String::from_utf8(csv_template)
        .unwrap()
        .contains("First name,Last name,Grade"));
}

#[actix_web::test]
async fn the_preview_names_bad_rows_and_duplicates_and_refuses_files_that_are_not_the_template() {
    let fx = Fixture::new();
    let (entry, teacher) = entered_school(&fx);
    let api = fx.api().await;
    let preview_url = format!("/api/learner/import/preview?schoolParticipantId={entry}");
    let upload =
        |name: &str, bytes: &[u8]| with_token(multipart(&preview_url, name, bytes), &teacher);

    let sheet = learner_sheet(&[
        ["Lerato", "Molefe", "10", "A"],
        ["Sipho", "Dube", "13", "B"],
        ["Zoë", "Müller", "9", "A"],
        ["lerato", "MOLEFE", "10", "C"],
    ]);
    let (status, preview) = api.send(upload("learners.xlsx", &sheet)).await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    assert_eq!(preview["data"]["good"], 1);
    assert_eq!(preview["data"]["bad"], 3);
    assert_eq!(
        preview["data"]["rows"][1]["problems"]["grade"],
        "must be a grade of this olympiad: 8 to 12"
    );
    assert_eq!(
        preview["data"]["rows"][0]["problems"]["firstName"],
        "appears twice in the file: also on row 5"
    );

    // Files that are not the template are refused whole.
    let wrong = {
        let mut t = Table::new(&["Name", "Surname"]);
        t.push(vec!["A".into(), "B".into()]);
        t.to_xlsx("x").unwrap()
    };
    let (status, body) = api.send(upload("x.xlsx", &wrong)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let refusal = |body: &Value| body["fields"]["file"].as_str().unwrap().to_owned();
    assert!(
        refusal(&body).contains("not the learner template"),
        "{body}"
    );
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    let (_, body) = api.send(upload("photo.xlsx", png)).await;
    assert!(refusal(&body).contains("not a spreadsheet"), "{body}");
    let big = vec![b'a'; 3 * 1024 * 1024];
    let (status, _) = api.send(upload("big.csv", &big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[actix_web::test]
async fn an_import_is_all_or_nothing_refuses_learners_loaded_before_and_its_sign_ins_work() {
    let fx = Fixture::new();
    let (entry, teacher) = entered_school(&fx);
    let api = fx.api().await;

    // A commit with a bad row names it and writes nothing; fixed, it enters every learner.
    let import_url = format!("/api/learner/import?schoolParticipantId={entry}");
    let rows = json!([
        { "firstName": "Lerato", "lastName": "Molefe", "grade": "10", "className": "A" },
        { "firstName": "Sipho", "lastName": "Dube", "grade": "13", "className": "B" },
        { "firstName": "Zoë", "lastName": "Müller", "grade": "9", "className": "A", "language": "af" }
    ]);
    let (status, body) = api
        .post(&import_url, json!({ "rows": rows }), &teacher)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["rows[1].grade"],
        "must be a grade of this olympiad: 8 to 12"
    );
    let listed_url = format!("/api/participant?customerParticipantId={entry}");
    let (_, listed) = api.get(&listed_url, &teacher).await;
    assert_eq!(listed["data"]["total"], 0);
    let mut rows = rows;
    rows[1]["grade"] = json!("11");
    rows[2]["language"] = json!("");
    let (status, credentials) = api
        .post(&import_url, json!({ "rows": rows }), &teacher)
        .await;
    assert_eq!(status, StatusCode::OK, "{credentials}");
    let credentials = credentials["data"].as_array().unwrap().clone();
    assert_eq!(credentials.len(), 3);
    assert_eq!(
        credentials[2]["username"].as_str().unwrap().len(),
        "zmuller".len() + 3
    );
    // Loading the same learners again is refused as duplicates.
    let (status, body) = api
        .post(&import_url, json!({ "rows": [rows[0]] }), &teacher)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["rows[0].firstName"]
        .as_str()
        .unwrap()
        .contains("already loaded"));

    // A learner signs in with what the slip says.
    let (status, session) = api.send(learner_signin(&credentials[0])).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert!(session["data"]["token"].is_string(), "{session}");
}
