//! The overlord's log viewers: the platform's own events (app log) and who did what (activity log).

use crate::envelope::{ok, ApiResult, Envelope};
use crate::error::ApiError;
use crate::listing::{file, ExportFormat};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use olympiad_office::logs::{self, ActivityLogQuery, AppLogQuery};
use olympiad_persistence::models::{ActivityLog, AppLog};
use serde::Deserialize;
use utoipa::IntoParams;

/// A log answers its entries in the envelope, or with `format` the same entries as a file.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogExport {
    /// `csv` or `xlsx`: a file of the entries the other parameters select, newest first, at
    /// most 50,000 (narrow the filters for older ones).
    #[param(inline)]
    pub format: Option<ExportFormat>,
}

#[utoipa::path(
    tag = "logs",
    params(AppLogQuery, LogExport),
    responses((status = 200, description = "The entries, or with `format` a CSV or XLSX file of them (at most 50,000)", body = inline(crate::envelope::Envelope<Vec<AppLog>>)))
)]
#[get("/api/app-log/all")]
pub async fn app_log_all(
    state: web::Data<AppState>,
    query: web::Query<AppLogQuery>,
    export: web::Query<LogExport>,
) -> Result<HttpResponse, ApiError> {
    match export.format {
        Some(format) => {
            let table = state
                .db
                .reader()
                .office(move |conn| logs::app_log_export(conn, &query))
                .await?;
            file(format, "app-log", &table)
        }
        None => {
            let entries = state
                .db
                .reader()
                .office(move |conn| logs::app_log(conn, &query))
                .await?;
            Ok(HttpResponse::Ok().json(Envelope {
                success: true,
                data: entries,
            }))
        }
    }
}

#[utoipa::path(tag = "logs", responses((status = 200, body = inline(crate::envelope::Envelope<Vec<String>>))))]
#[get("/api/app-log/keys")]
pub async fn app_log_keys(state: web::Data<AppState>) -> ApiResult<Vec<String>> {
    ok(state
        .db
        .reader()
        .run(|conn| Ok(logs::app_log_keys(conn)?))
        .await?)
}

#[utoipa::path(
    tag = "logs",
    params(ActivityLogQuery, LogExport),
    responses((status = 200, description = "At most 2,000 entries, or with `format` a CSV or XLSX file of at most 50,000", body = inline(crate::envelope::Envelope<Vec<ActivityLog>>)))
)]
#[get("/api/activity-log")]
pub async fn activity_log(
    state: web::Data<AppState>,
    query: web::Query<ActivityLogQuery>,
    export: web::Query<LogExport>,
) -> Result<HttpResponse, ApiError> {
    match export.format {
        Some(format) => {
            let table = state
                .db
                .reader()
                .office(move |conn| logs::activity_export(conn, &query))
                .await?;
            file(format, "activity-log", &table)
        }
        None => {
            let entries = state
                .db
                .reader()
                .office(move |conn| logs::activity(conn, &query))
                .await?;
            Ok(HttpResponse::Ok().json(Envelope {
                success: true,
                data: entries,
            }))
        }
    }
}
