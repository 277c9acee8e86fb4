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

impl SubProject {
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
