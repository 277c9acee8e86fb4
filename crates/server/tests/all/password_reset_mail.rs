//! A forgotten password, end to end: the request queues an e-mail, the worker sends it over a real
//! SMTP conversation, the link in it sets a new password, and the new password signs in.

use crate::common::{smtp_mailer, worker};
use actix_web::test::{call_service, init_service, read_body_json, TestRequest};
use actix_web::web;
use olympiad_domain::Role;
use olympiad_http::{ApiConfig, AppState};
use olympiad_mailer::testing::SmtpServer;
use olympiad_mailer::Mailer;
use olympiad_office::accounts::{provision, Provision};
use olympiad_persistence::models::Job;
use olympiad_persistence::testing::{olympiad_of_2026, TestDatabase};
use serde_json::{json, Value};
use std::time::Duration;

#[actix_web::test]
async fn the_emailed_link_sets_a_new_password() {
    let db = TestDatabase::new();
    let mut config = ApiConfig::for_tests();
    config.require_staff_2fa = false;
    let state = web::Data::new(AppState::new(db.pool.clone(), config));
    {
        let mut conn = db.conn();
        let request = Provision {
            username: "teacher@example.org".into(),
            email: Some("teacher@example.org".into()),
            password_hash: bcrypt::hash("forgotten password", 4).unwrap(),
            first_name: "Thandi".into(),
            last_name: "Nkosi".into(),
            role: Role::Teacher,
            olympiad_id: None,
        };
        provision(&mut conn, &request).unwrap();
    }
    let app = init_service(olympiad_http::app(state.clone())).await;
    let smtp = SmtpServer::start();
    let worker = worker(&db, smtp_mailer(&smtp));

    let response = call_service(
        &app,
        TestRequest::post()
            .uri("/api/auth/forgot-password/teacher@example.org")
            .to_request(),
    )
    .await;
    assert!(response.status().is_success());
    assert_eq!(worker.run_due().await.unwrap(), 1);
    assert_eq!(
        Job::count_by_status(&mut db.conn(), olympiad_domain::job::JobStatus::Done).unwrap(),
        1
    );

    let received = smtp.wait_for(1, Duration::from_secs(5));
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].to, vec!["teacher@example.org"]);
    let message = received[0].data.replace("=\r\n", "");
    assert!(message.contains("Hello Thandi Nkosi"), "{message}");
    let start = message.find("/reset-password/").expect("a reset link") + "/reset-password/".len();
    let token: String = message[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(token.len(), 64);

    let set = TestRequest::put()
        .uri("/api/auth/set-password")
        .set_json(json!({ "password": "remembered at last", "token": token }));
    let response = call_service(&app, set.to_request()).await;
    assert!(response.status().is_success());

    let signin = json!({ "username": "teacher@example.org", "password": "remembered at last", "loginType": "teacher" });
    let response = call_service(
        &app,
        TestRequest::post()
            .uri("/api/auth/signin")
            .set_json(signin)
            .to_request(),
    )
    .await;
    assert!(response.status().is_success());
    let body: Value = read_body_json(response).await;
    assert_eq!(body["data"]["user"]["role"], "teacher");
}

#[actix_web::test]
async fn a_job_that_fails_is_kept_for_another_try() {
    let db = TestDatabase::new();
    // Nothing listens on port 9 of loopback: sending fails at once.
    let nowhere = Mailer::new(
        Some("smtp://127.0.0.1:9"),
        std::env::temp_dir(),
        "no-reply@olympiads.test",
    )
    .unwrap();
    let worker = worker(&db, nowhere);
    let email = json!({ "kind": "two_factor_enabled", "to": { "email": "a@example.org", "name": "A", "username": "a@example.org" } });
    let id = Job::enqueue(&mut db.conn(), olympiad_domain::job::JobKind::Email, &email).unwrap();
    assert_eq!(worker.run_due().await.unwrap(), 1);
    let job = Job::find(&mut db.conn(), id).unwrap();
    assert_eq!(job.status, olympiad_domain::job::JobStatus::Queued);
    assert!(job.last_error.is_some());
    let logged =
        olympiad_persistence::models::AppLog::list(&mut db.conn(), Some("jobs"), -1).unwrap();
    assert!(logged[0].message.contains("failed"), "{logged:?}");
}

#[actix_web::test]
async fn a_person_of_one_olympiad_gets_the_reset_in_its_copy() {
    use olympiad_persistence::models::EmailCopy;
    let db = TestDatabase::new();
    let mut config = ApiConfig::for_tests();
    config.require_staff_2fa = false;
    let state = web::Data::new(AppState::new(db.pool.clone(), config));
    {
        let mut conn = db.conn();
        let geography = olympiad_of_2026(&mut conn, "geography", "Geography Olympiad", true);
        EmailCopy::save(
            &mut conn,
            Some(geography.id),
            "password_reset",
            "Geography Olympiad: choose a new password",
            "<p>Geography says: {{link}}</p>",
            "Geography says: {{link}}",
        )
        .unwrap();
        for (username, olympiad_id) in [
            ("admin@example.org", Some(geography.id)),
            ("nobody@example.org", None),
        ] {
            let request = Provision {
                username: username.into(),
                email: Some(username.into()),
                password_hash: bcrypt::hash("forgotten password", 4).unwrap(),
                first_name: "Thandi".into(),
                last_name: "Nkosi".into(),
                role: if olympiad_id.is_some() {
                    Role::Admin
                } else {
                    Role::Teacher
                },
                olympiad_id,
            };
            provision(&mut conn, &request).unwrap();
        }
    }
    let app = init_service(olympiad_http::app(state.clone())).await;
    let smtp = SmtpServer::start();
    let worker = worker(&db, smtp_mailer(&smtp));
    for username in ["admin@example.org", "nobody@example.org"] {
        let response = call_service(
            &app,
            TestRequest::post()
                .uri(&format!("/api/auth/forgot-password/{username}"))
                .to_request(),
        )
        .await;
        assert!(response.status().is_success());
    }
    assert_eq!(worker.run_due().await.unwrap(), 2);
    let received = smtp.wait_for(2, Duration::from_secs(5));
    let to = |who: &str| {
        received
            .iter()
            .find(|r| r.to == vec![who.to_owned()])
            .map(|r| r.data.replace("=\r\n", ""))
            .expect("a message")
    };
    let admins = to("admin@example.org");
    assert!(
        admins.contains("Subject: Geography Olympiad: choose a new password"),
        "{admins}"
    );
    assert!(admins.contains("Geography says: http"));
    let platforms = to("nobody@example.org");
    assert!(!platforms.contains("Geography says"), "{platforms}");
    assert!(platforms.contains("/reset-password/"));
}
