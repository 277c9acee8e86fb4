//! The International Geography Olympiad's countries and their entries (country participants).

use crate::error::DbResult;
use crate::models::listing::{
    contains_pattern, matches_search, page_of, sorted_by, Page, Paged, Sort,
};
use crate::schema::{country_participants, igeo_countries, olympiads};
use crate::words::Word;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{CountryId, CountryParticipantId, OlympiadId};
use olympiad_domain::school::EntryStatus;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = igeo_countries)]
#[serde(rename_all = "camelCase")]
pub struct IgeoCountry {
    #[schema(value_type = i64)]
    pub id: CountryId,
    pub name: String,
    /// ISO 3166 alpha-2, upper case.
    pub iso_code: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, Insertable, AsChangeset)]
#[diesel(table_name = igeo_countries)]
pub struct CountryForm {
    pub name: String,
    pub iso_code: String,
}

/// A country as the Countries grid shows it, with its entry in the olympiad of the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryRow {
    #[serde(flatten)]
    pub country: IgeoCountry,
    #[schema(value_type = Option<i64>)]
    pub country_participant_id: Option<CountryParticipantId>,
    pub entry_count: i64,
}

/// A country's entry in an olympiad: its team and who receives the invoice.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = country_participants)]
#[serde(rename_all = "camelCase")]
pub struct CountryParticipant {
    #[schema(value_type = i64)]
    pub id: CountryParticipantId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[schema(value_type = i64)]
    pub country_id: CountryId,
    pub status: EntryStatus,
    pub team_leader_name: String,
    pub team_leader_email: String,
    pub team_leader_phone: String,
    /// JSON list of names; read with [`CountryParticipant::members`].
    #[serde(skip)]
    pub team_members: String,
    pub invoice_name: String,
    pub invoice_email: String,
    pub invoice_address: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = country_participants)]
pub struct CountryParticipantUpdateForm {
    #[diesel(serialize_as = Word)]
    pub status: EntryStatus,
    pub team_leader_name: String,
    pub team_leader_email: String,
    pub team_leader_phone: String,
    pub team_members: String,
    pub invoice_name: String,
    pub invoice_email: String,
    pub invoice_address: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryParticipantRow {
    #[serde(flatten)]
    pub entry: CountryParticipant,
    pub team_members: Vec<String>,
    pub country_name: String,
    pub iso_code: String,
    pub olympiad_title: String,
}

#[derive(Debug, Clone, Default)]
pub struct CountryFilter {
    pub olympiad_id: Option<OlympiadId>,
    pub search: String,
    pub status: Option<String>,
    pub sort: Vec<Sort>,
}

/// The keys the grid of IGEO countries sorts by (see `sorted_by!`).
pub const COUNTRY_SORT_KEYS: &[&str] = &["name", "isoCode"];

impl IgeoCountry {
    pub fn find(conn: &mut DbConnection, id: CountryId) -> DbResult<IgeoCountry> {
        Ok(igeo_countries::table
            .find(id)
            .select(IgeoCountry::as_select())
            .first(conn)?)
    }

    /// The olympiads the country is entered in: a country is shared by all of them.
    pub fn olympiad_ids(conn: &mut DbConnection, id: CountryId) -> DbResult<Vec<OlympiadId>> {
        Ok(country_participants::table
            .filter(country_participants::country_id.eq(id))
            .select(country_participants::olympiad_id)
            .distinct()
            .load(conn)?)
    }

    pub fn by_iso(conn: &mut DbConnection, iso: &str) -> DbResult<Option<IgeoCountry>> {
        Ok(igeo_countries::table
            .filter(igeo_countries::iso_code.eq(iso))
            .select(IgeoCountry::as_select())
            .first(conn)
            .optional()?)
    }

    pub fn create(conn: &mut DbConnection, fields: &CountryForm) -> DbResult<IgeoCountry> {
        Ok(diesel::insert_into(igeo_countries::table)
            .values(fields)
            .returning(igeo_countries::all_columns)
            .get_result(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: CountryId,
        fields: &CountryForm,
    ) -> DbResult<IgeoCountry> {
        Ok(diesel::update(igeo_countries::table.find(id))
            .set((fields, igeo_countries::updated_at.eq(now())))
            .returning(igeo_countries::all_columns)
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: CountryId) -> DbResult<()> {
        if diesel::delete(igeo_countries::table.find(id)).execute(conn)? == 0 {
            return Err(crate::DbError::NotFound);
        }
        Ok(())
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &CountryFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<CountryRow>> {
        let pattern = contains_pattern(&filter.search);
        macro_rules! selected {
            () => {{
                let mut query = igeo_countries::table.into_boxed();
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(igeo_countries::name, pattern)
                            .or(matches_search(igeo_countries::iso_code, pattern)),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select(IgeoCountry::as_select());
        query = sorted_by!(query, &filter.sort, COUNTRY_SORT_KEYS, {
            "name" => [igeo_countries::name],
            "isoCode" => [igeo_countries::iso_code],
        });
        query = page_of!(query, page, igeo_countries::id);
        let countries: Vec<IgeoCountry> = query.load(conn)?;
        let ids: Vec<CountryId> = countries.iter().map(|c| c.id).collect();
        let entries: Vec<(CountryParticipantId, CountryId, OlympiadId)> =
            country_participants::table
                .filter(country_participants::country_id.eq_any(&ids))
                .select((
                    country_participants::id,
                    country_participants::country_id,
                    country_participants::olympiad_id,
                ))
                .load(conn)?;
        let rows = countries
            .into_iter()
            .map(|country| {
                let own: Vec<_> = entries.iter().filter(|e| e.1 == country.id).collect();
                CountryRow {
                    country_participant_id: own
                        .iter()
                        .find(|e| Some(e.2) == filter.olympiad_id)
                        .map(|e| e.0),
                    entry_count: own.len() as i64,
                    country,
                }
            })
            .collect();
        Ok(Paged { rows, total })
    }
}

/// The keys the grid of countries' entries sorts by (see `sorted_by!`).
pub const PARTICIPANT_SORT_KEYS: &[&str] = &["countryName", "status"];

impl CountryParticipant {
    pub fn members(&self) -> Vec<String> {
        serde_json::from_str(&self.team_members).unwrap_or_default()
    }

    pub fn find(conn: &mut DbConnection, id: CountryParticipantId) -> DbResult<CountryParticipant> {
        Ok(country_participants::table
            .find(id)
            .select(CountryParticipant::as_select())
            .first(conn)?)
    }

    pub fn create(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        country_id: CountryId,
        fields: &CountryParticipantUpdateForm,
    ) -> DbResult<CountryParticipant> {
        Ok(diesel::insert_into(country_participants::table)
            .values((
                country_participants::olympiad_id.eq(olympiad_id),
                country_participants::country_id.eq(country_id),
                country_participants::status.eq(fields.status.as_str()),
                country_participants::team_leader_name.eq(&fields.team_leader_name),
                country_participants::team_leader_email.eq(&fields.team_leader_email),
                country_participants::team_leader_phone.eq(&fields.team_leader_phone),
                country_participants::team_members.eq(&fields.team_members),
                country_participants::invoice_name.eq(&fields.invoice_name),
                country_participants::invoice_email.eq(&fields.invoice_email),
                country_participants::invoice_address.eq(&fields.invoice_address),
            ))
            .returning(country_participants::all_columns)
            .get_result(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: CountryParticipantId,
        fields: &CountryParticipantUpdateForm,
    ) -> DbResult<CountryParticipant> {
        Ok(diesel::update(country_participants::table.find(id))
            .set((fields.clone(), country_participants::updated_at.eq(now())))
            .returning(country_participants::all_columns)
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: CountryParticipantId) -> DbResult<()> {
        if diesel::delete(country_participants::table.find(id)).execute(conn)? == 0 {
            return Err(crate::DbError::NotFound);
        }
        Ok(())
    }

    pub fn for_country(
        conn: &mut DbConnection,
        country_id: CountryId,
    ) -> DbResult<Vec<CountryParticipant>> {
        Ok(country_participants::table
            .filter(country_participants::country_id.eq(country_id))
            .order(country_participants::id)
            .select(CountryParticipant::as_select())
            .load(conn)?)
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &CountryFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<CountryParticipantRow>> {
        let pattern = contains_pattern(&filter.search);
        macro_rules! selected {
            () => {{
                let mut query = country_participants::table
                    .inner_join(igeo_countries::table)
                    .inner_join(olympiads::table)
                    .into_boxed();
                if let Some(olympiad_id) = filter.olympiad_id {
                    query = query.filter(country_participants::olympiad_id.eq(olympiad_id));
                }
                if let Some(status) = &filter.status {
                    query = query.filter(country_participants::status.eq(status.clone()));
                }
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(igeo_countries::name, pattern)
                            .or(matches_search(
                                country_participants::team_leader_name,
                                pattern,
                            ))
                            .or(matches_search(igeo_countries::iso_code, pattern)),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select((
            CountryParticipant::as_select(),
            igeo_countries::name,
            igeo_countries::iso_code,
            olympiads::title,
        ));
        query = sorted_by!(query, &filter.sort, PARTICIPANT_SORT_KEYS, {
            "countryName" => [igeo_countries::name],
            "status" => [country_participants::status],
        });
        query = page_of!(query, page, country_participants::id);
        let rows: Vec<(CountryParticipant, String, String, String)> = query.load(conn)?;
        Ok(Paged {
            rows: rows
                .into_iter()
                .map(
                    |(entry, country_name, iso_code, olympiad_title)| CountryParticipantRow {
                        team_members: entry.members(),
                        entry,
                        country_name,
                        iso_code,
                        olympiad_title,
                    },
                )
                .collect(),
            total,
        })
    }
}
