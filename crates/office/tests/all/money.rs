//! Orders and their tax invoices: an order that changes is invoiced again, the earlier invoice
//! cancelled by a credit note, every document numbered without gaps; asking again for an order that
//! did not change issues nothing; a deleted order's invoice is cancelled.

use diesel::prelude::*;
use olympiad_bench::fixtures::{enter_many, geography_olympiad, overlord};
use olympiad_domain::id::SchoolParticipantId;
use olympiad_domain::payments::OrderStatus;
use olympiad_office::payments::{
    self, CreateOrderQuery, DiscountQuery, OrderDetail, PaymentSettings,
};
use olympiad_persistence::schema::school_participants;
use olympiad_persistence::testing::TestDatabase;

/// Each document of the order: its printed number, and what it adds up to.
fn documents(detail: &OrderDetail) -> Vec<(String, i64)> {
    detail
        .invoices
        .iter()
        .map(|d| (d.document_number.clone(), d.invoice.total_cents))
        .collect()
}

#[test]
fn a_changed_order_is_invoiced_again_and_its_earlier_invoice_cancelled_by_a_credit_note() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    geography_olympiad(conn, true);
    enter_many(conn, "geography", 3, "money-password").unwrap();
    let office = overlord(conn);
    let entry: SchoolParticipantId = school_participants::table
        .select(school_participants::id)
        .first(conn)
        .unwrap();
    let settings = PaymentSettings::default();

    let order = payments::create(
        conn,
        &office,
        &CreateOrderQuery {
            customer_participant_id: Some(entry),
            country_participant_id: None,
            schools_po: None,
        },
    )
    .unwrap();
    let id = order.row.order.id;
    let full = order.row.order.total_cents;
    assert!(full > 0);
    payments::issue_invoice(conn, &office, id, &settings).unwrap();
    // Asked again without a change, nothing is issued.
    payments::issue_invoice(conn, &office, id, &settings).unwrap();
    let detail = payments::detail(conn, &office, id).unwrap();
    assert_eq!(documents(&detail), [("INV-000001".to_owned(), full)]);

    let discounted = payments::set_discount(
        conn,
        &office,
        id,
        &DiscountQuery {
            free_learners: 1,
            comment: "A bursary learner".into(),
        },
    )
    .unwrap();
    let less = discounted.row.order.total_cents;
    assert!(less < full);
    payments::issue_invoice(conn, &office, id, &settings).unwrap();
    let detail = payments::detail(conn, &office, id).unwrap();
    assert_eq!(
        documents(&detail),
        [
            ("INV-000001".to_owned(), full),
            ("CN-000002".to_owned(), -full),
            ("INV-000003".to_owned(), less),
        ]
    );
    assert_eq!(
        detail.invoices[1].invoice.credits_invoice_id,
        Some(detail.invoices[0].invoice.id)
    );
    assert_eq!(detail.comments[0].comment.comment, "A bursary learner");

    // Deleting the order cancels its live invoice with one more credit note.
    payments::set_status(conn, &office, id, OrderStatus::Delete, None).unwrap();
    let detail = payments::detail(conn, &office, id).unwrap();
    assert_eq!(
        documents(&detail).last(),
        Some(&("CN-000004".to_owned(), -less))
    );
}
