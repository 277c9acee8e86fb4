//! Proofs of payment: files the entry's people upload for an order, and whether the accountant
//! accepted one as the order's payment.

use crate::error::DbResult;
use crate::schema::payment_proofs;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{PaymentProofId, PurchaseOrderId, UserId};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = payment_proofs)]
#[serde(rename_all = "camelCase")]
pub struct PaymentProof {
    #[schema(value_type = i64)]
    pub id: PaymentProofId,
    #[schema(value_type = i64)]
    pub purchase_order_id: PurchaseOrderId,
    /// Where the file is kept; not shown.
    #[serde(skip)]
    pub sha256: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub filename: String,
    #[schema(value_type = Option<i64>)]
    pub uploaded_by: Option<UserId>,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub accepted_at: Option<NaiveDateTime>,
    #[schema(value_type = Option<i64>)]
    pub accepted_by: Option<UserId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = payment_proofs)]
pub struct PaymentProofInsertForm<'a> {
    pub purchase_order_id: PurchaseOrderId,
    pub sha256: &'a str,
    pub content_type: &'a str,
    pub size_bytes: i64,
    pub filename: &'a str,
    pub uploaded_by: Option<UserId>,
}

impl PaymentProof {
    pub fn create(
        conn: &mut DbConnection,
        form: &PaymentProofInsertForm,
    ) -> DbResult<PaymentProof> {
        diesel::insert_into(payment_proofs::table)
            .values((form, payment_proofs::created_at.eq(now())))
            .execute(conn)?;
        Ok(payment_proofs::table
            .filter(payment_proofs::purchase_order_id.eq(form.purchase_order_id))
            .order(payment_proofs::id.desc())
            .select(PaymentProof::as_select())
            .first(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: PaymentProofId) -> DbResult<PaymentProof> {
        Ok(payment_proofs::table
            .find(id)
            .select(PaymentProof::as_select())
            .first(conn)?)
    }

    /// An order's proofs, oldest first.
    pub fn of_order(
        conn: &mut DbConnection,
        order_id: PurchaseOrderId,
    ) -> DbResult<Vec<PaymentProof>> {
        Ok(payment_proofs::table
            .filter(payment_proofs::purchase_order_id.eq(order_id))
            .order(payment_proofs::id)
            .select(PaymentProof::as_select())
            .load(conn)?)
    }

    /// How many proofs each of the orders has (orders without one are left out).
    pub fn counts(
        conn: &mut DbConnection,
        order_ids: &[PurchaseOrderId],
    ) -> DbResult<Vec<(PurchaseOrderId, i64)>> {
        Ok(payment_proofs::table
            .filter(payment_proofs::purchase_order_id.eq_any(order_ids))
            .group_by(payment_proofs::purchase_order_id)
            .select((payment_proofs::purchase_order_id, diesel::dsl::count_star()))
            .load(conn)?)
    }

    pub fn accept(conn: &mut DbConnection, id: PaymentProofId, by: UserId) -> DbResult<()> {
        diesel::update(payment_proofs::table.find(id))
            .set((
                payment_proofs::accepted_at.eq(now()),
                payment_proofs::accepted_by.eq(by),
            ))
            .execute(conn)?;
        Ok(())
    }
}
