//! Rules for usernames, e-mail addresses and passwords, shared by sign-in, user creation and resets.

/// Usernames and e-mail addresses are compared without regard to case or surrounding spaces.
pub fn normalise_username(username: &str) -> String {
    username.trim().to_lowercase()
}

/// The shortest password a person may choose. Generated learner passwords are longer.
pub const MIN_PASSWORD_LEN: usize = 8;
/// bcrypt reads only the first 72 bytes; refusing longer passwords avoids a false sense of strength.
pub const MAX_PASSWORD_BYTES: usize = 72;

/// Why a chosen password is refused, as a sentence for the person choosing it.
pub fn password_problem(password: &str) -> Option<&'static str> {
    if password.chars().count() < MIN_PASSWORD_LEN {
        Some("must be at least 8 characters long")
    } else if password.len() > MAX_PASSWORD_BYTES {
        Some("must be at most 72 bytes long")
    } else if password.trim().is_empty() {
        Some("must not be only spaces")
    } else {
        None
    }
}

/// Teachers' passwords arrive percent-escaped (spec section 5). A password that is not valid
/// percent-encoding was sent as it is, so it is used unchanged.
pub fn teacher_password(sent: &str) -> String {
    decode_percent(sent).unwrap_or_else(|| sent.to_owned())
}

/// Decodes `%XX` escapes into UTF-8; `None` when an escape is malformed or the bytes are not UTF-8.
fn decode_percent(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teacher_passwords_are_unescaped() {
        assert_eq!(teacher_password("p%40ss%20w%C3%B6rd"), "p@ss wörd");
        assert_eq!(teacher_password("plain"), "plain");
        // Not valid escaping: taken as typed.
        assert_eq!(teacher_password("100%"), "100%");
        assert_eq!(teacher_password("%zz"), "%zz");
    }

    #[test]
    fn password_rules_name_the_problem() {
        assert_eq!(
            password_problem("short"),
            Some("must be at least 8 characters long")
        );
        assert_eq!(
            password_problem("        "),
            Some("must not be only spaces")
        );
        assert_eq!(
            password_problem(&"x".repeat(73)),
            Some("must be at most 72 bytes long")
        );
        assert_eq!(password_problem("correct horse"), None);
    }

    #[test]
    fn usernames_ignore_case_and_spaces() {
        assert_eq!(
            normalise_username("  Teacher@Example.ORG "),
            "teacher@example.org"
        );
    }
}
