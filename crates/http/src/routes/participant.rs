//! Participants: learners entered in an olympiad. Participating Learners, the teacher's list of
//! their learners, login slips, and new passwords for learners who lost theirs.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::{download, given, when, GridQuery};
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_documents::slips::{login_slips, Slip, SlipGroup, SlipSheet};
use olympiad_documents::Table;
use olympiad_domain::credentials::{normalise_username, password_problem};
use olympiad_domain::Role;
use olympiad_office::activity::record_activity;
use olympiad_office::learner_accounts::{hash_passwords, new_passwords, Credential};
use olympiad_office::{find_in_reach, ManagedEntry};
use olympiad_persistence::models::{
    Olympiad, Participant, ParticipantFilter, ParticipantRow, School, SchoolParticipant, User,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ParticipantListQuery {
    /// The school's entry (the customer participant) whose learners to list; required for teachers.
    pub customer_participant_id: Option<i64>,
    /// Staff: the olympiad, when no entry is given.
    pub olympiad_id: Option<i64>,
    pub grade: Option<i32>,
    /// registered, writing, finished or absent
    pub status: Option<String>,
}

fn participant_table(rows: &[ParticipantRow]) -> Table {
    let mut table = Table::new(&[
        "First name",
        "Last name",
        "Grade",
        "Class",
        "Gender",
        "Username",
        "Writes in",
        "Status",
        "School",
        "Consent",
        "Last sign-in",
    ]);
    for row in rows {
        table.push(vec![
            row.first_name.as_str().into(),
            row.last_name.as_str().into(),
            row.grade.into(),
            row.class_name.as_str().into(),
            row.gender.as_str().into(),
            row.username.as_str().into(),
            row.participant.language.as_str().into(),
            row.participant.status.as_str().into(),
            row.school_name.as_str().into(),
            row.consent_given.into(),
            when(row.last_login_at).into(),
        ]);
    }
    table
}

#[utoipa::path(
    operation_id = "participant_list",
    tag = "learners",
    params(ParticipantListQuery, GridQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of participants, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<ParticipantRow>>)), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody))
)]
#[get("/api/participant")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ParticipantListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let olympiad_id = match (query.customer_participant_id, caller.role) {
        (Some(_), _) => None,
        (None, Role::Teacher) => {
            return Err(ApiError::invalid_field(
                "customerParticipantId",
                "is required",
            ))
        }
        (None, _) => caller.olympiad_scope(query.olympiad_id)?,
    };
    let mut filter = ParticipantFilter {
        olympiad_id,
        school_participant_id: query.customer_participant_id,
        search: grid.search(),
        grade: query.grade,
        status: given(&query.status),
        sort: grid.sort(),
        ids: None,
    };
    let page = grid.page()?;
    let rows = state
        .db
        .run(move |conn| {
            if let Some(entry_id) = filter.school_participant_id {
                filter.olympiad_id =
                    Some(find_in_reach::<SchoolParticipant>(conn, &caller, entry_id)?.olympiad_id);
            }
            Ok(Participant::list(conn, &filter, page)?)
        })
        .await?;
    grid.respond(rows, "participating-learners", participant_table)
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ParticipantStatus {
    Registered,
    Writing,
    Finished,
    Absent,
}

impl ParticipantStatus {
    fn as_str(self) -> &'static str {
        match self {
            ParticipantStatus::Registered => "registered",
            ParticipantStatus::Writing => "writing",
            ParticipantStatus::Finished => "finished",
            ParticipantStatus::Absent => "absent",
        }
    }
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParticipantChanges {
    pub status: ParticipantStatus,
    /// The language the learner writes in.
    #[schema(value_type = String, example = "en")]
    pub language: olympiad_domain::paper::Language,
}

#[utoipa::path(
    operation_id = "participant_update",
    tag = "learners",
    params(IdPath),
    request_body = ParticipantChanges,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Participant>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/participant/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<ParticipantChanges>,
) -> ApiResult<Participant> {
    let (id, changes) = (path.id, body.into_inner());
    ok(state
        .db
        .transaction(move |conn| {
            let participant = find_in_reach::<Participant>(conn, &caller, id)?;
            let olympiad = Olympiad::find(conn, participant.olympiad_id)?;
            if !olympiad.languages().contains(&changes.language) {
                return Err(ApiError::invalid_field("language", "is not a language of this olympiad"));
            }
            let language = changes.language.code();
            let updated = Participant::update(conn, id, changes.status.as_str(), language)?;
            record_activity(conn, &caller, "participant_updated", Some(participant.olympiad_id), json!({ "participantId": id, "status": updated.status, "language": updated.language }))?;
            Ok(updated)
        })
        .await?)
}

/// Takes a learner out of the olympiad (their sign-in goes; the learner stays with the school).
#[utoipa::path(
    operation_id = "participant_delete",
    tag = "learners",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/participant/{id}")]
pub async fn withdraw(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<bool> {
    let id = path.id;
    state
        .db
        .transaction(move |conn| {
            let participant = find_in_reach::<Participant>(conn, &caller, id)?;
            if !Participant::withdraw(conn, id)? {
                return Err(ApiError::conflict("This learner has started writing; set them absent instead, so their work is kept."));
            }
            Ok(record_activity(conn, &caller, "participant_withdrawn", Some(participant.olympiad_id), json!({ "participantId": id, "learnerId": participant.learner_id }))?)
        })
        .await?;
    ok(true)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SlipQuery {
    /// pdf (default) or csv
    #[param(inline)]
    pub format: Option<SlipFormat>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SlipFormat {
    Pdf,
    Csv,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlipRequest {
    pub school_participant_id: i64,
    /// The sign-ins as they were answered when the learners were loaded or given new passwords.
    pub credentials: Vec<SlipCredential>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlipCredential {
    pub participant_id: i64,
    pub password: String,
}

/// Login slips to print (PDF, a page per class) or the sign-ins as CSV. Passwords are kept only as
/// hashes, so the slips are made from the sign-ins answered at loading (or at new passwords); the
/// names and usernames come from the database, for participants of this entry only.
#[utoipa::path(
    operation_id = "participant_login_slips",
    tag = "learners",
    params(SlipQuery),
    request_body = SlipRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "The slips as PDF, or the sign-ins as CSV"), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody))
)]
#[post("/api/participant/login-slips")]
pub async fn login_slips_file(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SlipQuery>,
    body: Body<SlipRequest>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner();
    let format = query.format.unwrap_or(SlipFormat::Pdf);
    let sign_in_base = state.config.public_base_url.clone();
    let (olympiad, school, rows) = state
        .db
        .run(move |conn| {
            let entry =
                find_in_reach::<SchoolParticipant>(conn, &caller, request.school_participant_id)?;
            let ids: Vec<i64> = request
                .credentials
                .iter()
                .map(|c| c.participant_id)
                .collect();
            let rows = Participant::rows_by_ids(conn, &ids)?;
            if let Some(stranger) = rows
                .iter()
                .find(|r| r.participant.school_participant_id != Some(entry.id))
            {
                return Err(ApiError::invalid_field(
                    "credentials",
                    &format!(
                        "participant {} is not of this entry",
                        stranger.participant.id
                    ),
                ));
            }
            if rows.len() != ids.len() {
                return Err(ApiError::invalid_field(
                    "credentials",
                    "name participants that do not exist",
                ));
            }
            let olympiad = Olympiad::find(conn, entry.olympiad_id)?;
            let school = School::find(conn, entry.school_id)?;
            let rows: Vec<(ParticipantRow, String)> = rows
                .into_iter()
                .map(|row| {
                    let password = request
                        .credentials
                        .iter()
                        .find(|c| c.participant_id == row.participant.id)
                        .map(|c| c.password.clone())
                        .unwrap_or_default();
                    (row, password)
                })
                .collect();
            Ok((olympiad, school, rows))
        })
        .await?;
    let file_stem = format!("login-slips-{}", olympiad.name);
    match format {
        SlipFormat::Csv => {
            let mut table = Table::new(&[
                "First name",
                "Last name",
                "Grade",
                "Class",
                "Username",
                "Password",
            ]);
            for (row, password) in &rows {
                table.push(vec![
                    row.first_name.as_str().into(),
                    row.last_name.as_str().into(),
                    row.grade.into(),
                    row.class_name.as_str().into(),
                    row.username.as_str().into(),
                    password.as_str().into(),
                ]);
            }
            Ok(download(
                table.to_csv(),
                "text/csv; charset=utf-8",
                &format!("{file_stem}.csv"),
            ))
        }
        SlipFormat::Pdf => {
            let mut groups: Vec<SlipGroup> = Vec::new();
            for (row, password) in rows {
                let heading = format!("Grade {} {}", row.grade, row.class_name)
                    .trim()
                    .to_owned();
                let slip = Slip {
                    name: format!("{} {}", row.first_name, row.last_name),
                    grade_and_class: heading.clone(),
                    username: row.username,
                    password,
                };
                match groups.last_mut() {
                    Some(group) if group.heading == heading => group.slips.push(slip),
                    _ => groups.push(SlipGroup {
                        heading,
                        slips: vec![slip],
                    }),
                }
            }
            let sheet = SlipSheet {
                title: olympiad.title,
                school: school.name,
                sign_in_url: format!("{sign_in_base}/{}/login", olympiad.name),
                groups,
            };
            let pdf = web::block(move || login_slips(&sheet))
                .await
                .map_err(ApiError::internal)?;
            Ok(download(
                pdf,
                "application/pdf",
                &format!("{file_stem}.pdf"),
            ))
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LearnerPasswordQuery {
    /// The entry's school, as a check that the right entry is meant.
    pub school_id: i64,
    /// One learner only: their username (or e-mail address). Without it, every learner of the entry.
    pub email: Option<String>,
    /// Refused: a chosen password goes in the body, never in an address that proxies, logs and
    /// browser histories keep.
    pub password: Option<String>,
}

/// The optional body of new learner passwords.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ChosenPassword {
    /// One password chosen for them (at least 8 characters); without it each gets a generated one.
    #[serde(default)]
    pub password: Option<String>,
}

/// New passwords for the learners of a school's entry (`{id}`), or for one of them: their old
/// sessions end, and the new sign-ins are answered once, for new slips. Noted in the activity log.
#[utoipa::path(
    operation_id = "auth_set_learner_passwords",
    tag = "learners",
    params(IdPath, LearnerPasswordQuery),
    request_body(content = Option<ChosenPassword>, description = "Optional: one password chosen for them", content_type = "application/json"),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Credential>>)), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/auth/set-learner-passwords/{id}")]
pub async fn set_learner_passwords(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    query: web::Query<LearnerPasswordQuery>,
    body: web::Bytes,
) -> ApiResult<Vec<Credential>> {
    let (entry_id, query) = (path.id, query.into_inner());
    if query.password.is_some() {
        return Err(ApiError::invalid_field(
            "password",
            "must be sent in the request body, never in the address",
        ));
    }
    let chosen: ChosenPassword = if body.iter().all(u8::is_ascii_whitespace) {
        ChosenPassword::default()
    } else {
        crate::body::parse(&body)?
    };
    if let Some(problem) = chosen.password.as_deref().and_then(password_problem) {
        return Err(ApiError::invalid_field("password", problem));
    }
    let check = caller.clone();
    let one = query.email.as_deref().map(normalise_username);
    let rows = state
        .db
        .run(move |conn| {
            let ManagedEntry(entry) = find_in_reach(conn, &check, entry_id)?;
            if entry.school_id != query.school_id {
                return Err(ApiError::invalid_field(
                    "schoolId",
                    "is not the school of this entry",
                ));
            }
            let rows = Participant::list(
                conn,
                &ParticipantFilter {
                    school_participant_id: Some(entry_id),
                    ..Default::default()
                },
                None,
            )?
            .rows;
            // One learner, named by username or e-mail; without a name, every learner.
            let chosen = match one.as_deref() {
                None => rows,
                Some(name) => {
                    let mut chosen = Vec::new();
                    for row in rows {
                        if row.username == name
                            || User::find(conn, row.participant.user_id)?.email.as_deref()
                                == Some(name)
                        {
                            chosen.push(row);
                        }
                    }
                    chosen
                }
            };
            if chosen.is_empty() {
                return Err(match one {
                    Some(_) => ApiError::invalid_field("email", "is not a learner of this entry"),
                    None => ApiError::not_found("A learner of this entry"),
                });
            }
            Ok(chosen)
        })
        .await?;
    let passwords = match &chosen.password {
        Some(password) => vec![password.clone(); rows.len()],
        None => new_passwords(rows.len()),
    };
    let hashing = passwords.clone();
    let hashes = web::block(move || hash_passwords(&hashing))
        .await
        .map_err(ApiError::internal)??;
    ok(state
        .db
        .transaction(move |conn| {
            let mut credentials = Vec::with_capacity(rows.len());
            for ((row, password), hash) in rows.into_iter().zip(passwords).zip(hashes) {
                User::set_password_hash(conn, row.participant.user_id, &hash)?;
                credentials.push(Credential {
                    participant_id: row.participant.id,
                    first_name: row.first_name,
                    last_name: row.last_name,
                    grade: row.grade,
                    class_name: row.class_name,
                    username: row.username,
                    password,
                });
            }
            record_activity(conn, &caller, "learner_passwords_set", None, json!({ "schoolParticipantId": entry_id, "participants": credentials.iter().map(|c| c.participant_id).collect::<Vec<_>>() }))?;
            Ok(credentials)
        })
        .await?)
}
