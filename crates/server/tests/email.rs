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

/// One header field as it came over the wire: its name and its value, folds and all.
fn header_fields(block: &str) -> Vec<(String, String)> {
    let mut fields: Vec<(String, String)> = Vec::new();
    for line in block.split("\r\n") {
        if line.starts_with([' ', '\t']) {
            if let Some(last) = fields.last_mut() {
                last.1.push_str("\r\n");
                last.1.push_str(line);
            }
        } else if let Some((name, value)) = line.split_once(':') {
            fields.push((name.to_owned(), value.to_owned()));
        }
    }
    fields
}

/// RFC 6376 3.4.2: a header field in relaxed canonical form.
fn relaxed_header(name: &str, value: &str) -> String {
    let unfolded = value.replace("\r\n", "");
    let collapsed = unfolded
        .split([' ', '\t'])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    format!("{}:{}", name.trim().to_lowercase(), collapsed)
}

/// RFC 6376 3.4.4: the body in relaxed canonical form.
fn relaxed_body(body: &str) -> String {
    let mut lines: Vec<String> = body
        .split("\r\n")
        .map(|line| {
            let mut out = String::new();
            let mut space = false;
            for c in line.chars() {
                if c == ' ' || c == '\t' {
                    space = true;
                } else {
                    if space {
                        out.push(' ');
                    }
                    space = false;
                    out.push(c);
                }
            }
            out
        })
        .collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    if lines.is_empty() {
        return String::new();
    }
    lines.join("\r\n") + "\r\n"
}

/// Verifies a message's DKIM signature (relaxed/relaxed, ed25519-sha256) as a receiving server
/// would, with the public key it would find in DNS. Answers why it does not verify.
fn verify_dkim(message: &str, key: &ed25519_dalek::VerifyingKey) -> Result<(), String> {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let b64 = base64::engine::general_purpose::STANDARD;
    let (head, body) = message.split_once("\r\n\r\n").ok_or("no body")?;
    let fields = header_fields(head);
    let (name, value) = fields
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("DKIM-Signature"))
        .ok_or("no DKIM-Signature")?;
    let unfolded = value.replace("\r\n", "");
    let tags: Vec<(String, String)> = unfolded
        .split(';')
        .filter_map(|t| t.split_once('='))
        .map(|(k, v)| {
            (
                k.trim().to_owned(),
                v.chars().filter(|c| !c.is_whitespace()).collect(),
            )
        })
        .collect();
    let tag = |k: &str| {
        tags.iter()
            .find(|(t, _)| t == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    if tag("c") != "relaxed/relaxed" || tag("a") != "ed25519-sha256" {
        return Err(format!("c={} a={}", tag("c"), tag("a")));
    }
    let body_hash = b64.encode(Sha256::digest(relaxed_body(body).as_bytes()));
    if body_hash != tag("bh") {
        return Err("the body hash differs".into());
    }
    let mut signed = String::new();
    for wanted in tag("h").split(':') {
        // The last instance of a field is the one signed; a field not there signs as nothing.
        if let Some((n, v)) = fields
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(wanted))
        {
            signed.push_str(&relaxed_header(n, v));
            signed.push_str("\r\n");
        }
    }
    // The signature's own field, with its b= tag emptied, last and without CRLF.
    let emptied: Vec<String> = unfolded
        .split(';')
        .map(|t| match t.trim_start().strip_prefix("b=") {
            Some(_) => format!("{}b=", &t[..t.len() - t.trim_start().len()]),
            None => t.to_owned(),
        })
        .collect();
    signed.push_str(&relaxed_header(name, &emptied.join(";")));
    let signature: [u8; 64] = b64
        .decode(tag("b"))
        .map_err(|e| e.to_string())?
        .try_into()
        .map_err(|_| "not an Ed25519 signature")?;
    key.verify_strict(
        &Sha256::digest(signed.as_bytes()),
        &ed25519_dalek::Signature::from_bytes(&signature),
    )
    .map_err(|e| e.to_string())
}

#[actix_web::test]
async fn a_configured_dkim_key_signs_the_message_verifiably() {
    use base64::Engine;
    // An Ed25519 key (32 bytes, base64) made for this test only.
    let private_key = "nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=";
    let settings = DkimSettings {
        selector: "olympiad".into(),
        domain: "olympiads.test".into(),
        private_key: private_key.into(),
    };
    // The public half, as the domain would publish it in olympiad._domainkey.olympiads.test.
    let seed: [u8; 32] = base64::engine::general_purpose::STANDARD
        .decode(private_key)
        .unwrap()
        .try_into()
        .unwrap();
    let public = ed25519_dalek::SigningKey::from_bytes(&seed).verifying_key();

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
    // A mass mail too: its one-click unsubscribe headers are among those signed.
    let bulk = olympiad_mailer::Email::Bulk {
        to: olympiad_mailer::Recipient {
            email: "b@example.org".into(),
            name: "B".into(),
            username: "b".into(),
        },
        subject: "Entries close on Friday".into(),
        html: "<p>Dear B,   enter   now.</p>".into(),
        text: "Dear B,\tenter now.  ".into(),
        unsubscribe: "http://127.0.0.1:8080/api/unsubscribe/ref123".into(),
        unsubscribe_page: "http://127.0.0.1:8080/unsubscribe/ref123".into(),
        attachments: vec![],
    };
    mailer.send(&bulk, None).await.unwrap();
    let received = server.wait_for(2, Duration::from_secs(5));
    for message in &received {
        let data = &message.data;
        assert!(data.contains("d=olympiads.test"), "{data}");
        assert!(data.contains("s=olympiad"));
        verify_dkim(data, &public).unwrap_or_else(|why| panic!("{why}: {data}"));
    }
    let bulk = &received[1].data;
    assert!(
        bulk.contains("list-unsubscribe:list-unsubscribe-post"),
        "{bulk}"
    );

    // A changed body, or another key, does not verify.
    let (head, body) = received[0].data.split_once("\r\n\r\n").unwrap();
    let tampered = format!("{head}\r\n\r\nAdded by a relay.\r\n{body}");
    assert!(verify_dkim(&tampered, &public).is_err());
    let stranger = ed25519_dalek::SigningKey::from_bytes(&[7; 32]).verifying_key();
    assert!(verify_dkim(&received[0].data, &stranger).is_err());
}

/// An entered school with one teacher on its team and a purchase order in the given state.
fn entry_with_order(db: &TestDatabase, olympiad_id: i64, letter: &str, order: &str) {
    use diesel::connection::SimpleConnection;
    let school = format!("(SELECT id FROM schools WHERE name = 'School {letter}')");
    let user = format!("{letter}@school.example.org");
    let (paid, pre, deleted) = match order {
        "paid" => ("TRUE", "FALSE", "NULL"),
        "pre" => ("FALSE", "TRUE", "NULL"),
        "deleted" => ("FALSE", "FALSE", "CURRENT_TIMESTAMP"),
        _ => ("FALSE", "FALSE", "NULL"),
    };
    db.conn()
        .batch_execute(&format!(
            "INSERT INTO schools (name, province, sector, country_code) VALUES ('School {letter}', 'Gauteng', 'public', 'ZA');
             INSERT INTO users (username, email, password_hash, first_name, last_name) VALUES ('{user}', '{user}', 'x', 'Teacher', '{letter}');
             INSERT INTO teachers (user_id, school_id) SELECT id, {school} FROM users WHERE username = '{user}';
             INSERT INTO school_participants (olympiad_id, school_id) VALUES ({olympiad_id}, {school});
             INSERT INTO team_members (school_participant_id, teacher_id, is_team_admin)
               SELECT sp.id, t.id, TRUE FROM school_participants sp, teachers t
               WHERE sp.school_id = {school} AND t.user_id = (SELECT id FROM users WHERE username = '{user}');
             INSERT INTO purchase_orders (olympiad_id, school_participant_id, reference, pay_token, learners, unit_cents, subtotal_cents, vat_cents, total_cents, paid, pre_approved, deleted_at)
               SELECT {olympiad_id}, id, 'REF-{letter}', 'token-{letter}', 5, 5000, 25000, 3750, 28750, {paid}, {pre}, {deleted}
               FROM school_participants WHERE school_id = {school};"
        ))
        .unwrap();
}

#[actix_web::test]
async fn the_unpaid_orders_audience_reaches_only_entries_that_owe() {
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    entry_with_order(&db, geography.id, "owes", "unpaid");
    entry_with_order(&db, geography.id, "paid", "paid");
    entry_with_order(&db, geography.id, "trusted", "pre");
    entry_with_order(&db, geography.id, "withdrawn", "deleted");
    let input = MassMailInput {
        olympiad_id: Some(geography.id),
        campaign_id: None,
        title: "Your order is unpaid".into(),
        audience: Audience::UnpaidOrders,
        copy: CopyInput {
            subject: "Your order is unpaid".into(),
            html: "<p>Dear {{name}}, please pay.</p>".into(),
            text: "Dear {{name}}, please pay.".into(),
        },
    };
    let id = mass_mails::create(&mut db.conn(), &overlord, &input)
        .unwrap()
        .mass_mail
        .id;
    let queued = mass_mails::queue(&mut db.conn(), &overlord, id, BASE).unwrap();
    assert_eq!((queued.queued, queued.skipped), (1, 0));
    let held = QueuedEmail::list(
        &mut db.conn(),
        &QueuedEmailFilter {
            mass_mail_id: Some(id),
            ..QueuedEmailFilter::default()
        },
    )
    .unwrap();
    assert_eq!(held.len(), 1);
    assert_eq!(
        held[0].recipient.as_deref(),
        Some("owes@school.example.org")
    );
}

#[actix_web::test]
async fn each_message_of_a_mass_mail_carries_its_files() {
    use base64::Engine;
    use olympiad_office::OfficeError;
    let db = TestDatabase::new();
    let uploads = tempfile::tempdir().unwrap();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    interested(&db, geography.id, "a@school.example.org");
    let id = mass_mail(&db, geography.id, "With the entry form");
    let form: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << >> endobj\n%%EOF\n";
    let attach = |name: &str, bytes: &[u8]| {
        mass_mails::attach(&mut db.conn(), &overlord, id, name, bytes, uploads.path())
    };
    let view = attach("entry-form.pdf", form).unwrap();
    assert_eq!(view.attachments.len(), 1);
    assert_eq!(view.attachments[0].content_type, "application/pdf");
    // Judged by content, not name: a script called .pdf is refused.
    assert!(matches!(
        attach("form.pdf", b"#!/bin/sh\necho hi\n"),
        Err(OfficeError::UnsupportedFile(_))
    ));
    // Too large for one file: a validation naming the file.
    let mut big = b"%PDF-1.4\n".to_vec();
    big.resize(olympiad_domain::email::MASS_MAIL_MAX_FILE_BYTES + 1, b' ');
    assert!(matches!(
        attach("big.pdf", &big),
        Err(OfficeError::Invalid { ref field, .. }) if field == "file"
    ));
    // A fourth file is a conflict; removing one makes room.
    let second = attach("second.pdf", b"%PDF-1.4\n% second\n").unwrap();
    attach("third.pdf", b"%PDF-1.4\n% third\n").unwrap();
    assert!(matches!(
        attach("fourth.pdf", b"%PDF-1.4\n% fourth\n"),
        Err(OfficeError::Conflict { .. })
    ));
    for file in &second.attachments[1..] {
        mass_mails::detach(&mut db.conn(), &overlord, id, file.id, uploads.path()).unwrap();
    }
    attach("fourth.pdf", b"%PDF-1.4\n% fourth\n").unwrap();

    mass_mails::queue(&mut db.conn(), &overlord, id, BASE).unwrap();
    // Once queued, its files are fixed.
    assert!(matches!(
        attach("late.pdf", form),
        Err(OfficeError::Conflict { .. })
    ));
    queue::release_batch(
        &mut db.conn(),
        &overlord,
        &ReleaseBatchQuery {
            mass_mail_id: id,
            qty: 10,
        },
    )
    .unwrap();
    let server = SmtpServer::start();
    let worker = worker(
        &db,
        smtp_mailer(&server).with_files_from(uploads.path().to_path_buf()),
    );
    assert_eq!(worker.run_due().await.unwrap(), 1);
    let data = server.wait_for(1, Duration::from_secs(5))[0].data.clone();
    assert!(data.contains("Content-Type: multipart/mixed"), "{data}");
    assert!(data.contains("Content-Disposition: attachment; filename=\"entry-form.pdf\""));
    assert!(data.contains("Content-Disposition: attachment; filename=\"fourth.pdf\""));
    assert!(!data.contains("filename=\"second.pdf\""));
    let unfolded = data.replace("\r\n", "");
    let encoded = base64::engine::general_purpose::STANDARD.encode(form);
    assert!(unfolded.contains(&encoded), "the file's bytes arrive whole");
    assert!(data.contains("Dear Thandi a"), "the message is still there");
}

/// One DER element: a tag and its content.
fn der(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let len = content.len();
    if len < 0x80 {
        out.push(u8::try_from(len).unwrap());
    } else {
        let bytes: Vec<u8> = len
            .to_be_bytes()
            .into_iter()
            .skip_while(|b| *b == 0)
            .collect();
        out.push(0x80 | u8::try_from(bytes.len()).unwrap());
        out.extend(bytes);
    }
    out.extend_from_slice(content);
    out
}

/// A self-signed certificate (PEM) for a freshly made RSA key, as SNS would serve it.
fn sns_certificate(key: &rsa::RsaPrivateKey) -> String {
    use base64::Engine;
    use rsa::pkcs8::EncodePublicKey;
    use sha2::{Digest, Sha256};
    let spki = key.to_public_key().to_public_key_der().unwrap();
    // sha256WithRSAEncryption, 1.2.840.113549.1.1.11
    let algorithm = der(
        0x30,
        &[
            der(
                0x06,
                &[0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B],
            ),
            der(0x05, &[]),
        ]
        .concat(),
    );
    let name = der(
        0x30,
        &der(
            0x31,
            &der(
                0x30,
                &[
                    der(0x06, &[0x55, 0x04, 0x03]),
                    der(0x0C, b"sns.amazonaws.com"),
                ]
                .concat(),
            ),
        ),
    );
    let validity = der(
        0x30,
        &[der(0x17, b"260101000000Z"), der(0x17, b"360101000000Z")].concat(),
    );
    let tbs = der(
        0x30,
        &[
            der(0xA0, &der(0x02, &[2])),
            der(0x02, &[1]),
            algorithm.clone(),
            name.clone(),
            validity,
            name,
            spki.as_bytes().to_vec(),
        ]
        .concat(),
    );
    let signature = key
        .sign(rsa::Pkcs1v15Sign::new::<Sha256>(), &Sha256::digest(&tbs))
        .unwrap();
    let cert = der(
        0x30,
        &[
            tbs,
            algorithm,
            der(0x03, &[&[0u8][..], &signature].concat()),
        ]
        .concat(),
    );
    let body = base64::engine::general_purpose::STANDARD.encode(cert);
    let lines: Vec<&str> = body
        .as_bytes()
        .chunks(64)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect();
    format!(
        "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----\n",
        lines.join("\n")
    )
}

/// An SNS notification of an SES bounce, signed as SNS signs (SignatureVersion 1: SHA1, 2: SHA256).
fn signed_sns(
    key: &rsa::RsaPrivateKey,
    version: u8,
    email: &str,
    cert_url: &str,
) -> serde_json::Value {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let message = serde_json::json!({
        "notificationType": "Bounce",
        "bounce": {"bounceType": "Permanent", "bounceSubType": "General",
                   "bouncedRecipients": [{"emailAddress": email, "diagnosticCode": "550 5.1.1 no such user"}]}
    })
    .to_string();
    let (id, time) = (
        "6b9f2b6c-1c1b-5a40-9b5f-000000000001",
        "2026-11-25T10:00:00.000Z",
    );
    let canonical = format!(
        "Message\n{message}\nMessageId\n{id}\nTimestamp\n{time}\nTopicArn\n{SNS_TOPIC}\nType\nNotification\n"
    );
    let signature = if version == 1 {
        // SHA1's DigestInfo prefix (RFC 8017, 9.2).
        let prefix = [
            0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2B, 0x0E, 0x03, 0x02, 0x1A, 0x05, 0x00, 0x04,
            0x14,
        ];
        let digest = ring::digest::digest(
            &ring::digest::SHA1_FOR_LEGACY_USE_ONLY,
            canonical.as_bytes(),
        );
        let padding = rsa::Pkcs1v15Sign {
            hash_len: Some(20),
            prefix: Box::new(prefix),
        };
        key.sign(padding, digest.as_ref()).unwrap()
    } else {
        key.sign(
            rsa::Pkcs1v15Sign::new::<Sha256>(),
            &Sha256::digest(canonical.as_bytes()),
        )
        .unwrap()
    };
    serde_json::json!({
        "Type": "Notification",
        "MessageId": id,
        "TopicArn": SNS_TOPIC,
        "Message": message,
        "Timestamp": time,
        "SignatureVersion": version.to_string(),
        "Signature": base64::engine::general_purpose::STANDARD.encode(signature),
        "SigningCertURL": cert_url,
        "UnsubscribeURL": "https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe",
    })
}

const SNS_TOPIC: &str = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";
const SNS_CERT_URL: &str =
    "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem";

#[actix_web::test]
async fn only_sns_messages_signed_by_amazon_shun_an_address() {
    use actix_web::test::{call_service, init_service, TestRequest};
    use olympiad_persistence::models::{AppLog, ShunnedEmail};
    let db = TestDatabase::new();
    let certs = tempfile::tempdir().unwrap();
    // Amazon's certificate, already in the folder: nothing is fetched.
    let key = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).unwrap();
    let file = olympiad_mailer::sns::certificate_file_name(SNS_CERT_URL).unwrap();
    std::fs::write(certs.path().join(file), sns_certificate(&key)).unwrap();
    let mut config = olympiad_http::ApiConfig::for_tests();
    config.bounce_webhook_secret = Some("s3cret-of-the-webhook".into());
    config.ses_sns_topics = vec![SNS_TOPIC.into()];
    config.sns_certificates.dir = certs.path().to_path_buf();
    let state = actix_web::web::Data::new(olympiad_http::AppState::new(db.pool.clone(), config));
    let app = init_service(olympiad_http::app(state)).await;
    let post = |body: serde_json::Value| {
        TestRequest::post()
            .uri("/api/bounce/ses")
            .insert_header(("X-Bounce-Secret", "s3cret-of-the-webhook"))
            .insert_header(("Content-Type", "text/plain; charset=UTF-8"))
            .set_payload(body.to_string())
            .to_request()
    };
    let shunned = |email: &str| ShunnedEmail::is_shunned(&mut db.conn(), email).unwrap();

    // Both signature versions verify.
    for (version, email) in [(1, "one@school.example.org"), (2, "two@school.example.org")] {
        let response =
            call_service(&app, post(signed_sns(&key, version, email, SNS_CERT_URL))).await;
        assert_eq!(response.status(), 200, "version {version}");
        assert!(shunned(email), "version {version}");
    }

    // Forged: another key, a changed message, or a certificate from elsewhere change nothing.
    let stranger = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).unwrap();
    let forged = signed_sns(&stranger, 2, "victim@school.example.org", SNS_CERT_URL);
    let mut changed = signed_sns(&key, 2, "other@school.example.org", SNS_CERT_URL);
    changed["Message"] = serde_json::Value::String(
        changed["Message"]
            .as_str()
            .unwrap()
            .replace("other@", "victim@"),
    );
    let elsewhere = signed_sns(
        &key,
        2,
        "victim@school.example.org",
        "https://evil.example.org/cert.pem",
    );
    for body in [forged, changed, elsewhere] {
        let response = call_service(&app, post(body)).await;
        assert_eq!(response.status(), 400);
        let body: serde_json::Value = actix_web::test::read_body_json(response).await;
        assert!(body.to_string().contains("Signature"), "{body}");
    }
    assert!(!shunned("victim@school.example.org"));
    let logged = AppLog::list(&mut db.conn(), Some("mail"), 10).unwrap();
    assert_eq!(
        logged
            .iter()
            .filter(|l| l
                .message
                .contains("SNS message to the bounce endpoint was refused"))
            .count(),
        3
    );
}

/// A tiny DNS server on loopback UDP: answers MX and A questions for a few test domains, the
/// way a recursive resolver would.
fn dns_responder() -> std::net::SocketAddr {
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let address = socket.local_addr().unwrap();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 512];
        while let Ok((size, from)) = socket.recv_from(&mut buffer) {
            let question = &buffer[..size];
            let mut at = 12;
            let mut labels = Vec::new();
            while question[at] != 0 {
                let len = usize::from(question[at]);
                labels.push(String::from_utf8_lossy(&question[at + 1..at + 1 + len]).into_owned());
                at += 1 + len;
            }
            let kind = u16::from_be_bytes([question[at + 1], question[at + 2]]);
            let domain = labels.join(".");
            let exchange = |name: &str| -> Vec<u8> {
                let mut data = vec![0, 10];
                for label in name.split('.').filter(|l| !l.is_empty()) {
                    data.push(u8::try_from(label.len()).unwrap());
                    data.extend(label.as_bytes());
                }
                data.push(0);
                data
            };
            let (code, answers): (u8, Vec<Vec<u8>>) = match (domain.as_str(), kind) {
                ("school.example.org", 15) => (0, vec![exchange("mail.school.example.org")]),
                ("null.example.org", 15) => (0, vec![exchange(".")]),
                ("webonly.example.org", 1) => (0, vec![vec![192, 0, 2, 10]]),
                ("gone.example.org", _) => (3, vec![]),
                _ => (0, vec![]),
            };
            let mut reply = question[..2].to_vec();
            // A response, recursion available; one question, the answers, nothing else.
            let count = u8::try_from(answers.len()).unwrap();
            reply.extend([0x81, 0x80 | code, 0, 1, 0, count, 0, 0, 0, 0]);
            reply.extend(&question[12..at + 5]);
            for data in answers {
                reply.extend([0xC0, 0x0C]);
                reply.extend(kind.to_be_bytes());
                reply.extend([0, 1, 0, 0, 1, 0x2C]);
                reply.extend(u16::try_from(data.len()).unwrap().to_be_bytes());
                reply.extend(data);
            }
            let _ = socket.send_to(&reply, from);
        }
    });
    address
}

#[actix_web::test]
async fn e_mail_health_asks_the_resolver_for_mail_servers() {
    use actix_web::test::{call_service, init_service, read_body_json, TestRequest};
    use olympiad_mailer::mx::MxResolver;
    let db = TestDatabase::new();
    let resolver = MxResolver {
        nameserver: dns_responder(),
        timeout: Duration::from_millis(500),
    };
    let mut config = olympiad_http::ApiConfig::for_tests();
    config.dns_resolver = Some(resolver.clone());
    let state = actix_web::web::Data::new(olympiad_http::AppState::new(db.pool.clone(), config));
    let app = init_service(olympiad_http::app(state)).await;
    let health = |email: &'static str| {
        let app = &app;
        async move {
            let request = TestRequest::get()
                .uri(&format!("/api/emailer/email-health?email={email}"))
                .to_request();
            let response = call_service(app, request).await;
            assert_eq!(response.status(), 200);
            let body: serde_json::Value = read_body_json(response).await;
            body["data"].clone()
        }
    };
    for (email, servers, healthy) in [
        ("thandi@school.example.org", "found", true),
        ("info@webonly.example.org", "found", true),
        ("someone@nomail.example.org", "none", false),
        ("someone@null.example.org", "none", false),
        ("someone@gone.example.org", "none", false),
    ] {
        let data = health(email).await;
        assert_eq!(data["mailServers"], servers, "{email}: {data}");
        assert_eq!(data["healthy"], healthy, "{email}");
    }

    // A resolver that never answers: "unknown" once the timeout is up, not a hang.
    let silent = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let quiet = MxResolver {
        nameserver: silent.local_addr().unwrap(),
        timeout: Duration::from_millis(200),
    };
    let started = std::time::Instant::now();
    assert_eq!(
        quiet.mail_servers("school.example.org"),
        olympiad_domain::email::MailServers::Unknown
    );
    assert!(started.elapsed() < Duration::from_secs(2));

    // Without a resolver configured nothing is asked: "unknown".
    let state = actix_web::web::Data::new(olympiad_http::AppState::new(
        db.pool.clone(),
        olympiad_http::ApiConfig::for_tests(),
    ));
    let offline = init_service(olympiad_http::app(state)).await;
    let request = TestRequest::get()
        .uri("/api/emailer/email-health?email=new@school.example.org")
        .to_request();
    let body: serde_json::Value = read_body_json(call_service(&offline, request).await).await;
    assert_eq!(body["data"]["mailServers"], "unknown");
}
