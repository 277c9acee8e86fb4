//! The catalogue of system e-mails: every automatic e-mail the platform sends, declared once with
//! its placeholders (each with a sample for the preview) and its default copy. Staff edit the copy
//! per olympiad (System Emails), the overlord the platform's copy (Email Copy); what they save is
//! used in place of the default, and the editor and the preview read this catalogue.
//!
//! Adding a kind: write `templates/<key>.{txt,html}`, add one [`SystemEmail`] entry below, and a
//! variant of [`crate::Email`] whose `kind()` answers the key and whose `values()` answers the
//! placeholders. Nothing else changes: the screens list the catalogue, and copy is looked up by key.

/// A `{{name}}` in the copy: what it stands for, and a sample for the preview.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Placeholder {
    pub name: &'static str,
    pub about: &'static str,
    pub sample: &'static str,
    /// A link the platform makes, which may carry a secret (a reset, welcome, verification or
    /// pay link): copy may place it only whole ([`crate::links`]).
    pub link: bool,
}

/// One kind of system e-mail and its default copy.
#[derive(Debug, Clone, Copy)]
pub struct SystemEmail {
    pub key: &'static str,
    pub title: &'static str,
    /// When it is sent.
    pub about: &'static str,
    pub placeholders: &'static [Placeholder],
    pub subject: &'static str,
    pub text: &'static str,
    pub html: &'static str,
}

const fn placeholder(name: &'static str, about: &'static str, sample: &'static str) -> Placeholder {
    Placeholder {
        name,
        about,
        sample,
        link: false,
    }
}

/// Every e-mail has these: the addressee's name and username.
const NAME: Placeholder = placeholder("name", "the addressee's name", "Thandi Mokoena");
const USERNAME: Placeholder = placeholder("username", "their username", "thandi@example.org");
const OLYMPIAD: Placeholder = placeholder(
    "olympiad",
    "the olympiad's title",
    "Geography Olympiad 2026",
);
const SCHOOL: Placeholder = placeholder("school", "the school's name", "Waterkloof High School");
const LINK: Placeholder = Placeholder {
    name: "link",
    about:
        "the link the e-mail is about (only ever a whole link: href=\"{{link}}\", or on its own)",
    sample: "https://olympiads.example/link",
    link: true,
};
const CUSTOMER: Placeholder = placeholder(
    "customer",
    "the school or country the order is for",
    "Waterkloof High School",
);
const TOTAL: Placeholder = placeholder("total", "the amount due, VAT included", "R 1 725.00");
const ACTION: Placeholder = placeholder(
    "action",
    "the button's words: choose a password (new account) or sign in",
    "Choose your password",
);

pub const SYSTEM_EMAILS: &[SystemEmail] = &[
    SystemEmail {
        key: "password_reset",
        title: "Password reset",
        about: "Someone asked to reset their password.",
        placeholders: &[NAME, USERNAME, LINK],
        subject: "Reset your olympiad password",
        text: include_str!("../templates/password_reset.txt"),
        html: include_str!("../templates/password_reset.html"),
    },
    SystemEmail {
        key: "address_check",
        title: "E-mail address check",
        about: "Someone asked on the public site whether the address receives our mail.",
        placeholders: &[NAME, USERNAME, LINK],
        subject: "Your e-mail address receives olympiad mail",
        text: include_str!("../templates/address_check.txt"),
        html: include_str!("../templates/address_check.html"),
    },
    SystemEmail {
        key: "two_factor_enabled",
        title: "Two-factor sign-in is on",
        about: "A staff member set up two-factor sign-in.",
        placeholders: &[NAME, USERNAME],
        subject: "Two-factor sign-in is on",
        text: include_str!("../templates/two_factor_enabled.txt"),
        html: include_str!("../templates/two_factor_enabled.html"),
    },
    SystemEmail {
        key: "interest_verify",
        title: "Expression of interest: confirm the address",
        about: "A teacher filled in the interest form.",
        placeholders: &[NAME, USERNAME, OLYMPIAD, LINK],
        subject: "Please confirm your e-mail address for the {{olympiad}}",
        text: include_str!("../templates/interest_verify.txt"),
        html: include_str!("../templates/interest_verify.html"),
    },
    SystemEmail {
        key: "interest_processed",
        title: "Expression of interest processed",
        about: "Staff entered the teacher's school in the olympiad.",
        placeholders: &[NAME, USERNAME, OLYMPIAD, SCHOOL, LINK, ACTION],
        subject: "{{school}} is entered in the {{olympiad}}",
        text: include_str!("../templates/interest_processed.txt"),
        html: include_str!("../templates/interest_processed.html"),
    },
    SystemEmail {
        key: "interest_declined",
        title: "Expression of interest declined",
        about: "Staff declined an expression of interest.",
        placeholders: &[
            NAME,
            USERNAME,
            OLYMPIAD,
            placeholder(
                "reason",
                "why it was declined",
                "The school is outside the region.",
            ),
        ],
        subject: "Your interest in the {{olympiad}}",
        text: include_str!("../templates/interest_declined.txt"),
        html: include_str!("../templates/interest_declined.html"),
    },
    SystemEmail {
        key: "team_invitation",
        title: "Team invitation",
        about: "A team admin added a colleague to the school's team.",
        placeholders: &[
            NAME,
            USERNAME,
            placeholder("inviter", "who added them", "Sipho Dlamini"),
            OLYMPIAD,
            SCHOOL,
            LINK,
            ACTION,
        ],
        subject: "You are in the {{olympiad}} team of {{school}}",
        text: include_str!("../templates/team_invitation.txt"),
        html: include_str!("../templates/team_invitation.html"),
    },
    SystemEmail {
        key: "certificates_ready",
        title: "Certificates ready",
        about: "The school's certificates were made from the final results.",
        placeholders: &[
            NAME,
            USERNAME,
            OLYMPIAD,
            SCHOOL,
            placeholder("certificates", "how many certificates", "42"),
            LINK,
        ],
        subject: "Certificates of {{school}} for the {{olympiad}}",
        text: include_str!("../templates/certificates_ready.txt"),
        html: include_str!("../templates/certificates_ready.html"),
    },
    SystemEmail {
        key: "discount_granted",
        title: "Discount granted",
        about: "The office granted learners without charge on an entry's order.",
        placeholders: &[
            NAME,
            USERNAME,
            OLYMPIAD,
            CUSTOMER,
            placeholder("free_learners", "learners without charge", "5"),
            TOTAL,
            LINK,
        ],
        subject: "A discount on the {{olympiad}} entry of {{customer}}",
        text: include_str!("../templates/discount_granted.txt"),
        html: include_str!("../templates/discount_granted.html"),
    },
    SystemEmail {
        key: "invoice_issued",
        title: "Tax invoice issued",
        about: "A tax invoice or credit note was issued for an entry's order.",
        placeholders: &[
            NAME,
            USERNAME,
            OLYMPIAD,
            CUSTOMER,
            placeholder("number", "the invoice's number", "INV-000042"),
            TOTAL,
            LINK,
        ],
        subject: "{{number}}: the {{olympiad}} entry of {{customer}}",
        text: include_str!("../templates/invoice_issued.txt"),
        html: include_str!("../templates/invoice_issued.html"),
    },
];

/// The kind with this key.
pub fn system_email(key: &str) -> Option<&'static SystemEmail> {
    SYSTEM_EMAILS.iter().find(|kind| kind.key == key)
}

impl SystemEmail {
    /// The samples of its placeholders, for a preview.
    pub fn samples(&self) -> Vec<(&'static str, String)> {
        self.placeholders
            .iter()
            .map(|p| (p.name, p.sample.to_owned()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_copy_uses_only_its_declared_placeholders() {
        for kind in SYSTEM_EMAILS {
            for part in [kind.subject, kind.text, kind.html] {
                let mut rest = part;
                while let Some(start) = rest.find("{{") {
                    let end = rest[start..].find("}}").expect("closed placeholder") + start;
                    let name = &rest[start + 2..end];
                    assert!(
                        kind.placeholders.iter().any(|p| p.name == name),
                        "{}: {{{{{name}}}}} is not declared",
                        kind.key
                    );
                    rest = &rest[end + 2..];
                }
            }
        }
    }

    #[test]
    fn every_default_copy_places_its_links_whole() {
        use crate::links::{misplaced_link, Part};
        for kind in SYSTEM_EMAILS {
            for (part, which) in [
                (kind.subject, Part::Subject),
                (kind.html, Part::Html),
                (kind.text, Part::Text),
            ] {
                assert_eq!(
                    misplaced_link(part, kind.placeholders, which),
                    None,
                    "{}",
                    kind.key
                );
            }
        }
    }
}
