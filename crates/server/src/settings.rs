//! Every setting of the platform, read once from environment variables (listed with their defaults
//! in `.env.example`). A bad value stops the start with a message naming the variable.

use olympiad_http::rate_limit::{BucketAllowances, TrustedProxies};
use olympiad_http::ApiConfig;
use olympiad_persistence::Database;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
#[error("{variable}: {problem}")]
pub struct SettingsError {
    pub variable: &'static str,
    pub problem: String,
}

/// The addresses PayFast documents its ITNs come from (www, w1w, w2w and sandbox).
const PAYFAST_SOURCES: &str =
    "197.97.145.144/28, 41.74.179.192/27, 102.216.36.0/28, 102.216.36.128/28, 144.126.193.139";

#[derive(Debug, Clone)]
pub struct Settings {
    pub data_dir: PathBuf,
    /// Where the shared files are kept: `STORAGE_URL`'s bucket, else `DATA_DIR/uploads`.
    pub files: olympiad_storage::Storage,
    pub database: Database,
    /// `DATABASE_READ_URL`: a streaming replica for reads that can wait (PostgreSQL only).
    pub read_database: Option<Database>,
    /// Connections to it per node (`DB_READ_POOL_SIZE`).
    pub db_read_pool_size: u32,
    pub bind: String,
    pub public_base_url: String,
    /// `None`: e-mails are written to `DATA_DIR/outbox`.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub product_slug: String,
    pub require_staff_2fa: bool,
    pub static_dir: PathBuf,
    pub bcrypt_cost: u32,
    pub session_hours: i64,
    pub db_pool_size: u32,
    /// Threads writing learners' answers (group commit).
    pub answer_writers: usize,
    pub upload_limit_mb: usize,
    pub signin_per_username_per_minute: u32,
    pub signin_per_address_per_minute: u32,
    /// Per address a minute on the public routes, per user an hour for proofs of payment.
    pub bucket_allowances: BucketAllowances,
    pub trusted_proxies: TrustedProxies,
    // Payments
    pub payments: olympiad_office::payments::PaymentSettings,
    pub payfast_sources: TrustedProxies,
    pub payfast_validate_url: String,
    /// E-mails handed to the mail server per minute, at most (`MAIL_RATE_PER_MINUTE`).
    pub mail_rate_per_minute: u32,
    /// SMTP connections kept open and reused (`SMTP_POOL_SIZE`).
    pub smtp_pool_size: u32,
    /// DKIM signing: `DKIM_SELECTOR`, `DKIM_DOMAIN` and the key in `DKIM_PRIVATE_KEY_FILE`.
    pub dkim: Option<olympiad_mailer::DkimSettings>,
    pub bounce_webhook_secret: Option<String>,
    pub ses_sns_topics: Vec<String>,
    // Nodes, metrics and privacy
    /// `METRICS_SECRET`: the bearer token a Prometheus scraper gives for `/metrics`.
    pub metrics_secret: Option<String>,
    /// Where SNS signing certificates are kept once fetched (`SES_SNS_CERTS_DIR`, default
    /// `DATA_DIR/sns-certs`); filled by hand, nothing is fetched.
    pub ses_sns_certs_dir: PathBuf,
    /// The DNS resolver e-mail health asks for mail servers (`DNS_RESOLVER`, an address with an
    /// optional port), and how long it may take (`DNS_TIMEOUT_MS`); unset, mail servers are
    /// "unknown" and nothing is asked.
    pub dns_resolver: Option<olympiad_mailer::mx::MxResolver>,
    jwt_secret: Option<String>,
}

fn var(name: &'static str) -> Option<String> {
    std::env::var(name)
        .ok()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

fn parsed<T: std::str::FromStr>(name: &'static str, default: T) -> Result<T, SettingsError> {
    match var(name) {
        None => Ok(default),
        Some(text) => text.parse().map_err(|_| SettingsError {
            variable: name,
            problem: format!("{text:?} is not a valid value"),
        }),
    }
}

/// The public routes' allowances per address (sign-in's is `SIGNIN_LIMIT_PER_ADDRESS`), and
/// proofs of payment per user an hour.
fn bucket_allowances() -> Result<BucketAllowances, SettingsError> {
    let defaults = BucketAllowances::default();
    Ok(BucketAllowances {
        public_read_per_minute: parsed("PUBLIC_READ_LIMIT", defaults.public_read_per_minute)?,
        sign_in_per_minute: parsed("SIGNIN_LIMIT_PER_ADDRESS", defaults.sign_in_per_minute)?,
        public_form_per_minute: parsed("PUBLIC_FORM_LIMIT", defaults.public_form_per_minute)?,
        notification_per_minute: parsed("NOTIFICATION_LIMIT", defaults.notification_per_minute)?,
        proof_uploads_per_hour: parsed("PROOF_UPLOAD_LIMIT", defaults.proof_uploads_per_hour)?,
    })
}

fn flag(name: &'static str, default: bool) -> Result<bool, SettingsError> {
    match var(name).map(|v| v.to_lowercase()).as_deref() {
        None => Ok(default),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("0" | "false" | "no" | "off") => Ok(false),
        Some(other) => Err(SettingsError {
            variable: name,
            problem: format!("{other:?} is not true or false"),
        }),
    }
}

/// The DKIM key, when `DKIM_PRIVATE_KEY_FILE` names one (with its selector and domain).
fn dkim_settings() -> Result<Option<olympiad_mailer::DkimSettings>, SettingsError> {
    let Some(file) = var("DKIM_PRIVATE_KEY_FILE") else {
        return Ok(None);
    };
    let private_key = std::fs::read_to_string(&file).map_err(|e| SettingsError {
        variable: "DKIM_PRIVATE_KEY_FILE",
        problem: format!("cannot read {file}: {e}"),
    })?;
    let required = |name: &'static str| {
        var(name).ok_or(SettingsError {
            variable: name,
            problem: "is required with DKIM_PRIVATE_KEY_FILE".into(),
        })
    };
    Ok(Some(olympiad_mailer::DkimSettings {
        selector: required("DKIM_SELECTOR")?,
        domain: required("DKIM_DOMAIN")?,
        private_key: private_key.trim().to_owned(),
    }))
}

impl Settings {
    pub fn from_env() -> Result<Settings, SettingsError> {
        let data_dir = PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = var("DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("olympiad.db").display()));
        let database = Database::parse(&database_url).map_err(|problem| SettingsError {
            variable: "DATABASE_URL",
            problem,
        })?;
        let read_database = read_database(&database)?;
        let files = olympiad_storage::Storage::from_url(
            var("STORAGE_URL").as_deref(),
            data_dir.join("uploads"),
            |name| std::env::var(name).ok(),
        )
        .map_err(|problem| SettingsError {
            variable: "STORAGE_URL",
            problem,
        })?;
        let bind = var("BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let public_base_url = var("PUBLIC_BASE_URL")
            .unwrap_or_else(|| format!("http://{bind}"))
            .trim_end_matches('/')
            .to_owned();
        let product_slug = var("PRODUCT_SLUG").unwrap_or_else(|| "olympiads".into());
        if !product_slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(SettingsError {
                variable: "PRODUCT_SLUG",
                problem: "use lowercase letters, digits and dashes".into(),
            });
        }
        let bcrypt_cost = parsed("BCRYPT_COST", 12u32)?;
        if !(4..=15).contains(&bcrypt_cost) {
            return Err(SettingsError {
                variable: "BCRYPT_COST",
                problem: "must be between 4 and 15".into(),
            });
        }
        // SQLite has one writer at a time, so one answer writer; PostgreSQL gains from a few.
        let (default_pool, default_writers) = match database {
            Database::Sqlite(_) => (8, 1),
            Database::Postgres(_) => (16, 2),
        };
        let metrics_secret = var("METRICS_SECRET");
        if metrics_secret.as_ref().is_some_and(|s| s.len() < 32) {
            return Err(SettingsError {
                variable: "METRICS_SECRET",
                problem: "must be at least 32 characters".into(),
            });
        }
        Ok(Settings {
            database,
            read_database,
            db_read_pool_size: parsed("DB_READ_POOL_SIZE", 4u32)?.max(1),
            bind,
            public_base_url,
            smtp_url: var("SMTP_URL"),
            mail_from: var("MAIL_FROM")
                .unwrap_or_else(|| "Olympiads <no-reply@olympiads.local>".into()),
            product_slug,
            require_staff_2fa: flag("REQUIRE_STAFF_2FA", true)?,
            static_dir: var("STATIC_DIR").map_or_else(default_static_dir, PathBuf::from),
            bcrypt_cost,
            session_hours: parsed("SESSION_HOURS", 12i64)?,
            db_pool_size: parsed("DB_POOL_SIZE", default_pool)?,
            answer_writers: parsed("ANSWER_WRITERS", default_writers)?,
            upload_limit_mb: parsed("UPLOAD_LIMIT_MB", 10usize)?,
            signin_per_username_per_minute: parsed("SIGNIN_LIMIT_PER_USERNAME", 10u32)?,
            signin_per_address_per_minute: parsed("SIGNIN_LIMIT_PER_ADDRESS", 1200u32)?,
            bucket_allowances: bucket_allowances()?,
            jwt_secret: var("JWT_SECRET"),
            trusted_proxies: TrustedProxies::parse(&var("TRUSTED_PROXIES").unwrap_or_default())
                .map_err(|problem| SettingsError {
                    variable: "TRUSTED_PROXIES",
                    problem,
                })?,
            // Payments
            payments: olympiad_office::payments::PaymentSettings {
                payfast_merchant_id: var("PAYFAST_MERCHANT_ID").unwrap_or_default(),
                payfast_merchant_key: var("PAYFAST_MERCHANT_KEY").unwrap_or_default(),
                payfast_passphrase: var("PAYFAST_PASSPHRASE").unwrap_or_default(),
                payfast_process_url: var("PAYFAST_PROCESS_URL")
                    .unwrap_or_else(|| "https://www.payfast.co.za/eng/process".into()),
                provider_name: var("INVOICE_PROVIDER_NAME").unwrap_or_else(|| "Olympiads".into()),
                provider_address: var("INVOICE_PROVIDER_ADDRESS")
                    .unwrap_or_default()
                    .replace('|', "\n"),
                provider_vat_number: var("INVOICE_PROVIDER_VAT_NUMBER").unwrap_or_default(),
                bank_details: var("EFT_BANK_DETAILS")
                    .unwrap_or_default()
                    .split('|')
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(str::to_owned)
                    .collect(),
                public_base_url: String::new(),
            },
            payfast_sources: TrustedProxies::parse(
                &var("PAYFAST_SOURCES").unwrap_or_else(|| PAYFAST_SOURCES.into()),
            )
            .map_err(|problem| SettingsError {
                variable: "PAYFAST_SOURCES",
                problem,
            })?,
            payfast_validate_url: var("PAYFAST_VALIDATE_URL")
                .unwrap_or_else(|| "https://www.payfast.co.za/eng/query/validate".into()),
            mail_rate_per_minute: parsed("MAIL_RATE_PER_MINUTE", 600u32)?.max(1),
            smtp_pool_size: parsed("SMTP_POOL_SIZE", olympiad_mailer::DEFAULT_SMTP_POOL)?,
            dkim: dkim_settings()?,
            bounce_webhook_secret: var("BOUNCE_WEBHOOK_SECRET"),
            ses_sns_topics: var("SES_SNS_TOPICS")
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect(),
            // Nodes, metrics and privacy
            metrics_secret,
            dns_resolver: dns_resolver()?,
            ses_sns_certs_dir: var("SES_SNS_CERTS_DIR")
                .map_or_else(|| data_dir.join("sns-certs"), PathBuf::from),
            data_dir,
            files,
        })
    }

    /// Whether tokens are signed with `JWT_SECRET` from the environment (not kept in `DATA_DIR`).
    pub fn secret_from_environment(&self) -> bool {
        self.jwt_secret.is_some()
    }

    /// `JWT_SECRET`, or the secret kept in `DATA_DIR/jwt-secret`, made on first start.
    pub fn jwt_secret(&self) -> Result<Vec<u8>, SettingsError> {
        if let Some(secret) = &self.jwt_secret {
            if secret.len() < 32 {
                return Err(SettingsError {
                    variable: "JWT_SECRET",
                    problem: "must be at least 32 characters".into(),
                });
            }
            return Ok(secret.as_bytes().to_vec());
        }
        let path = self.data_dir.join("jwt-secret");
        let problem = |e: std::io::Error| SettingsError {
            variable: "JWT_SECRET",
            problem: format!("cannot keep a generated secret in {}: {e}", path.display()),
        };
        match std::fs::read_to_string(&path) {
            Ok(secret) if secret.trim().len() >= 32 => Ok(secret.trim().as_bytes().to_vec()),
            _ => {
                std::fs::create_dir_all(&self.data_dir).map_err(problem)?;
                let secret = random_hex(48);
                write_private(&path, &secret).map_err(problem)?;
                Ok(secret.into_bytes())
            }
        }
    }

    pub fn api_config(&self) -> Result<ApiConfig, SettingsError> {
        Ok(ApiConfig {
            jwt_secret: self.jwt_secret()?,
            session_hours: self.session_hours,
            require_staff_2fa: self.require_staff_2fa,
            bcrypt_cost: self.bcrypt_cost,
            product_slug: self.product_slug.clone(),
            public_base_url: self.public_base_url.clone(),
            static_dir: self.static_dir.clone(),
            files: self.files.clone(),
            upload_limit_bytes: self.upload_limit_mb * 1024 * 1024,
            signin_per_username_per_minute: self.signin_per_username_per_minute,
            signin_per_address_per_minute: self.signin_per_address_per_minute,
            bucket_allowances: self.bucket_allowances,
            answer_writers: self.answer_writers,
            trusted_proxies: self.trusted_proxies.clone(),
            // Payments
            payments: olympiad_office::payments::PaymentSettings {
                public_base_url: self.public_base_url.clone(),
                ..self.payments.clone()
            },
            payfast_sources: self.payfast_sources.clone(),
            payfast_validate_url: self.payfast_validate_url.clone(),
            bounce_webhook_secret: self.bounce_webhook_secret.clone(),
            ses_sns_topics: self.ses_sns_topics.clone(),
            // Nodes, metrics and privacy
            metrics_secret: self.metrics_secret.clone(),
            sns_certificates: olympiad_mailer::sns::SnsCertificates {
                dir: self.ses_sns_certs_dir.clone(),
                fetch_timeout: std::time::Duration::from_secs(10),
            },
            dns_resolver: self.dns_resolver.clone(),
        })
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }
}

/// `DATABASE_READ_URL`, a PostgreSQL replica of a PostgreSQL `DATABASE_URL`. SQLite has no
/// replicas: there the variable is ignored, with a line in the log.
fn read_database(primary: &Database) -> Result<Option<Database>, SettingsError> {
    let Some(url) = var("DATABASE_READ_URL") else {
        return Ok(None);
    };
    if let Database::Sqlite(_) = primary {
        log::warn!("DATABASE_READ_URL is ignored: DATABASE_URL is SQLite, which has no replicas");
        return Ok(None);
    }
    match Database::parse(&url) {
        Ok(replica @ Database::Postgres(_)) => Ok(Some(replica)),
        _ => Err(SettingsError {
            variable: "DATABASE_READ_URL",
            problem: "must be a postgres:// URL of a replica of DATABASE_URL".into(),
        }),
    }
}

/// `DNS_RESOLVER` (`1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`) with `DNS_TIMEOUT_MS` (default 2000).
fn dns_resolver() -> Result<Option<olympiad_mailer::mx::MxResolver>, SettingsError> {
    let Some(text) = var("DNS_RESOLVER") else {
        return Ok(None);
    };
    let nameserver = text
        .parse::<std::net::SocketAddr>()
        .or_else(|_| {
            text.parse::<std::net::IpAddr>()
                .map(|ip| std::net::SocketAddr::new(ip, 53))
        })
        .map_err(|_| SettingsError {
            variable: "DNS_RESOLVER",
            problem: format!("{text:?} is not an address (1.1.1.1 or 127.0.0.1:5353)"),
        })?;
    let timeout = parsed("DNS_TIMEOUT_MS", 2000u64)?.clamp(50, 30_000);
    Ok(Some(olympiad_mailer::mx::MxResolver {
        nameserver,
        timeout: std::time::Duration::from_millis(timeout),
    }))
}

/// The apps beside the binary (a release unpacked: `olympiad` and `apps/` side by side), else
/// those of the working folder (`make run` from a clone). Never the source tree the binary was
/// built from: a binary copied elsewhere finds its apps where it is, or says where they are missing.
fn default_static_dir() -> PathBuf {
    let beside_binary = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|folder| folder.join("apps")));
    beside_binary
        .filter(|apps| apps.join("public/dist/index.html").is_file())
        .unwrap_or_else(|| PathBuf::from("apps"))
}

pub fn random_hex(bytes: usize) -> String {
    use rand::RngCore;
    let mut buffer = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buffer);
    buffer.iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes a file only its owner may read.
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(contents.as_bytes())
}
