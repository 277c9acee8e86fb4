//! Links that carry a secret are the platform's own. A reset, welcome, verification or pay link
//! is the platform's address with a token in it; copy that staff write may place such a link only
//! whole: as a link's address (`href="{{link}}"`, the value alone is the address) or as text
//! standing on its own. Inside another address (`https://elsewhere.example/?t={{link}}`), inside
//! any other attribute or glued to other letters, the token would travel to whoever owns that
//! address, so such copy is refused when it is saved and not used when a message is written.

use crate::kinds::Placeholder;

/// Which part of the copy is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Subject,
    Html,
    Text,
}

/// Where a link placeholder of `placeholders` stands anywhere but whole in `part`: the problem in
/// a sentence, for the field's error. Also refused: an address that is just a placeholder which is
/// not a link the platform makes (`href="{{name}}"` would let a name choose where a button leads).
pub fn misplaced_link(part: &str, placeholders: &[Placeholder], which: Part) -> Option<String> {
    let is_link = |name: &str| placeholders.iter().any(|p| p.link && p.name == name.trim());
    let mut from = 0;
    while let Some(found) = part[from..].find("{{") {
        let start = from + found;
        // An unclosed placeholder is refused as unknown before this is asked.
        let length = part[start..].find("}}")?;
        let end = start + length + 2;
        let raw = &part[start + 2..end - 2];
        from = end;
        let whole_address = quoted_href(part, start, end);
        if !is_link(raw) {
            if whole_address && placeholders.iter().any(|p| p.name == raw.trim()) {
                return Some(format!(
                    "{{{{{}}}}} is not a link: only a link the platform makes may be a link's address",
                    raw.trim()
                ));
            }
            continue;
        }
        let name = raw.trim();
        let whole = raw == name;
        let problem = match which {
            Part::Subject => Some("may not carry a link: it shows in every list of messages"),
            _ if !whole => Some("must be written without spaces inside the braces"),
            Part::Html if in_tag(part, start) => (!whole_address)
                .then_some("may only be a link's whole address, as href=\"{{link}}\""),
            Part::Html | Part::Text => (!stands_alone(part, start, end)).then_some(
                "must stand on its own, never inside another address or glued to other text",
            ),
        };
        if let Some(problem) = problem {
            return Some(format!("{{{{{name}}}}} {problem}"));
        }
    }
    None
}

/// Inside a tag: a `<` opens before the placeholder and no `>` closes it in between.
fn in_tag(part: &str, start: usize) -> bool {
    let before = &part[..start];
    match (before.rfind('<'), before.rfind('>')) {
        (Some(open), Some(close)) => open > close,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The placeholder is an `href` attribute's whole value, in double or single quotes.
fn quoted_href(part: &str, start: usize, end: usize) -> bool {
    let (before, after) = (&part[..start], &part[end..]);
    (before.ends_with("href=\"") && after.starts_with('"'))
        || (before.ends_with("href='") && after.starts_with('\''))
}

/// Text: nothing that could be part of an address touches it on either side.
fn stands_alone(part: &str, start: usize, end: usize) -> bool {
    let before = part[..start].chars().next_back();
    let after = part[end..].chars().next();
    before.is_none_or(|c| c.is_whitespace() || "(<[>\"'".contains(c))
        && after.is_none_or(|c| c.is_whitespace() || "<>)].,;:!?\"'".contains(c))
}

/// Whether a link the platform made leads to the platform: it begins with the public base address
/// and a `/`, so that `https://olympiads.example.evil.example/…` does not pass for ours.
pub fn leads_home(link: &str, public_base_url: &str) -> bool {
    let base = public_base_url.trim_end_matches('/');
    !base.is_empty()
        && link
            .strip_prefix(base)
            .is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::system_email;

    fn reset() -> &'static [Placeholder] {
        system_email("password_reset").unwrap().placeholders
    }

    #[test]
    fn a_link_is_refused_anywhere_but_whole() {
        for html in [
            r#"<a href="https://elsewhere.example/c?t={{link}}">x</a>"#,
            r#"<a href="{{link}}x">x</a>"#,
            r#"<a title="{{link}}" href="{{link}}">x</a>"#,
            r#"<img src="{{link}}">"#,
            "<p>https://elsewhere.example/{{link}}</p>",
            "<p>see={{link}}</p>",
            "<p>{{ link }}</p>",
        ] {
            assert!(
                misplaced_link(html, reset(), Part::Html).is_some(),
                "{html}"
            );
        }
        for text in [
            "https://elsewhere.example/?t={{link}}",
            "go:{{link}}",
            "x{{link}}",
        ] {
            assert!(
                misplaced_link(text, reset(), Part::Text).is_some(),
                "{text}"
            );
        }
        assert!(misplaced_link("Reset {{link}}", reset(), Part::Subject).is_some());
        assert!(misplaced_link(r#"<a href="{{name}}">x</a>"#, reset(), Part::Html).is_some());
    }

    #[test]
    fn a_whole_link_is_accepted() {
        let html = r#"<p>Hi {{name}}, <a href="{{link}}" rel="noopener">reset</a> or copy {{link}}.</p><a href="https://olympiads.example/help?u={{username}}">help</a>"#;
        assert_eq!(misplaced_link(html, reset(), Part::Html), None);
        assert_eq!(
            misplaced_link("Open (<{{link}}>)\n{{link}}", reset(), Part::Text),
            None
        );
    }

    #[test]
    fn a_link_leads_home_only_below_the_base_address() {
        let base = "https://olympiads.example/";
        assert!(leads_home(
            "https://olympiads.example/reset-password/abc",
            base
        ));
        assert!(!leads_home(
            "https://olympiads.example.evil.example/r/abc",
            base
        ));
        assert!(!leads_home(
            "https://elsewhere.example/reset-password/abc",
            base
        ));
        assert!(!leads_home("https://olympiads.example/x", ""));
    }
}
