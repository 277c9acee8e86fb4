use super::*;
use std::collections::HashSet;

#[test]
fn screen_keys_are_unique() {
    let mut seen = HashSet::new();
    for screen in SCREENS.iter() {
        assert!(
            seen.insert(screen.key),
            "duplicate screen key {}",
            screen.key
        );
    }
}

#[test]
fn no_two_visible_screens_share_a_path() {
    let mut seen = HashSet::new();
    for screen in SCREENS.iter().filter(|s| !s.shadowed) {
        for path in screen.paths {
            assert!(seen.insert(*path), "{path} is declared twice");
        }
    }
}

#[test]
fn every_role_has_a_home_it_may_open() {
    for role in Role::ALL {
        let home = HOMES
            .iter()
            .find(|(r, _)| *r == role)
            .map(|(_, path)| *path);
        let home = home.unwrap_or_else(|| panic!("{role} has no home"));
        let screen = SCREENS
            .iter()
            .find(|s| {
                s.paths
                    .iter()
                    .any(|p| p.replace(":olympiadName", "{olympiadName}") == home)
            })
            .unwrap_or_else(|| panic!("no screen at {home}"));
        assert!(
            screen.admits(Some(role)),
            "{role} may not open its own home {home}"
        );
    }
}

#[test]
fn section_six_examples_hold() {
    let roles_of = |key: &str| {
        screen_by_key(key)
            .map(|s| s.roles.to_vec())
            .unwrap_or_default()
    };
    assert_eq!(roles_of("paymentPortal"), vec![Accountant, Funding]);
    assert_eq!(
        roles_of("schools"),
        vec![Admin, Accountant, Funding, Marketing]
    );
    assert_eq!(roles_of("massMailers"), vec![Admin, Funding]);
    assert_eq!(
        roles_of("expressionsOfInterest"),
        vec![Admin, Accountant, Funding]
    );
    let finished = screen_by_key("finished").copied();
    assert!(finished.is_some_and(|s| s.admits(Some(Teacher)) && !s.admits(None)));
    assert!(screen_by_key("makePayment").is_some_and(|s| s.admits(None)));
    for screen in SCREENS.iter().filter(|s| s.layout == Layout::Overlord) {
        assert_eq!(screen.roles, [Overlord], "{}", screen.key);
    }
}

#[test]
fn operations_are_spelled_as_in_the_openapi_document() {
    for screen in SCREENS.iter() {
        let named: Vec<&str> = screen
            .calls_for_everyone()
            .chain(screen.guarded_operations.iter().copied())
            .collect();
        for (i, operation) in named.iter().enumerate() {
            let (method, path) = operation.split_once(' ').unwrap_or_default();
            assert!(
                ["GET", "POST", "PUT", "DELETE", "PATCH"].contains(&method)
                    && path.starts_with("/api/"),
                "{}: {operation} is not `METHOD /api/...`",
                screen.key
            );
            assert!(
                !named[i + 1..].contains(operation),
                "{}: {operation} is named twice",
                screen.key
            );
        }
    }
}

#[test]
fn export_has_roles_homes_and_screens() {
    let json = matrix_json();
    assert_eq!(json["roles"].as_array().map(Vec::len), Some(7));
    assert_eq!(json["homes"]["teacher"], "/portal");
    assert_eq!(json["screens"][0]["key"], "paymentPortal");
    assert_eq!(
        json["screens"][6]["props"],
        serde_json::json!({"all": false})
    );
}
