use super::*;

fn day(text: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// R 50 usual; grades 10–12 R 80; early-bird R 40 before 1 March, late R 65 from 1 June.
fn schedule() -> FeeSchedule {
    FeeSchedule {
        fees: Fees::default(),
        bands: vec![FeeBand {
            grade_from: 10,
            grade_to: 12,
            fee_cents: 8_000,
        }],
        early: Some(DatedFee {
            date: day("2026-03-01"),
            fee_cents: 4_000,
        }),
        late: Some(DatedFee {
            date: day("2026-06-01"),
            fee_cents: 6_500,
        }),
    }
}

#[test]
fn the_order_date_chooses_the_early_bird_usual_or_late_fee() {
    let s = schedule();
    assert_eq!(s.period(day("2026-02-28")), FeePeriod::Early);
    assert_eq!(s.period(day("2026-03-01")), FeePeriod::Usual);
    assert_eq!(s.period(day("2026-05-31")), FeePeriod::Usual);
    assert_eq!(s.period(day("2026-06-01")), FeePeriod::Late);
    // Without dates, every day is usual.
    assert_eq!(
        FeeSchedule::flat(Fees::default()).period(day("2026-01-01")),
        FeePeriod::Usual
    );
}

#[test]
fn grade_bands_have_their_own_fee_and_move_with_the_period() {
    let s = schedule();
    // Two grade 8s and three grade 11s, usual time: 2 × 50 + 3 × 80 = 340, VAT 51.
    let q = s.quote(day("2026-04-01"), &[(8, 2), (11, 3)], 0, 0);
    assert_eq!(q.lines.len(), 2);
    assert_eq!(
        (q.lines[0].label.as_str(), q.lines[0].unit_cents),
        ("Grades 10–12", 8_000)
    );
    assert_eq!(
        (q.lines[1].label.as_str(), q.lines[1].learners),
        ("Other grades", 2)
    );
    assert_eq!(q.amounts.subtotal_cents, 34_000);
    assert_eq!(q.amounts.total_cents, 39_100);
    // Early-bird: R 10 less for everybody; the label says so.
    let early = s.quote(day("2026-02-01"), &[(8, 2), (11, 3)], 0, 0);
    assert_eq!(early.lines[0].unit_cents, 7_000);
    assert_eq!(early.lines[1].unit_cents, 4_000);
    assert_eq!(
        early.lines[1].label,
        "Other grades, early-bird (before 2026-03-01)"
    );
    assert_eq!(early.amounts.unit_cents, 4_000);
    // Late: R 15 more.
    let late = s.quote(day("2026-07-01"), &[(12, 1)], 0, 0);
    assert_eq!(late.lines[0].unit_cents, 9_500);
    assert_eq!(late.lines[0].label, "Grades 10–12, late (from 2026-06-01)");
}

#[test]
fn free_learners_are_the_cheapest_and_never_more_than_loaded() {
    let s = schedule();
    let q = s.quote(day("2026-04-01"), &[(8, 2), (11, 3)], 3, 0);
    // Both grade 8s (R 50) and one grade 11 (R 80) free: 2 × 80 charged.
    assert_eq!(q.lines[1].free_learners, 2);
    assert_eq!(q.lines[0].free_learners, 1);
    assert_eq!(q.amounts.subtotal_cents, 16_000);
    let all = s.quote(day("2026-04-01"), &[(8, 2)], 9, 0);
    assert_eq!((all.amounts.free_learners, all.amounts.total_cents), (2, 0));
}

#[test]
fn a_sponsored_entry_owes_the_share_the_funder_does_not_pay() {
    let flat = FeeSchedule::flat(Fees::default());
    // Fully sponsored: nothing owed, the sponsored amount shown.
    let full = flat.quote(day("2026-04-01"), &[(9, 10)], 0, 10_000);
    assert_eq!(full.amounts.subtotal_cents, 50_000);
    assert_eq!(full.amounts.sponsored_cents, 50_000);
    assert_eq!((full.amounts.vat_cents, full.amounts.total_cents), (0, 0));
    // Sponsored 60%: R 200 owed plus VAT R 30.
    let share = flat.quote(day("2026-04-01"), &[(9, 10)], 0, 6_000);
    assert_eq!(share.amounts.sponsored_cents, 30_000);
    assert_eq!(share.amounts.total_cents, 23_000);
    // A share out of range is taken as its nearest bound.
    assert_eq!(
        flat.quote(day("2026-04-01"), &[(9, 1)], 0, 20_000)
            .amounts
            .total_cents,
        0
    );
}

#[test]
fn a_schedule_is_checked_field_by_field() {
    assert!(schedule().check().is_empty());
    let mut bad = schedule();
    bad.bands.push(FeeBand {
        grade_from: 12,
        grade_to: 11,
        fee_cents: 1,
    });
    bad.bands.push(FeeBand {
        grade_from: 11,
        grade_to: 13,
        fee_cents: -1,
    });
    bad.late = Some(DatedFee {
        date: day("2026-01-01"),
        fee_cents: 1,
    });
    let fields: Vec<String> = bad.check().into_iter().map(|e| e.field).collect();
    assert_eq!(
        fields,
        [
            "bands[1].gradeTo",
            "bands[2].gradeFrom",
            "bands[2].feeCents",
            "late.date"
        ]
    );
    // A grade past 13 is named where it is, as the document's bounds of each field say.
    let mut past = schedule();
    past.bands = vec![FeeBand {
        grade_from: 10,
        grade_to: 14,
        fee_cents: 1,
    }];
    let fields: Vec<String> = past.check().into_iter().map(|e| e.field).collect();
    assert_eq!(fields, ["bands[0].gradeTo"]);
}

#[test]
fn amounts_charge_the_learners_not_discounted_with_vat() {
    let a = Amounts::of(Fees::default(), 30, 5);
    assert_eq!(a.subtotal_cents, 25 * 5_000);
    assert_eq!(a.vat_cents, 18_750);
    assert_eq!(a.total_cents, 143_750);
    // More free learners than learners: nobody is charged, never a negative amount.
    let b = Amounts::of(Fees::default(), 3, 9);
    assert_eq!((b.free_learners, b.total_cents), (3, 0));
}

#[test]
fn vat_is_rounded_half_up_to_the_cent() {
    let fees = Fees {
        learner_fee_cents: 3_333,
        vat_basis_points: 1_500,
    };
    let a = Amounts::of(fees, 1, 0);
    // 33.33 × 15% = 4.9995 → 5.00
    assert_eq!((a.vat_cents, a.total_cents), (500, 3_833));
    assert_eq!(a.credited().total_cents, -3_833);
}

#[test]
fn cents_refuse_fractions_and_print_as_an_invoice_does() {
    assert_eq!(Cents::from_rands(Decimal::new(12345, 3)), None);
    assert_eq!(
        Cents::from_rands(Decimal::new(1234, 1)),
        Some(Cents(12_340))
    );
    assert_eq!(Cents(12_345_678).shown(), "R 123 456.78");
    assert_eq!(Cents(-500).shown(), "-R 5.00");
    assert_eq!(Cents(143_750).plain(), "1437.50");
}

#[test]
fn every_state_change() {
    let open = OrderState::default();
    let paid = open.after(OrderStatus::Paid).unwrap();
    assert!(paid.paid && !paid.pre_approved);
    let pre = open.after(OrderStatus::Pre).unwrap();
    assert!(pre.pre_approved && !pre.paid);
    let paid_from_pre = pre.after(OrderStatus::Paid).unwrap();
    assert!(paid_from_pre.paid && !paid_from_pre.pre_approved);
    assert_eq!(paid.after(OrderStatus::Paid), Ok(paid));
    // A mark may be undone; money received may not.
    assert!(paid.after(OrderStatus::Unpaid).is_ok());
    let received = OrderState {
        has_payments: true,
        ..paid
    };
    assert_eq!(
        received.after(OrderStatus::Pre),
        Err(StateRefusal::PaymentReceived)
    );
    assert_eq!(
        paid.after(OrderStatus::Delete),
        Err(StateRefusal::PaidNotDeleted)
    );
    let deleted = pre.after(OrderStatus::Delete).unwrap();
    assert!(deleted.deleted && !deleted.owing());
    assert_eq!(deleted.after(OrderStatus::Paid), Err(StateRefusal::Deleted));
    for status in OrderStatus::ALL {
        let word = serde_json::to_value(status).unwrap();
        assert_eq!(word, status.as_str());
    }
}

#[test]
fn references_and_numbers() {
    assert_eq!(
        payment_reference("geography", 2026, PurchaseOrderId::new(42)),
        "GEO26-000042"
    );
    assert_eq!(
        payment_reference("igeo", 2027, PurchaseOrderId::new(7)),
        "IGE27-000007"
    );
    assert_eq!(document_number(false, 12), "INV-000012");
    assert_eq!(document_number(true, 13), "CN-000013");
}

#[test]
fn form_bodies_keep_their_order() {
    let fields = parse_form(b"b=x+y%21&a=&c").unwrap();
    assert_eq!(fields[0], ("b".to_owned(), "x y!".to_owned()));
    assert_eq!(fields[1].0, "a");
    assert_eq!(fields.len(), 3);
    assert!(parse_form(b"a=%zz").is_none());
}

#[test]
fn payfast_encoding_is_php_urlencode() {
    assert_eq!(payfast_encode("a b*c~/é"), "a+b%2Ac%7E%2F%C3%A9");
}

#[test]
fn payfast_form_signature_follows_the_documented_order() {
    // The fields given out of order sign as in PayFast's order, empty ones left out.
    let fields = vec![
        ("amount", "100.00".to_owned()),
        ("merchant_key", "46f0cd694581a".to_owned()),
        ("merchant_id", "10000100".to_owned()),
        ("item_name", "Test Product".to_owned()),
        ("name_first", String::new()),
    ];
    let signed = "merchant_id=10000100&merchant_key=46f0cd694581a&amount=100.00&item_name=Test+Product&passphrase=jt7NOE43FZPn";
    assert_eq!(
        payfast_form_signature(&fields, "jt7NOE43FZPn"),
        md5_hex(signed)
    );
    // MD5 of the empty string, so the digest itself is the well-known one.
    assert_eq!(md5_hex(""), "d41d8cd98f00b204e9800998ecf8427e");
}

#[test]
fn an_itn_is_signed_over_its_fields_in_the_order_posted() {
    let mut posted: Vec<(String, String)> = [
        ("m_payment_id", "7"),
        ("pf_payment_id", "1089250"),
        ("payment_status", "COMPLETE"),
        ("amount_gross", "143.75"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    let signature = md5_hex(&with_passphrase(payfast_itn_string(&posted), "secret"));
    posted.push(("signature".into(), signature));
    assert!(payfast_itn_signed(&posted, "secret"));
    assert!(!payfast_itn_signed(&posted, "other"));
    posted[3].1 = "1.00".into();
    assert!(!payfast_itn_signed(&posted, "secret"));
}

#[test]
fn statement_lines_match_by_reference_and_amount() {
    let orders = vec![
        OpenOrder {
            id: PurchaseOrderId::new(1),
            reference: "GEO26-000001".into(),
            total_cents: 143_750,
        },
        OpenOrder {
            id: PurchaseOrderId::new(2),
            reference: "GEO26-000002".into(),
            total_cents: 5_750,
        },
    ];
    let line = |n, d: &str, a| StatementLine {
        line: n,
        date: "2026-11-20".into(),
        description: d.into(),
        amount_cents: a,
    };
    let lines = vec![
        line(1, "CREDIT geo26 000001 WATERKLOOF", 143_750),
        line(2, "EFT GEO26-000002", 5_000),
        line(3, "SALARY", 5_750),
    ];
    let found = match_statement(&lines, &orders);
    assert_eq!(found[0].purchase_order_id, Some(PurchaseOrderId::new(1)));
    assert_eq!(found[0].kind, MatchKind::Exact);
    assert_eq!(found[1].kind, MatchKind::AmountDiffers);
    assert_eq!(found[2].kind, MatchKind::NoReference);
    assert_eq!(statement_amount("R1 437.50"), Some(143_750));
    assert_eq!(statement_amount("1,437.5"), Some(143_750));
    assert_eq!(statement_amount("12.345"), None);
}
