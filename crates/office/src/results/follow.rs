//! Stored results that follow each change in place. A learner's result moved (their attempt
//! finished or marked, their marks adjusted, an appeal upheld, a disqualification or
//! reinstatement) moves their own row, their grade's counts (which place every row at read: see
//! `counted`), the best of their school, the top schools (their school's, and the medals of every
//! school whose learners' awards the new counts moved) and, when it entered or left the results,
//! the per-question figures (`questions`); new medal bands move the awards and so the schools'
//! medals. A change writes the moved learners' rows and those of their schools whose best
//! changed, not the place of every learner they passed.
//!
//! Every write that can move the results leaves a move beside the generation it raises (the
//! migration `result_moves`): the attempt whose result moved, or none when everything may have.
//! Whoever brings the stored results up to the generation (the first reader after learners finish,
//! or the staff's writer in its own transaction) reads the generation first and then takes the
//! moves: a change committed before the read is among the moves, and one committed after it
//! leaves the results behind for the next reader, with its move. Results never computed, a move
//! of everything (a school's name, a learner's grade, a remark) or very many moves compute them
//! whole, as they always can be.

use super::counted::Counted;
use super::questions::Tallies;
use super::*;
use olympiad_domain::results::{rank_schools, BestOfSchools};
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
                Moved::apply(conn, olympiad_id, &computed, &attempts)?.store(conn, generation)
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
    let placer = placer_of(&ResultRow::computed(conn, results_id)?)?;
    ResultRow::of_attempts(conn, results_id, &[attempt_id])?
        .pop()
        .map(|row| learner_of_row(row, &placer))
        .ok_or_else(|| OfficeError::NotFound("This learner's finished attempt".into()))
}

/// What a change moved: the counts, the schools, and the learners whose results entered or left
/// the results (their answers counted in or out).
struct Moved {
    results_id: i64,
    counted: Counted,
    entries: BTreeSet<SchoolParticipantId>,
    schools: Vec<TopSchool>,
    entered: Vec<AttemptId>,
    left: Vec<AttemptId>,
    questions: Tallies,
}

impl Moved {
    fn apply(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        computed: &ComputedResults,
        attempts: &BTreeSet<AttemptId>,
    ) -> OfficeResult<Moved> {
        let before = Counted::stored(computed)?;
        let mut moved = Moved {
            results_id: computed.id,
            counted: before.clone(),
            entries: BTreeSet::new(),
            schools: serde_json::from_str(&computed.computed_schools)
                .map_err(|e| OfficeError::Internal(e.to_string()))?,
            entered: Vec::new(),
            left: Vec::new(),
            questions: Tallies::stored(computed)?,
        };
        let attempts: Vec<AttemptId> = attempts.iter().copied().collect();
        moved.learners(conn, olympiad_id, &attempts)?;
        moved
            .questions
            .follow(conn, moved.results_id, &moved.entered, &moved.left)?;
        moved.counted.highest = ResultRow::highest(conn, moved.results_id)?;
        moved.counted.learners += moved.entered.len() as i64 - moved.left.len() as i64;
        moved.counted.bands = bands_of(&OlympiadResults::of_olympiad(conn, olympiad_id)?);
        moved.look_at_schools(conn, &before)?;
        Ok(moved)
    }

    /// The learners' own rows as they are now (none when their attempt is no longer finished),
    /// counted again.
    fn learners(
        &mut self,
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        attempts: &[AttemptId],
    ) -> OfficeResult<()> {
        let before: HashMap<AttemptId, ResultRow> =
            ResultRow::of_attempts(conn, self.results_id, attempts)?
                .into_iter()
                .map(|row| (row.attempt_id, row))
                .collect();
        let mut rows = Vec::new();
        for &attempt_id in attempts {
            let old = before.get(&attempt_id);
            if let Some(old) = old {
                self.counted.scores.remove(&standing_of_row(old));
                self.entries.insert(old.school_participant_id);
            }
            let now = FinishedAttempt::of_attempt(conn, olympiad_id, attempt_id)?;
            match (old.is_none(), now.is_some()) {
                (true, true) => self.entered.push(attempt_id),
                (false, false) => self.left.push(attempt_id),
                _ => {}
            }
            if let Some(attempt) = now {
                let moderated = Moderated::of(ResultChange::for_attempt(conn, attempt_id)?);
                let on_paper = PaperSheet::is_paper(conn, attempt_id)?;
                let learner = moderated.learner(attempt, on_paper);
                self.counted.scores.add(&standing_of(&learner));
                self.entries.insert(learner.school_participant_id);
                // The best of the school is looked at with the rest of it next.
                rows.push(stored_row(self.results_id, &learner));
            }
        }
        ResultRow::put(conn, self.results_id, &rows, attempts)?;
        Ok(())
    }

    /// The schools of the moved learners counted again from their rows (the best of each school
    /// written where it changed), and the medals of every other school whose learners' awards
    /// the new counts (or bands) moved; then every school ranked again.
    fn look_at_schools(&mut self, conn: &mut DbConnection, before: &Counted) -> OfficeResult<()> {
        let placer = self.counted.placer();
        let entries: Vec<SchoolParticipantId> = self.entries.iter().copied().collect();
        let rows = ResultRow::of_schools(conn, self.results_id, &entries)?;
        let standings: Vec<Standing> = rows.iter().map(standing_of_row).collect();
        let best = BestOfSchools::of(&standings);
        let mut changed = Vec::new();
        let mut learners = Vec::with_capacity(rows.len());
        for (row, standing) in rows.into_iter().zip(&standings) {
            let best_in_school = best.is_best(standing);
            if best_in_school != row.best_in_school {
                changed.push(ResultRow {
                    best_in_school,
                    ..row.clone()
                });
            }
            learners.push(learner_of_row(
                ResultRow {
                    best_in_school,
                    ..row
                },
                &placer,
            ));
        }
        ResultRow::put(conn, self.results_id, &changed, &[])?;
        self.schools
            .retain(|s| !self.entries.contains(&s.school_participant_id));
        self.medals_moved(conn, &before.placer(), &placer)?;
        self.schools.extend(schools_of(&learners));
        self.rank_schools();
        Ok(())
    }

    /// Moves the medals of the schools (other than the moved learners', counted whole) whose
    /// learners' awards changed from `before` to `now`: in each grade, only the scores at a
    /// band's edge that the counts moved.
    fn medals_moved(
        &mut self,
        conn: &mut DbConnection,
        before: &Placer,
        now: &Placer,
    ) -> OfficeResult<()> {
        let medal = |award: Option<&Award>| award.and_then(|a| a.medal());
        let mut moved: HashMap<SchoolParticipantId, [i64; 3]> = HashMap::new();
        for grade in now.grades() {
            let then: HashMap<i64, Award> = before.awards(grade).into_iter().collect();
            let flips: HashMap<i64, (Option<usize>, Option<usize>)> = now
                .awards(grade)
                .into_iter()
                .map(|(score, award)| (score, (medal(then.get(&score)), medal(Some(&award)))))
                .filter(|(_, (was, is))| was != is)
                .collect();
            if flips.is_empty() {
                continue;
            }
            let scores: Vec<i64> = flips.keys().copied().collect();
            for (entry, score, learners) in
                ResultRow::counted_by_school(conn, self.results_id, grade, &scores)?
            {
                if self.entries.contains(&entry) {
                    continue;
                }
                let (was, is) = flips[&score];
                let medals = moved.entry(entry).or_default();
                if let Some(m) = was {
                    medals[m] -= learners;
                }
                if let Some(m) = is {
                    medals[m] += learners;
                }
            }
        }
        for school in &mut self.schools {
            if let Some(medals) = moved.get(&school.school_participant_id) {
                let add = |count: usize, by: i64| usize::try_from(count as i64 + by).unwrap_or(0);
                school.gold = add(school.gold, medals[0]);
                school.silver = add(school.silver, medals[1]);
                school.bronze = add(school.bronze, medals[2]);
            }
        }
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
    fn store(self, conn: &mut DbConnection, generation: i64) -> OfficeResult<()> {
        let schools = serde_json::to_string(&self.schools)
            .map_err(|e| OfficeError::Internal(e.to_string()))?;
        ResultRow::computed_at(
            conn,
            self.results_id,
            generation,
            [
                &self.counted.to_json()?,
                &schools,
                &self.questions.to_json()?,
            ],
        )?;
        Ok(())
    }
}
