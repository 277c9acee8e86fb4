//! E-mail of the olympiad platform. Each kind of system e-mail is declared once in [`kinds`] with
//! its placeholders and default copy (templates side by side in `templates/`); staff may replace
//! the copy, and the sender hands it in with the message. Mass mails arrive written ([`Email::Bulk`])
//! and carry the one-click unsubscribe headers of RFC 8058. Messages go out over a pool of SMTP
//! connections (`SMTP_URL`), DKIM-signed when a key is configured, or, when no server is set, are
//! written as `.eml` files into an outbox folder so that nothing is lost in development. This crate
//! knows no database: the server's worker takes queued [`Email`]s from the job table and hands them
//! here.

pub mod bounce;
pub mod kinds;
pub mod links;
pub mod mx;
mod smtp;
pub mod sns;
mod templates;
#[cfg(feature = "testing")]
pub mod testing;

use lettre::message::dkim::{
    DkimCanonicalization, DkimCanonicalizationType, DkimConfig, DkimSigningAlgorithm,
    DkimSigningKey,
};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncFileTransport, AsyncTransport, Message, Tokio1Executor};
use olympiad_storage::{Storage, StorageError};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
pub use templates::{fill, wrap_html};

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("SMTP_URL is not valid: {0}")]
    Config(String),
    #[error("the address {0:?} is not a valid e-mail address")]
    Address(String),
    #[error("the message could not be built: {0}")]
    Build(String),
    #[error("the message could not be sent: {message}")]
    Send {
        message: String,
        /// The server refused for good (5xx): trying again would not help.
        permanent: bool,
    },
    #[error("the DKIM key could not be read: {0}")]
    Dkim(String),
    /// The file store could not be reached for a file the message carries: it may be back soon.
    #[error("{0}")]
    Files(String),
}

impl MailError {
    /// Whether another try may succeed: a refused address or message fails for good.
    pub fn is_permanent(&self) -> bool {
        match self {
            MailError::Send { permanent, .. } => *permanent,
            MailError::Address(_) | MailError::Build(_) => true,
            MailError::Config(_) | MailError::Dkim(_) | MailError::Files(_) => false,
        }
    }
}

/// A person an e-mail goes to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recipient {
    pub email: String,
    pub name: String,
    pub username: String,
}

/// Every kind of e-mail the platform sends, as it waits in the job queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Email {
    PasswordReset {
        to: Recipient,
        link: String,
    },
    TwoFactorEnabled {
        to: Recipient,
    },
    /// Someone asked on the public site whether the address receives our mail: `link` shows the
    /// address's health to whoever reads that mailbox.
    AddressCheck {
        to: Recipient,
        link: String,
    },
    /// The link that confirms the address of an expression of interest.
    InterestVerify {
        to: Recipient,
        olympiad: String,
        link: String,
    },
    /// A teacher's interest became their school's entry; `link` signs in, or (for a new
    /// account) chooses a password.
    InterestProcessed {
        to: Recipient,
        olympiad: String,
        school: String,
        link: String,
        new_account: bool,
    },
    InterestDeclined {
        to: Recipient,
        olympiad: String,
        reason: String,
    },
    /// A team admin added a colleague to their school's team.
    TeamInvitation {
        to: Recipient,
        inviter: String,
        olympiad: String,
        school: String,
        link: String,
        new_account: bool,
    },
    /// A school's certificates are ready: `link` is the teacher portal's Certificates page, where
    /// the team downloads the school's ZIP (a ZIP of a large school is too big to attach).
    CertificatesReady {
        to: Recipient,
        olympiad: String,
        school: String,
        certificates: usize,
        link: String,
    },
    /// The office granted learners without charge on an entry's order; `link` is its payment page.
    DiscountGranted {
        to: Recipient,
        olympiad: String,
        customer: String,
        free_learners: i32,
        total: String,
        link: String,
    },
    /// A tax invoice (or a credit note) was issued; `link` is the payment page with its PDF.
    InvoiceIssued {
        to: Recipient,
        olympiad: String,
        customer: String,
        number: String,
        total: String,
        link: String,
    },
    /// A mass mail, written already (its copy filled in for this person), with the address that
    /// unsubscribes them in one click (List-Unsubscribe, RFC 8058: mailbox providers POST to it)
    /// and the page a person opens from the message's visible link.
    Bulk {
        to: Recipient,
        subject: String,
        html: String,
        text: String,
        unsubscribe: String,
        unsubscribe_page: String,
        /// The files it carries (read from the file store when it is sent).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        attachments: Vec<FileAttachment>,
    },
}

/// A file a message carries: a stored upload, named as the addressee sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileAttachment {
    pub filename: String,
    pub content_type: String,
    /// Its key in the file store ([`Mailer::with_files_from`]): its path under the uploads folder.
    pub stored: String,
}

/// The copy a message is written with: the default of its kind, or what staff saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Copy {
    pub subject: String,
    pub html: String,
    pub text: String,
}

impl Copy {
    /// The default copy of a kind.
    pub fn default_of(kind: &kinds::SystemEmail) -> Copy {
        Copy {
            subject: kind.subject.to_owned(),
            html: kind.html.to_owned(),
            text: kind.text.to_owned(),
        }
    }

    /// Whether each link placeholder stands whole in every part ([`links::misplaced_link`]).
    pub fn places_links_whole(&self, placeholders: &[kinds::Placeholder]) -> bool {
        [
            (&self.subject, links::Part::Subject),
            (&self.html, links::Part::Html),
            (&self.text, links::Part::Text),
        ]
        .into_iter()
        .all(|(part, which)| links::misplaced_link(part, placeholders, which).is_none())
    }

    /// The copy filled in with `values`: the subject and text as they are, the HTML escaped.
    pub fn fill(&self, values: &[(&str, &str)]) -> Copy {
        Copy {
            subject: fill(&self.subject, values, false).replace(['\r', '\n'], " "),
            html: fill(&self.html, values, true),
            text: fill(&self.text, values, false),
        }
    }
}

impl Email {
    /// The key of its kind in [`kinds::SYSTEM_EMAILS`]; `bulk` for a mass mail.
    pub fn kind(&self) -> &'static str {
        match self {
            Email::PasswordReset { .. } => "password_reset",
            Email::TwoFactorEnabled { .. } => "two_factor_enabled",
            Email::AddressCheck { .. } => "address_check",
            Email::InterestVerify { .. } => "interest_verify",
            Email::InterestProcessed { .. } => "interest_processed",
            Email::InterestDeclined { .. } => "interest_declined",
            Email::TeamInvitation { .. } => "team_invitation",
            Email::CertificatesReady { .. } => "certificates_ready",
            Email::DiscountGranted { .. } => "discount_granted",
            Email::InvoiceIssued { .. } => "invoice_issued",
            Email::Bulk { .. } => "bulk",
        }
    }

    pub fn to(&self) -> &Recipient {
        match self {
            Email::PasswordReset { to, .. }
            | Email::TwoFactorEnabled { to }
            | Email::AddressCheck { to, .. }
            | Email::InterestVerify { to, .. }
            | Email::InterestProcessed { to, .. }
            | Email::InterestDeclined { to, .. }
            | Email::TeamInvitation { to, .. }
            | Email::CertificatesReady { to, .. }
            | Email::DiscountGranted { to, .. }
            | Email::InvoiceIssued { to, .. }
            | Email::Bulk { to, .. } => to,
        }
    }

    /// The values of its placeholders, the addressee's name and username first.
    pub fn values(&self) -> Vec<(&'static str, String)> {
        let to = self.to();
        let mut values = vec![("name", to.name.clone()), ("username", to.username.clone())];
        let more: Vec<(&'static str, String)> = match self {
            Email::PasswordReset { link, .. } | Email::AddressCheck { link, .. } => {
                vec![("link", link.clone())]
            }
            Email::TwoFactorEnabled { .. } | Email::Bulk { .. } => vec![],
            Email::InterestVerify { olympiad, link, .. } => {
                vec![("olympiad", olympiad.clone()), ("link", link.clone())]
            }
            Email::InterestProcessed {
                olympiad,
                school,
                link,
                new_account,
                ..
            } => vec![
                ("olympiad", olympiad.clone()),
                ("school", school.clone()),
                ("link", link.clone()),
                ("action", account_action(*new_account).to_owned()),
            ],
            Email::InterestDeclined {
                olympiad, reason, ..
            } => vec![("olympiad", olympiad.clone()), ("reason", reason.clone())],
            Email::TeamInvitation {
                inviter,
                olympiad,
                school,
                link,
                new_account,
                ..
            } => vec![
                ("inviter", inviter.clone()),
                ("olympiad", olympiad.clone()),
                ("school", school.clone()),
                ("link", link.clone()),
                ("action", account_action(*new_account).to_owned()),
            ],
            Email::CertificatesReady {
                olympiad,
                school,
                certificates,
                link,
                ..
            } => vec![
                ("olympiad", olympiad.clone()),
                ("school", school.clone()),
                ("certificates", certificates.to_string()),
                ("link", link.clone()),
            ],
            Email::DiscountGranted {
                olympiad,
                customer,
                free_learners,
                total,
                link,
                ..
            } => vec![
                ("olympiad", olympiad.clone()),
                ("customer", customer.clone()),
                ("free_learners", free_learners.to_string()),
                ("total", total.clone()),
                ("link", link.clone()),
            ],
            Email::InvoiceIssued {
                olympiad,
                customer,
                number,
                total,
                link,
                ..
            } => vec![
                ("olympiad", olympiad.clone()),
                ("customer", customer.clone()),
                ("number", number.clone()),
                ("total", total.clone()),
                ("link", link.clone()),
            ],
        };
        values.extend(more);
        values
    }

    /// The message as it will read: a mass mail as written, a system e-mail in `copy` (or its
    /// kind's default) filled in with its values.
    pub fn written(&self, copy: Option<&Copy>) -> Result<Copy, MailError> {
        if let Email::Bulk {
            subject,
            html,
            text,
            unsubscribe_page,
            ..
        } = self
        {
            return Ok(Copy {
                subject: subject.clone(),
                html: format!(
                    "{html}<p style=\"font-size:12px;color:#555\">You receive this because of your school's olympiads. <a href=\"{}\">Unsubscribe</a></p>",
                    templates::escape_html(unsubscribe_page)
                ),
                text: format!("{text}\n\n--\nUnsubscribe: {unsubscribe_page}\n"),
            });
        }
        let kind = kinds::system_email(self.kind())
            .ok_or_else(|| MailError::Build(format!("no kind {}", self.kind())))?;
        let default = Copy::default_of(kind);
        let values = self.values();
        let values: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        // Copy saved before links had to be whole is not used: the default goes instead.
        let copy = copy.filter(|copy| copy.places_links_whole(kind.placeholders));
        Ok(copy.unwrap_or(&default).fill(&values))
    }

    /// The links the platform made for this message (each may carry a secret).
    pub fn links(&self) -> Vec<String> {
        if let Email::Bulk {
            unsubscribe,
            unsubscribe_page,
            ..
        } = self
        {
            return vec![unsubscribe.clone(), unsubscribe_page.clone()];
        }
        let Some(kind) = kinds::system_email(self.kind()) else {
            return Vec::new();
        };
        self.values()
            .into_iter()
            .filter(|(name, _)| kind.placeholders.iter().any(|p| p.link && p.name == *name))
            .map(|(_, value)| value)
            .collect()
    }
}

/// What the button of a welcome says: a new account first chooses its password.
fn account_action(new_account: bool) -> &'static str {
    if new_account {
        "Choose your password"
    } else {
        "Sign in to the teacher portal"
    }
}

enum Transport {
    Smtp(smtp::SmtpPool),
    Outbox(AsyncFileTransport<Tokio1Executor>),
}

/// How the sender signs its messages (DKIM): the selector and domain of the DNS record that
/// publishes the public key, and the private key (PEM, RSA or Ed25519 as base64).
#[derive(Clone)]
pub struct DkimSettings {
    pub selector: String,
    pub domain: String,
    pub private_key: String,
}

/// Never prints the key.
impl std::fmt::Debug for DkimSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DkimSettings")
            .field("selector", &self.selector)
            .field("domain", &self.domain)
            .finish_non_exhaustive()
    }
}

pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    dkim: Option<DkimConfig>,
    /// The file store, where the files that messages carry are read from.
    files: Option<Storage>,
    /// `PUBLIC_BASE_URL`: every link a message carries must lead there.
    home: Option<String>,
}

/// The largest file a message carries: past it, most mail servers refuse the message anyway.
const MAX_FILE_BYTES: u64 = 25 * 1024 * 1024;

/// Connections kept open to the SMTP server and reused from message to message.
pub const DEFAULT_SMTP_POOL: u32 = 4;

impl Mailer {
    /// `smtp_url` as lettre reads it (`smtp://user:pass@host:587?tls=required`, `smtps://…`);
    /// `None` writes into `outbox`.
    pub fn new(smtp_url: Option<&str>, outbox: PathBuf, from: &str) -> Result<Self, MailError> {
        Mailer::with_pool(smtp_url, outbox, from, DEFAULT_SMTP_POOL)
    }

    /// As [`Mailer::new`], keeping up to `pool_size` SMTP connections open.
    pub fn with_pool(
        smtp_url: Option<&str>,
        outbox: PathBuf,
        from: &str,
        pool_size: u32,
    ) -> Result<Self, MailError> {
        let from = from
            .parse()
            .map_err(|_| MailError::Address(from.to_owned()))?;
        let transport = match smtp_url {
            Some(url) => Transport::Smtp(smtp::SmtpPool::new(url, pool_size)?),
            None => {
                std::fs::create_dir_all(&outbox)
                    .map_err(|e| MailError::Config(format!("outbox {}: {e}", outbox.display())))?;
                Transport::Outbox(AsyncFileTransport::new(outbox))
            }
        };
        Ok(Mailer {
            transport,
            from,
            dkim: None,
            files: None,
            home: None,
        })
    }

    /// How many messages may be handed over at once: one a pooled SMTP connection.
    pub fn connections(&self) -> u32 {
        match &self.transport {
            Transport::Smtp(pool) => pool.size(),
            Transport::Outbox(_) => DEFAULT_SMTP_POOL,
        }
    }

    /// Signs every message with this key from now on.
    pub fn sign_with(mut self, dkim: &DkimSettings) -> Result<Self, MailError> {
        let algorithm = if dkim.private_key.contains("BEGIN") {
            DkimSigningAlgorithm::Rsa
        } else {
            DkimSigningAlgorithm::Ed25519
        };
        let key = DkimSigningKey::new(&dkim.private_key, algorithm)
            .map_err(|e| MailError::Dkim(e.to_string()))?;
        // Relaxed canonicalisation of headers and body: relays that re-fold a header or touch
        // white space do not break the signature. The one-click unsubscribe headers are signed
        // too, as mailbox providers require of RFC 8058 (a message without them signs them empty).
        let headers = [
            "From",
            "To",
            "Subject",
            "Date",
            "List-Unsubscribe",
            "List-Unsubscribe-Post",
        ]
        .into_iter()
        .map(HeaderName::new_from_ascii_str)
        .collect();
        self.dkim = Some(DkimConfig::new(
            dkim.selector.clone(),
            dkim.domain.clone(),
            key,
            headers,
            DkimCanonicalization {
                header: DkimCanonicalizationType::Relaxed,
                body: DkimCanonicalizationType::Relaxed,
            },
        ));
        Ok(self)
    }

    /// Reads the files that messages carry from this store (the uploads' store).
    pub fn with_files_from(mut self, files: Storage) -> Self {
        self.files = Some(files);
        self
    }

    /// Sends only messages whose links lead to `public_base_url` (PUBLIC_BASE_URL): a link made
    /// wrong, or a message queued by something else, does not take its token elsewhere.
    pub fn links_lead_to(mut self, public_base_url: &str) -> Self {
        self.home = Some(public_base_url.to_owned());
        self
    }

    /// Sends a queued e-mail in `copy` (`None`: its kind's default).
    pub async fn send(&self, email: &Email, copy: Option<&Copy>) -> Result<(), MailError> {
        if let Some(home) = &self.home {
            // The link itself stays out of the error: it goes to the job's log.
            if email
                .links()
                .iter()
                .any(|link| !links::leads_home(link, home))
            {
                return Err(MailError::Build(
                    "a link of the message does not lead to PUBLIC_BASE_URL".into(),
                ));
            }
        }
        let written = email.written(copy)?;
        let (unsubscribe, attachments) = match email {
            Email::Bulk {
                unsubscribe,
                attachments,
                ..
            } => (Some(unsubscribe.as_str()), attachments.as_slice()),
            _ => (None, &[][..]),
        };
        let files = self.read_files(attachments).await?;
        self.deliver(email.to(), &written, unsubscribe, files).await
    }

    /// The bytes of each file to attach. A file that is gone fails the message for good: it will
    /// not come back by trying again; a store that cannot be reached is tried again later.
    async fn read_files(
        &self,
        attachments: &[FileAttachment],
    ) -> Result<Vec<SinglePart>, MailError> {
        let mut parts = Vec::with_capacity(attachments.len());
        for file in attachments {
            let cannot_read = |e: &dyn std::fmt::Display| {
                MailError::Build(format!("the file {:?} cannot be read: {e}", file.filename))
            };
            let files = self
                .files
                .clone()
                .ok_or_else(|| cannot_read(&"no file store"))?;
            let key = file.stored.clone();
            // The store is read blocking (a file or an HTTP request), off the async workers.
            let read = tokio::task::spawn_blocking(move || files.read(&key, MAX_FILE_BYTES))
                .await
                .map_err(|e| cannot_read(&e))?;
            let bytes = match read {
                Ok(bytes) => bytes,
                Err(e @ StorageError::Unavailable { .. }) => {
                    return Err(MailError::Files(e.to_string()))
                }
                Err(e) => return Err(cannot_read(&e)),
            };
            let content_type = ContentType::parse(&file.content_type)
                .map_err(|e| MailError::Build(e.to_string()))?;
            parts.push(Attachment::new(file.filename.clone()).body(bytes, content_type));
        }
        Ok(parts)
    }

    /// A short line for the job log.
    pub fn summary(email: &Email) -> String {
        format!("{} sent", email.kind().replace('_', " "))
    }

    async fn deliver(
        &self,
        to: &Recipient,
        written: &Copy,
        unsubscribe: Option<&str>,
        files: Vec<SinglePart>,
    ) -> Result<(), MailError> {
        let mailbox = Mailbox::new(
            Some(to.name.clone()).filter(|n| !n.is_empty()),
            to.email
                .parse()
                .map_err(|_| MailError::Address(to.email.clone()))?,
        );
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(mailbox)
            .subject(&written.subject);
        if let Some(url) = unsubscribe {
            // RFC 8058: the mailbox provider POSTs `List-Unsubscribe=One-Click` to the address.
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{url}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".to_owned(),
                ));
        }
        let body = MultiPart::alternative()
            .singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_PLAIN)
                    .body(written.text.clone()),
            )
            .singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_HTML)
                    .body(wrap_html(&written.html)),
            );
        // With files: multipart/mixed, the text and HTML first, then each file.
        let body = if files.is_empty() {
            body
        } else {
            files
                .into_iter()
                .fold(MultiPart::mixed().multipart(body), MultiPart::singlepart)
        };
        let mut message = builder
            .multipart(body)
            .map_err(|e| MailError::Build(e.to_string()))?;
        if let Some(dkim) = &self.dkim {
            message.sign(dkim);
        }
        match &self.transport {
            Transport::Smtp(pool) => pool.send(message.envelope(), &message.formatted()).await,
            Transport::Outbox(outbox) => {
                outbox
                    .send(message)
                    .await
                    .map(drop)
                    .map_err(|e| MailError::Send {
                        message: e.to_string(),
                        permanent: false,
                    })
            }
        }
    }
}
