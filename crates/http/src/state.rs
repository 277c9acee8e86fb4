use crate::auth::tokens::TokenKeys;
use crate::config::ApiConfig;
use crate::db::Db;
use crate::envelope::{ok, ApiResult};
use crate::rate_limit::RateLimits;
use crate::sitting::writer::AnswerWriter;
use olympiad_office::sitting_cache::SittingCache;
use olympiad_office::OfficeResult;
use olympiad_persistence::DbConnection;
use serde::Serialize;

/// Answer saves that may wait for a writer before new ones are told to come back in a moment.
const ANSWER_QUEUE: usize = 20_000;

/// Shared by every request.
pub struct AppState {
    pub db: Db,
    pub config: ApiConfig,
    pub tokens: TokenKeys,
    pub limits: RateLimits,
    /// Every learner's answer saves and progress pings go through it (group commit).
    pub answers: AnswerWriter,
    /// The papers and the learners' windows of the olympiads being written.
    pub sitting_cache: SittingCache,
}

impl AppState {
    pub fn new(pool: olympiad_persistence::DbPool, config: ApiConfig) -> Self {
        Self::with_replica(pool, None, config)
    }

    /// Like [`AppState::new`], with the pool of a streaming replica for reads that can wait
    /// (`DATABASE_READ_URL`, see [`Db::reader`]).
    pub fn with_replica(
        pool: olympiad_persistence::DbPool,
        replica: Option<olympiad_persistence::DbPool>,
        config: ApiConfig,
    ) -> Self {
        let postgres = pool
            .get()
            .is_ok_and(|conn| matches!(*conn, olympiad_persistence::DbConnection::Postgresql(_)));
        // As many threads commit the start's short writes together as write answers: one on
        // SQLite (one writer at a time); on PostgreSQL each learner's reads run on a committer's
        // connection, and on two cores two committers gave the most starts a second (measured
        // with 10,000 starts: 589 with two, 549 with four, 501 with six, 490 with one).
        let mut db = Db::new(pool.clone(), config.answer_writers);
        if let Some(replica) = replica {
            db = db.with_replica(replica);
        }
        let mut limits = RateLimits::new(
            config.signin_per_username_per_minute,
            config.signin_per_address_per_minute,
        )
        .with_buckets(&config.bucket_allowances);
        // Several nodes share a PostgreSQL database, and so its counts.
        if postgres {
            limits = limits.shared(db.clone());
        }
        AppState {
            tokens: TokenKeys::new(&config.jwt_secret, config.session_hours),
            limits,
            answers: AnswerWriter::start(pool.clone(), config.answer_writers, ANSWER_QUEUE),
            sitting_cache: SittingCache::default(),
            db,
            config,
        }
    }

    /// What a stopping server does once it has answered its last request: every answer save, ping
    /// and short write still queued is written and its waiter answered, then the committers end,
    /// so that the process exits with nothing it was given left unwritten. Blocks until then.
    pub fn close(&self) {
        self.answers.close();
        self.db.close();
    }

    /// The whole of most handlers: one office use case ([`Db::office`]), its result answered in
    /// the success envelope, its refusal as the error envelope.
    pub async fn answer<T, F>(&self, use_case: F) -> ApiResult<T>
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection) -> OfficeResult<T> + Send + 'static,
    {
        ok(self.db.office(use_case).await?)
    }

    /// Like [`AppState::answer`] for a use case whose only answer is that it was done (a
    /// delete): `true`.
    pub async fn answer_done<T, F>(&self, use_case: F) -> ApiResult<bool>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> OfficeResult<T> + Send + 'static,
    {
        self.db.office(use_case).await?;
        ok(true)
    }
}
