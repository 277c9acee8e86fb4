//! Who may call which API route, declared once in its area's manifest (`crate::manifest`), read
//! into [`API_ROUTES`] and enforced by one middleware before any handler runs. A path under `/api` that is not declared here answers 404, so a route
//! cannot be added without deciding who may call it; `tests/all/roles.rs` walks every route of the
//! OpenAPI document with every role, also with the path percent-encoded and in upper case, and
//! checks the answers against this table.
//!
//! The gate reads the path exactly as the router will match it (actix decodes percent-escapes
//! before routing), and refuses a path that is not in canonical form, so that no spelling of a
//! path can be one route to the gate and another to the router.

use crate::auth::tokens::Purpose;
use crate::caller::{session_holds, Caller};
use crate::error::ApiError;
use crate::manifest::{Allowed, IdScope, OUTSIDE_API};
use crate::state::AppState;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest, ResponseError};
use olympiad_domain::Role;
use olympiad_office::ErrorCode;
use std::collections::HashMap;
use std::sync::LazyLock;

/// A route as the access table holds it (declared in its area's manifest, `crate::manifest`).
#[derive(Debug, Clone, Copy)]
pub struct ApiRoute {
    /// The area whose manifest declares it.
    pub area: &'static str,
    pub method: &'static str,
    /// As in the OpenAPI document: `{name}` is one path segment, and may sit inside a segment
    /// (`{product}-suite`).
    pub path: &'static str,
    pub allowed: Allowed,
    pub id: Option<IdScope>,
    pub beyond_schema: Option<&'static str>,
}

use Allowed::{LearnerWriting, Public, Roles, RolesOrScrapeSecret, SignedIn, TwoFactorSetup};
use Role::Learner;

/// Every route of the API, read from the areas' manifests (`routes::areas`), in the order the
/// router tries them.
pub static API_ROUTES: LazyLock<Vec<ApiRoute>> = LazyLock::new(|| {
    crate::routes::areas()
        .into_iter()
        .flat_map(|area| {
            let name = area.name;
            area.routes.into_iter().map(move |route| ApiRoute {
                area: name,
                method: route.method,
                // The table lives as long as the process: its paths are borrowed for as long.
                path: Box::leak(route.path.into_boxed_str()),
                allowed: route.allowed,
                id: route.id,
                beyond_schema: route.beyond_schema,
            })
        })
        .collect()
});

mod public_limits;
use public_limits::bound_public;
pub use public_limits::{public_bucket, PUBLIC_BODY_LIMIT_BYTES, PUBLIC_LIMITS};

/// Whether `path` fits the declared `pattern`; answers how literally it matched, so the most
/// specific declaration wins: whole segments first (`/api/user/impersonate` over
/// `/api/user/{id}`), then the fixed characters around a name (`{product}-sub-project` over
/// `{product}-project`).
fn match_score(pattern: &str, path: &str) -> Option<usize> {
    // Walked for every declaration on every request: no allocation, and out at the first segment
    // that differs.
    let (mut expected_segments, mut actual_segments) = (pattern.split('/'), path.split('/'));
    let mut literal = 0;
    loop {
        let (expected, actual) = match (expected_segments.next(), actual_segments.next()) {
            (None, None) => return Some(literal),
            (Some(expected), Some(actual)) => (expected, actual),
            _ => return None,
        };
        match (expected.find('{'), expected.find('}')) {
            (Some(open), Some(close)) => {
                let (prefix, suffix) = (&expected[..open], &expected[close + 1..]);
                let fits = actual.len() > prefix.len() + suffix.len()
                    && actual.starts_with(prefix)
                    && actual.ends_with(suffix);
                if !fits {
                    return None;
                }
                literal += prefix.len() + suffix.len();
            }
            // A whole segment outweighs the fixed characters of every named one.
            _ if expected == actual => literal += 1 << 16,
            _ => return None,
        }
    }
}

/// The declarations by method and number of path segments: a request is matched only against
/// the few of its own shape, not against every route.
static BY_SHAPE: LazyLock<HashMap<(&'static str, usize), Vec<&'static ApiRoute>>> =
    LazyLock::new(|| {
        let mut shapes: HashMap<(&'static str, usize), Vec<&'static ApiRoute>> = HashMap::new();
        for route in API_ROUTES.iter() {
            let segments = route.path.split('/').count();
            shapes
                .entry((route.method, segments))
                .or_default()
                .push(route);
        }
        shapes
    });

/// The declarations whose path has no named segment, by their path: a request to one of them
/// (the sitting's calls are) finds it without a walk, since nothing outweighs a whole literal
/// match.
static LITERAL: LazyLock<HashMap<&'static str, Vec<&'static ApiRoute>>> = LazyLock::new(|| {
    let mut literal: HashMap<&'static str, Vec<&'static ApiRoute>> = HashMap::new();
    for route in API_ROUTES.iter().filter(|route| !route.path.contains('{')) {
        literal.entry(route.path).or_default().push(route);
    }
    literal
});

/// The declaration for this request, if any.
pub fn declared(method: &Method, path: &str) -> Option<&'static ApiRoute> {
    let literal = LITERAL.get(path).into_iter().flatten();
    if let Some(route) = literal
        .copied()
        .find(|route| route.method == method.as_str())
    {
        return Some(route);
    }
    BY_SHAPE
        .get(&(method.as_str(), path.split('/').count()))?
        .iter()
        .filter_map(|route| match_score(route.path, path).map(|score| (score, *route)))
        .max_by_key(|(score, _)| *score)
        .map(|(_, route)| route)
}

pub fn bearer_token(req: &HttpRequest) -> Option<&str> {
    let header = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let token = header
        .strip_prefix("Bearer ")
        .or_else(|| header.strip_prefix("bearer "))?
        .trim();
    (!token.is_empty()).then_some(token)
}

/// Checks an access token against its signature, its expiry and the database.
pub async fn authenticate(state: &AppState, token: &str) -> Result<Caller, ApiError> {
    let caller = Caller(state.tokens.verify(token, Purpose::Access)?.into_caller());
    let checked = caller.clone();
    state
        .db
        .run(move |conn| session_holds(conn, &checked))
        .await?;
    Ok(caller)
}

/// Why a request path is not in canonical form, if it is not: a percent-escape that is malformed,
/// that stands for a character needing no escape (`%61pi` for `api`), or for a separator (`/`,
/// backslash, NUL); or a `.` or `..` segment. Browsers and the apps never send these.
pub fn non_canonical(raw_path: &str) -> Option<&'static str> {
    let bytes = raw_path.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            let Some(byte) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) else {
                return Some("has a malformed percent-escape");
            };
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                return Some("escapes a character that needs no escape");
            }
            if matches!(byte, b'/' | b'\\' | 0) {
                return Some("escapes a path separator");
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    if raw_path.split('/').any(|s| s == "." || s == "..") {
        return Some("has a . or .. segment");
    }
    None
}

/// Checks a request under `/api` against its declaration, and leaves in it what the handler may
/// use: the [`Caller`], or the claims of a two-factor set-up token.
async fn admit(req: &ServiceRequest) -> Result<(), ApiError> {
    let path = routed_path(req);
    let Some(route) = declared(req.method(), path) else {
        let other_method = API_ROUTES
            .iter()
            .any(|r| match_score(r.path, path).is_some());
        return Err(if other_method {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                ErrorCode::MethodNotAllowed,
                format!("{} is not allowed on {path}.", req.method()),
            )
        } else {
            ApiError::not_found("This API route")
        });
    };
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::internal("AppState missing"))?;
    if route.allowed == Public {
        bound_public(req, &state, route)?;
    }
    let token = bearer_token(req.request()).map(str::to_owned);
    if let (Some(token), RolesOrScrapeSecret(_)) = (&token, route.allowed) {
        if state
            .config
            .metrics_secret
            .as_deref()
            .is_some_and(|secret| same_secret(secret, token))
        {
            return Ok(());
        }
    }
    let caller = match (&token, route.allowed) {
        (None, Public) => None,
        (None, _) => {
            return Err(ApiError::unauthorized(
                ErrorCode::SignedOut,
                "Please sign in.",
            ))
        }
        (Some(token), TwoFactorSetup) => {
            let claims = state.tokens.verify(token, Purpose::TwoFactorSetup)?;
            req.extensions_mut().insert(claims);
            None
        }
        // On a public route a stale token is no reason to refuse: it is simply not used.
        (Some(token), Public) => authenticate(&state, token).await.ok(),
        (Some(token), LearnerWriting) => {
            let caller = Caller(state.tokens.verify(token, Purpose::Access)?.into_caller());
            if caller.role != Role::Learner {
                return Err(ApiError::forbidden(format!(
                    "The {} role may not do this.",
                    caller.role
                )));
            }
            Some(caller)
        }
        (Some(token), _) => Some(authenticate(&state, token).await?),
    };
    if let (Roles(roles) | RolesOrScrapeSecret(roles), Some(caller)) = (route.allowed, &caller) {
        if !roles.contains(&caller.role) {
            return Err(ApiError::forbidden(format!(
                "The {} role may not do this.",
                caller.role
            )));
        }
    }
    if let Some(mut caller) = caller {
        // The activity log notes where each change came from.
        caller.0.address = Some(crate::rate_limit::client_address(req.request()));
        req.extensions_mut().insert(caller);
    }
    Ok(())
}

/// Whether two secrets are equal, in a time that does not tell how much of them agrees.
fn same_secret(expected: &str, given: &str) -> bool {
    expected.len() == given.len()
        && expected
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |differ, (a, b)| differ | (a ^ b))
            == 0
}

/// The path the router matches: the request's path with percent-escapes decoded as actix decodes
/// them before routing (all but `%`, `/` and `+`).
fn routed_path(req: &ServiceRequest) -> &str {
    req.match_info().as_str()
}

/// The middleware: refuses a path that is not in canonical form, finds the route's declaration,
/// checks the token and the role, and leaves the [`Caller`] in the request for the handler.
pub async fn enforce<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let checked = match non_canonical(req.path()) {
        Some(problem) => Err(ApiError::bad_request(
            ErrorCode::PathNotCanonical,
            format!("The address {problem}."),
        )),
        None if is_api(routed_path(&req)) => admit(&req).await,
        None => {
            return next
                .call(req)
                .await
                .map(ServiceResponse::map_into_left_body)
        }
    };
    match checked {
        Ok(()) => next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body),
        Err(error) => {
            let response = error.error_response();
            Ok(req.into_response(response).map_into_right_body())
        }
    }
}

/// Whether the router will look for `path` among the API's routes (and those of [`OUTSIDE_API`],
/// declared in the table like them). Matching is case-sensitive, so `/API/...` is not an API path: it finds
/// no route and is served as an app's page.
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/") || OUTSIDE_API.contains(&path)
}

/// The table as the apps read it (`apps/shared/src/generated/api-routes.json`, written by `make
/// snapshots`): their `can()` asks it before offering an action, so a screen never shows a button
/// the API would refuse.
pub fn routes_json() -> serde_json::Value {
    let routes: Vec<serde_json::Value> = API_ROUTES
        .iter()
        .map(|route| {
            let (access, roles): (&str, &[Role]) = match route.allowed {
                Public => ("public", &[]),
                SignedIn => ("signedIn", &[]),
                Roles(roles) => ("roles", roles),
                TwoFactorSetup => ("twoFactorSetup", &[]),
                LearnerWriting => ("roles", &[Learner]),
                RolesOrScrapeSecret(roles) => ("roles", roles),
            };
            serde_json::json!({
                "method": route.method,
                "path": route.path,
                "access": access,
                "roles": roles,
            })
        })
        .collect();
    serde_json::json!({ "routes": routes })
}

#[cfg(test)]
mod tests;
