//! The learner spreadsheet a teacher fills in to load a school's learners: its columns, the check of
//! every row (required fields, the olympiad's grades, duplicates within the file and against the
//! learners already loaded), and the usernames generated for the learners.

use crate::text::{ascii_fold, clean_name, looks_like_email, name_key};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use utoipa::ToSchema;

/// One column of the sheet: its heading, the field it fills, whether it must be filled, and the
/// help shown in the template.
pub struct Column {
    pub heading: &'static str,
    pub field: &'static str,
    pub required: bool,
    pub help: &'static str,
}

/// The sheet's columns, in the template's order. Headings are matched without regard to case,
/// spaces or an asterisk, so `first name` and `First name*` both fill `firstName`.
pub const COLUMNS: &[Column] = &[
    Column {
        heading: "First name",
        field: "firstName",
        required: true,
        help: "As the learner wants it on the certificate.",
    },
    Column {
        heading: "Last name",
        field: "lastName",
        required: true,
        help: "The surname.",
    },
    Column {
        heading: "Grade",
        field: "grade",
        required: true,
        help: "A grade this olympiad is written in, as a number (8 to 12).",
    },
    Column {
        heading: "Class",
        field: "className",
        required: false,
        help: "The learner's class (10B); login slips are printed class by class.",
    },
    Column {
        heading: "Gender",
        field: "gender",
        required: false,
        help: "F, M or X (other); may be left empty.",
    },
    Column {
        heading: "Home language",
        field: "homeLanguage",
        required: false,
        help: "One of the official languages, or empty.",
    },
    Column {
        heading: "Writes in",
        field: "language",
        required: false,
        help: "The language the learner writes in: English or Afrikaans (empty: English).",
    },
    Column {
        heading: "E-mail",
        field: "email",
        required: false,
        help: "The learner's own address, if they have one; may be left empty.",
    },
    Column {
        heading: "Consent given",
        field: "consentGiven",
        required: false,
        help:
            "Yes when a parent or guardian consented to the learner's details being kept (POPIA).",
    },
    Column {
        heading: "Consent by",
        field: "consentBy",
        required: false,
        help: "The parent or guardian who consented: required when consent is Yes.",
    },
    Column {
        heading: "Relationship",
        field: "consentRelationship",
        required: false,
        help: "Of that person to the learner: parent, guardian, ...",
    },
];

/// The heading of a field, for messages.
pub fn heading_of(field: &str) -> &'static str {
    COLUMNS
        .iter()
        .find(|c| c.field == field)
        .map_or("?", |c| c.heading)
}

fn heading_key(heading: &str) -> String {
    heading
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Which column of the file fills which field. A file that lacks a required column, or has a
/// column we do not know, is refused as a whole: the wrong columns usually mean the wrong file.
pub fn map_headings(headings: &[String]) -> Result<Vec<Option<&'static str>>, String> {
    let mut mapped = Vec::with_capacity(headings.len());
    let mut unknown = Vec::new();
    for heading in headings {
        let key = heading_key(heading);
        if key.is_empty() {
            mapped.push(None);
            continue;
        }
        match COLUMNS.iter().find(|c| heading_key(c.heading) == key) {
            Some(column) => mapped.push(Some(column.field)),
            None => {
                unknown.push(heading.trim().to_owned());
                mapped.push(None);
            }
        }
    }
    let missing: Vec<&str> = COLUMNS
        .iter()
        .filter(|c| c.required && !mapped.contains(&Some(c.field)))
        .map(|c| c.heading)
        .collect();
    if !missing.is_empty() || !unknown.is_empty() {
        let mut problems = Vec::new();
        if !missing.is_empty() {
            problems.push(format!("it lacks the column(s) {}", missing.join(", ")));
        }
        if !unknown.is_empty() {
            problems.push(format!(
                "it has column(s) we do not know: {}",
                unknown.join(", ")
            ));
        }
        return Err(format!(
            "This is not the learner template: {}. Download the template and copy the learners into it.",
            problems.join("; and ")
        ));
    }
    Ok(mapped)
}

/// A row as typed, every field as text; also what the teacher sends back after fixing rows.
/// [`check_row`] checks it whole, naming every faulty field at once; the lengths stated here are
/// the ones it holds to (`MAX_NAME`, `MAX_CLASS`, `MAX_HOME_LANGUAGE`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RosterRow {
    #[schema(max_length = 80)]
    pub first_name: String,
    #[schema(max_length = 80)]
    pub last_name: String,
    pub grade: String,
    #[schema(max_length = 20)]
    pub class_name: String,
    pub gender: String,
    #[schema(max_length = 40)]
    pub home_language: String,
    pub language: String,
    pub email: String,
    pub consent_given: String,
    #[schema(max_length = 80)]
    pub consent_by: String,
    #[schema(max_length = 80)]
    pub consent_relationship: String,
}

impl RosterRow {
    /// The row from the cells of a file, by the mapping of [`map_headings`].
    pub fn from_cells(mapping: &[Option<&'static str>], cells: &[String]) -> RosterRow {
        let mut row = RosterRow::default();
        for (field, cell) in mapping.iter().zip(cells) {
            if let Some(field) = field {
                *row.field_mut(field) = cell.trim().to_owned();
            }
        }
        row
    }

    fn field_mut(&mut self, field: &str) -> &mut String {
        match field {
            "firstName" => &mut self.first_name,
            "lastName" => &mut self.last_name,
            "grade" => &mut self.grade,
            "className" => &mut self.class_name,
            "gender" => &mut self.gender,
            "homeLanguage" => &mut self.home_language,
            "language" => &mut self.language,
            "email" => &mut self.email,
            "consentGiven" => &mut self.consent_given,
            "consentBy" => &mut self.consent_by,
            _ => &mut self.consent_relationship,
        }
    }

    pub fn is_blank(&self) -> bool {
        [
            &self.first_name,
            &self.last_name,
            &self.grade,
            &self.class_name,
            &self.gender,
            &self.home_language,
            &self.language,
            &self.email,
            &self.consent_given,
            &self.consent_by,
            &self.consent_relationship,
        ]
        .iter()
        .all(|v| v.trim().is_empty())
    }
}

/// A row that passed every check, in the form it is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedLearner {
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub class_name: String,
    /// `F`, `M`, `X` or empty.
    pub gender: String,
    pub home_language: String,
    /// `en` or `af`.
    pub language: String,
    pub email: Option<String>,
    pub consent_given: bool,
    pub consent_by: String,
    pub consent_relationship: String,
}

/// A learner already loaded for the school, as the duplicate check sees them.
pub struct LoadedLearner<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub grade: i32,
}

/// The field-by-field problems of one row (field name to sentence); empty when the row is good.
pub type RowProblems = BTreeMap<&'static str, String>;

/// What the check of one row comes to.
pub type RowCheck = Result<CheckedLearner, RowProblems>;

const MAX_NAME: usize = 80;
const MAX_CLASS: usize = 20;
const MAX_HOME_LANGUAGE: usize = 40;

fn yes_no(typed: &str) -> Option<bool> {
    match typed.trim().to_lowercase().as_str() {
        "" | "no" | "n" | "nee" | "false" | "0" => Some(false),
        "yes" | "y" | "ja" | "j" | "true" | "1" | "x" => Some(true),
        _ => None,
    }
}

fn gender(typed: &str) -> Option<&'static str> {
    match typed.trim().to_lowercase().as_str() {
        "" => Some(""),
        "f" | "female" | "girl" | "v" | "vroulik" | "meisie" => Some("F"),
        "m" | "male" | "boy" | "manlik" | "seun" => Some("M"),
        "x" | "other" | "ander" => Some("X"),
        _ => None,
    }
}

/// The language of writing: `en` (the default) or `af`, if the olympiad is written in it.
fn writing_language(typed: &str, languages: &[&str]) -> Result<&'static str, String> {
    let code = match typed.trim().to_lowercase().as_str() {
        "" | "en" | "eng" | "english" | "engels" => "en",
        "af" | "afr" | "afrikaans" => "af",
        _ => return Err("must be English or Afrikaans".into()),
    };
    if languages.contains(&code) || (code == "en" && languages.is_empty()) {
        Ok(code)
    } else {
        Err(format!(
            "must be {}: the olympiad is not written in {}",
            languages
                .iter()
                .map(|l| if *l == "af" { "Afrikaans" } else { "English" })
                .collect::<Vec<_>>()
                .join(" or "),
            if code == "af" { "Afrikaans" } else { "English" }
        ))
    }
}

/// Notes the field as too long when its value has more than `max` characters.
fn at_most(problems: &mut RowProblems, field: &'static str, value: &str, max: usize) {
    if value.chars().count() > max {
        problems.insert(field, format!("must be at most {max} characters"));
    }
}

/// Checks one row on its own.
pub fn check_row(
    row: &RosterRow,
    grades: &[i32],
    languages: &[&str],
) -> Result<CheckedLearner, RowProblems> {
    let mut problems = RowProblems::new();
    let mut name = |field: &'static str, typed: &str| {
        let name = clean_name(typed);
        if name.is_empty() {
            problems.insert(field, "is required".into());
        } else if name.chars().count() > MAX_NAME {
            problems.insert(field, format!("must be at most {MAX_NAME} characters"));
        } else if !name.chars().any(char::is_alphabetic) {
            problems.insert(field, "must contain letters".into());
        }
        name
    };
    let first_name = name("firstName", &row.first_name);
    let last_name = name("lastName", &row.last_name);

    let grade_text = row.grade.trim().trim_start_matches(['G', 'g']).trim();
    // Spreadsheets often hold numbers as 10.0.
    let grade = grade_text
        .strip_suffix(".0")
        .unwrap_or(grade_text)
        .parse::<i32>()
        .ok();
    let (lowest, highest) = (
        grades.iter().min().copied().unwrap_or(1),
        grades.iter().max().copied().unwrap_or(12),
    );
    match grade {
        _ if grade_text.is_empty() => {
            problems.insert("grade", "is required".into());
        }
        Some(g) if grades.contains(&g) => {}
        Some(_) | None => {
            problems.insert(
                "grade",
                format!("must be a grade of this olympiad: {lowest} to {highest}"),
            );
        }
    }

    let class_name = clean_name(&row.class_name);
    at_most(&mut problems, "className", &class_name, MAX_CLASS);
    let gender = gender(&row.gender).unwrap_or_else(|| {
        problems.insert("gender", "must be F, M or X".into());
        ""
    });
    let home_language = clean_name(&row.home_language);
    let home_language = if home_language.is_empty() {
        String::new()
    } else {
        match crate::school::language(&home_language) {
            Some(language) => language.to_owned(),
            None if home_language.chars().count() <= MAX_HOME_LANGUAGE => home_language,
            None => {
                problems.insert(
                    "homeLanguage",
                    format!("must be at most {MAX_HOME_LANGUAGE} characters"),
                );
                String::new()
            }
        }
    };
    let language = writing_language(&row.language, languages).unwrap_or_else(|problem| {
        problems.insert("language", problem);
        "en"
    });
    let email = row.email.trim().to_lowercase();
    if !email.is_empty() && !looks_like_email(&email) {
        problems.insert("email", "must be an e-mail address".into());
    }
    let consent_given = yes_no(&row.consent_given).unwrap_or_else(|| {
        problems.insert("consentGiven", "must be Yes or No".into());
        false
    });
    let consent_by = clean_name(&row.consent_by);
    if consent_given && consent_by.is_empty() {
        problems.insert(
            "consentBy",
            "is required when consent is given: the parent or guardian who gave it".into(),
        );
    }
    at_most(&mut problems, "consentBy", &consent_by, MAX_NAME);
    let consent_relationship = clean_name(&row.consent_relationship);
    at_most(
        &mut problems,
        "consentRelationship",
        &consent_relationship,
        MAX_NAME,
    );

    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(CheckedLearner {
        first_name,
        last_name,
        grade: grade.unwrap_or_default(),
        class_name,
        gender: gender.to_owned(),
        home_language,
        language: language.to_owned(),
        email: (!email.is_empty()).then_some(email),
        consent_given,
        consent_by,
        consent_relationship,
    })
}

/// The key under which two rows are the same learner: the names however spelt, and the grade.
fn learner_key(first_name: &str, last_name: &str, grade: i32) -> (String, String, i32) {
    (name_key(first_name), name_key(last_name), grade)
}

/// Checks every row, then the duplicates: a second row of the same learner in the file (both are
/// marked, naming the other's row number) and a learner the school has already loaded. Row numbers
/// in messages are those of the spreadsheet, the heading being row 1.
pub fn check_rows(
    rows: &[RosterRow],
    grades: &[i32],
    languages: &[&str],
    loaded: &[LoadedLearner],
) -> Vec<RowCheck> {
    let mut checked: Vec<_> = rows
        .iter()
        .map(|row| check_row(row, grades, languages))
        .collect();
    let loaded: HashSet<_> = loaded
        .iter()
        .map(|l| learner_key(l.first_name, l.last_name, l.grade))
        .collect();
    let mut first_seen: HashMap<(String, String, i32), usize> = HashMap::new();
    let mut duplicates: Vec<(usize, String)> = Vec::new();
    for (index, result) in checked.iter().enumerate() {
        let Ok(learner) = result else { continue };
        let key = learner_key(&learner.first_name, &learner.last_name, learner.grade);
        if loaded.contains(&key) {
            duplicates.push((
                index,
                "is already loaded for this school in this grade".to_owned(),
            ));
        } else if let Some(first) = first_seen.get(&key) {
            duplicates.push((
                index,
                format!("appears twice in the file: also on row {}", first + 2),
            ));
            duplicates.push((
                *first,
                format!("appears twice in the file: also on row {}", index + 2),
            ));
        } else {
            first_seen.insert(key, index);
        }
    }
    for (index, problem) in duplicates {
        let entry = &mut checked[index];
        match entry {
            Ok(_) => *entry = Err(RowProblems::from([("firstName", problem)])),
            Err(problems) => {
                problems.entry("firstName").or_insert(problem);
            }
        }
    }
    checked
}

/// The readable part of a learner's username: the first name's initial and the surname,
/// ASCII-folded, lower case, letters only, at most ten letters (`Thandi van der Merwe` → `tvandermer`).
/// Digits are added to it to make it unique (see [`username_digits`]).
pub fn username_stem(first_name: &str, last_name: &str) -> String {
    let letters = |name: &str| -> String {
        ascii_fold(name)
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let mut stem: String = letters(first_name).chars().take(1).collect();
    stem.push_str(&letters(last_name));
    stem.truncate(10);
    if stem.len() < 2 {
        stem = format!("learner{stem}");
    }
    stem
}

/// Digits without the look-alikes 0 and 1, for the number that makes a username unique.
pub const USERNAME_DIGITS: &[u8] = b"23456789";

/// Three digits of [`USERNAME_DIGITS`] from `pick` (a uniformly random index below its length):
/// the stem and these make usernames like `tnkosi482`.
pub fn username_digits(mut pick: impl FnMut(usize) -> usize) -> String {
    (0..3)
        .map(|_| char::from(USERNAME_DIGITS[pick(USERNAME_DIGITS.len())]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(first: &str, last: &str, grade: &str) -> RosterRow {
        RosterRow {
            first_name: first.into(),
            last_name: last.into(),
            grade: grade.into(),
            ..RosterRow::default()
        }
    }

    const GRADES: &[i32] = &[8, 9, 10, 11, 12];

    #[test]
    fn the_document_states_the_lengths_the_check_holds_to() {
        use utoipa::openapi::{RefOr, Schema};
        let RefOr::T(Schema::Object(schema)) = <RosterRow as utoipa::PartialSchema>::schema()
        else {
            panic!("RosterRow is an object");
        };
        let stated = |field: &str| match &schema.properties[field] {
            RefOr::T(Schema::Object(property)) => property.max_length,
            _ => None,
        };
        for (field, max) in [
            ("firstName", MAX_NAME),
            ("lastName", MAX_NAME),
            ("className", MAX_CLASS),
            ("homeLanguage", MAX_HOME_LANGUAGE),
            ("consentBy", MAX_NAME),
            ("consentRelationship", MAX_NAME),
        ] {
            assert_eq!(stated(field), Some(max), "{field}");
            let mut long = row("Thandi", "Nkosi", "10");
            *long.field_mut(field) = "a".repeat(max + 1);
            let problems = check_row(&long, GRADES, &["en"]).unwrap_err();
            assert!(problems[field].contains(&max.to_string()), "{field}");
        }
    }

    #[test]
    fn headings_map_however_typed_and_wrong_files_are_refused() {
        let mapped =
            map_headings(&["first name*".into(), " LAST NAME".into(), "Grade".into()]).unwrap();
        assert_eq!(
            mapped,
            vec![Some("firstName"), Some("lastName"), Some("grade")]
        );
        let error = map_headings(&["Name".into(), "Surname".into()]).unwrap_err();
        assert!(error.contains("First name, Last name, Grade"), "{error}");
        assert!(error.contains("Name, Surname"), "{error}");
    }

    #[test]
    fn a_good_row_is_cleaned() {
        let mut typed = row("  Thandi ", "Nkosi", "10.0");
        typed.gender = "girl".into();
        typed.language = "Afrikaans".into();
        typed.consent_given = "Yes".into();
        typed.consent_by = "Mrs N Nkosi".into();
        typed.home_language = "isizulu".into();
        let learner = check_row(&typed, GRADES, &["en", "af"]).unwrap();
        assert_eq!(learner.first_name, "Thandi");
        assert_eq!(learner.grade, 10);
        assert_eq!(learner.gender, "F");
        assert_eq!(learner.language, "af");
        assert_eq!(learner.home_language, "isiZulu");
        assert!(learner.consent_given);
    }

    #[test]
    fn each_problem_names_its_field() {
        let mut typed = row("", "Nkosi", "13");
        typed.email = "not-an-address".into();
        typed.consent_given = "Yes".into();
        typed.language = "af".into();
        let problems = check_row(&typed, GRADES, &["en"]).unwrap_err();
        assert_eq!(problems["firstName"], "is required");
        assert_eq!(
            problems["grade"],
            "must be a grade of this olympiad: 8 to 12"
        );
        assert_eq!(problems["email"], "must be an e-mail address");
        assert!(problems["consentBy"].starts_with("is required"));
        assert!(problems["language"].contains("not written in Afrikaans"));
    }

    #[test]
    fn duplicates_are_found_in_the_file_and_among_loaded_learners() {
        let rows = vec![
            row("Thandi", "Nkosi", "10"),
            row("Sipho", "Dube", "9"),
            row("thandi", "NKOSI", "10"),
            row("Lerato", "Molefe", "11"),
        ];
        let loaded = [LoadedLearner {
            first_name: "Lerato",
            last_name: "Molefe",
            grade: 11,
        }];
        let checked = check_rows(&rows, GRADES, &["en"], &loaded);
        assert!(checked[1].is_ok());
        assert_eq!(
            checked[0].as_ref().unwrap_err()["firstName"],
            "appears twice in the file: also on row 4"
        );
        assert_eq!(
            checked[2].as_ref().unwrap_err()["firstName"],
            "appears twice in the file: also on row 2"
        );
        assert!(checked[3].as_ref().unwrap_err()["firstName"].contains("already loaded"));
    }

    #[test]
    fn usernames_are_readable_ascii() {
        assert_eq!(username_stem("Thandi", "van der Merwe"), "tvandermer");
        assert_eq!(username_stem("Zoë", "Müller"), "zmuller");
        assert_eq!(username_stem("", "ǂ"), "learner");
        let mut n = 0;
        let digits = username_digits(|len| {
            n += 3;
            n % len
        });
        assert_eq!(digits.len(), 3);
        assert!(digits.bytes().all(|d| USERNAME_DIGITS.contains(&d)));
    }
}
