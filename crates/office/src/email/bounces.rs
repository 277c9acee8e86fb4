//! Bounces and complaints from the mail provider's webhooks (Amazon SES through SNS, a generic
//! JSON form) and from delivery status notifications. A hard bounce or a complaint shuns the
//! address, and so do soft bounces once they pile up; a shunned address gets no more mass mail.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use olympiad_domain::email::{normal_address, BounceKind};
use olympiad_domain::id::ShunnedEmailId;
use olympiad_mailer::bounce::{read_dsn, read_sns, Bounce as Reported, SnsMessage};
use olympiad_persistence::models::{AppLog, Bounce, EmailLog, ShunnedEmail};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// Whether the webhook's caller knows the shared secret (`BOUNCE_WEBHOOK_SECRET`). Without one
/// configured, the webhooks are closed.
pub fn check_secret(configured: Option<&str>, given: Option<&str>) -> OfficeResult<()> {
    // A wrong secret is a faulty request (400 naming the header), not a signed-in refusal: the
    // webhook is public, and who calls it is decided by the secret alone.
    let refused = || OfficeError::invalid("X-Bounce-Secret", "is missing or wrong");
    let (Some(configured), Some(given)) = (configured, given) else {
        return Err(refused());
    };
    // The same time whatever the secret's first wrong byte.
    let same = configured.len() == given.len()
        && configured
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
    if same {
        Ok(())
    } else {
        Err(refused())
    }
}

/// What a webhook call did.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BounceReceipt {
    pub recorded: usize,
    /// Addresses shunned by this call.
    pub shunned: Vec<String>,
}

fn record(
    conn: &mut DbConnection,
    source: &str,
    reported: Vec<Reported>,
) -> OfficeResult<BounceReceipt> {
    write_transaction(conn, |conn| {
        let mut receipt = BounceReceipt {
            recorded: 0,
            shunned: Vec::new(),
        };
        for bounce in reported {
            let email = normal_address(&bounce.email);
            if email.is_empty() {
                continue;
            }
            let soft_before = Bounce::count_of(conn, &email, Some(BounceKind::Soft))?;
            Bounce::record(conn, &email, bounce.kind, source, &bounce.detail)?;
            EmailLog::mark_bounced(conn, &email)?;
            receipt.recorded += 1;
            if bounce.kind.shuns(soft_before) && !ShunnedEmail::is_shunned(conn, &email)? {
                ShunnedEmail::shun(
                    conn,
                    &email,
                    &format!("{} bounce ({source}): {}", bounce.kind, bounce.detail),
                )?;
                receipt.shunned.push(email);
            }
        }
        Ok(receipt)
    })
}

/// The generic JSON form of a bounce, for providers other than SES.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct BounceInput {
    #[schema(min_length = 3, max_length = 254)]
    pub email: String,
    pub kind: BounceKind,
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub detail: String,
}

/// `POST /api/bounce/webhook`: one bounce, as any provider can be told to post it.
pub fn receive_json(conn: &mut DbConnection, input: &BounceInput) -> OfficeResult<BounceReceipt> {
    if !olympiad_domain::email::address_syntax_ok(&input.email) {
        return Err(OfficeError::invalid("email", "must be an e-mail address"));
    }
    let reported = Reported {
        email: input.email.clone(),
        kind: input.kind,
        detail: input.detail.chars().take(2000).collect(),
    };
    record(conn, "webhook", vec![reported])
}

/// `POST /api/bounce/ses`: an SNS message of SES. A subscription confirmation is noted in the
/// app log for the overlord to confirm by hand (the server fetches nothing from outside).
pub fn receive_sns(
    conn: &mut DbConnection,
    body: &str,
    allowed_topics: &[String],
) -> OfficeResult<BounceReceipt> {
    let message =
        read_sns(body).ok_or_else(|| OfficeError::invalid("body", "is not an SNS message"))?;
    let topic = match &message {
        SnsMessage::SubscriptionConfirmation { topic_arn, .. }
        | SnsMessage::Notification { topic_arn, .. } => topic_arn.clone(),
    };
    if !allowed_topics.contains(&topic) {
        return Err(OfficeError::invalid(
            "TopicArn",
            "is not one of SES_SNS_TOPICS",
        ));
    }
    match message {
        SnsMessage::SubscriptionConfirmation { subscribe_url, .. } => {
            AppLog::record(
                conn,
                "mail",
                "warn",
                &format!(
                    "SNS asks to confirm the bounce subscription of {topic}: open {subscribe_url}"
                ),
            )?;
            Ok(BounceReceipt {
                recorded: 0,
                shunned: Vec::new(),
            })
        }
        SnsMessage::Notification { bounces, .. } => record(conn, "ses", bounces),
    }
}

/// An SNS message whose signature did not verify: nothing changes, and the app log says why (a
/// forged bounce tried to shun an address, or Amazon's certificate could not be had).
pub fn note_refused_sns(conn: &mut DbConnection, why: &str) -> OfficeResult<()> {
    let why: String = why.chars().take(500).collect();
    AppLog::record(
        conn,
        "mail",
        "warn",
        &format!("An SNS message to the bounce endpoint was refused: {why}"),
    )?;
    Ok(())
}

/// `POST /api/bounce/dsn`: a returned message (a delivery status notification), as text.
pub fn receive_dsn(conn: &mut DbConnection, message: &str) -> OfficeResult<BounceReceipt> {
    record(conn, "dsn", read_dsn(message))
}

/// `GET /api/bounce`.
pub fn list(conn: &mut DbConnection) -> OfficeResult<Vec<Bounce>> {
    Ok(Bounce::list(conn)?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BounceIdQuery {
    #[param(minimum = 1)]
    pub id: i64,
}

/// `DELETE /api/bounce?id`: forgets one bounce (a mistaken report); the address stays shunned
/// until someone takes it off that list.
pub fn delete(conn: &mut DbConnection, caller: &Caller, id: i64) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let bounce = Bounce::find(conn, id).or_not_found("This bounce")?;
        Bounce::delete(conn, id)?;
        record_activity(
            conn,
            caller,
            "bounce deleted",
            None,
            json!({ "email": bounce.email, "kind": bounce.kind }),
        )
    })
}

/// `GET /api/shunned-email`.
pub fn shunned(conn: &mut DbConnection) -> OfficeResult<Vec<ShunnedEmail>> {
    Ok(ShunnedEmail::list(conn)?)
}

/// `DELETE /api/shunned-email/{id}`: the address may be mailed again.
pub fn forgive(conn: &mut DbConnection, caller: &Caller, id: ShunnedEmailId) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let shunned = ShunnedEmail::find(conn, id).or_not_found("This shunned address")?;
        ShunnedEmail::forgive(conn, &shunned.email)?;
        record_activity(
            conn,
            caller,
            "shunned address forgiven",
            None,
            json!({ "email": shunned.email }),
        )
    })
}
