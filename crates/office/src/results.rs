//! Results: made from the finished attempts and the moderation changes (each with its reason),
//! ranked and banded by the domain's rules, moved provisional → moderated → final, and released
//! as a snapshot that the public pages, the teachers and the certificates read. Editing after
//! release needs the results reopened, and the next release is a new version.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::listing::Grid;
use crate::support::scope::find_in_reach;
use chrono::NaiveDateTime;
use olympiad_documents::{Cell, Table};
use olympiad_domain::id::{AttemptId, OlympiadId, ParticipantId, QuestionId, SchoolParticipantId};
use olympiad_domain::results::{
    place, top_schools, Award, MedalBands, Placer, Placing, ResultChangeKind, ResultsState,
    SchoolStanding, ScoreCounts, Standing,
};
use olympiad_domain::Role;
use olympiad_persistence::models::listing::contains_pattern;
use olympiad_persistence::models::{
    ComputedResults, FinishedAttempt, Olympiad, OlympiadResults, OlympiadResultsForm, Paged,
    PaperSheet, Project, ResultChange, ResultChangeInsertForm, ResultRow, ResultRowFilter,
    SchoolParticipant, ScoreRange, Sort,
};
use olympiad_persistence::{now, read_snapshot, write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

mod counted;
mod follow;
mod moderation;
mod public;
mod questions;
pub use follow::*;
pub use moderation::*;
pub use public::*;

/// The longest reason a change may give.
pub const REASON_MAX: usize = 1000;

#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OlympiadQuery {
    #[param(value_type = i64)]
    pub olympiad_id: OlympiadId,
}

/// One learner's result.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerResult {
    #[schema(value_type = i64)]
    pub attempt_id: AttemptId,
    #[schema(value_type = i64)]
    pub participant_id: ParticipantId,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    pub school_name: String,
    pub province: String,
    /// The marks that count: the marked score, or the moderated one when adjusted.
    pub score: i64,
    /// As marked by the marking code.
    pub marked_score: i64,
    pub adjusted: bool,
    pub disqualified: bool,
    /// In the grade, nationally; 0 when disqualified.
    pub rank: usize,
    pub of: usize,
    pub province_rank: usize,
    pub percentile: f64,
    pub award: Option<Award>,
    pub best_in_school: bool,
    /// Written on paper and imported from the admin's spreadsheet of the answer sheets.
    #[serde(default)]
    pub on_paper: bool,
}

/// A school's standing in the top-school calculation.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopSchool {
    pub rank: usize,
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    pub school_name: String,
    pub province: String,
    pub learners: usize,
    /// The mean of its best five learners' scores.
    pub score: f64,
    pub gold: usize,
    pub silver: usize,
    pub bronze: usize,
}

/// The released results as they were made final.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub version: i32,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub finalised_at: Option<NaiveDateTime>,
    pub learners: Vec<LearnerResult>,
    pub schools: Vec<TopSchool>,
}

/// Results made now from the attempts and the changes.
pub struct Live {
    pub results: OlympiadResults,
    pub bands: MedalBands,
    pub learners: Vec<LearnerResult>,
    pub schools: Vec<TopSchool>,
}

fn bands_of(results: &OlympiadResults) -> MedalBands {
    serde_json::from_str(&results.record.bands).unwrap_or_default()
}

/// The olympiad's results as they stand: every finished attempt, its moderated marks, ranked.
pub fn live(conn: &mut DbConnection, olympiad_id: OlympiadId) -> OfficeResult<Live> {
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    let bands = bands_of(&results);
    let attempts = FinishedAttempt::for_olympiad(conn, olympiad_id, None)?;
    let on_paper = PaperSheet::attempt_ids(conn, olympiad_id)?;
    let moderated = Moderated::of(ResultChange::for_olympiad(conn, olympiad_id)?);
    let mut learners: Vec<LearnerResult> = attempts
        .into_iter()
        .map(|a| {
            let paper = on_paper.contains(&a.attempt_id);
            moderated.learner(a, paper)
        })
        .collect();
    let standings: Vec<Standing> = learners.iter().map(standing_of).collect();
    let placings = place(&standings, &bands);
    for (learner, placing) in learners.iter_mut().zip(&placings) {
        set_placing(learner, placing);
        learner.best_in_school = placing.best_in_school;
    }
    let schools = schools_of(&learners);
    Ok(Live {
        results,
        bands,
        learners,
        schools,
    })
}

/// What moderation changed in learners' results: later changes win (the last adjustment's
/// marks, the last disqualification or reinstatement).
struct Moderated {
    adjusted: HashMap<AttemptId, i64>,
    disqualified: HashMap<AttemptId, bool>,
}

impl Moderated {
    /// From the changes, oldest first.
    fn of(changes: Vec<ResultChange>) -> Moderated {
        let mut moderated = Moderated {
            adjusted: HashMap::new(),
            disqualified: HashMap::new(),
        };
        for change in changes {
            let Some(attempt) = change.attempt_id else {
                continue;
            };
            match change.kind {
                ResultChangeKind::Adjusted => {
                    if let Some(marks) = change.marks {
                        moderated.adjusted.insert(attempt, marks);
                    }
                }
                ResultChangeKind::Disqualified => {
                    moderated.disqualified.insert(attempt, true);
                }
                ResultChangeKind::Reinstated => {
                    moderated.disqualified.insert(attempt, false);
                }
                _ => {}
            }
        }
        moderated
    }

    /// The learner's result with their moderated marks, not yet placed.
    fn learner(&self, a: FinishedAttempt, on_paper: bool) -> LearnerResult {
        let marked_score = a.score.unwrap_or(0);
        LearnerResult {
            attempt_id: a.attempt_id,
            participant_id: a.participant_id,
            first_name: a.first_name,
            last_name: a.last_name,
            grade: a.grade,
            school_participant_id: a.school_participant_id,
            school_name: a.school_name,
            province: a.province,
            score: self
                .adjusted
                .get(&a.attempt_id)
                .copied()
                .unwrap_or(marked_score),
            marked_score,
            adjusted: self.adjusted.contains_key(&a.attempt_id),
            disqualified: self
                .disqualified
                .get(&a.attempt_id)
                .copied()
                .unwrap_or(false),
            rank: 0,
            of: 0,
            province_rank: 0,
            percentile: 0.0,
            award: None,
            best_in_school: false,
            on_paper,
        }
    }
}

fn standing_of(learner: &LearnerResult) -> Standing {
    Standing {
        grade: learner.grade,
        school: learner.school_participant_id,
        province: learner.province.clone(),
        score: learner.score,
        disqualified: learner.disqualified,
    }
}

/// The stored row's standing, as the counts count it.
fn standing_of_row(row: &ResultRow) -> Standing {
    Standing {
        grade: row.grade,
        school: row.school_participant_id,
        province: row.province.clone(),
        score: row.score,
        disqualified: row.disqualified,
    }
}

/// The learner's place in their grade (the best of their school is a matter of every grade).
fn set_placing(learner: &mut LearnerResult, placing: &Placing) {
    learner.rank = placing.rank;
    learner.of = placing.of;
    learner.province_rank = placing.province_rank;
    learner.percentile = placing.percentile;
    learner.award = placing.award;
}

/// The top schools of these learners (every learner of each of their schools).
fn schools_of(learners: &[LearnerResult]) -> Vec<TopSchool> {
    let mut names: HashMap<SchoolParticipantId, (String, String)> = HashMap::new();
    for learner in learners {
        names
            .entry(learner.school_participant_id)
            .or_insert_with(|| (learner.school_name.clone(), learner.province.clone()));
    }
    let standings: Vec<Standing> = learners.iter().map(standing_of).collect();
    let placings: Vec<Placing> = learners
        .iter()
        .map(|l| Placing {
            rank: l.rank,
            of: l.of,
            province_rank: l.province_rank,
            percentile: l.percentile,
            award: l.award,
            best_in_school: l.best_in_school,
        })
        .collect();
    top_schools(&standings, &placings)
        .into_iter()
        .map(|s| top_school(s, &names))
        .collect()
}

fn top_school(
    s: SchoolStanding,
    names: &HashMap<SchoolParticipantId, (String, String)>,
) -> TopSchool {
    let (name, province) = names.get(&s.school).cloned().unwrap_or_default();
    TopSchool {
        rank: s.rank,
        school_participant_id: s.school,
        school_name: name,
        province,
        learners: s.learners,
        score: s.score,
        gold: s.gold,
        silver: s.silver,
        bronze: s.bronze,
    }
}

// ---------------------------------------------------------------------------------------------
// Stored results: computed once per generation
//
// Reading results does not rank every attempt again. The results are computed once and stored
// (`result_rows`, with moderation's distributions and the top schools beside them) with the
// generation they were computed at. Every write that can change them raises the olympiad's
// generation in its own transaction (database triggers: see the migration `results_versions`), so
// a reader that finds the stored generation behind brings them up to it first, under the results
// row's lock, by what moved since (see [`follow`]), and stale results cannot be read. A writer
// that answers with the results it just changed brings them up in its own transaction, at the
// generation its commit leaves (raised at once there): the next reader finds them current.

/// The olympiad's results row and its stored results, computed again first when behind.
pub fn current(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> OfficeResult<(OlympiadResults, ComputedResults)> {
    // The generation first: whatever is read after it is at least as new.
    let generation = ResultRow::generation(conn, olympiad_id)?;
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    let computed = ResultRow::computed(conn, results.id)?;
    if computed.computed_generation >= generation {
        return Ok((results, computed));
    }
    recompute(conn, olympiad_id)?;
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    let computed = ResultRow::computed(conn, results.id)?;
    Ok((results, computed))
}

/// Brings the stored results up to the olympiad's generation: by what moved since they were
/// stored, or computed whole (see [`follow`]).
pub fn recompute(conn: &mut DbConnection, olympiad_id: OlympiadId) -> OfficeResult<()> {
    follow::catch_up(conn, olympiad_id, false)
}

fn store(
    conn: &mut DbConnection,
    results_id: i64,
    generation: i64,
    live: &Live,
) -> OfficeResult<()> {
    let standings: Vec<Standing> = live.learners.iter().map(standing_of).collect();
    let counted = counted::Counted {
        bands: live.bands,
        highest: live.learners.iter().map(|l| l.score).max().unwrap_or(0),
        learners: i64::try_from(live.learners.len()).unwrap_or(i64::MAX),
        scores: ScoreCounts::of(&standings),
    };
    let rows: Vec<ResultRow> = live
        .learners
        .iter()
        .map(|l| stored_row(results_id, l))
        .collect();
    ResultRow::replace(conn, results_id, &rows)?;
    let questions = questions::Tallies::counted(conn, results_id)?;
    let schools =
        serde_json::to_string(&live.schools).map_err(|e| OfficeError::Internal(e.to_string()))?;
    ResultRow::computed_at(
        conn,
        results_id,
        generation,
        [&counted.to_json()?, &schools, &questions.to_json()?],
    )?;
    Ok(())
}

/// What a learner's stored row holds: their own result, not their place (see `counted`).
fn stored_row(results_id: i64, l: &LearnerResult) -> ResultRow {
    ResultRow {
        results_id,
        attempt_id: l.attempt_id,
        participant_id: l.participant_id,
        first_name: l.first_name.clone(),
        last_name: l.last_name.clone(),
        grade: l.grade,
        school_participant_id: l.school_participant_id,
        school_name: l.school_name.clone(),
        province: l.province.clone(),
        province_key: l.province.to_ascii_lowercase(),
        search_text: format!("{} {} {}", l.first_name, l.last_name, l.school_name).to_lowercase(),
        score: l.score,
        marked_score: l.marked_score,
        adjusted: l.adjusted,
        disqualified: l.disqualified,
        rank_key: ResultRow::rank_key_of(l.score, l.disqualified),
        best_in_school: l.best_in_school,
        on_paper: l.on_paper,
    }
}

/// The stored row's learner, placed by the stored counts.
fn learner_of_row(row: ResultRow, placer: &Placer) -> LearnerResult {
    let placing = placer.placing(&standing_of_row(&row));
    let mut learner = LearnerResult {
        attempt_id: row.attempt_id,
        participant_id: row.participant_id,
        first_name: row.first_name,
        last_name: row.last_name,
        grade: row.grade,
        school_participant_id: row.school_participant_id,
        school_name: row.school_name,
        province: row.province,
        score: row.score,
        marked_score: row.marked_score,
        adjusted: row.adjusted,
        disqualified: row.disqualified,
        rank: 0,
        of: 0,
        province_rank: 0,
        percentile: 0.0,
        award: None,
        best_in_school: row.best_in_school,
        on_paper: row.on_paper,
    };
    set_placing(&mut learner, &placing);
    learner
}

/// What places the stored rows.
fn placer_of(computed: &ComputedResults) -> OfficeResult<Placer> {
    Ok(counted::Counted::stored(computed)?.placer())
}

/// The current results of these attempts (those that are among the finished ones), by attempt.
pub fn learners_of(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    attempt_ids: &[AttemptId],
) -> OfficeResult<HashMap<AttemptId, LearnerResult>> {
    let (results, computed) = current(conn, olympiad_id)?;
    let placer = placer_of(&computed)?;
    Ok(ResultRow::of_attempts(conn, results.id, attempt_ids)?
        .into_iter()
        .map(|row| (row.attempt_id, learner_of_row(row, &placer)))
        .collect())
}

/// The released snapshot, if the results were ever final.
pub fn released(results: &OlympiadResults) -> Option<Snapshot> {
    if results.record.version == 0 || results.record.snapshot.is_empty() {
        return None;
    }
    serde_json::from_str(&results.record.snapshot).ok()
}

fn staff_olympiad(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Olympiad> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)
}

// ---------------------------------------------------------------------------------------------
// Lists and downloads

#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ResultsQuery {
    #[param(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub grade: Option<i32>,
    pub award: Option<Award>,
    #[param(value_type = Option<i64>)]
    pub school_participant_id: Option<SchoolParticipantId>,
    pub province: Option<String>,
    /// Only learners who wrote on paper (true) or online (false).
    pub on_paper: Option<bool>,
}

/// The keys the results grid sorts by.
pub const RESULT_SORT_KEYS: &[&str] = olympiad_persistence::models::results::SORT_KEYS;

/// The current results, filtered, sorted and paged by the database from the stored results.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &ResultsQuery,
    grid: Grid,
) -> OfficeResult<Paged<LearnerResult>> {
    staff_olympiad(conn, caller, query.olympiad_id)?;
    check_sort(&grid.sort)?;
    let (results, computed) = current(conn, query.olympiad_id)?;
    let counted = counted::Counted::stored(&computed)?;
    let placer = counted.placer();
    let filter = row_filter(query, &grid.search, &placer);
    // Every row: as many as the results hold, without counting them again.
    let total = (filter == ResultRowFilter::default()).then_some(counted.learners);
    let (rows, total) = ResultRow::page(conn, results.id, &filter, &grid.sort, grid.page, total)?;
    Ok(Paged {
        rows: rows
            .into_iter()
            .map(|row| learner_of_row(row, &placer))
            .collect(),
        total,
    })
}

/// Rows an export reads at a time.
const EXPORT_CHUNK: usize = 2_000;

/// Every result the grid's search and filters select, in its order, handed to `sink` a chunk at a
/// time as it is read (at least once: an empty export has its headings), all of one moment;
/// stops early when `sink` answers false (the download was abandoned). What an export holds is eight bytes a row and one chunk, however many rows.
pub fn export(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &ResultsQuery,
    grid: &Grid,
    sink: &mut dyn FnMut(Vec<LearnerResult>) -> bool,
) -> OfficeResult<()> {
    staff_olympiad(conn, caller, query.olympiad_id)?;
    check_sort(&grid.sort)?;
    // Brought up to date first: a snapshot cannot write.
    let (results, computed) = current(conn, query.olympiad_id)?;
    let placer = placer_of(&computed)?;
    let filter = row_filter(query, &grid.search, &placer);
    read_snapshot(conn, |conn| {
        let attempts = ResultRow::ordered_attempts(conn, results.id, &filter, &grid.sort)?;
        if attempts.is_empty() {
            sink(Vec::new());
        }
        for chunk in attempts.chunks(EXPORT_CHUNK) {
            let mut rows: HashMap<AttemptId, ResultRow> =
                ResultRow::of_attempts(conn, results.id, chunk)?
                    .into_iter()
                    .map(|row| (row.attempt_id, row))
                    .collect();
            let learners = chunk
                .iter()
                .filter_map(|attempt| rows.remove(attempt))
                .map(|row| learner_of_row(row, &placer))
                .collect();
            if !sink(learners) {
                break;
            }
        }
        Ok(())
    })
}

/// The grid's sort keys, each one the results know, refused before any work as every list sorted
/// in storage refuses them.
fn check_sort(sorts: &[Sort]) -> OfficeResult<()> {
    match sorts
        .iter()
        .find(|sort| !RESULT_SORT_KEYS.contains(&sort.key.as_str()))
    {
        Some(unknown) => Err(olympiad_persistence::DbError::UnknownSortKey {
            key: unknown.key.clone(),
            known: RESULT_SORT_KEYS,
        }
        .into()),
        None => Ok(()),
    }
}

/// What the grid's filters and search select of the stored results: an award is the scores that
/// have it in each grade, as the counts place them.
fn row_filter(query: &ResultsQuery, search: &str, placer: &Placer) -> ResultRowFilter {
    let award_scores = |award: Award| {
        placer
            .grades()
            .into_iter()
            .filter(|&grade| query.grade.is_none_or(|g| g == grade))
            .filter_map(|grade| {
                let (lowest, highest) = placer.award_scores(grade, award)?;
                Some(ScoreRange {
                    grade,
                    lowest,
                    highest,
                })
            })
            .collect()
    };
    ResultRowFilter {
        grade: query.grade,
        scores: query.award.map(award_scores),
        school_participant_id: query.school_participant_id,
        on_paper: query.on_paper,
        province_key: query
            .province
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_ascii_lowercase),
        search: contains_pattern(search),
    }
}

pub fn results_table(rows: &[LearnerResult]) -> Table {
    let mut table = Table::new(&[
        "Rank",
        "First name",
        "Last name",
        "Grade",
        "School",
        "Province",
        "Score",
        "Marked",
        "Percentile",
        "Award",
        "Best in school",
        "Disqualified",
        "Written on paper",
    ]);
    for r in rows {
        table.push(vec![
            Cell::Number(r.rank as f64),
            r.first_name.as_str().into(),
            r.last_name.as_str().into(),
            Cell::Number(f64::from(r.grade)),
            r.school_name.as_str().into(),
            r.province.as_str().into(),
            Cell::Number(r.score as f64),
            Cell::Number(r.marked_score as f64),
            Cell::Number(r.percentile),
            r.award.map(Award::title).unwrap_or("").into(),
            (if r.best_in_school { "Yes" } else { "" }).into(),
            (if r.disqualified { "Yes" } else { "" }).into(),
            (if r.on_paper { "Yes" } else { "" }).into(),
        ]);
    }
    table
}

pub fn top_school_calcs(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Vec<TopSchool>> {
    staff_olympiad(conn, caller, olympiad_id)?;
    let (_, computed) = current(conn, olympiad_id)?;
    serde_json::from_str(&computed.computed_schools)
        .map_err(|e| OfficeError::Internal(e.to_string()))
}

/// The released results (GET /api/results/downloads/details): empty, version 0, before release.
pub fn download_details(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Snapshot> {
    staff_olympiad(conn, caller, olympiad_id)?;
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    Ok(released(&results).unwrap_or_default())
}

#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EntryQuery {
    #[param(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
}

/// A school's results as released, for its team.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolResults {
    pub released: bool,
    pub version: i32,
    pub school_name: String,
    pub learners: Vec<LearnerResult>,
    /// Where the school came among all schools; 0 before release.
    pub school_rank: usize,
    pub schools: usize,
}

pub fn of_school(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
) -> OfficeResult<SchoolResults> {
    let entry = find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
    let results = OlympiadResults::of_olympiad(conn, entry.olympiad_id)?;
    let school_name = olympiad_persistence::models::School::find(conn, entry.school_id)?
        .details
        .name;
    let Some(snapshot) = released(&results) else {
        return Ok(SchoolResults {
            released: false,
            version: 0,
            school_name,
            learners: vec![],
            school_rank: 0,
            schools: 0,
        });
    };
    let mut learners: Vec<LearnerResult> = snapshot
        .learners
        .into_iter()
        .filter(|l| l.school_participant_id == entry.id)
        .collect();
    learners.sort_by(|a, b| a.grade.cmp(&b.grade).then(a.rank.cmp(&b.rank)));
    let school_rank = snapshot
        .schools
        .iter()
        .find(|s| s.school_participant_id == entry.id)
        .map_or(0, |s| s.rank);
    Ok(SchoolResults {
        released: true,
        version: snapshot.version,
        school_name,
        learners,
        school_rank,
        schools: snapshot.schools.len(),
    })
}
