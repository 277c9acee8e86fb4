//! Signed tokens (JWT, HS256). An access token carries who the user is and in which account; the
//! database is still asked on every request (`access::authenticate`), so sign-out, a password
//! change or disabling a user ends a token at once.

use crate::error::ApiError;
use chrono::Utc;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use olympiad_domain::id::{AccountId, OlympiadId, UserId};
use olympiad_domain::Role;
use olympiad_office::ErrorCode;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    Access,
    /// Short-lived: lets a staff member set up two-factor after a correct password.
    TwoFactorSetup,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub sub: UserId,
    pub acc: AccountId,
    pub role: Role,
    pub oly: Option<OlympiadId>,
    pub oly_name: Option<String>,
    pub ver: i32,
    pub purpose: Purpose,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imp: Option<UserId>,
    /// The impersonating overlord's session version: their sign-out ends the impersonation too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imp_ver: Option<i32>,
    pub iat: i64,
    pub exp: i64,
}

impl Claims {
    pub fn into_caller(self) -> olympiad_office::Caller {
        olympiad_office::Caller {
            user_id: self.sub,
            account_id: self.acc,
            role: self.role,
            olympiad_id: self.oly,
            olympiad_name: self.oly_name,
            impersonator: self.imp,
            impersonator_version: self.imp_ver,
            session_version: self.ver,
            address: None,
        }
    }
}

/// What a token is issued for.
#[derive(Debug, Clone)]
pub struct Subject {
    pub user_id: UserId,
    pub account_id: AccountId,
    pub role: Role,
    pub olympiad_id: Option<OlympiadId>,
    pub olympiad_name: Option<String>,
    pub session_version: i32,
    pub impersonator: Option<UserId>,
    /// The impersonating overlord's session version when the token was issued.
    pub impersonator_version: Option<i32>,
}

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    session_seconds: i64,
    /// Tokens whose signature was checked already: a learner's phone sends the same one with
    /// every save, and checking it again would be the same work for the same answer. Expiry is
    /// still checked on every use.
    verified: Mutex<HashMap<String, Claims>>,
}

/// Verified tokens remembered at most; past it the memory starts afresh.
const VERIFIED_TOKENS: usize = 50_000;

/// Clocks of API nodes may differ by this much.
const LEEWAY_SECONDS: i64 = 5;

/// A two-factor set-up token lasts long enough to scan a QR code and type a code.
const SETUP_SECONDS: i64 = 15 * 60;

impl TokenKeys {
    pub fn new(secret: &[u8], session_hours: i64) -> Self {
        TokenKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            session_seconds: session_hours * 3600,
            verified: Mutex::default(),
        }
    }

    pub fn issue(&self, subject: &Subject, purpose: Purpose) -> Result<String, ApiError> {
        let now = Utc::now().timestamp();
        let lifetime = match purpose {
            Purpose::Access => self.session_seconds,
            Purpose::TwoFactorSetup => SETUP_SECONDS,
        };
        let claims = Claims {
            sub: subject.user_id,
            acc: subject.account_id,
            role: subject.role,
            oly: subject.olympiad_id,
            oly_name: subject.olympiad_name.clone(),
            ver: subject.session_version,
            purpose,
            imp: subject.impersonator,
            imp_ver: subject.impersonator_version,
            iat: now,
            exp: now + lifetime,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(ApiError::internal)
    }

    /// The claims of a token with a valid signature, not expired, issued for `purpose`.
    pub fn verify(&self, token: &str, purpose: Purpose) -> Result<Claims, ApiError> {
        let known = self
            .verified
            .lock()
            .ok()
            .and_then(|verified| verified.get(token).cloned());
        if let Some(claims) = known {
            if claims.purpose == purpose && claims.exp > Utc::now().timestamp() - LEEWAY_SECONDS {
                return Ok(claims);
            }
        }
        let claims = self.check(token, purpose)?;
        if let Ok(mut verified) = self.verified.lock() {
            if verified.len() >= VERIFIED_TOKENS {
                verified.clear();
            }
            verified.insert(token.to_owned(), claims.clone());
        }
        Ok(claims)
    }

    fn check(&self, token: &str, purpose: Purpose) -> Result<Claims, ApiError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = LEEWAY_SECONDS.unsigned_abs();
        let claims = decode::<Claims>(token, &self.decoding, &validation)
            .map_err(|e| match e.kind() {
                ErrorKind::ExpiredSignature => ApiError::unauthorized(
                    ErrorCode::TokenExpired,
                    "Your session has expired. Please sign in again.",
                ),
                _ => ApiError::unauthorized(
                    ErrorCode::TokenInvalid,
                    "Your sign-in is not valid. Please sign in again.",
                ),
            })?
            .claims;
        if claims.purpose != purpose {
            return Err(ApiError::unauthorized(
                ErrorCode::TokenInvalid,
                "Your sign-in is not valid. Please sign in again.",
            ));
        }
        Ok(claims)
    }
}

/// What a link to an address's health says: it was mailed to this address, until `exp`. A token
/// of another kind lacks these fields and is no such link, and an access token is no address's.
#[derive(Debug, Serialize, Deserialize)]
struct AddressClaims {
    typ: String,
    adr: String,
    exp: i64,
}

const ADDRESS_CHECK: &str = "address_check";

/// A link to an address's health works for a day after it was mailed.
pub const ADDRESS_CHECK_SECONDS: i64 = 24 * 3600;

impl TokenKeys {
    /// The token of a link to `address`'s health, to be mailed to that address.
    pub fn issue_address_check(&self, address: &str) -> Result<String, ApiError> {
        let claims = AddressClaims {
            typ: ADDRESS_CHECK.into(),
            adr: address.to_owned(),
            exp: Utc::now().timestamp() + ADDRESS_CHECK_SECONDS,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(ApiError::internal)
    }

    /// Whether `token` is a link to `address`'s health that still works.
    pub fn is_address_check_of(&self, token: &str, address: &str) -> bool {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = LEEWAY_SECONDS.unsigned_abs();
        decode::<AddressClaims>(token, &self.decoding, &validation)
            .is_ok_and(|data| data.claims.typ == ADDRESS_CHECK && data.claims.adr == address)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subject() -> Subject {
        Subject {
            user_id: UserId::new(7),
            account_id: AccountId::new(9),
            role: Role::Admin,
            olympiad_id: Some(OlympiadId::new(1)),
            olympiad_name: Some("geography".into()),
            session_version: 3,
            impersonator: None,
            impersonator_version: None,
        }
    }

    #[test]
    fn a_token_verifies_only_with_its_key_and_purpose() {
        let keys = TokenKeys::new(b"0123456789abcdef0123456789abcdef", 1);
        let token = keys.issue(&subject(), Purpose::Access).unwrap();
        let claims = keys.verify(&token, Purpose::Access).unwrap();
        assert_eq!(
            (claims.sub, claims.acc, claims.ver, claims.role),
            (UserId::new(7), AccountId::new(9), 3, Role::Admin)
        );
        assert_eq!(
            keys.verify(&token, Purpose::TwoFactorSetup)
                .unwrap_err()
                .code,
            olympiad_office::ErrorCode::TokenInvalid
        );
        let other = TokenKeys::new(b"another secret another secret 12", 1);
        assert_eq!(
            other.verify(&token, Purpose::Access).unwrap_err().code,
            olympiad_office::ErrorCode::TokenInvalid
        );
        assert_eq!(
            keys.verify("not.a.token", Purpose::Access)
                .unwrap_err()
                .code,
            olympiad_office::ErrorCode::TokenInvalid
        );
    }

    #[test]
    fn an_expired_token_says_so() {
        let keys = TokenKeys {
            session_seconds: -120,
            ..TokenKeys::new(b"0123456789abcdef0123456789abcdef", 1)
        };
        let token = keys.issue(&subject(), Purpose::Access).unwrap();
        assert_eq!(
            keys.verify(&token, Purpose::Access).unwrap_err().code,
            olympiad_office::ErrorCode::TokenExpired
        );
        // Also when the token was verified before it expired.
        let mut claims = keys
            .check(
                &keys.issue(&subject(), Purpose::TwoFactorSetup).unwrap(),
                Purpose::TwoFactorSetup,
            )
            .unwrap();
        claims.exp = Utc::now().timestamp() - 60;
        claims.purpose = Purpose::Access;
        keys.verified
            .lock()
            .unwrap()
            .insert("remembered".into(), claims);
        assert!(keys.verify("remembered", Purpose::Access).is_err());
    }

    #[test]
    fn an_address_check_opens_only_its_own_address() {
        let keys = TokenKeys::new(b"0123456789abcdef0123456789abcdef", 1);
        let token = keys.issue_address_check("thandi@example.org").unwrap();
        assert!(keys.is_address_check_of(&token, "thandi@example.org"));
        assert!(!keys.is_address_check_of(&token, "sipho@example.org"));
        let other = TokenKeys::new(b"fedcba9876543210fedcba9876543210", 1);
        assert!(!other.is_address_check_of(&token, "thandi@example.org"));
        let access = keys.issue(&subject(), Purpose::Access).unwrap();
        assert!(!keys.is_address_check_of(&access, "thandi@example.org"));
        assert!(keys.verify(&token, Purpose::Access).is_err());
    }
}
