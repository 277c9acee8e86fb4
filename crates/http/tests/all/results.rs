//! Results and certificates end to end: `/api/results/*` (moderation with reasons, the state from
//! provisional to final, the released snapshot), `/api/reports/olympiad/top-school-calcs/{id}`, the
//! public pages' calls, and `/api/certificate/*` (the configuration, a run made by the job, sending
//! through the mail queue, and the school's ZIP for its team).

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_domain::job::JobStatus;
use olympiad_persistence::models::{Job, OlympiadResults, ResultRow};
use serde_json::{json, Value};

#[actix_web::test]
async fn an_admin_moderates_with_reasons_finalises_and_the_snapshot_stays_until_a_new_version() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    let (status, body) = api
        .get(&format!("/api/results/moderation?olympiadId={o}"), &s.admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["state"], "provisional");
    assert_eq!(body["data"]["learners"], 1);
    assert_eq!(body["data"]["questions"].as_array().unwrap().len(), 4);
    let (_, list) = api
        .get(&format!("/api/results?olympiadId={o}"), &s.admin)
        .await;
    let attempt = list["data"]["rows"][0]["attemptId"].as_i64().unwrap();
    assert_eq!(list["data"]["rows"][0]["score"], 7);
    assert_eq!(list["data"]["rows"][0]["award"], "gold");

    // No reason: refused, naming the field, and nothing changes.
    let adjust = json!({ "olympiadId": o, "attemptId": attempt, "marks": 9, "reason": " " });
    let (status, body) = api.post("/api/results/adjust", adjust, &s.admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"], "validation");
    assert!(body["fields"]["reason"].is_string(), "{body}");
    let adjust = json!({ "olympiadId": o, "attemptId": attempt, "marks": 9, "reason": "Appeal: question 3 read again" });
    let (status, body) = api
        .post("/api/results/adjust", adjust.clone(), &s.admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["score"], 9);
    assert_eq!(body["data"]["markedScore"], 7);
    assert!(s.logged("result_adjusted"));
    // The change stored the results it answered with: the next read finds them current.
    let mut conn = s.fx.db.conn();
    let results = OlympiadResults::of_olympiad(&mut conn, o).unwrap();
    assert_eq!(
        ResultRow::computed(&mut conn, results.id)
            .unwrap()
            .computed_generation,
        ResultRow::generation(&mut conn, o).unwrap()
    );
    drop(conn);

    // Provisional cannot jump to final.
    let to = |state: &str| json!({ "olympiadId": o, "state": state, "reason": "Checked by the moderators" });
    let (status, _) = api.post("/api/results/state", to("final"), &s.admin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = api
        .post("/api/results/state", to("moderated"), &s.admin)
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = api.post("/api/results/state", to("final"), &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["version"], 1);
    // Asking again changes nothing.
    let (_, again) = api.post("/api/results/state", to("final"), &s.admin).await;
    assert_eq!(again["data"]["version"], 1);

    // Final: no edits until reopened.
    let (status, _) = api.post("/api/results/adjust", adjust, &s.admin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = api
        .post("/api/results/state", to("moderated"), &s.admin)
        .await;
    assert_eq!(status, StatusCode::OK);
    let lower =
        json!({ "olympiadId": o, "attemptId": attempt, "marks": 3, "reason": "Second appeal" });
    let (status, _) = api.post("/api/results/adjust", lower, &s.admin).await;
    assert_eq!(status, StatusCode::OK);

    // The released snapshot still says 9, for the admin, the team and the public.
    let (_, released) = api
        .get(
            &format!("/api/results/downloads/details?olympiadId={o}"),
            &s.admin,
        )
        .await;
    assert_eq!(released["data"]["version"], 1);
    assert_eq!(released["data"]["learners"][0]["score"], 9);
    let (status, mine) = api
        .get(
            &format!(
                "/api/results/school?schoolParticipantId={}",
                s.school_participant_id
            ),
            &s.teacher,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["data"]["released"], true);
    assert_eq!(mine["data"]["learners"][0]["score"], 9);
    let (status, public) = api
        .send(TestRequest::get().uri("/api/results/top-results/geography"))
        .await;
    assert_eq!(status, StatusCode::OK, "{public}");
    assert_eq!(public["data"]["learners"].as_array().unwrap().len(), 1);
    assert!(
        public["data"]["learners"][0].get("attemptId").is_none(),
        "no ids in public"
    );
    let (_, past) = api
        .send(TestRequest::get().uri("/api/results/past-winners/geography"))
        .await;
    assert_eq!(past["data"].as_array().unwrap().len(), 1);

    // The teacher reaches no staff call.
    let (status, _) = api
        .get(
            &format!("/api/results/moderation?olympiadId={o}"),
            &s.teacher,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = api
        .get(
            &format!("/api/reports/olympiad/top-school-calcs/{o}"),
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn certificates_are_made_school_by_school_sent_through_the_mail_queue_and_downloaded_by_the_team(
) {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let o = s.olympiad_id;

    // The configuration: a wrong colour is named, a good one saved.
    let (_, config) = api
        .get(&format!("/api/certificate/config/{o}"), &s.admin)
        .await;
    let mut design = config["data"].clone();
    design["awards"][0]["colour"] = json!("gold");
    let (status, body) = api
        .post(
            &format!("/api/certificate/config/{o}"),
            design.clone(),
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["awards[0].colour"].is_string(), "{body}");
    design["awards"][0]["colour"] = json!("#aa8800");
    design["signature"] = json!("Dr N. Dlamini");
    let (status, body) = api
        .post(&format!("/api/certificate/config/{o}"), design, &s.admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["signature"], "Dr N. Dlamini");

    // Not from results that are not final.
    let generate = format!("/api/certificate/generate?olympiadId={o}");
    let (status, _) = api.post(&generate, json!({}), &s.admin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": o, "state": state, "reason": "Done" });
        api.post("/api/results/state", body, &s.admin).await;
    }
    let (_, moderated) = api
        .get(
            &format!("/api/certificate/moderated?olympiadId={o}"),
            &s.admin,
        )
        .await;
    assert_eq!(moderated["data"].as_array().unwrap().len(), 1);

    let (status, body) = api.post(&generate, json!({}), &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["waiting"], 1);
    // Asked twice: one run.
    api.post(&generate, json!({}), &s.admin).await;
    assert_eq!(s.run_certificate_jobs(), 1);
    let (_, status_body) = api
        .get(
            &format!("/api/certificate/generation-status?olympiadId={o}"),
            &s.admin,
        )
        .await;
    assert_eq!(status_body["data"]["made"], 1);
    assert_eq!(status_body["data"]["certificates"], 1);
    assert_eq!(status_body["data"]["run"]["status"], "generated");

    // Sending queues the school's e-mail through the mail queue.
    let emails_before = Job::count_by_status(&mut s.fx.db.conn(), JobStatus::Done).unwrap();
    let (status, body) = api
        .post(
            &format!("/api/certificate/send?olympiadId={o}"),
            json!({}),
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(s.run_certificate_jobs(), 1);
    let emails_after = Job::count_by_status(&mut s.fx.db.conn(), JobStatus::Done).unwrap();
    assert!(
        emails_after > emails_before + 1,
        "the e-mail job was queued (and taken by the loop)"
    );
    let (_, sent) = api
        .get(
            &format!("/api/certificate/send-status?olympiadId={o}"),
            &s.admin,
        )
        .await;
    assert_eq!(sent["data"]["sent"], 1);
    assert!(s.logged("certificates_sending_started"));
    let (_, list) = api
        .get(&format!("/api/certificate/list/{o}"), &s.admin)
        .await;
    assert_eq!(list["data"][0]["status"], "sent");

    // The team downloads its ZIP: one PDF with the learner's certificate.
    let download = format!(
        "/api/certificate/download?schoolParticipantId={}",
        s.school_participant_id
    );
    let (status, content_type, bytes) = api
        .file(with_token(TestRequest::get().uri(&download), &s.teacher))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/zip");
    let archive = zip_names(&bytes);
    assert_eq!(archive.len(), 1);
    assert!(archive[0].ends_with(".pdf"), "{archive:?}");

    // Another school's teacher does not reach it.
    let stranger = s.fx.teacher("stranger@example.org").build();
    let (status, _, _) = api
        .file(with_token(
            TestRequest::get().uri(&download),
            &stranger.token,
        ))
        .await;
    assert!(
        status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
        "{status}"
    );

    // One school again: made and sent again.
    let again = format!(
        "/api/certificates/regenerate-and-send-to-school?schoolParticipantId={}",
        s.school_participant_id
    );
    let (status, body) = api.get(&again, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["status"], "waiting");
    assert_eq!(s.run_certificate_jobs(), 1);
    let (_, list) = api
        .get(&format!("/api/certificate/list/{o}"), &s.admin)
        .await;
    assert_eq!(list["data"][0]["status"], "sent");

    // The specification's address for the same, without `/api`: the same gate and the same work.
    let spec_path = again.trim_start_matches("/api");
    let (status, body) = api.send(TestRequest::get().uri(spec_path)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = api.get(spec_path, &s.teacher).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = api.get(spec_path, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["status"], "waiting");
    assert_eq!(s.run_certificate_jobs(), 1);
}

fn zip_names(bytes: &[u8]) -> Vec<String> {
    // The central directory's file names, read without a ZIP library: each entry starts "PK\x01\x02"
    // and keeps its name's length at offset 28 and the name from offset 46.
    let mut names = Vec::new();
    let mut i = 0;
    while i + 46 <= bytes.len() {
        if &bytes[i..i + 4] == b"PK\x01\x02" {
            let len = usize::from(u16::from_le_bytes([bytes[i + 28], bytes[i + 29]]));
            names.push(String::from_utf8_lossy(&bytes[i + 46..i + 46 + len]).into_owned());
            i += 46 + len;
        } else {
            i += 1;
        }
    }
    names
}

/// Finished attempts of `count` more learners of the sitting's school, each with its own score,
/// written in plain SQL (thousands of learners through the sitting would take minutes).
fn more_finished(s: &Sitting, count: usize) {
    use diesel::connection::SimpleConnection;
    let mut conn = s.fx.db.conn();
    let entry = s.school_participant_id;
    let school: i64 = olympiad_persistence::models::SchoolParticipant::find(&mut conn, entry)
        .unwrap()
        .school_id
        .get();
    let (o, base) = (s.olympiad_id, 1_000_000);
    let rows = |row: &dyn Fn(usize) -> String| (0..count).map(row).collect::<Vec<_>>().join(",");
    conn.batch_execute(&format!(
        "INSERT INTO users (id, username, password_hash) VALUES {};
         INSERT INTO learners (id, school_id, first_name, last_name, grade, class_name, gender, home_language, consent_given, consent_by, consent_relationship) VALUES {};
         INSERT INTO participants (id, olympiad_id, learner_id, school_participant_id, user_id, status) VALUES {};
         INSERT INTO attempts (id, participant_id, olympiad_id, school_participant_id, status, declaration_accepted_at, device_key_hash, score, finished_at) VALUES {};",
        rows(&|i| format!("({}, 'export{i}', 'x')", base + i)),
        rows(&|i| format!("({}, {school}, 'Learner', 'Number {i:05}', {}, 'A', '', '', true, '', '')", base + i, 8 + i % 5)),
        rows(&|i| format!("({0}, {o}, {0}, {entry}, {0}, 'finished')", base + i)),
        rows(&|i| format!("({0}, {0}, {o}, {entry}, 'finished', '2026-11-25 08:00:00', 'x', {1}, '2026-11-25 09:00:00')", base + i, (i * 7919) % 61)),
    ))
    .unwrap();
}

#[actix_web::test]
async fn a_results_export_of_thousands_is_every_row_in_the_grids_order_and_is_refused_before_it_starts(
) {
    let s = Sitting::finished().await;
    more_finished(&s, 4_499);
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    let export = |query: &str, token: &str| {
        with_token(
            TestRequest::get().uri(&format!("/api/results?olympiadId={o}&format=csv{query}")),
            token,
        )
    };
    let (status, content_type, bytes) = api.file(export("&sort=-score", &s.admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "text/csv; charset=utf-8");
    let text = String::from_utf8(bytes).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("\u{feff}Rank,First name,Last name"),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines.len(),
        1 + 4_500,
        "the headings and every result, once"
    );
    // In the grid's order, read in chunks: the same rows as its pages.
    let names = |page: &Value| -> Vec<String> {
        page["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                format!(
                    "{} {}",
                    r["firstName"].as_str().unwrap(),
                    r["lastName"].as_str().unwrap()
                )
            })
            .collect()
    };
    for page in [1, 5, 9] {
        let grid = api
            .results(
                o,
                &s.admin,
                &format!("&sort=-score&pageSize=500&page={page}"),
            )
            .await;
        let exported: Vec<String> = lines[1 + (page - 1) * 500..1 + page * 500]
            .iter()
            .map(|line| {
                let cells: Vec<&str> = line.split(',').collect();
                format!("{} {}", cells[1], cells[2])
            })
            .collect();
        assert_eq!(exported, names(&grid), "page {page}");
    }
    // Filtered: only the grade's rows. Nothing selected: the headings alone.
    let (_, _, grade) = api.file(export("&grade=9", &s.admin)).await;
    let in_grade = api.results(o, &s.admin, "&grade=9").await["total"]
        .as_u64()
        .unwrap();
    assert!(in_grade >= 900);
    let lines_of_grade = String::from_utf8(grade).unwrap().lines().count();
    assert_eq!(lines_of_grade as u64, 1 + in_grade);
    let (status, _, none) = api
        .file(export("&search=nobody-by-this-name", &s.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(String::from_utf8(none).unwrap().lines().count(), 1);

    // Refusals come as they always do, before any row: another olympiad's admin, a sort key
    // the results do not know.
    s.fx.olympiad("history");
    let other = s.fx.token_for(s.fx.user(
        "history-admin@example.org",
        olympiad_domain::Role::Admin,
        Some("history"),
    ));
    let (status, _, body) = api.file(export("", &other)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["success"], false);
    let (status, _, body) = api.file(export("&sort=password", &s.admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert!(body["fields"]["sort"].is_string(), "{body}");
}
