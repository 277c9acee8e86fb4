//! Expressions of interest: the public form (teachers and others), the verification of the address,
//! and the staff's list with possible matches beside each, processing (a teacher's becomes their
//! school's entry, with their account, in one step) and declining.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::{given, when, GridQuery};
use crate::rate_limit::client_address;
use crate::routes::school::SchoolInput;
use crate::routes::team_member::{join_team, queue_email, Colleague};
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use olympiad_documents::Table;
use olympiad_domain::interest::{InterestKind, InterestStatus};
use olympiad_domain::school::{emis_number, province};
use olympiad_mailer::{Email, Recipient};
use olympiad_office::activity::record_activity;
use olympiad_office::fields::{email_field, required_field, text_field};
use olympiad_office::find_in_reach;
use olympiad_office::interest::{possible_matches, PossibleMatches};
use olympiad_office::OrNotFound;
use olympiad_persistence::models::{
    ExpressionFilter, ExpressionOfInterest, NewExpression, Olympiad, Project, School,
    SchoolParticipant,
};
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InterestListQuery {
    pub olympiad_id: Option<i64>,
    /// open, processed or declined
    pub status: Option<String>,
    /// teacher or other
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// `yes` or `no`
    pub email_verified: Option<String>,
}

fn interest_table(rows: &[ExpressionOfInterest]) -> Table {
    let mut table = Table::new(&[
        "Received",
        "Type",
        "Status",
        "Title",
        "First name",
        "Last name",
        "E-mail",
        "Verified",
        "Phone",
        "School",
        "EMIS number",
        "Province",
        "Town",
        "Subject",
        "Organisation",
        "Relationship",
        "Message",
        "Decline reason",
    ]);
    for e in rows {
        table.push(vec![
            when(Some(e.created_at)).into(),
            e.kind.as_str().into(),
            e.status.as_str().into(),
            e.title.as_str().into(),
            e.first_name.as_str().into(),
            e.last_name.as_str().into(),
            e.email.as_str().into(),
            e.email_verified.into(),
            e.phone.as_str().into(),
            e.school_name.as_str().into(),
            e.emis_number.as_str().into(),
            e.province.as_str().into(),
            e.town.as_str().into(),
            e.subject.as_str().into(),
            e.organisation.as_str().into(),
            e.relationship.as_str().into(),
            e.message.as_str().into(),
            e.decline_reason.as_str().into(),
        ]);
    }
    table
}

/// Expressions of Interest, filterable as open, processed or declined (spec section 4).
#[utoipa::path(
    operation_id = "interest_list",
    tag = "interest",
    params(InterestListQuery, GridQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of expressions of interest, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<ExpressionOfInterest>>)), (status = 400, body = crate::error::ErrorBody))
)]
#[get("/api/interest/expression-of-interest")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<InterestListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let status = given(&query.status);
    if let Some(status) = &status {
        if InterestStatus::parse(status).is_none() {
            return Err(ApiError::invalid_field(
                "status",
                "must be one of open, processed, declined",
            ));
        }
    }
    let filter = ExpressionFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        status,
        kind: given(&query.kind),
        email_verified: given(&query.email_verified).map(|v| v == "yes"),
        search: grid.search(),
        sort: grid.sort(),
    };
    let page = grid.page()?;
    let rows = state
        .db
        .run(move |conn| Ok(ExpressionOfInterest::list(conn, &filter, page)?))
        .await?;
    grid.respond(rows, "expressions-of-interest", interest_table)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MatchQuery {
    pub expression_id: i64,
}

/// Schools and teachers that look like the expression's: the same EMIS number, the same e-mail
/// address, or a school name that is alike.
#[utoipa::path(
    operation_id = "interest_possible_matches",
    tag = "interest",
    params(MatchQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<PossibleMatches>)), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/interest/expression-of-interest/possible-matches")]
pub async fn matches(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MatchQuery>,
) -> ApiResult<PossibleMatches> {
    let id = query.expression_id;
    ok(state
        .db
        .run(move |conn| {
            let expression = find_in_reach::<ExpressionOfInterest>(conn, &caller, id)?;
            Ok(possible_matches(conn, &expression)?)
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcessInterest {
    /// The school to enter (one of the possible matches); without it, `school` is created.
    pub school_id: Option<i64>,
    /// A new school, when none of the matches is it.
    pub school: Option<SchoolInput>,
}

/// The school the staff chose or described.
fn school_to_enter(conn: &mut DbConnection, request: &ProcessInterest) -> Result<School, ApiError> {
    match (&request.school_id, &request.school) {
        (Some(id), _) => Ok(School::find(conn, *id).or_invalid("schoolId", "is not a school")?),
        (None, Some(input)) => Ok(School::create(conn, &input.fields()?).or_taken(
            "school.emisNumber",
            "belongs to another school already: choose that school",
        )?),
        (None, None) => Err(ApiError::invalid_field(
            "schoolId",
            "is required (or a new school)",
        )),
    }
}

/// Processes an expression. A teacher's becomes, in one transaction, their school's entry with them
/// as its team admin (their account made or linked) and an e-mail to them; another's is marked
/// processed. A second call answers 409 and changes nothing.
#[utoipa::path(
    operation_id = "interest_process",
    tag = "interest",
    params(IdPath),
    request_body = ProcessInterest,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<ExpressionOfInterest>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/interest/expression-of-interest/{id}/process")]
pub async fn process(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<ProcessInterest>,
) -> ApiResult<ExpressionOfInterest> {
    let (id, request) = (path.id, body.into_inner());
    let base_url = state.config.public_base_url.clone();
    ok(state
        .db
        .transaction(move |conn| {
            let expression = find_in_reach::<ExpressionOfInterest>(conn, &caller, id)?;
            let status = InterestStatus::parse(&expression.status).unwrap_or(InterestStatus::Open);
            status.handle(InterestStatus::Processed).map_err(ApiError::conflict)?;
            let handler = caller.impersonator.unwrap_or(caller.user_id);
            if expression.kind != InterestKind::Teacher.as_str() {
                let done = ExpressionOfInterest::mark_processed(conn, id, handler, None)?;
                record_activity(conn, &caller, "interest_processed", Some(expression.olympiad_id), json!({ "expressionId": id }))?;
                return Ok(done);
            }
            let school = school_to_enter(conn, &request)?;
            let (entry, _) = SchoolParticipant::ensure(conn, expression.olympiad_id, school.id, None)?;
            let colleague = Colleague {
                email: &expression.email,
                title: &expression.title,
                first_name: &expression.first_name,
                last_name: &expression.last_name,
            };
            let joined = join_team(conn, &base_url, &entry, &colleague, true)?;
            if entry.contact_teacher_id.is_none() {
                SchoolParticipant::update(conn, entry.id, &entry.status, Some(joined.user.id))?;
            }
            let done = ExpressionOfInterest::mark_processed(conn, id, handler, Some(entry.id))?;
            let olympiad = Olympiad::find(conn, expression.olympiad_id)?;
            queue_email(
                conn,
                &Email::InterestProcessed {
                    to: crate::routes::team_member::recipient(&joined.user),
                    olympiad: olympiad.title,
                    school: school.name.clone(),
                    link: joined.link,
                    new_account: joined.new_account,
                },
            )?;
            record_activity(
                conn,
                &caller,
                "interest_processed",
                Some(expression.olympiad_id),
                json!({ "expressionId": id, "schoolId": school.id, "schoolParticipantId": entry.id, "teacherUserId": joined.user.id, "newAccount": joined.new_account }),
            )?;
            Ok(done)
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclineInterest {
    /// Why, in a sentence the person will read.
    #[validate(length(min = 3, max = 1000, message = "must be 3 to 1000 characters"))]
    pub reason: String,
}

#[utoipa::path(
    operation_id = "interest_decline",
    tag = "interest",
    params(IdPath),
    request_body = DeclineInterest,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<ExpressionOfInterest>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/interest/expression-of-interest/{id}/decline")]
pub async fn decline(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<DeclineInterest>,
) -> ApiResult<ExpressionOfInterest> {
    let id = path.id;
    let reason = body.reason.trim().to_owned();
    ok(state
        .db
        .transaction(move |conn| {
            let expression = find_in_reach::<ExpressionOfInterest>(conn, &caller, id)?;
            let status = InterestStatus::parse(&expression.status).unwrap_or(InterestStatus::Open);
            status
                .handle(InterestStatus::Declined)
                .map_err(ApiError::conflict)?;
            let done = ExpressionOfInterest::mark_declined(
                conn,
                id,
                caller.impersonator.unwrap_or(caller.user_id),
                &reason,
            )?;
            let olympiad = Olympiad::find(conn, expression.olympiad_id)?;
            queue_email(
                conn,
                &Email::InterestDeclined {
                    to: Recipient {
                        email: expression.email.clone(),
                        name: format!("{} {}", expression.first_name, expression.last_name),
                        username: expression.email.clone(),
                    },
                    olympiad: olympiad.title,
                    reason: reason.clone(),
                },
            )?;
            record_activity(
                conn,
                &caller,
                "interest_declined",
                Some(expression.olympiad_id),
                json!({ "expressionId": id, "reason": reason }),
            )?;
            Ok(done)
        })
        .await?)
}

/// Deletes an expression (spam, a test); the entry it became, if any, stays.
#[utoipa::path(
    operation_id = "interest_delete",
    tag = "interest",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody))
)]
#[delete("/api/interest/{id}")]
pub async fn delete_expression(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<bool> {
    let id = path.id;
    state
        .db
        .transaction(move |conn| {
            let expression = find_in_reach::<ExpressionOfInterest>(conn, &caller, id)?;
            ExpressionOfInterest::delete(conn, id)?;
            Ok(record_activity(
                conn,
                &caller,
                "interest_deleted",
                Some(expression.olympiad_id),
                json!({ "expressionId": id, "email": expression.email }),
            )?)
        })
        .await?;
    ok(true)
}

/// The public interest form.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterestForm {
    /// The project of the site (`/{projectName}/express-interest`): its open olympiad is meant.
    pub project_name: String,
    #[serde(default)]
    pub title: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[serde(default)]
    pub phone: String,
    /// Teachers: their school.
    #[serde(default)]
    pub school_name: String,
    #[serde(default)]
    pub emis_number: String,
    #[serde(default)]
    pub province: String,
    #[serde(default)]
    pub town: String,
    #[serde(default)]
    pub subject: String,
    /// Others: their organisation, and how they relate to a learner (parent, tutor, ...).
    #[serde(default)]
    pub organisation: String,
    #[serde(default)]
    pub relationship: String,
    #[serde(default)]
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterestReceived {
    pub id: i64,
    pub olympiad_title: String,
    /// Where the verification link was sent.
    pub email: String,
    pub email_verified: bool,
}

/// The olympiad a project's interest form is for: its open one of the latest year.
fn olympiad_of_project(conn: &mut DbConnection, name: &str) -> Result<Olympiad, ApiError> {
    let unknown = || ApiError::invalid_field("projectName", "is not a project that takes entries");
    let olympiads = match Project::by_slug(conn, name)? {
        Some(project) => Olympiad::for_project(conn, project.id)?,
        None => Olympiad::by_name(conn, name)?.into_iter().collect(),
    };
    olympiads
        .into_iter()
        .find(|o| o.is_open)
        .ok_or_else(unknown)
}

async fn receive(
    state: &AppState,
    req: &HttpRequest,
    form: InterestForm,
    kind: InterestKind,
) -> ApiResult<InterestReceived> {
    let email = email_field("email", &form.email)?;
    if email.is_empty() {
        return Err(ApiError::invalid_field("email", "is required"));
    }
    state
        .limits
        .check_signin(&format!("interest:{email}"), &client_address(req))?;
    let teacher = kind == InterestKind::Teacher;
    let school_name = text_field("schoolName", &form.school_name, 200)?;
    if teacher && school_name.is_empty() {
        return Err(ApiError::invalid_field("schoolName", "is required"));
    }
    let typed_province = form.province.trim();
    let province = match province(typed_province) {
        Some(p) => p.to_owned(),
        None if typed_province.is_empty() && !teacher => String::new(),
        None if typed_province.is_empty() => {
            return Err(ApiError::invalid_field("province", "is required"))
        }
        None => {
            return Err(ApiError::invalid_field(
                "province",
                "must be one of the nine provinces",
            ))
        }
    };
    let mut new = NewExpression {
        olympiad_id: 0,
        kind: kind.as_str().to_owned(),
        title: text_field("title", &form.title, 20)?,
        first_name: required_field("firstName", &form.first_name, 100)?,
        last_name: required_field("lastName", &form.last_name, 100)?,
        email: email.clone(),
        phone: text_field("phone", &form.phone, 40)?,
        school_name,
        emis_number: emis_number(&form.emis_number)
            .map_err(|problem| ApiError::invalid_field("emisNumber", problem))?
            .unwrap_or_default(),
        province,
        town: text_field("town", &form.town, 100)?,
        subject: text_field("subject", &form.subject, 100)?,
        organisation: text_field("organisation", &form.organisation, 200)?,
        relationship: text_field("relationship", &form.relationship, 100)?,
        message: {
            let message = form.message.trim().to_owned();
            if message.chars().count() > 2000 {
                return Err(ApiError::invalid_field(
                    "message",
                    "must be at most 2000 characters",
                ));
            }
            message
        },
        verify_token: uuid::Uuid::new_v4().to_string(),
    };
    let base_url = state.config.public_base_url.clone();
    let project = form.project_name.trim().to_owned();
    ok(state
        .db
        .transaction(move |conn| {
            let olympiad = olympiad_of_project(conn, &project)?;
            new.olympiad_id = olympiad.id;
            // Sending the form again adds nothing: the open expression is kept, the link sent again.
            let expression = match ExpressionOfInterest::open_by_email(
                conn,
                olympiad.id,
                &new.email,
                &new.kind,
            )? {
                Some(existing) => existing,
                None => ExpressionOfInterest::create(conn, &new)?,
            };
            if !expression.email_verified {
                queue_email(
                    conn,
                    &Email::InterestVerify {
                        to: Recipient {
                            email: expression.email.clone(),
                            name: format!("{} {}", expression.first_name, expression.last_name),
                            username: expression.email.clone(),
                        },
                        olympiad: olympiad.title.clone(),
                        link: format!("{base_url}/verify-email/{}", expression.verify_token),
                    },
                )?;
            }
            Ok(InterestReceived {
                id: expression.id,
                olympiad_title: olympiad.title,
                email: expression.email,
                email_verified: expression.email_verified,
            })
        })
        .await?)
}

/// A teacher's expression of interest from the public site; the address is then verified by the
/// link e-mailed to it. Rate-limited like sign-in.
#[utoipa::path(
    operation_id = "teacher_expression",
    tag = "interest",
    request_body = InterestForm,
    responses((status = 200, body = inline(crate::envelope::Envelope<InterestReceived>)), (status = 400, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody))
)]
#[post("/api/teacher/expression")]
pub async fn teacher_expression(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<InterestForm>,
) -> ApiResult<InterestReceived> {
    receive(&state, &req, body.into_inner(), InterestKind::Teacher).await
}

/// Someone else's expression of interest (a parent, a learner, a tutor).
#[utoipa::path(
    operation_id = "interest_create",
    tag = "interest",
    request_body = InterestForm,
    responses((status = 200, body = inline(crate::envelope::Envelope<InterestReceived>)), (status = 400, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody))
)]
#[post("/api/interest")]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<InterestForm>,
) -> ApiResult<InterestReceived> {
    receive(&state, &req, body.into_inner(), InterestKind::Other).await
}

/// The public site's teacher form: the same as `POST /api/teacher/expression`, by the spec's
/// public-site path.
#[utoipa::path(
    operation_id = "website_eoi",
    tag = "interest",
    request_body = InterestForm,
    responses((status = 200, body = inline(crate::envelope::Envelope<InterestReceived>)), (status = 400, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody))
)]
#[post("/api/website/eoi")]
pub async fn website_eoi(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<InterestForm>,
) -> ApiResult<InterestReceived> {
    receive(&state, &req, body.into_inner(), InterestKind::Teacher).await
}

/// The public site's form for anyone else: the same as `POST /api/interest`.
#[utoipa::path(
    operation_id = "website_other_interest",
    tag = "interest",
    request_body = InterestForm,
    responses((status = 200, body = inline(crate::envelope::Envelope<InterestReceived>)), (status = 400, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody))
)]
#[post("/api/website/other-interest")]
pub async fn website_other_interest(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<InterestForm>,
) -> ApiResult<InterestReceived> {
    receive(&state, &req, body.into_inner(), InterestKind::Other).await
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerified {
    pub first_name: String,
    pub olympiad_title: String,
}

/// Confirms the address of an expression of interest by the secret of its link (`{id}`).
#[utoipa::path(
    operation_id = "website_verify_email",
    tag = "interest",
    params(("id" = String, Path, description = "The secret of the link e-mailed to the address")),
    responses((status = 200, body = inline(crate::envelope::Envelope<EmailVerified>)), (status = 404, description = "The link names nothing (mistyped, or the expression was deleted)", body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody))
)]
#[post("/api/website/verify-email/{id}")]
pub async fn verify_email(
    state: web::Data<AppState>,
    req: HttpRequest,
    token: web::Path<String>,
) -> ApiResult<EmailVerified> {
    let address = client_address(&req);
    state
        .limits
        .check_signin(&format!("verify-email:{address}"), &address)?;
    let token = token.into_inner();
    let found = state
        .db
        .transaction(move |conn| {
            let Some(expression) = ExpressionOfInterest::verify(conn, &token)? else {
                return Ok(None);
            };
            let olympiad = Olympiad::find(conn, expression.olympiad_id)?;
            Ok(Some(EmailVerified {
                first_name: expression.first_name,
                olympiad_title: olympiad.title,
            }))
        })
        .await?;
    ok(found.ok_or_else(|| ApiError::not_found("This verification link"))?)
}
