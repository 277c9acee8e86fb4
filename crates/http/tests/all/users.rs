//! The overlord's users and accounts, the admins' lists, impersonation, password changes and resets.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_domain::Role;
use olympiad_persistence::models::{ActivityLog, ActivityQuery, Job, User};
use serde_json::json;

#[actix_web::test]
async fn overlord_creates_a_user_who_can_then_sign_in() {
    let fx = Fixture::new();
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let geography = fx.olympiad("geography").id;
    let api = fx.api().await;

    let bad = json!({ "email": "not-an-email", "password": "short", "role": "funding", "olympiadId": geography });
    let (status, body) = api.post("/api/user", bad, &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["email"], "must be an e-mail address");
    let no_olympiad =
        json!({ "email": "f@example.org", "password": "long enough", "role": "funding" });
    let (_, body) = api.post("/api/user", no_olympiad, &overlord).await;
    assert_eq!(body["fields"]["olympiadId"], "is required for this role");
    let weak = json!({ "email": "f@example.org", "password": "short", "role": "funding", "olympiadId": geography });
    let (_, body) = api.post("/api/user", weak, &overlord).await;
    assert_eq!(
        body["fields"]["password"],
        "must be at least 8 characters long"
    );
    // None of the refused requests wrote anything.
    assert!(User::by_username(&mut fx.db.conn(), "f@example.org")
        .unwrap()
        .is_none());

    let good = json!({ "email": "F@example.org", "password": "long enough", "firstName": "Fikile", "lastName": "Zulu", "role": "funding", "olympiadId": geography });
    let (status, body) = api.post("/api/user", good.clone(), &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["username"], "f@example.org");
    let (status, _) = api.post("/api/user", good, &overlord).await;
    assert_eq!(status, StatusCode::CONFLICT);

    let (status, _) = api
        .signin("f@example.org", "long enough", "admin", Some("geography"))
        .await;
    assert_eq!(status, StatusCode::OK);

    let (_, body) = api
        .get(&format!("/api/user?olympiadId={geography}"), &overlord)
        .await;
    assert_eq!(body["success"], true);
    assert_eq!(body["data"][0]["username"], "f@example.org");
    assert_eq!(body["accounts"][0]["role"], "funding");
}

#[actix_web::test]
async fn admins_see_only_their_own_olympiad() {
    let fx = Fixture::new();
    let history = fx.olympiad("history").id;
    let geography = fx.olympiad("geography").id;
    let admin = fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography")));
    fx.user("h@example.org", Role::Marketing, Some("history"));
    let api = fx.api().await;

    let (status, body) = api
        .get(&format!("/api/account?olympiadId={history}"), &admin)
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::FORBIDDEN, json!("forbidden"))
    );
    let (status, body) = api.get("/api/user/get-basic-list", &admin).await;
    assert_eq!(
        (status, body["fields"]["olympiadId"].clone()),
        (StatusCode::BAD_REQUEST, json!("is required"))
    );
    let (status, body) = api
        .get(
            &format!("/api/user/get-basic-list?olympiadId={geography}"),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"][0]["username"], "admin@example.org");
}

#[actix_web::test]
async fn overlord_impersonates_a_user_and_it_is_logged() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let overlord_id = fx.user("overlord@example.org", Role::Overlord, None);
    let overlord = fx.token_for(overlord_id);
    fx.user("teacher@example.org", Role::Teacher, None);
    let api = fx.api().await;

    let (status, body) = api
        .get(
            &format!("/api/user/impersonate?olympiadId={geography}&userEmail=Teacher@example.org"),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["user"]["role"], "teacher");
    assert_eq!(body["data"]["user"]["impersonatedBy"], overlord_id.get());
    let token = body["data"]["token"].as_str().unwrap().to_owned();
    let (_, me) = api.get("/api/auth/current-user", &token).await;
    assert_eq!(me["data"]["user"]["username"], "teacher@example.org");

    let (status, _) = api
        .get(
            &format!("/api/user/impersonate?olympiadId={geography}&userEmail=nobody@example.org"),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = api
        .get("/api/user/impersonate?userEmail=x@example.org", &overlord)
        .await;
    assert_eq!(
        (status, body["fields"]["olympiadId"].clone()),
        (StatusCode::BAD_REQUEST, json!("is required"))
    );

    let log = ActivityLog::search(
        &mut fx.db.conn(),
        &ActivityQuery {
            user_id: Some(overlord_id),
            limit: 10,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(
        log.iter().any(|entry| entry.action == "impersonate"),
        "{log:?}"
    );
}

#[actix_web::test]
async fn disabling_a_user_ends_their_sessions() {
    let fx = Fixture::new();
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let teacher_id = fx.user("teacher@example.org", Role::Teacher, None);
    let teacher = fx.token_for(teacher_id);
    let api = fx.api().await;

    let (status, _) = api
        .send(with_token(
            TestRequest::post().uri(&format!("/api/user/{teacher_id}/disable")),
            &overlord,
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api.get("/api/auth/current-user", &teacher).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        status_and_error(
            api.signin("teacher@example.org", PASSWORD, "teacher", None)
                .await
        ),
        (StatusCode::UNAUTHORIZED, json!("username"))
    );

    let (status, _) = api
        .send(with_token(
            TestRequest::post().uri(&format!("/api/user/{teacher_id}/enable")),
            &overlord,
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    let signin = api.signin("teacher@example.org", PASSWORD, "teacher", None);
    assert_eq!(signin.await.0, StatusCode::OK, "the account signs in");
}

#[actix_web::test]
async fn a_signed_in_user_changes_their_password_and_keeps_working() {
    let fx = Fixture::new();
    let id = fx.user("teacher@example.org", Role::Teacher, None);
    let old_token = fx.token_for(id);
    let api = fx.api().await;

    let put = |token: &str, body| {
        with_token(
            TestRequest::put()
                .uri("/api/auth/set-password")
                .set_json(body),
            token,
        )
    };
    let (status, body) = api
        .send(put(&old_token, json!({ "password": "short" })))
        .await;
    assert_eq!(
        (status, body["fields"]["password"].clone()),
        (
            StatusCode::BAD_REQUEST,
            json!("must be at least 8 characters long")
        )
    );
    // A reset link asked for before the change must not undo it afterwards.
    let (status, _) = api
        .send(TestRequest::post().uri("/api/auth/forgot-password/teacher@example.org"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let job = Job::claim(&mut fx.db.conn(), "test").unwrap().unwrap();
    let email: serde_json::Value = serde_json::from_str(&job.payload).unwrap();
    let early_token = email["link"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();

    // An open session alone does not change the password: the current one is asked for.
    for (current, field_problem) in [
        (None, "is required"),
        (Some("a wrong guess"), "is not your current password"),
    ] {
        let (status, body) = api
            .send(put(
                &old_token,
                json!({ "password": "a new long password", "currentPassword": current }),
            ))
            .await;
        assert_eq!(
            (status, body["fields"]["currentPassword"].clone()),
            (StatusCode::BAD_REQUEST, json!(field_problem)),
            "{body}"
        );
    }
    let (status, body) = api
        .send(put(
            &old_token,
            json!({ "password": "a new long password", "currentPassword": PASSWORD }),
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let fresh = body["data"]["token"].as_str().unwrap().to_owned();

    let (status, body) = api
        .send(
            TestRequest::put()
                .uri("/api/auth/set-password")
                .set_json(json!({ "password": "the attacker's pick", "token": early_token })),
        )
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::BAD_REQUEST, json!("token_invalid")),
        "the earlier link died with the change"
    );

    let (status, _) = api.get("/api/auth/current-user", &old_token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the old session ended");
    let (status, _) = api.get("/api/auth/current-user", &fresh).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api
        .signin(
            "teacher@example.org",
            "a new long password",
            "teacher",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn a_forgotten_password_is_reset_once_through_the_emailed_link() {
    let fx = Fixture::new();
    fx.user("teacher@example.org", Role::Teacher, None);
    let api = fx.api().await;

    // The same answer whether or not the user exists; only a real user gets an e-mail.
    let (status, body) = api
        .send(TestRequest::post().uri("/api/auth/forgot-password/nobody@example.org"))
        .await;
    assert_eq!(
        (status, body["data"]["sent"].clone()),
        (StatusCode::OK, json!(true))
    );
    let (status, body) = api
        .send(
            TestRequest::post()
                .uri("/api/auth/forgot-password/teacher@example.org?olympiadName=geography"),
        )
        .await;
    assert_eq!(
        (status, body["data"]["sent"].clone()),
        (StatusCode::OK, json!(true))
    );
    let job = Job::claim(&mut fx.db.conn(), "test")
        .unwrap()
        .expect("one e-mail job");
    assert!(
        Job::claim(&mut fx.db.conn(), "test").unwrap().is_none(),
        "no e-mail for an unknown user"
    );
    let email: serde_json::Value = serde_json::from_str(&job.payload).unwrap();
    let link = email["link"].as_str().unwrap();
    assert!(
        link.starts_with("http://127.0.0.1:8080/reset-password/")
            && link.ends_with("?olympiadName=geography"),
        "{link}"
    );
    let token = link
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_owned();

    let reset = |token: &str| {
        TestRequest::put()
            .uri("/api/auth/set-password")
            .set_json(json!({ "password": "brand new secret", "token": token }))
    };
    let (status, body) = api.send(reset(&token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = api.send(reset(&token)).await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::BAD_REQUEST, json!("token_invalid"))
    );
    let (status, _) = api
        .signin("teacher@example.org", "brand new secret", "teacher", None)
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn overlord_gives_and_takes_accounts() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let user_id = fx.user("teacher@example.org", Role::Teacher, None);
    let api = fx.api().await;

    let (status, body) = api
        .post(
            "/api/account",
            json!({ "userId": user_id, "role": "marketing", "olympiadId": geography }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["olympiadName"], "geography");
    let account_id = body["data"]["id"].as_i64().unwrap();
    let (_, body) = api
        .post(
            "/api/account",
            json!({ "userId": 9999, "role": "marketing", "olympiadId": geography }),
            &overlord,
        )
        .await;
    assert_eq!(body["fields"]["userId"], "is not a user");
    let (_, body) = api
        .post(
            "/api/account",
            json!({ "userId": user_id, "role": "overlord", "olympiadId": geography }),
            &overlord,
        )
        .await;
    assert_eq!(
        body["fields"]["olympiadId"],
        "must be empty for an overlord, who acts in every olympiad"
    );

    let (status, _) = api
        .signin("teacher@example.org", PASSWORD, "admin", Some("geography"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = api
        .send(with_token(
            TestRequest::post().uri(&format!("/api/account/{account_id}/disable")),
            &overlord,
        ))
        .await;
    assert_eq!(
        (status, body["data"]["disabled"].clone()),
        (StatusCode::OK, json!(true))
    );
    let (status, _) = api
        .signin("teacher@example.org", PASSWORD, "admin", Some("geography"))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
