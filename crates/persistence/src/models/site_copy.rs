use crate::error::DbResult;
use crate::schema::site_copies;
use crate::{now, row_columns, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// One page of a public site, as stored: its copy with its id and times.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = site_copies)]
#[serde(rename_all = "camelCase")]
pub struct SiteCopy {
    pub id: i64,
    #[diesel(embed)]
    #[serde(flatten)]
    pub content: SiteCopyForm,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

/// A page's copy (sanitised rich text) and the tags search engines and link previews read. `site`
/// is the product's slug or a project's; `page_key` the page's key.
#[derive(Debug, Clone, Queryable, Selectable, AsChangeset, Insertable, Serialize, ToSchema)]
#[diesel(table_name = site_copies)]
#[serde(rename_all = "camelCase")]
pub struct SiteCopyForm {
    pub site: String,
    pub page_key: String,
    pub title: String,
    pub og_title: String,
    pub description: String,
    pub keywords: String,
    /// Sanitised HTML.
    pub body: String,
}

impl SiteCopy {
    /// Every page of one site, or of every site.
    pub fn list(conn: &mut DbConnection, site: Option<&str>) -> DbResult<Vec<SiteCopy>> {
        let mut query = site_copies::table
            .select(SiteCopy::as_select())
            .order((site_copies::site, site_copies::page_key))
            .into_boxed();
        if let Some(site) = site {
            query = query.filter(site_copies::site.eq(site.to_owned()));
        }
        Ok(query.load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<SiteCopy> {
        Ok(site_copies::table
            .find(id)
            .select(SiteCopy::as_select())
            .first(conn)?)
    }

    pub fn page(conn: &mut DbConnection, site: &str, page_key: &str) -> DbResult<Option<SiteCopy>> {
        Ok(site_copies::table
            .filter(site_copies::site.eq(site))
            .filter(site_copies::page_key.eq(page_key))
            .select(SiteCopy::as_select())
            .first(conn)
            .optional()?)
    }

    /// Writes the page's copy, creating it the first time (the caller holds a write transaction).
    pub fn save(conn: &mut DbConnection, form: &SiteCopyForm) -> DbResult<SiteCopy> {
        match SiteCopy::page(conn, &form.site, &form.page_key)? {
            Some(existing) => Ok(diesel::update(site_copies::table.find(existing.id))
                .set((form, site_copies::updated_at.eq(now())))
                .returning(row_columns::<SiteCopy>())
                .get_result(conn)?),
            None => Ok(diesel::insert_into(site_copies::table)
                .values(form)
                .returning(row_columns::<SiteCopy>())
                .get_result(conn)?),
        }
    }
}
