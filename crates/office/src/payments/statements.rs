//! Matching a bank statement to orders: its credits read, matched by reference and amount, and
//! each match the accountant confirms recorded as a payment.

use super::*;

/// Reads a bank statement (CSV or XLSX): its credits with their date, description and amount.
/// Columns are found by their headings: a date, a description (or reference or narrative), and
/// an amount (or credit).
pub fn read_statement(bytes: &[u8]) -> OfficeResult<Vec<StatementLine>> {
    let table = read_table(bytes).map_err(|e| OfficeError::invalid("file", e.to_string()))?;
    let find = |words: &[&str]| {
        table
            .headings
            .iter()
            .position(|h| words.iter().any(|w| h.to_lowercase().contains(w)))
    };
    let date = find(&["date"]);
    let description = find(&["description", "reference", "narrative", "details"]);
    let amount = find(&["credit", "amount"]);
    let (Some(description), Some(amount)) = (description, amount) else {
        return Err(OfficeError::invalid(
            "file",
            "needs a Description (or Reference) column and an Amount (or Credit) column",
        ));
    };
    let cell = |row: &Vec<String>, i: usize| row.get(i).cloned().unwrap_or_default();
    Ok(table
        .rows
        .iter()
        .enumerate()
        .filter_map(|(i, row)| {
            let amount_cents = statement_amount(&cell(row, amount))?;
            (amount_cents > 0).then(|| StatementLine {
                line: i + 2,
                date: date.map(|d| cell(row, d)).unwrap_or_default(),
                description: cell(row, description),
                amount_cents,
            })
        })
        .collect())
}

/// Matches a statement's credits to the olympiad's unpaid orders by reference and amount. Writes
/// nothing: the accountant confirms each match.
pub fn match_bank_statement(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    lines: &[StatementLine],
) -> OfficeResult<Vec<StatementMatch>> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let orders: Vec<OpenOrder> = PurchaseOrder::owing(conn, olympiad_id)?
        .into_iter()
        .map(|(id, reference, total_cents)| OpenOrder {
            id,
            reference,
            total_cents,
        })
        .collect();
    Ok(match_statement(lines, &orders))
}

/// One match the accountant confirms.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmedMatch {
    #[schema(value_type = i64, minimum = 1)]
    pub purchase_order_id: PurchaseOrderId,
    pub line: StatementLine,
}

#[derive(Debug, Deserialize, ToSchema, validator::Validate)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmMatches {
    #[schema(max_items = 5000)]
    #[validate(length(max = 5000))]
    pub matches: Vec<ConfirmedMatch>,
}

/// Marks each confirmed order paid by EFT, with the statement's line kept as its payment. The
/// line's amount must be the order's total; a line confirmed twice is recorded once; an order
/// paid already (by a proof, by card, by the office) takes no statement line as a second payment
/// (409, naming it). All or none.
pub fn confirm_matches(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &ConfirmMatches,
) -> OfficeResult<usize> {
    write_transaction(conn, |conn| {
        let mut paid = 0;
        for (i, found) in input.matches.iter().enumerate() {
            find_in_reach::<PurchaseOrder>(conn, caller, found.purchase_order_id)?;
            // Held, so that a proof accepted at the same moment does not pay it a second time.
            let order = PurchaseOrder::locked(conn, found.purchase_order_id)?;
            if found.line.amount_cents != order.total_cents {
                return Err(OfficeError::invalid(
                    &format!("matches[{i}].line.amountCents"),
                    format!(
                        "is not the order's total ({})",
                        Cents(order.total_cents).shown()
                    ),
                ));
            }
            if order.deleted_at.is_some() {
                return Err(OfficeError::conflict(format!(
                    "Order {} is deleted.",
                    order.reference
                )));
            }
            let line = &found.line;
            let external = format!(
                "{}|{}|{}",
                line.date.trim(),
                line.amount_cents,
                line.description.trim()
            );
            if Payment::is_recorded(conn, "eft", &external)? {
                // This very line, confirmed before.
                continue;
            }
            if order.paid {
                return Err(OfficeError::conflict(format!(
                    "Order {} (matches[{i}]) is paid already; its statement line is not recorded \
                     as a second payment. Untick it and confirm the others.",
                    order.reference
                )));
            }
            if !record_eft(conn, &order, &external, caller)? {
                continue;
            }
            let after = order
                .state(true)
                .after(OrderStatus::Paid)
                .map_err(|r| OfficeError::conflict(r.to_string()))?;
            PurchaseOrder::set_state(conn, &order, after)?;
            record_activity(
                conn,
                caller,
                "purchase_order_paid_by_eft",
                Some(order.olympiad_id),
                json!({ "purchaseOrderId": order.id, "statementLine": line.line, "amountCents": order.total_cents }),
            )?;
            paid += 1;
        }
        Ok(paid)
    })
}

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
