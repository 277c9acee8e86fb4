//! Appeals against released results: lodged by the school's team for its own learner, on a
//! question of the paper, once per question while one waits; decided once by the olympiad's staff
//! while the results are not final. Upheld, the learner's marks are set through moderation with
//! the appeal named in the reason; the team reads the outcome beside the released score.

use crate::results::{field_of, grade_nine, is_conflict, move_to, placed, standings};
use olympiad_domain::appeals::{AppealOutcome, AppealState};
use olympiad_domain::id::AttemptId;
use olympiad_domain::results::{Award, ResultChangeKind, ResultsState};
use olympiad_office::appeals::{self, DecideInput, LodgeInput};
use olympiad_office::results;
use olympiad_office::OfficeError;
use olympiad_persistence::testing::TestDatabase;
use olympiad_persistence::DbConnection;

#[test]
fn an_appeal_upheld_sets_the_learners_marks_with_its_reason_once_and_the_team_sees_it_at_the_next_release(
) {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let (olympiad, office, entries, attempts) = grade_nine(conn);
    let o = &olympiad;
    let kearsney = entries[1].id;
    let lodge = |attempt: AttemptId, question: i32, reason: &str| LodgeInput {
        school_participant_id: kearsney,
        attempt_id: attempt,
        question,
        reason: reason.into(),
    };
    let reason = "12.4 is within the tolerance";

    // Not before the results are released.
    let early = appeals::lodge(conn, &office, &lodge(attempts["Mkhize"], 2, reason));
    assert!(is_conflict(early));
    move_to(conn, &office, o, ResultsState::Moderated).unwrap();
    move_to(conn, &office, o, ResultsState::Final).unwrap();

    // The paper has two questions; the reason is required; the learner must be the school's own.
    let refused = appeals::lodge(conn, &office, &lodge(attempts["Mkhize"], 3, reason));
    assert_eq!(field_of(refused.unwrap_err()), ["question"]);
    let refused = appeals::lodge(conn, &office, &lodge(attempts["Mkhize"], 2, " "));
    assert_eq!(field_of(refused.unwrap_err()), ["reason"]);
    let not_ours = appeals::lodge(conn, &office, &lodge(attempts["Mthembu"], 2, reason));
    assert!(matches!(not_ours, Err(OfficeError::NotFound(_))));

    // Mkhize's released 10 appealed on question 2; the same question waits already; question 1 too.
    let appeal = appeals::lodge(conn, &office, &lodge(attempts["Mkhize"], 2, reason)).unwrap();
    assert_eq!(
        (appeal.state, appeal.score),
        (AppealState::Lodged, Some(10))
    );
    let again = appeals::lodge(conn, &office, &lodge(attempts["Mkhize"], 2, "Again"));
    assert!(is_conflict(again));
    let second = appeals::lodge(conn, &office, &lodge(attempts["Mkhize"], 1, "Spelling")).unwrap();

    // Upheld with 35 marks: not while the results are final, and not without the marks.
    let uphold = DecideInput {
        outcome: AppealOutcome::Upheld,
        reason: "Within the tolerance".into(),
        marks: Some(35),
    };
    assert!(is_conflict(appeals::decide(
        conn, &office, appeal.id, &uphold
    )));
    move_to(conn, &office, o, ResultsState::Moderated).unwrap();
    let without_marks = DecideInput {
        marks: None,
        ..uphold.clone()
    };
    let refused = appeals::decide(conn, &office, appeal.id, &without_marks).unwrap_err();
    assert_eq!(field_of(refused), ["marks"]);
    let upheld = appeals::decide(conn, &office, appeal.id, &uphold).unwrap();
    assert_eq!(
        (upheld.state, upheld.marks, upheld.score),
        (AppealState::Upheld, Some(35), Some(35))
    );
    // Decided once only.
    assert!(is_conflict(appeals::decide(
        conn, &office, appeal.id, &uphold
    )));

    // The adjustment names the appeal before the admin's reason. 40, 35, 30, 20: Mkhize second.
    let view = results::moderation(conn, &office, o.id).unwrap();
    let change = &view.changes[0];
    assert_eq!(
        (
            change.kind,
            change.marks,
            change.marks_before,
            change.reason.as_str()
        ),
        (
            ResultChangeKind::Adjusted,
            Some(35),
            Some(10),
            "Appeal on question 2 upheld: Within the tolerance"
        )
    );
    assert_eq!(
        placed(&standings(conn, &office, o)["Mkhize"]),
        (2, 4, 1, 75.0, Some(Award::Bronze), true)
    );

    // Dismissed: its reason kept, the marks untouched.
    let dismiss = DecideInput {
        outcome: AppealOutcome::Dismissed,
        reason: "The spelling is not one we accept".into(),
        marks: None,
    };
    let dismissed = appeals::decide(conn, &office, second.id, &dismiss).unwrap();
    assert_eq!(
        (dismissed.state, dismissed.marks),
        (AppealState::Dismissed, None)
    );
    assert_eq!(standings(conn, &office, o)["Mkhize"].score, 35);

    // The queue shows the score as it stands; the team the score as released (10) until the next
    // final, then 35.
    let queue = appeals::of_olympiad(conn, &office, o.id).unwrap();
    assert!(queue.iter().all(|a| a.score == Some(35)));
    let team = |conn: &mut DbConnection| -> Vec<(AppealState, Option<i64>)> {
        let mut mine: Vec<_> = appeals::of_school(conn, &office, kearsney)
            .unwrap()
            .into_iter()
            .map(|a| (a.state, a.score))
            .collect();
        mine.sort_by_key(|(state, _)| state.as_str());
        mine
    };
    assert_eq!(
        team(conn),
        [
            (AppealState::Dismissed, Some(10)),
            (AppealState::Upheld, Some(10))
        ]
    );
    move_to(conn, &office, o, ResultsState::Final).unwrap();
    assert_eq!(
        team(conn),
        [
            (AppealState::Dismissed, Some(35)),
            (AppealState::Upheld, Some(35))
        ]
    );
}
