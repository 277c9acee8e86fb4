//! `bench-soak`: one node of the release binary at a steady, paced load for `SOAK_MINUTES` (20), on
//! a fresh database (SQLite, or PostgreSQL when `BENCH_DATABASE_URL` names a server) with the demo
//! paper, to find what a long morning leaks. Each minute `SOAK_LEARNERS_PER_MINUTE` (120) new
//! learners arrive, spread over the minute; each signs in, starts (declaration, recovery code,
//! start, the paper), saves an answer every five seconds, eight in all, and finishes. Staff sign in
//! and read the sitting monitor every ten seconds, a page of the participants' grid every twenty
//! and its CSV export once a minute; e-mails are queued each minute and the node's own worker
//! sends them to the tests' SMTP server on loopback.
//!
//! Each minute it samples the server process: resident memory (`VmRSS`), open files (entries of
//! `/proc/<pid>/fd`) and the database pools' connections (the node's `/metrics`), and prints
//! `soak minute <m> rss_mb <MB> open_files <n> pool_connections <n> requests <n> errors <n> mails <n>`
//! (requests and errors of that minute, e-mails received so far). Then the failed requests, and
//! last the verdict (`crates/bench/src/soak.rs`): `soak flat`, or `soak growing: <what>`. It exits
//! non-zero when something grows or a request failed (a 5xx, no answer, or a refusal the load
//! never earns).

use actix_web::rt::{spawn, time::sleep, System};
use awc::Client;
use olympiad_bench::client::{
    client, finish, save_next, sign_in, sign_in_as, staff_request, start, Learner,
};
use olympiad_bench::server::{Demo, ServerProcess, DEMO_PASSWORD, LEARNER_PASSWORD};
use olympiad_bench::soak::{verdict, Sample, Verdict};
use olympiad_bench::{database, setting};
use olympiad_mailer::testing::SmtpServer;
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::models::Olympiad;
use std::cell::Cell;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Lets the soak read the node's `/metrics` (a made-up secret for a throwaway server).
const SCRAPE_SECRET: &str = "bench-soak-scrape-secret-0123456789abcdef";
/// Answers each learner saves, one every [`SAVE_EVERY`], before finishing.
const SAVES: usize = 8;
const SAVE_EVERY: Duration = Duration::from_secs(5);
/// E-mails queued at the start of each minute.
const MAILS_PER_MINUTE: usize = 20;
const MINUTE: Duration = Duration::from_secs(60);

fn main() -> ExitCode {
    let minutes = u32::try_from(setting("SOAK_MINUTES", 20).max(1)).unwrap_or(20);
    let per_minute = setting("SOAK_LEARNERS_PER_MINUTE", 120).max(1);
    match run(minutes, per_minute) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("bench-soak: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Requests the load made and those that failed; the first few failures are told on stderr.
#[derive(Default)]
struct Tally {
    requests: Cell<u64>,
    failed: Cell<u64>,
}

impl Tally {
    fn count(&self, requests: u64, outcome: Result<(), String>) {
        self.requests.set(self.requests.get() + requests);
        if let Err(error) = outcome {
            self.failed.set(self.failed.get() + 1);
            if self.failed.get() <= 10 {
                eprintln!("bench-soak: {error}");
            }
        }
    }
}

/// Everything a minute's tasks share.
struct Load {
    http: Client,
    base: String,
    olympiad_id: i64,
    tally: Tally,
}

/// Runs the soak; answers whether it passed.
fn run(minutes: u32, per_minute: usize) -> Result<bool, String> {
    let total = per_minute * usize::try_from(minutes).unwrap_or(1);
    let (demo, usernames) = Demo::with_learners(database(), total)?;
    let olympiad_id = Olympiad::by_name(&mut demo.db.conn(), "geography")
        .map_err(|e| e.to_string())?
        .ok_or("the demo has no geography olympiad")?
        .id
        .get();
    let sink = SmtpServer::start();
    let server = demo.serve(&[("METRICS_SECRET", SCRAPE_SECRET), ("SMTP_URL", &sink.url())])?;
    let load = Rc::new(Load {
        http: client(64),
        base: server.base_url.clone(),
        olympiad_id,
        tally: Tally::default(),
    });
    let samples = System::new().block_on(async {
        let mut samples = vec![sample(&server, &load, 0, (0, 0), &sink).await?];
        let mut waves = usernames.chunks(per_minute);
        let began = Instant::now();
        for minute in 1..=minutes {
            let before = (load.tally.requests.get(), load.tally.failed.get());
            queue_mails(&demo, minute)?;
            for (n, username) in waves.next().unwrap_or_default().iter().enumerate() {
                let arrives = MINUTE.mul_f64(n as f64 / per_minute as f64);
                spawn(learner(Rc::clone(&load), username.clone(), arrives));
            }
            spawn(staff(Rc::clone(&load)));
            let until = began + MINUTE * minute;
            sleep(until.saturating_duration_since(Instant::now())).await;
            samples.push(sample(&server, &load, minute, before, &sink).await?);
        }
        Ok::<Vec<Sample>, String>(samples)
    })?;
    let (requests, failed) = (load.tally.requests.get(), load.tally.failed.get());
    println!("soak errors {failed} of {requests} requests");
    let judged = verdict(&samples, minutes);
    println!("{}", judged.line());
    Ok(failed == 0 && judged == Verdict::Flat)
}

/// The node's process and pools now; prints the minute's line.
async fn sample(
    server: &ServerProcess,
    load: &Load,
    minute: u32,
    (requests, failed): (u64, u64),
    sink: &SmtpServer,
) -> Result<Sample, String> {
    let pid = server.pid();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| format!("the server's /proc: {e}"))?;
    let rss_kb: f64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or("no VmRSS in the server's /proc status")?;
    let open_files = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map_err(|e| format!("the server's open files: {e}"))?
        .count();
    let metrics = scrape(&load.http, &load.base).await?;
    let gauge = |name: &str| -> f64 {
        metrics
            .lines()
            .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or(0.0)
    };
    let pool = gauge("olympiad_db_pool_connections") + gauge("olympiad_db_read_pool_connections");
    let sample = Sample {
        minute,
        rss_mb: rss_kb / 1024.0,
        open_files: open_files as f64,
        pool_connections: pool,
    };
    println!(
        "soak minute {minute} rss_mb {:.1} open_files {open_files} pool_connections {pool} requests {} errors {} mails {}",
        sample.rss_mb,
        load.tally.requests.get() - requests,
        load.tally.failed.get() - failed,
        sink.received().len(),
    );
    Ok(sample)
}

async fn scrape(http: &Client, base: &str) -> Result<String, String> {
    let mut response = http
        .get(format!("{base}/metrics"))
        .insert_header(("Authorization", format!("Bearer {SCRAPE_SECRET}")))
        .send()
        .await
        .map_err(|e| format!("/metrics: {e}"))?;
    if response.status() != 200 {
        return Err(format!("/metrics: {}", response.status()));
    }
    let body = response
        .body()
        .limit(16 * 1024 * 1024)
        .await
        .map_err(|e| format!("/metrics: {e}"))?;
    Ok(String::from_utf8_lossy(&body).into_owned())
}

/// One learner's sitting, `arrives` into the minute: sign in, start, save every five seconds, finish.
async fn learner(load: Rc<Load>, username: String, arrives: Duration) {
    sleep(arrives).await;
    let (http, base, tally) = (&load.http, load.base.as_str(), &load.tally);
    let token = match sign_in(http, base, &username, LEARNER_PASSWORD, "geography").await {
        Ok(token) => {
            tally.count(1, Ok(()));
            token
        }
        Err(error) => {
            tally.count(1, Err(error));
            return;
        }
    };
    // The declaration, the recovery code, the start and the paper.
    let mut sitting: Learner = match start(http, base, &username, &token).await {
        Ok(sitting) => {
            tally.count(4, Ok(()));
            sitting
        }
        Err(error) => {
            tally.count(4, Err(error));
            return;
        }
    };
    for n in 0..SAVES {
        sleep(SAVE_EVERY).await;
        let saved = match save_next(http, base, &mut sitting, n).await {
            Ok((answered, _)) if answered.status == 200 => Ok(()),
            Ok((answered, _)) => Err(format!("save: {} {}", answered.status, answered.body)),
            Err(error) => Err(format!("save: {error}")),
        };
        tally.count(1, saved);
    }
    tally.count(1, finish(http, base, &sitting).await);
}

/// A minute of the olympiad's staff: sign in, the monitor every ten seconds, a page of the
/// participants' grid every twenty, and the grid's CSV export once.
async fn staff(load: Rc<Load>) {
    let (http, base, tally) = (&load.http, load.base.as_str(), &load.tally);
    let credentials = ("admin@example.org", DEMO_PASSWORD);
    let token = match sign_in_as(http, base, credentials, "geography", "admin").await {
        Ok(token) => token,
        Err(error) => {
            tally.count(1, Err(error));
            return;
        }
    };
    tally.count(1, Ok(()));
    let olympiad = load.olympiad_id;
    let monitor = format!("/api/sitting/monitor?olympiadId={olympiad}");
    let export = format!("/api/participant?olympiadId={olympiad}&format=csv");
    for tick in 0..6u32 {
        tally.count(1, staff_request(http, base, &token, &monitor, false).await);
        if tick % 2 == 0 {
            let page = format!(
                "/api/participant?olympiadId={olympiad}&page={}&pageSize=50",
                tick / 2 + 1
            );
            tally.count(1, staff_request(http, base, &token, &page, false).await);
        }
        if tick == 3 {
            tally.count(1, staff_request(http, base, &token, &export, false).await);
        }
        sleep(Duration::from_secs(10)).await;
    }
}

/// This minute's e-mails, queued as the platform queues them; the node's worker sends them.
fn queue_mails(demo: &Demo, minute: u32) -> Result<(), String> {
    let mut conn = demo.db.conn();
    for n in 0..MAILS_PER_MINUTE {
        let address = format!("soak-{minute}-{n}@example.org");
        let email = Email::TwoFactorEnabled {
            to: Recipient {
                email: address.clone(),
                name: format!("Person {minute}-{n}"),
                username: address,
            },
        };
        olympiad_office::mail::queue_email(&mut conn, &email).map_err(|e| e.to_string())?;
    }
    Ok(())
}
