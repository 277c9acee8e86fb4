//! Stored results that follow each change in place. A learner's result moved (their attempt
//! finished or marked, their marks adjusted, an appeal upheld, a disqualification or
//! reinstatement) moves their own row, the places, percentiles and awards of their grade that it
//! moves, the best of their school, their grade's distribution, the top schools and, when it
//! entered or left the results, the per-question figures (`questions`); new medal bands move the
//! awards. Only the rows whose values changed are written.
//!
//! Every write that can move the results leaves a move beside the generation it raises (the
//! migration `result_moves`): the attempt whose result moved, or none when everything may have.
//! Whoever brings the stored results up to the generation (the first reader after learners finish,
//! or the staff's writer in its own transaction) reads the generation first and then takes the
//! moves: a change committed before the read is among the moves, and one committed after it
//! leaves the results behind for the next reader, with its move. Results never computed, a move
//! of everything (a school's name, a learner's grade, a remark) or very many moves compute them
//! whole, as they always can be.

use super::questions::Tallies;
use super::*;
use olympiad_domain::results::rank_schools;
use std::collections::BTreeSet;

/// More learners moved than this are computed whole: placing each alone would cost more.
const MOVES_MAX: usize = 1000;

/// What a staff change moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultsChange {
    /// Learners' results, each named by its move.
    Learners,
    /// The medal bands.
    Bands,
}

/// After a change, in its transaction: the stored results moved by it (and by whatever else
/// moved them meanwhile), current at the generation this transaction's commit leaves.
pub fn follow(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    change: ResultsChange,
) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        ResultRow::raise_now(conn, olympiad_id)?;
        catch_up(conn, olympiad_id, change == ResultsChange::Bands)
    })
}

/// Brings the stored results up to the olympiad's generation by what moved since they were
/// stored (`bands`: the medal bands too), or computes them whole; nothing when another node did
/// while this one waited for the lock.
pub(super) fn catch_up(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    bands: bool,
) -> OfficeResult<()> {
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    write_transaction(conn, |conn| {
        ResultRow::lock(conn, results.id)?;
        let generation = ResultRow::generation(conn, olympiad_id)?;
        let computed = ResultRow::computed(conn, results.id)?;
        if computed.computed_generation >= generation && !bands {
            return Ok(());
        }
        // After the generation: see the module's comment.
        let moves = ResultRow::take_moves(conn, olympiad_id)?;
        let attempts: Option<BTreeSet<AttemptId>> = moves.into_iter().collect();
        match attempts {
            Some(attempts) if computed.computed_generation >= 0 && attempts.len() <= MOVES_MAX => {
                Moved::apply(conn, olympiad_id, results.id, &attempts, bands)?
                    .store(conn, results.id, generation)
            }
            _ => {
                let live = live(conn, olympiad_id)?;
                store(conn, results.id, generation, &live)
            }
        }
    })
}

/// The stored learner's result, which must be one of the olympiad's finished attempts.
pub(crate) fn stored_learner(
    conn: &mut DbConnection,
    results_id: i64,
    attempt_id: AttemptId,
) -> OfficeResult<LearnerResult> {
    ResultRow::of_attempts(conn, results_id, &[attempt_id])?
        .pop()
        .map(learner_of_row)
        .ok_or_else(|| OfficeError::NotFound("This learner's finished attempt".into()))
}

/// What a change moved: the grades to place again, the schools to look at again, and the learners
/// whose results entered or left the results (their answers counted in or out).
struct Moved {
    grades: BTreeSet<i32>,
    entries: BTreeSet<SchoolParticipantId>,
    distributions: Vec<GradeDistribution>,
    schools: Vec<TopSchool>,
    entered: Vec<AttemptId>,
    left: Vec<AttemptId>,
    questions: Tallies,
}

impl Moved {
    fn apply(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        results_id: i64,
        attempts: &BTreeSet<AttemptId>,
        bands: bool,
    ) -> OfficeResult<Moved> {
        let computed = ResultRow::computed(conn, results_id)?;
        let json = |e: serde_json::Error| OfficeError::Internal(e.to_string());
        let mut moved = Moved {
            grades: BTreeSet::new(),
            entries: BTreeSet::new(),
            distributions: serde_json::from_str(&computed.computed_grades).map_err(json)?,
            schools: serde_json::from_str(&computed.computed_schools).map_err(json)?,
            entered: Vec::new(),
            left: Vec::new(),
            questions: Tallies::stored(&computed)?,
        };
        let highest_before = ResultRow::highest(conn, results_id)?;
        for &attempt_id in attempts {
            moved.learner(conn, olympiad_id, results_id, attempt_id)?;
        }
        moved
            .questions
            .follow(conn, results_id, &moved.entered, &moved.left)?;
        // The olympiad's highest score scales every grade's distribution and outliers.
        let highest = ResultRow::highest(conn, results_id)?;
        if bands || highest != highest_before {
            moved.grades.extend(ResultRow::grades(conn, results_id)?);
        }
        let bands = bands_of(&OlympiadResults::of_olympiad(conn, olympiad_id)?);
        for grade in moved.grades.clone() {
            moved.place_grade(conn, results_id, grade, &bands, highest)?;
        }
        moved.look_at_schools(conn, results_id)?;
        Ok(moved)
    }

    /// The learner's own row as it is now (none when their attempt is no longer finished).
    fn learner(
        &mut self,
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        results_id: i64,
        attempt_id: AttemptId,
    ) -> OfficeResult<()> {
        let before = ResultRow::of_attempts(conn, results_id, &[attempt_id])?;
        for old in &before {
            self.grades.insert(old.grade);
            self.entries.insert(old.school_participant_id);
        }
        let mut rows = Vec::new();
        let now = FinishedAttempt::of_attempt(conn, olympiad_id, attempt_id)?;
        match (before.is_empty(), now.is_some()) {
            (true, true) => self.entered.push(attempt_id),
            (false, false) => self.left.push(attempt_id),
            _ => {}
        }
        if let Some(attempt) = now {
            let moderated = Moderated::of(ResultChange::for_attempt(conn, attempt_id)?);
            let on_paper = PaperSheet::is_paper(conn, attempt_id)?;
            let learner = moderated.learner(attempt, on_paper);
            self.grades.insert(learner.grade);
            self.entries.insert(learner.school_participant_id);
            // Placed with the rest of the grade next.
            rows.push(stored_row(results_id, &learner, false));
        }
        ResultRow::put(conn, results_id, &rows, &[attempt_id])?;
        Ok(())
    }

    /// Places the grade again and writes the rows whose place, percentile, award or outlier
    /// changed; a school whose medals changed is looked at again.
    fn place_grade(
        &mut self,
        conn: &mut DbConnection,
        results_id: i64,
        grade: i32,
        bands: &MedalBands,
        highest: i64,
    ) -> OfficeResult<()> {
        let rows = ResultRow::of_grade(conn, results_id, grade)?;
        let mut learners: Vec<LearnerResult> = rows.iter().cloned().map(learner_of_row).collect();
        let standings: Vec<Standing> = learners.iter().map(standing_of).collect();
        for (learner, placing) in learners.iter_mut().zip(place(&standings, bands)) {
            set_placing(learner, &placing);
        }
        let (distribution, outliers) = distributions(&learners, highest);
        self.distributions.retain(|d| d.grade != grade);
        self.distributions.extend(distribution);
        let mut changed = Vec::new();
        for (row, learner) in rows.iter().zip(&learners) {
            let placed = stored_row(results_id, learner, outliers.contains(&learner.attempt_id));
            if placed.award != row.award {
                self.entries.insert(row.school_participant_id);
            }
            if placed != *row {
                changed.push(placed);
            }
        }
        ResultRow::put(conn, results_id, &changed, &[])?;
        Ok(())
    }

    /// The best of each school looked at again, and its standing among the schools.
    fn look_at_schools(&mut self, conn: &mut DbConnection, results_id: i64) -> OfficeResult<()> {
        let entries: Vec<SchoolParticipantId> = self.entries.iter().copied().collect();
        let rows = ResultRow::of_schools(conn, results_id, &entries)?;
        let mut learners: Vec<LearnerResult> = rows.iter().cloned().map(learner_of_row).collect();
        let mut best: HashMap<SchoolParticipantId, i64> = HashMap::new();
        for learner in learners.iter().filter(|l| !l.disqualified) {
            let score = best
                .entry(learner.school_participant_id)
                .or_insert(learner.score);
            *score = (*score).max(learner.score);
        }
        let mut changed = Vec::new();
        for (row, learner) in rows.iter().zip(&mut learners) {
            learner.best_in_school = !learner.disqualified
                && best.get(&learner.school_participant_id) == Some(&learner.score);
            if learner.best_in_school != row.best_in_school {
                changed.push(ResultRow {
                    best_in_school: learner.best_in_school,
                    ..row.clone()
                });
            }
        }
        ResultRow::put(conn, results_id, &changed, &[])?;
        self.schools
            .retain(|s| !self.entries.contains(&s.school_participant_id));
        self.schools.extend(schools_of(&learners));
        self.rank_schools();
        Ok(())
    }

    /// Every school ranked again among all of them.
    fn rank_schools(&mut self) {
        let mut names = HashMap::new();
        let mut standings: Vec<SchoolStanding> = self
            .schools
            .drain(..)
            .map(|s| {
                names.insert(s.school_participant_id, (s.school_name, s.province));
                SchoolStanding {
                    school: s.school_participant_id,
                    learners: s.learners,
                    score: s.score,
                    gold: s.gold,
                    silver: s.silver,
                    bronze: s.bronze,
                    rank: 0,
                }
            })
            .collect();
        rank_schools(&mut standings);
        self.schools = standings
            .into_iter()
            .map(|s| top_school(s, &names))
            .collect();
    }

    /// The moved results marked current at `generation`.
    fn store(self, conn: &mut DbConnection, results_id: i64, generation: i64) -> OfficeResult<()> {
        let mut distributions = self.distributions;
        distributions.sort_by_key(|d| d.grade);
        let json = |e: serde_json::Error| OfficeError::Internal(e.to_string());
        ResultRow::computed_at(
            conn,
            results_id,
            generation,
            [
                &serde_json::to_string(&distributions).map_err(json)?,
                &serde_json::to_string(&self.schools).map_err(json)?,
                &self.questions.to_json()?,
            ],
        )?;
        Ok(())
    }
}
