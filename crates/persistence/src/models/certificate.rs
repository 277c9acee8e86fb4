//! Certificates: the olympiad's configuration, its runs, and each run's batch per school (one ZIP
//! of PDFs), whose status lets a run pick up after a crash without redoing finished schools.

use crate::error::DbResult;
use crate::schema::{
    certificate_batches, certificate_configs, certificate_runs, school_participants, schools,
};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{CertificateBatchId, CertificateRunId, OlympiadId, SchoolParticipantId};

pub const RUN_GENERATING: &str = "generating";
pub const RUN_GENERATED: &str = "generated";

pub const BATCH_WAITING: &str = "waiting";
pub const BATCH_MADE: &str = "made";
pub const BATCH_SENT: &str = "sent";
pub const BATCH_FAILED: &str = "failed";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = certificate_configs)]
pub struct CertificateConfig {
    pub id: i64,
    pub olympiad_id: OlympiadId,
    pub config: String,
    pub updated_at: NaiveDateTime,
}

impl CertificateConfig {
    pub fn of_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Option<CertificateConfig>> {
        Ok(certificate_configs::table
            .filter(certificate_configs::olympiad_id.eq(olympiad_id))
            .select(CertificateConfig::as_select())
            .first(conn)
            .optional()?)
    }

    /// Saves the olympiad's one configuration (made the first time).
    pub fn save(conn: &mut DbConnection, olympiad_id: OlympiadId, config: &str) -> DbResult<()> {
        let changed = diesel::update(
            certificate_configs::table.filter(certificate_configs::olympiad_id.eq(olympiad_id)),
        )
        .set((
            certificate_configs::config.eq(config),
            certificate_configs::updated_at.eq(now()),
        ))
        .execute(conn)?;
        if changed == 0 {
            diesel::insert_into(certificate_configs::table)
                .values((
                    certificate_configs::olympiad_id.eq(olympiad_id),
                    certificate_configs::config.eq(config),
                    certificate_configs::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = certificate_runs)]
#[serde(rename_all = "camelCase")]
pub struct CertificateRun {
    #[schema(value_type = i64)]
    pub id: CertificateRunId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub results_version: i32,
    /// generating or generated
    pub status: String,
    pub sending: bool,
    pub paused: bool,
    #[serde(with = "olympiad_domain::utc")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: NaiveDateTime,
}

impl CertificateRun {
    pub fn find(conn: &mut DbConnection, id: CertificateRunId) -> DbResult<CertificateRun> {
        Ok(certificate_runs::table
            .find(id)
            .select(CertificateRun::as_select())
            .first(conn)?)
    }

    pub fn latest(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Option<CertificateRun>> {
        Ok(certificate_runs::table
            .filter(certificate_runs::olympiad_id.eq(olympiad_id))
            .order(certificate_runs::id.desc())
            .select(CertificateRun::as_select())
            .first(conn)
            .optional()?)
    }

    /// A new run of the olympiad's results `version`, with a waiting batch for each entry.
    pub fn begin(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        version: i32,
        entries: &[SchoolParticipantId],
    ) -> DbResult<CertificateRun> {
        let at = now();
        let id: CertificateRunId = diesel::insert_into(certificate_runs::table)
            .values((
                certificate_runs::olympiad_id.eq(olympiad_id),
                certificate_runs::results_version.eq(version),
                certificate_runs::status.eq(RUN_GENERATING),
                certificate_runs::created_at.eq(at),
                certificate_runs::updated_at.eq(at),
            ))
            .returning(certificate_runs::id)
            .get_result(conn)?;
        for &entry in entries {
            diesel::insert_into(certificate_batches::table)
                .values((
                    certificate_batches::run_id.eq(id),
                    certificate_batches::school_participant_id.eq(entry),
                    certificate_batches::status.eq(BATCH_WAITING),
                ))
                .execute(conn)?;
        }
        CertificateRun::find(conn, id)
    }

    pub fn set_status(conn: &mut DbConnection, id: CertificateRunId, status: &str) -> DbResult<()> {
        diesel::update(certificate_runs::table.find(id))
            .set((
                certificate_runs::status.eq(status),
                certificate_runs::updated_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    pub fn set_sending(
        conn: &mut DbConnection,
        id: CertificateRunId,
        sending: bool,
        paused: bool,
    ) -> DbResult<()> {
        diesel::update(certificate_runs::table.find(id))
            .set((
                certificate_runs::sending.eq(sending),
                certificate_runs::paused.eq(paused),
                certificate_runs::updated_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = certificate_batches)]
pub struct CertificateBatch {
    pub id: CertificateBatchId,
    pub run_id: CertificateRunId,
    pub school_participant_id: SchoolParticipantId,
    pub status: String,
    pub certificates: i32,
    pub file_path: String,
    pub bytes: i64,
    pub made_at: Option<NaiveDateTime>,
    pub sent_at: Option<NaiveDateTime>,
    pub error: String,
}

/// A batch with its school's name, for the lists.
#[derive(Debug, Clone, Queryable)]
pub struct CertificateBatchRow {
    pub batch: CertificateBatch,
    pub school_name: String,
}

impl CertificateBatch {
    pub fn find(conn: &mut DbConnection, id: CertificateBatchId) -> DbResult<CertificateBatch> {
        Ok(certificate_batches::table
            .find(id)
            .select(CertificateBatch::as_select())
            .first(conn)?)
    }

    /// The run's batches by school name.
    pub fn of_run(
        conn: &mut DbConnection,
        run_id: CertificateRunId,
    ) -> DbResult<Vec<CertificateBatchRow>> {
        Ok(certificate_batches::table
            .inner_join(school_participants::table.inner_join(schools::table))
            .filter(certificate_batches::run_id.eq(run_id))
            .order((schools::name, certificate_batches::id))
            .select((CertificateBatch::as_select(), schools::name))
            .load::<(CertificateBatch, String)>(conn)?
            .into_iter()
            .map(|(batch, school_name)| CertificateBatchRow { batch, school_name })
            .collect())
    }

    /// The run's batches still to make, in order: what a resumed run has left.
    pub fn waiting(
        conn: &mut DbConnection,
        run_id: CertificateRunId,
    ) -> DbResult<Vec<CertificateBatch>> {
        Ok(certificate_batches::table
            .filter(certificate_batches::run_id.eq(run_id))
            .filter(certificate_batches::status.eq(BATCH_WAITING))
            .order(certificate_batches::id)
            .select(CertificateBatch::as_select())
            .load(conn)?)
    }

    /// Made and not yet sent: what sending has left.
    pub fn unsent(
        conn: &mut DbConnection,
        run_id: CertificateRunId,
    ) -> DbResult<Vec<CertificateBatch>> {
        Ok(certificate_batches::table
            .filter(certificate_batches::run_id.eq(run_id))
            .filter(certificate_batches::status.eq(BATCH_MADE))
            .order(certificate_batches::id)
            .select(CertificateBatch::as_select())
            .load(conn)?)
    }

    /// The newest made batch of a school's entry.
    pub fn latest_of_entry(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
    ) -> DbResult<Option<CertificateBatch>> {
        Ok(certificate_batches::table
            .filter(certificate_batches::school_participant_id.eq(school_participant_id))
            .filter(certificate_batches::status.eq_any([BATCH_MADE, BATCH_SENT]))
            .order(certificate_batches::id.desc())
            .select(CertificateBatch::as_select())
            .first(conn)
            .optional()?)
    }

    pub fn mark_made(
        conn: &mut DbConnection,
        id: CertificateBatchId,
        certificates: i32,
        file_path: &str,
        bytes: i64,
    ) -> DbResult<()> {
        diesel::update(certificate_batches::table.find(id))
            .set((
                certificate_batches::status.eq(BATCH_MADE),
                certificate_batches::certificates.eq(certificates),
                certificate_batches::file_path.eq(file_path),
                certificate_batches::bytes.eq(bytes),
                certificate_batches::made_at.eq(now()),
                certificate_batches::error.eq(""),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// Back to waiting, to be made again.
    pub fn reset(conn: &mut DbConnection, id: CertificateBatchId) -> DbResult<()> {
        diesel::update(certificate_batches::table.find(id))
            .set((
                certificate_batches::status.eq(BATCH_WAITING),
                certificate_batches::error.eq(""),
                certificate_batches::sent_at.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?;
        Ok(())
    }

    pub fn mark_failed(
        conn: &mut DbConnection,
        id: CertificateBatchId,
        error: &str,
    ) -> DbResult<()> {
        diesel::update(certificate_batches::table.find(id))
            .set((
                certificate_batches::status.eq(BATCH_FAILED),
                certificate_batches::error.eq(error),
            ))
            .execute(conn)?;
        Ok(())
    }

    pub fn mark_sent(conn: &mut DbConnection, id: CertificateBatchId) -> DbResult<()> {
        diesel::update(certificate_batches::table.find(id))
            .set((
                certificate_batches::status.eq(BATCH_SENT),
                certificate_batches::sent_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }
}
