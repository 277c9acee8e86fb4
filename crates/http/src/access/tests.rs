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
