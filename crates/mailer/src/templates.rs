//! Filling copy: `{{name}}` placeholders replaced by their values, escaped in the HTML part so
//! that a name typed as `<script>` arrives as text.

/// `template` with each `{{name}}` of `values` replaced; `html` escapes the values. One pass over
/// the template: a value is written out and never read again, so a name typed as `{{link}}` stays
/// those letters rather than becoming the link. A placeholder without a value stays as it is.
pub fn fill(template: &str, values: &[(&str, &str)], html: bool) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let value = after.find("}}").and_then(|end| {
            values
                .iter()
                .find(|(name, _)| *name == &after[..end])
                .map(|(_, value)| (end, *value))
        });
        match value {
            Some((end, value)) => {
                if html {
                    out.push_str(&escape_html(value));
                } else {
                    out.push_str(value);
                }
                rest = &after[end + 2..];
            }
            None => {
                out.push('{');
                rest = &rest[start + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Copy that staff wrote is a fragment: it is framed as a whole document here. The default copy
/// is a document already.
pub fn wrap_html(html: &str) -> String {
    if html.trim_start().starts_with("<!doctype") || html.trim_start().starts_with("<html") {
        html.to_owned()
    } else {
        format!(
            "<!doctype html>\n<html lang=\"en\"><body style=\"font-family: Arial, sans-serif; color: #1a1a1a; line-height: 1.5\">\n{html}\n</body></html>\n"
        )
    }
}

pub(crate) fn escape_html(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_and_escaped_in_html_only() {
        let values = [
            ("name", "<b>Sipho</b>"),
            ("username", "s@example.org"),
            ("link", "https://x/reset-password/abc"),
        ];
        let kind = crate::kinds::system_email("password_reset").unwrap();
        let html = fill(kind.html, &values, true);
        assert!(html.contains("&lt;b&gt;Sipho&lt;/b&gt;"));
        assert!(html.contains("https://x/reset-password/abc"));
        assert!(!html.contains("{{"));
        let text = fill(kind.text, &values, false);
        assert!(text.contains("Hello <b>Sipho</b>,"));
        assert!(!text.contains("{{"));
    }

    #[test]
    fn a_value_is_never_read_as_a_placeholder() {
        let values = [
            ("name", "{{link}}"),
            ("link", "https://x/reset-password/abc"),
        ];
        assert_eq!(
            fill("Hello {{name}}: {{link}}", &values, false),
            "Hello {{link}}: https://x/reset-password/abc"
        );
        assert_eq!(
            fill("<p>{{name}}</p><a href=\"{{link}}\">go</a>", &values, true),
            "<p>{{link}}</p><a href=\"https://x/reset-password/abc\">go</a>"
        );
        // An unknown or unclosed placeholder stays as written.
        assert_eq!(fill("{{nmae}} {{name", &values, false), "{{nmae}} {{name");
        assert_eq!(fill("{{{name}}}", &values, false), "{{{link}}}");
    }
}
