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

/// What in a column's name marks it as a secret: a token, a link (which carries one), a hash, a
/// password or the second factor. An export leaves such columns out: they are no data about the
/// person, only keys to their account (handing them out would help whoever intercepts the
/// export). A rule over names rather than a list, so that a column added later is left out too.
pub const SECRET_NAME_PARTS: &[&str] = &[
    "token",
    "hash",
    "secret",
    "link",
    "password",
    "totp",
    "signature",
];

pub fn is_secret_column(column: &str) -> bool {
    let column = column.to_ascii_lowercase();
    SECRET_NAME_PARTS.iter().any(|part| column.contains(part))
}

/// Stands in an export for a link or a token found inside a value.
pub const WITHHELD: &str = "[withheld]";

/// The text with every secret in it withheld, or `None` when it holds none: a web address with a
/// token in it (a reset, welcome, verification, pay or unsubscribe link: a run of at least
/// [`TOKEN_RUN`] letters, digits, `-` or `_` in its path or query), or a value that is itself a
/// token. Whatever column it is stored in: a queued e-mail keeps its link in its payload.
pub fn without_secrets(text: &str) -> Option<String> {
    if is_token(text.trim()) {
        return Some(WITHHELD.to_owned());
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut changed = false;
    while let Some(start) = find_address(rest) {
        out.push_str(&rest[..start]);
        let address = &rest[start..];
        let end = address
            .find(|c: char| c.is_whitespace() || "\"'<>\\`".contains(c))
            .unwrap_or(address.len());
        let (url, after) = address.split_at(end);
        if carries_token(url) {
            out.push_str(WITHHELD);
            changed = true;
        } else {
            out.push_str(url);
        }
        rest = after;
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// The shortest run of token letters that counts as a token in an address (a UUID has 36, our
/// tokens 64; the words of our own paths, `reset-password` and the like, are shorter).
pub const TOKEN_RUN: usize = 16;

fn find_address(text: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    match (lower.find("https://"), lower.find("http://")) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn token_letter(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// Whether the path or query of an address holds a token.
fn carries_token(url: &str) -> bool {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let Some(path) = after_scheme
        .find(['/', '?', '#'])
        .map(|i| &after_scheme[i..])
    else {
        return false;
    };
    path.split(|c: char| !token_letter(c))
        .any(|run| run.len() >= TOKEN_RUN)
}

/// A value that is a token and nothing else: long, no spaces, letters and digits both.
fn is_token(text: &str) -> bool {
    text.len() >= 32
        && text.chars().all(token_letter)
        && text.chars().any(|c| c.is_ascii_digit())
        && text.chars().any(|c| c.is_ascii_alphabetic())
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
    fn a_column_named_like_a_secret_is_one_whatever_it_is_called() {
        for name in [
            "invite_token",
            "session_secret",
            "magic_link",
            "api_key_hash",
            "PayToken",
            "new_password",
        ] {
            assert!(is_secret_column(name), "{name}");
        }
    }

    #[test]
    fn links_with_a_token_are_withheld_and_plain_text_kept() {
        let payload = r#"{"kind":"password_reset","link":"https://o.example/reset-password/0f3a9c2e7b1d4e5f8a6b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f","to":{"name":"Thandi"}}"#;
        let kept = without_secrets(payload).unwrap();
        assert!(!kept.contains("0f3a9c2e"), "{kept}");
        assert!(kept.contains(r#""link":"[withheld]""#), "{kept}");
        let pay = "Pay at https://o.example/portal/pay/5d1f2c3a-9b8e-4c7d-a6b5-0e1f2a3b4c5d now";
        assert_eq!(without_secrets(pay).unwrap(), "Pay at [withheld] now");
        assert_eq!(
            without_secrets("https://o.example/login and https://o.example/"),
            None
        );
        assert_eq!(without_secrets("Thandi Mokoena"), None);
        assert_eq!(
            without_secrets("5d1f2c3a-9b8e-4c7d-a6b5-0e1f2a3b4c5d").as_deref(),
            Some(WITHHELD)
        );
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
