use crate::error::DbResult;
use crate::schema::general_copies;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::OlympiadId;
use serde::Serialize;
use utoipa::ToSchema;

/// A text kept by an olympiad's staff, or by the overlord for the whole platform (no olympiad),
/// under a key such as `terms-and-conditions`. `body` is sanitised HTML.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = general_copies)]
#[serde(rename_all = "camelCase")]
pub struct GeneralCopy {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    pub copy_key: String,
    pub title: String,
    pub body: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, AsChangeset, Insertable)]
#[diesel(table_name = general_copies, treat_none_as_null = true)]
pub struct GeneralCopyForm {
    pub olympiad_id: Option<OlympiadId>,
    pub copy_key: String,
    pub title: String,
    pub body: String,
}

impl GeneralCopy {
    /// The copies of one olympiad, or the platform's own (`None`).
    pub fn list(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<Vec<GeneralCopy>> {
        let query = general_copies::table
            .select(GeneralCopy::as_select())
            .order(general_copies::copy_key)
            .into_boxed();
        let query = match olympiad_id {
            Some(id) => query.filter(general_copies::olympiad_id.eq(id)),
            None => query.filter(general_copies::olympiad_id.is_null()),
        };
        Ok(query.load(conn)?)
    }

    pub fn by_key(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        key: &str,
    ) -> DbResult<Option<GeneralCopy>> {
        Ok(GeneralCopy::list(conn, olympiad_id)?
            .into_iter()
            .find(|copy| copy.copy_key == key))
    }

    /// Writes the copy, creating it the first time (the caller holds a write transaction).
    pub fn save(conn: &mut DbConnection, form: &GeneralCopyForm) -> DbResult<GeneralCopy> {
        match GeneralCopy::by_key(conn, form.olympiad_id, &form.copy_key)? {
            Some(existing) => Ok(diesel::update(general_copies::table.find(existing.id))
                .set((form, general_copies::updated_at.eq(now())))
                .returning(general_copies::all_columns)
                .get_result(conn)?),
            None => Ok(diesel::insert_into(general_copies::table)
                .values(form)
                .returning(general_copies::all_columns)
                .get_result(conn)?),
        }
    }
}
