//! The HTTP face of the olympiad platform: every `/api` route, the response envelope, sign-in and
//! role checks, and the three built apps. `server` builds the `App` with [`configure`].

pub mod access;
pub mod auth;
pub mod body;
pub mod caller;
pub mod config;
pub mod db;
pub mod envelope;
pub mod error;
pub mod group_commit;
pub mod listing;
pub mod manifest;
pub mod metrics;
pub mod openapi;
pub mod public_entries;
pub mod rate_limit;
pub mod request_log;
pub mod routes;
pub mod screens;
pub mod security_headers;
pub mod sitting;
pub mod state;
pub mod static_apps;
pub mod testing;
pub mod xsrf;

pub use config::ApiConfig;
pub use error::ApiError;
pub use state::AppState;

use actix_web::middleware::{from_fn, Compress, NormalizePath, TrailingSlash};
use actix_web::{web, App};

/// Largest JSON body the API reads; uploads have their own limits.
pub const JSON_LIMIT_BYTES: usize = 256 * 1024;

/// The whole application: API, health checks and apps, with the middleware in the order that
/// matters (outermost last): trailing slashes trimmed, the request logged with its id, the
/// browser's security headers added, the path's form and the route's access enforced, the XSRF
/// token checked, the answer compressed.
pub fn app(
    state: web::Data<AppState>,
) -> App<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let (app, _openapi) = openapi::routed_app(state);
    app.wrap(Compress::default())
        .wrap(from_fn(xsrf::check_xsrf))
        .wrap(from_fn(access::enforce))
        .wrap(from_fn(security_headers::add_security_headers))
        .wrap(from_fn(metrics::count_request))
        .wrap(from_fn(request_log::log_request))
        .wrap(NormalizePath::new(TrailingSlash::Trim))
}
