//! The sitting a learner writes: an olympiad with a paper of four questions, a school entered in it
//! with one learner, an admin and the school's teacher; and the calls a writing device makes.

use super::{with_device, Api, BuiltLearner, Fixture};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use diesel::prelude::*;
use olympiad_domain::id::{OlympiadId, SchoolParticipantId};
use olympiad_domain::paper::{AnswerOption, Language, QuestionContent, QuestionKind};
use olympiad_persistence::models::{
    Olympiad, Question, QuestionForm, QuestionModule, QuestionModuleForm,
};
use olympiad_persistence::schema::{attempts, olympiads};
use serde_json::{json, Value};

pub struct Sitting {
    pub fx: Fixture,
    pub olympiad: Olympiad,
    pub olympiad_id: OlympiadId,
    /// single choice (b correct, 2 marks), multiple choice (a and c, 3), numeric (12.5 ± 0.5, 1),
    /// short text ("Limpopo", 1).
    pub questions: Vec<i64>,
    pub school_participant_id: SchoolParticipantId,
    pub learner: String,
    pub participant_id: i64,
    pub admin: String,
    pub teacher: String,
}

pub fn option(key: &str, en: &str, af: &str) -> AnswerOption {
    AnswerOption {
        key: key.into(),
        text: [(Language::En, en.into()), (Language::Af, af.into())].into(),
    }
}

pub fn localized(en: &str, af: &str) -> olympiad_domain::paper::Localized {
    [(Language::En, en.into()), (Language::Af, af.into())].into()
}

pub fn rich(en: &str, af: &str) -> olympiad_domain::rich_text::LocalizedRichText {
    [(Language::En, en.into()), (Language::Af, af.into())].into()
}

impl Sitting {
    pub fn new() -> Self {
        let fx = Fixture::new();
        let olympiad = fx.olympiad("geography");
        let olympiad_id = olympiad.id;
        let mut conn = fx.db.conn();
        diesel::update(olympiads::table.find(olympiad_id))
            .set((
                olympiads::languages.eq(r#"["en","af"]"#),
                olympiads::duration_minutes.eq(60),
            ))
            .execute(&mut conn)
            .unwrap();
        let module = QuestionModule::create(
            &mut conn,
            olympiad_id,
            &QuestionModuleForm {
                title: localized("Rivers", "Riviere"),
                instructions: olympiad_domain::rich_text::localized(&localized(
                    "<p>Choose</p>",
                    "<p>Kies</p>",
                )),
                time_limit_minutes: None,
            },
        )
        .unwrap();
        let question = |kind, content: QuestionContent, marks| {
            Question::create(
                &mut fx.db.conn(),
                module.id,
                &QuestionForm {
                    kind,
                    content,
                    marks,
                    difficulty: 3,
                    attachment_id: None,
                },
            )
            .unwrap()
            .id
            .get()
        };
        let questions = vec![
            question(
                QuestionKind::SingleChoice,
                QuestionContent {
                    stem: rich("<p>Longest river?</p>", "<p>Langste rivier?</p>"),
                    options: vec![
                        option("a", "Vaal", "Vaal"),
                        option("b", "Orange", "Oranje"),
                        option("c", "Tugela", "Tugela"),
                    ],
                    correct: vec!["b".into()],
                    ..QuestionContent::default()
                },
                2,
            ),
            question(
                QuestionKind::MultipleChoice,
                QuestionContent {
                    stem: rich(
                        "<p>Which flow into the sea?</p>",
                        "<p>Watter vloei see toe?</p>",
                    ),
                    options: vec![
                        option("a", "Orange", "Oranje"),
                        option("b", "Vaal", "Vaal"),
                        option("c", "Limpopo", "Limpopo"),
                    ],
                    correct: vec!["a".into(), "c".into()],
                    ..QuestionContent::default()
                },
                3,
            ),
            question(
                QuestionKind::Numeric,
                QuestionContent {
                    stem: rich("<p>Rainfall in cm?</p>", "<p>Reënval in cm?</p>"),
                    numeric_answer: Some(12.5),
                    tolerance: Some(0.5),
                    ..QuestionContent::default()
                },
                1,
            ),
            question(
                QuestionKind::ShortText,
                QuestionContent {
                    stem: rich(
                        "<p>Northern border river?</p>",
                        "<p>Noordelike grensrivier?</p>",
                    ),
                    accepted_answers: vec!["Limpopo".into()],
                    ..QuestionContent::default()
                },
                1,
            ),
        ];
        let entry = fx.school().entered_in(&olympiad).build().entry();
        let learner = fx.learner("thabo.m").entered_with(entry);
        let admin = fx.admin("geography");
        let teacher = fx.teacher("teacher@example.org").in_team_of(entry).build();
        Sitting {
            fx,
            olympiad,
            olympiad_id,
            questions,
            school_participant_id: entry,
            learner: learner.token,
            participant_id: learner.participant_id,
            admin,
            teacher: teacher.token,
        }
    }

    /// A sitting whose learner has started writing in Afrikaans; answers it, the API and the key
    /// of the learner's device.
    pub async fn started() -> (
        Sitting,
        Api<
            impl Service<
                actix_http::Request,
                Response = ServiceResponse<impl MessageBody>,
                Error = actix_web::Error,
            >,
        >,
        String,
    ) {
        let s = Sitting::new();
        let api = s.fx.api().await;
        let (key, _) = api.start_sitting(&s.learner, "af").await;
        (s, api, key)
    }

    /// A sitting whose olympiad shuffles its questions and each question's options, per learner.
    pub fn shuffled() -> Self {
        let s = Sitting::new();
        diesel::update(olympiads::table.find(s.olympiad_id))
            .set((
                olympiads::shuffle_questions.eq(true),
                olympiads::shuffle_options.eq(true),
            ))
            .execute(&mut s.fx.db.conn())
            .unwrap();
        s
    }

    /// Another learner in the same school's entry, "Thabo" with the username as surname.
    pub fn add_learner(&self, username: &str) -> BuiltLearner {
        self.fx
            .learner(username)
            .named("Thabo", username)
            .entered_with(self.school_participant_id)
    }

    /// A learner of another school entered in the olympiad.
    pub fn learner_elsewhere(&self, school: &str, username: &str) -> BuiltLearner {
        let entry = self
            .fx
            .school()
            .named(school)
            .entered_in(&self.olympiad)
            .build();
        self.fx.learner(username).entered_with(entry.entry())
    }

    /// Moves every attempt's start 61 minutes back: the hour is over, and the grace for saves in
    /// flight too.
    pub fn run_out_of_time(&self) {
        let ago = olympiad_persistence::now() - chrono::Duration::minutes(61);
        diesel::update(attempts::table)
            .set((
                attempts::started_at.eq(ago),
                attempts::ends_at.eq(ago + chrono::Duration::minutes(60)),
            ))
            .execute(&mut self.fx.db.conn())
            .unwrap();
    }

    /// Whether the activity log holds an entry of the action.
    pub fn logged(&self, action: &str) -> bool {
        !super::activities(&self.fx, action).is_empty()
    }
}

/// A batch of one answer with its sequence number.
pub fn save(question_id: i64, answer: Value, seq: i64) -> Value {
    json!({ "answers": [{ "questionId": question_id, "answer": answer, "seq": seq }] })
}

impl<S, B> Api<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    /// Posts a batch of answers from the device that holds `key`.
    pub async fn save_answers(
        &self,
        token: &str,
        key: Option<&str>,
        answers: Value,
    ) -> (StatusCode, Value) {
        let request = super::post_json("/api/sitting/answers", answers);
        self.send(with_device(request, token, key)).await
    }

    /// The paper of a new learner of a school of their own (`learner{n}` of `School {n}`), who
    /// starts writing in `language`: read twice, it is the same both times.
    pub async fn paper_of_a_new_learner(&self, s: &Sitting, n: usize, language: &str) -> Value {
        let learner = s.learner_elsewhere(&format!("School {n}"), &format!("learner{n}"));
        let (key, _) = self.start_sitting(&learner.token, language).await;
        let (status, first) = self.paper(&learner.token, Some(&key)).await;
        assert_eq!(status, StatusCode::OK, "{first}");
        let (_, again) = self.paper(&learner.token, Some(&key)).await;
        assert_eq!(
            first["data"]["modules"], again["data"]["modules"],
            "fixed for the learner"
        );
        first
    }

    /// Every question answered rightly, one save each (sequence 1 to 4); the short text with
    /// spaces and in lower case at first.
    pub async fn answer_all(&self, s: &Sitting, key: &str) {
        let q = &s.questions;
        let saves = [
            save(q[0], json!(["b"]), 1),
            save(q[1], json!(["a", "c"]), 2),
            save(q[2], json!("12,7"), 3),
            save(q[3], json!("  limpopo "), 4),
        ];
        for body in saves {
            let (status, answer) = self.save_answers(&s.learner, Some(key), body).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(answer["data"]["saved"], 1);
        }
        // Then the short text again, trimmed, and flagged to look at later.
        let flag = json!({ "answers": [{ "questionId": q[3], "answer": "limpopo", "flagged": true, "seq": 5 }] });
        let (status, answer) = self.save_answers(&s.learner, Some(key), flag).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }

    /// A step of the sitting (`POST` with no body) from the device that holds `key`.
    pub async fn step(&self, path: &str, token: &str, key: &str) -> (StatusCode, Value) {
        let request = TestRequest::post().uri(path);
        self.send(with_device(request, token, Some(key))).await
    }

    /// The paper as the device that holds `key` is shown it.
    pub async fn paper(&self, token: &str, key: Option<&str>) -> (StatusCode, Value) {
        self.send(with_device(super::get("/api/sitting/paper"), token, key))
            .await
    }

    /// The learner's sitting as the device that holds `key` sees it; answers `data`.
    pub async fn sitting(&self, token: &str, key: Option<&str>) -> Value {
        self.ok(with_device(super::get("/api/sitting"), token, key))
            .await
    }

    /// A ping from the device that holds `key`, at a position of the paper.
    pub async fn track(
        &self,
        s: &Sitting,
        token: &str,
        key: &str,
        ping: Value,
    ) -> (StatusCode, Value) {
        let url = format!("/api/participant-tracker?olympiadId={}", s.olympiad_id);
        self.send(with_device(super::post_json(&url, ping), token, Some(key)))
            .await
    }
}

/// The sitting after the learner has written it, and what follows.
impl Sitting {
    /// The sitting with every question answered and the paper handed in (score 7).
    pub async fn finished() -> Sitting {
        let (s, api, key) = Sitting::started().await;
        api.answer_all(&s, &key).await;
        let finish = actix_web::test::TestRequest::post().uri("/api/sitting/finish");
        api.ok(with_device(finish, &s.learner, Some(&key))).await;
        s
    }

    /// Does the certificate jobs that are queued, as the worker would (other jobs are only
    /// marked done); how many.
    pub fn run_certificate_jobs(&self) -> usize {
        use olympiad_domain::job::JobKind;
        use olympiad_office::certificates::{work_on_run, RunJob};
        use olympiad_persistence::models::Job;
        let mut conn = self.fx.db.conn();
        let mut done = 0;
        while let Some(job) = Job::claim(&mut conn, "test").unwrap() {
            if job.kind == JobKind::Certificates {
                let run: RunJob = serde_json::from_str(&job.payload).unwrap();
                work_on_run(&mut conn, &run, &self.fx.state.config.files).unwrap();
                done += 1;
            }
            Job::complete(&mut conn, &job).unwrap();
        }
        done
    }
}
