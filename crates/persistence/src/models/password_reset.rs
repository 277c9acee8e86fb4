use crate::error::DbResult;
use crate::schema::password_resets;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::UserId;

/// A single-use password reset. Only a hash of the e-mailed token is kept, so a copy of the
/// database does not let anyone reset a password.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = password_resets)]
pub struct PasswordReset {
    pub id: i64,
    pub user_id: UserId,
    pub token_hash: String,
    pub expires_at: NaiveDateTime,
    pub used_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
}

impl PasswordReset {
    pub fn create(
        conn: &mut DbConnection,
        user_id: UserId,
        token_hash: &str,
        expires_at: NaiveDateTime,
    ) -> DbResult<()> {
        diesel::insert_into(password_resets::table)
            .values((
                password_resets::user_id.eq(user_id),
                password_resets::token_hash.eq(token_hash),
                password_resets::expires_at.eq(expires_at),
                password_resets::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// How many of the user's links can still be used (not used, not expired).
    pub fn live_count(conn: &mut DbConnection, user_id: UserId) -> DbResult<i64> {
        Ok(password_resets::table
            .filter(password_resets::user_id.eq(user_id))
            .filter(password_resets::used_at.is_null())
            .filter(password_resets::expires_at.gt(now()))
            .count()
            .get_result(conn)?)
    }

    /// Forgets the user's links that can no longer be used (used or expired): nothing reads them,
    /// so a user's rows are never more than their live links.
    pub fn forget_spent(conn: &mut DbConnection, user_id: UserId) -> DbResult<usize> {
        Ok(diesel::delete(
            password_resets::table
                .filter(password_resets::user_id.eq(user_id))
                .filter(
                    password_resets::used_at
                        .is_not_null()
                        .or(password_resets::expires_at.le(now())),
                ),
        )
        .execute(conn)?)
    }

    /// Marks the reset used and answers its user, if the token is known, unused and not expired.
    /// The update is conditional, so two tabs using one link cannot both succeed.
    pub fn redeem(conn: &mut DbConnection, token_hash: &str) -> DbResult<Option<UserId>> {
        let at = now();
        Ok(diesel::update(
            password_resets::table
                .filter(password_resets::token_hash.eq(token_hash))
                .filter(password_resets::used_at.is_null())
                .filter(password_resets::expires_at.gt(at)),
        )
        .set(password_resets::used_at.eq(at))
        .returning(password_resets::user_id)
        .get_result(conn)
        .optional()?)
    }
}
