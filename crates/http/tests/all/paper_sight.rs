//! Who sees the paper, when: every GET route of the API is called by every role at every moment of
//! a sitting (before the opening, in the lobby, writing, handed in, closed for everyone, results
//! released), with every id the walk knows, and each answer is searched for the paper's marks: a
//! question's words, an option's, a picture's bytes, the answer key's and what the learner typed.
//! Where one is found, the route must be named below and the paper rule
//! (`olympiad_domain::paper_sight`) must allow it to that role at that moment; a new route that
//! answers with the paper fails the walk until it is named here and asks the rule.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::{call_service, read_body, TestRequest};
use diesel::prelude::*;
use olympiad_domain::id::AttachmentId;
use olympiad_domain::paper::{QuestionContent, QuestionKind};
use olympiad_domain::paper_sight::{paper_sight, PaperMoment, PaperSight};
use olympiad_domain::sitting::AttemptStatus;
use olympiad_domain::Role;
use olympiad_http::testing::multipart;
use olympiad_persistence::models::{Question, QuestionForm, SittingWindow};
use olympiad_persistence::schema::{olympiads, question_modules};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The paper's marks, each written once into the fixture's paper or answers.
const STEM: &str = "Stemmark7f3a";
const OPTION: &str = "Optionmark7f3a";
const PICTURE: &str = "Picturemark7f3a";
const KEY: &str = "Keymark7f3a";
const TYPED: &str = "Typedmark7f3a";

/// Which part of the paper each mark is, for the rule.
const MARKS: [(&str, Part); 5] = [
    (STEM, Part::Questions),
    (OPTION, Part::Questions),
    (PICTURE, Part::Questions),
    (KEY, Part::Key),
    (TYPED, Part::Answers),
];

#[derive(Debug, Clone, Copy)]
enum Part {
    Questions,
    Answers,
    Key,
}

impl Part {
    fn allowed(self, sight: PaperSight) -> bool {
        match self {
            Part::Questions => sight.questions,
            Part::Answers => sight.answers,
            Part::Key => sight.key,
        }
    }
}

/// The routes that answer with the paper, and to whom: each asks the paper rule, or is closed by
/// the access table to the paper's authors (admin, overlord), whom the rule shows everything.
const PAPER_ROUTES: &[(&str, &str)] = &[
    ("/api/question", "the questions of a module: authors only"),
    ("/api/question-module", "the modules: authors only"),
    (
        "/api/olympiad/{id}/question-bank",
        "the paper exported: authors only",
    ),
    (
        "/api/attachment/{id}",
        "a picture of the paper: the rule, for staff and for the learner of the paper",
    ),
    (
        "/api/participant/get-submitted-data/{id}",
        "a learner's paper with their answers: the rule, for their teachers and staff",
    ),
    (
        "/api/sitting/paper",
        "the learner's own paper: the rule (while their clock runs)",
    ),
    (
        "/api/results/moderation",
        "per-question figures with the answer key: authors only",
    ),
    (
        "/api/upload/{id}",
        "a stored file, a picture of the paper among them: the overlord's file manager",
    ),
    (
        "/api/privacy/learner/{id}/export",
        "everything kept of a learner, their answers among it: the overlord only",
    ),
];

/// GET routes that change something, which the walk does not call (none answers with the paper).
const NOT_WALKED: &[(&str, &str)] = &[
    (
        "/api/olympiad/set-olympiad-open/{query}",
        "opens or closes the olympiad; answers its settings",
    ),
    (
        "/api/participant/reset/{id}",
        "sets a learner's attempt aside; answers a count",
    ),
    (
        "/api/participant/reset/{olympiadId}/{participantId}",
        "sets a learner's attempt aside; answers a count",
    ),
    (
        "/api/certificates/regenerate-and-send-to-school",
        "queues a school's certificates; answers the run",
    ),
    (
        "/certificates/regenerate-and-send-to-school",
        "the same, at the specification's path",
    ),
    (
        "/api/scratchpad/local-teacher-password-reset",
        "sets a teacher's password; answers it",
    ),
    (
        "/api/user/impersonate",
        "signs the overlord in as another; answers a token",
    ),
    (
        "/api/emailer/email-health",
        "looks up the address's mail domain; answers its health",
    ),
];

/// What a stage's walk found: the stage, each (route, asker, mark) seen, and the faults.
type Walked = (
    &'static str,
    Vec<(String, &'static str, &'static str)>,
    Vec<String>,
);

/// One person who may ask, and whose paper's moment decides what they may see.
struct Asker {
    name: &'static str,
    role: Role,
    token: String,
    /// Whose moment: the writing learner's, the waiting learner's, or none (another olympiad's
    /// staff, who may see nothing of this one).
    whose: Whose,
}

#[derive(Clone, Copy, PartialEq)]
enum Whose {
    Writer,
    Waiter,
    Outsider,
}

/// A stage of the sitting: the olympiad's moment and where the writing learner's attempt is.
struct Stage {
    name: &'static str,
    olympiad: PaperMoment,
    writer: Option<AttemptStatus>,
    /// The key of the writing learner's device, which their sitting's calls carry.
    device: Option<String>,
}

impl Stage {
    fn expected(&self, asker: &Asker) -> PaperSight {
        let moment = match asker.whose {
            Whose::Writer => PaperMoment::of_learner(self.olympiad, self.writer),
            Whose::Waiter => PaperMoment::of_learner(self.olympiad, None),
            Whose::Outsider => return PaperSight::default(),
        };
        paper_sight(asker.role, moment)
    }
}

/// The ids the walk fills into a path's or query's `{id}`: every object of the fixture.
struct Ids {
    olympiad: i64,
    module: i64,
    entry: i64,
    writer: i64,
    waiter: i64,
    any: Vec<i64>,
}

/// The addresses of a GET route as the walk calls it: each id it may name, its query's required
/// parameters filled, and CSV too where it exports.
fn addresses(path: &str, operation: &Value, ids: &Ids) -> Vec<String> {
    let mut query = Vec::new();
    let mut exports = false;
    let mut id_in_query = false;
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        if parameter["in"] != "query" {
            continue;
        }
        let name = parameter["name"].as_str().unwrap();
        let value = match name {
            "olympiadId" => ids.olympiad.to_string(),
            "questionModuleId" => ids.module.to_string(),
            "schoolParticipantId" => ids.entry.to_string(),
            "participantId" => ids.writer.to_string(),
            "format" => {
                exports = true;
                continue;
            }
            "id" | "expressionId" | "duplicateId" | "survivorId" => {
                id_in_query = true;
                continue;
            }
            "q" | "search" => "a".into(),
            "email" => "someone@example.org".into(),
            _ if parameter["required"] == true => "1".into(),
            _ => continue,
        };
        query.push(format!("{name}={value}"));
    }
    let mut paths = vec![path.to_owned()];
    for (placeholder, values) in [
        ("{olympiadId}", vec![ids.olympiad]),
        ("{participantId}", vec![ids.writer, ids.waiter]),
        ("{id}", ids.any.clone()),
        ("{proofId}", vec![1]),
    ] {
        if paths[0].contains(placeholder) {
            paths = paths
                .iter()
                .flat_map(|p| {
                    values
                        .iter()
                        .map(move |v| p.replace(placeholder, &v.to_string()))
                })
                .collect();
        }
    }
    let paths: Vec<String> = paths
        .into_iter()
        .map(|p| {
            p.replace("{product}", "olympiads")
                .replace("{project}", "geography")
                .replace("{toShow}", "all")
                .replace("{token}", "not-a-token")
                .replace("{term}", "a")
                .replace("{topic}", "general")
        })
        .collect();
    let mut queries = vec![query.clone()];
    if id_in_query {
        queries = ids
            .any
            .iter()
            .map(|id| {
                let mut q = query.clone();
                for name in ["id", "expressionId", "duplicateId", "survivorId"] {
                    let declared = operation["parameters"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .any(|p| p["name"] == name && p["in"] == "query");
                    if declared {
                        q.push(format!("{name}={id}"));
                    }
                }
                q
            })
            .collect();
    }
    if exports {
        let csv: Vec<Vec<String>> = queries
            .iter()
            .map(|q| [q.clone(), vec!["format=csv".to_owned()]].concat())
            .collect();
        queries.extend(csv);
    }
    paths
        .iter()
        .flat_map(|p| {
            queries.iter().map(move |q| {
                if q.is_empty() {
                    p.clone()
                } else {
                    format!("{p}?{}", q.join("&"))
                }
            })
        })
        .collect()
}

#[actix_web::test]
async fn the_paper_is_seen_only_by_whom_it_is_for_when_it_is_for_them() {
    let s = Sitting::new();
    let fx = &s.fx;
    let api = fx.api().await;
    let o = s.olympiad_id;

    // The paper's marks: a picture, a question with it and an option, and one with an accepted
    // answer, in the sitting's module.
    let (status, picture) = api
        .send(with_token(
            multipart(
                &format!("/api/attachment/upload?olympiadId={o}"),
                "map.png",
                &[b"\x89PNG\r\n\x1a\n".as_slice(), PICTURE.as_bytes()].concat(),
            ),
            &s.admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{picture}");
    let attachment = picture["data"]["id"].as_i64().unwrap();
    let module: i64 = question_modules::table
        .filter(question_modules::olympiad_id.eq(o))
        .select(question_modules::id)
        .first(&mut fx.db.conn())
        .unwrap();
    let question = |kind, content: QuestionContent, attachment: Option<i64>| {
        Question::create(
            &mut fx.db.conn(),
            olympiad_domain::id::ModuleId::new(module),
            &QuestionForm {
                kind,
                content,
                marks: 1,
                difficulty: 3,
                attachment_id: attachment.map(AttachmentId::new),
            },
        )
        .unwrap()
        .id
        .get()
    };
    let chosen = question(
        QuestionKind::SingleChoice,
        QuestionContent {
            stem: rich(&format!("<p>{STEM}?</p>"), &format!("<p>{STEM}?</p>")),
            options: vec![option("a", OPTION, OPTION), option("b", "Orange", "Oranje")],
            correct: vec!["b".into()],
            ..QuestionContent::default()
        },
        Some(attachment),
    );
    let typed = question(
        QuestionKind::ShortText,
        QuestionContent {
            stem: rich("<p>Name the river</p>", "<p>Noem die rivier</p>"),
            accepted_answers: vec![KEY.into()],
            ..QuestionContent::default()
        },
        None,
    );

    // Who asks: the writing learner, a learner of the same school who never starts, their
    // teacher, every staff role of the olympiad, the overlord and another olympiad's admin.
    let waiter = s.add_learner("lindiwe.k");
    fx.olympiad("history");
    let mut askers = vec![
        Asker {
            name: "the writing learner",
            role: Role::Learner,
            token: s.learner.clone(),
            whose: Whose::Writer,
        },
        Asker {
            name: "a learner who waits",
            role: Role::Learner,
            token: waiter.token.clone(),
            whose: Whose::Waiter,
        },
        Asker {
            name: "their teacher",
            role: Role::Teacher,
            token: s.teacher.clone(),
            whose: Whose::Writer,
        },
        Asker {
            name: "the admin",
            role: Role::Admin,
            token: s.admin.clone(),
            whose: Whose::Writer,
        },
        Asker {
            name: "the overlord",
            role: Role::Overlord,
            token: fx.overlord(),
            whose: Whose::Writer,
        },
        Asker {
            name: "another olympiad's admin",
            role: Role::Admin,
            token: fx.token_for(fx.user("admin@history.example.org", Role::Admin, Some("history"))),
            whose: Whose::Outsider,
        },
    ];
    for role in [Role::Accountant, Role::Funding, Role::Marketing] {
        askers.push(Asker {
            name: role.as_str(),
            role,
            token: fx.staff(role, "geography"),
            whose: Whose::Writer,
        });
    }
    let mut any: BTreeSet<i64> = [
        o.get(),
        module,
        chosen,
        typed,
        attachment,
        s.participant_id,
        waiter.participant_id,
        s.school_participant_id.get(),
        waiter.learner_id.get(),
    ]
    .into();
    any.extend(&s.questions);
    let ids = Ids {
        olympiad: o.get(),
        module,
        entry: s.school_participant_id.get(),
        writer: s.participant_id,
        waiter: waiter.participant_id,
        any: any.into_iter().collect(),
    };

    // Every GET route of the API, from its own document.
    let (_, document) = api.get("/api/openapi.json", &s.admin).await;
    let mut routes: BTreeMap<String, Value> = BTreeMap::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        if let Some(get) = operations.get("get") {
            if !NOT_WALKED.iter().any(|(p, _)| p == path) {
                routes.insert(path.clone(), get.clone());
            }
        }
    }
    assert!(routes.contains_key("/api/participant/get-submitted-data/{id}"));
    for (path, _) in PAPER_ROUTES.iter().chain(NOT_WALKED) {
        assert!(
            document["paths"].get(*path).is_some(),
            "{path} is named in the walk but is no route"
        );
    }

    let mut seen: BTreeSet<(String, &str, &str)> = BTreeSet::new();
    let mut faults = Vec::new();
    let walk = |stage: Stage| {
        let api = &api;
        let askers = &askers;
        let routes = &routes;
        let ids = &ids;
        async move {
            let mut found = Vec::new();
            let mut wrong = Vec::new();
            for asker in askers {
                let allowed = stage.expected(asker);
                for (path, operation) in routes {
                    for address in addresses(path, operation, ids) {
                        let device = stage.device.as_deref().filter(|_| {
                            asker.whose == Whose::Writer && asker.role == Role::Learner
                        });
                        let request =
                            with_device(TestRequest::get().uri(&address), &asker.token, device);
                        let response = call_service(&api.app, request.to_request()).await;
                        let status = response.status();
                        let body = read_body(response).await;
                        assert!(
                            status != StatusCode::INTERNAL_SERVER_ERROR,
                            "{address} as {}: 500",
                            asker.name
                        );
                        let text = String::from_utf8_lossy(&body);
                        for (mark, part) in MARKS {
                            if !text.contains(mark) {
                                continue;
                            }
                            found.push((path.clone(), asker.name, mark));
                            if !PAPER_ROUTES.iter().any(|(p, _)| p == path) {
                                wrong.push(format!(
                                    "{address} answers the paper ({mark}) to {} at {}, and is not named in PAPER_ROUTES: ask the paper rule there, then name it",
                                    asker.name, stage.name
                                ));
                            } else if !part.allowed(allowed) {
                                wrong.push(format!(
                                    "{address} shows {mark} to {} at {}, which the paper rule does not allow",
                                    asker.name, stage.name
                                ));
                            }
                        }
                    }
                }
            }
            (stage.name, found, wrong)
        }
    };

    let mut record = |(stage, found, wrong): Walked| {
        for (path, asker, mark) in found {
            seen.insert((format!("{stage} {path}"), asker, mark));
        }
        faults.extend(wrong);
    };

    // Before the opening.
    diesel::update(olympiads::table.find(o))
        .set(olympiads::is_open.eq(false))
        .execute(&mut fx.db.conn())
        .unwrap();
    record(
        walk(Stage {
            name: "before the opening",
            olympiad: PaperMoment::BeforeOpening,
            writer: None,
            device: None,
        })
        .await,
    );

    // Open: both learners wait in the lobby, the declaration accepted.
    diesel::update(olympiads::table.find(o))
        .set(olympiads::is_open.eq(true))
        .execute(&mut fx.db.conn())
        .unwrap();
    let (key, _) = api.prepare_sitting(&s.learner, "en").await;
    api.prepare_sitting(&waiter.token, "en").await;
    record(
        walk(Stage {
            name: "in the lobby",
            olympiad: PaperMoment::Lobby,
            writer: Some(AttemptStatus::Preparing),
            device: Some(key.clone()),
        })
        .await,
    );

    // The writer's clock runs, and they type an answer.
    let (status, started) = api.step("/api/sitting/start", &s.learner, &key).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    // The start answers with the paper whose clock it has just started, never with the key.
    let answered = started.to_string();
    assert!(
        answered.contains(STEM) && !answered.contains(KEY),
        "{started}"
    );
    let (status, saved) = api
        .save_answers(&s.learner, Some(&key), save(typed, json!(TYPED), 1))
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    record(
        walk(Stage {
            name: "writing",
            olympiad: PaperMoment::Lobby,
            writer: Some(AttemptStatus::Writing),
            device: Some(key.clone()),
        })
        .await,
    );

    // Handed in, while the olympiad is open for others.
    let finish = TestRequest::post().uri("/api/sitting/finish");
    api.ok(with_device(finish, &s.learner, Some(&key))).await;
    record(
        walk(Stage {
            name: "handed in",
            olympiad: PaperMoment::Lobby,
            writer: Some(AttemptStatus::Finished),
            device: Some(key.clone()),
        })
        .await,
    );
    // A start refused (handed in) answers no part of the paper.
    let (status, refused) = api.step("/api/sitting/start", &s.learner, &key).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let answered = refused.to_string();
    assert!(
        MARKS.iter().all(|(mark, _)| !answered.contains(mark)),
        "{refused}"
    );

    // Closed: the olympiad's window is over for everyone.
    let now = olympiad_persistence::now();
    SittingWindow::replace(
        &mut fx.db.conn(),
        o,
        &[(
            now - chrono::Duration::hours(3),
            now - chrono::Duration::hours(1),
        )],
    )
    .unwrap();
    record(
        walk(Stage {
            name: "closed",
            olympiad: PaperMoment::Closed,
            writer: Some(AttemptStatus::Finished),
            device: Some(key.clone()),
        })
        .await,
    );

    // Released.
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": o, "state": state, "reason": "Checked" });
        let (status, answer) = api.post("/api/results/state", body, &s.admin).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    record(
        walk(Stage {
            name: "released",
            olympiad: PaperMoment::Released,
            writer: Some(AttemptStatus::Finished),
            device: Some(key.clone()),
        })
        .await,
    );

    assert!(faults.is_empty(), "{}", faults.join("\n"));

    // The walk reaches the paper where the rule shows it, so a silence above is not a blind walk.
    for (stage, path, asker, mark) in [
        ("writing", "/api/sitting/paper", "the writing learner", STEM),
        (
            "writing",
            "/api/sitting/paper",
            "the writing learner",
            TYPED,
        ),
        (
            "writing",
            "/api/attachment/{id}",
            "the writing learner",
            PICTURE,
        ),
        ("before the opening", "/api/question", "the admin", KEY),
        ("in the lobby", "/api/attachment/{id}", "the admin", PICTURE),
        (
            "closed",
            "/api/participant/get-submitted-data/{id}",
            "their teacher",
            STEM,
        ),
        (
            "released",
            "/api/participant/get-submitted-data/{id}",
            "their teacher",
            TYPED,
        ),
        (
            "handed in",
            "/api/participant/get-submitted-data/{id}",
            "the admin",
            STEM,
        ),
        (
            "writing",
            "/api/sitting/paper",
            "the writing learner",
            OPTION,
        ),
    ] {
        assert!(
            seen.contains(&(format!("{stage} {path}"), asker, mark)),
            "{path} did not show {mark} to {asker} at {stage}"
        );
    }
}

/// The schemas that carry the paper (its questions, options, key, a learner's answers to it).
const PAPER_SCHEMAS: &[&str] = &[
    "QuestionContent",
    "LearnerModule",
    "LearnerQuestion",
    "LearnerOption",
    "SubmittedAnswer",
    "BankQuestion",
    "QuestionStat",
];

/// Routes other than GET that answer a learner with their own paper: the access table lets only the
/// learner of the sitting call them, and each asks the paper rule (the walk above calls the start
/// while the clock runs and after the hand-in).
const LEARNER_WRITES: &[(&str, &str)] = &[("POST", "/api/sitting/start")];

/// Routes other than GET whose answer carries the paper: each is the authors' alone (the access
/// table lets only admins and the overlord call it), to whom the rule shows everything.
const AUTHORS_WRITES: &[(&str, &str)] = &[
    ("POST", "/api/olympiad/modules/{id}"),
    ("POST", "/api/question"),
    ("POST", "/api/question/reorder"),
    ("PUT", "/api/question/{id}"),
    ("POST", "/api/question/{id}/duplicate"),
];

/// The schemas a part of the document names, and those they name in turn.
fn schemas_named(document: &Value, part: &Value, found: &mut BTreeSet<String>) {
    match part {
        Value::Object(fields) => {
            for (name, value) in fields {
                if let (true, Some(target)) = (name == "$ref", value.as_str()) {
                    let schema = target.rsplit('/').next().unwrap().to_owned();
                    if found.insert(schema.clone()) {
                        schemas_named(document, &document["components"]["schemas"][schema], found);
                    }
                } else {
                    schemas_named(document, value, found);
                }
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|item| schemas_named(document, item, found)),
        _ => {}
    }
}

/// The walk calls GET routes; this reads every route's answer as the document declares it, so a
/// route of any method whose answer carries the paper is named, in the walk or as the authors'.
#[actix_web::test]
async fn every_route_whose_answer_carries_the_paper_is_named() {
    use olympiad_http::access::API_ROUTES;
    use olympiad_http::manifest::Allowed;
    let fx = Fixture::new();
    let api = fx.api().await;
    let (_, document) = api.get("/api/openapi.json", &fx.admin("geography")).await;
    let mut unnamed = Vec::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let mut found = BTreeSet::new();
            schemas_named(&document, &operation["responses"], &mut found);
            if !PAPER_SCHEMAS.iter().any(|s| found.contains(*s)) {
                continue;
            }
            let method = method.to_uppercase();
            let route = (method.as_str(), path.as_str());
            let named = if method == "GET" {
                PAPER_ROUTES.iter().any(|(p, _)| p == path)
            } else {
                AUTHORS_WRITES.contains(&route) || LEARNER_WRITES.contains(&route)
            };
            if !named {
                unnamed.push(format!("{method} {path}"));
            }
        }
    }
    assert!(
        unnamed.is_empty(),
        "these answer with the paper and are not named in tests/all/paper_sight.rs: {unnamed:?}"
    );
    for (method, path) in LEARNER_WRITES {
        let route = API_ROUTES
            .iter()
            .find(|r| r.method == *method && r.path == *path)
            .unwrap_or_else(|| panic!("{method} {path} is no route"));
        assert!(
            matches!(route.allowed, Allowed::LearnerWriting),
            "{method} {path} answers a learner's own paper to more than the learner"
        );
    }
    for (method, path) in AUTHORS_WRITES {
        let route = API_ROUTES
            .iter()
            .find(|r| r.method == *method && r.path == *path)
            .unwrap_or_else(|| panic!("{method} {path} is no route"));
        let Allowed::Roles(roles) = route.allowed else {
            panic!("{method} {path} answers with the paper to more than its authors");
        };
        assert!(
            roles
                .iter()
                .all(|r| matches!(r, Role::Admin | Role::Overlord)),
            "{method} {path} answers with the paper to {roles:?}"
        );
    }
}
