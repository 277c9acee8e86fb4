//! The certificate job a worker runs: one school's ZIP made at a time, under the job's lease, so
//! that a run stopped by a crash is picked up and finished schools are not made again.

use super::*;

/// Makes one school's ZIP: the certificates of its learners whose award is issued. Answers the
/// number of certificates and the ZIP.
pub fn school_zip(
    design: &CertificateDesign,
    learners: &[&LearnerResult],
) -> OfficeResult<(usize, Vec<u8>)> {
    school_zip_with_images(design, &CertificateImages::new(), learners)
}

/// `school_zip` with the design's pictures, read once for the run (`CertificateDesign::images`).
pub fn school_zip_with_images(
    design: &CertificateDesign,
    images: &CertificateImages,
    learners: &[&LearnerResult],
) -> OfficeResult<(usize, Vec<u8>)> {
    // One subset of fonts per award's design would be wasteful: the templates differ only in
    // frame colour, so the school's texts share the fonts of the first design.
    let mut by_award: BTreeMap<Award, Vec<Certificate>> = BTreeMap::new();
    for learner in learners.iter().filter(|l| !l.disqualified) {
        let Some(award) = learner.award else { continue };
        let Some(template) = design.template(award) else {
            continue;
        };
        by_award
            .entry(award)
            .or_default()
            .push(design.certificate(learner, template));
    }
    let mut files = Vec::new();
    for (award, certificates) in &by_award {
        let Some(template) = design.template(*award) else {
            continue;
        };
        let school = SchoolCertificates::new(design.design_for(template, images), certificates)
            .map_err(|e| OfficeError::Internal(e.to_string()))?;
        for certificate in certificates {
            files.push((certificate.file_name.clone(), school.render(certificate)));
        }
    }
    let count = files.len();
    let zip = olympiad_documents::certificates::zip_files(&files)
        .map_err(|e| OfficeError::Internal(e.to_string()))?;
    Ok((count, zip))
}

/// The job a worker took for a run, with the worker's name: held by a lease that runs out (see
/// [`Job::renew_lease`]).
#[derive(Debug, Clone)]
pub struct RunLease {
    pub job_id: JobId,
    pub worker: String,
}

/// How a worker's turn on a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunWork {
    /// What was made and sent.
    Finished(String),
    /// The lease ran out and another worker took the job: this one stopped without recording
    /// anything more, and leaves the job to the other.
    LeaseLost(String),
}

/// The worker's part: makes the run's waiting schools, then sends what is to be sent. Each school
/// is committed on its own, so a stopped run resumes with the schools it had not finished.
pub fn work_on_run(conn: &mut DbConnection, job: &RunJob, files: &Storage) -> OfficeResult<String> {
    match work_on_leased_run(conn, job, None, files)? {
        RunWork::Finished(summary) | RunWork::LeaseLost(summary) => Ok(summary),
    }
}

/// Whether the worker still holds the job, renewing its lease when it does; always with no lease.
fn still_held(conn: &mut DbConnection, lease: Option<&RunLease>) -> OfficeResult<bool> {
    match lease {
        Some(lease) => Ok(Job::renew_lease(conn, lease.job_id, &lease.worker)?),
        None => Ok(true),
    }
}

/// [`work_on_run`] for a worker holding the run's job by `lease`: before recording each school
/// (made or sent), in the same transaction, the lease is checked and renewed, so that a run longer
/// than the lease is not taken by a second worker, and a worker that lost it (stalled past the
/// lease while another took over) stops rather than make or send a school twice.
pub fn work_on_leased_run(
    conn: &mut DbConnection,
    job: &RunJob,
    lease: Option<&RunLease>,
    files: &Storage,
) -> OfficeResult<RunWork> {
    let lost = |run_id: CertificateRunId, made: usize, sent: usize| {
        Ok(RunWork::LeaseLost(format!(
            "run {run_id}: stopped, its job was taken by another worker ({made} school(s) made, {sent} sent)"
        )))
    };
    let run = CertificateRun::find(conn, job.run_id)?;
    let olympiad = Olympiad::find(conn, run.olympiad_id)?;
    let design = stored_design(conn, &olympiad)?;
    let images = design.images(conn, files)?;
    let results = OlympiadResults::of_olympiad(conn, olympiad.id)?;
    let snapshot = released(&results).unwrap_or_default();
    if snapshot.version != run.results_version {
        return Ok(RunWork::Finished(format!(
            "run {} left: the results have a newer version",
            run.id
        )));
    }
    let mut by_entry: HashMap<SchoolParticipantId, Vec<&LearnerResult>> = HashMap::new();
    for learner in &snapshot.learners {
        by_entry
            .entry(learner.school_participant_id)
            .or_default()
            .push(learner);
    }
    let mut made = 0;
    for batch in CertificateBatch::waiting(conn, run.id)? {
        let learners = by_entry
            .get(&batch.school_participant_id)
            .cloned()
            .unwrap_or_default();
        match school_zip_with_images(&design, &images, &learners) {
            Ok((count, zip)) => {
                // A random part, so that no two databases sharing a file store (tests) or two
                // makings of the same school ever write the same file.
                let relative = format!(
                    "{}/{}/{}-{:08x}.zip",
                    olympiad.id,
                    run.id,
                    batch.school_participant_id,
                    rand::random::<u32>()
                );
                let key = certificates_key(&relative);
                files.put(&key, &zip)?;
                let held = write_transaction(conn, |conn| {
                    if !still_held(conn, lease)? {
                        return Ok::<bool, OfficeError>(false);
                    }
                    CertificateBatch::mark_made(
                        conn,
                        batch.id,
                        i32::try_from(count).unwrap_or(i32::MAX),
                        &relative,
                        zip.len() as i64,
                    )?;
                    Ok(true)
                })?;
                if !held {
                    // The other worker makes this school again; this file is nobody's.
                    let _ = files.delete(&key);
                    return lost(run.id, made, 0);
                }
                made += 1;
            }
            Err(error) => {
                if !still_held(conn, lease)? {
                    return lost(run.id, made, 0);
                }
                CertificateBatch::mark_failed(conn, batch.id, &error.to_string())?
            }
        }
    }
    if CertificateBatch::waiting(conn, run.id)?.is_empty() {
        CertificateRun::set_status(conn, run.id, RUN_GENERATED)?;
    }
    let mut sent = 0;
    for batch in CertificateBatch::unsent(conn, run.id)? {
        // Read again before each school, so that a pause takes effect between schools.
        let run = CertificateRun::find(conn, run.id)?;
        let wanted =
            (run.sending && !run.paused) || job.send_entry == Some(batch.school_participant_id);
        if !wanted {
            continue;
        }
        let held = write_transaction(conn, |conn| {
            if !still_held(conn, lease)? {
                return Ok::<bool, OfficeError>(false);
            }
            let entry = SchoolParticipant::find(conn, batch.school_participant_id)?;
            let school = olympiad_persistence::models::School::find(conn, entry.school_id)?;
            let link = format!(
                "{}/portal/{}/certificates",
                job.base_url.trim_end_matches('/'),
                olympiad.name
            );
            for member in TeamMember::team(conn, entry.id)? {
                let Some(email) = member.email.clone().filter(|e| !e.is_empty()) else {
                    continue;
                };
                queue_email_of(
                    conn,
                    Some(olympiad.id),
                    &Email::CertificatesReady {
                        to: Recipient {
                            email: email.clone(),
                            name: format!("{} {}", member.first_name, member.last_name)
                                .trim()
                                .to_owned(),
                            username: email,
                        },
                        olympiad: olympiad.title.clone(),
                        school: school.details.name.clone(),
                        certificates: usize::try_from(batch.certificates).unwrap_or(0),
                        link: link.clone(),
                    },
                )?;
            }
            CertificateBatch::mark_sent(conn, batch.id)?;
            Ok(true)
        })?;
        if !held {
            return lost(run.id, made, sent);
        }
        sent += 1;
    }
    Ok(RunWork::Finished(format!(
        "run {}: {made} school(s) made, {sent} sent",
        run.id
    )))
}

/// A ZIP's key in the file store: the batch's `file_path` under `certificates/`, as the uploads
/// folder has always kept them.
pub(super) fn certificates_key(file_path: &str) -> String {
    format!("certificates/{file_path}")
}
