//! Schools, entries and teams, teachers, learners and participants, expressions of interest,
//! countries, contacts and merges, through the real API on a fresh database.

#![allow(clippy::unwrap_used)] // helpers of a test: a panic is the failure, with its cause

mod common;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{call_service, init_service, read_body, TestRequest};
use common::*;
use olympiad_documents::{Cell, Table};
use olympiad_domain::Role;
use olympiad_persistence::models::{ExpressionFilter, ExpressionOfInterest, Job, Teacher, User};
use serde_json::{json, Value};

fn put_json(path: &str, body: Value) -> TestRequest {
    TestRequest::put().uri(path).set_json(body)
}

fn delete(path: &str) -> TestRequest {
    TestRequest::delete().uri(path)
}

/// The status, content type and bytes of a file answer.
async fn fetch_file<S, B>(app: &S, request: TestRequest) -> (StatusCode, String, Vec<u8>)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let response = call_service(app, request.to_request()).await;
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, content_type, read_body(response).await.to_vec())
}

fn school_body(name: &str, emis: &str) -> Value {
    json!({ "name": name, "emisNumber": emis, "province": "gauteng", "town": "Pretoria", "sector": "public", "quintile": 5 })
}

#[actix_web::test]
async fn staff_keep_the_schools_list_and_export_every_filtered_row() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let marketing =
        fx.token_for(fx.user("marketing@example.org", Role::Marketing, Some("geography")));
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let app = init_service(olympiad_http::app(fx.state.clone())).await;

    // Bad input names the field and changes nothing.
    let (status, body) = send(
        &app,
        with_token(
            post_json(
                "/api/school",
                json!({ "name": "X", "province": "Transvaal", "sector": "public" }),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["province"],
        "must be one of the nine provinces"
    );
    let (_, body) = send(&app, with_token(post_json("/api/school", json!({ "name": "X", "province": "Gauteng", "sector": "public", "emisNumber": "12ab" })), &admin)).await;
    assert_eq!(body["fields"]["emisNumber"], "must be digits only");

    let (status, created) = send(
        &app,
        with_token(
            post_json("/api/school", school_body("Waterkloof High", "700 123 456")),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    assert_eq!(created["data"]["province"], "Gauteng");
    assert_eq!(created["data"]["emisNumber"], "700123456");
    let school_id = created["data"]["id"].as_i64().unwrap();
    let (_, clash) = send(
        &app,
        with_token(
            post_json("/api/school", school_body("Copy", "700123456")),
            &admin,
        ),
    )
    .await;
    assert_eq!(
        clash["fields"]["emisNumber"],
        "belongs to another school already"
    );
    for n in 0..30 {
        send(
            &app,
            with_token(
                post_json("/api/school", school_body(&format!("School {n:02}"), "")),
                &admin,
            ),
        )
        .await;
    }

    let url = format!(
        "/api/school?olympiadId={}&page=2&pageSize=10&sort=-name&province=Gauteng",
        geo.id
    );
    let (status, page) = send(&app, with_token(get(&url), &marketing)).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["data"]["total"], 31);
    assert_eq!(page["data"]["rows"].as_array().unwrap().len(), 10);
    assert_eq!(page["data"]["rows"][0]["name"], "School 20");
    let (_, bad_page) = send(
        &app,
        with_token(
            get(&format!("/api/school?olympiadId={}&pageSize=5000", geo.id)),
            &admin,
        ),
    )
    .await;
    assert_eq!(bad_page["fields"]["pageSize"], "must be between 1 and 500");

    // The export holds every row the search selects, not one page.
    let (status, content_type, csv) = fetch_file(
        &app,
        with_token(
            get(&format!(
                "/api/school?olympiadId={}&search=school%20&format=csv&pageSize=10",
                geo.id
            )),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/csv"));
    let text = String::from_utf8(csv).unwrap();
    assert_eq!(text.lines().count(), 31, "a heading and 30 schools");
    let (_, content_type, xlsx) = fetch_file(
        &app,
        with_token(
            get(&format!("/api/school?olympiadId={}&format=xlsx", geo.id)),
            &admin,
        ),
    )
    .await;
    assert!(content_type.contains("spreadsheetml"));
    let read = olympiad_documents::read_table(&xlsx).unwrap();
    assert_eq!(read.rows.len(), 31);

    let (status, updated) = send(&app, with_token(put_json(&format!("/api/school/{school_id}"), json!({ "name": "Waterkloof High School", "province": "Gauteng", "sector": "independent", "quintile": 5 })), &admin)).await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert_eq!(
        updated["data"]["quintile"],
        Value::Null,
        "independent schools have no quintile"
    );

    // Only overlord deletes, and only a school nothing refers to.
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/school/{school_id}")), &admin),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/school/{school_id}")), &overlord),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(activities(&fx, "school_deleted").len(), 1);
}

#[actix_web::test]
async fn an_expression_of_interest_becomes_a_school_entry_in_one_step() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let app = init_service(olympiad_http::app(fx.state.clone())).await;

    let form = json!({
        "projectName": "geography", "title": "Ms", "firstName": "Naledi", "lastName": "Mokoena",
        "email": "Naledi@School.example", "schoolName": "Hoërskool Waterkloof", "emisNumber": "700123456",
        "province": "Gauteng", "town": "Pretoria", "subject": "Geography"
    });
    let (status, body) = send(&app, post_json("/api/teacher/expression", json!({ "projectName": "geography", "firstName": "N", "lastName": "M", "email": "not-mail" }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["email"], "must be an e-mail address");
    let (status, body) = send(&app, post_json("/api/teacher/expression", json!({ "projectName": "nowhere", "firstName": "N", "lastName": "M", "email": "n@x.org", "schoolName": "X", "province": "Gauteng" }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["fields"]["projectName"],
        "is not a project that takes entries"
    );

    let (status, received) = send(&app, post_json("/api/teacher/expression", form.clone())).await;
    assert_eq!(status, StatusCode::OK, "{received}");
    assert_eq!(received["data"]["emailVerified"], false);
    // Sending it again, here by the public site's path, adds nothing.
    let (_, again) = send(&app, post_json("/api/website/eoi", form.clone())).await;
    assert_eq!(again["data"]["id"], received["data"]["id"]);
    let expression_id = received["data"]["id"].as_i64().unwrap();

    // The verification link is in the queued e-mail.
    let token = {
        let mut conn = fx.db.conn();
        let listed =
            ExpressionOfInterest::list(&mut conn, &ExpressionFilter::default(), None).unwrap();
        assert_eq!(listed.total, 1);
        listed.rows[0].verify_token.clone()
    };
    assert!(Job::count_by_status(&mut fx.db.conn(), "queued").unwrap() >= 1);
    let (status, _) = send(
        &app,
        post_json("/api/website/verify-email/not-a-token", json!({})),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, verified) = send(
        &app,
        post_json(&format!("/api/website/verify-email/{token}"), json!({})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{verified}");
    assert_eq!(verified["data"]["firstName"], "Naledi");

    // A school with the same EMIS number and one with a name alike are possible matches.
    let (status, same_emis) = send(
        &app,
        with_token(
            post_json(
                "/api/school",
                school_body("Waterkloof Hoërskool", "700123456"),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{same_emis}");
    send(
        &app,
        with_token(
            post_json("/api/school", school_body("Waterkloof High", "")),
            &admin,
        ),
    )
    .await;
    send(
        &app,
        with_token(
            post_json("/api/school", school_body("Umlazi Comprehensive", "")),
            &admin,
        ),
    )
    .await;
    let (status, found) = send(&app, with_token(get(&format!("/api/interest/expression-of-interest/possible-matches?expressionId={expression_id}")), &admin)).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let schools = found["data"]["schools"].as_array().unwrap();
    assert_eq!(schools.len(), 2, "{found}");
    assert_eq!(schools[0]["id"], same_emis["data"]["id"]);
    assert!(schools[0]["reasons"]
        .as_array()
        .unwrap()
        .contains(&json!("emis")));

    let (_, open) = send(
        &app,
        with_token(
            get(&format!(
                "/api/interest/expression-of-interest?olympiadId={}&status=open",
                geo.id
            )),
            &admin,
        ),
    )
    .await;
    assert_eq!(open["data"]["total"], 1, "{open}");
    let (_, bad) = send(
        &app,
        with_token(
            get(&format!(
                "/api/interest/expression-of-interest?olympiadId={}&status=maybe",
                geo.id
            )),
            &admin,
        ),
    )
    .await;
    assert_eq!(
        bad["fields"]["status"],
        "must be one of open, processed, declined"
    );

    let process = format!("/api/interest/expression-of-interest/{expression_id}/process");
    let (status, body) = send(&app, with_token(post_json(&process, json!({})), &admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["schoolId"], "is required (or a new school)");
    let (status, processed) = send(
        &app,
        with_token(
            post_json(&process, json!({ "schoolId": same_emis["data"]["id"] })),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    assert_eq!(processed["data"]["status"], "processed");
    let entry_id = processed["data"]["schoolParticipantId"].as_i64().unwrap();
    // The teacher's account was made, linked to the school, and made team admin.
    let user = User::by_username(&mut fx.db.conn(), "naledi@school.example")
        .unwrap()
        .unwrap();
    let teacher = Teacher::by_user(&mut fx.db.conn(), user.id)
        .unwrap()
        .unwrap();
    assert_eq!(teacher.school_id, same_emis["data"]["id"].as_i64());
    let (_, team) = send(
        &app,
        with_token(
            get(&format!("/api/team-member?schoolParticipantId={entry_id}")),
            &admin,
        ),
    )
    .await;
    assert_eq!(team["data"][0]["isTeamAdmin"], true);
    assert_eq!(team["data"][0]["email"], "naledi@school.example");
    // Processing twice makes no second entry.
    let (status, _) = send(
        &app,
        with_token(
            post_json(&process, json!({ "schoolId": same_emis["data"]["id"] })),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Someone else's interest is declined with a reason, then deleted.
    let (_, other) = send(&app, post_json("/api/interest", json!({ "projectName": "geography", "firstName": "Pat", "lastName": "Parent", "email": "pat@example.org", "relationship": "parent" }))).await;
    let other_id = other["data"]["id"].as_i64().unwrap();
    // The public site's path for the same form.
    let (status, site) = send(&app, post_json("/api/website/other-interest", json!({ "projectName": "geography", "firstName": "Sam", "lastName": "Tutor", "email": "sam@example.org", "relationship": "tutor" }))).await;
    assert_eq!(status, StatusCode::OK, "{site}");
    let listed =
        ExpressionOfInterest::list(&mut fx.db.conn(), &ExpressionFilter::default(), None).unwrap();
    let kinds: Vec<(i64, &str)> = listed
        .rows
        .iter()
        .map(|e| (e.id, e.kind.as_str()))
        .collect();
    assert!(
        kinds.contains(&(site["data"]["id"].as_i64().unwrap(), "other")),
        "{kinds:?}"
    );
    let decline = format!("/api/interest/expression-of-interest/{other_id}/decline");
    let (status, body) = send(
        &app,
        with_token(post_json(&decline, json!({ "reason": "" })), &admin),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["reason"].is_string());
    let (status, declined) = send(
        &app,
        with_token(
            post_json(
                &decline,
                json!({ "reason": "Parents enter through their child's school." }),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(declined["data"]["status"], "declined");
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/interest/{other_id}")), &admin),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(activities(&fx, "interest_processed").len(), 1);
    assert_eq!(activities(&fx, "interest_declined").len(), 1);
}

/// A teacher of a school with a global teacher account; answers the user id and token.
fn teacher_of(fx: &Fixture, email: &str, school_id: i64) -> (i64, String) {
    let user_id = fx.user(email, Role::Teacher, None);
    Teacher::ensure(&mut fx.db.conn(), user_id, Some(school_id)).unwrap();
    (user_id, fx.token_for(user_id))
}

fn learner_sheet(rows: &[[&str; 4]]) -> Vec<u8> {
    let mut table = Table::new(&["First name", "Last name", "Grade", "Class"]);
    for row in rows {
        table.push(row.iter().map(|c| Cell::from(*c)).collect());
    }
    table.to_xlsx("Learners").unwrap()
}

#[actix_web::test]
async fn a_teacher_enters_their_school_keeps_the_team_and_loads_learners() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let app = init_service(olympiad_http::app(fx.state.clone())).await;
    let (_, school) = send(
        &app,
        with_token(
            post_json("/api/school", school_body("Waterkloof High", "")),
            &admin,
        ),
    )
    .await;
    let school_id = school["data"]["id"].as_i64().unwrap();
    let (teacher_id, teacher) = teacher_of(&fx, "thandi@example.org", school_id);

    let (status, mine) = send(
        &app,
        with_token(
            get("/api/school/single?olympiadVarName=geography"),
            &teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["data"]["entry"], Value::Null);
    assert_eq!(mine["data"]["school"]["id"], school_id);
    let (status, entry) = send(
        &app,
        with_token(
            post_json("/api/school-participant", json!({ "olympiadId": geo.id })),
            &teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    let entry_id = entry["data"]["id"].as_i64().unwrap();
    let (_, mine) = send(
        &app,
        with_token(
            get(&format!("/api/school/single?olympiadId={}", geo.id)),
            &teacher,
        ),
    )
    .await;
    assert_eq!(mine["data"]["isTeamAdmin"], true);
    let (_, entries) = send(&app, with_token(get("/api/school-participant"), &teacher)).await;
    assert_eq!(entries["data"]["total"], 1);

    let (status, body) = send(&app, with_token(put_json(&format!("/api/school/single?olympiadId={}", geo.id), json!({ "name": "Waterkloof High School", "province": "Gauteng", "sector": "public", "phone": "012 555 0101" })), &teacher)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, profile) = send(&app, with_token(put_json("/api/teacher/profile", json!({ "title": "Ms", "firstName": "Thandi", "lastName": "Nkosi", "cell": "082 555 0101", "subject": "Geography" })), &teacher)).await;
    assert_eq!(profile["data"]["school"]["name"], "Waterkloof High School");
    let (_, bad) = send(
        &app,
        with_token(
            put_json(
                "/api/teacher/profile",
                json!({ "firstName": "", "lastName": "Nkosi" }),
            ),
            &teacher,
        ),
    )
    .await;
    assert_eq!(bad["fields"]["firstName"], "is required");
    let (_, profile) = send(&app, with_token(get("/api/teacher/profile"), &teacher)).await;
    assert_eq!(profile["data"]["cell"], "082 555 0101");

    // The team: a colleague is invited by e-mail, made team admin, then removed.
    let (status, team) = send(&app, with_token(post_json("/api/team-member", json!({ "schoolParticipantId": entry_id, "email": "sipho@example.org", "firstName": "Sipho", "lastName": "Dube" })), &teacher)).await;
    assert_eq!(status, StatusCode::OK, "{team}");
    assert_eq!(team["data"].as_array().unwrap().len(), 2);
    let colleague = team["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["email"] == "sipho@example.org")
        .unwrap()
        .clone();
    let member_id = colleague["id"].as_i64().unwrap();
    let (_, team) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/team-member/{member_id}"),
                json!({ "isTeamAdmin": true }),
            ),
            &teacher,
        ),
    )
    .await;
    assert!(team["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["isTeamAdmin"] == true));
    let own_member = team["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["userId"] == teacher_id)
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/team-member/{member_id}")), &teacher),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/team-member/{own_member}"),
                json!({ "isTeamAdmin": false }),
            ),
            &teacher,
        ),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the last team admin stays one: {body}"
    );
    // A teacher outside the team sees none of it.
    let (_, stranger) = teacher_of(&fx, "stranger@example.org", school_id);
    let (status, _) = send(
        &app,
        with_token(
            get(&format!("/api/team-member?schoolParticipantId={entry_id}")),
            &stranger,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = send(
        &app,
        with_token(
            get(&format!(
                "/api/participant?customerParticipantId={entry_id}"
            )),
            &stranger,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // The template, then a file with a bad row and a duplicate.
    let (status, content_type, template) =
        fetch_file(&app, with_token(get("/api/learner/template"), &teacher)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.contains("spreadsheetml"));
    assert_eq!(
        olympiad_documents::read_table(&template).unwrap().headings[0],
        "First name"
    );
    let (_, _, csv_template) = fetch_file(
        &app,
        with_token(get("/api/learner/template?format=csv"), &teacher),
    )
    .await;
    assert!(String::from_utf8(csv_template)
        .unwrap()
        .contains("First name,Last name,Grade"));

    let preview_url = format!("/api/learner/import/preview?schoolParticipantId={entry_id}");
    let sheet = learner_sheet(&[
        ["Lerato", "Molefe", "10", "A"],
        ["Sipho", "Dube", "13", "B"],
        ["Zoë", "Müller", "9", "A"],
        ["lerato", "MOLEFE", "10", "C"],
    ]);
    let (status, preview) = send(
        &app,
        with_token(multipart(&preview_url, "learners.xlsx", &sheet), &teacher),
    )
    .await;
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
    let (status, body) = send(
        &app,
        with_token(multipart(&preview_url, "x.xlsx", &wrong), &teacher),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["fields"]["file"]
            .as_str()
            .unwrap()
            .contains("not the learner template"),
        "{body}"
    );
    let (_, body) = send(
        &app,
        with_token(
            multipart(&preview_url, "photo.xlsx", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            &teacher,
        ),
    )
    .await;
    assert!(
        body["fields"]["file"]
            .as_str()
            .unwrap()
            .contains("not a spreadsheet"),
        "{body}"
    );
    let (status, _) = send(
        &app,
        with_token(
            multipart(&preview_url, "big.csv", &vec![b'a'; 3 * 1024 * 1024]),
            &teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);

    // A commit with a bad row names it and writes nothing; fixed, it enters every learner.
    let import_url = format!("/api/learner/import?schoolParticipantId={entry_id}");
    let rows = json!([
        { "firstName": "Lerato", "lastName": "Molefe", "grade": "10", "className": "A" },
        { "firstName": "Sipho", "lastName": "Dube", "grade": "13", "className": "B" },
        { "firstName": "Zoë", "lastName": "Müller", "grade": "9", "className": "A", "language": "af" }
    ]);
    let (status, body) = send(
        &app,
        with_token(post_json(&import_url, json!({ "rows": rows })), &teacher),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["rows[1].grade"],
        "must be a grade of this olympiad: 8 to 12"
    );
    let (_, listed) = send(
        &app,
        with_token(
            get(&format!(
                "/api/participant?customerParticipantId={entry_id}"
            )),
            &teacher,
        ),
    )
    .await;
    assert_eq!(listed["data"]["total"], 0);
    let mut rows = rows;
    rows[1]["grade"] = json!("11");
    rows[2]["language"] = json!("");
    let (status, credentials) = send(
        &app,
        with_token(post_json(&import_url, json!({ "rows": rows })), &teacher),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{credentials}");
    let credentials = credentials["data"].as_array().unwrap().clone();
    assert_eq!(credentials.len(), 3);
    assert_eq!(
        credentials[2]["username"].as_str().unwrap().len(),
        "zmuller".len() + 3
    );
    // Loading the same learners again is refused as duplicates.
    let (status, body) = send(
        &app,
        with_token(
            post_json(&import_url, json!({ "rows": [rows[0]] })),
            &teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["rows[0].firstName"]
        .as_str()
        .unwrap()
        .contains("already loaded"));

    // A learner signs in with what the slip says.
    let sign_in = |c: &Value| {
        signin_body(
            c["username"].as_str().unwrap(),
            c["password"].as_str().unwrap(),
            "learner",
            Some("geography"),
        )
    };
    let (status, session) = send(
        &app,
        post_json("/api/auth/signin", sign_in(&credentials[0])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let learner_token = session["data"]["token"].as_str().unwrap().to_owned();
    let participant_id = credentials[0]["participantId"].as_i64().unwrap();
    let (status, details) = send(
        &app,
        with_token(
            get(&format!(
                "/api/learner/single?participantId={participant_id}"
            )),
            &learner_token,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{details}");
    assert_eq!(details["data"]["learner"]["firstName"], "Lerato");
    let other = credentials[1]["participantId"].as_i64().unwrap();
    let (status, _) = send(
        &app,
        with_token(
            get(&format!("/api/learner/single?participantId={other}")),
            &learner_token,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Slips: a PDF with a page per class, and the CSV of the sign-ins.
    let slips = json!({ "schoolParticipantId": entry_id, "credentials": credentials.iter().map(|c| json!({ "participantId": c["participantId"], "password": c["password"] })).collect::<Vec<_>>() });
    let (status, content_type, pdf) = fetch_file(
        &app,
        with_token(
            post_json("/api/participant/login-slips", slips.clone()),
            &teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/pdf");
    assert!(
        String::from_utf8_lossy(&pdf).contains("/Count 3"),
        "grades 9 A, 10 A and 11 B"
    );
    let (_, _, csv) = fetch_file(
        &app,
        with_token(
            post_json("/api/participant/login-slips?format=csv", slips),
            &teacher,
        ),
    )
    .await;
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.contains(credentials[1]["password"].as_str().unwrap()));
    let (status, body) = send(&app, with_token(post_json("/api/participant/login-slips", json!({ "schoolParticipantId": entry_id, "credentials": [{ "participantId": 999999, "password": "x" }] })), &teacher)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // New passwords: one learner, by username; the old one stops working.
    let username = credentials[0]["username"].as_str().unwrap();
    let (status, fresh) = send(
        &app,
        with_token(
            TestRequest::put().uri(&format!(
                "/api/auth/set-learner-passwords/{entry_id}?schoolId={school_id}&email={username}"
            )),
            &teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{fresh}");
    assert_eq!(fresh["data"].as_array().unwrap().len(), 1);
    let (status, _) = send(
        &app,
        post_json("/api/auth/signin", sign_in(&credentials[0])),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = send(
        &app,
        post_json("/api/auth/signin", sign_in(&fresh["data"][0])),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = send(
        &app,
        with_token(
            TestRequest::put().uri(&format!(
                "/api/auth/set-learner-passwords/{entry_id}?schoolId={}",
                school_id + 1
            )),
            &teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["schoolId"],
        "is not the school of this entry"
    );
    assert_eq!(activities(&fx, "learner_passwords_set").len(), 1);

    // One learner added by hand; participants edited and withdrawn; learners edited and deleted.
    let (status, added) = send(&app, with_token(post_json("/api/learner", json!({ "schoolParticipantId": entry_id, "firstName": "Ayanda", "lastName": "Zulu", "grade": "8" })), &teacher)).await;
    assert_eq!(status, StatusCode::OK, "{added}");
    let (_, body) = send(&app, with_token(post_json("/api/learner", json!({ "schoolParticipantId": entry_id, "firstName": "", "lastName": "Zulu", "grade": "8" })), &teacher)).await;
    assert_eq!(body["fields"]["firstName"], "is required");
    let added_id = added["data"]["participantId"].as_i64().unwrap();
    let (status, body) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/participant/{added_id}"),
                json!({ "status": "absent", "language": "af" }),
            ),
            &teacher,
        ),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "geography is written in English only: {body}"
    );
    let (status, _) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/participant/{added_id}"),
                json!({ "status": "registered", "language": "en" }),
            ),
            &teacher,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/participant/{added_id}")), &teacher),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, page) = send(
        &app,
        with_token(
            get(&format!(
                "/api/learner?olympiadId={}&sort=name&search=zulu",
                geo.id
            )),
            &admin,
        ),
    )
    .await;
    assert_eq!(
        page["data"]["total"], 1,
        "the learner stays with the school"
    );
    let learner_id = page["data"]["rows"][0]["id"].as_i64().unwrap();
    let (status, updated) = send(&app, with_token(put_json(&format!("/api/learner/{learner_id}"), json!({ "firstName": "Ayanda", "lastName": "Zulu-Khumalo", "grade": "9", "consentGiven": "yes", "consentBy": "Mrs Zulu" })), &teacher)).await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert!(updated["data"]["consentRecordedAt"].is_string());
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/learner/{learner_id}")), &teacher),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, all) = send(
        &app,
        with_token(
            get(&format!("/api/participant?olympiadId={}", geo.id)),
            &admin,
        ),
    )
    .await;
    assert_eq!(all["data"]["total"], 3);
    let (_, content_type, _) = fetch_file(
        &app,
        with_token(
            get(&format!("/api/learner?olympiadId={}&format=xlsx", geo.id)),
            &admin,
        ),
    )
    .await;
    assert!(content_type.contains("spreadsheetml"));
}

#[actix_web::test]
async fn staff_manage_entries_teachers_and_the_overlord_merges_schools() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let accountant = fx.token_for(fx.user(
        "accountant@example.org",
        Role::Accountant,
        Some("geography"),
    ));
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let app = init_service(olympiad_http::app(fx.state.clone())).await;
    let (_, kept) = send(
        &app,
        with_token(
            post_json("/api/school", school_body("Waterkloof High School", "")),
            &admin,
        ),
    )
    .await;
    let (_, dup) = send(
        &app,
        with_token(
            post_json(
                "/api/school",
                school_body("Hoërskool Waterkloof", "700999111"),
            ),
            &admin,
        ),
    )
    .await;
    let (kept_id, dup_id) = (
        kept["data"]["id"].as_i64().unwrap(),
        dup["data"]["id"].as_i64().unwrap(),
    );
    let (teacher_user, _) = teacher_of(&fx, "dup@example.org", dup_id);

    let (status, entry) = send(&app, with_token(post_json("/api/school-participant", json!({ "olympiadId": geo.id, "schoolId": dup_id, "contactTeacherId": teacher_user })), &admin)).await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    let entry_id = entry["data"]["id"].as_i64().unwrap();
    let (_, listed) = send(
        &app,
        with_token(
            get(&format!(
                "/api/school-participant?olympiadId={}&search=waterkloof",
                geo.id
            )),
            &accountant,
        ),
    )
    .await;
    assert_eq!(listed["data"]["rows"][0]["contactEmail"], "dup@example.org");
    assert_eq!(listed["data"]["rows"][0]["teamAdmins"][0], "Test teacher");
    let (status, updated) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/school-participant/{entry_id}"),
                json!({ "status": "confirmed", "contactTeacherId": teacher_user }),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    let (_, body) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/school-participant/{entry_id}"),
                json!({ "status": "paid" }),
            ),
            &admin,
        ),
    )
    .await;
    assert!(body["fields"]["status"]
        .as_str()
        .unwrap()
        .starts_with("must be one of"));

    let (_, teachers) = send(
        &app,
        with_token(
            get(&format!("/api/teacher?olympiadId={}", geo.id)),
            &accountant,
        ),
    )
    .await;
    assert_eq!(teachers["data"]["total"], 1);
    let teacher_id = teachers["data"]["rows"][0]["id"].as_i64().unwrap();
    let (_, admins) = send(
        &app,
        with_token(
            get(&format!(
                "/api/teacher?olympiadId={}&teamAdmins=true",
                geo.id
            )),
            &admin,
        ),
    )
    .await;
    assert_eq!(admins["data"]["total"], 1);
    fx.user("lonely@example.org", Role::Teacher, None);
    Teacher::ensure(
        &mut fx.db.conn(),
        User::by_username(&mut fx.db.conn(), "lonely@example.org")
            .unwrap()
            .unwrap()
            .id,
        None,
    )
    .unwrap();
    let (_, all) = send(
        &app,
        with_token(
            get(&format!("/api/teacher?olympiadId={}&all=true", geo.id)),
            &admin,
        ),
    )
    .await;
    assert_eq!(all["data"]["total"], 2);
    let (status, body) = send(&app, with_token(put_json(&format!("/api/teacher/{teacher_id}"), json!({ "title": "Mr", "firstName": "Dup", "lastName": "Teacher", "cell": "12", "schoolId": dup_id })), &admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["fields"]["cell"],
        "must be a phone number (at least 9 digits)"
    );
    let (status, _) = send(&app, with_token(put_json(&format!("/api/teacher/{teacher_id}"), json!({ "title": "Mr", "firstName": "Dup", "lastName": "Teacher", "cell": "082 555 0000", "schoolId": dup_id })), &admin)).await;
    assert_eq!(status, StatusCode::OK);

    // The overlord merges the duplicate: its entry and teacher move, and the log says so.
    let (status, plan) = send(
        &app,
        with_token(
            get(&format!(
                "/api/school/merge-preview?duplicateId={dup_id}&survivorId={kept_id}"
            )),
            &overlord,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{plan}");
    assert_eq!(plan["data"]["entries"][0]["action"], "moves");
    assert_eq!(plan["data"]["teachers"], 1);
    let (status, body) = send(
        &app,
        with_token(
            get(&format!(
                "/api/school/merge-preview?duplicateId={dup_id}&survivorId={dup_id}"
            )),
            &overlord,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = send(
        &app,
        with_token(
            post_json(
                &format!("/api/school/merge?duplicateId={dup_id}&survivorId={kept_id}"),
                json!({}),
            ),
            &overlord,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = send(
        &app,
        with_token(
            get(&format!(
                "/api/school/merge-preview?duplicateId={dup_id}&survivorId={kept_id}"
            )),
            &overlord,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let merged = activities(&fx, "schools_merged");
    assert_eq!(merged.len(), 1);
    assert!(merged[0].details.contains("\"teachers\":1"));
    let (_, listed) = send(
        &app,
        with_token(
            get(&format!("/api/school?olympiadId={}&entered=yes", geo.id)),
            &admin,
        ),
    )
    .await;
    assert_eq!(listed["data"]["rows"][0]["id"], kept_id);
    assert_eq!(listed["data"]["rows"][0]["emisNumber"], "700999111");

    // The support tool: a reset link for a teacher, handed over by the overlord.
    let (status, link) = send(
        &app,
        with_token(
            get("/api/scratchpad/local-teacher-password-reset?email=DUP@example.org"),
            &overlord,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{link}");
    assert!(link["data"]["link"]
        .as_str()
        .unwrap()
        .contains("/reset-password/"));
    let (status, _) = send(
        &app,
        with_token(
            get("/api/scratchpad/local-teacher-password-reset?email=admin@example.org"),
            &overlord,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(activities(&fx, "teacher_reset_link_made").len(), 1);

    let (status, _) = send(
        &app,
        with_token(
            delete(&format!("/api/school-participant/{entry_id}")),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn countries_their_entries_and_contacts_are_kept_and_merged() {
    let fx = Fixture::new();
    let igeo = fx.olympiad("igeo");
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("igeo")));
    let funding = fx.token_for(fx.user("funding@example.org", Role::Funding, Some("igeo")));
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let app = init_service(olympiad_http::app(fx.state.clone())).await;

    let (_, body) = send(
        &app,
        with_token(
            post_json(
                "/api/igeo-country",
                json!({ "name": "Namibia", "isoCode": "NAM" }),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(body["fields"]["isoCode"], "must be two letters (ISO 3166)");
    let (_, namibia) = send(
        &app,
        with_token(
            post_json(
                "/api/igeo-country",
                json!({ "name": "Namibia", "isoCode": "na" }),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(namibia["data"]["isoCode"], "NA");
    let (_, copy) = send(
        &app,
        with_token(
            post_json(
                "/api/igeo-country",
                json!({ "name": "Namibia (copy)", "isoCode": "NM" }),
            ),
            &admin,
        ),
    )
    .await;
    let (namibia_id, copy_id) = (
        namibia["data"]["id"].as_i64().unwrap(),
        copy["data"]["id"].as_i64().unwrap(),
    );
    let (status, _) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/igeo-country/{namibia_id}"),
                json!({ "name": "Republic of Namibia", "isoCode": "NA" }),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    let entry = json!({ "olympiadId": igeo.id, "countryId": copy_id, "status": "entered", "teamLeaderName": "Ms Shikongo", "teamLeaderEmail": "leader@example.na", "teamMembers": ["A", " ", "B"], "invoiceEmail": "finance@example.na" });
    let (status, created) = send(
        &app,
        with_token(
            post_json("/api/igeo-country-participant", entry.clone()),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let entry_id = created["data"]["id"].as_i64().unwrap();
    let (_, twice) = send(
        &app,
        with_token(post_json("/api/igeo-country-participant", entry), &admin),
    )
    .await;
    assert_eq!(
        twice["fields"]["countryId"],
        "is entered in this olympiad already"
    );
    let (_, single) = send(
        &app,
        with_token(
            get(&format!(
                "/api/igeo-country-participant/single?id={entry_id}"
            )),
            &funding,
        ),
    )
    .await;
    assert_eq!(single["data"]["teamMembers"], json!(["A", "B"]));
    let (status, _) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/igeo-country-participant/{entry_id}"),
                json!({ "status": "confirmed", "teamMembers": ["A", "B", "C"] }),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, entries) = send(
        &app,
        with_token(
            get(&format!(
                "/api/igeo-country-participant?olympiadId={}&status=confirmed",
                igeo.id
            )),
            &funding,
        ),
    )
    .await;
    assert_eq!(entries["data"]["total"], 1);
    let (_, country) = send(
        &app,
        with_token(
            get(&format!(
                "/api/igeo-country/single?id={copy_id}&olympiadId={}",
                igeo.id
            )),
            &admin,
        ),
    )
    .await;
    assert_eq!(country["data"]["countryParticipantId"], entry_id);

    let (_, plan) = send(
        &app,
        with_token(
            get(&format!(
                "/api/igeo-country/merge-preview?duplicateId={copy_id}&survivorId={namibia_id}"
            )),
            &overlord,
        ),
    )
    .await;
    assert_eq!(plan["data"]["entries"][0]["teamMembers"], 3);
    let (status, _) = send(
        &app,
        with_token(
            post_json(
                &format!("/api/igeo-country/merge?duplicateId={copy_id}&survivorId={namibia_id}"),
                json!({}),
            ),
            &overlord,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, countries) = send(
        &app,
        with_token(
            get(&format!("/api/igeo-country?olympiadId={}", igeo.id)),
            &admin,
        ),
    )
    .await;
    assert_eq!(countries["data"]["total"], 1);
    assert_eq!(
        countries["data"]["rows"][0]["countryParticipantId"],
        entry_id
    );
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/igeo-country/{namibia_id}")), &admin),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "a country with entries is merged, not deleted"
    );
    let (status, _) = send(
        &app,
        with_token(
            delete(&format!("/api/igeo-country-participant/{entry_id}")),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/igeo-country/{namibia_id}")), &admin),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // Interested and affected parties.
    let (_, body) = send(
        &app,
        with_token(
            post_json(
                "/api/useful-contact",
                json!({ "olympiadId": igeo.id, "name": "", "email": "x" }),
            ),
            &funding,
        ),
    )
    .await;
    assert_eq!(body["fields"]["name"], "is required");
    let (status, contact) = send(&app, with_token(post_json("/api/useful-contact", json!({ "olympiadId": igeo.id, "name": "Dr Mbeki", "organisation": "Department of Basic Education", "role": "Subject adviser", "email": "Mbeki@example.gov.za" })), &funding)).await;
    assert_eq!(status, StatusCode::OK, "{contact}");
    assert_eq!(contact["data"]["email"], "mbeki@example.gov.za");
    let contact_id = contact["data"]["id"].as_i64().unwrap();
    let (status, _) = send(
        &app,
        with_token(
            put_json(
                &format!("/api/useful-contact/{contact_id}"),
                json!({ "name": "Dr T Mbeki", "notes": "Prefers phone calls." }),
            ),
            &admin,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, listed) = send(
        &app,
        with_token(
            get(&format!(
                "/api/useful-contact?olympiadId={}&search=mbeki",
                igeo.id
            )),
            &funding,
        ),
    )
    .await;
    assert_eq!(listed["data"]["rows"][0]["notes"], "Prefers phone calls.");
    let (status, _) = send(
        &app,
        with_token(delete(&format!("/api/useful-contact/{contact_id}")), &admin),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Another olympiad's staff may not touch these.
    fx.olympiad("history");
    let other = fx.token_for(fx.user("other@example.org", Role::Admin, Some("history")));
    let (status, _) = send(
        &app,
        with_token(
            get(&format!("/api/useful-contact?olympiadId={}", igeo.id)),
            &other,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
