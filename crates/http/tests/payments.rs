//! `/api/purchase-order/…` (orders, their states, discounts, invoices, bank-statement matching, the
//! dashboard), `/api/pay/{token}` (the payment page) and `/api/payfast/itn` (PayFast's callback,
//! checked against a real local listener standing in for PayFast's validate call).

#![allow(clippy::unwrap_used)] // helpers of a test: a panic is the failure, with its cause

mod common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::*;
use olympiad_domain::payments::payfast_itn_string;
use olympiad_domain::Role;
use olympiad_http::testing::multipart;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpListener;

/// A school entered in geography with `learners` learners and its team admin's token.
fn school_with_learners(fx: &Fixture, learners: usize) -> (i64, String) {
    let geo = fx.olympiad("geography");
    let (school, teacher) = fx.entered_school(&geo);
    for n in 0..learners {
        fx.learner(&format!("learner{n}"))
            .named("Learner", &format!("N{n}"))
            .entered_with(school.entry());
    }
    (school.entry(), teacher.token)
}

async fn make_order<S, B>(api: &Api<S>, entry: i64, token: &str) -> Value
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let url = format!("/api/purchase-order?customerParticipantId={entry}&schoolsPO=PO-77");
    let (status, body) = api.post(&url, json!(null), token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

#[actix_web::test]
async fn an_order_is_worked_out_from_the_learners_and_changes_state_as_allowed() {
    let fx = Fixture::new();
    let geo = fx.olympiad("geography");
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 3);
    let api = fx.api().await;

    // R 50 a learner, VAT 15%: 3 learners are R 172.50; asking again gives the same order.
    let order = make_order(&api, entry, &teacher).await;
    assert_eq!(order["learners"], 3);
    assert_eq!(order["totalCents"], 17_250);
    assert_eq!(order["schoolsPO"], "PO-77");
    assert!(order["reference"].as_str().unwrap().starts_with("GEO"));
    let again = make_order(&api, entry, &teacher).await;
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

#[actix_web::test]
async fn invoices_are_numbered_without_gaps_and_corrected_by_credit_notes() {
    let fx = Fixture::new();
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 2);
    let api = fx.api().await;
    let id = make_order(&api, entry, &teacher).await["id"]
        .as_i64()
        .unwrap();

    let invoice = format!("/api/purchase-order/{id}/invoice");
    let (status, kind, pdf) = api.file(with_token(get(&invoice), &teacher)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/pdf");
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(String::from_utf8_lossy(&pdf).contains("Tax Invoice"));
    // Downloading again issues nothing new.
    api.file(with_token(get(&invoice), &teacher)).await;
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
    api.file(with_token(get(&invoice), &teacher)).await;
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
    let validate = validate_listener("VALID");
    let fx = Fixture::with_config(|c| {
        c.require_staff_2fa = false;
        c.payfast_validate_url = validate;
    });
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 1);
    let api = fx.api().await;
    let order = make_order(&api, entry, &teacher).await;
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

#[actix_web::test]
async fn an_itn_that_payfast_does_not_confirm_changes_nothing() {
    let validate = validate_listener("INVALID");
    let fx = Fixture::with_config(|c| {
        c.require_staff_2fa = false;
        c.payfast_validate_url = validate;
    });
    let [accountant] = fx.staff_of("geography", [Role::Accountant]);
    let (entry, teacher) = school_with_learners(&fx, 1);
    let api = fx.api().await;
    let id = make_order(&api, entry, &teacher).await["id"]
        .as_i64()
        .unwrap();
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
    let order = make_order(&api, entry, &teacher).await;
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
