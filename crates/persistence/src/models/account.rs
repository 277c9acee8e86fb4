use crate::error::DbResult;
use crate::models::User;
use crate::on_backend;
use crate::schema::{accounts, olympiads, users};
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{AccountId, OlympiadId, UserId};
use serde::Serialize;
use utoipa::ToSchema;

/// A user's role: in one olympiad, or global (overlord; a teacher may also be global).
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = accounts)]
pub struct Account {
    pub id: AccountId,
    pub user_id: UserId,
    pub role: String,
    pub olympiad_id: Option<OlympiadId>,
    pub disabled: bool,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = accounts)]
pub struct AccountInsertForm<'a> {
    pub user_id: UserId,
    pub role: &'a str,
    pub olympiad_id: Option<OlympiadId>,
}

/// An account with the olympiad it belongs to, as sign-in and the account screens show it.
// Selected from `accounts` left-joined with `olympiads`.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = accounts)]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    #[schema(value_type = i64)]
    pub id: AccountId,
    #[schema(value_type = i64)]
    pub user_id: UserId,
    pub role: String,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    #[diesel(select_expression = olympiads::name.nullable())]
    pub olympiad_name: Option<String>,
    #[diesel(select_expression = olympiads::title.nullable())]
    pub olympiad_title: Option<String>,
    pub disabled: bool,
}

/// Which accounts to list; every filter given must hold.
#[derive(Debug, Clone, Copy, Default)]
pub struct AccountFilter {
    pub user_id: Option<UserId>,
    pub olympiad_id: Option<OlympiadId>,
}

impl Account {
    pub fn find(conn: &mut DbConnection, id: AccountId) -> DbResult<Account> {
        Ok(accounts::table
            .find(id)
            .select(Account::as_select())
            .get_result(conn)?)
    }

    pub fn views(conn: &mut DbConnection, filter: AccountFilter) -> DbResult<Vec<AccountView>> {
        let mut query = accounts::table
            .left_join(olympiads::table)
            .select(AccountView::as_select())
            .order((accounts::user_id, accounts::id))
            .into_boxed();
        if let Some(user_id) = filter.user_id {
            query = query.filter(accounts::user_id.eq(user_id));
        }
        if let Some(olympiad_id) = filter.olympiad_id {
            query = query.filter(accounts::olympiad_id.eq(olympiad_id));
        }
        Ok(query.load(conn)?)
    }

    /// Every account of one user, each with its olympiad's name: the accounts sign-in chooses
    /// from, and those an impersonation or a session is checked against.
    pub fn views_of_user(conn: &mut DbConnection, user_id: UserId) -> DbResult<Vec<AccountView>> {
        Self::views(
            conn,
            AccountFilter {
                user_id: Some(user_id),
                ..Default::default()
            },
        )
    }

    /// The user of this username with every account of theirs (as [`Account::views_of_user`]),
    /// in one statement: what a sign-in checks.
    pub fn of_username(
        conn: &mut DbConnection,
        username: &str,
    ) -> DbResult<Option<(User, Vec<AccountView>)>> {
        let joined = users::table
            // Joined flat: SQLite would read every account to make `accounts ⋈ olympiads` first.
            .left_join(accounts::table)
            .left_join(olympiads::table.on(olympiads::id.nullable().eq(accounts::olympiad_id)))
            .filter(users::username.eq(username))
            .order(accounts::id);
        let rows: Vec<(User, Option<AccountView>)> = on_backend!(conn, c => joined
            .select((
                User::as_select(),
                // A user without accounts has one row, with none (diesel has no nullable
                // `as_select`): the columns of `AccountView`.
                (
                    accounts::id,
                    accounts::user_id,
                    accounts::role,
                    accounts::olympiad_id,
                    olympiads::name.nullable(),
                    olympiads::title.nullable(),
                    accounts::disabled,
                )
                    .nullable(),
            ))
            .load(c))?;
        let mut rows = rows.into_iter();
        Ok(rows.next().map(|(user, first)| {
            let accounts = first
                .into_iter()
                .chain(rows.filter_map(|(_, a)| a))
                .collect();
            (user, accounts)
        }))
    }

    /// The account of this user with this role in this olympiad (`None`: the global one).
    pub fn find_exact(
        conn: &mut DbConnection,
        new: &AccountInsertForm,
    ) -> DbResult<Option<Account>> {
        let mut query = accounts::table
            .filter(accounts::user_id.eq(new.user_id))
            .filter(accounts::role.eq(new.role))
            .select(Account::as_select())
            .into_boxed();
        query = match new.olympiad_id {
            Some(olympiad_id) => query.filter(accounts::olympiad_id.eq(olympiad_id)),
            None => query.filter(accounts::olympiad_id.is_null()),
        };
        Ok(query.first(conn).optional()?)
    }

    /// The account, created when missing: giving someone a role twice is harmless.
    pub fn ensure(conn: &mut DbConnection, new: &AccountInsertForm) -> DbResult<Account> {
        if let Some(existing) = Account::find_exact(conn, new)? {
            return Ok(existing);
        }
        Ok(diesel::insert_into(accounts::table)
            .values(new)
            .returning(accounts::all_columns)
            .get_result(conn)?)
    }

    pub fn set_disabled(
        conn: &mut DbConnection,
        id: AccountId,
        disabled: bool,
    ) -> DbResult<Account> {
        Ok(diesel::update(accounts::table.find(id))
            .set(accounts::disabled.eq(disabled))
            .returning(accounts::all_columns)
            .get_result(conn)?)
    }
}
