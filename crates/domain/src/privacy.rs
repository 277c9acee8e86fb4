//! Privacy (POPIA): what an erased person is called, which stored fields are secrets an export
//! leaves out, and how long the retention settings keep logs and unfinished accounts.

use crate::words::words;
use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Whose data an export or an erasure is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ErasureSubject {
    /// A learner (the learners row, with their sign-ins and attempts).
    Learner,
    /// A user who is not a learner: a teacher, or staff.
    User,
}

words!(ErasureSubject, "erasure subject" { Learner => "learner", User => "user" });

/// What an erasure did: the person's details were replaced where their results or orders must stay,
/// or everything about them was deleted where nothing must.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ErasureOutcome {
    Anonymised,
    Deleted,
}

words!(ErasureOutcome, "erasure outcome" { Anonymised => "anonymised", Deleted => "deleted" });

/// The first and last name an anonymised learner keeps: "Erased learner #42" on every list,
/// results grid and certificate, so places and marks stay while the person is gone.
pub fn erased_learner_name(id: i64) -> (String, String) {
    ("Erased learner".to_owned(), format!("#{id}"))
}

/// The same for a user (a teacher or staff), "Erased user #7".
pub fn erased_user_name(id: i64) -> (String, String) {
    ("Erased user".to_owned(), format!("#{id}"))
}

/// An erased user's username: unique (the id), and not an e-mail address anyone can sign in with.
pub fn erased_username(subject: ErasureSubject, id: i64) -> String {
    format!("erased-{}-{id}", subject.as_str())
}

/// Stored in place of a password hash: no password's bcrypt hash is ever this, so nobody signs in.
pub const NO_PASSWORD: &str = "!erased";

/// Columns an export leaves out: hashes and tokens that are no data about the person, only keys to
/// their account (handing them out would help whoever intercepts the export).
pub const SECRET_COLUMNS: &[&str] = &[
    "password_hash",
    "totp_secret",
    "totp_last_step",
    "recovery_code_hash",
    "device_key_hash",
    "token_hash",
    "verify_token",
    "pay_token",
];

pub fn is_secret_column(column: &str) -> bool {
    SECRET_COLUMNS.contains(&column)
}

/// The longest a retention setting may be: ten years.
pub const MAX_RETENTION_DAYS: i32 = 3650;

/// Whether a setting is one the sweep can keep to: none (keep everything) or 1 to ten years' days.
pub fn valid_retention(days: Option<i32>) -> bool {
    days.is_none_or(|days| (1..=MAX_RETENTION_DAYS).contains(&days))
}

/// What is older than this is swept; None when the setting keeps everything.
pub fn cutoff(now: NaiveDateTime, days: Option<i32>) -> Option<NaiveDateTime> {
    days.map(|days| now - Duration::days(i64::from(days)))
}

/// The sweep runs once a day, on one node.
pub const SWEEP_EVERY_HOURS: i64 = 24;

/// Activity log actions that are sign-in records, kept by their own setting.
pub const SIGNIN_ACTIONS: &[&str] = &["signin", "signout", "impersonate"];

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn an_erased_learner_is_named_by_id_only() {
        let (first, last) = erased_learner_name(42);
        assert_eq!(format!("{first} {last}"), "Erased learner #42");
        assert_eq!(erased_username(ErasureSubject::User, 7), "erased-user-7");
        assert!(!erased_username(ErasureSubject::Learner, 7).contains('@'));
    }

    #[test]
    fn secrets_are_left_out_and_data_kept() {
        assert!(is_secret_column("password_hash"));
        assert!(is_secret_column("recovery_code_hash"));
        assert!(!is_secret_column("first_name"));
        assert!(!is_secret_column("score"));
    }

    #[test]
    fn no_setting_keeps_everything_and_days_count_back_from_now() {
        let now = at("2026-11-25 09:00");
        assert_eq!(cutoff(now, None), None);
        assert_eq!(cutoff(now, Some(30)), Some(at("2026-10-26 09:00")));
        assert!(valid_retention(None));
        assert!(valid_retention(Some(1)));
        assert!(valid_retention(Some(MAX_RETENTION_DAYS)));
        assert!(!valid_retention(Some(0)));
        assert!(!valid_retention(Some(-5)));
        assert!(!valid_retention(Some(MAX_RETENTION_DAYS + 1)));
    }

    #[test]
    fn the_words_are_stored_as_written() {
        assert_eq!(
            ErasureOutcome::parse("anonymised"),
            Some(ErasureOutcome::Anonymised)
        );
        assert_eq!(ErasureSubject::Learner.as_str(), "learner");
    }
}
