//! SNS message signatures. Amazon SES reports bounces and complaints through SNS, whose every
//! message is signed with RSA over a canonical string of its fields (SignatureVersion 1: SHA1,
//! 2: SHA256) by the key of a certificate that SNS serves from `https://sns.<region>.amazonaws.com/`.
//! Anyone may post to the bounce endpoint: a message that does not verify is refused, so a
//! forged bounce never shuns an address.
//!
//! The certificate is fetched over TLS only from such an address, and kept as a PEM file in the
//! certificates folder (`SES_SNS_CERTS_DIR`), read from there afterwards; a folder filled by hand
//! (or by a test) means nothing is ever fetched.

use crate::bounce::sns_certificate_host_allowed;
use base64::Engine;
use serde::Deserialize;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Where SNS signing certificates are kept, and how long a fetch may take.
#[derive(Debug, Clone)]
pub struct SnsCertificates {
    pub dir: PathBuf,
    pub fetch_timeout: Duration,
}

/// The largest certificate we read (SNS's are about 2 KB).
const MAX_CERTIFICATE_BYTES: u64 = 64 * 1024;

/// The fields of an SNS message that its signature covers.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Signed {
    #[serde(rename = "Type")]
    kind: String,
    message: String,
    message_id: String,
    subject: Option<String>,
    #[serde(rename = "SubscribeURL")]
    subscribe_url: Option<String>,
    timestamp: String,
    token: Option<String>,
    topic_arn: String,
    signature_version: String,
    signature: String,
    #[serde(rename = "SigningCertURL")]
    signing_cert_url: String,
}

/// The string SNS signs: named fields in a fixed order, each as `Name\nvalue\n`.
/// <https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html>
fn canonical_string(m: &Signed) -> Result<String, String> {
    let fields: Vec<(&str, Option<&str>)> = match m.kind.as_str() {
        "Notification" => vec![
            ("Message", Some(&m.message)),
            ("MessageId", Some(&m.message_id)),
            ("Subject", m.subject.as_deref()),
            ("Timestamp", Some(&m.timestamp)),
            ("TopicArn", Some(&m.topic_arn)),
            ("Type", Some(&m.kind)),
        ],
        "SubscriptionConfirmation" | "UnsubscribeConfirmation" => vec![
            ("Message", Some(&m.message)),
            ("MessageId", Some(&m.message_id)),
            ("SubscribeURL", m.subscribe_url.as_deref()),
            ("Timestamp", Some(&m.timestamp)),
            ("Token", m.token.as_deref()),
            ("TopicArn", Some(&m.topic_arn)),
            ("Type", Some(&m.kind)),
        ],
        other => return Err(format!("unknown message type {other:?}")),
    };
    // An optional field left out is left out of the string too (only Subject is optional).
    Ok(fields
        .into_iter()
        .filter_map(|(name, value)| value.map(|v| format!("{name}\n{v}\n")))
        .collect())
}

/// The file a certificate address is kept in: its host and file name, which the allow-list
/// makes plain (`sns.eu-west-1.amazonaws.com_SimpleNotificationService-….pem`).
pub fn certificate_file_name(url: &str) -> Option<String> {
    if !sns_certificate_host_allowed(url) {
        return None;
    }
    let rest = url.strip_prefix("https://")?;
    let (host, path) = rest.split_once('/')?;
    let plain = !path.is_empty()
        && path.ends_with(".pem")
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    (plain && !path.contains("..")).then(|| format!("{host}_{path}"))
}

/// The RSA public key (PKCS#1 `RSAPublicKey`, as ring reads it) of an X.509 certificate in DER:
/// Certificate → tbsCertificate → subjectPublicKeyInfo → its BIT STRING.
fn rsa_public_key(certificate: &[u8]) -> Option<&[u8]> {
    let (cert, _) = der(certificate, 0x30)?;
    let (mut tbs, _) = der(cert, 0x30)?;
    // [0] version (absent in v1), serial, signature algorithm, issuer, validity, subject.
    if tbs.first() == Some(&0xA0) {
        tbs = der(tbs, 0xA0)?.1;
    }
    for tag in [0x02, 0x30, 0x30, 0x30, 0x30] {
        tbs = der(tbs, tag)?.1;
    }
    let (spki, _) = der(tbs, 0x30)?;
    let (algorithm, rest) = der(spki, 0x30)?;
    // rsaEncryption, 1.2.840.113549.1.1.1
    const RSA: &[u8] = &[0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01];
    if der(algorithm, 0x06)?.0 != RSA {
        return None;
    }
    let (bits, _) = der(rest, 0x03)?;
    // The first byte counts unused bits: none in a key.
    bits.strip_prefix(&[0])
}

/// One DER element of `tag` at the start of `input`: its content, and what follows it.
fn der(input: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    if *input.first()? != tag {
        return None;
    }
    let first = *input.get(1)?;
    let (length, header) = if first < 0x80 {
        (usize::from(first), 2)
    } else {
        let count = usize::from(first & 0x7F);
        if count == 0 || count > 4 {
            return None;
        }
        let mut length = 0usize;
        for i in 0..count {
            length = (length << 8) | usize::from(*input.get(2 + i)?);
        }
        (length, 2 + count)
    };
    let end = header.checked_add(length)?;
    (end <= input.len()).then(|| (&input[header..end], &input[end..]))
}

/// The DER inside a PEM certificate.
fn pem_to_der(pem: &str) -> Option<Vec<u8>> {
    let start = pem.find("-----BEGIN CERTIFICATE-----")? + "-----BEGIN CERTIFICATE-----".len();
    let end = pem[start..].find("-----END CERTIFICATE-----")? + start;
    let body: String = pem[start..end]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    base64::engine::general_purpose::STANDARD.decode(body).ok()
}

impl SnsCertificates {
    /// Checks the signature of an SNS message (the body SNS posts); answers why it does not
    /// verify. The certificate comes from the folder, else from Amazon (then kept).
    pub async fn verify(&self, body: &str) -> Result<(), String> {
        let message: Signed =
            serde_json::from_str(body).map_err(|e| format!("not an SNS message: {e}"))?;
        let algorithm: &'static dyn ring::signature::VerificationAlgorithm =
            match message.signature_version.as_str() {
                "1" => &ring::signature::RSA_PKCS1_2048_8192_SHA1_FOR_LEGACY_USE_ONLY,
                "2" => &ring::signature::RSA_PKCS1_2048_8192_SHA256,
                other => return Err(format!("unknown SignatureVersion {other:?}")),
            };
        let file = certificate_file_name(&message.signing_cert_url).ok_or_else(|| {
            format!(
                "the certificate address {:?} is not Amazon SNS's",
                message.signing_cert_url
            )
        })?;
        let pem = self.certificate(&message.signing_cert_url, &file).await?;
        let der = pem_to_der(&pem).ok_or("the certificate is not PEM")?;
        let key = rsa_public_key(&der).ok_or("the certificate holds no RSA key")?;
        let signature = base64::engine::general_purpose::STANDARD
            .decode(message.signature.trim())
            .map_err(|_| "the signature is not base64")?;
        let signed = canonical_string(&message)?;
        ring::signature::UnparsedPublicKey::new(algorithm, key)
            .verify(signed.as_bytes(), &signature)
            .map_err(|_| "the signature does not match".to_owned())
    }

    /// The PEM of the certificate at `url`: kept in the folder as `file`, fetched when missing.
    async fn certificate(&self, url: &str, file: &str) -> Result<String, String> {
        let path = self.dir.join(file);
        if let Ok(pem) = tokio::fs::read_to_string(&path).await {
            return Ok(pem);
        }
        let pem = tokio::time::timeout(self.fetch_timeout, fetch(url))
            .await
            .map_err(|_| format!("fetching {url} took too long"))??;
        if pem_to_der(&pem).is_none() {
            return Err(format!("{url} did not answer with a PEM certificate"));
        }
        // Kept under a temporary name first: a reader never sees half a file.
        let partial = path.with_extension("partial");
        let kept = async {
            tokio::fs::create_dir_all(&self.dir).await?;
            tokio::fs::write(&partial, &pem).await?;
            tokio::fs::rename(&partial, &path).await
        };
        if let Err(e) = kept.await {
            log::warn!(
                "the SNS certificate could not be kept in {}: {e}",
                self.dir.display()
            );
        }
        Ok(pem)
    }
}

/// GET of an allow-listed certificate address over TLS (HTTP/1.0: one plain body, no chunks),
/// with the TLS that sending mail already uses.
async fn fetch(url: &str) -> Result<String, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("https://").ok_or("not https")?;
    let (host, path) = rest.split_once('/').ok_or("no path")?;
    let config = crate::smtp::tls_client_config()?;
    let name =
        rustls::pki_types::ServerName::try_from(host.to_owned()).map_err(|e| e.to_string())?;
    let tcp = tokio::net::TcpStream::connect((host, 443))
        .await
        .map_err(|e| format!("{host}: {e}"))?;
    let mut tls = tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .map_err(|e| format!("{host}: {e}"))?;
    let request = format!("GET /{path} HTTP/1.0\r\nHost: {host}\r\nUser-Agent: olympiad\r\n\r\n");
    tls.write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut response = Vec::new();
    let read = (&mut tls)
        .take(MAX_CERTIFICATE_BYTES)
        .read_to_end(&mut response)
        .await;
    // A server that closes without TLS's close_notify has still sent a whole HTTP/1.0 answer.
    if let Err(e) = read {
        if e.kind() != std::io::ErrorKind::UnexpectedEof || response.is_empty() {
            return Err(e.to_string());
        }
    }
    let response = String::from_utf8_lossy(&response);
    let (head, body) = response.split_once("\r\n\r\n").ok_or("no HTTP answer")?;
    let status = head.split_whitespace().nth(1).unwrap_or("");
    if status != "200" {
        return Err(format!("{url} answered {status}"));
    }
    Ok(body.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canonical_string_names_the_fields_in_order() {
        let body = serde_json::json!({
            "Type": "Notification", "MessageId": "m-1", "TopicArn": "arn:t", "Message": "hello",
            "Timestamp": "2026-11-25T10:00:00.000Z", "SignatureVersion": "2", "Signature": "",
            "SigningCertURL": "https://sns.eu-west-1.amazonaws.com/x.pem"
        });
        let m: Signed = serde_json::from_value(body).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            canonical_string(&m).as_deref(),
            Ok("Message\nhello\nMessageId\nm-1\nTimestamp\n2026-11-25T10:00:00.000Z\nTopicArn\narn:t\nType\nNotification\n")
        );
    }

    #[test]
    fn only_plain_pem_files_of_amazon_sns_are_kept() {
        assert_eq!(
            certificate_file_name(
                "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem"
            )
            .as_deref(),
            Some("sns.eu-west-1.amazonaws.com_SimpleNotificationService-abc.pem")
        );
        for bad in [
            "https://sns.eu-west-1.amazonaws.com/../etc/passwd.pem",
            "https://sns.eu-west-1.amazonaws.com/a/b.pem",
            "https://sns.eu-west-1.amazonaws.com/x.pem?y=1",
            "https://sns.eu-west-1.amazonaws.com/x.txt",
            "https://evil.example.org/x.pem",
        ] {
            assert_eq!(certificate_file_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn der_lengths_are_bounded() {
        assert!(
            der(&[0x30, 0x05, 1, 2], 0x30).is_none(),
            "shorter than it says"
        );
        assert!(
            der(&[0x30, 0x85, 1, 1, 1, 1, 1], 0x30).is_none(),
            "five length bytes"
        );
        assert_eq!(
            der(&[0x02, 0x01, 7, 9], 0x02).map(|d| d.0),
            Some(&[7u8][..])
        );
        assert!(rsa_public_key(b"not a certificate").is_none());
    }
}
