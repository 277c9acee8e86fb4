//! Schools as people type them in: checked field by field before anything is stored.

use crate::error::{OfficeError, OfficeResult};
use crate::fields::{email_field, required_field, text_field};
use olympiad_domain::school::{emis_number, province, quintile_problem, Sector};
use olympiad_persistence::models::SchoolFields;
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

/// A school as a person types it in.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolInput {
    pub name: String,
    #[serde(default)]
    pub emis_number: String,
    /// One of the nine provinces; may be empty for a school outside South Africa.
    #[serde(default)]
    pub province: String,
    #[serde(default)]
    pub district: String,
    #[serde(default)]
    pub town: String,
    #[serde(default)]
    pub street_address: String,
    #[serde(default)]
    pub postal_address: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub email: String,
    pub sector: Sector,
    pub quintile: Option<i32>,
    #[serde(default)]
    pub language_of_teaching: String,
    /// ISO 3166 alpha-2; default ZA.
    #[serde(default)]
    pub country_code: String,
}

impl SchoolInput {
    pub fn fields(&self) -> OfficeResult<SchoolFields> {
        let country_code = match self.country_code.trim() {
            "" => "ZA".to_owned(),
            code if code.len() == 2 && code.chars().all(|c| c.is_ascii_alphabetic()) => {
                code.to_ascii_uppercase()
            }
            _ => {
                return Err(OfficeError::invalid(
                    "countryCode",
                    "must be two letters (ZA)",
                ))
            }
        };
        let province = match (self.province.trim(), country_code.as_str()) {
            ("", "ZA") => return Err(OfficeError::invalid("province", "is required")),
            ("", _) => String::new(),
            (typed, _) => province(typed)
                .ok_or_else(|| {
                    OfficeError::invalid("province", "must be one of the nine provinces")
                })?
                .to_owned(),
        };
        if let Some(problem) = quintile_problem(self.quintile) {
            return Err(OfficeError::invalid("quintile", problem));
        }
        Ok(SchoolFields {
            name: required_field("name", &self.name, 200)?,
            emis_number: emis_number(&self.emis_number)
                .map_err(|problem| OfficeError::invalid("emisNumber", problem))?,
            province,
            district: text_field("district", &self.district, 100)?,
            town: text_field("town", &self.town, 100)?,
            street_address: text_field("streetAddress", &self.street_address, 300)?,
            postal_address: text_field("postalAddress", &self.postal_address, 300)?,
            phone: text_field("phone", &self.phone, 40)?,
            email: email_field("email", &self.email)?,
            sector: self.sector.as_str().to_owned(),
            // Independent schools have no quintile.
            quintile: if self.sector == Sector::Independent {
                None
            } else {
                self.quintile
            },
            language_of_teaching: text_field("languageOfTeaching", &self.language_of_teaching, 60)?,
            country_code,
        })
    }
}
