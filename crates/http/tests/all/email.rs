//! System e-mails' copy as staff write it: links that carry a secret (reset, welcome,
//! verification and pay links) are the platform's own, so copy may place them only whole. And an
//! address's health: staff see any address's, anyone else only their own, by a mailed link.

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_domain::Role;
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

/// The queued e-mails: addressee and payload.
fn queued(fx: &Fixture) -> Vec<(Option<String>, String)> {
    use diesel::prelude::*;
    use olympiad_persistence::schema::jobs;
    jobs::table
        .select((jobs::recipient, jobs::payload))
        .load(&mut fx.db.conn())
        .unwrap()
}

fn health_rows(fx: &Fixture) -> i64 {
    use diesel::prelude::*;
    olympiad_persistence::schema::email_health::table
        .count()
        .get_result(&mut fx.db.conn())
        .unwrap()
}

#[actix_web::test]
async fn an_addresss_health_is_told_to_staff_and_to_whoever_reads_it_only() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let teacher = fx.token_for(fx.user("teacher@example.org", Role::Teacher, None));
    let path = "/api/emailer/email-health?email=thandi@example.org";
    // Without a token, or as a teacher: nothing told, nothing kept.
    let (status, body) = api.send(get(path)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body["data"].is_null());
    let (status, _) = api.get(path, &teacher).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = api
        .send(get(&format!("{path}&token=forged.token.here")))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(health_rows(&fx), 0);
    // Staff see it all.
    let admin = fx.admin("geography");
    let (status, body) = api.get(path, &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["hardBounces"], 0);

    // The link is mailed to the address itself; its token opens that address only.
    let link = "/api/emailer/email-health/link?email=Sipho%2Bolympiad@example.org";
    let (status, body) = api
        .send(actix_web::test::TestRequest::post().uri(link))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let jobs = queued(&fx);
    let mailed = jobs
        .iter()
        .find(|(to, _)| to.as_deref() == Some("sipho+olympiad@example.org"))
        .unwrap();
    let payload: serde_json::Value = serde_json::from_str(&mailed.1).unwrap();
    let link = payload["link"].as_str().unwrap();
    let base = &fx.state.config.public_base_url;
    let query = link
        .strip_prefix(&format!("{base}/email-validation-page?"))
        .unwrap();
    assert!(
        query.starts_with("email=sipho%2Bolympiad%40example.org&token="),
        "{query}"
    );
    let (status, body) = api
        .send(get(&format!("/api/emailer/email-health?{query}")))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["email"], "sipho+olympiad@example.org");
    let token = query.split("token=").nth(1).unwrap();
    let (status, _) = api.send(get(&format!("{path}&token={token}"))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "another address's token");
    // Asking again within the hour mails nothing more.
    let again = "/api/emailer/email-health/link?email=sipho%2Bolympiad@example.org";
    let (status, _) = api
        .send(actix_web::test::TestRequest::post().uri(again))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(queued(&fx).len(), jobs.len());
}

#[actix_web::test]
async fn anonymous_health_checks_are_limited_per_client() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let mut limited = false;
    for n in 0..30 {
        let path = format!("/api/emailer/email-health?email=person{n}@example.org");
        let (status, _) = api.send(get(&path)).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            limited = true;
            break;
        }
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    assert!(
        limited,
        "thirty addresses a minute from one client are answered"
    );
}
