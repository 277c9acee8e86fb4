//! Reads that can wait go to a real streaming replica (`DATABASE_READ_URL`): the test starts a
//! PostgreSQL primary and a hot standby of it (`scripts/postgres-cluster.sh start` and `replica`),
//! and `olympiad serve` on both. While the replica's replay is paused, the reports and a grid's
//! export still show the olympiad as it was, while the sitting and the grid's page show what was
//! just written: those reads came from the replica. Once the replica is stopped, saves go on and
//! the reports answer from the primary.
//!
//! PostgreSQL only (`TEST_DATABASE=postgres`, as `make test` runs it); the pair of clusters is
//! the test's own, whatever `TEST_DATABASE_URL` names.

use crate::clusters::Cluster;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use olympiad_bench::client::{client, save_next, saved_answers, sign_in, start};
use olympiad_bench::fixtures::enter_many;
use olympiad_bench::server::{command, free_port, ServerProcess};
use olympiad_persistence::schema::olympiads;
use olympiad_persistence::testing::backend;
use olympiad_persistence::{open_pool, Database};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

const PASSWORD: &str = "replica-learner-password";
const SCRAPE_SECRET: &str = "a-scrape-secret-of-at-least-32-characters";

/// Waits until the replica has replayed everything the primary has written so far.
fn wait_for_replay(primary: &Cluster, replica: &Cluster) {
    let written: String = diesel::select(sql::<Text>("pg_current_wal_lsn()::text"))
        .get_result(&mut primary.connect())
        .unwrap();
    let mut conn = replica.connect();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let replayed: bool = diesel::select(sql::<Bool>(&format!(
            "coalesce(pg_last_wal_replay_lsn() >= '{written}'::pg_lsn, false)"
        )))
        .get_result(&mut conn)
        .unwrap();
        if replayed {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the replica did not reach {written}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn replay_paused(replica: &Cluster, paused: bool) {
    let mut conn = replica.connect();
    let call = if paused {
        "pg_wal_replay_pause()"
    } else {
        "pg_wal_replay_resume()"
    };
    diesel::sql_query(format!("SELECT {call}"))
        .execute(&mut conn)
        .unwrap();
    let want = if paused { "paused" } else { "not paused" };
    let deadline = Instant::now() + Duration::from_secs(30);
    while diesel::select(sql::<Text>("pg_get_wal_replay_pause_state()"))
        .get_result::<String>(&mut conn)
        .unwrap()
        != want
    {
        assert!(Instant::now() < deadline, "replay not {want}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The node's `/metrics` page, scraped with its secret.
async fn metrics(http: &awc::Client, base: &str) -> (u16, String) {
    let url = format!("{base}/metrics");
    call(http, "GET", &url, SCRAPE_SECRET, None).await
}

async fn call(
    http: &awc::Client,
    method: &str,
    url: &str,
    token: &str,
    body: Option<&Value>,
) -> (u16, String) {
    let request = match method {
        "GET" => http.get(url),
        _ => http.post(url),
    }
    .insert_header(("Authorization", format!("Bearer {token}")));
    let mut response = match body {
        Some(body) => request.send_json(body).await,
        None => request.send().await,
    }
    .unwrap();
    let status = response.status().as_u16();
    let body = response.body().limit(1 << 22).await.unwrap();
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// Learners who started (writing or finished), per the admin's Overview (a report).
async fn started(http: &awc::Client, base: &str, token: &str, olympiad: i64) -> i64 {
    let (status, body) = call(
        http,
        "POST",
        &format!("{base}/api/reports/olympiad/overview/{olympiad}"),
        token,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let body: Value = serde_json::from_str(&body).unwrap();
    body["data"]["totals"]["started"].as_i64().unwrap()
}

#[test]
fn reports_and_exports_read_from_the_replica_and_saves_outlive_it() {
    if backend() != "postgres" {
        eprintln!("a streaming replica is PostgreSQL's: run with TEST_DATABASE=postgres");
        return;
    }
    let primary = Cluster::primary();
    let replica = Cluster::replica_of(&primary);
    let data = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let seeded = command(bin, &primary.url, data.path())
        .args(["seed-demo", "--password", "replica-demo"])
        .output()
        .unwrap();
    assert!(seeded.status.success(), "{seeded:?}");
    let pool = open_pool(&Database::Postgres(primary.url.clone()), 1).unwrap();
    let usernames = enter_many(&mut pool.get().unwrap(), "geography", 3, PASSWORD).unwrap();
    let olympiad: i64 = olympiads::table
        .filter(olympiads::name.eq("geography"))
        .select(olympiads::id)
        .first(&mut pool.get().unwrap())
        .unwrap();
    drop(pool);

    let node = ServerProcess::start_with(
        bin,
        &primary.url,
        data.path(),
        free_port().unwrap(),
        &[
            ("DATABASE_READ_URL", &replica.url),
            ("METRICS_SECRET", SCRAPE_SECRET),
        ],
    )
    .unwrap();
    let base = node.base_url.clone();

    actix_web::rt::System::new().block_on(async {
        let http = client(8);
        let (status, admin) = call(
            &http,
            "POST",
            &format!("{base}/api/auth/signin"),
            "",
            Some(
                &json!({ "username": "admin@example.org", "password": "replica-demo",
                          "olympiadName": "geography", "loginType": "admin" }),
            ),
        )
        .await;
        assert_eq!(status, 200, "{admin}");
        let admin: Value = serde_json::from_str(&admin).unwrap();
        let admin = admin["data"]["token"].as_str().unwrap().to_owned();

        // A first learner starts; once the replica has it, the report shows it.
        let token = sign_in(&http, &base, &usernames[0], PASSWORD, "geography")
            .await
            .unwrap();
        start(&http, &base, &usernames[0], &token).await.unwrap();
        wait_for_replay(&primary, &replica);
        assert_eq!(started(&http, &base, &admin, olympiad).await, 1);

        // Replay stops: what is written now stays on the primary alone.
        replay_paused(&replica, true);
        let token = sign_in(&http, &base, &usernames[1], PASSWORD, "geography")
            .await
            .unwrap();
        let mut second = start(&http, &base, &usernames[1], &token).await.unwrap();
        let (saved, _) = save_next(&http, &base, &mut second, 0).await.unwrap();
        assert_eq!(saved.status, 200, "{:?}", saved.body);
        // The sitting reads the primary: the learner's answer is there at once.
        let answers = saved_answers(&http, &base, &second).await.unwrap();
        assert_eq!(answers.len(), 1, "{answers:?}");
        // The report reads the replica: it has not seen the second learner start.
        assert_eq!(started(&http, &base, &admin, olympiad).await, 1);
        let (status, body) = call(
            &http,
            "GET",
            &format!("{base}/api/reports/olympiad/start-times?olympiadId={olympiad}"),
            &admin,
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");

        // A school added now: the grid's page (the primary) shows it, its export (the replica)
        // does not yet.
        let (status, body) = call(
            &http,
            "POST",
            &format!("{base}/api/school"),
            &admin,
            Some(
                &json!({ "name": "Replica Lag High School", "province": "Gauteng",
                          "sector": "public" }),
            ),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let grid = format!("{base}/api/school?olympiadId={olympiad}&search=Replica%20Lag");
        let (status, page) = call(&http, "GET", &grid, &admin, None).await;
        assert_eq!(status, 200, "{page}");
        assert!(page.contains("Replica Lag High School"), "{page}");
        let (status, export) =
            call(&http, "GET", &format!("{grid}&format=csv"), &admin, None).await;
        assert_eq!(status, 200, "{export}");
        assert!(!export.contains("Replica Lag High School"), "{export}");

        // Replay resumes and the replica catches up: the report and the export see it all.
        replay_paused(&replica, false);
        wait_for_replay(&primary, &replica);
        assert_eq!(started(&http, &base, &admin, olympiad).await, 2);
        let (_, export) = call(&http, "GET", &format!("{grid}&format=csv"), &admin, None).await;
        assert!(export.contains("Replica Lag High School"), "{export}");

        let (status, page) = metrics(&http, &base).await;
        assert_eq!(status, 200);
        assert!(page.contains("olympiad_db_read_pool_size 4"), "{page}");
        assert!(
            page.contains("olympiad_db_read_fallbacks_total 0"),
            "{page}"
        );

        // The replica goes down. Saves go on; the reports answer from the primary, which has
        // the third learner who starts now.
        replica.stop();
        let (saved, _) = save_next(&http, &base, &mut second, 1).await.unwrap();
        assert_eq!(saved.status, 200, "{:?}", saved.body);
        let token = sign_in(&http, &base, &usernames[2], PASSWORD, "geography")
            .await
            .unwrap();
        start(&http, &base, &usernames[2], &token).await.unwrap();
        assert_eq!(started(&http, &base, &admin, olympiad).await, 3);
        let (status, export) =
            call(&http, "GET", &format!("{grid}&format=csv"), &admin, None).await;
        assert_eq!(status, 200, "{export}");
        let (_, page) = metrics(&http, &base).await;
        let fallbacks: u64 = page
            .lines()
            .find_map(|l| l.strip_prefix("olympiad_db_read_fallbacks_total "))
            .unwrap()
            .parse()
            .unwrap();
        assert!(fallbacks >= 2, "{fallbacks} reads went to the primary");
    });
    drop(node);
}
