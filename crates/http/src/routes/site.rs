//! The public sites' pages: their copy and tags (`/api/website-copy`, `/api/website/copy/{id}`,
//! `/api/site-copy`), the editors' preview, and one olympiad as the site shows it.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::manifest::{Allowed::Public, Area, ADMIN_OR_OVERLORD};
use crate::state::AppState;
use actix_web::{get, post, web};
use olympiad_office::site::{
    self, OlympiadCopyQuery, Preview, PreviewInput, SiteCopyQuery, SitePageCopy, SitePageInput,
    WebsiteCopyQuery,
};
use olympiad_office::suite::{self, WebsiteOlympiad};
use olympiad_persistence::models::SiteCopy;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("site")
        .route(website_copy_olympiad, ADMIN_OR_OVERLORD)
        .route(website_copy_preview, ADMIN_OR_OVERLORD)
        .route(website_copy, Public)
        .route(website_copy_of_site, Public)
        .unscoped("public: a page's published copy")
        .route(website_olympiad, Public)
        .unscoped("public: an olympiad's public page")
        .route(site_copy_list, ADMIN_OR_OVERLORD)
        .route(site_copy_save, ADMIN_OR_OVERLORD)
        .beyond_schema("pageKey must be a page of the site")
}

/// A site's pages, each with its copy and tags (the product's site when `site` is left out).
#[utoipa::path(
    operation_id = "website_copy_list",
    tag = "public site",
    params(WebsiteCopyQuery),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<Vec<SitePageCopy>>)),
        (status = 404, description = "`site` names neither the product nor a project", body = crate::error::ErrorBody)
    )
)]
#[get("/api/website-copy")]
pub async fn website_copy(
    state: web::Data<AppState>,
    query: web::Query<WebsiteCopyQuery>,
) -> ApiResult<Vec<SitePageCopy>> {
    let product = state.config.product_slug.clone();
    let site = query.into_inner().site.unwrap_or_else(|| product.clone());
    state
        .answer(move |conn| site::site_pages(conn, &product, &site))
        .await
}

/// The pages of the site of an olympiad's project, for its admins to edit.
#[utoipa::path(
    operation_id = "website_copy_olympiad",
    tag = "public site",
    params(OlympiadCopyQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SitePageCopy>>)))
)]
#[get("/api/website-copy/olympiad")]
pub async fn website_copy_olympiad(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadCopyQuery>,
) -> ApiResult<Vec<SitePageCopy>> {
    state
        .answer(move |conn| site::olympiad_pages(conn, &caller, query.olympiad_id))
        .await
}

/// Text as saving it would publish it, through the same sanitiser, without saving.
#[utoipa::path(
    operation_id = "website_copy_preview",
    tag = "public site",
    request_body = PreviewInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<Preview>)))
)]
#[post("/api/website-copy/preview")]
pub async fn website_copy_preview(_caller: Caller, body: Body<PreviewInput>) -> ApiResult<Preview> {
    ok(site::preview(&body.into_inner())?)
}

/// One site's pages (`{id}`: the product's slug, or a project's slug or id).
#[utoipa::path(
    operation_id = "website_copy_of_site",
    tag = "public site",
    params(("id" = String, Path, description = "The product's slug, or a project's slug or id")),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SitePageCopy>>)))
)]
#[get("/api/website/copy/{id}")]
pub async fn website_copy_of_site(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> ApiResult<Vec<SitePageCopy>> {
    let (product, site) = (state.config.product_slug.clone(), id.into_inner());
    state
        .answer(move |conn| site::site_pages(conn, &product, &site))
        .await
}

/// One olympiad (`{id}`: its id or name) as the public site shows it.
#[utoipa::path(
    operation_id = "website_olympiad",
    tag = "public site",
    params(("id" = String, Path, description = "The olympiad's id or name")),
    responses((status = 200, body = inline(crate::envelope::Envelope<WebsiteOlympiad>)))
)]
#[get("/api/website/olympiad/{id}")]
pub async fn website_olympiad(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> ApiResult<WebsiteOlympiad> {
    let id = id.into_inner();
    state
        .answer(move |conn| suite::website_olympiad(conn, &id))
        .await
}

/// Every written page's tags and copy; `websiteOnly`: only of the sites that exist now.
#[utoipa::path(
    operation_id = "site_copy_list",
    tag = "public site",
    params(SiteCopyQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<SiteCopy>>)))
)]
#[get("/api/site-copy")]
pub async fn site_copy_list(
    _caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SiteCopyQuery>,
) -> ApiResult<Vec<SiteCopy>> {
    let (product, website_only) = (state.config.product_slug.clone(), query.website_only);
    state
        .answer(move |conn| site::site_copies(conn, &product, website_only))
        .await
}

/// Writes one page's tags and copy; the page shows them at its next visit.
#[utoipa::path(
    operation_id = "site_copy_save",
    tag = "public site",
    request_body = SitePageInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<SitePageCopy>)))
)]
#[post("/api/site-copy")]
pub async fn site_copy_save(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<SitePageInput>,
) -> ApiResult<SitePageCopy> {
    let (product, input) = (state.config.product_slug.clone(), body.into_inner());
    state
        .answer(move |conn| site::save_page(conn, &caller, &product, &input))
        .await
}
