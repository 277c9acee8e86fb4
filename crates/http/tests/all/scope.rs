//! Object scope: every route that names an object by its id is called by a teacher and by an admin
//! of one olympiad with the ids of a neighbour school's objects and of another olympiad's, and must
//! refuse (403) or not find (404) every one, changing nothing. The routes walked, and the kind of
//! object each names, are read from the areas' manifests (`olympiad_http::manifest`).

use crate::common::*;
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use diesel::prelude::*;
use olympiad_domain::id::SchoolId;
use olympiad_domain::Role;
use olympiad_http::access::API_ROUTES;
use olympiad_http::manifest::Allowed;
use olympiad_http::manifest::{IdScope, Kind};
use olympiad_http::testing::multipart;
use olympiad_persistence::models::Teacher;
use olympiad_persistence::schema::{participants, team_members};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The calls of the walk that are not simply the route's path with the object's id in it: the
/// routes that name their object in the query or the body, and those that need a body or a query
/// to reach it. Method, address with `{id}` for the object's id, body.
fn sample_calls(question: Value) -> Vec<(Method, &'static str, Value)> {
    let none = Value::Null;
    let school = json!({ "name": "Renamed", "emisNumber": "", "province": "gauteng", "town": "Pretoria", "sector": "public", "quintile": 5 });
    let mass_mail = json!({ "title": "Renamed", "audience": "participating_teachers", "subject": "S", "html": "<p>H</p>", "text": "T" });
    vec![
        (Method::PUT, "/api/mass-mail/{id}", mass_mail),
        (
            Method::PUT,
            "/api/olympiad/{id}",
            json!({ "title": "Renamed", "year": 2026, "kind": "schools", "durationMinutes": 45, "grades": [10], "languages": ["en"] }),
        ),
        (
            Method::GET,
            "/api/olympiad/set-olympiad-open/{id}?open=false",
            none.clone(),
        ),
        (
            Method::POST,
            "/api/olympiad/modules/{id}",
            json!({ "modules": [] }),
        ),
        (
            Method::PUT,
            "/api/olympiad/{id}/start-windows",
            json!({ "startWindows": [] }),
        ),
        (
            Method::POST,
            "/api/olympiad/{id}/question-bank?confirm=true",
            json!({ "format": "olympiad-question-bank", "version": 1, "modules": [] }),
        ),
        (
            Method::POST,
            "/api/olympiad/{id}/question-bank/csv?confirm=true",
            json!({ "moduleTitle": "Capitals", "csv": "question,a,b,correct\nCapital?,Bloemfontein,Kimberley,a\n" }),
        ),
        (
            Method::GET,
            "/api/question-module?olympiadId={id}",
            none.clone(),
        ),
        (Method::GET, "/api/attachment?olympiadId={id}", none.clone()),
        (
            Method::GET,
            "/api/useful-contact?olympiadId={id}",
            none.clone(),
        ),
        (
            Method::GET,
            "/api/sitting/monitor?olympiadId={id}",
            none.clone(),
        ),
        (
            Method::GET,
            "/api/reports/olympiad/start-times?olympiadId={id}",
            none.clone(),
        ),
        (
            Method::PUT,
            "/api/question-module/{id}",
            json!({ "title": { "en": "Renamed" } }),
        ),
        (Method::PUT, "/api/question/{id}", question),
        (
            Method::DELETE,
            "/api/attachment/{id}?uploadId=1",
            none.clone(),
        ),
        (
            Method::POST,
            "/api/attachment/{id}/update-filename?uploadId=1&filename=x.png",
            none.clone(),
        ),
        (Method::PUT, "/api/school/{id}", school),
        (
            Method::PUT,
            "/api/school-participant/{id}",
            json!({ "status": "confirmed" }),
        ),
        (
            Method::GET,
            "/api/team-member?schoolParticipantId={id}",
            none.clone(),
        ),
        (
            Method::POST,
            "/api/team-member",
            json!({ "schoolParticipantId": "{id}", "email": "new@example.org", "firstName": "New", "lastName": "Member" }),
        ),
        (
            Method::GET,
            "/api/participant?customerParticipantId={id}",
            none.clone(),
        ),
        (
            Method::POST,
            "/api/learner",
            json!({ "schoolParticipantId": "{id}", "firstName": "Ayanda", "lastName": "Zulu", "grade": "8" }),
        ),
        (
            Method::POST,
            "/api/sitting/pause",
            json!({ "schoolParticipantId": "{id}", "reason": "power" }),
        ),
        (
            Method::POST,
            "/api/sitting/resume",
            json!({ "schoolParticipantId": "{id}" }),
        ),
        (
            Method::PUT,
            "/api/teacher/{id}",
            json!({ "title": "Mr", "firstName": "Renamed", "lastName": "Teacher", "cell": "", "subject": "" }),
        ),
        (
            Method::PUT,
            "/api/team-member/{id}",
            json!({ "isTeamAdmin": true }),
        ),
        (
            Method::PUT,
            "/api/learner/{id}",
            json!({ "firstName": "Renamed", "lastName": "Learner", "grade": "9" }),
        ),
        (
            Method::PUT,
            "/api/participant/{id}",
            json!({ "status": "absent", "language": "en" }),
        ),
        (
            Method::PUT,
            "/api/auth/set-learner-passwords/{id}?schoolId=1",
            none.clone(),
        ),
        (
            Method::GET,
            "/api/learner/single?participantId={id}",
            none.clone(),
        ),
        (
            Method::POST,
            "/api/interest/expression-of-interest/{id}/process",
            json!({}),
        ),
        (
            Method::POST,
            "/api/interest/expression-of-interest/{id}/decline",
            json!({ "reason": "none" }),
        ),
        (
            Method::GET,
            "/api/interest/expression-of-interest/possible-matches?expressionId={id}",
            none.clone(),
        ),
        (
            Method::PUT,
            "/api/igeo-country/{id}",
            json!({ "name": "Renamed", "isoCode": "RN" }),
        ),
        (
            Method::GET,
            "/api/igeo-country-participant/single?id={id}",
            none.clone(),
        ),
        (
            Method::PUT,
            "/api/igeo-country-participant/{id}",
            json!({ "status": "entered", "teamLeaderName": "X", "teamLeaderEmail": "x@example.org", "teamMembers": [], "invoiceEmail": "" }),
        ),
        (
            Method::PUT,
            "/api/useful-contact/{id}",
            json!({ "name": "Renamed", "organisation": "", "role": "", "email": "r@example.org" }),
        ),
        (
            Method::GET,
            "/api/results/moderation?olympiadId={id}",
            none.clone(),
        ),
        (Method::GET, "/api/results?olympiadId={id}", none.clone()),
        (
            Method::POST,
            "/api/results/state",
            json!({ "olympiadId": "{id}", "state": "moderated", "reason": "scope" }),
        ),
        (
            Method::PUT,
            "/api/results/bands",
            json!({ "olympiadId": "{id}", "bands": { "gold": 1, "silver": 2, "bronze": 3, "merit": 4 } }),
        ),
        (
            Method::GET,
            "/api/results/downloads/details?olympiadId={id}",
            none.clone(),
        ),
        (
            Method::GET,
            "/api/results/school?schoolParticipantId={id}",
            none.clone(),
        ),
        (
            Method::POST,
            "/api/certificate/config/{id}",
            json!({ "signature": "Scope" }),
        ),
        (
            Method::GET,
            "/api/certificate/moderated?olympiadId={id}",
            none.clone(),
        ),
        (
            Method::GET,
            "/api/certificate/generation-status?olympiadId={id}",
            none.clone(),
        ),
        (
            Method::POST,
            "/api/certificate/generate?olympiadId={id}",
            json!({}),
        ),
        (
            Method::POST,
            "/api/certificate/send?olympiadId={id}",
            json!({}),
        ),
        (
            Method::POST,
            "/api/certificate/pause?olympiadId={id}",
            json!({}),
        ),
        (
            Method::GET,
            "/api/certificates/regenerate-and-send-to-school?schoolParticipantId={id}",
            none.clone(),
        ),
        (
            Method::GET,
            "/api/certificate/download?schoolParticipantId={id}",
            none.clone(),
        ),
        (
            Method::POST,
            "/api/certificate/preview/{id}",
            json!({ "signature": "Scope" }),
        ),
        (
            Method::GET,
            "/api/results/paper/template?schoolParticipantId={id}",
            none.clone(),
        ),
        (
            Method::PUT,
            "/api/purchase-order/{id}?status=paid",
            none.clone(),
        ),
        (
            Method::DELETE,
            "/api/purchase-order/admin/{id}?status=delete",
            none.clone(),
        ),
        (
            Method::PUT,
            "/api/purchase-order/set-school-po/{id}?schoolsPO=X",
            none.clone(),
        ),
        (
            Method::PUT,
            "/api/purchase-order/set-num-learners-discount/{id}?freeLearners=1&comment=x",
            none.clone(),
        ),
        (
            Method::PUT,
            "/api/purchase-order/set-sponsored/{id}?sponsoredPercent=50",
            none,
        ),
    ]
}

/// The route template an address was written from: query left out, every id as `{id}`.
fn template(url: &str) -> String {
    url.split('?').next().unwrap().to_owned()
}

/// A declared path with each `{name}` as `{id}`, segment for segment.
fn every_name_as_id(path: &str) -> String {
    path.split('/')
        .map(|segment| match segment {
            // A proof is reached through its order: the walk names proof 1 of another
            // olympiad's order.
            "{proofId}" => "1",
            _ if segment.starts_with('{') => "{id}",
            _ => segment,
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn id(value: &Value) -> i64 {
    value["id"].as_i64().unwrap()
}

#[actix_web::test]
async fn no_role_reaches_a_neighbour_schools_or_another_olympiads_objects() {
    let fx = Fixture::new();
    let (home, other) = (fx.olympiad("geography").id, fx.olympiad("history").id);
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let api = fx.api().await;

    // Three schools: the teacher's own and a neighbour in the home olympiad, one in another.
    let mut entries = vec![];
    let mut orders = vec![];
    let mut schools = vec![];
    let mut teachers = vec![];
    for (name, olympiad) in [
        ("Own High", home),
        ("Neighbour High", home),
        ("Far High", other),
    ] {
        let school = api.call(&overlord, Method::POST, "/api/school", json!({ "name": name, "emisNumber": "", "province": "gauteng", "town": "Pretoria", "sector": "public", "quintile": 5 }))
            .await;
        let teacher_user = fx.user(
            &format!("{}@example.org", name.replace(' ', ".")),
            Role::Teacher,
            None,
        );
        let teacher = Teacher::ensure(
            &mut fx.db.conn(),
            teacher_user,
            Some(SchoolId::new(id(&school))),
        )
        .unwrap();
        let entry = api.call(&overlord, Method::POST, "/api/school-participant", json!({ "olympiadId": olympiad, "schoolId": id(&school), "contactTeacherId": teacher_user }))
            .await;
        api.call(&overlord, Method::POST, "/api/learner", json!({ "schoolParticipantId": id(&entry), "firstName": "Ayanda", "lastName": name, "grade": "8" }))
            .await;
        let order = api
            .call(
                &overlord,
                Method::POST,
                &format!("/api/purchase-order?customerParticipantId={}", id(&entry)),
                Value::Null,
            )
            .await;
        orders.push(id(&order));
        schools.push(id(&school));
        entries.push(id(&entry));
        teachers.push((teacher_user, teacher.id));
    }
    let of_entry = |entry: i64| {
        let mut conn = fx.db.conn();
        let (participant, learner): (i64, i64) = participants::table
            .filter(participants::school_participant_id.eq(entry))
            .select((participants::id, participants::learner_id))
            .first(&mut conn)
            .unwrap();
        let member: i64 = team_members::table
            .filter(team_members::school_participant_id.eq(entry))
            .select(team_members::id)
            .first(&mut conn)
            .unwrap();
        (participant, learner, member)
    };
    let (neighbour, far) = (of_entry(entries[1]), of_entry(entries[2]));

    // The other olympiad's paper, file, interest, contact and country.
    let module = api
        .call(
            &overlord,
            Method::POST,
            "/api/question-module?confirm=true",
            json!({ "olympiadId": other, "title": { "en": "Maps" } }),
        )
        .await;
    let question_body = json!({ "moduleId": id(&module), "kind": "singleChoice", "content": { "stem": { "en": "Longest river?" }, "options": [{ "key": "a", "text": { "en": "Orange" } }, { "key": "b", "text": { "en": "Vaal" } }], "correct": ["a"] }, "marks": 1, "difficulty": 1 });
    let question = api
        .call(
            &overlord,
            Method::POST,
            "/api/question?confirm=true",
            question_body.clone(),
        )
        .await;
    let attachment = {
        let request = multipart(
            &format!("/api/attachment/upload?olympiadId={other}"),
            "map.png",
            b"\x89PNG\r\n\x1a\nmap",
        );
        let (status, answer) = api.send(with_token(request, &overlord)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        answer["data"].clone()
    };
    let (status, _) = api.send(post_json("/api/interest", json!({ "projectName": "history", "firstName": "Pat", "lastName": "Parent", "email": "pat@example.org", "relationship": "parent" }))).await;
    assert_eq!(status, StatusCode::OK);
    let expression: i64 = olympiad_persistence::schema::expressions_of_interest::table
        .select(olympiad_persistence::schema::expressions_of_interest::id)
        .first(&mut fx.db.conn())
        .unwrap();
    let mass_mail = api.call(&overlord, Method::POST, "/api/mass-mail", json!({ "olympiadId": other, "title": "Reminder", "audience": "participating_teachers", "subject": "S", "html": "<p>H</p>", "text": "T" }))
        .await;
    let contact = api.call(&overlord, Method::POST, "/api/useful-contact", json!({ "olympiadId": other, "name": "Dr Mbeki", "organisation": "DBE", "role": "Adviser", "email": "mbeki@example.gov.za" }))
        .await;
    let country = api
        .call(
            &overlord,
            Method::POST,
            "/api/igeo-country",
            json!({ "name": "Namibia", "isoCode": "na" }),
        )
        .await;
    let country_entry = api.call(&overlord, Method::POST, "/api/igeo-country-participant", json!({ "olympiadId": other, "countryId": id(&country), "status": "entered", "teamLeaderName": "Ms Shikongo", "teamLeaderEmail": "leader@example.na", "teamMembers": [], "invoiceEmail": "finance@example.na" }))
        .await;

    // What lies beyond each caller's reach: for staff of the home olympiad, the other olympiad's
    // objects; for the own school's team admin, the neighbour's too.
    let beyond_staff: HashMap<Kind, Vec<i64>> = HashMap::from([
        (Kind::Olympiad, vec![other.get()]),
        (Kind::Module, vec![id(&module)]),
        (Kind::Question, vec![id(&question)]),
        (Kind::Attachment, vec![id(&attachment)]),
        (Kind::School, vec![schools[2]]),
        (Kind::Entry, vec![entries[2]]),
        (Kind::Teacher, vec![teachers[2].1.get()]),
        (Kind::TeamMember, vec![far.2]),
        (Kind::Learner, vec![far.1]),
        (Kind::Participant, vec![far.0]),
        (Kind::Expression, vec![expression]),
        (Kind::Country, vec![id(&country)]),
        (Kind::CountryEntry, vec![id(&country_entry)]),
        (Kind::Contact, vec![id(&contact)]),
        (Kind::PurchaseOrder, vec![orders[2]]),
        (Kind::MassMail, vec![id(&mass_mail)]),
    ]);
    let mut beyond_teacher = beyond_staff.clone();
    // A teacher's reach is their teams, in any olympiad: olympiad-wide calls show them only those
    // (their role is walked in tests/all/roles.rs).
    beyond_teacher.insert(Kind::Olympiad, vec![]);
    beyond_teacher
        .get_mut(&Kind::Entry)
        .unwrap()
        .push(entries[1]);
    beyond_teacher
        .get_mut(&Kind::TeamMember)
        .unwrap()
        .push(neighbour.2);
    beyond_teacher
        .get_mut(&Kind::Learner)
        .unwrap()
        .push(neighbour.1);
    beyond_teacher
        .get_mut(&Kind::Participant)
        .unwrap()
        .push(neighbour.0);
    beyond_teacher
        .get_mut(&Kind::School)
        .unwrap()
        .push(schools[1]);
    beyond_teacher
        .get_mut(&Kind::Teacher)
        .unwrap()
        .push(teachers[1].1.get());
    beyond_teacher
        .get_mut(&Kind::PurchaseOrder)
        .unwrap()
        .push(orders[1]);

    let callers = [
        (
            "team admin of the own school",
            Role::Teacher,
            fx.token_for(teachers[0].0),
            &beyond_teacher,
        ),
        (
            "admin of the home olympiad",
            Role::Admin,
            fx.token_for(fx.user("admin@example.org", Role::Admin, Some("geography"))),
            &beyond_staff,
        ),
    ];

    // Every route whose manifest says it names an object: its sample calls, or else one call
    // with the object's id in its path.
    let samples = sample_calls(question_body);
    let mut calls: Vec<(Method, String, Kind, Value)> = vec![];
    for route in API_ROUTES.iter() {
        let Some(IdScope::Names(kind)) = route.id else {
            continue;
        };
        let address = every_name_as_id(route.path);
        let own: Vec<_> = samples
            .iter()
            .filter(|(method, url, _)| method.as_str() == route.method && template(url) == address)
            .collect();
        if own.is_empty() {
            assert!(
                route.path.contains('{'),
                "{} {} names its object in the query or the body: give the walk a sample call",
                route.method,
                route.path
            );
            let method = Method::from_bytes(route.method.as_bytes()).unwrap();
            calls.push((method, address, kind, Value::Null));
        }
        for (method, url, body) in own {
            calls.push((method.clone(), url.to_string(), kind, body.clone()));
        }
    }
    for (method, url, _) in &samples {
        assert!(
            calls.iter().any(|(m, u, _, _)| m == method && u == url),
            "{method} {url} is no route whose manifest says it names an object"
        );
    }

    let document = olympiad_http::openapi::document();
    let mut checked = 0;
    for (caller, role, token, beyond) in &callers {
        for (method, url, kind, body) in &calls {
            // A route the caller's role may not call at all is refused by the access table (403)
            // before any object is looked at.
            let role_refused = API_ROUTES
                .iter()
                .find(|r| r.method == method.as_str() && every_name_as_id(r.path) == template(url))
                .is_some_and(|r| match r.allowed {
                    Allowed::Roles(roles) | Allowed::RolesOrScrapeSecret(roles) => {
                        !roles.contains(role)
                    }
                    _ => false,
                });
            for object in &beyond[kind] {
                let url_template = url.to_string();
                let url = url.replace("{id}", &object.to_string());
                let body = serde_json::from_str::<Value>(
                    &body.to_string().replace("\"{id}\"", &object.to_string()),
                )
                .unwrap();
                let request = TestRequest::default().method(method.clone()).uri(&url);
                let request = if body.is_null() {
                    request
                } else {
                    request.set_json(body)
                };
                let (status, answer) = api.send(with_token(request, token)).await;
                // What the caller may not see does not exist for them (404, as an id that names
                // nothing); only what they see but may not change is a 403: an olympiad (they
                // are public) and the platform-wide records another olympiad shares.
                let seen = role_refused
                    || matches!(
                        kind,
                        Kind::Olympiad | Kind::School | Kind::Teacher | Kind::Country
                    );
                assert!(
                    status == StatusCode::NOT_FOUND || (seen && status == StatusCode::FORBIDDEN),
                    "{caller}: {method} {url} answered {status}: {answer}"
                );
                let item = document
                    .paths
                    .paths
                    .iter()
                    .find(|(path, _)| every_name_as_id(path) == template(&url_template))
                    .map(|(_, item)| item)
                    .unwrap();
                let operation = match method.as_str() {
                    "GET" => item.get.as_ref(),
                    "POST" => item.post.as_ref(),
                    "PUT" => item.put.as_ref(),
                    _ => item.delete.as_ref(),
                }
                .unwrap();
                assert!(
                    operation.responses.responses.contains_key(status.as_str()),
                    "{method} {url} answered {status}, which its document does not name"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} calls were walked");

    // Nothing out of reach changed.
    let (_, far_entry) = api
        .get(
            &format!("/api/team-member?schoolParticipantId={}", entries[2]),
            &overlord,
        )
        .await;
    assert_eq!(
        far_entry["data"].as_array().map(Vec::len),
        Some(1),
        "{far_entry}"
    );
    let (_, learners) = api
        .get(
            &format!("/api/participant?customerParticipantId={}", entries[1]),
            &overlord,
        )
        .await;
    assert_eq!(
        learners["data"]["rows"].as_array().map(Vec::len),
        Some(1),
        "{learners}"
    );
}

#[actix_web::test]
async fn a_teacher_outside_the_team_cannot_enter_a_school_already_entered_and_the_try_is_logged() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography").id;
    let overlord = fx.token_for(fx.user("overlord@example.org", Role::Overlord, None));
    let api = fx.api().await;
    let (_, school) = api.post("/api/school", json!({ "name": "Own High", "emisNumber": "", "province": "gauteng", "town": "Pretoria", "sector": "public", "quintile": 5 }), &overlord).await;
    let school_id = id(&school["data"]);
    let admin_user = fx.user("admin.teacher@example.org", Role::Teacher, None);
    Teacher::ensure(
        &mut fx.db.conn(),
        admin_user,
        Some(SchoolId::new(school_id)),
    )
    .unwrap();
    let colleague_user = fx.user("colleague@example.org", Role::Teacher, None);
    Teacher::ensure(
        &mut fx.db.conn(),
        colleague_user,
        Some(SchoolId::new(school_id)),
    )
    .unwrap();
    let enter = json!({ "olympiadId": geography, "schoolId": school_id });

    let (status, entry) = api
        .post(
            "/api/school-participant",
            enter.clone(),
            &fx.token_for(admin_user),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    let entry_id = id(&entry["data"]);
    // Entering again answers the entry to its own team admin.
    let (status, again) = api
        .post(
            "/api/school-participant",
            enter.clone(),
            &fx.token_for(admin_user),
        )
        .await;
    assert_eq!((status, id(&again["data"])), (StatusCode::OK, entry_id));

    // A colleague of the same school, not in the team, gains nothing by entering it too.
    let colleague = fx.token_for(colleague_user);
    let (status, body) = api.post("/api/school-participant", enter, &colleague).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = api
        .get(
            &format!("/api/team-member?schoolParticipantId={entry_id}"),
            &colleague,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let team: i64 = team_members::table
        .filter(team_members::school_participant_id.eq(entry_id))
        .count()
        .get_result(&mut fx.db.conn())
        .unwrap();
    assert_eq!(team, 1);
    let logged = activities(&fx, "entry_join_refused");
    assert_eq!(logged.len(), 1);
    assert_eq!(logged[0].user_id, Some(colleague_user));
}

/// What an upload is sent as: a multipart file, or a JSON file (the question bank, the learners'
/// rows).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Upload {
    Multipart,
    Json,
}

/// Every upload: method POST, address with `{id}` for its object, the kind, how the file comes.
const UPLOADS: &[(&str, Kind, Upload)] = &[
    (
        "/api/results/paper/preview?olympiadId={id}",
        Kind::Olympiad,
        Upload::Multipart,
    ),
    (
        "/api/results/paper/import?olympiadId={id}",
        Kind::Olympiad,
        Upload::Multipart,
    ),
    (
        "/api/learner/import/preview?schoolParticipantId={id}",
        Kind::Entry,
        Upload::Multipart,
    ),
    (
        "/api/learner/import?schoolParticipantId={id}",
        Kind::Entry,
        Upload::Json,
    ),
    (
        "/api/purchase-order/reconcile/preview?olympiadId={id}",
        Kind::Olympiad,
        Upload::Multipart,
    ),
    (
        "/api/purchase-order/{id}/proof",
        Kind::PurchaseOrder,
        Upload::Multipart,
    ),
    (
        "/api/olympiad/{id}/question-bank",
        Kind::Olympiad,
        Upload::Json,
    ),
    (
        "/api/olympiad/{id}/question-bank/csv",
        Kind::Olympiad,
        Upload::Json,
    ),
    (
        "/api/attachment/upload?olympiadId={id}",
        Kind::Olympiad,
        Upload::Multipart,
    ),
    (
        "/api/mass-mail/{id}/attachment",
        Kind::MassMail,
        Upload::Multipart,
    ),
    (
        "/api/certificate/image/{id}",
        Kind::Olympiad,
        Upload::Multipart,
    ),
];

/// A body no upload can read: `broken` is malformed, else it is over every upload's limit.
fn upload_body(url: &str, upload: Upload, broken: bool) -> TestRequest {
    let request = TestRequest::post().uri(url);
    match (upload, broken) {
        (Upload::Multipart, true) => request
            .insert_header((
                "content-type",
                "multipart/form-data; boundary=olympiadboundary",
            ))
            .set_payload("this is no multipart body at all"),
        (Upload::Multipart, false) => multipart(url, "huge.csv", &vec![b'a'; 9 * 1024 * 1024]),
        (Upload::Json, true) => request
            .insert_header(("content-type", "application/json"))
            .set_payload("{not json"),
        (Upload::Json, false) => request
            .insert_header(("content-type", "application/json"))
            .set_payload(format!("{{\"rows\": \"{}\"}}", "a".repeat(9 * 1024 * 1024))),
    }
}

#[actix_web::test]
async fn an_upload_out_of_reach_is_refused_before_its_file_is_read() {
    let fx = Fixture::new();
    let (home, other) = (fx.olympiad("geography"), fx.olympiad("history"));
    let overlord = fx.overlord();
    let api = fx.api().await;
    // The other olympiad's entry, order and mass mail; a neighbour school's entry and order.
    let far = fx.school().named("Far High").entered_in(&other).build();
    let neighbour = fx
        .school()
        .named("Neighbour High")
        .entered_in(&home)
        .build();
    let (_, teacher) = fx.entered_school(&home);
    let mut order_of = HashMap::new();
    for entry in [far.entry(), neighbour.entry()] {
        for name in ["Ayanda", "Sipho"] {
            fx.learner(&format!("{}{entry}", name.to_lowercase()))
                .named(name, "Dlamini")
                .entered_with(entry);
        }
        let url = format!("/api/purchase-order?customerParticipantId={entry}");
        let order = api.call(&overlord, Method::POST, &url, Value::Null).await;
        order_of.insert(entry, id(&order));
    }
    let mass_mail = api.call(&overlord, Method::POST, "/api/mass-mail", json!({ "olympiadId": other.id, "title": "Reminder", "audience": "participating_teachers", "subject": "S", "html": "<p>H</p>", "text": "T" }))
        .await;

    // Every multipart route of the API is an upload walked here.
    let document = serde_json::to_value(olympiad_http::openapi::document()).unwrap();
    for (path, item) in document["paths"].as_object().unwrap() {
        if item["post"]["requestBody"]["content"]["multipart/form-data"].is_object() {
            assert!(
                UPLOADS.iter().any(|(url, _, how)| *how == Upload::Multipart
                    && template(url) == every_name_as_id(path)),
                "POST {path} takes a file: add it to UPLOADS"
            );
        }
    }

    let admin = fx.admin("geography");
    let beyond_admin = HashMap::from([
        (Kind::Olympiad, vec![other.id.get()]),
        (Kind::Entry, vec![far.entry().get()]),
        (Kind::PurchaseOrder, vec![order_of[&far.entry()]]),
        (Kind::MassMail, vec![id(&mass_mail)]),
    ]);
    let beyond_teacher = HashMap::from([
        (
            Kind::Entry,
            vec![far.entry().get(), neighbour.entry().get()],
        ),
        (
            Kind::PurchaseOrder,
            vec![order_of[&far.entry()], order_of[&neighbour.entry()]],
        ),
    ]);
    let mut checked = 0;
    for (caller, token, beyond) in [
        ("admin of the home olympiad", &admin, &beyond_admin),
        (
            "team admin of the own school",
            &teacher.token,
            &beyond_teacher,
        ),
    ] {
        for (url, kind, upload) in UPLOADS {
            for object in beyond.get(kind).into_iter().flatten() {
                let url = url.replace("{id}", &object.to_string());
                for broken in [true, false] {
                    let request = upload_body(&url, *upload, broken);
                    let (status, answer) = api.send(with_token(request, token)).await;
                    // As in the walk: another olympiad may be a 403, anything else unseen a 404.
                    let seen = matches!(kind, Kind::Olympiad);
                    assert!(
                        status == StatusCode::NOT_FOUND
                            || (seen && status == StatusCode::FORBIDDEN),
                        "{caller}: POST {url} with a {} file answered {status}: {answer}",
                        if broken { "malformed" } else { "too large" }
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 30, "only {checked} uploads were tried");
    // The same bodies, from a caller who reaches the object, are read and refused for what they
    // are: the walk above proves the order, not an upload that refuses everything.
    let paper = format!("/api/results/paper/preview?olympiadId={}", home.id);
    let bank = format!("/api/olympiad/{}/question-bank", home.id);
    for (url, upload, broken, expected) in [
        (&paper, Upload::Multipart, true, StatusCode::BAD_REQUEST),
        (&bank, Upload::Json, false, StatusCode::PAYLOAD_TOO_LARGE),
    ] {
        let request = with_token(upload_body(url, upload, broken), &admin);
        let (status, answer) = api.send(request).await;
        assert_eq!(status, expected, "{url}: {answer}");
    }
}
