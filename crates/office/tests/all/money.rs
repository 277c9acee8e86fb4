//! Orders and their tax invoices: an order that changes is invoiced again, the earlier invoice
//! cancelled by a credit note, every document numbered without gaps; asking again for an order that
//! did not change issues nothing; a deleted order's invoice is cancelled. An order's amounts follow
//! the learners until it is paid, and learners entered after that go on a supplementary order;
//! discounts; a bank statement matched to orders and confirmed; proofs of payment.

use crate::common::{entered_learner, entered_school};
use diesel::prelude::*;
use olympiad_bench::fixtures::{enter_many, geography_olympiad, overlord};
use olympiad_domain::id::{PurchaseOrderId, SchoolParticipantId};
use olympiad_domain::payments::{FeeBand, FeeLine, MatchKind, OrderStatus, StatementLine};
use olympiad_domain::Role;
use olympiad_office::payments::{
    self, ConfirmMatches, ConfirmedMatch, CreateOrderQuery, DiscountQuery, FeesInput, OrderDetail,
    PaymentSettings,
};
use olympiad_office::{payment_proofs, Caller, OfficeError};
use olympiad_persistence::models::{PurchaseOrder, SchoolParticipant};
use olympiad_persistence::schema::school_participants;
use olympiad_persistence::testing::TestDatabase;
use olympiad_persistence::DbConnection;
use olympiad_storage::Storage;

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

/// A school entered in the geography olympiad (open) with `learners` learners of each grade
/// given, `(grade, how many)`.
fn school_with(
    conn: &mut DbConnection,
    name: &str,
    learners: &[(i32, usize)],
) -> SchoolParticipant {
    let olympiad = geography_olympiad(conn, true);
    let entry = entered_school(conn, &olympiad, name, "Gauteng");
    for &(grade, count) in learners {
        for n in 0..count {
            entered_learner(
                conn,
                &entry,
                ("Learner", &format!("{name} {grade} {n}"), grade),
            );
        }
    }
    entry
}

/// The entry's order, made (or the one still owed, found) as its team admin makes it.
fn order_of(conn: &mut DbConnection, office: &Caller, entry: &SchoolParticipant) -> PurchaseOrder {
    let query = CreateOrderQuery {
        customer_participant_id: Some(entry.id),
        country_participant_id: None,
        schools_po: None,
    };
    payments::create(conn, office, &query).unwrap().row.order
}

/// (learners, free learners, subtotal, VAT, total) of an order, in cents.
fn amounts(order: &PurchaseOrder) -> (i32, i32, i64, i64, i64) {
    (
        order.learners,
        order.free_learners,
        order.subtotal_cents,
        order.vat_cents,
        order.total_cents,
    )
}

#[test]
fn an_order_follows_the_learners_until_it_is_paid_and_later_learners_go_on_a_supplementary_order() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let office = overlord(conn);
    let entry = school_with(conn, "Parktown Boys", &[(10, 3)]);
    // R 50.00 a learner and 15 % VAT (the fees until the office sets its own): 3 learners are
    // R 150.00 and R 22.50 VAT, R 172.50.
    let order = order_of(conn, &office, &entry);
    assert_eq!(amounts(&order), (3, 0, 15_000, 2_250, 17_250));
    assert_eq!(order.reference, format!("GEO26-{:06}", order.id.get()));

    // Two more learners while it is owed: the same order, for 5: R 250.00 + R 37.50 = R 287.50.
    entered_learner(conn, &entry, ("Late", "Comer", 10));
    entered_learner(conn, &entry, ("Later", "Still", 11));
    let detail = payments::detail(conn, &office, order.id).unwrap();
    assert_eq!(amounts(&detail.row.order), (5, 0, 25_000, 3_750, 28_750));
    assert_eq!(order_of(conn, &office, &entry).id, order.id);

    // Paid, it stays for the five it counted.
    payments::set_status(conn, &office, order.id, OrderStatus::Paid, None).unwrap();
    entered_learner(conn, &entry, ("After", "Payment", 10));
    let paid = payments::detail(conn, &office, order.id).unwrap().row.order;
    assert!(paid.paid);
    assert_eq!(amounts(&paid), (5, 0, 25_000, 3_750, 28_750));
    // The sixth learner is owed on a supplementary order naming the paid one: R 50.00 + R 7.50.
    let supplement = order_of(conn, &office, &entry);
    assert_ne!(supplement.id, order.id);
    assert_eq!(supplement.supplements_order_id, Some(order.id));
    assert!(!supplement.paid);
    assert_eq!(amounts(&supplement), (1, 0, 5_000, 750, 5_750));
    assert_ne!(supplement.reference, order.reference);
    // And it follows the learners in turn: a seventh makes it R 115.00.
    entered_learner(conn, &entry, ("Seventh", "Learner", 10));
    let supplement = order_of(conn, &office, &entry);
    assert_eq!(amounts(&supplement), (2, 0, 10_000, 1_500, 11_500));
}

#[test]
fn a_discount_frees_the_cheapest_learners_first_never_more_than_are_loaded_and_not_once_paid() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let office = overlord(conn);
    let entry = school_with(conn, "Pretoria Girls High", &[(10, 2), (8, 1)]);
    // Grades 10 to 12 pay R 80.00, the others R 50.00: 2 × 80 + 50 = R 210.00, VAT R 31.50.
    let fees = FeesInput {
        learner_fee_cents: 5_000,
        vat_basis_points: 1_500,
        bands: vec![FeeBand {
            grade_from: 10,
            grade_to: 12,
            fee_cents: 8_000,
        }],
        early: None,
        late: None,
    };
    payments::set_fees(conn, &office, entry.olympiad_id, &fees).unwrap();
    let order = order_of(conn, &office, &entry);
    assert_eq!(amounts(&order), (3, 0, 21_000, 3_150, 24_150));
    let discount = |free_learners: i32, comment: &str| DiscountQuery {
        free_learners,
        comment: comment.into(),
    };

    // Every discount says why, and is from 0 to 100000 learners.
    let refused = payments::set_discount(conn, &office, order.id, &discount(1, " "));
    assert!(matches!(refused, Err(OfficeError::Invalid { field, .. }) if field == "comment"));
    let refused = payments::set_discount(conn, &office, order.id, &discount(-1, "Bursary"));
    assert!(matches!(refused, Err(OfficeError::Invalid { field, .. }) if field == "freeLearners"));

    // One learner free: the grade 8 learner's R 50.00, the cheaper; 2 × 80 = R 160.00, VAT R 24.00.
    let detail = payments::set_discount(conn, &office, order.id, &discount(1, "Bursary")).unwrap();
    assert_eq!(amounts(&detail.row.order), (3, 1, 16_000, 2_400, 18_400));
    let lines: Vec<FeeLine> = serde_json::from_str(&detail.row.order.fee_lines).unwrap();
    let lines: Vec<(&str, i32, i64, i32, i64)> = lines
        .iter()
        .map(|l| {
            (
                l.label.as_str(),
                l.learners,
                l.unit_cents,
                l.free_learners,
                l.amount_cents,
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("Grades 10–12", 2, 8_000, 0, 16_000),
            ("Other grades", 1, 5_000, 1, 0)
        ]
    );
    // Ten free of three loaded: the three, and nothing owed.
    let detail =
        payments::set_discount(conn, &office, order.id, &discount(10, "Sponsored school")).unwrap();
    assert_eq!(amounts(&detail.row.order), (3, 3, 0, 0, 0));
    let reasons: Vec<(i32, &str)> = detail
        .comments
        .iter()
        .map(|c| (c.comment.free_learners, c.comment.comment.as_str()))
        .collect();
    assert_eq!(reasons, [(1, "Bursary"), (3, "Sponsored school")]);

    // Paid, the discount stays as it was.
    payments::set_status(conn, &office, order.id, OrderStatus::Paid, None).unwrap();
    let refused = payments::set_discount(conn, &office, order.id, &discount(0, "Undo"));
    assert!(matches!(refused, Err(OfficeError::Conflict { .. })));
}

#[test]
fn a_statement_line_pays_the_order_it_names_at_its_total_once_and_never_a_paid_one() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let office = overlord(conn);
    // Three learners owe R 172.50, two R 115.00.
    let jeppe = school_with(conn, "Jeppe High", &[(10, 3)]);
    let king_edward = school_with(conn, "King Edward VII", &[(10, 2)]);
    let three = order_of(conn, &office, &jeppe);
    let two = order_of(conn, &office, &king_edward);
    let (a, b) = (&three.reference, &two.reference);
    let csv = format!(
        "Date,Description,Amount\n\
         2026-11-20,EFT {a} Jeppe,172.50\n\
         2026-11-20,{} part payment,100.00\n\
         2026-11-21,Cash deposit,50.00\n\
         2026-11-21,Bank fee,-5.00\n",
        b.replace('-', " ")
    );
    // The debit is no payment; the others keep their line numbers in the file.
    let lines = payments::read_statement(csv.as_bytes()).unwrap();
    assert_eq!(
        lines
            .iter()
            .map(|l| (l.line, l.amount_cents))
            .collect::<Vec<_>>(),
        [(2, 17_250), (3, 10_000), (4, 5_000)]
    );

    // Jeppe's line names its order at its total; King Edward's (its reference written with
    // spaces) names its order at another amount; the cash deposit names none.
    let matched = payments::match_bank_statement(conn, &office, three.olympiad_id, &lines).unwrap();
    let kinds: Vec<(Option<PurchaseOrderId>, MatchKind)> = matched
        .iter()
        .map(|m| (m.purchase_order_id, m.kind))
        .collect();
    assert_eq!(
        kinds,
        [
            (Some(three.id), MatchKind::Exact),
            (Some(two.id), MatchKind::AmountDiffers),
            (None, MatchKind::NoReference),
        ]
    );

    // All or none: the line at another amount is refused, naming it, and Jeppe's is not recorded.
    let confirm = |matches: Vec<(PurchaseOrderId, &StatementLine)>| ConfirmMatches {
        matches: matches
            .into_iter()
            .map(|(purchase_order_id, line)| ConfirmedMatch {
                purchase_order_id,
                line: line.clone(),
            })
            .collect(),
    };
    let both = confirm(vec![(three.id, &lines[0]), (two.id, &lines[1])]);
    let refused = payments::confirm_matches(conn, &office, &both);
    assert!(
        matches!(refused, Err(OfficeError::Invalid { field, .. }) if field == "matches[1].line.amountCents")
    );
    assert!(payments::detail(conn, &office, three.id)
        .unwrap()
        .payments
        .is_empty());

    // Jeppe's alone pays it by EFT, at its total; confirmed again, nothing more is recorded.
    let alone = confirm(vec![(three.id, &lines[0])]);
    assert_eq!(payments::confirm_matches(conn, &office, &alone).unwrap(), 1);
    assert_eq!(payments::confirm_matches(conn, &office, &alone).unwrap(), 0);
    let detail = payments::detail(conn, &office, three.id).unwrap();
    assert!(detail.row.order.paid);
    let received: Vec<(&str, i64)> = detail
        .payments
        .iter()
        .map(|p| (p.payment.method.as_str(), p.payment.amount_cents))
        .collect();
    assert_eq!(received, [("eft", 17_250)]);

    // A second transfer quoting the paid order is not offered, nor taken as a second payment.
    let again = StatementLine {
        line: 9,
        date: "2026-11-22".into(),
        description: format!("EFT {a}"),
        amount_cents: 17_250,
    };
    let matched = payments::match_bank_statement(
        conn,
        &office,
        three.olympiad_id,
        std::slice::from_ref(&again),
    )
    .unwrap();
    assert_eq!(matched[0].kind, MatchKind::NoReference);
    let refused = payments::confirm_matches(conn, &office, &confirm(vec![(three.id, &again)]));
    assert!(matches!(refused, Err(OfficeError::Conflict { .. })));
    assert_eq!(
        payments::detail(conn, &office, three.id)
            .unwrap()
            .payments
            .len(),
        1
    );
}

/// The smallest PNG the content check accepts: its signature and a header chunk.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\x90wS\xde";

#[test]
fn a_proof_of_payment_is_kept_within_its_limits_and_accepted_once_by_the_finance_staff() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let office = overlord(conn);
    let folder = std::env::temp_dir().join(format!("office-proofs-{}", std::process::id()));
    let files = Storage::folder(&folder);
    let grey = school_with(conn, "Grey College", &[(10, 2)]);
    let order = order_of(conn, &office, &grey);
    let upload = |conn: &mut DbConnection, name: &str, bytes: &[u8]| {
        payment_proofs::upload(conn, &office, order.id, name, bytes, &files)
    };

    // A PDF, JPEG or PNG by its first bytes, whatever its name; at most 5 MB.
    let refused = upload(conn, "proof.pdf", b"GIF89a not a proof");
    assert!(matches!(refused, Err(OfficeError::UnsupportedFile(_))));
    let big = [b"%PDF-1.4\n".as_slice(), &vec![b' '; 5 * 1024 * 1024]].concat();
    let refused = upload(conn, "big.pdf", &big);
    assert!(matches!(refused, Err(OfficeError::Invalid { field, .. }) if field == "file"));

    // Five proofs at most, the name cleaned of its folders.
    let first = upload(conn, "../bank proof.png", PNG).unwrap();
    assert_eq!(
        (first.filename.as_str(), first.content_type.as_str()),
        ("bank proof.png", "image/png")
    );
    let second = upload(conn, "again.pdf", b"%PDF-1.4\n").unwrap();
    for n in 3..=5 {
        upload(conn, &format!("copy {n}.png"), PNG).unwrap();
    }
    assert!(matches!(
        upload(conn, "sixth.png", PNG),
        Err(OfficeError::Conflict { .. })
    ));
    let kept = payment_proofs::find(conn, &office, order.id, first.id).unwrap();
    assert_eq!(payment_proofs::bytes(&files, &kept).unwrap(), PNG);

    // Only the finance staff accept a proof; accepting it pays the order's total (R 115.00) once
    // however often it is asked.
    let teacher = Caller {
        role: Role::Teacher,
        ..office.clone()
    };
    let refused = payment_proofs::accept(conn, &teacher, order.id, first.id);
    assert!(matches!(refused, Err(OfficeError::Forbidden(_))));
    for _ in 0..2 {
        let detail = payment_proofs::accept(conn, &office, order.id, first.id).unwrap();
        assert!(detail.row.order.paid);
        let received: Vec<(i64, &str)> = detail
            .payments
            .iter()
            .map(|p| (p.payment.amount_cents, p.payment.external_id.as_str()))
            .collect();
        assert_eq!(received, [(11_500, format!("proof:{}", first.id).as_str())]);
        assert_eq!(detail.row.received_cents, 11_500);
    }
    // Another proof of the paid order is not a second payment; a paid order takes no more proofs.
    let refused = payment_proofs::accept(conn, &office, order.id, second.id);
    assert!(matches!(refused, Err(OfficeError::Conflict { .. })));
    let refused = upload(conn, "late.png", PNG);
    assert!(matches!(refused, Err(OfficeError::Conflict { .. })));
    std::fs::remove_dir_all(&folder).ok();
}
