//! Reports: the overlord's overview of every olympiad, one olympiad's overview per school and its
//! graph data, with 100,000 learners entered in 200 schools (a quarter finished, a quarter writing),
//! each school with its purchase order (half of them paid).
//! Every call goes through the real HTTP application.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a benchmark that cannot set up has failed

use actix_web::test::{init_service, TestRequest};
use diesel::connection::SimpleConnection;
use olympiad_bench::fixtures::{
    admin_token, entered_schools, insert_learners, overlord_token, LearnerRow,
};
use olympiad_bench::{answered, geography_office, median_ms, millis, report};
use olympiad_persistence::models::Olympiad;
use olympiad_persistence::DbConnection;
use std::time::Instant;

const LEARNERS: usize = 100_000;
const SCHOOLS: usize = 200;

/// 100,000 learners, their users, their entries in the olympiad and the attempts of those who
/// started, written in plain SQL (the fastest way in, and not what is measured).
fn fill(conn: &mut DbConnection, olympiad: &Olympiad) {
    let school_ids: Vec<i64> =
        entered_schools(conn, olympiad, SCHOOLS, |s| format!("Report School {s:03}"))
            .into_iter()
            .map(|(school, _)| school)
            .collect();
    conn.batch_execute("BEGIN").unwrap();
    insert_learners(conn, &school_ids, LEARNERS, |i| LearnerRow {
        first_name: "Learner".to_owned(),
        last_name: format!("Number {i}"),
        grade: 8 + (i % 5),
        class_name: "A",
    });
    let id = olympiad.id;
    conn.batch_execute(&format!(
        "INSERT INTO users (username, password_hash, first_name, last_name) \
         SELECT 'bench' || id, 'x', first_name, last_name FROM learners;
         INSERT INTO participants (olympiad_id, learner_id, school_participant_id, user_id, status) \
         SELECT {id}, l.id, sp.id, u.id, \
                CASE l.id % 4 WHEN 0 THEN 'finished' WHEN 1 THEN 'writing' ELSE 'registered' END \
         FROM learners l \
         JOIN users u ON u.username = 'bench' || l.id \
         JOIN school_participants sp ON sp.school_id = l.school_id AND sp.olympiad_id = {id};
         INSERT INTO attempts (participant_id, olympiad_id, school_participant_id, status, declaration_accepted_at, device_key_hash, started_at) \
         SELECT p.id, {id}, p.school_participant_id, p.status, '2026-11-25 08:00:00', 'x', '2026-11-25 09:00:00' \
         FROM participants p WHERE p.status IN ('finished', 'writing');
         INSERT INTO purchase_orders (olympiad_id, school_participant_id, reference, pay_token, learners, unit_cents, subtotal_cents, vat_cents, total_cents, paid, pre_approved) \
         SELECT {id}, id, 'GEO26-' || CAST(100000 + id AS TEXT), 'token-' || id, 500, 5000, 2500000, 375000, 2875000, id % 2 = 0, false \
         FROM school_participants WHERE olympiad_id = {id};
         COMMIT"
    ))
    .unwrap();
}

#[actix_web::main]
async fn main() {
    let (db, state, olympiad) = geography_office();
    let mut conn = db.conn();
    let admin = admin_token(&state, &mut conn, &olympiad);
    let overlord = overlord_token(&state, &mut conn);
    let start = Instant::now();
    fill(&mut conn, &olympiad);
    if let DbConnection::Postgresql(_) = &*conn {
        conn.batch_execute("ANALYZE").unwrap();
    }
    eprintln!(
        "filled {LEARNERS} learners in {:.0} ms",
        millis(start.elapsed())
    );
    drop(conn);
    let app = init_service(olympiad_http::app(state.clone())).await;
    let post = |uri: String, token: String| {
        let app = &app;
        async move { answered(app, TestRequest::post().uri(&uri), &token).await }
    };
    // The answers are right before they are timed.
    let body = post("/api/reports/olympiad/overview".into(), overlord.clone()).await;
    let all: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(all["data"][0]["learners"], LEARNERS);
    assert_eq!(all["data"][0]["finished"], LEARNERS / 4);
    assert_eq!(all["data"][0]["paidOrders"], SCHOOLS / 2);
    assert_eq!(all["data"][0]["paidCents"], 2_875_000 * (SCHOOLS / 2));

    let every = median_ms(5, || async {
        post("/api/reports/olympiad/overview".into(), overlord.clone()).await;
    })
    .await;
    report("reports_overview_every_olympiad_100k", every, "ms");
    let id = olympiad.id;
    let one = median_ms(5, || async {
        post(
            format!("/api/reports/olympiad/overview/{id}?schoolId=-1"),
            admin.clone(),
        )
        .await;
    })
    .await;
    report("reports_overview_per_school_100k", one, "ms");
    let graph = median_ms(5, || async {
        post(
            format!("/api/reports/olympiad/graph-data/{id}"),
            admin.clone(),
        )
        .await;
    })
    .await;
    report("reports_graph_data_100k", graph, "ms");
}
