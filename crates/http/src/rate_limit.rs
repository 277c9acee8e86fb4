//! Limits on sign-in and password-reset attempts (governor's keyed GCRA limiters, in memory per
//! API node). Per username it is strict, against guessing; per address it is loose, because a
//! whole school's computer lab signs in from one address at nine o'clock.

use crate::error::ApiError;
use actix_web::HttpRequest;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

pub struct RateLimits {
    per_username: DefaultKeyedRateLimiter<String>,
    per_address: DefaultKeyedRateLimiter<String>,
}

fn per_minute(count: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN))
}

impl RateLimits {
    pub fn new(per_username_per_minute: u32, per_address_per_minute: u32) -> Self {
        RateLimits {
            per_username: RateLimiter::keyed(per_minute(per_username_per_minute)),
            per_address: RateLimiter::keyed(per_minute(per_address_per_minute)),
        }
    }

    /// Counts one attempt; answers 429 when either limit is spent.
    pub fn check_signin(&self, username: &str, address: &str) -> Result<(), ApiError> {
        if self.per_address.check_key(&address.to_owned()).is_err()
            || self.per_username.check_key(&username.to_owned()).is_err()
        {
            return Err(ApiError::too_many_requests());
        }
        Ok(())
    }

    /// Forgets keys that have been quiet long enough to be full again (called every minute).
    pub fn forget_idle(&self) {
        self.per_username.retain_recent();
        self.per_address.retain_recent();
    }
}

/// The client's address. Behind a load balancer the first `X-Forwarded-For`/`Forwarded` entry is
/// used; it can be forged, which only loosens the loose per-address limit, never the per-username one.
pub fn client_address(req: &HttpRequest) -> String {
    req.connection_info()
        .realip_remote_addr()
        .unwrap_or("unknown")
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_username_is_limited_strictly_and_an_address_loosely() {
        let limits = RateLimits::new(3, 5);
        for _ in 0..3 {
            assert!(limits.check_signin("a@example.org", "10.0.0.1").is_ok());
        }
        assert_eq!(
            limits
                .check_signin("a@example.org", "10.0.0.1")
                .unwrap_err()
                .code,
            "rate_limited"
        );
        // Another user from the same lab still gets in, until the address's allowance is spent.
        assert!(limits.check_signin("b@example.org", "10.0.0.1").is_ok());
        assert!(limits.check_signin("c@example.org", "10.0.0.1").is_err());
        assert!(limits.check_signin("c@example.org", "10.0.0.2").is_ok());
    }
}
