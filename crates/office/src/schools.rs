//! Schools: the Schools grids of staff and overlord, a school as a person types it in, the
//! teacher's own school and its entry in an olympiad, and merging a school into its duplicate.

use crate::activity::{record_activity, record_change};
use crate::merges::MergePlan;
use crate::suite::OlympiadSummary;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::{email_field, required_field, text_field};
use crate::support::listing::{given, Grid};
use crate::support::scope::{find_in_reach, ManagedEntry};
use olympiad_documents::{Cell, Table};
use olympiad_domain::id::{OlympiadId, SchoolId};
use olympiad_domain::school::{emis_number, province, quintile_problem, Sector};
use olympiad_persistence::models::merge::{merge_schools, school_merge_plan, SchoolMergePlan};
use olympiad_persistence::models::{
    Olympiad, Paged, School, SchoolFilter, SchoolForm, SchoolParticipant, SchoolParticipantFilter,
    SchoolParticipantRow, SchoolRow, Teacher, TeamMember,
};
use olympiad_persistence::{write_transaction, DbConnection, DbError};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SchoolListQuery {
    /// The olympiad whose entries the rows show; overlord may leave it out, or give -1, for every
    /// olympiad.
    #[param(value_type = Option<i64>, minimum = -1)]
    pub olympiad_id: Option<OlympiadId>,
    pub province: Option<String>,
    /// public or independent
    pub sector: Option<String>,
    pub country_code: Option<String>,
    /// `yes`: only schools entered in the olympiad; `no`: only those not entered.
    pub entered: Option<String>,
}

/// The `olympiadId` the spec's Schools screens send for every olympiad.
const EVERY_OLYMPIAD: i64 = -1;

/// The olympiad a Schools grid shows the entries of: -1 is every olympiad, as leaving it out is,
/// which only the overlord may ask for; an admin's -1 does not reach past their own olympiad.
fn schools_scope(caller: &Caller, asked: Option<OlympiadId>) -> OfficeResult<Option<OlympiadId>> {
    match asked {
        Some(id) if id.get() == EVERY_OLYMPIAD => {
            if caller.role != olympiad_domain::Role::Overlord {
                return Err(OfficeError::forbidden(
                    "Only the overlord sees every olympiad's schools.",
                ));
            }
            Ok(None)
        }
        asked => caller.olympiad_scope(asked),
    }
}

/// The Schools grid: every school, with its entry in the olympiad (if any).
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &SchoolListQuery,
    grid: Grid,
) -> OfficeResult<Paged<SchoolRow>> {
    let filter = SchoolFilter {
        olympiad_id: schools_scope(caller, query.olympiad_id)?,
        search: grid.search,
        province: given(&query.province),
        sector: given(&query.sector),
        country_code: given(&query.country_code),
        entered: given(&query.entered).map(|e| e == "yes"),
        sort: grid.sort,
    };
    Ok(School::list(conn, &filter, grid.page)?)
}

/// The Schools grid as a spreadsheet.
pub fn school_table(rows: &[SchoolRow]) -> Table {
    let mut table = Table::new(&[
        "Name",
        "EMIS number",
        "Province",
        "District",
        "Town",
        "Street address",
        "Postal address",
        "Phone",
        "E-mail",
        "Sector",
        "Quintile",
        "Language of teaching",
        "Country",
        "Entry",
        "Entries",
    ]);
    for row in rows {
        let s = &row.school.details;
        table.push(vec![
            s.name.as_str().into(),
            s.emis_number.clone().into(),
            s.province.as_str().into(),
            s.district.as_str().into(),
            s.town.as_str().into(),
            s.street_address.as_str().into(),
            s.postal_address.as_str().into(),
            s.phone.as_str().into(),
            s.email.as_str().into(),
            s.sector.as_str().into(),
            s.quintile.into(),
            s.language_of_teaching.as_str().into(),
            s.country_code.as_str().into(),
            row.entry_status.clone().into(),
            Cell::from(row.entry_count),
        ]);
    }
    table
}

/// A school as a person types it in.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolInput {
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub name: String,
    #[serde(default)]
    #[schema(pattern = "^$|^[0-9]{5,12}$")]
    pub emis_number: String,
    /// One of the nine provinces; may be empty for a school outside South Africa.
    #[serde(default)]
    #[schema(
        pattern = "^$|^(Eastern Cape|Free State|Gauteng|KwaZulu-Natal|Limpopo|Mpumalanga|North West|Northern Cape|Western Cape)$"
    )]
    pub province: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub district: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub town: String,
    #[serde(default)]
    #[schema(max_length = 300)]
    pub street_address: String,
    #[serde(default)]
    #[schema(max_length = 300)]
    pub postal_address: String,
    #[serde(default)]
    #[schema(max_length = 40)]
    pub phone: String,
    #[serde(default)]
    #[schema(
        max_length = 254,
        pattern = r"^$|^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$"
    )]
    pub email: String,
    pub sector: Sector,
    #[schema(minimum = 1, maximum = 5)]
    pub quintile: Option<i32>,
    #[serde(default)]
    #[schema(max_length = 60)]
    pub language_of_teaching: String,
    /// ISO 3166 alpha-2; default ZA.
    #[serde(default)]
    #[schema(pattern = "^$|^[A-Za-z]{2}$")]
    pub country_code: String,
}

impl SchoolInput {
    pub fn fields(&self) -> OfficeResult<SchoolForm> {
        let country_code = match self.country_code.trim() {
            "" => "ZA".to_owned(),
            code if code.len() == 2 && code.chars().all(|c| c.is_ascii_alphabetic()) => {
                code.to_ascii_uppercase()
            }
            _ => {
                return Err(OfficeError::invalid(
                    "countryCode",
                    "must be two letters (ZA)",
                ))
            }
        };
        let province = match (self.province.trim(), country_code.as_str()) {
            ("", "ZA") => return Err(OfficeError::invalid("province", "is required")),
            ("", _) => String::new(),
            (typed, _) => province(typed)
                .ok_or_else(|| {
                    OfficeError::invalid("province", "must be one of the nine provinces")
                })?
                .to_owned(),
        };
        if let Some(problem) = quintile_problem(self.quintile) {
            return Err(OfficeError::invalid("quintile", problem));
        }
        Ok(SchoolForm {
            name: required_field("name", &self.name, 200)?,
            emis_number: emis_number(&self.emis_number)
                .map_err(|problem| OfficeError::invalid("emisNumber", problem))?,
            province,
            district: text_field("district", &self.district, 100)?,
            town: text_field("town", &self.town, 100)?,
            street_address: text_field("streetAddress", &self.street_address, 300)?,
            postal_address: text_field("postalAddress", &self.postal_address, 300)?,
            phone: text_field("phone", &self.phone, 40)?,
            email: email_field("email", &self.email)?,
            sector: self.sector.as_str().to_owned(),
            // Independent schools have no quintile.
            quintile: if self.sector == Sector::Independent {
                None
            } else {
                self.quintile
            },
            language_of_teaching: text_field("languageOfTeaching", &self.language_of_teaching, 60)?,
            country_code,
        })
    }
}

/// An EMIS number names one school only.
fn emis_taken<T>(saved: Result<T, DbError>) -> OfficeResult<T> {
    saved.or_taken("emisNumber", "belongs to another school already")
}

pub fn create(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &SchoolInput,
) -> OfficeResult<School> {
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        let school = emis_taken(School::create(conn, &fields))?;
        record_activity(
            conn,
            caller,
            "school_created",
            None,
            json!({ "schoolId": school.id }),
        )?;
        Ok(school)
    })
}

pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: SchoolId,
    input: &SchoolInput,
) -> OfficeResult<School> {
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        let before = find_in_reach::<School>(conn, caller, id)?;
        let school = emis_taken(School::update(conn, id, &fields))?;
        record_change(
            conn,
            caller,
            "school_updated",
            None,
            json!({ "schoolId": id }),
            &before,
            &school,
        )?;
        Ok(school)
    })
}

/// Deletes a school that nothing refers to; one with entries, teachers or learners is merged instead.
pub fn delete(conn: &mut DbConnection, caller: &Caller, id: SchoolId) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let school = School::find(conn, id).or_not_found("This school")?;
        School::delete(conn, id).or_in_use(
            "This school still has entries, teachers or learners. Merge it into another school instead.",
        )?;
        let details = json!({ "schoolId": id, "name": school.details.name });
        record_activity(conn, caller, "school_deleted", None, details)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SingleQuery {
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    /// The olympiad's URL name (`geography`), instead of its id.
    pub olympiad_var_name: Option<String>,
}

/// The teacher's school and its entry in one olympiad, as the portal shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MySchool {
    pub olympiad: OlympiadSummary,
    pub school: Option<School>,
    /// The entry of the school in the olympiad, when the teacher is in its team.
    pub entry: Option<SchoolParticipantRow>,
    pub is_team_admin: bool,
    /// The grades the olympiad is written in.
    pub grades: Vec<i32>,
    pub languages: Vec<String>,
}

fn olympiad_named(conn: &mut DbConnection, query: &SingleQuery) -> OfficeResult<Olympiad> {
    match (query.olympiad_id, query.olympiad_var_name.as_deref()) {
        (Some(id), _) => Olympiad::find(conn, id).or_not_found("This olympiad"),
        (None, Some(name)) => Olympiad::by_name(conn, name)?
            .ok_or_else(|| OfficeError::NotFound("This olympiad".into())),
        (None, None) => Err(OfficeError::invalid(
            "olympiadId",
            "is required (or olympiadVarName)",
        )),
    }
}

/// The signed-in teacher's school, and its entry in the olympiad (by id or by URL name).
pub fn my_school(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &SingleQuery,
) -> OfficeResult<MySchool> {
    let olympiad = olympiad_named(conn, query)?;
    caller.require_olympiad(olympiad.id)?;
    let entries = SchoolParticipant::list(
        conn,
        &SchoolParticipantFilter {
            olympiad_id: Some(olympiad.id),
            team_user_id: Some(caller.user_id),
            ..Default::default()
        },
        None,
    )?;
    let entry = entries.rows.into_iter().next();
    let school = match (&entry, Teacher::by_user(conn, caller.user_id)?) {
        (Some(entry), _) => Some(School::find(conn, entry.entry.school_id)?),
        (None, Some(teacher)) => teacher
            .school_id
            .map(|id| School::find(conn, id))
            .transpose()?,
        (None, None) => None,
    };
    let is_team_admin = match &entry {
        Some(entry) => TeamMember::of_user(conn, entry.entry.id, caller.user_id)?
            .is_some_and(|m| m.is_team_admin),
        None => false,
    };
    Ok(MySchool {
        grades: olympiad.grades(),
        languages: olympiad
            .languages()
            .iter()
            .map(|l| l.code().to_owned())
            .collect(),
        olympiad: OlympiadSummary {
            id: olympiad.id,
            name: olympiad.name,
            title: olympiad.title,
            year: olympiad.year,
            is_open: olympiad.is_open,
        },
        school,
        entry,
        is_team_admin,
    })
}

/// A team admin corrects their school's details.
pub fn update_mine(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &SingleQuery,
    input: &SchoolInput,
) -> OfficeResult<School> {
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        let entry = my_school(conn, caller, query)?
            .entry
            .ok_or_else(|| OfficeError::NotFound("Your school's entry in this olympiad".into()))?
            .entry;
        find_in_reach::<ManagedEntry>(conn, caller, entry.id)?;
        let school = emis_taken(School::update(conn, entry.school_id, &fields))?;
        let details = json!({ "schoolId": school.id });
        record_activity(
            conn,
            caller,
            "school_updated",
            Some(entry.olympiad_id),
            details,
        )?;
        Ok(school)
    })
}

impl MergePlan for SchoolMergePlan {
    const WHAT: &'static str = "schools";
    const ACTION: &'static str = "schools_merged";
    type Id = SchoolId;

    fn plan(
        conn: &mut DbConnection,
        duplicate: SchoolId,
        survivor: SchoolId,
    ) -> Result<Self, DbError> {
        school_merge_plan(conn, duplicate, survivor)
    }

    fn merge(
        conn: &mut DbConnection,
        duplicate: SchoolId,
        survivor: SchoolId,
    ) -> Result<Self, DbError> {
        merge_schools(conn, duplicate, survivor)
    }

    fn details(&self, duplicate: SchoolId, survivor: SchoolId) -> serde_json::Value {
        json!({
            "duplicateId": duplicate,
            "duplicateName": self.duplicate.details.name,
            "survivorId": survivor,
            "entries": self.entries,
            "teachers": self.teachers,
            "learners": self.learners,
            "expressionsOfInterest": self.expressions_of_interest,
            "filledFields": self.filled_fields,
        })
    }
}
