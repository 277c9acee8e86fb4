//! E-mail: system e-mails' copy (emailer), mass mails and campaigns, the queue and its release,
//! the e-mail log, unsubscribes (with the one-click address of RFC 8058), bounces from the mail
//! provider's webhooks, shunned addresses, e-mail health and the School Emails Overview.

use crate::body::{read_file_part, Body};
use crate::caller::{Caller, MaybeCaller};
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::manifest::{Allowed::Public, Area, Kind, ADMIN_FUNDING, ADMIN_OR_OVERLORD, OVERLORD};
use crate::rate_limit::client_address;
use crate::routes::{upload_target, IdOf};
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{delete, get, post, put, web, HttpRequest};
use olympiad_domain::email::{normal_address, MailServers};
use olympiad_domain::id::{CampaignId, JobId, MassMailId, ShunnedEmailId};
use olympiad_office::email::bounces::{self, BounceIdQuery, BounceInput, BounceReceipt};
use olympiad_office::email::copy::{self, CopyInput, EmailPreview, EmailerQuery, SystemEmailView};
use olympiad_office::email::health::{self, EmailHealth, EmailHealthQuery, EmailQuery, Found};
use olympiad_office::email::mass_mails::{
    self, CampaignInput, CampaignView, MassMailInput, MassMailQuery, MassMailView, QueueOutcome,
};
use olympiad_office::email::queue::{
    self, EmailLogPath, OpenedEmail, QueuedEmailQuery, ReleaseBatchQuery, Released,
};
use olympiad_office::email::unsubscribes::{
    self, ResubscribeQuery, UnsubscribeInput, UnsubscribeLinkView, UnsubscribeListQuery,
};
use olympiad_persistence::models::{
    Bounce, Campaign, EmailLog, MassMail, QueuedEmail, SchoolReach, ShunnedEmail, Unsubscribe,
};
use serde::Deserialize;
use utoipa::IntoParams;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("email")
        .route(emailer_list, ADMIN_OR_OVERLORD)
        .route(email_health, Public)
        .route(email_health_link, Public)
        .beyond_schema("email must pass the server's e-mail check, stricter than the email format")
        .route(override_email_health, ADMIN_OR_OVERLORD)
        .beyond_schema("email must pass the server's e-mail check, stricter than the email format")
        .route(emailer_save, ADMIN_OR_OVERLORD)
        .unscoped("a kind of e-mail; the olympiad is the query's, checked")
        .route(emailer_reset, ADMIN_OR_OVERLORD)
        .unscoped("a kind of e-mail; the olympiad is the query's, checked")
        .route(emailer_preview, ADMIN_FUNDING)
        .unscoped("a kind of e-mail; nothing stored is read")
        .route(mass_mail_list, ADMIN_FUNDING)
        .route(mass_mail_create, ADMIN_FUNDING)
        .beyond_schema("campaignId must name a campaign, and only the overlord may mail every teacher")
        .route(mass_mail_get, ADMIN_FUNDING)
        .names(Kind::MassMail)
        .route(mass_mail_update, ADMIN_FUNDING)
        .names(Kind::MassMail)
        .route(mass_mail_delete, ADMIN_FUNDING)
        .names(Kind::MassMail)
        .route(mass_mail_test, ADMIN_FUNDING)
        .names(Kind::MassMail)
        .route(mass_mail_queue, ADMIN_FUNDING)
        .names(Kind::MassMail)
        .route(mass_mail_pause, ADMIN_FUNDING)
        .names(Kind::MassMail)
        .route(mass_mail_resume, ADMIN_FUNDING)
        .names(Kind::MassMail)
        .route(mass_mail_attach, ADMIN_FUNDING)
        .names(Kind::MassMail)
        .beyond_schema("the part must carry a Content-Type and a file name")
        .route(mass_mail_detach, ADMIN_FUNDING)
        .unscoped("the mass mail is found in reach as for POST …/attachment; a file not of it is 404")
        .route(campaign_list, OVERLORD)
        .route(campaign_create, OVERLORD)
        .route(campaign_delete, OVERLORD)
        .unscoped("overlord only")
        .route(queued_list, OVERLORD)
        .route(queued_unsent, OVERLORD)
        .route(queued_search, OVERLORD)
        .unscoped("overlord only")
        .route(queued_release_batch, ADMIN_FUNDING)
        .route(queued_release, OVERLORD)
        .unscoped("overlord only")
        .route(queued_get, OVERLORD)
        .unscoped("overlord only")
        .route(email_logs_search, ADMIN_OR_OVERLORD)
        .unscoped("a search term; staff search their own olympiad")
        .route(email_logs, ADMIN_OR_OVERLORD)
        .unscoped("the olympiad is checked as a query's olympiadId is (olympiad_scope)")
        .route(unsubscribe_list, ADMIN_FUNDING)
        .route(unsubscribe, Public)
        .beyond_schema("without a session, reference (an e-mail's link) is required; email and olympiadId are for staff")
        .route(resubscribe, Public)
        .beyond_schema("without a session, reference (an e-mail's link) is required")
        .route(unsubscribe_link, Public)
        .unscoped("public: the id is the e-mailed reference")
        .route(unsubscribe_one_click, Public)
        .unscoped("public: the id is the e-mailed reference")
        .beyond_schema("reference must be the signed reference of an e-mail's link")
        .route(bounce_list, OVERLORD)
        .route(bounce_delete, OVERLORD)
        .route(bounce_webhook, Public)
        .beyond_schema("X-Bounce-Secret must be the mail relay's secret")
        .route(bounce_ses, Public)
        .beyond_schema("X-Bounce-Secret must be the mail relay's secret")
        .route(bounce_dsn, Public)
        .beyond_schema("X-Bounce-Secret must be the mail relay's secret, which the fuzzer does not have")
        .route(shunned_list, OVERLORD)
        .route(shunned_forgive, OVERLORD)
        .unscoped("overlord only")
        .route(school_emails_overview, OVERLORD)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct KindPath {
    /// A kind of system e-mail (`password_reset`, …); `bulk` for a mass mail's preview.
    #[param(max_length = 60)]
    pub kind: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct TermPath {
    #[param(min_length = 1, max_length = 254)]
    pub term: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct ReferencePath {
    /// The reference of an e-mail's unsubscribe link.
    #[param(min_length = 1, max_length = 100)]
    pub id: String,
}

// System e-mails' copy

#[utoipa::path(tag = "email", params(EmailerQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SystemEmailView>>))))]
#[get("/api/emailer")]
pub async fn emailer_list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EmailerQuery>,
) -> ApiResult<Vec<SystemEmailView>> {
    state
        .answer(move |conn| copy::list(conn, &caller, &query))
        .await
}

#[utoipa::path(tag = "email", params(KindPath, EmailerQuery), request_body = CopyInput, responses((status = 200, body = inline(crate::envelope::Envelope<SystemEmailView>))))]
#[put("/api/emailer/{kind}")]
pub async fn emailer_save(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<KindPath>,
    query: web::Query<EmailerQuery>,
    body: Body<CopyInput>,
) -> ApiResult<SystemEmailView> {
    let input = body.into_inner();
    state
        .answer(move |conn| copy::save(conn, &caller, &path.kind, &query, &input))
        .await
}

#[utoipa::path(tag = "email", params(KindPath, EmailerQuery), responses((status = 200, body = inline(crate::envelope::Envelope<SystemEmailView>))))]
#[delete("/api/emailer/{kind}")]
pub async fn emailer_reset(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<KindPath>,
    query: web::Query<EmailerQuery>,
) -> ApiResult<SystemEmailView> {
    state
        .answer(move |conn| copy::reset(conn, &caller, &path.kind, &query))
        .await
}

#[utoipa::path(tag = "email", params(KindPath), request_body = CopyInput, responses((status = 200, body = inline(crate::envelope::Envelope<EmailPreview>))))]
#[post("/api/emailer/{kind}/preview")]
pub async fn emailer_preview(
    path: web::Path<KindPath>,
    body: Body<CopyInput>,
) -> ApiResult<EmailPreview> {
    ok(copy::preview(&path.kind, &body)?)
}

// E-mail health

/// An address's health. Staff see any address's; anyone else only the address a link was mailed
/// to (its `token`, from `POST /api/emailer/email-health/link`), so that nobody learns whether a
/// stranger's mail bounces or whether they unsubscribed; for them nothing is looked up or kept.
#[utoipa::path(tag = "email", params(EmailHealthQuery), responses((status = 200, body = inline(crate::envelope::Envelope<EmailHealth>)), (status = 403, description = "Neither staff nor the token of a link mailed to the address", body = crate::error::ErrorBody), (status = 429, description = "Too many checks from this client", body = crate::error::ErrorBody)))]
#[get("/api/emailer/email-health")]
pub async fn email_health(
    caller: MaybeCaller,
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<EmailHealthQuery>,
) -> ApiResult<EmailHealth> {
    let staff = caller
        .0
        .as_ref()
        .is_some_and(|c| c.role.is_olympiad_staff() || c.role.is_global());
    if !staff {
        let client = client_address(&req);
        state
            .limits
            .check_signin(&format!("email-health:{client}"), &client)
            .await?;
        let email = normal_address(&query.email);
        let opened = query
            .token
            .as_deref()
            .is_some_and(|token| state.tokens.is_address_check_of(token, &email));
        if !opened {
            return Err(ApiError::forbidden(
                "Only whoever reads this address sees its health: ask for the link we e-mail to it.",
            ));
        }
    }
    let query = query.into_inner();
    // The mail servers are looked up first, with no database connection held while the
    // resolver takes its time; without a resolver (DNS_RESOLVER) they are "unknown".
    let found = match state.config.dns_resolver.clone() {
        Some(resolver) => {
            let email = query.email.clone();
            let do_not_recheck = query.do_not_recheck;
            let domain = state
                .db
                .office(move |conn| {
                    health::domain_to_look_up(
                        conn,
                        &EmailHealthQuery {
                            email,
                            do_not_recheck,
                            token: None,
                        },
                    )
                })
                .await?;
            match domain {
                Some(domain) => web::block(move || resolver.mail_servers(&domain))
                    .await
                    .map_err(ApiError::internal)?,
                None => MailServers::Unknown,
            }
        }
        None => MailServers::Unknown,
    };
    state
        .answer(move |conn| health::email_health(conn, &query, &Found(found)))
        .await
}

/// Mails a link to the address's health to the address itself (a day long); answers the same
/// whatever the address, and looks nothing up. Counted per client and per address like sign-in,
/// at most one link an hour to an address, and within the hourly ceiling of the public site's mail.
#[utoipa::path(tag = "email", params(EmailQuery), responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 429, description = "Too many links asked for", body = crate::error::ErrorBody)))]
#[post("/api/emailer/email-health/link")]
pub async fn email_health_link(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<EmailQuery>,
) -> ApiResult<bool> {
    let client = client_address(&req);
    state
        .limits
        .check_signin(&format!("email-health-link:{client}"), &client)
        .await?;
    let email = health::checked_address(&query)?;
    let token = state.tokens.issue_address_check(&email)?;
    let link = format!(
        "{}/email-validation-page?email={}&token={token}",
        state.config.public_base_url,
        query_value(&email)
    );
    state
        .answer_done(move |conn| health::mail_check_link(conn, &query, &link))
        .await
}

/// `text` as the value of a query parameter: every byte but letters, digits and `-._~` escaped.
fn query_value(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            b => format!("%{b:02X}"),
        })
        .collect()
}

#[utoipa::path(tag = "email", params(EmailQuery), responses((status = 200, body = inline(crate::envelope::Envelope<EmailHealth>))))]
#[post("/api/emailer/override-email-health")]
pub async fn override_email_health(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EmailQuery>,
) -> ApiResult<EmailHealth> {
    state
        .answer(move |conn| health::override_health(conn, &caller, &query))
        .await
}

// Mass mails and campaigns

#[utoipa::path(tag = "email", params(MassMailQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<MassMailView>>))))]
#[get("/api/mass-mail")]
pub async fn mass_mail_list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MassMailQuery>,
) -> ApiResult<Vec<MassMailView>> {
    state
        .answer(move |conn| mass_mails::list(conn, &caller, &query))
        .await
}

#[utoipa::path(tag = "email", request_body = MassMailInput, responses((status = 200, body = inline(crate::envelope::Envelope<MassMailView>))))]
#[post("/api/mass-mail")]
pub async fn mass_mail_create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<MassMailInput>,
) -> ApiResult<MassMailView> {
    let input = body.into_inner();
    state
        .answer(move |conn| mass_mails::create(conn, &caller, &input))
        .await
}

#[utoipa::path(tag = "email", params(IdOf<MassMailId>), responses((status = 200, body = inline(crate::envelope::Envelope<MassMailView>))))]
#[get("/api/mass-mail/{id}")]
pub async fn mass_mail_get(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<MassMailId>>,
) -> ApiResult<MassMailView> {
    state
        .answer(move |conn| mass_mails::get(conn, &caller, path.id))
        .await
}

#[utoipa::path(tag = "email", params(IdOf<MassMailId>), request_body = MassMailInput, responses((status = 200, body = inline(crate::envelope::Envelope<MassMailView>)), (status = 409, description = "Not allowed in the state the mass mail or e-mail is in", body = crate::error::ErrorBody)))]
#[put("/api/mass-mail/{id}")]
pub async fn mass_mail_update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<MassMailId>>,
    body: Body<MassMailInput>,
) -> ApiResult<MassMailView> {
    let input = body.into_inner();
    state
        .answer(move |conn| mass_mails::update(conn, &caller, path.id, &input))
        .await
}

#[utoipa::path(tag = "email", params(IdOf<MassMailId>), responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, description = "Not allowed in the state the mass mail or e-mail is in", body = crate::error::ErrorBody)))]
#[delete("/api/mass-mail/{id}")]
pub async fn mass_mail_delete(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<MassMailId>>,
) -> ApiResult<bool> {
    let id = path.id;
    let files = state.config.files.clone();
    state
        .answer_done(move |conn| mass_mails::delete(conn, &caller, id, &files))
        .await
}

#[utoipa::path(tag = "email", params(IdOf<MassMailId>), responses((status = 200, body = inline(crate::envelope::Envelope<QueueOutcome>)), (status = 409, description = "Not allowed in the state the mass mail or e-mail is in", body = crate::error::ErrorBody)))]
#[post("/api/mass-mail/{id}/test")]
pub async fn mass_mail_test(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<MassMailId>>,
) -> ApiResult<QueueOutcome> {
    let base = state.config.public_base_url.clone();
    state
        .answer(move |conn| mass_mails::test_send(conn, &caller, path.id, &base))
        .await
}

#[utoipa::path(tag = "email", params(IdOf<MassMailId>), responses((status = 200, body = inline(crate::envelope::Envelope<QueueOutcome>)), (status = 409, description = "Not allowed in the state the mass mail or e-mail is in", body = crate::error::ErrorBody)))]
#[post("/api/mass-mail/{id}/queue")]
pub async fn mass_mail_queue(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<MassMailId>>,
) -> ApiResult<QueueOutcome> {
    let base = state.config.public_base_url.clone();
    state
        .answer(move |conn| mass_mails::queue(conn, &caller, path.id, &base))
        .await
}

#[utoipa::path(tag = "email", params(IdOf<MassMailId>), responses((status = 200, body = inline(crate::envelope::Envelope<MassMailView>)), (status = 409, description = "Not allowed in the state the mass mail or e-mail is in", body = crate::error::ErrorBody)))]
#[post("/api/mass-mail/{id}/pause")]
pub async fn mass_mail_pause(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<MassMailId>>,
) -> ApiResult<MassMailView> {
    state
        .answer(move |conn| mass_mails::pause(conn, &caller, path.id))
        .await
}

#[utoipa::path(tag = "email", params(IdOf<MassMailId>), responses((status = 200, body = inline(crate::envelope::Envelope<MassMailView>)), (status = 409, description = "Not allowed in the state the mass mail or e-mail is in", body = crate::error::ErrorBody)))]
#[post("/api/mass-mail/{id}/resume")]
pub async fn mass_mail_resume(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<MassMailId>>,
) -> ApiResult<MassMailView> {
    state
        .answer(move |conn| mass_mails::resume(conn, &caller, path.id))
        .await
}

/// Multipart with one part named `file`: a PDF or a picture (judged by its content), at most 2 MB,
/// at most three to a mass mail and 5 MB together; a draft's only.
#[utoipa::path(
    tag = "email",
    params(IdOf<MassMailId>),
    request_body(content_type = "multipart/form-data", description = "One part named `file`"),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<MassMailView>)),
        (status = 409, description = "Not a draft, or it carries three files already", body = crate::error::ErrorBody),
        (status = 413, description = "Larger than the upload limit", body = crate::error::ErrorBody),
        (status = 415, description = "Not a PDF or a picture", body = crate::error::ErrorBody)
    )
)]
#[post("/api/mass-mail/{id}/attachment")]
pub async fn mass_mail_attach(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<MassMailId>>,
    parts: Multipart,
) -> ApiResult<MassMailView> {
    let id = upload_target::<MassMail>(&state, &caller, path.id).await?;
    // Read with a margin over the largest file, so that one too large is named as such.
    let limit = olympiad_domain::email::MASS_MAIL_MAX_FILE_BYTES + 64 * 1024;
    let (name, bytes) = read_file_part(parts, limit).await?;
    let files = state.config.files.clone();
    state
        .answer(move |conn| mass_mails::attach(conn, &caller, id, &name, &bytes, &files))
        .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
pub struct MassMailFilePath {
    #[param(value_type = i64, minimum = 1)]
    pub id: MassMailId,
    /// The mass mail's own record of the file (not the olympiad's attachment).
    #[param(minimum = 1)]
    pub attachment_id: i64,
}

#[utoipa::path(tag = "email", params(MassMailFilePath), responses((status = 200, body = inline(crate::envelope::Envelope<MassMailView>)), (status = 409, description = "Not a draft", body = crate::error::ErrorBody)))]
#[delete("/api/mass-mail/{id}/attachment/{attachmentId}")]
pub async fn mass_mail_detach(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<MassMailFilePath>,
) -> ApiResult<MassMailView> {
    let (id, attachment_id) = (path.id, path.attachment_id);
    let files = state.config.files.clone();
    state
        .answer(move |conn| mass_mails::detach(conn, &caller, id, attachment_id, &files))
        .await
}

#[utoipa::path(tag = "email", responses((status = 200, body = inline(crate::envelope::Envelope<Vec<CampaignView>>))))]
#[get("/api/campaign")]
pub async fn campaign_list(state: web::Data<AppState>) -> ApiResult<Vec<CampaignView>> {
    state.answer(mass_mails::campaigns).await
}

#[utoipa::path(tag = "email", request_body = CampaignInput, responses((status = 200, body = inline(crate::envelope::Envelope<Campaign>))))]
#[post("/api/campaign")]
pub async fn campaign_create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CampaignInput>,
) -> ApiResult<Campaign> {
    let input = body.into_inner();
    state
        .answer(move |conn| mass_mails::create_campaign(conn, &caller, &input))
        .await
}

#[utoipa::path(tag = "email", params(IdOf<CampaignId>), responses((status = 200, body = inline(crate::envelope::Envelope<bool>))))]
#[delete("/api/campaign/{id}")]
pub async fn campaign_delete(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<CampaignId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| mass_mails::delete_campaign(conn, &caller, path.id))
        .await
}

// The queue

#[utoipa::path(tag = "email", params(QueuedEmailQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<QueuedEmail>>))))]
#[get("/api/queued-email")]
pub async fn queued_list(
    state: web::Data<AppState>,
    query: web::Query<QueuedEmailQuery>,
) -> ApiResult<Vec<QueuedEmail>> {
    let (unsent, mass_mail) = (!query.all.unwrap_or(false), query.mass_mail_id);
    state
        .answer(move |conn| queue::list(conn, unsent, None, mass_mail))
        .await
}

#[utoipa::path(tag = "email", responses((status = 200, body = inline(crate::envelope::Envelope<Vec<QueuedEmail>>))))]
#[get("/api/queued-email/unsent")]
pub async fn queued_unsent(state: web::Data<AppState>) -> ApiResult<Vec<QueuedEmail>> {
    state
        .answer(move |conn| queue::list(conn, true, None, None))
        .await
}

#[utoipa::path(tag = "email", params(TermPath), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<QueuedEmail>>))))]
#[get("/api/queued-email/search/{term}")]
pub async fn queued_search(
    state: web::Data<AppState>,
    path: web::Path<TermPath>,
) -> ApiResult<Vec<QueuedEmail>> {
    state
        .answer(move |conn| queue::list(conn, false, Some(&path.term), None))
        .await
}

/// An e-mail of the queue, opened: where it stands, and its message with every link that carries
/// the addressee's secret hidden.
#[utoipa::path(tag = "email", params(IdOf<JobId>), responses((status = 200, body = inline(crate::envelope::Envelope<OpenedEmail>))))]
#[get("/api/queued-email/{id}")]
pub async fn queued_get(
    state: web::Data<AppState>,
    path: web::Path<IdOf<JobId>>,
) -> ApiResult<OpenedEmail> {
    state.answer(move |conn| queue::get(conn, path.id)).await
}

#[utoipa::path(tag = "email", params(IdOf<JobId>), responses((status = 200, body = inline(crate::envelope::Envelope<QueuedEmail>)), (status = 409, description = "Not allowed in the state the mass mail or e-mail is in", body = crate::error::ErrorBody)))]
#[post("/api/queued-email/release/{id}")]
pub async fn queued_release(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<JobId>>,
) -> ApiResult<QueuedEmail> {
    state
        .answer(move |conn| queue::release_one(conn, &caller, path.id))
        .await
}

#[utoipa::path(tag = "email", params(ReleaseBatchQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Released>)), (status = 409, description = "Not allowed in the state the mass mail or e-mail is in", body = crate::error::ErrorBody)))]
#[post("/api/queued-email/release-batch")]
pub async fn queued_release_batch(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ReleaseBatchQuery>,
) -> ApiResult<Released> {
    state
        .answer(move |conn| queue::release_batch(conn, &caller, &query))
        .await
}

// The e-mail log

#[utoipa::path(tag = "email", params(TermPath), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<EmailLog>>))))]
#[get("/api/email-logs/search/{term}")]
pub async fn email_logs_search(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<TermPath>,
) -> ApiResult<Vec<EmailLog>> {
    state
        .answer(move |conn| queue::search_logs(conn, &caller, &path.term))
        .await
}

#[utoipa::path(tag = "email", params(EmailLogPath), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<EmailLog>>))))]
#[get("/api/email-logs/{olympiadId}/{toShow}")]
pub async fn email_logs(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<EmailLogPath>,
) -> ApiResult<Vec<EmailLog>> {
    state
        .answer(move |conn| queue::logs(conn, &caller, &path))
        .await
}

// Unsubscribes

#[utoipa::path(tag = "email", params(UnsubscribeListQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Unsubscribe>>))))]
#[get("/api/unsubscribe")]
pub async fn unsubscribe_list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<UnsubscribeListQuery>,
) -> ApiResult<Vec<Unsubscribe>> {
    state
        .answer(move |conn| unsubscribes::list(conn, &caller, &query))
        .await
}

#[utoipa::path(tag = "email", request_body = UnsubscribeInput, responses((status = 200, body = inline(crate::envelope::Envelope<UnsubscribeLinkView>))))]
#[post("/api/unsubscribe")]
pub async fn unsubscribe(
    caller: MaybeCaller,
    state: web::Data<AppState>,
    body: Body<UnsubscribeInput>,
) -> ApiResult<UnsubscribeLinkView> {
    let input = body.into_inner();
    state
        .answer(move |conn| unsubscribes::unsubscribe(conn, caller.0.as_deref(), &input))
        .await
}

#[utoipa::path(tag = "email", params(ResubscribeQuery), responses((status = 200, body = inline(crate::envelope::Envelope<usize>))))]
#[post("/api/unsubscribe/resubscribe")]
pub async fn resubscribe(
    caller: MaybeCaller,
    state: web::Data<AppState>,
    query: web::Query<ResubscribeQuery>,
) -> ApiResult<usize> {
    state
        .answer(move |conn| unsubscribes::resubscribe(conn, caller.0.as_deref(), &query))
        .await
}

#[utoipa::path(tag = "email", params(ReferencePath), responses((status = 200, body = inline(crate::envelope::Envelope<UnsubscribeLinkView>))))]
#[get("/api/unsubscribe/{id}")]
pub async fn unsubscribe_link(
    state: web::Data<AppState>,
    path: web::Path<ReferencePath>,
) -> ApiResult<UnsubscribeLinkView> {
    state
        .answer(move |conn| unsubscribes::show(conn, &path.id))
        .await
}

/// The one-click unsubscribe of RFC 8058: mailbox providers post `List-Unsubscribe=One-Click`
/// (form-encoded) to the address of the `List-Unsubscribe` header; the body is not needed.
#[utoipa::path(tag = "email", params(ReferencePath), responses((status = 200, body = inline(crate::envelope::Envelope<UnsubscribeLinkView>))))]
#[post("/api/unsubscribe/{id}")]
pub async fn unsubscribe_one_click(
    state: web::Data<AppState>,
    path: web::Path<ReferencePath>,
) -> ApiResult<UnsubscribeLinkView> {
    state
        .answer(move |conn| unsubscribes::one_click(conn, &path.id))
        .await
}

// Bounces and shunned addresses

#[utoipa::path(tag = "email", responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Bounce>>))))]
#[get("/api/bounce")]
pub async fn bounce_list(state: web::Data<AppState>) -> ApiResult<Vec<Bounce>> {
    state.answer(bounces::list).await
}

#[utoipa::path(tag = "email", params(BounceIdQuery), responses((status = 200, body = inline(crate::envelope::Envelope<bool>))))]
#[delete("/api/bounce")]
pub async fn bounce_delete(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<BounceIdQuery>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| bounces::delete(conn, &caller, query.id))
        .await
}

/// The webhook's shared secret: `X-Bounce-Secret`, or the password of HTTP basic
/// authentication (SNS sends that when the endpoint is `https://user:secret@host/…`).
fn given_secret(req: &HttpRequest) -> Option<String> {
    use base64::Engine;
    let headers = req.headers();
    if let Some(secret) = headers.get("x-bounce-secret").and_then(|v| v.to_str().ok()) {
        return Some(secret.to_owned());
    }
    let basic = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())?
        .strip_prefix("Basic ")?;
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(basic.trim())
        .ok()?;
    let text = String::from_utf8(decoded).ok()?;
    text.split_once(':')
        .map(|(_, password)| password.to_owned())
}

fn check_secret(state: &AppState, req: &HttpRequest) -> Result<(), ApiError> {
    Ok(bounces::check_secret(
        state.config.bounce_webhook_secret.as_deref(),
        given_secret(req).as_deref(),
    )?)
}

#[utoipa::path(tag = "email", request_body = BounceInput, responses((status = 200, body = inline(crate::envelope::Envelope<BounceReceipt>))))]
#[post("/api/bounce/webhook")]
pub async fn bounce_webhook(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Body<BounceInput>,
) -> ApiResult<BounceReceipt> {
    check_secret(&state, &req)?;
    let input = body.into_inner();
    state
        .answer(move |conn| bounces::receive_json(conn, &input))
        .await
}

/// Amazon SES through SNS (SNS posts JSON as `text/plain`), its signature verified with Amazon's
/// certificate (a 400 naming `Signature` when it does not verify).
#[utoipa::path(tag = "email", request_body(content = String, content_type = "text/plain"), responses((status = 200, body = inline(crate::envelope::Envelope<BounceReceipt>))))]
#[post("/api/bounce/ses")]
pub async fn bounce_ses(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: String,
) -> ApiResult<BounceReceipt> {
    check_secret(&state, &req)?;
    // A message whose signature does not verify changes nothing; it is logged for the overlord.
    if let Err(why) = state.config.sns_certificates.verify(&body).await {
        log::warn!("an SNS message to the bounce endpoint was refused: {why}");
        let note = why.clone();
        state
            .db
            .office(move |conn| bounces::note_refused_sns(conn, &note))
            .await?;
        return Err(ApiError::from(olympiad_office::OfficeError::invalid(
            "Signature",
            format!("does not verify: {why}"),
        )));
    }
    let topics = state.config.ses_sns_topics.clone();
    state
        .answer(move |conn| bounces::receive_sns(conn, &body, &topics))
        .await
}

/// A returned message (delivery status notification, RFC 3464) as the mail server received it.
#[utoipa::path(tag = "email", request_body(content = String, content_type = "text/plain"), responses((status = 200, body = inline(crate::envelope::Envelope<BounceReceipt>))))]
#[post("/api/bounce/dsn")]
pub async fn bounce_dsn(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: String,
) -> ApiResult<BounceReceipt> {
    check_secret(&state, &req)?;
    state
        .answer(move |conn| bounces::receive_dsn(conn, &body))
        .await
}

#[utoipa::path(tag = "email", responses((status = 200, body = inline(crate::envelope::Envelope<Vec<ShunnedEmail>>))))]
#[get("/api/shunned-email")]
pub async fn shunned_list(state: web::Data<AppState>) -> ApiResult<Vec<ShunnedEmail>> {
    state.answer(bounces::shunned).await
}

#[utoipa::path(tag = "email", params(IdOf<ShunnedEmailId>), responses((status = 200, body = inline(crate::envelope::Envelope<bool>))))]
#[delete("/api/shunned-email/{id}")]
pub async fn shunned_forgive(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ShunnedEmailId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| bounces::forgive(conn, &caller, path.id))
        .await
}

#[utoipa::path(tag = "email", responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SchoolReach>>))))]
#[get("/api/school-emails-overview")]
pub async fn school_emails_overview(state: web::Data<AppState>) -> ApiResult<Vec<SchoolReach>> {
    state
        .answer(|conn| Ok(olympiad_persistence::models::school_reach(conn)?))
        .await
}
