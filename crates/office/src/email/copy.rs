//! System e-mails' copy: every kind the catalogue declares, with the copy in force for the
//! olympiad (its own, the platform's, or the default), edited, previewed with sample data, and
//! reset to the default.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::fields::required_field;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::rich_text::email_html;
use olympiad_mailer::kinds::{system_email, Placeholder, SystemEmail, SYSTEM_EMAILS};
use olympiad_mailer::links::{misplaced_link, Part};
use olympiad_mailer::Copy;
use olympiad_persistence::models::EmailCopy;
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// Where a copy was taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CopySource {
    /// The olympiad's own.
    Olympiad,
    /// The platform's, as the overlord saved it.
    Platform,
    Default,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceholderView {
    pub name: String,
    pub about: String,
    pub sample: String,
}

/// One kind of system e-mail with the copy in force.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemEmailView {
    pub kind: String,
    pub title: String,
    pub about: String,
    pub placeholders: Vec<PlaceholderView>,
    pub subject: String,
    pub html: String,
    pub text: String,
    pub source: CopySource,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EmailerQuery {
    /// The olympiad whose copy to show; the overlord leaves it out for the platform's copy.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

fn placeholders(list: &[Placeholder]) -> Vec<PlaceholderView> {
    list.iter()
        .map(|p| PlaceholderView {
            name: p.name.into(),
            about: p.about.into(),
            sample: p.sample.into(),
        })
        .collect()
}

fn view(
    conn: &mut DbConnection,
    olympiad_id: Option<OlympiadId>,
    kind: &SystemEmail,
) -> OfficeResult<SystemEmailView> {
    let saved = EmailCopy::in_force(conn, olympiad_id, kind.key)?;
    let (copy, source) = match saved {
        Some(saved) => (
            Copy {
                subject: saved.subject,
                html: saved.html,
                text: saved.text,
            },
            if saved.olympiad_id.is_some() {
                CopySource::Olympiad
            } else {
                CopySource::Platform
            },
        ),
        None => (Copy::default_of(kind), CopySource::Default),
    };
    Ok(SystemEmailView {
        kind: kind.key.into(),
        title: kind.title.into(),
        about: kind.about.into(),
        placeholders: placeholders(kind.placeholders),
        subject: copy.subject,
        html: copy.html,
        text: copy.text,
        source,
    })
}

/// `GET /api/emailer`: every system e-mail with the copy in force for the olympiad.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &EmailerQuery,
) -> OfficeResult<Vec<SystemEmailView>> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    SYSTEM_EMAILS
        .iter()
        .map(|kind| view(conn, olympiad_id, kind))
        .collect()
}

fn kind_of(key: &str) -> OfficeResult<&'static SystemEmail> {
    system_email(key).ok_or_else(|| OfficeError::NotFound("This kind of e-mail".into()))
}

/// Copy as staff type it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyInput {
    #[schema(min_length = 1, max_length = 300, pattern = "\\S")]
    pub subject: String,
    #[schema(min_length = 1, max_length = 100000, pattern = "\\S")]
    pub html: String,
    #[schema(min_length = 1, max_length = 100000, pattern = "\\S")]
    pub text: String,
}

impl CopyInput {
    /// The copy, checked: required parts, HTML through the one sanitiser, and only the kind's
    /// placeholders (a misspelt one would reach people as `{{nmae}}`).
    fn checked(&self, allowed: Option<&[Placeholder]>) -> OfficeResult<Copy> {
        let subject = required_field("subject", &self.subject, 300)?;
        let html = email_html(&required_field("html", &self.html, 100_000)?);
        let text = required_field("text", &self.text, 100_000)?;
        if let Some(allowed) = allowed {
            for (field, part) in [("subject", &subject), ("html", &html), ("text", &text)] {
                if let Some(unknown) = unknown_placeholder(part, allowed) {
                    return Err(OfficeError::invalid(
                        field,
                        format!("{{{{{unknown}}}}} is not a placeholder of this e-mail"),
                    ));
                }
            }
            // Links that carry a secret are the platform's own: read as typed (what the
            // sanitiser would drop is refused too, not silently kept out) and as it will be sent.
            for (field, part, which) in [
                ("subject", subject.as_str(), Part::Subject),
                ("html", self.html.as_str(), Part::Html),
                ("html", html.as_str(), Part::Html),
                ("text", text.as_str(), Part::Text),
            ] {
                if let Some(problem) = misplaced_link(part, allowed, which) {
                    return Err(OfficeError::invalid(field, problem));
                }
            }
        }
        Ok(Copy {
            subject,
            html,
            text,
        })
    }
}

fn unknown_placeholder(part: &str, allowed: &[Placeholder]) -> Option<String> {
    let mut rest = part;
    while let Some(start) = rest.find("{{") {
        let Some(length) = rest[start..].find("}}") else {
            return Some(rest[start + 2..].chars().take(20).collect());
        };
        let name = rest[start + 2..start + length].trim();
        if !allowed.iter().any(|p| p.name == name) {
            return Some(name.to_owned());
        }
        rest = &rest[start + length + 2..];
    }
    None
}

/// `PUT /api/emailer/{kind}`: saves the olympiad's (or, for the overlord without one, the
/// platform's) copy of a kind.
pub fn save(
    conn: &mut DbConnection,
    caller: &Caller,
    key: &str,
    query: &EmailerQuery,
    input: &CopyInput,
) -> OfficeResult<SystemEmailView> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    let kind = kind_of(key)?;
    let copy = input.checked(Some(kind.placeholders))?;
    EmailCopy::save(
        conn,
        olympiad_id,
        kind.key,
        &copy.subject,
        &copy.html,
        &copy.text,
    )?;
    record_activity(
        conn,
        caller,
        "email copy saved",
        olympiad_id,
        json!({ "kind": kind.key, "subject": copy.subject }),
    )?;
    view(conn, olympiad_id, kind)
}

/// `DELETE /api/emailer/{kind}`: the olympiad's own copy is forgotten; the platform's or the
/// default is used again.
pub fn reset(
    conn: &mut DbConnection,
    caller: &Caller,
    key: &str,
    query: &EmailerQuery,
) -> OfficeResult<SystemEmailView> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    let kind = kind_of(key)?;
    if EmailCopy::reset(conn, olympiad_id, kind.key)? {
        record_activity(
            conn,
            caller,
            "email copy reset",
            olympiad_id,
            json!({ "kind": kind.key }),
        )?;
    }
    view(conn, olympiad_id, kind)
}

/// A preview: the copy filled in with sample data, as the person would read it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailPreview {
    pub subject: String,
    pub html: String,
    pub text: String,
}

/// `POST /api/emailer/{kind}/preview`: unsaved copy filled in with the kind's samples (`bulk`:
/// a mass mail, with the name and username only).
pub fn preview(key: &str, input: &CopyInput) -> OfficeResult<EmailPreview> {
    let (allowed, samples): (Option<&[Placeholder]>, Vec<(&str, String)>) = if key == "bulk" {
        (
            Some(mass_mail_placeholders()),
            mass_mail_placeholders()
                .iter()
                .map(|p| (p.name, p.sample.to_owned()))
                .collect(),
        )
    } else {
        let kind = kind_of(key)?;
        (Some(kind.placeholders), kind.samples())
    };
    let copy = input.checked(allowed)?;
    let values: Vec<(&str, &str)> = samples.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let filled = copy.fill(&values);
    Ok(EmailPreview {
        subject: filled.subject,
        html: olympiad_mailer::wrap_html(&filled.html),
        text: filled.text,
    })
}

/// The placeholders a mass mail may use: it is filled in per person when it is queued.
pub fn mass_mail_placeholders() -> &'static [Placeholder] {
    const LIST: &[Placeholder] = &[
        Placeholder {
            name: "name",
            about: "the addressee's name",
            sample: "Thandi Mokoena",
            link: false,
        },
        Placeholder {
            name: "username",
            about: "their username",
            sample: "thandi@example.org",
            link: false,
        },
    ];
    LIST
}

/// Checks a mass mail's copy (used when it is saved).
pub fn checked_mass_mail_copy(input: &CopyInput) -> OfficeResult<Copy> {
    input.checked(Some(mass_mail_placeholders()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_placeholders_are_named() {
        let allowed = mass_mail_placeholders();
        assert_eq!(unknown_placeholder("Hi {{name}}", allowed), None);
        assert_eq!(
            unknown_placeholder("Hi {{nmae}}", allowed),
            Some("nmae".into())
        );
        assert_eq!(
            unknown_placeholder("Hi {{name", allowed),
            Some("name".into())
        );
    }
}
