//! What each subcommand does.

use crate::settings::Settings;
use crate::worker::{Stopping, Worker};
use actix_web::{web, HttpServer};
use olympiad_domain::credentials::{normalise_username, password_problem};
use olympiad_domain::Role;
use olympiad_http::AppState;
use olympiad_mailer::Mailer;
use olympiad_office::accounts::{provision, Provision};
use olympiad_persistence::models::Olympiad;
use olympiad_persistence::{open_pool, run_migrations, DbPool};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// On SIGTERM, how long requests in flight have to finish, and then the worker's round: together
/// within the 30 seconds a service manager gives a stopping unit (deploy/olympiad.service).
const REQUESTS_FINISH_WITHIN: Duration = Duration::from_secs(20);
const WORKER_FINISHES_WITHIN: Duration = Duration::from_secs(5);

pub type CommandResult = Result<(), Box<dyn std::error::Error>>;

/// Opens the pool and brings the schema up to date.
pub fn migrated_pool(settings: &Settings) -> Result<DbPool, Box<dyn std::error::Error>> {
    let pool = open_pool(&settings.database, settings.db_pool_size)?;
    let mut conn = pool.get()?;
    let applied = run_migrations(&mut conn)?;
    for version in &applied {
        log::info!("applied migration {version}");
    }
    Ok(pool)
}

pub fn migrate(settings: &Settings) -> CommandResult {
    let pool = open_pool(&settings.database, 1)?;
    let mut conn = pool.get()?;
    let applied = run_migrations(&mut conn)?;
    println!(
        "{} migration(s) applied on {}",
        applied.len(),
        settings.database.backend_name()
    );
    Ok(())
}

pub fn backup(settings: &Settings, file: &std::path::Path) -> CommandResult {
    let manifest = crate::backup::backup(settings, file)?;
    println!(
        "backup of the {} database and {} written to {}",
        manifest.database,
        files_held(&manifest),
        file.display()
    );
    for note in &manifest.notes {
        println!("note: {note}");
    }
    Ok(())
}

/// Restores an archive made by `backup`; a bare database copy made before archives held the
/// files is restored as it was (the database only).
pub fn restore(settings: &Settings, file: &std::path::Path) -> CommandResult {
    if !crate::backup::is_archive(file) {
        olympiad_persistence::backup::restore(&settings.database, file)?;
        println!(
            "{} (a database copy without files) restored into the {} database",
            file.display(),
            settings.database.backend_name()
        );
    } else {
        let manifest = crate::backup::restore(settings, file)?;
        println!(
            "{} restored: the {} database and {} into {}",
            file.display(),
            manifest.database,
            files_held(&manifest),
            settings.data_dir.display()
        );
        for note in &manifest.notes {
            println!("note: {note}");
        }
    }
    println!("`olympiad migrate` (or `serve`) brings it up to this version");
    Ok(())
}

/// Checks a backup archive whole without restoring it.
pub fn verify_backup(file: &std::path::Path) -> CommandResult {
    let manifest = crate::backup::verify(file)?;
    println!(
        "{} is sound: the {} database and {}, made {} by olympiad {}",
        file.display(),
        manifest.database,
        files_held(&manifest),
        manifest.made_at,
        manifest.made_by
    );
    Ok(())
}

fn files_held(manifest: &crate::backup::Manifest) -> String {
    let files = manifest.entries.iter().skip(1);
    let (count, bytes) = files.fold((0u64, 0u64), |(n, b), e| (n + 1, b + e.bytes));
    format!("{count} file(s) of {} KiB", bytes.div_ceil(1024))
}

pub async fn serve(settings: Settings) -> CommandResult {
    let pool = migrated_pool(&settings)?;
    let config = settings.api_config()?;
    if !config.static_dir.join("public/dist/index.html").is_file() {
        log::warn!(
            "no built apps in {}: the API is served, the screens are not (set STATIC_DIR, or keep \
             apps/ beside the binary as the release has it)",
            config.static_dir.display()
        );
    }
    log::info!("files are kept in {}", settings.files.name());
    let replica = settings.read_database.as_ref().map(|replica| {
        log::info!("reports, exports and the log viewers read from DATABASE_READ_URL");
        olympiad_persistence::open_read_pool(replica, settings.db_read_pool_size)
    });
    let state = web::Data::new(AppState::with_replica(pool.clone(), replica, config));

    let mut mailer = Mailer::with_pool(
        settings.smtp_url.as_deref(),
        settings.outbox_dir(),
        &settings.mail_from,
        settings.smtp_pool_size,
    )?
    // The files mass mails carry are stored uploads.
    .with_files_from(settings.files.clone())
    .links_lead_to(&settings.public_base_url);
    if let Some(dkim) = &settings.dkim {
        mailer = mailer.sign_with(dkim)?;
    }
    if settings.smtp_url.is_none() {
        log::info!(
            "SMTP_URL is not set: e-mails are written to {}",
            settings.outbox_dir().display()
        );
    }
    let worker = Worker {
        name: format!("worker-{}", std::process::id()),
        pool,
        mailer,
        files: settings.files.clone(),
        mail_rate_per_minute: settings.mail_rate_per_minute,
    };
    let stopping = Stopping::default();
    let lanes = actix_web::rt::spawn(worker.run_until(stopping.clone()));
    let limits = state.clone();
    actix_web::rt::spawn(async move {
        loop {
            actix_web::rt::time::sleep(Duration::from_secs(60)).await;
            limits.limits.forget_idle().await;
        }
    });

    let app_state = state.clone();
    let server = HttpServer::new(move || olympiad_http::app(app_state.clone()))
        .shutdown_timeout(REQUESTS_FINISH_WITHIN.as_secs())
        .bind(&settings.bind)?;
    println!(
        "olympiad is serving on {} ({})",
        settings.public_base_url,
        settings.database.backend_name()
    );
    // SIGTERM (or SIGINT) stops the listener at once; the requests in flight are finished (those
    // waiting on a commit among them), then `run` returns.
    server.run().await?;
    log::info!("stopping: requests finished; finishing the worker's round and the queued writes");
    stopping.store(true, Ordering::Release);
    if actix_web::rt::time::timeout(WORKER_FINISHES_WITHIN, lanes)
        .await
        .is_err()
    {
        log::warn!("the worker's round did not end in time; its e-mails are reconciled later");
    }
    // Answer saves, pings and short writes that some request left queued are written before the
    // process ends (the committers' threads would otherwise end with it).
    actix_web::web::block(move || state.close()).await?;
    log::info!("stopped");
    Ok(())
}

/// `create-user`'s arguments.
#[derive(clap::Args)]
pub struct NewUserArgs {
    #[arg(long)]
    pub email: String,
    #[arg(long)]
    pub password: String,
    /// admin, accountant, funding, marketing, learner, teacher or overlord.
    #[arg(long)]
    pub role: Role,
    /// The olympiad's URL name; required for every role but overlord and teacher.
    #[arg(long)]
    pub olympiad: Option<String>,
    #[arg(long, default_value = "")]
    pub first_name: String,
    #[arg(long, default_value = "")]
    pub last_name: String,
}

/// Creates the user, or adds the account to an existing user; prints the user's id.
pub fn create_user(settings: &Settings, args: NewUserArgs) -> CommandResult {
    if let Some(problem) = password_problem(&args.password) {
        return Err(format!("--password {problem}").into());
    }
    let pool = migrated_pool(settings)?;
    let mut conn = pool.get()?;
    let olympiad_id = match &args.olympiad {
        Some(name) => Some(
            Olympiad::by_name(&mut conn, name)?
                .ok_or_else(|| format!("--olympiad: there is no olympiad named {name:?}"))?
                .id,
        ),
        None => None,
    };
    let username = normalise_username(&args.email);
    let request = Provision {
        email: username.contains('@').then(|| username.clone()),
        username,
        password_hash: bcrypt::hash(&args.password, settings.bcrypt_cost)?,
        first_name: args.first_name,
        last_name: args.last_name,
        role: args.role,
        olympiad_id,
    };
    let (user, account, created) = provision(&mut conn, &request).map_err(|e| e.to_string())?;
    eprintln!(
        "{} user {} with the {} account {}",
        if created { "created" } else { "updated" },
        user.username,
        account.role,
        args.olympiad
            .as_deref()
            .map(|o| format!("in {o}"))
            .unwrap_or_else(|| "(global)".into())
    );
    println!("{}", user.id);
    Ok(())
}
