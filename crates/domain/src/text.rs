//! Small text rules shared by names, usernames and matching.

/// The text with the accented Latin letters of South African names (Afrikaans ê, ë, ô; French é)
/// turned into plain ASCII letters, and every other non-ASCII character dropped.
pub fn ascii_fold(text: &str) -> String {
    text.chars()
        .filter_map(|c| {
            if c.is_ascii() {
                return Some(c);
            }
            let plain = match c.to_lowercase().next().unwrap_or(c) {
                'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => 'a',
                'ç' | 'č' => 'c',
                'è' | 'é' | 'ê' | 'ë' | 'ē' => 'e',
                'ì' | 'í' | 'î' | 'ï' | 'ī' => 'i',
                'ñ' | 'ń' => 'n',
                'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' => 'o',
                'ù' | 'ú' | 'û' | 'ü' | 'ū' => 'u',
                'ý' | 'ÿ' => 'y',
                'š' => 's',
                'ž' => 'z',
                _ => return None,
            };
            Some(if c.is_uppercase() {
                plain.to_ascii_uppercase()
            } else {
                plain
            })
        })
        .collect()
}

/// A name as stored: trimmed, with runs of spaces made one.
pub fn clean_name(typed: &str) -> String {
    typed.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The key two spellings of one name share: ASCII-folded, lower case, letters and digits only
/// (`Mary-Jane O'Neil` and `mary jane oneil` are one person).
pub fn name_key(name: &str) -> String {
    ascii_fold(name)
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether `text` looks like an e-mail address: one `@` with something on both sides and a dot in
/// the domain. (Whether it receives mail is found out by sending to it.)
pub fn looks_like_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !text.chars().any(char::is_whitespace)
        && text.len() <= 254
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_fold_to_ascii() {
        assert_eq!(ascii_fold("Zoë Müller-Hoërskool"), "Zoe Muller-Hoerskool");
        assert_eq!(ascii_fold("ǂKhomani"), "Khomani");
        assert_eq!(ascii_fold("ÉLISE"), "ELISE");
    }

    #[test]
    fn names_are_keyed_without_punctuation_or_case() {
        assert_eq!(name_key("Mary-Jane O'Neil"), name_key("mary jane  oneil"));
        assert_eq!(clean_name("  Sipho   van  Wyk "), "Sipho van Wyk");
    }

    #[test]
    fn email_addresses_are_recognised() {
        assert!(looks_like_email("thandi@school.co.za"));
        assert!(!looks_like_email("thandi@school"));
        assert!(!looks_like_email("thandi school@x.org"));
        assert!(!looks_like_email("@x.org"));
    }
}
