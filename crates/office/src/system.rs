//! The platform's switches (system config): maintenance mode, which sends every public page's
//! visitor to the maintenance page until the overlord switches it off.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::OfficeResult;
use crate::support::fields::text_field;
use olympiad_persistence::models::{SystemConfig, SystemConfigUpdateForm};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use validator::Validate;

pub fn get(conn: &mut DbConnection) -> OfficeResult<SystemConfig> {
    Ok(SystemConfig::get(conn)?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemConfigInput {
    pub maintenance_mode: bool,
    /// Shown on the maintenance page.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub maintenance_message: String,
}

pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &SystemConfigInput,
) -> OfficeResult<SystemConfig> {
    let form = SystemConfigUpdateForm {
        maintenance_mode: input.maintenance_mode,
        maintenance_message: text_field("maintenanceMessage", &input.maintenance_message, 500)?,
    };
    write_transaction(conn, |conn| {
        let config = SystemConfig::update(conn, &form)?;
        record_activity(
            conn,
            caller,
            "system_config_updated",
            None,
            json!({ "maintenanceMode": config.maintenance_mode }),
        )?;
        Ok(config)
    })
}
