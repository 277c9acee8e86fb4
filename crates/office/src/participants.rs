//! Participants: learners entered in an olympiad. Participating Learners, the teacher's list of
//! their learners, their status and language, withdrawing one, login slips, and new passwords for
//! learners who lost theirs.

use crate::activity::record_activity;
use crate::learner_accounts::{Credential, NewPasswords};
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::listing::{given, when};
use crate::support::scope::{find_in_reach, ManagedEntry};
use olympiad_documents::slips::{login_slips, Slip, SlipGroup, SlipSheet};
use olympiad_documents::Table;
use olympiad_domain::credentials::{normalise_username, password_problem};
use olympiad_domain::id::{OlympiadId, ParticipantId, SchoolId, SchoolParticipantId};
use olympiad_domain::school::ParticipantStatus;
use olympiad_domain::Role;
use olympiad_persistence::models::{
    Olympiad, Page, Paged, Participant, ParticipantFilter, ParticipantRow, School,
    SchoolParticipant, Sort, User,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ParticipantListQuery {
    /// The school's entry (the customer participant) whose learners to list; required for teachers.
    #[param(minimum = 1, value_type = Option<i64>)]
    pub customer_participant_id: Option<SchoolParticipantId>,
    /// Staff: the olympiad, when no entry is given.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    pub grade: Option<i32>,
    /// registered, writing, finished or absent
    pub status: Option<String>,
}

/// A page of the participants the query selects (every one for an export): of one entry the
/// caller reaches, or, for staff, of an olympiad.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &ParticipantListQuery,
    search: String,
    sort: Vec<Sort>,
    page: Option<Page>,
) -> OfficeResult<Paged<ParticipantRow>> {
    let olympiad_id = match (query.customer_participant_id, caller.role) {
        (Some(entry_id), _) => {
            Some(find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?.olympiad_id)
        }
        (None, Role::Teacher) => {
            return Err(OfficeError::invalid("customerParticipantId", "is required"))
        }
        (None, _) => caller.olympiad_scope(query.olympiad_id)?,
    };
    let filter = ParticipantFilter {
        olympiad_id,
        school_participant_id: query.customer_participant_id,
        search,
        grade: query.grade,
        status: given(&query.status),
        sort,
        ids: None,
    };
    Ok(Participant::list(conn, &filter, page)?)
}

/// The participants as a spreadsheet.
pub fn participant_table(rows: &[ParticipantRow]) -> Table {
    let more = [
        "Username",
        "Writes in",
        "Status",
        "School",
        "Consent",
        "Last sign-in",
    ];
    let mut table = Table::new(&[&crate::learners::LEARNER_COLUMNS[..], &more[..]].concat());
    for row in rows {
        table.push(vec![
            row.first_name.as_str().into(),
            row.last_name.as_str().into(),
            row.grade.into(),
            row.class_name.as_str().into(),
            row.gender.as_str().into(),
            row.username.as_str().into(),
            row.participant.language.as_str().into(),
            row.participant.status.as_str().into(),
            row.school_name.as_str().into(),
            row.consent_given.into(),
            when(row.last_login_at).into(),
        ]);
    }
    table
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParticipantChanges {
    pub status: ParticipantStatus,
    /// The language the learner writes in.
    #[schema(value_type = String, example = "en")]
    pub language: olympiad_domain::paper::Language,
}

/// Sets a participant's status and the language they write in (one of the olympiad's).
pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ParticipantId,
    changes: &ParticipantChanges,
) -> OfficeResult<Participant> {
    write_transaction(conn, |conn| {
        let participant = find_in_reach::<Participant>(conn, caller, id)?;
        let olympiad = Olympiad::find(conn, participant.olympiad_id)?;
        if !olympiad.languages().contains(&changes.language) {
            return Err(OfficeError::invalid(
                "language",
                "is not a language of this olympiad",
            ));
        }
        let language = changes.language.code();
        let updated = Participant::update(conn, id, changes.status, language)?;
        let details =
            json!({ "participantId": id, "status": updated.status, "language": updated.language });
        record_activity(
            conn,
            caller,
            "participant_updated",
            Some(participant.olympiad_id),
            details,
        )?;
        Ok(updated)
    })
}

/// Takes a learner out of the olympiad (their sign-in goes; the learner stays with the school);
/// refused once they have started writing.
pub fn withdraw(conn: &mut DbConnection, caller: &Caller, id: ParticipantId) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let participant = find_in_reach::<Participant>(conn, caller, id)?;
        if !Participant::withdraw(conn, id)? {
            return Err(OfficeError::conflict(
                "This learner has started writing; set them absent instead, so their work is kept.",
            ));
        }
        let details = json!({ "participantId": id, "learnerId": participant.learner_id });
        record_activity(
            conn,
            caller,
            "participant_withdrawn",
            Some(participant.olympiad_id),
            details,
        )
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SlipQuery {
    /// pdf (default) or csv
    #[param(inline)]
    pub format: Option<SlipFormat>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SlipFormat {
    Pdf,
    Csv,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlipRequest {
    #[schema(value_type = i64, minimum = 1)]
    pub school_participant_id: SchoolParticipantId,
    /// The sign-ins as they were answered when the learners were loaded or given new passwords.
    pub credentials: Vec<SlipCredential>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlipCredential {
    #[schema(value_type = i64, minimum = 1)]
    pub participant_id: ParticipantId,
    pub password: String,
}

/// The sign-ins of some learners of one entry, ready to print.
pub struct Slips {
    olympiad: Olympiad,
    school: School,
    rows: Vec<(ParticipantRow, String)>,
}

/// A file of slips: its bytes, their type and the name to save them under.
pub struct SlipFile {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub file_name: String,
}

/// The sign-ins of the request, for participants of its entry only. Passwords are kept only as
/// hashes, so they come from the sign-ins answered at loading (or at new passwords); the names
/// and usernames come from the database.
pub fn slips(
    conn: &mut DbConnection,
    caller: &Caller,
    request: &SlipRequest,
) -> OfficeResult<Slips> {
    let entry = find_in_reach::<SchoolParticipant>(conn, caller, request.school_participant_id)?;
    let ids: Vec<ParticipantId> = request
        .credentials
        .iter()
        .map(|c| c.participant_id)
        .collect();
    let rows = Participant::rows_by_ids(conn, &ids)?;
    if let Some(stranger) = rows
        .iter()
        .find(|r| r.participant.school_participant_id != Some(entry.id))
    {
        return Err(OfficeError::invalid(
            "credentials",
            format!(
                "participant {} is not of this entry",
                stranger.participant.id
            ),
        ));
    }
    if rows.len() != ids.len() {
        return Err(OfficeError::invalid(
            "credentials",
            "name participants that do not exist",
        ));
    }
    let olympiad = Olympiad::find(conn, entry.olympiad_id)?;
    let school = School::find(conn, entry.school_id)?;
    let rows = rows
        .into_iter()
        .map(|row| {
            let password = request
                .credentials
                .iter()
                .find(|c| c.participant_id == row.participant.id)
                .map(|c| c.password.clone())
                .unwrap_or_default();
            (row, password)
        })
        .collect();
    Ok(Slips {
        olympiad,
        school,
        rows,
    })
}

impl Slips {
    /// The slips to print (PDF, a page per class, pointing to the sign-in page under
    /// `sign_in_base`) or the sign-ins as CSV. Blocking: a PDF takes a moment.
    pub fn file(self, format: SlipFormat, sign_in_base: &str) -> OfficeResult<SlipFile> {
        let file_stem = format!("login-slips-{}", self.olympiad.name);
        match format {
            SlipFormat::Csv => {
                let mut table = Table::new(&[
                    "First name",
                    "Last name",
                    "Grade",
                    "Class",
                    "Username",
                    "Password",
                ]);
                for (row, password) in &self.rows {
                    table.push(vec![
                        row.first_name.as_str().into(),
                        row.last_name.as_str().into(),
                        row.grade.into(),
                        row.class_name.as_str().into(),
                        row.username.as_str().into(),
                        password.as_str().into(),
                    ]);
                }
                Ok(SlipFile {
                    bytes: table.to_csv(),
                    content_type: "text/csv; charset=utf-8",
                    file_name: format!("{file_stem}.csv"),
                })
            }
            SlipFormat::Pdf => {
                let mut groups: Vec<SlipGroup> = Vec::new();
                for (row, password) in self.rows {
                    let heading = format!("Grade {} {}", row.grade, row.class_name)
                        .trim()
                        .to_owned();
                    let slip = Slip {
                        name: format!("{} {}", row.first_name, row.last_name),
                        grade_and_class: heading.clone(),
                        username: row.username,
                        password,
                    };
                    match groups.last_mut() {
                        Some(group) if group.heading == heading => group.slips.push(slip),
                        _ => groups.push(SlipGroup {
                            heading,
                            slips: vec![slip],
                        }),
                    }
                }
                let sheet = SlipSheet {
                    title: self.olympiad.title,
                    school: self.school.details.name,
                    sign_in_url: format!("{sign_in_base}/{}/login", self.olympiad.name),
                    groups,
                };
                Ok(SlipFile {
                    bytes: login_slips(&sheet).map_err(|e| OfficeError::Internal(e.to_string()))?,
                    content_type: "application/pdf",
                    file_name: format!("{file_stem}.pdf"),
                })
            }
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LearnerPasswordQuery {
    /// The entry's school, as a check that the right entry is meant.
    #[param(value_type = i64, minimum = 1)]
    pub school_id: SchoolId,
    /// One learner only: their username (or e-mail address). Without it, every learner of the entry.
    pub email: Option<String>,
    /// Refused: a chosen password goes in the body, never in an address that proxies, logs and
    /// browser histories keep.
    pub password: Option<String>,
}

/// The optional body of new learner passwords.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ChosenPassword {
    /// One password chosen for them (at least 8 characters); without it each gets a generated one.
    #[serde(default)]
    #[schema(min_length = 8, max_length = 72, pattern = "\\S")]
    pub password: Option<String>,
}

/// The learners of an entry the caller manages who get new passwords: the one the query names by
/// username or e-mail address, or without a name every learner. A chosen password is checked first.
pub fn learners_to_reset(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
    query: &LearnerPasswordQuery,
    chosen: &ChosenPassword,
) -> OfficeResult<Vec<ParticipantRow>> {
    if let Some(problem) = chosen.password.as_deref().and_then(password_problem) {
        return Err(OfficeError::invalid("password", problem));
    }
    let one = query.email.as_deref().map(normalise_username);
    let ManagedEntry(entry) = find_in_reach(conn, caller, entry_id)?;
    if entry.school_id != query.school_id {
        return Err(OfficeError::invalid(
            "schoolId",
            "is not the school of this entry",
        ));
    }
    let filter = ParticipantFilter {
        school_participant_id: Some(entry_id),
        ..Default::default()
    };
    let rows = Participant::list(conn, &filter, None)?.rows;
    let chosen = match one.as_deref() {
        None => rows,
        Some(name) => {
            let mut chosen = Vec::new();
            for row in rows {
                if row.username == name
                    || User::find(conn, row.participant.user_id)?.email.as_deref() == Some(name)
                {
                    chosen.push(row);
                }
            }
            chosen
        }
    };
    if chosen.is_empty() {
        return Err(match one {
            Some(_) => OfficeError::invalid("email", "is not a learner of this entry"),
            None => OfficeError::NotFound("A learner of this entry".into()),
        });
    }
    Ok(chosen)
}

/// Gives the learners their new passwords in one transaction (their old sessions end); answers
/// the sign-ins once, for new slips, and notes it in the activity log.
pub fn set_passwords(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
    rows: Vec<ParticipantRow>,
    new: NewPasswords,
) -> OfficeResult<Vec<Credential>> {
    write_transaction(conn, |conn| {
        let mut credentials = Vec::with_capacity(rows.len());
        let pairs = new.passwords.into_iter().zip(new.hashes);
        for (row, (password, hash)) in rows.into_iter().zip(pairs) {
            User::set_password_hash(conn, row.participant.user_id, &hash)?;
            credentials.push(Credential {
                participant_id: row.participant.id,
                first_name: row.first_name,
                last_name: row.last_name,
                grade: row.grade,
                class_name: row.class_name,
                username: row.username,
                password,
            });
        }
        let participants: Vec<ParticipantId> =
            credentials.iter().map(|c| c.participant_id).collect();
        let details = json!({ "schoolParticipantId": entry_id, "participants": participants });
        record_activity(conn, caller, "learner_passwords_set", None, details)?;
        Ok(credentials)
    })
}
