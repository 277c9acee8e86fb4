//! Expressions of interest: a teacher's, or someone else's (a parent, a tutor), is
//! open until an admin processes it (a teacher's becomes an entry of their school) or declines it.

use crate::words::words;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InterestKind {
    Teacher,
    Other,
}

words!(InterestKind, "interest kind" {
    Teacher => "teacher",
    Other => "other",
});

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InterestStatus {
    Open,
    Processed,
    Declined,
}

words!(InterestStatus, "interest status" {
    Open => "open",
    Processed => "processed",
    Declined => "declined",
});

impl InterestStatus {
    /// Only an open expression can be processed or declined; a handled one stays as it was
    /// handled (a second click of "Process" must not make a second entry).
    pub fn handle(self, to: InterestStatus) -> Result<InterestStatus, String> {
        match (self, to) {
            (InterestStatus::Open, InterestStatus::Processed | InterestStatus::Declined) => Ok(to),
            (from, to) if from == to => Err(format!(
                "This expression of interest was already {}.",
                from.as_str()
            )),
            (from, to) => Err(format!(
                "This expression of interest was {}; it cannot become {}.",
                from.as_str(),
                to.as_str()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use InterestStatus::*;

    #[test]
    fn open_becomes_processed_or_declined_once() {
        assert_eq!(Open.handle(Processed), Ok(Processed));
        assert_eq!(Open.handle(Declined), Ok(Declined));
        assert!(Processed
            .handle(Processed)
            .unwrap_err()
            .contains("already processed"));
        assert!(Declined.handle(Processed).is_err());
        assert!(Processed.handle(Open).is_err());
    }
}
