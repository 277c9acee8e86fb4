//! E-mail end to end against a real SMTP server on loopback: a mass mail queued (held), released
//! in a batch and singly, sent with one-click unsubscribe headers; a bounce through the webhook's
//! JSON form shuns an address and the next mass mail skips it; the queue retries a temporary
//! failure and gives up on a permanent one; an e-mail interrupted while handed over is not sent
//! twice; a DKIM key signs what goes out.

#![allow(clippy::unwrap_used, clippy::expect_used)] // helpers of a test: a panic is the failure

use olympiad_domain::email::{Audience, BounceKind, EmailOutcome, MassMailStatus};
use olympiad_domain::interest::InterestKind;
use olympiad_domain::job::{JobKind, JobStatus};
use olympiad_domain::Role;
use olympiad_mailer::testing::{response, Refusal, SmtpServer};
use olympiad_mailer::{DkimSettings, Mailer};
use olympiad_office::email::bounces::{self, BounceInput};
use olympiad_office::email::copy::CopyInput;
use olympiad_office::email::mass_mails::{self, MassMailInput};
use olympiad_office::email::queue::{self, ReleaseBatchQuery};
use olympiad_office::email::unsubscribes;
use olympiad_office::Caller;
use olympiad_persistence::models::{
    EmailLog, ExpressionInsertForm, ExpressionOfInterest, Job, Olympiad, OlympiadInsertForm,
    Project, ProjectInsertForm, QueuedEmail, QueuedEmailFilter,
};
use olympiad_persistence::testing::TestDatabase;
use olympiad_server::worker::Worker;
use std::sync::Arc;
use std::time::Duration;

const BASE: &str = "http://127.0.0.1:8080";

fn olympiad(db: &TestDatabase) -> Olympiad {
    let mut conn = db.conn();
    let project = Project::ensure(
        &mut conn,
        &ProjectInsertForm {
            slug: "geography",
            name: "geography",
            description: "",
            kind: olympiad_domain::olympiad::OlympiadKind::Schools,
        },
    )
    .unwrap();
    Olympiad::ensure(
        &mut conn,
        &OlympiadInsertForm {
            project_id: project.id,
            name: "geography",
            title: "Geography Olympiad",
            year: 2026,
            is_open: true,
        },
    )
    .unwrap()
}

fn interested(db: &TestDatabase, olympiad_id: i64, email: &str) {
    ExpressionOfInterest::create(
        &mut db.conn(),
        &ExpressionInsertForm {
            olympiad_id,
            kind: InterestKind::Teacher,
            title: "Ms".into(),
            first_name: "Thandi".into(),
            last_name: email.split('@').next().unwrap().into(),
            email: email.into(),
            phone: String::new(),
            school_name: "Waterkloof High".into(),
            emis_number: String::new(),
            province: "Gauteng".into(),
            town: "Pretoria".into(),
            subject: String::new(),
            organisation: String::new(),
            relationship: String::new(),
            message: String::new(),
            verify_token: olympiad_office::secrets::new_token(),
        },
    )
    .unwrap();
}

/// The overlord, made once per database (the activity log and a mass mail name who acted).
fn overlord_in(db: &TestDatabase) -> Caller {
    use olympiad_office::accounts::{provision, Provision};
    let mut conn = db.conn();
    let (user, account) =
        match olympiad_persistence::models::User::by_username(&mut conn, "overlord@example.org")
            .unwrap()
        {
            Some(user) => {
                let id = user.id;
                (user, id)
            }
            None => {
                let request = Provision {
                    username: "overlord@example.org".into(),
                    email: Some("overlord@example.org".into()),
                    password_hash: "not used".into(),
                    first_name: "Over".into(),
                    last_name: "Lord".into(),
                    role: Role::Overlord,
                    olympiad_id: None,
                };
                let (user, account, _) = provision(&mut conn, &request).unwrap();
                (user, account.id)
            }
        };
    Caller {
        user_id: user.id,
        account_id: account,
        role: Role::Overlord,
        olympiad_id: None,
        olympiad_name: None,
        impersonator: None,
        impersonator_version: None,
        session_version: 0,
        address: None,
    }
}

fn worker(db: &TestDatabase, mailer: Mailer) -> Worker {
    Worker {
        name: "test-worker".into(),
        pool: db.pool.clone(),
        mailer,
        mail_rate_per_minute: 60_000,
    }
}

fn smtp_mailer(server: &SmtpServer) -> Mailer {
    Mailer::new(
        Some(&server.url()),
        std::env::temp_dir(),
        "Olympiads <no-reply@olympiads.test>",
    )
    .unwrap()
}

fn mass_mail(db: &TestDatabase, olympiad_id: i64, title: &str) -> i64 {
    let input = MassMailInput {
        olympiad_id: Some(olympiad_id),
        campaign_id: None,
        title: title.into(),
        audience: Audience::InterestedParties,
        copy: CopyInput {
            subject: "Entries close on Friday".into(),
            html: "<p>Dear {{name}}, enter your school.</p>".into(),
            text: "Dear {{name}}, enter your school.".into(),
        },
    };
    let caller = overlord_in(db);
    mass_mails::create(&mut db.conn(), &caller, &input)
        .unwrap()
        .mass_mail
        .id
}

#[actix_web::test]
async fn a_mass_mail_waits_is_released_and_carries_one_click_unsubscribe() {
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    for name in ["a", "b", "c"] {
        interested(&db, geography.id, &format!("{name}@school.example.org"));
    }
    let id = mass_mail(&db, geography.id, "Reminder");
    let queued = mass_mails::queue(&mut db.conn(), &overlord, id, BASE).unwrap();
    assert_eq!((queued.queued, queued.skipped), (3, 0));
    assert_eq!(queued.mass_mail.mass_mail.status, MassMailStatus::Queued);
    // Queueing twice is refused: it would send twice.
    assert!(mass_mails::queue(&mut db.conn(), &overlord, id, BASE).is_err());

    let server = SmtpServer::start();
    let worker = worker(&db, smtp_mailer(&server));
    assert_eq!(worker.run_due().await.unwrap(), 0, "held e-mails wait");

    let released = queue::release_batch(
        &mut db.conn(),
        &overlord,
        &ReleaseBatchQuery {
            mass_mail_id: id,
            qty: 2,
        },
    )
    .unwrap();
    assert_eq!(released.released, 2);
    assert_eq!(worker.run_due().await.unwrap(), 2);
    let received = server.wait_for(2, Duration::from_secs(5));
    assert_eq!(received.len(), 2);
    let data = &received[0].data;
    assert!(
        data.contains("List-Unsubscribe: <http://127.0.0.1:8080/api/unsubscribe/"),
        "{data}"
    );
    assert!(data.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
    assert!(data.contains("http://127.0.0.1:8080/geography/unsubscribe/"));
    assert!(data.contains("Dear Thandi a"));

    // The last one, released singly.
    let held = QueuedEmail::list(
        &mut db.conn(),
        &QueuedEmailFilter {
            mass_mail_id: Some(id),
            unsent_only: true,
            ..QueuedEmailFilter::default()
        },
    )
    .unwrap();
    assert_eq!(held.len(), 1);
    assert_eq!(held[0].status, JobStatus::Held);
    queue::release_one(&mut db.conn(), &overlord, held[0].id).unwrap();
    assert!(
        queue::release_one(&mut db.conn(), &overlord, held[0].id).is_err(),
        "released once"
    );
    assert_eq!(worker.run_due().await.unwrap(), 1);
    assert_eq!(server.wait_for(3, Duration::from_secs(5)).len(), 3);
    let view = mass_mails::get(&mut db.conn(), &overlord, id).unwrap();
    assert_eq!(view.progress.sent, 3);

    // The one-click address unsubscribes; the page's reference shows it.
    let start = data.find("/api/unsubscribe/").unwrap() + "/api/unsubscribe/".len();
    let reference: String = data[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    let link = unsubscribes::one_click(&mut db.conn(), &reference).unwrap();
    assert!(link.unsubscribed);
    assert!(!link.email.contains("@school.example.org") || link.email.contains('…'));
}

#[actix_web::test]
async fn a_bounce_shuns_the_address_and_the_next_mass_mail_skips_it() {
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    interested(&db, geography.id, "gone@school.example.org");
    interested(&db, geography.id, "here@school.example.org");
    assert!(bounces::check_secret(Some("s3cret-of-the-webhook"), Some("wrong")).is_err());
    assert!(bounces::check_secret(None, Some("anything")).is_err());
    bounces::check_secret(Some("s3cret-of-the-webhook"), Some("s3cret-of-the-webhook")).unwrap();
    let receipt = bounces::receive_json(
        &mut db.conn(),
        &BounceInput {
            email: "Gone@School.example.org".into(),
            kind: BounceKind::Hard,
            detail: "550 5.1.1 no such user".into(),
        },
    )
    .unwrap();
    assert_eq!(receipt.shunned, vec!["gone@school.example.org"]);

    let id = mass_mail(&db, geography.id, "After the bounce");
    let queued = mass_mails::queue(&mut db.conn(), &overlord, id, BASE).unwrap();
    assert_eq!((queued.queued, queued.skipped), (1, 1));
    let logged = EmailLog::newest(&mut db.conn(), Some(geography.id), 10).unwrap();
    assert!(logged
        .iter()
        .any(|l| l.recipient == "gone@school.example.org" && l.status == EmailOutcome::Skipped));
}

#[actix_web::test]
async fn the_queue_retries_a_temporary_failure_and_gives_up_on_a_permanent_one() {
    let db = TestDatabase::new();
    let refuse: Refusal = Arc::new(|to: &str| {
        if to.contains("gone") {
            Some(response::NO_MAILBOX)
        } else if to.contains("busy") {
            Some(response::INTERNAL_ERROR)
        } else {
            None
        }
    });
    let server = SmtpServer::start_refusing(Some(refuse));
    let worker = worker(&db, smtp_mailer(&server));
    let email = |to: &str| serde_json::json!({ "kind": "two_factor_enabled", "to": { "email": to, "name": "A", "username": to } });
    let busy = Job::enqueue(&mut db.conn(), JobKind::Email, &email("busy@example.org")).unwrap();
    let gone = Job::enqueue(&mut db.conn(), JobKind::Email, &email("gone@example.org")).unwrap();
    assert_eq!(worker.run_due().await.unwrap(), 2);
    let busy = Job::find(&mut db.conn(), busy).unwrap();
    assert_eq!(busy.status, JobStatus::Queued, "tried again later");
    assert!(
        busy.run_at > olympiad_persistence::now(),
        "after a back-off"
    );
    let gone = Job::find(&mut db.conn(), gone).unwrap();
    assert_eq!(
        gone.status,
        JobStatus::Failed,
        "a refused address is not tried again"
    );
    let logged = EmailLog::newest(&mut db.conn(), None, 10).unwrap();
    assert_eq!(logged.len(), 1);
    assert_eq!(logged[0].status, EmailOutcome::Failed);
}

#[actix_web::test]
async fn an_email_interrupted_while_handed_over_is_not_sent_again() {
    let db = TestDatabase::new();
    let email = serde_json::json!({ "kind": "two_factor_enabled", "to": { "email": "a@example.org", "name": "A", "username": "a@example.org" } });
    let id = Job::enqueue(&mut db.conn(), JobKind::Email, &email).unwrap();
    // A worker took it and died before recording the outcome; its lease has run out.
    Job::claim(&mut db.conn(), "dead-worker").unwrap().unwrap();
    {
        use diesel::prelude::*;
        use olympiad_persistence::schema::jobs;
        diesel::update(jobs::table.find(id))
            .set(jobs::locked_at.eq(olympiad_persistence::now() - chrono::Duration::hours(1)))
            .execute(&mut db.conn())
            .unwrap();
    }
    let server = SmtpServer::start();
    let worker = worker(&db, smtp_mailer(&server));
    assert_eq!(worker.run_due().await.unwrap(), 0, "not taken again");
    assert_eq!(worker.reconcile_interrupted_emails().await.unwrap(), 1);
    assert_eq!(
        Job::find(&mut db.conn(), id).unwrap().status,
        JobStatus::Failed
    );
    assert!(server.received().is_empty());
}

#[actix_web::test]
async fn a_configured_dkim_key_signs_the_message() {
    // An Ed25519 key (32 bytes, base64) made for this test only.
    let settings = DkimSettings {
        selector: "olympiad".into(),
        domain: "olympiads.test".into(),
        private_key: "nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=".into(),
    };
    let server = SmtpServer::start();
    let mailer = smtp_mailer(&server).sign_with(&settings).unwrap();
    let email = olympiad_mailer::Email::TwoFactorEnabled {
        to: olympiad_mailer::Recipient {
            email: "a@example.org".into(),
            name: "A".into(),
            username: "a".into(),
        },
    };
    mailer.send(&email, None).await.unwrap();
    let data = &server.wait_for(1, Duration::from_secs(5))[0].data;
    assert!(data.contains("DKIM-Signature:"), "{data}");
    assert!(data.contains("d=olympiads.test"));
    assert!(data.contains("s=olympiad"));
}
