//! Limits on sign-in and password-reset attempts. Per username it is strict, against guessing; per
//! address it is loose, because a whole school's computer lab signs in from one address at nine
//! o'clock. On PostgreSQL the counts are kept in the database (`SigninLimit`), so that they hold
//! across every API node; on SQLite, which serves one node, in memory (governor's keyed GCRA
//! limiters: the same algorithm).
//!
//! Every public route is also counted per address in its [`Bucket`] (declared beside its access in
//! `access::PUBLIC_LIMITS`), and proofs of payment per user. Those counts are kept in memory on
//! each node: they bound floods rather than guesses, so a few nodes multiplying the allowance does
//! no harm, and a public page's read costs no write to the database.

use crate::db::Db;
use crate::error::ApiError;
use actix_web::{web, HttpRequest};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use olympiad_persistence::models::signin_limit::Allowance;
use olympiad_persistence::models::SigninLimit;
use std::net::IpAddr;
use std::num::NonZeroU32;

pub struct RateLimits {
    per_username: DefaultKeyedRateLimiter<String>,
    per_address: DefaultKeyedRateLimiter<String>,
    per_username_per_minute: u32,
    per_address_per_minute: u32,
    /// Where the counts are kept for every node, when the database is PostgreSQL.
    shared: Option<Db>,
    /// Each bucket's limiter, in the order of [`Bucket::ALL`].
    buckets: Vec<DefaultKeyedRateLimiter<String>>,
}

/// A kind of request counted together, each with its own allowance ([`BucketAllowances`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    /// Public pages and documents read by the sites and apps: loose, since a school's lab, all
    /// its learners opening the olympiad at nine o'clock, shares one address.
    PublicRead,
    /// Sign-in, reset links and password setting: as loose per address as sign-in itself; each
    /// also counts its attempts strictly per username.
    SignIn,
    /// Public forms and links that may write (interest, unsubscribes): a person sends a few.
    PublicForm,
    /// Providers' notifications (PayFast's ITN, bounces): few addresses, in bursts.
    Notification,
    /// Proofs of payment, counted per user: each is a stored file of up to 5 MB.
    ProofUpload,
}

impl Bucket {
    pub const ALL: [Bucket; 5] = [
        Bucket::PublicRead,
        Bucket::SignIn,
        Bucket::PublicForm,
        Bucket::Notification,
        Bucket::ProofUpload,
    ];

    fn index(self) -> usize {
        self as usize
    }
}

/// How many requests of each bucket one key may make: per minute, but proofs of payment per hour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BucketAllowances {
    pub public_read_per_minute: u32,
    pub sign_in_per_minute: u32,
    pub public_form_per_minute: u32,
    pub notification_per_minute: u32,
    pub proof_uploads_per_hour: u32,
}

impl Default for BucketAllowances {
    fn default() -> Self {
        BucketAllowances {
            public_read_per_minute: 6000,
            sign_in_per_minute: 1200,
            public_form_per_minute: 30,
            notification_per_minute: 600,
            proof_uploads_per_hour: 20,
        }
    }
}

impl BucketAllowances {
    /// The allowance of a bucket: its count, and the quota that refills it.
    pub fn of(&self, bucket: Bucket) -> u32 {
        match bucket {
            Bucket::PublicRead => self.public_read_per_minute,
            Bucket::SignIn => self.sign_in_per_minute,
            Bucket::PublicForm => self.public_form_per_minute,
            Bucket::Notification => self.notification_per_minute,
            Bucket::ProofUpload => self.proof_uploads_per_hour,
        }
    }

    fn quota(&self, bucket: Bucket) -> Quota {
        let count = NonZeroU32::new(self.of(bucket)).unwrap_or(NonZeroU32::MIN);
        match bucket {
            Bucket::ProofUpload => Quota::per_hour(count),
            _ => Quota::per_minute(count),
        }
    }
}

fn per_minute(count: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN))
}

impl RateLimits {
    pub fn new(per_username_per_minute: u32, per_address_per_minute: u32) -> Self {
        RateLimits {
            per_username: RateLimiter::keyed(per_minute(per_username_per_minute)),
            per_address: RateLimiter::keyed(per_minute(per_address_per_minute)),
            per_username_per_minute,
            per_address_per_minute,
            shared: None,
            buckets: Vec::new(),
        }
        .with_buckets(&BucketAllowances::default())
    }

    /// The same limits, with these allowances for the buckets.
    pub fn with_buckets(mut self, allowances: &BucketAllowances) -> Self {
        self.buckets = Bucket::ALL
            .iter()
            .map(|bucket| RateLimiter::keyed(allowances.quota(*bucket)))
            .collect();
        self
    }

    /// Counts one request of `bucket` by `key` (a client's address, or a user); answers 429 when
    /// the key's allowance is spent.
    pub fn check(&self, bucket: Bucket, key: &str) -> Result<(), ApiError> {
        match self.buckets.get(bucket.index()) {
            Some(limiter) if limiter.check_key(&key.to_owned()).is_err() => {
                Err(ApiError::too_many_requests())
            }
            _ => Ok(()),
        }
    }

    /// The same limits, counted in the database for every node.
    pub fn shared(mut self, db: Db) -> Self {
        self.shared = Some(db);
        self
    }

    /// Counts one attempt; answers 429 when either limit is spent.
    pub async fn check_signin(&self, username: &str, address: &str) -> Result<(), ApiError> {
        if let Some(db) = &self.shared {
            // Keys are hashed: the table keeps no username or address.
            let (user_key, address_key) =
                (bucket_key("user", username), bucket_key("address", address));
            let (user_limit, address_limit) =
                (self.per_username_per_minute, self.per_address_per_minute);
            let now_ms = chrono::Utc::now().timestamp_millis();
            let (address_ok, user_ok) = db
                .run(move |conn| {
                    Ok(SigninLimit::take(
                        conn,
                        &Allowance {
                            key: &address_key,
                            per_minute: address_limit,
                        },
                        &Allowance {
                            key: &user_key,
                            per_minute: user_limit,
                        },
                        now_ms,
                    )?)
                })
                .await?;
            return if address_ok && user_ok {
                Ok(())
            } else {
                Err(ApiError::too_many_requests())
            };
        }
        if self.per_address.check_key(&address.to_owned()).is_err()
            || self.per_username.check_key(&username.to_owned()).is_err()
        {
            return Err(ApiError::too_many_requests());
        }
        Ok(())
    }

    /// Forgets keys that have been quiet long enough to be full again (called every minute).
    pub async fn forget_idle(&self) {
        self.per_username.retain_recent();
        self.per_address.retain_recent();
        for limiter in &self.buckets {
            limiter.retain_recent();
        }
        if let Some(db) = &self.shared {
            let now_ms = chrono::Utc::now().timestamp_millis();
            if let Err(error) = db
                .run(move |conn| Ok(SigninLimit::forget_idle(conn, now_ms)?))
                .await
            {
                log::warn!("forgetting idle sign-in limits: {error}");
            }
        }
    }
}

fn bucket_key(kind: &str, value: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("{kind}:{value}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`: addresses and CIDR ranges,
/// comma-separated). A header from anyone else is ignored, so a client cannot choose the address
/// its attempts are counted against.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<(IpAddr, u8)>);

impl TrustedProxies {
    /// `10.0.0.0/8, 127.0.0.1, ::1`; an empty text trusts no one.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut ranges = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (address, bits) = item.split_once('/').unwrap_or((item, ""));
            let address: IpAddr = address
                .parse()
                .map_err(|_| format!("{item:?} is not an IP address or CIDR range"))?;
            let max = if address.is_ipv4() { 32 } else { 128 };
            let bits = match bits {
                "" => max,
                bits => bits
                    .parse::<u8>()
                    .ok()
                    .filter(|b| *b <= max)
                    .ok_or_else(|| format!("{item:?} has a prefix length outside 0 to {max}"))?,
            };
            ranges.push((address, bits));
        }
        Ok(TrustedProxies(ranges))
    }

    pub fn contains(&self, address: IpAddr) -> bool {
        self.0
            .iter()
            .any(|(range, bits)| in_range(address, *range, *bits))
    }
}

fn in_range(address: IpAddr, range: IpAddr, bits: u8) -> bool {
    let (address, range, width) = match (address.to_canonical(), range) {
        (IpAddr::V4(a), IpAddr::V4(r)) => (u128::from(a.to_bits()), u128::from(r.to_bits()), 32),
        (IpAddr::V6(a), IpAddr::V6(r)) => (a.to_bits(), r.to_bits(), 128),
        _ => return false,
    };
    let shift = width - u32::from(bits);
    shift >= width || (address >> shift) == (range >> shift)
}

/// The client's address: the connection's peer, or, when that peer is a trusted proxy, the
/// nearest address in `X-Forwarded-For` that is not itself a trusted proxy.
pub fn client_address(req: &HttpRequest) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else {
        return "unknown".into();
    };
    let trusted = req.app_data::<web::Data<TrustedProxies>>();
    match trusted {
        Some(trusted) if trusted.contains(peer) => forwarded_client(req, trusted).unwrap_or(peer),
        _ => peer,
    }
    .to_string()
}

fn forwarded_client(req: &HttpRequest, trusted: &TrustedProxies) -> Option<IpAddr> {
    let hops: Vec<IpAddr> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|hop| hop.trim().parse::<IpAddr>().ok())
        .collect::<Option<_>>()?;
    hops.iter()
        .rev()
        .find(|hop| !trusted.contains(**hop))
        .or(hops.first())
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_trusted_proxies_name_the_client() {
        let trusted = TrustedProxies::parse("10.0.0.0/8, 127.0.0.1, fd00::/8").unwrap();
        assert!(trusted.contains("10.1.2.3".parse().unwrap()));
        assert!(trusted.contains("127.0.0.1".parse().unwrap()));
        assert!(trusted.contains("::ffff:10.0.0.1".parse().unwrap()));
        assert!(trusted.contains("fd12::1".parse().unwrap()));
        assert!(!trusted.contains("11.0.0.1".parse().unwrap()));
        assert!(!trusted.contains("127.0.0.2".parse().unwrap()));
        assert!(TrustedProxies::parse("").unwrap().0.is_empty());
        assert!(TrustedProxies::parse("0.0.0.0/0")
            .unwrap()
            .contains("8.8.8.8".parse().unwrap()));
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.local").is_err());
    }

    #[actix_web::test]
    async fn a_username_is_limited_strictly_and_an_address_loosely() {
        let limits = RateLimits::new(3, 5);
        for _ in 0..3 {
            assert!(limits
                .check_signin("a@example.org", "10.0.0.1")
                .await
                .is_ok());
        }
        assert_eq!(
            limits
                .check_signin("a@example.org", "10.0.0.1")
                .await
                .unwrap_err()
                .code,
            olympiad_office::ErrorCode::RateLimited
        );
        // Another user from the same lab still gets in, until the address's allowance is spent.
        assert!(limits
            .check_signin("b@example.org", "10.0.0.1")
            .await
            .is_ok());
        assert!(limits
            .check_signin("c@example.org", "10.0.0.1")
            .await
            .is_err());
        assert!(limits
            .check_signin("c@example.org", "10.0.0.2")
            .await
            .is_ok());
    }
}
