//! Unsubscribe links and the unsubscribes they record.

use super::*;
use std::collections::{HashMap, HashSet};

/// Whether leaving a list (an olympiad's, or every list: `None`) keeps mail of the olympiad (or of
/// none) from the address.
fn keeps_out(left: Option<OlympiadId>, mail_of: Option<OlympiadId>) -> bool {
    mail_of.is_none() || left.is_none() || left == mail_of
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = unsubscribe_links)]
pub struct UnsubscribeLink {
    pub id: i64,
    pub reference: String,
    pub email: String,
    pub olympiad_id: Option<OlympiadId>,
    pub created_at: NaiveDateTime,
}

impl UnsubscribeLink {
    /// The reference of each address (normalised) in the olympiad (or everywhere), made with
    /// `fresh` for those that have none yet: one read and, on PostgreSQL, one insert for all.
    pub fn for_addresses(
        conn: &mut DbConnection,
        emails: &[String],
        olympiad_id: Option<OlympiadId>,
        mut fresh: impl FnMut() -> String,
    ) -> DbResult<HashMap<String, String>> {
        let query = unsubscribe_links::table
            .filter(unsubscribe_links::email.eq_any(emails))
            .select((unsubscribe_links::email, unsubscribe_links::reference))
            .into_boxed();
        let query = match olympiad_id {
            Some(id) => query.filter(unsubscribe_links::olympiad_id.eq(id)),
            None => query.filter(unsubscribe_links::olympiad_id.is_null()),
        };
        let mut references: HashMap<String, String> =
            query.load::<(String, String)>(conn)?.into_iter().collect();
        let at = now();
        let mut made = Vec::new();
        for email in emails {
            if !references.contains_key(email) {
                let reference = fresh();
                references.insert(email.clone(), reference.clone());
                made.push((
                    unsubscribe_links::reference.eq(reference),
                    unsubscribe_links::email.eq(email.clone()),
                    unsubscribe_links::olympiad_id.eq(olympiad_id),
                    unsubscribe_links::created_at.eq(at),
                ));
            }
        }
        crate::insert_rows!(conn, unsubscribe_links::table, made);
        Ok(references)
    }

    pub fn find_by_reference(
        conn: &mut DbConnection,
        reference: &str,
    ) -> DbResult<Option<UnsubscribeLink>> {
        Ok(unsubscribe_links::table
            .filter(unsubscribe_links::reference.eq(reference.to_owned()))
            .select(UnsubscribeLink::as_select())
            .first(conn)
            .optional()?)
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = unsubscribes)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscribe {
    pub id: i64,
    pub email: String,
    /// `None`: from every olympiad.
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl Unsubscribe {
    /// Unsubscribes the address (once: asking again changes nothing).
    pub fn add(
        conn: &mut DbConnection,
        email: &str,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<()> {
        if Self::lists_left(conn, email)?.contains(&olympiad_id) {
            return Ok(());
        }
        diesel::insert_into(unsubscribes::table)
            .values((
                unsubscribes::email.eq(email),
                unsubscribes::olympiad_id.eq(olympiad_id),
                unsubscribes::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// The lists the address has left: an olympiad's, or (`None`) every list. A few at the most.
    fn lists_left(conn: &mut DbConnection, email: &str) -> DbResult<Vec<Option<OlympiadId>>> {
        Ok(unsubscribes::table
            .filter(unsubscribes::email.eq(email))
            .select(unsubscribes::olympiad_id)
            .load(conn)?)
    }

    /// Whether mail of the olympiad may not go to the address: unsubscribed from it or from all
    /// (mail of no olympiad: from any list).
    pub fn blocks(
        conn: &mut DbConnection,
        email: &str,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<bool> {
        Ok(Self::lists_left(conn, email)?
            .into_iter()
            .any(|left| keeps_out(left, olympiad_id)))
    }

    /// The addresses among `emails` that mail of the olympiad may not go to
    /// ([`Unsubscribe::blocks`]), in one statement.
    pub fn blocked_among(
        conn: &mut DbConnection,
        emails: &[String],
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<HashSet<String>> {
        let left: Vec<(String, Option<OlympiadId>)> = unsubscribes::table
            .filter(unsubscribes::email.eq_any(emails))
            .select((unsubscribes::email, unsubscribes::olympiad_id))
            .load(conn)?;
        Ok(left
            .into_iter()
            .filter(|(_, left)| keeps_out(*left, olympiad_id))
            .map(|(email, _)| email)
            .collect())
    }

    /// Resubscribes: from the olympiad's list, or (`None`) from every list. Answers how many.
    pub fn remove(
        conn: &mut DbConnection,
        email: &str,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<usize> {
        let query = diesel::delete(unsubscribes::table)
            .filter(unsubscribes::email.eq(email.to_owned()))
            .into_boxed();
        let query = match olympiad_id {
            Some(id) => query.filter(unsubscribes::olympiad_id.eq(id)),
            None => query,
        };
        Ok(query.execute(conn)?)
    }

    /// Takes the address off the list of every olympiad (the global one).
    pub fn remove_global(conn: &mut DbConnection, email: &str) -> DbResult<usize> {
        Ok(diesel::delete(
            unsubscribes::table
                .filter(unsubscribes::email.eq(email.to_owned()))
                .filter(unsubscribes::olympiad_id.is_null()),
        )
        .execute(conn)?)
    }

    /// The olympiad's unsubscribes and the global ones, or every one (`None`).
    pub fn list(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<Vec<Unsubscribe>> {
        let mut query = unsubscribes::table
            .select(Unsubscribe::as_select())
            .order(unsubscribes::id.desc())
            .limit(LIST_LIMIT)
            .into_boxed();
        if let Some(id) = olympiad_id {
            query = query.filter(
                unsubscribes::olympiad_id
                    .is_null()
                    .or(unsubscribes::olympiad_id.eq(id)),
            );
        }
        Ok(query.load(conn)?)
    }

    pub fn of_address(conn: &mut DbConnection, email: &str) -> DbResult<Vec<Unsubscribe>> {
        Ok(unsubscribes::table
            .filter(unsubscribes::email.eq(email.to_owned()))
            .select(Unsubscribe::as_select())
            .load(conn)?)
    }
}
