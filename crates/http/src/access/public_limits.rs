//! The public routes' own bounds, counted before anything else is done for a request to one: the
//! client address's allowance in the route's bucket, and the body's declared length.

use super::{ApiRoute, ErrorCode};
use crate::error::ApiError;
use crate::rate_limit::Bucket;
use crate::state::AppState;
use actix_web::dev::ServiceRequest;
use actix_web::http::StatusCode;

/// How often one client address may call each public route: every [`Allowed::Public`] route is
/// named here, in its [`Bucket`], and the access gate counts each request to it before anything else is
/// done for it (a token read, a body, a handler). `tests/all/public_limits.rs` checks that no public
/// route is missing; one that were would be counted as a form, the strictest bucket.
pub const PUBLIC_LIMITS: &[(&str, &str, Bucket)] = &[
    ("GET", "/api/openapi.json", Bucket::PublicRead),
    ("GET", "/api/access-matrix", Bucket::PublicRead),
    ("POST", "/api/auth/signin", Bucket::SignIn),
    ("GET", "/api/auth/get-login-status", Bucket::PublicRead),
    (
        "POST",
        "/api/auth/forgot-password/{username}",
        Bucket::SignIn,
    ),
    ("PUT", "/api/auth/set-password", Bucket::SignIn),
    ("GET", "/api/{product}-suite/projects", Bucket::PublicRead),
    (
        "GET",
        "/api/{product}-suite/project/{id}",
        Bucket::PublicRead,
    ),
    ("GET", "/api/website-copy", Bucket::PublicRead),
    ("GET", "/api/website/copy/{id}", Bucket::PublicRead),
    ("GET", "/api/website/olympiad/{id}", Bucket::PublicRead),
    ("GET", "/api/faq", Bucket::PublicRead),
    ("GET", "/api/testimonial", Bucket::PublicRead),
    ("GET", "/api/testimonial/site", Bucket::PublicRead),
    ("GET", "/api/copy", Bucket::PublicRead),
    ("GET", "/api/system-config", Bucket::PublicRead),
    // Asks the domain's mail servers: a form's worth, not a page's.
    ("GET", "/api/emailer/email-health", Bucket::PublicForm),
    ("POST", "/api/emailer/email-health/link", Bucket::PublicForm),
    ("POST", "/api/unsubscribe", Bucket::PublicForm),
    ("POST", "/api/unsubscribe/resubscribe", Bucket::PublicForm),
    ("GET", "/api/unsubscribe/{id}", Bucket::PublicForm),
    ("POST", "/api/unsubscribe/{id}", Bucket::PublicForm),
    ("POST", "/api/bounce/webhook", Bucket::Notification),
    ("POST", "/api/bounce/ses", Bucket::Notification),
    ("POST", "/api/bounce/dsn", Bucket::Notification),
    ("GET", "/api/pay/{token}", Bucket::PublicRead),
    ("GET", "/api/pay/{token}/invoice", Bucket::PublicRead),
    // Issues the order's invoice: it writes, so a form's worth.
    ("POST", "/api/pay/{token}/invoice", Bucket::PublicForm),
    ("POST", "/api/payfast/itn", Bucket::Notification),
    ("POST", "/api/interest", Bucket::PublicForm),
    ("POST", "/api/teacher/expression", Bucket::PublicForm),
    ("POST", "/api/website/eoi", Bucket::PublicForm),
    ("POST", "/api/website/other-interest", Bucket::PublicForm),
    ("POST", "/api/website/verify-email/{id}", Bucket::PublicForm),
    (
        "GET",
        "/api/results/top-results/{project}",
        Bucket::PublicRead,
    ),
    (
        "GET",
        "/api/results/past-winners/{project}",
        Bucket::PublicRead,
    ),
];

/// The bucket a public route is declared in, if it is declared.
pub fn public_bucket(route: &ApiRoute) -> Option<Bucket> {
    PUBLIC_LIMITS
        .iter()
        .find(|(method, path, _)| *method == route.method && *path == route.path)
        .map(|(_, _, bucket)| *bucket)
}

/// The largest body a public route is sent: none reads more than a JSON body, so a longer one is
/// refused by its declared length before a byte of it is read (an undeclared length is cut off
/// at the same size by the body's extractor).
pub const PUBLIC_BODY_LIMIT_BYTES: usize = crate::JSON_LIMIT_BYTES;

/// A public route's own checks, before anything else is done for the request: the client
/// address's allowance in the route's bucket, and the body's declared length.
pub(super) fn bound_public(
    req: &ServiceRequest,
    state: &AppState,
    route: &ApiRoute,
) -> Result<(), ApiError> {
    let bucket = public_bucket(route).unwrap_or(Bucket::PublicForm);
    state
        .limits
        .check(bucket, &crate::rate_limit::client_address(req.request()))?;
    let declared_length = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared_length.is_some_and(|length| length > PUBLIC_BODY_LIMIT_BYTES) {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::TooLarge,
            "The request is too large.",
        ));
    }
    Ok(())
}
