//! The product suite: the projects the platform runs (each with its olympiads, year by year) as
//! the public suite site shows them, and the projects and sub-projects the overlord lists. The
//! product is named by its slug; any other name is not found.

use crate::error::{OfficeError, OfficeResult};
use chrono::Datelike;
use olympiad_domain::olympiad::OlympiadKind;
use olympiad_persistence::models::{Olympiad, Project, SubProject};
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Refuses a product other than the one this platform runs (`slug`).
fn check_product(slug: &str, product: &str) -> OfficeResult<()> {
    if product == slug {
        Ok(())
    } else {
        Err(OfficeError::NotFound("This product".into()))
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
    pub kind: OlympiadKind,
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

/// Every project with its open olympiads (and, when asked, those still to come).
pub fn projects(
    conn: &mut DbConnection,
    slug: &str,
    product: &str,
    show_upcoming: bool,
) -> OfficeResult<Vec<SuiteProject>> {
    check_product(slug, product)?;
    let (projects, olympiads) = (Project::list(conn)?, Olympiad::list(conn)?);
    Ok(projects
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

/// One project, by its id or its slug, with its open and upcoming olympiads.
pub fn project(
    conn: &mut DbConnection,
    slug: &str,
    product: &str,
    id: &str,
) -> OfficeResult<SuiteProject> {
    check_product(slug, product)?;
    let project = match id.parse::<i64>() {
        Ok(numeric) => Project::find(conn, numeric)?,
        Err(_) => Project::by_slug(conn, id)?
            .ok_or_else(|| OfficeError::NotFound("This project".into()))?,
    };
    let olympiads = Olympiad::for_project(conn, project.id)?;
    Ok(to_suite_project(project, olympiads, true))
}

/// The product's projects, for the overlord.
pub fn product_projects(
    conn: &mut DbConnection,
    slug: &str,
    product: &str,
) -> OfficeResult<Vec<Project>> {
    check_product(slug, product)?;
    Ok(Project::list(conn)?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SubProjectQuery {
    #[param(minimum = 1)]
    pub project_id: Option<i64>,
}

/// The sub-projects of one project, or of all.
pub fn sub_projects(
    conn: &mut DbConnection,
    slug: &str,
    product: &str,
    project_id: Option<i64>,
) -> OfficeResult<Vec<SubProject>> {
    check_product(slug, product)?;
    Ok(SubProject::list(conn, project_id)?)
}
