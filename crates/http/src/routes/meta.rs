//! Health checks, the API's own description, and the access matrix for the apps.

use crate::envelope::{ok, ApiResult};
use crate::manifest::{Allowed::Public, Area, METRICS_READERS};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use olympiad_persistence::models::Project;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("meta")
        .route(metrics, METRICS_READERS)
        .route(openapi_json, Public)
        .route(access_matrix, Public)
}

/// The process is up.
#[utoipa::path(tag = "meta", responses((status = 200, description = "ok")))]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain").body("ok")
}

/// The database answers; a load balancer sends traffic only to ready nodes.
#[utoipa::path(tag = "meta", responses((status = 200, description = "ready"), (status = 503, description = "the database does not answer")))]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    match state
        .db
        .run(|conn| Ok(Project::list(conn).map(|_| ())?))
        .await
    {
        Ok(()) => HttpResponse::Ok().content_type("text/plain").body("ready"),
        Err(error) => {
            log::warn!("not ready: {error}");
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain")
                .body("database unavailable")
        }
    }
}

/// This node's metrics in Prometheus' text format: requests and latency per route, answer batches,
/// the job queue and the database pool. An overlord's token, or `METRICS_SECRET` as bearer token.
#[utoipa::path(tag = "meta", responses(
    (status = 200, description = "Prometheus text format 0.0.4", content_type = "text/plain"),
    (status = 401, description = "No token, or neither an overlord's nor the scrape secret", body = crate::error::ErrorBody),
    (status = 403, description = "A role that may not read the metrics", body = crate::error::ErrorBody)))]
#[get("/metrics")]
pub async fn metrics(state: web::Data<AppState>) -> Result<HttpResponse, crate::error::ApiError> {
    let (jobs, oldest_due) = state
        .db
        .run(|conn| Ok(olympiad_persistence::models::Job::queue_gauges(conn)?))
        .await?;
    let (pool_size, pool_connections, pool_idle) = state.db.pool_state();
    let gauges = crate::metrics::Gauges {
        jobs,
        oldest_due_job_seconds: oldest_due
            .map(|at| (olympiad_persistence::now() - at).as_seconds_f64().max(0.0))
            .unwrap_or(0.0),
        pool_size,
        pool_connections,
        pool_idle,
        read_pool: state.db.replica_state().map(|(pool, fallbacks)| {
            crate::metrics::ReadPoolGauges {
                size: pool.size,
                connections: pool.connections,
                idle: pool.idle,
                fallbacks,
            }
        }),
    };
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(crate::metrics::render(&gauges)))
}

/// The OpenAPI document of this API (the apps' typed client is generated from it).
pub struct OpenApiDocument(pub String);

#[utoipa::path(tag = "meta", responses((status = 200, description = "OpenAPI 3.1 document", content_type = "application/json")))]
#[get("/api/openapi.json")]
pub async fn openapi_json(document: web::Data<OpenApiDocument>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document.0.clone())
}

/// Every screen, its paths and the roles that may open it, and each role's home.
#[utoipa::path(tag = "meta", responses((status = 200, body = inline(crate::envelope::Envelope<serde_json::Value>))))]
#[get("/api/access-matrix")]
pub async fn access_matrix() -> ApiResult<serde_json::Value> {
    ok(crate::screens::matrix_json())
}
