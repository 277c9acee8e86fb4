use crate::access::{ApiRoute, API_ROUTES};
use crate::manifest::IdScope;

/// A concrete path the route answers: each `{name}` filled in, its fixed parts kept.
fn sample(path: &str) -> String {
    path.split('/')
        .map(|segment| match (segment.find('{'), segment.find('}')) {
            (Some(open), Some(close)) => {
                format!("{}7{}", &segment[..open], &segment[close + 1..])
            }
            _ => segment.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Whether actix's router would take `path` for `route` (its patterns match whole segments, a
/// `{name}` at least one character).
fn takes(route: &ApiRoute, path: &str) -> bool {
    let (pattern, actual): (Vec<_>, Vec<_>) =
        (route.path.split('/').collect(), path.split('/').collect());
    pattern.len() == actual.len()
        && pattern.iter().zip(&actual).all(|(expected, actual)| {
            match (expected.find('{'), expected.find('}')) {
                (Some(open), Some(close)) => {
                    let (prefix, suffix) = (&expected[..open], &expected[close + 1..]);
                    actual.len() > prefix.len() + suffix.len()
                        && actual.starts_with(prefix)
                        && actual.ends_with(suffix)
                }
                _ => expected == actual,
            }
        })
}

#[test]
fn the_router_hands_each_route_to_its_own_handler() {
    for (i, route) in API_ROUTES.iter().enumerate() {
        let path = sample(route.path);
        let first = API_ROUTES[..i]
            .iter()
            .find(|earlier| earlier.method == route.method && takes(earlier, &path));
        assert!(
            first.is_none(),
            "{} {} would be taken by {} (area {}): declare the fixed path first",
            route.method,
            route.path,
            first.map_or("", |r| r.path),
            first.map_or("", |r| r.area),
        );
    }
}

#[test]
fn every_route_with_an_id_says_what_the_id_names() {
    for route in API_ROUTES.iter().filter(|r| r.path.contains('{')) {
        assert!(
            route.id.is_some(),
            "{} {} (area {}) takes an id: say what it names (`.names(Kind::…)`), or why it is \
             no object in anyone's reach (`.unscoped(…)`)",
            route.method,
            route.path,
            route.area
        );
    }
    for route in API_ROUTES.iter() {
        if let Some(IdScope::Unscoped(reason)) = route.id {
            assert!(!reason.trim().is_empty(), "{} {}", route.method, route.path);
        }
    }
}

#[test]
fn every_route_is_declared_once() {
    for (i, a) in API_ROUTES.iter().enumerate() {
        for b in &API_ROUTES[i + 1..] {
            assert!(
                !(a.method == b.method && a.path == b.path),
                "{} {} declared twice",
                a.method,
                a.path
            );
        }
    }
}

#[test]
fn the_manifests_and_the_openapi_document_name_the_same_routes() {
    let document = crate::openapi::document();
    let mut documented: Vec<(String, String)> = vec![];
    for (path, item) in &document.paths.paths {
        for (method, present) in [
            ("GET", item.get.is_some()),
            ("POST", item.post.is_some()),
            ("PUT", item.put.is_some()),
            ("DELETE", item.delete.is_some()),
            ("PATCH", item.patch.is_some()),
        ] {
            // The load balancer's probes are outside the API and its table.
            if present && path != "/healthz" && path != "/readyz" {
                documented.push((method.to_owned(), path.clone()));
            }
        }
    }
    let mut declared: Vec<(String, String)> = API_ROUTES
        .iter()
        .map(|route| (route.method.to_owned(), route.path.to_owned()))
        .collect();
    documented.sort();
    declared.sort();
    assert_eq!(documented, declared);
}
