//! Stored results that follow each change in place are the results computed whole: a seeded run
//! of learners finishing, marks adjusted, learners disqualified and reinstated, appeals decided
//! and the medal bands changed, attempts set aside and erased, over a few hundred learners of five
//! grades in six schools with their answers, with every row (scores, the best of each school),
//! the counts that place them (ties, percentiles, awards, distributions and outliers come from
//! these), the top schools with their medals and each question's answers by their marks compared
//! with a whole computation after each step.

use crate::common::{answered, entered_learner, entered_school, finished_attempt, paper};
use crate::results::move_to;
use olympiad_bench::fixtures::{geography_olympiad, overlord};
use olympiad_domain::appeals::AppealOutcome;
use olympiad_domain::id::{AppealId, AttemptId, ParticipantId, QuestionId};
use olympiad_domain::results::{MedalBands, ResultsState};
use olympiad_office::appeals::{self, DecideInput, LodgeInput};
use olympiad_office::results::{self, AdjustInput, BandsInput, DisqualifyInput};
use olympiad_office::Caller;
use olympiad_persistence::models::{
    Attempt, Olympiad, OlympiadResults, ResultRow, ResultRowFilter, SchoolParticipant,
};
use olympiad_persistence::testing::TestDatabase;
use olympiad_persistence::DbConnection;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const LEARNERS: usize = 300;
/// Entered, not yet finished: they finish during the run.
const WAITING: usize = 40;
const APPEALS: usize = 20;
const STEPS: usize = 120;

/// The stored results: every row in the grid's order, the counts that place them, the top schools,
/// the questions' answers by marks.
type Stored = (Vec<ResultRow>, String, String, String);

fn stored(conn: &mut DbConnection, olympiad: &Olympiad) -> Stored {
    let results = OlympiadResults::of_olympiad(conn, olympiad.id).unwrap();
    let computed = ResultRow::computed(conn, results.id).unwrap();
    let generation = ResultRow::generation(conn, olympiad.id).unwrap();
    assert!(
        computed.computed_generation >= generation,
        "the change left the stored results behind"
    );
    let filter = ResultRowFilter::default();
    let (rows, _) = ResultRow::page(conn, results.id, &filter, &[], None, None).unwrap();
    (
        rows,
        computed.computed_counts,
        computed.computed_schools,
        computed.computed_questions,
    )
}

/// The results computed whole, stored in place of what the changes left.
fn computed_whole(conn: &mut DbConnection, olympiad: &Olympiad) -> Stored {
    let results = OlympiadResults::of_olympiad(conn, olympiad.id).unwrap();
    // Behind every generation: computed again whatever is stored.
    diesel::RunQueryDsl::execute(
        diesel::sql_query(format!(
            "UPDATE olympiad_results SET computed_generation = -1 WHERE id = {}",
            results.id
        )),
        conn,
    )
    .unwrap();
    results::recompute(conn, olympiad.id).unwrap();
    stored(conn, olympiad)
}

struct Run {
    olympiad: Olympiad,
    office: Caller,
    questions: Vec<QuestionId>,
    entries: Vec<SchoolParticipant>,
    finished: Vec<AttemptId>,
    waiting: Vec<(usize, ParticipantId)>,
    /// Lodged and not yet decided, with the attempt each is about.
    appeals: Vec<(AppealId, AttemptId)>,
    rng: StdRng,
}

impl Run {
    fn new(conn: &mut DbConnection) -> Run {
        let olympiad = geography_olympiad(conn, false);
        let office = overlord(conn);
        let questions = paper(conn, &olympiad, &[10, 10, 4]);
        let schools = [
            ("Crawford College", "Gauteng"),
            ("Pietersburg High", "Limpopo"),
            ("Sunward Park", "Gauteng"),
            ("Rondebosch", "Western Cape"),
            ("Grey College", "Free State"),
            ("Thohoyandou Secondary", "Limpopo"),
        ];
        let entries: Vec<SchoolParticipant> = schools
            .iter()
            .map(|(name, province)| entered_school(conn, &olympiad, name, province))
            .collect();
        let mut run = Run {
            olympiad,
            office,
            questions,
            entries,
            finished: Vec::new(),
            waiting: Vec::new(),
            appeals: Vec::new(),
            rng: StdRng::seed_from_u64(20_261_128),
        };
        for i in 0..LEARNERS + WAITING {
            let school = run.rng.random_range(0..run.entries.len());
            let grade = run.rng.random_range(8..=12);
            let last = format!("Learner {i:03}");
            let participant = entered_learner(conn, &run.entries[school], ("Sam", &last, grade));
            if i < LEARNERS {
                run.finish(conn, school, participant);
            } else {
                run.waiting.push((school, participant));
            }
        }
        run
    }

    /// The learner's attempt finished and marked, with answers to most questions: few marks, so
    /// that ties are many.
    fn finish(&mut self, conn: &mut DbConnection, school: usize, participant: ParticipantId) {
        let score = self.rng.random_range(0..=40);
        let attempt = finished_attempt(conn, &self.entries[school], participant, score);
        for &question in &self.questions {
            if self.rng.random_bool(0.9) {
                answered(
                    conn,
                    attempt,
                    question,
                    self.rng.random_range(0..=10).min(score as i32),
                );
            }
        }
        self.finished.push(attempt);
    }

    fn any_finished(&mut self) -> AttemptId {
        self.finished[self.rng.random_range(0..self.finished.len())]
    }

    /// Appeals lodged against the released results by the learners' schools, then the results
    /// reopened so that they can be decided.
    fn lodge_appeals(&mut self, conn: &mut DbConnection) {
        move_to(conn, &self.office, &self.olympiad, ResultsState::Moderated).unwrap();
        move_to(conn, &self.office, &self.olympiad, ResultsState::Final).unwrap();
        let released = results::learners_of(conn, self.olympiad.id, &self.finished).unwrap();
        while self.appeals.len() < APPEALS {
            let attempt = self.any_finished();
            let input = LodgeInput {
                school_participant_id: released[&attempt].school_participant_id,
                attempt_id: attempt,
                question: 1,
                reason: "The answer is within the tolerance".into(),
            };
            // The same learner twice waits already: another is taken.
            if let Ok(appeal) = appeals::lodge(conn, &self.office, &input) {
                self.appeals.push((appeal.id, attempt));
            }
        }
        move_to(conn, &self.office, &self.olympiad, ResultsState::Moderated).unwrap();
    }

    /// One change of a kind chosen at random; its name.
    fn step(&mut self, conn: &mut DbConnection) -> &'static str {
        let o = self.olympiad.id;
        match self.rng.random_range(0..6) {
            0 if !self.waiting.is_empty() => {
                // One to three learners finished and marked before the next read follows them.
                for _ in 0..self.rng.random_range(1..=3).min(self.waiting.len()) {
                    let (school, participant) = self.waiting.pop().unwrap();
                    self.finish(conn, school, participant);
                }
                "finished"
            }
            5 if self.rng.random_bool(0.3) => {
                // Set aside so that the learner may start again (their answers kept), or erased
                // with the learner's data (their answers gone with it).
                let index = self.rng.random_range(0..self.finished.len());
                let attempt = self.finished[index];
                if self
                    .appeals
                    .iter()
                    .any(|&(_, appealed)| appealed == attempt)
                {
                    return "an appealed attempt kept";
                }
                self.finished.swap_remove(index);
                if self.rng.random_bool(0.5) {
                    let participant = Attempt::find(conn, attempt).unwrap().participant_id;
                    Attempt::supersede(conn, &[participant]).unwrap();
                    "set aside"
                } else {
                    diesel::RunQueryDsl::execute(
                        diesel::sql_query(format!("DELETE FROM attempts WHERE id = {attempt}")),
                        conn,
                    )
                    .unwrap();
                    "erased"
                }
            }
            1 | 2 => {
                let input = AdjustInput {
                    olympiad_id: o,
                    attempt_id: self.any_finished(),
                    marks: self.rng.random_range(0..=45),
                    reason: "Script read again".into(),
                };
                results::adjust(conn, &self.office, &input).unwrap();
                "adjusted"
            }
            3 => {
                let input = DisqualifyInput {
                    olympiad_id: o,
                    attempt_id: self.any_finished(),
                    disqualified: self.rng.random_bool(0.6),
                    reason: "Wrote with a phone on the desk".into(),
                };
                results::disqualify(conn, &self.office, &input).unwrap();
                "disqualified"
            }
            4 if !self.appeals.is_empty() => {
                let (appeal, _) = self.appeals.pop().unwrap();
                let upheld = self.rng.random_bool(0.7);
                let input = DecideInput {
                    outcome: if upheld {
                        AppealOutcome::Upheld
                    } else {
                        AppealOutcome::Dismissed
                    },
                    reason: "Read by the moderators".into(),
                    marks: upheld.then(|| self.rng.random_range(0..=45)),
                };
                appeals::decide(conn, &self.office, appeal, &input).unwrap();
                "appeal decided"
            }
            _ => {
                let mut cuts: Vec<f64> = (0..4)
                    .map(|_| f64::from(self.rng.random_range(0..=20)) * 5.0)
                    .collect();
                cuts.sort_by(f64::total_cmp);
                let bands = MedalBands {
                    gold: cuts[0],
                    silver: cuts[1],
                    bronze: cuts[2],
                    merit: cuts[3],
                };
                let input = BandsInput {
                    olympiad_id: o,
                    bands,
                };
                results::set_bands(conn, &self.office, &input).unwrap();
                "bands changed"
            }
        }
    }
}

#[test]
fn results_moved_by_each_change_are_the_results_computed_whole() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let mut run = Run::new(conn);
    run.lodge_appeals(conn);
    let mut rows = computed_whole(conn, &run.olympiad).0.len();
    assert_eq!(rows, LEARNERS);
    for step in 0..STEPS {
        let change = run.step(conn);
        // As the next reader finds them.
        results::learners_of(conn, run.olympiad.id, &[]).unwrap();
        let followed = stored(conn, &run.olympiad);
        let whole = computed_whole(conn, &run.olympiad);
        let differing = followed.0.iter().zip(&whole.0).find(|(a, b)| a != b);
        assert!(
            followed.0.len() == whole.0.len() && differing.is_none(),
            "step {step} ({change}): the rows differ from the results computed whole: {differing:#?}"
        );
        assert_eq!(followed.1, whole.1, "step {step} ({change}): distributions");
        assert_eq!(followed.2, whole.2, "step {step} ({change}): top schools");
        assert_eq!(
            followed.3, whole.3,
            "step {step} ({change}): the questions' answers"
        );
        rows = followed.0.len();
    }
    assert!(rows > LEARNERS - 20, "learners finished during the run");
}
