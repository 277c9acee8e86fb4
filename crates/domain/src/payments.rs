//! Money and the rules of paying for an entry: what an order costs (learners loaded, less the
//! discounted ones, plus VAT), what an order's state may become, the payment reference, PayFast's
//! signatures, and matching a bank statement's lines to orders.
//!
//! Amounts are `rust_decimal::Decimal` rands here and integer cents in storage ([`Cents`]).

use crate::id::PurchaseOrderId;
use crate::words::words;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

/// An amount in cents, as stored. Converts to and from rands at the edge only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Cents(pub i64);

impl Cents {
    pub fn rands(self) -> Decimal {
        Decimal::new(self.0, 2)
    }

    /// Rands as cents; an amount with a fraction of a cent is refused, not rounded.
    pub fn from_rands(rands: Decimal) -> Option<Cents> {
        let cents = rands.checked_mul(Decimal::ONE_HUNDRED)?;
        if !cents.fract().is_zero() {
            return None;
        }
        cents.to_i64().map(Cents)
    }

    /// `1234.50`: as PayFast and bank statements write an amount.
    pub fn plain(self) -> String {
        format!("{:.2}", self.rands())
    }

    /// `R 1 234.50`: as an invoice shows it.
    pub fn shown(self) -> String {
        let plain = format!("{:.2}", self.rands().abs());
        let (whole, fraction) = plain.split_once('.').unwrap_or((&plain, "00"));
        let mut grouped = String::new();
        for (i, digit) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i) % 3 == 0 {
                grouped.push(' ');
            }
            grouped.push(digit);
        }
        let sign = if self.0 < 0 { "-" } else { "" };
        format!("{sign}R {grouped}.{fraction}")
    }
}

/// What an olympiad charges: per learner, with VAT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Fees {
    /// Per learner, VAT excluded, in cents.
    pub learner_fee_cents: i64,
    /// VAT in basis points: 1500 is 15%.
    pub vat_basis_points: i32,
}

impl Default for Fees {
    /// R 50.00 a learner and South Africa's VAT of 15%, until the office sets its own.
    fn default() -> Self {
        Fees {
            learner_fee_cents: 5_000,
            vat_basis_points: 1_500,
        }
    }
}

/// What an order costs, worked out from the learners loaded; never from what a client sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Amounts {
    pub learners: i32,
    /// Learners not charged for (a discount the office grants).
    pub free_learners: i32,
    /// The usual fee per learner in the order's fee period (a band's learners pay their band's).
    pub unit_cents: i64,
    pub vat_basis_points: i32,
    /// The learners charged for, VAT excluded.
    pub subtotal_cents: i64,
    /// The part of the subtotal a funder sponsors: the school does not owe it.
    pub sponsored_cents: i64,
    /// VAT on the subtotal less the sponsored part.
    pub vat_cents: i64,
    pub total_cents: i64,
}

impl Amounts {
    /// The learners charged for, their price, and VAT on it rounded half up to the cent (SARS
    /// allows rounding the VAT of an invoice once, on its total).
    pub fn of(fees: Fees, learners: i32, free_learners: i32) -> Amounts {
        // One fee all year: the day does not matter.
        FeeSchedule::flat(fees)
            .quote(
                chrono::NaiveDate::MIN,
                &[(0, learners.max(0))],
                free_learners,
                0,
            )
            .amounts
    }

    /// The same amounts negated: a credit note that cancels an invoice.
    pub fn credited(self) -> Amounts {
        Amounts {
            subtotal_cents: -self.subtotal_cents,
            sponsored_cents: -self.sponsored_cents,
            vat_cents: -self.vat_cents,
            total_cents: -self.total_cents,
            ..self
        }
    }
}

/// A band of grades with its own fee per learner (VAT excluded), for an olympiad that charges the
/// seniors more than the juniors, say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeBand {
    /// Grade R is 0.
    #[schema(minimum = 0, maximum = 13)]
    pub grade_from: i32,
    #[schema(minimum = 0, maximum = 13)]
    pub grade_to: i32,
    #[schema(minimum = 0, maximum = 100000000)]
    pub fee_cents: i64,
}

/// A fee per learner (VAT excluded) for orders made before a date (early-bird) or from a date
/// (late).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DatedFee {
    /// `2026-03-01`: the early-bird fee is for orders made before it, the late fee from it on.
    #[schema(value_type = String, format = Date)]
    pub date: chrono::NaiveDate,
    #[schema(minimum = 0, maximum = 100000000)]
    pub fee_cents: i64,
}

/// Everything an olympiad charges: the usual fee and VAT, optional grade bands, and optional
/// early-bird and late fees. The early-bird or late fee takes the usual fee's place for an order
/// made in its time, and a band's fee moves by the same difference, so that the bands keep their
/// distance from the usual fee all year.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeSchedule {
    #[serde(flatten)]
    pub fees: Fees,
    pub bands: Vec<FeeBand>,
    pub early: Option<DatedFee>,
    pub late: Option<DatedFee>,
}

/// Which fee an order pays, by the day it was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FeePeriod {
    Early,
    Usual,
    Late,
}

/// One line of an order or invoice: the learners of one fee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeLine {
    /// `Grades 10–12, early-bird (before 2026-03-01)`.
    pub label: String,
    pub learners: i32,
    pub unit_cents: i64,
    /// Of these learners, those charged nothing (the office's discount).
    pub free_learners: i32,
    /// (learners − free) × unit.
    pub amount_cents: i64,
}

/// What an order comes to under a schedule: its lines and its amounts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub period: FeePeriod,
    pub lines: Vec<FeeLine>,
    pub amounts: Amounts,
}

/// Why a schedule cannot be kept, naming the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleError {
    pub field: String,
    pub message: String,
}

impl FeeSchedule {
    /// A schedule of one fee for everybody all year.
    pub fn flat(fees: Fees) -> FeeSchedule {
        FeeSchedule {
            fees,
            ..Default::default()
        }
    }

    /// The fee period of an order made on `day`.
    pub fn period(&self, day: chrono::NaiveDate) -> FeePeriod {
        match (&self.early, &self.late) {
            (Some(early), _) if day < early.date => FeePeriod::Early,
            (_, Some(late)) if day >= late.date => FeePeriod::Late,
            _ => FeePeriod::Usual,
        }
    }

    /// The usual fee in a period: the early-bird or late fee in theirs.
    fn base(&self, period: FeePeriod) -> i64 {
        match (period, &self.early, &self.late) {
            (FeePeriod::Early, Some(early), _) => early.fee_cents,
            (FeePeriod::Late, _, Some(late)) => late.fee_cents,
            _ => self.fees.learner_fee_cents,
        }
    }

    /// The band a grade falls in, if any.
    pub fn band_of(&self, grade: i32) -> Option<&FeeBand> {
        self.bands
            .iter()
            .find(|b| (b.grade_from..=b.grade_to).contains(&grade))
    }

    /// What one learner of `band` (or of none) pays in `period`, never below nothing.
    pub fn unit(&self, band: Option<&FeeBand>, period: FeePeriod) -> i64 {
        let shift = self.base(period) - self.fees.learner_fee_cents;
        let usual = band.map_or(self.fees.learner_fee_cents, |b| b.fee_cents);
        (usual + shift).max(0)
    }

    fn label(&self, band: Option<&FeeBand>, period: FeePeriod) -> String {
        let who = match band {
            Some(b) if b.grade_from == b.grade_to => format!("Grade {}", b.grade_from),
            Some(b) => format!("Grades {}–{}", b.grade_from, b.grade_to),
            None if self.bands.is_empty() => "Entry per learner".to_owned(),
            None => "Other grades".to_owned(),
        };
        match (period, &self.early, &self.late) {
            (FeePeriod::Early, Some(early), _) => {
                format!("{who}, early-bird (before {})", early.date)
            }
            (FeePeriod::Late, _, Some(late)) => format!("{who}, late (from {})", late.date),
            _ => who,
        }
    }

    /// What an order made on `day` comes to for its learners (`(grade, how many)`; a country's
    /// team, without grades, as grade 0), less `free_learners` charged nothing (taken from the
    /// cheapest learners first, so a discount is never worth more than the learners it names),
    /// less the share a funder sponsors (`sponsored_basis_points`, 10000 for all of it), plus VAT
    /// on what is left.
    pub fn quote(
        &self,
        day: chrono::NaiveDate,
        grades: &[(i32, i32)],
        free_learners: i32,
        sponsored_basis_points: i32,
    ) -> Quote {
        let period = self.period(day);
        // One line per band in the bands' order, then the learners in no band.
        let mut groups: Vec<(Option<&FeeBand>, i32)> =
            self.bands.iter().map(|b| (Some(b), 0)).collect();
        groups.push((None, 0));
        for &(grade, count) in grades {
            let at = self
                .bands
                .iter()
                .position(|b| (b.grade_from..=b.grade_to).contains(&grade))
                .unwrap_or(self.bands.len());
            groups[at].1 += count.max(0);
        }
        let mut lines: Vec<FeeLine> = groups
            .into_iter()
            .filter(|(_, count)| *count > 0)
            .map(|(band, learners)| FeeLine {
                label: self.label(band, period),
                learners,
                unit_cents: self.unit(band, period),
                free_learners: 0,
                amount_cents: 0,
            })
            .collect();
        let learners: i32 = lines.iter().map(|l| l.learners).sum();
        let free_learners = free_learners.clamp(0, learners);
        let mut order: Vec<usize> = (0..lines.len()).collect();
        order.sort_by_key(|&i| lines[i].unit_cents);
        let mut left = free_learners;
        for i in order {
            let take = left.min(lines[i].learners);
            lines[i].free_learners = take;
            left -= take;
        }
        for line in &mut lines {
            line.amount_cents = i64::from(line.learners - line.free_learners) * line.unit_cents;
        }
        let subtotal = Cents(lines.iter().map(|l| l.amount_cents).sum()).rands();
        let share = Decimal::new(i64::from(sponsored_basis_points.clamp(0, 10_000)), 4);
        let sponsored =
            (subtotal * share).round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
        let owed = subtotal - sponsored;
        let vat = (owed * Decimal::new(i64::from(self.fees.vat_basis_points), 4))
            .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
        let cents = |d: Decimal| Cents::from_rands(d).map_or(0, |c| c.0);
        Quote {
            period,
            amounts: Amounts {
                learners,
                free_learners,
                unit_cents: self.base(period),
                vat_basis_points: self.fees.vat_basis_points,
                subtotal_cents: cents(subtotal),
                sponsored_cents: cents(sponsored),
                vat_cents: cents(vat),
                total_cents: cents(owed + vat),
            },
            lines,
        }
    }

    /// Checks the schedule as the Dashboard's form sends it, naming each faulty field.
    pub fn check(&self) -> Vec<ScheduleError> {
        let mut errors = Vec::new();
        let mut fault = |field: String, message: &str| {
            errors.push(ScheduleError {
                field,
                message: message.to_owned(),
            })
        };
        let fee_ok = |cents: i64| (0..=100_000_000).contains(&cents);
        if !fee_ok(self.fees.learner_fee_cents) {
            fault("learnerFeeCents".into(), "must be from 0 to 100000000");
        }
        if !(0..=10_000).contains(&self.fees.vat_basis_points) {
            fault("vatBasisPoints".into(), "must be from 0 to 10000");
        }
        for (i, band) in self.bands.iter().enumerate() {
            let grade_ok = |grade: i32| (0..=13).contains(&grade);
            if !grade_ok(band.grade_from) || !grade_ok(band.grade_to) {
                for (name, grade) in [("gradeFrom", band.grade_from), ("gradeTo", band.grade_to)] {
                    if !grade_ok(grade) {
                        fault(format!("bands[{i}].{name}"), "grades are 0 (R) to 13");
                    }
                }
            } else if band.grade_from > band.grade_to {
                fault(format!("bands[{i}].gradeTo"), "must not be below gradeFrom");
            } else if self.bands[..i]
                .iter()
                .any(|other| band.grade_from <= other.grade_to && other.grade_from <= band.grade_to)
            {
                fault(format!("bands[{i}].gradeFrom"), "overlaps another band");
            }
            if !fee_ok(band.fee_cents) {
                fault(
                    format!("bands[{i}].feeCents"),
                    "must be from 0 to 100000000",
                );
            }
        }
        if self.bands.len() > 14 {
            fault("bands".into(), "at most 14 bands");
        }
        for (name, dated) in [("early", &self.early), ("late", &self.late)] {
            if let Some(d) = dated {
                if !fee_ok(d.fee_cents) {
                    fault(format!("{name}.feeCents"), "must be from 0 to 100000000");
                }
            }
        }
        if let (Some(early), Some(late)) = (&self.early, &self.late) {
            if late.date <= early.date {
                fault("late.date".into(), "must be after the early-bird date");
            }
        }
        errors
    }
}

/// The state change an accountant asks for (`PUT /api/purchase-order/{id}?status=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    /// Paid: paid and not pre-approved.
    Paid,
    /// Pre-approved (the school's order is good for it, payment follows): pre-approved, not paid.
    Pre,
    /// Neither: back to waiting for payment.
    Unpaid,
    /// Removed from the list; kept in the database (only by the admin's deletion call).
    Delete,
}

words!(OrderStatus, "order status" {
    Paid => "paid",
    Pre => "pre",
    Unpaid => "unpaid",
    Delete => "delete",
});

/// Where an order stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OrderState {
    pub paid: bool,
    pub pre_approved: bool,
    pub deleted: bool,
    /// Money has come in for it (card or a bank statement's line), not only a mark.
    pub has_payments: bool,
}

/// Why a state change is refused (409).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateRefusal {
    #[error("This order is deleted.")]
    Deleted,
    #[error("Money has been received for this order; it stays paid. Issue a credit note instead.")]
    PaymentReceived,
    #[error("A paid order cannot be deleted.")]
    PaidNotDeleted,
}

impl OrderState {
    /// The state after `status`, or why it may not be. Asking for the state it is in already
    /// changes nothing and is no error (a retried request).
    pub fn after(self, status: OrderStatus) -> Result<OrderState, StateRefusal> {
        if self.deleted {
            return Err(StateRefusal::Deleted);
        }
        let next = match status {
            OrderStatus::Paid => OrderState {
                paid: true,
                pre_approved: false,
                ..self
            },
            OrderStatus::Pre | OrderStatus::Unpaid if self.has_payments => {
                return Err(StateRefusal::PaymentReceived)
            }
            OrderStatus::Pre => OrderState {
                paid: false,
                pre_approved: true,
                ..self
            },
            OrderStatus::Unpaid => OrderState {
                paid: false,
                pre_approved: false,
                ..self
            },
            OrderStatus::Delete if self.paid => return Err(StateRefusal::PaidNotDeleted),
            OrderStatus::Delete => OrderState {
                deleted: true,
                ..self
            },
        };
        Ok(next)
    }

    /// Whether the payer still owes it (the payment page offers to pay).
    pub fn owing(self) -> bool {
        !self.paid && !self.deleted
    }
}

/// The reference a payer quotes: the olympiad's first three letters, its year and the order's
/// number (`GEO26-000042`): short enough for a bank's reference field, unique by the order's id.
pub fn payment_reference(olympiad_name: &str, year: i32, order_id: PurchaseOrderId) -> String {
    let letters: String = olympiad_name
        .chars()
        .filter(char::is_ascii_alphabetic)
        .take(3)
        .collect::<String>()
        .to_ascii_uppercase();
    let letters = if letters.is_empty() {
        "OLY".into()
    } else {
        letters
    };
    format!("{letters}{:02}-{order_id:06}", year.rem_euclid(100))
}

/// An invoice's or credit note's number as printed: `INV-000123`, `CN-000124`.
pub fn document_number(credit_note: bool, number: i64) -> String {
    let prefix = if credit_note { "CN" } else { "INV" };
    format!("{prefix}-{number:06}")
}

/// PayFast's spelling of a value in a signed string: PHP's `urlencode` (letters, digits and
/// `-_.` as they are, a space as `+`, everything else `%XX` in capitals).
pub fn payfast_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => out.push(byte as char),
            b' ' => out.push('+'),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// A form-encoded body (`a=1&b=x+y%21`) as its fields in the order sent; `None` when an escape is
/// malformed or the text is not UTF-8.
pub fn parse_form(body: &[u8]) -> Option<Vec<(String, String)>> {
    fn decode(text: &[u8]) -> Option<String> {
        let mut out = Vec::with_capacity(text.len());
        let mut i = 0;
        while i < text.len() {
            match text[i] {
                b'+' => out.push(b' '),
                b'%' => {
                    let hex = std::str::from_utf8(text.get(i + 1..i + 3)?).ok()?;
                    out.push(u8::from_str_radix(hex, 16).ok()?);
                    i += 2;
                }
                other => out.push(other),
            }
            i += 1;
        }
        String::from_utf8(out).ok()
    }
    body.split(|b| *b == b'&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = match pair.iter().position(|b| *b == b'=') {
                Some(at) => (&pair[..at], &pair[at + 1..]),
                None => (pair, &[][..]),
            };
            Some((decode(key)?, decode(value)?))
        })
        .collect()
}

/// The fields of PayFast's payment form in the order its documentation lists them; the
/// signature covers them in this order.
pub const PAYFAST_FIELD_ORDER: &[&str] = &[
    "merchant_id",
    "merchant_key",
    "return_url",
    "cancel_url",
    "notify_url",
    "name_first",
    "name_last",
    "email_address",
    "cell_number",
    "m_payment_id",
    "amount",
    "item_name",
    "item_description",
    "custom_int1",
    "custom_int2",
    "custom_int3",
    "custom_int4",
    "custom_int5",
    "custom_str1",
    "custom_str2",
    "custom_str3",
    "custom_str4",
    "custom_str5",
    "email_confirmation",
    "confirmation_address",
    "payment_method",
];

fn md5_hex(text: &str) -> String {
    use md5::{Digest, Md5};
    Md5::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn with_passphrase(mut signed: String, passphrase: &str) -> String {
    if !passphrase.is_empty() {
        signed.push_str("&passphrase=");
        signed.push_str(&payfast_encode(passphrase.trim()));
    }
    signed
}

/// The signature of a payment form: its non-empty fields in PayFast's order, url-encoded and
/// joined with `&`, the passphrase appended, MD5 in lower-case hex.
pub fn payfast_form_signature(fields: &[(&str, String)], passphrase: &str) -> String {
    let by_name: HashMap<&str, &str> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let signed = PAYFAST_FIELD_ORDER
        .iter()
        .filter_map(|name| {
            let value = by_name.get(name)?.trim();
            (!value.is_empty()).then(|| format!("{name}={}", payfast_encode(value)))
        })
        .collect::<Vec<_>>()
        .join("&");
    md5_hex(&with_passphrase(signed, passphrase))
}

/// The signed string of an ITN: every posted field but `signature`, in the order it came.
/// PayFast's validate call is sent this same string.
pub fn payfast_itn_string(posted: &[(String, String)]) -> String {
    posted
        .iter()
        .filter(|(k, _)| k != "signature")
        .map(|(k, v)| format!("{k}={}", payfast_encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Whether an ITN carries the signature our passphrase gives its fields.
pub fn payfast_itn_signed(posted: &[(String, String)], passphrase: &str) -> bool {
    let Some((_, given)) = posted.iter().find(|(k, _)| k == "signature") else {
        return false;
    };
    let expected = md5_hex(&with_passphrase(payfast_itn_string(posted), passphrase));
    // Both are 32 hex digits; compare without stopping at the first difference.
    given.len() == expected.len()
        && given
            .bytes()
            .zip(expected.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a.to_ascii_lowercase() ^ b))
            == 0
}

/// One line of a bank statement: a credit into the provider's account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementLine {
    /// Its number in the file, from 1.
    pub line: usize,
    pub date: String,
    pub description: String,
    pub amount_cents: i64,
}

/// An order as matching sees it.
#[derive(Debug, Clone)]
pub struct OpenOrder {
    pub id: PurchaseOrderId,
    pub reference: String,
    pub total_cents: i64,
}

/// Why a line matched, or what is wrong with the best candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MatchKind {
    /// The reference and the amount agree.
    Exact,
    /// The reference names an order, the amount differs: the accountant decides.
    AmountDiffers,
    /// No order's reference is in the line.
    NoReference,
}

/// A line and the order it seems to pay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementMatch {
    pub line: StatementLine,
    #[schema(value_type = Option<i64>)]
    pub purchase_order_id: Option<PurchaseOrderId>,
    pub reference: Option<String>,
    pub kind: MatchKind,
}

/// The references a description may hold: runs of letters, digits and dashes, upper-cased, with
/// and without their dashes (payers drop them, or add spaces that split nothing useful).
fn candidate_tokens(description: &str) -> Vec<String> {
    let upper = description.to_ascii_uppercase();
    let mut tokens: Vec<String> = upper
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|t| t.len() >= 6)
        .map(str::to_owned)
        .collect();
    let squeezed: String = upper.chars().filter(char::is_ascii_alphanumeric).collect();
    tokens.push(squeezed);
    tokens
}

fn squeeze(reference: &str) -> String {
    reference
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_uppercase()
}

/// Matches each line to the open order whose reference it quotes; a line whose reference is
/// found but whose amount differs is offered as such, never as paid. Orders are looked up by
/// reference in a map, so a statement of thousands of lines is matched in one pass.
pub fn match_statement(lines: &[StatementLine], orders: &[OpenOrder]) -> Vec<StatementMatch> {
    let by_reference: HashMap<String, &OpenOrder> =
        orders.iter().map(|o| (squeeze(&o.reference), o)).collect();
    // References are all the same length (`GEO26-000042` squeezed is 11 characters).
    let lengths: Vec<usize> = {
        let mut l: Vec<usize> = by_reference.keys().map(String::len).collect();
        l.sort_unstable();
        l.dedup();
        l
    };
    lines
        .iter()
        .map(|line| {
            let found = candidate_tokens(&line.description)
                .iter()
                .find_map(|token| {
                    let token = squeeze(token);
                    lengths.iter().find_map(|len| {
                        (0..=token.len().saturating_sub(*len))
                            .filter(|start| token.is_char_boundary(*start))
                            .find_map(|start| by_reference.get(token.get(start..start + len)?))
                    })
                });
            match found {
                Some(order) => StatementMatch {
                    line: line.clone(),
                    purchase_order_id: Some(order.id),
                    reference: Some(order.reference.clone()),
                    kind: if order.total_cents == line.amount_cents {
                        MatchKind::Exact
                    } else {
                        MatchKind::AmountDiffers
                    },
                },
                None => StatementMatch {
                    line: line.clone(),
                    purchase_order_id: None,
                    reference: None,
                    kind: MatchKind::NoReference,
                },
            }
        })
        .collect()
}

/// An amount as a bank statement writes it (`1 234.50`, `1,234.50`, `R1234.5`, `-20.00`), in cents.
pub fn statement_amount(text: &str) -> Option<i64> {
    let cleaned: String = text
        .trim()
        .trim_start_matches('R')
        .chars()
        .filter(|c| !matches!(c, ' ' | ',' | '\u{a0}'))
        .collect();
    let rands: Decimal = cleaned.trim_start_matches('R').parse().ok()?;
    Cents::from_rands(rands).map(|c| c.0)
}

#[cfg(test)]
mod tests;
