//! The overlord's tools: `/api/olympiad/all` and `POST /api/olympiad`, `/api/note/{topic}`,
//! `/api/sanity-log`, `/api/search`, `/api/task` with its retry, impersonation by e-mail (never of
//! an overlord, and every action of it in the activity log under the overlord), and the activity
//! log's who, what, before and after, and from where.

use crate::common::*;
use actix_web::http::StatusCode;
use diesel::prelude::*;
use olympiad_domain::email::EmailOutcome;
use olympiad_domain::job::JobKind;
use olympiad_domain::Role;
use olympiad_persistence::models::{EmailJobPlace, EmailLog, EmailLogInsertForm, Job};
use olympiad_persistence::schema::jobs;
use serde_json::{json, Value};

#[actix_web::test]
async fn the_overlord_lists_every_olympiad_and_makes_a_new_one_checked_field_by_field() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let overlord = fx.overlord();
    let admin = fx.admin("geography");
    let api = fx.api().await;

    let (status, body) = api.get("/api/olympiad/all", &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"][0]["name"], "geography");
    let (status, _) = api.get("/api/olympiad/all", &admin).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let bad =
        json!({ "projectId": geo.project_id, "name": "Geo 2027!", "title": "G", "year": 1999 });
    let (status, body) = api.post("/api/olympiad", bad, &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["fields"]["year"].is_string() || body["fields"]["title"].is_string(),
        "{body}"
    );
    let taken = json!({ "projectId": geo.project_id, "name": "geography", "title": "Geography", "year": 2027 });
    let (_, body) = api.post("/api/olympiad", taken, &overlord).await;
    assert_eq!(body["fields"]["name"], "is taken by another olympiad");

    let new = json!({ "projectId": geo.project_id, "name": "geography-2027", "title": "Geography 2027", "year": 2027 });
    let (status, body) = api.post("/api/olympiad", new, &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["isOpen"], false);
    assert_eq!(activities(&fx, "olympiad_created").len(), 1);
}

#[actix_web::test]
async fn a_note_keeps_every_version_sanitised_and_notes_the_change() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    let api = fx.api().await;

    let (status, body) = api.get("/api/note/common-issues", &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["body"], "");
    let (status, _) = api.get("/api/note/shopping-list", &overlord).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let first = json!({ "body": "<p>Check the <b>map</b><script>alert(1)</script></p>" });
    let (status, body) = api
        .put("/api/note/common-issues", first.clone(), &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(!body["data"]["body"].as_str().unwrap().contains("script"));
    // The same text again adds no version: retries are safe.
    api.put("/api/note/common-issues", first, &overlord).await;
    let second = json!({ "body": "<p>Print the slips a day early.</p>" });
    let (_, body) = api.put("/api/note/common-issues", second, &overlord).await;
    assert_eq!(body["data"]["history"].as_array().unwrap().len(), 2);
    assert_eq!(body["data"]["body"], "<p>Print the slips a day early.</p>");
    let logged = activities(&fx, "note_saved");
    assert_eq!(logged.len(), 2);
    let details: Value = serde_json::from_str(&logged[0].details).unwrap();
    assert!(details["before"].as_str().unwrap().contains("map"));
    assert_eq!(details["after"], "<p>Print the slips a day early.</p>");
    assert!(logged[0].address.is_some(), "from where");
    assert!(logged[0].email.is_some(), "who, by address");

    let huge = json!({ "body": "x".repeat(100_001) });
    let (status, body) = api.put("/api/note/before-olympiad", huge, &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["body"].is_string());
}

#[actix_web::test]
async fn the_sanity_checks_find_what_should_not_be() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let overlord = fx.overlord();
    // An entry with no learner and no team admin; a teacher with no school.
    fx.school().named("Lonely High").entered_in(&geo).build();
    fx.teacher("nomad@example.org").build();
    let api = fx.api().await;

    let (status, body) = api.get("/api/sanity-log", &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["run"].is_null());
    let (status, body) = api
        .post("/api/sanity-log/run", Value::Null, &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let count = |check: &str| {
        body["data"]["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["check"] == check)
            .unwrap()["findings"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(count("entries-without-learners"), 1);
    assert_eq!(count("entries-without-team-admin"), 1);
    assert_eq!(count("teachers-without-school"), 1);
    assert_eq!(count("failed-emails"), 0);
    let run_id = body["data"]["run"]["id"].as_i64().unwrap();
    let (_, again) = api
        .get(&format!("/api/sanity-log?runId={run_id}"), &overlord)
        .await;
    assert_eq!(again["data"]["findings"].as_array().unwrap().len(), 3);
    let (status, _) = api.get("/api/sanity-log?runId=999999", &overlord).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(activities(&fx, "sanity_checks_run").len(), 1);
}

#[actix_web::test]
async fn the_scheduled_sanity_checks_run_once_until_they_are_due_again() {
    let fx = Fixture::new();
    let mut conn = fx.db.conn();
    let first = olympiad_office::overlord::sanity::run_if_due(&mut conn).unwrap();
    assert!(first.is_some_and(|run| run.started_by.is_none()));
    assert!(olympiad_office::overlord::sanity::run_if_due(&mut conn)
        .unwrap()
        .is_none());
}

#[actix_web::test]
async fn search_finds_an_order_and_the_sanity_checks_find_it_without_its_entry_and_mail_to_a_shunned_address(
) {
    use olympiad_domain::school::EntryStatus;
    use olympiad_persistence::models::{SchoolParticipant, ShunnedEmail};
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let overlord = fx.overlord();
    let (school, teacher) = fx.entered_school(&geo);
    let api = fx.api().await;
    let url = format!(
        "/api/purchase-order?customerParticipantId={}",
        school.entry()
    );
    let (status, order) = api.post(&url, json!(null), &teacher.token).await;
    assert_eq!(status, StatusCode::OK, "{order}");
    // The one search box finds the order by its payment reference.
    let reference = order["data"]["reference"].as_str().unwrap().to_owned();
    let (_, found) = api
        .get(&format!("/api/search?q={reference}"), &overlord)
        .await;
    assert_eq!(found["data"]["orders"][0]["reference"], reference.as_str());
    assert_eq!(found["data"]["orders"][0]["paid"], false);
    {
        let mut conn = fx.db.conn();
        SchoolParticipant::update(&mut conn, school.entry(), EntryStatus::Withdrawn, None).unwrap();
        ShunnedEmail::shun(&mut conn, "gone@example.org", "hard bounce").unwrap();
        let place = EmailJobPlace {
            olympiad_id: Some(geo.id),
            recipient: "gone@example.org".into(),
            ..EmailJobPlace::default()
        };
        Job::enqueue_email(&mut conn, &json!({}), &place).unwrap();
    }

    let (status, body) = api
        .post("/api/sanity-log/run", Value::Null, &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let findings = |check: &str| -> Vec<Value> {
        body["data"]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["checkName"] == check)
            .cloned()
            .collect()
    };
    let orders = findings("orders-without-entries");
    assert_eq!(orders.len(), 1, "{body}");
    assert!(orders[0]["subject"].as_str().unwrap().starts_with("order "));
    let mail = findings("emails-to-shunned");
    assert_eq!(mail.len(), 1, "{body}");
    assert!(mail[0]["detail"]
        .as_str()
        .unwrap()
        .contains("gone@example.org"));
}

#[actix_web::test]
async fn one_search_finds_schools_teachers_learners_and_emails() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let overlord = fx.overlord();
    let school = fx
        .school()
        .named("Waterkloof High")
        .entered_in(&geo)
        .build();
    fx.teacher("waterkloof.teacher@example.org")
        .of_school(school.id)
        .build();
    fx.learner("zwater1")
        .named("Zanele", "Waterkloof")
        .entered_with(school.entry());
    Job::enqueue(
        &mut fx.db.conn(),
        JobKind::Email,
        &json!({ "kind": "password_reset", "to": { "email": "waterkloof.teacher@example.org", "name": "T", "username": "t" }, "link": "secret" }),
    )
    .unwrap();
    // Two e-mails the log kept: one the server refused, one sent; and one to somebody else.
    for (to, subject, status, detail) in [
        (
            "waterkloof.teacher@example.org",
            "Your entry",
            EmailOutcome::Sent,
            "250 OK",
        ),
        (
            "head@waterkloof.example.org",
            "Invoice GEO26-000001",
            EmailOutcome::Failed,
            "550 no such user",
        ),
        ("other@example.org", "Welcome", EmailOutcome::Sent, "250 OK"),
    ] {
        EmailLog::record(
            &mut fx.db.conn(),
            EmailLogInsertForm {
                job_id: None,
                olympiad_id: Some(geo.id),
                mass_mail_id: None,
                kind: "system".into(),
                recipient: to.into(),
                subject: subject.into(),
                status,
                detail: detail.into(),
            },
        )
        .unwrap();
    }
    let api = fx.api().await;

    let (status, body) = api.get("/api/search?q=waterkloof", &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let data = &body["data"];
    assert_eq!(data["schools"][0]["name"], "Waterkloof High");
    assert_eq!(
        data["teachers"][0]["email"],
        "waterkloof.teacher@example.org"
    );
    assert_eq!(data["learners"][0]["lastName"], "Waterkloof");
    assert_eq!(data["emails"][0]["to"], "waterkloof.teacher@example.org");
    assert_eq!(data["emails"][0]["subject"], "password reset");
    assert!(
        !body.to_string().contains("secret"),
        "no link leaves the job table"
    );
    // The e-mail log, newest first, with what became of each; by address or subject.
    let log = data["emailLog"].as_array().unwrap();
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(log[0]["recipient"], "head@waterkloof.example.org");
    assert_eq!(log[0]["result"], "failed");
    assert_eq!(log[0]["detail"], "550 no such user");
    assert_eq!(log[1]["result"], "sent");
    let (_, body) = api.get("/api/search?q=GEO26-0000", &overlord).await;
    assert_eq!(
        body["data"]["emailLog"][0]["subject"],
        "Invoice GEO26-000001"
    );

    let (status, body) = api.get("/api/search?q=w", &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["q"].is_string());
    // A pattern's wildcards are the text's, not SQL's.
    let (_, body) = api.get("/api/search?q=%25%25", &overlord).await;
    assert_eq!(body["data"]["schools"].as_array().unwrap().len(), 0);
    assert_eq!(body["data"]["emailLog"].as_array().unwrap().len(), 0);
    assert_eq!(body["data"]["emails"].as_array().unwrap().len(), 0);

    // The e-mail log's own search: blind to case, and its wildcards are the text's too.
    let (status, body) = api
        .get("/api/email-logs/search/HEAD@WATERKLOOF", &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let found = body["data"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{body}");
    assert_eq!(found[0]["recipient"], "head@waterkloof.example.org");
    let (_, body) = api.get("/api/email-logs/search/%25%25", &overlord).await;
    assert_eq!(body["data"].as_array().unwrap().len(), 0, "{body}");
}

#[actix_web::test]
async fn a_failed_task_goes_round_again_and_no_other_does() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    let mut conn = fx.db.conn();
    let payload = json!({ "kind": "two_factor_enabled", "to": { "email": "a@example.org", "name": "A", "username": "a" } });
    let failed = Job::enqueue(&mut conn, JobKind::Email, &payload).unwrap();
    let queued = Job::enqueue(&mut conn, JobKind::Email, &payload).unwrap();
    diesel::update(jobs::table.find(failed))
        .set((
            jobs::status.eq("failed"),
            jobs::attempts.eq(5),
            jobs::last_error.eq("550 no such user"),
        ))
        .execute(&mut conn)
        .unwrap();
    drop(conn);
    let api = fx.api().await;

    let (status, body) = api.get("/api/task", &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["counts"]["failed"], 1);
    assert_eq!(body["data"]["counts"]["queued"], 1);
    assert_eq!(
        body["data"]["tasks"][0]["summary"],
        "two factor enabled to a@example.org"
    );
    let (_, failed_only) = api.get("/api/task?status=failed", &overlord).await;
    assert_eq!(failed_only["data"]["tasks"].as_array().unwrap().len(), 1);

    let (status, body) = api
        .post(&format!("/api/task/{failed}/retry"), Value::Null, &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["status"], "queued");
    assert_eq!(body["data"]["attempts"], 0);
    // Retrying again, or a queued one, is a conflict.
    let (status, _) = api
        .post(&format!("/api/task/{failed}/retry"), Value::Null, &overlord)
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = api
        .post(&format!("/api/task/{queued}/retry"), Value::Null, &overlord)
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = api
        .post("/api/task/999999/retry", Value::Null, &overlord)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let logged = activities(&fx, "task_retried");
    assert_eq!(logged.len(), 1);
}

#[actix_web::test]
async fn an_impersonation_is_logged_under_the_overlord_and_an_overlord_is_never_impersonated() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let overlord = fx.overlord();
    let (school, _teacher) = fx.entered_school(&geo);
    // A second overlord who also has an admin account in geography.
    let other = fx.user("boss@example.org", Role::Overlord, None);
    {
        use olympiad_persistence::models::{Account, AccountInsertForm};
        Account::ensure(
            &mut fx.db.conn(),
            &AccountInsertForm {
                user_id: other,
                role: "admin",
                olympiad_id: Some(geo.id),
            },
        )
        .unwrap();
    }
    let api = fx.api().await;

    let url = format!(
        "/api/user/impersonate?olympiadId={}&userEmail=boss@example.org",
        geo.id
    );
    let (status, _) = api.get(&url, &overlord).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let admin_id = fx.user("clerk@example.org", Role::Admin, Some("geography"));
    let url = format!(
        "/api/user/impersonate?olympiadId={}&userEmail=clerk@example.org",
        geo.id
    );
    let (status, body) = api.get(&url, &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["user"]["impersonatedBy"].is_i64(), "{body}");
    let as_admin = body["data"]["token"].as_str().unwrap().to_owned();
    // A change made as the admin is logged with the overlord as the one who acted.
    let new_school =
        json!({ "name": "Impersonated High", "province": "Gauteng", "sector": "public" });
    let (status, body) = api.post("/api/school", new_school, &as_admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let overlord_id =
        olympiad_persistence::models::User::by_username(&mut fx.db.conn(), "overlord@example.org")
            .unwrap()
            .unwrap()
            .id;
    let impersonations = activities(&fx, "impersonate");
    assert_eq!(impersonations.len(), 1);
    assert_eq!(impersonations[0].user_id, Some(overlord_id));
    let created = activities(&fx, "school_created");
    assert_eq!(created[0].user_id, Some(overlord_id));
    assert_eq!(created[0].email.as_deref(), Some("overlord@example.org"));
    let details: Value = serde_json::from_str(&created[0].details).unwrap();
    assert_eq!(details["actingAs"], admin_id.get());
    let _ = school;

    // The activity log answers it to the overlord's search.
    let (status, body) = api.get("/api/activity-log?timeWindow=1", &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["action"] == "impersonate"));
}

#[actix_web::test]
async fn the_logs_export_as_csv_with_the_grids_filters() {
    let fx = Fixture::new();
    fx.olympiad("geography");
    let overlord = fx.overlord();
    let admin = fx.admin("geography");
    {
        use olympiad_persistence::models::AppLog;
        let mut conn = fx.db.conn();
        AppLog::record(&mut conn, "payfast", "warn", "ITN refused: bad signature").unwrap();
        AppLog::record(&mut conn, "payfast", "info", "ITN paid GEO26-000001").unwrap();
        AppLog::record(&mut conn, "mail", "error", "=cmd|' /C calc'!A0 refused").unwrap();
    }
    let api = fx.api().await;
    // Two changes in the activity log: two schools made.
    for name in ["Exported High", "Other High"] {
        let school = json!({ "name": name, "province": "Gauteng", "sector": "public" });
        let (status, body) = api.post("/api/school", school, &admin).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    // The app log of one key and level, as CSV: a heading and the one entry, newest first.
    let request = with_token(
        get("/api/app-log/all?key=payfast&level=warn&format=csv"),
        &overlord,
    );
    let (status, content_type, bytes) = api.file(request).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    let text = String::from_utf8(bytes).unwrap();
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "When (UTC),Key,Level,Message");
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[1].ends_with(",payfast,warn,ITN refused: bad signature"),
        "{text}"
    );
    // The grid's search narrows the file the same way; a formula is written as text.
    let request = with_token(get("/api/app-log/all?search=REFUSED&format=csv"), &overlord);
    let (_, _, bytes) = api.file(request).await;
    let text = String::from_utf8(bytes).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.contains(",mail,error,'=cmd"), "{text}");
    // The envelope answers the same filters.
    let (status, body) = api
        .get("/api/app-log/all?key=payfast&search=paid", &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"].as_array().unwrap().len(), 1);
    let (status, body) = api.get("/api/app-log/all?level=loud", &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["level"].is_string(), "{body}");

    // The activity log of the last hour, searched, as CSV and XLSX.
    let request = with_token(
        get("/api/activity-log?timeWindow=1&search=SCHOOL_CREATED&format=csv"),
        &overlord,
    );
    let (status, content_type, bytes) = api.file(request).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    let text = String::from_utf8(bytes).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("When (UTC),User id,E-mail,Olympiad id,Action,Details,From"));
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[1..].iter().all(|l| l.contains(",school_created,")),
        "{text}"
    );
    let request = with_token(
        get("/api/activity-log?timeWindow=1&search=no%20such%20thing&format=csv"),
        &overlord,
    );
    let (_, _, bytes) = api.file(request).await;
    assert_eq!(String::from_utf8(bytes).unwrap().lines().count(), 1);
    let request = with_token(get("/api/activity-log?timeWindow=1&format=xlsx"), &overlord);
    let (status, content_type, bytes) = api.file(request).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.contains("spreadsheetml"), "{content_type}");
    assert!(bytes.starts_with(b"PK"), "an XLSX file is a ZIP");
    // Bad filters are refused by name, in the envelope, for a file as for the grid.
    let request = with_token(get("/api/activity-log?timeWindow=0&format=csv"), &overlord);
    let (status, _, _) = api.file(request).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Staff have no logs of their own to export.
    let (status, _) = api.get("/api/app-log/all?format=csv", &admin).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn the_overlord_opens_a_queued_email_and_never_sees_a_link_that_is_the_addressees_own() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let overlord = fx.overlord();
    let place = |recipient: &str| EmailJobPlace {
        olympiad_id: Some(geo.id),
        recipient: recipient.into(),
        ..EmailJobPlace::default()
    };
    let (reset, bulk) = {
        let mut conn = fx.db.conn();
        let reset = Job::enqueue_email(
            &mut conn,
            &json!({ "kind": "password_reset", "to": { "email": "thandi@example.org", "name": "Thandi", "username": "thandi" }, "link": "https://olympiads.example/reset-password/SECRET-RESET-TOKEN" }),
            &place("thandi@example.org"),
        )
        .unwrap();
        let bulk = Job::enqueue_email(
            &mut conn,
            &json!({ "kind": "bulk", "to": { "email": "sipho@example.org", "name": "Sipho", "username": "sipho" },
                "subject": "Entries close on Friday", "html": "<p>Dear Sipho, <script>alert(1)</script>enter now.</p>", "text": "Dear Sipho, enter now.",
                "unsubscribe": "https://olympiads.example/api/unsubscribe/one-click/SECRET-UNSUBSCRIBE", "unsubscribe_page": "https://olympiads.example/unsubscribe/SECRET-UNSUBSCRIBE",
                "attachments": [{ "filename": "entry-form.pdf", "content_type": "application/pdf", "stored": "mass-mail/1/entry-form.pdf" }] }),
            &place("sipho@example.org"),
        )
        .unwrap();
        (reset, bulk)
    };
    let api = fx.api().await;

    // A system e-mail not sent yet: its message as it will read, its reset link hidden.
    let (status, body) = api
        .get(&format!("/api/queued-email/{reset}"), &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(!body.to_string().contains("SECRET"), "{body}");
    let opened = &body["data"];
    assert_eq!(opened["queued"]["recipient"], "thandi@example.org");
    assert_eq!(opened["queued"]["status"], "queued");
    assert_eq!(opened["message"]["kind"], "password_reset");
    assert_eq!(opened["message"]["toName"], "Thandi");
    assert_eq!(opened["message"]["linksHidden"], true);
    assert!(!opened["message"]["subject"].as_str().unwrap().is_empty());
    for part in ["html", "text"] {
        let written = opened["message"][part].as_str().unwrap();
        assert!(written.contains("Thandi"), "{part}: {written}");
        assert!(
            written.contains("(link hidden: it is the addressee"),
            "{part}: {written}"
        );
    }

    // A mass mail: as written, with its files; both unsubscribe addresses hidden.
    let (_, body) = api
        .get(&format!("/api/queued-email/{bulk}"), &overlord)
        .await;
    assert!(!body.to_string().contains("SECRET"), "{body}");
    let message = &body["data"]["message"];
    assert_eq!(message["subject"], "Entries close on Friday");
    assert_eq!(message["attachments"], json!(["entry-form.pdf"]));
    assert_eq!(message["linksHidden"], true);

    // Once sent, the worker has blanked the link; nothing is left to hide.
    {
        let mut conn = fx.db.conn();
        let job = Job::find(&mut conn, reset).unwrap();
        Job::complete(&mut conn, &job).unwrap();
    }
    let (_, body) = api
        .get(&format!("/api/queued-email/{reset}"), &overlord)
        .await;
    assert_eq!(body["data"]["queued"]["status"], "done");
    assert_eq!(body["data"]["message"]["linksHidden"], false);
    assert!(body["data"]["message"]["html"]
        .as_str()
        .unwrap()
        .contains("(removed once sent)"));

    // The unsent view and the server's search.
    let (_, unsent) = api.get("/api/queued-email/unsent", &overlord).await;
    let ids: Vec<i64> = unsent["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![bulk.get()]);
    let (_, found) = api.get("/api/queued-email/search/THANDI", &overlord).await;
    assert_eq!(found["data"].as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found["data"][0]["id"], reset.get());

    // Only the overlord opens the queue.
    let admin = fx.admin("geography");
    let (status, _) = api.get(&format!("/api/queued-email/{bulk}"), &admin).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
