//! What the paper routes share: the views of modules and questions, the olympiad check, and the
//! confirmation asked before changing the paper of an open olympiad.

use crate::access::Caller;
use crate::error::ApiError;
use actix_web::http::StatusCode;
use olympiad_domain::paper::{
    self, Localized, PaperCheck, QuestionCheck, QuestionContent, QuestionKind, Verification,
};
use olympiad_office::activity::record_activity;
use olympiad_office::ErrorCode;
use olympiad_office::OrNotFound;
use olympiad_persistence::models::{Attachment, Olympiad, Question, QuestionModule};
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleView {
    pub id: i64,
    pub olympiad_id: i64,
    pub position: i32,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub title: Localized,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub instructions: olympiad_domain::rich_text::LocalizedRichText,
    pub time_limit_minutes: Option<i32>,
    pub question_count: usize,
}

impl ModuleView {
    pub fn new(module: &QuestionModule, question_count: usize) -> Self {
        ModuleView {
            id: module.id,
            olympiad_id: module.olympiad_id,
            position: module.position,
            title: module.title(),
            instructions: module.instructions(),
            time_limit_minutes: module.time_limit_minutes,
            question_count,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionView {
    pub id: i64,
    pub module_id: i64,
    pub position: i32,
    pub kind: QuestionKind,
    pub content: QuestionContent,
    pub marks: i32,
    pub difficulty: i32,
    pub attachment_id: Option<i64>,
}

impl QuestionView {
    pub fn new(question: &Question) -> Self {
        QuestionView {
            id: question.id,
            module_id: question.module_id,
            position: question.position,
            kind: question.kind().unwrap_or(QuestionKind::SingleChoice),
            content: question.content(),
            marks: question.marks,
            difficulty: question.difficulty,
            attachment_id: question.attachment_id,
        }
    }
}

/// The olympiad, if the caller may act in it.
pub fn olympiad_of(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
) -> Result<Olympiad, ApiError> {
    Ok(olympiad_office::find_in_reach(conn, caller, olympiad_id)?)
}

/// The module and its olympiad, if the caller may act in it.
pub fn module_of(
    conn: &mut DbConnection,
    caller: &Caller,
    module_id: i64,
) -> Result<(QuestionModule, Olympiad), ApiError> {
    let module = QuestionModule::find(conn, module_id).or_not_found("This question module")?;
    let olympiad = olympiad_of(conn, caller, module.olympiad_id)?;
    Ok((module, olympiad))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConfirmQuery {
    /// Required to change the paper of an open olympiad, which learners may be writing.
    #[serde(default)]
    pub confirm: bool,
}

/// Changing the paper of an open olympiad needs `confirm=true`, and is written to the activity log.
pub fn guard_open_paper(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad: &Olympiad,
    confirm: bool,
    what: &str,
) -> Result<(), ApiError> {
    if !olympiad.is_open {
        return Ok(());
    }
    if !confirm {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::PaperInUse,
            "This olympiad is open and learners may be writing it. Confirm to change its paper.",
        ));
    }
    Ok(record_activity(
        conn,
        caller,
        "paper_changed_while_open",
        Some(olympiad.id),
        serde_json::json!({ "change": what }),
    )?)
}

/// Checks the olympiad's paper (domain rules) with what the database holds.
pub fn verify_paper(
    conn: &mut DbConnection,
    olympiad: &Olympiad,
) -> Result<Verification, ApiError> {
    let modules = QuestionModule::for_olympiad(conn, olympiad.id)?;
    let questions = Question::for_olympiad(conn, olympiad.id)?;
    let attachments: BTreeSet<i64> = Attachment::list(conn, Some(olympiad.id))?
        .into_iter()
        .map(|(a, _)| a.id)
        .collect();
    let contents: Vec<QuestionContent> = questions.iter().map(Question::content).collect();
    let module_ids: Vec<i64> = modules.iter().map(|m| m.id).collect();
    let languages = olympiad.languages();
    let check = PaperCheck {
        languages: &languages,
        duration_minutes: olympiad.duration_minutes,
        module_ids: &module_ids,
        questions: questions
            .iter()
            .zip(&contents)
            .map(|(q, content)| QuestionCheck {
                id: q.id,
                module_id: q.module_id,
                position: q.position,
                kind: q.kind().unwrap_or(QuestionKind::SingleChoice),
                content,
                marks: q.marks,
                difficulty: q.difficulty,
                attachment_id: q.attachment_id,
            })
            .collect(),
        attachments: &attachments,
    };
    Ok(paper::verify(&check))
}
