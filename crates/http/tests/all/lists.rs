//! Every grid's list (each GET whose OpenAPI parameters include `sort`): a sort key the list does
//! not declare is a 400 naming `sort` and the keys it has, so a typo in a screen shows at once
//! instead of an order nobody asked for; a declared key sorts.

use crate::common::{get, post_json, with_token, Fixture};
use actix_web::http::StatusCode;
use actix_web::test::{call_service, init_service, read_body_json};
use olympiad_domain::Role;
use serde_json::Value;

/// The list operations of the OpenAPI document: those that take a `sort` parameter.
fn sorted_lists() -> Vec<String> {
    let document = serde_json::to_value(olympiad_http::openapi::document()).unwrap();
    let mut lists: Vec<String> = document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, item)| {
            item["get"]["parameters"]
                .as_array()
                .is_some_and(|ps| ps.iter().any(|p| p["name"] == "sort"))
        })
        .map(|(path, _)| path.clone())
        .collect();
    lists.sort();
    lists
}

#[actix_web::test]
async fn an_unknown_sort_key_is_refused_by_every_list() {
    let fx = Fixture::new();
    let token = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let app = init_service(olympiad_http::app(fx.state.clone())).await;
    let lists = sorted_lists();
    assert!(lists.len() >= 9, "the grids' lists: {lists:?}");
    for path in &lists {
        let url = format!("{path}?olympiadId=1&sort=-noSuchKey");
        let response = call_service(&app, with_token(get(&url), &token).to_request()).await;
        let status = response.status();
        let body: Value = read_body_json(response).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {body}");
        let problem = body["fields"]["sort"].as_str().unwrap_or_default();
        assert!(
            problem.starts_with("cannot sort by noSuchKey; sort by "),
            "{url}: {body}"
        );
    }
}

#[actix_web::test]
async fn a_declared_sort_key_sorts_both_ways() {
    let fx = Fixture::new();
    let token = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let app = init_service(olympiad_http::app(fx.state.clone())).await;
    for name in ["Zwelitsha High", "Alexandra Primary", "Mthatha Academy"] {
        let school =
            serde_json::json!({ "name": name, "province": "Eastern Cape", "sector": "public" });
        let request = post_json("/api/school", school);
        let response = call_service(&app, with_token(request, &token).to_request()).await;
        assert!(
            response.status().is_success(),
            "{name}: {}",
            response.status()
        );
    }
    let names = |body: &Value| -> Vec<String> {
        body["data"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let ascending: Value = read_body_json(
        call_service(
            &app,
            with_token(get("/api/school?sort=name"), &token).to_request(),
        )
        .await,
    )
    .await;
    assert_eq!(
        names(&ascending),
        ["Alexandra Primary", "Mthatha Academy", "Zwelitsha High"]
    );
    let descending: Value = read_body_json(
        call_service(
            &app,
            with_token(get("/api/school?sort=-name"), &token).to_request(),
        )
        .await,
    )
    .await;
    assert_eq!(
        names(&descending),
        ["Zwelitsha High", "Mthatha Academy", "Alexandra Primary"]
    );
}
