//! Payments: an entry's purchase order (what it owes for the learners loaded, less discounted
//! learners, plus VAT), its state as the accountant changes it, tax invoices and credit notes,
//! the public payment page (PayFast card payments and EFT), PayFast's ITN callback, matching a
//! bank statement to orders, and the dashboard's totals.
//!
//! Amounts are never taken from a request: they are worked out from the learners loaded and the
//! olympiad's fees ([`Amounts::of`]); a statement line or an ITN is only compared with them.

use crate::activity::record_activity;
use crate::caller::Caller;
use crate::error::{OfficeError, OfficeResult, OrNotFound};
use crate::fields::text_field;
use crate::listing::{given, Grid};
use crate::mail::queue_email_of;
use crate::scope::{find_in_reach, reached_through, seen_in, unseen, InReach};

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

mod history;
mod payfast;
mod statements;
use history::detail_of;
pub use history::{OrderComment, OrderDetail, OrderDocument, OrderPayment};
pub use payfast::{pay_page, payfast_itn, FormField, ItnOutcome, PayPage, PayfastForm};
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
    let comment = crate::fields::required_field("comment", &query.comment, 500)?;
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

/// Issues a credit note that cancels `invoice`.
fn credit(conn: &mut DbConnection, invoice: &Invoice) -> OfficeResult<Invoice> {
    let amounts = Amounts {
        learners: invoice.learners,
        free_learners: invoice.free_learners,
        unit_cents: invoice.unit_cents,
        vat_basis_points: invoice.vat_basis_points,
        subtotal_cents: invoice.subtotal_cents,
        sponsored_cents: invoice.sponsored_cents,
        vat_cents: invoice.vat_cents,
        total_cents: invoice.total_cents,
    }
    .credited();
    Ok(Invoice::issue(
        conn,
        &InvoiceInsertForm {
            purchase_order_id: invoice.purchase_order_id,
            project_id: invoice.project_id,
            credits_invoice_id: Some(invoice.id),
            customer_name: invoice.customer_name.clone(),
            customer_address: invoice.customer_address.clone(),
            schools_po: invoice.schools_po.clone(),
            reference: invoice.reference.clone(),
            amounts,
            fee_lines: invoice.fee_lines.clone(),
        },
    )?)
}

/// How often in a day an order's invoice is issued again for a change of its details alone (the
/// school's order number, its name): each such change gets its invoice, but changing the order
/// number back and forth does not make a stream of invoices and credit notes.
const DETAIL_REISSUES_PER_DAY: usize = 3;

/// The order's current tax invoice: the live one when it still says what the order says;
/// otherwise the live one is cancelled by a credit note and a new one issued (an invoice is
/// never edited). Only asked for explicitly (a POST: downloading it, never a page's GET), with the
/// order held ([`PurchaseOrder::locked`]), so two first downloads at once issue one invoice: the
/// second finds the first's. A change of the amounts always re-issues; a change of the details
/// alone at most [`DETAIL_REISSUES_PER_DAY`] times a day (409 past that). The invoice e-mail goes
/// at most once a day per order. Numbers come from the provider's counter in this transaction.
fn current_invoice(
    conn: &mut DbConnection,
    order: &PurchaseOrder,
    settings: &PaymentSettings,
) -> OfficeResult<Invoice> {
    let (customer_name, customer_address, email) = customer_details(conn, order)?;
    let documents = Invoice::of_order(conn, order.id)?;
    let day_ago = olympiad_persistence::now() - chrono::Duration::days(1);
    let live = Invoice::live(conn, order.id)?;
    if let Some(live) = &live {
        let same_amounts = live.total_cents == order.total_cents
            && live.sponsored_cents == order.sponsored_cents
            && live.fee_lines == order.fee_lines
            && live.learners == order.learners
            && live.free_learners == order.free_learners;
        let same_details =
            live.schools_po == order.schools_po && live.customer_name == customer_name;
        if (same_amounts && same_details) || order.paid {
            return Ok(live.clone());
        }
        let credited_today = documents
            .iter()
            .filter(|d| d.credit_note && d.issued_at > day_ago)
            .count();
        if same_amounts && credited_today >= DETAIL_REISSUES_PER_DAY {
            return Err(OfficeError::conflict(format!(
                "Invoice {} was issued again {credited_today} times in the last day for a changed \
                 order number or name; it is not issued again before tomorrow. Set the order \
                 number it should carry and download it then.",
                document_number(false, live.number)
            )));
        }
        credit(conn, live)?;
    }
    let mailed_today = documents
        .iter()
        .any(|d| !d.credit_note && d.issued_at > day_ago);
    let olympiad = Olympiad::find(conn, order.olympiad_id)?;
    let invoice = Invoice::issue(
        conn,
        &InvoiceInsertForm {
            purchase_order_id: order.id,
            project_id: olympiad.project_id,
            credits_invoice_id: None,
            customer_name: customer_name.clone(),
            customer_address,
            schools_po: order.schools_po.clone(),
            reference: order.reference.clone(),
            amounts: order.amounts(),
            fee_lines: order.fee_lines.clone(),
        },
    )?;
    if let Some(email) = email.filter(|_| !mailed_today) {
        queue_email_of(
            conn,
            Some(olympiad.id),
            &Email::InvoiceIssued {
                to: Recipient {
                    username: email.clone(),
                    email,
                    name: customer_name.clone(),
                },
                olympiad: olympiad.title,
                customer: customer_name,
                number: document_number(false, invoice.number),
                total: Cents(invoice.total_cents).shown(),
                link: settings.pay_link(order),
            },
        )?;
    }
    Ok(invoice)
}

/// A PDF file to download.
pub struct InvoiceFile {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

fn sheet_of(
    conn: &mut DbConnection,
    invoice: &Invoice,
    settings: &PaymentSettings,
    order: &PurchaseOrder,
) -> OfficeResult<InvoiceSheet> {
    let olympiad = Olympiad::find(conn, order.olympiad_id)?;
    let cancels = match invoice.credits_invoice_id {
        Some(id) => Some(document_number(false, Invoice::find(conn, id)?.number)),
        None => None,
    };
    let mut payment_lines = settings.bank_details.clone();
    payment_lines.push(format!("Reference: {}", invoice.reference));
    payment_lines.push(format!("Or pay by card: {}", settings.pay_link(order)));
    Ok(InvoiceSheet {
        credit_note: invoice.credit_note,
        number: document_number(invoice.credit_note, invoice.number),
        issued_on: invoice.issued_at.format("%Y-%m-%d").to_string(),
        cancels,
        provider_name: settings.provider_name.clone(),
        provider_address: settings.provider_address.clone(),
        provider_vat_number: settings.provider_vat_number.clone(),
        customer_name: invoice.customer_name.clone(),
        customer_address: invoice.customer_address.clone(),
        schools_po: invoice.schools_po.clone(),
        reference: invoice.reference.clone(),
        description: format!("{}: entry per learner", olympiad.title),
        learners: invoice.learners,
        free_learners: invoice.free_learners,
        unit: Cents(invoice.unit_cents).shown(),
        subtotal: Cents(invoice.subtotal_cents).shown(),
        vat_label: format!("VAT ({}%)", rust_decimal_percent(invoice.vat_basis_points)),
        vat: Cents(invoice.vat_cents).shown(),
        total: Cents(invoice.total_cents).shown(),
        payment_lines,
        lines: fee_lines_of(&invoice.fee_lines)
            .into_iter()
            .map(|line| SheetLine {
                description: format!("{}: {}", olympiad.title, line.label),
                learners: line.learners,
                free_learners: line.free_learners,
                unit: Cents(line.unit_cents).shown(),
                amount: Cents(line.amount_cents).shown(),
            })
            .collect(),
        sponsored: (invoice.sponsored_cents != 0).then(|| {
            let share = if invoice.subtotal_cents == 0 {
                100
            } else {
                invoice.sponsored_cents * 100 / invoice.subtotal_cents
            };
            (
                format!("Sponsored by the funder ({share}%)"),
                Cents(-invoice.sponsored_cents).shown(),
            )
        }),
    })
}

/// 1500 basis points as `15`, 1250 as `12.5`.
fn rust_decimal_percent(basis_points: i32) -> String {
    let whole = basis_points / 100;
    match basis_points % 100 {
        0 => whole.to_string(),
        rest => format!("{whole}.{}", format!("{rest:02}").trim_end_matches('0')),
    }
}

/// What a download of the invoice needs, gathered in the transaction that issues it; the PDF is
/// drawn after it commits.
pub struct InvoiceToDraw {
    pub sheet: InvoiceSheet,
    pub file_name: String,
}

impl InvoiceToDraw {
    pub fn draw(self) -> InvoiceFile {
        InvoiceFile {
            bytes: invoice_pdf(&self.sheet),
            file_name: self.file_name,
        }
    }
}

fn to_draw(
    conn: &mut DbConnection,
    invoice: &Invoice,
    order: &PurchaseOrder,
    settings: &PaymentSettings,
) -> OfficeResult<InvoiceToDraw> {
    let sheet = sheet_of(conn, invoice, settings, order)?;
    let file_name = format!("{}.pdf", sheet.number);
    Ok(InvoiceToDraw { sheet, file_name })
}

/// An invoice or credit note the order has, issuing nothing: the one named, else the live one.
fn issued_to_draw(
    conn: &mut DbConnection,
    order: &PurchaseOrder,
    document: Option<InvoiceId>,
    settings: &PaymentSettings,
) -> OfficeResult<InvoiceToDraw> {
    let invoice = match document {
        Some(id) => {
            let invoice = Invoice::find(conn, id).or_not_found("This invoice")?;
            if invoice.purchase_order_id != order.id {
                return Err(OfficeError::NotFound("This invoice".into()));
            }
            invoice
        }
        None => Invoice::live(conn, order.id)?.ok_or_else(|| {
            OfficeError::NotFound("This order's invoice (none is issued yet)".into())
        })?,
    };
    to_draw(conn, &invoice, order, settings)
}

/// The order's current invoice, issued now if it has none that says what it says.
fn issue_to_draw(
    conn: &mut DbConnection,
    id: PurchaseOrderId,
    settings: &PaymentSettings,
) -> OfficeResult<InvoiceToDraw> {
    let order = PurchaseOrder::locked(conn, id)?;
    if order.deleted_at.is_some() {
        return Err(OfficeError::conflict(
            "This order is deleted; it has no current invoice.",
        ));
    }
    let order = refreshed(conn, order)?;
    let invoice = current_invoice(conn, &order, settings)?;
    to_draw(conn, &invoice, &order, settings)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InvoiceQuery {
    /// An earlier invoice or credit note of the order; without it, the live tax invoice. Nothing
    /// is issued here: `POST` issues.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub invoice_id: Option<InvoiceId>,
}

/// An invoice the order has (the live one, or the one named), for the entry's people and staff.
pub fn invoice(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    query: &InvoiceQuery,
    settings: &PaymentSettings,
) -> OfficeResult<InvoiceToDraw> {
    let order = find_in_reach::<PurchaseOrder>(conn, caller, id)?;
    issued_to_draw(conn, &order, query.invoice_id, settings)
}

/// The order's current tax invoice for the entry's people and staff, issued now if needed.
pub fn issue_invoice(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    settings: &PaymentSettings,
) -> OfficeResult<InvoiceToDraw> {
    write_transaction(conn, |conn| {
        find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        issue_to_draw(conn, id, settings)
    })
}

/// The payment page's live invoice, reached with the link's secret alone; issues nothing (a mail
/// scanner opening the link must not).
pub fn invoice_by_token(
    conn: &mut DbConnection,
    token: &str,
    settings: &PaymentSettings,
) -> OfficeResult<InvoiceToDraw> {
    let order = order_by_token(conn, token)?;
    issued_to_draw(conn, &order, None, settings)
}

/// The payment page's current invoice, issued now if needed (the page's download button).
pub fn issue_invoice_by_token(
    conn: &mut DbConnection,
    token: &str,
    settings: &PaymentSettings,
) -> OfficeResult<InvoiceToDraw> {
    write_transaction(conn, |conn| {
        let order = order_by_token(conn, token)?;
        issue_to_draw(conn, order.id, settings)
    })
}

fn order_by_token(conn: &mut DbConnection, token: &str) -> OfficeResult<PurchaseOrder> {
    if uuid::Uuid::parse_str(token).is_err() {
        return Err(OfficeError::NotFound("This payment link".into()));
    }
    PurchaseOrder::by_token(conn, token).or_not_found("This payment link")
}

/// The query of a report or list of one olympiad.
pub use crate::listing::OlympiadQuery;

/// Records the order's whole total as paid by EFT, known by `external` (the statement's line, or
/// the proof); false when a payment so known is recorded already (nothing is paid twice).
pub(crate) fn record_eft(
    conn: &mut DbConnection,
    order: &PurchaseOrder,
    external: &str,
    caller: &Caller,
) -> OfficeResult<bool> {
    Ok(Payment::record(
        conn,
        order.id,
        "eft",
        order.total_cents,
        external,
        Some(caller.actor()),
    )?)
}

/// The Payments Dashboard: totals owed, paid and pre-approved, by province and by month.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsDashboard {
    pub totals: PaymentTotals,
    pub by_province: Vec<PaymentTotalsBy>,
    /// By the month the order was made (`2026-11`).
    pub by_month: Vec<PaymentTotalsBy>,
    pub fees: Fees,
    /// The whole schedule: the fees, grade bands, early-bird and late fees.
    pub schedule: FeeSchedule,
}

pub fn dashboard(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<PaymentsDashboard> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let month = match conn {
        DbConnection::Postgresql(_) => "to_char(purchase_orders.created_at, 'YYYY-MM')",
        DbConnection::Sqlite(_) => "strftime('%Y-%m', purchase_orders.created_at)",
    };
    let by_province = payment_totals(conn, olympiad_id, "COALESCE(schools.province, '')")?;
    let by_month = payment_totals(conn, olympiad_id, month)?;
    let totals = by_province
        .iter()
        .fold(PaymentTotals::default(), |sum, g| PaymentTotals {
            orders: sum.orders + g.totals.orders,
            learners: sum.learners + g.totals.learners,
            owed_cents: sum.owed_cents + g.totals.owed_cents,
            paid_cents: sum.paid_cents + g.totals.paid_cents,
            pre_approved_cents: sum.pre_approved_cents + g.totals.pre_approved_cents,
        });
    Ok(PaymentsDashboard {
        totals,
        by_province,
        by_month,
        fees: olympiad_fees(conn, olympiad_id)?,
        schedule: olympiad_fee_schedule(conn, olympiad_id)?,
    })
}

/// What the olympiad charges, as the admin sets it: the usual fee and VAT, and optionally grade
/// bands with their own fee, an early-bird fee before a date and a late fee from a date.
#[derive(Debug, Deserialize, ToSchema, validator::Validate)]
#[serde(rename_all = "camelCase")]
pub struct FeesInput {
    /// Per learner, VAT excluded, in cents.
    #[schema(minimum = 0, maximum = 100000000)]
    pub learner_fee_cents: i64,
    /// 1500 is 15%.
    #[schema(minimum = 0, maximum = 10000)]
    pub vat_basis_points: i32,
    #[serde(default)]
    #[schema(max_items = 14)]
    pub bands: Vec<FeeBand>,
    #[serde(default)]
    pub early: Option<DatedFee>,
    #[serde(default)]
    pub late: Option<DatedFee>,
}

/// Sets the fees; orders still owed follow them when next shown, paid ones keep theirs.
pub fn set_fees(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    input: &FeesInput,
) -> OfficeResult<Fees> {
    let fees = Fees {
        learner_fee_cents: input.learner_fee_cents,
        vat_basis_points: input.vat_basis_points,
    };
    let mut schedule = FeeSchedule {
        fees,
        bands: input.bands.clone(),
        early: input.early,
        late: input.late,
    };
    schedule.bands.sort_by_key(|b| b.grade_from);
    let errors = FeeSchedule {
        bands: input.bands.clone(),
        ..schedule.clone()
    }
    .check();
    if !errors.is_empty() {
        return Err(OfficeError::Problems {
            message: "The fees are not right".into(),
            fields: errors.into_iter().map(|e| (e.field, e.message)).collect(),
        });
    }
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        let before = olympiad_fee_schedule(conn, olympiad_id)?;
        set_olympiad_fee_schedule(conn, olympiad_id, &schedule)?;
        record_activity(
            conn,
            caller,
            "olympiad_fees_set",
            Some(olympiad_id),
            json!({ "before": before, "after": schedule }),
        )?;
        Ok(fees)
    })
}

/// The share of a school entry's fees a funder sponsors, in percent.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SponsorQuery {
    /// 100 for all of it, 0 to take the sponsorship away.
    #[param(minimum = 0, maximum = 100)]
    pub sponsored_percent: i32,
}

/// The funding staff mark the order's school entry sponsored (a fee waiver): the order then owes
/// only the share the funder does not pay, shown on its invoice. A paid or deleted order, or a
/// country's, is not changed (409).
pub fn set_sponsored(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    query: &SponsorQuery,
) -> OfficeResult<OrderDetail> {
    if !(0..=100).contains(&query.sponsored_percent) {
        return Err(OfficeError::invalid(
            "sponsoredPercent",
            "must be from 0 to 100",
        ));
    }
    write_transaction(conn, |conn| {
        let order = find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        if order.paid || order.deleted_at.is_some() {
            return Err(OfficeError::conflict(
                "The sponsorship of a paid or deleted order cannot change.",
            ));
        }
        let entry = order
            .school_participant_id
            .ok_or_else(|| OfficeError::conflict("Only a school's entry is sponsored."))?;
        let before = sponsored_share(conn, entry)?;
        set_sponsored_share(
            conn,
            entry,
            query.sponsored_percent * 100,
            Some(caller.actor()),
        )?;
        let order = refreshed(conn, order)?;
        record_activity(
            conn,
            caller,
            "school_entry_sponsored",
            Some(order.olympiad_id),
            json!({ "purchaseOrderId": id, "schoolParticipantId": entry, "before": before / 100, "after": query.sponsored_percent, "totalCents": order.total_cents }),
        )?;
        detail_of(conn, order)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vat_rates_print_as_percentages() {
        assert_eq!(rust_decimal_percent(1500), "15");
        assert_eq!(rust_decimal_percent(1250), "12.5");
        assert_eq!(rust_decimal_percent(1405), "14.05");
    }

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
