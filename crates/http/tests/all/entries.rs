//! `/api/school-participant` (a school's entry in an olympiad) and `/api/school/single` (a
//! teacher's own school and its entry).

use crate::common::*;
use actix_web::http::StatusCode;
use olympiad_domain::Role;
use serde_json::{json, Value};

#[actix_web::test]
async fn a_teacher_enters_their_own_school_and_becomes_its_team_admin() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let school = fx.school().named("Waterkloof High").build().id;
    let teacher = fx.teacher("thandi@example.org").of_school(school).build();
    let teacher = teacher.token;
    let api = fx.api().await;

    let (status, mine) = api
        .get("/api/school/single?olympiadVarName=geography", &teacher)
        .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["data"]["entry"], Value::Null);
    assert_eq!(mine["data"]["school"]["id"], school);
    let entry = json!({ "olympiadId": geo.id });
    let (status, entry) = api.post("/api/school-participant", entry, &teacher).await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    let single = format!("/api/school/single?olympiadId={}", geo.id);
    let (_, mine) = api.get(&single, &teacher).await;
    assert_eq!(mine["data"]["isTeamAdmin"], true);
    let (_, entries) = api.get("/api/school-participant", &teacher).await;
    assert_eq!(entries["data"]["total"], 1);

    let details = json!({ "name": "Waterkloof High School", "province": "Gauteng", "sector": "public", "phone": "012 555 0101" });
    let (status, body) = api.put(&single, details, &teacher).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[actix_web::test]
async fn staff_enter_a_school_with_its_contact_teacher_confirm_it_and_delete_it() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let [admin, accountant] = fx.staff_of("geography", [Role::Admin, Role::Accountant]);
    let school = fx.school().named("Hoërskool Waterkloof").build().id;
    let teacher = fx.teacher("dup@example.org").of_school(school).build();
    let api = fx.api().await;

    let entry =
        json!({ "olympiadId": geo.id, "schoolId": school, "contactTeacherId": teacher.user_id });
    let (status, entry) = api.post("/api/school-participant", entry, &admin).await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    let path = format!("/api/school-participant/{}", entry["data"]["id"]);
    let search = format!(
        "/api/school-participant?olympiadId={}&search=waterkloof",
        geo.id
    );
    let (_, listed) = api.get(&search, &accountant).await;
    assert_eq!(listed["data"]["rows"][0]["contactEmail"], "dup@example.org");
    assert_eq!(listed["data"]["rows"][0]["teamAdmins"][0], "Test teacher");
    let confirmed = json!({ "status": "confirmed", "contactTeacherId": teacher.user_id });
    let (status, updated) = api.put(&path, confirmed, &admin).await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    let (_, body) = api.put(&path, json!({ "status": "paid" }), &admin).await;
    assert!(body["fields"]["status"]
        .as_str()
        .unwrap()
        .starts_with("must be one of"));

    let (status, _) = api.delete(&path, &admin).await;
    assert_eq!(status, StatusCode::OK);
}
