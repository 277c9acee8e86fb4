//! The sanity logs: consistency checks over the whole platform, run by the worker every few hours
//! and by the overlord on demand, each run kept with what it found.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeResult, OrNotFound};
use olympiad_domain::id::{OlympiadId, UserId};
use olympiad_domain::overlord::{SanityCheck, SANITY_EVERY_HOURS};
use olympiad_persistence::models::sanity::checks;
use olympiad_persistence::models::{SanityFinding, SanityFindingInsertForm, SanityRun};
use olympiad_persistence::{hold_schedule_lock, now, write_transaction, DbConnection};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

fn finding(
    run_id: i64,
    check: SanityCheck,
    olympiad_id: Option<OlympiadId>,
    subject: String,
    detail: String,
) -> SanityFindingInsertForm {
    SanityFindingInsertForm {
        run_id,
        check_name: check.as_str().to_owned(),
        olympiad_id,
        subject,
        detail,
    }
}

/// Runs every check and keeps what they found.
pub fn run_checks(conn: &mut DbConnection, started_by: Option<UserId>) -> OfficeResult<SanityRun> {
    write_transaction(conn, |conn| {
        let run = SanityRun::start(conn, started_by)?;
        let id = run.id;
        let mut found = vec![];
        for (learner, first, last, school) in checks::learners_without_participants(conn)? {
            found.push(finding(
                id,
                SanityCheck::LearnersWithoutParticipants,
                None,
                format!("learner {learner}: {first} {last}"),
                format!("loaded by {school}, entered in no olympiad"),
            ));
        }
        for (entry, olympiad, school) in checks::entries_without_learners(conn)? {
            found.push(finding(
                id,
                SanityCheck::EntriesWithoutLearners,
                Some(olympiad),
                format!("entry {entry}: {school}"),
                "no learner entered".into(),
            ));
        }
        for (entry, olympiad, school) in checks::entries_without_team_admin(conn)? {
            found.push(finding(
                id,
                SanityCheck::EntriesWithoutTeamAdmin,
                Some(olympiad),
                format!("entry {entry}: {school}"),
                "its team has no team admin".into(),
            ));
        }
        for (participant, olympiad, first, last) in checks::participants_without_entry(conn)? {
            found.push(finding(
                id,
                SanityCheck::ParticipantsWithoutEntry,
                Some(olympiad),
                format!("participant {participant}: {first} {last}"),
                "entered without their school's entry".into(),
            ));
        }
        for (job, error) in checks::failed_emails(conn)? {
            found.push(finding(
                id,
                SanityCheck::FailedEmails,
                None,
                format!("job {job}"),
                error.unwrap_or_else(|| "failed".into()),
            ));
        }
        for (teacher, email, first, last) in checks::teachers_without_school(conn)? {
            found.push(finding(
                id,
                SanityCheck::TeachersWithoutSchool,
                None,
                format!("teacher {teacher}: {first} {last}"),
                email.unwrap_or_default(),
            ));
        }
        for (order, olympiad, reference) in checks::orders_without_entries(conn)? {
            found.push(finding(
                id,
                SanityCheck::OrdersWithoutEntries,
                Some(olympiad),
                format!("order {order}: {reference}"),
                "its entry is gone or withdrawn; delete the order or credit its invoice".into(),
            ));
        }
        for (job, olympiad, address) in checks::emails_to_shunned(conn)? {
            found.push(finding(
                id,
                SanityCheck::EmailsToShunned,
                olympiad,
                format!("job {job}"),
                format!("{} is shunned", address.unwrap_or_default()),
            ));
        }
        Ok(SanityRun::finish(conn, id, &found)?)
    })
}

/// Key of the lock that lets one node at a time decide whether the scheduled checks are due.
const SANITY_SCHEDULE_LOCK: i64 = 72_127_002;

fn due(conn: &mut DbConnection) -> OfficeResult<bool> {
    Ok(match SanityRun::last_started(conn)? {
        Some(last) => now() - last >= chrono::Duration::hours(SANITY_EVERY_HOURS),
        None => true,
    })
}

/// Runs the checks when the last run is older than the schedule's hours (or there is none);
/// answers the run when it did. The worker of every node calls it: the second look and the run
/// share one transaction under a lock, so a node that waited for another's run finds it done.
pub fn run_if_due(conn: &mut DbConnection) -> OfficeResult<Option<SanityRun>> {
    if !due(conn)? {
        return Ok(None);
    }
    write_transaction(conn, |conn| {
        hold_schedule_lock(conn, SANITY_SCHEDULE_LOCK)?;
        if !due(conn)? {
            return Ok(None);
        }
        run_checks(conn, None).map(Some)
    })
}

/// Runs the checks now, for the overlord.
pub fn run_now(conn: &mut DbConnection, caller: &Caller) -> OfficeResult<SanityReport> {
    let run = run_checks(conn, Some(caller.actor()))?;
    record_activity(
        conn,
        caller,
        "sanity_checks_run",
        None,
        json!({ "runId": run.id, "findings": run.findings }),
    )?;
    report(conn, Some(run.id))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckSummary {
    pub check: SanityCheck,
    pub description: String,
    pub findings: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SanityReport {
    /// The latest runs, newest first.
    pub runs: Vec<SanityRun>,
    /// The run shown: the one asked for, or the newest.
    pub run: Option<SanityRun>,
    /// Every check, with how many findings it had in that run.
    pub checks: Vec<CheckSummary>,
    pub findings: Vec<SanityFinding>,
}

/// The latest runs, and the findings of one (the newest unless `run_id` names another).
pub fn report(conn: &mut DbConnection, run_id: Option<i64>) -> OfficeResult<SanityReport> {
    let runs = SanityRun::latest(conn, 30)?;
    let run = match run_id {
        Some(id) => Some(SanityRun::find(conn, id).or_not_found("This run of the checks")?),
        None => runs.first().cloned(),
    };
    let findings = match &run {
        Some(run) => SanityRun::findings_of(conn, run.id)?,
        None => vec![],
    };
    let checks = SanityCheck::ALL
        .iter()
        .map(|&check| CheckSummary {
            check,
            description: check.describe().into(),
            findings: i64::try_from(
                findings
                    .iter()
                    .filter(|f| f.check_name == check.as_str())
                    .count(),
            )
            .unwrap_or(i64::MAX),
        })
        .collect();
    Ok(SanityReport {
        runs,
        run,
        checks,
        findings,
    })
}
