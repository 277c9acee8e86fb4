//! `/api/school` (the list, its export, create, update, delete) and `/api/school/merge-preview`,
//! `/api/school/merge`: the schools staff keep.

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_domain::Role;
use serde_json::{json, Value};

fn school_body(name: &str, emis: &str) -> Value {
    json!({ "name": name, "emisNumber": emis, "province": "gauteng", "town": "Pretoria", "sector": "public", "quintile": 5 })
}

#[actix_web::test]
async fn a_new_school_is_checked_field_by_field_and_its_emis_number_kept_unique() {
    let fx = Fixture::new();
    let admin = fx.admin("geography");
    let api = fx.api().await;

    // Bad input names the field and changes nothing.
    let bad_province = json!({ "name": "X", "province": "Transvaal", "sector": "public" });
    let (status, body) = api.post("/api/school", bad_province, &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["province"],
        "must be one of the nine provinces"
    );
    let bad_emis =
        json!({ "name": "X", "province": "Gauteng", "sector": "public", "emisNumber": "12ab" });
    let (_, body) = api.post("/api/school", bad_emis, &admin).await;
    assert_eq!(body["fields"]["emisNumber"], "must be digits only");

    let body = school_body("Waterkloof High", "700 123 456");
    let (status, created) = api.post("/api/school", body, &admin).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    assert_eq!(created["data"]["province"], "Gauteng");
    assert_eq!(created["data"]["emisNumber"], "700123456");
    let (_, clash) = api
        .post("/api/school", school_body("Copy", "700123456"), &admin)
        .await;
    assert_eq!(
        clash["fields"]["emisNumber"],
        "belongs to another school already"
    );
}

#[actix_web::test]
async fn the_schools_list_pages_and_sorts_and_its_export_holds_every_filtered_row() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let [admin, marketing] = fx.staff_of("geography", [Role::Admin, Role::Marketing]);
    fx.school()
        .named("Waterkloof High")
        .in_province("Gauteng")
        .build();
    for n in 0..30 {
        let name = format!("School {n:02}");
        fx.school().named(&name).in_province("Gauteng").build();
    }
    let api = fx.api().await;

    let url = format!(
        "/api/school?olympiadId={}&page=2&pageSize=10&sort=-name&province=Gauteng",
        geo.id
    );
    let (status, page) = api.get(&url, &marketing).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["data"]["total"], 31);
    assert_eq!(page["data"]["rows"].as_array().unwrap().len(), 10);
    assert_eq!(page["data"]["rows"][0]["name"], "School 20");
    let too_long = format!("/api/school?olympiadId={}&pageSize=5000", geo.id);
    let (_, bad_page) = api.get(&too_long, &admin).await;
    assert_eq!(bad_page["fields"]["pageSize"], "must be between 1 and 500");

    // The export holds every row the search selects, not one page.
    let url = format!(
        "/api/school?olympiadId={}&search=school%20&format=csv&pageSize=10",
        geo.id
    );
    let (status, content_type, csv) = api.file(with_token(get(&url), &admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/csv"));
    let text = String::from_utf8(csv).unwrap();
    assert_eq!(text.lines().count(), 31, "a heading and 30 schools");
    let url = format!("/api/school?olympiadId={}&format=xlsx", geo.id);
    let (_, content_type, xlsx) = api.file(with_token(get(&url), &admin)).await;
    assert!(content_type.contains("spreadsheetml"));
    let read = olympiad_documents::read_table(&xlsx).unwrap();
    assert_eq!(read.rows.len(), 31);
}

#[actix_web::test]
async fn an_independent_school_has_no_quintile_and_only_the_overlord_deletes_a_school() {
    let fx = Fixture::new();
    let admin = fx.admin("geography");
    let overlord = fx.overlord();
    let school = fx.school().named("Waterkloof High").build();
    let api = fx.api().await;
    let path = format!("/api/school/{}", school.id);

    let independent = json!({ "name": "Waterkloof High School", "province": "Gauteng", "sector": "independent", "quintile": 5 });
    let (status, updated) = api.put(&path, independent, &admin).await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert_eq!(
        updated["data"]["quintile"],
        Value::Null,
        "independent schools have no quintile"
    );

    // Only overlord deletes, and only a school nothing refers to.
    let (status, _) = api.delete(&path, &admin).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = api.delete(&path, &overlord).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(activities(&fx, "school_deleted").len(), 1);
}

#[actix_web::test]
async fn the_overlord_merges_a_duplicate_school_and_its_entry_and_teacher_move() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.admin("geography");
    let overlord = fx.overlord();
    let kept = fx.school().named("Waterkloof High School").build().id;
    let dup = fx
        .school()
        .named("Hoërskool Waterkloof")
        .emis("700999111")
        .entered_in(&geo)
        .build();
    fx.teacher("dup@example.org")
        .of_school(dup.id)
        .in_team_of(dup.entry())
        .build();
    let dup = dup.id;
    let api = fx.api().await;

    let preview = format!("/api/school/merge-preview?duplicateId={dup}&survivorId={kept}");
    let (status, plan) = api.get(&preview, &overlord).await;
    assert_eq!(status, StatusCode::OK, "{plan}");
    assert_eq!(plan["data"]["entries"][0]["action"], "moves");
    assert_eq!(plan["data"]["teachers"], 1);
    let onto_itself = format!("/api/school/merge-preview?duplicateId={dup}&survivorId={dup}");
    let (status, body) = api.get(&onto_itself, &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let merge = format!("/api/school/merge?duplicateId={dup}&survivorId={kept}");
    let (status, _) = api.post(&merge, json!({}), &overlord).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api.get(&preview, &overlord).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let merged = activities(&fx, "schools_merged");
    assert_eq!(merged.len(), 1);
    assert!(merged[0].details.contains("\"teachers\":1"));
    let entered = format!("/api/school?olympiadId={}&entered=yes", geo.id);
    let (_, listed) = api.get(&entered, &admin).await;
    assert_eq!(listed["data"]["rows"][0]["id"], kept);
    assert_eq!(listed["data"]["rows"][0]["emisNumber"], "700999111");
}

#[actix_web::test]
async fn olympiad_minus_one_lists_every_olympiads_schools_for_the_overlord_only() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let history = fx.olympiad("history");
    let admin = fx.admin("geography");
    let overlord = fx.overlord();
    fx.school().named("Geography High").entered_in(&geo).build();
    fx.school()
        .named("History High")
        .entered_in(&history)
        .build();
    fx.school().named("Not Entered High").build();
    let api = fx.api().await;

    // The spec's Schools screens send -1 for every olympiad: the overlord sees every school, as
    // when the olympiad is left out.
    let (status, every) = api.get("/api/school?olympiadId=-1", &overlord).await;
    assert_eq!(status, StatusCode::OK, "{every}");
    assert_eq!(every["data"]["total"], 3, "{every}");
    let (_, unnamed) = api.get("/api/school", &overlord).await;
    assert_eq!(every["data"]["rows"], unnamed["data"]["rows"]);

    // An olympiad's admin does not reach past their own olympiad through -1.
    let (status, body) = api.get("/api/school?olympiadId=-1", &admin).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["success"], false);
    let (status, own) = api
        .get(&format!("/api/school?olympiadId={}", geo.id), &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{own}");
}
