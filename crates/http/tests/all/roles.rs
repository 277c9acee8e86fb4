//! Walks every route of the OpenAPI document with no token and with a token of each role, and
//! checks the answer against the route's declaration in `access::API_ROUTES`: 401 without a token,
//! 403 for a role that may not, and neither for a role that may. Routes added later are covered
//! without new code here; a route without a declaration fails.

use crate::common::*;
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use olympiad_domain::id::UserId;
use olympiad_domain::Role;
use olympiad_http::access::{declared, API_ROUTES};
use olympiad_http::manifest::{Allowed, OUTSIDE_API};

fn concrete(path: &str) -> String {
    // Ids that name nothing, so that no call of the walk changes a user the walk signs in as.
    let mut url = path
        .replace("{product}", "olympiads")
        .replace("{username}", "nobody@example.org");
    while let (Some(open), Some(close)) = (url.find('{'), url.find('}')) {
        url.replace_range(open..=close, "999999");
    }
    url
}

/// `path` with the letter after `prefix` percent-escaped: `/api/user` → `/api/%75ser`.
fn escape_letter_after(path: &str, prefix: &str) -> String {
    let at = prefix.len();
    let letter = path.as_bytes()[at];
    format!("{}%{letter:02X}{}", &path[..at], &path[at + 1..])
}

#[actix_web::test]
async fn every_route_answers_each_role_as_declared() {
    let fx = Fixture::new();
    let users: Vec<(Role, UserId)> = Role::ALL
        .iter()
        .map(|role| {
            let olympiad = (!matches!(role, Role::Overlord | Role::Teacher)).then_some("geography");
            (
                *role,
                fx.user(&format!("{role}@example.org"), *role, olympiad),
            )
        })
        .collect();
    let api = fx.api().await;

    let document = olympiad_http::openapi::document();
    let mut checked = 0;
    let undocumented = std::cell::RefCell::new(Vec::<String>::new());
    for (path, item) in &document.paths.paths {
        if !path.starts_with("/api/") && !OUTSIDE_API.contains(&path.as_str()) {
            continue;
        }
        let operations = [
            (Method::GET, item.get.is_some()),
            (Method::POST, item.post.is_some()),
            (Method::PUT, item.put.is_some()),
            (Method::DELETE, item.delete.is_some()),
            (Method::PATCH, item.patch.is_some()),
        ];
        for (method, present) in operations {
            if !present {
                continue;
            }
            let url = concrete(path);
            let route = declared(&method, &url)
                .unwrap_or_else(|| panic!("{method} {path} has no access declaration"));
            assert_eq!(
                route.path, path,
                "{method} {path} is matched by the declaration of {}",
                route.path
            );
            let request = |token: Option<&str>| {
                let request = TestRequest::default()
                    .method(method.clone())
                    .uri(&format!("{url}?olympiadId=1"))
                    .set_json(serde_json::json!({}));
                match token {
                    Some(token) => with_token(request, token),
                    None => request,
                }
            };

            // Every status the walk meets is one the document names for the operation.
            let operation = match method.as_str() {
                "GET" => item.get.as_ref(),
                "POST" => item.post.as_ref(),
                "PUT" => item.put.as_ref(),
                "DELETE" => item.delete.as_ref(),
                _ => item.patch.as_ref(),
            }
            .unwrap();
            let documented = |status: StatusCode, who: &str| {
                if !operation.responses.responses.contains_key(status.as_str()) {
                    undocumented
                        .borrow_mut()
                        .push(format!("{method} {path}: {status} to {who}"));
                }
            };

            let (status, body) = api.send(request(None)).await;
            documented(status, "a caller without a token");
            match route.allowed {
                Allowed::Public => assert!(
                    status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN,
                    "{method} {path} without a token: {status} {body}"
                ),
                _ => assert_eq!(
                    status,
                    StatusCode::UNAUTHORIZED,
                    "{method} {path} without a token: {body}"
                ),
            }
            assert!(
                body.get("success").is_some() || status == StatusCode::OK,
                "{method} {path} answered outside the envelope: {status}"
            );

            // Other spellings of the same path: an escaped letter is refused before any handler
            // (the router would have decoded it), and an upper-case `/API` is no API route at all.
            let overlord = users
                .iter()
                .find(|(role, _)| *role == Role::Overlord)
                .unwrap();
            let overlord_token = fx.token_for(overlord.1);
            for token in [None, Some(overlord_token.as_str())] {
                let call = |uri: String| {
                    let request = TestRequest::default()
                        .method(method.clone())
                        .uri(&uri)
                        .set_json(serde_json::json!({}));
                    match token {
                        Some(token) => with_token(request, token),
                        None => request,
                    }
                };
                let escapes = if url.starts_with("/api/") {
                    vec![
                        url.replacen("/api/", "/%61pi/", 1),
                        escape_letter_after(&url, "/api/"),
                    ]
                } else {
                    vec![escape_letter_after(&url, "/")]
                };
                for escaped in escapes {
                    let (status, body) = api.send(call(escaped.clone())).await;
                    assert_eq!(
                        (status, body["error"].as_str()),
                        (StatusCode::BAD_REQUEST, Some("path_not_canonical")),
                        "{method} {escaped}: {body}"
                    );
                }
                let upper = url.to_uppercase();
                let (status, body) = api.send(call(upper.clone())).await;
                assert!(
                    body.get("data").is_none() && status != StatusCode::UNAUTHORIZED,
                    "{method} {upper} reached an API route: {status} {body}"
                );
            }

            for (role, user_id) in &users {
                // A fresh token each time: some routes end sessions (sign-out, disabling).
                let token = fx.token_for(*user_id);
                let (status, body) = api.send(request(Some(&token))).await;
                documented(status, role.as_str());
                let may = match route.allowed {
                    Allowed::Public | Allowed::SignedIn => true,
                    Allowed::Roles(roles) | Allowed::RolesOrScrapeSecret(roles) => {
                        roles.contains(role)
                    }
                    Allowed::LearnerWriting => *role == Role::Learner,
                    Allowed::TwoFactorSetup => false,
                };
                if may {
                    assert!(
                        status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN,
                        "{role} on {method} {path}: {status} {body}"
                    );
                } else if route.allowed == Allowed::TwoFactorSetup {
                    assert_eq!(
                        status,
                        StatusCode::UNAUTHORIZED,
                        "{role} on {method} {path}: an access token is no set-up token"
                    );
                } else {
                    assert_eq!(
                        status,
                        StatusCode::FORBIDDEN,
                        "{role} on {method} {path}: {body}"
                    );
                }
                checked += 1;
            }
        }
    }
    let undocumented = undocumented.into_inner();
    assert!(
        undocumented.is_empty(),
        "statuses the document does not name: {undocumented:#?}"
    );
    assert_eq!(
        checked,
        API_ROUTES.len() * Role::ALL.len(),
        "every declared route was walked with every role"
    );
}

#[test]
fn every_declaration_is_a_documented_route() {
    let document = olympiad_http::openapi::document();
    for route in API_ROUTES.iter() {
        let item = document
            .paths
            .paths
            .get(route.path)
            .unwrap_or_else(|| panic!("{} is declared but not served", route.path));
        let present = match route.method {
            "GET" => item.get.is_some(),
            "POST" => item.post.is_some(),
            "PUT" => item.put.is_some(),
            "DELETE" => item.delete.is_some(),
            other => panic!("unexpected method {other}"),
        };
        assert!(
            present,
            "{} {} is declared but not served",
            route.method, route.path
        );
    }
}
