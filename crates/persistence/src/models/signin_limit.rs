//! Sign-in and reset attempts counted in PostgreSQL, so that a limit holds whichever API node an
//! attempt reaches. Each key is a GCRA bucket (the algorithm of the in-memory limiter a single
//! node uses): `tat_ms` is the moment from which the key's whole allowance is back. An attempt is
//! allowed when that moment is at most a minute less one attempt's share ahead of now, and moves it
//! one share later; a refused attempt moves nothing.

use crate::error::DbResult;
use crate::prepared::PreparedOnce;
use crate::DbConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

/// One key's limit: so many attempts a minute.
#[derive(Debug, Clone)]
pub struct Allowance<'a> {
    pub key: &'a str,
    pub per_minute: u32,
}

pub struct SigninLimit;

#[derive(QueryableByName)]
struct Allowed {
    #[diesel(sql_type = BigInt)]
    first: i64,
    #[diesel(sql_type = BigInt)]
    second: i64,
}

const MINUTE_MS: i64 = 60_000;

impl SigninLimit {
    /// Counts one attempt against both keys, in one statement; answers whether each allowed it.
    pub fn take(
        conn: &mut DbConnection,
        first: &Allowance,
        second: &Allowance,
        now_ms: i64,
    ) -> DbResult<(bool, bool)> {
        // Each bucket in its own data-modifying part of one statement: one trip to the database.
        // The row of a busy key (a school lab's address) is locked only for this statement.
        let bucket = |n: usize| {
            let (key, share, tolerance) = (4 * n - 3, 4 * n - 2, 4 * n - 1);
            let now = 4 * n;
            format!(
                "INSERT INTO signin_limits (key, tat_ms) VALUES (${key}, ${now} + ${share}) \
                 ON CONFLICT (key) DO UPDATE SET tat_ms = GREATEST(signin_limits.tat_ms, ${now}) + ${share} \
                 WHERE GREATEST(signin_limits.tat_ms, ${now}) - ${now} <= ${tolerance} RETURNING 1"
            )
        };
        // The statement is its own transaction, and its commit does not wait for the WAL to
        // reach the disk (`synchronous_commit` off for this transaction alone, set by the
        // statement itself: no extra trip). A crash of PostgreSQL may then forget the last
        // fraction of a second of counts, which lets a guesser a few more tries once, after a
        // crash; whereas waiting for an fsync on every sign-in would queue nine o'clock's
        // thousands of learners behind the disk for a count nobody needs to keep.
        let sql = format!(
            "WITH a AS ({}), b AS ({}) SELECT (SELECT COUNT(*) FROM a) AS first, (SELECT COUNT(*) FROM b) AS second, \
             set_config('synchronous_commit', 'off', true) AS asynchronous",
            bucket(1),
            bucket(2)
        );
        let mut query =
            diesel::sql_query(sql).into_boxed::<<DbConnection as diesel::Connection>::Backend>();
        for allowance in [first, second] {
            let share = MINUTE_MS / i64::from(allowance.per_minute.max(1));
            query = query
                .bind::<Text, _>(allowance.key.to_owned())
                .bind::<BigInt, _>(share)
                .bind::<BigInt, _>(MINUTE_MS - share)
                .bind::<BigInt, _>(now_ms);
        }
        // The same text at every sign-in: parsed and planned once per connection.
        let allowed = PreparedOnce(query).get_result::<Allowed>(conn)?;
        Ok((allowed.first > 0, allowed.second > 0))
    }

    /// Forgets the keys whose allowance is whole again.
    pub fn forget_idle(conn: &mut DbConnection, now_ms: i64) -> DbResult<usize> {
        use crate::schema::signin_limits::dsl::{signin_limits, tat_ms};
        Ok(diesel::delete(signin_limits.filter(tat_ms.lt(now_ms))).execute(conn)?)
    }
}
