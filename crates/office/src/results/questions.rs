//! Results moderation's per-question figures at a national round's size. Worked out from every
//! answer at each read, they would read millions of answers; instead each question's answers are
//! counted by the marks they were given, stored with the results (`computed_questions`) and
//! followed with them: a learner whose result enters the results adds their answers' marks, one
//! whose result leaves takes them away. A learner's answers are marked again only by a remark or
//! paper sheets, each of which moves everything and so counts every answer again; a learner
//! whose attempt was erased with its answers leaves nothing to take away, so that too counts
//! everything again. The counts by mark (not the figures) are kept so that a question's full
//! marks, changed later, still count right.

use super::*;
use olympiad_persistence::models::{Attempt, MarksCount, QuestionPlace};

/// Answers by question and by the marks they were given (none: not marked).
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Tallies(BTreeMap<(QuestionId, Option<i32>), i64>);

impl Tallies {
    /// Counted again from every learner the stored results hold.
    pub(crate) fn counted(conn: &mut DbConnection, results_id: i64) -> OfficeResult<Tallies> {
        let mut tallies = Tallies::default();
        tallies.add(MarksCount::of_results(conn, results_id)?, 1);
        Ok(tallies)
    }

    /// As stored with the results (nothing before they were first stored).
    pub(crate) fn stored(computed: &ComputedResults) -> OfficeResult<Tallies> {
        if computed.computed_questions.is_empty() {
            return Ok(Tallies::default());
        }
        let counts: Vec<(QuestionId, Option<i32>, i64)> =
            serde_json::from_str(&computed.computed_questions)
                .map_err(|e| OfficeError::Internal(e.to_string()))?;
        Ok(Tallies(
            counts
                .into_iter()
                .map(|(question, marks, answers)| ((question, marks), answers))
                .collect(),
        ))
    }

    /// As stored: `[[question, marks, answers], …]` in order, no zero counts.
    pub(crate) fn to_json(&self) -> OfficeResult<String> {
        let counts: Vec<(QuestionId, Option<i32>, i64)> = self
            .0
            .iter()
            .map(|(&(question, marks), &answers)| (question, marks, answers))
            .collect();
        serde_json::to_string(&counts).map_err(|e| OfficeError::Internal(e.to_string()))
    }

    /// Follows the learners whose results `entered` and `left` the stored results.
    pub(crate) fn follow(
        &mut self,
        conn: &mut DbConnection,
        results_id: i64,
        entered: &[AttemptId],
        left: &[AttemptId],
    ) -> OfficeResult<()> {
        if !Attempt::all_kept(conn, left)? {
            *self = Tallies::counted(conn, results_id)?;
            return Ok(());
        }
        self.add(MarksCount::of_attempts(conn, entered)?, 1);
        self.add(MarksCount::of_attempts(conn, left)?, -1);
        Ok(())
    }

    fn add(&mut self, counts: Vec<MarksCount>, sign: i64) {
        for count in counts {
            let key = (count.question_id, count.marks);
            let answers = self.0.get(&key).copied().unwrap_or(0) + sign * count.answers;
            if answers == 0 {
                self.0.remove(&key);
            } else {
                self.0.insert(key, answers);
            }
        }
    }

    /// The figures of each question of the paper as it is now, over `learners` learners.
    pub(crate) fn figures(&self, paper: Vec<QuestionPlace>, learners: usize) -> Vec<QuestionStat> {
        let finished = learners.max(1) as f64;
        paper
            .into_iter()
            .map(|q| {
                let counts = self
                    .0
                    .range((q.question_id, None)..=(q.question_id, Some(i32::MAX)));
                let (mut answered, mut full_marks, mut marks_total) = (0, 0, 0);
                for (&(_, marks), &answers) in counts {
                    answered += answers;
                    if let Some(marks) = marks {
                        full_marks += if marks >= q.out_of { answers } else { 0 };
                        marks_total += i64::from(marks) * answers;
                    }
                }
                QuestionStat {
                    question_id: q.question_id,
                    label: format!("{}.{}", q.module_position, q.position),
                    out_of: q.out_of,
                    answered,
                    full_marks,
                    facility: (full_marks as f64 * 1000.0 / finished).round() / 10.0,
                    mean_marks: (marks_total as f64 * 100.0 / finished).round() / 100.0,
                }
            })
            .collect()
    }
}
