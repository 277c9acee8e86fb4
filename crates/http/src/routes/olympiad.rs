//! An olympiad's settings, opening and pinning, the admin's preview of the paper, and verification.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::routes::paper::{olympiad_of, verify_paper, ModuleView, QuestionView};
use crate::state::AppState;
use actix_web::{get, post, put, web};
use chrono::NaiveDateTime;
use olympiad_domain::paper::{Language, Verification};
use olympiad_domain::rich_text::LocalizedRichText;
use olympiad_office::activity::record_activity;
use olympiad_office::ErrorCode;
use olympiad_persistence::models::olympiad::json_of_rich_text;
use olympiad_persistence::models::{
    Olympiad, OlympiadSettingsChanges, Question, QuestionModule, SittingWindow,
};
use olympiad_persistence::{now, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::{Validate, ValidationError};

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Window {
    /// UTC, `YYYY-MM-DDTHH:MM:SS`.
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OlympiadSettings {
    pub id: i64,
    pub project_id: i64,
    pub name: String,
    pub title: String,
    pub year: i32,
    /// `schools` or `countries`.
    pub kind: String,
    pub is_open: bool,
    pub is_pinned: bool,
    pub duration_minutes: i32,
    pub grades: Vec<i32>,
    pub languages: Vec<Language>,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub instructions: LocalizedRichText,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub declaration: LocalizedRichText,
    pub shuffle_questions: bool,
    pub shuffle_options: bool,
    pub sitting_windows: Vec<Window>,
}

fn settings_of(conn: &mut DbConnection, olympiad: Olympiad) -> Result<OlympiadSettings, ApiError> {
    let windows = SittingWindow::for_olympiad(conn, olympiad.id)?;
    Ok(OlympiadSettings {
        grades: olympiad.grades(),
        languages: olympiad.languages(),
        instructions: olympiad.instructions(),
        declaration: olympiad.declaration(),
        sitting_windows: windows
            .into_iter()
            .map(|w| Window {
                starts_at: w.starts_at,
                ends_at: w.ends_at,
            })
            .collect(),
        id: olympiad.id,
        project_id: olympiad.project_id,
        name: olympiad.name,
        title: olympiad.title,
        year: olympiad.year,
        kind: olympiad.kind,
        is_open: olympiad.is_open,
        is_pinned: olympiad.is_pinned,
        duration_minutes: olympiad.duration_minutes,
        shuffle_questions: olympiad.shuffle_questions,
        shuffle_options: olympiad.shuffle_options,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OlympiadIdQuery {
    pub olympiad_id: i64,
}

#[utoipa::path(tag = "olympiad", params(OlympiadIdQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<OlympiadSettings>)), (status = 404, body = crate::error::ErrorBody)))]
#[get("/api/olympiad")]
pub async fn get_olympiad(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadIdQuery>,
) -> ApiResult<OlympiadSettings> {
    let id = query.olympiad_id;
    ok(state
        .db
        .run(move |conn| {
            let olympiad = olympiad_of(conn, &caller, id)?;
            settings_of(conn, olympiad)
        })
        .await?)
}

fn valid_grades(grades: &[i32]) -> Result<(), ValidationError> {
    if grades.is_empty() || grades.iter().any(|g| !(1..=12).contains(g)) {
        return Err(
            ValidationError::new("grades").with_message("must list grades from 1 to 12".into())
        );
    }
    Ok(())
}

fn valid_languages(languages: &[Language]) -> Result<(), ValidationError> {
    if languages.is_empty() {
        return Err(ValidationError::new("languages")
            .with_message("must offer at least one language".into()));
    }
    Ok(())
}

fn valid_kind(kind: &str) -> Result<(), ValidationError> {
    if kind == "schools" || kind == "countries" {
        Ok(())
    } else {
        Err(ValidationError::new("kind").with_message("must be schools or countries".into()))
    }
}

fn valid_windows(windows: &[Window]) -> Result<(), ValidationError> {
    if windows.iter().any(|w| w.starts_at >= w.ends_at) {
        return Err(ValidationError::new("sittingWindows")
            .with_message("each window must end after it starts".into()));
    }
    Ok(())
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateSettings {
    #[validate(length(min = 1, max = 200, message = "must be 1 to 200 characters"))]
    pub title: String,
    #[validate(range(min = 2000, max = 2100, message = "must be a year from 2000 to 2100"))]
    pub year: i32,
    #[validate(custom(function = "valid_kind"))]
    pub kind: String,
    #[validate(range(min = 1, max = 600, message = "must be from 1 to 600 minutes"))]
    pub duration_minutes: i32,
    #[validate(custom(function = "valid_grades"))]
    pub grades: Vec<i32>,
    #[validate(custom(function = "valid_languages"))]
    pub languages: Vec<Language>,
    /// Sanitised as it is read, like every rich text.
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub instructions: LocalizedRichText,
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub declaration: LocalizedRichText,
    #[serde(default)]
    pub shuffle_questions: bool,
    #[serde(default)]
    pub shuffle_options: bool,
    #[serde(default)]
    #[validate(custom(function = "valid_windows"))]
    pub sitting_windows: Vec<Window>,
}

#[utoipa::path(
    tag = "olympiad",
    params(("id" = i64, Path)),
    request_body = UpdateSettings,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<OlympiadSettings>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/olympiad/{id}")]
pub async fn update_settings(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: Body<UpdateSettings>,
) -> ApiResult<OlympiadSettings> {
    let (id, body) = (id.into_inner(), body.into_inner());
    ok(state
        .db
        .transaction(move |conn| {
            olympiad_of(conn, &caller, id)?;
            let changes = OlympiadSettingsChanges {
                title: body.title.trim().to_owned(),
                year: body.year,
                kind: body.kind,
                duration_minutes: body.duration_minutes,
                grades: serde_json::to_string(&body.grades).map_err(ApiError::internal)?,
                languages: serde_json::to_string(&body.languages).map_err(ApiError::internal)?,
                instructions: json_of_rich_text(&body.instructions),
                declaration: json_of_rich_text(&body.declaration),
                shuffle_questions: body.shuffle_questions,
                shuffle_options: body.shuffle_options,
                updated_at: now(),
            };
            let olympiad = Olympiad::update_settings(conn, id, &changes)?;
            let windows: Vec<_> = body
                .sitting_windows
                .iter()
                .map(|w| (w.starts_at, w.ends_at))
                .collect();
            SittingWindow::replace(conn, id, &windows)?;
            record_activity(
                conn,
                &caller,
                "olympiad_settings_changed",
                Some(id),
                json!({}),
            )?;
            settings_of(conn, olympiad)
        })
        .await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OpenQuery {
    /// true to open, false to close; default true.
    pub open: Option<bool>,
}

/// Opens or closes the olympiad. `{query}` is the olympiad's id; `?open=false` closes it. Opening
/// is refused while verification finds errors, with the list of problems.
#[utoipa::path(
    tag = "olympiad",
    params(("query" = i64, Path, description = "The olympiad's id"), OpenQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<OlympiadSettings>)),
        (status = 409, description = "`not_ready`: the paper has errors (see GET /api/olympiad/verify/{id})", body = crate::error::ErrorBody)
    )
)]
#[get("/api/olympiad/set-olympiad-open/{query}")]
pub async fn set_olympiad_open(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    query: web::Query<OpenQuery>,
) -> ApiResult<OlympiadSettings> {
    let (id, open) = (path.into_inner(), query.open.unwrap_or(true));
    ok(state
        .db
        .transaction(move |conn| {
            let olympiad = olympiad_of(conn, &caller, id)?;
            if open {
                let verification = verify_paper(conn, &olympiad)?;
                if !verification.ready {
                    let errors = verification.problems.iter().filter(|p| p.severity == olympiad_domain::paper::Severity::Error).count();
                    return Err(ApiError::new(
                        actix_web::http::StatusCode::CONFLICT,
                        ErrorCode::NotReady,
                        format!("The paper has {errors} problem(s) to fix before the olympiad can open. See Verify Questions."),
                    ));
                }
            }
            let olympiad = Olympiad::set_open(conn, id, open)?;
            record_activity(conn, &caller, if open { "olympiad_opened" } else { "olympiad_closed" }, Some(id), json!({}))?;
            settings_of(conn, olympiad)
        })
        .await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PinQuery {
    pub olympiad_id: i64,
    /// Default true; false unpins.
    pub pinned: Option<bool>,
}

#[utoipa::path(tag = "olympiad", params(PinQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<OlympiadSettings>))))]
#[post("/api/olympiad/set-pinned")]
pub async fn set_pinned(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<PinQuery>,
) -> ApiResult<OlympiadSettings> {
    let (id, pinned) = (query.olympiad_id, query.pinned.unwrap_or(true));
    ok(state
        .db
        .transaction(move |conn| {
            olympiad_of(conn, &caller, id)?;
            let olympiad = Olympiad::set_pinned(conn, id, pinned)?;
            settings_of(conn, olympiad)
        })
        .await?)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperModule {
    pub module: ModuleView,
    pub questions: Vec<QuestionView>,
}

/// The whole paper with its answers, for the admin's preview. Learners get theirs elsewhere,
/// without answers.
#[utoipa::path(tag = "olympiad", params(("id" = i64, Path, description = "The olympiad's id")), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<PaperModule>>))))]
#[post("/api/olympiad/modules/{id}")]
pub async fn paper_modules(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> ApiResult<Vec<PaperModule>> {
    let id = id.into_inner();
    ok(state
        .db
        .run(move |conn| {
            olympiad_of(conn, &caller, id)?;
            let modules = QuestionModule::for_olympiad(conn, id)?;
            let questions = Question::for_olympiad(conn, id)?;
            Ok(modules
                .iter()
                .map(|module| {
                    let own: Vec<QuestionView> = questions
                        .iter()
                        .filter(|q| q.module_id == module.id)
                        .map(QuestionView::new)
                        .collect();
                    PaperModule {
                        module: ModuleView::new(module, own.len()),
                        questions: own,
                    }
                })
                .collect())
        })
        .await?)
}

#[utoipa::path(tag = "olympiad", params(("id" = i64, Path, description = "The olympiad's id")), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Verification>))))]
#[get("/api/olympiad/verify/{id}")]
pub async fn verify(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> ApiResult<Verification> {
    let id = id.into_inner();
    ok(state
        .db
        .run(move |conn| {
            let olympiad = olympiad_of(conn, &caller, id)?;
            verify_paper(conn, &olympiad)
        })
        .await?)
}
