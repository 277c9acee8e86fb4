//! `/api/reports/olympiad/overview` (every olympiad, and one per school),
//! `/api/reports/olympiad/graph-data/{id}`, `/api/reports/olympiad/questions-by-difficulty/{id}`
//! and `/api/reports/learner-logins`, against a fixture whose answers are known.

use crate::common::*;
use actix_web::http::StatusCode;
use diesel::prelude::*;
use olympiad_domain::id::{OlympiadId, SchoolParticipantId};
use olympiad_domain::Role;
use olympiad_persistence::schema::{answers, attempts, participants, question_modules, questions};
use olympiad_persistence::DbConnection;
use serde_json::Value;

/// Geography: Waterkloof (Gauteng) with three learners (grades 10, 11, 11: one finished, one
/// writing, one not started) and Polokwane (Limpopo) with one grade 12 learner not started.
struct Known {
    fx: Fixture,
    olympiad_id: OlympiadId,
    waterkloof: i64,
    waterkloof_entry: SchoolParticipantId,
    polokwane_entry: SchoolParticipantId,
    learners: Vec<BuiltLearner>,
}

fn set_status(conn: &mut DbConnection, participant: i64, status: &str) {
    diesel::update(participants::table.find(participant))
        .set(participants::status.eq(status))
        .execute(conn)
        .unwrap();
}

fn known() -> Known {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let waterkloof = fx
        .school()
        .named("Waterkloof High")
        .in_province("Gauteng")
        .entered_in(&geo)
        .build();
    let polokwane = fx
        .school()
        .named("Polokwane High")
        .in_province("Limpopo")
        .entered_in(&geo)
        .build();
    let learners = vec![
        fx.learner("anna1")
            .grade(10)
            .entered_with(waterkloof.entry()),
        fx.learner("ben2")
            .grade(11)
            .entered_with(waterkloof.entry()),
        fx.learner("cara3")
            .grade(11)
            .entered_with(waterkloof.entry()),
        fx.learner("dan4").grade(12).entered_with(polokwane.entry()),
    ];
    let mut conn = fx.db.conn();
    set_status(&mut conn, learners[0].participant_id, "finished");
    set_status(&mut conn, learners[1].participant_id, "writing");
    drop(conn);
    Known {
        olympiad_id: geo.id,
        waterkloof: waterkloof.id,
        waterkloof_entry: waterkloof.entry(),
        polokwane_entry: polokwane.entry(),
        fx,
        learners,
    }
}

#[actix_web::test]
async fn every_olympiad_at_a_glance_counts_entries_learners_starts_and_finishes() {
    let k = known();
    k.fx.olympiad("history");
    let overlord = k.fx.overlord();
    let admin = k.fx.admin("geography");
    let [accountant] = k.fx.staff_of("geography", [Role::Accountant]);
    let api = k.fx.api().await;

    // Both schools order; Waterkloof's (3 learners × R 50 + 15% VAT = R 172.50) is paid, and
    // Polokwane's stays owed.
    let mut orders = vec![];
    for entry in [k.waterkloof_entry, k.polokwane_entry] {
        let url = format!("/api/purchase-order?customerParticipantId={entry}");
        let (status, body) = api.post(&url, Value::Null, &accountant).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        orders.push(body["data"]["id"].as_i64().unwrap());
    }
    let url = format!("/api/purchase-order/{}?status=paid", orders[0]);
    let (status, body) = api.put(&url, Value::Null, &accountant).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, body) = api
        .post("/api/reports/olympiad/overview", Value::Null, &overlord)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let all = body["data"].as_array().unwrap();
    assert_eq!(all.len(), 2);
    let geo = all.iter().find(|o| o["name"] == "geography").unwrap();
    assert_eq!(geo["entries"], 2);
    assert_eq!(geo["learners"], 4);
    assert_eq!(geo["notStarted"], 2);
    assert_eq!(geo["writing"], 1);
    assert_eq!(geo["finished"], 1);
    assert_eq!(geo["started"], 2);
    assert_eq!(geo["paidOrders"], 1);
    assert_eq!(geo["paidCents"], 17_250);
    let history = all.iter().find(|o| o["name"] == "history").unwrap();
    assert_eq!(history["learners"], 0);
    assert_eq!(history["paidOrders"], 0);
    assert_eq!(history["paidCents"], 0);

    // Staff see their own olympiad only.
    let (_, body) = api
        .post("/api/reports/olympiad/overview", Value::Null, &admin)
        .await;
    let mine: Vec<&Value> = body["data"].as_array().unwrap().iter().collect();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["name"], "geography");
}

#[actix_web::test]
async fn an_olympiads_overview_is_per_school_or_for_one_school() {
    let k = known();
    let admin = k.fx.admin("geography");
    k.fx.olympiad("history");
    let other = k.fx.token_for(k.fx.user(
        "history.admin@example.org",
        olympiad_domain::Role::Admin,
        Some("history"),
    ));
    let api = k.fx.api().await;
    let id = k.olympiad_id;

    let url = format!("/api/reports/olympiad/overview/{id}?schoolId=-1");
    let (status, body) = api.post(&url, Value::Null, &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["entries"], 2);
    assert_eq!(body["data"]["totals"]["learners"], 4);
    let schools = body["data"]["schools"].as_array().unwrap();
    assert_eq!(schools.len(), 2);
    let waterkloof = schools
        .iter()
        .find(|s| s["schoolName"] == "Waterkloof High")
        .unwrap();
    assert_eq!(waterkloof["learners"], 3);
    assert_eq!(waterkloof["started"], 2);
    assert_eq!(waterkloof["finished"], 1);

    let url = format!(
        "/api/reports/olympiad/overview/{id}?schoolId={}",
        k.waterkloof
    );
    let (_, one) = api.post(&url, Value::Null, &admin).await;
    assert_eq!(one["data"]["schools"].as_array().unwrap().len(), 1);
    assert_eq!(one["data"]["totals"]["learners"], 3);
    assert_eq!(one["data"]["totals"]["notStarted"], 1);

    // A school not entered is not found; a school id that is no id is a faulty field.
    let url = format!("/api/reports/olympiad/overview/{id}?schoolId=999999");
    let (status, _) = api.post(&url, Value::Null, &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let url = format!("/api/reports/olympiad/overview/{id}?schoolId=0");
    let (status, body) = api.post(&url, Value::Null, &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["schoolId"].is_string(), "{body}");

    // Another olympiad's admin does not reach it.
    let url = format!("/api/reports/olympiad/overview/{id}");
    let (status, _) = api.post(&url, Value::Null, &other).await;
    assert!(status == StatusCode::NOT_FOUND || status == StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn graph_data_counts_by_day_province_and_grade() {
    let k = known();
    let admin = k.fx.admin("geography");
    let api = k.fx.api().await;
    let url = format!("/api/reports/olympiad/graph-data/{}", k.olympiad_id);
    let (status, body) = api.post(&url, Value::Null, &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let data = &body["data"];
    let total_of = |days: &Value| -> i64 {
        let days = days.as_array().unwrap();
        days.iter().map(|p| p["count"].as_i64().unwrap()).sum()
    };
    let total = total_of(&data["learnersPerDay"]);
    assert_eq!(total, 4);
    let day = data["learnersPerDay"][0]["at"].as_str().unwrap();
    assert_eq!(day.len(), 10, "a day: {day}");
    let schools = total_of(&data["entriesPerDay"]);
    assert_eq!(schools, 2);
    let label = |b: &Value| b["label"].as_str().unwrap().to_owned();
    let learners = |b: &Value| b["learners"].as_i64().unwrap();
    let provinces: Vec<(String, i64)> = data["byProvince"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (label(b), learners(b)))
        .collect();
    assert_eq!(
        provinces,
        vec![("Gauteng".to_owned(), 3), ("Limpopo".to_owned(), 1)]
    );
    let grades: Vec<(String, i64, i64)> = data["byGrade"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (label(b), learners(b), b["started"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        grades,
        vec![
            ("Grade 10".to_owned(), 1, 1),
            ("Grade 11".to_owned(), 2, 1),
            ("Grade 12".to_owned(), 1, 0)
        ]
    );
    // No attempt started yet: no starts to plot.
    assert_eq!(data["startsPerHour"].as_array().unwrap().len(), 0);

    let (status, _) = api
        .post(
            "/api/reports/olympiad/graph-data/999999",
            Value::Null,
            &admin,
        )
        .await;
    assert!(status == StatusCode::NOT_FOUND || status == StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn questions_by_difficulty_gives_facility_and_discrimination_of_finished_scripts() {
    let k = known();
    let admin = k.fx.admin("geography");
    let mut conn = k.fx.db.conn();
    let now = olympiad_persistence::now();
    let module: i64 = diesel::insert_into(question_modules::table)
        .values((
            question_modules::olympiad_id.eq(k.olympiad_id),
            question_modules::position.eq(1),
            question_modules::title.eq("{}"),
            question_modules::instructions.eq("{}"),
        ))
        .returning(question_modules::id)
        .get_result(&mut conn)
        .unwrap();
    let question = |conn: &mut DbConnection, position: i32, marks: i32| -> i64 {
        diesel::insert_into(questions::table)
            .values((
                questions::module_id.eq(module),
                questions::position.eq(position),
                questions::kind.eq("trueFalse"),
                questions::content.eq("{}"),
                questions::marks.eq(marks),
                questions::difficulty.eq(position),
            ))
            .returning(questions::id)
            .get_result(conn)
            .unwrap()
    };
    let (q1, q2) = (question(&mut conn, 1, 2), question(&mut conn, 2, 1));
    // Four finished scripts, as in the domain's known class: the strong two earn everything, the
    // weak two half of question 1 and nothing of question 2.
    let marks = [[2, 1], [2, 1], [1, 0], [1, 0]];
    for (learner, [m1, m2]) in k.learners.iter().zip(marks) {
        let attempt: i64 = diesel::insert_into(attempts::table)
            .values((
                attempts::participant_id.eq(learner.participant_id),
                attempts::olympiad_id.eq(k.olympiad_id),
                attempts::status.eq("finished"),
                attempts::declaration_accepted_at.eq(now),
                attempts::device_key_hash.eq("x"),
                attempts::started_at.eq(now),
                attempts::score.eq(i64::from(m1 + m2)),
            ))
            .returning(attempts::id)
            .get_result(&mut conn)
            .unwrap();
        for (question, earned) in [(q1, m1), (q2, m2)] {
            diesel::insert_into(answers::table)
                .values((
                    answers::attempt_id.eq(attempt),
                    answers::question_id.eq(question),
                    answers::answer.eq("true"),
                    answers::seq.eq(1),
                    answers::marks.eq(earned),
                    answers::saved_at.eq(now),
                ))
                .execute(&mut conn)
                .unwrap();
        }
    }
    drop(conn);
    let api = k.fx.api().await;
    let url = format!(
        "/api/reports/olympiad/questions-by-difficulty/{}",
        k.olympiad_id
    );
    let (status, body) = api.post(&url, Value::Null, &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["scripts"], 4);
    let questions = body["data"]["questions"].as_array().unwrap();
    // Hardest first: question 2 (half the marks), then question 1 (three quarters).
    assert_eq!(questions[0]["questionId"], q2);
    assert_eq!(questions[0]["number"], "1.2");
    assert_eq!(questions[0]["facility"], 0.5);
    assert_eq!(questions[0]["discrimination"], 1.0);
    assert_eq!(questions[1]["facility"], 0.75);
    assert_eq!(questions[1]["discrimination"], 0.5);

    // The starts now show per hour.
    let url = format!("/api/reports/olympiad/graph-data/{}", k.olympiad_id);
    let (_, graph) = api.post(&url, Value::Null, &admin).await;
    assert_eq!(graph["data"]["startsPerHour"][0]["count"], 4);
    assert!(graph["data"]["startsPerHour"][0]["at"]
        .as_str()
        .unwrap()
        .ends_with(":00:00Z"));
}

#[actix_web::test]
async fn learner_logins_lists_each_learners_sign_in_and_counts_them_per_hour() {
    let k = known();
    let overlord = k.fx.overlord();
    let api = k.fx.api().await;
    let (status, body) = api
        .send(signin("anna1", PASSWORD, "learner", Some("geography")))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let url = format!("/api/reports/learner-logins?olympiadId={}", k.olympiad_id);
    let (status, body) = api.get(&url, &overlord).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let sign_ins = body["data"]["signIns"].as_array().unwrap();
    assert_eq!(sign_ins.len(), 1);
    assert_eq!(sign_ins[0]["schoolName"], "Waterkloof High");
    assert_eq!(body["data"]["perHour"][0]["count"], 1);
    let url = format!(
        "/api/reports/learner-logins?olympiadId={}&timeWindow=0",
        k.olympiad_id
    );
    let (status, body) = api.get(&url, &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["timeWindow"].is_string(), "{body}");
}
