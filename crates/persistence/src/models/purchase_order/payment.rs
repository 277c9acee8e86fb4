//! Money received for orders, and the totals of an olympiad's orders for the dashboard.

use super::*;

/// Money received for an order.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = payments)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub id: i64,
    #[schema(value_type = i64)]
    pub purchase_order_id: PurchaseOrderId,
    /// card or eft
    pub method: String,
    pub amount_cents: i64,
    #[serde(skip)]
    pub external_id: String,
    #[schema(value_type = Option<i64>)]
    pub recorded_by: Option<UserId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl Payment {
    /// Records the payment unless the same one (method and external id) is recorded already;
    /// answers whether it was new.
    pub fn record(
        conn: &mut DbConnection,
        order_id: PurchaseOrderId,
        method: &str,
        amount_cents: i64,
        external_id: &str,
        recorded_by: Option<UserId>,
    ) -> DbResult<bool> {
        if Self::is_recorded(conn, method, external_id)? {
            return Ok(false);
        }
        diesel::insert_into(payments::table)
            .values((
                payments::purchase_order_id.eq(order_id),
                payments::method.eq(method),
                payments::amount_cents.eq(amount_cents),
                payments::external_id.eq(external_id),
                payments::recorded_by.eq(recorded_by),
            ))
            .execute(conn)?;
        Ok(true)
    }

    /// Whether a payment so known (method and external id) is recorded.
    pub fn is_recorded(conn: &mut DbConnection, method: &str, external_id: &str) -> DbResult<bool> {
        let known: i64 = payments::table
            .filter(payments::method.eq(method))
            .filter(payments::external_id.eq(external_id))
            .count()
            .get_result(conn)?;
        Ok(known > 0)
    }

    pub fn of_order(conn: &mut DbConnection, order_id: PurchaseOrderId) -> DbResult<Vec<Payment>> {
        Ok(payments::table
            .filter(payments::purchase_order_id.eq(order_id))
            .order(payments::id)
            .select(Payment::as_select())
            .load(conn)?)
    }
}

/// The totals of an olympiad's orders, whole and per province and month.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentTotals {
    pub orders: i64,
    pub learners: i64,
    pub owed_cents: i64,
    pub paid_cents: i64,
    pub pre_approved_cents: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentTotalsBy {
    /// A province (empty for countries), or a month `2026-11`.
    pub key: String,
    #[serde(flatten)]
    pub totals: PaymentTotals,
}

/// One sum per group: orders, learners, and cents owed, paid and pre-approved.
fn totals_of(rows: Vec<(String, i64, i64, i64, i64, i64)>) -> Vec<PaymentTotalsBy> {
    rows.into_iter()
        .map(|(key, orders, learners, owed, paid, pre)| PaymentTotalsBy {
            key,
            totals: PaymentTotals {
                orders,
                learners,
                owed_cents: owed,
                paid_cents: paid,
                pre_approved_cents: pre,
            },
        })
        .collect()
}

/// The dashboard's sums, grouped by `group` (an SQL expression over the order and its school),
/// in one query on the database.
pub fn payment_totals(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    group: &str,
) -> DbResult<Vec<PaymentTotalsBy>> {
    let sum = |condition: &str| {
        format!("CAST(COALESCE(SUM(CASE WHEN {condition} THEN purchase_orders.total_cents ELSE 0 END),0) AS BIGINT)")
    };
    let query = format!(
        "SELECT {group} AS key, CAST(COUNT(*) AS BIGINT) AS orders, \
         CAST(COALESCE(SUM(purchase_orders.learners),0) AS BIGINT) AS learners, \
         {owed} AS owed, {paid} AS paid, {pre} AS pre \
         FROM purchase_orders \
         LEFT JOIN school_participants ON school_participants.id = purchase_orders.school_participant_id \
         LEFT JOIN schools ON schools.id = school_participants.school_id \
         WHERE purchase_orders.olympiad_id = $1 AND purchase_orders.deleted_at IS NULL \
         GROUP BY {group} ORDER BY {group}",
        owed = sum("NOT purchase_orders.paid"),
        paid = sum("purchase_orders.paid"),
        pre = sum("purchase_orders.pre_approved"),
    );
    #[derive(QueryableByName)]
    struct Group {
        #[diesel(sql_type = Text)]
        key: String,
        #[diesel(sql_type = BigInt)]
        orders: i64,
        #[diesel(sql_type = BigInt)]
        learners: i64,
        #[diesel(sql_type = BigInt)]
        owed: i64,
        #[diesel(sql_type = BigInt)]
        paid: i64,
        #[diesel(sql_type = BigInt)]
        pre: i64,
    }
    let rows: Vec<Group> = diesel::sql_query(query)
        .bind::<BigInt, _>(olympiad_id)
        .load(conn)?;
    Ok(totals_of(
        rows.into_iter()
            .map(|g| (g.key, g.orders, g.learners, g.owed, g.paid, g.pre))
            .collect(),
    ))
}
