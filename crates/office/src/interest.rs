//! Expressions of interest: which schools and teachers already known look like the one a person
//! described, so that staff enter the school that exists rather than a copy.

use crate::error::OfficeResult;
use olympiad_domain::school::{distinctive_words, emis_number, name_likeness};
use olympiad_persistence::models::{
    ExpressionOfInterest, School, SchoolParticipant, Teacher, TeacherRow,
};
use olympiad_persistence::DbConnection;
use serde::Serialize;
use utoipa::ToSchema;

/// A school that looks like the one of an expression, and why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolMatch {
    #[serde(flatten)]
    pub school: School,
    /// `emis`, `email`, `name`
    pub reasons: Vec<String>,
    /// How alike the names are, 0 to 1.
    pub likeness: f64,
    /// The school's entry in the expression's olympiad, if it has one.
    pub school_participant_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PossibleMatches {
    pub schools: Vec<SchoolMatch>,
    /// Teachers with the same e-mail address.
    pub teachers: Vec<TeacherRow>,
}

/// Names at least this alike are shown as possible matches.
const LIKE_ENOUGH: f64 = 0.5;

/// Schools that share the expression's EMIS number or e-mail address, or have a name alike
/// enough, strongest first; and teachers with its e-mail address.
pub fn possible_matches(
    conn: &mut DbConnection,
    expression: &ExpressionOfInterest,
) -> OfficeResult<PossibleMatches> {
    let mut found: Vec<(i64, Vec<String>, f64)> = Vec::new();
    let mut note = |id: i64, reason: &str, likeness: f64| match found.iter_mut().find(|f| f.0 == id)
    {
        Some(entry) => {
            entry.1.push(reason.to_owned());
            entry.2 = entry.2.max(likeness);
        }
        None => found.push((id, vec![reason.to_owned()], likeness)),
    };
    if let Ok(Some(emis)) = emis_number(&expression.emis_number) {
        if let Some(school) = School::by_emis(conn, &emis)? {
            note(school.id, "emis", 0.0);
        }
    }
    if !distinctive_words(&expression.school_name).is_empty() {
        let mut alike: Vec<(i64, f64)> = School::names(conn)?
            .into_iter()
            .map(|(id, name, _)| (id, name_likeness(&name, &expression.school_name)))
            .filter(|(_, likeness)| *likeness >= LIKE_ENOUGH)
            .collect();
        alike.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (id, likeness) in alike.into_iter().take(10) {
            note(id, "name", likeness);
        }
    }
    let teachers = Teacher::rows_by_email(conn, &expression.email)?;
    for teacher in &teachers {
        if let Some(id) = teacher.teacher.school_id {
            note(id, "email", 0.0);
        }
    }
    let ids: Vec<i64> = found.iter().map(|f| f.0).collect();
    let schools = School::by_ids(conn, &ids)?;
    let mut alike_schools = Vec::new();
    for (id, reasons, likeness) in found {
        if let Some(school) = schools.iter().find(|s| s.id == id) {
            let entry = SchoolParticipant::find_for(conn, expression.olympiad_id, id)?;
            let likeness = likeness.max(name_likeness(&school.name, &expression.school_name));
            alike_schools.push(SchoolMatch {
                school: school.clone(),
                reasons,
                likeness,
                school_participant_id: entry.map(|e| e.id),
            });
        }
    }
    // Exact identities (EMIS, e-mail) first, then by likeness of the name.
    alike_schools.sort_by(|a, b| {
        let strong = |m: &SchoolMatch| m.reasons.iter().any(|r| r != "name");
        strong(b)
            .cmp(&strong(a))
            .then(b.likeness.total_cmp(&a.likeness))
    });
    Ok(PossibleMatches {
        schools: alike_schools,
        teachers,
    })
}
