use super::*;

#[test]
fn only_canonical_paths_pass() {
    for fine in [
        "/api/user/42",
        "/api/auth/forgot-password/a%40b.org",
        "/geography/olympiad/1/2",
        "/api/school?search=a%20b",
    ] {
        assert_eq!(non_canonical(fine), None, "{fine}");
    }
    for bad in [
        "/%61pi/activity-log",
        "/api/%75ser",
        "/api/user%2Fimpersonate",
        "/api/user/%2e%2e/x",
        "/api/user/../upload",
        "/api/user/./x",
        "/api/user/%zz",
        "/api/user/%4",
        "/api/user/%5cx",
        "/api/user/%00",
    ] {
        assert!(non_canonical(bad).is_some(), "{bad}");
    }
}

#[test]
fn the_most_specific_declaration_wins() {
    let found = declared(&Method::GET, "/api/user/impersonate").map(|r| r.path);
    assert_eq!(found, Some("/api/user/impersonate"));
    assert_eq!(
        declared(&Method::PUT, "/api/user/42").map(|r| r.path),
        Some("/api/user/{id}")
    );
    assert_eq!(
        declared(&Method::GET, "/api/olympiads-suite/projects").map(|r| r.path),
        Some("/api/{product}-suite/projects")
    );
    assert!(declared(&Method::GET, "/api/-suite/projects").is_none());
    assert!(declared(&Method::DELETE, "/api/user/42").is_none());
}

// The table as the manifests declare it.

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

#[test]
fn the_router_hands_each_route_to_its_own_handler() {
    for (i, route) in API_ROUTES.iter().enumerate() {
        let path = sample(route.path);
        let first = API_ROUTES[..i]
            .iter()
            // The gate's own fit is the router's: whole segments, a `{name}` at least one
            // character between its fixed parts.
            .find(|earlier| {
                earlier.method == route.method && match_score(earlier.path, &path).is_some()
            });
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
