//! Results: made from the finished attempts and the moderation changes (each with its reason),
//! ranked and banded by the domain's rules, moved provisional → moderated → final, and released
//! as a snapshot that the public pages, the teachers and the certificates read. Editing after
//! release needs the results reopened, and the next release is a new version.

use crate::activity::record_activity;
use crate::caller::Caller;
use crate::error::{OfficeError, OfficeResult};
use crate::listing::Grid;
use crate::scope::find_in_reach;
use chrono::NaiveDateTime;
use olympiad_documents::{Cell, Table};
use olympiad_domain::id::{AttemptId, OlympiadId, ParticipantId, QuestionId, SchoolParticipantId};
use olympiad_domain::results::{
    place, top_schools, Award, MedalBands, ResultChangeKind, ResultsState, Standing,
};
use olympiad_domain::Role;
use olympiad_persistence::models::listing::contains_pattern;
use olympiad_persistence::models::{
    ComputedResults, FinishedAttempt, Olympiad, OlympiadResults, OlympiadResultsForm, Paged,
    PaperSheet, Project, QuestionDistribution, ResultChange, ResultChangeInsertForm, ResultRow,
    ResultRowFilter, SchoolParticipant,
};
use olympiad_persistence::{now, write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

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
    // Later changes win: the last adjustment's marks, the last disqualification or reinstatement.
    let mut adjusted: HashMap<AttemptId, i64> = HashMap::new();
    let mut disqualified: HashMap<AttemptId, bool> = HashMap::new();
    for change in ResultChange::for_olympiad(conn, olympiad_id)? {
        let Some(attempt) = change.attempt_id else {
            continue;
        };
        match change.kind {
            ResultChangeKind::Adjusted => {
                if let Some(marks) = change.marks {
                    adjusted.insert(attempt, marks);
                }
            }
            ResultChangeKind::Disqualified => {
                disqualified.insert(attempt, true);
            }
            ResultChangeKind::Reinstated => {
                disqualified.insert(attempt, false);
            }
            _ => {}
        }
    }
    let standings: Vec<Standing> = attempts
        .iter()
        .map(|a| Standing {
            grade: a.grade,
            school: a.school_participant_id,
            province: a.province.clone(),
            score: adjusted
                .get(&a.attempt_id)
                .copied()
                .unwrap_or(a.score.unwrap_or(0)),
            disqualified: disqualified.get(&a.attempt_id).copied().unwrap_or(false),
        })
        .collect();
    let placings = place(&standings, &bands);
    let mut school_names: HashMap<SchoolParticipantId, (String, String)> = HashMap::new();
    let learners: Vec<LearnerResult> = attempts
        .into_iter()
        .zip(standings.iter().zip(&placings))
        .map(|(a, (standing, placing))| {
            school_names
                .entry(a.school_participant_id)
                .or_insert_with(|| (a.school_name.clone(), a.province.clone()));
            LearnerResult {
                attempt_id: a.attempt_id,
                participant_id: a.participant_id,
                first_name: a.first_name,
                last_name: a.last_name,
                grade: a.grade,
                school_participant_id: a.school_participant_id,
                school_name: a.school_name,
                province: a.province,
                score: standing.score,
                marked_score: a.score.unwrap_or(0),
                adjusted: adjusted.contains_key(&a.attempt_id),
                disqualified: standing.disqualified,
                rank: placing.rank,
                of: placing.of,
                province_rank: placing.province_rank,
                percentile: placing.percentile,
                award: placing.award,
                best_in_school: placing.best_in_school,
                on_paper: on_paper.contains(&a.attempt_id),
            }
        })
        .collect();
    let schools = top_schools(&standings, &placings)
        .into_iter()
        .map(|s| {
            let (name, province) = school_names.get(&s.school).cloned().unwrap_or_default();
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
        })
        .collect();
    Ok(Live {
        results,
        bands,
        learners,
        schools,
    })
}

// ---------------------------------------------------------------------------------------------
// Stored results: computed once per generation
//
// Reading results does not rank every attempt again. The results are computed once and stored
// (`result_rows`, with moderation's distributions and the top schools beside them) with the
// generation they were computed at. Every write that can change them raises the olympiad's
// generation in its own transaction (database triggers: see the migration `results_versions`), so
// a reader that finds the stored generation behind computes them again first, under the results
// row's lock, and stale results cannot be read. A writer that answers with the results it just
// changed computes them once and stores them in its own transaction ([`live_and_stored`]), at the
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

/// Computes the olympiad's results and stores them, unless another node stored this generation
/// while this one waited for the lock.
pub fn recompute(conn: &mut DbConnection, olympiad_id: OlympiadId) -> OfficeResult<()> {
    let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
    write_transaction(conn, |conn| {
        ResultRow::lock(conn, results.id)?;
        let generation = ResultRow::generation(conn, olympiad_id)?;
        if ResultRow::computed(conn, results.id)?.computed_generation >= generation {
            return Ok(());
        }
        let live = live(conn, olympiad_id)?;
        store(conn, results.id, generation, &live)
    })
}

/// The results as they are now, inside the caller's write transaction after its change: computed
/// once, and stored at the generation that change raised them to.
pub fn live_and_stored(conn: &mut DbConnection, olympiad_id: OlympiadId) -> OfficeResult<Live> {
    write_transaction(conn, |conn| {
        let results = OlympiadResults::of_olympiad(conn, olympiad_id)?;
        ResultRow::lock(conn, results.id)?;
        ResultRow::raise_now(conn, olympiad_id)?;
        let generation = ResultRow::generation(conn, olympiad_id)?;
        let live = live(conn, olympiad_id)?;
        store(conn, results.id, generation, &live)?;
        Ok(live)
    })
}

fn store(
    conn: &mut DbConnection,
    results_id: i64,
    generation: i64,
    live: &Live,
) -> OfficeResult<()> {
    let (grades, outliers) = distributions(&live.learners);
    let rows: Vec<ResultRow> = live
        .learners
        .iter()
        .map(|l| stored_row(results_id, l, outliers.contains(&l.attempt_id)))
        .collect();
    let json =
        |value: serde_json::Result<String>| value.map_err(|e| OfficeError::Internal(e.to_string()));
    ResultRow::replace(
        conn,
        results_id,
        generation,
        &rows,
        &json(serde_json::to_string(&grades))?,
        &json(serde_json::to_string(&live.schools))?,
    )?;
    Ok(())
}

/// The disqualified sort after every placed learner.
const DISQUALIFIED_RANK_KEY: i64 = i64::MAX;

fn stored_row(results_id: i64, l: &LearnerResult, outlier: bool) -> ResultRow {
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
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
        rank: count(l.rank),
        rank_key: if l.disqualified {
            DISQUALIFIED_RANK_KEY
        } else {
            count(l.rank)
        },
        of_count: count(l.of),
        province_rank: count(l.province_rank),
        // Percentiles are tenths already: stored as a whole number, read back exactly.
        percentile_tenths: (l.percentile * 10.0).round() as i64,
        award: l.award.map(|a| a.as_str().to_owned()),
        best_in_school: l.best_in_school,
        on_paper: l.on_paper,
        outlier,
    }
}

fn learner_of_row(row: ResultRow) -> LearnerResult {
    let count = |n: i64| usize::try_from(n).unwrap_or(0);
    LearnerResult {
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
        rank: count(row.rank),
        of: count(row.of_count),
        province_rank: count(row.province_rank),
        percentile: row.percentile_tenths as f64 / 10.0,
        award: row.award.as_deref().and_then(Award::parse),
        best_in_school: row.best_in_school,
        on_paper: row.on_paper,
    }
}

/// The current results of these attempts (those that are among the finished ones), by attempt.
pub fn learners_of(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    attempt_ids: &[AttemptId],
) -> OfficeResult<HashMap<AttemptId, LearnerResult>> {
    let (results, _) = current(conn, olympiad_id)?;
    Ok(ResultRow::of_attempts(conn, results.id, attempt_ids)?
        .into_iter()
        .map(|row| (row.attempt_id, learner_of_row(row)))
        .collect())
}

/// The distribution of each grade's scores, and the learners to check first: those whose score is
/// far from their grade's (three standard deviations), or adjusted by more than a fifth.
fn distributions(learners: &[LearnerResult]) -> (Vec<GradeDistribution>, HashSet<AttemptId>) {
    let highest = learners.iter().map(|l| l.score).max().unwrap_or(0).max(1);
    let mut by_grade: BTreeMap<i32, Vec<&LearnerResult>> = BTreeMap::new();
    for learner in learners.iter().filter(|l| !l.disqualified) {
        by_grade.entry(learner.grade).or_default().push(learner);
    }
    let mut outliers = HashSet::new();
    let grades = by_grade
        .iter()
        .map(|(&grade, learners)| {
            let mut scores: Vec<i64> = learners.iter().map(|l| l.score).collect();
            scores.sort_unstable();
            let n = scores.len() as f64;
            let mean = scores.iter().sum::<i64>() as f64 / n;
            let sd = (scores
                .iter()
                .map(|&s| (s as f64 - mean).powi(2))
                .sum::<f64>()
                / n)
                .sqrt();
            for learner in learners {
                let far = sd > 0.0 && (learner.score as f64 - mean).abs() > 3.0 * sd;
                let moved =
                    learner.adjusted && (learner.score - learner.marked_score).abs() * 5 > highest;
                if far || moved {
                    outliers.insert(learner.attempt_id);
                }
            }
            let mut buckets = vec![0; 10];
            for &score in &scores {
                let bucket = ((score * 10) / highest).clamp(0, 9) as usize;
                buckets[bucket] += 1;
            }
            GradeDistribution {
                grade,
                learners: scores.len(),
                mean: (mean * 10.0).round() / 10.0,
                median: scores[scores.len() / 2],
                lowest: scores[0],
                highest: scores[scores.len() - 1],
                buckets,
            }
        })
        .collect();
    (grades, outliers)
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
// Moderation

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GradeDistribution {
    pub grade: i32,
    pub learners: usize,
    pub mean: f64,
    pub median: i64,
    pub lowest: i64,
    pub highest: i64,
    /// Learners per tenth of the highest score of the olympiad (ten buckets).
    pub buckets: Vec<usize>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionStat {
    #[schema(value_type = i64)]
    pub question_id: QuestionId,
    /// "2.5": module and question number.
    pub label: String,
    pub out_of: i32,
    pub answered: i64,
    pub full_marks: i64,
    /// Share of finished attempts with full marks, 0 to 100.
    pub facility: f64,
    pub mean_marks: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeView {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub attempt_id: Option<AttemptId>,
    pub learner: String,
    pub kind: ResultChangeKind,
    pub marks: Option<i64>,
    pub marks_before: Option<i64>,
    pub reason: String,
    #[serde(with = "olympiad_domain::utc")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: NaiveDateTime,
}

/// What the Results moderation screen shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Moderation {
    pub state: ResultsState,
    pub version: i32,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub finalised_at: Option<NaiveDateTime>,
    pub bands: MedalBands,
    pub learners: usize,
    pub grades: Vec<GradeDistribution>,
    pub questions: Vec<QuestionStat>,
    /// Learners whose score is far from their grade's (three standard deviations), or adjusted
    /// by more than a fifth: the first to check.
    pub outliers: Vec<LearnerResult>,
    /// Every change, newest first: adjustments after appeals, disqualifications, remarks, releases.
    pub changes: Vec<ChangeView>,
}

pub fn moderation(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Moderation> {
    staff_olympiad(conn, caller, olympiad_id)?;
    let (results, computed) = current(conn, olympiad_id)?;
    let grades: Vec<GradeDistribution> =
        serde_json::from_str(&computed.computed_grades).unwrap_or_default();
    let learners = usize::try_from(ResultRow::count(conn, results.id)?).unwrap_or(0);
    let outliers = ResultRow::outliers(conn, results.id)?
        .into_iter()
        .map(learner_of_row)
        .collect();
    let finished = learners.max(1) as f64;
    let questions = QuestionDistribution::for_olympiad(conn, olympiad_id)?
        .into_iter()
        .map(|q| QuestionStat {
            question_id: q.question_id,
            label: format!("{}.{}", q.module_position, q.position),
            out_of: q.out_of,
            answered: q.answered,
            full_marks: q.full_marks,
            facility: (q.full_marks as f64 * 1000.0 / finished).round() / 10.0,
            mean_marks: (q.marks_total as f64 * 100.0 / finished).round() / 100.0,
        })
        .collect();
    let mut recorded = ResultChange::for_olympiad(conn, olympiad_id)?;
    recorded.reverse();
    recorded.truncate(200);
    let attempt_ids: Vec<AttemptId> = recorded.iter().filter_map(|c| c.attempt_id).collect();
    let names: HashMap<AttemptId, String> = ResultRow::of_attempts(conn, results.id, &attempt_ids)?
        .into_iter()
        .map(|l| (l.attempt_id, format!("{} {}", l.first_name, l.last_name)))
        .collect();
    let changes: Vec<ChangeView> = recorded
        .into_iter()
        .map(|c| ChangeView {
            id: c.id,
            attempt_id: c.attempt_id,
            learner: c
                .attempt_id
                .and_then(|a| names.get(&a).cloned())
                .unwrap_or_default(),
            kind: c.kind,
            marks: c.marks,
            marks_before: c.marks_before,
            reason: c.reason,
            created_at: c.created_at,
        })
        .collect();
    Ok(Moderation {
        state: results.record.state,
        version: results.record.version,
        finalised_at: results.record.finalised_at,
        bands: bands_of(&results),
        learners,
        grades,
        questions,
        outliers,
        changes,
    })
}

/// A change of the olympiad's results by its staff, in one write transaction, with the reason
/// they give (checked first: every change of results says why).
fn staff_change<T>(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    reason: &str,
    change: impl FnOnce(&mut DbConnection, String) -> OfficeResult<T>,
) -> OfficeResult<T> {
    write_transaction(conn, |conn| {
        staff_olympiad(conn, caller, olympiad_id)?;
        change(conn, reason_of(reason)?)
    })
}

fn reason_of(reason: &str) -> OfficeResult<String> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(OfficeError::invalid("reason", "is required: say why"));
    }
    if reason.chars().count() > REASON_MAX {
        return Err(OfficeError::invalid(
            "reason",
            format!("must be at most {REASON_MAX} characters"),
        ));
    }
    Ok(reason.to_owned())
}

/// Final results change only in a new version: reopen them first.
pub(crate) fn not_final(results: &OlympiadResults) -> OfficeResult<()> {
    if results.record.state == ResultsState::Final {
        return Err(OfficeError::conflict(
            "The results are final. Reopen them (a new version) before changing them.",
        ));
    }
    Ok(())
}

fn change(
    olympiad_id: OlympiadId,
    caller: &Caller,
    attempt_id: Option<AttemptId>,
    kind: ResultChangeKind,
    marks: Option<i64>,
    marks_before: Option<i64>,
    reason: &str,
) -> ResultChangeInsertForm {
    ResultChangeInsertForm {
        olympiad_id,
        attempt_id,
        kind,
        marks,
        marks_before,
        reason: reason.to_owned(),
        made_by: Some(caller.actor()),
        created_at: now(),
    }
}

/// What a moderator changes in one learner's result.
#[derive(Clone, Copy)]
enum LearnerChange {
    Adjusted {
        from: i64,
        to: i64,
    },
    /// Disqualified (true) or reinstated.
    Disqualified(bool),
}

/// A change of one learner's result by the olympiad's staff (see [`staff_change`]), while the
/// results are not final: `decide` is given their result before it and the checked reason, and
/// answers what changes and the reason to keep, or nothing when there is nothing to change.
fn change_one(
    conn: &mut DbConnection,
    caller: &Caller,
    (olympiad_id, attempt_id): (OlympiadId, AttemptId),
    reason: &str,
    decide: impl FnOnce(&LearnerResult, String) -> Option<(LearnerChange, String)>,
) -> OfficeResult<LearnerResult> {
    staff_change(conn, caller, olympiad_id, reason, |conn, reason| {
        let before = live(conn, olympiad_id)?;
        not_final(&before.results)?;
        let learner = learner_of(&before, attempt_id)?.clone();
        match decide(&learner, reason) {
            Some((what, reason)) => {
                change_learner(conn, caller, olympiad_id, &learner, what, &reason)
            }
            None => Ok(learner),
        }
    })
}

/// Records the change of the learner's result with its line in the activity log, and answers
/// their result after it.
fn change_learner(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    learner: &LearnerResult,
    what: LearnerChange,
    reason: &str,
) -> OfficeResult<LearnerResult> {
    let attempt_id = learner.attempt_id;
    let mut details = serde_json::json!({ "attemptId": attempt_id, "reason": reason });
    let (kind, marks, marks_before, action) = match what {
        LearnerChange::Adjusted { from, to } => {
            details["from"] = from.into();
            details["to"] = to.into();
            let kind = ResultChangeKind::Adjusted;
            (kind, Some(to), Some(from), "result_adjusted")
        }
        LearnerChange::Disqualified(true) => {
            let kind = ResultChangeKind::Disqualified;
            (kind, None, None, "result_disqualified")
        }
        LearnerChange::Disqualified(false) => {
            let kind = ResultChangeKind::Reinstated;
            (kind, None, None, "result_reinstated")
        }
    };
    let change = change(
        olympiad_id,
        caller,
        Some(attempt_id),
        kind,
        marks,
        marks_before,
        reason,
    );
    ResultChange::record(conn, &change)?;
    record_activity(conn, caller, action, Some(olympiad_id), details)?;
    let after = live_and_stored(conn, olympiad_id)?;
    Ok(learner_of(&after, attempt_id)?.clone())
}

/// The learner's current result, which must be one of the olympiad's finished attempts.
fn learner_of(live: &Live, attempt_id: AttemptId) -> OfficeResult<&LearnerResult> {
    live.learners
        .iter()
        .find(|l| l.attempt_id == attempt_id)
        .ok_or_else(|| OfficeError::NotFound("This learner's finished attempt".into()))
}

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdjustInput {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[schema(value_type = i64)]
    pub attempt_id: AttemptId,
    /// The learner's total marks after moderation.
    #[validate(range(min = 0, max = 100_000, message = "must be from 0 to 100000"))]
    #[schema(minimum = 0, maximum = 100000)]
    pub marks: i64,
    /// Why: required, not only spaces.
    #[schema(min_length = 1, max_length = 1000, pattern = "\\S")]
    pub reason: String,
}

/// Sets a learner's total by hand, with the reason.
pub fn adjust(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &AdjustInput,
) -> OfficeResult<LearnerResult> {
    adjust_as(conn, caller, input, |reason| reason)
}

/// Sets a learner's total by hand. `kept` makes the reason the change keeps from the moderator's,
/// once that is checked: an upheld appeal names itself before it, and the limit holds for what
/// the moderator wrote, not for the appeal's words added to it.
pub(crate) fn adjust_as(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &AdjustInput,
    kept: impl FnOnce(String) -> String,
) -> OfficeResult<LearnerResult> {
    // The marks' limit, for an upheld appeal's adjustment as for the moderator's own.
    input.validate()?;
    let adjusted = |learner: &LearnerResult, reason| {
        let what = LearnerChange::Adjusted {
            from: learner.score,
            to: input.marks,
        };
        Some((what, kept(reason)))
    };
    change_one(
        conn,
        caller,
        (input.olympiad_id, input.attempt_id),
        &input.reason,
        adjusted,
    )
}

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DisqualifyInput {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[schema(value_type = i64)]
    pub attempt_id: AttemptId,
    /// True to disqualify, false to reinstate.
    pub disqualified: bool,
    /// Why: required, not only spaces.
    #[schema(min_length = 1, max_length = 1000, pattern = "\\S")]
    pub reason: String,
}

pub fn disqualify(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &DisqualifyInput,
) -> OfficeResult<LearnerResult> {
    // Asking again for what is already so changes nothing.
    let changed = |learner: &LearnerResult, reason| {
        let what = LearnerChange::Disqualified(input.disqualified);
        (learner.disqualified != input.disqualified).then_some((what, reason))
    };
    change_one(
        conn,
        caller,
        (input.olympiad_id, input.attempt_id),
        &input.reason,
        changed,
    )
}

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RemarkInput {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    /// Why: required, not only spaces.
    #[schema(min_length = 1, max_length = 1000, pattern = "\\S")]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Remarked {
    pub marked: usize,
}

/// Marks every finished attempt again after the answer key was corrected, with the reason.
pub fn remark(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &RemarkInput,
) -> OfficeResult<Remarked> {
    let olympiad_id = input.olympiad_id;
    staff_change(conn, caller, olympiad_id, &input.reason, |conn, reason| {
        not_final(&OlympiadResults::of_olympiad(conn, olympiad_id)?)?;
        let done = crate::invigilation::remark(conn, caller, olympiad_id)?;
        ResultChange::record(
            conn,
            &change(
                olympiad_id,
                caller,
                None,
                ResultChangeKind::Remarked,
                None,
                None,
                &reason,
            ),
        )?;
        Ok(Remarked {
            marked: done.marked,
        })
    })
}

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StateInput {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub state: ResultsState,
    /// Why: required, not only spaces.
    #[schema(min_length = 1, max_length = 1000, pattern = "\\S")]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateView {
    pub state: ResultsState,
    pub version: i32,
}

/// Moves the results on (or back); making them final takes the snapshot of a new version.
pub fn set_state(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &StateInput,
) -> OfficeResult<StateView> {
    let olympiad_id = input.olympiad_id;
    staff_change(conn, caller, olympiad_id, &input.reason, |conn, reason| {
        let current = live(conn, olympiad_id)?;
        let from = current.results.record.state;
        if from == input.state {
            return Ok(StateView {
                state: from,
                version: current.results.record.version,
            });
        }
        if !from.may_become(input.state) {
            return Err(OfficeError::conflict(format!(
                "Results that are {} cannot become {}.",
                from.as_str(),
                input.state.as_str()
            )));
        }
        let results = &current.results;
        let mut form = OlympiadResultsForm {
            state: input.state,
            updated_at: now(),
            ..results.record.clone()
        };
        let kind = match (from, input.state) {
            (_, ResultsState::Final) => {
                let at = now();
                form.version += 1;
                form.finalised_at = Some(at);
                form.snapshot = serde_json::to_string(&Snapshot {
                    version: form.version,
                    finalised_at: Some(at),
                    learners: current.learners.clone(),
                    schools: current.schools.clone(),
                })
                .map_err(|e| OfficeError::Internal(e.to_string()))?;
                ResultChangeKind::Finalised
            }
            (ResultsState::Final, _) => ResultChangeKind::Reopened,
            (_, ResultsState::Moderated) => ResultChangeKind::Moderated,
            (_, ResultsState::Provisional) => ResultChangeKind::Provisional,
        };
        OlympiadResults::update(conn, results.id, &form)?;
        ResultChange::record(
            conn,
            &change(olympiad_id, caller, None, kind, None, None, &reason),
        )?;
        record_activity(
            conn,
            caller,
            "results_state_changed",
            Some(olympiad_id),
            serde_json::json!({ "from": from.as_str(), "to": input.state.as_str(), "version": form.version, "reason": reason }),
        )?;
        Ok(StateView {
            state: input.state,
            version: form.version,
        })
    })
}

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BandsInput {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub bands: MedalBands,
}

pub fn set_bands(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &BandsInput,
) -> OfficeResult<MedalBands> {
    write_transaction(conn, |conn| {
        staff_olympiad(conn, caller, input.olympiad_id)?;
        let problems = input.bands.problems();
        if !problems.is_empty() {
            return Err(OfficeError::Problems {
                message: "The medal bands are not in order.".into(),
                fields: problems
                    .into_iter()
                    .map(|(name, problem)| (format!("bands.{name}"), problem.to_owned()))
                    .collect(),
            });
        }
        let results = OlympiadResults::of_olympiad(conn, input.olympiad_id)?;
        not_final(&results)?;
        OlympiadResults::update(
            conn,
            results.id,
            &OlympiadResultsForm {
                bands: serde_json::to_string(&input.bands)
                    .map_err(|e| OfficeError::Internal(e.to_string()))?,
                updated_at: now(),
                ..results.record.clone()
            },
        )?;
        record_activity(
            conn,
            caller,
            "medal_bands_set",
            Some(input.olympiad_id),
            serde_json::to_value(input.bands).unwrap_or_default(),
        )?;
        Ok(input.bands)
    })
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
    for sort in &grid.sort {
        if !RESULT_SORT_KEYS.contains(&sort.key.as_str()) {
            // The same refusal as every list sorted in storage, before any work.
            return Err(olympiad_persistence::DbError::UnknownSortKey {
                key: sort.key.clone(),
                known: RESULT_SORT_KEYS,
            }
            .into());
        }
    }
    let (results, _) = current(conn, query.olympiad_id)?;
    let filter = ResultRowFilter {
        grade: query.grade,
        award: query.award.map(|a| a.as_str().to_owned()),
        school_participant_id: query.school_participant_id,
        on_paper: query.on_paper,
        province_key: query
            .province
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_ascii_lowercase),
        search: contains_pattern(&grid.search),
    };
    let (rows, total) = ResultRow::page(conn, results.id, &filter, &grid.sort, grid.page)?;
    Ok(Paged {
        rows: rows.into_iter().map(learner_of_row).collect(),
        total,
    })
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

// ---------------------------------------------------------------------------------------------
// The public pages

/// A learner as the public pages name them: no ids, no scores of others than the top.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicLearner {
    pub name: String,
    pub school: String,
    pub province: String,
    pub grade: i32,
    pub rank: usize,
    pub award: Option<Award>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicSchool {
    pub rank: usize,
    pub school: String,
    pub province: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicResults {
    pub olympiad: String,
    pub year: i32,
    pub version: i32,
    /// The best ten of each grade (more when tied).
    pub learners: Vec<PublicLearner>,
    /// The best ten schools.
    pub schools: Vec<PublicSchool>,
}

/// How many learners of a grade, and schools, the public pages name.
const PUBLIC_TOP: usize = 10;

fn public_of(snapshot: Snapshot, olympiad: String, year: i32, top: usize) -> PublicResults {
    let mut learners: Vec<PublicLearner> = snapshot
        .learners
        .into_iter()
        .filter(|l| !l.disqualified && l.rank >= 1 && l.rank <= top)
        .map(|l| PublicLearner {
            name: format!("{} {}", l.first_name, l.last_name),
            school: l.school_name,
            province: l.province,
            grade: l.grade,
            rank: l.rank,
            award: l.award,
        })
        .collect();
    learners.sort_by(|a, b| {
        a.grade
            .cmp(&b.grade)
            .then(a.rank.cmp(&b.rank))
            .then(a.name.cmp(&b.name))
    });
    let schools = snapshot
        .schools
        .into_iter()
        .filter(|s| s.rank <= top)
        .map(|s| PublicSchool {
            rank: s.rank,
            school: s.school_name,
            province: s.province,
        })
        .collect();
    PublicResults {
        olympiad,
        year,
        version: snapshot.version,
        learners,
        schools,
    }
}

fn released_of_project(
    conn: &mut DbConnection,
    project: &str,
) -> OfficeResult<Vec<(Snapshot, String, i32)>> {
    let project = Project::by_slug(conn, project)?
        .ok_or_else(|| OfficeError::NotFound("This project".into()))?;
    Ok(OlympiadResults::released_in_project(conn, project.id)?
        .into_iter()
        .filter_map(|(results, title, year)| released(&results).map(|s| (s, title, year)))
        .collect())
}

/// The newest released results of a project's olympiads (public Top Results page); none before
/// the first release.
pub fn top_results(conn: &mut DbConnection, project: &str) -> OfficeResult<Option<PublicResults>> {
    Ok(released_of_project(conn, project)?
        .into_iter()
        .next()
        .map(|(snapshot, title, year)| public_of(snapshot, title, year, PUBLIC_TOP)))
}

/// The first three of each grade of every released olympiad of the project, newest first.
pub fn past_winners(conn: &mut DbConnection, project: &str) -> OfficeResult<Vec<PublicResults>> {
    Ok(released_of_project(conn, project)?
        .into_iter()
        .map(|(snapshot, title, year)| public_of(snapshot, title, year, 3))
        .collect())
}

/// Whether the caller is staff of the olympiad (not a teacher): used by certificates too.
pub fn is_staff(caller: &Caller) -> bool {
    caller.role != Role::Teacher
}
