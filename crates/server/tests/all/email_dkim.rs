//! DKIM: a configured key signs what goes out, verifiably (relaxed/relaxed, Ed25519), the
//! one-click unsubscribe headers among the signed ones.

use crate::common::smtp_mailer;
use olympiad_mailer::testing::SmtpServer;
use olympiad_mailer::DkimSettings;
use std::time::Duration;

/// One header field as it came over the wire: its name and its value, folds and all.
fn header_fields(block: &str) -> Vec<(String, String)> {
    let mut fields: Vec<(String, String)> = Vec::new();
    for line in block.split("\r\n") {
        if line.starts_with([' ', '\t']) {
            if let Some(last) = fields.last_mut() {
                last.1.push_str("\r\n");
                last.1.push_str(line);
            }
        } else if let Some((name, value)) = line.split_once(':') {
            fields.push((name.to_owned(), value.to_owned()));
        }
    }
    fields
}

/// RFC 6376 3.4.2: a header field in relaxed canonical form.
fn relaxed_header(name: &str, value: &str) -> String {
    let unfolded = value.replace("\r\n", "");
    let collapsed = unfolded
        .split([' ', '\t'])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    format!("{}:{}", name.trim().to_lowercase(), collapsed)
}

/// RFC 6376 3.4.4: the body in relaxed canonical form.
fn relaxed_body(body: &str) -> String {
    let mut lines: Vec<String> = body
        .split("\r\n")
        .map(|line| {
            let mut out = String::new();
            let mut space = false;
            for c in line.chars() {
                if c == ' ' || c == '\t' {
                    space = true;
                } else {
                    if space {
                        out.push(' ');
                    }
                    space = false;
                    out.push(c);
                }
            }
            out
        })
        .collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    if lines.is_empty() {
        return String::new();
    }
    lines.join("\r\n") + "\r\n"
}

/// Verifies a message's DKIM signature (relaxed/relaxed, ed25519-sha256) as a receiving server
/// would, with the public key it would find in DNS. Answers why it does not verify.
fn verify_dkim(message: &str, key: &ed25519_dalek::VerifyingKey) -> Result<(), String> {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let b64 = base64::engine::general_purpose::STANDARD;
    let (head, body) = message.split_once("\r\n\r\n").ok_or("no body")?;
    let fields = header_fields(head);
    let (name, value) = fields
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("DKIM-Signature"))
        .ok_or("no DKIM-Signature")?;
    let unfolded = value.replace("\r\n", "");
    let tags: Vec<(String, String)> = unfolded
        .split(';')
        .filter_map(|t| t.split_once('='))
        .map(|(k, v)| {
            (
                k.trim().to_owned(),
                v.chars().filter(|c| !c.is_whitespace()).collect(),
            )
        })
        .collect();
    let tag = |k: &str| {
        tags.iter()
            .find(|(t, _)| t == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    if tag("c") != "relaxed/relaxed" || tag("a") != "ed25519-sha256" {
        return Err(format!("c={} a={}", tag("c"), tag("a")));
    }
    let body_hash = b64.encode(Sha256::digest(relaxed_body(body).as_bytes()));
    if body_hash != tag("bh") {
        return Err("the body hash differs".into());
    }
    let mut signed = String::new();
    for wanted in tag("h").split(':') {
        // The last instance of a field is the one signed; a field not there signs as nothing.
        if let Some((n, v)) = fields
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(wanted))
        {
            signed.push_str(&relaxed_header(n, v));
            signed.push_str("\r\n");
        }
    }
    // The signature's own field, with its b= tag emptied, last and without CRLF.
    let emptied: Vec<String> = unfolded
        .split(';')
        .map(|t| match t.trim_start().strip_prefix("b=") {
            Some(_) => format!("{}b=", &t[..t.len() - t.trim_start().len()]),
            None => t.to_owned(),
        })
        .collect();
    signed.push_str(&relaxed_header(name, &emptied.join(";")));
    let signature: [u8; 64] = b64
        .decode(tag("b"))
        .map_err(|e| e.to_string())?
        .try_into()
        .map_err(|_| "not an Ed25519 signature")?;
    key.verify_strict(
        &Sha256::digest(signed.as_bytes()),
        &ed25519_dalek::Signature::from_bytes(&signature),
    )
    .map_err(|e| e.to_string())
}

#[actix_web::test]
async fn a_configured_dkim_key_signs_the_message_verifiably() {
    use base64::Engine;
    // An Ed25519 key (32 bytes, base64) made for this test only.
    let private_key = "nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=";
    let settings = DkimSettings {
        selector: "olympiad".into(),
        domain: "olympiads.test".into(),
        private_key: private_key.into(),
    };
    // The public half, as the domain would publish it in olympiad._domainkey.olympiads.test.
    let seed: [u8; 32] = base64::engine::general_purpose::STANDARD
        .decode(private_key)
        .unwrap()
        .try_into()
        .unwrap();
    let public = ed25519_dalek::SigningKey::from_bytes(&seed).verifying_key();

    let server = SmtpServer::start();
    let mailer = smtp_mailer(&server).sign_with(&settings).unwrap();
    let email = olympiad_mailer::Email::TwoFactorEnabled {
        to: olympiad_mailer::Recipient {
            email: "a@example.org".into(),
            name: "A".into(),
            username: "a".into(),
        },
    };
    mailer.send(&email, None).await.unwrap();
    // A mass mail too: its one-click unsubscribe headers are among those signed.
    let bulk = olympiad_mailer::Email::Bulk {
        to: olympiad_mailer::Recipient {
            email: "b@example.org".into(),
            name: "B".into(),
            username: "b".into(),
        },
        subject: "Entries close on Friday".into(),
        html: "<p>Dear B,   enter   now.</p>".into(),
        text: "Dear B,\tenter now.  ".into(),
        unsubscribe: "http://127.0.0.1:8080/api/unsubscribe/ref123".into(),
        unsubscribe_page: "http://127.0.0.1:8080/unsubscribe/ref123".into(),
        attachments: vec![],
    };
    mailer.send(&bulk, None).await.unwrap();
    let received = server.wait_for(2, Duration::from_secs(5));
    for message in &received {
        let data = &message.data;
        assert!(data.contains("d=olympiads.test"), "{data}");
        assert!(data.contains("s=olympiad"));
        verify_dkim(data, &public).unwrap_or_else(|why| panic!("{why}: {data}"));
    }
    let bulk = &received[1].data;
    assert!(
        bulk.contains("list-unsubscribe:list-unsubscribe-post"),
        "{bulk}"
    );

    // A changed body, or another key, does not verify.
    let (head, body) = received[0].data.split_once("\r\n\r\n").unwrap();
    let tampered = format!("{head}\r\n\r\nAdded by a relay.\r\n{body}");
    assert!(verify_dkim(&tampered, &public).is_err());
    let stranger = ed25519_dalek::SigningKey::from_bytes(&[7; 32]).verifying_key();
    assert!(verify_dkim(&received[0].data, &stranger).is_err());
}
