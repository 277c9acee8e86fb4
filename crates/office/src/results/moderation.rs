//! Moderation: what the Results moderation screen shows (each grade's distribution, the learners to
//! check first, each question's figures, the changes made), and the staff's changes, each with its
//! reason and a line in the activity log: a learner's total set by hand, a disqualification, the
//! paper marked again, the results moved on or back, the medal bands.

use super::counted::Counted;
use super::questions::Tallies;
use super::*;
use olympiad_persistence::models::QuestionPlace;

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
    let counted = Counted::stored(&computed)?;
    let placer = counted.placer();
    let learners = usize::try_from(counted.learners).unwrap_or(0);
    let far = counted.far_scores();
    let outliers = ResultRow::far_or_adjusted(conn, results.id, &far)?
        .into_iter()
        .map(|row| learner_of_row(row, &placer))
        .filter(|learner| counted.is_outlier(learner, &far))
        .collect();
    let questions = Tallies::stored(&computed)?
        .figures(QuestionPlace::for_olympiad(conn, olympiad_id)?, learners);
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
        grades: counted.distributions(),
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
        let (results, _) = current(conn, olympiad_id)?;
        not_final(&results)?;
        let learner = stored_learner(conn, results.id, attempt_id)?;
        match decide(&learner, reason) {
            Some((what, reason)) => change_learner(
                conn,
                caller,
                (olympiad_id, results.id),
                &learner,
                what,
                &reason,
            ),
            None => Ok(learner),
        }
    })
}

/// Records the change of the learner's result with its line in the activity log, and answers
/// their result after it.
fn change_learner(
    conn: &mut DbConnection,
    caller: &Caller,
    (olympiad_id, results_id): (OlympiadId, i64),
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
    follow(conn, olympiad_id, ResultsChange::Learners)?;
    stored_learner(conn, results_id, attempt_id)
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
        follow(conn, input.olympiad_id, ResultsChange::Bands)?;
        Ok(input.bands)
    })
}
