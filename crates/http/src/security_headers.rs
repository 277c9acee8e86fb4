//! Headers that tell the browser what this site may do, on every answer: scripts and styles only
//! from this site (no inline script, so stored markup that slipped past the sanitiser still cannot
//! run), no framing by other sites, no referrer to other sites, and HSTS when served over TLS.

use crate::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web;

/// Mantine writes its theme's CSS variables into a `<style>` element, hence inline styles; scripts
/// come only from `/static/`. Pictures may be `data:` (QR codes) or `blob:` (pictures kept on the
/// learner's device). Frames show only `blob:` documents the page made itself (the certificate
/// preview's PDF). Forms post here, or to PayFast's payment page (card payments).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; frame-src blob:; \
base-uri 'self'; \
form-action 'self' https://www.payfast.co.za https://sandbox.payfast.co.za; frame-ancestors 'none'";

const HSTS: &str = "max-age=31536000; includeSubDomains";

const ALWAYS: [(&str, &str); 6] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "same-origin"),
    ("cross-origin-opener-policy", "same-origin"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=(), payment=()",
    ),
];

pub async fn add_security_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let https = req
        .app_data::<web::Data<AppState>>()
        .is_some_and(|state| state.config.https());
    let mut response = next.call(req).await?;
    let headers = response.headers_mut();
    for (name, value) in ALWAYS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    if https {
        headers.insert(
            HeaderName::from_static("strict-transport-security"),
            HeaderValue::from_static(HSTS),
        );
    }
    Ok(response)
}
