//! Bounces from Amazon SES through SNS: only messages signed with Amazon's certificate shun an
//! address; forgeries change nothing and are logged.

use olympiad_persistence::testing::TestDatabase;

/// One DER element: a tag and its content.
fn der(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let len = content.len();
    if len < 0x80 {
        out.push(u8::try_from(len).unwrap());
    } else {
        let bytes: Vec<u8> = len
            .to_be_bytes()
            .into_iter()
            .skip_while(|b| *b == 0)
            .collect();
        out.push(0x80 | u8::try_from(bytes.len()).unwrap());
        out.extend(bytes);
    }
    out.extend_from_slice(content);
    out
}

/// A self-signed certificate (PEM) for a freshly made RSA key, as SNS would serve it.
fn sns_certificate(key: &rsa::RsaPrivateKey) -> String {
    use base64::Engine;
    use rsa::pkcs8::EncodePublicKey;
    use sha2::{Digest, Sha256};
    let spki = key.to_public_key().to_public_key_der().unwrap();
    // sha256WithRSAEncryption, 1.2.840.113549.1.1.11
    let algorithm = der(
        0x30,
        &[
            der(
                0x06,
                &[0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B],
            ),
            der(0x05, &[]),
        ]
        .concat(),
    );
    let name = der(
        0x30,
        &der(
            0x31,
            &der(
                0x30,
                &[
                    der(0x06, &[0x55, 0x04, 0x03]),
                    der(0x0C, b"sns.amazonaws.com"),
                ]
                .concat(),
            ),
        ),
    );
    let validity = der(
        0x30,
        &[der(0x17, b"260101000000Z"), der(0x17, b"360101000000Z")].concat(),
    );
    let tbs = der(
        0x30,
        &[
            der(0xA0, &der(0x02, &[2])),
            der(0x02, &[1]),
            algorithm.clone(),
            name.clone(),
            validity,
            name,
            spki.as_bytes().to_vec(),
        ]
        .concat(),
    );
    let signature = key
        .sign(rsa::Pkcs1v15Sign::new::<Sha256>(), &Sha256::digest(&tbs))
        .unwrap();
    let cert = der(
        0x30,
        &[
            tbs,
            algorithm,
            der(0x03, &[&[0u8][..], &signature].concat()),
        ]
        .concat(),
    );
    let body = base64::engine::general_purpose::STANDARD.encode(cert);
    let lines: Vec<&str> = body
        .as_bytes()
        .chunks(64)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect();
    format!(
        "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----\n",
        lines.join("\n")
    )
}

/// An SNS notification of an SES bounce, signed as SNS signs (SignatureVersion 1: SHA1, 2: SHA256).
fn signed_sns(
    key: &rsa::RsaPrivateKey,
    version: u8,
    email: &str,
    cert_url: &str,
) -> serde_json::Value {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let message = serde_json::json!({
        "notificationType": "Bounce",
        "bounce": {"bounceType": "Permanent", "bounceSubType": "General",
                   "bouncedRecipients": [{"emailAddress": email, "diagnosticCode": "550 5.1.1 no such user"}]}
    })
    .to_string();
    let (id, time) = (
        "6b9f2b6c-1c1b-5a40-9b5f-000000000001",
        "2026-11-25T10:00:00.000Z",
    );
    let canonical = format!(
        "Message\n{message}\nMessageId\n{id}\nTimestamp\n{time}\nTopicArn\n{SNS_TOPIC}\nType\nNotification\n"
    );
    let signature = if version == 1 {
        // SHA1's DigestInfo prefix (RFC 8017, 9.2).
        let prefix = [
            0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2B, 0x0E, 0x03, 0x02, 0x1A, 0x05, 0x00, 0x04,
            0x14,
        ];
        let digest = ring::digest::digest(
            &ring::digest::SHA1_FOR_LEGACY_USE_ONLY,
            canonical.as_bytes(),
        );
        let padding = rsa::Pkcs1v15Sign {
            hash_len: Some(20),
            prefix: Box::new(prefix),
        };
        key.sign(padding, digest.as_ref()).unwrap()
    } else {
        key.sign(
            rsa::Pkcs1v15Sign::new::<Sha256>(),
            &Sha256::digest(canonical.as_bytes()),
        )
        .unwrap()
    };
    serde_json::json!({
        "Type": "Notification",
        "MessageId": id,
        "TopicArn": SNS_TOPIC,
        "Message": message,
        "Timestamp": time,
        "SignatureVersion": version.to_string(),
        "Signature": base64::engine::general_purpose::STANDARD.encode(signature),
        "SigningCertURL": cert_url,
        "UnsubscribeURL": "https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe",
    })
}

const SNS_TOPIC: &str = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";
const SNS_CERT_URL: &str =
    "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem";

#[actix_web::test]
async fn only_sns_messages_signed_by_amazon_shun_an_address() {
    use actix_web::test::{call_service, init_service, TestRequest};
    use olympiad_persistence::models::{AppLog, ShunnedEmail};
    let db = TestDatabase::new();
    let certs = tempfile::tempdir().unwrap();
    // Amazon's certificate, already in the folder: nothing is fetched.
    let key = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).unwrap();
    let file = olympiad_mailer::sns::certificate_file_name(SNS_CERT_URL).unwrap();
    std::fs::write(certs.path().join(file), sns_certificate(&key)).unwrap();
    let mut config = olympiad_http::ApiConfig::for_tests();
    config.bounce_webhook_secret = Some("s3cret-of-the-webhook".into());
    config.ses_sns_topics = vec![SNS_TOPIC.into()];
    config.sns_certificates.dir = certs.path().to_path_buf();
    let state = actix_web::web::Data::new(olympiad_http::AppState::new(db.pool.clone(), config));
    let app = init_service(olympiad_http::app(state)).await;
    let post = |body: serde_json::Value| {
        TestRequest::post()
            .uri("/api/bounce/ses")
            .insert_header(("X-Bounce-Secret", "s3cret-of-the-webhook"))
            .insert_header(("Content-Type", "text/plain; charset=UTF-8"))
            .set_payload(body.to_string())
            .to_request()
    };
    let shunned = |email: &str| ShunnedEmail::is_shunned(&mut db.conn(), email).unwrap();

    // Both signature versions verify.
    for (version, email) in [(1, "one@school.example.org"), (2, "two@school.example.org")] {
        let response =
            call_service(&app, post(signed_sns(&key, version, email, SNS_CERT_URL))).await;
        assert_eq!(response.status(), 200, "version {version}");
        assert!(shunned(email), "version {version}");
    }

    // Forged: another key, a changed message, or a certificate from elsewhere change nothing.
    let stranger = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).unwrap();
    let forged = signed_sns(&stranger, 2, "victim@school.example.org", SNS_CERT_URL);
    let mut changed = signed_sns(&key, 2, "other@school.example.org", SNS_CERT_URL);
    changed["Message"] = serde_json::Value::String(
        changed["Message"]
            .as_str()
            .unwrap()
            .replace("other@", "victim@"),
    );
    let elsewhere = signed_sns(
        &key,
        2,
        "victim@school.example.org",
        "https://evil.example.org/cert.pem",
    );
    for body in [forged, changed, elsewhere] {
        let response = call_service(&app, post(body)).await;
        assert_eq!(response.status(), 400);
        let body: serde_json::Value = actix_web::test::read_body_json(response).await;
        assert!(body.to_string().contains("Signature"), "{body}");
    }
    assert!(!shunned("victim@school.example.org"));
    let logged = AppLog::list(&mut db.conn(), Some("mail"), 10).unwrap();
    assert_eq!(
        logged
            .iter()
            .filter(|l| l
                .message
                .contains("SNS message to the bounce endpoint was refused"))
            .count(),
        3
    );
}
