//! What the learner's device sends and is answered in the sitting: the olympiad and the learner's
//! details, the attempt and its clock, the paper, saved answers and their acknowledgement.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OlympiadForLearner {
    #[schema(value_type = i64)]
    pub id: OlympiadId,
    pub name: String,
    pub title: String,
    pub duration_minutes: i32,
    pub languages: Vec<Language>,
    pub grades: Vec<i32>,
    /// Sanitised HTML per language.
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub instructions: LocalizedRichText,
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub declaration: LocalizedRichText,
    pub is_open: bool,
    /// The sitting window now open, or the next one.
    #[serde(with = "olympiad_domain::utc::option")]
    pub window_starts_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc::option")]
    pub window_ends_at: Option<NaiveDateTime>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerDetails {
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub language: Language,
    pub school_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttemptView {
    #[schema(value_type = i64)]
    pub id: AttemptId,
    pub status: AttemptStatus,
    /// False when another device holds the attempt: this one needs the recovery code.
    pub on_this_device: bool,
    pub recovery_code_issued: bool,
    #[serde(with = "olympiad_domain::utc")]
    pub declaration_accepted_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc::option")]
    pub started_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc::option")]
    pub ends_at: Option<NaiveDateTime>,
    /// Count down from this, not from the device's clock.
    pub remaining_seconds: Option<i64>,
    /// The school's sitting is paused (load-shedding): the clock stands still.
    pub paused: bool,
    #[serde(with = "olympiad_domain::utc::option")]
    pub finished_at: Option<NaiveDateTime>,
    pub finish_reason: Option<String>,
    pub question_count: usize,
    pub answered_count: usize,
    /// The highest save sequence number stored: a device goes on counting after it.
    pub last_seq: i64,
    /// Where the learner was last (`<module>/<question>`, from their progress pings): a device
    /// that takes the attempt over resumes there.
    pub last_position: String,
}

/// Where the learner is in the sitting.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SittingView {
    #[serde(with = "olympiad_domain::utc")]
    pub server_time: NaiveDateTime,
    pub olympiad: OlympiadForLearner,
    pub learner: LearnerDetails,
    pub attempt: Option<AttemptView>,
    /// Present once: the secret this device sends as `X-Attempt-Key` from now on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempt_key: Option<String>,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclarationInput {
    /// Only `true` is taken; the document's description is [`only_true`]'s.
    #[schema(schema_with = only_true)]
    pub accepted: bool,
}

/// The one value a declaration is accepted with, as the document states it.
fn only_true() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Boolean)
        .description(Some(
            "The learner declares they will write on their own, without help.",
        ))
        .enum_values(Some([true]))
        .build()
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCode {
    /// Shown once: the learner writes it down. Eight letters and digits in two groups of four
    /// (`kx7m-p3qa`).
    #[schema(min_length = 9, max_length = 9)]
    pub recovery_code: String,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoverInput {
    #[validate(length(min = 1, max = 40, message = "is required"))]
    #[schema(min_length = 1, max_length = 40)]
    pub recovery_code: String,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailsInput {
    // The names hold to a learner row's limit (`roster::check_row`): the same learner, whoever
    // types them.
    #[validate(length(min = 1, max = 80, message = "is required (at most 80 characters)"))]
    #[schema(min_length = 1, max_length = 80)]
    pub first_name: String,
    #[validate(length(min = 1, max = 80, message = "is required (at most 80 characters)"))]
    #[schema(min_length = 1, max_length = 80)]
    pub last_name: String,
    /// One of the olympiad's grades, which are 1 to 12.
    #[validate(range(min = 1, max = 12, message = "must be a grade from 1 to 12"))]
    #[schema(minimum = 1, maximum = 12)]
    pub grade: i32,
    /// The language of writing: the question text comes in it.
    pub language: Language,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedAnswer {
    #[schema(value_type = i64)]
    pub question_id: QuestionId,
    pub answer: Option<AnswerValue>,
    pub flagged: bool,
    pub seq: i64,
}

/// The learner's paper, with what they have answered so far.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerPaper {
    pub language: Language,
    pub modules: Vec<LearnerModule>,
    pub answers: Vec<SavedAnswer>,
    pub sitting: SittingView,
    /// The timed modules the learner has opened, with the seconds left in each (0: over).
    pub module_clocks: Vec<ModuleClockView>,
}

/// A timed module's own clock, as the server has it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleClockView {
    pub module_id: i64,
    pub remaining_seconds: i64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerInput {
    #[schema(value_type = i64)]
    pub question_id: QuestionId,
    /// The chosen option keys, or the typed text; null clears the answer.
    pub answer: Option<AnswerValue>,
    #[serde(default)]
    pub flagged: bool,
    /// The device's count of its saves in this attempt, one higher each time: a save never
    /// replaces an answer from a later one. From 1.
    pub seq: i64,
}

/// At most 200 answers: a device back from a long time offline sends in parts.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveInput {
    #[validate(length(min = 1, max = 200, message = "must hold 1 to 200 answers"))]
    #[schema(min_items = 1, max_items = 200)]
    pub answers: Vec<AnswerInput>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveAck {
    /// Every answer of the request is durable (or a later one already was).
    pub saved: usize,
    #[serde(with = "olympiad_domain::utc")]
    pub server_time: NaiveDateTime,
    /// The clock as the server has it now: count down from this.
    pub remaining_seconds: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TrackerQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackerInput {
    /// Where the learner is: `<module>/<question>`, or a screen's name.
    #[validate(length(max = 40, message = "must be at most 40 characters"))]
    #[schema(max_length = 40)]
    pub position: String,
    /// False when the device has answers it could not send.
    #[serde(default = "yes")]
    pub online: bool,
    /// The module of the question shown: a timed module's own clock starts when it is first shown.
    #[serde(default)]
    #[schema(minimum = 1)]
    pub module_id: Option<i64>,
}

fn yes() -> bool {
    true
}

/// The clock as the server has it, so that the device follows pauses and extra time.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockView {
    #[serde(with = "olympiad_domain::utc")]
    pub server_time: NaiveDateTime,
    pub status: AttemptStatus,
    pub remaining_seconds: Option<i64>,
    #[serde(with = "olympiad_domain::utc::option")]
    pub ends_at: Option<NaiveDateTime>,
    pub paused: bool,
    /// For a ping from a timed module: the seconds left in it.
    pub module_remaining_seconds: Option<i64>,
}
