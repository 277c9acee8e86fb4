//! E-mail of the olympiad platform. Each kind of message has its own `send_*` function and its HTML
//! and text templates side by side in `templates/`. Messages go out over SMTP (`SMTP_URL`) or, when
//! none is set, are written as `.eml` files into an outbox folder so that nothing is lost in
//! development. This crate knows no database: the server's worker takes queued [`Email`]s from the
//! job table and hands them here.

mod templates;
#[cfg(feature = "testing")]
pub mod testing;

use lettre::message::{header::ContentType, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncFileTransport, AsyncTransport, Message, Tokio1Executor};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use templates::Template;

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("SMTP_URL is not valid: {0}")]
    Config(String),
    #[error("the address {0:?} is not a valid e-mail address")]
    Address(String),
    #[error("the message could not be built: {0}")]
    Build(String),
    #[error("the message could not be sent: {0}")]
    Send(String),
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
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(AsyncFileTransport<Tokio1Executor>),
}

pub struct Mailer {
    transport: Transport,
    from: Mailbox,
}

impl Mailer {
    /// `smtp_url` as lettre reads it (`smtp://user:pass@host:587?tls=required`, `smtps://…`);
    /// `None` writes into `outbox`.
    pub fn new(smtp_url: Option<&str>, outbox: PathBuf, from: &str) -> Result<Self, MailError> {
        let from = from
            .parse()
            .map_err(|_| MailError::Address(from.to_owned()))?;
        let transport = match smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| MailError::Config(e.to_string()))?
                    .build(),
            ),
            None => {
                std::fs::create_dir_all(&outbox)
                    .map_err(|e| MailError::Config(format!("outbox {}: {e}", outbox.display())))?;
                Transport::Outbox(AsyncFileTransport::new(outbox))
            }
        };
        Ok(Mailer { transport, from })
    }

    /// Sends a queued e-mail: the subject and template of its kind, filled in with its values.
    pub async fn send(&self, email: &Email) -> Result<(), MailError> {
        match email {
            Email::PasswordReset { to, link } => {
                let values = [("link", link.as_str())];
                let subject = "Reset your olympiad password";
                self.deliver(to, subject, &templates::PASSWORD_RESET, &values)
                    .await
            }
            Email::TwoFactorEnabled { to } => {
                let subject = "Two-factor sign-in is on";
                self.deliver(to, subject, &templates::TWO_FACTOR_ENABLED, &[])
                    .await
            }
            Email::InterestVerify { to, olympiad, link } => {
                let values = [("olympiad", olympiad.as_str()), ("link", link)];
                let subject = format!("Please confirm your e-mail address for the {olympiad}");
                self.deliver(to, &subject, &templates::INTEREST_VERIFY, &values)
                    .await
            }
            Email::InterestProcessed {
                to,
                olympiad,
                school,
                link,
                new_account,
            } => {
                let values = [
                    ("olympiad", olympiad.as_str()),
                    ("school", school),
                    ("link", link),
                    ("action", account_action(*new_account)),
                ];
                let subject = format!("{school} is entered in the {olympiad}");
                self.deliver(to, &subject, &templates::INTEREST_PROCESSED, &values)
                    .await
            }
            Email::InterestDeclined {
                to,
                olympiad,
                reason,
            } => {
                let values = [("olympiad", olympiad.as_str()), ("reason", reason)];
                let subject = format!("Your interest in the {olympiad}");
                self.deliver(to, &subject, &templates::INTEREST_DECLINED, &values)
                    .await
            }
            Email::TeamInvitation {
                to,
                inviter,
                olympiad,
                school,
                link,
                new_account,
            } => {
                let values = [
                    ("inviter", inviter.as_str()),
                    ("olympiad", olympiad),
                    ("school", school),
                    ("link", link),
                    ("action", account_action(*new_account)),
                ];
                let subject = format!("You are in the {olympiad} team of {school}");
                self.deliver(to, &subject, &templates::TEAM_INVITATION, &values)
                    .await
            }
            Email::CertificatesReady {
                to,
                olympiad,
                school,
                certificates,
                link,
            } => {
                let count = certificates.to_string();
                let values = [
                    ("olympiad", olympiad.as_str()),
                    ("school", school),
                    ("certificates", &count),
                    ("link", link),
                ];
                let subject = format!("Certificates of {school} for the {olympiad}");
                self.deliver(to, &subject, &templates::CERTIFICATES_READY, &values)
                    .await
            }
            Email::DiscountGranted {
                to,
                olympiad,
                customer,
                free_learners,
                total,
                link,
            } => {
                let free = free_learners.to_string();
                let values = [
                    ("olympiad", olympiad.as_str()),
                    ("customer", customer),
                    ("free_learners", &free),
                    ("total", total),
                    ("link", link),
                ];
                let subject = format!("A discount on the {olympiad} entry of {customer}");
                self.deliver(to, &subject, &templates::DISCOUNT_GRANTED, &values)
                    .await
            }
            Email::InvoiceIssued {
                to,
                olympiad,
                customer,
                number,
                total,
                link,
            } => {
                let values = [
                    ("olympiad", olympiad.as_str()),
                    ("customer", customer),
                    ("number", number),
                    ("total", total),
                    ("link", link),
                ];
                let subject = format!("{number}: the {olympiad} entry of {customer}");
                self.deliver(to, &subject, &templates::INVOICE_ISSUED, &values)
                    .await
            }
        }
    }

    /// A short line for the job log.
    pub fn summary(email: &Email) -> &'static str {
        match email {
            Email::PasswordReset { .. } => "password reset sent",
            Email::TwoFactorEnabled { .. } => "two-factor notice sent",
            Email::InterestVerify { .. } => "interest verification sent",
            Email::InterestProcessed { .. } => "interest processed notice sent",
            Email::InterestDeclined { .. } => "interest declined notice sent",
            Email::TeamInvitation { .. } => "team invitation sent",
            Email::DiscountGranted { .. } => "discount notice sent",
            Email::InvoiceIssued { .. } => "invoice sent",
            Email::CertificatesReady { .. } => "certificates notice sent",
        }
    }

    /// Sends `template` filled in with the recipient's `name` and `username` and with `values`.
    async fn deliver(
        &self,
        to: &Recipient,
        subject: &str,
        template: &Template,
        values: &[(&str, &str)],
    ) -> Result<(), MailError> {
        let values: Vec<(&str, &str)> = [("name", to.name.as_str()), ("username", &to.username)]
            .into_iter()
            .chain(values.iter().copied())
            .collect();
        let values = values.as_slice();
        let mailbox = Mailbox::new(
            Some(to.name.clone()).filter(|n| !n.is_empty()),
            to.email
                .parse()
                .map_err(|_| MailError::Address(to.email.clone()))?,
        );
        let message = Message::builder()
            .from(self.from.clone())
            .to(mailbox)
            .subject(subject)
            .multipart(
                MultiPart::alternative()
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_PLAIN)
                            .body(template.text(values)),
                    )
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_HTML)
                            .body(template.html(values)),
                    ),
            )
            .map_err(|e| MailError::Build(e.to_string()))?;
        match &self.transport {
            Transport::Smtp(smtp) => smtp
                .send(message)
                .await
                .map(drop)
                .map_err(|e| MailError::Send(e.to_string())),
            Transport::Outbox(outbox) => outbox
                .send(message)
                .await
                .map(drop)
                .map_err(|e| MailError::Send(e.to_string())),
        }
    }
}
