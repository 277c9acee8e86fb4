//! Answers written on paper end to end: a school's answer sheets as a PDF for its team and the
//! admin, the admin's spreadsheet of the sheets previewed with each problem's row and column, then
//! imported (all or nothing), marked by the same marking as online attempts, again without
//! doubling anything, and shown as written on paper in the results.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_documents::{Cell, Table};
use olympiad_http::testing::multipart;
use serde_json::{json, Value};

fn csv(rows: &[&str]) -> Vec<u8> {
    let mut text = String::from("Learner number,1,2,3,4\n");
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text.into_bytes()
}

#[actix_web::test]
async fn answer_sheets_are_printed_typed_in_previewed_imported_once_and_shown_as_written_on_paper()
{
    let s = Sitting::new();
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    let entry = s.school_participant_id;

    // The team prints the school's sheets: one a learner, with the learner number.
    let sheets = format!("/api/results/paper/sheets?schoolParticipantId={entry}");
    let (status, content_type, pdf) = api
        .file(with_token(TestRequest::get().uri(&sheets), &s.teacher))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/pdf");
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        olympiad_documents::fonts::extract::shown_texts(&pdf).contains(&"thabo.m".to_owned()),
        "the learner number is on the sheet"
    );
    assert!(text.contains("/Count 1"));
    let (status, _, _) = api
        .file(with_token(TestRequest::get().uri(&sheets), &s.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let stranger = s.fx.teacher("stranger@example.org").build();
    let (status, _, _) = api
        .file(with_token(TestRequest::get().uri(&sheets), &stranger.token))
        .await;
    assert!(
        status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
        "{status}"
    );

    // The preview names each problem's row and column, and writes nothing.
    let preview = format!("/api/results/paper/preview?olympiadId={o}");
    let import = format!("/api/results/paper/import?olympiadId={o}");
    let bad = csv(&["thabo.m,B,\"A,C\",12.5,Limpopo", "ghost,Z,,,"]);
    let (status, body) = api
        .send(with_token(multipart(&preview, "paper.csv", &bad), &s.admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["questions"], 4);
    assert_eq!(body["data"]["ready"], 1);
    assert_eq!(body["data"]["rows"][0]["learner"], "Thabo Mokoena");
    let problems = &body["data"]["rows"][1]["problems"];
    assert_eq!(body["data"]["rows"][1]["row"], 3);
    assert_eq!(problems[0]["column"], "Learner number");
    assert_eq!(problems[1]["column"], "1");
    let (status, body) = api
        .send(with_token(multipart(&import, "paper.csv", &bad), &s.admin))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["fields"]["rows[3].learnerNumber"].is_string(),
        "{body}"
    );
    assert!(body["fields"]["rows[3].q1"].is_string(), "{body}");
    let (_, list) = api
        .get(&format!("/api/results?olympiadId={o}"), &s.admin)
        .await;
    assert_eq!(list["data"]["total"], 0, "nothing was imported");

    // Wrong headings: the file is refused whole.
    let (status, body) = api
        .send(with_token(
            multipart(&preview, "paper.csv", b"Learner number,1,2\nthabo.m,B,A\n"),
            &s.admin,
        ))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["fields"]["file"].as_str().unwrap().contains("3, 4"),
        "{body}"
    );

    // A good XLSX: marked as online attempts are (2 + 3 + 1 + 1), written on paper.
    let mut table = Table::new(&["Learner number", "1", "2", "3", "4"]);
    table.push(
        ["Thabo.M", "b", "A C", "12,5", "limpopo"]
            .iter()
            .map(|c| Cell::from(*c))
            .collect(),
    );
    let good = table.to_xlsx("Paper answers").unwrap();
    let (status, body) = api
        .send(with_token(
            multipart(&import, "paper.xlsx", &good),
            &s.admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["created"], 1);
    assert!(s.logged("paper_answers_imported"));
    let row = only_row(api.results(o, &s.admin, "").await);
    assert_eq!(row["score"], 7);
    assert_eq!(row["onPaper"], true);
    let (_, online) = api
        .get(
            &format!("/api/results?olympiadId={o}&onPaper=false"),
            &s.admin,
        )
        .await;
    assert_eq!(online["data"]["total"], 0);

    // Again, with question 1 corrected on the sheet: replaced, never doubled.
    let corrected = csv(&["thabo.m,A,\"A,C\",12.5,Limpopo"]);
    for _ in 0..2 {
        let (status, body) = api
            .send(with_token(
                multipart(&import, "paper.csv", &corrected),
                &s.admin,
            ))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["replaced"], 1);
        assert_eq!(body["data"]["created"], 0);
    }
    let row = only_row(api.results(o, &s.admin, "&onPaper=true").await);
    assert_eq!(row["score"], 5);

    // The team's released results say it too.
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": o, "state": state, "reason": "Checked" });
        api.post("/api/results/state", body, &s.admin).await;
    }
    let (_, mine) = api
        .get(
            &format!("/api/results/school?schoolParticipantId={entry}"),
            &s.teacher,
        )
        .await;
    assert_eq!(mine["data"]["learners"][0]["onPaper"], true);
    // Final results take no import until reopened.
    let (status, _) = api
        .send(with_token(
            multipart(&import, "paper.csv", &corrected),
            &s.admin,
        ))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Teachers do not import.
    let (status, _) = api
        .send(with_token(
            multipart(&preview, "paper.csv", &corrected),
            &s.teacher,
        ))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// The one row of a results grid.
fn only_row(results: Value) -> Value {
    assert_eq!(results["total"], 1, "{results}");
    results["rows"][0].clone()
}

#[actix_web::test]
async fn a_learner_who_wrote_online_keeps_the_online_answers() {
    let (s, api, key) = Sitting::started().await;
    api.answer_all(&s, &key).await;
    let finish = TestRequest::post().uri("/api/sitting/finish");
    api.ok(with_device(finish, &s.learner, Some(&key))).await;
    let import = format!("/api/results/paper/import?olympiadId={}", s.olympiad_id);
    let (status, body) = api
        .send(with_token(
            multipart(&import, "paper.csv", &csv(&["thabo.m,A,,,"])),
            &s.admin,
        ))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["fields"]["rows[2].learnerNumber"]
            .as_str()
            .unwrap()
            .contains("wrote online"),
        "{body}"
    );
}

#[actix_web::test]
async fn simultaneous_first_requests_for_the_results_all_answer() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    let path = format!("/api/results/moderation?olympiadId={}", s.olympiad_id);
    // Each request makes the results row if it finds none; on PostgreSQL they run at once.
    let answers = futures_util::future::join_all(
        (0..6).map(|_| api.send(with_token(TestRequest::get().uri(&path), &s.admin))),
    )
    .await;
    for (status, body) in answers {
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["state"], "provisional");
    }
}

#[actix_web::test]
async fn simultaneous_first_reads_make_one_results_row() {
    use olympiad_persistence::models::OlympiadResults;
    let s = Sitting::new();
    let barrier = std::sync::Barrier::new(4);
    let ids: Vec<i64> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let mut conn = s.fx.db.conn();
                    barrier.wait();
                    OlympiadResults::of_olympiad(&mut conn, s.olympiad_id)
                        .unwrap()
                        .id
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    assert!(ids.windows(2).all(|w| w[0] == w[1]), "{ids:?}");
}
