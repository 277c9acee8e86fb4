//! Files every node must see: two nodes of the platform over one database and one file store (a
//! bucket when `TEST_STORAGE_URL` names one, else one folder, as a shared disk would be), and a
//! store that cannot be used, said as such.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::{call_service, init_service, read_body};
use olympiad_domain::Role;
use olympiad_http::testing::multipart;
use serde_json::json;

/// The smallest PNG the content check accepts: its signature and a header chunk.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\x90wS\xde";
const PDF: &[u8] = b"%PDF-1.4\n% the bank's confirmation of an EFT\n%%EOF\n";

#[actix_web::test]
async fn a_picture_and_a_proof_uploaded_through_one_node_are_served_by_the_other() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography");
    let [admin, accountant] = fx.staff_of("geography", [Role::Admin, Role::Accountant]);
    let (school, teacher) = fx.entered_school(&geography);
    let node_a = fx.api().await;
    let node_b = Api {
        app: init_service(olympiad_http::app(fx.second_node())).await,
    };

    let (status, body) = node_a
        .send(with_token(
            multipart(
                &format!("/api/attachment/upload?olympiadId={}", geography.id),
                "Rivers map.png",
                PNG,
            ),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let picture = body["data"]["id"].as_i64().unwrap();
    let order = node_a.order_for(school.entry(), &teacher.token).await;
    let order = order["id"].as_i64().unwrap();
    let (status, body) = node_a
        .send(with_token(
            multipart(
                &format!("/api/purchase-order/{order}/proof"),
                "proof.pdf",
                PDF,
            ),
            &teacher.token,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let proof = body["data"]["id"].as_i64().unwrap();

    let served = |path: String, token: String| {
        let node_b = &node_b;
        async move {
            let response =
                call_service(&node_b.app, with_token(get(&path), &token).to_request()).await;
            let status = response.status();
            (status, read_body(response).await.to_vec())
        }
    };
    assert_eq!(
        served(format!("/api/attachment/{picture}"), admin.clone()).await,
        (StatusCode::OK, PNG.to_vec())
    );
    assert_eq!(
        served(
            format!("/api/purchase-order/{order}/proof/{proof}"),
            accountant
        )
        .await,
        (StatusCode::OK, PDF.to_vec())
    );
    // Removed through the other node, it is gone for both.
    let (_, listed) = node_b
        .send(with_token(
            get(&format!("/api/attachment?olympiadId={}", geography.id)),
            &admin,
        ))
        .await;
    let upload_id = listed["data"][0]["uploadId"].as_i64().unwrap();
    let (status, body) = node_b
        .send(with_token(
            delete(&format!("/api/attachment/{picture}?uploadId={upload_id}")),
            &admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = node_a
        .get(&format!("/api/attachment/{picture}"), &admin)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = node_a
        .send(with_token(
            multipart(
                &format!("/api/attachment/upload?olympiadId={}", geography.id),
                "Rivers map again.png",
                PNG,
            ),
            &admin,
        ))
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the same content is kept anew: {body}"
    );
    let again = body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        served(format!("/api/attachment/{again}"), admin).await,
        (StatusCode::OK, PNG.to_vec())
    );
}

/// A bucket on a port nothing listens on: the store is down.
fn store_that_is_down() -> olympiad_storage::Storage {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let env = move |name: &str| match name {
        "AWS_ACCESS_KEY_ID" => Some("AKIDOLYMPIAD".to_owned()),
        "AWS_SECRET_ACCESS_KEY" => Some("secret-of-the-bucket".to_owned()),
        "AWS_ENDPOINT_URL" => Some(format!("http://127.0.0.1:{port}")),
        _ => None,
    };
    olympiad_storage::Storage::from_url(Some("s3://olympiad-files/uploads"), "x".into(), env)
        .unwrap()
}

#[actix_web::test]
async fn a_store_that_cannot_be_used_is_said_as_such_and_nothing_is_recorded() {
    let fx = Fixture::with_config(|config| {
        config.require_staff_2fa = false;
        config.files = store_that_is_down();
    });
    let geography = fx.olympiad("geography");
    let [admin] = fx.staff_of("geography", [Role::Admin]);
    let (school, teacher) = fx.entered_school(&geography);
    let api = fx.api().await;
    let unavailable = |(status, body): (StatusCode, serde_json::Value)| {
        assert_eq!(
            (status, body["error"].clone()),
            (StatusCode::SERVICE_UNAVAILABLE, json!("files_unavailable")),
            "{body}"
        );
        let message = body["errorMsg"].as_str().unwrap();
        assert!(message.contains("file storage"), "{message}");
        // Where the files are kept, and with which keys, stays ours.
        for secret in ["s3://", "127.0.0.1", "AKIDOLYMPIAD", "secret-of-the-bucket"] {
            assert!(!body.to_string().contains(secret), "{body}");
        }
    };

    unavailable(
        api.send(with_token(
            multipart(
                &format!("/api/attachment/upload?olympiadId={}", geography.id),
                "map.png",
                PNG,
            ),
            &admin,
        ))
        .await,
    );
    let (_, listed) = api
        .get(
            &format!("/api/attachment?olympiadId={}", geography.id),
            &admin,
        )
        .await;
    assert_eq!(listed["data"], json!([]), "no record names a file not kept");

    let order = api.order_for(school.entry(), &teacher.token).await;
    let order = order["id"].as_i64().unwrap();
    unavailable(
        api.send(with_token(
            multipart(
                &format!("/api/purchase-order/{order}/proof"),
                "proof.pdf",
                PDF,
            ),
            &teacher.token,
        ))
        .await,
    );
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{order}"), &admin)
        .await;
    assert_eq!(detail["data"]["proofs"], json!([]), "{detail}");
}
