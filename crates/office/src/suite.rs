//! The product suite: the projects the platform runs (each with its olympiads, year by year) as
//! the public suite site shows them, and the projects and sub-projects the overlord lists. The
//! product is named by its slug; any other name is not found.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::{required_field, text_field};
use chrono::Datelike;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::olympiad::OlympiadKind;
use olympiad_persistence::models::{Olympiad, Project, SubProject};
use olympiad_persistence::models::{ProjectInsertForm, ProjectUpdateForm, SubProjectForm};
use olympiad_persistence::write_transaction;
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

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
    #[schema(value_type = i64)]
    pub id: OlympiadId,
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
    /// Olympiads of earlier years, closed, latest first (the site's Past Olympiads).
    pub past_olympiads: Vec<OlympiadSummary>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SuiteQuery {
    /// Also list olympiads not yet open, of this year or later.
    #[serde(default)]
    pub show_upcoming: bool,
}

fn summary(o: Olympiad) -> OlympiadSummary {
    OlympiadSummary {
        id: o.id,
        name: o.name,
        title: o.title,
        year: o.year,
        is_open: o.is_open,
    }
}

fn to_suite_project(
    project: Project,
    olympiads: Vec<Olympiad>,
    show_upcoming: bool,
) -> SuiteProject {
    let this_year = chrono::Utc::now().year();
    let (mut past, current): (Vec<Olympiad>, Vec<Olympiad>) = olympiads
        .into_iter()
        .partition(|o| !o.is_open && o.year < this_year);
    past.sort_by(|a, b| b.year.cmp(&a.year).then(a.title.cmp(&b.title)));
    SuiteProject {
        olympiads: current
            .into_iter()
            .filter(|o| o.is_open || (show_upcoming && o.year >= this_year))
            .map(summary)
            .collect(),
        past_olympiads: past.into_iter().map(summary).collect(),
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

// Public sites and content: the overlord's project and sub-project editing, and one olympiad as
// the public site shows it.

/// One olympiad (by id or name) as the public site shows it, with its project's slug.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebsiteOlympiad {
    #[serde(flatten)]
    pub olympiad: OlympiadSummary,
    pub project_slug: String,
    pub project_name: String,
}

pub fn website_olympiad(conn: &mut DbConnection, id: &str) -> OfficeResult<WebsiteOlympiad> {
    let olympiad = match id.parse::<OlympiadId>() {
        Ok(numeric) => Olympiad::find(conn, numeric).or_not_found("This olympiad")?,
        Err(_) => Olympiad::by_name(conn, id)?
            .ok_or_else(|| OfficeError::NotFound("This olympiad".into()))?,
    };
    let project = Project::find(conn, olympiad.project_id)?;
    Ok(WebsiteOlympiad {
        olympiad: summary(olympiad),
        project_slug: project.slug,
        project_name: project.name,
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectInput {
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub name: String,
    /// One or two sentences: the project's sites and link previews show it.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub description: String,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewProject {
    /// The address of the project's public site (`/{slug}`); it never changes.
    #[schema(min_length = 2, max_length = 60, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")]
    pub slug: String,
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub name: String,
    /// One or two sentences: the project's sites and link previews show it.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub description: String,
    /// Whether its olympiads are entered by schools or by countries.
    #[serde(default = "schools_kind")]
    pub kind: OlympiadKind,
}

fn schools_kind() -> OlympiadKind {
    OlympiadKind::Schools
}

/// Whether a slug is lower-case words joined by hyphens, at most `max` characters.
fn hyphenated_words(slug: &str, max: usize) -> bool {
    !slug.is_empty()
        && slug.len() <= max
        && slug.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// A new project, with its public site at `/{slug}`: the slug is free among the projects and the
/// apps' own addresses. (An olympiad of the same name does not clash: its pages are
/// `/{name}/login` and `/{name}/admin/…`, none of which a project's site uses.) `app_addresses`
/// are the first parts of the addresses the apps serve (`login`, `overlord`): a project's site
/// there would never be reached.
pub fn create_project(
    conn: &mut DbConnection,
    caller: &Caller,
    slug: &str,
    product: &str,
    input: &NewProject,
    app_addresses: &[&str],
) -> OfficeResult<Project> {
    check_product(slug, product)?;
    let project_slug = input.slug.trim();
    if project_slug.len() < 2 || !hyphenated_words(project_slug, 60) {
        return Err(OfficeError::invalid(
            "slug",
            "must be lower-case words joined by hyphens, 2 to 60 characters",
        ));
    }
    if app_addresses.contains(&project_slug) {
        return Err(OfficeError::invalid(
            "slug",
            "is an address of the platform itself",
        ));
    }
    let name = required_field("name", &input.name, 100)?;
    let description = text_field("description", &input.description, 500)?;
    write_transaction(conn, |conn| {
        if Project::by_slug(conn, project_slug)?.is_some() {
            return Err(OfficeError::invalid("slug", "is taken by another project"));
        }
        let form = ProjectInsertForm {
            slug: project_slug,
            name: &name,
            description: &description,
            kind: input.kind,
        };
        let project =
            Project::create(conn, &form).or_taken("slug", "is taken by another project")?;
        record_activity(
            conn,
            caller,
            "project_created",
            None,
            json!({ "projectId": project.id }),
        )?;
        Ok(project)
    })
}

/// Renames a project or changes its description; its slug (its sites' address) stays.
pub fn update_project(
    conn: &mut DbConnection,
    caller: &Caller,
    slug: &str,
    product: &str,
    id: i64,
    input: &ProjectInput,
) -> OfficeResult<Project> {
    check_product(slug, product)?;
    let form = ProjectUpdateForm {
        name: required_field("name", &input.name, 100)?,
        description: text_field("description", &input.description, 500)?,
    };
    write_transaction(conn, |conn| {
        Project::find(conn, id).or_not_found("This project")?;
        let project = Project::update(conn, id, &form)?;
        record_activity(
            conn,
            caller,
            "project_updated",
            None,
            json!({ "projectId": id }),
        )?;
        Ok(project)
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubProjectInput {
    #[schema(minimum = 1)]
    pub project_id: i64,
    /// Lower-case words joined by hyphens.
    #[schema(min_length = 1, max_length = 60, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")]
    pub slug: String,
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub name: String,
}

impl SubProjectInput {
    fn form(&self, conn: &mut DbConnection) -> OfficeResult<SubProjectForm> {
        let slug = self.slug.trim();
        if !hyphenated_words(slug, 60) {
            return Err(OfficeError::invalid(
                "slug",
                "must be lower-case words joined by hyphens, at most 60 characters",
            ));
        }
        let name = required_field("name", &self.name, 100)?;
        Project::find(conn, self.project_id).or_invalid("projectId", "is not a project")?;
        Ok(SubProjectForm {
            project_id: self.project_id,
            slug: slug.to_owned(),
            name,
        })
    }
}

pub fn create_sub_project(
    conn: &mut DbConnection,
    caller: &Caller,
    slug: &str,
    product: &str,
    input: &SubProjectInput,
) -> OfficeResult<SubProject> {
    check_product(slug, product)?;
    write_transaction(conn, |conn| {
        let form = input.form(conn)?;
        let sub = SubProject::create(conn, &form).or_taken("slug", "is taken in this project")?;
        record_activity(
            conn,
            caller,
            "sub_project_created",
            None,
            json!({ "subProjectId": sub.id }),
        )?;
        Ok(sub)
    })
}

pub fn update_sub_project(
    conn: &mut DbConnection,
    caller: &Caller,
    slug: &str,
    product: &str,
    id: i64,
    input: &SubProjectInput,
) -> OfficeResult<SubProject> {
    check_product(slug, product)?;
    write_transaction(conn, |conn| {
        let form = input.form(conn)?;
        SubProject::find(conn, id).or_not_found("This sub-project")?;
        let sub =
            SubProject::update(conn, id, &form).or_taken("slug", "is taken in this project")?;
        record_activity(
            conn,
            caller,
            "sub_project_updated",
            None,
            json!({ "subProjectId": id }),
        )?;
        Ok(sub)
    })
}
