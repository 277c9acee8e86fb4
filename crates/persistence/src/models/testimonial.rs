use crate::error::{DbError, DbResult};
use crate::schema::testimonials;
use crate::{now, row_columns, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::TestimonialId;
use serde::Serialize;
use utoipa::ToSchema;

/// What a teacher, learner or partner said, shown on a site's pages (`site`: the product's slug
/// or a project's).
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = testimonials)]
#[serde(rename_all = "camelCase")]
pub struct Testimonial {
    #[schema(value_type = i64)]
    pub id: TestimonialId,
    #[diesel(embed)]
    #[serde(flatten)]
    pub content: TestimonialForm,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

/// What was said, by whom, and where it is shown.
#[derive(Debug, Clone, Queryable, Selectable, AsChangeset, Insertable, Serialize, ToSchema)]
#[diesel(table_name = testimonials)]
#[serde(rename_all = "camelCase")]
pub struct TestimonialForm {
    pub site: String,
    pub quote: String,
    pub author: String,
    pub affiliation: String,
    pub position: i32,
}

impl Testimonial {
    /// A site's testimonials in their order, or every site's.
    pub fn list(conn: &mut DbConnection, site: Option<&str>) -> DbResult<Vec<Testimonial>> {
        let mut query = testimonials::table
            .select(Testimonial::as_select())
            .order((testimonials::site, testimonials::position, testimonials::id))
            .into_boxed();
        if let Some(site) = site {
            query = query.filter(testimonials::site.eq(site.to_owned()));
        }
        Ok(query.load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: TestimonialId) -> DbResult<Testimonial> {
        Ok(testimonials::table
            .find(id)
            .select(Testimonial::as_select())
            .first(conn)?)
    }

    pub fn create(conn: &mut DbConnection, form: &TestimonialForm) -> DbResult<Testimonial> {
        Ok(diesel::insert_into(testimonials::table)
            .values(form)
            .returning(row_columns::<Testimonial>())
            .get_result(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: TestimonialId,
        form: &TestimonialForm,
    ) -> DbResult<Testimonial> {
        Ok(diesel::update(testimonials::table.find(id))
            .set((form, testimonials::updated_at.eq(now())))
            .returning(row_columns::<Testimonial>())
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: TestimonialId) -> DbResult<()> {
        if diesel::delete(testimonials::table.find(id)).execute(conn)? == 0 {
            return Err(DbError::NotFound);
        }
        Ok(())
    }
}
