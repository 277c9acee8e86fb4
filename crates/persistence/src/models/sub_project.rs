use crate::error::DbResult;
use crate::schema::sub_projects;
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A part of a project with its own olympiads (for example a grade band of the review product).
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = sub_projects)]
#[serde(rename_all = "camelCase")]
pub struct SubProject {
    pub id: i64,
    pub project_id: i64,
    pub slug: String,
    pub name: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, AsChangeset, Insertable)]
#[diesel(table_name = sub_projects)]
pub struct SubProjectForm {
    pub project_id: i64,
    pub slug: String,
    pub name: String,
}

impl SubProject {
    pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<SubProject> {
        Ok(sub_projects::table
            .find(id)
            .select(SubProject::as_select())
            .first(conn)?)
    }

    pub fn create(conn: &mut DbConnection, form: &SubProjectForm) -> DbResult<SubProject> {
        Ok(diesel::insert_into(sub_projects::table)
            .values(form)
            .returning(sub_projects::all_columns)
            .get_result(conn)?)
    }

    pub fn update(conn: &mut DbConnection, id: i64, form: &SubProjectForm) -> DbResult<SubProject> {
        Ok(diesel::update(sub_projects::table.find(id))
            .set(form)
            .returning(sub_projects::all_columns)
            .get_result(conn)?)
    }

    pub fn list(conn: &mut DbConnection, project_id: Option<i64>) -> DbResult<Vec<SubProject>> {
        let mut query = sub_projects::table
            .select(SubProject::as_select())
            .order((sub_projects::project_id, sub_projects::name))
            .into_boxed();
        if let Some(project_id) = project_id {
            query = query.filter(sub_projects::project_id.eq(project_id));
        }
        Ok(query.load(conn)?)
    }
}
