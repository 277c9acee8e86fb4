//! The committed copies that the apps build from: the OpenAPI document (their typed client), the
//! access matrix (their route tables) and the API's access table (their `can()`). A test fails when
//! one is stale; `UPDATE_SNAPSHOTS=1` (make snapshots) writes them anew.

use std::path::PathBuf;

fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

fn check(path: &str, fresh: String) {
    let file = repo_file(path);
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, fresh).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        committed == fresh,
        "{path} is stale: run `make snapshots` and commit it"
    );
}

#[test]
fn openapi_document_is_current() {
    check(
        "apps/shared/openapi.json",
        olympiad_http::openapi::document_json() + "\n",
    );
}

#[test]
fn access_matrix_is_current() {
    let json = serde_json::to_string_pretty(&olympiad_http::screens::matrix_json()).unwrap();
    check("apps/shared/src/generated/access-matrix.json", json + "\n");
}

#[test]
fn api_routes_are_current() {
    let json = serde_json::to_string_pretty(&olympiad_http::access::routes_json()).unwrap();
    check("apps/shared/src/generated/api-routes.json", json + "\n");
}

#[test]
fn operation_ids_are_unique() {
    // The apps' client generator refuses a document where two operations share a name.
    let document: serde_json::Value =
        serde_json::from_str(&olympiad_http::openapi::document_json()).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for item in document["paths"].as_object().unwrap().values() {
        for operation in item.as_object().unwrap().values() {
            if let Some(id) = operation["operationId"].as_str() {
                assert!(
                    seen.insert(id.to_owned()),
                    "operationId {id} is used twice: give one an `operation_id`"
                );
            }
        }
    }
}
