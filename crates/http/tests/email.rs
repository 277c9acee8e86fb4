//! System e-mails' copy as staff write it: links that carry a secret (reset, welcome,
//! verification and pay links) are the platform's own, so copy may place them only whole.

#![allow(clippy::unwrap_used)] // helpers of a test: a panic is the failure, with its cause

mod common;

use actix_web::http::StatusCode;
use common::*;
use olympiad_mailer::kinds::SYSTEM_EMAILS;
use serde_json::json;

#[actix_web::test]
async fn every_system_email_refuses_a_link_inside_another_address_and_takes_it_whole() {
    let fx = Fixture::new();
    let admin = fx.admin("geography");
    let olympiad = olympiad_persistence::models::Olympiad::by_name(&mut fx.db.conn(), "geography")
        .unwrap()
        .unwrap();
    let api = fx.api().await;
    let mut walked = 0;
    for kind in SYSTEM_EMAILS {
        let path = format!("/api/emailer/{}?olympiadId={}", kind.key, olympiad.id);
        for link in kind.placeholders.iter().filter(|p| p.link) {
            let name = link.name;
            let hostile_html = [
                format!(r#"<a href="https://elsewhere.example/c?t={{{{{name}}}}}">Open</a>"#),
                format!(r#"<a href="https://elsewhere.example/{{{{{name}}}}}">Open</a>"#),
                format!(r#"<a href="{{{{{name}}}}}?next=x" title="{{{{{name}}}}}">Open</a>"#),
                format!(r#"<img src="https://elsewhere.example/p.png?{{{{{name}}}}}">"#),
                format!(r#"<a href="mailto:x@elsewhere.example?body={{{{{name}}}}}">Mail</a>"#),
                format!("<p>https://elsewhere.example/c?t={{{{{name}}}}}</p>"),
                format!("<p>{{{{ {name} }}}}</p>"),
            ];
            for html in hostile_html {
                let copy = json!({ "subject": "Hello", "html": html, "text": "Hello" });
                let (status, body) = api.put(&path, copy, &admin).await;
                assert_eq!(
                    status,
                    StatusCode::BAD_REQUEST,
                    "{}: {html}: {body}",
                    kind.key
                );
                assert!(body["fields"]["html"].is_string(), "{}: {body}", kind.key);
                walked += 1;
            }
            for text in [
                format!("Open https://elsewhere.example/c?t={{{{{name}}}}}"),
                format!("Open elsewhere.example/{{{{{name}}}}}"),
            ] {
                let copy = json!({ "subject": "Hello", "html": "<p>Hello</p>", "text": text });
                let (status, body) = api.put(&path, copy, &admin).await;
                assert_eq!(
                    status,
                    StatusCode::BAD_REQUEST,
                    "{}: {text}: {body}",
                    kind.key
                );
                assert!(body["fields"]["text"].is_string(), "{}: {body}", kind.key);
            }
            let copy = json!({
                "subject": format!("Open {{{{{name}}}}}"), "html": "<p>Hello</p>", "text": "Hello"
            });
            let (status, body) = api.put(&path, copy, &admin).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{}: {body}", kind.key);
            assert!(body["fields"]["subject"].is_string(), "{body}");
            // Whole: the link's address, or on its own.
            let copy = json!({
                "subject": "Hello",
                "html": format!(r#"<p>Hello {{{{name}}}}, <a href="{{{{{name}}}}}">open it</a> or copy {{{{{name}}}}}.</p>"#),
                "text": format!("Hello {{{{name}}}},\n\n{{{{{name}}}}}\n"),
            });
            let (status, body) = api.put(&path, copy, &admin).await;
            assert_eq!(status, StatusCode::OK, "{}: {body}", kind.key);
        }
    }
    // Every kind but the notice of two-factor sign-in and the declined interest carries a link.
    assert!(walked >= 7 * (SYSTEM_EMAILS.len() - 2), "{walked}");
    // The preview takes the same check.
    let (status, body) = api
        .post(
            "/api/emailer/password_reset/preview",
            json!({ "subject": "Hi", "html": r#"<a href="https://elsewhere.example/?{{link}}">x</a>"#, "text": "x" }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}
