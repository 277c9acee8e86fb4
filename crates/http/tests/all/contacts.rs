//! `/api/useful-contact`: the interested and affected parties an olympiad's staff keep.

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_domain::Role;
use serde_json::json;

#[actix_web::test]
async fn staff_keep_an_olympiads_contacts_and_other_olympiads_staff_may_not_see_them() {
    let fx = Fixture::new();
    let igeo = fx.olympiad("igeo");
    let [admin, funding] = fx.staff_of("igeo", [Role::Admin, Role::Funding]);
    fx.olympiad("history");
    let other = fx.token_for(fx.user("other@example.org", Role::Admin, Some("history")));
    let api = fx.api().await;

    let nameless = json!({ "olympiadId": igeo.id, "name": "", "email": "x" });
    let (_, body) = api.post("/api/useful-contact", nameless, &funding).await;
    assert_eq!(body["fields"]["name"], "is required");
    let contact = json!({ "olympiadId": igeo.id, "name": "Dr Mbeki", "organisation": "Department of Basic Education", "role": "Subject adviser", "email": "Mbeki@example.gov.za" });
    let (status, contact) = api.post("/api/useful-contact", contact, &funding).await;
    assert_eq!(status, StatusCode::OK, "{contact}");
    assert_eq!(contact["data"]["email"], "mbeki@example.gov.za");
    let path = format!("/api/useful-contact/{}", contact["data"]["id"]);
    let notes = json!({ "name": "Dr T Mbeki", "notes": "Prefers phone calls." });
    let (status, _) = api.put(&path, notes, &admin).await;
    assert_eq!(status, StatusCode::OK);
    let search = format!("/api/useful-contact?olympiadId={}&search=mbeki", igeo.id);
    let (_, listed) = api.get(&search, &funding).await;
    assert_eq!(listed["data"]["rows"][0]["notes"], "Prefers phone calls.");
    let (status, _) = api.delete(&path, &admin).await;
    assert_eq!(status, StatusCode::OK);
    // Another olympiad's staff may not touch these.
    let list = format!("/api/useful-contact?olympiadId={}", igeo.id);
    let (status, _) = api.get(&list, &other).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn a_contact_for_an_olympiad_that_does_not_exist_is_refused_by_name() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    let api = fx.api().await;
    let contact = json!({ "olympiadId": 9999, "name": "Dr Mbeki" });
    let (status, body) = api.post("/api/useful-contact", contact, &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["fields"]["olympiadId"], "is not an olympiad");
}
