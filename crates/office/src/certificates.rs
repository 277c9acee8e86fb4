//! Certificates: the olympiad's one design, and runs that make every learner's PDF from the final
//! results, one ZIP per school, in a background job. A run works school by school and notes each
//! school's ZIP as it is made, so a run that stopped (a crash, a deploy) picks up where it was
//! without making finished schools again. Sending queues one e-mail per school through the mail
//! queue; it can be paused between schools.

use crate::activity::record_activity;
use crate::caller::Caller;
use crate::error::{OfficeError, OfficeResult};
use crate::mail::queue_email_of;
use crate::results::{released, LearnerResult, Snapshot};
use crate::scope::find_in_reach;
use chrono::NaiveDateTime;
use olympiad_documents::certificates::{
    file_safe, Certificate, Design, Field, Placement, SchoolCertificates,
};
use olympiad_domain::job::JobKind;
use olympiad_domain::results::{Award, ResultsState};
use olympiad_domain::Role;
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::models::certificate::{
    BATCH_FAILED, BATCH_MADE, BATCH_SENT, BATCH_WAITING, RUN_GENERATED,
};
use olympiad_persistence::models::{
    CertificateBatch, CertificateConfig, CertificateRun, Job, Olympiad, OlympiadResults,
    SchoolParticipant, TeamMember,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use utoipa::ToSchema;
use validator::Validate;

/// What a certificate shows of the learner's marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScoreShown {
    Score,
    Percentile,
    None,
}

/// One award's template: the words printed for it, its frame's colour, and whether it is issued.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AwardTemplate {
    pub award: Award,
    /// "Gold medal", "Certificate of participation".
    #[schema(max_length = 80)]
    pub title: String,
    /// `#rrggbb`.
    #[schema(max_length = 7)]
    pub colour: String,
    pub issued: bool,
}

/// Where each thing sits on the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Positions {
    pub heading: Placement,
    pub name: Placement,
    pub school: Placement,
    pub award: Placement,
    pub score: Placement,
    pub date: Placement,
    pub signature: Placement,
}

/// The olympiad's certificate configuration (spec: one object saved per olympiad).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct CertificateDesign {
    #[schema(max_length = 120)]
    pub heading: String,
    /// The signatory, printed under the line: "Dr N. Dlamini, Director".
    #[schema(max_length = 120)]
    pub signature: String,
    /// The date printed: "25 November 2026".
    #[schema(max_length = 60)]
    pub date: String,
    pub score: ScoreShown,
    #[schema(max_items = 5)]
    pub awards: Vec<AwardTemplate>,
    pub positions: Positions,
}

fn at(y: f32, size: f32, bold: bool) -> Placement {
    Placement {
        x: 50.0,
        y,
        size,
        bold,
    }
}

impl Default for CertificateDesign {
    fn default() -> Self {
        let template = |award: Award, title: &str, colour: &str| AwardTemplate {
            award,
            title: title.into(),
            colour: colour.into(),
            issued: true,
        };
        CertificateDesign {
            heading: String::new(),
            signature: "The Olympiad Director".into(),
            date: String::new(),
            score: ScoreShown::Percentile,
            awards: vec![
                template(Award::Gold, "Gold medal", "#b8860b"),
                template(Award::Silver, "Silver medal", "#7a7a7a"),
                template(Award::Bronze, "Bronze medal", "#8c5a2b"),
                template(Award::Merit, "Certificate of merit", "#1f5f8b"),
                template(
                    Award::Participation,
                    "Certificate of participation",
                    "#2f6b3a",
                ),
            ],
            positions: Positions {
                heading: at(16.0, 26.0, true),
                name: at(38.0, 32.0, true),
                school: at(48.0, 16.0, false),
                award: at(60.0, 24.0, true),
                score: at(68.0, 13.0, false),
                date: at(84.0, 11.0, false),
                signature: at(89.0, 11.0, false),
            },
        }
    }
}

impl CertificateDesign {
    fn with_defaults_for(mut self, olympiad: &Olympiad) -> Self {
        if self.heading.is_empty() {
            self.heading = olympiad.title.clone();
        }
        if self.date.is_empty() {
            self.date = olympiad_persistence::now().format("%-d %B %Y").to_string();
        }
        self
    }

    /// Each faulty field by its path.
    fn problems(&self) -> BTreeMap<String, String> {
        let mut problems = BTreeMap::new();
        fn text(
            problems: &mut BTreeMap<String, String>,
            name: &str,
            value: &str,
            max: usize,
            required: bool,
        ) {
            if required && value.trim().is_empty() {
                problems.insert(name.to_owned(), "is required".to_owned());
            } else if value.chars().count() > max {
                problems.insert(name.to_owned(), format!("must be at most {max} characters"));
            }
        }
        text(&mut problems, "heading", &self.heading, 120, false);
        text(&mut problems, "signature", &self.signature, 120, true);
        text(&mut problems, "date", &self.date, 60, false);
        for (i, template) in self.awards.iter().enumerate() {
            text(
                &mut problems,
                &format!("awards[{i}].title"),
                &template.title,
                80,
                true,
            );
            let colour = template.colour.strip_prefix('#').unwrap_or("");
            if colour.len() != 6 || !colour.chars().all(|c| c.is_ascii_hexdigit()) {
                problems.insert(format!("awards[{i}].colour"), "must be #rrggbb".into());
            }
            if self.awards[..i].iter().any(|t| t.award == template.award) {
                problems.insert(format!("awards[{i}].award"), "is given twice".into());
            }
        }
        if self.awards.len() > 5 {
            problems.insert("awards".into(), "may hold at most five templates".into());
        }
        let p = &self.positions;
        for (name, placement) in [
            ("heading", p.heading),
            ("name", p.name),
            ("school", p.school),
            ("award", p.award),
            ("score", p.score),
            ("date", p.date),
            ("signature", p.signature),
        ] {
            if !(0.0..=100.0).contains(&placement.x) {
                problems.insert(
                    format!("positions.{name}.x"),
                    "must be from 0 to 100".into(),
                );
            }
            if !(0.0..=100.0).contains(&placement.y) {
                problems.insert(
                    format!("positions.{name}.y"),
                    "must be from 0 to 100".into(),
                );
            }
            if !(6.0..=72.0).contains(&placement.size) {
                problems.insert(
                    format!("positions.{name}.size"),
                    "must be from 6 to 72".into(),
                );
            }
        }
        problems
    }

    fn template(&self, award: Award) -> Option<&AwardTemplate> {
        self.awards.iter().find(|t| t.award == award && t.issued)
    }

    /// The page design for one award.
    fn design_for(&self, template: &AwardTemplate) -> Design {
        let p = &self.positions;
        let hex = template.colour.trim_start_matches('#');
        let channel = |i: usize| {
            u8::from_str_radix(hex.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0) as f32 / 255.0
        };
        Design {
            heading: self.heading.clone(),
            signature: self.signature.clone(),
            fields: vec![
                (Field::Heading, p.heading),
                (Field::Name, p.name),
                (Field::School, p.school),
                (Field::Award, p.award),
                (Field::Score, p.score),
                (Field::Date, p.date),
                (Field::Signature, p.signature),
            ],
            frame: Some([channel(0), channel(2), channel(4)]),
        }
    }

    fn certificate(&self, learner: &LearnerResult, template: &AwardTemplate) -> Certificate {
        let name = format!("{} {}", learner.first_name, learner.last_name);
        Certificate {
            score: match self.score {
                ScoreShown::Score => format!("Score: {}", learner.score),
                ScoreShown::Percentile => format!("Percentile: {}", learner.percentile),
                ScoreShown::None => String::new(),
            },
            award: template.title.clone(),
            school: learner.school_name.clone(),
            date: self.date.clone(),
            file_name: format!(
                "Grade {}/{}.pdf",
                learner.grade,
                file_safe(&format!("{} {}", learner.last_name, learner.first_name))
            ),
            name,
        }
    }
}

fn stored_design(conn: &mut DbConnection, olympiad: &Olympiad) -> OfficeResult<CertificateDesign> {
    let stored = CertificateConfig::of_olympiad(conn, olympiad.id)?
        .and_then(|c| serde_json::from_str::<CertificateDesign>(&c.config).ok())
        .unwrap_or_default();
    Ok(stored.with_defaults_for(olympiad))
}

pub fn config(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
) -> OfficeResult<CertificateDesign> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    stored_design(conn, &olympiad)
}

pub fn save_config(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
    input: &CertificateDesign,
) -> OfficeResult<CertificateDesign> {
    write_transaction(conn, |conn| {
        let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        let problems = input.problems();
        if !problems.is_empty() {
            return Err(OfficeError::Problems {
                message: "Certificate configuration failed to save".into(),
                fields: problems,
            });
        }
        let json =
            serde_json::to_string(input).map_err(|e| OfficeError::Internal(e.to_string()))?;
        CertificateConfig::save(conn, olympiad.id, &json)?;
        record_activity(
            conn,
            caller,
            "certificate_config_saved",
            Some(olympiad.id),
            serde_json::json!({}),
        )?;
        stored_design(conn, &olympiad)
    })
}

/// A learner's certificate as the final results give it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModeratedCertificate {
    pub participant_id: i64,
    pub school_participant_id: i64,
    pub school_name: String,
    pub name: String,
    pub grade: i32,
    pub award: Award,
    /// As printed ("Gold medal").
    pub title: String,
    pub score: i64,
    pub percentile: f64,
}

/// The certificates the final results give (GET /api/certificate/moderated): one per learner whose
/// award is issued, none for the disqualified.
pub fn moderated(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
) -> OfficeResult<Vec<ModeratedCertificate>> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let design = stored_design(conn, &olympiad)?;
    let Some(snapshot) = released(&OlympiadResults::of_olympiad(conn, olympiad_id)?) else {
        return Ok(Vec::new());
    };
    let mut list: Vec<ModeratedCertificate> = snapshot
        .learners
        .iter()
        .filter(|l| !l.disqualified)
        .filter_map(|l| {
            let award = l.award?;
            let template = design.template(award)?;
            Some(ModeratedCertificate {
                participant_id: l.participant_id,
                school_participant_id: l.school_participant_id,
                school_name: l.school_name.clone(),
                name: format!("{} {}", l.first_name, l.last_name),
                grade: l.grade,
                award,
                title: template.title.clone(),
                score: l.score,
                percentile: l.percentile,
            })
        })
        .collect();
    list.sort_by(|a, b| {
        a.school_name
            .cmp(&b.school_name)
            .then(a.grade.cmp(&b.grade))
            .then(a.name.cmp(&b.name))
    });
    Ok(list)
}

// ---------------------------------------------------------------------------------------------
// Runs

/// Where a run's ZIPs go, and what its e-mails link to: set by the API node that starts the run.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunJob {
    pub run_id: i64,
    /// The data folder's `certificates` folder.
    pub folder: PathBuf,
    /// `PUBLIC_BASE_URL`, for the portal link in the e-mail.
    pub base_url: String,
    /// A school to send to once made, whether or not the run is sending.
    pub send_entry: Option<i64>,
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
    pub id: i64,
    pub school_participant_id: i64,
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

fn status_of(conn: &mut DbConnection, olympiad_id: i64, sending: bool) -> OfficeResult<RunStatus> {
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
        results_state: results.state,
        results_version: results.version,
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

pub fn generation_status(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
) -> OfficeResult<RunStatus> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    status_of(conn, olympiad_id, false)
}

pub fn send_status(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
) -> OfficeResult<RunStatus> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    status_of(conn, olympiad_id, true)
}

pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
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

fn queue_run(conn: &mut DbConnection, job: &RunJob) -> OfficeResult<()> {
    let payload = serde_json::to_value(job).map_err(|e| OfficeError::Internal(e.to_string()))?;
    Job::enqueue(conn, JobKind::Certificates, &payload)?;
    Ok(())
}

/// The final snapshot, or 409: certificates come only from final results.
fn final_snapshot(conn: &mut DbConnection, olympiad_id: i64) -> OfficeResult<Snapshot> {
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    match (results.state, released(&results)) {
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
    olympiad_id: i64,
    folder: &Path,
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
        let mut entries: Vec<i64> = snapshot
            .learners
            .iter()
            .map(|l| l.school_participant_id)
            .collect();
        entries.sort_unstable();
        entries.dedup();
        let run = CertificateRun::begin(conn, olympiad_id, snapshot.version, &entries)?;
        queue_run(
            conn,
            &RunJob {
                run_id: run.id,
                folder: folder.to_owned(),
                base_url: base_url.to_owned(),
                send_entry: None,
            },
        )?;
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
    olympiad_id: i64,
    folder: &Path,
    base_url: &str,
) -> OfficeResult<RunStatus> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        final_snapshot(conn, olympiad_id)?;
        let run = CertificateRun::latest(conn, olympiad_id)?.ok_or_else(|| {
            OfficeError::conflict("Generate the certificates before sending them.")
        })?;
        if !run.sending || run.paused {
            CertificateRun::set_sending(conn, run.id, true, false)?;
            queue_run(
                conn,
                &RunJob {
                    run_id: run.id,
                    folder: folder.to_owned(),
                    base_url: base_url.to_owned(),
                    send_entry: None,
                },
            )?;
            record_activity(
                conn,
                caller,
                "certificates_sending_started",
                Some(olympiad_id),
                serde_json::json!({ "run": run.id }),
            )?;
        }
        status_of(conn, olympiad_id, true)
    })
}

/// Stops sending after the school being sent now.
pub fn pause(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
) -> OfficeResult<RunStatus> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        let run = CertificateRun::latest(conn, olympiad_id)?
            .ok_or_else(|| OfficeError::conflict("No certificates are being sent."))?;
        if run.sending && !run.paused {
            CertificateRun::set_sending(conn, run.id, true, true)?;
            record_activity(
                conn,
                caller,
                "certificates_sending_paused",
                Some(olympiad_id),
                serde_json::json!({ "run": run.id }),
            )?;
        }
        status_of(conn, olympiad_id, true)
    })
}

/// Makes one school's certificates again from the final results and sends them to its team.
pub fn regenerate_and_send(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: i64,
    folder: &Path,
    base_url: &str,
) -> OfficeResult<BatchView> {
    write_transaction(conn, |conn| {
        let entry = find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
        final_snapshot(conn, entry.olympiad_id)?;
        let run = CertificateRun::latest(conn, entry.olympiad_id)?.ok_or_else(|| {
            OfficeError::conflict("Generate the certificates before sending them.")
        })?;
        let batch = CertificateBatch::of_run(conn, run.id)?
            .into_iter()
            .find(|b| b.batch.school_participant_id == entry.id)
            .ok_or_else(|| {
                OfficeError::conflict("This school has no learners in the final results.")
            })?;
        CertificateBatch::reset(conn, batch.batch.id)?;
        queue_run(
            conn,
            &RunJob {
                run_id: run.id,
                folder: folder.to_owned(),
                base_url: base_url.to_owned(),
                send_entry: Some(entry.id),
            },
        )?;
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
    entry_id: i64,
    folder: &Path,
) -> OfficeResult<(String, Vec<u8>)> {
    let entry = find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
    let results = OlympiadResults::of_olympiad(conn, entry.olympiad_id)?;
    if caller.role == Role::Teacher && results.version == 0 {
        return Err(OfficeError::NotFound("This school's certificates".into()));
    }
    let batch = CertificateBatch::latest_of_entry(conn, entry.id)?
        .ok_or_else(|| OfficeError::NotFound("This school's certificates".into()))?;
    let bytes = std::fs::read(folder.join(&batch.file_path))
        .map_err(|e| OfficeError::Internal(format!("certificates {}: {e}", batch.file_path)))?;
    let school = olympiad_persistence::models::School::find(conn, entry.school_id)?;
    // Headers carry ASCII only: "Hoërskool" is named "Hoerskool" in the file name.
    let name = file_safe(&olympiad_domain::text::ascii_fold(&school.name)).replace('\'', "");
    Ok((format!("{name} certificates.zip"), bytes))
}

// ---------------------------------------------------------------------------------------------
// The job

/// Makes one school's ZIP: the certificates of its learners whose award is issued. Answers the
/// number of certificates and the ZIP.
pub fn school_zip(
    design: &CertificateDesign,
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
        let school = SchoolCertificates::new(design.design_for(template), certificates)
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
    pub job_id: i64,
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
pub fn work_on_run(conn: &mut DbConnection, job: &RunJob) -> OfficeResult<String> {
    match work_on_leased_run(conn, job, None)? {
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
) -> OfficeResult<RunWork> {
    let lost = |run_id: i64, made: usize, sent: usize| {
        Ok(RunWork::LeaseLost(format!(
            "run {run_id}: stopped, its job was taken by another worker ({made} school(s) made, {sent} sent)"
        )))
    };
    let run = CertificateRun::find(conn, job.run_id)?;
    let olympiad = Olympiad::find(conn, run.olympiad_id)?;
    let design = stored_design(conn, &olympiad)?;
    let results = OlympiadResults::of_olympiad(conn, olympiad.id)?;
    let snapshot = released(&results).unwrap_or_default();
    if snapshot.version != run.results_version {
        return Ok(RunWork::Finished(format!(
            "run {} left: the results have a newer version",
            run.id
        )));
    }
    let mut by_entry: HashMap<i64, Vec<&LearnerResult>> = HashMap::new();
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
        match school_zip(&design, &learners) {
            Ok((count, zip)) => {
                // A random part, so that no two databases sharing a data folder (tests) or two
                // makings of the same school ever write the same file.
                let relative = format!(
                    "{}/{}/{}-{:08x}.zip",
                    olympiad.id,
                    run.id,
                    batch.school_participant_id,
                    rand::random::<u32>()
                );
                let path = job.folder.join(&relative);
                write_file(&path, &zip)?;
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
                    let _ = std::fs::remove_file(&path);
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
                        school: school.name.clone(),
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

/// Writes the file whole or not at all: a crash mid-write leaves no half ZIP under the real name.
fn write_file(path: &Path, bytes: &[u8]) -> OfficeResult<()> {
    let problem = |e: std::io::Error| OfficeError::Internal(format!("{}: {e}", path.display()));
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(problem)?;
    }
    let partial = path.with_extension("zip.part");
    std::fs::write(&partial, bytes).map_err(problem)?;
    std::fs::rename(&partial, path).map_err(problem)
}
