use crate::error::DbResult;
use crate::schema::system_config;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// The platform's switches: one row, id 1, made by the migration.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = system_config)]
#[serde(rename_all = "camelCase")]
pub struct SystemConfig {
    #[serde(skip)]
    pub id: i64,
    /// The public sites show the maintenance page instead of their pages.
    pub maintenance_mode: bool,
    pub maintenance_message: String,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = system_config)]
pub struct SystemConfigUpdateForm {
    pub maintenance_mode: bool,
    pub maintenance_message: String,
}

const THE_ROW: i64 = 1;

impl SystemConfig {
    pub fn get(conn: &mut DbConnection) -> DbResult<SystemConfig> {
        Ok(system_config::table
            .find(THE_ROW)
            .select(SystemConfig::as_select())
            .first(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        form: &SystemConfigUpdateForm,
    ) -> DbResult<SystemConfig> {
        Ok(diesel::update(system_config::table.find(THE_ROW))
            .set((form, system_config::updated_at.eq(now())))
            .returning(system_config::all_columns)
            .get_result(conn)?)
    }
}
