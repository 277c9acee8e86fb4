//! The API's description of itself. Routes are registered through utoipa-actix-web, so a route
//! cannot be served without being described; `tests/openapi.rs` keeps the committed snapshot
//! (`apps/shared/openapi.json`, from which the apps' typed client is generated) up to date.

use crate::error::extractor_error;
use crate::routes;
use crate::routes::meta::OpenApiDocument;
use crate::state::AppState;
use crate::JSON_LIMIT_BYTES;
use actix_web::{web, App};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Olympiad platform API",
        version = "1.0.0",
        description = "Every answer is `{\"success\": true, \"data\": ...}` or `{\"success\": false, \"error\": \"<code>\", \"errorMsg\": \"<sentence>\"}`. Paths may end in `/` or not."
    ),
    modifiers(&Security),
    components(schemas(crate::error::ErrorBody))
)]
struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let bearer = || {
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            )
        };
        components.add_security_scheme("bearer", bearer());
        components.add_security_scheme("setupToken", bearer());
    }
}

/// The largest body any JSON route reads (`Body` reads through this limit).
fn payload_config() -> web::PayloadConfig {
    web::PayloadConfig::new(JSON_LIMIT_BYTES)
}

fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, _req| extractor_error(error, "query"))
}

fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error, _req| extractor_error(error, "path"))
}

/// The OpenAPI document, built from the same registration that serves the routes.
pub fn document() -> utoipa::openapi::OpenApi {
    App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(routes::register)
        .split_for_parts()
        .1
}

pub fn document_json() -> String {
    document()
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The app with every route, its extractor settings, its state, and the apps as default service.
pub fn routed_app(
    state: web::Data<AppState>,
) -> (
    App<
        impl actix_web::dev::ServiceFactory<
            actix_web::dev::ServiceRequest,
            Config = (),
            Response = actix_web::dev::ServiceResponse,
            Error = actix_web::Error,
            InitError = (),
        >,
    >,
    utoipa::openapi::OpenApi,
) {
    let (app, api) = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        // The client address is read from the proxies alone, without the rest of the state.
        .app_data(web::Data::new(state.config.trusted_proxies.clone()))
        .app_data(state)
        .app_data(payload_config())
        .app_data(query_config())
        .app_data(path_config())
        .configure(routes::register)
        .split_for_parts();
    let json = api.to_pretty_json().unwrap_or_default();
    let app = app
        .app_data(web::Data::new(OpenApiDocument(json)))
        .default_service(web::to(crate::static_apps::serve));
    (app, api)
}
