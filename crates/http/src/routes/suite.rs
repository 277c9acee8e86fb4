//! The product suite site's projects (`/api/{product}-suite/...`) and the overlord's project lists.
//! `{product}` is the configured product slug; any other value is not found.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::state::AppState;
use actix_web::{get, post, put, web};
use olympiad_office::suite::{
    self, NewProject, ProjectInput, SubProjectInput, SubProjectQuery, SuiteProject, SuiteQuery,
};
use olympiad_persistence::models::{Project, SubProject};

use crate::manifest::{Allowed::Public, Area, OVERLORD};
pub use olympiad_office::suite::OlympiadSummary;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("suite")
        .route(suite_projects, Public)
        .unscoped("public")
        .route(suite_project, Public)
        .unscoped("public")
        .route(product_sub_projects, OVERLORD)
        .unscoped("overlord only")
        .route(product_projects, OVERLORD)
        .unscoped("overlord only")
        .route(create_sub_project, OVERLORD)
        .unscoped("overlord only")
        .route(create_project, OVERLORD)
        .unscoped("overlord only")
        .route(update_sub_project, OVERLORD)
        .unscoped("overlord only")
        .route(update_project, OVERLORD)
        .unscoped("overlord only")
}

#[utoipa::path(
    tag = "public site",
    params(("product" = String, Path, pattern = "^[a-z0-9-]+$", description = "The product slug (PRODUCT_SLUG)"), SuiteQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SuiteProject>>)))
)]
#[get("/api/{product}-suite/projects")]
pub async fn suite_projects(
    state: web::Data<AppState>,
    product: web::Path<String>,
    query: web::Query<SuiteQuery>,
) -> ApiResult<Vec<SuiteProject>> {
    let (slug, upcoming) = (state.config.product_slug.clone(), query.show_upcoming);
    state
        .answer(move |conn| suite::projects(conn, &slug, &product, upcoming))
        .await
}

#[utoipa::path(
    tag = "public site",
    params(("product" = String, Path, pattern = "^[a-z0-9-]+$", description = "The product slug"), ("id" = String, Path, description = "The project's id or slug")),
    responses((status = 200, body = inline(crate::envelope::Envelope<SuiteProject>)))
)]
#[get("/api/{product}-suite/project/{id}")]
pub async fn suite_project(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> ApiResult<SuiteProject> {
    let ((product, id), slug) = (path.into_inner(), state.config.product_slug.clone());
    state
        .answer(move |conn| suite::project(conn, &slug, &product, &id))
        .await
}

#[utoipa::path(
    tag = "projects",
    params(("product" = String, Path, pattern = "^[a-z0-9-]+$", description = "The product slug")),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Project>>)))
)]
#[get("/api/{product}-project")]
pub async fn product_projects(
    state: web::Data<AppState>,
    product: web::Path<String>,
) -> ApiResult<Vec<Project>> {
    let slug = state.config.product_slug.clone();
    state
        .answer(move |conn| suite::product_projects(conn, &slug, &product))
        .await
}

#[utoipa::path(
    tag = "projects",
    params(("product" = String, Path, pattern = "^[a-z0-9-]+$", description = "The product slug"), SubProjectQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SubProject>>)))
)]
#[get("/api/{product}-sub-project")]
pub async fn product_sub_projects(
    state: web::Data<AppState>,
    product: web::Path<String>,
    query: web::Query<SubProjectQuery>,
) -> ApiResult<Vec<SubProject>> {
    let (slug, project_id) = (state.config.product_slug.clone(), query.project_id);
    state
        .answer(move |conn| suite::sub_projects(conn, &slug, &product, project_id))
        .await
}

// Public sites and content: the overlord edits projects and sub-projects.

/// `/api/{product}-…/{id}`.
#[derive(Debug, serde::Deserialize)]
pub struct ProductIdPath {
    pub product: String,
    pub id: i64,
}

#[utoipa::path(
    operation_id = "product_project_create",
    tag = "projects",
    params(("product" = String, Path, pattern = "^[a-z0-9-]+$", description = "The product slug")),
    request_body = NewProject,
    responses((status = 200, body = inline(crate::envelope::Envelope<Project>)))
)]
#[post("/api/{product}-project")]
pub async fn create_project(
    caller: Caller,
    state: web::Data<AppState>,
    product: web::Path<String>,
    body: Body<NewProject>,
) -> ApiResult<Project> {
    let (slug, input) = (state.config.product_slug.clone(), body.into_inner());
    state
        .answer(move |conn| {
            let app_addresses = crate::screens::first_segments();
            suite::create_project(conn, &caller, &slug, &product, &input, &app_addresses)
        })
        .await
}

#[utoipa::path(
    operation_id = "product_project_update",
    tag = "projects",
    params(("product" = String, Path, pattern = "^[a-z0-9-]+$", description = "The product slug"), ("id" = i64, Path, minimum = 1)),
    request_body = ProjectInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<Project>)))
)]
#[put("/api/{product}-project/{id}")]
pub async fn update_project(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<ProductIdPath>,
    body: Body<ProjectInput>,
) -> ApiResult<Project> {
    let (slug, input) = (state.config.product_slug.clone(), body.into_inner());
    state
        .answer(move |conn| {
            suite::update_project(conn, &caller, &slug, &path.product, path.id, &input)
        })
        .await
}

#[utoipa::path(
    operation_id = "product_sub_project_create",
    tag = "projects",
    params(("product" = String, Path, pattern = "^[a-z0-9-]+$", description = "The product slug")),
    request_body = SubProjectInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<SubProject>)))
)]
#[post("/api/{product}-sub-project")]
pub async fn create_sub_project(
    caller: Caller,
    state: web::Data<AppState>,
    product: web::Path<String>,
    body: Body<SubProjectInput>,
) -> ApiResult<SubProject> {
    let (slug, input) = (state.config.product_slug.clone(), body.into_inner());
    state
        .answer(move |conn| suite::create_sub_project(conn, &caller, &slug, &product, &input))
        .await
}

#[utoipa::path(
    operation_id = "product_sub_project_update",
    tag = "projects",
    params(("product" = String, Path, pattern = "^[a-z0-9-]+$", description = "The product slug"), ("id" = i64, Path, minimum = 1)),
    request_body = SubProjectInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<SubProject>)))
)]
#[put("/api/{product}-sub-project/{id}")]
pub async fn update_sub_project(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<ProductIdPath>,
    body: Body<SubProjectInput>,
) -> ApiResult<SubProject> {
    let (slug, input) = (state.config.product_slug.clone(), body.into_inner());
    state
        .answer(move |conn| {
            suite::update_sub_project(conn, &caller, &slug, &path.product, path.id, &input)
        })
        .await
}
