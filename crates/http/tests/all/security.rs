//! What an attacker tries from outside: other spellings of a path, forged client addresses, an
//! impersonation kept past the overlord's session, a password in an address, and the headers that
//! tell the browser what the site may do.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::{call_service, TestRequest};
use olympiad_domain::Role;
use olympiad_http::rate_limit::TrustedProxies;
use serde_json::json;

#[actix_web::test]
async fn an_escaped_path_does_not_slip_past_the_access_table() {
    let fx = Fixture::new();
    let teacher = fx.token_for(fx.user("teacher@example.org", Role::Teacher, None));
    let api = fx.api().await;
    // The requests of the report: each answered 200 with data and no token.
    for path in [
        "/%61pi/activity-log?timeWindow=744",
        "/%61pi/upload",
        "/%61pi/app-log/all?limit=5",
        "/api/%61ctivity-log",
        "/api/app-log%2Fall",
        "/api/user/1/../../upload",
    ] {
        for token in [None, Some(teacher.as_str())] {
            let request = match token {
                Some(token) => with_token(get(path), token),
                None => get(path),
            };
            let (status, body) = api.send(request).await;
            assert_eq!(
                (status, body["error"].as_str()),
                (StatusCode::BAD_REQUEST, Some("path_not_canonical")),
                "{path}: {body}"
            );
        }
    }
    // An escape where one belongs still works: `@` in a username.
    let (status, body) = api
        .send(TestRequest::post().uri("/api/auth/forgot-password/teacher%40example.org"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[test]
fn a_forwarded_address_counts_only_from_a_trusted_proxy() {
    use olympiad_http::rate_limit::client_address;
    let fx = Fixture::with_config(|c| {
        c.trusted_proxies = TrustedProxies::parse("10.0.0.0/8").unwrap();
    });
    let request = |peer: &str, forwarded: &str| {
        TestRequest::default()
            .app_data(actix_web::web::Data::new(
                fx.state.config.trusted_proxies.clone(),
            ))
            .peer_addr(peer.parse().unwrap())
            .insert_header(("X-Forwarded-For", forwarded))
            .to_http_request()
    };
    // A client that sends the header itself is still counted by its own address.
    assert_eq!(
        client_address(&request("203.0.113.9:5000", "198.51.100.1")),
        "203.0.113.9"
    );
    // Behind the load balancer: the nearest address the proxies did not add.
    assert_eq!(
        client_address(&request(
            "10.0.0.2:5000",
            "198.51.100.1, 203.0.113.9, 10.0.0.7"
        )),
        "203.0.113.9"
    );
    // A forged or unreadable header from behind the proxy gives the proxy's own address.
    assert_eq!(
        client_address(&request("10.0.0.2:5000", "not an address")),
        "10.0.0.2"
    );
}

#[actix_web::test]
async fn an_impersonation_ends_with_the_overlords_session() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let overlord_id = fx.user("overlord@example.org", Role::Overlord, None);
    let other_overlord = fx.token_for(fx.user("second@example.org", Role::Overlord, None));
    fx.user("teacher@example.org", Role::Teacher, None);
    let api = fx.api().await;
    let impersonate = |overlord: &str| {
        with_token(
            get(&format!(
                "/api/user/impersonate?olympiadId={geography}&userEmail=teacher@example.org"
            )),
            overlord,
        )
    };
    let works = |token: &str| with_token(get("/api/auth/current-user"), token);

    // Signing out of their own session ends what they began from it.
    let overlord = fx.token_for(overlord_id);
    let (_, body) = api.send(impersonate(&overlord)).await;
    let as_teacher = body["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!(api.send(works(&as_teacher)).await.0, StatusCode::OK);
    let (status, _) = api.post("/api/auth/signout", json!({}), &overlord).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        api.send(works(&as_teacher)).await.0,
        StatusCode::UNAUTHORIZED
    );

    // So does being disabled by another overlord.
    let overlord = fx.token_for(overlord_id);
    let (_, body) = api.send(impersonate(&overlord)).await;
    let as_teacher = body["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!(api.send(works(&as_teacher)).await.0, StatusCode::OK);
    let (status, body) = api
        .post(
            &format!("/api/user/{overlord_id}/disable"),
            json!({}),
            &other_overlord,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        api.send(works(&as_teacher)).await.0,
        StatusCode::UNAUTHORIZED
    );
}

#[actix_web::test]
async fn signing_out_of_an_impersonation_ends_it_and_the_overlords_sessions() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let overlord_id = fx.user("overlord@example.org", Role::Overlord, None);
    let teacher_id = fx.user("teacher@example.org", Role::Teacher, None);
    fx.user("clerk@example.org", Role::Teacher, None);
    let api = fx.api().await;
    let impersonate = |overlord: &str, email: &str| {
        with_token(
            get(&format!(
                "/api/user/impersonate?olympiadId={geography}&userEmail={email}"
            )),
            overlord,
        )
    };
    let answers = |token: &str| with_token(get("/api/auth/current-user"), token);
    let overlord = fx.token_for(overlord_id);
    let teachers_own = fx.token_for(teacher_id);
    let (_, body) = api
        .send(impersonate(&overlord, "teacher@example.org"))
        .await;
    let as_teacher = body["data"]["token"].as_str().unwrap().to_owned();
    let (_, body) = api.send(impersonate(&overlord, "clerk@example.org")).await;
    let as_clerk = body["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!(api.send(answers(&as_teacher)).await.0, StatusCode::OK);

    let (status, _) = api.post("/api/auth/signout", json!({}), &as_teacher).await;
    assert_eq!(status, StatusCode::OK);
    // The impersonation's token is spent, and with it the overlord's sessions and every other
    // impersonation they began (the apps had put the impersonation's token in place of theirs).
    for spent in [&as_teacher, &as_clerk, &overlord] {
        assert_eq!(api.send(answers(spent)).await.0, StatusCode::UNAUTHORIZED);
    }
    // The teacher's own devices stay signed in.
    assert_eq!(api.send(answers(&teachers_own)).await.0, StatusCode::OK);
    let signouts = activities(&fx, "signout");
    assert_eq!(signouts.len(), 1);
    assert_eq!(signouts[0].user_id, Some(overlord_id));
    assert!(
        signouts[0].details.contains("actingAs"),
        "{}",
        signouts[0].details
    );
}

#[actix_web::test]
async fn asking_for_reset_links_again_and_again_keeps_only_a_few() {
    use diesel::{QueryDsl, RunQueryDsl};
    use olympiad_persistence::schema::{jobs, password_resets};
    let fx = Fixture::new();
    fx.user("teacher@example.org", Role::Teacher, None);
    let api = fx.api().await;
    let jobs_before: i64 = jobs::table.count().get_result(&mut fx.db.conn()).unwrap();
    for _ in 0..8 {
        let (status, body) = api
            .send(TestRequest::post().uri("/api/auth/forgot-password/teacher@example.org"))
            .await;
        assert_eq!(
            (status, body["data"]["sent"].clone()),
            (StatusCode::OK, json!(true))
        );
    }
    let links: i64 = password_resets::table
        .count()
        .get_result(&mut fx.db.conn())
        .unwrap();
    let jobs_after: i64 = jobs::table.count().get_result(&mut fx.db.conn()).unwrap();
    assert_eq!((links, jobs_after - jobs_before), (3, 3));
}

#[actix_web::test]
async fn a_chosen_learner_password_never_travels_in_the_address() {
    let fx = Fixture::new();
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    let api = fx.api().await;
    let (status, body) = api
        .send(with_token(
            TestRequest::put()
                .uri("/api/auth/set-learner-passwords/1?schoolId=1&password=chosen-by-staff"),
            &admin,
        ))
        .await;
    assert_eq!(
        (status, body["fields"]["password"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("must be sent in the request body, never in the address")
        ),
        "{body}"
    );
}

#[actix_web::test]
async fn every_answer_tells_the_browser_what_the_site_may_do() {
    let fx = Fixture::new();
    let api = fx.api().await;
    for path in ["/api/access-matrix", "/login", "/api/no-such-route"] {
        let response = call_service(&api.app, get(path).to_request()).await;
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .map(|v| v.to_str().unwrap().to_owned())
        };
        let csp = header("content-security-policy").unwrap();
        let script_src = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src"));
        assert_eq!(
            script_src,
            Some("script-src 'self'"),
            "{path}: no inline script"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"));
        assert_eq!(header("referrer-policy").as_deref(), Some("same-origin"));
        assert_eq!(header("strict-transport-security"), None, "not over http");
        let cookie = header("set-cookie").unwrap_or_default();
        assert!(!cookie.contains("Secure"), "{cookie}");
    }

    let tls = Fixture::with_config(|c| c.public_base_url = "https://olympiads.example.org".into());
    let tls_api = tls.api().await;
    let response = call_service(&tls_api.app, get("/api/access-matrix").to_request()).await;
    assert!(response
        .headers()
        .get("strict-transport-security")
        .is_some_and(|v| v.to_str().unwrap().starts_with("max-age=")));
    let cookie = response
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap();
    assert!(
        cookie.contains("XSRF-TOKEN=") && cookie.contains("Secure"),
        "{cookie}"
    );
}
