use crate::error::DbResult;
use crate::on_backend;
use crate::schema::users;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{AccountId, OlympiadId, UserId};

/// A person who signs in. Staff and teachers use their e-mail address as username; learners get a
/// generated one. What they may do comes from their accounts.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub email: Option<String>,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub totp_secret: Option<String>,
    pub totp_confirmed: bool,
    /// Raised by sign-out and password changes; tokens carrying an older version stop working.
    pub session_version: i32,
    pub disabled: bool,
    pub last_login_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// The time step (30 seconds) of the last two-factor code accepted; a code is good once.
    pub totp_last_step: Option<i64>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = users)]
pub struct UserInsertForm<'a> {
    pub username: &'a str,
    pub email: Option<&'a str>,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
}

/// The fields an overlord may change on a user; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = users)]
pub struct UserUpdateForm {
    pub email: Option<Option<String>>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub disabled: Option<bool>,
    pub updated_at: Option<NaiveDateTime>,
}

impl User {
    pub fn find(conn: &mut DbConnection, id: UserId) -> DbResult<User> {
        Ok(users::table
            .find(id)
            .select(User::as_select())
            .get_result(conn)?)
    }

    /// `username` must already be normalised (see `olympiad_domain::credentials::normalise_username`).
    pub fn by_username(conn: &mut DbConnection, username: &str) -> DbResult<Option<User>> {
        Ok(users::table
            .filter(users::username.eq(username))
            .select(User::as_select())
            .get_result(conn)
            .optional()?)
    }

    /// The olympiads the user works in: those of their enabled accounts and of the schools'
    /// entries they are on the team of; each once, in order.
    pub fn olympiads(conn: &mut DbConnection, user_id: UserId) -> DbResult<Vec<OlympiadId>> {
        use crate::schema::{accounts, school_participants, teachers, team_members};
        let mut ids: Vec<OlympiadId> = accounts::table
            .filter(accounts::user_id.eq(user_id))
            .filter(accounts::disabled.eq(false))
            .filter(accounts::olympiad_id.is_not_null())
            .select(accounts::olympiad_id.assume_not_null())
            .load(conn)?;
        ids.extend(
            team_members::table
                .inner_join(teachers::table)
                .inner_join(school_participants::table)
                .filter(teachers::user_id.eq(user_id))
                .select(school_participants::olympiad_id)
                .load::<OlympiadId>(conn)?,
        );
        ids.sort_unstable();
        ids.dedup();
        Ok(ids)
    }

    pub fn create(conn: &mut DbConnection, new: &UserInsertForm) -> DbResult<User> {
        Ok(diesel::insert_into(users::table)
            .values(new)
            .returning(users::all_columns)
            .get_result(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<User>> {
        Ok(users::table
            .order(users::username)
            .select(User::as_select())
            .load(conn)?)
    }

    pub fn list_by_ids(conn: &mut DbConnection, ids: &[UserId]) -> DbResult<Vec<User>> {
        Ok(users::table
            .filter(users::id.eq_any(ids))
            .order(users::username)
            .select(User::as_select())
            .load(conn)?)
    }

    pub fn update(conn: &mut DbConnection, id: UserId, changes: &UserUpdateForm) -> DbResult<User> {
        let changes = UserUpdateForm {
            updated_at: Some(now()),
            ..changes.clone()
        };
        Ok(diesel::update(users::table.find(id))
            .set(&changes)
            .returning(users::all_columns)
            .get_result(conn)?)
    }

    /// Sets a new password, ends every session that used the old one, and voids every reset link
    /// still outstanding (one sent before the change must not undo it).
    pub fn set_password_hash(conn: &mut DbConnection, id: UserId, hash: &str) -> DbResult<()> {
        use crate::schema::password_resets;
        let at = now();
        let updated = diesel::update(users::table.find(id))
            .set((
                users::password_hash.eq(hash),
                users::session_version.eq(users::session_version + 1),
                users::updated_at.eq(at),
            ))
            .execute(conn)?;
        diesel::update(
            password_resets::table
                .filter(password_resets::user_id.eq(id))
                .filter(password_resets::used_at.is_null()),
        )
        .set(password_resets::used_at.eq(at))
        .execute(conn)?;
        found(updated)
    }

    /// Ends every session of this user (sign-out, disabling).
    pub fn end_sessions(conn: &mut DbConnection, id: UserId) -> DbResult<()> {
        let updated = diesel::update(users::table.find(id))
            .set(users::session_version.eq(users::session_version + 1))
            .execute(conn)?;
        found(updated)
    }

    /// Stores a new, unconfirmed two-factor secret; the old one stays in force until confirmation.
    pub fn set_pending_totp_secret(
        conn: &mut DbConnection,
        id: UserId,
        secret: &str,
    ) -> DbResult<()> {
        let updated = diesel::update(
            users::table
                .find(id)
                .filter(users::totp_confirmed.eq(false)),
        )
        .set(users::totp_secret.eq(secret))
        .execute(conn)?;
        found(updated)
    }

    pub fn confirm_totp(conn: &mut DbConnection, id: UserId) -> DbResult<()> {
        let updated = diesel::update(users::table.find(id))
            .set(users::totp_confirmed.eq(true))
            .execute(conn)?;
        found(updated)
    }

    /// Takes a two-factor code of time step `step` as used: answers false, changing nothing, when
    /// that step or a later one was used already (a code seen over a shoulder, or sent twice).
    /// The update is conditional, so two sign-ins racing with one code cannot both pass.
    pub fn use_totp_step(conn: &mut DbConnection, id: UserId, step: i64) -> DbResult<bool> {
        let updated = diesel::update(
            users::table.find(id).filter(
                users::totp_last_step
                    .is_null()
                    .or(users::totp_last_step.lt(step)),
            ),
        )
        .set(users::totp_last_step.eq(step))
        .execute(conn)?;
        Ok(updated == 1)
    }

    /// Clears two-factor so that the user sets it up again at the next sign-in (lost phone).
    pub fn reset_totp(conn: &mut DbConnection, id: UserId) -> DbResult<()> {
        let updated = diesel::update(users::table.find(id))
            .set((
                users::totp_secret.eq(None::<String>),
                users::totp_confirmed.eq(false),
                users::totp_last_step.eq(None::<i64>),
            ))
            .execute(conn)?;
        found(updated)
    }

    pub fn display_name(&self) -> String {
        let name = format!("{} {}", self.first_name, self.last_name);
        let name = name.trim();
        if name.is_empty() {
            self.username.clone()
        } else {
            name.to_owned()
        }
    }
}

fn found(rows: usize) -> DbResult<()> {
    if rows == 0 {
        Err(crate::DbError::NotFound)
    } else {
        Ok(())
    }
}

/// What a token's holder must still match for the token to count: the user's session version,
/// and that neither the user nor the account has been disabled since.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable)]
pub struct SessionState {
    pub session_version: i32,
    pub user_disabled: bool,
    pub account_disabled: bool,
}

impl SessionState {
    pub fn load(
        conn: &mut DbConnection,
        user_id: UserId,
        account_id: AccountId,
    ) -> DbResult<Option<SessionState>> {
        use crate::schema::accounts;
        let session = users::table
            .inner_join(accounts::table)
            .filter(users::id.eq(user_id))
            .filter(accounts::id.eq(account_id))
            .select(SessionState::columns());
        Ok(on_backend!(conn, c => session.get_result(c)).optional()?)
    }

    /// What a [`SessionState`] is read from, in its fields' order, wherever the user and the
    /// account are joined.
    pub fn columns() -> (
        users::session_version,
        users::disabled,
        crate::schema::accounts::disabled,
    ) {
        (
            users::session_version,
            users::disabled,
            crate::schema::accounts::disabled,
        )
    }

    /// The session version of an overlord who may still act as one (neither the user nor their
    /// overlord account disabled); none otherwise.
    pub fn overlord_version(conn: &mut DbConnection, user_id: UserId) -> DbResult<Option<i32>> {
        use crate::schema::accounts;
        Ok(users::table
            .inner_join(accounts::table)
            .filter(users::id.eq(user_id))
            .filter(users::disabled.eq(false))
            .filter(accounts::role.eq("overlord"))
            .filter(accounts::disabled.eq(false))
            .select(users::session_version)
            .get_result(conn)
            .optional()?)
    }
}
