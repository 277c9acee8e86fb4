use crate::error::DbResult;
use crate::models::listing::{
    contains_pattern, matches_search, page_of, sorted_by, Page, Paged, Sort,
};
use crate::schema::{school_participants, schools};
use crate::{now, row_columns, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{OlympiadId, SchoolId, SchoolParticipantId};
use serde::Serialize;
use utoipa::ToSchema;

/// A school, in South Africa or (for igeo) elsewhere.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = schools)]
#[serde(rename_all = "camelCase")]
pub struct School {
    #[schema(value_type = i64)]
    pub id: SchoolId,
    #[diesel(embed)]
    #[serde(flatten)]
    pub details: SchoolForm,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

/// Every field a person edits; used to create a school and to change one.
#[derive(
    Debug, Clone, Default, Queryable, Selectable, Insertable, AsChangeset, Serialize, ToSchema,
)]
#[diesel(table_name = schools, treat_none_as_null = true)]
#[serde(rename_all = "camelCase")]
pub struct SchoolForm {
    pub name: String,
    pub emis_number: Option<String>,
    pub province: String,
    pub district: String,
    pub town: String,
    pub street_address: String,
    pub postal_address: String,
    pub phone: String,
    pub email: String,
    /// public or independent
    pub sector: String,
    pub quintile: Option<i32>,
    pub language_of_teaching: String,
    /// ISO 3166 alpha-2
    pub country_code: String,
}

/// A school as the Schools grids show it: with whether (and how) it is entered in the olympiad
/// the grid is about, and in how many olympiads it has ever been entered.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolRow {
    #[serde(flatten)]
    pub school: School,
    /// Its entry in the olympiad of the list, if any.
    #[schema(value_type = Option<i64>)]
    pub school_participant_id: Option<SchoolParticipantId>,
    pub entry_status: Option<String>,
    pub entry_count: i64,
}

#[derive(Debug, Clone, Default)]
pub struct SchoolFilter {
    /// The olympiad whose entries the rows show.
    pub olympiad_id: Option<OlympiadId>,
    pub search: String,
    pub province: Option<String>,
    pub sector: Option<String>,
    pub country_code: Option<String>,
    /// Only schools entered (true) or not entered (false) in `olympiad_id`.
    pub entered: Option<bool>,
    pub sort: Vec<Sort>,
}

/// The keys the grid of schools sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &[
    "name",
    "emisNumber",
    "province",
    "town",
    "quintile",
    "createdAt",
];

impl School {
    pub fn find(conn: &mut DbConnection, id: SchoolId) -> DbResult<School> {
        Ok(schools::table
            .find(id)
            .select(School::as_select())
            .first(conn)?)
    }

    /// The olympiads the school is entered in: a school is shared by all of them.
    pub fn olympiad_ids(conn: &mut DbConnection, id: SchoolId) -> DbResult<Vec<OlympiadId>> {
        Ok(school_participants::table
            .filter(school_participants::school_id.eq(id))
            .select(school_participants::olympiad_id)
            .distinct()
            .load(conn)?)
    }

    pub fn by_emis(conn: &mut DbConnection, emis: &str) -> DbResult<Option<School>> {
        Ok(schools::table
            .filter(schools::emis_number.eq(emis))
            .select(School::as_select())
            .first(conn)
            .optional()?)
    }

    pub fn create(conn: &mut DbConnection, fields: &SchoolForm) -> DbResult<School> {
        Ok(diesel::insert_into(schools::table)
            .values(fields)
            .returning(row_columns::<School>())
            .get_result(conn)?)
    }

    pub fn update(conn: &mut DbConnection, id: SchoolId, fields: &SchoolForm) -> DbResult<School> {
        Ok(diesel::update(schools::table.find(id))
            .set((fields, schools::updated_at.eq(now())))
            .returning(row_columns::<School>())
            .get_result(conn)?)
    }

    /// Deletes a school nothing refers to; a school with entries, teachers or learners is merged
    /// into another instead (the database refuses the delete).
    pub fn delete(conn: &mut DbConnection, id: SchoolId) -> DbResult<()> {
        let deleted = diesel::delete(schools::table.find(id)).execute(conn)?;
        if deleted == 0 {
            return Err(crate::DbError::NotFound);
        }
        Ok(())
    }

    /// Every school's id, name and town: for finding names like a typed one (a few tens of
    /// thousands of short rows at most).
    pub fn names(conn: &mut DbConnection) -> DbResult<Vec<(SchoolId, String, String)>> {
        Ok(schools::table
            .select((schools::id, schools::name, schools::town))
            .load(conn)?)
    }

    pub fn by_ids(conn: &mut DbConnection, ids: &[SchoolId]) -> DbResult<Vec<School>> {
        Ok(schools::table
            .filter(schools::id.eq_any(ids))
            .select(School::as_select())
            .load(conn)?)
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &SchoolFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<SchoolRow>> {
        let pattern = contains_pattern(&filter.search);
        let entered_ids = |olympiad_id: OlympiadId| {
            school_participants::table
                .filter(school_participants::olympiad_id.eq(olympiad_id))
                .select(school_participants::school_id)
        };
        macro_rules! selected {
            () => {{
                let mut query = schools::table.into_boxed();
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(schools::name, pattern)
                            .or(matches_search(schools::town, pattern))
                            .or(schools::emis_number.like(pattern.clone()).escape('\\'))
                            .or(matches_search(schools::email, pattern)),
                    );
                }
                if let Some(province) = &filter.province {
                    query = query.filter(schools::province.eq(province.clone()));
                }
                if let Some(sector) = &filter.sector {
                    query = query.filter(schools::sector.eq(sector.clone()));
                }
                if let Some(country) = &filter.country_code {
                    query = query.filter(schools::country_code.eq(country.clone()));
                }
                match (filter.entered, filter.olympiad_id) {
                    (Some(true), Some(olympiad_id)) => {
                        query = query.filter(schools::id.eq_any(entered_ids(olympiad_id)));
                    }
                    (Some(false), Some(olympiad_id)) => {
                        query = query.filter(diesel::dsl::not(
                            schools::id.eq_any(entered_ids(olympiad_id)),
                        ));
                    }
                    _ => {}
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select(School::as_select());
        query = sorted_by!(query, &filter.sort, SORT_KEYS, {
            "name" => [schools::name],
            "emisNumber" => [schools::emis_number],
            "province" => [schools::province],
            "town" => [schools::town],
            "quintile" => [schools::quintile],
            "createdAt" => [schools::id],
        });
        query = page_of!(query, page, schools::id);
        let found: Vec<School> = query.load(conn)?;
        let ids: Vec<SchoolId> = found.iter().map(|s| s.id).collect();
        let entries: Vec<(SchoolParticipantId, SchoolId, OlympiadId, String)> =
            school_participants::table
                .filter(school_participants::school_id.eq_any(&ids))
                .select((
                    school_participants::id,
                    school_participants::school_id,
                    school_participants::olympiad_id,
                    school_participants::status,
                ))
                .load(conn)?;
        let rows = found
            .into_iter()
            .map(|school| {
                let own: Vec<_> = entries.iter().filter(|e| e.1 == school.id).collect();
                let this = own
                    .iter()
                    .find(|e| Some(e.2) == filter.olympiad_id)
                    .map(|e| (e.0, e.3.clone()));
                SchoolRow {
                    school_participant_id: this.as_ref().map(|t| t.0),
                    entry_status: this.map(|t| t.1),
                    entry_count: own.len() as i64,
                    school,
                }
            })
            .collect();
        Ok(Paged { rows, total })
    }
}
