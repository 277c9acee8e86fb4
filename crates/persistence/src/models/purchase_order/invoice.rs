//! An order's tax invoices and credit notes, as issued.

use super::*;

/// A tax invoice or a credit note, as issued.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = invoices)]
#[serde(rename_all = "camelCase")]
pub struct Invoice {
    #[schema(value_type = i64)]
    pub id: InvoiceId,
    #[schema(value_type = i64)]
    pub purchase_order_id: PurchaseOrderId,
    pub project_id: i64,
    pub number: i64,
    pub credit_note: bool,
    #[schema(value_type = Option<i64>)]
    pub credits_invoice_id: Option<InvoiceId>,
    pub customer_name: String,
    pub customer_address: String,
    #[serde(rename = "schoolsPO")]
    pub schools_po: String,
    pub reference: String,
    pub learners: i32,
    pub free_learners: i32,
    pub unit_cents: i64,
    pub vat_basis_points: i32,
    pub subtotal_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
    #[serde(with = "olympiad_domain::utc")]
    pub issued_at: NaiveDateTime,
    pub sponsored_cents: i64,
    #[serde(serialize_with = "fee_lines_json")]
    #[schema(value_type = Vec<FeeLine>)]
    pub fee_lines: String,
}

/// What issuing a document writes; its number is taken from the counter.
pub struct InvoiceInsertForm {
    pub purchase_order_id: PurchaseOrderId,
    pub project_id: i64,
    pub credits_invoice_id: Option<InvoiceId>,
    pub customer_name: String,
    pub customer_address: String,
    pub schools_po: String,
    pub reference: String,
    pub amounts: Amounts,
    /// The fee lines, as JSON.
    pub fee_lines: String,
}

impl Invoice {
    pub fn find(conn: &mut DbConnection, id: InvoiceId) -> DbResult<Invoice> {
        Ok(invoices::table
            .find(id)
            .select(Invoice::as_select())
            .first(conn)?)
    }

    pub fn of_order(conn: &mut DbConnection, order_id: PurchaseOrderId) -> DbResult<Vec<Invoice>> {
        Ok(invoices::table
            .filter(invoices::purchase_order_id.eq(order_id))
            .order(invoices::id)
            .select(Invoice::as_select())
            .load(conn)?)
    }

    /// The order's invoice that no credit note cancels, if any.
    pub fn live(conn: &mut DbConnection, order_id: PurchaseOrderId) -> DbResult<Option<Invoice>> {
        let documents = Self::of_order(conn, order_id)?;
        Ok(documents
            .iter()
            .filter(|d| !d.credit_note)
            .find(|d| !documents.iter().any(|c| c.credits_invoice_id == Some(d.id)))
            .cloned())
    }

    /// The provider's next number, taken in one statement that makes the project's counter or
    /// moves it on: two first invoices of a project at once both get a number (an insert that
    /// lost the race and then retried would find PostgreSQL's transaction already aborted). The
    /// counter's row stays locked (PostgreSQL) or the database written (SQLite) until the issuing
    /// transaction ends, so no two documents share a number and a rolled-back one leaves no gap.
    /// Call inside a write transaction.
    fn next_number(conn: &mut DbConnection, project_id: i64) -> DbResult<i64> {
        let take = diesel::insert_into(invoice_counters::table)
            .values((
                invoice_counters::project_id.eq(project_id),
                invoice_counters::last_number.eq(1i64),
            ))
            .on_conflict(invoice_counters::project_id)
            .do_update()
            .set(invoice_counters::last_number.eq(invoice_counters::last_number + 1))
            .returning(invoice_counters::last_number);
        // Both backends write the same upsert; diesel's connection of either kind only knows it.
        Ok(match conn {
            DbConnection::Sqlite(sqlite) => take.get_result(sqlite)?,
            DbConnection::Postgresql(pg) => take.get_result(pg)?,
        })
    }

    pub fn issue(conn: &mut DbConnection, form: &InvoiceInsertForm) -> DbResult<Invoice> {
        let number = Self::next_number(conn, form.project_id)?;
        let a = form.amounts;
        Ok(diesel::insert_into(invoices::table)
            .values((
                invoices::purchase_order_id.eq(form.purchase_order_id),
                invoices::project_id.eq(form.project_id),
                invoices::number.eq(number),
                invoices::credit_note.eq(form.credits_invoice_id.is_some()),
                invoices::credits_invoice_id.eq(form.credits_invoice_id),
                invoices::customer_name.eq(&form.customer_name),
                invoices::customer_address.eq(&form.customer_address),
                invoices::schools_po.eq(&form.schools_po),
                invoices::reference.eq(&form.reference),
                invoices::learners.eq(a.learners),
                invoices::free_learners.eq(a.free_learners),
                invoices::unit_cents.eq(a.unit_cents),
                invoices::vat_basis_points.eq(a.vat_basis_points),
                invoices::subtotal_cents.eq(a.subtotal_cents),
                invoices::vat_cents.eq(a.vat_cents),
                invoices::total_cents.eq(a.total_cents),
                invoices::sponsored_cents.eq(a.sponsored_cents),
                invoices::fee_lines.eq(&form.fee_lines),
            ))
            .returning(invoices::all_columns)
            .get_result(conn)?)
    }
}
