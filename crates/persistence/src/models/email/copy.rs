//! The copy staff saved for the system e-mails, and mass mails' campaigns.

use super::*;

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = email_copies)]
#[serde(rename_all = "camelCase")]
pub struct EmailCopy {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    pub kind: String,
    pub subject: String,
    pub html: String,
    pub text: String,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

impl EmailCopy {
    /// The copy saved for `kind` in the olympiad (`None`: the platform's).
    pub fn find_exact(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        kind: &str,
    ) -> DbResult<Option<EmailCopy>> {
        let query = email_copies::table
            .filter(email_copies::kind.eq(kind.to_owned()))
            .select(EmailCopy::as_select())
            .into_boxed();
        let query = match olympiad_id {
            Some(id) => query.filter(email_copies::olympiad_id.eq(id)),
            None => query.filter(email_copies::olympiad_id.is_null()),
        };
        Ok(query.first(conn).optional()?)
    }

    /// The copy an e-mail of the olympiad is written in: the olympiad's own, else the platform's.
    pub fn in_force(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        kind: &str,
    ) -> DbResult<Option<EmailCopy>> {
        if olympiad_id.is_some() {
            if let Some(own) = EmailCopy::find_exact(conn, olympiad_id, kind)? {
                return Ok(Some(own));
            }
        }
        EmailCopy::find_exact(conn, None, kind)
    }

    /// Saves the copy of `kind` for the olympiad (or the platform), replacing what was saved. A
    /// write transaction: it reads before it writes, which on a busy SQLite would fail outright
    /// ("database is locked") in a plain one.
    pub fn save(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        kind: &str,
        subject: &str,
        html: &str,
        text: &str,
    ) -> DbResult<EmailCopy> {
        crate::write_transaction(conn, |conn| {
            match EmailCopy::find_exact(conn, olympiad_id, kind)? {
                Some(saved) => {
                    diesel::update(email_copies::table.find(saved.id))
                        .set((
                            email_copies::subject.eq(subject),
                            email_copies::html.eq(html),
                            email_copies::text.eq(text),
                            email_copies::updated_at.eq(now()),
                        ))
                        .execute(conn)?;
                }
                None => {
                    diesel::insert_into(email_copies::table)
                        .values((
                            email_copies::olympiad_id.eq(olympiad_id),
                            email_copies::kind.eq(kind),
                            email_copies::subject.eq(subject),
                            email_copies::html.eq(html),
                            email_copies::text.eq(text),
                            email_copies::updated_at.eq(now()),
                        ))
                        .execute(conn)?;
                }
            }
            EmailCopy::find_exact(conn, olympiad_id, kind)?.ok_or(crate::DbError::NotFound)
        })
    }

    /// Forgets the saved copy: the default (or the platform's) is used again. Answers whether there was one.
    pub fn reset(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        kind: &str,
    ) -> DbResult<bool> {
        let Some(saved) = EmailCopy::find_exact(conn, olympiad_id, kind)? else {
            return Ok(false);
        };
        diesel::delete(email_copies::table.find(saved.id)).execute(conn)?;
        Ok(true)
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = campaigns)]
#[serde(rename_all = "camelCase")]
pub struct Campaign {
    #[schema(value_type = i64)]
    pub id: CampaignId,
    pub name: String,
    pub notes: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl Campaign {
    pub fn create(conn: &mut DbConnection, name: &str, notes: &str) -> DbResult<Campaign> {
        let id: CampaignId = diesel::insert_into(campaigns::table)
            .values((
                campaigns::name.eq(name),
                campaigns::notes.eq(notes),
                campaigns::created_at.eq(now()),
            ))
            .returning(campaigns::id)
            .get_result(conn)?;
        Campaign::find(conn, id)
    }

    pub fn find(conn: &mut DbConnection, id: CampaignId) -> DbResult<Campaign> {
        Ok(campaigns::table
            .find(id)
            .select(Campaign::as_select())
            .first(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<Campaign>> {
        Ok(campaigns::table
            .select(Campaign::as_select())
            .order(campaigns::id.desc())
            .limit(LIST_LIMIT)
            .load(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: CampaignId) -> DbResult<()> {
        diesel::delete(campaigns::table.find(id)).execute(conn)?;
        Ok(())
    }
}
