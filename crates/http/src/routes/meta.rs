//! Health checks, the API's own description, and the access matrix for the apps.

use crate::envelope::{ok, ApiResult};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use olympiad_persistence::models::Project;

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

/// The OpenAPI document of this API (the apps' typed client is generated from it).
pub struct OpenApiDocument(pub String);

#[utoipa::path(tag = "meta", responses((status = 200, description = "OpenAPI 3.1 document", content_type = "application/json")))]
#[get("/api/openapi.json")]
pub async fn openapi_json(document: web::Data<OpenApiDocument>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document.0.clone())
}

/// Every screen, its paths and the roles that may open it, and each role's home (spec section 6).
#[utoipa::path(tag = "meta", responses((status = 200, body = inline(crate::envelope::Envelope<serde_json::Value>))))]
#[get("/api/access-matrix")]
pub async fn access_matrix() -> ApiResult<serde_json::Value> {
    ok(olympiad_domain::access::matrix_json())
}
