//! The paper as a learner sees it: the olympiad's modules and questions in the author's order,
//! kept in memory with their answer key (which never leaves the server during the sitting), turned
//! into each learner's order and language, and read from the database at most once every few
//! seconds however many learners ask.

use olympiad_domain::id::{AttachmentId, OlympiadId, QuestionId};
use olympiad_domain::paper::{AnswerOption, Language, Localized, QuestionContent, QuestionKind};
use olympiad_domain::sitting::{learner_options, ModuleOutline, PaperOrder};
use olympiad_persistence::models::{Question, QuestionModule};
use olympiad_persistence::{DbConnection, DbResult};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};
use utoipa::ToSchema;

/// One question of the paper, as it is kept in memory: with its answer key, which never leaves
/// the server during the sitting.
#[derive(Debug, Clone)]
pub struct PaperQuestion {
    pub id: QuestionId,
    pub module_id: i64,
    pub kind: QuestionKind,
    pub content: QuestionContent,
    pub attachment_id: Option<AttachmentId>,
}

#[derive(Debug, Clone)]
pub struct PaperModule {
    pub id: i64,
    pub title: Localized,
    pub instructions: olympiad_domain::rich_text::LocalizedRichText,
    /// The module's own minutes within the sitting, if it has a limit.
    pub time_limit_minutes: Option<i32>,
}

/// An olympiad's paper in the author's order.
#[derive(Debug, Default)]
pub struct Paper {
    pub modules: Vec<PaperModule>,
    pub questions: HashMap<QuestionId, PaperQuestion>,
    /// Question ids per module, in the author's order.
    pub order: Vec<(i64, Vec<QuestionId>)>,
    /// Made once per paper, however many learners start: its outline, and the paper as learners
    /// see it in each language (every learner's own paper is these parts in their own order).
    outline: OnceLock<Vec<ModuleOutline>>,
    in_language: [OnceLock<InLanguage>; 2],
    /// The sealed paper of the lobby, per language and opening secret (see `crate::lobby`).
    pub(crate) sealed: Mutex<Vec<(Language, String, Arc<Sealed>)>>,
}

/// The paper in the author's order sealed with its key for one opening: the same bytes for every
/// learner of that opening and language.
#[derive(Debug)]
pub(crate) struct Sealed {
    pub iv: String,
    pub ciphertext: String,
    pub version: String,
    /// The key that opens it, handed over only by the start (base64).
    pub key: String,
}

/// The paper's parts in one language, as learners see them: each module without its questions,
/// each question with all its options in the author's order.
#[derive(Debug, Default)]
struct InLanguage {
    modules: HashMap<i64, LearnerModule>,
    questions: HashMap<QuestionId, LearnerQuestion>,
}

impl Paper {
    pub fn load(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<Paper> {
        let modules = QuestionModule::for_olympiad(conn, olympiad_id)?;
        let questions = Question::for_olympiad(conn, olympiad_id)?;
        let order = modules
            .iter()
            .map(|m| {
                let ids = questions
                    .iter()
                    .filter(|q| q.module_id == m.id)
                    .map(|q| q.id)
                    .collect();
                (m.id.get(), ids)
            })
            .collect();
        Ok(Paper {
            modules: modules
                .iter()
                .map(|m| PaperModule {
                    id: m.id.get(),
                    title: m.title(),
                    instructions: m.instructions(),
                    time_limit_minutes: m.time_limit_minutes.filter(|m| *m > 0),
                })
                .collect(),
            questions: questions
                .iter()
                .map(|q| {
                    (
                        q.id,
                        PaperQuestion {
                            id: q.id,
                            module_id: q.module_id.get(),
                            kind: q.kind,
                            content: q.content(),
                            attachment_id: q.attachment_id,
                        },
                    )
                })
                .collect(),
            order,
            ..Paper::default()
        })
    }

    /// The time limit of a module, if it has one.
    pub fn module_limit(&self, module_id: i64) -> Option<i32> {
        self.modules
            .iter()
            .find(|m| m.id == module_id)
            .and_then(|m| m.time_limit_minutes)
    }

    /// What the learner's order is built from: each module's questions and their option keys.
    pub fn outline(&self) -> &[ModuleOutline] {
        self.outline.get_or_init(|| {
            self.order
                .iter()
                .map(|(module_id, ids)| ModuleOutline {
                    module_id: *module_id,
                    questions: ids
                        .iter()
                        .filter_map(|id| self.questions.get(id))
                        .map(|q| {
                            let keys = match q.kind {
                                QuestionKind::SingleChoice | QuestionKind::MultipleChoice => {
                                    q.content.options.iter().map(|o| o.key.clone()).collect()
                                }
                                _ => Vec::new(),
                            };
                            (q.id, keys)
                        })
                        .collect(),
                })
                .collect()
        })
    }

    /// The paper's parts in this language, made on first use.
    fn in_language(&self, language: Language) -> &InLanguage {
        let slot = match language {
            Language::En => &self.in_language[0],
            Language::Af => &self.in_language[1],
        };
        slot.get_or_init(|| InLanguage {
            modules: self
                .modules
                .iter()
                .map(|module| {
                    let shown = LearnerModule {
                        module_id: module.id,
                        title: in_language(&module.title, language),
                        instructions: in_language(&module.instructions, language),
                        time_limit_minutes: module.time_limit_minutes,
                        questions: Vec::new(),
                    };
                    (module.id, shown)
                })
                .collect(),
            questions: self
                .questions
                .values()
                .map(|question| {
                    let shown = LearnerQuestion {
                        question_id: question.id,
                        kind: question.kind,
                        stem: in_language(&question.content.stem, language),
                        options: learner_options(question.kind, &question.content)
                            .iter()
                            .map(|o: &AnswerOption| LearnerOption {
                                key: o.key.clone(),
                                text: in_language(&o.text, language),
                            })
                            .collect(),
                        image_url: question
                            .attachment_id
                            .map(|id| format!("/api/attachment/{id}")),
                    };
                    (question.id, shown)
                })
                .collect(),
        })
    }

    /// The paper as this learner sees it: their order, their language (the other where a text is
    /// missing in theirs), no answer key, no explanation.
    pub fn for_learner(&self, order: &PaperOrder, language: Language) -> Vec<LearnerModule> {
        let order = order.reconciled(self.outline());
        let shown = self.in_language(language);
        order
            .modules
            .iter()
            .filter_map(|fixed| {
                let module = shown.modules.get(&fixed.module_id)?;
                Some(LearnerModule {
                    module_id: module.module_id,
                    title: module.title.clone(),
                    instructions: module.instructions.clone(),
                    time_limit_minutes: module.time_limit_minutes,
                    questions: fixed
                        .questions
                        .iter()
                        .filter_map(|q| {
                            let question = shown.questions.get(&q.question_id)?;
                            let options = if q.options.is_empty() {
                                question.options.clone()
                            } else {
                                q.options
                                    .iter()
                                    .filter_map(|key| {
                                        question.options.iter().find(|o| &o.key == key).cloned()
                                    })
                                    .collect()
                            };
                            Some(LearnerQuestion {
                                question_id: question.question_id,
                                kind: question.kind,
                                stem: question.stem.clone(),
                                options,
                                image_url: question.image_url.clone(),
                            })
                        })
                        .collect(),
                })
            })
            .collect()
    }
}

/// The text in the learner's language, else in another that has one.
fn in_language<T: AsRef<str>>(text: &BTreeMap<Language, T>, language: Language) -> String {
    let filled = |t: &&T| !t.as_ref().trim().is_empty();
    text.get(&language)
        .filter(filled)
        .or_else(|| text.values().find(filled))
        .map(|t| t.as_ref().to_owned())
        .unwrap_or_default()
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerModule {
    pub module_id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub instructions: String,
    /// The module's own minutes, counted from when the learner opens it; none: the sitting's.
    pub time_limit_minutes: Option<i32>,
    pub questions: Vec<LearnerQuestion>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerQuestion {
    #[schema(value_type = i64)]
    pub question_id: QuestionId,
    pub kind: QuestionKind,
    /// Sanitised HTML.
    pub stem: String,
    /// In the learner's order; empty for typed answers.
    pub options: Vec<LearnerOption>,
    /// Fetched with the learner's token (`GET /api/attachment/{id}`).
    pub image_url: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LearnerOption {
    pub key: String,
    pub text: String,
}
