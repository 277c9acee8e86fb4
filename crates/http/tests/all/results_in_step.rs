//! The stored results keep in step with what they are made from: each kind of change, made through
//! the API or straight in the database as any other code path would, is in the very next read of
//! the results grid, Results moderation and the top-school calculation.

use crate::common::*;
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use diesel::connection::SimpleConnection;
use serde_json::{json, Value};

/// The first row of the results grid, and how many rows it has.
async fn first_row<S, B>(api: &Api<S>, s: &Sitting) -> (Value, i64)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let url = format!("/api/results?olympiadId={}", s.olympiad_id);
    let list = api.ok(with_token(get(&url), &s.admin)).await;
    (list["rows"][0].clone(), list["total"].as_i64().unwrap())
}

fn sql(s: &Sitting, statements: &str) {
    s.fx.db.conn().batch_execute(statements).unwrap();
}

#[actix_web::test]
async fn every_kind_of_change_is_in_the_next_read() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    let (row, total) = first_row(&api, &s).await;
    assert_eq!((row["score"].as_i64(), total), (Some(7), 1));
    let attempt = row["attemptId"].as_i64().unwrap();

    // A mark adjusted, with its reason.
    let adjust =
        json!({ "olympiadId": o, "attemptId": attempt, "marks": 9, "reason": "Appeal upheld" });
    let (status, body) = api.post("/api/results/adjust", adjust, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (row, _) = first_row(&api, &s).await;
    assert_eq!(
        (row["score"].as_i64(), row["adjusted"].as_bool()),
        (Some(9), Some(true))
    );
    let (_, schools) = api
        .get(
            &format!("/api/reports/olympiad/top-school-calcs/{o}"),
            &s.admin,
        )
        .await;
    assert_eq!(schools["data"][0]["score"], 9.0);

    // The medal bands changed: gold for nobody, so the only learner is silver.
    let bands = json!({ "olympiadId": o, "bands": { "gold": 0.0, "silver": 15.0, "bronze": 30.0, "merit": 50.0 } });
    let (status, body) = api.put("/api/results/bands", bands, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(first_row(&api, &s).await.0["award"], "silver");

    // Marked again (as a remark after a corrected key writes it) to another total.
    sql(
        &s,
        &format!("UPDATE attempts SET score = 5 WHERE id = {attempt}"),
    );
    assert_eq!(first_row(&api, &s).await.0["markedScore"], 5);
    let remark = json!({ "olympiadId": o, "reason": "Key of question 2 corrected" });
    let (status, body) = api.post("/api/results/remark", remark, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(first_row(&api, &s).await.0["markedScore"], 7);

    // The learner's name and grade, the school's name and province.
    sql(
        &s,
        &format!(
            "UPDATE learners SET first_name = 'Zoë', grade = 11 WHERE id = \
               (SELECT learner_id FROM participants WHERE id = {p}); \
             UPDATE schools SET name = 'Hoërskool Renamed', province = 'Limpopo' WHERE id = \
               (SELECT school_id FROM school_participants WHERE id = {e});",
            p = s.participant_id,
            e = s.school_participant_id
        ),
    );
    let (row, _) = first_row(&api, &s).await;
    assert_eq!(row["firstName"], "Zoë");
    assert_eq!(row["grade"], 11);
    assert_eq!(row["schoolName"], "Hoërskool Renamed");
    assert_eq!(row["province"], "Limpopo");

    // Written on paper (a paper import notes the attempt).
    sql(
        &s,
        &format!("INSERT INTO paper_sheets (attempt_id, olympiad_id) VALUES ({attempt}, {o})"),
    );
    assert_eq!(first_row(&api, &s).await.0["onPaper"], true);

    // Disqualified, with its reason: last, with no place and no award.
    let out =
        json!({ "olympiadId": o, "attemptId": attempt, "disqualified": true, "reason": "Copied" });
    let (status, body) = api.post("/api/results/disqualify", out, &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (row, _) = first_row(&api, &s).await;
    assert_eq!(
        (row["disqualified"].as_bool(), row["rank"].as_i64()),
        (Some(true), Some(0))
    );
    let (_, moderation) = api
        .get(&format!("/api/results/moderation?olympiadId={o}"), &s.admin)
        .await;
    assert_eq!(moderation["data"]["grades"].as_array().unwrap().len(), 0);
    let learner = moderation["data"]["changes"][0]["learner"]
        .as_str()
        .unwrap();
    assert!(learner.starts_with("Zoë "), "{learner}");

    // The attempt set aside, then finished again.
    sql(
        &s,
        &format!("UPDATE attempts SET superseded = TRUE WHERE id = {attempt}"),
    );
    assert_eq!(first_row(&api, &s).await.1, 0);
    sql(
        &s,
        &format!("UPDATE attempts SET superseded = FALSE, status = 'writing' WHERE id = {attempt}"),
    );
    assert_eq!(first_row(&api, &s).await.1, 0);
    sql(
        &s,
        &format!("UPDATE attempts SET status = 'finished' WHERE id = {attempt}"),
    );
    assert_eq!(first_row(&api, &s).await.1, 1);
}

#[actix_web::test]
async fn a_read_with_nothing_changed_computes_nothing_again() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    first_row(&api, &s).await;
    let stamp = || {
        use olympiad_persistence::models::{OlympiadResults, ResultRow};
        let mut conn = s.fx.db.conn();
        let results = OlympiadResults::of_olympiad(&mut conn, s.olympiad_id).unwrap();
        let computed = ResultRow::computed(&mut conn, results.id).unwrap();
        (computed.computed_generation, computed.computed_at)
    };
    let before = stamp();
    first_row(&api, &s).await;
    api.get(
        &format!("/api/results/moderation?olympiadId={}", s.olympiad_id),
        &s.admin,
    )
    .await;
    assert_eq!(stamp(), before);
    assert!(before.0 >= 1, "finishing raised the generation");
}
