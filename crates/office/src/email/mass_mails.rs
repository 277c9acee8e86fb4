//! Mass mails and campaigns: an audience, copy, a test send to oneself, then queueing, where each
//! addressee's e-mail waits held until it is released (one, a batch of qty, or all), and can be
//! paused and resumed without any e-mail going out twice. Shunned and unsubscribed addresses are
//! skipped when it is queued.

use super::copy::{checked_mass_mail_copy, CopyInput};
use super::unsubscribes::{links_for, links_for_all};
use crate::activity::record_activity;
use crate::files::{clean_filename, remove_stored, sniff, store, upload_key};
use crate::mail::{email_job, queue_email_in, recipient};
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::{required_field, text_field};
use crate::support::scope::{find_in_reach, InReach};
use olympiad_domain::email::{
    mass_mail_file_problem, Audience, EmailOutcome, FileRefusal, MassMailStatus, MassMailStep,
};
use olympiad_domain::id::{CampaignId, MassMailId, OlympiadId};
use olympiad_domain::job::JobStatus;
use olympiad_domain::Role;
use olympiad_mailer::{Copy, Email, FileAttachment, Recipient};
use olympiad_persistence::models::email::{audience, Addressee};
use olympiad_persistence::models::{
    Campaign, EmailJobPlace, EmailLog, EmailLogInsertForm, Job, MassMail, MassMailAttachment,
    MassMailForm, ShunnedEmail, Unsubscribe, Upload, User,
};
use olympiad_persistence::{write_transaction, DbConnection};
use olympiad_storage::Storage;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// A mass mail of an olympiad is its staff's; one of no olympiad (a campaign of the platform) is
/// the overlord's.
impl InReach for MassMail {
    type Id = MassMailId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: MassMailId,
    ) -> OfficeResult<Self> {
        let found = MassMail::find(conn, id).or_not_found("This mass mail")?;
        match found.olympiad_id {
            Some(olympiad_id) if caller.may_act_in(olympiad_id) => Ok(found),
            None if caller.role == Role::Overlord => Ok(found),
            _ => Err(OfficeError::NotFound("This mass mail".into())),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MassMailQuery {
    /// The olympiad's mass mails; the overlord may leave it out for all of them.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// A mass mail as it is written.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MassMailInput {
    /// The olympiad it is of; the overlord may leave it out (then only all teachers).
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub campaign_id: Option<CampaignId>,
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub title: String,
    pub audience: Audience,
    #[serde(flatten)]
    pub copy: CopyInput,
}

impl MassMailInput {
    fn form(&self, conn: &mut DbConnection, caller: &Caller) -> OfficeResult<MassMailForm> {
        let olympiad_id = match self.olympiad_id {
            Some(id) => {
                find_in_reach::<olympiad_persistence::models::Olympiad>(conn, caller, id).map_err(
                    |_| OfficeError::invalid("olympiadId", "is not an olympiad of yours"),
                )?;
                Some(id)
            }
            None if caller.role == Role::Overlord => None,
            None => Err(OfficeError::invalid("olympiadId", "is required"))?,
        };
        if self.audience.platform_wide() && caller.role != Role::Overlord {
            return Err(OfficeError::invalid(
                "audience",
                "all teachers of the platform are mailed by the overlord only",
            ));
        }
        if !self.audience.platform_wide() && olympiad_id.is_none() {
            return Err(OfficeError::invalid(
                "audience",
                "needs an olympiad: choose one, or all teachers",
            ));
        }
        if let Some(campaign) = self.campaign_id {
            Campaign::find(conn, campaign).or_invalid("campaignId", "is not a campaign")?;
        }
        let copy = checked_mass_mail_copy(&self.copy)?;
        Ok(MassMailForm {
            olympiad_id,
            campaign_id: self.campaign_id,
            title: required_field("title", &self.title, 200)?,
            audience: self.audience,
            subject: copy.subject,
            html: copy.html,
            text: copy.text,
        })
    }
}

/// A mass mail with where its e-mails are and the files it carries.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MassMailView {
    #[serde(flatten)]
    pub mass_mail: MassMail,
    pub progress: MassMailProgress,
    pub attachments: Vec<MassMailFile>,
}

/// A file a mass mail carries.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MassMailFile {
    pub id: i64,
    pub filename: String,
    pub content_type: String,
    pub size_bytes: i64,
}

/// How far a mass mail's sending is.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MassMailProgress {
    /// Waiting for release.
    pub held: i64,
    /// Released, waiting for a sender (or being sent).
    pub queued: i64,
    pub sent: i64,
    pub failed: i64,
    pub bounced: i64,
    /// Not queued: shunned or unsubscribed when it was queued.
    pub skipped: i64,
}

fn progress(conn: &mut DbConnection, mass_mail: &MassMail) -> OfficeResult<MassMailProgress> {
    let mut progress = MassMailProgress::default();
    for (status, count) in MassMail::job_counts(conn, mass_mail.id)? {
        match status {
            JobStatus::Held => progress.held += count,
            JobStatus::Queued | JobStatus::Running => progress.queued += count,
            JobStatus::Done | JobStatus::Failed => {}
        }
    }
    for (outcome, count) in EmailLog::outcomes_of(conn, mass_mail.id)? {
        match outcome {
            EmailOutcome::Sent => progress.sent += count,
            EmailOutcome::Failed => progress.failed += count,
            EmailOutcome::Bounced => progress.bounced += count,
            EmailOutcome::Skipped => progress.skipped += count,
        }
    }
    Ok(progress)
}

fn view(conn: &mut DbConnection, mass_mail: MassMail) -> OfficeResult<MassMailView> {
    let attachments = MassMailAttachment::of(conn, mass_mail.id)?
        .into_iter()
        .map(|(file, upload)| MassMailFile {
            id: file.id,
            filename: file.filename,
            content_type: upload.content_type,
            size_bytes: upload.size_bytes,
        })
        .collect();
    Ok(MassMailView {
        progress: progress(conn, &mass_mail)?,
        mass_mail,
        attachments,
    })
}

/// The files of a mass mail as each of its messages carries them.
fn files_carried(conn: &mut DbConnection, id: MassMailId) -> OfficeResult<Vec<FileAttachment>> {
    Ok(MassMailAttachment::of(conn, id)?
        .into_iter()
        .map(|(file, upload)| FileAttachment {
            filename: file.filename,
            content_type: upload.content_type,
            stored: upload_key(&upload.sha256),
        })
        .collect())
}

/// `POST /api/mass-mail/{id}/attachment`: a file (a PDF or a picture, judged by its content) the
/// mass mail carries, while it is a draft; stored once by its hash, like the file manager's.
pub fn attach(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
    filename: &str,
    bytes: &[u8],
    files: &Storage,
) -> OfficeResult<MassMailView> {
    let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
    step(&mass_mail, MassMailStep::Edit)?;
    let filename = clean_filename(filename)?;
    let content_type = sniff(bytes).ok_or_else(|| {
        OfficeError::UnsupportedFile(
            "file: only PDF documents and PNG, JPEG, GIF or WebP images can be attached".into(),
        )
    })?;
    let sizes: Vec<u64> = MassMailAttachment::of(conn, id)?
        .iter()
        .map(|(_, upload)| u64::try_from(upload.size_bytes).unwrap_or(0))
        .collect();
    match mass_mail_file_problem(&sizes, bytes.len() as u64) {
        Some(FileRefusal::TooMany(message)) => return Err(OfficeError::conflict(message)),
        Some(FileRefusal::TooLarge(message)) => return Err(OfficeError::invalid("file", message)),
        None => {}
    }
    let stored = store(files, bytes, content_type)?;
    write_transaction(conn, |conn| {
        // Checked again inside the transaction: the state may have changed meanwhile.
        let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
        step(&mass_mail, MassMailStep::Edit)?;
        let upload = stored.record(conn, &filename, caller)?;
        let file = MassMailAttachment::create(conn, id, upload.id, &filename)?;
        record_activity(
            conn,
            caller,
            "mass mail file attached",
            mass_mail.olympiad_id,
            json!({ "massMailId": id, "attachmentId": file.id, "filename": filename }),
        )?;
        view(conn, mass_mail)
    })
}

/// `DELETE /api/mass-mail/{id}/attachment/{attachmentId}`: the file no longer carried (a draft's
/// only); its stored copy goes when nothing else uses it.
pub fn detach(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
    attachment_id: i64,
    files: &Storage,
) -> OfficeResult<MassMailView> {
    let (view, orphan) = write_transaction(
        conn,
        |conn| -> OfficeResult<(MassMailView, Option<Upload>)> {
            let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
            step(&mass_mail, MassMailStep::Edit)?;
            let file = MassMailAttachment::find(conn, attachment_id).or_not_found("This file")?;
            if file.mass_mail_id != id {
                return Err(OfficeError::NotFound("This file".into()));
            }
            MassMailAttachment::delete(conn, attachment_id)?;
            record_activity(
                conn,
                caller,
                "mass mail file removed",
                mass_mail.olympiad_id,
                json!({ "massMailId": id, "attachmentId": attachment_id, "filename": file.filename }),
            )?;
            let upload = Upload::find(conn, file.upload_id)?;
            let orphan = Upload::delete_if_unused(conn, upload.id)?.then_some(upload);
            Ok((view(conn, mass_mail)?, orphan))
        },
    )?;
    if let Some(upload) = orphan {
        remove_stored(files, &upload);
    }
    Ok(view)
}

/// `GET /api/mass-mail`: the olympiad's mass mails (the overlord: all), newest first, with progress.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &MassMailQuery,
) -> OfficeResult<Vec<MassMailView>> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    MassMail::list(conn, olympiad_id)?
        .into_iter()
        .map(|m| view(conn, m))
        .collect()
}

pub fn get(conn: &mut DbConnection, caller: &Caller, id: MassMailId) -> OfficeResult<MassMailView> {
    let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
    view(conn, mass_mail)
}

pub fn create(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &MassMailInput,
) -> OfficeResult<MassMailView> {
    write_transaction(conn, |conn| {
        let form = input.form(conn, caller)?;
        let created = MassMail::create(conn, form, caller.user_id)?;
        record_activity(
            conn,
            caller,
            "mass mail created",
            created.olympiad_id,
            json!({ "massMailId": created.id, "title": created.title }),
        )?;
        view(conn, created)
    })
}

fn step(mass_mail: &MassMail, step: MassMailStep) -> OfficeResult<MassMailStatus> {
    mass_mail.status.take(step).map_err(OfficeError::conflict)
}

pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
    input: &MassMailInput,
) -> OfficeResult<MassMailView> {
    write_transaction(conn, |conn| {
        let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
        step(&mass_mail, MassMailStep::Edit)?;
        let form = input.form(conn, caller)?;
        let updated = MassMail::update(conn, id, form)?;
        record_activity(
            conn,
            caller,
            "mass mail changed",
            updated.olympiad_id,
            json!({ "massMailId": id, "title": updated.title }),
        )?;
        view(conn, updated)
    })
}

/// Deletes a mass mail that is not sending, with its held e-mails; the stored files it carried
/// go when nothing else uses them.
pub fn delete(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
    files: &Storage,
) -> OfficeResult<()> {
    let orphans = write_transaction(conn, |conn| -> OfficeResult<Vec<Upload>> {
        let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
        step(&mass_mail, MassMailStep::Delete)?;
        let uploads: Vec<Upload> = MassMailAttachment::of(conn, id)?
            .into_iter()
            .map(|(_, upload)| upload)
            .collect();
        MassMail::delete(conn, id)?;
        record_activity(
            conn,
            caller,
            "mass mail deleted",
            mass_mail.olympiad_id,
            json!({ "massMailId": id, "title": mass_mail.title }),
        )?;
        let mut orphans = Vec::new();
        for upload in uploads {
            if Upload::delete_if_unused(conn, upload.id)? {
                orphans.push(upload);
            }
        }
        Ok(orphans)
    })?;
    for upload in &orphans {
        remove_stored(files, upload);
    }
    Ok(())
}

/// The mass mail written for one person.
fn written_for(mass_mail: &MassMail, to: &Recipient) -> Copy {
    Copy {
        subject: mass_mail.subject.clone(),
        html: mass_mail.html.clone(),
        text: mass_mail.text.clone(),
    }
    .fill(&[
        ("name", to.name.as_str()),
        ("username", to.username.as_str()),
    ])
}

fn bulk_email(
    mass_mail: &MassMail,
    to: Recipient,
    (one_click, page): (String, String),
    files: &[FileAttachment],
) -> Email {
    let written = written_for(mass_mail, &to);
    Email::Bulk {
        to,
        subject: written.subject,
        html: written.html,
        text: written.text,
        unsubscribe: one_click,
        unsubscribe_page: page,
        attachments: files.to_vec(),
    }
}

/// What a test send or a queueing did.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueOutcome {
    /// E-mails queued.
    pub queued: i64,
    /// Addresses left out: shunned or unsubscribed.
    pub skipped: i64,
    pub mass_mail: MassMailView,
}

/// `POST /api/mass-mail/{id}/test`: the mass mail, as one of its addressees would get it, to the
/// caller's own address, at once.
pub fn test_send(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
    base_url: &str,
) -> OfficeResult<QueueOutcome> {
    write_transaction(conn, |conn| {
        let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
        let user = User::find(conn, caller.user_id).or_not_found("Your account")?;
        let to = recipient(&user);
        if !to.email.contains('@') {
            return Err(OfficeError::conflict(
                "Your account has no e-mail address to send the test to.",
            ));
        }
        let files = files_carried(conn, id)?;
        let links = links_for(conn, &to.email, mass_mail.olympiad_id, base_url)?;
        let email = bulk_email(&mass_mail, to.clone(), links, &files);
        queue_email_in(
            conn,
            &email,
            EmailJobPlace {
                olympiad_id: mass_mail.olympiad_id,
                mass_mail_id: None,
                recipient: to.email,
                held: false,
            },
        )?;
        Ok(QueueOutcome {
            queued: 1,
            skipped: 0,
            mass_mail: view(conn, mass_mail)?,
        })
    })
}

/// Addressees queued together: one read of shunned and unsubscribed addresses, one of their links
/// and one insert of their e-mails (a statement's binds stay far below either database's limit).
const QUEUED_TOGETHER: usize = 500;

/// The addressees of a part of the audience that may be sent the mass mail, and the addresses
/// shunned or unsubscribed from its olympiad's mail.
fn sendable<'a>(
    conn: &mut DbConnection,
    mass_mail: &MassMail,
    part: &'a [Addressee],
) -> OfficeResult<(Vec<&'a Addressee>, Vec<String>)> {
    let emails: Vec<String> = part.iter().map(|a| a.email.clone()).collect();
    let shunned = ShunnedEmail::shunned_among(conn, &emails)?;
    let unsubscribed = Unsubscribe::blocked_among(conn, &emails, mass_mail.olympiad_id)?;
    let (sendable, kept_out): (Vec<&Addressee>, Vec<&Addressee>) = part
        .iter()
        .partition(|a| !shunned.contains(&a.email) && !unsubscribed.contains(&a.email));
    Ok((
        sendable,
        kept_out.into_iter().map(|a| a.email.clone()).collect(),
    ))
}

/// `POST /api/mass-mail/{id}/queue`: one e-mail for each addressee of its audience, held for
/// release. Shunned and unsubscribed addresses are skipped (and logged as such).
pub fn queue(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
    base_url: &str,
) -> OfficeResult<QueueOutcome> {
    write_transaction(conn, |conn| {
        let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
        let next = step(&mass_mail, MassMailStep::Queue)?;
        let (mut queued, mut skipped) = (0, 0);
        let files = files_carried(conn, id)?;
        let addressees = audience(conn, mass_mail.audience, mass_mail.olympiad_id)?;
        // A few statements for each part of the audience rather than a few for each addressee:
        // a national audience is queued in seconds, within the request.
        for part in addressees.chunks(QUEUED_TOGETHER) {
            let (sendable, kept_out) = sendable(conn, &mass_mail, part)?;
            for email in kept_out {
                skipped += 1;
                EmailLog::record(
                    conn,
                    EmailLogInsertForm {
                        job_id: None,
                        olympiad_id: mass_mail.olympiad_id,
                        mass_mail_id: Some(mass_mail.id),
                        kind: "bulk".into(),
                        recipient: email,
                        subject: mass_mail.subject.clone(),
                        status: EmailOutcome::Skipped,
                        detail: "shunned or unsubscribed".into(),
                    },
                )?;
            }
            let emails: Vec<String> = sendable.iter().map(|a| a.email.clone()).collect();
            let links = links_for_all(conn, &emails, mass_mail.olympiad_id, base_url)?;
            let mut jobs = Vec::with_capacity(sendable.len());
            for addressee in sendable {
                // Never a bulk e-mail without its way to unsubscribe.
                let links = links.get(&addressee.email).cloned().ok_or_else(|| {
                    OfficeError::Internal("an unsubscribe link was not made".into())
                })?;
                let place = EmailJobPlace {
                    olympiad_id: mass_mail.olympiad_id,
                    mass_mail_id: Some(mass_mail.id),
                    recipient: addressee.email.clone(),
                    held: true,
                };
                let to = Recipient {
                    email: addressee.email.clone(),
                    name: addressee.name.clone(),
                    username: addressee.username.clone(),
                };
                jobs.push((
                    email_job(&bulk_email(&mass_mail, to, links, &files))?,
                    place,
                ));
            }
            queued += jobs.len() as i64;
            Job::enqueue_emails(conn, &jobs)?;
        }
        MassMail::set_status(
            conn,
            id,
            next,
            Some(i32::try_from(queued).unwrap_or(i32::MAX)),
        )?;
        record_activity(
            conn,
            caller,
            "mass mail queued",
            mass_mail.olympiad_id,
            json!({ "massMailId": id, "queued": queued, "skipped": skipped }),
        )?;
        let mass_mail = MassMail::find(conn, id)?;
        Ok(QueueOutcome {
            queued,
            skipped,
            mass_mail: view(conn, mass_mail)?,
        })
    })
}

/// `POST /api/mass-mail/{id}/pause`: released e-mails that no sender has taken go back to waiting.
pub fn pause(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
) -> OfficeResult<MassMailView> {
    write_transaction(conn, |conn| {
        let mass_mail = find_in_reach::<MassMail>(conn, caller, id)?;
        let next = step(&mass_mail, MassMailStep::Pause)?;
        let held = MassMail::pause(conn, id)?;
        MassMail::set_status(conn, id, next, None)?;
        record_activity(
            conn,
            caller,
            "mass mail paused",
            mass_mail.olympiad_id,
            json!({ "massMailId": id, "heldAgain": held }),
        )?;
        let mass_mail = MassMail::find(conn, id)?;
        view(conn, mass_mail)
    })
}

/// Releases up to `qty` held e-mails of a mass mail (`None`: all); the queue's release-batch and
/// resume both come here.
pub fn release(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
    qty: Option<i64>,
) -> OfficeResult<(usize, MassMailView)> {
    write_transaction(conn, |conn| {
        let mass_mail = find_in_reach::<MassMail>(conn, caller, id).map_err(|e| match e {
            OfficeError::NotFound(_) => OfficeError::NotFound("This mass mail".into()),
            other => other,
        })?;
        let next = step(&mass_mail, MassMailStep::Release)?;
        let released = MassMail::release(conn, id, qty.unwrap_or(i64::MAX))?;
        MassMail::set_status(conn, id, next, None)?;
        record_activity(
            conn,
            caller,
            "mass mail released",
            mass_mail.olympiad_id,
            json!({ "massMailId": id, "released": released }),
        )?;
        let mass_mail = MassMail::find(conn, id)?;
        Ok((released, view(conn, mass_mail)?))
    })
}

/// `POST /api/mass-mail/{id}/resume`: every held e-mail released again.
pub fn resume(
    conn: &mut DbConnection,
    caller: &Caller,
    id: MassMailId,
) -> OfficeResult<MassMailView> {
    Ok(release(conn, caller, id, None)?.1)
}

// Campaigns

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignInput {
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub name: String,
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub notes: String,
}

/// A campaign with the totals of its mass mails.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignView {
    #[serde(flatten)]
    pub campaign: Campaign,
    pub mass_mails: i64,
    pub progress: MassMailProgress,
}

/// `GET /api/campaign`: every campaign with what its mass mails did.
pub fn campaigns(conn: &mut DbConnection) -> OfficeResult<Vec<CampaignView>> {
    let mails = MassMail::list(conn, None)?;
    let mut views = Vec::new();
    for campaign in Campaign::list(conn)? {
        let mut total = MassMailProgress::default();
        let mut count = 0;
        for mail in mails.iter().filter(|m| m.campaign_id == Some(campaign.id)) {
            count += 1;
            let p = progress(conn, mail)?;
            total.held += p.held;
            total.queued += p.queued;
            total.sent += p.sent;
            total.failed += p.failed;
            total.bounced += p.bounced;
            total.skipped += p.skipped;
        }
        views.push(CampaignView {
            campaign,
            mass_mails: count,
            progress: total,
        });
    }
    Ok(views)
}

pub fn create_campaign(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &CampaignInput,
) -> OfficeResult<Campaign> {
    let name = required_field("name", &input.name, 200)?;
    let notes = text_field("notes", &input.notes, 2000)?;
    write_transaction(conn, |conn| {
        let campaign = Campaign::create(conn, &name, &notes)?;
        record_activity(
            conn,
            caller,
            "campaign created",
            None,
            json!({ "campaignId": campaign.id, "name": name }),
        )?;
        Ok(campaign)
    })
}

pub fn delete_campaign(
    conn: &mut DbConnection,
    caller: &Caller,
    id: CampaignId,
) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let campaign = Campaign::find(conn, id).or_not_found("This campaign")?;
        Campaign::delete(conn, id)?;
        record_activity(
            conn,
            caller,
            "campaign deleted",
            None,
            json!({ "campaignId": id, "name": campaign.name }),
        )
    })
}
