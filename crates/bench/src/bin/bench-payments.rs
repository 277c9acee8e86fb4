//! Payments: 20,000 purchase orders for 100,000 learners; a 5,000-line bank statement read and
//! matched against them; a page of the Payment Portal's grid and the Payments Dashboard; and 1,000
//! invoice PDFs drawn. Each goes through the office's use cases, as the API calls them.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a benchmark that cannot set up has failed

use diesel::connection::SimpleConnection;
use olympiad_bench::fixtures::{geography_olympiad, PROVINCES};
use olympiad_bench::{database, millis, report};
use olympiad_documents::invoice::{invoice_pdf, InvoiceSheet};
use olympiad_domain::id::{AccountId, UserId};
use olympiad_domain::Role;
use olympiad_office::payments::{self, OrderListQuery};
use olympiad_office::support::listing::Grid;
use olympiad_office::Caller;
use olympiad_persistence::models::{Olympiad, Page, Sort};
use std::time::Instant;

const ORDERS: usize = 20_000;
const LEARNERS: usize = 100_000;
const STATEMENT_LINES: usize = 5_000;
const PDFS: usize = 1_000;

/// Schools, their entries and an order each, in batches of plain SQL (not what is measured).
/// Five learners an order: 100,000 learners in all.
fn fill(conn: &mut olympiad_persistence::DbConnection, olympiad: &Olympiad) {
    conn.batch_execute("BEGIN").unwrap();
    for batch in 0..ORDERS / 1000 {
        let range = batch * 1000..(batch + 1) * 1000;
        let schools: Vec<String> = range
            .clone()
            .map(|i| {
                format!(
                    "('Bench School {i:05}', '{}', 'public', 'ZA')",
                    PROVINCES[i % PROVINCES.len()]
                )
            })
            .collect();
        conn.batch_execute(&format!(
            "INSERT INTO schools (name, province, sector, country_code) VALUES {}",
            schools.join(",")
        ))
        .unwrap();
    }
    conn.batch_execute(&format!(
        "INSERT INTO school_participants (olympiad_id, school_id) SELECT {}, id FROM schools",
        olympiad.id
    ))
    .unwrap();
    let per_order = LEARNERS / ORDERS;
    // R 50 a learner plus 15% VAT: 5 learners are 28 750 cents.
    conn.batch_execute(&format!(
        "INSERT INTO purchase_orders (olympiad_id, school_participant_id, reference, pay_token, learners, unit_cents, subtotal_cents, vat_cents, total_cents, paid, pre_approved) \
         SELECT {oid}, id, 'GEO26-' || CAST(100000 + id AS TEXT), 'token-' || id, {per_order}, 5000, 25000, 3750, 28750, id % 3 = 0, id % 3 = 1 FROM school_participants",
        oid = olympiad.id
    ))
    .unwrap();
    conn.batch_execute("COMMIT").unwrap();
}

fn statement() -> Vec<u8> {
    let mut csv = String::from("Date,Description,Amount\n");
    for i in 0..STATEMENT_LINES {
        // Most lines quote an unpaid order's reference; some are other credits.
        let id = (i * 4) % ORDERS + 2;
        let line = if i % 10 == 0 {
            format!("2026-11-20,SALARY PAYMENT {i},1200.00\n")
        } else {
            format!("2026-11-20,EFT GEO26-{} SCHOOL,287.50\n", 100_000 + id)
        };
        csv.push_str(&line);
    }
    csv.into_bytes()
}

fn sheet(n: usize) -> InvoiceSheet {
    InvoiceSheet {
        credit_note: false,
        number: format!("INV-{n:06}"),
        issued_on: "2026-11-25".into(),
        cancels: None,
        provider_name: "Olympiads".into(),
        provider_address: "1 Main Road\nPretoria".into(),
        provider_vat_number: "4000000000".into(),
        customer_name: format!("Bench School {n:05}"),
        customer_address: "Postal address\nTown\nGauteng".into(),
        schools_po: format!("PO-{n}"),
        reference: format!("GEO26-{n:06}"),
        description: "Geography Olympiad 2026: entry per learner".into(),
        learners: 5,
        free_learners: 0,
        unit: "R 50.00".into(),
        subtotal: "R 250.00".into(),
        vat_label: "VAT (15%)".into(),
        vat: "R 37.50".into(),
        total: "R 287.50".into(),
        payment_lines: vec!["Bank: Example".into(), "Reference: GEO26".into()],
        lines: vec![],
        sponsored: None,
    }
}

fn main() {
    let db = database();
    let mut conn = db.conn();
    let olympiad = geography_olympiad(&mut conn, true);
    fill(&mut conn, &olympiad);
    let accountant = Caller {
        user_id: UserId::new(1),
        account_id: AccountId::new(1),
        role: Role::Accountant,
        olympiad_id: Some(olympiad.id),
        olympiad_name: Some(olympiad.name.clone()),
        impersonator: None,
        impersonator_version: None,
        session_version: 1,
        address: None,
    };

    let bytes = statement();
    let started = Instant::now();
    let lines = payments::read_statement(&bytes).unwrap();
    let matches =
        payments::match_bank_statement(&mut conn, &accountant, olympiad.id, &lines).unwrap();
    let elapsed = millis(started.elapsed());
    assert_eq!(matches.len(), STATEMENT_LINES);
    report(
        "payments_statement_5000_lines_vs_20000_orders",
        elapsed,
        "ms",
    );

    let query = OrderListQuery {
        olympiad_id: Some(olympiad.id),
        fetch_deleted: false,
        state: Some("unpaid".into()),
        province: None,
        country_participant_id: None,
    };
    let grid = || Grid {
        search: String::new(),
        sort: vec![Sort {
            key: "customerName".into(),
            desc: false,
        }],
        page: Some(Page {
            offset: 100,
            limit: 50,
        }),
    };
    payments::list(&mut conn, &accountant, &query, grid()).unwrap();
    let mut times = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let page = payments::list(&mut conn, &accountant, &query, grid()).unwrap();
        times.push(millis(started.elapsed()));
        assert_eq!(page.rows.len(), 50);
    }
    times.sort_by(f64::total_cmp);
    report("payments_portal_grid_page_20000_orders", times[2], "ms");

    let admin = Caller {
        role: Role::Admin,
        ..accountant.clone()
    };
    payments::dashboard(&mut conn, &admin, olympiad.id).unwrap();
    let mut times = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let dashboard = payments::dashboard(&mut conn, &admin, olympiad.id).unwrap();
        times.push(millis(started.elapsed()));
        assert_eq!(dashboard.totals.learners, LEARNERS as i64);
    }
    times.sort_by(f64::total_cmp);
    report(
        "payments_dashboard_20000_orders_100000_learners",
        times[2],
        "ms",
    );

    let started = Instant::now();
    let bytes: usize = (0..PDFS).map(|n| invoice_pdf(&sheet(n)).len()).sum();
    let elapsed = millis(started.elapsed());
    assert!(bytes > PDFS * 1000);
    report("payments_invoice_pdfs_1000", elapsed, "ms");
}
