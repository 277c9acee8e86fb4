//! POST /api/auth/signin and the session calls around it.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_domain::Role;
use serde_json::json;

#[actix_web::test]
async fn signin_names_the_faulty_part_or_answers_the_token_and_user() {
    let fx = Fixture::new();
    fx.user("admin@example.org", Role::Admin, Some("geography"));
    let api = fx.api().await;

    let (status, body) = api
        .signin(
            "admin@example.org",
            "wrong password",
            "admin",
            Some("geography"),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        (body["success"].clone(), body["error"].clone()),
        (json!(false), json!("password"))
    );
    assert!(body["errorMsg"].as_str().unwrap().contains("password"));

    let (status, body) = api
        .signin("nobody@example.org", PASSWORD, "admin", Some("geography"))
        .await;
    // An unknown username is answered as a wrong password is, so that no one learns who exists.
    assert_eq!(
        (status, body["error"].clone(), body["errorMsg"].clone()),
        (
            StatusCode::UNAUTHORIZED,
            json!("password"),
            json!("The username or password is not correct.")
        )
    );

    // Case and spaces in the username do not matter; a trailing slash on the path does not either.
    let (status, body) = api
        .send(post_json(
            "/api/auth/signin/",
            signin_body(" Admin@Example.org ", PASSWORD, "admin", Some("geography")),
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["success"], true);
    assert!(body["data"]["token"].as_str().unwrap().len() > 20);
    assert_eq!(body["data"]["user"]["role"], "admin");
    assert_eq!(body["data"]["user"]["olympiadName"], "geography");
}

#[actix_web::test]
async fn staff_must_name_an_olympiad_they_belong_to() {
    let fx = Fixture::new();
    fx.olympiad("history");
    fx.user("admin@example.org", Role::Admin, Some("geography"));
    let api = fx.api().await;

    let (status, body) = api
        .signin("admin@example.org", PASSWORD, "admin", None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "validation");
    assert_eq!(
        body["fields"]["olympiadName"],
        "is required for this login type"
    );

    let (status, body) = api
        .signin("admin@example.org", PASSWORD, "admin", Some("history"))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("username"))
    );
    assert!(
        body["errorMsg"].as_str().unwrap().contains("history"),
        "{body}"
    );

    assert_eq!(
        status_and_error(
            api.signin("admin@example.org", PASSWORD, "teacher", None)
                .await
        ),
        (StatusCode::UNAUTHORIZED, json!("username"))
    );
}

#[actix_web::test]
async fn malformed_bodies_name_the_field() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let (status, body) = api
        .send(post_json(
            "/api/auth/signin",
            json!({ "username": "a", "loginType": "admin" }),
        ))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["password"], "is required");
    let (_, body) = api
        .send(post_json(
            "/api/auth/signin",
            json!({ "username": "a", "password": "b", "loginType": "root" }),
        ))
        .await;
    assert_eq!(
        body["fields"]["loginType"],
        "must be one of learner, teacher, admin, overlord"
    );
    let (_, body) = api
        .send(post_json(
            "/api/auth/signin",
            json!({ "username": "", "password": "b", "loginType": "teacher" }),
        ))
        .await;
    assert_eq!(body["fields"]["username"], "is required");
    let not_json = TestRequest::post()
        .uri("/api/auth/signin")
        .insert_header(("content-type", "text/plain"))
        .set_payload("username=a");
    let (status, body) = api.send(not_json).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::BAD_REQUEST, json!("content_type"))
    );
    let huge = json!({ "username": "a".repeat(300_000), "password": "b", "loginType": "teacher" });
    let (status, body) = api.send(post_json("/api/auth/signin", huge)).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::PAYLOAD_TOO_LARGE, json!("too_large"))
    );
}

#[actix_web::test]
async fn teachers_send_their_password_percent_escaped() {
    let fx = Fixture::new();
    let id = fx.user("teacher@example.org", Role::Teacher, None);
    {
        let mut conn = fx.db.conn();
        let hash = bcrypt::hash("p@ss wörd 100%", 4).unwrap();
        olympiad_persistence::models::User::set_password_hash(&mut conn, id, &hash).unwrap();
    }
    let api = fx.api().await;
    let escaped = "p%40ss%20w%C3%B6rd%20100%25";
    let (status, body) = api
        .signin("teacher@example.org", escaped, "teacher", Some("geography"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["user"]["role"], "teacher");
}

#[actix_web::test]
async fn tokens_open_protected_calls_until_sign_out() {
    let fx = Fixture::new();
    fx.user("admin@example.org", Role::Admin, Some("geography"));
    fx.user("teacher@example.org", Role::Teacher, None);
    let api = fx.api().await;

    let (status, body) = api.send(get("/api/auth/current-user?section=admin")).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("signed_out"))
    );
    let (status, body) = api
        .get("/api/auth/current-user", "forged.token.value")
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("token_invalid"))
    );

    let (_, signed_in) = api
        .signin("admin@example.org", PASSWORD, "admin", Some("geography"))
        .await;
    let token = signed_in["data"]["token"].as_str().unwrap().to_owned();
    let olympiad_id = signed_in["data"]["user"]["olympiadId"].as_i64().unwrap();

    let (status, body) = api
        .get(
            &format!("/api/auth/current-user?section=admin&olympiadId={olympiad_id}"),
            &token,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["authed"], true);
    assert_eq!(body["data"]["error"], json!(null));
    assert_eq!(body["data"]["accounts"][0]["olympiadName"], "geography");
    let (_, body) = api
        .get("/api/auth/current-user?olympiadId=999", &token)
        .await;
    assert_eq!(
        (
            body["data"]["authed"].clone(),
            body["data"]["error"].clone()
        ),
        (json!(false), json!("wrong_olympiad"))
    );

    let (_, body) = api
        .get("/api/auth/get-login-status?section=admin", &token)
        .await;
    assert_eq!(body["data"], json!({ "loggedIn": true, "role": "admin" }));
    let (_, body) = api.send(get("/api/auth/get-login-status")).await;
    assert_eq!(body["data"], json!({ "loggedIn": false, "role": null }));

    // A teacher may not list users: 403, in the envelope.
    let teacher = fx.token_for(fx.user("teacher@example.org", Role::Teacher, None));
    let (status, body) = api
        .get(&format!("/api/user?olympiadId={olympiad_id}"), &teacher)
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::FORBIDDEN, json!("forbidden"))
    );

    let (status, _) = api
        .send(with_token(
            TestRequest::post().uri("/api/auth/signout"),
            &token,
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = api.get("/api/auth/current-user", &token).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::UNAUTHORIZED, json!("session_ended"))
    );
}

#[actix_web::test]
async fn sign_in_attempts_per_username_are_limited() {
    let fx = Fixture::with_config(|c| {
        c.require_staff_2fa = false;
        c.signin_per_username_per_minute = 3;
    });
    fx.user("teacher@example.org", Role::Teacher, None);
    let api = fx.api().await;
    for _ in 0..3 {
        let (status, _) = api
            .signin("teacher@example.org", "guess", "teacher", None)
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        status_and_error(
            api.signin("teacher@example.org", PASSWORD, "teacher", None)
                .await
        ),
        (StatusCode::TOO_MANY_REQUESTS, json!("rate_limited"))
    );
    // Someone else from the same address is not held up.
    fx.user("other@example.org", Role::Teacher, None);
    let (status, _) = api
        .signin("other@example.org", PASSWORD, "teacher", None)
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn an_unsafe_request_carrying_the_xsrf_cookie_must_echo_it() {
    let fx = Fixture::new();
    fx.user("teacher@example.org", Role::Teacher, None);
    let api = fx.api().await;

    let response =
        actix_web::test::call_service(&api.app, get("/api/auth/get-login-status").to_request())
            .await;
    let cookie = response
        .response()
        .cookies()
        .find(|c| c.name() == "XSRF-TOKEN")
        .expect("XSRF-TOKEN cookie set");
    let value = cookie.value().to_owned();

    let body = signin_body("teacher@example.org", PASSWORD, "teacher", None);
    let without_header = post_json("/api/auth/signin", body.clone())
        .cookie(actix_web::cookie::Cookie::new("XSRF-TOKEN", value.clone()));
    let (status, answer) = api.send(without_header).await;
    assert_eq!(
        (status, answer["error"].clone()),
        (StatusCode::FORBIDDEN, json!("xsrf"))
    );

    let with_header = post_json("/api/auth/signin", body)
        .cookie(actix_web::cookie::Cookie::new("XSRF-TOKEN", value.clone()))
        .insert_header(("X-XSRF-TOKEN", value));
    let (status, _) = api.send(with_header).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn unknown_api_routes_and_methods_answer_in_the_envelope() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let (status, body) = api.send(get("/api/no-such-thing")).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::NOT_FOUND, json!("not_found"))
    );
    let (status, body) = api
        .send(TestRequest::delete().uri("/api/auth/signin"))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::METHOD_NOT_ALLOWED, json!("method_not_allowed"))
    );
    let (status, _) = api.send(get("/healthz")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api.send(get("/readyz")).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn a_server_error_hides_its_cause_and_carries_the_request_id() {
    use diesel::RunQueryDsl;
    let fx = Fixture::new();
    fx.user("teacher@example.org", Role::Teacher, None);
    // Break the store behind password resets, as a failing disk or database would.
    diesel::sql_query("DROP TABLE password_resets")
        .execute(&mut *fx.db.conn())
        .unwrap();
    let api = fx.api().await;

    let request = TestRequest::post()
        .uri("/api/auth/forgot-password/teacher@example.org")
        .to_request();
    let response = actix_web::test::call_service(&api.app, request).await;
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let header = response
        .headers()
        .get("x-request-id")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let body: serde_json::Value = actix_web::test::read_body_json(response).await;
    assert_eq!(body["error"], "internal");
    assert_eq!(body["requestId"], header.as_str());
    assert!(
        !body.to_string().contains("password_resets"),
        "the cause stays in the log: {body}"
    );
}
