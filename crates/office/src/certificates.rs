//! Certificates: the olympiad's one design, and runs that make every learner's PDF from the final
//! results, one ZIP per school, in a background job. A run works school by school and notes each
//! school's ZIP as it is made, so a run that stopped (a crash, a deploy) picks up where it was
//! without making finished schools again. Sending queues one e-mail per school through the mail
//! queue; it can be paused between schools.

use crate::activity::record_activity;
use crate::caller::Caller;
use crate::error::{OfficeError, OfficeResult};
use crate::files::upload_bytes;
use crate::mail::queue_email_of;
use crate::results::{released, LearnerResult, Snapshot};
use crate::scope::{find_in_reach, id_in_reach};
use chrono::NaiveDateTime;
use olympiad_documents::certificates::{
    file_safe, header_file_name, Certificate, Design, Field, PictureBox, Placement,
    SchoolCertificates, PAGE_HEIGHT_MM, PAGE_WIDTH_MM,
};
use olympiad_documents::images::{ImageError, ImageKind, PdfImage};
use olympiad_domain::id::{
    AttachmentId, CertificateBatchId, CertificateRunId, JobId, OlympiadId, ParticipantId,
    SchoolParticipantId,
};
use olympiad_domain::job::JobKind;
use olympiad_domain::results::{Award, ResultsState};
use olympiad_domain::Role;
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::models::certificate::{
    BATCH_FAILED, BATCH_MADE, BATCH_SENT, BATCH_WAITING, RUN_GENERATED,
};
use olympiad_persistence::models::{
    Attachment, CertificateBatch, CertificateConfig, CertificateRun, Job, Olympiad,
    OlympiadResults, SchoolParticipant, TeamMember, Upload,
};
use olympiad_persistence::{write_transaction, DbConnection};
use olympiad_storage::{Storage, StorageError};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};
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
    /// A picture over the whole page (an attachment of the olympiad, PNG or JPEG, uploaded with
    /// `POST /api/certificate/image/{id}`); none for a white page.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub background_attachment_id: Option<AttachmentId>,
    /// Signature pictures, at most two, each fitted into its box.
    #[serde(default)]
    #[schema(max_items = 2)]
    pub signatures: Vec<SignatureImage>,
}

/// A signature picture and its box on the A4 landscape page (297 × 210 mm): the box's top left
/// corner from the page's top left, and its size, in millimetres.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignatureImage {
    #[schema(value_type = i64)]
    pub attachment_id: AttachmentId,
    #[schema(minimum = 0, maximum = 297)]
    pub x: f32,
    #[schema(minimum = 0, maximum = 210)]
    pub y: f32,
    #[schema(minimum = 5, maximum = 297)]
    pub width: f32,
    #[schema(minimum = 5, maximum = 210)]
    pub height: f32,
}

/// The largest picture a certificate takes.
pub const CERTIFICATE_IMAGE_LIMIT_BYTES: usize = 2 * 1024 * 1024;

/// The pictures of a design, read once from the stored files, by attachment.
pub type CertificateImages = HashMap<AttachmentId, Arc<PdfImage>>;

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
            background_attachment_id: None,
            signatures: Vec::new(),
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
            if template.signatures.len() > 2 {
                problems.insert(
                    format!("awards[{i}].signatures"),
                    "may hold at most two pictures".into(),
                );
            }
            for (j, signature) in template.signatures.iter().enumerate() {
                let field = |name: &str| format!("awards[{i}].signatures[{j}].{name}");
                let within = |value: f32, low: f32, high: f32| (low..=high).contains(&value);
                if !within(signature.x, 0.0, PAGE_WIDTH_MM) {
                    problems.insert(field("x"), "must be from 0 to 297 mm".into());
                }
                if !within(signature.y, 0.0, PAGE_HEIGHT_MM) {
                    problems.insert(field("y"), "must be from 0 to 210 mm".into());
                }
                if !within(signature.width, 5.0, PAGE_WIDTH_MM) {
                    problems.insert(field("width"), "must be from 5 to 297 mm".into());
                }
                if !within(signature.height, 5.0, PAGE_HEIGHT_MM) {
                    problems.insert(field("height"), "must be from 5 to 210 mm".into());
                }
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

    /// Each picture the design names that is not a PNG or JPEG attachment of this olympiad.
    fn picture_problems(
        &self,
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> OfficeResult<BTreeMap<String, String>> {
        let mut problems = BTreeMap::new();
        for (field, attachment_id) in self.pictures() {
            let usable = match Attachment::find(conn, attachment_id) {
                Ok(attachment) if attachment.olympiad_id == Some(olympiad_id) => {
                    let upload = Upload::find(conn, attachment.upload_id)?;
                    matches!(upload.content_type.as_str(), "image/png" | "image/jpeg")
                }
                Ok(_) | Err(olympiad_persistence::DbError::NotFound) => false,
                Err(e) => return Err(e.into()),
            };
            if !usable {
                problems.insert(
                    field,
                    "is not a PNG or JPEG picture of this olympiad".into(),
                );
            }
        }
        Ok(problems)
    }

    /// Every picture the templates name, with the field that names it.
    fn pictures(&self) -> Vec<(String, AttachmentId)> {
        let mut pictures = Vec::new();
        for (i, template) in self.awards.iter().enumerate() {
            if let Some(id) = template.background_attachment_id {
                pictures.push((format!("awards[{i}].backgroundAttachmentId"), id));
            }
            for (j, signature) in template.signatures.iter().enumerate() {
                pictures.push((
                    format!("awards[{i}].signatures[{j}].attachmentId"),
                    signature.attachment_id,
                ));
            }
        }
        pictures
    }

    /// Every problem of the design, its pictures included, as one 400.
    fn check(
        &self,
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        message: &str,
    ) -> OfficeResult<()> {
        let mut problems = self.problems();
        problems.extend(self.picture_problems(conn, olympiad_id)?);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(OfficeError::Problems {
                message: message.into(),
                fields: problems,
            })
        }
    }

    /// Reads the design's pictures from the file store, once for a whole run. A picture whose
    /// file is gone or broken stops the run with its reason.
    pub fn images(
        &self,
        conn: &mut DbConnection,
        files: &Storage,
    ) -> OfficeResult<CertificateImages> {
        let mut images = CertificateImages::new();
        for (field, id) in self.pictures() {
            if images.contains_key(&id) {
                continue;
            }
            let attachment = Attachment::find(conn, id)?;
            let upload = Upload::find(conn, attachment.upload_id)?;
            let bytes = match upload_bytes(files, &upload) {
                // A store that cannot be reached is said as such; a file gone is the picture's.
                Err(OfficeError::Files(StorageError::Unavailable { store, cause })) => {
                    return Err(StorageError::Unavailable { store, cause }.into())
                }
                Err(e) => {
                    return Err(OfficeError::Internal(format!(
                        "certificate picture {field} ({}): {e}",
                        upload.sha256
                    )))
                }
                Ok(bytes) => bytes,
            };
            let image = PdfImage::read(&bytes)
                .map_err(|e| OfficeError::Internal(format!("certificate picture {field}: {e}")))?;
            images.insert(id, Arc::new(image));
        }
        Ok(images)
    }

    /// The page design for one award.
    fn design_for(&self, template: &AwardTemplate, images: &CertificateImages) -> Design {
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
            background: template
                .background_attachment_id
                .and_then(|id| images.get(&id).cloned()),
            pictures: template
                .signatures
                .iter()
                .filter_map(|s| {
                    let image = images.get(&s.attachment_id)?.clone();
                    let at = PictureBox {
                        x: s.x,
                        y: s.y,
                        width: s.width,
                        height: s.height,
                    };
                    Some((image, at))
                })
                .collect(),
        }
    }

    /// What the certificate says of the marks.
    fn score_text(&self, score: i64, percentile: f64) -> String {
        match self.score {
            ScoreShown::Score => format!("Score: {score}"),
            ScoreShown::Percentile => format!("Percentile: {percentile}"),
            ScoreShown::None => String::new(),
        }
    }

    fn certificate(&self, learner: &LearnerResult, template: &AwardTemplate) -> Certificate {
        let name = format!("{} {}", learner.first_name, learner.last_name);
        Certificate {
            score: self.score_text(learner.score, learner.percentile),
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
    olympiad_id: OlympiadId,
) -> OfficeResult<CertificateDesign> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    stored_design(conn, &olympiad)
}

pub fn save_config(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    input: &CertificateDesign,
) -> OfficeResult<CertificateDesign> {
    write_transaction(conn, |conn| {
        let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        input.check(
            conn,
            olympiad.id,
            "Certificate configuration failed to save",
        )?;
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

/// A picture uploaded for the certificates: an attachment of the olympiad, by which the design
/// names it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateImageView {
    #[schema(value_type = i64)]
    pub attachment_id: AttachmentId,
    pub filename: String,
    pub content_type: String,
    /// Where the file is served, for the screen to show it.
    pub url: String,
    pub width_px: u32,
    pub height_px: u32,
}

/// Keeps a background or signature picture as an attachment of the olympiad (the file manager's
/// way: stored once by hash, noted in the activity log). Only PNG and JPEG, judged by content
/// (else 415), at most 2 MB, and one the certificates can read (else 400 naming `file`).
pub fn upload_image(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    filename: &str,
    bytes: &[u8],
    files: &Storage,
) -> OfficeResult<CertificateImageView> {
    let olympiad_id = id_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    if bytes.len() > CERTIFICATE_IMAGE_LIMIT_BYTES {
        return Err(OfficeError::invalid("file", "must be at most 2 MB"));
    }
    let kind = ImageKind::of(bytes).ok_or_else(|| {
        OfficeError::UnsupportedFile(
            "file: only PNG and JPEG pictures can be used on a certificate".into(),
        )
    })?;
    let image = PdfImage::read(bytes).map_err(|e| match e {
        ImageError::Unsupported => OfficeError::UnsupportedFile(format!("file: {e}")),
        ImageError::Unreadable(_) => OfficeError::invalid("file", e.to_string()),
    })?;
    let stored = crate::files::upload(conn, caller, Some(olympiad_id), filename, bytes, files)?;
    Ok(CertificateImageView {
        attachment_id: stored.attachment.id,
        filename: stored.attachment.filename,
        content_type: kind.content_type().into(),
        url: stored.url,
        width_px: image.width,
        height_px: image.height,
    })
}

/// Whose certificate the preview shows.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PreviewQuery {
    /// The award's template (default: the first template).
    pub award: Option<Award>,
    /// A learner of the released results (default: a sample learner).
    #[param(minimum = 1, value_type = Option<i64>)]
    pub participant_id: Option<ParticipantId>,
}

/// The certificate a design (saved or not) gives, as the PDF the run makes: for a learner of the
/// released results, or for a sample learner whose name has every letter that needs the
/// embedded font. Writes nothing.
pub fn preview(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    design: &CertificateDesign,
    query: &PreviewQuery,
    files: &Storage,
) -> OfficeResult<Vec<u8>> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    design.check(conn, olympiad.id, "The certificate cannot be previewed")?;
    let design = design.clone().with_defaults_for(&olympiad);
    let template = match query.award {
        Some(award) => design.awards.iter().find(|t| t.award == award),
        None => design.awards.first(),
    }
    .ok_or_else(|| OfficeError::invalid("award", "has no template in this design"))?;
    let learner = match query.participant_id {
        Some(id) => Some(
            released(&OlympiadResults::of_olympiad(conn, olympiad.id)?)
                .and_then(|s| s.learners.into_iter().find(|l| l.participant_id == id))
                .ok_or_else(|| OfficeError::NotFound("This learner's result".into()))?,
        ),
        None => None,
    };
    let certificate = match &learner {
        Some(learner) => design.certificate(learner, template),
        None => Certificate {
            name: "Zoë Ŋwenya-Mašilo".into(),
            school: "Hoërskool Waterkloof".into(),
            award: template.title.clone(),
            score: design.score_text(57, 97.5),
            date: design.date.clone(),
            file_name: "preview.pdf".into(),
        },
    };
    let images = design.images(conn, files)?;
    let school = SchoolCertificates::new(
        design.design_for(template, &images),
        std::slice::from_ref(&certificate),
    )
    .map_err(|e| OfficeError::Internal(e.to_string()))?;
    Ok(school.render(&certificate))
}

/// A learner's certificate as the final results give it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModeratedCertificate {
    #[schema(value_type = i64)]
    pub participant_id: ParticipantId,
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
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
    olympiad_id: OlympiadId,
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

// ---------------------------------------------------------------------------------------------
// The job

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
fn certificates_key(file_path: &str) -> String {
    format!("certificates/{file_path}")
}
