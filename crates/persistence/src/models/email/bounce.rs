//! Bounces, shunned addresses and each address's health.

use super::*;

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = bounces)]
#[serde(rename_all = "camelCase")]
pub struct Bounce {
    pub id: i64,
    pub email: String,
    pub kind: BounceKind,
    /// `ses`, `webhook` or `dsn`.
    pub source: String,
    pub detail: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl Bounce {
    pub fn record(
        conn: &mut DbConnection,
        email: &str,
        kind: BounceKind,
        source: &str,
        detail: &str,
    ) -> DbResult<()> {
        diesel::insert_into(bounces::table)
            .values((
                bounces::email.eq(email),
                bounces::kind.eq(kind.as_str()),
                bounces::source.eq(source),
                bounces::detail.eq(detail),
                bounces::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    pub fn count_of(
        conn: &mut DbConnection,
        email: &str,
        kind: Option<BounceKind>,
    ) -> DbResult<i64> {
        let mut query = bounces::table
            .filter(bounces::email.eq(email.to_owned()))
            .into_boxed();
        if let Some(kind) = kind {
            query = query.filter(bounces::kind.eq(kind.as_str()));
        }
        Ok(query.count().get_result(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<Bounce>> {
        Ok(bounces::table
            .select(Bounce::as_select())
            .order(bounces::id.desc())
            .limit(LIST_LIMIT)
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Bounce> {
        Ok(bounces::table
            .find(id)
            .select(Bounce::as_select())
            .first(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: i64) -> DbResult<()> {
        diesel::delete(bounces::table.find(id)).execute(conn)?;
        Ok(())
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = shunned_emails)]
#[serde(rename_all = "camelCase")]
pub struct ShunnedEmail {
    #[schema(value_type = i64)]
    pub id: ShunnedEmailId,
    pub email: String,
    pub reason: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl ShunnedEmail {
    /// Shuns the address (once).
    pub fn shun(conn: &mut DbConnection, email: &str, reason: &str) -> DbResult<()> {
        if ShunnedEmail::is_shunned(conn, email)? {
            return Ok(());
        }
        diesel::insert_into(shunned_emails::table)
            .values((
                shunned_emails::email.eq(email),
                shunned_emails::reason.eq(reason),
                shunned_emails::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// The addresses among `emails` that are shunned, in one statement.
    pub fn shunned_among(
        conn: &mut DbConnection,
        emails: &[String],
    ) -> DbResult<std::collections::HashSet<String>> {
        Ok(shunned_emails::table
            .filter(shunned_emails::email.eq_any(emails))
            .select(shunned_emails::email)
            .load::<String>(conn)?
            .into_iter()
            .collect())
    }

    pub fn is_shunned(conn: &mut DbConnection, email: &str) -> DbResult<bool> {
        Ok(diesel::select(diesel::dsl::exists(
            shunned_emails::table.filter(shunned_emails::email.eq(email.to_owned())),
        ))
        .get_result(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<ShunnedEmail>> {
        Ok(shunned_emails::table
            .select(ShunnedEmail::as_select())
            .order(shunned_emails::id.desc())
            .limit(LIST_LIMIT)
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: ShunnedEmailId) -> DbResult<ShunnedEmail> {
        Ok(shunned_emails::table
            .find(id)
            .select(ShunnedEmail::as_select())
            .first(conn)?)
    }

    /// Takes the address off the list; answers whether it was on it.
    pub fn forgive(conn: &mut DbConnection, email: &str) -> DbResult<bool> {
        Ok(
            diesel::delete(
                shunned_emails::table.filter(shunned_emails::email.eq(email.to_owned())),
            )
            .execute(conn)?
                > 0,
        )
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = email_health)]
pub struct EmailHealthCheck {
    pub id: i64,
    pub email: String,
    pub syntax_ok: bool,
    pub mail_servers: MailServers,
    pub overridden: bool,
    pub checked_at: NaiveDateTime,
}

impl EmailHealthCheck {
    pub fn find(conn: &mut DbConnection, email: &str) -> DbResult<Option<EmailHealthCheck>> {
        Ok(email_health::table
            .filter(email_health::email.eq(email.to_owned()))
            .select(EmailHealthCheck::as_select())
            .first(conn)
            .optional()?)
    }

    /// Keeps the result of a check (the override stays as it was).
    pub fn save(
        conn: &mut DbConnection,
        email: &str,
        syntax_ok: bool,
        mail_servers: MailServers,
    ) -> DbResult<()> {
        let updated = diesel::update(email_health::table.filter(email_health::email.eq(email)))
            .set((
                email_health::syntax_ok.eq(syntax_ok),
                email_health::mail_servers.eq(mail_servers.as_str()),
                email_health::checked_at.eq(now()),
            ))
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(email_health::table)
                .values((
                    email_health::email.eq(email),
                    email_health::syntax_ok.eq(syntax_ok),
                    email_health::mail_servers.eq(mail_servers.as_str()),
                    email_health::overridden.eq(false),
                    email_health::checked_at.eq(now()),
                ))
                .execute(conn)?;
        }
        Ok(())
    }

    pub fn set_overridden(conn: &mut DbConnection, email: &str) -> DbResult<()> {
        diesel::update(email_health::table.filter(email_health::email.eq(email)))
            .set(email_health::overridden.eq(true))
            .execute(conn)?;
        Ok(())
    }
}
