//! The job table as the overlord's Tasks screen sees it: what is queued, running, failed, and
//! sending a failed job round again.

use crate::error::DbResult;
use crate::models::Job;
use crate::schema::jobs;
use crate::{now, DbConnection};
use diesel::prelude::*;
use olympiad_domain::id::JobId;
use olympiad_domain::job::JobStatus;

impl Job {
    /// The newest jobs first, of one status or all.
    pub fn list(
        conn: &mut DbConnection,
        status: Option<JobStatus>,
        limit: i64,
    ) -> DbResult<Vec<Job>> {
        let mut query = jobs::table
            .select(Job::as_select())
            .order(jobs::id.desc())
            .limit(limit)
            .into_boxed();
        if let Some(status) = status {
            query = query.filter(jobs::status.eq(status.as_str()));
        }
        Ok(query.load(conn)?)
    }

    /// How many jobs are in each status.
    pub fn counts(conn: &mut DbConnection) -> DbResult<Vec<(String, i64)>> {
        Ok(jobs::table
            .group_by(jobs::status)
            .select((jobs::status, diesel::dsl::count_star()))
            .load(conn)?)
    }

    /// Puts a failed job back in the queue, due now, with its attempts counted from nought.
    /// Answers whether it did: only a failed job goes round again.
    pub fn retry(conn: &mut DbConnection, id: JobId) -> DbResult<bool> {
        let changed = diesel::update(
            jobs::table
                .find(id)
                .filter(jobs::status.eq(JobStatus::Failed.as_str())),
        )
        .set((
            jobs::status.eq(JobStatus::Queued.as_str()),
            jobs::attempts.eq(0),
            jobs::run_at.eq(now()),
            jobs::locked_by.eq(None::<String>),
            jobs::locked_at.eq(None::<chrono::NaiveDateTime>),
            jobs::updated_at.eq(now()),
        ))
        .execute(conn)?;
        Ok(changed == 1)
    }
}
