//! Every route open without a token is bounded: it is declared in a bucket of the per-address rate
//! limit, one address is refused with 429 past the bucket's allowance (whatever `X-Forwarded-For`
//! it sends from outside the trusted proxies), and a body longer than the route reads is refused
//! with 413. The routes are read from the access table, so a new public route is checked as soon
//! as it is declared.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_http::access::{public_bucket, ApiRoute, API_ROUTES, PUBLIC_LIMITS};
use olympiad_http::manifest::Allowed;
use olympiad_http::rate_limit::BucketAllowances;

/// The public routes of the access table.
fn public_routes() -> Vec<&'static ApiRoute> {
    API_ROUTES
        .iter()
        .filter(|route| route.allowed == Allowed::Public)
        .collect()
}

/// A path the route matches: `{product}` the product's slug, any other parameter `1`.
fn concrete(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').unwrap() + open;
        out.push_str(&rest[..open]);
        out.push_str(match &rest[open + 1..close] {
            "product" => "olympiads",
            _ => "1",
        });
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The route called from `address`, with a JSON body for the methods that take one.
fn request(route: &ApiRoute, address: &str) -> TestRequest {
    let request = TestRequest::default()
        .method(route.method.parse().unwrap())
        .uri(&concrete(route.path))
        .peer_addr(format!("{address}:5000").parse().unwrap());
    match route.method {
        "GET" | "DELETE" => request,
        _ => request
            .insert_header(("Content-Type", "application/json"))
            .set_payload("{}"),
    }
}

#[test]
fn every_public_route_is_declared_in_a_bucket() {
    let missing: Vec<String> = public_routes()
        .into_iter()
        .filter(|route| public_bucket(route).is_none())
        .map(|route| format!("{} {}", route.method, route.path))
        .collect();
    assert!(
        missing.is_empty(),
        "public routes without a rate limit in access::PUBLIC_LIMITS: {missing:?}"
    );
    // And the table names nothing that is not a public route.
    for (method, path, _) in PUBLIC_LIMITS {
        assert!(
            public_routes()
                .iter()
                .any(|route| route.method == *method && route.path == *path),
            "{method} {path} is in PUBLIC_LIMITS but is not a public route"
        );
    }
}

#[actix_web::test]
async fn one_address_is_refused_past_each_public_routes_allowance() {
    const ALLOWANCE: u32 = 3;
    let fx = Fixture::with_config(|c| {
        c.bucket_allowances = BucketAllowances {
            public_read_per_minute: ALLOWANCE,
            sign_in_per_minute: ALLOWANCE,
            public_form_per_minute: ALLOWANCE,
            notification_per_minute: ALLOWANCE,
            proof_uploads_per_hour: ALLOWANCE,
        };
    });
    let api = fx.api().await;
    for (n, route) in public_routes().into_iter().enumerate() {
        let (address, neighbour) = (format!("203.0.113.{n}"), format!("198.51.100.{n}"));
        let name = format!("{} {}", route.method, route.path);
        for attempt in 0..ALLOWANCE {
            // A client naming another address of its own is still counted by its own.
            let forged = format!("192.0.2.{attempt}");
            let (status, body) = api
                .send(request(route, &address).insert_header(("X-Forwarded-For", forged)))
                .await;
            assert_ne!(status, StatusCode::TOO_MANY_REQUESTS, "{name}: {body}");
        }
        let (status, body) = api.send(request(route, &address)).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")),
            "{name}: {body}"
        );
        // Another address is not held back by it.
        let (status, body) = api.send(request(route, &neighbour)).await;
        assert_ne!(status, StatusCode::TOO_MANY_REQUESTS, "{name}: {body}");
    }
}

#[actix_web::test]
async fn a_public_route_refuses_a_body_longer_than_it_reads() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let long = vec![b' '; olympiad_http::access::PUBLIC_BODY_LIMIT_BYTES + 1];
    for (n, route) in public_routes().into_iter().enumerate() {
        let request = request(route, &format!("203.0.113.{n}"))
            .insert_header(("Content-Type", "application/json"))
            .set_payload(long.clone());
        let (status, body) = api.send(request).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::PAYLOAD_TOO_LARGE, Some("too_large")),
            "{} {}: {body}",
            route.method,
            route.path
        );
    }
}
