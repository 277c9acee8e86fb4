//! Appeals: a school's team asks for a learner's mark on one question to be looked at again, once
//! the results are released. An admin upholds it (the learner's marks are set by hand, with the
//! reason, like any moderation change) or dismisses it with a reason; either is the appeal's end.

use crate::words::words;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AppealState {
    /// Waiting in the queue of Results moderation.
    Lodged,
    Upheld,
    Dismissed,
}

words!(AppealState, "appeal state" {
    Lodged => "lodged",
    Upheld => "upheld",
    Dismissed => "dismissed",
});

/// The outcome an admin gives an appeal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AppealOutcome {
    Upheld,
    Dismissed,
}

impl AppealState {
    /// Whether an admin may still decide the appeal: only once, while it waits.
    pub fn may_become(self, outcome: AppealOutcome) -> Option<AppealState> {
        match (self, outcome) {
            (AppealState::Lodged, AppealOutcome::Upheld) => Some(AppealState::Upheld),
            (AppealState::Lodged, AppealOutcome::Dismissed) => Some(AppealState::Dismissed),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Words;

    #[test]
    fn an_appeal_is_decided_once() {
        assert_eq!(
            AppealState::Lodged.may_become(AppealOutcome::Upheld),
            Some(AppealState::Upheld)
        );
        assert_eq!(
            AppealState::Lodged.may_become(AppealOutcome::Dismissed),
            Some(AppealState::Dismissed)
        );
        assert_eq!(
            AppealState::Upheld.may_become(AppealOutcome::Dismissed),
            None
        );
        assert_eq!(
            AppealState::Dismissed.may_become(AppealOutcome::Upheld),
            None
        );
    }

    #[test]
    fn states_are_spelt_as_serde_spells_them() {
        for state in AppealState::ALL {
            assert_eq!(
                serde_json::to_value(state).unwrap(),
                serde_json::Value::String(state.as_str().into())
            );
            assert_eq!(AppealState::parse(state.as_str()), Some(*state));
        }
        assert!(AppealState::from_word("open").is_err());
    }
}
