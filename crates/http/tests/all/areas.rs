//! The areas' manifests against the OpenAPI document, and the area index of
//! `docs/architecture.md` against every layer's files.

use olympiad_http::access::API_ROUTES;

#[test]
fn the_manifests_and_the_openapi_document_name_the_same_routes() {
    let document = olympiad_http::openapi::document();
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

/// One row of the area index in `docs/architecture.md`.
struct IndexedArea {
    name: String,
    prefixes: Vec<String>,
    office: Vec<String>,
    models: Vec<String>,
    features: Vec<String>,
    tests: Vec<String>,
}

fn repository() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn area_index() -> Vec<IndexedArea> {
    let doc = std::fs::read_to_string(repository().join("docs/architecture.md")).unwrap();
    let start = doc
        .find("<!-- areas:")
        .expect("the area index in docs/architecture.md");
    let end = doc.find("<!-- /areas -->").unwrap();
    let list = |cell: &str| -> Vec<String> {
        cell.split(',')
            .map(|item| item.trim().trim_matches('`').to_owned())
            .filter(|item| !item.is_empty())
            .collect()
    };
    doc[start..end]
        .lines()
        .filter(|line| line.starts_with("| ") && !line.starts_with("| Area "))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 6, "{line}");
            IndexedArea {
                name: cells[0].to_owned(),
                prefixes: list(cells[1]),
                office: list(cells[2]),
                models: list(cells[3]),
                features: list(cells[4]),
                tests: list(cells[5]),
            }
        })
        .collect()
}

/// The names of a folder's modules: `x.rs` and `x/` as `x`, leaving out the `left_out`.
fn modules(folder: &str, left_out: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repository().join(folder))
        .unwrap()
        .map(|entry| {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            name.trim_end_matches(".rs").to_owned()
        })
        .filter(|name| !left_out.contains(&name.as_str()))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Each name in `indexed` exactly once across the rows, and every one of `found` among them.
fn indexed_once(layer: &str, found: &[String], indexed: Vec<&String>) {
    for name in found {
        let rows = indexed.iter().filter(|n| *n == &name).count();
        assert_eq!(
            rows, 1,
            "{layer} {name} is in {rows} rows of the area index"
        );
    }
    for name in indexed {
        assert!(
            found.contains(name),
            "the area index names {layer} {name}, which is gone"
        );
    }
}

#[test]
fn the_area_index_names_every_area_in_every_layer() {
    let index = area_index();
    // The routes: each area of a manifest is a row, its module named as it is, and each route's
    // path under one of the row's prefixes, each prefix still used.
    let mut areas: Vec<&str> = API_ROUTES.iter().map(|route| route.area).collect();
    areas.dedup();
    for area in &areas {
        let row = index
            .iter()
            .find(|row| row.name == *area)
            .unwrap_or_else(|| panic!("area {area} is not in the area index"));
        let module = if *area == "auth" {
            "crates/http/src/auth".to_owned()
        } else {
            format!("crates/http/src/routes/{area}")
        };
        let root = repository();
        assert!(
            root.join(format!("{module}.rs")).exists() || root.join(&module).is_dir(),
            "area {area}: its routes are not in {module}.rs or {module}/"
        );
        let routes: Vec<_> = API_ROUTES.iter().filter(|r| r.area == *area).collect();
        let under =
            |prefix: &str, path: &str| path == prefix || path.starts_with(&format!("{prefix}/"));
        for route in &routes {
            assert!(
                row.prefixes.iter().any(|prefix| under(prefix, route.path)),
                "{} {} is under none of area {area}'s prefixes in the area index",
                route.method,
                route.path
            );
        }
        for prefix in &row.prefixes {
            assert!(
                routes.iter().any(|route| under(prefix, route.path)),
                "area {area}'s prefix {prefix} has no route"
            );
        }
        // One name: the office's module for the area, and its API tests, are named as the area.
        assert!(
            row.office.is_empty() || row.office.contains(&row.name),
            "area {area}: no office module is named as it"
        );
        assert!(
            row.office.is_empty() || row.tests.is_empty() || row.tests.contains(&row.name),
            "area {area}: no test module is named as it"
        );
    }
    for row in index.iter().filter(|row| !row.prefixes.is_empty()) {
        assert!(
            areas.contains(&row.name.as_str()),
            "no manifest declares area {}",
            row.name
        );
    }
    let every = |pick: fn(&IndexedArea) -> &Vec<String>| -> Vec<&String> {
        index.iter().flat_map(pick).collect()
    };
    indexed_once(
        "office module",
        &modules("crates/office/src", &["lib", "support"]),
        every(|row| &row.office),
    );
    indexed_once(
        "model",
        &modules("crates/persistence/src/models", &["mod", "listing"]),
        every(|row| &row.models),
    );
    let mut features = vec![];
    for app in ["admin", "portal", "public", "shared"] {
        for folder in modules(&format!("apps/{app}/src/features"), &[]) {
            features.push(format!("{app}/{folder}"));
        }
    }
    indexed_once("feature folder", &features, every(|row| &row.features));
    indexed_once(
        "test module",
        &modules("crates/http/tests/all", &["main", "common"]),
        every(|row| &row.tests),
    );
}
