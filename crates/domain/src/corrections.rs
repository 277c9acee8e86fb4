//! What a school's team may correct in a learner's record once the learner is loaded, and until
//! when. A misspelt name, a wrong grade or class is put right on the record itself; a learner who
//! comes late is added one at a time with the spreadsheet's own checks (see the office's
//! `learners::create`).

use std::collections::BTreeMap;

/// Where a learner stands in the olympiads they are entered in, as far as their record goes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LearnerProgress {
    /// The clock of an attempt of theirs has started.
    pub started_writing: bool,
    /// The results of an olympiad they are entered in have been released (made final at least
    /// once).
    pub results_released: bool,
}

/// The fields of a learner's record that their school's team may not change now, each with a
/// sentence that names the field and says why (`grade` → "The grade cannot change once Thabo has
/// started writing."). A teacher corrects:
///
/// - the first and last name until the olympiad's results are released: the released results,
///   and the certificates printed from them, carry the names as they were then;
/// - the grade until the learner has started writing (their attempt's clock): they write their
///   grade's paper and are ranked within their grade;
/// - the class, gender, home language, e-mail and consent at any time: no result or certificate
///   carries them (the class only sorts the login slips and the answer sheets).
///
/// The olympiad's staff are not held to this: the office corrects a record at any time.
pub fn fixed_fields(first_name: &str, progress: LearnerProgress) -> BTreeMap<&'static str, String> {
    let mut fixed = BTreeMap::new();
    if progress.results_released {
        for (field, name) in [("firstName", "first name"), ("lastName", "last name")] {
            fixed.insert(
                field,
                format!(
                    "The {name} cannot change once the olympiad's results are released: the \
                     certificates print it as released. Ask the olympiad office."
                ),
            );
        }
    }
    if progress.started_writing {
        fixed.insert(
            "grade",
            format!("The grade cannot change once {first_name} has started writing."),
        );
    }
    fixed
}

/// The refusal of a correction that changes fixed fields: their sentences, or none when every
/// changed field may change.
pub fn refusal(fixed: &BTreeMap<&'static str, String>, changed: &[&str]) -> Option<String> {
    let sentences: Vec<&str> = fixed
        .iter()
        .filter(|(field, _)| changed.contains(field))
        .map(|(_, sentence)| sentence.as_str())
        .collect();
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn before_writing_a_team_corrects_every_field() {
        assert!(fixed_fields("Thabo", LearnerProgress::default()).is_empty());
    }

    #[test]
    fn once_writing_the_grade_is_fixed_and_the_names_are_not() {
        let started = LearnerProgress {
            started_writing: true,
            results_released: false,
        };
        let fixed = fixed_fields("Thabo", started);
        assert_eq!(
            fixed.get("grade").map(String::as_str),
            Some("The grade cannot change once Thabo has started writing.")
        );
        assert_eq!(refusal(&fixed, &["firstName", "className"]), None);
        assert!(refusal(&fixed, &["firstName", "grade"]).is_some_and(|s| s.contains("grade")));
    }

    #[test]
    fn once_released_the_names_are_fixed_and_the_class_is_not() {
        let released = LearnerProgress {
            started_writing: true,
            results_released: true,
        };
        let fixed = fixed_fields("Thabo", released);
        assert_eq!(
            fixed.keys().copied().collect::<Vec<_>>(),
            ["firstName", "grade", "lastName"]
        );
        assert!(refusal(&fixed, &["lastName"]).is_some_and(|s| s.starts_with("The last name")));
        assert_eq!(refusal(&fixed, &["className", "consentGiven"]), None);
    }
}
