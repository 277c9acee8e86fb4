//! Two-factor sign-in for staff and overlord, from the first sign-in to the code at every sign-in.

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_domain::Role;
use olympiad_persistence::models::Job;
use serde_json::json;
use totp_rs::{Builder, Secret};

fn current_code(secret: &str) -> String {
    let totp = Builder::new()
        .with_secret(Secret::try_from_base32(secret).unwrap())
        .build_noncompliant();
    totp.generate_current().to_string()
}

/// The code of the next 30-second step, which the server accepts for clock drift: a code already
/// used (the current one, at confirmation) is not accepted again.
fn next_code(secret: &str) -> String {
    let totp = Builder::new()
        .with_secret(Secret::try_from_base32(secret).unwrap())
        .build_noncompliant();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    totp.generate(now + 30).to_string()
}

fn wrong_code(secret: &str) -> String {
    let code: u32 = current_code(secret).parse().unwrap();
    format!("{:06}", (code + 500_000) % 1_000_000)
}

#[actix_web::test]
async fn staff_set_up_two_factor_at_first_sign_in_and_use_it_after() {
    let fx = Fixture::with_config(|c| c.require_staff_2fa = true);
    fx.user("admin@example.org", Role::Admin, Some("geography"));
    let api = fx.api().await;
    let admin = || api.signin("admin@example.org", PASSWORD, "admin", Some("geography"));

    let (status, body) = admin().await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("2fa_notSetYet"))
    );
    let setup_token = body["setupToken"]
        .as_str()
        .expect("a set-up token")
        .to_owned();

    // The set-up token opens nothing else.
    let (status, _) = api.get("/api/auth/current-user", &setup_token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = api.send(post_json("/api/auth/2fa/setup", json!({}))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let (status, body) = api
        .post("/api/auth/2fa/setup", json!({}), &setup_token)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let secret = body["data"]["secret"].as_str().unwrap().to_owned();
    assert!(body["data"]["otpauthUri"]
        .as_str()
        .unwrap()
        .starts_with("otpauth://totp/Olympiads:admin%40example.org"));

    let (status, body) = api
        .post(
            "/api/auth/2fa/confirm",
            json!({ "code": wrong_code(&secret) }),
            &setup_token,
        )
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("2fa_invalid"))
    );
    let (status, body) = api
        .post(
            "/api/auth/2fa/confirm",
            json!({ "code": "12" }),
            &setup_token,
        )
        .await;
    assert_eq!(
        (status, body["fields"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("must be the 6-digit code"))
    );

    let (status, body) = api
        .post(
            "/api/auth/2fa/confirm",
            json!({ "code": current_code(&secret) }),
            &setup_token,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["user"]["role"], "admin");
    // The user is told by e-mail that two-factor is now on.
    let job = Job::claim(&mut fx.db.conn(), "test")
        .unwrap()
        .expect("an e-mail job");
    assert!(
        job.payload.contains("two_factor_enabled") && job.payload.contains("admin@example.org")
    );

    // From now on: a code at every sign-in.
    let (status, body) = admin().await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("2fa_required"))
    );
    let with_code = |code: String| {
        let mut body = signin_body("admin@example.org", PASSWORD, "admin", Some("geography"));
        body["totpCode"] = json!(code);
        post_json("/api/auth/signin", body)
    };
    let (status, body) = api.send(with_code(wrong_code(&secret))).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("2fa_invalid"))
    );
    // The code just used to confirm is spent; the next one signs in, once.
    let (status, body) = api.send(with_code(current_code(&secret))).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("2fa_invalid")),
        "{body}"
    );
    let code = next_code(&secret);
    let (status, body) = api.send(with_code(code.clone())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = api.send(with_code(code)).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("2fa_invalid")),
        "a code is good once: {body}"
    );

    // Setting up again is refused once it is on.
    let (status, _) = api
        .post("/api/auth/2fa/setup", json!({}), &setup_token)
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[actix_web::test]
async fn teachers_and_learners_sign_in_without_two_factor() {
    let fx = Fixture::with_config(|c| c.require_staff_2fa = true);
    fx.user("teacher@example.org", Role::Teacher, None);
    fx.user("learner1", Role::Learner, Some("geography"));
    let api = fx.api().await;
    let (status, _) = api
        .signin("teacher@example.org", PASSWORD, "teacher", None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = api
        .signin("learner1", PASSWORD, "learner", Some("geography"))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["user"]["role"], "learner");
}

#[actix_web::test]
async fn a_staff_member_gives_their_code_also_for_their_teacher_account() {
    let fx = Fixture::with_config(|c| c.require_staff_2fa = true);
    let admin = fx.user("admin@example.org", Role::Admin, Some("geography"));
    // The same person, given a teacher's account (as an invitation to a school's team does).
    assert_eq!(fx.user("admin@example.org", Role::Teacher, None), admin);
    let api = fx.api().await;
    let (status, body) = api
        .signin("admin@example.org", PASSWORD, "teacher", None)
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("2fa_notSetYet")),
        "{body}"
    );
}
