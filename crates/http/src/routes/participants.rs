//! Participants: learners entered in an olympiad. Participating Learners, the teacher's list of
//! their learners, login slips, and new passwords for learners who lost theirs.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::{download, GridQuery};
use crate::manifest::{Area, Kind, TEAM_OR_ADMIN};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_domain::id::ParticipantId;
use olympiad_domain::id::SchoolParticipantId;
use olympiad_office::learner_accounts::{passwords_for, Credential};
use olympiad_office::participants::{
    self, ChosenPassword, LearnerPasswordQuery, ParticipantChanges, ParticipantListQuery,
    SlipFormat, SlipQuery, SlipRequest,
};
use olympiad_persistence::models::{Participant, ParticipantRow};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("participants")
        .route(list, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .route(login_slips_file, TEAM_OR_ADMIN)
        .beyond_schema("credentials must name participants that exist")
        .route(update, TEAM_OR_ADMIN)
        .names(Kind::Participant)
        .beyond_schema("language must be one of the olympiad's languages (data, not schema)")
        .route(withdraw, TEAM_OR_ADMIN)
        .names(Kind::Participant)
        .route(set_learner_passwords, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .beyond_schema(
            "the body is optional (left out, not null), and password must not be in the query",
        )
}

#[utoipa::path(
    operation_id = "participant_list",
    tag = "learners",
    params(ParticipantListQuery, GridQuery),
    responses((status = 200, description = "A page of participants, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<ParticipantRow>>)))
)]
#[get("/api/participant")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ParticipantListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    grid.answer(
        &state.db,
        "participating-learners",
        participants::participant_table,
        move |conn, asked| {
            participants::list(conn, &caller, &query, asked.search, asked.sort, asked.page)
        },
    )
    .await
}

#[utoipa::path(
    operation_id = "participant_update",
    tag = "learners",
    params(IdOf<ParticipantId>),
    request_body = ParticipantChanges,
    responses((status = 200, body = inline(crate::envelope::Envelope<Participant>)))
)]
#[put("/api/participant/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ParticipantId>>,
    body: Body<ParticipantChanges>,
) -> ApiResult<Participant> {
    state
        .answer(move |conn| participants::update(conn, &caller, path.id, &body))
        .await
}

/// Takes a learner out of the olympiad (their sign-in goes; the learner stays with the school).
#[utoipa::path(
    operation_id = "participant_delete",
    tag = "learners",
    params(IdOf<ParticipantId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/participant/{id}")]
pub async fn withdraw(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ParticipantId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| participants::withdraw(conn, &caller, path.id))
        .await
}

/// Login slips to print (PDF, a page per class) or the sign-ins as CSV. Passwords are kept only as
/// hashes, so the slips are made from the sign-ins answered at loading (or at new passwords); the
/// names and usernames come from the database, for participants of this entry only.
#[utoipa::path(
    operation_id = "participant_login_slips",
    tag = "learners",
    params(SlipQuery),
    request_body = SlipRequest,
    responses((status = 200, description = "The slips as PDF, or the sign-ins as CSV"))
)]
#[post("/api/participant/login-slips")]
pub async fn login_slips_file(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SlipQuery>,
    body: Body<SlipRequest>,
) -> Result<HttpResponse, ApiError> {
    let format = query.format.unwrap_or(SlipFormat::Pdf);
    let sign_in_base = state.config.public_base_url.clone();
    let slips = state
        .db
        .office(move |conn| participants::slips(conn, &caller, &body))
        .await?;
    let file = web::block(move || slips.file(format, &sign_in_base))
        .await
        .map_err(ApiError::internal)??;
    Ok(download(file.bytes, file.content_type, &file.file_name))
}

/// New passwords for the learners of a school's entry (`{id}`), or for one of them: their old
/// sessions end, and the new sign-ins are answered once, for new slips. Noted in the activity log.
#[utoipa::path(
    operation_id = "auth_set_learner_passwords",
    tag = "learners",
    params(IdOf<SchoolParticipantId>, LearnerPasswordQuery),
    request_body(content = Option<ChosenPassword>, description = "Optional: one password chosen for them", content_type = "application/json"),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Credential>>)))
)]
#[put("/api/auth/set-learner-passwords/{id}")]
pub async fn set_learner_passwords(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<SchoolParticipantId>>,
    query: web::Query<LearnerPasswordQuery>,
    body: web::Bytes,
) -> ApiResult<Vec<Credential>> {
    let entry_id = path.id;
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
    let (check, password) = (caller.clone(), chosen.password.clone());
    let rows = state
        .db
        .office(move |conn| {
            participants::learners_to_reset(conn, &check, entry_id, &query, &chosen)
        })
        .await?;
    let count = rows.len();
    let new = web::block(move || passwords_for(count, password.as_deref()))
        .await
        .map_err(ApiError::internal)??;
    state
        .answer(move |conn| participants::set_passwords(conn, &caller, entry_id, rows, new))
        .await
}
