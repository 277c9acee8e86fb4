//! Who sees the paper, when: the one rule every route that returns question content, a learner's
//! answers, marks or the answer key asks before it answers (`office::paper_sight` finds the moment
//! and asks it). The paper is the olympiad's secret until nobody can write it any more: a teacher
//! who could read it while one school still waits for its window could hand it on.
//!
//! | who                          | before | lobby | started | finished | closed | released |
//! |------------------------------|--------|-------|---------|----------|--------|----------|
//! | admin, overlord              | all    | all   | all     | all      | all    | all      |
//! | learner, of their own paper  | –      | –     | Q A     | –        | –      | –        |
//! | teacher, of their learners   | –      | –     | –       | –        | Q A    | Q A M    |
//! | accountant, funding, marketing | –    | –     | –       | –        | –      | –        |
//!
//! Q: the questions (stems, options, pictures); A: the learner's answers; M: marks and scores;
//! all: those and the answer key. A learner in the lobby may hold the paper sealed; its key comes
//! only with the start that starts their clock (`office::lobby`).

use crate::role::Role;
use crate::sitting::AttemptStatus;
use serde::Serialize;
use utoipa::ToSchema;

/// Where the sitting is, seen from one learner's paper (or, with no learner in view, from the
/// olympiad: before its opening, open, closed or released).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PaperMoment {
    /// The olympiad has not opened.
    BeforeOpening,
    /// Open, and this learner's clock has not started (they may wait in the lobby).
    Lobby,
    /// This learner's clock runs.
    Started,
    /// This learner has handed in; others may still be writing.
    Finished,
    /// Nobody can write any more: every window of the olympiad, its schools' staggered windows
    /// included, has ended and no clock still runs.
    Closed,
    /// The results have been released (made final at least once).
    Released,
}

impl PaperMoment {
    /// The moment of one learner's paper: started while their clock runs (the olympiad cannot
    /// have closed then, and a release does not take the paper from a learner still writing),
    /// else the olympiad's own once it has closed or released, else where their attempt is.
    pub fn of_learner(olympiad: PaperMoment, attempt: Option<AttemptStatus>) -> PaperMoment {
        match (olympiad, attempt) {
            (_, Some(AttemptStatus::Writing)) => PaperMoment::Started,
            (PaperMoment::Closed | PaperMoment::Released, _) => olympiad,
            (_, Some(AttemptStatus::Finished)) => PaperMoment::Finished,
            (PaperMoment::BeforeOpening, _) => PaperMoment::BeforeOpening,
            _ => PaperMoment::Lobby,
        }
    }
}

/// Whether a learner may see their own paper with their attempt in this state: the rule below at
/// the learner's moment, which for a learner turns on their attempt alone (tested), so the
/// busiest read of the sitting need not look up the olympiad's moment.
pub fn learner_sees_own_paper(attempt: AttemptStatus) -> bool {
    paper_sight(
        Role::Learner,
        PaperMoment::of_learner(PaperMoment::Lobby, Some(attempt)),
    )
    .questions
}

/// What of the paper may be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperSight {
    /// The questions: module texts, stems, options and pictures.
    pub questions: bool,
    /// What the learner answered.
    pub answers: bool,
    /// Marks and scores.
    pub marks: bool,
    /// The answer key: which options are right, the accepted answers.
    pub key: bool,
}

const NOTHING: PaperSight = PaperSight {
    questions: false,
    answers: false,
    marks: false,
    key: false,
};

const EVERYTHING: PaperSight = PaperSight {
    questions: true,
    answers: true,
    marks: true,
    key: true,
};

/// What of a paper a person with `role` may see at `moment`: of their own paper for a learner, of
/// their school's learners' papers for a teacher, of any paper of their olympiad for staff (the
/// caller's reach is decided before, by `find_in_reach`).
pub fn paper_sight(role: Role, moment: PaperMoment) -> PaperSight {
    use PaperMoment::{Closed, Released, Started};
    match role {
        // The paper's authors and moderators.
        Role::Admin | Role::Overlord => EVERYTHING,
        // Only while their own clock runs; the answers they gave are not shown again after it.
        Role::Learner if moment == Started => PaperSight {
            questions: true,
            answers: true,
            ..NOTHING
        },
        Role::Teacher if moment == Closed || moment == Released => PaperSight {
            questions: true,
            answers: true,
            marks: moment == Released,
            key: false,
        },
        Role::Learner | Role::Teacher | Role::Accountant | Role::Funding | Role::Marketing => {
            NOTHING
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PaperMoment::*;

    const MOMENTS: [PaperMoment; 6] = [BeforeOpening, Lobby, Started, Finished, Closed, Released];

    #[test]
    fn the_authors_see_everything_always() {
        for moment in MOMENTS {
            assert_eq!(paper_sight(Role::Admin, moment), EVERYTHING);
            assert_eq!(paper_sight(Role::Overlord, moment), EVERYTHING);
        }
    }

    #[test]
    fn a_learner_sees_the_questions_only_while_writing_and_never_the_key() {
        for moment in MOMENTS {
            let sight = paper_sight(Role::Learner, moment);
            assert_eq!(sight.questions, moment == Started, "{moment:?}");
            assert!(!sight.key && !sight.marks, "{moment:?}");
        }
    }

    #[test]
    fn a_teacher_sees_the_questions_once_nobody_can_write_and_marks_once_released() {
        for moment in MOMENTS {
            let sight = paper_sight(Role::Teacher, moment);
            assert_eq!(
                sight.questions,
                matches!(moment, Closed | Released),
                "{moment:?}"
            );
            assert_eq!(sight.marks, moment == Released, "{moment:?}");
            assert!(!sight.key);
        }
    }

    #[test]
    fn the_office_staff_never_see_the_paper() {
        for role in [Role::Accountant, Role::Funding, Role::Marketing] {
            for moment in MOMENTS {
                assert_eq!(paper_sight(role, moment), NOTHING, "{role:?} {moment:?}");
            }
        }
    }

    #[test]
    fn a_learners_moment_follows_the_olympiad_once_it_closes() {
        use AttemptStatus::{Finished as Done, Preparing, Writing};
        assert_eq!(PaperMoment::of_learner(Lobby, Some(Writing)), Started);
        assert_eq!(PaperMoment::of_learner(Lobby, Some(Done)), Finished);
        assert_eq!(PaperMoment::of_learner(Lobby, Some(Preparing)), Lobby);
        assert_eq!(PaperMoment::of_learner(Lobby, None), Lobby);
        assert_eq!(PaperMoment::of_learner(BeforeOpening, None), BeforeOpening);
        // Written before the olympiad was closed again: still their own finished paper.
        assert_eq!(PaperMoment::of_learner(BeforeOpening, Some(Done)), Finished);
        assert_eq!(PaperMoment::of_learner(Closed, Some(Done)), Closed);
        assert_eq!(PaperMoment::of_learner(Released, Some(Writing)), Started);
        assert_eq!(PaperMoment::of_learner(Released, None), Released);
    }

    #[test]
    fn a_learners_own_paper_turns_on_their_attempt_alone() {
        use AttemptStatus::{Finished as Done, Preparing, Writing};
        for status in [Preparing, Writing, Done] {
            for olympiad in MOMENTS {
                let moment = PaperMoment::of_learner(olympiad, Some(status));
                assert_eq!(
                    paper_sight(Role::Learner, moment).questions,
                    learner_sees_own_paper(status),
                    "{status:?} {olympiad:?}"
                );
            }
        }
        assert!(learner_sees_own_paper(Writing));
        assert!(!learner_sees_own_paper(Preparing) && !learner_sees_own_paper(Done));
    }
}
