//! Results: where an olympiad's results are (provisional, moderated, final), the medal bands, and
//! the ranking that gives every learner their place and award, with ties sharing both.

use crate::id::SchoolParticipantId;
use crate::words::words;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

/// Provisional while marks may change freely; moderated once checked (changes still allowed, each
/// with its reason); final when released: a snapshot that only a new version replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ResultsState {
    Provisional,
    Moderated,
    Final,
}

words!(ResultsState, "results state" {
    Provisional => "provisional",
    Moderated => "moderated",
    Final => "final",
});

impl ResultsState {
    /// Whether results may move from `self` to `to`. Final goes back to moderated only to make a
    /// new version (the released snapshot stays as it was until then).
    pub fn may_become(self, to: ResultsState) -> bool {
        use ResultsState::{Final, Moderated, Provisional};
        matches!(
            (self, to),
            (Provisional, Moderated)
                | (Moderated, Provisional)
                | (Moderated, Final)
                | (Final, Moderated)
        )
    }
}

/// What a moderation change did; each is kept with its reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ResultChangeKind {
    /// A learner's total set by hand (an appeal upheld, a script re-read).
    Adjusted,
    Disqualified,
    Reinstated,
    /// Every finished attempt marked again after the answer key was corrected.
    Remarked,
    Provisional,
    Moderated,
    Finalised,
    Reopened,
}

words!(ResultChangeKind, "result change" {
    Adjusted => "adjusted",
    Disqualified => "disqualified",
    Reinstated => "reinstated",
    Remarked => "remarked",
    Provisional => "provisional",
    Moderated => "moderated",
    Finalised => "finalised",
    Reopened => "reopened",
});

/// A learner's award, best first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Award {
    Gold,
    Silver,
    Bronze,
    Merit,
    Participation,
}

words!(Award, "award" {
    Gold => "gold",
    Silver => "silver",
    Bronze => "bronze",
    Merit => "merit",
    Participation => "participation",
});

impl Award {
    /// Where a medal counts among a school's gold, silver and bronze; none for the others.
    pub fn medal(self) -> Option<usize> {
        match self {
            Award::Gold => Some(0),
            Award::Silver => Some(1),
            Award::Bronze => Some(2),
            Award::Merit | Award::Participation => None,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Award::Gold => "Gold",
            Award::Silver => "Silver",
            Award::Bronze => "Bronze",
            Award::Merit => "Merit",
            Award::Participation => "Participation",
        }
    }
}

/// The medal bands: each the share of a grade's learners, counted from the top, at or above whose
/// place the award is given (gold 5 means the best 5 % of the grade; silver 15 the next ones down
/// to 15 %). Each at least the one before, all from 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MedalBands {
    #[schema(minimum = 0, maximum = 100)]
    pub gold: f64,
    #[schema(minimum = 0, maximum = 100)]
    pub silver: f64,
    #[schema(minimum = 0, maximum = 100)]
    pub bronze: f64,
    #[schema(minimum = 0, maximum = 100)]
    pub merit: f64,
}

impl Default for MedalBands {
    fn default() -> Self {
        MedalBands {
            gold: 5.0,
            silver: 15.0,
            bronze: 30.0,
            merit: 50.0,
        }
    }
}

impl MedalBands {
    /// The name of each band that is out of order or out of range.
    pub fn problems(&self) -> Vec<(&'static str, &'static str)> {
        let mut problems = Vec::new();
        let bands = [
            ("gold", self.gold),
            ("silver", self.silver),
            ("bronze", self.bronze),
            ("merit", self.merit),
        ];
        let mut before = 0.0;
        for (name, value) in bands {
            if !(0.0..=100.0).contains(&value) || !value.is_finite() {
                problems.push((name, "must be a percentage from 0 to 100"));
            } else if value < before {
                problems.push((name, "must be at least the band above it"));
            }
            before = value.max(before);
        }
        problems
    }

    /// The award of the learner at `rank` (1 is best; tied learners share the rank) among `count`.
    pub fn award(&self, rank: usize, count: usize) -> Award {
        if count == 0 || rank == 0 {
            return Award::Participation;
        }
        // The share of the grade strictly above this learner: a learner tied with others gets the
        // award of the best of them.
        let above = (rank - 1) as f64 * 100.0 / count as f64;
        if above < self.gold {
            Award::Gold
        } else if above < self.silver {
            Award::Silver
        } else if above < self.bronze {
            Award::Bronze
        } else if above < self.merit {
            Award::Merit
        } else {
            Award::Participation
        }
    }
}

/// Competition ranking ("1, 2, 2, 4") of scores, best first: the rank of each score in `scores`,
/// in the same order.
pub fn ranks(scores: &[i64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[b].cmp(&scores[a]));
    let mut ranks = vec![0; scores.len()];
    for (position, &index) in order.iter().enumerate() {
        ranks[index] = match position {
            0 => 1,
            _ if scores[order[position - 1]] == scores[index] => ranks[order[position - 1]],
            _ => position + 1,
        };
    }
    ranks
}

/// A learner's result as ranking needs it.
#[derive(Debug, Clone)]
pub struct Standing {
    pub grade: i32,
    /// The school's entry.
    pub school: SchoolParticipantId,
    pub province: String,
    pub score: i64,
    pub disqualified: bool,
}

/// Where a learner came.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Placing {
    /// In their grade, nationally (ties share it); 0 when disqualified.
    pub rank: usize,
    /// How many ranked learners their grade has.
    pub of: usize,
    /// In their grade and province.
    pub province_rank: usize,
    /// The share of the grade they did better than or equal to, 0 to 100.
    pub percentile: f64,
    pub award: Option<Award>,
    /// The best in their school (all grades; ties share it).
    pub best_in_school: bool,
}

/// Ranks every learner in their grade, nationally and in their province, gives awards by the
/// bands and marks the best of each school. Disqualified learners are left out of every count.
pub fn place(standings: &[Standing], bands: &MedalBands) -> Vec<Placing> {
    let placer = ScoreCounts::of(standings).placer(*bands);
    let best = BestOfSchools::of(standings);
    standings
        .iter()
        .map(|standing| Placing {
            best_in_school: best.is_best(standing),
            ..placer.placing(standing)
        })
        .collect()
}

/// Each school's best score among its learners who are not disqualified: the best of a school
/// are every one of them with that score (all grades; ties share it).
pub struct BestOfSchools(HashMap<SchoolParticipantId, i64>);

impl BestOfSchools {
    pub fn of(standings: &[Standing]) -> BestOfSchools {
        let mut best: HashMap<SchoolParticipantId, i64> = HashMap::new();
        for standing in standings.iter().filter(|s| !s.disqualified) {
            let score = best.entry(standing.school).or_insert(standing.score);
            *score = (*score).max(standing.score);
        }
        BestOfSchools(best)
    }

    pub fn is_best(&self, standing: &Standing) -> bool {
        !standing.disqualified && self.0.get(&standing.school) == Some(&standing.score)
    }
}

/// Each grade's ranked learners (the disqualified left out) counted by score in each province:
/// all it takes to place any one of them. Places are worked out from these counts when a result
/// is read, so that one learner's new score changes a few counts, not the stored place of every
/// learner they passed (tens of thousands in a national round's grade).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScoreCounts(BTreeMap<i32, BTreeMap<String, BTreeMap<i64, usize>>>);

impl ScoreCounts {
    pub fn of(standings: &[Standing]) -> ScoreCounts {
        let mut counts = ScoreCounts::default();
        for standing in standings {
            counts.add(standing);
        }
        counts
    }

    pub fn add(&mut self, standing: &Standing) {
        if standing.disqualified {
            return;
        }
        *self
            .0
            .entry(standing.grade)
            .or_default()
            .entry(standing.province.clone())
            .or_default()
            .entry(standing.score)
            .or_default() += 1;
    }

    /// Takes away a learner [`ScoreCounts::add`] counted; no count is kept at zero.
    pub fn remove(&mut self, standing: &Standing) {
        if standing.disqualified {
            return;
        }
        let Some(provinces) = self.0.get_mut(&standing.grade) else {
            return;
        };
        if let Some(scores) = provinces.get_mut(&standing.province) {
            if let Some(count) = scores.get_mut(&standing.score) {
                *count = count.saturating_sub(1);
                if *count == 0 {
                    scores.remove(&standing.score);
                }
            }
            if scores.is_empty() {
                provinces.remove(&standing.province);
            }
        }
        if provinces.is_empty() {
            self.0.remove(&standing.grade);
        }
    }

    /// Each grade's scores, lowest first, with how many of its ranked learners have each.
    pub fn grades(&self) -> BTreeMap<i32, Vec<(i64, usize)>> {
        self.0
            .iter()
            .map(|(&grade, provinces)| {
                let mut scores: BTreeMap<i64, usize> = BTreeMap::new();
                for (&score, &count) in provinces.values().flatten() {
                    *scores.entry(score).or_default() += count;
                }
                (grade, scores.into_iter().collect())
            })
            .collect()
    }

    pub fn placer(&self, bands: MedalBands) -> Placer {
        let grades = self
            .grades()
            .into_iter()
            .map(|(grade, scores)| {
                let provinces = self.0[&grade]
                    .iter()
                    .map(|(province, scores)| {
                        let scores = scores.iter().map(|(&s, &n)| (s, n)).collect();
                        (province.clone(), Ladder::of(scores))
                    })
                    .collect();
                (grade, (Ladder::of(scores), provinces))
            })
            .collect();
        Placer { bands, grades }
    }
}

/// Places learners by [`ScoreCounts`]: ranks (ties sharing them), percentiles and awards.
pub struct Placer {
    bands: MedalBands,
    grades: HashMap<i32, (Ladder, HashMap<String, Ladder>)>,
}

/// One group's scores, best first, each with how many learners scored more.
struct Ladder {
    steps: Vec<(i64, usize)>,
    count: usize,
}

impl Ladder {
    /// From each score and how many have it, lowest first.
    fn of(scores: Vec<(i64, usize)>) -> Ladder {
        let mut above = 0;
        let mut steps = Vec::with_capacity(scores.len());
        for &(score, count) in scores.iter().rev() {
            steps.push((score, above));
            above += count;
        }
        Ladder {
            steps,
            count: above,
        }
    }

    /// How many scored more than `score`.
    fn above(&self, score: i64) -> usize {
        let step = self.steps.partition_point(|&(s, _)| s > score);
        self.steps.get(step).map_or(self.count, |&(_, above)| above)
    }
}

impl Placer {
    /// Where the learner came (not whether they are the best of their school: see [`place`]).
    pub fn placing(&self, standing: &Standing) -> Placing {
        let unplaced = Placing {
            rank: 0,
            of: 0,
            province_rank: 0,
            percentile: 0.0,
            award: None,
            best_in_school: false,
        };
        let Some((grade, provinces)) = self.grades.get(&standing.grade) else {
            return unplaced;
        };
        if standing.disqualified || grade.count == 0 {
            return unplaced;
        }
        let above = grade.above(standing.score);
        let below_or_equal = grade.count - above;
        Placing {
            rank: above + 1,
            of: grade.count,
            province_rank: provinces
                .get(&standing.province)
                .map_or(0, |p| p.above(standing.score) + 1),
            percentile: (below_or_equal as f64 * 1000.0 / grade.count as f64).round() / 10.0,
            award: Some(self.bands.award(above + 1, grade.count)),
            best_in_school: false,
        }
    }

    /// The award of each score a ranked learner of `grade` has, best first.
    pub fn awards(&self, grade: i32) -> Vec<(i64, Award)> {
        self.grades
            .get(&grade)
            .map_or_else(Vec::new, |(ladder, _)| {
                ladder
                    .steps
                    .iter()
                    .map(|&(score, above)| (score, self.bands.award(above + 1, ladder.count)))
                    .collect()
            })
    }

    /// The lowest and highest score of `grade` given `award`, when any of its learners has it
    /// (awards follow the score, so those who have it are every score between).
    pub fn award_scores(&self, grade: i32, award: Award) -> Option<(i64, i64)> {
        let scores: Vec<i64> = self
            .awards(grade)
            .into_iter()
            .filter(|&(_, a)| a == award)
            .map(|(score, _)| score)
            .collect();
        Some((*scores.last()?, *scores.first()?))
    }

    /// The grades with ranked learners.
    pub fn grades(&self) -> Vec<i32> {
        let mut grades: Vec<i32> = self.grades.keys().copied().collect();
        grades.sort_unstable();
        grades
    }
}

/// How many of a school's best learners make its score.
pub const SCHOOL_BEST_COUNT: usize = 5;

/// A school's standing: the mean of its best five learners' scores (fewer when it has fewer), so
/// that a large school is not ranked above a small one for its size alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolStanding {
    #[schema(value_type = i64)]
    pub school: SchoolParticipantId,
    pub learners: usize,
    /// The mean of its best five scores, to one decimal.
    pub score: f64,
    pub gold: usize,
    pub silver: usize,
    pub bronze: usize,
    pub rank: usize,
}

/// The schools ranked by [`SchoolStanding::score`], ties sharing the rank.
pub fn top_schools(standings: &[Standing], placings: &[Placing]) -> Vec<SchoolStanding> {
    let mut schools: HashMap<SchoolParticipantId, (Vec<i64>, [usize; 3])> = HashMap::new();
    for (standing, placing) in standings.iter().zip(placings) {
        if standing.disqualified {
            continue;
        }
        let entry = schools.entry(standing.school).or_default();
        entry.0.push(standing.score);
        if let Some(medal) = placing.award.and_then(Award::medal) {
            entry.1[medal] += 1;
        }
    }
    let mut list: Vec<SchoolStanding> = schools
        .into_iter()
        .map(|(school, (mut scores, medals))| {
            scores.sort_unstable_by(|a, b| b.cmp(a));
            let best = &scores[..scores.len().min(SCHOOL_BEST_COUNT)];
            let mean = best.iter().sum::<i64>() as f64 / best.len() as f64;
            SchoolStanding {
                school,
                learners: scores.len(),
                score: (mean * 10.0).round() / 10.0,
                gold: medals[0],
                silver: medals[1],
                bronze: medals[2],
                rank: 0,
            }
        })
        .collect();
    rank_schools(&mut list);
    list
}

/// Ranks the schools by their score, ties sharing the rank, and puts them in that order (a tie by
/// entry): after every school's score is known, or after some of them changed.
pub fn rank_schools(list: &mut [SchoolStanding]) {
    // Tenths compared as whole numbers, so that equal means tie exactly.
    let tenths: Vec<i64> = list
        .iter()
        .map(|s| (s.score * 10.0).round() as i64)
        .collect();
    for (school, rank) in list.iter_mut().zip(ranks(&tenths)) {
        school.rank = rank;
    }
    list.sort_by(|a, b| a.rank.cmp(&b.rank).then(a.school.cmp(&b.school)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(grade: i32, school: i64, province: &str, score: i64) -> Standing {
        Standing {
            grade,
            school: SchoolParticipantId::new(school),
            province: province.into(),
            score,
            disqualified: false,
        }
    }

    #[test]
    fn ties_share_a_rank_and_the_next_rank_skips() {
        assert_eq!(ranks(&[10, 30, 20, 30, 5]), vec![4, 1, 3, 1, 5]);
        assert_eq!(ranks(&[]), Vec::<usize>::new());
        assert_eq!(ranks(&[7, 7, 7]), vec![1, 1, 1]);
    }

    #[test]
    fn bands_give_awards_by_share_from_the_top() {
        let bands = MedalBands {
            gold: 10.0,
            silver: 20.0,
            bronze: 30.0,
            merit: 50.0,
        };
        let awards: Vec<Award> = (1..=10).map(|rank| bands.award(rank, 10)).collect();
        use Award::*;
        assert_eq!(
            awards,
            vec![
                Gold,
                Silver,
                Bronze,
                Merit,
                Merit,
                Participation,
                Participation,
                Participation,
                Participation,
                Participation
            ]
        );
    }

    #[test]
    fn tied_learners_get_the_same_award() {
        let bands = MedalBands {
            gold: 10.0,
            silver: 20.0,
            bronze: 30.0,
            merit: 50.0,
        };
        // Three share first place among ten: all gold, though gold is 10 %.
        let standings: Vec<Standing> = [50, 50, 50, 40, 30, 20, 10, 5, 4, 3]
            .iter()
            .map(|&score| standing(10, 1, "Gauteng", score))
            .collect();
        let placed = place(&standings, &bands);
        assert!(placed[..3]
            .iter()
            .all(|p| p.award == Some(Award::Gold) && p.rank == 1));
        assert_eq!(placed[3].rank, 4);
        assert_eq!(placed[3].award, Some(Award::Merit));
        assert!(placed[..3].iter().all(|p| p.best_in_school));
        assert!(!placed[3].best_in_school);
    }

    #[test]
    fn grades_and_provinces_are_ranked_apart_and_disqualified_learners_left_out() {
        let mut standings = vec![
            standing(10, 1, "Gauteng", 80),
            standing(10, 2, "Limpopo", 70),
            standing(11, 1, "Gauteng", 20),
            standing(10, 3, "Limpopo", 90),
        ];
        standings[3].disqualified = true;
        let placed = place(&standings, &MedalBands::default());
        assert_eq!((placed[0].rank, placed[0].of), (1, 2));
        assert_eq!((placed[1].rank, placed[1].province_rank), (2, 1));
        assert_eq!((placed[2].rank, placed[2].of), (1, 1));
        assert_eq!(placed[3].award, None);
        assert_eq!(placed[3].rank, 0);
        assert!(placed[1].best_in_school);
    }

    #[test]
    fn counts_followed_learner_by_learner_place_as_counted_whole() {
        let mut standings: Vec<Standing> = (0..40)
            .map(|i| {
                standing(
                    10 + i % 2,
                    i64::from(i % 5),
                    ["Gauteng", "Limpopo"][i as usize % 2],
                    i64::from(i * 7 % 13),
                )
            })
            .collect();
        let mut counts = ScoreCounts::of(&standings);
        // One learner moves up, one is disqualified, one leaves.
        counts.remove(&standings[3]);
        standings[3].score = 12;
        counts.add(&standings[3]);
        counts.remove(&standings[4]);
        standings[4].disqualified = true;
        counts.remove(&standings.pop().unwrap());
        assert_eq!(counts, ScoreCounts::of(&standings));
        let bands = MedalBands::default();
        let placer = counts.placer(bands);
        let placed = place(&standings, &bands);
        for (standing, placing) in standings.iter().zip(&placed) {
            assert_eq!(
                Placing {
                    best_in_school: placing.best_in_school,
                    ..placer.placing(standing)
                },
                *placing
            );
        }
        // An award is a range of scores in each grade.
        let (lowest, highest) = placer.award_scores(10, Award::Gold).unwrap();
        for (standing, placing) in standings.iter().zip(&placed).filter(|(s, _)| s.grade == 10) {
            let in_range = (lowest..=highest).contains(&standing.score) && !standing.disqualified;
            assert_eq!(placing.award == Some(Award::Gold), in_range);
        }
        assert_eq!(placer.award_scores(12, Award::Gold), None);
    }

    #[test]
    fn bands_out_of_order_are_named() {
        let bands = MedalBands {
            gold: 20.0,
            silver: 10.0,
            bronze: 30.0,
            merit: 120.0,
        };
        let names: Vec<&str> = bands.problems().iter().map(|(name, _)| *name).collect();
        assert_eq!(names, vec!["silver", "merit"]);
        assert!(MedalBands::default().problems().is_empty());
    }

    #[test]
    fn schools_rank_by_the_mean_of_their_best_five() {
        let mut standings = Vec::new();
        // School 1: six learners, best five average 80; school 2: one learner with 80; school 3: 50.
        for score in [90, 85, 80, 75, 70, 10] {
            standings.push(standing(10, 1, "Gauteng", score));
        }
        standings.push(standing(10, 2, "Gauteng", 80));
        standings.push(standing(10, 3, "Gauteng", 50));
        let placed = place(&standings, &MedalBands::default());
        let schools = top_schools(&standings, &placed);
        assert_eq!(schools.len(), 3);
        assert_eq!(
            (schools[0].rank, schools[1].rank, schools[2].rank),
            (1, 1, 3)
        );
        assert_eq!(schools[0].school.get(), 1);
        assert_eq!(schools[0].learners, 6);
        assert!((schools[0].score - 80.0).abs() < f64::EPSILON);
        assert_eq!(schools[2].school.get(), 3);
    }

    #[test]
    fn results_move_through_their_states_in_order() {
        use ResultsState::*;
        assert!(Provisional.may_become(Moderated));
        assert!(Moderated.may_become(Final));
        assert!(Final.may_become(Moderated));
        assert!(!Provisional.may_become(Final));
        assert!(!Final.may_become(Provisional));
        assert!(!Final.may_become(Final));
    }
}
