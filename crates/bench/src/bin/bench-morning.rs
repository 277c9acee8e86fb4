//! `bench-morning`: the exam morning with everyone working at once. On a fresh database with the
//! demo paper, `BENCH_LEARNERS` learners (10,000) go through the whole start as in `bench-rush`
//! (sign in, declaration, recovery code, start, paper), `BENCH_CONNECTIONS` (256) at a time, on
//! two nodes on PostgreSQL (each learner signing in on one node and starting on the other) and on
//! the one node SQLite serves. First alone; then again, on another fresh database, while the
//! olympiad's staff work: the administrator polls the sitting monitor every few seconds, pages and
//! filters the learners' grid and the results grid, exports the learners as CSV, and releases a
//! mass mail to `BENCH_RECIPIENTS` (10,000) interested parties, which the nodes' mail workers send
//! (rate limit lifted: the worst case) to the tests' SMTP server on loopback.
//!
//! It prints each rush's lines (`morning_alone_…`, `morning_together_…`), `morning_start_ratio`
//! (whole starts a second together over alone), `morning_staff_p99` (the staff's requests during
//! the rush), `morning_staff_failed` (those not answered 200) and `morning_locked_logs` (lines of
//! the servers' logs saying `database is locked`: a busy SQLite must be waited for, never failed).
//! `BENCH_LEARNERS=2000 BENCH_RECIPIENTS=2000` is a run of a minute or two on two cores.

use actix_web::rt::time::sleep;
use actix_web::rt::System;
use awc::Client;
use olympiad_bench::client::{client, sign_in, sign_in_as, staff_request, start};
use olympiad_bench::fixtures::{interested_parties, overlord};
use olympiad_bench::rush::{timed_rush, RushReport};
use olympiad_bench::server::{Demo, DEMO_PASSWORD, LEARNER_PASSWORD};
use olympiad_bench::stats::Latencies;
use olympiad_bench::{database, finish, report, report_ratio, setting};
use olympiad_domain::email::Audience;
use olympiad_mailer::testing::SmtpServer;
use olympiad_office::email::copy::CopyInput;
use olympiad_office::email::mass_mails::{self, MassMailInput};
use olympiad_persistence::models::Olympiad;
use olympiad_persistence::Database;
use std::cell::{Cell, RefCell};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const OLYMPIAD: &str = "geography";
/// Where the mass mail's links lead.
const PUBLIC_BASE_URL: &str = "https://olympiad.example.org";
/// What a log line of a worker or request that gave up on a busy SQLite says.
const LOCKED: &str = "database is locked";

struct Size {
    learners: usize,
    connections: usize,
    recipients: usize,
}

/// One morning's outcome: whole starts a second, the staff's requests, the locked lines logged.
struct Morning {
    rate: f64,
    staff: Staff,
    locked: usize,
}

/// The staff's requests during the rush: their latencies and how many were not answered 200.
#[derive(Default)]
struct Staff {
    latencies: RefCell<Latencies>,
    failed: Cell<usize>,
}

fn main() -> ExitCode {
    let size = Size {
        learners: setting("BENCH_LEARNERS", 10_000),
        connections: setting("BENCH_CONNECTIONS", 256),
        recipients: setting("BENCH_RECIPIENTS", 10_000),
    };
    finish("bench-morning", run(&size))
}

fn run(size: &Size) -> Result<(), String> {
    let alone = morning(size, false)?;
    let together = morning(size, true)?;
    report_ratio("morning_start_ratio", together.rate / alone.rate);
    let mut staff = together.staff.latencies.into_inner();
    report("morning_staff_p99", staff.percentile_ms(99.0), "ms");
    report(
        "morning_staff_failed",
        together.staff.failed.get() as f64,
        "count",
    );
    let locked = alone.locked + together.locked;
    report("morning_locked_logs", locked as f64, "count");
    Ok(())
}

/// One rush on a fresh database, with the staff at work or not.
fn morning(size: &Size, with_staff: bool) -> Result<Morning, String> {
    let db = database();
    let nodes = if matches!(db.database, Database::Sqlite(_)) {
        1
    } else {
        2
    };
    let (demo, usernames) = Demo::with_learners(db, size.learners)?;
    let olympiad = Olympiad::by_name(&mut demo.db.conn(), OLYMPIAD)
        .map_err(|e| e.to_string())?
        .ok_or("the demo has no geography olympiad")?;
    let mass_mail = if with_staff {
        Some(queued_mass_mail(&demo, &olympiad, size.recipients)?)
    } else {
        None
    };
    let sink = SmtpServer::start();
    let smtp = sink.url();
    // The mass mail's links were written for the public address the nodes serve: a link to any
    // other is refused at sending.
    let settings = [
        ("SMTP_URL", smtp.as_str()),
        ("MAIL_RATE_PER_MINUTE", "1000000"),
        ("PUBLIC_BASE_URL", PUBLIC_BASE_URL),
    ];
    let logs = tempfile::tempdir().map_err(|e| e.to_string())?;
    let log = |n: usize| logs.path().join(format!("node{n}.log"));
    // Started one after the other: each reads the JWT secret the first kept in the data folder.
    let mut servers = Vec::new();
    for n in 0..nodes {
        servers.push(demo.serve_logged(&settings, &log(n))?);
    }
    let bases: Vec<String> = servers.iter().map(|s| s.base_url.clone()).collect();
    let staff = Staff::default();
    let name = if with_staff {
        "morning_together"
    } else {
        "morning_alone"
    };
    let rate = System::new().block_on(async {
        let done = Cell::new(false);
        let rush = async {
            let rate = learners(name, &bases, usernames, size.connections).await;
            done.set(true);
            rate
        };
        match mass_mail {
            Some(mass_mail) => {
                let at_work = StaffAtWork {
                    base: &bases[0],
                    olympiad: olympiad.id.get(),
                    mass_mail,
                    staff: &staff,
                    done: &done,
                };
                let (rate, worked) = futures_util::future::join(rush, at_work.work()).await;
                worked?;
                rate
            }
            None => rush.await,
        }
    })?;
    for server in &mut servers {
        server.terminate()?;
    }
    if with_staff {
        eprintln!(
            "{name}: {} e-mails at the SMTP server when the nodes stopped; the mass mail's e-mails: {}",
            sink.received().len(),
            mail_states(&demo)?
        );
    }
    let locked = (0..nodes)
        .map(|n| locked_lines(&log(n)))
        .sum::<Result<usize, String>>()?;
    Ok(Morning {
        rate,
        staff,
        locked,
    })
}

/// Every learner from sign-in to their first question, signing in on one node and starting on
/// the next (no sticky sessions); answers whole starts a second.
async fn learners(
    name: &str,
    bases: &[String],
    usernames: Vec<String>,
    connections: usize,
) -> Result<f64, String> {
    let http = client(connections);
    let names = RushReport {
        name,
        p99: &format!("{name}_first_question_p99"),
    };
    let numbered: Vec<(usize, String)> = usernames.into_iter().enumerate().collect();
    timed_rush(names, numbered, connections, |(i, username)| {
        let http = &http;
        let (first, second) = (&bases[i % bases.len()], &bases[(i + 1) % bases.len()]);
        async move {
            let token = sign_in(http, first, &username, LEARNER_PASSWORD, OLYMPIAD).await?;
            let learner = start(http, second, &username, &token).await?;
            if learner.answers.is_empty() {
                return Err(format!("{username} got a paper without questions"));
            }
            Ok(())
        }
    })
    .await
}

/// A mass mail to `recipients` interested parties in the olympiad, queued (held until released),
/// as the marketing team leaves it the day before; answers its id.
fn queued_mass_mail(demo: &Demo, olympiad: &Olympiad, recipients: usize) -> Result<i64, String> {
    let mut conn = demo.db.conn();
    interested_parties(&mut conn, olympiad, recipients);
    let overlord = overlord(&mut conn);
    let input = MassMailInput {
        olympiad_id: Some(olympiad.id),
        campaign_id: None,
        title: "Results are out on Friday".into(),
        audience: Audience::InterestedParties,
        copy: CopyInput {
            subject: "Results are out on Friday".into(),
            html: "<p>Dear {{name}}, the results are out on Friday.</p>".into(),
            text: "Dear {{name}}, the results are out on Friday.".into(),
        },
    };
    let id = mass_mails::create(&mut conn, &overlord, &input)
        .map_err(|e| e.to_string())?
        .mass_mail
        .id;
    let queued = mass_mails::queue(&mut conn, &overlord, id, PUBLIC_BASE_URL)
        .map_err(|e| e.to_string())?
        .queued;
    // The demo's own interested parties come with them.
    if queued < recipients as i64 {
        return Err(format!(
            "{queued} e-mails queued for {recipients} interested parties"
        ));
    }
    Ok(id.get())
}

/// How many of the queued e-mails are in each state, as `queued 10, done 9990`.
fn mail_states(demo: &Demo) -> Result<String, String> {
    use diesel::prelude::*;
    use olympiad_persistence::schema::jobs;
    let states: Vec<(String, i64)> = jobs::table
        .filter(jobs::mass_mail_id.is_not_null())
        .group_by(jobs::status)
        .select((jobs::status, diesel::dsl::count_star()))
        .load(&mut *demo.db.conn())
        .map_err(|e| e.to_string())?;
    let error: Option<Option<String>> = jobs::table
        .filter(jobs::mass_mail_id.is_not_null())
        .filter(jobs::last_error.is_not_null())
        .select(jobs::last_error)
        .first(&mut *demo.db.conn())
        .optional()
        .map_err(|e| e.to_string())?;
    let states: Vec<String> = states
        .iter()
        .map(|(state, count)| format!("{state} {count}"))
        .collect();
    Ok(match error.flatten() {
        Some(error) => format!("{} (one failed: {error})", states.join(", ")),
        None => states.join(", "),
    })
}

/// The lines of a server's log that say the database was locked, each repeated on standard error.
fn locked_lines(log: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(log).map_err(|e| format!("{}: {e}", log.display()))?;
    let locked: Vec<&str> = text.lines().filter(|l| l.contains(LOCKED)).collect();
    for line in locked.iter().take(20) {
        eprintln!("{}: {line}", log.display());
    }
    Ok(locked.len())
}

/// The olympiad's administrator during the rush, on the first node.
struct StaffAtWork<'a> {
    base: &'a str,
    olympiad: i64,
    mass_mail: i64,
    staff: &'a Staff,
    done: &'a Cell<bool>,
}

/// How often the administrator looks at the monitor, turns a grid's page, and exports.
const MONITOR_EVERY: Duration = Duration::from_secs(3);
const GRID_EVERY: Duration = Duration::from_secs(1);
const EXPORT_EVERY: Duration = Duration::from_secs(20);
/// A staff request slower than this is named on standard error.
const SLOW: Duration = Duration::from_millis(500);

impl StaffAtWork<'_> {
    async fn work(&self) -> Result<(), String> {
        let http = client(8);
        let token = sign_in_as(
            &http,
            self.base,
            ("admin@example.org", DEMO_PASSWORD),
            OLYMPIAD,
            "admin",
        )
        .await?;
        let (http, token) = (&http, token.as_str());
        let release = format!(
            "/api/queued-email/release-batch?massMailId={}&qty=100000",
            self.mass_mail
        );
        self.call(http, token, &release, true).await;
        let id = self.olympiad;
        let monitor = async {
            while !self.done.get() {
                let uri = format!("/api/sitting/monitor?olympiadId={id}");
                self.call(http, token, &uri, false).await;
                self.pause(MONITOR_EVERY).await;
            }
        };
        let grids = async {
            let mut page = 1;
            while !self.done.get() {
                for uri in [
                    format!("/api/learner?olympiadId={id}&page={page}&pageSize=50"),
                    format!("/api/learner?olympiadId={id}&grade=10&province=Gauteng&search=Thabo&page={page}&pageSize=50"),
                    format!("/api/results?olympiadId={id}&page={page}&pageSize=50"),
                    format!("/api/results?olympiadId={id}&grade=10&page=1&pageSize=50"),
                ] {
                    self.call(http, token, &uri, false).await;
                    self.pause(GRID_EVERY).await;
                }
                page = page % 20 + 1;
            }
        };
        let exports = async {
            self.pause(EXPORT_EVERY / 4).await;
            while !self.done.get() {
                let uri = format!("/api/learner?olympiadId={id}&format=csv");
                self.call(http, token, &uri, false).await;
                self.pause(EXPORT_EVERY).await;
            }
        };
        futures_util::future::join3(monitor, grids, exports).await;
        Ok(())
    }

    /// One request, timed to its last byte; one not answered 200 is counted and said.
    async fn call(&self, http: &Client, token: &str, uri: &str, post: bool) {
        let at = Instant::now();
        let answered = staff_request(http, self.base, token, uri, post).await;
        let took = at.elapsed();
        self.staff.latencies.borrow_mut().record(took);
        if took > SLOW {
            eprintln!("staff {uri}: {} ms", took.as_millis());
        }
        if let Err(error) = answered {
            self.staff.failed.set(self.staff.failed.get() + 1);
            eprintln!("staff {error}");
        }
    }

    /// Waits `lasting`, or less when the rush ends meanwhile.
    async fn pause(&self, lasting: Duration) {
        let until = Instant::now() + lasting;
        while !self.done.get() && Instant::now() < until {
            sleep(Duration::from_millis(100)).await;
        }
    }
}
