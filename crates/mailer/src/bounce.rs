//! Bounces and complaints as the mail provider reports them: Amazon SES through an SNS
//! notification, a generic JSON form (`{"email", "kind", "detail"}`) for other providers, and
//! delivery status notifications (RFC 3464) as returned mail. Each is read into [`Bounce`]s; what a
//! bounce does to an address is the office's decision.

use olympiad_domain::email::BounceKind;
use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounce {
    pub email: String,
    pub kind: BounceKind,
    pub detail: String,
}

/// What an SNS message to the bounce endpoint is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnsMessage {
    /// The first message of a subscription: someone must open `subscribe_url` once to confirm it.
    SubscriptionConfirmation {
        topic_arn: String,
        subscribe_url: String,
    },
    /// An SES notification, read into its bounces (none for a delivery notice).
    Notification {
        topic_arn: String,
        bounces: Vec<Bounce>,
    },
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct SnsEnvelope {
    #[serde(rename = "Type")]
    kind: String,
    topic_arn: String,
    #[serde(default)]
    message: String,
    #[serde(rename = "SubscribeURL", default)]
    subscribe_url: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SesNotification {
    notification_type: String,
    bounce: Option<SesBounce>,
    complaint: Option<SesComplaint>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SesBounce {
    bounce_type: String,
    #[serde(default)]
    bounce_sub_type: String,
    bounced_recipients: Vec<SesRecipient>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SesComplaint {
    complained_recipients: Vec<SesRecipient>,
    #[serde(default)]
    complaint_feedback_type: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SesRecipient {
    email_address: String,
    #[serde(default)]
    diagnostic_code: Option<String>,
}

/// Reads an SNS message (the body SNS posts); `None` when it is not one.
pub fn read_sns(body: &str) -> Option<SnsMessage> {
    let envelope: SnsEnvelope = serde_json::from_str(body).ok()?;
    match envelope.kind.as_str() {
        "SubscriptionConfirmation" => Some(SnsMessage::SubscriptionConfirmation {
            topic_arn: envelope.topic_arn,
            subscribe_url: envelope.subscribe_url,
        }),
        "Notification" => {
            let notice: SesNotification = serde_json::from_str(&envelope.message).ok()?;
            let bounces = match (
                notice.notification_type.as_str(),
                notice.bounce,
                notice.complaint,
            ) {
                ("Bounce", Some(bounce), _) => {
                    let kind = if bounce.bounce_type == "Permanent" {
                        BounceKind::Hard
                    } else {
                        BounceKind::Soft
                    };
                    bounce
                        .bounced_recipients
                        .into_iter()
                        .map(|r| Bounce {
                            email: r.email_address,
                            kind,
                            detail: r.diagnostic_code.unwrap_or_else(|| {
                                format!("{} {}", bounce.bounce_type, bounce.bounce_sub_type)
                            }),
                        })
                        .collect()
                }
                ("Complaint", _, Some(complaint)) => complaint
                    .complained_recipients
                    .into_iter()
                    .map(|r| Bounce {
                        email: r.email_address,
                        kind: BounceKind::Complaint,
                        detail: complaint
                            .complaint_feedback_type
                            .clone()
                            .unwrap_or_else(|| "complaint".into()),
                    })
                    .collect(),
                _ => Vec::new(),
            };
            Some(SnsMessage::Notification {
                topic_arn: envelope.topic_arn,
                bounces,
            })
        }
        _ => None,
    }
}

/// Reads a delivery status notification: each `Final-Recipient` with its `Status` (5.x.x hard,
/// 4.x.x soft); recipients that were delivered are left out.
pub fn read_dsn(message: &str) -> Vec<Bounce> {
    let mut bounces = Vec::new();
    let mut recipient: Option<String> = None;
    let mut diagnostic = String::new();
    let field = |line: &str, name: &str| -> Option<String> {
        let (key, value) = line.split_once(':')?;
        key.trim()
            .eq_ignore_ascii_case(name)
            .then(|| value.trim().to_owned())
    };
    for line in message.lines() {
        if let Some(value) = field(line, "Final-Recipient") {
            // `rfc822; someone@example.org`
            recipient = Some(value.rsplit(';').next().unwrap_or("").trim().to_owned());
            diagnostic.clear();
        } else if let Some(value) = field(line, "Diagnostic-Code") {
            diagnostic = value;
        } else if let Some(code) = field(line, "Status") {
            if let (Some(email), Some(kind)) =
                (recipient.take(), BounceKind::from_status_code(&code))
            {
                bounces.push(Bounce {
                    email,
                    kind,
                    detail: if diagnostic.is_empty() {
                        format!("status {code}")
                    } else {
                        format!("status {code}: {diagnostic}")
                    },
                });
            }
        }
    }
    bounces
}

/// Whether a certificate address of an SNS message is Amazon's own: `https://sns.<region>.amazonaws.com/…`.
/// Only such a certificate may be fetched to check a signature.
pub fn sns_certificate_host_allowed(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("https://") else {
        return false;
    };
    let host = rest.split('/').next().unwrap_or("");
    let labels: Vec<&str> = host.split('.').collect();
    matches!(labels.as_slice(), ["sns", region, "amazonaws", "com"]
        if !region.is_empty() && region.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ses_bounces_and_complaints_are_read() {
        let message = serde_json::json!({
            "notificationType": "Bounce",
            "bounce": {"bounceType": "Permanent", "bounceSubType": "General",
                       "bouncedRecipients": [{"emailAddress": "gone@example.org", "diagnosticCode": "550 5.1.1 no such user"}]}
        });
        let body = serde_json::json!({"Type": "Notification", "TopicArn": "arn:aws:sns:eu-west-1:1:bounces", "Message": message.to_string()});
        let Some(SnsMessage::Notification { bounces, .. }) = read_sns(&body.to_string()) else {
            panic!("not read");
        };
        assert_eq!(bounces[0].email, "gone@example.org");
        assert_eq!(bounces[0].kind, BounceKind::Hard);
        let message = serde_json::json!({"notificationType": "Complaint", "complaint": {"complainedRecipients": [{"emailAddress": "angry@example.org"}]}});
        let body = serde_json::json!({"Type": "Notification", "TopicArn": "t", "Message": message.to_string()});
        let Some(SnsMessage::Notification { bounces, .. }) = read_sns(&body.to_string()) else {
            panic!("not read");
        };
        assert_eq!(bounces[0].kind, BounceKind::Complaint);
    }

    #[test]
    fn a_dsn_names_its_failed_recipients() {
        let dsn = "Reporting-MTA: dns; mx.example.org\r\n\r\nFinal-Recipient: rfc822; gone@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 no such user\r\n\r\nFinal-Recipient: rfc822; full@example.org\r\nAction: delayed\r\nStatus: 4.2.2\r\n";
        let bounces = read_dsn(dsn);
        assert_eq!(bounces.len(), 2);
        assert_eq!(bounces[0].email, "gone@example.org");
        assert_eq!(bounces[0].kind, BounceKind::Hard);
        assert_eq!(bounces[1].kind, BounceKind::Soft);
    }

    #[test]
    fn only_amazon_sns_certificates_are_allowed() {
        assert!(sns_certificate_host_allowed(
            "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-1.pem"
        ));
        for bad in [
            "http://sns.eu-west-1.amazonaws.com/x.pem",
            "https://sns.eu-west-1.amazonaws.com.evil.org/x.pem",
            "https://evil.org/sns.eu-west-1.amazonaws.com/x.pem",
            "https://sns.amazonaws.com/x.pem",
        ] {
            assert!(!sns_certificate_host_allowed(bad), "{bad}");
        }
    }
}
