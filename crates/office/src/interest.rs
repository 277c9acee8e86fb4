//! Expressions of interest: the public forms (teachers, and anyone else), the verification of the
//! address, and the staff's list, with the schools and teachers already known that look like the
//! one a person described (so that staff enter the school that exists rather than a copy),
//! processing (a teacher's becomes their school's entry, with their account, in one step) and
//! declining.

use crate::activity::record_activity;
use crate::mail::{queue_email_of, queue_public_email, recipient};
use crate::schools::SchoolInput;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::{email_field, required_field, text_field};
use crate::support::listing::{given, when};
use crate::support::scope::find_in_reach;
use crate::teams::{join_team, Colleague};
use olympiad_documents::Table;
use olympiad_domain::id::{ExpressionOfInterestId, OlympiadId, SchoolId, SchoolParticipantId};
use olympiad_domain::interest::{InterestKind, InterestStatus};
use olympiad_domain::school::{distinctive_words, emis_number, name_likeness, province};
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::models::{
    ExpressionDetails, ExpressionFilter, ExpressionInsertForm, ExpressionOfInterest, Olympiad,
    Page, Paged, Project, School, SchoolParticipant, Sort, Teacher, TeacherRow,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// A school that looks like the one of an expression, and why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolMatch {
    #[serde(flatten)]
    pub school: School,
    /// `emis`, `email`, `name`
    pub reasons: Vec<String>,
    /// How alike the names are, 0 to 1.
    pub likeness: f64,
    /// The school's entry in the expression's olympiad, if it has one.
    #[schema(value_type = Option<i64>)]
    pub school_participant_id: Option<SchoolParticipantId>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PossibleMatches {
    pub schools: Vec<SchoolMatch>,
    /// Teachers with the same e-mail address.
    pub teachers: Vec<TeacherRow>,
}

/// Names at least this alike are shown as possible matches.
const LIKE_ENOUGH: f64 = 0.5;

/// Schools that share the expression's EMIS number or e-mail address, or have a name alike
/// enough, strongest first; and teachers with its e-mail address.
pub fn possible_matches(
    conn: &mut DbConnection,
    expression: &ExpressionOfInterest,
) -> OfficeResult<PossibleMatches> {
    let written = &expression.details;
    let mut found: Vec<(SchoolId, Vec<String>, f64)> = Vec::new();
    let mut note =
        |id: SchoolId, reason: &str, likeness: f64| match found.iter_mut().find(|f| f.0 == id) {
            Some(entry) => {
                entry.1.push(reason.to_owned());
                entry.2 = entry.2.max(likeness);
            }
            None => found.push((id, vec![reason.to_owned()], likeness)),
        };
    if let Ok(Some(emis)) = emis_number(&written.emis_number) {
        if let Some(school) = School::by_emis(conn, &emis)? {
            note(school.id, "emis", 0.0);
        }
    }
    if !distinctive_words(&written.school_name).is_empty() {
        let mut alike: Vec<(SchoolId, f64)> = School::names(conn)?
            .into_iter()
            .map(|(id, name, _)| (id, name_likeness(&name, &written.school_name)))
            .filter(|(_, likeness)| *likeness >= LIKE_ENOUGH)
            .collect();
        alike.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (id, likeness) in alike.into_iter().take(10) {
            note(id, "name", likeness);
        }
    }
    let teachers = Teacher::rows_by_email(conn, &written.email)?;
    for teacher in &teachers {
        if let Some(id) = teacher.teacher.school_id {
            note(id, "email", 0.0);
        }
    }
    let ids: Vec<SchoolId> = found.iter().map(|f| f.0).collect();
    let schools = School::by_ids(conn, &ids)?;
    let mut alike_schools = Vec::new();
    for (id, reasons, likeness) in found {
        if let Some(school) = schools.iter().find(|s| s.id == id) {
            let entry = SchoolParticipant::find_for(conn, expression.olympiad_id, id)?;
            let likeness = likeness.max(name_likeness(&school.details.name, &written.school_name));
            alike_schools.push(SchoolMatch {
                school: school.clone(),
                reasons,
                likeness,
                school_participant_id: entry.map(|e| e.id),
            });
        }
    }
    // Exact identities (EMIS, e-mail) first, then by likeness of the name.
    alike_schools.sort_by(|a, b| {
        let strong = |m: &SchoolMatch| m.reasons.iter().any(|r| r != "name");
        strong(b)
            .cmp(&strong(a))
            .then(b.likeness.total_cmp(&a.likeness))
    });
    Ok(PossibleMatches {
        schools: alike_schools,
        teachers,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InterestListQuery {
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    /// open, processed or declined
    #[param(pattern = "^(open|processed|declined)?$")]
    pub status: Option<String>,
    /// teacher or other
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// `yes` or `no`
    pub email_verified: Option<String>,
}

/// A page of the expressions the query selects (every one for an export).
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &InterestListQuery,
    search: String,
    sort: Vec<Sort>,
    page: Option<Page>,
) -> OfficeResult<Paged<ExpressionOfInterest>> {
    let status = given(&query.status);
    if status
        .as_deref()
        .is_some_and(|s| InterestStatus::parse(s).is_none())
    {
        return Err(OfficeError::invalid(
            "status",
            "must be one of open, processed, declined",
        ));
    }
    let filter = ExpressionFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        status,
        kind: given(&query.kind),
        email_verified: given(&query.email_verified).map(|v| v == "yes"),
        search,
        sort,
    };
    Ok(ExpressionOfInterest::list(conn, &filter, page)?)
}

/// The expressions as a spreadsheet.
pub fn interest_table(rows: &[ExpressionOfInterest]) -> Table {
    let mut table = Table::new(&[
        "Received",
        "Type",
        "Status",
        "Title",
        "First name",
        "Last name",
        "E-mail",
        "Verified",
        "Phone",
        "School",
        "EMIS number",
        "Province",
        "Town",
        "Subject",
        "Organisation",
        "Relationship",
        "Message",
        "Decline reason",
    ]);
    for e in rows {
        let written = &e.details;
        table.push(vec![
            when(Some(e.created_at)).into(),
            written.kind.as_str().into(),
            e.status.as_str().into(),
            written.title.as_str().into(),
            written.first_name.as_str().into(),
            written.last_name.as_str().into(),
            written.email.as_str().into(),
            e.email_verified.into(),
            written.phone.as_str().into(),
            written.school_name.as_str().into(),
            written.emis_number.as_str().into(),
            written.province.as_str().into(),
            written.town.as_str().into(),
            written.subject.as_str().into(),
            written.organisation.as_str().into(),
            written.relationship.as_str().into(),
            written.message.as_str().into(),
            e.decline_reason.as_str().into(),
        ]);
    }
    table
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MatchQuery {
    #[param(value_type = i64, minimum = 1)]
    pub expression_id: ExpressionOfInterestId,
}

/// The possible matches of an expression the caller may reach.
pub fn matches(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ExpressionOfInterestId,
) -> OfficeResult<PossibleMatches> {
    let expression = find_in_reach::<ExpressionOfInterest>(conn, caller, id)?;
    possible_matches(conn, &expression)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcessInterest {
    /// The school to enter (one of the possible matches); without it, `school` is created.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub school_id: Option<SchoolId>,
    /// A new school, when none of the matches is it.
    pub school: Option<SchoolInput>,
}

/// The school the staff chose or described.
fn school_to_enter(conn: &mut DbConnection, request: &ProcessInterest) -> OfficeResult<School> {
    match (&request.school_id, &request.school) {
        (Some(id), _) => School::find(conn, *id).or_invalid("schoolId", "is not a school"),
        (None, Some(input)) => School::create(conn, &input.fields()?).or_taken(
            "school.emisNumber",
            "belongs to another school already: choose that school",
        ),
        (None, None) => Err(OfficeError::invalid(
            "schoolId",
            "is required (or a new school)",
        )),
    }
}

/// An expression still open may become `to`; a second answer to it is refused (409).
fn open_expression(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ExpressionOfInterestId,
    to: InterestStatus,
) -> OfficeResult<ExpressionOfInterest> {
    let expression = find_in_reach::<ExpressionOfInterest>(conn, caller, id)?;
    expression
        .status
        .handle(to)
        .map_err(OfficeError::conflict)?;
    Ok(expression)
}

/// Processes an expression in one transaction. A teacher's becomes their school's entry with them
/// as its team admin (their account made or linked) and an e-mail to them; another's is marked
/// processed.
pub fn process(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ExpressionOfInterestId,
    request: &ProcessInterest,
    base_url: &str,
) -> OfficeResult<ExpressionOfInterest> {
    write_transaction(conn, |conn| {
        let expression = open_expression(conn, caller, id, InterestStatus::Processed)?;
        let handler = caller.actor();
        if expression.details.kind != InterestKind::Teacher {
            let done = ExpressionOfInterest::mark_processed(conn, id, handler, None)?;
            let details = json!({ "expressionId": id });
            record_activity(
                conn,
                caller,
                "interest_processed",
                Some(expression.olympiad_id),
                details,
            )?;
            return Ok(done);
        }
        let school = school_to_enter(conn, request)?;
        let (entry, _) = SchoolParticipant::ensure(conn, expression.olympiad_id, school.id, None)?;
        let colleague = Colleague {
            email: &expression.details.email,
            title: &expression.details.title,
            first_name: &expression.details.first_name,
            last_name: &expression.details.last_name,
        };
        let joined = join_team(conn, base_url, &entry, &colleague, true)?;
        if entry.contact_teacher_id.is_none() {
            SchoolParticipant::update(conn, entry.id, entry.status, Some(joined.user.id))?;
        }
        let done = ExpressionOfInterest::mark_processed(conn, id, handler, Some(entry.id))?;
        let olympiad = Olympiad::find(conn, expression.olympiad_id)?;
        queue_email_of(
            conn,
            Some(olympiad.id),
            &Email::InterestProcessed {
                to: recipient(&joined.user),
                olympiad: olympiad.title,
                school: school.details.name.clone(),
                link: joined.link,
                new_account: joined.new_account,
            },
        )?;
        record_activity(
            conn,
            caller,
            "interest_processed",
            Some(expression.olympiad_id),
            json!({ "expressionId": id, "schoolId": school.id, "schoolParticipantId": entry.id, "teacherUserId": joined.user.id, "newAccount": joined.new_account }),
        )?;
        Ok(done)
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclineInterest {
    /// Why, in a sentence the person will read.
    #[validate(length(min = 3, max = 1000, message = "must be 3 to 1000 characters"))]
    #[schema(min_length = 3, max_length = 1000)]
    pub reason: String,
}

/// The person who expressed interest, as the addressee of an e-mail.
fn expresser(expression: &ExpressionOfInterest) -> Recipient {
    Recipient {
        email: expression.details.email.clone(),
        name: format!(
            "{} {}",
            expression.details.first_name, expression.details.last_name
        ),
        username: expression.details.email.clone(),
    }
}

/// The addressee of the confirmation, whose address is not theirs yet as far as we know: anyone
/// may type anyone's address and any name, so the name goes along only when it is a plain first
/// name (letters, spaces, hyphens and apostrophes, at most [`PLAIN_NAME_CHARS`]), never a
/// sentence or an address that would read as the platform's own words in a stranger's mailbox.
fn unconfirmed_expresser(expression: &ExpressionOfInterest) -> Recipient {
    let first = expression.details.first_name.trim();
    let plain = first.chars().count() <= PLAIN_NAME_CHARS
        && first
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '-' || c == '\'');
    Recipient {
        name: if plain {
            first.to_owned()
        } else {
            String::new()
        },
        ..expresser(expression)
    }
}

/// The longest first name a confirmation carries.
pub const PLAIN_NAME_CHARS: usize = 40;

/// Declines an open expression and tells the person why, in one transaction.
pub fn decline(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ExpressionOfInterestId,
    request: &DeclineInterest,
) -> OfficeResult<ExpressionOfInterest> {
    let reason = request.reason.trim();
    write_transaction(conn, |conn| {
        let expression = open_expression(conn, caller, id, InterestStatus::Declined)?;
        let done = ExpressionOfInterest::mark_declined(conn, id, caller.actor(), reason)?;
        let olympiad = Olympiad::find(conn, expression.olympiad_id)?;
        queue_email_of(
            conn,
            Some(olympiad.id),
            &Email::InterestDeclined {
                to: expresser(&expression),
                olympiad: olympiad.title,
                reason: reason.to_owned(),
            },
        )?;
        let details = json!({ "expressionId": id, "reason": reason });
        record_activity(
            conn,
            caller,
            "interest_declined",
            Some(expression.olympiad_id),
            details,
        )?;
        Ok(done)
    })
}

/// Deletes an expression (spam, a test); the entry it became, if any, stays.
pub fn delete(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ExpressionOfInterestId,
) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let expression = find_in_reach::<ExpressionOfInterest>(conn, caller, id)?;
        ExpressionOfInterest::delete(conn, id)?;
        record_activity(
            conn,
            caller,
            "interest_deleted",
            Some(expression.olympiad_id),
            json!({ "expressionId": id, "email": expression.details.email }),
        )
    })
}

/// The public interest form.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterestForm {
    /// The project of the site (`/{projectName}/express-interest`): its open olympiad is meant.
    #[schema(min_length = 1)]
    pub project_name: String,
    #[serde(default)]
    #[schema(max_length = 20)]
    pub title: String,
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub first_name: String,
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub last_name: String,
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(max_length = 40)]
    pub phone: String,
    /// Teachers: their school.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub school_name: String,
    #[serde(default)]
    #[schema(pattern = "^$|^[0-9]{5,12}$")]
    pub emis_number: String,
    #[serde(default)]
    #[schema(
        pattern = "^$|^(Eastern Cape|Free State|Gauteng|KwaZulu-Natal|Limpopo|Mpumalanga|North West|Northern Cape|Western Cape)$"
    )]
    pub province: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub town: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub subject: String,
    /// Others: their organisation, and how they relate to a learner (parent, tutor, ...).
    #[serde(default)]
    #[schema(max_length = 200)]
    pub organisation: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub relationship: String,
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub message: String,
    /// Left empty by people: the form hides it from them, and robots that fill every field give
    /// themselves away (a honeypot, so that no third-party service need see the visitors).
    #[serde(default)]
    #[schema(max_length = 200)]
    pub website: String,
}

impl InterestForm {
    /// Filled in by a robot: answered like a person's form, and kept nowhere.
    pub fn is_spam(&self) -> bool {
        !self.website.trim().is_empty()
    }

    /// The address, required: attempts are counted by it.
    pub fn checked_email(&self) -> OfficeResult<String> {
        let email = email_field("email", &self.email)?;
        if email.is_empty() {
            return Err(OfficeError::invalid("email", "is required"));
        }
        Ok(email)
    }

    /// The expression as it is stored, checked field by field; its olympiad is found later.
    fn expression(&self, kind: InterestKind) -> OfficeResult<ExpressionInsertForm> {
        let email = self.checked_email()?;
        let teacher = kind == InterestKind::Teacher;
        let school_name = text_field("schoolName", &self.school_name, 200)?;
        if teacher && school_name.is_empty() {
            return Err(OfficeError::invalid("schoolName", "is required"));
        }
        let typed_province = self.province.trim();
        let province = match province(typed_province) {
            Some(p) => p.to_owned(),
            None if typed_province.is_empty() && !teacher => String::new(),
            None if typed_province.is_empty() => {
                return Err(OfficeError::invalid("province", "is required"))
            }
            None => {
                return Err(OfficeError::invalid(
                    "province",
                    "must be one of the nine provinces",
                ))
            }
        };
        let message = self.message.trim().to_owned();
        if message.chars().count() > 2000 {
            return Err(OfficeError::invalid(
                "message",
                "must be at most 2000 characters",
            ));
        }
        Ok(ExpressionInsertForm {
            olympiad_id: OlympiadId::new(0),
            details: ExpressionDetails {
                kind,
                title: text_field("title", &self.title, 20)?,
                first_name: required_field("firstName", &self.first_name, 100)?,
                last_name: required_field("lastName", &self.last_name, 100)?,
                email,
                phone: text_field("phone", &self.phone, 40)?,
                school_name,
                emis_number: emis_number(&self.emis_number)
                    .map_err(|problem| OfficeError::invalid("emisNumber", problem))?
                    .unwrap_or_default(),
                province,
                town: text_field("town", &self.town, 100)?,
                subject: text_field("subject", &self.subject, 100)?,
                organisation: text_field("organisation", &self.organisation, 200)?,
                relationship: text_field("relationship", &self.relationship, 100)?,
                message,
            },
            verify_token: uuid::Uuid::new_v4().to_string(),
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterestReceived {
    #[schema(value_type = i64)]
    pub id: ExpressionOfInterestId,
    pub olympiad_title: String,
    /// Where the verification link was sent.
    pub email: String,
    pub email_verified: bool,
}

/// The olympiad a project's interest form is for: its open one of the latest year.
fn olympiad_of_project(conn: &mut DbConnection, name: &str) -> OfficeResult<Olympiad> {
    let olympiads = match Project::by_slug(conn, name)? {
        Some(project) => Olympiad::for_project(conn, project.id)?,
        None => Olympiad::by_name(conn, name)?.into_iter().collect(),
    };
    olympiads
        .into_iter()
        .find(|o| o.is_open)
        .ok_or_else(|| OfficeError::invalid("projectName", "is not a project that takes entries"))
}

/// Receives a form of the public site and e-mails the link that verifies its address. Sending the
/// form again adds nothing: the open expression is kept, the link sent again.
pub fn receive(
    conn: &mut DbConnection,
    form: &InterestForm,
    kind: InterestKind,
    base_url: &str,
) -> OfficeResult<InterestReceived> {
    let mut new = form.expression(kind)?;
    if form.is_spam() {
        return Ok(InterestReceived {
            id: ExpressionOfInterestId::new(0),
            olympiad_title: String::new(),
            email: new.details.email,
            email_verified: false,
        });
    }
    let project = form.project_name.trim();
    write_transaction(conn, |conn| {
        let olympiad = olympiad_of_project(conn, project)?;
        new.olympiad_id = olympiad.id;
        let open = ExpressionOfInterest::open_by_email(
            conn,
            olympiad.id,
            &new.details.email,
            new.details.kind,
        )?;
        let expression = match open {
            Some(existing) => existing,
            None => ExpressionOfInterest::create(conn, &new)?,
        };
        if !expression.email_verified {
            queue_public_email(
                conn,
                Some(olympiad.id),
                &Email::InterestVerify {
                    to: unconfirmed_expresser(&expression),
                    olympiad: olympiad.title.clone(),
                    link: format!("{base_url}/verify-email/{}", expression.verify_token),
                },
            )?;
        }
        Ok(InterestReceived {
            id: expression.id,
            olympiad_title: olympiad.title,
            email: expression.details.email,
            email_verified: expression.email_verified,
        })
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerified {
    pub first_name: String,
    pub olympiad_title: String,
}

/// Confirms the address of an expression by the secret of the link e-mailed to it.
pub fn verify_email(conn: &mut DbConnection, token: &str) -> OfficeResult<EmailVerified> {
    write_transaction(conn, |conn| {
        let Some(expression) = ExpressionOfInterest::verify(conn, token)? else {
            return Err(OfficeError::NotFound("This verification link".into()));
        };
        let olympiad = Olympiad::find(conn, expression.olympiad_id)?;
        Ok(EmailVerified {
            first_name: expression.details.first_name,
            olympiad_title: olympiad.title,
        })
    })
}
