//! `bench-opening`: the moment the window opens, against the release binary on a fresh database
//! (SQLite, or PostgreSQL when `BENCH_DATABASE_URL` names a server) with the demo paper.
//! `BENCH_LEARNERS` learners (10,000) wait in the lobby before it: signed in, declaration accepted,
//! recovery code taken, the paper fetched sealed (`GET /api/sitting/lobby/paper`). Then the window
//! opens and each sends the one request of the opening (`POST /api/sitting/lobby/start`),
//! `BENCH_CONNECTIONS` (256) at a time, opens the sealed paper with the key it answers and finds
//! their first question in it, as the phone does.
//!
//! It prints `rush_opening_starts_per_second`, `rush_opening_p99` (one learner's request and the
//! opening of the paper) and `rush_opening_10000_seconds` (all of them).

use actix_web::rt::System;
use awc::Client;
use chrono::{Duration, SubsecRound};
use diesel::prelude::*;
use olympiad_bench::client::{client, sign_in};
use olympiad_bench::rush::{learners_at_a_time, timed_rush, RushReport};
use olympiad_bench::server::{Demo, LEARNER_PASSWORD};
use olympiad_bench::{database, finish, setting};
use olympiad_domain::id::OlympiadId;
use olympiad_persistence::models::{Olympiad, SittingWindow};
use olympiad_persistence::schema::{lobby_keys, sitting_windows};
use olympiad_persistence::{now, write_transaction, DbConnection, DbError};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::process::ExitCode;

fn main() -> ExitCode {
    let learners = setting("BENCH_LEARNERS", 10_000);
    let connections = setting("BENCH_CONNECTIONS", 256);
    finish("bench-opening", run(learners, connections))
}

/// A learner in the lobby: their token and their device's attempt key.
struct Waiting {
    authorization: String,
    attempt_key: String,
    /// The version (ETag) of the sealed paper the phone holds.
    version: String,
}

/// The sealed paper as the phones hold it (one copy per version: every learner of the window gets
/// the same bytes).
struct Sealed {
    iv: String,
    ciphertext: String,
}

fn run(learners: usize, connections: usize) -> Result<(), String> {
    let (demo, usernames) = Demo::with_learners(database(), learners)?;
    let db = &demo.db;
    let olympiad = Olympiad::by_name(&mut db.conn(), "geography")
        .map_err(|e| e.to_string())?
        .ok_or("no geography olympiad")?;
    // The window opens in an hour: until then the learners wait in the lobby.
    let later = now().trunc_subsecs(0) + Duration::hours(1);
    SittingWindow::replace(
        &mut db.conn(),
        olympiad.id,
        &[(later, later + Duration::hours(3))],
    )
    .map_err(|e| e.to_string())?;
    let mut server = demo.serve(&[])?;
    let base = server.base_url.clone();
    let http = client(connections);
    System::new().block_on(async {
        let (waiting, sealed) = lobby(&http, &base, usernames, connections).await?;
        open_window(&mut db.conn(), olympiad.id, later)?;
        opening(&http, &base, waiting, &sealed, connections).await
    })?;
    server.kill();
    Ok(())
}

/// Every learner into the lobby before the opening, `connections` at a time.
async fn lobby(
    http: &Client,
    base: &str,
    usernames: Vec<String>,
    connections: usize,
) -> Result<(Vec<Waiting>, HashMap<String, Sealed>), String> {
    let waiting = RefCell::new(Vec::new());
    let sealed = RefCell::new(HashMap::new());
    let (waiting_ref, sealed_ref) = (&waiting, &sealed);
    learners_at_a_time(usernames, connections, |username| async move {
        let token = sign_in(http, base, &username, LEARNER_PASSWORD, "geography").await?;
        let authorization = format!("Bearer {token}");
        let declared = call(
            http.post(format!("{base}/api/sitting/declaration"))
                .insert_header(("Authorization", authorization.as_str())),
            Some(&json!({ "accepted": true })),
            "declaration",
        )
        .await?;
        let attempt_key = declared["data"]["attemptKey"]
            .as_str()
            .ok_or("the declaration gave no attempt key")?
            .to_owned();
        call(
            http.post(format!("{base}/api/sitting/recovery-code"))
                .insert_header(("Authorization", authorization.as_str()))
                .insert_header(("X-Attempt-Key", attempt_key.as_str())),
            None,
            "recovery code",
        )
        .await?;
        let paper = call(
            http.get(format!("{base}/api/sitting/lobby/paper"))
                .insert_header(("Authorization", authorization.as_str())),
            None,
            "sealed paper",
        )
        .await?;
        let version = paper["data"]["version"]
            .as_str()
            .ok_or("the sealed paper has no version")?
            .to_owned();
        sealed_ref
            .borrow_mut()
            .entry(version.clone())
            .or_insert_with(|| Sealed {
                iv: paper["data"]["iv"].as_str().unwrap_or_default().to_owned(),
                ciphertext: paper["data"]["ciphertext"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
            });
        waiting_ref.borrow_mut().push(Waiting {
            authorization,
            attempt_key,
            version,
        });
        Ok(())
    })
    .await?;
    Ok((waiting.into_inner(), sealed.into_inner()))
}

/// The window opens now. Brought forward from the hour set up front, with its key, so that the
/// paper the phones hold sealed for that opening stays the one they open (the benchmark cannot
/// know beforehand how long the lobby takes to fill on a shared machine). The olympiad is marked
/// changed, as every change of its windows does: the server keeps windows while it is not.
fn open_window(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    planned: chrono::NaiveDateTime,
) -> Result<(), String> {
    let opens = now().trunc_subsecs(0) - Duration::seconds(1);
    write_transaction(conn, |conn| {
        diesel::update(sitting_windows::table.filter(sitting_windows::olympiad_id.eq(olympiad_id)))
            .set(sitting_windows::starts_at.eq(opens))
            .execute(conn)?;
        Olympiad::mark_changed(conn, olympiad_id, now())?;
        diesel::update(
            lobby_keys::table
                .filter(lobby_keys::olympiad_id.eq(olympiad_id))
                .filter(lobby_keys::opens_at.eq(planned)),
        )
        .set(lobby_keys::opens_at.eq(opens))
        .execute(conn)?;
        Ok::<(), DbError>(())
    })
    .map_err(|e| e.to_string())
}

/// Every learner's one request at the opening, and their first question out of the sealed paper.
async fn opening(
    http: &Client,
    base: &str,
    waiting: Vec<Waiting>,
    sealed: &HashMap<String, Sealed>,
    connections: usize,
) -> Result<(), String> {
    let names = RushReport {
        name: "rush_opening",
        p99: "rush_opening_p99",
    };
    timed_rush(names, waiting, connections, |learner| async move {
        let started = call(
            http.post(format!("{base}/api/sitting/lobby/start"))
                .insert_header(("Authorization", learner.authorization.as_str()))
                .insert_header(("X-Attempt-Key", learner.attempt_key.as_str())),
            None,
            "start from the lobby",
        )
        .await?;
        first_question(&started["data"], &sealed[&learner.version])
    })
    .await
    .map(|_| ())
}

/// Opens the sealed paper with the start's key, as the phone does, and finds the learner's first
/// question (the first of their order) in it with its text.
fn first_question(started: &Value, sealed: &Sealed) -> Result<(), String> {
    let key = started["paperKey"]
        .as_str()
        .ok_or("the start gave no paper key")?;
    let first = started["order"][0]["questions"][0]["questionId"]
        .as_i64()
        .ok_or("the start gave no order")?;
    let json = olympiad_office::lobby::open_sealed(&sealed.iv, &sealed.ciphertext, key)
        .map_err(|e| e.to_string())?;
    let modules: Value = serde_json::from_slice(&json).map_err(|e| e.to_string())?;
    let found = modules
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|m| m["questions"].as_array().into_iter().flatten())
        .any(|q| q["questionId"].as_i64() == Some(first) && q["stem"].is_string());
    if found {
        Ok(())
    } else {
        Err(format!("question {first} is not in the opened paper"))
    }
}

/// Sends a request and answers its JSON; anything but 200 is an error naming the step.
async fn call(
    request: awc::ClientRequest,
    body: Option<&Value>,
    step: &str,
) -> Result<Value, String> {
    let response = match body {
        Some(body) => request.send_json(body).await,
        None => request.send().await,
    };
    let mut response = response.map_err(|e| format!("{step}: {e}"))?;
    let status = response.status().as_u16();
    let bytes = response
        .body()
        .limit(16 * 1024 * 1024)
        .await
        .map_err(|e| format!("{step}: {e}"))?;
    if status != 200 {
        return Err(format!(
            "{step} answered {status}: {}",
            String::from_utf8_lossy(&bytes)
        ));
    }
    serde_json::from_slice(&bytes).map_err(|e| format!("{step}: {e}"))
}
