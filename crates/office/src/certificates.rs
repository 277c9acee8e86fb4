//! Certificates: the olympiad's one design, and runs that make every learner's PDF from the final
//! results, one ZIP per school, in a background job. A run works school by school and notes each
//! school's ZIP as it is made, so a run that stopped (a crash, a deploy) picks up where it was
//! without making finished schools again. Sending queues one e-mail per school through the mail
//! queue; it can be paused between schools.

use crate::activity::record_activity;
use crate::files::upload_bytes;
use crate::mail::queue_email_of;
use crate::results::{released, LearnerResult, Snapshot};
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::scope::{find_in_reach, id_in_reach};
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

mod job;
mod runs;
pub use job::*;
pub use runs::*;

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
