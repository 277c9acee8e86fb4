//! Payments: purchase orders, their invoices, the public payment page, PayFast's
//! ITN callback, bank-statement reconciliation and the Payments Dashboard.

use crate::body::{read_file_part, Body};
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::{download, GridQuery};
use crate::manifest::{
    Allowed::Public, Area, Kind, ADMIN_FUNDING, ADMIN_OR_OVERLORD, FINANCE, FINANCE_OR_TEAM,
    TEACHER,
};
use crate::rate_limit::{client_address, Bucket};
use crate::routes::{upload_target, IdOf};
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use olympiad_domain::id::{PaymentProofId, PurchaseOrderId, SchoolParticipantId};
use olympiad_domain::payments::Fees;
use olympiad_domain::payments::{parse_form, payfast_itn_string, OrderStatus, StatementMatch};
use olympiad_office::payment_proofs::{self, PROOF_LIMIT_BYTES};
use olympiad_office::payments::{
    self, AdminDeleteQuery, ConfirmMatches, CreateOrderQuery, DiscountQuery, FeesInput,
    InvoiceQuery, ItnOutcome, MyCountry, OlympiadQuery, OrderDetail, OrderListQuery, PayPage,
    PaymentsDashboard, SchoolPoQuery, SponsorQuery, StatusQuery,
};
use olympiad_persistence::models::{
    Olympiad, Paged, PaymentProof, PurchaseOrder, PurchaseOrderRow,
};
use serde::Deserialize;
use utoipa::IntoParams;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("payments")
        .route(list, FINANCE_OR_TEAM)
        .route(dashboard, ADMIN_OR_OVERLORD)
        .route(set_fees, ADMIN_OR_OVERLORD)
        .beyond_schema("the late fee is bounded and must not be below the normal fee")
        .route(match_statement, FINANCE)
        .beyond_schema("the file must be a bank statement (CSV or XLSX)")
        .route(confirm_matches, FINANCE)
        .beyond_schema("each matched line's amount must be its order's total")
        .route(set_school_po, FINANCE_OR_TEAM)
        .names(Kind::PurchaseOrder)
        .route(set_discount, FINANCE)
        .names(Kind::PurchaseOrder)
        .route(set_sponsored, ADMIN_FUNDING)
        .names(Kind::PurchaseOrder)
        .route(my_countries, TEACHER)
        .route(send_discount_email, FINANCE)
        .names(Kind::PurchaseOrder)
        .route(admin_delete, FINANCE)
        .names(Kind::PurchaseOrder)
        .route(create, FINANCE_OR_TEAM)
        .route(invoice, FINANCE_OR_TEAM)
        .names(Kind::PurchaseOrder)
        .route(issue_invoice, FINANCE_OR_TEAM)
        .names(Kind::PurchaseOrder)
        .route(get_order, FINANCE_OR_TEAM)
        .names(Kind::PurchaseOrder)
        .route(set_status, FINANCE)
        .names(Kind::PurchaseOrder)
        .route(withdraw, FINANCE_OR_TEAM)
        .names(Kind::PurchaseOrder)
        .route(pay_page, Public)
        .unscoped("public: the token is the payment link's secret")
        .route(pay_invoice, Public)
        .unscoped("public: the token is the payment link's secret")
        .route(pay_issue_invoice, Public)
        .unscoped("public: the token is the payment link's secret")
        .route(payfast_itn, Public)
        .route(upload_proof, FINANCE_OR_TEAM)
        .names(Kind::PurchaseOrder)
        .beyond_schema("the part must be a PDF or an image")
        .route(proof_file, FINANCE_OR_TEAM)
        .names(Kind::PurchaseOrder)
        .route(accept_proof, FINANCE)
        .names(Kind::PurchaseOrder)
}

/// A bank statement is a few thousand lines; 2 MB is plenty.
const STATEMENT_LIMIT_BYTES: usize = 2 * 1024 * 1024;

fn pdf(file: payments::InvoiceFile) -> HttpResponse {
    download(file.bytes, "application/pdf", &file.file_name)
}

/// Purchase orders: the Payment Portal's grid (staff), or a teacher's own school's orders.
#[utoipa::path(
    operation_id = "purchase_order_list",
    tag = "payments",
    params(OrderListQuery, GridQuery),
    responses((status = 200, description = "A page of orders, or with `format` a file", body = inline(crate::envelope::Envelope<Paged<PurchaseOrderRow>>)))
)]
#[get("/api/purchase-order")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OrderListQuery>,
    grid: web::Query<GridQuery>,
) -> ApiResult<Paged<PurchaseOrderRow>> {
    let (query, asked) = (query.into_inner(), grid.grid()?);
    state
        .answer(move |conn| payments::list(conn, &caller, &query, asked))
        .await
}

/// The Payments Dashboard: totals owed, paid and pre-approved, by province and by month.
#[utoipa::path(
    operation_id = "purchase_order_dashboard",
    tag = "payments",
    params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<PaymentsDashboard>)))
)]
#[get("/api/purchase-order/dashboard")]
pub async fn dashboard(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<PaymentsDashboard> {
    state
        .answer(move |conn| payments::dashboard(conn, &caller, query.olympiad_id))
        .await
}

/// Sets what the olympiad charges per learner, and its VAT rate.
#[utoipa::path(
    operation_id = "purchase_order_set_fees",
    tag = "payments",
    params(OlympiadQuery),
    request_body = FeesInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<Fees>)))
)]
#[put("/api/purchase-order/fees")]
pub async fn set_fees(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
    body: Body<FeesInput>,
) -> ApiResult<Fees> {
    let input = body.into_inner();
    state
        .answer(move |conn| payments::set_fees(conn, &caller, query.olympiad_id, &input))
        .await
}

#[utoipa::path(
    operation_id = "purchase_order_get",
    tag = "payments",
    params(IdOf<PurchaseOrderId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)))
)]
#[get("/api/purchase-order/{id}")]
pub async fn get_order(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
) -> ApiResult<OrderDetail> {
    state
        .answer(move |conn| payments::detail(conn, &caller, path.id))
        .await
}

/// Makes the entry's order from its learners (fields in the query, as the spec says); an entry
/// with an order already gets that one.
#[utoipa::path(
    operation_id = "purchase_order_create",
    tag = "payments",
    params(CreateOrderQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)))
)]
#[post("/api/purchase-order")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<CreateOrderQuery>,
) -> ApiResult<OrderDetail> {
    let query = query.into_inner();
    state
        .answer(move |conn| payments::create(conn, &caller, &query))
        .await
}

/// `status=paid` gives paid and not pre-approved; `pre` pre-approved and not paid; `unpaid`
/// neither. A change the state machine forbids answers 409.
#[utoipa::path(
    operation_id = "purchase_order_set_status",
    tag = "payments",
    params(IdOf<PurchaseOrderId>, StatusQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)), (status = 409, body = crate::error::ErrorBody))
)]
#[put("/api/purchase-order/{id}")]
pub async fn set_status(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
    query: web::Query<StatusQuery>,
) -> ApiResult<OrderDetail> {
    let (id, status, customer) = (path.id, query.status, query.customer_participant_id);
    if status == OrderStatus::Delete {
        return Err(ApiError::from(olympiad_office::OfficeError::invalid(
            "status",
            "use DELETE /api/purchase-order/admin/{id} to delete",
        )));
    }
    state
        .answer(move |conn| payments::set_status(conn, &caller, id, status, customer))
        .await
}

/// Deletion by the office: the order leaves the list (and stays in the database; `fetchDeleted`
/// shows it); its live invoice is cancelled by a credit note. A paid order is not deleted (409).
#[utoipa::path(
    operation_id = "purchase_order_admin_delete",
    tag = "payments",
    params(IdOf<PurchaseOrderId>, AdminDeleteQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/purchase-order/admin/{id}")]
pub async fn admin_delete(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
    query: web::Query<AdminDeleteQuery>,
) -> ApiResult<OrderDetail> {
    let (id, customer) = (path.id, query.customer_participant_id);
    if query.status.is_some_and(|s| s != OrderStatus::Delete) {
        return Err(ApiError::from(olympiad_office::OfficeError::invalid(
            "status",
            "must be delete",
        )));
    }
    state
        .answer(move |conn| payments::set_status(conn, &caller, id, OrderStatus::Delete, customer))
        .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WithdrawQuery {
    #[param(value_type = Option<i64>, minimum = 1)]
    pub school_participant_id: Option<SchoolParticipantId>,
}

/// A team admin takes back their school's order while it is neither paid nor pre-approved.
#[utoipa::path(
    operation_id = "purchase_order_withdraw",
    tag = "payments",
    params(IdOf<PurchaseOrderId>, WithdrawQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/purchase-order/{id}")]
pub async fn withdraw(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
    query: web::Query<WithdrawQuery>,
) -> ApiResult<OrderDetail> {
    let entry = query.school_participant_id;
    state
        .answer(move |conn| payments::withdraw(conn, &caller, path.id, entry))
        .await
}

#[utoipa::path(
    operation_id = "purchase_order_set_school_po",
    tag = "payments",
    params(IdOf<PurchaseOrderId>, SchoolPoQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)), (status = 409, body = crate::error::ErrorBody))
)]
#[put("/api/purchase-order/set-school-po/{id}")]
pub async fn set_school_po(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
    query: web::Query<SchoolPoQuery>,
) -> ApiResult<OrderDetail> {
    let po = query.into_inner().schools_po;
    state
        .answer(move |conn| payments::set_school_po(conn, &caller, path.id, &po))
        .await
}

/// Learners without charge on an order, with the reason; the amounts follow.
#[utoipa::path(
    operation_id = "purchase_order_set_discount",
    tag = "payments",
    params(IdOf<PurchaseOrderId>, DiscountQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)), (status = 409, body = crate::error::ErrorBody))
)]
#[put("/api/purchase-order/set-num-learners-discount/{id}")]
pub async fn set_discount(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
    query: web::Query<DiscountQuery>,
) -> ApiResult<OrderDetail> {
    let query = query.into_inner();
    state
        .answer(move |conn| payments::set_discount(conn, &caller, path.id, &query))
        .await
}

/// E-mails the entry's contact the discount and the amount now due.
#[utoipa::path(
    operation_id = "purchase_order_send_discount_email",
    tag = "payments",
    params(IdOf<PurchaseOrderId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, body = crate::error::ErrorBody))
)]
#[put("/api/purchase-order/send-discount-email/{id}")]
pub async fn send_discount_email(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
) -> ApiResult<bool> {
    let id = path.id;
    let settings = state.config.payments.clone();
    state
        .answer(move |conn| payments::send_discount_email(conn, &caller, id, &settings))
        .await
}

/// Draws the PDF of an invoice gathered by `gather` (off the request's thread).
async fn invoice_pdf(
    state: &AppState,
    gather: impl FnOnce(
            &mut olympiad_persistence::DbConnection,
        ) -> olympiad_office::OfficeResult<payments::InvoiceToDraw>
        + Send
        + 'static,
) -> Result<HttpResponse, ApiError> {
    let sheet = state.db.office(gather).await?;
    let file = web::block(move || sheet.draw())
        .await
        .map_err(ApiError::internal)?;
    Ok(pdf(file))
}

/// An invoice the order has, as PDF: its live tax invoice, or an earlier invoice or credit note
/// of it. Issues nothing (404 while none is issued): `POST` issues.
#[utoipa::path(
    operation_id = "purchase_order_invoice",
    tag = "payments",
    params(IdOf<PurchaseOrderId>, InvoiceQuery),
    responses((status = 200, description = "The invoice (PDF)", content_type = "application/pdf", body = Vec<u8>), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/purchase-order/{id}/invoice")]
pub async fn invoice(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
    query: web::Query<InvoiceQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, query) = (path.id, query.into_inner());
    let settings = state.config.payments.clone();
    invoice_pdf(&state, move |conn| {
        payments::invoice(conn, &caller, id, &query, &settings)
    })
    .await
}

/// The order's current tax invoice as PDF, issued now when the order has none that says what it
/// says (the previous one cancelled by a credit note, the new one e-mailed at most once a day).
#[utoipa::path(
    operation_id = "purchase_order_issue_invoice",
    tag = "payments",
    params(IdOf<PurchaseOrderId>),
    responses((status = 200, description = "The invoice (PDF)", content_type = "application/pdf", body = Vec<u8>), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/purchase-order/{id}/invoice")]
pub async fn issue_invoice(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id;
    let settings = state.config.payments.clone();
    invoice_pdf(&state, move |conn| {
        payments::issue_invoice(conn, &caller, id, &settings)
    })
    .await
}

/// Reads a bank statement (CSV or XLSX) and matches its credits to unpaid orders by reference and
/// amount. Changes nothing: the accountant confirms each match.
#[utoipa::path(
    operation_id = "purchase_order_match_statement",
    tag = "payments",
    params(OlympiadQuery),
    request_body(content_type = "multipart/form-data", description = "One part named `file`: the statement as CSV or XLSX, with Date, Description and Amount columns"),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<StatementMatch>>)), (status = 413, body = crate::error::ErrorBody))
)]
#[post("/api/purchase-order/reconcile/preview")]
pub async fn match_statement(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
    parts: Multipart,
) -> ApiResult<Vec<StatementMatch>> {
    let olympiad_id = upload_target::<Olympiad>(&state, &caller, query.olympiad_id).await?;
    let (_, bytes) = read_file_part(parts, STATEMENT_LIMIT_BYTES).await?;
    let lines = web::block(move || payments::read_statement(&bytes))
        .await
        .map_err(ApiError::internal)??;
    state
        .answer(move |conn| payments::match_bank_statement(conn, &caller, olympiad_id, &lines))
        .await
}

/// Marks the confirmed orders paid by EFT, each with its statement line; all or none.
#[utoipa::path(
    operation_id = "purchase_order_confirm_matches",
    tag = "payments",
    request_body = ConfirmMatches,
    responses((status = 200, description = "How many orders are now paid", body = inline(crate::envelope::Envelope<usize>)), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/purchase-order/reconcile/confirm")]
pub async fn confirm_matches(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<ConfirmMatches>,
) -> ApiResult<usize> {
    let input = body.into_inner();
    state
        .answer(move |conn| payments::confirm_matches(conn, &caller, &input))
        .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct TokenPath {
    /// The secret of the payment link.
    #[param(max_length = 64)]
    pub token: String,
}

/// The payment page: what is owed, the banking details for EFT, and PayFast's signed form.
#[utoipa::path(
    operation_id = "pay_page",
    tag = "payments",
    params(TokenPath),
    responses((status = 200, body = inline(crate::envelope::Envelope<PayPage>)))
)]
#[get("/api/pay/{token}")]
pub async fn pay_page(
    state: web::Data<AppState>,
    path: web::Path<TokenPath>,
) -> ApiResult<PayPage> {
    let token = path.into_inner().token;
    let settings = state.config.payments.clone();
    state
        .answer(move |conn| payments::pay_page(conn, &token, &settings))
        .await
}

/// The payment page's live tax invoice (PDF). Issues nothing, so that a mail scanner opening the
/// link makes no invoice (404 while none is issued).
#[utoipa::path(
    operation_id = "pay_invoice",
    tag = "payments",
    params(TokenPath),
    responses((status = 200, description = "The invoice (PDF)", content_type = "application/pdf", body = Vec<u8>), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/pay/{token}/invoice")]
pub async fn pay_invoice(
    state: web::Data<AppState>,
    path: web::Path<TokenPath>,
) -> Result<HttpResponse, ApiError> {
    let token = path.into_inner().token;
    let settings = state.config.payments.clone();
    invoice_pdf(&state, move |conn| {
        payments::invoice_by_token(conn, &token, &settings)
    })
    .await
}

/// The payment page's current tax invoice (PDF), issued now when needed: the page's download
/// button. Counted per link and address like sign-ins.
#[utoipa::path(
    operation_id = "pay_issue_invoice",
    tag = "payments",
    params(TokenPath),
    responses((status = 200, description = "The invoice (PDF)", content_type = "application/pdf", body = Vec<u8>), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/pay/{token}/invoice")]
pub async fn pay_issue_invoice(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TokenPath>,
) -> Result<HttpResponse, ApiError> {
    let token = path.into_inner().token;
    state
        .limits
        .check_signin(&format!("pay-invoice:{token}"), &client_address(&req))
        .await?;
    let settings = state.config.payments.clone();
    invoice_pdf(&state, move |conn| {
        payments::issue_invoice_by_token(conn, &token, &settings)
    })
    .await
}

/// Asks PayFast whether it sent this ITN (its documented server-to-server validate post);
/// without a configured URL there is nothing to ask and the answer is no.
async fn payfast_confirms(validate_url: &str, signed: String) -> bool {
    if validate_url.is_empty() {
        return false;
    }
    // HTTP/1.1 only: the client's HTTP/2 (h2 0.3) has a known flaw with endless empty frames, and
    // one small post gains nothing from HTTP/2 (deny.toml).
    let client = awc::Client::builder()
        .connector(awc::Connector::new().max_http_version(awc::http::Version::HTTP_11))
        .timeout(std::time::Duration::from_secs(10))
        .finish();
    let answer = client
        .post(validate_url)
        .content_type("application/x-www-form-urlencoded")
        .send_body(signed)
        .await;
    match answer {
        Ok(mut response) if response.status().is_success() => response
            .body()
            .limit(1024)
            .await
            .is_ok_and(|body| body.trim_ascii() == b"VALID"),
        Ok(response) => {
            log::warn!("PayFast's validate call answered {}", response.status());
            false
        }
        Err(e) => {
            log::warn!("PayFast's validate call failed: {e}");
            false
        }
    }
}

/// PayFast's Instant Transaction Notification (form-encoded). Believed only with our signature,
/// from PayFast's addresses (`PAYFAST_SOURCES`), confirmed by PayFast's validate call, for an
/// order's exact total; a refused one changes nothing. One that is not PayFast's at all (not
/// signed with our passphrase, or from elsewhere) is counted in the metrics and told in the log at
/// most once a minute, never written to the database; one that is PayFast's is noted in the
/// application log. A repeated one changes nothing. PayFast wants a 200 whatever the outcome, so
/// only a malformed body is a 400.
#[utoipa::path(
    operation_id = "payfast_itn",
    tag = "payments",
    request_body(content_type = "application/x-www-form-urlencoded", description = "PayFast's ITN fields, `signature` last"),
    responses((status = 200, description = "Received", body = inline(crate::envelope::Envelope<String>)))
)]
#[post("/api/payfast/itn")]
pub async fn payfast_itn(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Bytes,
) -> ApiResult<String> {
    let posted = parse_form(&body).ok_or_else(|| {
        ApiError::from(olympiad_office::OfficeError::invalid(
            "body",
            "must be form-encoded fields",
        ))
    })?;
    let source = client_address(&req);
    let from_payfast = source
        .parse()
        .is_ok_and(|address| state.config.payfast_sources.contains(address));
    let confirmed = from_payfast
        && payfast_confirms(
            &state.config.payfast_validate_url,
            payfast_itn_string(&posted),
        )
        .await;
    let settings = state.config.payments.clone();
    let outcome = state
        .db
        .office(move |conn| {
            payments::payfast_itn(conn, &posted, from_payfast, confirmed, &settings)
        })
        .await?;
    ok(match outcome {
        ItnOutcome::Paid => "paid",
        ItnOutcome::Repeated => "repeated",
        ItnOutcome::Ignored => "ignored",
        ItnOutcome::Refused => "refused",
        ItnOutcome::Forged(reason) => {
            if let Some(count) = crate::metrics::itn_forged(reason) {
                log::warn!(
                    "{count} ITN(s) refused as not PayFast's since the last report, the latest: {reason}"
                );
            }
            "refused"
        }
    }
    .to_owned())
}

// Proof of payment

/// An order's proof of payment: `/api/purchase-order/{id}/proof/{proofId}`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
pub struct ProofPath {
    #[param(value_type = i64, minimum = 1)]
    pub id: PurchaseOrderId,
    #[param(value_type = i64, minimum = 1)]
    pub proof_id: PaymentProofId,
}

/// The entry's people (or the finance staff) upload a proof of payment for an order still owed:
/// multipart with one part named `file`, a PDF, JPEG or PNG of at most 5 MB, judged by its content.
/// An order takes at most `PROOFS_PER_ORDER` (5) proofs (409), and one user uploads at most
/// `PROOF_UPLOAD_LIMIT` an hour (429).
#[utoipa::path(
    tag = "payments",
    params(IdOf<PurchaseOrderId>),
    request_body(content_type = "multipart/form-data", description = "One part named `file`"),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<PaymentProof>)),
        (status = 409, description = "The order is paid or deleted, or has its 5 proofs already", body = crate::error::ErrorBody),
        (status = 413, description = "Larger than 5 MB", body = crate::error::ErrorBody),
        (status = 415, description = "Not a PDF, JPEG or PNG", body = crate::error::ErrorBody)
    )
)]
#[post("/api/purchase-order/{id}/proof")]
pub async fn upload_proof(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
    parts: Multipart,
) -> ApiResult<PaymentProof> {
    let id = upload_target::<PurchaseOrder>(&state, &caller, path.id).await?;
    state
        .limits
        .check(Bucket::ProofUpload, &caller.user_id.to_string())?;
    let limit = state.config.upload_limit_bytes.min(PROOF_LIMIT_BYTES);
    let (name, bytes) = read_file_part(parts, limit).await?;
    let files = state.config.files.clone();
    state
        .answer(move |conn| payment_proofs::upload(conn, &caller, id, &name, &bytes, &files))
        .await
}

/// The proof itself, for the entry's people and the finance staff.
#[utoipa::path(
    tag = "payments",
    params(ProofPath),
    responses((status = 200, description = "The file itself: PDF, JPEG or PNG"))
)]
#[get("/api/purchase-order/{id}/proof/{proofId}")]
pub async fn proof_file(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<ProofPath>,
) -> Result<HttpResponse, ApiError> {
    let (id, proof_id) = (path.id, path.proof_id);
    let proof = state
        .db
        .office(move |conn| payment_proofs::find(conn, &caller, id, proof_id))
        .await?;
    let (files, stored) = (state.config.files.clone(), proof.clone());
    let bytes = web::block(move || payment_proofs::bytes(&files, &stored))
        .await
        .map_err(ApiError::internal)??;
    Ok(download(bytes, &proof.content_type, &proof.filename))
}

/// The finance staff mark the order paid from its proof: the payment is recorded once (asking
/// again changes nothing); a deleted order, or one paid otherwise, answers 409.
#[utoipa::path(
    tag = "payments",
    params(ProofPath),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)), (status = 409, body = crate::error::ErrorBody))
)]
#[put("/api/purchase-order/{id}/proof/{proofId}/accept")]
pub async fn accept_proof(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<ProofPath>,
) -> ApiResult<OrderDetail> {
    let proof_id = path.proof_id;
    state
        .answer(move |conn| payment_proofs::accept(conn, &caller, path.id, proof_id))
        .await
}

// Fee waivers

/// The funding staff mark the order's school entry sponsored: the order owes only the share the
/// funder does not pay (0 takes the sponsorship away). A paid, deleted or country's order: 409.
#[utoipa::path(
    tag = "payments",
    params(IdOf<PurchaseOrderId>, SponsorQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<OrderDetail>)), (status = 409, body = crate::error::ErrorBody))
)]
#[put("/api/purchase-order/set-sponsored/{id}")]
pub async fn set_sponsored(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<PurchaseOrderId>>,
    query: web::Query<SponsorQuery>,
) -> ApiResult<OrderDetail> {
    let query = query.into_inner();
    state
        .answer(move |conn| payments::set_sponsored(conn, &caller, path.id, &query))
        .await
}

// A country's own invoices

/// The country entries of the olympiad whose team the signed-in portal user leads (by their
/// e-mail address): the portal's Invoices screen shows their orders beside the school's.
#[utoipa::path(
    tag = "payments",
    params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<MyCountry>>)))
)]
#[get("/api/purchase-order/my-countries")]
pub async fn my_countries(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Vec<MyCountry>> {
    state
        .answer(move |conn| payments::my_countries(conn, &caller, query.olympiad_id))
        .await
}
