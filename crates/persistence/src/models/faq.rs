use crate::error::{DbError, DbResult};
use crate::schema::faqs;
use crate::{now, row_columns, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::FaqId;
use serde::Serialize;
use utoipa::ToSchema;

/// A question and its answer (sanitised HTML) on a site's FAQ page: `site` is the product's slug,
/// a project's slug, or `portal`.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = faqs)]
#[serde(rename_all = "camelCase")]
pub struct Faq {
    #[schema(value_type = i64)]
    pub id: FaqId,
    #[diesel(embed)]
    #[serde(flatten)]
    pub content: FaqForm,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

/// A question and its answer, as the overlord writes them.
#[derive(Debug, Clone, Queryable, Selectable, AsChangeset, Insertable, Serialize, ToSchema)]
#[diesel(table_name = faqs)]
#[serde(rename_all = "camelCase")]
pub struct FaqForm {
    pub site: String,
    pub question: String,
    pub answer: String,
    pub position: i32,
}

impl Faq {
    /// A site's questions in their order, or every site's.
    pub fn list(conn: &mut DbConnection, site: Option<&str>) -> DbResult<Vec<Faq>> {
        let mut query = faqs::table
            .select(Faq::as_select())
            .order((faqs::site, faqs::position, faqs::id))
            .into_boxed();
        if let Some(site) = site {
            query = query.filter(faqs::site.eq(site.to_owned()));
        }
        Ok(query.load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: FaqId) -> DbResult<Faq> {
        Ok(faqs::table.find(id).select(Faq::as_select()).first(conn)?)
    }

    pub fn create(conn: &mut DbConnection, form: &FaqForm) -> DbResult<Faq> {
        Ok(diesel::insert_into(faqs::table)
            .values(form)
            .returning(row_columns::<Faq>())
            .get_result(conn)?)
    }

    pub fn update(conn: &mut DbConnection, id: FaqId, form: &FaqForm) -> DbResult<Faq> {
        Ok(diesel::update(faqs::table.find(id))
            .set((form, faqs::updated_at.eq(now())))
            .returning(row_columns::<Faq>())
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: FaqId) -> DbResult<()> {
        if diesel::delete(faqs::table.find(id)).execute(conn)? == 0 {
            return Err(DbError::NotFound);
        }
        Ok(())
    }
}
