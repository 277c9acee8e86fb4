//! The product suite site's projects (`/api/{product}-suite/...`) and the overlord's project lists.
//! `{product}` is the configured product slug; any other value is not found.

use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{get, web};
use chrono::Datelike;
use olympiad_persistence::models::{Olympiad, Project, SubProject};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

fn check_product(state: &AppState, product: &str) -> Result<(), ApiError> {
    if product == state.config.product_slug {
        Ok(())
    } else {
        Err(ApiError::not_found("This product"))
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OlympiadSummary {
    pub id: i64,
    pub name: String,
    pub title: String,
    pub year: i32,
    pub is_open: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuiteProject {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub kind: String,
    pub olympiads: Vec<OlympiadSummary>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SuiteQuery {
    /// Also list olympiads not yet open, of this year or later.
    #[serde(default)]
    pub show_upcoming: bool,
}

fn to_suite_project(
    project: Project,
    olympiads: Vec<Olympiad>,
    show_upcoming: bool,
) -> SuiteProject {
    let this_year = chrono::Utc::now().year();
    SuiteProject {
        olympiads: olympiads
            .into_iter()
            .filter(|o| o.is_open || (show_upcoming && o.year >= this_year))
            .map(|o| OlympiadSummary {
                id: o.id,
                name: o.name,
                title: o.title,
                year: o.year,
                is_open: o.is_open,
            })
            .collect(),
        id: project.id,
        slug: project.slug,
        name: project.name,
        description: project.description,
        kind: project.kind,
    }
}

#[utoipa::path(
    tag = "public site",
    params(("product" = String, Path, description = "The product slug (PRODUCT_SLUG)"), SuiteQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SuiteProject>>)), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/{product}-suite/projects")]
pub async fn suite_projects(
    state: web::Data<AppState>,
    product: web::Path<String>,
    query: web::Query<SuiteQuery>,
) -> ApiResult<Vec<SuiteProject>> {
    check_product(&state, &product)?;
    let show_upcoming = query.show_upcoming;
    let (projects, olympiads) = state
        .db
        .run(|conn| Ok((Project::list(conn)?, Olympiad::list(conn)?)))
        .await?;
    ok(projects
        .into_iter()
        .map(|project| {
            let own = olympiads
                .iter()
                .filter(|o| o.project_id == project.id)
                .cloned()
                .collect();
            to_suite_project(project, own, show_upcoming)
        })
        .collect())
}

#[utoipa::path(
    tag = "public site",
    params(("product" = String, Path, description = "The product slug"), ("id" = String, Path, description = "The project's id or slug")),
    responses((status = 200, body = inline(crate::envelope::Envelope<SuiteProject>)), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/{product}-suite/project/{id}")]
pub async fn suite_project(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> ApiResult<SuiteProject> {
    let (product, id) = path.into_inner();
    check_product(&state, &product)?;
    let found = state
        .db
        .run(move |conn| {
            let project = match id.parse::<i64>() {
                Ok(numeric) => Some(Project::find(conn, numeric)?),
                Err(_) => Project::by_slug(conn, &id)?,
            };
            match project {
                Some(project) => {
                    let olympiads = Olympiad::for_project(conn, project.id)?;
                    Ok(Some((project, olympiads)))
                }
                None => Ok(None),
            }
        })
        .await?;
    let (project, olympiads) = found.ok_or_else(|| ApiError::not_found("This project"))?;
    ok(to_suite_project(project, olympiads, true))
}

#[utoipa::path(
    tag = "projects",
    params(("product" = String, Path, description = "The product slug")),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Project>>)))
)]
#[get("/api/{product}-project")]
pub async fn product_projects(
    state: web::Data<AppState>,
    product: web::Path<String>,
) -> ApiResult<Vec<Project>> {
    check_product(&state, &product)?;
    ok(state.db.run(|conn| Ok(Project::list(conn)?)).await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SubProjectQuery {
    pub project_id: Option<i64>,
}

#[utoipa::path(
    tag = "projects",
    params(("product" = String, Path, description = "The product slug"), SubProjectQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SubProject>>)))
)]
#[get("/api/{product}-sub-project")]
pub async fn product_sub_projects(
    state: web::Data<AppState>,
    product: web::Path<String>,
    query: web::Query<SubProjectQuery>,
) -> ApiResult<Vec<SubProject>> {
    check_product(&state, &product)?;
    let project_id = query.project_id;
    ok(state
        .db
        .run(move |conn| Ok(SubProject::list(conn, project_id)?))
        .await?)
}
