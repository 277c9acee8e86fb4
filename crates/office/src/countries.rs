//! The International Geography Olympiad's countries, their entries in an olympiad (country
//! participants) with their team leader, team and invoice, and merging a country into its duplicate.

use crate::activity::record_activity;
use crate::merges::MergePlan;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::{email_field, required_field, text_field};
use crate::support::listing::{given, Grid};
use crate::support::scope::find_in_reach;
use olympiad_documents::Table;
use olympiad_domain::id::{CountryId, CountryParticipantId, OlympiadId};
use olympiad_domain::school::EntryStatus;
use olympiad_persistence::models::merge::{country_merge_plan, merge_countries, CountryMergePlan};
use olympiad_persistence::models::{
    CountryFilter, CountryForm, CountryParticipant, CountryParticipantRow,
    CountryParticipantUpdateForm, CountryRow, IgeoCountry, Olympiad, Paged,
};
use olympiad_persistence::{write_transaction, DbConnection, DbError};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CountryListQuery {
    /// The olympiad whose entries the rows show (and, for country participants, list).
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    pub status: Option<String>,
}

/// Every country, with its entry in the olympiad (if any).
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &CountryListQuery,
    grid: Grid,
) -> OfficeResult<Paged<CountryRow>> {
    let filter = CountryFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        search: grid.search,
        status: None,
        sort: grid.sort,
    };
    Ok(IgeoCountry::list(conn, &filter, grid.page)?)
}

/// The countries grid as a spreadsheet.
pub fn country_table(rows: &[CountryRow]) -> Table {
    let mut table = Table::new(&["Country", "ISO code", "Entered", "Entries"]);
    for row in rows {
        table.push(vec![
            row.country.name.as_str().into(),
            row.country.iso_code.as_str().into(),
            row.country_participant_id.is_some().into(),
            row.entry_count.into(),
        ]);
    }
    table
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SingleCountryQuery {
    #[param(value_type = i64, minimum = 1)]
    pub id: CountryId,
    /// The olympiad whose entry of the country to show beside it.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// One country, with its entry in the olympiad (if any) and how many entries it has.
pub fn single(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &SingleCountryQuery,
) -> OfficeResult<CountryRow> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    let country = IgeoCountry::find(conn, query.id).or_not_found("This country")?;
    let entries = CountryParticipant::for_country(conn, query.id)?;
    Ok(CountryRow {
        country_participant_id: entries
            .iter()
            .find(|e| Some(e.olympiad_id) == olympiad_id)
            .map(|e| e.id),
        entry_count: entries.len() as i64,
        country,
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryInput {
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub name: String,
    /// ISO 3166 alpha-2 (NA for Namibia).
    #[schema(min_length = 2, max_length = 2, pattern = "^[A-Za-z]{2}$")]
    pub iso_code: String,
}

impl CountryInput {
    pub fn fields(&self) -> OfficeResult<CountryForm> {
        let iso = self.iso_code.trim().to_ascii_uppercase();
        if iso.len() != 2 || !iso.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(OfficeError::invalid(
                "isoCode",
                "must be two letters (ISO 3166)",
            ));
        }
        Ok(CountryForm {
            name: required_field("name", &self.name, 100)?,
            iso_code: iso,
        })
    }
}

/// An ISO code names one country only.
fn iso_taken<T>(saved: Result<T, DbError>) -> OfficeResult<T> {
    saved.or_taken("isoCode", "belongs to another country already")
}

pub fn create(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &CountryInput,
) -> OfficeResult<IgeoCountry> {
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        let country = iso_taken(IgeoCountry::create(conn, &fields))?;
        let details = json!({ "countryId": country.id });
        record_activity(conn, caller, "country_created", None, details)?;
        Ok(country)
    })
}

pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: CountryId,
    input: &CountryInput,
) -> OfficeResult<IgeoCountry> {
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        find_in_reach::<IgeoCountry>(conn, caller, id)?;
        let country = iso_taken(IgeoCountry::update(conn, id, &fields))?;
        record_activity(
            conn,
            caller,
            "country_updated",
            None,
            json!({ "countryId": id }),
        )?;
        Ok(country)
    })
}

/// Deletes a country without entries; one with entries is merged instead.
pub fn delete(conn: &mut DbConnection, caller: &Caller, id: CountryId) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        find_in_reach::<IgeoCountry>(conn, caller, id)?;
        IgeoCountry::delete(conn, id)
            .or_in_use("This country has entries. Merge it into another country instead.")?;
        record_activity(
            conn,
            caller,
            "country_deleted",
            None,
            json!({ "countryId": id }),
        )
    })
}

impl MergePlan for CountryMergePlan {
    const WHAT: &'static str = "countries";
    const ACTION: &'static str = "countries_merged";
    type Id = CountryId;

    fn plan(
        conn: &mut DbConnection,
        duplicate: CountryId,
        survivor: CountryId,
    ) -> Result<Self, DbError> {
        country_merge_plan(conn, duplicate, survivor)
    }

    fn merge(
        conn: &mut DbConnection,
        duplicate: CountryId,
        survivor: CountryId,
    ) -> Result<Self, DbError> {
        merge_countries(conn, duplicate, survivor)
    }

    fn details(&self, duplicate: CountryId, survivor: CountryId) -> serde_json::Value {
        json!({
            "duplicateId": duplicate,
            "duplicateName": self.duplicate.name,
            "survivorId": survivor,
            "entries": self.entries,
            "schools": self.schools,
        })
    }
}

/// Participating countries: the entries of an olympiad (every olympiad, for the overlord).
pub fn list_entries(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &CountryListQuery,
    grid: Grid,
) -> OfficeResult<Paged<CountryParticipantRow>> {
    let filter = CountryFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        search: grid.search,
        status: given(&query.status),
        sort: grid.sort,
    };
    Ok(CountryParticipant::list(conn, &filter, grid.page)?)
}

/// Participating countries as a spreadsheet.
pub fn entry_table(rows: &[CountryParticipantRow]) -> Table {
    let mut table = Table::new(&[
        "Country",
        "ISO code",
        "Olympiad",
        "Status",
        "Team leader",
        "Team leader e-mail",
        "Team leader phone",
        "Team members",
        "Invoice to",
        "Invoice e-mail",
        "Invoice address",
    ]);
    for row in rows {
        let e = &row.entry;
        table.push(vec![
            row.country_name.as_str().into(),
            row.iso_code.as_str().into(),
            row.olympiad_title.as_str().into(),
            e.status.as_str().into(),
            e.team_leader_name.as_str().into(),
            e.team_leader_email.as_str().into(),
            e.team_leader_phone.as_str().into(),
            row.team_members.join(", ").into(),
            e.invoice_name.as_str().into(),
            e.invoice_email.as_str().into(),
            e.invoice_address.as_str().into(),
        ]);
    }
    table
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SingleEntryQuery {
    #[param(value_type = i64, minimum = 1)]
    pub id: CountryParticipantId,
}

/// One country's entry, with the country's name and the olympiad's title.
pub fn single_entry(
    conn: &mut DbConnection,
    caller: &Caller,
    id: CountryParticipantId,
) -> OfficeResult<CountryParticipantRow> {
    let entry = find_in_reach::<CountryParticipant>(conn, caller, id)?;
    let country = IgeoCountry::find(conn, entry.country_id)?;
    let olympiad = Olympiad::find(conn, entry.olympiad_id)?;
    Ok(CountryParticipantRow {
        team_members: entry.members(),
        entry,
        country_name: country.name,
        iso_code: country.iso_code,
        olympiad_title: olympiad.title,
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryEntryInput {
    /// Only when creating.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    /// Only when creating.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub country_id: Option<CountryId>,
    pub status: EntryStatus,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub team_leader_name: String,
    #[serde(default)]
    #[schema(
        max_length = 254,
        pattern = r"^$|^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$"
    )]
    pub team_leader_email: String,
    #[serde(default)]
    #[schema(max_length = 40)]
    pub team_leader_phone: String,
    #[serde(default)]
    #[schema(max_items = 20)]
    pub team_members: Vec<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub invoice_name: String,
    #[serde(default)]
    #[schema(
        max_length = 254,
        pattern = r"^$|^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$"
    )]
    pub invoice_email: String,
    #[serde(default)]
    #[schema(max_length = 500)]
    pub invoice_address: String,
}

impl CountryEntryInput {
    pub fn fields(&self) -> OfficeResult<CountryParticipantUpdateForm> {
        let members: Vec<String> = self
            .team_members
            .iter()
            .map(|m| text_field("teamMembers", m, 100))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|m| !m.is_empty())
            .collect();
        if members.len() > 20 {
            return Err(OfficeError::invalid(
                "teamMembers",
                "must be at most 20 people",
            ));
        }
        Ok(CountryParticipantUpdateForm {
            status: self.status,
            team_leader_name: text_field("teamLeaderName", &self.team_leader_name, 100)?,
            team_leader_email: email_field("teamLeaderEmail", &self.team_leader_email)?,
            team_leader_phone: text_field("teamLeaderPhone", &self.team_leader_phone, 40)?,
            team_members: serde_json::to_string(&members)
                .map_err(|e| OfficeError::Internal(e.to_string()))?,
            invoice_name: text_field("invoiceName", &self.invoice_name, 200)?,
            invoice_email: email_field("invoiceEmail", &self.invoice_email)?,
            invoice_address: text_field("invoiceAddress", &self.invoice_address, 500)?,
        })
    }
}

/// Enters a country in an olympiad, once.
pub fn enter(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &CountryEntryInput,
) -> OfficeResult<CountryParticipant> {
    let fields = input.fields()?;
    let olympiad_id = input
        .olympiad_id
        .ok_or_else(|| OfficeError::invalid("olympiadId", "is required"))?;
    let country_id = input
        .country_id
        .ok_or_else(|| OfficeError::invalid("countryId", "is required"))?;
    caller.require_olympiad(olympiad_id)?;
    write_transaction(conn, |conn| {
        IgeoCountry::find(conn, country_id).or_invalid("countryId", "is not a country")?;
        let entry = CountryParticipant::create(conn, olympiad_id, country_id, &fields)
            .or_taken("countryId", "is entered in this olympiad already")?;
        let details = json!({ "countryParticipantId": entry.id });
        record_activity(conn, caller, "country_entered", Some(olympiad_id), details)?;
        Ok(entry)
    })
}

pub fn update_entry(
    conn: &mut DbConnection,
    caller: &Caller,
    id: CountryParticipantId,
    input: &CountryEntryInput,
) -> OfficeResult<CountryParticipant> {
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        let entry = find_in_reach::<CountryParticipant>(conn, caller, id)?;
        let updated = CountryParticipant::update(conn, id, &fields)?;
        let details = json!({ "countryParticipantId": id });
        record_activity(
            conn,
            caller,
            "country_entry_updated",
            Some(entry.olympiad_id),
            details,
        )?;
        Ok(updated)
    })
}

pub fn delete_entry(
    conn: &mut DbConnection,
    caller: &Caller,
    id: CountryParticipantId,
) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let entry = find_in_reach::<CountryParticipant>(conn, caller, id)?;
        CountryParticipant::delete(conn, id)?;
        let details = json!({ "countryParticipantId": id });
        record_activity(
            conn,
            caller,
            "country_entry_deleted",
            Some(entry.olympiad_id),
            details,
        )
    })
}
