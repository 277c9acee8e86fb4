//! The olympiad's fees and what they bring in: the fee schedule the admin sets, a funder's share of
//! a school's fees, and the Payments Dashboard's totals.

use super::*;

/// The Payments Dashboard: totals owed, paid and pre-approved, by province and by month.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsDashboard {
    pub totals: PaymentTotals,
    pub by_province: Vec<PaymentTotalsBy>,
    /// By the month the order was made (`2026-11`).
    pub by_month: Vec<PaymentTotalsBy>,
    pub fees: Fees,
    /// The whole schedule: the fees, grade bands, early-bird and late fees.
    pub schedule: FeeSchedule,
}

pub fn dashboard(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<PaymentsDashboard> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let month = match conn {
        DbConnection::Postgresql(_) => "to_char(purchase_orders.created_at, 'YYYY-MM')",
        DbConnection::Sqlite(_) => "strftime('%Y-%m', purchase_orders.created_at)",
    };
    let by_province = payment_totals(conn, olympiad_id, "COALESCE(schools.province, '')")?;
    let by_month = payment_totals(conn, olympiad_id, month)?;
    let totals = by_province
        .iter()
        .fold(PaymentTotals::default(), |sum, g| PaymentTotals {
            orders: sum.orders + g.totals.orders,
            learners: sum.learners + g.totals.learners,
            owed_cents: sum.owed_cents + g.totals.owed_cents,
            paid_cents: sum.paid_cents + g.totals.paid_cents,
            pre_approved_cents: sum.pre_approved_cents + g.totals.pre_approved_cents,
        });
    Ok(PaymentsDashboard {
        totals,
        by_province,
        by_month,
        fees: olympiad_fees(conn, olympiad_id)?,
        schedule: olympiad_fee_schedule(conn, olympiad_id)?,
    })
}

/// What the olympiad charges, as the admin sets it: the usual fee and VAT, and optionally grade
/// bands with their own fee, an early-bird fee before a date and a late fee from a date.
#[derive(Debug, Deserialize, ToSchema, validator::Validate)]
#[serde(rename_all = "camelCase")]
pub struct FeesInput {
    /// Per learner, VAT excluded, in cents.
    #[schema(minimum = 0, maximum = 100000000)]
    pub learner_fee_cents: i64,
    /// 1500 is 15%.
    #[schema(minimum = 0, maximum = 10000)]
    pub vat_basis_points: i32,
    #[serde(default)]
    #[schema(max_items = 14)]
    pub bands: Vec<FeeBand>,
    #[serde(default)]
    pub early: Option<DatedFee>,
    #[serde(default)]
    pub late: Option<DatedFee>,
}

/// Sets the fees; orders still owed follow them when next shown, paid ones keep theirs.
pub fn set_fees(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    input: &FeesInput,
) -> OfficeResult<Fees> {
    let fees = Fees {
        learner_fee_cents: input.learner_fee_cents,
        vat_basis_points: input.vat_basis_points,
    };
    let mut schedule = FeeSchedule {
        fees,
        bands: input.bands.clone(),
        early: input.early,
        late: input.late,
    };
    schedule.bands.sort_by_key(|b| b.grade_from);
    let errors = FeeSchedule {
        bands: input.bands.clone(),
        ..schedule.clone()
    }
    .check();
    if !errors.is_empty() {
        return Err(OfficeError::Problems {
            message: "The fees are not right".into(),
            fields: errors.into_iter().map(|e| (e.field, e.message)).collect(),
        });
    }
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        let before = olympiad_fee_schedule(conn, olympiad_id)?;
        set_olympiad_fee_schedule(conn, olympiad_id, &schedule)?;
        record_activity(
            conn,
            caller,
            "olympiad_fees_set",
            Some(olympiad_id),
            json!({ "before": before, "after": schedule }),
        )?;
        Ok(fees)
    })
}

/// The share of a school entry's fees a funder sponsors, in percent.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SponsorQuery {
    /// 100 for all of it, 0 to take the sponsorship away.
    #[param(minimum = 0, maximum = 100)]
    pub sponsored_percent: i32,
}

/// The funding staff mark the order's school entry sponsored (a fee waiver): the order then owes
/// only the share the funder does not pay, shown on its invoice. A paid or deleted order, or a
/// country's, is not changed (409).
pub fn set_sponsored(
    conn: &mut DbConnection,
    caller: &Caller,
    id: PurchaseOrderId,
    query: &SponsorQuery,
) -> OfficeResult<OrderDetail> {
    if !(0..=100).contains(&query.sponsored_percent) {
        return Err(OfficeError::invalid(
            "sponsoredPercent",
            "must be from 0 to 100",
        ));
    }
    write_transaction(conn, |conn| {
        let order = find_in_reach::<PurchaseOrder>(conn, caller, id)?;
        if order.paid || order.deleted_at.is_some() {
            return Err(OfficeError::conflict(
                "The sponsorship of a paid or deleted order cannot change.",
            ));
        }
        let entry = order
            .school_participant_id
            .ok_or_else(|| OfficeError::conflict("Only a school's entry is sponsored."))?;
        let before = sponsored_share(conn, entry)?;
        set_sponsored_share(
            conn,
            entry,
            query.sponsored_percent * 100,
            Some(caller.actor()),
        )?;
        let order = refreshed(conn, order)?;
        record_activity(
            conn,
            caller,
            "school_entry_sponsored",
            Some(order.olympiad_id),
            json!({ "purchaseOrderId": id, "schoolParticipantId": entry, "before": before / 100, "after": query.sponsored_percent, "totalCents": order.total_cents }),
        )?;
        detail_of(conn, order)
    })
}
