//! An order with its history, as the accountant reads it: each discount with its reason, every
//! invoice and credit note issued for it, the money received, and the proofs uploaded; each change
//! named by the person who made it.

use std::collections::HashMap;

use olympiad_domain::id::UserId;
use olympiad_domain::payments::document_number;
use olympiad_persistence::models::{
    Invoice, Payment, PaymentProof, PurchaseOrder, PurchaseOrderComment, PurchaseOrderRow, User,
};
use olympiad_persistence::DbConnection;
use serde::Serialize;
use utoipa::ToSchema;

use super::row_of;
use crate::support::error::OfficeResult;

/// An order with its history: discounts, invoices and credit notes, money received.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    #[serde(flatten)]
    pub row: PurchaseOrderRow,
    /// Each change of the discounted learners, with its reason, oldest first.
    pub comments: Vec<OrderComment>,
    /// The invoices and credit notes issued for the order, oldest first.
    pub invoices: Vec<OrderDocument>,
    /// The money received, oldest first.
    pub payments: Vec<OrderPayment>,
    /// Proofs of payment the entry's people uploaded.
    pub proofs: Vec<PaymentProof>,
}

/// A discount's change with the name of who made it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderComment {
    #[serde(flatten)]
    pub comment: PurchaseOrderComment,
    /// Who gave the discount; absent when their account is gone.
    pub by_name: Option<String>,
}

/// An invoice or credit note with the number printed on it (INV-000012, CN-000003).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDocument {
    #[serde(flatten)]
    pub invoice: Invoice,
    pub document_number: String,
}

/// A payment with the name of who recorded it (absent for one PayFast reported).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPayment {
    #[serde(flatten)]
    pub payment: Payment,
    pub recorded_by_name: Option<String>,
}

pub(super) fn detail_of(
    conn: &mut DbConnection,
    order: PurchaseOrder,
) -> OfficeResult<OrderDetail> {
    let id = order.id;
    let mut names = Names::default();
    let comments = PurchaseOrderComment::of_order(conn, id)?
        .into_iter()
        .map(|comment| {
            let by_name = names.of(conn, comment.user_id)?;
            Ok(OrderComment { comment, by_name })
        })
        .collect::<OfficeResult<_>>()?;
    let payments = Payment::of_order(conn, id)?
        .into_iter()
        .map(|payment| {
            let recorded_by_name = names.of(conn, payment.recorded_by)?;
            Ok(OrderPayment {
                payment,
                recorded_by_name,
            })
        })
        .collect::<OfficeResult<_>>()?;
    Ok(OrderDetail {
        row: row_of(conn, order)?,
        comments,
        invoices: Invoice::of_order(conn, id)?
            .into_iter()
            .map(|invoice| OrderDocument {
                document_number: document_number(invoice.credit_note, invoice.number),
                invoice,
            })
            .collect(),
        payments,
        proofs: PaymentProof::of_order(conn, id)?,
    })
}

/// People's names, each read once: an order's history names the same few people again and again.
#[derive(Default)]
struct Names(HashMap<UserId, Option<String>>);

impl Names {
    fn of(&mut self, conn: &mut DbConnection, id: Option<UserId>) -> OfficeResult<Option<String>> {
        let Some(id) = id else { return Ok(None) };
        if let Some(name) = self.0.get(&id) {
            return Ok(name.clone());
        }
        let name = match User::find(conn, id) {
            Ok(user) => Some(format!("{} {}", user.first_name, user.last_name)),
            Err(olympiad_persistence::DbError::NotFound) => None,
            Err(error) => return Err(error.into()),
        };
        self.0.insert(id, name.clone());
        Ok(name)
    }
}
