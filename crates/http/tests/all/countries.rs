//! `/api/igeo-country` (countries, their merge) and `/api/igeo-country-participant` (a country's
//! entry in the international olympiad).

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_domain::Role;
use serde_json::{json, Value};

const COUNTRIES: &str = "/api/igeo-country";

fn country(name: &str, iso: &str) -> Value {
    json!({ "name": name, "isoCode": iso })
}

#[actix_web::test]
async fn a_country_is_kept_by_its_iso_code_and_entered_once_per_olympiad() {
    let fx = Fixture::new();
    let igeo = fx.olympiad("igeo");
    let [admin, funding] = fx.staff_of("igeo", [Role::Admin, Role::Funding]);
    let api = fx.api().await;

    let (_, three_letters) = api.post(COUNTRIES, country("Namibia", "NAM"), &admin).await;
    assert_eq!(
        three_letters["fields"]["isoCode"],
        "must be two letters (ISO 3166)"
    );
    let (_, namibia) = api.post(COUNTRIES, country("Namibia", "na"), &admin).await;
    assert_eq!(namibia["data"]["isoCode"], "NA");
    let namibia_id = namibia["data"]["id"].as_i64().unwrap();
    let renamed = json!({ "name": "Republic of Namibia", "isoCode": "NA" });
    let path = format!("/api/igeo-country/{namibia_id}");
    let (status, _) = api.put(&path, renamed, &admin).await;
    assert_eq!(status, StatusCode::OK);

    let entry = json!({ "olympiadId": igeo.id, "countryId": namibia_id, "status": "entered", "teamLeaderName": "Ms Shikongo", "teamLeaderEmail": "leader@example.na", "teamMembers": ["A", " ", "B"], "invoiceEmail": "finance@example.na" });
    let (status, created) = api
        .post("/api/igeo-country-participant", entry.clone(), &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let entry_id = created["data"]["id"].as_i64().unwrap();
    let (_, twice) = api
        .post("/api/igeo-country-participant", entry, &admin)
        .await;
    assert_eq!(
        twice["fields"]["countryId"],
        "is entered in this olympiad already"
    );
    let single = format!("/api/igeo-country-participant/single?id={entry_id}");
    let (_, single) = api.get(&single, &funding).await;
    assert_eq!(single["data"]["teamMembers"], json!(["A", "B"]));
    let entry_path = format!("/api/igeo-country-participant/{entry_id}");
    let confirmed = json!({ "status": "confirmed", "teamMembers": ["A", "B", "C"] });
    let (status, _) = api.put(&entry_path, confirmed, &admin).await;
    assert_eq!(status, StatusCode::OK);
    let confirmed = format!(
        "/api/igeo-country-participant?olympiadId={}&status=confirmed",
        igeo.id
    );
    let (_, entries) = api.get(&confirmed, &funding).await;
    assert_eq!(entries["data"]["total"], 1);
    let one = format!(
        "/api/igeo-country/single?id={namibia_id}&olympiadId={}",
        igeo.id
    );
    let (_, country) = api.get(&one, &admin).await;
    assert_eq!(country["data"]["countryParticipantId"], entry_id);

    let (status, _) = api.delete(&path, &admin).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "a country with entries is merged, not deleted"
    );
    let (status, _) = api.delete(&entry_path, &admin).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api.delete(&path, &admin).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn the_overlord_merges_a_duplicate_country_and_its_entry_moves() {
    let fx = Fixture::new();
    let igeo = fx.olympiad("igeo");
    let admin = fx.admin("igeo");
    let overlord = fx.overlord();
    let api = fx.api().await;
    let namibia = api
        .post(COUNTRIES, country("Namibia", "NA"), &admin)
        .await
        .1["data"]["id"]
        .clone();
    let copy = api
        .post(COUNTRIES, country("Namibia (copy)", "NM"), &admin)
        .await
        .1["data"]["id"]
        .clone();
    let entry = json!({ "olympiadId": igeo.id, "countryId": copy, "status": "confirmed", "teamLeaderName": "Ms Shikongo", "teamLeaderEmail": "leader@example.na", "teamMembers": ["A", "B", "C"] });
    let entry = api
        .ok(with_token(
            post_json("/api/igeo-country-participant", entry),
            &admin,
        ))
        .await;

    let preview =
        format!("/api/igeo-country/merge-preview?duplicateId={copy}&survivorId={namibia}");
    let (_, plan) = api.get(&preview, &overlord).await;
    assert_eq!(plan["data"]["entries"][0]["teamMembers"], 3);
    let merge = format!("/api/igeo-country/merge?duplicateId={copy}&survivorId={namibia}");
    let (status, _) = api.post(&merge, json!({}), &overlord).await;
    assert_eq!(status, StatusCode::OK);
    let list = format!("/api/igeo-country?olympiadId={}", igeo.id);
    let (_, countries) = api.get(&list, &admin).await;
    assert_eq!(countries["data"]["total"], 1);
    assert_eq!(
        countries["data"]["rows"][0]["countryParticipantId"],
        entry["id"]
    );
}
