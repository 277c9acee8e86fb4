//! The API's description of itself. Routes are registered through utoipa-actix-web, so a route
//! cannot be served without being described; `tests/all/snapshots.rs` keeps the committed snapshot
//! (`apps/shared/openapi.json`, from which the apps' typed client is generated) up to date.

use crate::error::extractor_error;
use crate::routes;
use crate::routes::meta::OpenApiDocument;
use crate::state::AppState;
use crate::JSON_LIMIT_BYTES;
use actix_web::{web, App};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
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

/// Routes whose attempts are counted per username and per address (`RateLimits::check_signin`).
const RATE_LIMITED: &[(&str, &str)] = &[
    ("POST", "/api/auth/signin"),
    ("POST", "/api/auth/forgot-password/{username}"),
    ("PUT", "/api/auth/set-password"),
    ("POST", "/api/auth/2fa/confirm"),
    ("POST", "/api/sitting/recover"),
    ("POST", "/api/teacher/expression"),
    ("POST", "/api/interest"),
    ("POST", "/api/website/eoi"),
    ("POST", "/api/website/other-interest"),
    ("POST", "/api/website/verify-email/{id}"),
    ("POST", "/api/purchase-order/{id}/proof"),
];

/// Every status an operation can answer, beyond those its own annotation names, so that a client
/// generated from the document meets no surprise: any request can be malformed (400; a path not in
/// canonical form among them) or fail on the server (500); a signed-in route answers 401 without a
/// valid session and 403 to a role it is not for; a route with an id in its path answers 404 for
/// an id that names nothing, and so does a signed-in route for an id in its query or body that
/// names nothing or nothing in the caller's reach; the sign-in and interest forms, the proofs of
/// payment and every public route answer 429 past their limits, and a public route 413 to a body
/// longer than it reads; a change of a paper that takes `confirm` answers 409 while its olympiad
/// is open.
/// A list with a `format` query parameter answers its CSV or XLSX file with 200. A signed-in route
/// takes the session's bearer token unless its annotation names another scheme.
fn complete_responses(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
    let failure = |description: &str| {
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
            .build()
    };
    // Who may call each route, from the areas' manifests.
    let allowed: std::collections::HashMap<(&str, String), crate::manifest::Allowed> =
        crate::routes::areas()
            .into_iter()
            .flat_map(|area| area.routes)
            .map(|route| ((route.method, route.path), route.allowed))
            .collect();
    for (path, item) in openapi.paths.paths.iter_mut() {
        // `/metrics` answers in text and names its own failures; the other routes outside `/api`
        // answer as the API does.
        let outside_api =
            path != "/metrics" && crate::manifest::OUTSIDE_API.contains(&path.as_str());
        if !path.starts_with("/api/") && !outside_api {
            continue;
        }
        let operations = [
            ("GET", item.get.as_mut()),
            ("POST", item.post.as_mut()),
            ("PUT", item.put.as_mut()),
            ("DELETE", item.delete.as_mut()),
            ("PATCH", item.patch.as_mut()),
        ];
        for (method, operation) in operations {
            let Some(operation) = operation else { continue };
            let declared = allowed.get(&(method, path.clone()));
            let signed_in = declared.is_some_and(|a| *a != crate::manifest::Allowed::Public);
            let public = declared.is_some_and(|a| *a == crate::manifest::Allowed::Public);
            let confirms = has_query_parameter(operation, "confirm");
            if signed_in && operation.security.is_none() {
                operation.security = Some(vec![SecurityRequirement::new(
                    "bearer",
                    Vec::<String>::new(),
                )]);
            }
            let mut add = |status: &str, description: &str| {
                operation
                    .responses
                    .responses
                    .entry(status.to_owned())
                    .or_insert_with(|| failure(description).into());
            };
            add(
                "400",
                "`validation` (a field named in `fields`), `body`, `path_not_canonical`",
            );
            if signed_in {
                add(
                    "401",
                    "`signed_out`, `session_ended`, `token_invalid`, `token_expired`",
                );
                add(
                    "403",
                    "`forbidden`: not for this role, or an object the caller sees but may not change (a team member who is not its admin, a school another olympiad shares)",
                );
            }
            if path.contains('{') || signed_in {
                add(
                    "404",
                    "`not_found`: an id names nothing, or nothing the caller may see (answered in the same words)",
                );
            }
            if RATE_LIMITED.contains(&(method, path.as_str())) || public {
                add("429", "`rate_limited`: too many attempts; wait a minute");
            }
            if public {
                add("413", "`too_large`: a body longer than the route reads");
            }
            if confirms {
                add(
                    "409",
                    "`paper_in_use`: the olympiad is open; repeat with `confirm=true`",
                );
            }
            add("500", "`internal`: quote the `requestId`");
            if has_query_parameter(operation, "format") {
                if let Some(RefOr::T(ok)) = operation.responses.responses.get_mut("200") {
                    if ok.content.contains_key("application/json") {
                        for export in crate::listing::EXPORT_CONTENT_TYPES {
                            ok.content
                                .entry(export.to_owned())
                                .or_insert_with(|| RefOr::T(file_content()));
                        }
                    }
                }
            }
        }
    }
}

/// Everything the routes' own annotations leave out, added to the document in one place.
fn complete(openapi: &mut utoipa::openapi::OpenApi) {
    complete_responses(openapi);
    sort_patterns(openapi);
    file_parts(openapi);
}

/// Each list's `sort` keys, from the constant its `sorted_by!` is checked against: the `sort`
/// parameter of the list's path accepts those and nothing else (an unknown key is a 400).
const SORTED_LISTS: &[(&str, &[&str])] = {
    use olympiad_persistence::models::{
        country, expression_of_interest, learner, participant, purchase_order, results, school,
        school_participant, teacher, useful_contact,
    };
    &[
        ("/api/igeo-country", country::COUNTRY_SORT_KEYS),
        (
            "/api/igeo-country-participant",
            country::PARTICIPANT_SORT_KEYS,
        ),
        (
            "/api/interest/expression-of-interest",
            expression_of_interest::SORT_KEYS,
        ),
        ("/api/learner", learner::SORT_KEYS),
        ("/api/participant", participant::SORT_KEYS),
        ("/api/purchase-order", purchase_order::SORT_KEYS),
        ("/api/results", results::SORT_KEYS),
        ("/api/school", school::SORT_KEYS),
        ("/api/school-participant", school_participant::SORT_KEYS),
        ("/api/teacher", teacher::SORT_KEYS),
        ("/api/useful-contact", useful_contact::SORT_KEYS),
    ]
};

/// The `sort` parameter of every list as the pattern of its own keys (`GridQuery` is shared, so
/// its annotation can only say "a string").
fn sort_patterns(openapi: &mut utoipa::openapi::OpenApi) {
    use olympiad_persistence::models::listing::sort_pattern;
    use utoipa::openapi::path::ParameterIn;
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    use utoipa::openapi::RefOr;
    for (path, keys) in SORTED_LISTS {
        let Some(operation) = openapi
            .paths
            .paths
            .get_mut(*path)
            .and_then(|item| item.get.as_mut())
        else {
            continue;
        };
        for parameter in operation.parameters.iter_mut().flatten() {
            if let RefOr::T(p) = parameter {
                if p.name == "sort" && p.parameter_in == ParameterIn::Query {
                    p.description = Some(format!(
                        "Comma-separated keys, `-` before a key for descending: {}.",
                        keys.iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                    p.schema = Some(
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .pattern(Some(sort_pattern(keys)))
                            .into(),
                    );
                }
            }
        }
    }
}

/// Every upload route takes one multipart part named `file` (its annotation says so in words);
/// the document states it as a schema, so that a client knows the part is required.
fn file_parts(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
    for item in openapi.paths.paths.values_mut() {
        let operations = [item.post.as_mut(), item.put.as_mut(), item.patch.as_mut()];
        for operation in operations.into_iter().flatten() {
            let Some(utoipa::openapi::RefOr::T(body)) = operation.request_body.as_mut() else {
                continue;
            };
            if let Some(utoipa::openapi::RefOr::T(content)) =
                body.content.get_mut("multipart/form-data")
            {
                if content.schema.is_none() {
                    let file = ObjectBuilder::new()
                        .schema_type(Type::String)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)));
                    content.schema = Some(
                        ObjectBuilder::new()
                            .schema_type(Type::Object)
                            .property("file", file)
                            .required("file")
                            .into(),
                    );
                }
            }
        }
    }
}

fn has_query_parameter(operation: &utoipa::openapi::path::Operation, name: &str) -> bool {
    use utoipa::openapi::path::ParameterIn;
    use utoipa::openapi::RefOr;
    operation.parameters.iter().flatten().any(|parameter| {
        matches!(parameter, RefOr::T(p) if p.name == name && p.parameter_in == ParameterIn::Query)
    })
}

/// A file download: its bytes.
fn file_content() -> utoipa::openapi::Content {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    utoipa::openapi::ContentBuilder::new()
        .schema(Some(ObjectBuilder::new().schema_type(Type::String).build()))
        .build()
}

/// The OpenAPI document, built from the same registration that serves the routes.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut document = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(routes::register)
        .split_for_parts()
        .1;
    complete(&mut document);
    document
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
    let (app, mut api) = App::new()
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
    complete(&mut api);
    let json = api.to_pretty_json().unwrap_or_default();
    let app = app
        .app_data(web::Data::new(OpenApiDocument(json)))
        .default_service(web::to(crate::static_apps::serve));
    (app, api)
}
