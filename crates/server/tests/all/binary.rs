//! The `olympiad` binary itself, on a fresh database of the backend TEST_DATABASE names: migrate,
//! create-user, seed-demo (twice), and serve answering a real sign-in over a socket.

use olympiad_persistence::models::{Olympiad, Question, QuestionModule};
use olympiad_persistence::testing::TestDatabase;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

struct Env {
    db: TestDatabase,
    data: tempfile::TempDir,
}

impl Env {
    fn new() -> Self {
        Env {
            db: TestDatabase::blank(),
            data: tempfile::tempdir().unwrap(),
        }
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_olympiad"));
        command
            .args(args)
            .env("DATABASE_URL", self.db.url())
            .env("DATA_DIR", self.data.path())
            .env("BCRYPT_COST", "4")
            .env("RUST_LOG", "warn")
            .env_remove("SMTP_URL")
            .env_remove("JWT_SECRET");
        command
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap()
    }
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn migrate_create_user_and_seed_demo_work_and_repeat_safely() {
    let env = Env::new();
    let migrated = env.run(&["migrate"]);
    assert!(migrated.status.success(), "{migrated:?}");
    let migrations = std::fs::read_dir(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../migrations/sqlite"
    ))
    .unwrap()
    .count();
    assert!(stdout(&migrated).starts_with(&format!("{migrations} migration(s) applied")));
    assert!(stdout(&env.run(&["migrate"])).starts_with("0 migration(s) applied"));

    let seeded = env.run(&["seed-demo", "--password", "demo"]);
    assert!(seeded.status.success(), "{seeded:?}");
    let table = stdout(&seeded);
    for user in [
        "overlord@example.org",
        "admin@example.org",
        "accountant@example.org",
        "funding@example.org",
        "marketing@example.org",
        "teacher@example.org",
    ] {
        assert!(table.contains(user), "{user} missing from {table}");
    }
    assert!(table.contains("demo paper"), "{table}");
    let paper = |env: &Env| {
        let mut conn = env.db.conn();
        let geography = Olympiad::by_name(&mut conn, "geography").unwrap().unwrap();
        let modules = QuestionModule::for_olympiad(&mut conn, geography.id).unwrap();
        let questions = Question::for_olympiad(&mut conn, geography.id).unwrap();
        (geography.is_open, modules.len(), questions.len())
    };
    assert_eq!(
        paper(&env),
        (true, 3, 30),
        "geography has its demo paper, open"
    );
    assert!(
        env.run(&["seed-demo"]).status.success(),
        "seeding again is harmless"
    );
    assert_eq!(paper(&env), (true, 3, 30), "the demo paper is added once");
    assert!(stdout(&env.run(&["seed-demo", "--if-empty"])).contains("has users already"));
    // A demo database from before the demo paper gets it from `make run`'s seed-demo --if-empty.
    {
        let mut conn = env.db.conn();
        let geography = Olympiad::by_name(&mut conn, "geography").unwrap().unwrap();
        for module in QuestionModule::for_olympiad(&mut conn, geography.id).unwrap() {
            QuestionModule::delete(&mut conn, module.id).unwrap();
        }
    }
    assert!(stdout(&env.run(&["seed-demo", "--if-empty"])).contains("demo paper"));
    assert_eq!(paper(&env), (true, 3, 30));

    let created = env.run(&[
        "create-user",
        "--email",
        "Head@School.example",
        "--password",
        "long enough",
        "--role",
        "admin",
        "--olympiad",
        "history",
    ]);
    assert!(created.status.success(), "{created:?}");
    let id: i64 = stdout(&created).trim().parse().expect("the user's id");
    // The same user gets a second account, not a second user.
    let again = env.run(&[
        "create-user",
        "--email",
        "head@school.example",
        "--password",
        "long enough",
        "--role",
        "funding",
        "--olympiad",
        "geography",
    ]);
    assert_eq!(stdout(&again).trim().parse::<i64>().unwrap(), id);

    // x@example.org with a good password and the role (and what more) given.
    let create_x = |role_and_more: &[&str]| {
        let mut args = vec![
            "create-user",
            "--email",
            "x@example.org",
            "--password",
            "long enough",
            "--role",
        ];
        args.extend_from_slice(role_and_more);
        env.run(&args)
    };
    let refused = create_x(&["admin"]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("olympiadId: is required for this role")
    );
    let unknown = create_x(&["learner", "--olympiad", "nope"]);
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no olympiad named \"nope\""));
    let bad_role = create_x(&["king"]);
    assert!(!bad_role.status.success());
}

#[test]
fn a_bad_setting_is_named() {
    let env = Env::new();
    let output = env
        .command(&["migrate"])
        .env("DATABASE_URL", "mysql://nope")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("DATABASE_URL"));
}

/// `.env` of the working folder fills in what the environment leaves unset, never more; with
/// `LOG_FORMAT=json` every log line is one JSON object.
#[test]
fn dot_env_fills_in_unset_settings_and_the_log_may_be_json() {
    let env = Env::new();
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(
        folder.path().join(".env"),
        "DATABASE_URL=mysql://set-in-dot-env\nSESSION_HOURS=not-a-number\nRUST_LOG=debug\n",
    )
    .unwrap();
    // DATABASE_URL and RUST_LOG come from the environment, so `.env`'s are not read for them; its
    // SESSION_HOURS is, and is named as the bad setting it is.
    let refused = env
        .command(&["migrate"])
        .current_dir(folder.path())
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("SESSION_HOURS") && !said.contains("mysql"),
        "{said}"
    );

    std::fs::write(folder.path().join(".env"), "RUST_LOG=debug\n").unwrap();
    let logged = env
        .command(&["migrate"])
        .current_dir(folder.path())
        .env_remove("RUST_LOG")
        .env("LOG_FORMAT", "json")
        .output()
        .unwrap();
    assert!(logged.status.success(), "{logged:?}");
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&logged.stderr)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l["level"] == "DEBUG" && l["message"].as_str().unwrap().contains(".env")),
        "{lines:?}"
    );
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One HTTP/1.1 request over a plain socket; answers the status and the body.
fn http(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
    (status, body)
}

#[test]
fn serve_answers_sign_in_on_its_address() {
    let env = Env::new();
    assert!(env
        .run(&["seed-demo", "--password", "demo-password"])
        .status
        .success());
    let port = free_port();
    let _server = Server(
        env.command(&["serve"])
            .env("BIND", format!("127.0.0.1:{port}"))
            .env("REQUIRE_STAFF_2FA", "false")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(http(port, "GET", "/readyz", "").0, 200);

    let signin = r#"{"username":"admin@example.org","password":"demo-password","olympiadName":"geography","loginType":"admin"}"#;
    let (status, body) = http(port, "POST", "/api/auth/signin", signin);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"role\":\"admin\""));
    let (status, body) = http(
        port,
        "POST",
        "/api/auth/signin",
        &signin.replace("demo-password", "wrong"),
    );
    assert_eq!(status, 401);
    assert!(body.contains("\"error\":\"password\""));
    let (status, body) = http(port, "GET", "/api/user", "");
    assert_eq!(status, 401, "{body}");
    // The JWT secret was generated and kept in the data folder.
    assert!(env.data.path().join("jwt-secret").exists());
}
