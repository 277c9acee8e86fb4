use crate::error::DbResult;
use crate::schema::{sanity_findings, sanity_runs};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{OlympiadId, SchoolParticipantId, UserId};
use serde::Serialize;
use utoipa::ToSchema;

/// One run of the consistency checks.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = sanity_runs)]
#[serde(rename_all = "camelCase")]
pub struct SanityRun {
    pub id: i64,
    /// The overlord who asked for it; none when the worker ran it on its schedule.
    #[schema(value_type = Option<i64>)]
    pub started_by: Option<UserId>,
    pub findings: i32,
    #[serde(with = "olympiad_domain::utc")]
    pub started_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc::option")]
    pub finished_at: Option<NaiveDateTime>,
}

/// What a check found: one record that should not be as it is.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = sanity_findings)]
#[serde(rename_all = "camelCase")]
pub struct SanityFinding {
    pub id: i64,
    pub run_id: i64,
    pub check_name: String,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    /// What is wrong, named: `learner 12: Thandi Nkosi (Waterkloof High School)`.
    pub subject: String,
    pub detail: String,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = sanity_findings)]
pub struct SanityFindingInsertForm {
    pub run_id: i64,
    pub check_name: String,
    pub olympiad_id: Option<OlympiadId>,
    pub subject: String,
    pub detail: String,
}

impl SanityRun {
    pub fn start(conn: &mut DbConnection, started_by: Option<UserId>) -> DbResult<SanityRun> {
        Ok(diesel::insert_into(sanity_runs::table)
            .values((
                sanity_runs::started_by.eq(started_by),
                sanity_runs::started_at.eq(now()),
            ))
            .returning(sanity_runs::id)
            .get_result::<i64>(conn)
            .and_then(|id| {
                sanity_runs::table
                    .find(id)
                    .select(SanityRun::as_select())
                    .first(conn)
            })?)
    }

    pub fn finish(
        conn: &mut DbConnection,
        run_id: i64,
        findings: &[SanityFindingInsertForm],
    ) -> DbResult<SanityRun> {
        for finding in findings {
            diesel::insert_into(sanity_findings::table)
                .values(finding)
                .execute(conn)?;
        }
        let count = i32::try_from(findings.len()).unwrap_or(i32::MAX);
        diesel::update(sanity_runs::table.find(run_id))
            .set((
                sanity_runs::findings.eq(count),
                sanity_runs::finished_at.eq(now()),
            ))
            .execute(conn)?;
        SanityRun::find(conn, run_id)
    }

    /// The latest runs, newest first.
    pub fn latest(conn: &mut DbConnection, limit: i64) -> DbResult<Vec<SanityRun>> {
        Ok(sanity_runs::table
            .select(SanityRun::as_select())
            .order(sanity_runs::id.desc())
            .limit(limit)
            .load(conn)?)
    }

    pub fn last_started(conn: &mut DbConnection) -> DbResult<Option<NaiveDateTime>> {
        Ok(sanity_runs::table
            .select(diesel::dsl::max(sanity_runs::started_at))
            .get_result(conn)?)
    }

    pub fn findings_of(conn: &mut DbConnection, run_id: i64) -> DbResult<Vec<SanityFinding>> {
        Ok(sanity_findings::table
            .filter(sanity_findings::run_id.eq(run_id))
            .select(SanityFinding::as_select())
            .order((sanity_findings::check_name, sanity_findings::id))
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, run_id: i64) -> DbResult<SanityRun> {
        Ok(sanity_runs::table
            .find(run_id)
            .select(SanityRun::as_select())
            .first(conn)?)
    }
}

/// The consistency checks' queries: each answers the records it finds, at most [`CHECK_LIMIT`].
pub mod checks {
    use super::*;
    use crate::schema::{
        jobs, learners, participants, purchase_orders, school_participants, schools,
        shunned_emails, teachers, team_members, users,
    };
    use diesel::dsl::{exists, not};
    use olympiad_domain::job::{JobKind, JobStatus};
    use olympiad_domain::school::EntryStatus;

    /// A check that finds more than this names the first ones; the count says there are more.
    pub const CHECK_LIMIT: i64 = 1000;

    /// How a check over schools' entries names what it found: (entry id, olympiad id, school).
    const ENTRY_FOUND: (
        school_participants::id,
        school_participants::olympiad_id,
        schools::name,
    ) = (
        school_participants::id,
        school_participants::olympiad_id,
        schools::name,
    );

    /// (learner id, first name, last name, school)
    pub fn learners_without_participants(
        conn: &mut DbConnection,
    ) -> DbResult<Vec<(i64, String, String, String)>> {
        Ok(learners::table
            .inner_join(schools::table)
            .filter(not(exists(
                participants::table.filter(participants::learner_id.eq(learners::id)),
            )))
            .select((
                learners::id,
                learners::first_name,
                learners::last_name,
                schools::name,
            ))
            .order(learners::id)
            .limit(CHECK_LIMIT)
            .load(conn)?)
    }

    /// (entry id, olympiad id, school)
    pub fn entries_without_learners(
        conn: &mut DbConnection,
    ) -> DbResult<Vec<(SchoolParticipantId, OlympiadId, String)>> {
        Ok(school_participants::table
            .inner_join(schools::table)
            .filter(school_participants::status.ne(EntryStatus::Withdrawn.as_str()))
            .filter(not(exists(participants::table.filter(
                participants::school_participant_id.eq(school_participants::id.nullable()),
            ))))
            .select(ENTRY_FOUND)
            .order(school_participants::id)
            .limit(CHECK_LIMIT)
            .load(conn)?)
    }

    /// (entry id, olympiad id, school)
    pub fn entries_without_team_admin(
        conn: &mut DbConnection,
    ) -> DbResult<Vec<(SchoolParticipantId, OlympiadId, String)>> {
        Ok(school_participants::table
            .inner_join(schools::table)
            .filter(school_participants::status.ne(EntryStatus::Withdrawn.as_str()))
            .filter(not(exists(
                team_members::table
                    .filter(team_members::school_participant_id.eq(school_participants::id))
                    .filter(team_members::is_team_admin.eq(true)),
            )))
            .select(ENTRY_FOUND)
            .order(school_participants::id)
            .limit(CHECK_LIMIT)
            .load(conn)?)
    }

    /// (participant id, olympiad id, first name, last name)
    pub fn participants_without_entry(
        conn: &mut DbConnection,
    ) -> DbResult<Vec<(i64, OlympiadId, String, String)>> {
        Ok(participants::table
            .inner_join(learners::table)
            .filter(participants::school_participant_id.is_null())
            .select((
                participants::id,
                participants::olympiad_id,
                learners::first_name,
                learners::last_name,
            ))
            .order(participants::id)
            .limit(CHECK_LIMIT)
            .load(conn)?)
    }

    /// (job id, last error)
    pub fn failed_emails(conn: &mut DbConnection) -> DbResult<Vec<(i64, Option<String>)>> {
        Ok(jobs::table
            .filter(jobs::kind.eq(JobKind::Email.as_str()))
            .filter(jobs::status.eq(JobStatus::Failed.as_str()))
            .select((jobs::id, jobs::last_error))
            .order(jobs::id)
            .limit(CHECK_LIMIT)
            .load(conn)?)
    }

    /// (teacher id, e-mail, first name, last name)
    pub type TeacherRow = (i64, Option<String>, String, String);

    pub fn teachers_without_school(conn: &mut DbConnection) -> DbResult<Vec<TeacherRow>> {
        Ok(teachers::table
            .inner_join(users::table)
            .filter(teachers::school_id.is_null())
            .select((
                teachers::id,
                users::email,
                users::first_name,
                users::last_name,
            ))
            .order(teachers::id)
            .limit(CHECK_LIMIT)
            .load(conn)?)
    }

    /// (order id, olympiad id, payment reference): orders not deleted whose school or country
    /// entry was deleted (the order keeps no entry) or whose school entry was withdrawn.
    pub fn orders_without_entries(
        conn: &mut DbConnection,
    ) -> DbResult<Vec<(olympiad_domain::id::PurchaseOrderId, OlympiadId, String)>> {
        Ok(purchase_orders::table
            .filter(purchase_orders::deleted_at.is_null())
            .filter(
                purchase_orders::school_participant_id
                    .is_null()
                    .and(purchase_orders::country_participant_id.is_null())
                    .or(exists(
                        school_participants::table
                            .filter(
                                school_participants::id
                                    .nullable()
                                    .eq(purchase_orders::school_participant_id),
                            )
                            .filter(
                                school_participants::status.eq(EntryStatus::Withdrawn.as_str()),
                            ),
                    )),
            )
            .select((
                purchase_orders::id,
                purchase_orders::olympiad_id,
                purchase_orders::reference,
            ))
            .order(purchase_orders::id)
            .limit(CHECK_LIMIT)
            .load(conn)?)
    }

    /// (job id, olympiad id, address)
    pub type EmailToShunned = (i64, Option<OlympiadId>, Option<String>);

    /// E-mails held or queued for an address now shunned (the
    /// worker skips them when their turn comes; the finding says why they will not arrive).
    pub fn emails_to_shunned(conn: &mut DbConnection) -> DbResult<Vec<EmailToShunned>> {
        Ok(jobs::table
            .filter(jobs::kind.eq(JobKind::Email.as_str()))
            .filter(jobs::status.eq_any([JobStatus::Held.as_str(), JobStatus::Queued.as_str()]))
            .filter(exists(
                shunned_emails::table.filter(shunned_emails::email.nullable().eq(jobs::recipient)),
            ))
            .select((jobs::id, jobs::olympiad_id, jobs::recipient))
            .order(jobs::id)
            .limit(CHECK_LIMIT)
            .load(conn)?)
    }
}
