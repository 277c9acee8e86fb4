//! What a learner's start costs the database, step by step: every statement the server sends is
//! counted (diesel's instrumentation, on every connection of the process), and each step of the
//! start must stay within its commits and statements. On SQLite every commit is an fsync behind
//! the one writer, so the commits of a start bound how many learners start a second; on
//! PostgreSQL every statement is a round trip. The figures are printed (`--nocapture`) for the
//! README's table.

use crate::common::*;
use actix_web::test::TestRequest;
use diesel::connection::{set_default_instrumentation, Instrumentation, InstrumentationEvent};
use olympiad_persistence::Database;
use serde_json::json;
use std::sync::Mutex;

/// The database whose statements are counted. The instrumentation is on every connection of the
/// process, and the other tests of this binary run beside this one on databases of their own.
static COUNTED: Mutex<Option<String>> = Mutex::new(None);

/// Every statement sent to the counted database since the last [`take`], in order.
static STATEMENTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn counting() -> Option<Box<dyn Instrumentation>> {
    // The database this connection was opened on: the first event of every connection names it.
    let mut database = None;
    Some(Box::new(
        move |event: InstrumentationEvent<'_>| match event {
            InstrumentationEvent::StartEstablishConnection { url, .. } => {
                database = Some(url.to_owned());
            }
            InstrumentationEvent::StartQuery { query, .. }
                if database.is_some() && *COUNTED.lock().unwrap() == database =>
            {
                let sql = query.to_string();
                let sql = sql.split(" -- binds").next().unwrap_or_default().trim();
                STATEMENTS.lock().unwrap().push(sql.to_owned());
            }
            _ => {}
        },
    ))
}

/// The address its connections are opened with, as the instrumentation is told it.
fn address(database: &Database) -> String {
    match database {
        Database::Sqlite(path) | Database::Postgres(path) => path.clone(),
    }
}

fn take() -> Vec<String> {
    let taken = std::mem::take(&mut *STATEMENTS.lock().unwrap());
    // `START_STATEMENTS=show` prints each step's statements too.
    if std::env::var("START_STATEMENTS").is_ok_and(|v| v == "show") {
        for sql in &taken {
            eprintln!("    {}", sql.chars().take(160).collect::<String>());
        }
    }
    taken
}

/// One step's statements, sorted into what they cost.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Cost {
    statements: usize,
    commits: usize,
    savepoints: usize,
    writes: usize,
}

fn cost(statements: &[String]) -> Cost {
    let starts = |s: &str, word: &str| s.trim_start().to_uppercase().starts_with(word);
    Cost {
        statements: statements.len(),
        commits: statements.iter().filter(|s| starts(s, "COMMIT")).count(),
        savepoints: statements.iter().filter(|s| starts(s, "SAVEPOINT")).count(),
        writes: statements
            .iter()
            .filter(|s| {
                ["INSERT", "UPDATE", "DELETE", "WITH"]
                    .iter()
                    .any(|w| starts(s, w))
            })
            .count(),
    }
}

#[actix_web::test]
async fn each_step_of_a_start_commits_once_at_most() {
    set_default_instrumentation(counting).unwrap();
    let s = Sitting::new();
    *COUNTED.lock().unwrap() = Some(address(&s.fx.db.database));
    let username = "thabo.rush";
    s.add_learner(username);
    let api = s.fx.api().await;
    // The paper is read once per olympiad and kept: the first start pays for it, not the rush.
    api.start_sitting(&s.learner, "en").await;
    take();

    let mut steps: Vec<(&str, Cost)> = Vec::new();
    let signed = api
        .ok(signin(username, PASSWORD, "learner", Some("geography")))
        .await;
    steps.push(("sign in", cost(&take())));
    let token = signed["token"].as_str().unwrap().to_owned();
    let declared = api
        .ok(with_token(
            post_json("/api/sitting/declaration", json!({ "accepted": true })),
            &token,
        ))
        .await;
    steps.push(("declaration", cost(&take())));
    let key = declared["attemptKey"].as_str().unwrap().to_owned();
    let device = |request: TestRequest| with_device(request, &token, Some(&key));
    api.ok(device(
        TestRequest::post().uri("/api/sitting/recovery-code"),
    ))
    .await;
    steps.push(("recovery code", cost(&take())));
    // The start answers with the paper: the phone asks for it again only after a reload.
    let started = api
        .ok(device(TestRequest::post().uri("/api/sitting/start")))
        .await;
    steps.push(("start", cost(&take())));
    assert_eq!(
        started["modules"][0]["questions"].as_array().unwrap().len(),
        4
    );

    let total = steps.iter().fold(Cost::default(), |sum, (_, c)| Cost {
        statements: sum.statements + c.statements,
        commits: sum.commits + c.commits,
        savepoints: sum.savepoints + c.savepoints,
        writes: sum.writes + c.writes,
    });
    for (step, c) in steps.iter().chain([&("whole start", total)]) {
        eprintln!(
            "start step {step:>14}: {:>3} statements, {} commits, {} savepoints, {} writes",
            c.statements, c.commits, c.savepoints, c.writes
        );
    }
    for (step, c) in &steps {
        assert!(c.commits <= 1, "{step} commits {} times", c.commits);
    }
    // The paper asked for again (a reload) only reads.
    api.ok(device(TestRequest::get().uri("/api/sitting/paper")))
        .await;
    let reload = cost(&take());
    eprintln!(
        "the paper again:  {:>3} statements, {} commits",
        reload.statements, reload.commits
    );
    assert_eq!((reload.commits, reload.writes), (0, 0));
}
