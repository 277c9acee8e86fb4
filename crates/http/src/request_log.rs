//! One log line per request, with an id that the response carries in `X-Request-Id` and that the
//! envelope of a 500 repeats, so a user's report can be found in the log. The query string is not
//! logged: some legacy calls carry e-mail addresses there. Nor is any path segment that is a
//! secret (the token of a reset link, the id of an address to confirm, a payment's link): whoever
//! reads the log must not be able to use those links.

use crate::error::ApiError;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpResponse, ResponseError};
use std::time::Instant;

#[derive(Debug, Clone)]
pub struct RequestId(pub String);

const HEADER: &str = "x-request-id";

fn request_id(req: &ServiceRequest) -> String {
    let incoming = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
    match incoming {
        Some(id)
            if (1..=64).contains(&id.len())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
        {
            id.to_owned()
        }
        _ => format!("{:016x}", rand::random::<u64>()),
    }
}

/// Segments after which every segment is a secret or a person's address.
const SECRET_AFTER: [&str; 5] = [
    "reset-password",
    "verify-email",
    "forgot-password",
    "pay",
    "unsubscribe",
];

/// The path as the log may show it: each segment after one of [`SECRET_AFTER`] is `…`.
pub fn loggable_path(path: &str) -> String {
    let mut secret = false;
    path.split('/')
        .map(|segment| {
            let shown = if secret && !segment.is_empty() {
                "…"
            } else {
                segment
            };
            secret = secret || SECRET_AFTER.contains(&segment);
            shown
        })
        .collect::<Vec<_>>()
        .join("/")
}

pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let id = request_id(&req);
    req.extensions_mut().insert(RequestId(id.clone()));
    let (method, path) = (req.method().clone(), loggable_path(req.path()));
    let started = Instant::now();

    // The inner layers answer their refusals as responses; an error here is the framework's own.
    let mut response = match next.call(req).await {
        Ok(response) => response.map_into_boxed_body(),
        Err(error) => {
            log::warn!(
                "{id} {method} {path} {} {}ms",
                error.as_response_error().status_code().as_u16(),
                started.elapsed().as_millis()
            );
            return Err(error);
        }
    };
    let status = response.status();
    if status.is_server_error() {
        let cause = response
            .response()
            .error()
            .map(ToString::to_string)
            .unwrap_or_else(|| status.to_string());
        log::error!("{id} {method} {path} failed: {cause}");
        if let Some(api_error) = response
            .response()
            .error()
            .and_then(|e| e.as_error::<ApiError>())
        {
            let body = api_error.body(Some(id.clone()));
            let replaced = HttpResponse::build(api_error.status_code()).json(body);
            response = response.into_response(replaced);
        }
    }
    if let Ok(value) = HeaderValue::from_str(&id) {
        response
            .headers_mut()
            .insert(HeaderName::from_static(HEADER), value);
    }
    log::info!(
        "{id} {method} {path} {} {}ms",
        status.as_u16(),
        started.elapsed().as_millis()
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::loggable_path;

    #[test]
    fn secrets_in_paths_are_not_logged() {
        assert_eq!(loggable_path("/reset-password/abc123"), "/reset-password/…");
        assert_eq!(
            loggable_path("/api/website/verify-email/0b6c-11"),
            "/api/website/verify-email/…"
        );
        assert_eq!(loggable_path("/verify-email/0b6c-11"), "/verify-email/…");
        assert_eq!(
            loggable_path("/api/auth/forgot-password/a%40b.org"),
            "/api/auth/forgot-password/…"
        );
        assert_eq!(loggable_path("/portal/pay/u-u-i-d/done"), "/portal/pay/…/…");
        assert_eq!(loggable_path("/api/user/42"), "/api/user/42");
        assert_eq!(loggable_path("/"), "/");
    }
}
