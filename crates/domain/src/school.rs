//! Schools: the nine provinces, sectors and quintiles, EMIS numbers, entry statuses, and how alike two
//! school names are (for the possible matches of an expression of interest and for finding duplicates).

use crate::words::words;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// South Africa's nine provinces, as schools and the Department of Basic Education name them.
pub const PROVINCES: [&str; 9] = [
    "Eastern Cape",
    "Free State",
    "Gauteng",
    "KwaZulu-Natal",
    "Limpopo",
    "Mpumalanga",
    "North West",
    "Northern Cape",
    "Western Cape",
];

/// The province as written in [`PROVINCES`], whatever the case or spacing it was typed in.
pub fn province(typed: &str) -> Option<&'static str> {
    let key = squash(typed);
    PROVINCES.iter().copied().find(|p| squash(p) == key)
}

fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The twelve official languages, as a school's language of teaching or a learner's home language.
pub const LANGUAGES: [&str; 12] = [
    "Afrikaans",
    "English",
    "isiNdebele",
    "isiXhosa",
    "isiZulu",
    "Sepedi",
    "Sesotho",
    "Setswana",
    "siSwati",
    "Tshivenda",
    "Xitsonga",
    "South African Sign Language",
];

/// The official language as written in [`LANGUAGES`]; `None` for another language.
pub fn language(typed: &str) -> Option<&'static str> {
    let key = squash(typed);
    LANGUAGES.iter().copied().find(|l| squash(l) == key)
}

/// Public schools are funded by the state; independent schools are private.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Sector {
    Public,
    Independent,
}

impl Sector {
    pub fn as_str(self) -> &'static str {
        match self {
            Sector::Public => "public",
            Sector::Independent => "independent",
        }
    }
}

/// Public schools are ranked in quintiles 1 (poorest) to 5; fees and free places depend on it.
pub fn quintile_problem(quintile: Option<i32>) -> Option<&'static str> {
    match quintile {
        Some(q) if !(1..=5).contains(&q) => Some("must be between 1 and 5"),
        _ => None,
    }
}

/// An EMIS number as stored: its digits only, or nothing. EMIS numbers are 9 digits nationally;
/// older provincial ones are shorter, so 5 to 12 digits are accepted.
pub fn emis_number(typed: &str) -> Result<Option<String>, &'static str> {
    let digits: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.is_empty() {
        return Ok(None);
    }
    if !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err("must be digits only");
    }
    if !(5..=12).contains(&digits.len()) {
        return Err("must have 5 to 12 digits");
    }
    Ok(Some(digits))
}

/// The state of a school's (or country's) entry in an olympiad.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EntryStatus {
    /// Entered, not yet confirmed by the office (for example not yet paid).
    #[default]
    Entered,
    Confirmed,
    Withdrawn,
}

words!(EntryStatus, "entry status" {
    Entered => "entered",
    Confirmed => "confirmed",
    Withdrawn => "withdrawn",
});

/// Where a learner's entry is on the day: registered until their attempt starts, then writing and
/// finished; absent when a team says the learner did not come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ParticipantStatus {
    Registered,
    Writing,
    Finished,
    Absent,
}

words!(ParticipantStatus, "participant status" {
    Registered => "registered",
    Writing => "writing",
    Finished => "finished",
    Absent => "absent",
});

/// Words that most school names share and that say nothing about which school it is.
const COMMON_WORDS: &[&str] = &[
    "school",
    "skool",
    "high",
    "hoer",
    "hoerskool",
    "laerskool",
    "primary",
    "secondary",
    "sekondere",
    "college",
    "academy",
    "the",
    "of",
    "and",
    "en",
    "die",
    "combined",
    "comprehensive",
    "ss",
    "hs",
    "ps",
];

/// The words of a school name that tell it apart: lower case, ASCII-folded, without the common ones.
pub fn distinctive_words(name: &str) -> Vec<String> {
    crate::text::ascii_fold(name)
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && !COMMON_WORDS.contains(w))
        .map(str::to_owned)
        .collect()
}

/// How alike two school names are, from 0 (nothing shared) to 1 (the same distinctive words):
/// the share of distinctive words in common, where a word also counts when it is one typing slip
/// away from the other's (Mokopane / Mokapane).
pub fn name_likeness(a: &str, b: &str) -> f64 {
    let (a, b) = (distinctive_words(a), distinctive_words(b));
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let alike = |x: &String, y: &String| x == y || (x.len() > 4 && one_slip_apart(x, y));
    let shared = a.iter().filter(|x| b.iter().any(|y| alike(x, y))).count();
    let union = a.len() + b.len() - shared;
    shared as f64 / union as f64
}

/// Whether `a` becomes `b` by changing, adding or dropping one character.
fn one_slip_apart(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => short.iter().zip(&long).filter(|(x, y)| x != y).count() == 1,
        1 => (0..long.len()).any(|skip| {
            long.iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, c)| c)
                .eq(short.iter())
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provinces_and_languages_are_recognised_however_typed() {
        assert_eq!(province("kwazulu natal"), Some("KwaZulu-Natal"));
        assert_eq!(province(" GAUTENG "), Some("Gauteng"));
        assert_eq!(province("Transvaal"), None);
        assert_eq!(language("isizulu"), Some("isiZulu"));
        assert_eq!(language("Klingon"), None);
    }

    #[test]
    fn emis_numbers_are_digits() {
        assert_eq!(emis_number(" 700 123 456 "), Ok(Some("700123456".into())));
        assert_eq!(emis_number(""), Ok(None));
        assert_eq!(emis_number("70A123456"), Err("must be digits only"));
        assert_eq!(emis_number("12"), Err("must have 5 to 12 digits"));
    }

    #[test]
    fn quintiles_run_from_one_to_five() {
        assert_eq!(quintile_problem(Some(3)), None);
        assert_eq!(quintile_problem(None), None);
        assert!(quintile_problem(Some(6)).is_some());
    }

    #[test]
    fn school_names_are_compared_by_their_distinctive_words() {
        assert_eq!(
            name_likeness("Hoërskool Waterkloof", "Waterkloof High School"),
            1.0
        );
        assert_eq!(
            name_likeness("Mokopane Secondary School", "Mokapane High"),
            1.0
        );
        assert!(name_likeness("Parktown Boys' High", "Parktown Girls' High") < 0.5);
        assert_eq!(name_likeness("Sunnyside Primary", "Umlazi High"), 0.0);
        assert_eq!(name_likeness("High School", "Primary School"), 0.0);
    }
}
