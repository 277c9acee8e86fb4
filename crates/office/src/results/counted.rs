//! What the stored results count beside their rows (`computed_counts`): each grade's ranked
//! learners by score and province, with the medal bands and the olympiad's highest score they
//! were counted with. Every row read is placed from them (rank, percentile, province rank,
//! award), Results moderation's distributions and outliers are worked out from them, and a
//! change of one learner's result changes a few counts instead of the stored place of every
//! learner they passed.

use super::*;
use olympiad_domain::results::{Placer, ScoreCounts};
use olympiad_persistence::models::ScoreRange;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Counted {
    /// The bands the awards are given by.
    pub bands: MedalBands,
    /// The olympiad's highest score, of every learner, disqualified or not: it scales each
    /// grade's distribution and what counts as a large adjustment.
    pub highest: i64,
    /// How many learners the stored results hold, the disqualified too.
    pub learners: i64,
    pub scores: ScoreCounts,
}

impl Counted {
    /// As stored with the results (nothing before they were first stored).
    pub(crate) fn stored(computed: &ComputedResults) -> OfficeResult<Counted> {
        if computed.computed_counts.is_empty() {
            return Ok(Counted::default());
        }
        serde_json::from_str(&computed.computed_counts)
            .map_err(|e| OfficeError::Internal(e.to_string()))
    }

    pub(crate) fn to_json(&self) -> OfficeResult<String> {
        serde_json::to_string(self).map_err(|e| OfficeError::Internal(e.to_string()))
    }

    pub(crate) fn placer(&self) -> Placer {
        self.scores.placer(self.bands)
    }

    /// The distribution of each grade's scores.
    pub(crate) fn distributions(&self) -> Vec<GradeDistribution> {
        let highest = self.highest.max(1);
        self.scores
            .grades()
            .into_iter()
            .map(|(grade, scores)| {
                let spread = Spread::of(&scores);
                let mut buckets = vec![0; 10];
                for &(score, learners) in &scores {
                    buckets[((score * 10) / highest).clamp(0, 9) as usize] += learners;
                }
                // The middle learner's score: the (n / 2)th from the lowest, counting from 0.
                let mut before = 0;
                let median = scores
                    .iter()
                    .find(|&&(_, learners)| {
                        before += learners;
                        before > spread.learners / 2
                    })
                    .map_or(0, |&(score, _)| score);
                GradeDistribution {
                    grade,
                    learners: spread.learners,
                    mean: (spread.mean * 10.0).round() / 10.0,
                    median,
                    lowest: scores.first().map_or(0, |&(score, _)| score),
                    highest: scores.last().map_or(0, |&(score, _)| score),
                    buckets,
                }
            })
            .collect()
    }

    /// The scores of each grade further than three standard deviations from its mean.
    pub(crate) fn far_scores(&self) -> Vec<ScoreRange> {
        let mut far = Vec::new();
        for (grade, scores) in self.scores.grades() {
            let spread = Spread::of(&scores);
            let mut run: Option<ScoreRange> = None;
            for &(score, _) in &scores {
                if spread.is_far(score) {
                    let range = run.get_or_insert(ScoreRange {
                        grade,
                        lowest: score,
                        highest: score,
                    });
                    range.highest = score;
                } else if let Some(range) = run.take() {
                    far.push(range);
                }
            }
            far.extend(run);
        }
        far
    }

    /// Whether a learner is one to check first: their score far from their grade's (one of
    /// `far`), or adjusted by more than a fifth of the highest score.
    pub(crate) fn is_outlier(&self, learner: &LearnerResult, far: &[ScoreRange]) -> bool {
        if learner.disqualified {
            return false;
        }
        let moved = learner.adjusted
            && (learner.score - learner.marked_score).abs() * 5 > self.highest.max(1);
        moved
            || far.iter().any(|r| {
                r.grade == learner.grade && (r.lowest..=r.highest).contains(&learner.score)
            })
    }
}

/// A grade's mean and standard deviation, from its scores and how many have each.
struct Spread {
    learners: usize,
    mean: f64,
    deviation: f64,
}

impl Spread {
    fn of(scores: &[(i64, usize)]) -> Spread {
        let learners: usize = scores.iter().map(|&(_, n)| n).sum();
        let n = learners.max(1) as f64;
        let mean = scores
            .iter()
            .map(|&(s, c)| s as f64 * c as f64)
            .sum::<f64>()
            / n;
        let variance = scores
            .iter()
            .map(|&(s, c)| (s as f64 - mean).powi(2) * c as f64)
            .sum::<f64>()
            / n;
        Spread {
            learners,
            mean,
            deviation: variance.sqrt(),
        }
    }

    fn is_far(&self, score: i64) -> bool {
        self.deviation > 0.0 && (score as f64 - self.mean).abs() > 3.0 * self.deviation
    }
}
