//! Schools and learners: loading a 2,000-learner spreadsheet (preview, then commit), and the
//! Learners grid with 100,000 learners in the database (first page, a filtered page, the exports).
//! Every step goes through the real HTTP application.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a benchmark that cannot set up has failed

use actix_web::test::{init_service, TestRequest};
use diesel::connection::SimpleConnection;
use olympiad_bench::fixtures::{
    admin_token, entered_schools, insert_learners, school, staff_token, LearnerRow,
};
use olympiad_bench::{answered, geography_office, median_ms, millis, report};
use olympiad_documents::{Cell, Table};
use olympiad_domain::roster::heading_of;
use olympiad_domain::Role;
use olympiad_http::testing::multipart;
use olympiad_persistence::models::{Olympiad, SchoolParticipant, Teacher, TeamMember};
use olympiad_persistence::DbConnection;
use std::time::Instant;

const IMPORT_ROWS: usize = 2_000;
const GRID_LEARNERS: usize = 100_000;
const GRID_SCHOOLS: usize = 200;

const FIRST_NAMES: &[&str] = &[
    "Lerato", "Sipho", "Zanele", "Pieter", "Ayanda", "Naledi", "Thabo", "Anika", "Kagiso", "Zoë",
    "Bongani", "Refilwe", "Johan", "Nomvula", "Tshepo", "Lindiwe",
];
const LAST_NAMES: &[&str] = &[
    "Molefe",
    "Dube",
    "Khumalo",
    "van Wyk",
    "Zulu",
    "Mokoena",
    "Nkosi",
    "Botha",
    "Sithole",
    "Müller",
    "Mahlangu",
    "Mabena",
    "du Plessis",
    "Ndlovu",
    "Mokgadi",
    "Shabalala",
    "Pretorius",
    "Cele",
    "Letsoalo",
    "Steyn",
];

fn sheet(rows: usize) -> Vec<u8> {
    // The columns as the import reads them.
    let fields = [
        "firstName",
        "lastName",
        "grade",
        "className",
        "gender",
        "consentGiven",
        "consentBy",
    ];
    let mut table = Table::new(&fields.map(heading_of));
    for i in 0..rows {
        let first = FIRST_NAMES[i % FIRST_NAMES.len()];
        // Every row a different learner: the surname carries the row number.
        let last = format!("{} {}", LAST_NAMES[i % LAST_NAMES.len()], i);
        table.push(vec![
            first.into(),
            last.into(),
            Cell::from(8 + (i % 5) as i32),
            ["A", "B", "C"][i % 3].into(),
            ["F", "M"][i % 2].into(),
            "Yes".into(),
            format!("Parent of {first}").into(),
        ]);
    }
    table.to_xlsx("Learners").unwrap()
}

/// 100,000 learners in 200 schools entered in the olympiad, written in batches of plain SQL (the
/// fastest way in, and not what is measured).
fn fill_learners(conn: &mut DbConnection, olympiad: &Olympiad) {
    let school_ids: Vec<i64> = entered_schools(conn, olympiad, GRID_SCHOOLS, |s| {
        format!("Grid School {s:03}")
    })
    .into_iter()
    .map(|(school, _)| school)
    .collect();
    conn.batch_execute("BEGIN").unwrap();
    insert_learners(conn, &school_ids, GRID_LEARNERS, |i| LearnerRow {
        first_name: FIRST_NAMES[i % FIRST_NAMES.len()].to_owned(),
        last_name: format!("{} {}", LAST_NAMES[(i / 7) % LAST_NAMES.len()], i),
        grade: 8 + (i % 5),
        class_name: ["A", "B", "C"][i % 3],
    });
    conn.batch_execute("COMMIT").unwrap();
}

#[actix_web::main]
async fn main() {
    let (db, state, olympiad) = geography_office();
    let mut conn = db.conn();
    let home = school(&mut conn, "Waterkloof High School", "Gauteng");
    let (teacher_user, teacher) = staff_token(
        &state,
        &mut conn,
        "teacher@bench.example",
        Role::Teacher,
        None,
    );
    let admin = admin_token(&state, &mut conn, &olympiad);
    let teacher_row = Teacher::ensure(&mut conn, teacher_user, Some(home.id)).unwrap();
    let (entry, _) =
        SchoolParticipant::ensure(&mut conn, olympiad.id, home.id, Some(teacher_user)).unwrap();
    TeamMember::ensure(&mut conn, entry.id, teacher_row.id, true).unwrap();
    let app = init_service(olympiad_http::app(state.clone())).await;

    // The import: preview of a 2,000-row XLSX, then the commit of its rows.
    let bytes = sheet(IMPORT_ROWS);
    let start = Instant::now();
    let preview_uri = format!(
        "/api/learner/import/preview?schoolParticipantId={}",
        entry.id
    );
    let sheet_upload = multipart(&preview_uri, "learners.xlsx", &bytes);
    let preview = answered(&app, sheet_upload, &teacher).await;
    let preview: serde_json::Value = serde_json::from_slice(&preview).unwrap();
    report(
        "schools_import_preview_2000_rows",
        millis(start.elapsed()),
        "ms",
    );
    assert_eq!(
        preview["data"]["good"], IMPORT_ROWS,
        "every row of the bench sheet is good"
    );
    let rows: Vec<serde_json::Value> = preview["data"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["row"].clone())
        .collect();
    let start = Instant::now();
    let commit = TestRequest::post()
        .uri(&format!(
            "/api/learner/import?schoolParticipantId={}",
            entry.id
        ))
        .set_json(serde_json::json!({ "rows": rows }));
    answered(&app, commit, &teacher).await;
    report(
        "schools_import_commit_2000_rows",
        millis(start.elapsed()),
        "ms",
    );

    // The Learners grid over 100,000 learners.
    let start = Instant::now();
    fill_learners(&mut conn, &olympiad);
    eprintln!(
        "filled {GRID_LEARNERS} learners in {:.0} ms",
        millis(start.elapsed())
    );
    let grid = |query: String| {
        let app = &app;
        let admin = admin.clone();
        async move {
            let uri = format!("/api/learner?olympiadId={}&{query}", olympiad.id);
            answered(app, TestRequest::get().uri(&uri), &admin)
                .await
                .len()
        }
    };
    let first = median_ms(5, || async {
        grid("page=1&pageSize=25&sort=name".into()).await;
    })
    .await;
    report("schools_learners_grid_first_page_100k", first, "ms");
    let filtered = median_ms(5, || async {
        grid("page=2&pageSize=25&sort=-grade,name&grade=10&province=Gauteng&search=mol".into())
            .await;
    })
    .await;
    report("schools_learners_grid_filtered_page_100k", filtered, "ms");
    let start = Instant::now();
    let size = grid("sort=name&format=csv".into()).await;
    report(
        "schools_learners_export_csv_100k",
        millis(start.elapsed()),
        "ms",
    );
    report(
        "schools_learners_export_csv_100k_size",
        size as f64 / 1_048_576.0,
        "MiB",
    );
    let start = Instant::now();
    grid("sort=name&format=xlsx".into()).await;
    report(
        "schools_learners_export_xlsx_100k",
        millis(start.elapsed()),
        "ms",
    );
    drop(conn);
}
