//! `olympiad`: the olympiad platform's one binary.

use clap::{Parser, Subcommand};
use olympiad_server::commands::{self, NewUserArgs};
use olympiad_server::settings::Settings;
use olympiad_server::{demo, fuzz};
use std::io::Write;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "olympiad",
    version,
    about = "The olympiad platform: API, apps and background work in one binary. Settings come from environment variables and, for those not set, from .env in the working folder (see .env.example)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run pending migrations, then serve the API and the apps on BIND.
    Serve,
    /// Run pending migrations and exit.
    Migrate,
    /// Write a backup to FILE while the platform runs: one archive of the whole database (SQLite:
    /// a consistent copy; PostgreSQL: pg_dump's custom format), the stored files and the signing
    /// secret of DATA_DIR, with a manifest of checksums. FILE must not exist.
    Backup { file: std::path::PathBuf },
    /// Restore a backup made by `backup` into DATABASE_URL (a new, empty database) and DATA_DIR
    /// (without uploads yet), after checking it whole.
    Restore { file: std::path::PathBuf },
    /// Check a backup archive (every entry against its manifest's size and checksum) without
    /// restoring it.
    VerifyBackup { file: std::path::PathBuf },
    /// Create a user, or add an account to an existing user; prints the user's id.
    CreateUser(NewUserArgs),
    /// Create the demo projects, olympiads and users (safe to repeat); prints the demo sign-ins.
    SeedDemo {
        #[arg(long, default_value = "demo")]
        password: String,
        /// Add nothing when the database already has users, but the geography olympiad's demo paper
        /// when it has none (what `make run` uses).
        #[arg(long)]
        if_empty: bool,
    },
    /// The demo data and one account of each role for an API fuzzer (`make fuzz`); prints
    /// `token <role> <token>` for each. Only for a throwaway database.
    SeedFuzz {
        #[arg(long, default_value = "demo")]
        password: String,
    },
}

/// The log: RUST_LOG's filter (`info` by default); with `LOG_FORMAT=json`, one JSON object a line
/// (time, level, target, message) for log collectors, else env_logger's lines for people.
fn logger() -> env_logger::Builder {
    let mut builder =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"));
    if std::env::var("LOG_FORMAT").is_ok_and(|f| f.trim().eq_ignore_ascii_case("json")) {
        builder.format(|out, record| {
            let line = serde_json::json!({
                "time": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
                "level": record.level().as_str(),
                "target": record.target(),
                "message": record.args().to_string(),
            });
            writeln!(out, "{line}")
        });
    }
    builder
}

fn main() -> ExitCode {
    // `.env` of the working folder, when there is one; what the environment sets wins.
    let dotenv = dotenvy::dotenv();
    logger().init();
    match dotenv {
        Ok(path) => log::debug!("settings read from {}", path.display()),
        Err(error) if error.not_found() => {}
        Err(error) => {
            eprintln!("configuration error: .env cannot be read: {error}");
            return ExitCode::from(2);
        }
    }
    let cli = Cli::parse();
    let settings = match Settings::from_env() {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("configuration error: {error}");
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Serve => actix_web::rt::System::new().block_on(commands::serve(settings)),
        Command::Migrate => commands::migrate(&settings),
        Command::Backup { file } => commands::backup(&settings, &file),
        Command::Restore { file } => commands::restore(&settings, &file),
        Command::VerifyBackup { file } => commands::verify_backup(&file),
        Command::CreateUser(args) => commands::create_user(&settings, args),
        Command::SeedDemo { password, if_empty } => demo::seed(&settings, &password, if_empty),
        Command::SeedFuzz { password } => fuzz::seed(&settings, &password),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
