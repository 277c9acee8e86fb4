//! Certificate runs have a lane of their own: while one is in progress on a node, the node's mail
//! lane still takes e-mails and sends them (over a real SMTP conversation), and never takes the
//! certificate work.

use crate::common::{smtp_mailer, worker};
use olympiad_domain::job::{JobKind, JobStatus};
use olympiad_mailer::testing::SmtpServer;
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::models::{EmailJobPlace, Job, Lane};
use olympiad_persistence::testing::TestDatabase;
use olympiad_server::worker::Worker;
use std::time::Duration;

#[actix_web::test]
async fn an_email_goes_out_while_a_certificate_run_is_in_progress() {
    let db = TestDatabase::new();
    let smtp = SmtpServer::start();
    let worker = Worker {
        name: "node-a".into(),
        ..worker(&db, smtp_mailer(&smtp))
    };
    let mut conn = db.conn();
    // Two runs queued; the certificate lane is busy with the first.
    let run = serde_json::json!({ "runId": 1 });
    let first = Job::enqueue(&mut conn, JobKind::Certificates, &run).unwrap();
    let second = Job::enqueue(&mut conn, JobKind::Certificates, &run).unwrap();
    let busy = Job::claim_lane(&mut conn, "node-a", Lane::Certificates)
        .unwrap()
        .unwrap();
    assert_eq!(busy.id, first);

    let email = Email::TwoFactorEnabled {
        to: Recipient {
            email: "teacher@example.org".into(),
            name: "Thandi Nkosi".into(),
            username: "teacher@example.org".into(),
        },
    };
    let place = EmailJobPlace {
        olympiad_id: None,
        mass_mail_id: None,
        recipient: "teacher@example.org".into(),
        held: false,
    };
    Job::enqueue_email(&mut conn, &serde_json::to_value(&email).unwrap(), &place).unwrap();

    // The mail lane sends the e-mail now, and leaves both certificate jobs alone.
    assert_eq!(worker.run_due().await.unwrap(), 1);
    let received = smtp.wait_for(1, Duration::from_secs(5));
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].to, vec!["teacher@example.org"]);
    assert_eq!(
        Job::count_by_status(&mut conn, JobStatus::Running).unwrap(),
        1
    );
    assert_eq!(
        Job::count_by_status(&mut conn, JobStatus::Queued).unwrap(),
        1
    );
    let next = Job::claim_lane(&mut conn, "node-a", Lane::Mail).unwrap();
    assert!(next.is_none(), "the mail lane takes no certificate run");
    let next = Job::claim_lane(&mut conn, "node-a", Lane::Certificates)
        .unwrap()
        .unwrap();
    assert_eq!(next.id, second);
}
