//! The templates of `templates/`, filled by replacing `{{name}}` placeholders. Values are escaped in
//! the HTML part, so a name typed as `<script>` arrives as text.

pub struct Template {
    text: &'static str,
    html: &'static str,
}

pub const PASSWORD_RESET: Template = Template {
    text: include_str!("../templates/password_reset.txt"),
    html: include_str!("../templates/password_reset.html"),
};

pub const TWO_FACTOR_ENABLED: Template = Template {
    text: include_str!("../templates/two_factor_enabled.txt"),
    html: include_str!("../templates/two_factor_enabled.html"),
};

pub const INTEREST_VERIFY: Template = Template {
    text: include_str!("../templates/interest_verify.txt"),
    html: include_str!("../templates/interest_verify.html"),
};

pub const INTEREST_PROCESSED: Template = Template {
    text: include_str!("../templates/interest_processed.txt"),
    html: include_str!("../templates/interest_processed.html"),
};

pub const INTEREST_DECLINED: Template = Template {
    text: include_str!("../templates/interest_declined.txt"),
    html: include_str!("../templates/interest_declined.html"),
};

pub const TEAM_INVITATION: Template = Template {
    text: include_str!("../templates/team_invitation.txt"),
    html: include_str!("../templates/team_invitation.html"),
};

pub const CERTIFICATES_READY: Template = Template {
    text: include_str!("../templates/certificates_ready.txt"),
    html: include_str!("../templates/certificates_ready.html"),
};

pub const DISCOUNT_GRANTED: Template = Template {
    text: include_str!("../templates/discount_granted.txt"),
    html: include_str!("../templates/discount_granted.html"),
};

pub const INVOICE_ISSUED: Template = Template {
    text: include_str!("../templates/invoice_issued.txt"),
    html: include_str!("../templates/invoice_issued.html"),
};

impl Template {
    pub fn text(&self, values: &[(&str, &str)]) -> String {
        fill(self.text, values, |v| v.to_owned())
    }

    pub fn html(&self, values: &[(&str, &str)]) -> String {
        fill(self.html, values, escape_html)
    }
}

fn fill(template: &str, values: &[(&str, &str)], escape: impl Fn(&str) -> String) -> String {
    values
        .iter()
        .fold(template.to_owned(), |out, (name, value)| {
            out.replace(&format!("{{{{{name}}}}}"), &escape(value))
        })
}

fn escape_html(value: &str) -> String {
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
        let html = PASSWORD_RESET.html(&values);
        assert!(html.contains("&lt;b&gt;Sipho&lt;/b&gt;"));
        assert!(html.contains("https://x/reset-password/abc"));
        assert!(!html.contains("{{"));
        let text = PASSWORD_RESET.text(&values);
        assert!(text.contains("Hello <b>Sipho</b>,"));
        assert!(!text.contains("{{"));
    }
}
