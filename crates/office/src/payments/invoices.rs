//! An order's tax invoices and credit notes: the current invoice issued when the order changed
//! (the one before cancelled by a credit note, the new one mailed at most once a day), each drawn
//! as a PDF, and reached by the entry's people and staff or by the payment link's secret.

use super::*;

/// Issues a credit note that cancels `invoice`.
pub(super) fn credit(conn: &mut DbConnection, invoice: &Invoice) -> OfficeResult<Invoice> {
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

pub(super) fn order_by_token(conn: &mut DbConnection, token: &str) -> OfficeResult<PurchaseOrder> {
    if uuid::Uuid::parse_str(token).is_err() {
        return Err(OfficeError::NotFound("This payment link".into()));
    }
    PurchaseOrder::by_token(conn, token).or_not_found("This payment link")
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
}
