use crate::error::DbResult;
use crate::schema::projects;
use crate::words::Word;
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::olympiad::OlympiadKind;
use serde::Serialize;
use utoipa::ToSchema;

/// A product line with a public site of its own: geography, afrikaans, history, igeo, caps-review.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = projects)]
#[serde(rename_all = "camelCase")]
pub struct Project {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub kind: OlympiadKind,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = projects)]
pub struct ProjectInsertForm<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub description: &'a str,
    #[diesel(serialize_as = Word)]
    pub kind: OlympiadKind,
}

/// What the overlord changes of a project; its slug, its sites' address, stays.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = projects)]
pub struct ProjectUpdateForm {
    pub name: String,
    pub description: String,
}

impl Project {
    pub fn update(conn: &mut DbConnection, id: i64, form: &ProjectUpdateForm) -> DbResult<Project> {
        Ok(diesel::update(projects::table.find(id))
            .set(form)
            .returning(projects::all_columns)
            .get_result(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<Project>> {
        Ok(projects::table
            .order(projects::name)
            .select(Project::as_select())
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Project> {
        Ok(projects::table
            .find(id)
            .select(Project::as_select())
            .first(conn)?)
    }

    pub fn by_slug(conn: &mut DbConnection, slug: &str) -> DbResult<Option<Project>> {
        Ok(projects::table
            .filter(projects::slug.eq(slug))
            .select(Project::as_select())
            .first(conn)
            .optional()?)
    }

    /// A new project; a slug already taken is a conflict.
    pub fn create(conn: &mut DbConnection, new: &ProjectInsertForm) -> DbResult<Project> {
        Ok(diesel::insert_into(projects::table)
            .values(new.clone())
            .returning(projects::all_columns)
            .get_result(conn)?)
    }

    /// The project with this slug, created when missing (used by the demo seed; safe to repeat).
    pub fn ensure(conn: &mut DbConnection, new: &ProjectInsertForm) -> DbResult<Project> {
        if let Some(existing) = Project::by_slug(conn, new.slug)? {
            return Ok(existing);
        }
        Ok(diesel::insert_into(projects::table)
            .values(new.clone())
            .returning(projects::all_columns)
            .get_result(conn)?)
    }
}
