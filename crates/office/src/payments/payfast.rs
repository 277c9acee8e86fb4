//! PayFast: the public payment page's card form, signed, and PayFast's ITN callback, which is
//! checked (signature, source, amount) before an order is marked paid.

use super::*;

/// PayFast's payment form: where it posts and its fields, signed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayfastForm {
    pub action: String,
    /// In PayFast's order, `signature` last.
    pub fields: Vec<FormField>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FormField {
    pub name: String,
    pub value: String,
}

/// What the payment page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayPage {
    pub olympiad_title: String,
    pub customer_name: String,
    pub reference: String,
    #[serde(rename = "schoolsPO")]
    pub schools_po: String,
    pub learners: i32,
    pub free_learners: i32,
    pub subtotal_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
    pub paid: bool,
    pub pre_approved: bool,
    pub deleted: bool,
    /// The number of the order's current tax invoice, when one is issued (downloading issues it).
    pub invoice_number: Option<String>,
    /// For EFT: the provider's banking details; quote the reference.
    pub bank_details: Vec<String>,
    /// Card payment through PayFast, when the gateway is configured and something is owed.
    pub payfast: Option<PayfastForm>,
}

pub fn pay_page(
    conn: &mut DbConnection,
    token: &str,
    settings: &PaymentSettings,
) -> OfficeResult<PayPage> {
    write_transaction(conn, |conn| {
        let order = order_by_token(conn, token)?;
        let order = refreshed(conn, order)?;
        let olympiad = Olympiad::find(conn, order.olympiad_id)?;
        let (customer_name, _, email) = customer_details(conn, &order)?;
        let owing = order.state(false).owing() && order.total_cents > 0;
        let payfast = (owing && settings.card_payments()).then(|| {
            let base = format!(
                "{}/portal/pay/{}",
                settings.public_base_url, order.pay_token
            );
            let mut fields: Vec<(&str, String)> = vec![
                ("merchant_id", settings.payfast_merchant_id.clone()),
                ("merchant_key", settings.payfast_merchant_key.clone()),
                ("return_url", format!("{base}/paid")),
                ("cancel_url", format!("{base}/cancelled")),
                (
                    "notify_url",
                    format!("{}/api/payfast/itn", settings.public_base_url),
                ),
                ("email_address", email.clone().unwrap_or_default()),
                ("m_payment_id", order.id.to_string()),
                ("amount", Cents(order.total_cents).plain()),
                (
                    "item_name",
                    format!("{} {}", olympiad.title, order.reference),
                ),
            ];
            let signature = payfast_form_signature(&fields, &settings.payfast_passphrase);
            fields.push(("signature", signature));
            PayfastForm {
                action: settings.payfast_process_url.clone(),
                fields: fields
                    .into_iter()
                    .filter(|(_, v)| !v.is_empty())
                    .map(|(name, value)| FormField {
                        name: name.to_owned(),
                        value,
                    })
                    .collect(),
            }
        });
        Ok(PayPage {
            olympiad_title: olympiad.title,
            customer_name,
            reference: order.reference.clone(),
            schools_po: order.schools_po.clone(),
            learners: order.learners,
            free_learners: order.free_learners,
            subtotal_cents: order.subtotal_cents,
            vat_cents: order.vat_cents,
            total_cents: order.total_cents,
            paid: order.paid,
            pre_approved: order.pre_approved,
            deleted: order.deleted_at.is_some(),
            invoice_number: Invoice::live(conn, order.id)?
                .map(|live| document_number(false, live.number)),
            bank_details: settings.bank_details.clone(),
            payfast,
        })
    })
}

/// What became of an ITN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItnOutcome {
    /// The order is now paid.
    Paid,
    /// The same payment was told before; nothing changed.
    Repeated,
    /// Not a completed payment (PayFast also notifies of cancellations); nothing changed.
    Ignored,
    /// Refused though signed and sent by PayFast (wrong amount, unknown order, not confirmed);
    /// nothing changed, noted in the application log.
    Refused,
    /// Refused as not PayFast's at all: not signed with our passphrase, or not from PayFast's
    /// addresses. Nothing changed and nothing is written: anyone may send these, and a row for
    /// each would let anyone fill the log. The API counts them instead.
    Forged(&'static str),
}

fn itn_field<'a>(posted: &'a [(String, String)], name: &str) -> &'a str {
    posted
        .iter()
        .find(|(k, _)| k == name)
        .map_or("", |(_, v)| v.as_str())
}

/// Notes a refused ITN in the application log (without its signature) and changes nothing. Only
/// an ITN signed with our passphrase and sent from PayFast's addresses gets this far, so the rows
/// grow with PayFast's own notifications, not with what outsiders send.
fn refuse_itn(conn: &mut DbConnection, why: &str, posted: &[(String, String)]) -> ItnOutcome {
    let message = format!(
        "ITN refused: {why} (m_payment_id {:?}, pf_payment_id {:?}, amount_gross {:?})",
        itn_field(posted, "m_payment_id"),
        itn_field(posted, "pf_payment_id"),
        itn_field(posted, "amount_gross"),
    );
    // The log is evidence, not the decision: a failure to write it refuses all the same.
    let _ = AppLog::record(conn, "payfast", "warn", &message);
    ItnOutcome::Refused
}

/// PayFast's Instant Transaction Notification: believed only when its signature is ours, it came
/// from PayFast's addresses (`from_payfast`), PayFast confirmed it (`confirmed`: its validate
/// call answered VALID), it names an order, and its amount is the order's total. A repeated ITN
/// (same `pf_payment_id`) changes nothing.
pub fn payfast_itn(
    conn: &mut DbConnection,
    posted: &[(String, String)],
    from_payfast: bool,
    confirmed: bool,
    settings: &PaymentSettings,
) -> OfficeResult<ItnOutcome> {
    if !payfast_itn_signed(posted, &settings.payfast_passphrase) {
        return Ok(ItnOutcome::Forged("bad signature"));
    }
    if !from_payfast {
        return Ok(ItnOutcome::Forged("not from PayFast's addresses"));
    }
    if itn_field(posted, "merchant_id") != settings.payfast_merchant_id {
        return Ok(refuse_itn(conn, "another merchant", posted));
    }
    if !confirmed {
        return Ok(refuse_itn(conn, "PayFast did not confirm it", posted));
    }
    if itn_field(posted, "payment_status") != "COMPLETE" {
        return Ok(ItnOutcome::Ignored);
    }
    let Ok(order_id) = itn_field(posted, "m_payment_id").parse::<PurchaseOrderId>() else {
        return Ok(refuse_itn(conn, "no order named", posted));
    };
    let payment_id = itn_field(posted, "pf_payment_id").to_owned();
    if payment_id.is_empty() {
        return Ok(refuse_itn(conn, "no pf_payment_id", posted));
    }
    let amount = statement_amount(itn_field(posted, "amount_gross"));
    write_transaction(conn, |conn| {
        let Ok(order) = PurchaseOrder::locked(conn, order_id) else {
            return Ok(refuse_itn(conn, "unknown order", posted));
        };
        if amount != Some(order.total_cents) {
            return Ok(refuse_itn(conn, "amount is not the order's total", posted));
        }
        if !Payment::record(conn, order.id, "card", order.total_cents, &payment_id, None)? {
            return Ok(ItnOutcome::Repeated);
        }
        let paid = order
            .state(true)
            .after(OrderStatus::Paid)
            .unwrap_or_else(|_| order.state(true));
        PurchaseOrder::set_state(conn, &order, paid)?;
        ActivityLog::record(
            conn,
            &ActivityLogInsertForm {
                user_id: None,
                email: None,
                olympiad_id: Some(order.olympiad_id),
                action: "purchase_order_paid_by_card",
                details: &json!({ "purchaseOrderId": order.id, "pfPaymentId": payment_id, "amountCents": order.total_cents }).to_string(),
                address: None,
            },
        )?;
        Ok(ItnOutcome::Paid)
    })
}
