//! An olympiad's settings (its title, grades, languages, sitting windows), opening and closing it,
//! pinning it, the admin's preview of its whole paper, and the verification that must pass before
//! it opens.

use crate::activity::{record_activity, record_change};
use crate::paper::{verify_paper, ModuleView, QuestionView};
use crate::support::caller::Caller;
use crate::support::error::{ErrorCode, OfficeError, OfficeResult};
use crate::support::scope::find_in_reach;
use chrono::NaiveDateTime;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::olympiad::OlympiadKind;
use olympiad_domain::paper::{Language, Severity, Verification};
use olympiad_domain::rich_text::LocalizedRichText;
use olympiad_persistence::models::olympiad::json_of_rich_text;
use olympiad_persistence::models::{
    Olympiad, OlympiadSettingsUpdateForm, Question, QuestionModule, SittingWindow,
};
use olympiad_persistence::{now, write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::str::FromStr;
use utoipa::openapi::schema::{
    Array, ArrayBuilder, KnownFormat, ObjectBuilder, SchemaFormat, Type,
};
use utoipa::{IntoParams, ToSchema};
use validator::{Validate, ValidationError};

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Window {
    /// UTC, `YYYY-MM-DDTHH:MM:SS`.
    #[serde(with = "olympiad_domain::utc")]
    pub starts_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub ends_at: NaiveDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OlympiadSettings {
    #[serde(flatten)]
    pub olympiad: Olympiad,
    pub grades: Vec<i32>,
    pub languages: Vec<Language>,
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub instructions: LocalizedRichText,
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub declaration: LocalizedRichText,
    pub sitting_windows: Vec<Window>,
}

fn settings_of(conn: &mut DbConnection, olympiad: Olympiad) -> OfficeResult<OlympiadSettings> {
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
        olympiad,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OlympiadIdQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
}

pub fn settings(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
) -> OfficeResult<OlympiadSettings> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, id)?;
    settings_of(conn, olympiad)
}

fn valid_grades(grades: &[i32]) -> Result<(), ValidationError> {
    if grades.is_empty() || grades.iter().any(|g| !(1..=12).contains(g)) {
        return Err(
            ValidationError::new("grades").with_message("must list grades from 1 to 12".into())
        );
    }
    Ok(())
}

/// What [`valid_grades`] holds to, as the document states it: one grade or more, each 1 to 12.
fn grade_list() -> Array {
    let grade = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
        .minimum(Some(1))
        .maximum(Some(12));
    ArrayBuilder::new().items(grade).min_items(Some(1)).build()
}

fn valid_languages(languages: &[Language]) -> Result<(), ValidationError> {
    if languages.is_empty() {
        return Err(ValidationError::new("languages")
            .with_message("must offer at least one language".into()));
    }
    Ok(())
}

fn valid_kind(kind: &str) -> Result<(), ValidationError> {
    if OlympiadKind::parse(kind).is_some() {
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
    #[schema(min_length = 1, max_length = 200)]
    pub title: String,
    #[validate(range(min = 2000, max = 2100, message = "must be a year from 2000 to 2100"))]
    #[schema(minimum = 2000, maximum = 2100)]
    pub year: i32,
    #[validate(custom(function = "valid_kind"))]
    #[schema(pattern = "^(schools|countries)$")]
    pub kind: String,
    #[validate(range(min = 1, max = 600, message = "must be from 1 to 600 minutes"))]
    #[schema(minimum = 1, maximum = 600)]
    pub duration_minutes: i32,
    #[validate(custom(function = "valid_grades"))]
    #[schema(schema_with = grade_list)]
    pub grades: Vec<i32>,
    #[validate(custom(function = "valid_languages"))]
    #[schema(min_items = 1)]
    pub languages: Vec<Language>,
    /// Sanitised as it is read, like every rich text.
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub instructions: LocalizedRichText,
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub declaration: LocalizedRichText,
    #[serde(default)]
    pub shuffle_questions: bool,
    #[serde(default)]
    pub shuffle_options: bool,
    #[serde(default)]
    #[validate(custom(function = "valid_windows"))]
    pub sitting_windows: Vec<Window>,
}

fn json_list<T: Serialize>(list: &[T]) -> OfficeResult<String> {
    serde_json::to_string(list).map_err(|e| OfficeError::Internal(e.to_string()))
}

/// Writes the settings and the sitting windows together, noted in the activity log.
pub fn update_settings(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
    input: UpdateSettings,
) -> OfficeResult<OlympiadSettings> {
    write_transaction(conn, |conn| {
        let before = find_in_reach::<Olympiad>(conn, caller, id)?;
        let before = settings_of(conn, before)?;
        let changes = OlympiadSettingsUpdateForm {
            title: input.title.trim().to_owned(),
            year: input.year,
            kind: OlympiadKind::from_str(&input.kind)
                .map_err(|_| OfficeError::invalid("kind", "must be schools or countries"))?,
            duration_minutes: input.duration_minutes,
            grades: json_list(&input.grades)?,
            languages: json_list(&input.languages)?,
            instructions: json_of_rich_text(&input.instructions),
            declaration: json_of_rich_text(&input.declaration),
            shuffle_questions: input.shuffle_questions,
            shuffle_options: input.shuffle_options,
            updated_at: now(),
        };
        let olympiad = Olympiad::update_settings(conn, id, &changes)?;
        let windows: Vec<_> = input
            .sitting_windows
            .iter()
            .map(|w| (w.starts_at, w.ends_at))
            .collect();
        SittingWindow::replace(conn, id, &windows)?;
        let after = settings_of(conn, olympiad)?;
        record_change(
            conn,
            caller,
            "olympiad_settings_changed",
            Some(id),
            json!({ "olympiadId": id }),
            &before,
            &after,
        )?;
        Ok(after)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OpenQuery {
    /// true to open, false to close; default true.
    pub open: Option<bool>,
}

/// Opens or closes the olympiad. Opening is refused while verification finds errors.
pub fn set_open(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
    open: bool,
) -> OfficeResult<OlympiadSettings> {
    write_transaction(conn, |conn| {
        let olympiad = find_in_reach::<Olympiad>(conn, caller, id)?;
        if open {
            let verification = verify_paper(conn, &olympiad)?;
            if !verification.ready {
                let errors = verification
                    .problems
                    .iter()
                    .filter(|p| p.severity == Severity::Error)
                    .count();
                return Err(OfficeError::Conflict {
                    code: ErrorCode::NotReady,
                    message: format!("The paper has {errors} problem(s) to fix before the olympiad can open. See Verify Questions."),
                });
            }
        }
        let olympiad = Olympiad::set_open(conn, id, open)?;
        let action = if open {
            "olympiad_opened"
        } else {
            "olympiad_closed"
        };
        record_activity(conn, caller, action, Some(id), json!({}))?;
        settings_of(conn, olympiad)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PinQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
    /// Default true; false unpins.
    pub pinned: Option<bool>,
}

pub fn set_pinned(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
    pinned: bool,
) -> OfficeResult<OlympiadSettings> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, id)?;
        let olympiad = Olympiad::set_pinned(conn, id, pinned)?;
        settings_of(conn, olympiad)
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperModule {
    pub module: ModuleView,
    pub questions: Vec<QuestionView>,
}

/// The whole paper with its answers, for the admin's preview. Learners get theirs elsewhere,
/// without answers.
pub fn whole_paper(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
) -> OfficeResult<Vec<PaperModule>> {
    find_in_reach::<Olympiad>(conn, caller, id)?;
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
}

pub fn verify(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
) -> OfficeResult<Verification> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, id)?;
    verify_paper(conn, &olympiad)
}

// The overlord's list of every olympiad (edit/olympiads), and a new olympiad (a new year's).

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OlympiadListRow {
    #[serde(flatten)]
    pub olympiad: Olympiad,
    pub project_name: String,
}

/// Every olympiad, pinned first, then the newest years.
pub fn every_olympiad(conn: &mut DbConnection) -> OfficeResult<Vec<OlympiadListRow>> {
    let projects: std::collections::HashMap<i64, String> =
        olympiad_persistence::models::Project::list(conn)?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect();
    Ok(Olympiad::list(conn)?
        .into_iter()
        .map(|olympiad| OlympiadListRow {
            project_name: projects
                .get(&olympiad.project_id)
                .cloned()
                .unwrap_or_default(),
            olympiad,
        })
        .collect())
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewOlympiad {
    #[schema(minimum = 1)]
    pub project_id: i64,
    /// The olympiad's name in its links (`geography-2027`): lower-case letters, digits and dashes.
    #[validate(length(min = 2, max = 60))]
    #[schema(min_length = 2, max_length = 60, pattern = "^[a-z0-9][a-z0-9-]*$")]
    pub name: String,
    #[validate(length(min = 2, max = 200))]
    #[schema(min_length = 2, max_length = 200)]
    pub title: String,
    #[validate(range(min = 2000, max = 2100))]
    #[schema(minimum = 2000, maximum = 2100)]
    pub year: i32,
}

/// A new olympiad, closed, with the default settings; the admin writes its paper and opens it.
pub fn create_olympiad(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &NewOlympiad,
) -> OfficeResult<OlympiadListRow> {
    let name = input.name.trim();
    let well_formed = name.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !well_formed {
        return Err(OfficeError::invalid(
            "name",
            "must be lower-case letters, digits and dashes",
        ));
    }
    write_transaction(conn, |conn| {
        olympiad_persistence::models::Project::find(conn, input.project_id)
            .map_err(|_| OfficeError::invalid("projectId", "is not a project"))?;
        if Olympiad::by_name(conn, name)?.is_some() {
            return Err(OfficeError::invalid("name", "is taken by another olympiad"));
        }
        let olympiad = Olympiad::ensure(
            conn,
            &olympiad_persistence::models::OlympiadInsertForm {
                project_id: input.project_id,
                name,
                title: input.title.trim(),
                year: input.year,
                is_open: false,
            },
        )?;
        record_activity(
            conn,
            caller,
            "olympiad_created",
            Some(olympiad.id),
            json!({ "olympiadId": olympiad.id, "name": olympiad.name, "title": olympiad.title, "year": olympiad.year }),
        )?;
        every_olympiad(conn)?
            .into_iter()
            .find(|o| o.olympiad.id == olympiad.id)
            .ok_or_else(|| OfficeError::Internal("the new olympiad is missing".into()))
    })
}
