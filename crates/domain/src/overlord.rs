//! The overlord's own records: the notes kept for every olympiad (what to do before one, the issues
//! that come up each year) and the consistency checks run over the whole platform.

use crate::words::words;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Which of the overlord's notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NoteTopic {
    /// `/overlord/notes/before-olympiad`: the checklist before an olympiad opens.
    BeforeOlympiad,
    /// `/overlord/notes/common-issues`: what goes wrong and what fixes it.
    CommonIssues,
}

words!(NoteTopic, "note topic" {
    BeforeOlympiad => "before-olympiad",
    CommonIssues => "common-issues",
});

/// A consistency check of the sanity logs: each names a kind of record that should not exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SanityCheck {
    /// A learner loaded by a school but entered in no olympiad.
    LearnersWithoutParticipants,
    /// A school's entry with no learner entered in it.
    EntriesWithoutLearners,
    /// A school's entry whose team has no team admin to run it.
    EntriesWithoutTeamAdmin,
    /// A learner's entry whose school is not entered in that olympiad.
    ParticipantsWithoutEntry,
    /// An e-mail the job table gave up on.
    FailedEmails,
    /// A teacher linked to no school.
    TeachersWithoutSchool,
    /// A purchase order still on the list whose entry is gone or withdrawn.
    OrdersWithoutEntries,
    /// An e-mail still waiting to go to an address that is shunned.
    EmailsToShunned,
}

words!(SanityCheck, "sanity check" {
    LearnersWithoutParticipants => "learners-without-participants",
    EntriesWithoutLearners => "entries-without-learners",
    EntriesWithoutTeamAdmin => "entries-without-team-admin",
    ParticipantsWithoutEntry => "participants-without-entry",
    FailedEmails => "failed-emails",
    TeachersWithoutSchool => "teachers-without-school",
    OrdersWithoutEntries => "orders-without-entries",
    EmailsToShunned => "emails-to-shunned",
});

impl SanityCheck {
    /// What the finding means, for the overlord reading the sanity log.
    pub fn describe(self) -> &'static str {
        match self {
            SanityCheck::LearnersWithoutParticipants => {
                "Learners loaded by a school but entered in no olympiad"
            }
            SanityCheck::EntriesWithoutLearners => "School entries with no learner entered",
            SanityCheck::EntriesWithoutTeamAdmin => "School entries whose team has no team admin",
            SanityCheck::ParticipantsWithoutEntry => {
                "Learners entered in an olympiad without their school's entry"
            }
            SanityCheck::FailedEmails => "E-mails that failed for good",
            SanityCheck::TeachersWithoutSchool => "Teachers linked to no school",
            SanityCheck::OrdersWithoutEntries => "Purchase orders whose entry is gone or withdrawn",
            SanityCheck::EmailsToShunned => "E-mails waiting to go to a shunned address",
        }
    }
}

/// How often the worker runs the consistency checks by itself.
pub const SANITY_EVERY_HOURS: i64 = 6;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Words;

    #[test]
    fn serde_names_are_the_words() {
        for topic in NoteTopic::ALL {
            let json = serde_json::to_value(topic).unwrap();
            assert_eq!(json, topic.as_str());
        }
        for check in SanityCheck::ALL {
            let json = serde_json::to_value(check).unwrap();
            assert_eq!(json, check.as_str());
            assert!(!check.describe().is_empty());
        }
        assert_eq!(
            NoteTopic::parse("common-issues"),
            Some(NoteTopic::CommonIssues)
        );
        assert_eq!(<NoteTopic as Words>::parse("notes"), None);
    }
}
