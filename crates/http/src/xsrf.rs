//! The anti-forgery cookie of the spec: the server sets `XSRF-TOKEN`, the apps echo it in
//! `X-XSRF-TOKEN`, and an unsafe request that carries the cookie must carry the same header.
//! Requests without the cookie (scripts, the load generator) are not browser sessions and pass:
//! their bearer token is never sent by a browser on its own.

use crate::error::ApiError;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::ResponseError;

pub const COOKIE: &str = "XSRF-TOKEN";
pub const HEADER: &str = "x-xsrf-token";

fn is_unsafe(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

pub async fn check_xsrf<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let cookie = req.cookie(COOKIE).map(|c| c.value().to_owned());
    let https = req
        .app_data::<actix_web::web::Data<crate::AppState>>()
        .is_some_and(|state| state.config.https());
    if let (true, Some(expected)) = (is_unsafe(req.method()), &cookie) {
        let sent = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
        if sent != Some(expected.as_str()) {
            let refusal = ApiError::new(
                actix_web::http::StatusCode::FORBIDDEN,
                olympiad_office::ErrorCode::Xsrf,
                "The page is out of date. Reload it and try again.",
            );
            return Ok(req
                .into_response(refusal.error_response())
                .map_into_right_body());
        }
    }
    let mut response = next.call(req).await?.map_into_left_body();
    if cookie.is_none() {
        let value = format!("{:032x}", rand::random::<u128>());
        // Readable by the page's script (it must echo it), sent only to this site, and only over
        // TLS when the site is served over TLS.
        let cookie = Cookie::build(COOKIE, value)
            .path("/")
            .same_site(SameSite::Strict)
            .http_only(false)
            .secure(https)
            .finish();
        response
            .response_mut()
            .add_cookie(&cookie)
            .map_err(actix_web::error::ErrorInternalServerError)?;
    }
    Ok(response)
}
