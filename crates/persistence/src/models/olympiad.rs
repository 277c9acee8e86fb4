use crate::error::DbResult;
use crate::schema::olympiads;
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// One year's competition of a project; `name` is the `{olympiadName}` of every URL.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = olympiads)]
#[serde(rename_all = "camelCase")]
pub struct Olympiad {
    pub id: i64,
    pub project_id: i64,
    pub sub_project_id: Option<i64>,
    pub name: String,
    pub title: String,
    pub year: i32,
    pub is_open: bool,
    pub is_pinned: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = olympiads)]
pub struct NewOlympiad<'a> {
    pub project_id: i64,
    pub name: &'a str,
    pub title: &'a str,
    pub year: i32,
    pub is_open: bool,
}

impl Olympiad {
    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<Olympiad>> {
        Ok(olympiads::table
            .order((
                olympiads::is_pinned.desc(),
                olympiads::year.desc(),
                olympiads::name,
            ))
            .select(Olympiad::as_select())
            .load(conn)?)
    }

    pub fn for_project(conn: &mut DbConnection, project_id: i64) -> DbResult<Vec<Olympiad>> {
        Ok(olympiads::table
            .filter(olympiads::project_id.eq(project_id))
            .order((olympiads::year.desc(), olympiads::name))
            .select(Olympiad::as_select())
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Olympiad> {
        Ok(olympiads::table
            .find(id)
            .select(Olympiad::as_select())
            .first(conn)?)
    }

    pub fn by_name(conn: &mut DbConnection, name: &str) -> DbResult<Option<Olympiad>> {
        Ok(olympiads::table
            .filter(olympiads::name.eq(name))
            .select(Olympiad::as_select())
            .first(conn)
            .optional()?)
    }

    /// The olympiad with this name, created when missing (used by the demo seed; safe to repeat).
    pub fn ensure(conn: &mut DbConnection, new: &NewOlympiad) -> DbResult<Olympiad> {
        if let Some(existing) = Olympiad::by_name(conn, new.name)? {
            return Ok(existing);
        }
        Ok(diesel::insert_into(olympiads::table)
            .values(new)
            .returning(olympiads::all_columns)
            .get_result(conn)?)
    }
}
