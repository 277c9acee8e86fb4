//! The sites' FAQs and testimonials: read by anyone, kept by the overlord.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Allowed::Public, Area, OVERLORD};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use olympiad_domain::id::{FaqId, TestimonialId};
use olympiad_office::faqs::{self, FaqInput, SiteQuery, TestimonialInput};
use olympiad_persistence::models::{Faq, Testimonial};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("faqs")
        .route(list, Public)
        .route(create, OVERLORD)
        .route(update, OVERLORD)
        .unscoped("overlord only")
        .route(delete_faq, OVERLORD)
        .unscoped("overlord only")
        .route(site_testimonials, Public)
        .route(testimonials, Public)
        .route(create_testimonial, OVERLORD)
        .route(update_testimonial, OVERLORD)
        .unscoped("overlord only")
        .route(delete_testimonial, OVERLORD)
        .unscoped("overlord only")
}

#[utoipa::path(
    operation_id = "faq_list",
    tag = "public site",
    params(SiteQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Faq>>)))
)]
#[get("/api/faq")]
pub async fn list(state: web::Data<AppState>, query: web::Query<SiteQuery>) -> ApiResult<Vec<Faq>> {
    let site = query.into_inner().site;
    state
        .answer(move |conn| faqs::faqs(conn, site.as_deref()))
        .await
}

#[utoipa::path(
    operation_id = "faq_create",
    tag = "public site",
    request_body = FaqInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<Faq>)))
)]
#[post("/api/faq")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<FaqInput>,
) -> ApiResult<Faq> {
    let (product, input) = (state.config.product_slug.clone(), body.into_inner());
    state
        .answer(move |conn| faqs::create_faq(conn, &caller, &product, &input))
        .await
}

#[utoipa::path(
    operation_id = "faq_update",
    tag = "public site",
    params(IdOf<FaqId>),
    request_body = FaqInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<Faq>)))
)]
#[put("/api/faq/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<FaqId>>,
    body: Body<FaqInput>,
) -> ApiResult<Faq> {
    let (product, id, input) = (
        state.config.product_slug.clone(),
        path.id,
        body.into_inner(),
    );
    state
        .answer(move |conn| faqs::update_faq(conn, &caller, &product, id, &input))
        .await
}

#[utoipa::path(
    operation_id = "faq_delete",
    tag = "public site",
    params(IdOf<FaqId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)))
)]
#[delete("/api/faq/{id}")]
pub async fn delete_faq(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<FaqId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| faqs::delete_faq(conn, &caller, path.id))
        .await
}

/// Every site's testimonials.
#[utoipa::path(
    operation_id = "testimonial_list",
    tag = "public site",
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Testimonial>>)))
)]
#[get("/api/testimonial")]
pub async fn testimonials(state: web::Data<AppState>) -> ApiResult<Vec<Testimonial>> {
    state
        .answer(move |conn| faqs::testimonials(conn, None))
        .await
}

/// One site's testimonials (the product's when `site` is left out).
#[utoipa::path(
    operation_id = "testimonial_site",
    tag = "public site",
    params(SiteQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Testimonial>>)))
)]
#[get("/api/testimonial/site")]
pub async fn site_testimonials(
    state: web::Data<AppState>,
    query: web::Query<SiteQuery>,
) -> ApiResult<Vec<Testimonial>> {
    let product = state.config.product_slug.clone();
    let site = query.into_inner().site.unwrap_or(product);
    state
        .answer(move |conn| faqs::testimonials(conn, Some(&site)))
        .await
}

#[utoipa::path(
    operation_id = "testimonial_create",
    tag = "public site",
    request_body = TestimonialInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<Testimonial>)))
)]
#[post("/api/testimonial")]
pub async fn create_testimonial(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<TestimonialInput>,
) -> ApiResult<Testimonial> {
    let (product, input) = (state.config.product_slug.clone(), body.into_inner());
    state
        .answer(move |conn| faqs::create_testimonial(conn, &caller, &product, &input))
        .await
}

#[utoipa::path(
    operation_id = "testimonial_update",
    tag = "public site",
    params(IdOf<TestimonialId>),
    request_body = TestimonialInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<Testimonial>)))
)]
#[put("/api/testimonial/{id}")]
pub async fn update_testimonial(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<TestimonialId>>,
    body: Body<TestimonialInput>,
) -> ApiResult<Testimonial> {
    let (product, id, input) = (
        state.config.product_slug.clone(),
        path.id,
        body.into_inner(),
    );
    state
        .answer(move |conn| faqs::update_testimonial(conn, &caller, &product, id, &input))
        .await
}

#[utoipa::path(
    operation_id = "testimonial_delete",
    tag = "public site",
    params(IdOf<TestimonialId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)))
)]
#[delete("/api/testimonial/{id}")]
pub async fn delete_testimonial(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<TestimonialId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| faqs::delete_testimonial(conn, &caller, path.id))
        .await
}
