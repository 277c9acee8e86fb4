use crate::error::DbResult;
use crate::models::listing::{contains_pattern, matches_search, sorted_by, Page, Paged, Sort};
use crate::schema::expressions_of_interest as eoi;
use crate::words::Word;
use crate::{now, row_columns, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{ExpressionOfInterestId, OlympiadId, SchoolParticipantId, UserId};
use olympiad_domain::interest::{InterestKind, InterestStatus};
use serde::Serialize;
use utoipa::ToSchema;

/// An expression of interest from the public site.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = eoi)]
#[serde(rename_all = "camelCase")]
pub struct ExpressionOfInterest {
    #[schema(value_type = i64)]
    pub id: ExpressionOfInterestId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[diesel(embed)]
    #[serde(flatten)]
    pub details: ExpressionDetails,
    /// The secret of the verification link: never shown.
    #[serde(skip)]
    pub verify_token: String,
    pub email_verified: bool,
    #[serde(with = "olympiad_domain::utc::option")]
    pub verified_at: Option<NaiveDateTime>,
    pub status: InterestStatus,
    pub decline_reason: String,
    #[schema(value_type = Option<i64>)]
    pub handled_by: Option<UserId>,
    #[serde(with = "olympiad_domain::utc::option")]
    pub handled_at: Option<NaiveDateTime>,
    #[schema(value_type = Option<i64>)]
    pub school_participant_id: Option<SchoolParticipantId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

/// What the person wrote on the interest form (a teacher's, or another's).
#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize, ToSchema)]
#[diesel(table_name = eoi)]
#[serde(rename_all = "camelCase")]
pub struct ExpressionDetails {
    #[serde(rename = "type")]
    #[diesel(serialize_as = Word)]
    pub kind: InterestKind,
    pub title: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub school_name: String,
    pub emis_number: String,
    pub province: String,
    pub town: String,
    pub subject: String,
    pub organisation: String,
    pub relationship: String,
    pub message: String,
}

/// A new expression: what was written, where, and the secret of its verification link.
#[derive(Debug, Clone)]
pub struct ExpressionInsertForm {
    pub olympiad_id: OlympiadId,
    pub details: ExpressionDetails,
    pub verify_token: String,
}

#[derive(Debug, Clone, Default)]
pub struct ExpressionFilter {
    pub olympiad_id: Option<OlympiadId>,
    pub status: Option<String>,
    pub kind: Option<String>,
    pub email_verified: Option<bool>,
    pub search: String,
    pub sort: Vec<Sort>,
}

/// The keys the grid of expressions of interest sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &["name", "schoolName", "createdAt", "status"];

impl ExpressionOfInterest {
    pub fn find(
        conn: &mut DbConnection,
        id: ExpressionOfInterestId,
    ) -> DbResult<ExpressionOfInterest> {
        Ok(eoi::table
            .find(id)
            .select(ExpressionOfInterest::as_select())
            .first(conn)?)
    }

    pub fn create(
        conn: &mut DbConnection,
        new: &ExpressionInsertForm,
    ) -> DbResult<ExpressionOfInterest> {
        Ok(diesel::insert_into(eoi::table)
            .values((
                eoi::olympiad_id.eq(new.olympiad_id),
                new.details.clone(),
                eoi::verify_token.eq(&new.verify_token),
            ))
            .returning(row_columns::<ExpressionOfInterest>())
            .get_result(conn)?)
    }

    /// An open expression by the same address in the same olympiad: sending the form twice adds
    /// nothing.
    pub fn open_by_email(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        email: &str,
        kind: InterestKind,
    ) -> DbResult<Option<ExpressionOfInterest>> {
        Ok(eoi::table
            .filter(eoi::olympiad_id.eq(olympiad_id))
            .filter(eoi::email.eq(email))
            .filter(eoi::kind.eq(kind.as_str()))
            .filter(eoi::status.eq(InterestStatus::Open.as_str()))
            .select(ExpressionOfInterest::as_select())
            .first(conn)
            .optional()?)
    }

    /// Marks the address verified by the secret of its link; answers the expression, or none for
    /// a link that names nothing.
    pub fn verify(conn: &mut DbConnection, token: &str) -> DbResult<Option<ExpressionOfInterest>> {
        let Some(found) = eoi::table
            .filter(eoi::verify_token.eq(token))
            .select(ExpressionOfInterest::as_select())
            .first(conn)
            .optional()?
        else {
            return Ok(None);
        };
        if found.email_verified {
            return Ok(Some(found));
        }
        Ok(Some(
            diesel::update(eoi::table.find(found.id))
                .set((eoi::email_verified.eq(true), eoi::verified_at.eq(now())))
                .returning(row_columns::<ExpressionOfInterest>())
                .get_result(conn)?,
        ))
    }

    pub fn mark_processed(
        conn: &mut DbConnection,
        id: ExpressionOfInterestId,
        by: UserId,
        school_participant_id: Option<SchoolParticipantId>,
    ) -> DbResult<ExpressionOfInterest> {
        Ok(diesel::update(eoi::table.find(id))
            .set((
                eoi::status.eq(InterestStatus::Processed.as_str()),
                eoi::handled_by.eq(by),
                eoi::handled_at.eq(now()),
                eoi::school_participant_id.eq(school_participant_id),
            ))
            .returning(row_columns::<ExpressionOfInterest>())
            .get_result(conn)?)
    }

    pub fn mark_declined(
        conn: &mut DbConnection,
        id: ExpressionOfInterestId,
        by: UserId,
        reason: &str,
    ) -> DbResult<ExpressionOfInterest> {
        Ok(diesel::update(eoi::table.find(id))
            .set((
                eoi::status.eq(InterestStatus::Declined.as_str()),
                eoi::decline_reason.eq(reason),
                eoi::handled_by.eq(by),
                eoi::handled_at.eq(now()),
            ))
            .returning(row_columns::<ExpressionOfInterest>())
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: ExpressionOfInterestId) -> DbResult<()> {
        if diesel::delete(eoi::table.find(id)).execute(conn)? == 0 {
            return Err(crate::DbError::NotFound);
        }
        Ok(())
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &ExpressionFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<ExpressionOfInterest>> {
        let pattern = contains_pattern(&filter.search);
        macro_rules! selected {
            () => {{
                let mut query = eoi::table.into_boxed();
                if let Some(olympiad_id) = filter.olympiad_id {
                    query = query.filter(eoi::olympiad_id.eq(olympiad_id));
                }
                if let Some(status) = &filter.status {
                    query = query.filter(eoi::status.eq(status.clone()));
                }
                if let Some(kind) = &filter.kind {
                    query = query.filter(eoi::kind.eq(kind.clone()));
                }
                if let Some(verified) = filter.email_verified {
                    query = query.filter(eoi::email_verified.eq(verified));
                }
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(eoi::first_name, pattern)
                            .or(matches_search(eoi::last_name, pattern))
                            .or(matches_search(eoi::email, pattern))
                            .or(matches_search(eoi::school_name, pattern))
                            .or(matches_search(eoi::organisation, pattern)),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select(ExpressionOfInterest::as_select());
        query = sorted_by!(query, &filter.sort, SORT_KEYS, {
            "name" => [eoi::last_name],
            "schoolName" => [eoi::school_name],
            "createdAt" => [eoi::id],
            "status" => [eoi::status],
        });
        query = query.then_order_by(eoi::id.desc());
        if let Some(page) = page {
            query = query.offset(page.offset).limit(page.limit);
        }
        Ok(Paged {
            rows: query.load(conn)?,
            total,
        })
    }
}
