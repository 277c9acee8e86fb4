//! The overlord's log viewers: the platform's own events (app log) and who did what (activity log).

use crate::envelope::{ok, ApiResult, Envelope};
use crate::error::ApiError;
use crate::listing::{file, ExportFormat};
use crate::manifest::{Area, OVERLORD};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use olympiad_documents::Table;
use olympiad_office::logs::{self, ActivityLogQuery, AppLogQuery};
use olympiad_office::OfficeResult;
use olympiad_persistence::models::{ActivityLog, AppLog};
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("logs")
        .route(app_log_all, OVERLORD)
        .route(app_log_keys, OVERLORD)
        .route(activity_log, OVERLORD)
}

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
    let log = Log {
        file_name: "app-log",
        entries: logs::app_log,
        export: logs::app_log_export,
    };
    log.answer(&state, query.into_inner(), export.format).await
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
    let log = Log {
        file_name: "activity-log",
        entries: logs::activity,
        export: logs::activity_export,
    };
    log.answer(&state, query.into_inner(), export.format).await
}

/// One log viewer: its entries for the grid, and the same entries as a file.
struct Log<Q, E> {
    file_name: &'static str,
    entries: fn(&mut DbConnection, &Q) -> OfficeResult<Vec<E>>,
    export: fn(&mut DbConnection, &Q) -> OfficeResult<Table>,
}

impl<Q: Send + 'static, E: Serialize + Send + 'static> Log<Q, E> {
    /// The entries the query selects in the envelope, or with `format` as a file; read from the
    /// replica where there is one (the viewers can wait).
    async fn answer(
        self,
        state: &AppState,
        query: Q,
        format: Option<ExportFormat>,
    ) -> Result<HttpResponse, ApiError> {
        let reader = state.db.reader();
        match format {
            Some(format) => {
                let export = self.export;
                let table = reader.office(move |conn| export(conn, &query)).await?;
                file(format, self.file_name, &table)
            }
            None => {
                let entries = self.entries;
                let data = reader.office(move |conn| entries(conn, &query)).await?;
                Ok(HttpResponse::Ok().json(Envelope {
                    success: true,
                    data,
                }))
            }
        }
    }
}
