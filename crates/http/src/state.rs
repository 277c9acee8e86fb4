use crate::auth::tokens::TokenKeys;
use crate::config::ApiConfig;
use crate::db::Db;
use crate::rate_limit::RateLimits;

/// Shared by every request.
pub struct AppState {
    pub db: Db,
    pub config: ApiConfig,
    pub tokens: TokenKeys,
    pub limits: RateLimits,
}

impl AppState {
    pub fn new(pool: olympiad_persistence::DbPool, config: ApiConfig) -> Self {
        AppState {
            db: Db::new(pool),
            tokens: TokenKeys::new(&config.jwt_secret, config.session_hours),
            limits: RateLimits::new(
                config.signin_per_username_per_minute,
                config.signin_per_address_per_minute,
            ),
            config,
        }
    }
}
