//! An olympiad's fees (the flat fee and its schedule by grade band and date), the grades an entry's
//! learners are in, and a funder's share of a school's fees.

use super::*;

/// What an olympiad charges; [`Fees::default`] until the office sets it.
pub fn olympiad_fees(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<Fees> {
    let stored: Option<(i64, i32)> = olympiad_fees::table
        .find(olympiad_id)
        .select((
            olympiad_fees::learner_fee_cents,
            olympiad_fees::vat_basis_points,
        ))
        .first(conn)
        .optional()?;
    Ok(
        stored.map_or_else(Fees::default, |(learner_fee_cents, vat_basis_points)| {
            Fees {
                learner_fee_cents,
                vat_basis_points,
            }
        }),
    )
}

pub fn set_olympiad_fees(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    fees: Fees,
) -> DbResult<()> {
    let changed = diesel::update(olympiad_fees::table.find(olympiad_id))
        .set((
            olympiad_fees::learner_fee_cents.eq(fees.learner_fee_cents),
            olympiad_fees::vat_basis_points.eq(fees.vat_basis_points),
            olympiad_fees::updated_at.eq(now()),
        ))
        .execute(conn)?;
    if changed == 0 {
        diesel::insert_into(olympiad_fees::table)
            .values((
                olympiad_fees::olympiad_id.eq(olympiad_id),
                olympiad_fees::learner_fee_cents.eq(fees.learner_fee_cents),
                olympiad_fees::vat_basis_points.eq(fees.vat_basis_points),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Midnight UTC of a day, as the fee dates are kept.
fn midnight(day: chrono::NaiveDate) -> NaiveDateTime {
    day.and_time(chrono::NaiveTime::MIN)
}

/// Everything the olympiad charges: the fees, the grade bands, the early-bird and late fees.
pub fn olympiad_fee_schedule(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<FeeSchedule> {
    let fees = olympiad_fees(conn, olympiad_id)?;
    type Dated = (
        Option<i64>,
        Option<NaiveDateTime>,
        Option<i64>,
        Option<NaiveDateTime>,
    );
    let dated: Option<Dated> = olympiad_fees::table
        .find(olympiad_id)
        .select((
            olympiad_fees::early_fee_cents,
            olympiad_fees::early_until,
            olympiad_fees::late_fee_cents,
            olympiad_fees::late_from,
        ))
        .first(conn)
        .optional()?;
    let (early_fee, early_until, late_fee, late_from) = dated.unwrap_or_default();
    let dated_fee = |fee: Option<i64>, at: Option<NaiveDateTime>| match (fee, at) {
        (Some(fee_cents), Some(at)) => Some(DatedFee {
            date: at.date(),
            fee_cents,
        }),
        _ => None,
    };
    let bands = olympiad_fee_bands::table
        .filter(olympiad_fee_bands::olympiad_id.eq(olympiad_id))
        .order((olympiad_fee_bands::grade_from, olympiad_fee_bands::id))
        .select((
            olympiad_fee_bands::grade_from,
            olympiad_fee_bands::grade_to,
            olympiad_fee_bands::fee_cents,
        ))
        .load::<(i32, i32, i64)>(conn)?
        .into_iter()
        .map(|(grade_from, grade_to, fee_cents)| FeeBand {
            grade_from,
            grade_to,
            fee_cents,
        })
        .collect();
    Ok(FeeSchedule {
        fees,
        bands,
        early: dated_fee(early_fee, early_until),
        late: dated_fee(late_fee, late_from),
    })
}

/// Keeps the schedule whole: the fees, the dated fees, and the bands in place of the old ones.
/// Call inside a write transaction.
pub fn set_olympiad_fee_schedule(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    schedule: &FeeSchedule,
) -> DbResult<()> {
    set_olympiad_fees(conn, olympiad_id, schedule.fees)?;
    diesel::update(olympiad_fees::table.find(olympiad_id))
        .set((
            olympiad_fees::early_fee_cents.eq(schedule.early.map(|d| d.fee_cents)),
            olympiad_fees::early_until.eq(schedule.early.map(|d| midnight(d.date))),
            olympiad_fees::late_fee_cents.eq(schedule.late.map(|d| d.fee_cents)),
            olympiad_fees::late_from.eq(schedule.late.map(|d| midnight(d.date))),
        ))
        .execute(conn)?;
    diesel::delete(
        olympiad_fee_bands::table.filter(olympiad_fee_bands::olympiad_id.eq(olympiad_id)),
    )
    .execute(conn)?;
    for band in &schedule.bands {
        diesel::insert_into(olympiad_fee_bands::table)
            .values((
                olympiad_fee_bands::olympiad_id.eq(olympiad_id),
                olympiad_fee_bands::grade_from.eq(band.grade_from),
                olympiad_fee_bands::grade_to.eq(band.grade_to),
                olympiad_fee_bands::fee_cents.eq(band.fee_cents),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The learners entered with a school's entry, per grade: `(grade, how many)`, leaving out the
/// `paid_for` entered first (those the entry's paid orders are for).
pub fn entry_grades(
    conn: &mut DbConnection,
    entry: SchoolParticipantId,
    paid_for: i32,
) -> DbResult<Vec<(i32, i32)>> {
    let grades: Vec<i32> = participants::table
        .inner_join(learners::table.on(learners::id.eq(participants::learner_id)))
        .filter(participants::school_participant_id.eq(entry))
        .order(participants::id)
        .select(learners::grade)
        .offset(i64::from(paid_for.max(0)))
        .limit(i64::MAX)
        .load(conn)?;
    let mut counts: Vec<(i32, i32)> = Vec::new();
    for grade in grades {
        match counts.iter_mut().find(|(g, _)| *g == grade) {
            Some((_, n)) => *n += 1,
            None => counts.push((grade, 1)),
        }
    }
    counts.sort_unstable();
    Ok(counts)
}

/// The share of a school entry's fees a funder sponsors, in basis points (0 when none).
pub fn sponsored_share(conn: &mut DbConnection, entry: SchoolParticipantId) -> DbResult<i32> {
    Ok(sponsored_entries::table
        .find(entry)
        .select(sponsored_entries::basis_points)
        .first(conn)
        .optional()?
        .unwrap_or(0))
}

/// Marks a school's entry sponsored for `basis_points` of its fees (0 takes the mark away).
pub fn set_sponsored_share(
    conn: &mut DbConnection,
    entry: SchoolParticipantId,
    basis_points: i32,
    by: Option<UserId>,
) -> DbResult<()> {
    diesel::delete(sponsored_entries::table.find(entry)).execute(conn)?;
    if basis_points > 0 {
        diesel::insert_into(sponsored_entries::table)
            .values((
                sponsored_entries::school_participant_id.eq(entry),
                sponsored_entries::basis_points.eq(basis_points),
                sponsored_entries::sponsored_by.eq(by),
                sponsored_entries::updated_at.eq(now()),
            ))
            .execute(conn)?;
    }
    Ok(())
}
