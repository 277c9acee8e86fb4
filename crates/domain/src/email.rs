//! E-mail rules without I/O: where a mass mail is in its life, whom it is for, what a bounce means
//! for an address, and whether an address is written well enough to try.

use crate::words::words;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A mass mail is written (draft), queued with its e-mails held until released (queued), sent out
/// as they are released (sending), paused (released e-mails go back to waiting), and sent once
/// every e-mail has a final state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MassMailStatus {
    Draft,
    Queued,
    Sending,
    Paused,
    Sent,
}

words!(MassMailStatus, "mass mail status" {
    Draft => "draft",
    Queued => "queued",
    Sending => "sending",
    Paused => "paused",
    Sent => "sent",
});

/// What a person may do to a mass mail in its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MassMailStep {
    Edit,
    Queue,
    Release,
    Pause,
    Resume,
    Delete,
}

impl MassMailStatus {
    /// The state after `step`, or why it may not be taken now.
    pub fn take(self, step: MassMailStep) -> Result<MassMailStatus, String> {
        use MassMailStatus::{Draft, Paused, Queued, Sending, Sent};
        use MassMailStep::{Delete, Edit, Pause, Queue, Release, Resume};
        match (self, step) {
            (Draft, Edit | Delete) => Ok(self),
            (Draft, Queue) => Ok(Queued),
            (Queued | Sending, Release) => Ok(Sending),
            (Queued | Sending, Pause) => Ok(Paused),
            (Paused, Resume | Release) => Ok(Sending),
            (Queued | Paused, Delete) => Ok(self),
            (Sent, _) => Err("This mass mail has been sent.".into()),
            (Draft, _) => Err("This mass mail is a draft: queue it first.".into()),
            (_, Edit | Queue) => Err("This mass mail is queued already; its copy is fixed.".into()),
            (_, Delete) => {
                Err("A mass mail that is sending cannot be deleted: pause it first.".into())
            }
            (_, Resume) => Err("This mass mail is not paused.".into()),
            (Paused, Pause) => Err("This mass mail is paused already.".into()),
        }
    }
}

/// Whom a mass mail goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// The team members of every school entered in the olympiad.
    ParticipatingTeachers,
    /// The team admins of entered schools that have not loaded a learner yet.
    SchoolsWithoutLearners,
    /// Everyone whose expression of interest in the olympiad is still open.
    InterestedParties,
    /// Every teacher of the platform (overlord only).
    AllTeachers,
    /// The team members (a country entry: its team leader and invoice contact) of every entry
    /// whose purchase order is unpaid: not paid, not pre-approved (as the Payment Portal's
    /// "unpaid"), and not deleted.
    UnpaidOrders,
}

words!(Audience, "audience" {
    ParticipatingTeachers => "participating_teachers",
    SchoolsWithoutLearners => "schools_without_learners",
    InterestedParties => "interested_parties",
    AllTeachers => "all_teachers",
    UnpaidOrders => "unpaid_orders",
});

impl Audience {
    /// Whether the audience reaches beyond one olympiad, which only the overlord may mail.
    pub fn platform_wide(self) -> bool {
        self == Audience::AllTeachers
    }
}

/// What the mail provider said of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BounceKind {
    /// The address does not exist or refuses for good.
    Hard,
    /// The mailbox is full or the server busy: counted, not shunned.
    Soft,
    /// The person marked it as spam.
    Complaint,
}

words!(BounceKind, "bounce kind" {
    Hard => "hard",
    Soft => "soft",
    Complaint => "complaint",
});

/// How many soft bounces make an address as bad as a hard one.
pub const SOFT_BOUNCES_TO_SHUN: i64 = 5;

impl BounceKind {
    /// A hard bounce or a complaint shuns the address at once: mailing it again hurts the
    /// sender's reputation for everyone. Soft bounces shun only once they pile up.
    pub fn shuns(self, soft_bounces_before: i64) -> bool {
        match self {
            BounceKind::Hard | BounceKind::Complaint => true,
            BounceKind::Soft => soft_bounces_before + 1 >= SOFT_BOUNCES_TO_SHUN,
        }
    }

    /// A DSN's status code (`5.1.1`, `4.2.2`): permanent failures are hard, transient soft.
    pub fn from_status_code(code: &str) -> Option<BounceKind> {
        match code.trim().chars().next() {
            Some('5') => Some(BounceKind::Hard),
            Some('4') => Some(BounceKind::Soft),
            _ => None,
        }
    }
}

/// The final state of one e-mail in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EmailOutcome {
    Sent,
    Failed,
    /// Not sent: the address is shunned or unsubscribed.
    Skipped,
    /// Sent, then bounced.
    Bounced,
}

words!(EmailOutcome, "e-mail outcome" {
    Sent => "sent",
    Failed => "failed",
    Skipped => "skipped",
    Bounced => "bounced",
});

/// Whether the mail servers of an address's domain were found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MailServers {
    Found,
    None,
    /// No resolver is configured, or it did not answer in time.
    Unknown,
}

words!(MailServers, "mail servers" {
    Found => "found",
    None => "none",
    Unknown => "unknown",
});

/// Files a mass mail may carry. Each message carries them all, to thousands of people: a few
/// small files keep the send light and keep the messages under every provider's size limit.
pub const MASS_MAIL_MAX_FILES: usize = 3;
/// The largest file a mass mail may carry, in bytes.
pub const MASS_MAIL_MAX_FILE_BYTES: usize = 2 * 1024 * 1024;
/// All its files together, in bytes (base64 makes a message a third larger still).
pub const MASS_MAIL_MAX_TOTAL_BYTES: u64 = 5 * 1024 * 1024;

/// Why a mass mail may not take one more file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileRefusal {
    /// It carries as many as it may: a state to change first.
    TooMany(String),
    /// The file is too large, alone or with the others.
    TooLarge(String),
}

/// Whether a mass mail that carries files of `sizes` bytes may take one more of `new_size`.
pub fn mass_mail_file_problem(sizes: &[u64], new_size: u64) -> Option<FileRefusal> {
    if sizes.len() >= MASS_MAIL_MAX_FILES {
        return Some(FileRefusal::TooMany(format!(
            "A mass mail carries at most {MASS_MAIL_MAX_FILES} files: remove one first."
        )));
    }
    if new_size > MASS_MAIL_MAX_FILE_BYTES as u64 {
        return Some(FileRefusal::TooLarge(format!(
            "is larger than {} MB",
            MASS_MAIL_MAX_FILE_BYTES / (1024 * 1024)
        )));
    }
    if sizes.iter().sum::<u64>() + new_size > MASS_MAIL_MAX_TOTAL_BYTES {
        return Some(FileRefusal::TooLarge(format!(
            "would make the files together larger than {} MB",
            MASS_MAIL_MAX_TOTAL_BYTES / (1024 * 1024)
        )));
    }
    None
}

/// An address as people type it, trimmed and in lower case: the one form stored and compared.
pub fn normal_address(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Whether an address is written as one can be delivered: one `@`, a local part, a domain of at
/// least two labels of letters, digits and hyphens, no spaces, at most 254 characters.
pub fn address_syntax_ok(email: &str) -> bool {
    let email = email.trim();
    if email.len() > 254 || email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    if local.is_empty() || local.len() > 64 || local.contains('@') {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

/// The domain part of an address, for the mail server check.
pub fn address_domain(email: &str) -> Option<&str> {
    email.trim().rsplit_once('@').map(|(_, domain)| domain)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_mass_mail_takes_a_few_small_files() {
        assert_eq!(mass_mail_file_problem(&[], 1000), None);
        assert_eq!(mass_mail_file_problem(&[1000, 1000], 1000), None);
        assert!(matches!(
            mass_mail_file_problem(&[1, 1, 1], 1),
            Some(FileRefusal::TooMany(_))
        ));
        assert!(matches!(
            mass_mail_file_problem(&[], 2 * 1024 * 1024 + 1),
            Some(FileRefusal::TooLarge(_))
        ));
        let big = 2 * 1024 * 1024;
        assert!(matches!(
            mass_mail_file_problem(&[big, big], big),
            Some(FileRefusal::TooLarge(_))
        ));
    }

    use super::*;

    #[test]
    fn hard_bounces_and_complaints_shun_soft_ones_pile_up() {
        assert!(BounceKind::Hard.shuns(0));
        assert!(BounceKind::Complaint.shuns(0));
        assert!(!BounceKind::Soft.shuns(0));
        assert!(BounceKind::Soft.shuns(SOFT_BOUNCES_TO_SHUN - 1));
        assert_eq!(
            BounceKind::from_status_code("5.1.1"),
            Some(BounceKind::Hard)
        );
        assert_eq!(
            BounceKind::from_status_code("4.2.2"),
            Some(BounceKind::Soft)
        );
        assert_eq!(BounceKind::from_status_code("2.0.0"), None);
    }

    #[test]
    fn a_mass_mail_is_queued_released_paused_and_resumed() {
        use MassMailStatus::*;
        use MassMailStep::*;
        assert_eq!(Draft.take(Queue), Ok(Queued));
        assert_eq!(Queued.take(Release), Ok(Sending));
        assert_eq!(Sending.take(Pause), Ok(Paused));
        assert_eq!(Paused.take(Resume), Ok(Sending));
        assert!(Draft.take(Release).is_err());
        assert!(Sending.take(Edit).is_err());
        assert!(Sent.take(Queue).is_err());
        assert!(Sending.take(Delete).is_err());
    }

    #[test]
    fn address_syntax() {
        assert!(address_syntax_ok("thandi@school.co.za"));
        assert!(address_syntax_ok(" a.b+c@x-y.org "));
        for bad in [
            "",
            "no-at",
            "@x.org",
            "a@x",
            "a@-x.org",
            "a b@x.org",
            "a@x..org",
            "a@@x.org",
        ] {
            assert!(!address_syntax_ok(bad), "{bad}");
        }
        assert_eq!(address_domain("a@X.org"), Some("X.org"));
        assert_eq!(normal_address(" A@X.org "), "a@x.org");
    }
}
