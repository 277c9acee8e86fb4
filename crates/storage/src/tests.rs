//! Each behaviour on the folder, and on a real S3-compatible server when `TEST_STORAGE_URL`
//! names a bucket of one (`scripts/s3-server.sh`, with `AWS_ENDPOINT_URL` and the keys set).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

/// The folder, and the bucket when the tests are given one: each store under a fresh prefix.
fn stores(folder: &tempfile::TempDir) -> Vec<Storage> {
    let mut stores = vec![Storage::folder(folder.path().join("uploads"))];
    let unique = folder.path().file_name().unwrap().to_string_lossy();
    let chosen = for_tests(folder.path(), &unique).unwrap();
    if chosen.local_folder().is_none() {
        stores.push(chosen);
    }
    stores
}

#[test]
fn a_file_is_kept_read_found_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    for store in stores(&dir) {
        let key = "ab/ab12cd";
        assert!(!store.exists(key).unwrap(), "{store:?}");
        store.put(key, b"a map of Gauteng").unwrap();
        assert!(store.exists(key).unwrap(), "{store:?}");
        assert_eq!(store.read(key, 1024).unwrap(), b"a map of Gauteng");
        // Written again, the new content replaces the old whole.
        store.put(key, b"a map").unwrap();
        assert_eq!(store.read(key, 1024).unwrap(), b"a map");
        store.delete(key).unwrap();
        assert!(!store.exists(key).unwrap(), "{store:?}");
        assert!(matches!(
            store.read(key, 1024),
            Err(StorageError::Missing { .. })
        ));
        // Removing what is gone already is no error: a retried removal succeeds.
        store.delete(key).unwrap();
    }
}

#[test]
fn a_read_stops_at_its_bound() {
    let dir = tempfile::tempdir().unwrap();
    for store in stores(&dir) {
        store.put("certificates/1/school.zip", &[7; 100]).unwrap();
        assert_eq!(
            store.read("certificates/1/school.zip", 100).unwrap().len(),
            100
        );
        assert!(
            matches!(
                store.read("certificates/1/school.zip", 99),
                Err(StorageError::TooLarge { limit: 99, .. })
            ),
            "{store:?}"
        );
    }
}

#[test]
fn a_key_cannot_climb_out_of_the_store() {
    let dir = tempfile::tempdir().unwrap();
    for store in stores(&dir) {
        for key in [
            "",
            "/etc/passwd",
            "../x",
            "a/../../x",
            "a//b",
            "a/./b",
            "a\\b",
        ] {
            assert!(
                matches!(store.put(key, b"x"), Err(StorageError::BadKey(_))),
                "{key:?}"
            );
            assert!(matches!(store.read(key, 9), Err(StorageError::BadKey(_))));
        }
    }
}

/// The folder keeps the layout of the data folder before buckets: existing files are found, and
/// nothing but the file is left behind by a write.
#[test]
fn the_folder_keeps_each_key_at_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("uploads");
    std::fs::create_dir_all(root.join("payment-proofs/9f")).unwrap();
    std::fs::write(root.join("payment-proofs/9f/9f00"), b"%PDF-1.4 old").unwrap();
    let store = Storage::from_url(None, root.clone(), |_| None).unwrap();
    assert_eq!(store.local_folder(), Some(root.as_path()));
    assert_eq!(
        store.read("payment-proofs/9f/9f00", 100).unwrap(),
        b"%PDF-1.4 old"
    );
    store.put("ab/ab12", b"new").unwrap();
    let names: Vec<_> = std::fs::read_dir(root.join("ab"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["ab12"]);
    let elsewhere = dir.path().join("elsewhere");
    let store = Storage::from_url(
        Some(&format!("file://{}", elsewhere.display())),
        root,
        |_| None,
    )
    .unwrap();
    assert_eq!(store.local_folder(), Some(elsewhere.as_path()));
}

#[test]
fn the_bucket_settings_are_read_from_the_usual_variables() {
    let env = |name: &str| match name {
        "AWS_ACCESS_KEY_ID" => Some("AKIDEXAMPLE".to_owned()),
        "AWS_SECRET_ACCESS_KEY" => Some("wJalrXUtnFEMI".to_owned()),
        "AWS_REGION" => Some("af-south-1".to_owned()),
        _ => None,
    };
    let amazon = BucketSettings::from_env("s3://olympiad-files/prod/uploads/", env).unwrap();
    assert_eq!(amazon.bucket, "olympiad-files");
    assert_eq!(amazon.prefix, "prod/uploads");
    assert_eq!(
        amazon.endpoint.as_str(),
        "https://s3.af-south-1.amazonaws.com/"
    );
    assert!(!amazon.path_style);
    let minio = BucketSettings::from_env("s3://files", |name| match name {
        "AWS_ENDPOINT_URL" => Some("http://minio.internal:9000".to_owned()),
        other => env(other),
    })
    .unwrap();
    assert_eq!(minio.prefix, "");
    assert!(minio.path_style);
    let missing = BucketSettings::from_env("s3://files", |_| None)
        .err()
        .unwrap();
    assert!(missing.contains("AWS_ACCESS_KEY_ID"), "{missing}");
    assert!(Storage::from_url(Some("ftp://files"), "x".into(), env).is_err());
    // Named in messages and logs by its place, never by its keys.
    let name = Storage::bucket(amazon).unwrap().name();
    assert!(name.contains("s3://olympiad-files/prod/uploads"), "{name}");
    assert!(
        !name.contains("AKIDEXAMPLE") && !name.contains("wJalr"),
        "{name}"
    );
}

/// A store that is not there answers `Unavailable` naming it, without its credentials.
#[test]
fn a_store_that_cannot_be_reached_is_named_without_its_keys() {
    // A port nothing listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let env = |name: &str| match name {
        "AWS_ACCESS_KEY_ID" => Some("AKIDEXAMPLE".to_owned()),
        "AWS_SECRET_ACCESS_KEY" => Some("wJalrXUtnFEMI".to_owned()),
        "AWS_ENDPOINT_URL" => Some(format!("http://127.0.0.1:{port}")),
        _ => None,
    };
    let store = Storage::from_url(Some("s3://files/olympiad"), "x".into(), env).unwrap();
    let error = store.put("ab/ab12", b"x").unwrap_err();
    assert!(matches!(error, StorageError::Unavailable { .. }), "{error}");
    let message = error.to_string();
    assert!(message.contains("s3://files/olympiad"), "{message}");
    assert!(
        !message.contains("AKIDEXAMPLE") && !message.contains("wJalr"),
        "{message}"
    );
}

/// A bucket that does not exist on a store that does: refused, named, never half-kept.
#[test]
fn a_bucket_that_is_not_there_is_named() {
    let Ok(url) = std::env::var("TEST_STORAGE_URL") else {
        return;
    };
    let bucket = url.trim_start_matches("s3://").split('/').next().unwrap();
    let absent = url.replacen(bucket, "no-such-olympiad-bucket", 1);
    let store = Storage::from_url(Some(&absent), "x".into(), |n| std::env::var(n).ok()).unwrap();
    let error = store.put("ab/ab12", b"x").unwrap_err();
    let message = error.to_string();
    assert!(message.contains("no-such-olympiad-bucket"), "{message}");
    assert!(message.contains("NoSuchBucket"), "{message}");
    assert!(matches!(
        store.read("ab/ab12", 10),
        Err(StorageError::Unavailable { .. })
    ));
}

#[test]
fn a_full_disk_is_told_apart_from_a_folder_that_cannot_be_used() {
    let folder = folder::Folder::new("/srv/olympiad/uploads".into());
    let full = folder.not_written(std::io::Error::from_raw_os_error(28)); // ENOSPC
    assert!(matches!(full, StorageError::Full { .. }), "{full}");
    assert!(full.to_string().contains("is full"), "{full}");
    let refused = folder.not_written(std::io::ErrorKind::PermissionDenied.into());
    assert!(
        matches!(refused, StorageError::Unavailable { .. }),
        "{refused}"
    );
}

/// A bucket whose server answers every request with `status` and an S3 error body of `code`.
fn bucket_answering(status: &'static str, code: &'static str) -> Storage {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            // The whole request (its head, then Content-Length bytes), so that closing the
            // connection never resets it before the answer is read.
            let mut request = Vec::new();
            let mut chunk = [0; 4096];
            while !whole(&request) {
                match stream.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&chunk[..n]),
                }
            }
            let body = format!("<Error><Code>{code}</Code><Message>no</Message></Error>");
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Type: application/xml\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    let env = move |name: &str| match name {
        "AWS_ACCESS_KEY_ID" => Some("AKIDOLYMPIAD".to_owned()),
        "AWS_SECRET_ACCESS_KEY" => Some("secret-of-the-bucket".to_owned()),
        "AWS_ENDPOINT_URL" => Some(format!("http://127.0.0.1:{port}")),
        _ => None,
    };
    Storage::from_url(Some("s3://olympiad-files/uploads"), "x".into(), env).unwrap()
}

/// Whether `request` holds an HTTP request's head and all of the body its Content-Length names.
fn whole(request: &[u8]) -> bool {
    let text = String::from_utf8_lossy(request);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return false;
    };
    let length = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0);
    body.len() >= length
}

#[test]
fn a_bucket_answering_insufficient_storage_is_full_and_one_answering_errors_cannot_be_used() {
    let full = bucket_answering("507 Insufficient Storage", "XMinioStorageFull");
    let refused = full.put("ab/ab12cd", b"a map of Gauteng").unwrap_err();
    assert!(matches!(refused, StorageError::Full { .. }), "{refused}");
    let failing = bucket_answering("500 Internal Server Error", "InternalError");
    let refused = failing.put("ab/ab12cd", b"a map of Gauteng").unwrap_err();
    assert!(
        matches!(refused, StorageError::Unavailable { .. }),
        "{refused}"
    );
}
