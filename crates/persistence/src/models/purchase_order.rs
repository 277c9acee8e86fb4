//! Purchase orders of school and country entries, the history of their discounts, the invoices and
//! credit notes issued from them, money received, and what each olympiad charges.

use crate::error::DbResult;
use crate::models::listing::{
    contains_pattern, lower, matches_search, page_of, sorted_by, Page, Paged, Sort,
};
use crate::schema::{
    country_participants, igeo_countries, invoice_counters, invoices, learners, olympiad_fee_bands,
    olympiad_fees, participants, payments, purchase_order_comments, purchase_orders,
    school_participants, schools, sponsored_entries, users,
};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use olympiad_domain::id::{
    CountryParticipantId, InvoiceId, OlympiadId, PurchaseOrderId, SchoolParticipantId, UserId,
};
use olympiad_domain::payments::{
    Amounts, DatedFee, FeeBand, FeeLine, FeeSchedule, Fees, OrderState,
};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = purchase_orders)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseOrder {
    #[schema(value_type = i64)]
    pub id: PurchaseOrderId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[schema(value_type = Option<i64>)]
    pub school_participant_id: Option<SchoolParticipantId>,
    #[schema(value_type = Option<i64>)]
    pub country_participant_id: Option<CountryParticipantId>,
    /// What the payer quotes with an EFT.
    pub reference: String,
    /// The secret of the payment page's link; shown to the entry's own people and staff only.
    pub pay_token: String,
    pub learners: i32,
    pub free_learners: i32,
    pub unit_cents: i64,
    pub vat_basis_points: i32,
    pub subtotal_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
    pub paid: bool,
    pub pre_approved: bool,
    #[serde(rename = "schoolsPO")]
    pub schools_po: String,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub paid_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub deleted_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
    /// The part of the subtotal a funder sponsors, in cents.
    pub sponsored_cents: i64,
    /// Each fee of the order: label, learners, unit, free learners, amount.
    #[serde(serialize_with = "fee_lines_json")]
    #[schema(value_type = Vec<FeeLine>)]
    pub fee_lines: String,
    /// A supplementary order: the entry's paid order whose learners this one adds to.
    #[schema(value_type = Option<i64>)]
    pub supplements_order_id: Option<PurchaseOrderId>,
}

/// Fee lines are kept as JSON text and answered as the array they are.
fn fee_lines_json<S: serde::Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&fee_lines_of(text), serializer)
}

/// The fee lines kept as JSON; none when unreadable (an order made before lines were kept).
pub fn fee_lines_of(text: &str) -> Vec<FeeLine> {
    serde_json::from_str(text).unwrap_or_default()
}

impl PurchaseOrder {
    pub fn state(&self, has_payments: bool) -> OrderState {
        OrderState {
            paid: self.paid,
            pre_approved: self.pre_approved,
            deleted: self.deleted_at.is_some(),
            has_payments,
        }
    }

    pub fn amounts(&self) -> Amounts {
        Amounts {
            learners: self.learners,
            free_learners: self.free_learners,
            unit_cents: self.unit_cents,
            vat_basis_points: self.vat_basis_points,
            subtotal_cents: self.subtotal_cents,
            sponsored_cents: self.sponsored_cents,
            vat_cents: self.vat_cents,
            total_cents: self.total_cents,
        }
    }
}

/// An order with who it is for, as the Payment Portal and the portal's invoices show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseOrderRow {
    #[serde(flatten)]
    pub order: PurchaseOrder,
    /// The school's or the country's name.
    pub customer_name: String,
    /// The school's province; empty for a country.
    pub province: String,
    /// Money received for it, in cents.
    pub received_cents: i64,
    /// Proofs of payment uploaded for it (the order's detail lists them as `proofs`).
    pub proof_count: i64,
}

#[derive(Debug, Clone, Default)]
pub struct PurchaseOrderFilter {
    pub olympiad_id: Option<OlympiadId>,
    pub school_participant_id: Option<SchoolParticipantId>,
    pub country_participant_id: Option<CountryParticipantId>,
    /// `paid`, `pre` (pre-approved), `unpaid`, or none for all.
    pub state: Option<String>,
    pub province: Option<String>,
    pub fetch_deleted: bool,
    pub search: String,
    pub sort: Vec<Sort>,
}

pub struct PurchaseOrderInsertForm {
    pub olympiad_id: OlympiadId,
    pub school_participant_id: Option<SchoolParticipantId>,
    pub country_participant_id: Option<CountryParticipantId>,
    pub pay_token: String,
    pub schools_po: String,
    pub amounts: Amounts,
    /// The fee lines, as JSON.
    pub fee_lines: String,
    /// The paid order a supplementary order adds learners to.
    pub supplements_order_id: Option<PurchaseOrderId>,
}

/// The customer's name: the school's, else the country's.
const CUSTOMER: &str = "COALESCE(schools.name, igeo_countries.name, '')";

/// The keys the grid of purchase orders sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &[
    "customerName",
    "province",
    "reference",
    "totalCents",
    "learners",
    "createdAt",
    "paidAt",
];

impl PurchaseOrder {
    pub fn find(conn: &mut DbConnection, id: PurchaseOrderId) -> DbResult<PurchaseOrder> {
        Ok(purchase_orders::table
            .find(id)
            .select(PurchaseOrder::as_select())
            .first(conn)?)
    }

    pub fn by_token(conn: &mut DbConnection, token: &str) -> DbResult<PurchaseOrder> {
        Ok(purchase_orders::table
            .filter(purchase_orders::pay_token.eq(token))
            .select(PurchaseOrder::as_select())
            .first(conn)?)
    }

    /// The entry's orders that are not deleted, the latest first.
    pub fn of_entry(
        conn: &mut DbConnection,
        school_participant_id: Option<SchoolParticipantId>,
        country_participant_id: Option<CountryParticipantId>,
    ) -> DbResult<Vec<PurchaseOrder>> {
        let mut query = purchase_orders::table
            .filter(purchase_orders::deleted_at.is_null())
            .into_boxed();
        query = match (school_participant_id, country_participant_id) {
            (Some(id), _) => query.filter(purchase_orders::school_participant_id.eq(id)),
            (None, Some(id)) => query.filter(purchase_orders::country_participant_id.eq(id)),
            (None, None) => return Ok(Vec::new()),
        };
        Ok(query
            .order(purchase_orders::id.desc())
            .select(PurchaseOrder::as_select())
            .load(conn)?)
    }

    /// Holds the order's row until the transaction ends (PostgreSQL; SQLite's writer holds the
    /// whole database), so that two requests do not both issue its invoice or both record its
    /// payment; answers the order as it is once held.
    pub fn locked(conn: &mut DbConnection, id: PurchaseOrderId) -> DbResult<PurchaseOrder> {
        if let DbConnection::Postgresql(pg) = conn {
            purchase_orders::table
                .find(id)
                .select(purchase_orders::id)
                .for_update()
                .execute(pg)?;
        }
        Self::find(conn, id)
    }

    /// The school entries of the olympiad with more learners loaded than their paid orders are
    /// for, and no order still owed: those a supplementary order is due for.
    pub fn entries_outgrowing_payment(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<SchoolParticipantId>> {
        #[derive(QueryableByName)]
        struct Entry {
            #[diesel(sql_type = BigInt)]
            id: i64,
        }
        let rows: Vec<Entry> = diesel::sql_query(
            "SELECT o.school_participant_id AS id FROM purchase_orders o \
             WHERE o.olympiad_id = $1 AND o.deleted_at IS NULL AND o.school_participant_id IS NOT NULL \
             GROUP BY o.school_participant_id \
             HAVING SUM(CASE WHEN o.paid THEN 0 ELSE 1 END) = 0 \
             AND SUM(o.learners) < (SELECT COUNT(*) FROM participants p \
                 WHERE p.school_participant_id = o.school_participant_id)",
        )
        .bind::<BigInt, _>(olympiad_id)
        .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|e| SchoolParticipantId::new(e.id))
            .collect())
    }

    /// Inserts the order and gives it its reference, made from its id by `reference`.
    pub fn create(
        conn: &mut DbConnection,
        form: &PurchaseOrderInsertForm,
        reference: impl Fn(PurchaseOrderId) -> String,
    ) -> DbResult<PurchaseOrder> {
        let a = form.amounts;
        let id: PurchaseOrderId = diesel::insert_into(purchase_orders::table)
            .values((
                purchase_orders::olympiad_id.eq(form.olympiad_id),
                purchase_orders::school_participant_id.eq(form.school_participant_id),
                purchase_orders::country_participant_id.eq(form.country_participant_id),
                // Unique until the id is known.
                purchase_orders::reference.eq(&form.pay_token),
                purchase_orders::pay_token.eq(&form.pay_token),
                purchase_orders::schools_po.eq(&form.schools_po),
                purchase_orders::learners.eq(a.learners),
                purchase_orders::free_learners.eq(a.free_learners),
                purchase_orders::unit_cents.eq(a.unit_cents),
                purchase_orders::vat_basis_points.eq(a.vat_basis_points),
                purchase_orders::subtotal_cents.eq(a.subtotal_cents),
                purchase_orders::vat_cents.eq(a.vat_cents),
                purchase_orders::total_cents.eq(a.total_cents),
                purchase_orders::sponsored_cents.eq(a.sponsored_cents),
                purchase_orders::fee_lines.eq(&form.fee_lines),
                purchase_orders::supplements_order_id.eq(form.supplements_order_id),
            ))
            .returning(purchase_orders::id)
            .get_result(conn)?;
        Ok(diesel::update(purchase_orders::table.find(id))
            .set(purchase_orders::reference.eq(reference(id)))
            .returning(purchase_orders::all_columns)
            .get_result(conn)?)
    }

    pub fn set_amounts(
        conn: &mut DbConnection,
        id: PurchaseOrderId,
        a: &Amounts,
        fee_lines: &str,
    ) -> DbResult<PurchaseOrder> {
        Ok(diesel::update(purchase_orders::table.find(id))
            .set((
                purchase_orders::sponsored_cents.eq(a.sponsored_cents),
                purchase_orders::fee_lines.eq(fee_lines),
                purchase_orders::learners.eq(a.learners),
                purchase_orders::free_learners.eq(a.free_learners),
                purchase_orders::unit_cents.eq(a.unit_cents),
                purchase_orders::vat_basis_points.eq(a.vat_basis_points),
                purchase_orders::subtotal_cents.eq(a.subtotal_cents),
                purchase_orders::vat_cents.eq(a.vat_cents),
                purchase_orders::total_cents.eq(a.total_cents),
                purchase_orders::updated_at.eq(now()),
            ))
            .returning(purchase_orders::all_columns)
            .get_result(conn)?)
    }

    pub fn set_state(
        conn: &mut DbConnection,
        order: &PurchaseOrder,
        state: OrderState,
    ) -> DbResult<PurchaseOrder> {
        let at = now();
        let paid_at = match (order.paid, state.paid) {
            (false, true) => Some(at),
            (true, true) => order.paid_at,
            _ => None,
        };
        let deleted_at = match state.deleted {
            true => order.deleted_at.or(Some(at)),
            false => None,
        };
        Ok(diesel::update(purchase_orders::table.find(order.id))
            .set((
                purchase_orders::paid.eq(state.paid),
                purchase_orders::pre_approved.eq(state.pre_approved),
                purchase_orders::paid_at.eq(paid_at),
                purchase_orders::deleted_at.eq(deleted_at),
                purchase_orders::updated_at.eq(at),
            ))
            .returning(purchase_orders::all_columns)
            .get_result(conn)?)
    }

    pub fn set_schools_po(
        conn: &mut DbConnection,
        id: PurchaseOrderId,
        schools_po: &str,
    ) -> DbResult<PurchaseOrder> {
        Ok(diesel::update(purchase_orders::table.find(id))
            .set((
                purchase_orders::schools_po.eq(schools_po),
                purchase_orders::updated_at.eq(now()),
            ))
            .returning(purchase_orders::all_columns)
            .get_result(conn)?)
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &PurchaseOrderFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<PurchaseOrderRow>> {
        let pattern = contains_pattern(&filter.search);
        macro_rules! selected {
            () => {{
                let mut query = purchase_orders::table
                    .left_join(
                        school_participants::table.on(school_participants::id
                            .nullable()
                            .eq(purchase_orders::school_participant_id)),
                    )
                    .left_join(
                        schools::table.on(schools::id
                            .nullable()
                            .eq(school_participants::school_id.nullable())),
                    )
                    .left_join(
                        country_participants::table.on(country_participants::id
                            .nullable()
                            .eq(purchase_orders::country_participant_id)),
                    )
                    .left_join(
                        igeo_countries::table.on(igeo_countries::id
                            .nullable()
                            .eq(country_participants::country_id.nullable())),
                    )
                    .into_boxed();
                if let Some(id) = filter.olympiad_id {
                    query = query.filter(purchase_orders::olympiad_id.eq(id));
                }
                if let Some(id) = filter.school_participant_id {
                    query = query.filter(purchase_orders::school_participant_id.eq(id));
                }
                if let Some(id) = filter.country_participant_id {
                    query = query.filter(purchase_orders::country_participant_id.eq(id));
                }
                if !filter.fetch_deleted {
                    query = query.filter(purchase_orders::deleted_at.is_null());
                }
                match filter.state.as_deref() {
                    Some("paid") => query = query.filter(purchase_orders::paid.eq(true)),
                    Some("pre") => query = query.filter(purchase_orders::pre_approved.eq(true)),
                    Some("unpaid") => {
                        query = query
                            .filter(purchase_orders::paid.eq(false))
                            .filter(purchase_orders::pre_approved.eq(false))
                    }
                    Some("deleted") => {
                        query = query.filter(purchase_orders::deleted_at.is_not_null())
                    }
                    _ => {}
                }
                if let Some(province) = &filter.province {
                    query = query.filter(schools::province.eq(province.clone()));
                }
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(sql::<Text>(CUSTOMER), pattern)
                            .or(matches_search(purchase_orders::reference, pattern))
                            .or(matches_search(purchase_orders::schools_po, pattern)),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select((
            PurchaseOrder::as_select(),
            sql::<Text>(CUSTOMER),
            sql::<Text>("COALESCE(schools.province, '')"),
        ));
        query = sorted_by!(query, &filter.sort, SORT_KEYS, {
            "customerName" => [sql::<Text>(CUSTOMER)],
            "province" => [schools::province],
            "reference" => [purchase_orders::reference],
            "totalCents" => [purchase_orders::total_cents],
            "learners" => [purchase_orders::learners],
            "createdAt" => [purchase_orders::created_at],
            "paidAt" => [purchase_orders::paid_at],
        });
        query = page_of!(query, page, purchase_orders::id);
        let parts: Vec<(PurchaseOrder, String, String)> = query.load(conn)?;
        let ids: Vec<PurchaseOrderId> = parts.iter().map(|p| p.0.id).collect();
        let received: Vec<(PurchaseOrderId, i64)> = payments::table
            .filter(payments::purchase_order_id.eq_any(&ids))
            .group_by(payments::purchase_order_id)
            .select((
                payments::purchase_order_id,
                sql::<BigInt>("CAST(COALESCE(SUM(payments.amount_cents),0) AS BIGINT)"),
            ))
            .load(conn)?;
        let received: std::collections::HashMap<PurchaseOrderId, i64> =
            received.into_iter().collect();
        let proofs: std::collections::HashMap<PurchaseOrderId, i64> =
            crate::models::PaymentProof::counts(conn, &ids)?
                .into_iter()
                .collect();
        Ok(Paged {
            rows: parts
                .into_iter()
                .map(|(order, customer_name, province)| PurchaseOrderRow {
                    received_cents: received.get(&order.id).copied().unwrap_or(0),
                    proof_count: proofs.get(&order.id).copied().unwrap_or(0),
                    order,
                    customer_name,
                    province,
                })
                .collect(),
            total,
        })
    }

    /// Orders still owed, as bank-statement matching needs them.
    pub fn owing(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<(PurchaseOrderId, String, i64)>> {
        Ok(purchase_orders::table
            .filter(purchase_orders::olympiad_id.eq(olympiad_id))
            .filter(purchase_orders::deleted_at.is_null())
            .filter(purchase_orders::paid.eq(false))
            .select((
                purchase_orders::id,
                purchase_orders::reference,
                purchase_orders::total_cents,
            ))
            .load(conn)?)
    }
}

/// One change of an order's discounted learners.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = purchase_order_comments)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseOrderComment {
    pub id: i64,
    #[schema(value_type = i64)]
    pub purchase_order_id: PurchaseOrderId,
    pub free_learners: i32,
    pub comment: String,
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<UserId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl PurchaseOrderComment {
    pub fn add(
        conn: &mut DbConnection,
        purchase_order_id: PurchaseOrderId,
        free_learners: i32,
        comment: &str,
        user_id: Option<UserId>,
    ) -> DbResult<()> {
        diesel::insert_into(purchase_order_comments::table)
            .values((
                purchase_order_comments::purchase_order_id.eq(purchase_order_id),
                purchase_order_comments::free_learners.eq(free_learners),
                purchase_order_comments::comment.eq(comment),
                purchase_order_comments::user_id.eq(user_id),
            ))
            .execute(conn)?;
        Ok(())
    }

    pub fn of_order(
        conn: &mut DbConnection,
        id: PurchaseOrderId,
    ) -> DbResult<Vec<PurchaseOrderComment>> {
        Ok(purchase_order_comments::table
            .filter(purchase_order_comments::purchase_order_id.eq(id))
            .order(purchase_order_comments::id)
            .select(PurchaseOrderComment::as_select())
            .load(conn)?)
    }
}

/// The country entries of an olympiad whose team leader has this e-mail address (compared
/// case-blind): `(entry id, country, entry status)`.
pub fn countries_led_by(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    email: &str,
) -> DbResult<Vec<(CountryParticipantId, String, String)>> {
    Ok(country_participants::table
        .inner_join(
            igeo_countries::table.on(igeo_countries::id.eq(country_participants::country_id)),
        )
        .filter(country_participants::olympiad_id.eq(olympiad_id))
        .filter(lower(country_participants::team_leader_email).eq(email.trim().to_lowercase()))
        .select((
            country_participants::id,
            igeo_countries::name,
            country_participants::status,
        ))
        .order(igeo_countries::name)
        .load(conn)?)
}

mod fees;
mod invoice;
mod payment;
pub use fees::*;
pub use invoice::{Invoice, InvoiceInsertForm};
pub use payment::*;

/// The customer's address lines for an invoice: the school's postal (or street) address, or the
/// country entry's invoice address; and the e-mail address invoices go to.
pub fn customer_details(
    conn: &mut DbConnection,
    order: &PurchaseOrder,
) -> DbResult<(String, String, Option<String>)> {
    if let Some(entry_id) = order.school_participant_id {
        let (name, postal, street, town, province, email, contact): (
            String,
            String,
            String,
            String,
            String,
            String,
            Option<String>,
        ) = school_participants::table
            .inner_join(schools::table)
            .left_join(
                users::table.on(users::id
                    .nullable()
                    .eq(school_participants::contact_teacher_id)),
            )
            .filter(school_participants::id.eq(entry_id))
            .select((
                schools::name,
                schools::postal_address,
                schools::street_address,
                schools::town,
                schools::province,
                schools::email,
                users::email.nullable(),
            ))
            .first(conn)?;
        let address = [
            if postal.is_empty() { street } else { postal },
            town,
            province,
        ]
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
        let email = contact.or((!email.is_empty()).then_some(email));
        return Ok((name, address, email));
    }
    if let Some(entry_id) = order.country_participant_id {
        let (country, invoice_name, address, email): (String, String, String, String) =
            country_participants::table
                .inner_join(igeo_countries::table)
                .filter(country_participants::id.eq(entry_id))
                .select((
                    igeo_countries::name,
                    country_participants::invoice_name,
                    country_participants::invoice_address,
                    country_participants::invoice_email,
                ))
                .first(conn)?;
        let name = if invoice_name.is_empty() {
            country
        } else {
            format!("{invoice_name} ({country})")
        };
        return Ok((name, address, (!email.is_empty()).then_some(email)));
    }
    Ok((String::new(), String::new(), None))
}
