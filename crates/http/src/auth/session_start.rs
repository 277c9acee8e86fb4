//! Starting a session: the token and what the apps keep of the signed-in user, shared by
//! sign-in, two-factor and impersonation.

use crate::auth::tokens::{Purpose, Subject};
use crate::error::ApiError;
use crate::state::AppState;
use olympiad_domain::id::{AccountId, OlympiadId, UserId};
use olympiad_domain::Role;
use olympiad_office::users::UserSummary;
use olympiad_persistence::models::{SignInNote, User};
use serde::Serialize;
use utoipa::ToSchema;

/// The signed-in user as the apps keep it (local storage key `user`, with the token as `accessToken`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedInUser {
    #[serde(flatten)]
    pub user: UserSummary,
    pub role: Role,
    #[schema(value_type = i64)]
    pub account_id: AccountId,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    pub olympiad_name: Option<String>,
    /// Set when an overlord is acting as this user.
    #[schema(value_type = Option<i64>)]
    pub impersonated_by: Option<UserId>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInResult {
    pub token: String,
    pub user: SignedInUser,
}

pub fn parse_role(role: &str) -> Result<Role, ApiError> {
    role.parse().map_err(ApiError::internal)
}

/// Issues the token, notes the sign-in, and answers what the apps store.
pub async fn finish_sign_in(
    state: &AppState,
    user: User,
    subject: Subject,
    action: &'static str,
    address: Option<String>,
) -> Result<SignInResult, ApiError> {
    let token = state.tokens.issue(&subject, Purpose::Access)?;
    let (user_id, olympiad_id, email, impersonator) = (
        user.id,
        subject.olympiad_id,
        user.email.clone(),
        subject.impersonator,
    );
    let details = serde_json::json!({ "role": subject.role, "accountId": subject.account_id, "impersonatedBy": impersonator }).to_string();
    // Written with other sign-ins (group commit): at nine o'clock thousands arrive together.
    state
        .db
        .note_sign_in(SignInNote {
            last_sign_in_of: impersonator.is_none().then_some(user_id),
            user_id: Some(impersonator.unwrap_or(user_id)),
            email,
            olympiad_id,
            action,
            details,
            address,
        })
        .await?;
    Ok(SignInResult {
        token,
        user: signed_in_user(user, &subject),
    })
}

pub fn signed_in_user(user: User, subject: &Subject) -> SignedInUser {
    SignedInUser {
        user: user.into(),
        role: subject.role,
        account_id: subject.account_id,
        olympiad_id: subject.olympiad_id,
        olympiad_name: subject.olympiad_name.clone(),
        impersonated_by: subject.impersonator,
    }
}
