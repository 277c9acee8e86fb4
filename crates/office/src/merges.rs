//! Merging a duplicate record into the one that stays: two schools, or two countries, that are
//! one. The office first shows what would move, then moves it in one transaction and notes in the
//! activity log everything that moved.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::OfficeResult;
use crate::support::fields::merge_refusal;
use olympiad_persistence::{write_transaction, DbConnection, DbError};

/// A kind of record that can be merged: what merging a duplicate into a survivor moves.
pub trait MergePlan: Sized {
    /// The records in the plural, for a refusal ("One of the two schools").
    const WHAT: &'static str;
    /// The activity log's name for a merge.
    const ACTION: &'static str;
    /// The id of a record of this kind.
    type Id: Copy;
    fn plan(
        conn: &mut DbConnection,
        duplicate: Self::Id,
        survivor: Self::Id,
    ) -> Result<Self, DbError>;
    fn merge(
        conn: &mut DbConnection,
        duplicate: Self::Id,
        survivor: Self::Id,
    ) -> Result<Self, DbError>;
    /// What the activity log keeps of a merge.
    fn details(&self, duplicate: Self::Id, survivor: Self::Id) -> serde_json::Value;
}

/// What merging the duplicate into the survivor would move; nothing changes.
pub fn preview<P: MergePlan>(
    conn: &mut DbConnection,
    duplicate: P::Id,
    survivor: P::Id,
) -> OfficeResult<P> {
    P::plan(conn, duplicate, survivor).map_err(|e| merge_refusal(e, P::WHAT))
}

/// Merges the duplicate into the survivor and notes it, with what moved, in the activity log.
pub fn merge<P: MergePlan>(
    conn: &mut DbConnection,
    caller: &Caller,
    duplicate: P::Id,
    survivor: P::Id,
) -> OfficeResult<P> {
    write_transaction(conn, |conn| {
        let plan = P::merge(conn, duplicate, survivor).map_err(|e| merge_refusal(e, P::WHAT))?;
        let details = plan.details(duplicate, survivor);
        record_activity(conn, caller, P::ACTION, None, details)?;
        Ok(plan)
    })
}
