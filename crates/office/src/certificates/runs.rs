//! A run of certificates: started by staff, made school by school by the workers, each school's
//! ZIP then sent to its team; its state for the Send Certificates screen.

use super::*;

/// Where a run's ZIPs go, and what its e-mails link to: set by the API node that starts the run.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunJob {
    pub run_id: CertificateRunId,
    /// `PUBLIC_BASE_URL`, for the portal link in the e-mail.
    pub base_url: String,
    /// A school to send to once made, whether or not the run is sending.
    pub send_entry: Option<SchoolParticipantId>,
}

/// Where a run stands.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunStatus {
    pub run: Option<CertificateRun>,
    pub results_state: ResultsState,
    pub results_version: i32,
    pub schools: usize,
    pub waiting: usize,
    pub made: usize,
    pub sent: usize,
    pub failed: usize,
    pub certificates: i64,
    /// 0 to 100: schools made (generation) or sent (sending) of all.
    pub progress: f64,
}

/// One school's ZIP of the latest run.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchView {
    #[schema(value_type = i64)]
    pub id: CertificateBatchId,
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    pub school_name: String,
    /// waiting, made, sent or failed
    pub status: String,
    pub certificates: i32,
    pub bytes: i64,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub made_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub sent_at: Option<NaiveDateTime>,
    pub error: String,
}

fn status_of(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    sending: bool,
) -> OfficeResult<RunStatus> {
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    let run = CertificateRun::latest(conn, olympiad_id)?;
    let batches = match &run {
        Some(run) => CertificateBatch::of_run(conn, run.id)?,
        None => Vec::new(),
    };
    let count = |status: &str| batches.iter().filter(|b| b.batch.status == status).count();
    let (waiting, made, sent, failed) = (
        count(BATCH_WAITING),
        count(BATCH_MADE),
        count(BATCH_SENT),
        count(BATCH_FAILED),
    );
    let schools = batches.len();
    let done = if sending { sent } else { made + sent + failed };
    Ok(RunStatus {
        run,
        results_state: results.record.state,
        results_version: results.record.version,
        schools,
        waiting,
        made,
        sent,
        failed,
        certificates: batches
            .iter()
            .map(|b| i64::from(b.batch.certificates))
            .sum(),
        progress: if schools == 0 {
            0.0
        } else {
            (done as f64 * 1000.0 / schools as f64).round() / 10.0
        },
    })
}

/// Where the olympiad's certificates stand: the progress counts the schools whose certificates
/// are made (`sending` false) or sent.
pub fn status(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    sending: bool,
) -> OfficeResult<RunStatus> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    status_of(conn, olympiad_id, sending)
}

pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Vec<BatchView>> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let Some(run) = CertificateRun::latest(conn, olympiad_id)? else {
        return Ok(Vec::new());
    };
    Ok(CertificateBatch::of_run(conn, run.id)?
        .into_iter()
        .map(|row| BatchView {
            id: row.batch.id,
            school_participant_id: row.batch.school_participant_id,
            school_name: row.school_name,
            status: row.batch.status,
            certificates: row.batch.certificates,
            bytes: row.batch.bytes,
            made_at: row.batch.made_at,
            sent_at: row.batch.sent_at,
            error: row.batch.error,
        })
        .collect())
}

fn queue_run(
    conn: &mut DbConnection,
    run_id: CertificateRunId,
    base_url: &str,
    send_entry: Option<SchoolParticipantId>,
) -> OfficeResult<()> {
    let job = RunJob {
        run_id,
        base_url: base_url.to_owned(),
        send_entry,
    };
    let payload = serde_json::to_value(job).map_err(|e| OfficeError::Internal(e.to_string()))?;
    Job::enqueue(conn, JobKind::Certificates, &payload)?;
    Ok(())
}

/// The latest run, to send from; certificates are sent only after they are generated.
fn run_to_send(conn: &mut DbConnection, olympiad_id: OlympiadId) -> OfficeResult<CertificateRun> {
    CertificateRun::latest(conn, olympiad_id)?
        .ok_or_else(|| OfficeError::conflict("Generate the certificates before sending them."))
}

/// The final snapshot, or 409: certificates come only from final results.
fn final_snapshot(conn: &mut DbConnection, olympiad_id: OlympiadId) -> OfficeResult<Snapshot> {
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    match (results.record.state, released(&results)) {
        (ResultsState::Final, Some(snapshot)) => Ok(snapshot),
        _ => Err(OfficeError::conflict(
            "Certificates are made only from final results: finalise the results first.",
        )),
    }
}

/// Starts a run over every school of the final results; while one is under way for the same
/// version, answers its status instead (asking twice starts one run).
pub fn generate(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    base_url: &str,
) -> OfficeResult<RunStatus> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        let snapshot = final_snapshot(conn, olympiad_id)?;
        if let Some(run) = CertificateRun::latest(conn, olympiad_id)? {
            if run.results_version == snapshot.version && run.status != RUN_GENERATED {
                return status_of(conn, olympiad_id, false);
            }
        }
        let mut entries: Vec<SchoolParticipantId> = snapshot
            .learners
            .iter()
            .map(|l| l.school_participant_id)
            .collect();
        entries.sort_unstable();
        entries.dedup();
        let run = CertificateRun::begin(conn, olympiad_id, snapshot.version, &entries)?;
        queue_run(conn, run.id, base_url, None)?;
        record_activity(
            conn,
            caller,
            "certificates_generation_started",
            Some(olympiad_id),
            serde_json::json!({ "run": run.id, "schools": entries.len(), "version": snapshot.version }),
        )?;
        status_of(conn, olympiad_id, false)
    })
}

/// Sends (or resumes sending) each school's certificates as its ZIP is ready.
pub fn send(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    base_url: &str,
) -> OfficeResult<RunStatus> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        final_snapshot(conn, olympiad_id)?;
        let run = run_to_send(conn, olympiad_id)?;
        if !run.sending || run.paused {
            switch_sending(conn, caller, &run, false)?;
            queue_run(conn, run.id, base_url, None)?;
        }
        status_of(conn, olympiad_id, true)
    })
}

/// Stops sending after the school being sent now.
pub fn pause(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<RunStatus> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        let run = CertificateRun::latest(conn, olympiad_id)?
            .ok_or_else(|| OfficeError::conflict("No certificates are being sent."))?;
        if run.sending && !run.paused {
            switch_sending(conn, caller, &run, true)?;
        }
        status_of(conn, olympiad_id, true)
    })
}

/// Sends the run's certificates, or pauses sending them, with the line in the activity log.
fn switch_sending(
    conn: &mut DbConnection,
    caller: &Caller,
    run: &CertificateRun,
    paused: bool,
) -> OfficeResult<()> {
    CertificateRun::set_sending(conn, run.id, true, paused)?;
    let action = if paused {
        "certificates_sending_paused"
    } else {
        "certificates_sending_started"
    };
    let details = serde_json::json!({ "run": run.id });
    record_activity(conn, caller, action, Some(run.olympiad_id), details)
}

/// Makes one school's certificates again from the final results and sends them to its team.
pub fn regenerate_and_send(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
    base_url: &str,
) -> OfficeResult<BatchView> {
    write_transaction(conn, |conn| {
        let entry = find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
        final_snapshot(conn, entry.olympiad_id)?;
        let run = run_to_send(conn, entry.olympiad_id)?;
        let batch = CertificateBatch::of_run(conn, run.id)?
            .into_iter()
            .find(|b| b.batch.school_participant_id == entry.id)
            .ok_or_else(|| {
                OfficeError::conflict("This school has no learners in the final results.")
            })?;
        CertificateBatch::reset(conn, batch.batch.id)?;
        queue_run(conn, run.id, base_url, Some(entry.id))?;
        record_activity(
            conn,
            caller,
            "certificates_regenerated",
            Some(entry.olympiad_id),
            serde_json::json!({ "schoolParticipantId": entry.id }),
        )?;
        let fresh = CertificateBatch::find(conn, batch.batch.id)?;
        Ok(BatchView {
            id: fresh.id,
            school_participant_id: fresh.school_participant_id,
            school_name: batch.school_name,
            status: fresh.status,
            certificates: fresh.certificates,
            bytes: fresh.bytes,
            made_at: fresh.made_at,
            sent_at: fresh.sent_at,
            error: fresh.error,
        })
    })
}

/// A school's ZIP: its file name and bytes, for its team or staff.
pub fn download(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
    files: &Storage,
) -> OfficeResult<(String, Vec<u8>)> {
    let entry = find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
    let results = OlympiadResults::of_olympiad(conn, entry.olympiad_id)?;
    if caller.role == Role::Teacher && results.record.version == 0 {
        return Err(OfficeError::NotFound("This school's certificates".into()));
    }
    let batch = CertificateBatch::latest_of_entry(conn, entry.id)?
        .ok_or_else(|| OfficeError::NotFound("This school's certificates".into()))?;
    let size = u64::try_from(batch.bytes).unwrap_or(0);
    let bytes = files.read(&certificates_key(&batch.file_path), size)?;
    let school = olympiad_persistence::models::School::find(conn, entry.school_id)?;
    let name = header_file_name(&school.details.name);
    Ok((format!("{name} certificates.zip"), bytes))
}
