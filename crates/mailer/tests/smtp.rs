//! Sending through a real SMTP conversation on loopback, and into the file outbox.

#![allow(clippy::unwrap_used)] // helpers of a test: a panic is the failure, with its cause

use olympiad_mailer::testing::SmtpServer;
use olympiad_mailer::{Email, Mailer, Recipient};
use std::time::Duration;

/// A mailer from `sender` that sends through `server`.
fn sending_to(server: &SmtpServer, sender: &str) -> Mailer {
    Mailer::new(Some(&server.url()), std::env::temp_dir(), sender).unwrap()
}

fn thandi() -> Recipient {
    Recipient {
        email: "thandi@example.org".into(),
        name: "Thandi Mokoena".into(),
        username: "thandi@example.org".into(),
    }
}

#[actix_web::test]
async fn password_reset_arrives_over_smtp_with_text_and_html() {
    let server = SmtpServer::start();
    let mailer = sending_to(&server, "Olympiads <no-reply@olympiads.test>");
    let email = Email::PasswordReset {
        to: thandi(),
        link: "http://127.0.0.1:8080/reset-password/tok123".into(),
    };
    mailer.send(&email, None).await.unwrap();

    let received = server.wait_for(1, Duration::from_secs(5));
    assert_eq!(received.len(), 1);
    let message = &received[0];
    assert_eq!(message.to, vec!["thandi@example.org"]);
    assert!(message.from.contains("no-reply@olympiads.test"));
    assert!(message
        .data
        .contains("Subject: Reset your olympiad password"));
    assert!(message.data.contains("text/plain"));
    assert!(message.data.contains("text/html"));
    assert!(message.data.contains("reset-password/tok123"));
}

#[actix_web::test]
async fn without_smtp_the_message_lands_in_the_outbox() {
    let outbox = tempfile::tempdir().unwrap();
    let mailer = Mailer::new(None, outbox.path().to_path_buf(), "no-reply@olympiads.test").unwrap();
    mailer
        .send(&Email::TwoFactorEnabled { to: thandi() }, None)
        .await
        .unwrap();
    let files: Vec<_> = std::fs::read_dir(outbox.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].extension().and_then(|e| e.to_str()), Some("eml"));
    let eml = std::fs::read_to_string(&files[0]).unwrap();
    assert!(eml.contains("Subject: Two-factor sign-in is on"));
}

#[test]
fn queued_emails_round_trip_through_json() {
    let email = Email::PasswordReset {
        to: thandi(),
        link: "l".into(),
    };
    let json = serde_json::to_value(&email).unwrap();
    assert_eq!(json["kind"], "password_reset");
    assert_eq!(serde_json::from_value::<Email>(json).unwrap(), email);
}

#[test]
fn a_bad_sender_or_smtp_url_is_refused() {
    assert!(Mailer::new(None, std::env::temp_dir(), "not an address").is_err());
    assert!(Mailer::new(Some("ftp://nowhere"), std::env::temp_dir(), "a@b.org").is_err());
}

#[actix_web::test]
async fn interest_and_team_mails_arrive_over_smtp() {
    let server = SmtpServer::start();
    let mailer = sending_to(&server, "no-reply@olympiads.test");
    let olympiad = "Geography Olympiad".to_owned();
    let mails = [
        Email::InterestVerify {
            to: thandi(),
            olympiad: olympiad.clone(),
            link: "http://x/verify-email/abc".into(),
        },
        Email::InterestProcessed {
            to: thandi(),
            olympiad: olympiad.clone(),
            school: "Waterkloof High".into(),
            link: "http://x/reset-password/new1".into(),
            new_account: true,
        },
        Email::InterestDeclined {
            to: thandi(),
            olympiad: olympiad.clone(),
            reason: "We could not find the school <b>".into(),
        },
        Email::TeamInvitation {
            to: thandi(),
            inviter: "Sipho Dube".into(),
            olympiad: olympiad.clone(),
            school: "Waterkloof High".into(),
            link: "http://x/login".into(),
            new_account: false,
        },
    ];
    for mail in &mails {
        mailer.send(mail, None).await.unwrap();
    }
    let received = server.wait_for(4, Duration::from_secs(5));
    assert_eq!(received.len(), 4);
    let all: Vec<&str> = received.iter().map(|m| m.data.as_str()).collect();
    assert!(
        all[0].contains("Please confirm your e-mail address")
            && all[0].contains("verify-email/abc")
    );
    assert!(
        all[1].contains("Waterkloof High is entered") && all[1].contains("Choose your password")
    );
    assert!(
        all[2].contains("&lt;b&gt;"),
        "the reason is escaped in HTML"
    );
    assert!(all[3].contains("Sign in to the teacher portal") && all[3].contains("Sipho Dube"));
}

fn bulk(to: &str) -> Email {
    Email::Bulk {
        to: Recipient {
            email: to.into(),
            name: "Thandi".into(),
            username: to.into(),
        },
        subject: "Entries close on Friday".into(),
        html: "<p>Dear Thandi</p>".into(),
        text: "Dear Thandi".into(),
        unsubscribe: "http://127.0.0.1:8080/api/unsubscribe/ref123".into(),
        unsubscribe_page: "http://127.0.0.1:8080/unsubscribe/ref123".into(),
        attachments: vec![],
    }
}

#[actix_web::test]
async fn a_bulk_mail_carries_one_click_unsubscribe_and_a_visible_link() {
    let server = SmtpServer::start();
    let mailer = sending_to(&server, "no-reply@olympiads.test");
    mailer
        .send(&bulk("thandi@example.org"), None)
        .await
        .unwrap();
    let received = server.wait_for(1, Duration::from_secs(5));
    let data = &received[0].data;
    assert!(data.contains("List-Unsubscribe: <http://127.0.0.1:8080/api/unsubscribe/ref123>"));
    assert!(data.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
    assert!(data.contains("Unsubscribe: http://127.0.0.1:8080/unsubscribe/ref123"));
}

#[actix_web::test]
async fn a_refused_address_fails_for_good_and_a_busy_server_for_now() {
    let refuse: olympiad_mailer::testing::Refusal = std::sync::Arc::new(|to: &str| {
        if to.contains("gone") {
            Some(olympiad_mailer::testing::response::NO_MAILBOX)
        } else if to.contains("busy") {
            Some(olympiad_mailer::testing::response::INTERNAL_ERROR)
        } else {
            None
        }
    });
    let server = SmtpServer::start_refusing(Some(refuse));
    let mailer = sending_to(&server, "no-reply@olympiads.test");
    let gone = mailer
        .send(&bulk("gone@example.org"), None)
        .await
        .unwrap_err();
    assert!(gone.is_permanent(), "{gone}");
    let busy = mailer
        .send(&bulk("busy@example.org"), None)
        .await
        .unwrap_err();
    assert!(!busy.is_permanent(), "{busy}");
    mailer.send(&bulk("fine@example.org"), None).await.unwrap();
}

#[actix_web::test]
async fn saved_copy_replaces_the_default_and_is_filled_in() {
    let server = SmtpServer::start();
    let mailer = sending_to(&server, "no-reply@olympiads.test");
    let copy = olympiad_mailer::Copy {
        subject: "Welcome to {{olympiad}}".into(),
        html: "<p>Hi {{name}}, <a href=\"{{link}}\">go</a></p>".into(),
        text: "Hi {{name}}: {{link}}".into(),
    };
    let email = Email::InterestVerify {
        to: thandi(),
        olympiad: "Geography".into(),
        link: "http://x/verify-email/abc".into(),
    };
    mailer.send(&email, Some(&copy)).await.unwrap();
    let data = &server.wait_for(1, Duration::from_secs(5))[0].data;
    assert!(data.contains("Subject: Welcome to Geography"));
    assert!(data.contains("Hi Thandi Mokoena: http://x/verify-email/abc"));
}

#[actix_web::test]
async fn a_link_that_does_not_lead_to_the_platform_is_not_sent() {
    let outbox = tempfile::tempdir().unwrap();
    let mailer = Mailer::new(None, outbox.path().to_path_buf(), "no-reply@olympiads.test")
        .unwrap()
        .links_lead_to("https://olympiads.example");
    for link in [
        "https://elsewhere.example/reset-password/tok123",
        "https://olympiads.example.elsewhere.example/reset-password/tok123",
    ] {
        let email = Email::PasswordReset {
            to: thandi(),
            link: link.into(),
        };
        let error = mailer.send(&email, None).await.unwrap_err();
        assert!(error.is_permanent());
        assert!(!error.to_string().contains("tok123"), "{error}");
    }
    assert_eq!(std::fs::read_dir(outbox.path()).unwrap().count(), 0);
    let ours = Email::PasswordReset {
        to: thandi(),
        link: "https://olympiads.example/reset-password/tok123".into(),
    };
    mailer.send(&ours, None).await.unwrap();
}

#[test]
fn copy_that_sends_a_link_elsewhere_is_not_used() {
    use olympiad_mailer::Copy;
    let email = Email::PasswordReset {
        to: thandi(),
        link: "https://olympiads.example/reset-password/tok123".into(),
    };
    // Saved before links had to be whole: the default copy goes instead.
    let hostile = Copy {
        subject: "Reset".into(),
        html: r#"<a href="https://elsewhere.example/c?t={{link}}">Reset</a>"#.into(),
        text: "{{link}}".into(),
    };
    let written = email.written(Some(&hostile)).unwrap();
    assert!(!written.html.contains("elsewhere.example"));
    assert_eq!(written.subject, "Reset your olympiad password");
}
