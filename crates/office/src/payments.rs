//! Payments: an entry's purchase order (what it owes for the learners loaded, less discounted
//! learners, plus VAT), its state as the accountant changes it, tax invoices and credit notes,
//! the public payment page (PayFast card payments and EFT), PayFast's ITN callback, matching a
//! bank statement to orders, and the dashboard's totals.
//!
//! Amounts are never taken from a request: they are worked out from the learners loaded and the
//! olympiad's fees ([`Amounts::of`]); a statement line or an ITN is only compared with them.

use crate::activity::record_activity;
use crate::mail::queue_email_of;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::text_field;
use crate::support::listing::{given, Grid};
use crate::support::scope::{find_in_reach, reached_through, seen_in, unseen, InReach};

use olympiad_documents::invoice::{invoice_pdf, InvoiceSheet, SheetLine};
use olympiad_documents::read_table;
use olympiad_domain::id::{
    CountryParticipantId, InvoiceId, OlympiadId, PurchaseOrderId, SchoolParticipantId,
};
use olympiad_domain::payments::{
    document_number, match_statement, payfast_form_signature, payfast_itn_signed,
    payment_reference, statement_amount, Amounts, Cents, DatedFee, FeeBand, FeeSchedule, Fees,
    OpenOrder, OrderStatus, StatementLine, StatementMatch,
};
use olympiad_domain::Role;
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::models::purchase_order::{
    countries_led_by, customer_details, entry_grades, fee_lines_of, olympiad_fee_schedule,
    olympiad_fees, payment_totals, set_olympiad_fee_schedule, set_sponsored_share, sponsored_share,
};
use olympiad_persistence::models::{
    ActivityLog, ActivityLogInsertForm, AppLog, CountryParticipant, Invoice, InvoiceInsertForm,
    Olympiad, Paged, Payment, PaymentProof, PaymentTotals, PaymentTotalsBy, PurchaseOrder,
    PurchaseOrderComment, PurchaseOrderFilter, PurchaseOrderInsertForm, PurchaseOrderRow,
    SchoolParticipant, SchoolParticipantFilter,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

mod fees;
mod history;
mod invoices;
mod payfast;
mod statements;
pub use fees::{dashboard, set_fees, set_sponsored, FeesInput, PaymentsDashboard, SponsorQuery};
use history::detail_of;
pub use history::{OrderComment, OrderDetail, OrderDocument, OrderPayment};
use invoices::{credit, order_by_token};
pub use invoices::{
    invoice, invoice_by_token, issue_invoice, issue_invoice_by_token, InvoiceFile, InvoiceQuery,
    InvoiceToDraw,
};
pub use payfast::{pay_page, payfast_itn, FormField, ItnOutcome, PayPage, PayfastForm};
pub(crate) use statements::record_eft;
pub use statements::{
    confirm_matches, match_bank_statement, read_statement, ConfirmMatches, ConfirmedMatch,
};

/// What the office's payments need from configuration (environment variables): PayFast's
/// merchant keys, the provider printed on invoices, and the banking details for EFT.
#[derive(Debug, Clone, Default)]
pub struct PaymentSettings {
    pub payfast_merchant_id: String,
    pub payfast_merchant_key: String,
    pub payfast_passphrase: String,
    /// Where the payment form posts (PayFast's live or sandbox process page).
    pub payfast_process_url: String,
    pub provider_name: String,
    pub provider_address: String,
    pub provider_vat_number: String,
    /// Lines of banking details for EFT (`Bank: …`, `Account: …`, `Branch code: …`).
    pub bank_details: Vec<String>,
    /// Where links point, without a trailing slash.
    pub public_base_url: String,
}

impl PaymentSettings {
    pub fn card_payments(&self) -> bool {
        !self.payfast_merchant_id.is_empty() && !self.payfast_merchant_key.is_empty()
    }

    fn pay_link(&self, order: &PurchaseOrder) -> String {
        format!("{}/portal/pay/{}", self.public_base_url, order.pay_token)
    }
}

/// An order that the caller may reach: staff of its olympiad, a teacher in the team of its
/// school's entry; a country's order for staff and the country's team leader (a portal user with
/// the team leader's e-mail address).
impl InReach for PurchaseOrder {
    type Id = PurchaseOrderId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: PurchaseOrderId,
    ) -> Result<Self, OfficeError> {
        const WHAT: &str = "This purchase order";
        let order = PurchaseOrder::find(conn, id).or_not_found(WHAT)?;
        seen_in(caller, order.olympiad_id, WHAT)?;
        match order.school_participant_id {
            Some(entry) => {
                reached_through(
                    find_in_reach::<SchoolParticipant>(conn, caller, entry),
                    WHAT,
                )?;
            }
            None if caller.role == Role::Teacher => match order.country_participant_id {
                Some(entry) if leads_country(conn, caller, order.olympiad_id, entry)? => {}
                _ => return Err(unseen(WHAT)),
            },
            None => {}
        }
        Ok(order)
    }
}

fn is_staff(caller: &Caller) -> bool {
    caller.role != Role::Teacher
}

/// The country entries of the olympiad whose team leader the caller is (by their e-mail).
fn countries_of_caller(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Vec<(CountryParticipantId, String, String)>> {
    let user = olympiad_persistence::models::User::find(conn, caller.user_id)?;
    match user.email.as_deref().map(str::trim) {
        Some(email) if !email.is_empty() => Ok(countries_led_by(conn, olympiad_id, email)?),
        _ => Ok(Vec::new()),
    }
}

/// Whether the caller leads the country entry's team.
fn leads_country(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    entry: CountryParticipantId,
) -> OfficeResult<bool> {
    Ok(countries_of_caller(conn, caller, olympiad_id)?
        .iter()
        .any(|(id, ..)| *id == entry))
}

/// A country entry whose team the caller leads: its orders and invoices are theirs to see and pay.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyCountry {
    #[schema(value_type = i64)]
    pub country_participant_id: CountryParticipantId,
    pub country_name: String,
    pub status: String,
}

/// The country entries of the olympiad whose team the caller leads (for the portal's invoices).
pub fn my_countries(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Vec<MyCountry>> {
    caller.require_olympiad(olympiad_id)?;
    Ok(countries_of_caller(conn, caller, olympiad_id)?
        .into_iter()
        .map(|(id, name, status)| MyCountry {
            country_participant_id: id,
            country_name: name,
            status,
        })
        .collect())
}

fn has_payments(conn: &mut DbConnection, order_id: PurchaseOrderId) -> OfficeResult<bool> {
    Ok(!Payment::of_order(conn, order_id)?.is_empty())
}

/// The learners of an entry: those loaded in the school's entry, or the country's team.
fn learners_loaded(
    conn: &mut DbConnection,
    school: Option<SchoolParticipantId>,
    country: Option<CountryParticipantId>,
) -> OfficeResult<i32> {
    let count = match (school, country) {
        (Some(entry), _) => SchoolParticipant::learner_counts(conn, &[entry])?
            .get(&entry)
            .copied()
            .unwrap_or(0),
        (None, Some(entry)) => {
            let team = CountryParticipant::find(conn, entry)?.team_members;
            serde_json::from_str::<Vec<String>>(&team).map_or(0, |t| t.len() as i64)
        }
        (None, None) => 0,
    };
    Ok(i32::try_from(count).unwrap_or(i32::MAX))
}

/// The learners the entry's paid orders other than `order` are for.
fn paid_for_besides(conn: &mut DbConnection, order: &PurchaseOrder) -> OfficeResult<i32> {
    Ok(PurchaseOrder::of_entry(
        conn,
        order.school_participant_id,
        order.country_participant_id,
    )?
    .iter()
    .filter(|o| o.paid && o.id != order.id)
    .map(|o| o.learners)
    .sum())
}

/// What the order comes to today with `free_learners` discounted: the olympiad's fee schedule
/// (bands by the learners' grades, the early-bird or late fee by the day the order was made) and
/// the share a funder sponsors; its amounts and its fee lines as JSON.
fn quote(
    conn: &mut DbConnection,
    order: &PurchaseOrder,
    free_learners: i32,
) -> OfficeResult<(Amounts, String)> {
    let schedule = olympiad_fee_schedule(conn, order.olympiad_id)?;
    // The learners entered first are those the entry's paid orders are for (see
    // `follow_learners`); this order is for the rest.
    let paid_for = paid_for_besides(conn, order)?;
    let (grades, sponsored) = match order.school_participant_id {
        Some(entry) => (
            entry_grades(conn, entry, paid_for)?,
            sponsored_share(conn, entry)?,
        ),
        // A country's team has no grades: its learners pay the usual fee.
        None => {
            let loaded = learners_loaded(conn, None, order.country_participant_id)?;
            (vec![(0, (loaded - paid_for).max(0))], 0)
        }
    };
    let quote = schedule.quote(order.created_at.date(), &grades, free_learners, sponsored);
    let lines =
        serde_json::to_string(&quote.lines).map_err(|e| OfficeError::Internal(e.to_string()))?;
    Ok((quote.amounts, lines))
}

/// While an order is owed, its amounts follow the learners loaded and the fees; once paid (or
/// deleted) they stay as they were (learners loaded later go on a supplementary order: see
/// [`follow_learners`]).
fn refreshed(conn: &mut DbConnection, order: PurchaseOrder) -> OfficeResult<PurchaseOrder> {
    if order.paid || order.deleted_at.is_some() {
        return Ok(order);
    }
    let (amounts, lines) = quote(conn, &order, order.free_learners)?;
    if amounts == order.amounts() && lines == order.fee_lines {
        return Ok(order);
    }
    Ok(PurchaseOrder::set_amounts(
        conn, order.id, &amounts, &lines,
    )?)
}

/// Money follows the learners. An order's amounts follow the learners loaded until it is paid,
/// however it is paid (a proof of payment accepted, PayFast's ITN, a bank statement's line, or
/// marked paid by the office); from then on it is frozen and is for the learners it counted. When
/// the entry has more learners than its paid orders are for and no order still owed, a
/// supplementary order is made for the difference: its own reference, pay link and invoice,
/// naming the order it adds to, listed with the entry's orders for the school (Invoices) and the
/// accountant (Payment Portal). The learners entered first count as paid for. Learners taken away
/// after payment are not refunded here.
///
/// Answers the entry's order still owed (refreshed), if it has one or one is now due.
fn follow_learners(
    conn: &mut DbConnection,
    caller: &Caller,
    school: Option<SchoolParticipantId>,
    country: Option<CountryParticipantId>,
) -> OfficeResult<Option<PurchaseOrder>> {
    let orders = PurchaseOrder::of_entry(conn, school, country)?;
    let Some(latest) = orders.first() else {
        // No order yet: the team admin makes the first.
        return Ok(None);
    };
    if let Some(open) = orders.iter().find(|o| !o.paid) {
        return refreshed(conn, open.clone()).map(Some);
    }
    // Held, so that two requests at once make one supplementary order.
    PurchaseOrder::locked(conn, latest.id)?;
    let orders = PurchaseOrder::of_entry(conn, school, country)?;
    if let Some(open) = orders.iter().find(|o| !o.paid) {
        return refreshed(conn, open.clone()).map(Some);
    }
    let paid_for: i32 = orders.iter().map(|o| o.learners).sum();
    let loaded = learners_loaded(conn, school, country)?;
    let Some(paid) = orders.first().filter(|_| loaded > paid_for) else {
        return Ok(None);
    };
    let olympiad = Olympiad::find(conn, paid.olympiad_id)?;
    let form = PurchaseOrderInsertForm {
        olympiad_id: paid.olympiad_id,
        school_participant_id: school,
        country_participant_id: country,
        pay_token: uuid::Uuid::new_v4().to_string(),
        // The school's order number was for the paid order; it gives this one its own.
        schools_po: String::new(),
        amounts: Amounts::of(Fees::default(), 0, 0),
        fee_lines: "[]".into(),
        supplements_order_id: Some(paid.id),
    };
    let order = PurchaseOrder::create(conn, &form, |id| {
        payment_reference(&olympiad.name, olympiad.year, id)
    })?;
    let order = refreshed(conn, order)?;
    record_activity(
        conn,
        caller,
        "purchase_order_supplementary",
        Some(order.olympiad_id),
        json!({ "purchaseOrderId": order.id, "reference": order.reference, "supplementsOrderId": paid.id, "learners": order.learners, "totalCents": order.total_cents }),
    )?;
    Ok(Some(order))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    /// Also the deleted orders (they stay in the database).
    #[serde(default)]
    pub fetch_deleted: bool,
    /// paid, pre (pre-approved), unpaid or deleted
    #[param(pattern = "^$|^(paid|pre|unpaid|deleted)$")]
    pub state: Option<String>,
    pub province: Option<String>,
    /// A country's entry: its orders (for its team leader in the portal, or staff).
    #[param(value_type = Option<i64>, minimum = 1)]
    pub country_participant_id: Option<CountryParticipantId>,
}

/// The Payment Portal's grid (staff) or, for a teacher, the orders of their school's entry in the
/// olympiad, with amounts brought up to date with the learners loaded.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &OrderListQuery,
    grid: Grid,
) -> OfficeResult<Paged<PurchaseOrderRow>> {
    let state = given(&query.state);
    if let Some(state) = &state {
        if !["paid", "pre", "unpaid", "deleted"].contains(&state.as_str()) {
            return Err(OfficeError::invalid(
                "state",
                "must be paid, pre, unpaid or deleted",
            ));
        }
    }
    let mut filter = PurchaseOrderFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        fetch_deleted: query.fetch_deleted || state.as_deref() == Some("deleted"),
        state,
        province: given(&query.province),
        search: grid.search,
        sort: grid.sort,
        ..Default::default()
    };
    if let Some(country) = query.country_participant_id {
        let olympiad_id = filter
            .olympiad_id
            .ok_or_else(|| OfficeError::invalid("olympiadId", "is required"))?;
        if !is_staff(caller) && !leads_country(conn, caller, olympiad_id, country)? {
            return Err(OfficeError::forbidden(
                "You do not lead this country's team.",
            ));
        }
        filter.country_participant_id = Some(country);
        write_transaction(conn, |conn| {
            follow_learners(conn, caller, None, Some(country)).map(drop)
        })?;
        return Ok(PurchaseOrder::list(conn, &filter, grid.page)?);
    }
    if !is_staff(caller) {
        let olympiad_id = filter
            .olympiad_id
            .ok_or_else(|| OfficeError::invalid("olympiadId", "is required"))?;
        let entry = SchoolParticipant::list(
            conn,
            &SchoolParticipantFilter {
                olympiad_id: Some(olympiad_id),
                team_user_id: Some(caller.user_id),
                ..Default::default()
            },
            None,
        )?
        .rows
        .into_iter()
        .next()
        .ok_or_else(|| OfficeError::NotFound("Your school's entry in this olympiad".into()))?;
        filter.school_participant_id = Some(entry.entry.id);
        write_transaction(conn, |conn| {
            follow_learners(conn, caller, Some(entry.entry.id), None).map(drop)
        })?;
    } else if let Some(olympiad_id) = filter.olympiad_id {
        // The accountant sees the supplementary orders due, whether or not the school has looked.
        write_transaction(conn, |conn| {
            for entry in PurchaseOrder::entries_outgrowing_payment(conn, olympiad_id)? {
                follow_learners(conn, caller, Some(entry), None)?;
            }
            Ok::<_, OfficeError>(())
        })?;
    }
    Ok(PurchaseOrder::list(conn, &filter, grid.page)?)
}

fn row_of(conn: &mut DbConnection, order: PurchaseOrder) -> OfficeResult<PurchaseOrderRow> {
    let (customer_name, _, _) = customer_details(conn, &order)?;
    let province = match order.school_participant_id {
        Some(entry) => {
            let entry = SchoolParticipant::find(conn, entry)?;
            olympiad_persistence::models::School::find(conn, entry.school_id)?
                .details
                .province
        }
        None => String::new(),
    };
    let received_cents = Payment::of_order(conn, order.id)?
        .iter()
        .map(|p| p.amount_cents)
        .sum();
    let proof_count = PaymentProof::of_order(conn, order.id)?.len() as i64;
    Ok(PurchaseOrderRow {
        order,
        customer_name,
        province,
        received_cents,
        proof_count,
    })
}

pub fn detail(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
) -> OfficeResult<OrderDetail> {
    write_transaction(conn, |conn| {
        let order = find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        let order = refreshed(conn, order)?;
        detail_of(conn, order)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CreateOrderQuery {
    /// The school's entry the order is for.
    #[param(minimum = 1, value_type = Option<i64>)]
    pub customer_participant_id: Option<SchoolParticipantId>,
    /// Or the country's entry (igeo).
    #[param(value_type = Option<i64>, minimum = 1)]
    pub country_participant_id: Option<CountryParticipantId>,
    /// The school's own order number.
    #[serde(rename = "schoolsPO")]
    #[param(rename = "schoolsPO", max_length = 60)]
    pub schools_po: Option<String>,
}

/// Makes the entry's order, worked out from its learners; an entry that has one already (not
/// deleted) gets that one back, so a repeated request makes no second order.
pub fn create(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &CreateOrderQuery,
) -> OfficeResult<OrderDetail> {
    let schools_po = text_field("schoolsPO", query.schools_po.as_deref().unwrap_or(""), 60)?;
    write_transaction(conn, |conn| {
        let (olympiad_id, school_entry, country_entry) =
            match (query.customer_participant_id, query.country_participant_id) {
                (Some(id), _) => {
                    let entry = find_in_reach::<SchoolParticipant>(conn, caller, id)?;
                    (entry.olympiad_id, Some(id), None)
                }
                (None, Some(id)) => {
                    let entry = find_in_reach::<CountryParticipant>(conn, caller, id)?;
                    if !is_staff(caller) && !leads_country(conn, caller, entry.olympiad_id, id)? {
                        return Err(OfficeError::forbidden(
                            "You do not lead this country's team.",
                        ));
                    }
                    (entry.olympiad_id, None, Some(id))
                }
                _ => {
                    return Err(OfficeError::invalid(
                        "customerParticipantId",
                        "is required (the school's entry the order is for)",
                    ))
                }
            };
        if let Some(open) = follow_learners(conn, caller, school_entry, country_entry)? {
            return detail_of(conn, open);
        }
        // Paid, and for every learner loaded: that order.
        if let Some(paid) = PurchaseOrder::of_entry(conn, school_entry, country_entry)?
            .into_iter()
            .next()
        {
            return detail_of(conn, paid);
        }
        let olympiad = Olympiad::find(conn, olympiad_id)?;
        let form = PurchaseOrderInsertForm {
            olympiad_id,
            school_participant_id: school_entry,
            country_participant_id: country_entry,
            pay_token: uuid::Uuid::new_v4().to_string(),
            schools_po,
            amounts: Amounts::of(Fees::default(), 0, 0),
            fee_lines: "[]".into(),
            supplements_order_id: None,
        };
        let order = PurchaseOrder::create(conn, &form, |id| {
            payment_reference(&olympiad.name, olympiad.year, id)
        })?;
        let order = refreshed(conn, order)?;
        record_activity(
            conn,
            caller,
            "purchase_order_created",
            Some(olympiad_id),
            json!({ "purchaseOrderId": order.id, "reference": order.reference, "totalCents": order.total_cents }),
        )?;
        detail_of(conn, order)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StatusQuery {
    #[param(inline)]
    pub status: OrderStatus,
    /// The entry the order belongs to, as the apps send it; checked against the order.
    #[param(minimum = 1)]
    pub customer_participant_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminDeleteQuery {
    /// `delete` (the only status this call gives).
    #[param(inline)]
    pub status: Option<OrderStatus>,
    #[param(minimum = 1)]
    pub customer_participant_id: Option<i64>,
}

/// The order must be the given entry's, a school's or a country's (the one parameter names either).
fn check_customer(order: &PurchaseOrder, given: Option<i64>) -> OfficeResult<()> {
    match given {
        Some(id)
            if order.school_participant_id.map(|e| e.get()) != Some(id)
                && order.country_participant_id.map(|e| e.get()) != Some(id) =>
        {
            Err(OfficeError::NotFound("This entry's purchase order".into()))
        }
        _ => Ok(()),
    }
}

/// Changes an order's state as the state machine allows (409 otherwise); a deleted order's live
/// invoice is cancelled by a credit note.
pub fn set_status(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    status: OrderStatus,
    customer: Option<i64>,
) -> OfficeResult<OrderDetail> {
    write_transaction(conn, |conn| {
        find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        let order = PurchaseOrder::locked(conn, id)?;
        check_customer(&order, customer)?;
        let before = order.state(has_payments(conn, id)?);
        let after = before
            .after(status)
            .map_err(|refusal| OfficeError::conflict(refusal.to_string()))?;
        if after == before {
            return detail_of(conn, order);
        }
        let order = PurchaseOrder::set_state(conn, &order, after)?;
        if status == OrderStatus::Delete {
            if let Some(live) = Invoice::live(conn, id)? {
                credit(conn, &live)?;
            }
        }
        record_activity(
            conn,
            caller,
            "purchase_order_status",
            Some(order.olympiad_id),
            json!({ "purchaseOrderId": id, "status": status.as_str() }),
        )?;
        detail_of(conn, order)
    })
}

/// A team admin takes back their school's order while nothing is paid or approved on it.
pub fn withdraw(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    school_participant_id: Option<SchoolParticipantId>,
) -> OfficeResult<OrderDetail> {
    {
        let order = find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        check_customer(&order, school_participant_id.map(|e| e.get()))?;
        if let Some(entry) = order.school_participant_id {
            find_in_reach::<crate::ManagedEntry>(conn, caller, entry)?;
        }
        if order.pre_approved && !is_staff(caller) {
            return Err(OfficeError::conflict(
                "This order is pre-approved; ask the office to remove it.",
            ));
        }
    }
    set_status(conn, caller, id, OrderStatus::Delete, None)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SchoolPoQuery {
    /// The school's own order number.
    #[serde(rename = "schoolsPO")]
    #[param(rename = "schoolsPO", max_length = 60)]
    pub schools_po: String,
}

pub fn set_school_po(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    schools_po: &str,
) -> OfficeResult<OrderDetail> {
    let schools_po = text_field("schoolsPO", schools_po, 60)?;
    write_transaction(conn, |conn| {
        let order = find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        if order.deleted_at.is_some() {
            return Err(OfficeError::conflict("This order is deleted."));
        }
        let order = PurchaseOrder::set_schools_po(conn, id, &schools_po)?;
        record_activity(
            conn,
            caller,
            "purchase_order_school_po",
            Some(order.olympiad_id),
            json!({ "purchaseOrderId": id, "schoolsPO": schools_po }),
        )?;
        detail_of(conn, order)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DiscountQuery {
    /// Learners not charged for.
    #[param(minimum = 0, maximum = 100000)]
    pub free_learners: i32,
    /// Why: kept with the order.
    #[param(min_length = 1, max_length = 500)]
    pub comment: String,
}

/// The office grants learners without charge (never more than are loaded), with the reason kept.
pub fn set_discount(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    query: &DiscountQuery,
) -> OfficeResult<OrderDetail> {
    if !(0..=100_000).contains(&query.free_learners) {
        return Err(OfficeError::invalid(
            "freeLearners",
            "must be from 0 to 100000",
        ));
    }
    let comment = crate::support::fields::required_field("comment", &query.comment, 500)?;
    write_transaction(conn, |conn| {
        let order = find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        if order.paid || order.deleted_at.is_some() {
            return Err(OfficeError::conflict(
                "The discount of a paid or deleted order cannot change.",
            ));
        }
        let (amounts, lines) = quote(conn, &order, query.free_learners)?;
        let order = PurchaseOrder::set_amounts(conn, id, &amounts, &lines)?;
        PurchaseOrderComment::add(
            conn,
            id,
            amounts.free_learners,
            &comment,
            Some(caller.actor()),
        )?;
        record_activity(
            conn,
            caller,
            "purchase_order_discount",
            Some(order.olympiad_id),
            json!({ "purchaseOrderId": id, "freeLearners": amounts.free_learners, "comment": comment }),
        )?;
        detail_of(conn, order)
    })
}

fn customer_recipient(
    conn: &mut DbConnection,
    order: &PurchaseOrder,
) -> OfficeResult<(String, Recipient)> {
    let (customer, _, email) = customer_details(conn, order)?;
    let email = email
        .ok_or_else(|| OfficeError::conflict("This entry has no e-mail address to write to."))?;
    Ok((
        customer.clone(),
        Recipient {
            username: email.clone(),
            email,
            name: customer,
        },
    ))
}

/// E-mails the entry's contact that a discount was granted, with the amount now due.
pub fn send_discount_email(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    settings: &PaymentSettings,
) -> OfficeResult<bool> {
    write_transaction(conn, |conn| {
        let order = find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        let order = refreshed(conn, order)?;
        if order.deleted_at.is_some() {
            return Err(OfficeError::conflict("This order is deleted."));
        }
        let (customer, to) = customer_recipient(conn, &order)?;
        let olympiad = Olympiad::find(conn, order.olympiad_id)?;
        queue_email_of(
            conn,
            Some(olympiad.id),
            &Email::DiscountGranted {
                to,
                olympiad: olympiad.title,
                customer,
                free_learners: order.free_learners,
                total: Cents(order.total_cents).shown(),
                link: settings.pay_link(&order),
            },
        )?;
        record_activity(
            conn,
            caller,
            "purchase_order_discount_email",
            Some(order.olympiad_id),
            json!({ "purchaseOrderId": id }),
        )?;
        Ok(true)
    })
}

/// The query of a report or list of one olympiad.
pub use crate::support::listing::OlympiadQuery;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_is_read_by_its_headings() {
        let csv = b"Date,Description,Amount\n2026-11-20,EFT GEO26-000001,1437.50\n2026-11-21,Bank fee,-5.00\n";
        let lines = read_statement(csv).unwrap();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].amount_cents, 143_750);
        assert_eq!(lines[0].line, 2);
        assert!(read_statement(b"Date,Memo\n1,2\n").is_err());
    }
}
