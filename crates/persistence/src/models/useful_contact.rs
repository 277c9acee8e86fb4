use crate::error::DbResult;
use crate::models::listing::{
    contains_pattern, matches_search, page_of, sorted_by, Page, Paged, Sort,
};
use crate::schema::useful_contacts;
use crate::{now, row_columns, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{OlympiadId, UsefulContactId};
use serde::Serialize;
use utoipa::ToSchema;

/// An interested and affected party: someone the olympiad's office keeps in touch with (a
/// sponsor, a district official, a subject adviser).
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = useful_contacts)]
#[serde(rename_all = "camelCase")]
pub struct UsefulContact {
    #[schema(value_type = i64)]
    pub id: UsefulContactId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[diesel(embed)]
    #[serde(flatten)]
    pub details: UsefulContactForm,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

/// What a person keeps of a contact.
#[derive(
    Debug, Clone, Default, Queryable, Selectable, Insertable, AsChangeset, Serialize, ToSchema,
)]
#[diesel(table_name = useful_contacts)]
#[serde(rename_all = "camelCase")]
pub struct UsefulContactForm {
    pub name: String,
    pub organisation: String,
    pub role: String,
    pub email: String,
    pub phone: String,
    pub notes: String,
}

/// The keys the grid of useful contacts sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &["name", "organisation", "role"];

impl UsefulContact {
    pub fn find(conn: &mut DbConnection, id: UsefulContactId) -> DbResult<UsefulContact> {
        Ok(useful_contacts::table
            .find(id)
            .select(UsefulContact::as_select())
            .first(conn)?)
    }

    pub fn create(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        fields: &UsefulContactForm,
    ) -> DbResult<UsefulContact> {
        Ok(diesel::insert_into(useful_contacts::table)
            .values((useful_contacts::olympiad_id.eq(olympiad_id), fields))
            .returning(row_columns::<UsefulContact>())
            .get_result(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: UsefulContactId,
        fields: &UsefulContactForm,
    ) -> DbResult<UsefulContact> {
        Ok(diesel::update(useful_contacts::table.find(id))
            .set((fields, useful_contacts::updated_at.eq(now())))
            .returning(row_columns::<UsefulContact>())
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: UsefulContactId) -> DbResult<()> {
        if diesel::delete(useful_contacts::table.find(id)).execute(conn)? == 0 {
            return Err(crate::DbError::NotFound);
        }
        Ok(())
    }

    pub fn list(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        search: &str,
        sort: &[Sort],
        page: Option<Page>,
    ) -> DbResult<Paged<UsefulContact>> {
        let pattern = contains_pattern(search);
        macro_rules! selected {
            () => {{
                let mut query = useful_contacts::table.into_boxed();
                if let Some(olympiad_id) = olympiad_id {
                    query = query.filter(useful_contacts::olympiad_id.eq(olympiad_id));
                }
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(useful_contacts::name, pattern)
                            .or(matches_search(useful_contacts::organisation, pattern))
                            .or(matches_search(useful_contacts::role, pattern))
                            .or(matches_search(useful_contacts::email, pattern)),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select(UsefulContact::as_select());
        query = sorted_by!(query, sort, SORT_KEYS, {
            "name" => [useful_contacts::name],
            "organisation" => [useful_contacts::organisation],
            "role" => [useful_contacts::role],
        });
        query = page_of!(query, page, useful_contacts::id);
        Ok(Paged {
            rows: query.load(conn)?,
            total,
        })
    }
}
