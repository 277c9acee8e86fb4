//! The real `olympiad` binary, started as a separate process on a database and a data folder.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::fixtures::enter_many;
use olympiad_persistence::testing::TestDatabase;

pub struct ServerProcess {
    child: Child,
    pub base_url: String,
}

/// A port nobody listens on right now.
pub fn free_port() -> std::io::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// The environment every start of the binary gets: its database and data folder, quiet logs,
/// staff two-factor off, and sign-in limits high enough for thousands of learners from one address.
pub fn command(bin: &Path, database_url: &str, data_dir: &Path) -> Command {
    let mut command = Command::new(bin);
    command
        .env("DATABASE_URL", database_url)
        .env("DATA_DIR", data_dir)
        .env("RUST_LOG", "warn")
        .env("REQUIRE_STAFF_2FA", "false")
        .env("BCRYPT_COST", "4")
        .env("SIGNIN_LIMIT_PER_USERNAME", "1000")
        .env("SIGNIN_LIMIT_PER_ADDRESS", "100000000")
        .env_remove("SMTP_URL")
        .env_remove("JWT_SECRET");
    command
}

/// The password of the demo's staff (`admin@example.org` and the others).
pub const DEMO_PASSWORD: &str = "bench-demo-password";

/// The demo data (its olympiads, schools and paper) put into a fresh database by the binary's own
/// `seed-demo`, as `make run` does.
pub fn seed_demo(bin: &Path, database_url: &str, data_dir: &Path) -> Result<(), String> {
    let seeded = command(bin, database_url, data_dir)
        .args(["seed-demo", "--password", DEMO_PASSWORD])
        .output()
        .map_err(|e| format!("seed-demo: {e}"))?;
    if !seeded.status.success() {
        return Err(format!(
            "seed-demo failed: {}",
            String::from_utf8_lossy(&seeded.stderr)
        ));
    }
    Ok(())
}

/// The password of every learner [`Demo::with_learners`] enters.
pub const LEARNER_PASSWORD: &str = "kx7m-p3qa-9tcw";

/// What the benchmarks of the learners' path start from: a fresh database with the demo data and
/// many geography learners entered, the folder the server keeps its files in, and the binary.
pub struct Demo {
    pub db: TestDatabase,
    pub data: tempfile::TempDir,
    pub bin: PathBuf,
}

impl Demo {
    /// The demo on `db`, with the usernames of its learners (each has [`LEARNER_PASSWORD`]).
    pub fn with_learners(db: TestDatabase, learners: usize) -> Result<(Demo, Vec<String>), String> {
        let data = tempfile::tempdir().map_err(|e| e.to_string())?;
        let bin = olympiad_bin();
        seed_demo(&bin, &db.url(), data.path())?;
        let usernames = enter_many(&mut db.conn(), "geography", learners, LEARNER_PASSWORD)?;
        Ok((Demo { db, data, bin }, usernames))
    }

    /// The binary serving this database and folder on a free port, with these settings added.
    pub fn serve(&self, settings: &[(&str, &str)]) -> Result<ServerProcess, String> {
        let port = free_port().map_err(|e| e.to_string())?;
        ServerProcess::start_with(&self.bin, &self.db.url(), self.data.path(), port, settings)
    }

    /// Like [`Demo::serve`], with the server's standard error written to the file `log`, for the
    /// benchmark to read what it logged.
    pub fn serve_logged(
        &self,
        settings: &[(&str, &str)],
        log: &Path,
    ) -> Result<ServerProcess, String> {
        let port = free_port().map_err(|e| e.to_string())?;
        let file = std::fs::File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
        let (url, data) = (self.db.url(), self.data.path());
        ServerProcess::spawn(&self.bin, &url, data, port, settings, Stdio::from(file))
    }
}

impl ServerProcess {
    /// Starts `olympiad serve` and waits until it answers `/readyz`.
    pub fn start(
        bin: &Path,
        database_url: &str,
        data_dir: &Path,
        port: u16,
    ) -> Result<ServerProcess, String> {
        Self::start_with(bin, database_url, data_dir, port, &[])
    }

    /// Like [`ServerProcess::start`], with these settings added to or replacing the usual ones.
    pub fn start_with(
        bin: &Path,
        database_url: &str,
        data_dir: &Path,
        port: u16,
        settings: &[(&str, &str)],
    ) -> Result<ServerProcess, String> {
        let stderr = Stdio::inherit();
        Self::spawn(bin, database_url, data_dir, port, settings, stderr)
    }

    /// Starts `olympiad serve` with its standard error going to `stderr`, and waits until it
    /// answers `/readyz`.
    fn spawn(
        bin: &Path,
        database_url: &str,
        data_dir: &Path,
        port: u16,
        settings: &[(&str, &str)],
        stderr: Stdio,
    ) -> Result<ServerProcess, String> {
        let bind = format!("127.0.0.1:{port}");
        let child = command(bin, database_url, data_dir)
            .envs(settings.iter().copied())
            .arg("serve")
            .env("BIND", &bind)
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
        let mut server = ServerProcess {
            child,
            base_url: format!("http://{bind}"),
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Some(status) = server.child.try_wait().map_err(|e| e.to_string())? {
                return Err(format!("the server stopped at once: {status}"));
            }
            if ready(port) {
                return Ok(server);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        server.kill();
        Err("the server did not become ready within 60 s".into())
    }

    /// SIGTERM, as a service manager stops a node: the server stops listening, finishes what it
    /// was given and exits. Answers its exit status; a server still running after a minute is
    /// killed and that is the error.
    pub fn terminate(&mut self) -> Result<std::process::ExitStatus, String> {
        // The shell's own `kill`: the workspace has no unsafe code for a signal of its own.
        let signalled = Command::new("bash")
            .args(["-c", &format!("kill -TERM {}", self.child.id())])
            .status()
            .map_err(|e| format!("SIGTERM: {e}"))?;
        if !signalled.success() {
            return Err(format!("SIGTERM: kill answered {signalled}"));
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                return Ok(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.kill();
        Err("the server did not stop within a minute of SIGTERM".into())
    }

    /// The process id, for reading what the process holds from `/proc`.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: the process gets no chance to flush or finish anything.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn ready(port: u16) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    if stream
        .write_all(b"GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .is_err()
    {
        return false;
    }
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer.starts_with("HTTP/1.1 200")
}

/// The `olympiad` binary beside this program (`target/<profile>/olympiad`), or `OLYMPIAD_BIN`.
pub fn olympiad_bin() -> PathBuf {
    if let Some(bin) = std::env::var_os("OLYMPIAD_BIN") {
        return PathBuf::from(bin);
    }
    let exe = std::env::current_exe().unwrap_or_default();
    let mut dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    // Test binaries live one folder deeper, in `deps`.
    if dir.ends_with("deps") {
        dir.pop();
    }
    dir.join("olympiad")
}
