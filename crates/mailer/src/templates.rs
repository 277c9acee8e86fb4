//! Filling copy: `{{name}}` placeholders replaced by their values, escaped in the HTML part so
//! that a name typed as `<script>` arrives as text.

/// `template` with each `{{name}}` of `values` replaced; `html` escapes the values.
pub fn fill(template: &str, values: &[(&str, &str)], html: bool) -> String {
    values
        .iter()
        .fold(template.to_owned(), |out, (name, value)| {
            let value = if html {
                escape_html(value)
            } else {
                (*value).to_owned()
            };
            out.replace(&format!("{{{{{name}}}}}"), &value)
        })
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
}
