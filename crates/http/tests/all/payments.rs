//! `/api/purchase-order/…` (orders, their states, discounts, invoices, bank-statement matching, the
//! dashboard), `/api/pay/{token}` (the payment page) and `/api/payfast/itn` (PayFast's callback,
//! checked against a real local listener standing in for PayFast's validate call).

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_domain::id::SchoolParticipantId;
use olympiad_domain::payments::payfast_itn_string;
use olympiad_domain::Role;
use olympiad_http::testing::multipart;
use serde_json::json;
use std::io::{Read, Write};
use std::net::TcpListener;

/// A POST without a body (downloading an invoice issues it).
fn post(path: &str) -> TestRequest {
    TestRequest::post().uri(path)
}

/// A school entered in geography with `learners` learners and its team admin's token.
fn school_with_learners(fx: &Fixture, learners: usize) -> (SchoolParticipantId, String) {
    let geo = fx.olympiad("geography");
    let (school, teacher) = fx.entered_school(&geo);
    for n in 0..learners {
        fx.learner(&format!("learner{n}"))
            .named("Learner", &format!("N{n}"))
            .entered_with(school.entry());
    }
    (school.entry(), teacher.token)
}

#[actix_web::test]
async fn an_order_is_worked_out_from_the_learners_and_changes_state_as_allowed() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 3);
    let api = fx.api().await;

    // R 50 a learner, VAT 15%: 3 learners are R 172.50; asking again gives the same order.
    let order = api.order_for(entry, &teacher).await;
    assert_eq!(order["learners"], 3);
    assert_eq!(order["totalCents"], 17_250);
    assert_eq!(order["schoolsPO"], "PO-77");
    assert!(order["reference"].as_str().unwrap().starts_with("GEO"));
    let again = api.order_for(entry, &teacher).await;
    assert_eq!(again["id"], order["id"]);
    let id = order["id"].as_i64().unwrap();

    // The teacher sees their order; the accountant every order of the olympiad.
    let url = format!(
        "/api/purchase-order/?olympiadId={}&fetchDeleted=false",
        geo.id
    );
    let (_, mine) = api.get(&url, &teacher).await;
    assert_eq!(mine["data"]["total"], 1);
    let (_, all) = api.get(&url, &accountant).await;
    assert_eq!(all["data"]["rows"][0]["customerName"], "Hoërskool Ons Dorp");

    // A discount needs its reason; the amounts follow, and the reason is kept.
    let (status, bad) = api
        .put(
            &format!("/api/purchase-order/set-num-learners-discount/{id}?freeLearners=1&comment="),
            json!(null),
            &accountant,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert!(bad["fields"]["comment"].is_string());
    let (status, discounted) = api
        .put(&format!("/api/purchase-order/set-num-learners-discount/{id}?freeLearners=1&comment=Sponsored"), json!(null), &accountant)
        .await;
    assert_eq!(status, StatusCode::OK, "{discounted}");
    assert_eq!(discounted["data"]["totalCents"], 11_500);
    assert_eq!(discounted["data"]["comments"][0]["comment"], "Sponsored");
    assert_eq!(
        discounted["data"]["comments"][0]["byName"],
        "Test accountant"
    );
    // A teacher may not grant themselves a discount.
    let (status, _) = api
        .put(
            &format!("/api/purchase-order/set-num-learners-discount/{id}?freeLearners=3&comment=x"),
            json!(null),
            &teacher,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // to pre: pre-approved and not paid; to paid: paid and not pre-approved.
    let (_, pre) = api
        .put(
            &format!("/api/purchase-order/{id}?status=pre"),
            json!(null),
            &accountant,
        )
        .await;
    assert_eq!(
        (
            pre["data"]["preApproved"].clone(),
            pre["data"]["paid"].clone()
        ),
        (json!(true), json!(false))
    );
    let (_, paid) = api
        .put(
            &format!("/api/purchase-order/{id}?status=paid&customerParticipantId={entry}"),
            json!(null),
            &accountant,
        )
        .await;
    assert_eq!(
        (
            paid["data"]["preApproved"].clone(),
            paid["data"]["paid"].clone()
        ),
        (json!(false), json!(true))
    );
    // A paid order is not deleted; an unknown status is a 400.
    let (status, _) = api
        .delete(
            &format!("/api/purchase-order/admin/{id}?status=delete"),
            &accountant,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = api
        .put(
            &format!("/api/purchase-order/{id}?status=sideways"),
            json!(null),
            &accountant,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(activities(&fx, "purchase_order_status").len(), 2);

    // Back to unpaid, then deleted: gone from the list, shown with fetchDeleted.
    api.put(
        &format!("/api/purchase-order/{id}?status=unpaid"),
        json!(null),
        &accountant,
    )
    .await;
    let (status, _) = api
        .delete(
            &format!("/api/purchase-order/admin/{id}?status=delete"),
            &accountant,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, listed) = api.get(&url, &accountant).await;
    assert_eq!(listed["data"]["total"], 0);
    let with_deleted = format!(
        "/api/purchase-order/?olympiadId={}&fetchDeleted=true",
        geo.id
    );
    let (_, listed) = api.get(&with_deleted, &accountant).await;
    assert_eq!(listed["data"]["total"], 1);
    let (status, _) = api
        .put(
            &format!("/api/purchase-order/{id}?status=paid"),
            json!(null),
            &accountant,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

/// A school's team admin takes back its own order while nothing is paid or promised on it; another
/// school's teacher cannot, nor the school once the office pre-approved it.
#[actix_web::test]
async fn a_school_withdraws_its_own_unpaid_order() {
    let fx = Fixture::new();
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 2);
    let (other_entry, stranger) = another_school(&fx, "Other High", 1);
    let api = fx.api().await;
    let id = api.order_for(entry, &teacher).await["id"].as_i64().unwrap();
    let withdraw = format!("/api/purchase-order/{id}?schoolParticipantId={entry}");

    let (status, _) = api
        .delete(
            &format!("/api/purchase-order/{id}?schoolParticipantId={other_entry}"),
            &stranger,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    api.put(
        &format!("/api/purchase-order/{id}?status=pre"),
        json!(null),
        &accountant,
    )
    .await;
    let (status, refused) = api.delete(&withdraw, &teacher).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    api.put(
        &format!("/api/purchase-order/{id}?status=unpaid"),
        json!(null),
        &accountant,
    )
    .await;

    let (status, gone) = api.delete(&withdraw, &teacher).await;
    assert_eq!(status, StatusCode::OK, "{gone}");
    assert!(gone["data"]["deletedAt"].is_string());
    // The order is on record for the office, and the school may make a new one.
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    assert!(detail["data"]["deletedAt"].is_string());
    let again = api.order_for(entry, &teacher).await;
    assert_ne!(again["id"].as_i64(), Some(id));
}

#[actix_web::test]
async fn invoices_are_numbered_without_gaps_and_corrected_by_credit_notes() {
    let fx = Fixture::new();
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 2);
    let api = fx.api().await;
    let id = api.order_for(entry, &teacher).await["id"].as_i64().unwrap();

    // Downloading the invoice issues it (a POST; a GET issues nothing).
    let invoice = format!("/api/purchase-order/{id}/invoice");
    let (status, kind, pdf) = api.file(with_token(post(&invoice), &teacher)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/pdf");
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(String::from_utf8_lossy(&pdf).contains("Tax Invoice"));
    // Downloading again issues nothing new.
    api.file(with_token(post(&invoice), &teacher)).await;
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    assert_eq!(detail["data"]["invoices"].as_array().unwrap().len(), 1);

    // A discount changes the amount: the next download cancels invoice 1 with credit note 2 and
    // issues invoice 3. Nothing is edited.
    api.put(
        &format!(
            "/api/purchase-order/set-num-learners-discount/{id}?freeLearners=1&comment=Bursary"
        ),
        json!(null),
        &accountant,
    )
    .await;
    api.file(with_token(post(&invoice), &teacher)).await;
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    let documents = detail["data"]["invoices"].as_array().unwrap().clone();
    let numbers: Vec<i64> = documents
        .iter()
        .map(|d| d["number"].as_i64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3]);
    assert_eq!(documents[1]["creditNote"], true);
    assert_eq!(documents[1]["documentNumber"], "CN-000002");
    assert_eq!(documents[1]["creditsInvoiceId"], documents[0]["id"]);
    assert_eq!(documents[1]["totalCents"], -11_500);
    assert_eq!(documents[2]["totalCents"], 5_750);
    // A neighbour school's teacher reaches neither the order nor its invoice.
    let geo = fx.olympiad("geography");
    let other = fx.school().named("Other School").entered_in(&geo).build();
    let neighbour = fx
        .teacher("neighbour@example.org")
        .of_school(other.id)
        .in_team_of(other.entry())
        .build();
    let (status, _) = api
        .get(&format!("/api/purchase-order/{id}"), &neighbour.token)
        .await;
    assert!(matches!(
        status,
        StatusCode::FORBIDDEN | StatusCode::NOT_FOUND
    ));
}

/// The API with PayFast's validate call going to [`validate_listener`] answering `answer`.
fn payfast_answering(answer: &'static str) -> Fixture {
    let validate = validate_listener(answer);
    Fixture::with_config(|c| {
        c.require_staff_2fa = false;
        c.payfast_validate_url = validate;
    })
}

/// A one-request-at-a-time HTTP server on loopback that answers PayFast's validate call with
/// `answer` and counts the calls.
fn validate_listener(answer: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!(
        "http://{}/eng/query/validate",
        listener.local_addr().unwrap()
    );
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut buffer = [0u8; 8192];
            let _ = stream.read(&mut buffer);
            let response = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                answer.len()
            );
            let _ = stream.write_all(response.as_bytes());
        }
    });
    url
}

/// An ITN as PayFast signs it: every field but the signature, url-encoded in the order sent, the
/// passphrase appended, MD5.
fn signed_itn(fields: &[(&str, String)], passphrase: &str) -> String {
    use md5::{Digest, Md5};
    let posted: Vec<(String, String)> = fields
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect();
    let mut signed = payfast_itn_string(&posted);
    signed.push_str(&format!("&passphrase={passphrase}"));
    let signature: String = Md5::digest(signed.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{}&signature={signature}", payfast_itn_string(&posted))
}

fn itn_request(body: String, from: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/payfast/itn")
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .peer_addr(from.parse().unwrap())
        .set_payload(body)
}

#[actix_web::test]
async fn an_itn_pays_the_order_once_and_a_forged_one_changes_nothing() {
    let fx = payfast_answering("VALID");
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 1);
    let api = fx.api().await;
    let order = api.order_for(entry, &teacher).await;
    let id = order["id"].as_i64().unwrap();

    // The payment page offers PayFast's signed form, with the amount worked out on the server.
    let token = order["payToken"].as_str().unwrap().to_owned();
    let (status, page) = api.send(get(&format!("/api/pay/{token}"))).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let fields = page["data"]["payfast"]["fields"].as_array().unwrap();
    let amount = fields.iter().find(|f| f["name"] == "amount").unwrap();
    assert_eq!(amount["value"], "57.50");
    assert_eq!(fields.last().unwrap()["name"], "signature");

    let itn = |amount: &str, payment: &str| {
        vec![
            ("m_payment_id", id.to_string()),
            ("pf_payment_id", payment.to_owned()),
            ("payment_status", "COMPLETE".to_owned()),
            ("item_name", "Geography Olympiad GEO".to_owned()),
            ("amount_gross", amount.to_owned()),
            ("amount_fee", "-2.30".to_owned()),
            ("amount_net", "55.20".to_owned()),
            ("merchant_id", "10000100".to_owned()),
        ]
    };
    macro_rules! order_now {
        () => {
            api.get(&format!("/api/purchase-order/{id}"), &accountant)
                .await
                .1["data"]
                .clone()
        };
    }

    // Forged: signed with another passphrase. Wrong amount. From an address not PayFast's.
    let (status, body) = api
        .send(itn_request(
            signed_itn(&itn("57.50", "901"), "guess"),
            "127.0.0.1:40000",
        ))
        .await;
    assert_eq!(
        (status, body["data"].clone()),
        (StatusCode::OK, json!("refused"))
    );
    let (_, body) = api
        .send(itn_request(
            signed_itn(&itn("1.00", "902"), "test-passphrase"),
            "127.0.0.1:40000",
        ))
        .await;
    assert_eq!(body["data"], "refused");
    let (_, body) = api
        .send(itn_request(
            signed_itn(&itn("57.50", "903"), "test-passphrase"),
            "10.9.9.9:40000",
        ))
        .await;
    assert_eq!(body["data"], "refused");
    assert_eq!(order_now!()["paid"], false);
    assert!(order_now!()["payments"].as_array().unwrap().is_empty());

    // The real one pays the order; sent again, it changes nothing.
    let good = signed_itn(&itn("57.50", "1089250"), "test-passphrase");
    let (_, body) = api.send(itn_request(good.clone(), "127.0.0.1:40000")).await;
    assert_eq!(body["data"], "paid");
    let (_, body) = api.send(itn_request(good, "127.0.0.1:40000")).await;
    assert_eq!(body["data"], "repeated");
    let detail = order_now!();
    assert_eq!(
        (detail["paid"].clone(), detail["preApproved"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(detail["payments"].as_array().unwrap().len(), 1);
    assert_eq!(detail["receivedCents"], 5_750);
    // Money received: the order stays paid.
    let (status, _) = api
        .put(
            &format!("/api/purchase-order/{id}?status=unpaid"),
            json!(null),
            &accountant,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

/// The application log's rows about PayFast.
fn payfast_log_rows(fx: &Fixture) -> usize {
    olympiad_persistence::models::AppLog::list(&mut fx.db.conn(), Some("payfast"), -1)
        .unwrap()
        .len()
}

#[actix_web::test]
async fn itns_that_are_not_payfasts_write_no_row_however_many_come() {
    let fx = payfast_answering("VALID");
    let (entry, teacher) = school_with_learners(&fx, 1);
    let api = fx.api().await;
    let id = api.order_for(entry, &teacher).await["id"].as_i64().unwrap();
    let fields = |payment: &str, amount: &str| {
        vec![
            ("m_payment_id", id.to_string()),
            ("pf_payment_id", payment.to_owned()),
            ("payment_status", "COMPLETE".to_owned()),
            ("amount_gross", amount.to_owned()),
            ("merchant_id", "10000100".to_owned()),
        ]
    };
    // Anyone may post these: signed with a guessed passphrase, or from an address not PayFast's.
    for n in 0..15 {
        let (status, body) = api
            .send(itn_request(
                signed_itn(&fields(&n.to_string(), "57.50"), "guess"),
                "127.0.0.1:40000",
            ))
            .await;
        assert_eq!(
            (status, body["data"].clone()),
            (StatusCode::OK, json!("refused"))
        );
        let (_, body) = api
            .send(itn_request(
                signed_itn(&fields(&n.to_string(), "57.50"), "test-passphrase"),
                "198.51.100.7:40000",
            ))
            .await;
        assert_eq!(body["data"], "refused");
    }
    assert_eq!(payfast_log_rows(&fx), 0, "no row for what outsiders send");
    // They are counted, for whoever watches the metrics.
    let (status, _, metrics) = api
        .file(with_token(get("/metrics"), "test-metrics-secret"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let metrics = String::from_utf8(metrics).unwrap();
    assert!(
        metrics.contains("olympiad_payfast_itn_forged_total{reason=\"bad signature\"}"),
        "{metrics}"
    );
    // One that PayFast itself signed and sent but that does not fit the order is still noted.
    let (_, body) = api
        .send(itn_request(
            signed_itn(&fields("99", "1.00"), "test-passphrase"),
            "127.0.0.1:40000",
        ))
        .await;
    assert_eq!(body["data"], "refused");
    assert_eq!(payfast_log_rows(&fx), 1);
}

#[actix_web::test]
async fn an_itn_that_payfast_does_not_confirm_changes_nothing() {
    let fx = payfast_answering("INVALID");
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 1);
    let api = fx.api().await;
    let id = api.order_for(entry, &teacher).await["id"].as_i64().unwrap();
    let fields = vec![
        ("m_payment_id", id.to_string()),
        ("pf_payment_id", "77".to_owned()),
        ("payment_status", "COMPLETE".to_owned()),
        ("amount_gross", "57.50".to_owned()),
        ("merchant_id", "10000100".to_owned()),
    ];
    let (_, body) = api
        .send(itn_request(
            signed_itn(&fields, "test-passphrase"),
            "127.0.0.1:40000",
        ))
        .await;
    assert_eq!(body["data"], "refused");
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    assert_eq!(detail["data"]["paid"], false);
}

#[actix_web::test]
async fn a_bank_statement_is_matched_by_reference_and_amount_and_confirmed_by_the_accountant() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let [accountant, admin] = fx.staff_of("geography", [Role::Accountant, Role::Admin]);
    let (entry, teacher) = school_with_learners(&fx, 2);
    let api = fx.api().await;
    let order = api.order_for(entry, &teacher).await;
    let (id, reference) = (
        order["id"].as_i64().unwrap(),
        order["reference"].as_str().unwrap().to_owned(),
    );

    let statement = format!(
        "Date,Description,Amount\n2026-11-20,EFT {} WATERKLOOF,115.00\n2026-11-21,EFT {},99.00\n2026-11-21,SALARY,5000.00\n",
        reference.to_lowercase(),
        reference
    );
    let preview = format!(
        "/api/purchase-order/reconcile/preview?olympiadId={}",
        geo.id
    );
    let (status, matches) = api
        .send(with_token(
            multipart(&preview, "statement.csv", statement.as_bytes()),
            &accountant,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{matches}");
    let matches = matches["data"].as_array().unwrap().clone();
    assert_eq!(matches.len(), 3);
    assert_eq!(
        (
            matches[0]["kind"].clone(),
            matches[0]["purchaseOrderId"].clone()
        ),
        (json!("exact"), json!(id))
    );
    assert_eq!(matches[1]["kind"], "amountDiffers");
    assert_eq!(matches[2]["kind"], "noReference");
    // Matching wrote nothing.
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    assert_eq!(detail["data"]["paid"], false);

    // Confirming the line whose amount differs is refused, naming it; the exact one pays.
    let wrong = json!({ "matches": [{ "purchaseOrderId": id, "line": matches[1]["line"] }] });
    let (status, body) = api
        .post("/api/purchase-order/reconcile/confirm", wrong, &accountant)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["matches[0].line.amountCents"].is_string());
    let right = json!({ "matches": [{ "purchaseOrderId": id, "line": matches[0]["line"] }] });
    let (_, body) = api
        .post(
            "/api/purchase-order/reconcile/confirm",
            right.clone(),
            &accountant,
        )
        .await;
    assert_eq!(body["data"], 1);
    let (_, body) = api
        .post("/api/purchase-order/reconcile/confirm", right, &accountant)
        .await;
    assert_eq!(body["data"], 0, "a line confirmed twice is recorded once");
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    assert_eq!(detail["data"]["paid"], true);
    assert_eq!(detail["data"]["payments"][0]["method"], "eft");
    assert_eq!(activities(&fx, "purchase_order_paid_by_eft").len(), 1);

    // The dashboard adds it up.
    let (status, dashboard) = api
        .get(
            &format!("/api/purchase-order/dashboard?olympiadId={}", geo.id),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{dashboard}");
    assert_eq!(dashboard["data"]["totals"]["paidCents"], 11_500);
    assert_eq!(dashboard["data"]["totals"]["orders"], 1);
    assert_eq!(dashboard["data"]["byProvince"][0]["key"], "Limpopo");
}

/// The smallest PNG the content check accepts: its signature and a header chunk.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\x90wS\xde";

#[actix_web::test]
async fn a_teacher_uploads_a_proof_of_payment_and_the_accountant_marks_the_order_paid_from_it() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 2);
    // Another school's team admin, with an order of their own.
    let other = fx.school().named("Other High").entered_in(&geo).build();
    let stranger = fx
        .teacher("stranger@example.org")
        .of_school(other.id)
        .in_team_of(other.entry())
        .build()
        .token;
    let api = fx.api().await;
    let order = api.order_for(entry, &teacher).await;
    let id = order["id"].as_i64().unwrap();
    let url = format!("/api/purchase-order/{id}/proof");

    // Only a PDF, JPEG or PNG, judged by its bytes, not its name.
    let (status, body) = api
        .send(with_token(
            multipart(&url, "proof.pdf", b"GIF89a not a proof"),
            &teacher,
        ))
        .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    // Larger than 5 MB is refused before it is kept.
    let big = [b"%PDF-1.4\n".as_slice(), &vec![b' '; 5 * 1024 * 1024]].concat();
    let (status, _) = api
        .send(with_token(multipart(&url, "big.pdf", &big), &teacher))
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    // Another school's teacher does not reach the order (to them it does not exist).
    let (status, _) = api
        .send(with_token(multipart(&url, "proof.png", PNG), &stranger))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, body) = api
        .send(with_token(
            multipart(&url, "../bank proof.png", PNG),
            &teacher,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let proof = body["data"]["id"].as_i64().unwrap();
    assert_eq!(body["data"]["filename"], "bank proof.png");
    assert_eq!(body["data"]["contentType"], "image/png");
    assert!(
        body["data"].get("sha256").is_none(),
        "where it is kept stays ours"
    );
    assert_eq!(activities(&fx, "payment_proof_uploaded").len(), 1);

    // The accountant sees it on the order, in the grid's count and the detail, and downloads it.
    let list = format!("/api/purchase-order/?olympiadId={}", geo.id);
    let (_, listed) = api.get(&list, &accountant).await;
    assert_eq!(listed["data"]["rows"][0]["proofCount"], 1);
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    assert_eq!(detail["data"]["proofs"][0]["id"], proof);
    let file = format!("/api/purchase-order/{id}/proof/{proof}");
    let (status, content_type, bytes) = api.file(with_token(get(&file), &accountant)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "image/png");
    assert_eq!(bytes, PNG);
    let (status, _, _) = api.file(with_token(get(&file), &stranger)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A proof is reached only through its own order.
    let other_order = api.order_for(other.entry(), &stranger).await;
    let other_id = other_order["id"].as_i64().unwrap();
    let (status, _, _) = api
        .file(with_token(
            get(&format!("/api/purchase-order/{other_id}/proof/{proof}")),
            &accountant,
        ))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The teacher may not accept their own proof; the accountant marks the order paid from it,
    // once however often it is asked.
    let accept = format!("/api/purchase-order/{id}/proof/{proof}/accept");
    let (status, _) = api.put(&accept, json!(null), &teacher).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for _ in 0..2 {
        let (status, body) = api.put(&accept, json!(null), &accountant).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["paid"], true);
        assert_eq!(body["data"]["payments"].as_array().unwrap().len(), 1);
        assert_eq!(body["data"]["receivedCents"], body["data"]["totalCents"]);
        assert!(body["data"]["proofs"][0]["acceptedAt"].is_string());
    }
    assert_eq!(activities(&fx, "purchase_order_paid_by_proof").len(), 1);
    // A paid order takes no more proofs.
    let (status, _) = api
        .send(with_token(multipart(&url, "again.png", PNG), &teacher))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[actix_web::test]
async fn an_order_takes_at_most_five_proofs() {
    let fx = Fixture::new();
    let (entry, teacher) = school_with_learners(&fx, 1);
    let api = fx.api().await;
    let id = api.order_for(entry, &teacher).await["id"].as_i64().unwrap();
    let url = format!("/api/purchase-order/{id}/proof");
    for n in 0..5 {
        let (status, body) = api
            .send(with_token(
                multipart(&url, &format!("proof{n}.png"), PNG),
                &teacher,
            ))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    // The sixth is refused, naming the file, and nothing is noted.
    let (status, body) = api
        .send(with_token(multipart(&url, "proof5.png", PNG), &teacher))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["errorMsg"].as_str().unwrap().starts_with("file: "),
        "{body}"
    );
    assert_eq!(activities(&fx, "payment_proof_uploaded").len(), 5);
}

#[actix_web::test]
async fn a_user_uploads_a_few_proofs_an_hour() {
    let fx = Fixture::with_config(|c| {
        c.require_staff_2fa = false;
        c.bucket_allowances.proof_uploads_per_hour = 3;
    });
    let (entry, teacher) = school_with_learners(&fx, 2);
    let api = fx.api().await;
    let id = api.order_for(entry, &teacher).await["id"].as_i64().unwrap();
    let url = format!("/api/purchase-order/{id}/proof");
    for n in 0..3 {
        let (status, body) = api
            .send(with_token(
                multipart(&url, &format!("proof{n}.png"), PNG),
                &teacher,
            ))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    // Past the hour's allowance the user is told to wait, before anything is read or kept.
    let (status, body) = api
        .send(with_token(multipart(&url, "proof3.png", PNG), &teacher))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::TOO_MANY_REQUESTS, json!("rate_limited"))
    );
    assert_eq!(activities(&fx, "payment_proof_uploaded").len(), 3);
}

#[actix_web::test]
async fn fees_by_grade_band_and_date_and_a_sponsored_entry_show_on_the_order_and_its_invoice() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let admin = fx.admin("geography");
    let [accountant, funding] = fx.staff_of("geography", [Role::Accountant, Role::Funding]);
    let (school, teacher) = fx.entered_school(&geo);
    for (n, grade) in [(1, 8), (2, 11), (3, 12)] {
        fx.learner(&format!("banded{n}"))
            .grade(grade)
            .entered_with(school.entry());
    }
    let api = fx.api().await;
    let today = chrono::Utc::now().date_naive();
    let fees_url = format!("/api/purchase-order/fees?olympiadId={}", geo.id);

    // A faulty schedule is refused field by field and changes nothing.
    let bad = json!({
        "learnerFeeCents": 5000, "vatBasisPoints": 1500,
        "bands": [{ "gradeFrom": 12, "gradeTo": 10, "feeCents": 8000 }],
        "early": { "date": "2026-03-01", "feeCents": 4000 },
        "late": { "date": "2026-02-01", "feeCents": 6500 }
    });
    let (status, body) = api.put(&fees_url, bad, &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["bands[0].gradeTo"].is_string(), "{body}");
    assert!(body["fields"]["late.date"].is_string(), "{body}");

    // Grades 10–12 pay R 80, the others R 50; a late fee (R 15 more) from today on.
    let late_from = today.format("%Y-%m-%d").to_string();
    let fees = json!({
        "learnerFeeCents": 5000, "vatBasisPoints": 1500,
        "bands": [{ "gradeFrom": 10, "gradeTo": 12, "feeCents": 8000 }],
        "early": { "date": "2020-01-01", "feeCents": 4000 },
        "late": { "date": late_from, "feeCents": 6500 }
    });
    let (status, body) = api.put(&fees_url, fees, &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let dashboard = format!("/api/purchase-order/dashboard?olympiadId={}", geo.id);
    let (_, body) = api.get(&dashboard, &admin).await;
    assert_eq!(body["data"]["schedule"]["bands"][0]["feeCents"], 8000);
    assert_eq!(body["data"]["schedule"]["late"]["date"], late_from.as_str());

    // Made today, the order is late: 2 × (80 + 15) + 1 × (50 + 15) = R 255, VAT R 38.25.
    let order = api.order_for(school.entry(), &teacher.token).await;
    let id = order["id"].as_i64().unwrap();
    assert_eq!(order["subtotalCents"], 25_500);
    assert_eq!(order["totalCents"], 29_325);
    let lines = order["feeLines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{order}");
    assert_eq!(
        lines[0]["label"],
        format!("Grades 10–12, late (from {late_from})")
    );
    assert_eq!(
        (lines[0]["learners"].clone(), lines[0]["unitCents"].clone()),
        (json!(2), json!(9_500))
    );
    assert_eq!(
        lines[1]["label"],
        format!("Other grades, late (from {late_from})")
    );

    // The funder sponsors the entry: the accountant may not, the funding staff may; the order
    // then owes nothing and says what was sponsored.
    let sponsor =
        |percent: i32| format!("/api/purchase-order/set-sponsored/{id}?sponsoredPercent={percent}");
    let (status, _) = api.put(&sponsor(100), json!(null), &accountant).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = api.put(&sponsor(101), json!(null), &funding).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = api.put(&sponsor(100), json!(null), &funding).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["sponsoredCents"], 25_500);
    assert_eq!(body["data"]["totalCents"], 0);
    assert_eq!(activities(&fx, "school_entry_sponsored").len(), 1);
    // 60% sponsored: R 102 owed plus VAT R 15.30.
    let (_, body) = api.put(&sponsor(60), json!(null), &funding).await;
    assert_eq!(body["data"]["totalCents"], 11_730);

    // The invoice carries the lines and the sponsored part.
    let (status, content_type, pdf) = api
        .file(with_token(
            post(&format!("/api/purchase-order/{id}/invoice")),
            &teacher.token,
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/pdf");
    assert!(pdf.starts_with(b"%PDF-"));
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    let invoice = &detail["data"]["invoices"][0];
    assert_eq!(invoice["sponsoredCents"], 15_300);
    assert_eq!(invoice["totalCents"], 11_730);
    assert_eq!(invoice["feeLines"].as_array().unwrap().len(), 2);

    // Once paid, the sponsorship no longer changes.
    api.put(
        &format!("/api/purchase-order/{id}?status=paid"),
        json!(null),
        &accountant,
    )
    .await;
    let (status, _) = api.put(&sponsor(0), json!(null), &funding).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[actix_web::test]
async fn a_countrys_team_leader_sees_and_pays_the_countrys_own_orders() {
    let fx = Fixture::new();
    let igeo = fx.olympiad("igeo");
    let admin = fx.admin("igeo");
    let api = fx.api().await;
    let (_, country) = api
        .post(
            "/api/igeo-country",
            json!({ "name": "Namibia", "isoCode": "NA" }),
            &admin,
        )
        .await;
    let entry = json!({ "olympiadId": igeo.id, "countryId": country["data"]["id"], "status": "confirmed", "teamLeaderName": "Ms Shikongo", "teamLeaderEmail": "Leader@Example.na", "teamMembers": ["A", "B", "C"], "invoiceEmail": "finance@example.na" });
    let (status, created) = api
        .post("/api/igeo-country-participant", entry, &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let entry_id = created["data"]["id"].as_i64().unwrap();
    // The team leader signs in to the portal with the address the entry names; another teacher
    // leads nothing.
    let leader = fx.teacher("leader@example.na").build().token;
    let stranger = fx.teacher("someone@example.org").build().token;

    let mine = format!("/api/purchase-order/my-countries?olympiadId={}", igeo.id);
    let (status, body) = api.get(&mine, &leader).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"][0]["countryParticipantId"], entry_id);
    assert_eq!(body["data"][0]["countryName"], "Namibia");
    let (_, body) = api.get(&mine, &stranger).await;
    assert_eq!(body["data"].as_array().unwrap().len(), 0);

    // The leader makes the country's order: three members at R 50 with VAT.
    let make = format!("/api/purchase-order?countryParticipantId={entry_id}");
    let (status, _) = api.post(&make, json!(null), &stranger).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, order) = api.post(&make, json!(null), &leader).await;
    assert_eq!(status, StatusCode::OK, "{order}");
    assert_eq!(order["data"]["totalCents"], 17_250);
    let id = order["data"]["id"].as_i64().unwrap();

    // The leader lists the country's orders, downloads its invoice and reaches its payment page.
    let list = format!(
        "/api/purchase-order/?olympiadId={}&countryParticipantId={entry_id}",
        igeo.id
    );
    let (status, body) = api.get(&list, &leader).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["rows"][0]["customerName"], "Namibia");
    let token = body["data"]["rows"][0]["payToken"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _) = api.get(&list, &stranger).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let invoice = format!("/api/purchase-order/{id}/invoice");
    let (status, content_type, _) = api.file(with_token(post(&invoice), &leader)).await;
    assert_eq!(
        (status, content_type.as_str()),
        (StatusCode::OK, "application/pdf")
    );
    let (status, _, _) = api.file(with_token(post(&invoice), &stranger)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, page) = api.send(get(&format!("/api/pay/{token}"))).await;
    assert_eq!(status, StatusCode::OK, "{page}");
}

/// Another school entered in geography, with `learners` learners and its own team admin.
fn another_school(fx: &Fixture, name: &str, learners: usize) -> (SchoolParticipantId, String) {
    let geo = fx.olympiad("geography");
    let school = fx.school().named(name).entered_in(&geo).build();
    let teacher = fx
        .teacher(&format!(
            "{}@example.org",
            name.to_lowercase().replace(' ', ".")
        ))
        .of_school(school.id)
        .in_team_of(school.entry())
        .build();
    load_learners(fx, school.entry(), name, 0..learners);
    (school.entry(), teacher.token)
}

fn load_learners(
    fx: &Fixture,
    entry: SchoolParticipantId,
    tag: &str,
    numbers: std::ops::Range<usize>,
) {
    for n in numbers {
        let username = format!("{}{n}", tag.to_lowercase().replace(' ', ""));
        fx.learner(&username)
            .named("Learner", &format!("N{n}"))
            .entered_with(entry);
    }
}

/// The e-mails queued that tell of a new invoice.
fn invoice_mails(fx: &Fixture) -> i64 {
    use diesel::prelude::*;
    use olympiad_persistence::schema::jobs;
    jobs::table
        .filter(jobs::payload.like("%\"invoice_issued\"%"))
        .count()
        .get_result(&mut fx.db.conn())
        .unwrap()
}

/// The ways an order is paid.
#[derive(Debug, Clone, Copy)]
enum PaidBy {
    Proof,
    Card,
    Statement,
    Office,
}

#[actix_web::test]
async fn learners_loaded_after_payment_go_on_a_supplementary_order_however_it_was_paid() {
    let fx = payfast_answering("VALID");
    let geo = fx.olympiad("geography");
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let api = fx.api().await;
    let list = format!("/api/purchase-order/?olympiadId={}", geo.id);
    for (n, way) in [
        PaidBy::Proof,
        PaidBy::Card,
        PaidBy::Statement,
        PaidBy::Office,
    ]
    .into_iter()
    .enumerate()
    {
        let name = format!("School {n}");
        let (entry, teacher) = another_school(&fx, &name, 2);
        let order = api.order_for(entry, &teacher).await;
        let (id, reference) = (
            order["id"].as_i64().unwrap(),
            order["reference"].as_str().unwrap().to_owned(),
        );
        assert_eq!(order["totalCents"], 11_500);
        match way {
            PaidBy::Proof => {
                let url = format!("/api/purchase-order/{id}/proof");
                let (_, proof) = api
                    .send(with_token(multipart(&url, "proof.png", PNG), &teacher))
                    .await;
                let accept = format!("{url}/{}/accept", proof["data"]["id"]);
                let (status, body) = api.put(&accept, json!(null), &accountant).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            PaidBy::Card => {
                let fields = vec![
                    ("m_payment_id", id.to_string()),
                    ("pf_payment_id", format!("card-{id}")),
                    ("payment_status", "COMPLETE".to_owned()),
                    ("amount_gross", "115.00".to_owned()),
                    ("merchant_id", "10000100".to_owned()),
                ];
                let (_, body) = api
                    .send(itn_request(
                        signed_itn(&fields, "test-passphrase"),
                        "127.0.0.1:40000",
                    ))
                    .await;
                assert_eq!(body["data"], "paid");
            }
            PaidBy::Statement => {
                let line = json!({ "line": 2, "date": "2026-11-20", "description": format!("EFT {reference}"), "amountCents": 11_500 });
                let (status, body) = api
                    .post(
                        "/api/purchase-order/reconcile/confirm",
                        json!({ "matches": [{ "purchaseOrderId": id, "line": line }] }),
                        &accountant,
                    )
                    .await;
                assert_eq!((status, body["data"].clone()), (StatusCode::OK, json!(1)));
            }
            PaidBy::Office => {
                let (status, _) = api
                    .put(
                        &format!("/api/purchase-order/{id}?status=paid"),
                        json!(null),
                        &accountant,
                    )
                    .await;
                assert_eq!(status, StatusCode::OK);
            }
        }

        // Three more learners after payment: the paid order stays as it was paid, and a
        // supplementary order owes for the three. The accountant's grid shows it first here.
        load_learners(&fx, entry, &name, 2..5);
        let (_, all) = api.get(&list, &accountant).await;
        let rows: Vec<_> = all["data"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["schoolParticipantId"] == json!(entry))
            .cloned()
            .collect();
        assert_eq!(rows.len(), 2, "{way:?}: {rows:?}");
        let extra = rows.iter().find(|r| r["id"] != json!(id)).unwrap().clone();
        assert_eq!(extra["supplementsOrderId"], id, "{way:?}");
        assert_eq!(
            (extra["learners"].clone(), extra["totalCents"].clone()),
            (json!(3), json!(17_250)),
            "{way:?}"
        );
        assert_eq!(extra["paid"], false);
        assert_ne!(extra["reference"], json!(reference));
        let paid = rows.iter().find(|r| r["id"] == json!(id)).unwrap();
        assert_eq!(
            (paid["learners"].clone(), paid["paid"].clone()),
            (json!(2), json!(true))
        );

        // The school sees the same two orders; one more learner goes on the supplementary one.
        load_learners(&fx, entry, &name, 5..6);
        let (_, mine) = api.get(&list, &teacher).await;
        let rows = mine["data"]["rows"].as_array().unwrap().clone();
        assert_eq!(rows.len(), 2, "{way:?}: {rows:?}");
        let extra_now = rows.iter().find(|r| r["id"] == extra["id"]).unwrap();
        assert_eq!(extra_now["learners"], 4, "{way:?}");
        assert_eq!(extra_now["totalCents"], 23_000);
        // Making the order again answers the one still owed.
        assert_eq!(api.order_for(entry, &teacher).await["id"], extra["id"]);
    }
    assert_eq!(activities(&fx, "purchase_order_supplementary").len(), 4);
}

#[actix_web::test]
async fn an_order_paid_from_a_proof_takes_no_statement_line_as_a_second_payment() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 2);
    let api = fx.api().await;
    let order = api.order_for(entry, &teacher).await;
    let (id, reference) = (
        order["id"].as_i64().unwrap(),
        order["reference"].as_str().unwrap().to_owned(),
    );
    // The statement is matched while the order is owed…
    let statement = format!("Date,Description,Amount\n2026-11-20,EFT {reference},115.00\n");
    let (_, matches) = api
        .send(with_token(
            multipart(
                &format!(
                    "/api/purchase-order/reconcile/preview?olympiadId={}",
                    geo.id
                ),
                "statement.csv",
                statement.as_bytes(),
            ),
            &accountant,
        ))
        .await;
    let line = matches["data"][0]["line"].clone();
    // …then the order is paid from the school's proof…
    let url = format!("/api/purchase-order/{id}/proof");
    let (_, proof) = api
        .send(with_token(multipart(&url, "proof.png", PNG), &teacher))
        .await;
    let accept = format!("{url}/{}/accept", proof["data"]["id"]);
    api.put(&accept, json!(null), &accountant).await;
    // …and the statement's line for it is refused, naming the order; one payment stays.
    let (status, body) = api
        .post(
            "/api/purchase-order/reconcile/confirm",
            json!({ "matches": [{ "purchaseOrderId": id, "line": line }] }),
            &accountant,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["errorMsg"].as_str().unwrap().contains(&reference),
        "{body}"
    );
    let (_, detail) = api
        .get(&format!("/api/purchase-order/{id}"), &accountant)
        .await;
    assert_eq!(detail["data"]["payments"].as_array().unwrap().len(), 1);
    assert_eq!(detail["data"]["receivedCents"], 11_500);
    assert!(activities(&fx, "purchase_order_paid_by_eft").is_empty());
}

#[actix_web::test]
async fn simultaneous_first_downloads_issue_one_invoice() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let mut orders = Vec::new();
    for n in 0..5 {
        let (entry, teacher) = another_school(&fx, &format!("Race {n}"), 1);
        let id = api.order_for(entry, &teacher).await["id"].as_i64().unwrap();
        orders.push((id, teacher));
    }
    // Four first downloads of each order at once: on PostgreSQL they run side by side.
    let api = &api;
    let requests: Vec<_> = orders
        .iter()
        .flat_map(|(id, teacher)| {
            (0..4).map(move |_| {
                with_token(post(&format!("/api/purchase-order/{id}/invoice")), teacher)
            })
        })
        .collect();
    let downloads = futures_util::future::join_all(requests.into_iter().map(|r| api.file(r))).await;
    for (status, kind, _) in &downloads {
        assert_eq!(
            (*status, kind.as_str()),
            (StatusCode::OK, "application/pdf")
        );
    }
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    for (id, _) in &orders {
        let (_, detail) = api
            .get(&format!("/api/purchase-order/{id}"), &accountant)
            .await;
        let documents = detail["data"]["invoices"].as_array().unwrap();
        assert_eq!(documents.len(), 1, "order {id}: {documents:?}");
    }
}

#[actix_web::test]
async fn opening_the_pay_link_issues_nothing_and_changing_the_order_number_is_bounded() {
    let fx = Fixture::new();
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 2);
    {
        // The school's address, where invoices are mailed.
        use diesel::prelude::*;
        use olympiad_persistence::schema::schools;
        diesel::update(schools::table)
            .set(schools::email.eq("office@example.org"))
            .execute(&mut fx.db.conn())
            .unwrap();
    }
    let api = fx.api().await;
    let order = api.order_for(entry, &teacher).await;
    let id = order["id"].as_i64().unwrap();
    let token = order["payToken"].as_str().unwrap().to_owned();
    let documents = |detail: &serde_json::Value| {
        let all = detail["data"]["invoices"].as_array().unwrap().clone();
        let credits = all.iter().filter(|d| d["creditNote"] == true).count();
        (all.len() - credits, credits)
    };
    let detail_url = format!("/api/purchase-order/{id}");

    // A mail scanner fetching the link and its invoice makes no invoice.
    let (status, page) = api.send(get(&format!("/api/pay/{token}"))).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["data"]["invoiceNumber"], json!(null));
    let (status, _, _) = api.file(get(&format!("/api/pay/{token}/invoice"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = api
        .file(with_token(get(&format!("{detail_url}/invoice")), &teacher))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        documents(&api.get(&detail_url, &accountant).await.1),
        (0, 0)
    );
    assert_eq!(invoice_mails(&fx), 0);

    // The page's button issues it; then the link's GET shows and serves that one.
    let (status, kind, pdf) = api.file(post(&format!("/api/pay/{token}/invoice"))).await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    assert!(pdf.starts_with(b"%PDF-"));
    let (_, page) = api.send(get(&format!("/api/pay/{token}"))).await;
    assert!(page["data"]["invoiceNumber"].is_string(), "{page}");
    let (status, _, _) = api.file(get(&format!("/api/pay/{token}/invoice"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        documents(&api.get(&detail_url, &accountant).await.1),
        (1, 0)
    );

    // Switching the school's order number back and forth, downloading each time: each change is
    // issued at most three times a day, and the school is mailed once.
    let mut refused = 0;
    for round in 0..10 {
        let po = if round % 2 == 0 { "PO-A" } else { "PO-B" };
        let (status, _) = api
            .put(
                &format!("/api/purchase-order/set-school-po/{id}?schoolsPO={po}"),
                json!(null),
                &teacher,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _, _) = api
            .file(with_token(post(&format!("{detail_url}/invoice")), &teacher))
            .await;
        if status == StatusCode::CONFLICT {
            refused += 1;
        } else {
            assert_eq!(status, StatusCode::OK);
        }
    }
    // Issued for rounds 0, 1 and 2; after that the order number the live invoice carries (PO-A)
    // is served as it is, and PO-B is refused until tomorrow.
    assert_eq!(refused, 4);
    assert_eq!(
        documents(&api.get(&detail_url, &accountant).await.1),
        (4, 3)
    );
    assert_eq!(invoice_mails(&fx), 1);

    // A change of the amount is always issued.
    api.put(
        &format!(
            "/api/purchase-order/set-num-learners-discount/{id}?freeLearners=1&comment=Bursary"
        ),
        json!(null),
        &accountant,
    )
    .await;
    let (status, _, _) = api
        .file(with_token(post(&format!("{detail_url}/invoice")), &teacher))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        documents(&api.get(&detail_url, &accountant).await.1),
        (5, 4)
    );
    assert_eq!(invoice_mails(&fx), 1);
}
