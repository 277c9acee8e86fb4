//! The public sites' pages as their editors keep them: each page's copy (rich text, through the
//! one sanitiser) and the tags search engines and link previews read (title, ogTitle, description,
//! keywords). The product's site is kept by the overlord; a project's by the overlord and by the
//! admins of the project's olympiads. The server reads the same pages to write each page's tags
//! into the HTML it sends.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::text_field;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::rich_text::RichText;
use olympiad_domain::site::{is_page_key, SitePage, PRODUCT_PAGES, PROJECT_PAGES};
use olympiad_domain::Role;
use olympiad_persistence::models::{Olympiad, Project, SiteCopy, SiteCopyForm};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// One page of a site as its visitors and its editors see it; a page nobody has written yet has
/// empty fields and no `updatedAt`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SitePageCopy {
    /// The product's slug or the project's.
    pub site: String,
    pub page_key: String,
    /// The page's address.
    pub path: String,
    /// The page's name in the menus.
    pub page_title: String,
    pub title: String,
    pub og_title: String,
    pub description: String,
    pub keywords: String,
    /// Sanitised HTML.
    pub body: String,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub updated_at: Option<chrono::NaiveDateTime>,
}

/// A site: the product's (`project` is `None`) or a project's.
struct Site {
    slug: String,
    project: Option<Project>,
}

impl Site {
    fn pages(&self) -> &'static [SitePage] {
        if self.project.is_some() {
            PROJECT_PAGES
        } else {
            PRODUCT_PAGES
        }
    }

    fn path_of(&self, page: &SitePage) -> String {
        format!("/{}/{}", self.slug, page.path)
    }
}

/// The site named `name`: the product's slug, or a project's slug or id.
fn find_site(conn: &mut DbConnection, product: &str, name: &str) -> OfficeResult<Site> {
    if name == product {
        return Ok(Site {
            slug: product.to_owned(),
            project: None,
        });
    }
    let project = match name.parse::<i64>() {
        Ok(id) => Project::find(conn, id).or_not_found("This site")?,
        Err(_) => Project::by_slug(conn, name)?
            .ok_or_else(|| OfficeError::NotFound("This site".into()))?,
    };
    Ok(Site {
        slug: project.slug.clone(),
        project: Some(project),
    })
}

fn view(site: &Site, page: &SitePage, stored: Option<SiteCopy>) -> SitePageCopy {
    let path = site.path_of(page);
    let (site, page_key, page_title) = (
        site.slug.clone(),
        page.key.to_owned(),
        page.title.to_owned(),
    );
    match stored {
        Some(copy) => SitePageCopy {
            site,
            page_key,
            path,
            page_title,
            title: copy.content.title,
            og_title: copy.content.og_title,
            description: copy.content.description,
            keywords: copy.content.keywords,
            // Sanitised again on the way out: no row restored from an old backup brings a script.
            body: RichText::new(&copy.content.body).into_string(),
            updated_at: Some(copy.updated_at),
        },
        None => SitePageCopy {
            site,
            page_key,
            path,
            page_title,
            title: String::new(),
            og_title: String::new(),
            description: String::new(),
            keywords: String::new(),
            body: String::new(),
            updated_at: None,
        },
    }
}

fn pages_of(conn: &mut DbConnection, site: &Site) -> OfficeResult<Vec<SitePageCopy>> {
    let mut stored = SiteCopy::list(conn, Some(&site.slug))?;
    Ok(site
        .pages()
        .iter()
        .map(|page| {
            let copy = stored
                .iter()
                .position(|c| c.content.page_key == page.key)
                .map(|at| stored.swap_remove(at));
            view(site, page, copy)
        })
        .collect())
}

/// Every page of one site (`site`: the product's slug, or a project's slug or id), written or not.
pub fn site_pages(
    conn: &mut DbConnection,
    product: &str,
    site: &str,
) -> OfficeResult<Vec<SitePageCopy>> {
    let site = find_site(conn, product, site)?;
    pages_of(conn, &site)
}

/// One page of one site, for the server to write its tags and copy into the HTML it sends.
pub fn site_page(
    conn: &mut DbConnection,
    product: &str,
    site: &str,
    page_key: &str,
) -> OfficeResult<Option<(SitePageCopy, Option<Project>)>> {
    let site = match find_site(conn, product, site) {
        Ok(site) => site,
        Err(OfficeError::NotFound(_)) => return Ok(None),
        Err(other) => return Err(other),
    };
    let Some(page) = site.pages().iter().find(|p| p.key == page_key) else {
        return Ok(None);
    };
    let stored = SiteCopy::page(conn, &site.slug, page_key)?;
    Ok(Some((view(&site, page, stored), site.project.clone())))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WebsiteCopyQuery {
    /// One site's pages (the product's slug, or a project's); without it, the product's.
    #[param(max_length = 100)]
    pub site: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OlympiadCopyQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
}

/// The pages of the site of an olympiad's project, for its admins to edit.
pub fn olympiad_pages(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Vec<SitePageCopy>> {
    caller.require_olympiad(olympiad_id)?;
    let olympiad = Olympiad::find(conn, olympiad_id).or_not_found("This olympiad")?;
    let project = Project::find(conn, olympiad.project_id)?;
    let site = Site {
        slug: project.slug.clone(),
        project: Some(project),
    };
    pages_of(conn, &site)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SiteCopyQuery {
    /// Only the pages of the public sites that exist now (the product's and its projects').
    #[serde(default)]
    pub website_only: bool,
}

/// Every page's tags and copy that has been written, of every site.
pub fn site_copies(
    conn: &mut DbConnection,
    product: &str,
    website_only: bool,
) -> OfficeResult<Vec<SiteCopy>> {
    let copies = SiteCopy::list(conn, None)?;
    if !website_only {
        return Ok(copies);
    }
    let projects = Project::list(conn)?;
    Ok(copies
        .into_iter()
        .filter(|copy| {
            copy.content.site == product || projects.iter().any(|p| p.slug == copy.content.site)
        })
        .collect())
}

/// A page's tags and copy as its editor sends them.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SitePageInput {
    #[schema(min_length = 1, max_length = 100)]
    pub site: String,
    #[schema(min_length = 1, max_length = 40)]
    pub page_key: String,
    #[serde(default)]
    #[schema(max_length = 120)]
    pub title: String,
    #[serde(default)]
    #[schema(max_length = 120)]
    pub og_title: String,
    #[serde(default)]
    #[schema(max_length = 300)]
    pub description: String,
    #[serde(default)]
    #[schema(max_length = 300)]
    pub keywords: String,
    /// Rich text; sanitised before it is kept.
    #[serde(default)]
    #[schema(max_length = 40000)]
    pub body: String,
}

/// The most rich text one page keeps: at six bytes a character (JSON's \u escapes) it still fits
/// the API's JSON limit with the page's other fields.
const BODY_LIMIT: usize = 40_000;

fn body_field(field: &str, html: &str) -> OfficeResult<String> {
    if html.chars().count() > BODY_LIMIT {
        return Err(OfficeError::invalid(
            field,
            format!("must be at most {BODY_LIMIT} characters"),
        ));
    }
    Ok(RichText::new(html).into_string())
}

/// Whether the caller keeps this site: the overlord every site, an admin their olympiad's project's.
fn require_editor(conn: &mut DbConnection, caller: &Caller, site: &Site) -> OfficeResult<()> {
    match (caller.role, &site.project, caller.olympiad_id) {
        (Role::Overlord, _, _) => Ok(()),
        (Role::Admin, Some(project), Some(olympiad_id))
            if Olympiad::find(conn, olympiad_id)?.project_id == project.id =>
        {
            Ok(())
        }
        _ => Err(OfficeError::forbidden(
            "Only the overlord and the admins of this project's olympiads edit its site.",
        )),
    }
}

/// Writes a page's tags and copy; the page shows them at its next visit.
pub fn save_page(
    conn: &mut DbConnection,
    caller: &Caller,
    product: &str,
    input: &SitePageInput,
) -> OfficeResult<SitePageCopy> {
    let site = find_site(conn, product, input.site.trim())
        .map_err(|_| OfficeError::invalid("site", "is not the product or one of its projects"))?;
    let page_key = input.page_key.trim();
    if !is_page_key(page_key, site.project.is_some()) {
        return Err(OfficeError::invalid(
            "pageKey",
            "is not a page of this site",
        ));
    }
    let form = SiteCopyForm {
        site: site.slug.clone(),
        page_key: page_key.to_owned(),
        title: text_field("title", &input.title, 120)?,
        og_title: text_field("ogTitle", &input.og_title, 120)?,
        description: text_field("description", &input.description, 300)?,
        keywords: text_field("keywords", &input.keywords, 300)?,
        body: body_field("body", &input.body)?,
    };
    require_editor(conn, caller, &site)?;
    write_transaction(conn, |conn| {
        let copy = SiteCopy::save(conn, &form)?;
        record_activity(
            conn,
            caller,
            "site_copy_saved",
            None,
            json!({ "site": copy.content.site, "pageKey": copy.content.page_key }),
        )?;
        let page = site
            .pages()
            .iter()
            .find(|p| p.key == copy.content.page_key)
            .copied();
        Ok(view(&site, &page.unwrap_or(PRODUCT_PAGES[0]), Some(copy)))
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewInput {
    #[schema(max_length = 40000)]
    pub body: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Preview {
    /// The text as it will be published: through the same sanitiser as a save.
    pub body: String,
}

/// The text as saving it would publish it, without saving.
pub fn preview(input: &PreviewInput) -> OfficeResult<Preview> {
    Ok(Preview {
        body: body_field("body", &input.body)?,
    })
}

/// Rich text as it will be kept, for the other content areas (FAQ answers, general copy).
pub(crate) fn rich_body(field: &str, html: &str) -> OfficeResult<String> {
    body_field(field, html)
}
