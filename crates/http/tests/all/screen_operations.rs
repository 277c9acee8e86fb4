//! Each screen of the access matrix names the API operations it calls; here they are held against the
//! API's access table. An operation a screen calls for everyone who may open it must be allowed to
//! each of them, and one it offers only to some (behind `can()`) to at least one: otherwise a role
//! would be given a screen, or a button, that the API then refuses.

use olympiad_domain::Role;
use olympiad_http::access::{ApiRoute, API_ROUTES};
use olympiad_http::manifest::Allowed;
use olympiad_http::screens::{Access, Screen, SCREENS};

/// Who may open the screen: `None` is a visitor who is not signed in.
fn visitors(screen: &Screen) -> Vec<Option<Role>> {
    match screen.access {
        Access::Public => std::iter::once(None)
            .chain(Role::ALL.into_iter().map(Some))
            .collect(),
        Access::AnyUser => Role::ALL.into_iter().map(Some).collect(),
        Access::Roles => screen.roles.iter().copied().map(Some).collect(),
    }
}

/// Whether `visitor` may call the route. The two-factor set-up routes are called part-way through
/// signing in, with the set-up token of a visitor not yet signed in.
fn may_call(route: &ApiRoute, visitor: Option<Role>) -> bool {
    match (route.allowed, visitor) {
        (Allowed::Public, _) => true,
        (Allowed::SignedIn, signed_in) => signed_in.is_some(),
        (Allowed::Roles(roles) | Allowed::RolesOrScrapeSecret(roles), Some(role)) => {
            roles.contains(&role)
        }
        (Allowed::LearnerWriting, Some(role)) => role == Role::Learner,
        (Allowed::TwoFactorSetup, None) => true,
        _ => false,
    }
}

fn declaration(operation: &str) -> Option<&'static ApiRoute> {
    let (method, path) = operation.split_once(' ')?;
    API_ROUTES
        .iter()
        .find(|route| route.method == method && route.path == path)
}

fn who(visitor: Option<Role>) -> String {
    visitor.map_or_else(
        || "a visitor not signed in".to_owned(),
        |role| format!("the {role} role"),
    )
}

#[test]
fn every_visitor_of_a_screen_may_call_what_it_calls() {
    let mut problems = Vec::new();
    for screen in SCREENS.iter() {
        for operation in screen.calls_for_everyone() {
            let Some(route) = declaration(operation) else {
                problems.push(format!(
                    "{}: {operation} is not in the API's access table",
                    screen.key
                ));
                continue;
            };
            for visitor in visitors(screen) {
                if !may_call(route, visitor) {
                    problems.push(format!(
                        "{}: {} may open it but not call {operation}",
                        screen.key,
                        who(visitor)
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn what_a_screen_offers_some_visitor_may_call() {
    let mut problems = Vec::new();
    for screen in SCREENS.iter() {
        for operation in screen.guarded_operations {
            let Some(route) = declaration(operation) else {
                problems.push(format!(
                    "{}: {operation} is not in the API's access table",
                    screen.key
                ));
                continue;
            };
            if !visitors(screen)
                .into_iter()
                .any(|visitor| may_call(route, visitor))
            {
                problems.push(format!(
                    "{}: none of those who may open it may call {operation}",
                    screen.key
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_screens_that_work_with_the_api_name_their_operations() {
    // A screen with a feature behind it says what it calls; the placeholders call nothing yet.
    for key in [
        "schools",
        "participatingSchools",
        "expressionsOfInterest",
        "users",
        "loadLearners",
    ] {
        let screen = SCREENS.iter().find(|s| s.key == key);
        assert!(
            screen.is_some_and(|s| !s.operations.is_empty()),
            "{key} names no operation"
        );
    }
}
