//! Two, then four, `olympiad serve` processes, sharing nothing but one PostgreSQL database, behind
//! no sticky load balancer: a learner signs in on one node and saves on another; an admin signs in
//! on one, pauses on a third, and the pause holds on a second; sign-in limits hold across all of
//! them; every queued e-mail is sent once, by one of the workers; and learners saving on every
//! node at once, with their progress pings crossing over, lose nothing and never fail a writer's
//! batch.
//!
//! PostgreSQL only (`TEST_DATABASE=postgres`, as `make test` runs it): a SQLite file serves one node.

use crate::common::start_nodes;
use diesel::prelude::*;
use olympiad_bench::client::{client, save_next, saved_answers, sign_in, start, Learner};
use olympiad_bench::fixtures::enter_many;
use olympiad_bench::server::command;
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::schema::{jobs, participants, users};
use olympiad_persistence::testing::{backend, TestDatabase};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

const PASSWORD: &str = "two-nodes-password";
const LEARNERS: usize = 12;
const EMAILS: usize = 20;

async fn post(http: &awc::Client, url: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
    let mut request = http.post(url);
    if let Some(token) = token {
        request = request.insert_header(("Authorization", format!("Bearer {token}")));
    }
    let mut response = request.send_json(body).await.unwrap();
    let status = response.status().as_u16();
    let body = response
        .json::<Value>()
        .limit(1 << 20)
        .await
        .unwrap_or(Value::Null);
    (status, body)
}

async fn scrape(http: &awc::Client, base: &str, token: &str) -> String {
    let mut response = http
        .get(format!("{base}/metrics"))
        .insert_header(("Authorization", format!("Bearer {token}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    String::from_utf8(response.body().await.unwrap().to_vec()).unwrap()
}

fn metric(page: &str, name: &str) -> f64 {
    page.lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("{name} is not on the page"))
        .parse()
        .unwrap()
}

#[test]
fn two_nodes_on_one_postgresql_share_sign_ins_limits_jobs_and_the_sitting() {
    nodes_share_one_postgresql(2);
}

#[test]
fn four_nodes_on_one_postgresql_share_sign_ins_limits_jobs_and_the_sitting() {
    nodes_share_one_postgresql(4);
}

/// `count` nodes (at least two) on one database, through everything the module's heading names.
fn nodes_share_one_postgresql(count: usize) {
    if backend() != "postgres" {
        eprintln!("several nodes share a PostgreSQL database: run with TEST_DATABASE=postgres");
        return;
    }
    let db = TestDatabase::new();
    let data = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let seeded = command(bin, &db.url(), data.path())
        .args(["seed-demo", "--password", "two-nodes-demo"])
        .output()
        .unwrap();
    assert!(seeded.status.success(), "{seeded:?}");
    let usernames = enter_many(&mut db.conn(), "geography", LEARNERS, PASSWORD).unwrap();

    // Each node has its own data folder (nothing shared but the database) and the same JWT secret.
    let secret = "a-jwt-secret-shared-by-every-node-of-the-test";
    let settings = [
        ("JWT_SECRET", secret),
        ("SIGNIN_LIMIT_PER_USERNAME", "4"),
        (
            "METRICS_SECRET",
            "a-scrape-secret-of-at-least-32-characters",
        ),
    ];
    let nodes = start_nodes(bin, &db.url(), count, &settings);
    let bases = nodes.bases.clone();
    // The node after `n`, round the ring.
    let node = |n: usize| &bases[n % count];
    let scrape_secret = settings[2].1;

    // Every e-mail queued is sent once, by whichever worker claims it.
    {
        let mut conn = db.conn();
        for n in 0..EMAILS {
            let email = Email::TwoFactorEnabled {
                to: Recipient {
                    email: format!("node-mail-{n}@example.org"),
                    name: format!("Person {n}"),
                    username: format!("node-mail-{n}@example.org"),
                },
            };
            olympiad_office::mail::queue_email(&mut conn, &email).unwrap();
        }
    }

    let entry_of_first: i64 = participants::table
        .inner_join(users::table)
        .filter(users::username.eq(&usernames[0]))
        .select(participants::school_participant_id.assume_not_null())
        .first(&mut db.conn())
        .unwrap();

    actix_web::rt::System::new().block_on(async {
        let http = client(64);

        // Sign-in limits hold across nodes: four wrong passwords spread over the nodes, and the
        // fifth attempt is refused on every node, even with the right password.
        let wrong = |password: &str| {
            json!({ "username": usernames[LEARNERS - 1], "password": password,
                    "olympiadName": "geography", "loginType": "learner" })
        };
        for n in 0..4 {
            let base = node(n);
            let (status, _) = post(
                &http,
                &format!("{base}/api/auth/signin"),
                None,
                &wrong("nope-nope-nope"),
            )
            .await;
            assert_eq!(status, 401, "attempt {n} on {base}");
        }
        for base in &bases {
            let (status, body) = post(
                &http,
                &format!("{base}/api/auth/signin"),
                None,
                &wrong(PASSWORD),
            )
            .await;
            assert_eq!(status, 429, "{base}: {body}");
        }

        // Signed in on one node, writing on the other.
        let mut learners: Vec<Learner> = Vec::new();
        for (n, username) in usernames[..LEARNERS - 1].iter().enumerate() {
            let (sign_in_on, start_on) = (node(n), node(n + 1));
            let token = sign_in(&http, sign_in_on, username, PASSWORD, "geography")
                .await
                .unwrap();
            learners.push(start(&http, start_on, username, &token).await.unwrap());
        }

        // Signed in on the first node, paused on the third: no save is taken on the second;
        // resumed on the fourth: saves go on, on the first (with two nodes, round the ring).
        let (status, admin) = post(
            &http,
            &format!("{}/api/auth/signin", node(0)),
            None,
            &json!({ "username": "admin@example.org", "password": "two-nodes-demo",
                     "olympiadName": "geography", "loginType": "admin" }),
        )
        .await;
        assert_eq!(status, 200, "{admin}");
        let admin = admin["data"]["token"].as_str().unwrap().to_owned();
        let pause = json!({ "schoolParticipantId": entry_of_first, "reason": "load-shedding" });
        let (status, body) = post(
            &http,
            &format!("{}/api/sitting/pause", node(2)),
            Some(&admin),
            &pause,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let mut first = learners[0].clone();
        let (paused, _) = save_next(&http, node(1), &mut first, 0).await.unwrap();
        assert_eq!(
            paused.status, 409,
            "a save on the other node while paused: {:?}",
            paused.body
        );
        let (status, body) = post(
            &http,
            &format!("{}/api/sitting/resume", node(3)),
            Some(&admin),
            &pause,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (resumed, _) = save_next(&http, node(0), &mut first, 1).await.unwrap();
        assert_eq!(resumed.status, 200, "{:?}", resumed.body);
        learners[0] = first;

        // Every learner saves on every node at once (each save to the node after the last one),
        // while their progress pings go to yet another node: the nodes' writers meet on the same
        // attempts. Nothing acknowledged is lost, and no writer's batch fails.
        let began = Instant::now();
        let streams = learners
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, mut learner)| {
                let (http, bases) = (http.clone(), bases.clone());
                async move {
                    let mut acknowledged: HashMap<i64, (i64, String)> = HashMap::new();
                    let mut n = 0;
                    while began.elapsed() < Duration::from_secs(3) {
                        let save_on = &bases[(n + i) % count];
                        let ping_on = &bases[(n + i + 1) % count];
                        let ping = http
                            .post(format!("{ping_on}/api/participant-tracker?olympiadId=1"))
                            .insert_header(("Authorization", learner.authorization.as_str()))
                            .insert_header(("X-Attempt-Key", learner.attempt_key.as_str()))
                            .send_json(&json!({ "position": "1/1", "online": true }));
                        let save = save_next(&http, save_on, &mut learner, n);
                        let (_, saved) = futures_util::future::join(ping, save).await;
                        let (answered, (question, seq, answer)) = saved.unwrap();
                        assert_eq!(answered.status, 200, "{:?}", answered.body);
                        acknowledged.insert(question, (seq, answer));
                        n += 1;
                    }
                    (learner, acknowledged)
                }
            });
        let written = futures_util::future::join_all(streams).await;
        for (learner, acknowledged) in &written {
            let stored: HashMap<i64, (i64, Value)> = saved_answers(&http, node(1), learner)
                .await
                .unwrap()
                .into_iter()
                .map(|(question, seq, answer)| (question, (seq, answer)))
                .collect();
            for (question, (seq, answer)) in acknowledged {
                let (stored_seq, stored_answer) = &stored[question];
                assert_eq!(stored_seq, seq, "{}: question {question}", learner.username);
                assert_eq!(
                    *stored_answer,
                    serde_json::from_str::<Value>(answer).unwrap()
                );
            }
        }
        let mut saves = 0.0;
        for base in &bases {
            let page = scrape(&http, base, scrape_secret).await;
            assert_eq!(
                metric(&page, "olympiad_answer_batch_retries_total"),
                0.0,
                "{base}"
            );
            saves += metric(&page, "olympiad_answer_saves_total");
        }
        assert!(saves >= (LEARNERS - 1) as f64, "{saves} saves counted");
    });

    // Every e-mail was sent exactly once, among the workers.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let waiting: i64 = jobs::table
            .filter(jobs::status.ne("done"))
            .filter(jobs::recipient.like("node-mail-%"))
            .count()
            .get_result(&mut db.conn())
            .unwrap();
        if waiting == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "{waiting} e-mails still waiting");
        std::thread::sleep(Duration::from_millis(200));
    }
    let sent: usize = nodes
        .folders
        .iter()
        .map(|folder| {
            std::fs::read_dir(folder.path().join("outbox"))
                .map(|files| {
                    files
                        .filter_map(Result::ok)
                        .filter(|f| {
                            std::fs::read_to_string(f.path())
                                .is_ok_and(|text| text.contains("node-mail-"))
                        })
                        .count()
                })
                .unwrap_or(0)
        })
        .sum();
    assert_eq!(sent, EMAILS, "each e-mail once, by one of the nodes");
    let attempts: Vec<i32> = jobs::table
        .filter(jobs::recipient.like("node-mail-%"))
        .select(jobs::attempts)
        .load(&mut db.conn())
        .unwrap();
    assert!(attempts.iter().all(|a| *a == 1), "{attempts:?}");
    drop(nodes);
}
