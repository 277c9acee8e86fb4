use crate::rate_limit::{BucketAllowances, TrustedProxies};
use std::path::PathBuf;

/// What the API needs to know from the server's settings.
#[derive(Debug, Clone)]
pub struct ApiConfig {
    pub jwt_secret: Vec<u8>,
    /// How long a sign-in lasts.
    pub session_hours: i64,
    pub require_staff_2fa: bool,
    /// bcrypt cost for passwords people choose (staff, teachers).
    pub bcrypt_cost: u32,
    /// The spec's `{product}`: `/api/{product}-suite/...` and `/{product}/home`.
    pub product_slug: String,
    /// Where links in e-mails point, without a trailing slash.
    pub public_base_url: String,
    /// Folder holding `admin/dist`, `portal/dist` and `public/dist`.
    pub static_dir: PathBuf,
    /// Where the shared files are kept (uploads by content hash, proofs of payment, certificate
    /// ZIPs): the uploads folder of `DATA_DIR`, or the bucket `STORAGE_URL` names.
    pub files: olympiad_storage::Storage,
    /// The largest file an upload may be.
    pub upload_limit_bytes: usize,
    /// Sign-in and reset attempts per username per minute (guessing a password).
    pub signin_per_username_per_minute: u32,
    /// Sign-in attempts per address per minute: loose, since a school's lab shares one address.
    pub signin_per_address_per_minute: u32,
    /// What one address may ask of the public routes, and one user upload as proofs of payment
    /// (`PUBLIC_READ_LIMIT`, `PUBLIC_FORM_LIMIT`, `NOTIFICATION_LIMIT`, `PROOF_UPLOAD_LIMIT`).
    pub bucket_allowances: BucketAllowances,
    /// Threads that write learners' answers, each committing whatever has queued at once.
    pub answer_writers: usize,
    /// Proxies whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`).
    pub trusted_proxies: TrustedProxies,
    // Payments
    /// PayFast's keys, the provider printed on invoices, banking details for EFT.
    pub payments: olympiad_office::payments::PaymentSettings,
    /// Addresses an ITN is believed from (`PAYFAST_SOURCES`: PayFast's published ranges).
    pub payfast_sources: TrustedProxies,
    /// PayFast's validate call (`PAYFAST_VALIDATE_URL`); empty: no ITN is believed.
    pub payfast_validate_url: String,
    /// The shared secret the bounce webhooks must be given (`BOUNCE_WEBHOOK_SECRET`); unset, they
    /// are closed.
    pub bounce_webhook_secret: Option<String>,
    /// The SNS topics whose SES notifications are read (`SES_SNS_TOPICS`, comma-separated ARNs).
    pub ses_sns_topics: Vec<String>,
    // Nodes, metrics and privacy
    /// The secret a Prometheus scraper sends as `Authorization: Bearer …` for `/metrics`
    /// (`METRICS_SECRET`); unset, only an overlord's token opens it.
    pub metrics_secret: Option<String>,
    /// Where the certificates that sign SNS messages are kept (and fetched from Amazon when missing).
    pub sns_certificates: olympiad_mailer::sns::SnsCertificates,
    /// The resolver that e-mail health asks for a domain's mail servers (`DNS_RESOLVER`); none:
    /// they are "unknown".
    pub dns_resolver: Option<olympiad_mailer::mx::MxResolver>,
}

impl ApiConfig {
    /// Whether the site is served over TLS: then cookies are `Secure` and browsers are told to
    /// come back only over HTTPS (HSTS).
    pub fn https(&self) -> bool {
        self.public_base_url.starts_with("https://")
    }
}

impl ApiConfig {
    /// Settings for tests: a fixed secret, the cheapest bcrypt cost, two-factor on.
    pub fn for_tests() -> Self {
        ApiConfig {
            jwt_secret: b"test-secret-of-at-least-32-bytes!!".to_vec(),
            session_hours: 12,
            require_staff_2fa: true,
            bcrypt_cost: 4,
            product_slug: "olympiads".into(),
            public_base_url: "http://127.0.0.1:8080".into(),
            static_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../apps")),
            files: olympiad_storage::Storage::folder(
                std::env::temp_dir().join(format!("olympiad-test-uploads-{}", std::process::id())),
            ),
            upload_limit_bytes: 2 * 1024 * 1024,
            signin_per_username_per_minute: 10,
            signin_per_address_per_minute: 1200,
            // Every request of a test comes from one address, and a test may call a public route
            // hundreds of times (`tests/all/roles.rs` calls each with every role): `tests/all/public_limits.rs`
            // sets its own small allowances.
            bucket_allowances: BucketAllowances {
                public_read_per_minute: 100_000,
                sign_in_per_minute: 100_000,
                public_form_per_minute: 100_000,
                notification_per_minute: 100_000,
                proof_uploads_per_hour: 100_000,
            },
            answer_writers: 1,
            trusted_proxies: TrustedProxies::default(),
            // Payments: test keys (PayFast's public sandbox ones), loopback as PayFast.
            payments: olympiad_office::payments::PaymentSettings {
                payfast_merchant_id: "10000100".into(),
                payfast_merchant_key: "46f0cd694581a".into(),
                payfast_passphrase: "test-passphrase".into(),
                payfast_process_url: "https://sandbox.payfast.co.za/eng/process".into(),
                provider_name: "Olympiads".into(),
                provider_address: "1 Main Road\nPretoria".into(),
                provider_vat_number: "4000000000".into(),
                bank_details: vec!["Bank: Example Bank".into(), "Account: 000000000".into()],
                public_base_url: "http://127.0.0.1:8080".into(),
            },
            payfast_sources: TrustedProxies::parse("127.0.0.1").unwrap_or_default(),
            payfast_validate_url: String::new(),
            bounce_webhook_secret: None,
            ses_sns_topics: Vec::new(),
            metrics_secret: Some("test-metrics-secret".into()),
            sns_certificates: olympiad_mailer::sns::SnsCertificates {
                dir: std::env::temp_dir()
                    .join(format!("olympiad-test-sns-certs-{}", std::process::id())),
                fetch_timeout: std::time::Duration::from_secs(2),
            },
            dns_resolver: None,
        }
    }
}
