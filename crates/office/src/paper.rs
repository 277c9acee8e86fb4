//! An olympiad's paper: its modules (the sections) and their questions, written, reordered and
//! duplicated by the olympiad's admin. Changing the paper of an open olympiad, which learners may be
//! writing, needs the admin's confirmation and is noted in the activity log.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{ErrorCode, OfficeError, OfficeResult, OrNotFound};
use crate::support::scope::find_in_reach;
use olympiad_domain::id::{AttachmentId, ModuleId, OlympiadId, QuestionId};
use olympiad_domain::paper::{
    self, Language, Localized, PaperCheck, QuestionCheck, QuestionContent, QuestionKind,
    Verification,
};
use olympiad_domain::rich_text::LocalizedRichText;
use olympiad_persistence::models::{
    Attachment, Olympiad, Question, QuestionForm, QuestionModule, QuestionModuleForm,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleView {
    #[schema(value_type = i64)]
    pub id: ModuleId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub position: i32,
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub title: Localized,
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub instructions: LocalizedRichText,
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
    #[schema(value_type = i64)]
    pub id: QuestionId,
    #[schema(value_type = i64)]
    pub module_id: ModuleId,
    pub position: i32,
    pub kind: QuestionKind,
    pub content: QuestionContent,
    pub marks: i32,
    pub difficulty: i32,
    #[schema(value_type = Option<i64>)]
    pub attachment_id: Option<AttachmentId>,
}

impl QuestionView {
    pub fn new(question: &Question) -> Self {
        QuestionView {
            id: question.id,
            module_id: question.module_id,
            position: question.position,
            kind: question.kind,
            content: question.content(),
            marks: question.marks,
            difficulty: question.difficulty,
            attachment_id: question.attachment_id,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConfirmQuery {
    /// Required to change the paper of an open olympiad, which learners may be writing.
    #[serde(default)]
    pub confirm: bool,
}

/// The module and its olympiad, if the caller may act in it.
pub fn module_of(
    conn: &mut DbConnection,
    caller: &Caller,
    module_id: ModuleId,
) -> OfficeResult<(QuestionModule, Olympiad)> {
    let module = find_in_reach::<QuestionModule>(conn, caller, module_id)?;
    let olympiad = Olympiad::find(conn, module.olympiad_id).or_not_found("This olympiad")?;
    Ok((module, olympiad))
}

/// The question and the olympiad of its paper, if the caller may act in it.
fn question_of(
    conn: &mut DbConnection,
    caller: &Caller,
    id: QuestionId,
) -> OfficeResult<(Question, Olympiad)> {
    let question = Question::find(conn, id).or_not_found("This question")?;
    let (_, olympiad) = module_of(conn, caller, question.module_id)?;
    Ok((question, olympiad))
}

/// Changing the paper of an open olympiad needs `confirm`; every change of a paper, open or not,
/// is written to the activity log.
pub fn guard_open_paper(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad: &Olympiad,
    confirm: bool,
    what: &str,
) -> OfficeResult<()> {
    if olympiad.is_open && !confirm {
        return Err(OfficeError::Conflict {
            code: ErrorCode::PaperInUse,
            message:
                "This olympiad is open and learners may be writing it. Confirm to change its paper."
                    .into(),
        });
    }
    let action = if olympiad.is_open {
        "paper_changed_while_open"
    } else {
        "paper_changed"
    };
    record_activity(
        conn,
        caller,
        action,
        Some(olympiad.id),
        serde_json::json!({ "change": what }),
    )
}

/// Checks the olympiad's paper (the domain's rules) with what is stored.
pub fn verify_paper(conn: &mut DbConnection, olympiad: &Olympiad) -> OfficeResult<Verification> {
    let modules = QuestionModule::for_olympiad(conn, olympiad.id)?;
    let questions = Question::for_olympiad(conn, olympiad.id)?;
    let attachments: BTreeSet<AttachmentId> = Attachment::list(conn, Some(olympiad.id))?
        .into_iter()
        .map(|(a, _)| a.id)
        .collect();
    let contents: Vec<QuestionContent> = questions.iter().map(Question::content).collect();
    let module_ids: Vec<i64> = modules.iter().map(|m| m.id.get()).collect();
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
                module_id: q.module_id.get(),
                position: q.position,
                kind: q.kind,
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

/// A new order must name every one of what it orders, each once.
fn require_every_once<I: Ord + Clone>(
    current: &[I],
    wanted: &[I],
    problem: &str,
) -> OfficeResult<()> {
    let (mut current, mut wanted) = (current.to_vec(), wanted.to_vec());
    current.sort_unstable();
    wanted.sort_unstable();
    if current != wanted {
        return Err(OfficeError::invalid("ids", problem));
    }
    Ok(())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ModulesQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
}

/// The olympiad's modules in order, each with its number of questions.
fn module_views(conn: &mut DbConnection, olympiad_id: OlympiadId) -> OfficeResult<Vec<ModuleView>> {
    let questions = Question::for_olympiad(conn, olympiad_id)?;
    let modules = QuestionModule::for_olympiad(conn, olympiad_id)?;
    Ok(modules
        .iter()
        .map(|m| ModuleView::new(m, questions.iter().filter(|q| q.module_id == m.id).count()))
        .collect())
}

pub fn list_modules(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Vec<ModuleView>> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    module_views(conn, olympiad_id)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleInput {
    /// Only when creating.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub title: Localized,
    /// Sanitised as it is read, like every rich text.
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub instructions: LocalizedRichText,
    #[validate(range(min = 1, max = 600, message = "must be from 1 to 600 minutes"))]
    #[schema(minimum = 1, maximum = 600)]
    pub time_limit_minutes: Option<i32>,
}

impl ModuleInput {
    fn fields(self) -> OfficeResult<QuestionModuleForm> {
        let title: Localized = self
            .title
            .into_iter()
            .map(|(l, t)| (l, t.trim().to_owned()))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        if title.is_empty() {
            return Err(OfficeError::invalid(
                "title",
                "is required in at least one language",
            ));
        }
        Ok(QuestionModuleForm {
            title,
            instructions: self.instructions,
            time_limit_minutes: self.time_limit_minutes,
        })
    }
}

pub fn create_module(
    conn: &mut DbConnection,
    caller: &Caller,
    confirm: bool,
    input: ModuleInput,
) -> OfficeResult<ModuleView> {
    let olympiad_id = input
        .olympiad_id
        .ok_or_else(|| OfficeError::invalid("olympiadId", "is required"))?;
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        guard_open_paper(conn, caller, &olympiad, confirm, "module added")?;
        let module = QuestionModule::create(conn, olympiad_id, &fields)?;
        Ok(ModuleView::new(&module, 0))
    })
}

pub fn update_module(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ModuleId,
    confirm: bool,
    input: ModuleInput,
) -> OfficeResult<ModuleView> {
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        let (_, olympiad) = module_of(conn, caller, id)?;
        guard_open_paper(conn, caller, &olympiad, confirm, "module changed")?;
        let module = QuestionModule::update(conn, id, &fields)?;
        Ok(ModuleView::new(
            &module,
            Question::for_module(conn, id)?.len(),
        ))
    })
}

/// Removes the module with its questions.
pub fn delete_module(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ModuleId,
    confirm: bool,
) -> OfficeResult<bool> {
    write_transaction(conn, |conn| {
        let (_, olympiad) = module_of(conn, caller, id)?;
        guard_open_paper(conn, caller, &olympiad, confirm, "module deleted")?;
        QuestionModule::delete(conn, id)?;
        Ok(true)
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleOrder {
    #[schema(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
    /// Every module of the olympiad, in the new order.
    #[schema(value_type = Vec<i64>)]
    pub ids: Vec<ModuleId>,
}

pub fn reorder_modules(
    conn: &mut DbConnection,
    caller: &Caller,
    confirm: bool,
    order: ModuleOrder,
) -> OfficeResult<Vec<ModuleView>> {
    write_transaction(conn, |conn| {
        let olympiad = find_in_reach::<Olympiad>(conn, caller, order.olympiad_id)?;
        let current: Vec<ModuleId> = QuestionModule::for_olympiad(conn, olympiad.id)?
            .iter()
            .map(|m| m.id)
            .collect();
        require_every_once(
            &current,
            &order.ids,
            "must list every module of the olympiad once",
        )?;
        guard_open_paper(conn, caller, &olympiad, confirm, "modules reordered")?;
        QuestionModule::reorder(conn, olympiad.id, &order.ids)?;
        module_views(conn, olympiad.id)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct QuestionsQuery {
    #[param(value_type = i64, minimum = 1)]
    pub question_module_id: ModuleId,
}

fn question_views(conn: &mut DbConnection, module_id: ModuleId) -> OfficeResult<Vec<QuestionView>> {
    Ok(Question::for_module(conn, module_id)?
        .iter()
        .map(QuestionView::new)
        .collect())
}

pub fn list_questions(
    conn: &mut DbConnection,
    caller: &Caller,
    module_id: ModuleId,
) -> OfficeResult<Vec<QuestionView>> {
    module_of(conn, caller, module_id)?;
    question_views(conn, module_id)
}

/// A question as the editor sends it. Without a correct answer it is saved as a draft: Verify
/// Questions reports it, and the olympiad cannot open until it is fixed.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionInput {
    /// Only when creating.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub module_id: Option<ModuleId>,
    pub kind: QuestionKind,
    #[validate(nested)]
    pub content: QuestionContent,
    #[validate(range(min = 0, max = 100, message = "must be from 0 to 100"))]
    #[schema(minimum = 0, maximum = 100)]
    pub marks: i32,
    #[validate(range(min = 1, max = 5, message = "must be from 1 to 5"))]
    #[schema(minimum = 1, maximum = 5)]
    pub difficulty: i32,
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub attachment_id: Option<AttachmentId>,
}

impl QuestionInput {
    /// The question's fields; its picture must be a file of the question's own olympiad.
    fn fields(
        self,
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> OfficeResult<QuestionForm> {
        if let Some(attachment_id) = self.attachment_id {
            let problem = "is not a file of this olympiad";
            let attachment =
                Attachment::find(conn, attachment_id).or_invalid("attachmentId", problem)?;
            if attachment.olympiad_id != Some(olympiad_id) {
                return Err(OfficeError::invalid("attachmentId", problem));
            }
        }
        Ok(QuestionForm {
            kind: self.kind,
            content: self.content,
            marks: self.marks,
            difficulty: self.difficulty,
            attachment_id: self.attachment_id,
        })
    }
}

pub fn create_question(
    conn: &mut DbConnection,
    caller: &Caller,
    confirm: bool,
    input: QuestionInput,
) -> OfficeResult<QuestionView> {
    let module_id = input
        .module_id
        .ok_or_else(|| OfficeError::invalid("moduleId", "is required"))?;
    write_transaction(conn, |conn| {
        let (_, olympiad) = module_of(conn, caller, module_id)?;
        guard_open_paper(conn, caller, &olympiad, confirm, "question added")?;
        let fields = input.fields(conn, olympiad.id)?;
        Ok(QuestionView::new(&Question::create(
            conn, module_id, &fields,
        )?))
    })
}

pub fn update_question(
    conn: &mut DbConnection,
    caller: &Caller,
    id: QuestionId,
    confirm: bool,
    input: QuestionInput,
) -> OfficeResult<QuestionView> {
    write_transaction(conn, |conn| {
        let (_, olympiad) = question_of(conn, caller, id)?;
        guard_open_paper(conn, caller, &olympiad, confirm, "question changed")?;
        let fields = input.fields(conn, olympiad.id)?;
        Ok(QuestionView::new(&Question::update(conn, id, &fields)?))
    })
}

pub fn delete_question(
    conn: &mut DbConnection,
    caller: &Caller,
    id: QuestionId,
    confirm: bool,
) -> OfficeResult<bool> {
    write_transaction(conn, |conn| {
        let (_, olympiad) = question_of(conn, caller, id)?;
        guard_open_paper(conn, caller, &olympiad, confirm, "question deleted")?;
        Question::delete(conn, id)?;
        Ok(true)
    })
}

/// A copy of the question at the end of its module, to write a similar one quickly.
pub fn duplicate_question(
    conn: &mut DbConnection,
    caller: &Caller,
    id: QuestionId,
    confirm: bool,
) -> OfficeResult<QuestionView> {
    write_transaction(conn, |conn| {
        let (question, olympiad) = question_of(conn, caller, id)?;
        guard_open_paper(conn, caller, &olympiad, confirm, "question duplicated")?;
        let fields = QuestionForm {
            kind: question.kind,
            content: question.content(),
            marks: question.marks,
            difficulty: question.difficulty,
            attachment_id: question.attachment_id,
        };
        Ok(QuestionView::new(&Question::create(
            conn,
            question.module_id,
            &fields,
        )?))
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionOrder {
    #[schema(value_type = i64, minimum = 1)]
    pub module_id: ModuleId,
    /// Every question of the module, in the new order.
    #[schema(value_type = Vec<i64>)]
    pub ids: Vec<QuestionId>,
}

pub fn reorder_questions(
    conn: &mut DbConnection,
    caller: &Caller,
    confirm: bool,
    order: QuestionOrder,
) -> OfficeResult<Vec<QuestionView>> {
    write_transaction(conn, |conn| {
        let (_, olympiad) = module_of(conn, caller, order.module_id)?;
        let current: Vec<QuestionId> = Question::for_module(conn, order.module_id)?
            .iter()
            .map(|q| q.id)
            .collect();
        require_every_once(
            &current,
            &order.ids,
            "must list every question of the module once",
        )?;
        guard_open_paper(conn, caller, &olympiad, confirm, "questions reordered")?;
        Question::reorder(conn, order.module_id, &order.ids)?;
        question_views(conn, order.module_id)
    })
}
