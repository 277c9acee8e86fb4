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

/// Characters of generated learner passwords and recovery codes: lower-case letters and digits
/// without the look-alikes (0 o, 1 l i, 2 z, 5 s, 8 b), so that a child can copy them from a slip.
pub const READABLE_ALPHABET: &[u8] = b"3479acdefghjkmnpqrtuvwxy";

/// A generated learner password has this many characters in groups of four (`kx7m-p3qa-9tcw`):
/// 12 characters of a 24-character alphabet are 55 bits, enough that a low bcrypt cost is safe.
pub const LEARNER_PASSWORD_CHARS: usize = 12;

/// bcrypt cost of generated learner passwords: bcrypt's least, 4. The cost protects stolen hashes
/// only (a sign-in checks the password the same way at any cost), and a generated 55-bit password
/// needs little: at cost 4 a graphics card (about 400,000 guesses a second) takes over 2,800 years
/// to try them all for one learner. A check then takes about 0.8 ms of one core, which two cores
/// share with the database on olympiad morning; at cost 5 the check alone was a third of a
/// learner's whole start. Hashes made at another cost keep theirs (it is written in the hash).
/// Passwords people choose keep the configured cost (12).
pub const LEARNER_BCRYPT_COST: u32 = 4;

/// `count` characters of [`READABLE_ALPHABET`] in groups of four joined by `-`, from `pick`, which
/// answers a uniformly random index below the alphabet's length (the caller owns the randomness).
pub fn readable_code(count: usize, mut pick: impl FnMut(usize) -> usize) -> String {
    let mut code = String::with_capacity(count + count / 4);
    for i in 0..count {
        if i > 0 && i % 4 == 0 {
            code.push('-');
        }
        code.push(char::from(READABLE_ALPHABET[pick(READABLE_ALPHABET.len())]));
    }
    code
}

/// Teachers' passwords arrive percent-escaped. A password that is not valid
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
    fn readable_codes_come_in_groups_of_four_without_look_alikes() {
        let mut n = 0;
        let code = readable_code(LEARNER_PASSWORD_CHARS, |len| {
            n += 7;
            n % len
        });
        assert_eq!(code.len(), 14);
        assert_eq!(code.matches('-').count(), 2);
        assert!(code
            .chars()
            .all(|c| c == '-' || READABLE_ALPHABET.contains(&(c as u8))));
        for look_alike in ['0', 'o', '1', 'l', 'i', '2', 'z', '5', 's', '8', 'b'] {
            assert!(!READABLE_ALPHABET.contains(&(look_alike as u8)));
        }
    }

    #[test]
    fn usernames_ignore_case_and_spaces() {
        assert_eq!(
            normalise_username("  Teacher@Example.ORG "),
            "teacher@example.org"
        );
    }
}
