//! The sites' FAQs and testimonials, kept by the overlord. A FAQ belongs to the product's site, a
//! project's, or the teacher portal (`portal`); a testimonial to the product's site or a project's.

use crate::activity::record_activity;
use crate::site::rich_body;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::required_field;
use crate::support::fields::text_field;
use olympiad_domain::id::{FaqId, TestimonialId};
use olympiad_domain::site::PORTAL_SITE;
use olympiad_persistence::models::{Faq, FaqForm, Project, Testimonial, TestimonialForm};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SiteQuery {
    /// The product's slug, a project's slug, or `portal`; without it, every site's.
    #[param(max_length = 100)]
    pub site: Option<String>,
}

/// A site that FAQs and testimonials may belong to.
fn site_field(
    conn: &mut DbConnection,
    product: &str,
    site: &str,
    portal: bool,
) -> OfficeResult<String> {
    let site = site.trim();
    let known = site == product
        || (portal && site == PORTAL_SITE)
        || Project::by_slug(conn, site)?.is_some();
    if known {
        Ok(site.to_owned())
    } else {
        Err(OfficeError::invalid(
            "site",
            "is not the product, a project or the portal",
        ))
    }
}

fn position_field(position: i32) -> OfficeResult<i32> {
    if (0..=10_000).contains(&position) {
        Ok(position)
    } else {
        Err(OfficeError::invalid(
            "position",
            "must be between 0 and 10000",
        ))
    }
}

/// A site's questions in their order, or every site's.
pub fn faqs(conn: &mut DbConnection, site: Option<&str>) -> OfficeResult<Vec<Faq>> {
    Ok(Faq::list(conn, site)?
        .into_iter()
        .map(|mut faq| {
            faq.content.answer = rich_body("answer", &faq.content.answer).unwrap_or_default();
            faq
        })
        .collect())
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqInput {
    #[schema(min_length = 1, max_length = 100)]
    pub site: String,
    #[schema(min_length = 1, max_length = 500, pattern = "\\S")]
    pub question: String,
    /// Rich text; sanitised before it is kept.
    #[serde(default)]
    #[schema(max_length = 40000)]
    pub answer: String,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 10000)]
    pub position: i32,
}

impl FaqInput {
    fn form(&self, conn: &mut DbConnection, product: &str) -> OfficeResult<FaqForm> {
        Ok(FaqForm {
            question: required_field("question", &self.question, 500)?,
            answer: rich_body("answer", &self.answer)?,
            position: position_field(self.position)?,
            site: site_field(conn, product, &self.site, true)?,
        })
    }
}

pub fn create_faq(
    conn: &mut DbConnection,
    caller: &Caller,
    product: &str,
    input: &FaqInput,
) -> OfficeResult<Faq> {
    let form = input.form(conn, product)?;
    write_transaction(conn, |conn| {
        let faq = Faq::create(conn, &form)?;
        record_activity(
            conn,
            caller,
            "faq_created",
            None,
            json!({ "faqId": faq.id, "site": faq.content.site }),
        )?;
        Ok(faq)
    })
}

pub fn update_faq(
    conn: &mut DbConnection,
    caller: &Caller,
    product: &str,
    id: FaqId,
    input: &FaqInput,
) -> OfficeResult<Faq> {
    let form = input.form(conn, product)?;
    write_transaction(conn, |conn| {
        Faq::find(conn, id).or_not_found("This question")?;
        let faq = Faq::update(conn, id, &form)?;
        record_activity(conn, caller, "faq_updated", None, json!({ "faqId": id }))?;
        Ok(faq)
    })
}

pub fn delete_faq(conn: &mut DbConnection, caller: &Caller, id: FaqId) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        Faq::delete(conn, id).or_not_found("This question")?;
        record_activity(conn, caller, "faq_deleted", None, json!({ "faqId": id }))
    })
}

/// A site's testimonials in their order, or every site's.
pub fn testimonials(conn: &mut DbConnection, site: Option<&str>) -> OfficeResult<Vec<Testimonial>> {
    Ok(Testimonial::list(conn, site)?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestimonialInput {
    #[schema(min_length = 1, max_length = 100)]
    pub site: String,
    #[schema(min_length = 1, max_length = 2000, pattern = "\\S")]
    pub quote: String,
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub author: String,
    /// The author's school, organisation or role.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub affiliation: String,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 10000)]
    pub position: i32,
}

impl TestimonialInput {
    fn form(&self, conn: &mut DbConnection, product: &str) -> OfficeResult<TestimonialForm> {
        Ok(TestimonialForm {
            quote: required_field("quote", &self.quote, 2000)?,
            author: required_field("author", &self.author, 200)?,
            affiliation: text_field("affiliation", &self.affiliation, 200)?,
            position: position_field(self.position)?,
            site: site_field(conn, product, &self.site, false)?,
        })
    }
}

pub fn create_testimonial(
    conn: &mut DbConnection,
    caller: &Caller,
    product: &str,
    input: &TestimonialInput,
) -> OfficeResult<Testimonial> {
    let form = input.form(conn, product)?;
    write_transaction(conn, |conn| {
        let testimonial = Testimonial::create(conn, &form)?;
        record_activity(
            conn,
            caller,
            "testimonial_created",
            None,
            json!({ "testimonialId": testimonial.id, "site": testimonial.content.site }),
        )?;
        Ok(testimonial)
    })
}

pub fn update_testimonial(
    conn: &mut DbConnection,
    caller: &Caller,
    product: &str,
    id: TestimonialId,
    input: &TestimonialInput,
) -> OfficeResult<Testimonial> {
    let form = input.form(conn, product)?;
    write_transaction(conn, |conn| {
        Testimonial::find(conn, id).or_not_found("This testimonial")?;
        let testimonial = Testimonial::update(conn, id, &form)?;
        record_activity(
            conn,
            caller,
            "testimonial_updated",
            None,
            json!({ "testimonialId": id }),
        )?;
        Ok(testimonial)
    })
}

pub fn delete_testimonial(
    conn: &mut DbConnection,
    caller: &Caller,
    id: TestimonialId,
) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        Testimonial::delete(conn, id).or_not_found("This testimonial")?;
        record_activity(
            conn,
            caller,
            "testimonial_deleted",
            None,
            json!({ "testimonialId": id }),
        )
    })
}
