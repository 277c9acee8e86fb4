//! The learner's sitting, in its order: where they are, accepting the declaration (the attempt
//! begins on this device), the recovery code, confirming their details, starting the clock, the
//! paper, the answers they send, and finishing. A second device takes the attempt over only with
//! the recovery code.
//!
//! This is olympiad morning's busiest work: thousands of learners start within minutes. Each step
//! reads outside any transaction and keeps its write short, since on SQLite every write waits for
//! the one before; the paper comes from a cache shared by every learner of the olympiad.

use crate::activity::record_activity;
use crate::learner_paper::{LearnerModule, Paper};
use crate::lobby::not_open_yet;
use crate::sitting_cache::SittingCache;
use crate::support::caller::Caller;
use crate::support::error::{ErrorCode, OfficeError, OfficeResult};
use crate::support::secrets::token_hash;
use chrono::NaiveDateTime;
use olympiad_domain::credentials::readable_code;
use olympiad_domain::id::{AttemptId, OlympiadId, QuestionId};
use olympiad_domain::module_time::{module_remaining_seconds, AttemptTime};
use olympiad_domain::rich_text::LocalizedRichText;
use olympiad_domain::school::ParticipantStatus;
use olympiad_domain::sitting::{
    answer_problem, paper_order, AnswerValue, AttemptStatus, PaperOrder,
};
use olympiad_domain::{paper::Language, paper_sight::learner_sees_own_paper};
use olympiad_persistence::models::school_participant::EntryHold;
use olympiad_persistence::models::{
    Answer, AnswerSave, Attempt, AttemptStart, FinishReason, FirstRead, Olympiad,
    SchoolParticipant, SessionState, Sitter, SittingPause, SittingWindow,
};
use olympiad_persistence::{now, write_transaction, DbConnection, DbError};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

pub mod acceptance;
mod views;
pub use views::*;

/// Characters of a recovery code (`k7xm-p3qa`): short enough to copy from a phone to paper.
const RECOVERY_CODE_CHARS: usize = 8;

/// A device's claim to an attempt, as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceKey {
    pub attempt_id: AttemptId,
    pub hash: String,
}

impl DeviceKey {
    /// A new secret and its hash, which is all the server keeps. SHA-256 suffices for device keys
    /// (random 128-bit secrets) and recovery codes (taken only with the learner's password, and
    /// limited like password guesses), and keeps bcrypt off olympiad morning's busiest path.
    pub fn secret() -> (String, String) {
        let secret = format!("{:032x}", rand::random::<u128>());
        let hash = token_hash(&secret);
        (secret, hash)
    }

    /// The key's text, for the device to keep and send with each request.
    pub fn text(attempt_id: AttemptId, secret: &str) -> String {
        format!("{attempt_id}.{secret}")
    }

    pub fn parse(text: &str) -> Option<DeviceKey> {
        let (id, secret) = text.trim().split_once('.')?;
        Some(DeviceKey {
            attempt_id: id.parse().ok()?,
            hash: token_hash(secret),
        })
    }

    /// Whether this device holds the attempt.
    pub fn holds(key: Option<&DeviceKey>, attempt_id: AttemptId, device_key_hash: &str) -> bool {
        key.is_some_and(|k| k.attempt_id == attempt_id && k.hash == device_key_hash)
    }
}

fn not_entered() -> OfficeError {
    OfficeError::NotFound("Your entry in this olympiad".into())
}

fn other_device() -> OfficeError {
    OfficeError::refused(
        ErrorCode::RecoveryNeeded,
        "Your olympiad was started on another device. Enter your recovery code to continue here.",
    )
}

fn not_started() -> OfficeError {
    OfficeError::refused(ErrorCode::NotStarted, "Start the olympiad first.")
}

fn finished() -> OfficeError {
    OfficeError::refused(ErrorCode::Finished, "You have finished this olympiad.")
}

/// The olympiad the learner's account is for; 404 for an account of no olympiad.
pub fn entered_olympiad(caller: &Caller) -> OfficeResult<OlympiadId> {
    caller.olympiad_id.ok_or_else(not_entered)
}

/// The learner's entry, olympiad and current attempt, read outside any transaction (or with
/// other learners' steps, `first`), with the learner's session checked in the same read: the
/// sitting's steps (routes declared `LearnerWriting`) check the session here and nowhere before,
/// so each calls this first.
fn read_sitter(
    conn: &mut DbConnection,
    caller: &Caller,
    first: FirstRead,
) -> OfficeResult<(Sitter, Olympiad, Option<Attempt>)> {
    match first.made(conn, caller.user_id, caller.account_id)? {
        Some(at) => {
            caller.session_holds(conn, Some(at.session))?;
            Ok((at.sitter, at.olympiad, at.attempt))
        }
        // Entered in no olympiad; a session that has ended is told so first.
        None => {
            let session = SessionState::load(conn, caller.user_id, caller.account_id)?;
            caller.session_holds(conn, session)?;
            Err(not_entered())
        }
    }
}

/// The learner's entry, olympiad and current attempt, which this device must hold.
fn read_held(
    conn: &mut DbConnection,
    caller: &Caller,
    first: FirstRead,
    device: Option<&DeviceKey>,
) -> OfficeResult<(Sitter, Olympiad, Attempt)> {
    let (sitter, olympiad, attempt) = read_sitter(conn, caller, first)?;
    Ok((sitter, olympiad, held(attempt, device)?))
}

/// The attempt, which this device must hold.
fn held(attempt: Option<Attempt>, device: Option<&DeviceKey>) -> OfficeResult<Attempt> {
    let attempt = attempt.ok_or_else(|| {
        OfficeError::refused(ErrorCode::NoAttempt, "Accept the declaration first.")
    })?;
    if !DeviceKey::holds(device, attempt.id, &attempt.device_key_hash) {
        return Err(other_device());
    }
    Ok(attempt)
}

/// Where the learner is, with their current attempt as read (`attempt`) and its stored answers.
fn view(
    conn: &mut DbConnection,
    cache: &SittingCache,
    sitter: &Sitter,
    olympiad: &Olympiad,
    attempt: Option<Attempt>,
    device: Option<&DeviceKey>,
) -> OfficeResult<SittingView> {
    let answers = match &attempt {
        Some(attempt) => Answer::for_attempt(conn, attempt.id)?,
        None => Vec::new(),
    };
    let current = attempt.as_ref().map(|a| (a, answers.as_slice()));
    view_with(conn, cache, sitter, olympiad, current, device)
}

/// The view after a change, with the device's new key when it has just been given one.
fn view_after(
    conn: &mut DbConnection,
    cache: &SittingCache,
    sitter: &Sitter,
    olympiad: &Olympiad,
    device: Option<DeviceKey>,
    new_key: Option<String>,
) -> OfficeResult<SittingView> {
    let device = new_key.as_deref().and_then(DeviceKey::parse).or(device);
    let current = Attempt::current(conn, sitter.participant_id)?;
    let mut view = view(conn, cache, sitter, olympiad, current, device.as_ref())?;
    view.attempt_key = new_key;
    Ok(view)
}

/// Where the learner is, with their current attempt and its answers as the caller has them.
fn view_with(
    conn: &mut DbConnection,
    cache: &SittingCache,
    sitter: &Sitter,
    olympiad: &Olympiad,
    current: Option<(&Attempt, &[Answer])>,
    device: Option<&DeviceKey>,
) -> OfficeResult<SittingView> {
    let at = now();
    let windows = cache.windows(conn, olympiad, sitter.school_participant_id)?;
    let window = window_at(&windows, at);
    let attempt = match current {
        Some((attempt, answers)) => {
            let clock = attempt.clock();
            Some(AttemptView {
                id: attempt.id,
                status: attempt.status(),
                on_this_device: DeviceKey::holds(device, attempt.id, &attempt.device_key_hash),
                recovery_code_issued: attempt.recovery_code_hash.is_some(),
                declaration_accepted_at: attempt.declaration_accepted_at,
                started_at: attempt.started_at,
                ends_at: clock.map(|c| c.ends_at(at)),
                remaining_seconds: clock
                    .filter(|_| attempt.status() == AttemptStatus::Writing)
                    .map(|c| c.remaining_seconds(at)),
                paused: attempt.paused_at.is_some(),
                finished_at: attempt.finished_at,
                finish_reason: attempt.finish_reason.clone(),
                question_count: attempt.order().question_count(),
                answered_count: answers.iter().filter(|a| a.value().is_some()).count(),
                last_seq: answers.iter().map(|a| a.seq).max().unwrap_or(0),
                last_position: attempt.last_position.clone(),
            })
        }
        None => None,
    };
    Ok(SittingView {
        server_time: at,
        olympiad: OlympiadForLearner {
            id: olympiad.id,
            name: olympiad.name.clone(),
            title: olympiad.title.clone(),
            duration_minutes: olympiad.duration_minutes,
            languages: olympiad.languages(),
            grades: olympiad.grades(),
            instructions: olympiad.instructions(),
            declaration: olympiad.declaration(),
            is_open: olympiad.is_open,
            window_starts_at: window.map(|w| w.starts_at),
            window_ends_at: window.map(|w| w.ends_at),
        },
        learner: LearnerDetails {
            first_name: sitter.first_name.clone(),
            last_name: sitter.last_name.clone(),
            grade: sitter.grade,
            language: Language::from_code(&sitter.language),
            school_name: sitter.school_name.clone(),
        },
        attempt,
        attempt_key: None,
    })
}

/// Where the learner is in the sitting, as this device sees it.
pub fn sitting(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    device: Option<DeviceKey>,
) -> OfficeResult<SittingView> {
    let (sitter, olympiad, attempt) = read_sitter(conn, caller, FirstRead::ToMake)?;
    view(conn, cache, &sitter, &olympiad, attempt, device.as_ref())
}

/// Accepts the declaration: the attempt begins on this device, which is given its key. Repeated
/// from the device that holds the attempt, it changes nothing.
pub fn accept_declaration(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    first: FirstRead,
    device: Option<DeviceKey>,
    input: &DeclarationInput,
) -> OfficeResult<SittingView> {
    let (sitter, olympiad, attempt) = read_sitter(conn, caller, first)?;
    if !input.accepted {
        return Err(OfficeError::invalid(
            "accepted",
            "must be accepted to write the olympiad",
        ));
    }
    if let Some(attempt) = attempt {
        held(Some(attempt), device.as_ref())?;
        return view_after(conn, cache, &sitter, &olympiad, device, None);
    }
    if !olympiad.is_open {
        return Err(closed());
    }
    let (secret, hash) = DeviceKey::secret();
    let attempt = write_transaction(conn, |conn| {
        let entry = sitter.school_participant_id;
        match Attempt::begin(conn, sitter.participant_id, olympiad.id, entry, &hash) {
            // Another device began at the same moment.
            Err(DbError::Conflict(_)) => Err(other_device()),
            begun => Ok(begun?),
        }
    })?;
    let key = DeviceKey::text(attempt.id, &secret);
    // An attempt just begun has no answers: the view needs no second read of it.
    let mut view = view_with(
        conn,
        cache,
        &sitter,
        &olympiad,
        Some((&attempt, &[])),
        DeviceKey::parse(&key).as_ref(),
    )?;
    view.attempt_key = Some(key);
    Ok(view)
}

/// The recovery code, shown once and only before the start: what a second device needs.
pub fn recovery_code(
    conn: &mut DbConnection,
    caller: &Caller,
    first: FirstRead,
    device: Option<DeviceKey>,
) -> OfficeResult<RecoveryCode> {
    let (_, _, attempt) = read_held(conn, caller, first, device.as_ref())?;
    let code = readable_code(RECOVERY_CODE_CHARS, |n| rand::random_range(0..n));
    let hash = token_hash(&code);
    // Once the clock runs, a code is never shown again: it is what a second device needs.
    let issued = write_transaction(conn, |conn| {
        Attempt::set_recovery_code(conn, attempt.id, &attempt.device_key_hash, &hash)
    })?;
    if !issued {
        return Err(OfficeError::refused(
            ErrorCode::Started,
            "The recovery code was shown before you started; it cannot be shown again.",
        ));
    }
    Ok(RecoveryCode {
        recovery_code: code,
    })
}

/// Takes the attempt over on this device with the recovery code; the other device stops.
pub fn recover(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    input: &RecoverInput,
) -> OfficeResult<SittingView> {
    let typed = input.recovery_code.trim().to_lowercase();
    let (sitter, olympiad, attempt) = read_sitter(conn, caller, FirstRead::ToMake)?;
    let wrong = || OfficeError::invalid("recoveryCode", "is not the code of your olympiad");
    let attempt = attempt.ok_or_else(wrong)?;
    if attempt.status() == AttemptStatus::Finished {
        return Err(finished());
    }
    if attempt.recovery_code_hash.as_deref() != Some(token_hash(&typed).as_str()) {
        return Err(wrong());
    }
    let (secret, hash) = DeviceKey::secret();
    write_transaction(conn, |conn| {
        Attempt::move_to_device(conn, attempt.id, &hash)?;
        record_activity(
            conn,
            caller,
            "sitting_recovered",
            Some(olympiad.id),
            serde_json::json!({ "attemptId": attempt.id }),
        )
    })?;
    let key = DeviceKey::text(attempt.id, &secret);
    view_after(conn, cache, &sitter, &olympiad, None, Some(key))
}

/// The learner confirms (or corrects) their details before the start.
pub fn update_details(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    first: FirstRead,
    device: Option<DeviceKey>,
    input: &DetailsInput,
) -> OfficeResult<SittingView> {
    let (sitter, olympiad, attempt) = read_sitter(conn, caller, first)?;
    if !olympiad.grades().is_empty() && !olympiad.grades().contains(&input.grade) {
        return Err(OfficeError::invalid(
            "grade",
            "is not a grade this olympiad is written in",
        ));
    }
    if !olympiad.languages().contains(&input.language) {
        return Err(OfficeError::invalid(
            "language",
            "is not offered in this olympiad",
        ));
    }
    if let Some(attempt) = attempt {
        held(Some(attempt), device.as_ref())?;
    }
    let participant_id = sitter.participant_id;
    let sitter = write_transaction(conn, |conn| {
        // Checked again under the write lock: the start may have come in between.
        if Attempt::current(conn, participant_id)?
            .is_some_and(|a| a.status() != AttemptStatus::Preparing)
        {
            return Err(OfficeError::refused(
                ErrorCode::Started,
                "Your details were confirmed when you started.",
            ));
        }
        Sitter::update_details(
            conn,
            &sitter,
            input.first_name.trim(),
            input.last_name.trim(),
            input.grade,
            input.language.code(),
        )?;
        Ok(Sitter::by_participant(conn, participant_id)?)
    })?;
    view_after(conn, cache, &sitter, &olympiad, device, None)
}

/// Starts the learner's clock, with their own order of the paper, and answers them as writing, so
/// that the paper comes with the start (one request fewer before the first question); safe to
/// repeat.
pub fn start(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    first: FirstRead,
    device: Option<DeviceKey>,
) -> OfficeResult<Writing> {
    let device = device.as_ref();
    let (sitter, olympiad, attempt) = read_held(conn, caller, first, device)?;
    match attempt.status() {
        AttemptStatus::Writing => {
            return writing(conn, cache, sitter, olympiad, attempt, None, device)
        }
        AttemptStatus::Finished => return Err(finished()),
        AttemptStatus::Preparing => {}
    }
    if attempt.recovery_code_hash.is_none() {
        return Err(OfficeError::refused(
            ErrorCode::NoRecoveryCode,
            "Get your recovery code and write it down before you start.",
        ));
    }
    if !olympiad.is_open {
        return Err(closed());
    }
    let paper = cache.paper(conn, olympiad.id)?;
    let paper_order = paper_order(
        paper.outline(),
        olympiad.shuffle_questions,
        olympiad.shuffle_options,
        rand::random::<u64>(),
    );
    if paper_order.question_count() == 0 {
        return Err(closed());
    }
    let start = ClockStart {
        attempt,
        sitter: sitter.clone(),
        allowed_seconds: olympiad.duration_minutes.saturating_mul(60),
        paper_order,
        windows: cache.windows(conn, &olympiad, sitter.school_participant_id)?,
    };
    match write_transaction(conn, |conn| start_clock(conn, start))? {
        // Just started: no answers yet, and the attempt as written needs no second read.
        Some(started) => writing(
            conn,
            cache,
            sitter,
            olympiad,
            started,
            Some(Vec::new()),
            device,
        ),
        // Another start of the same attempt (a second tab, a retry) came first.
        None => {
            let current = held(Attempt::current(conn, sitter.participant_id)?, device)?;
            writing(conn, cache, sitter, olympiad, current, None, device)
        }
    }
}

/// The learner's paper in their order and language, with what they have answered so far; never
/// with the answer key.
pub fn paper(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    device: Option<DeviceKey>,
) -> OfficeResult<LearnerPaper> {
    let device = device.as_ref();
    let (sitter, olympiad, attempt) = read_held(conn, caller, FirstRead::ToMake, device)?;
    Ok(writing(conn, cache, sitter, olympiad, attempt, None, device)?.into_paper())
}

/// A learner whose clock runs, as the step that read or started their attempt has them: what
/// their paper is shown with ([`Writing::into_paper`]).
pub struct Writing {
    paper: Arc<Paper>,
    sitter: Sitter,
    olympiad: Olympiad,
    attempt: Attempt,
    answers: Vec<Answer>,
    sitting: SittingView,
}

/// The learner as writing, when the paper rule shows them their own paper (their clock runs);
/// their stored answers as read here, or as the caller knows them (`answers`).
fn writing(
    conn: &mut DbConnection,
    cache: &SittingCache,
    sitter: Sitter,
    olympiad: Olympiad,
    attempt: Attempt,
    answers: Option<Vec<Answer>>,
    device: Option<&DeviceKey>,
) -> OfficeResult<Writing> {
    match attempt.status() {
        status if learner_sees_own_paper(status) => {}
        AttemptStatus::Preparing => return Err(not_started()),
        _ => return Err(finished()),
    }
    let paper = cache.paper(conn, olympiad.id)?;
    let answers = match answers {
        Some(answers) => answers,
        None => Answer::for_attempt(conn, attempt.id)?,
    };
    let sitting = view_with(
        conn,
        cache,
        &sitter,
        &olympiad,
        Some((&attempt, &answers)),
        device,
    )?;
    Ok(Writing {
        paper,
        sitter,
        olympiad,
        attempt,
        answers,
        sitting,
    })
}

impl Writing {
    /// The paper in the learner's order and language, with their answers. Needs no database, so
    /// that the start puts it together after its commit, outside the transaction it shares with
    /// other learners' starts.
    pub fn into_paper(self) -> LearnerPaper {
        let Writing {
            paper,
            sitter,
            attempt,
            answers,
            sitting,
            ..
        } = self;
        let language = Language::from_code(&sitter.language);
        LearnerPaper {
            language,
            modules: paper.for_learner(&attempt.order(), language),
            answers: answers
                .iter()
                .map(|a| SavedAnswer {
                    question_id: a.question_id,
                    answer: a.value(),
                    flagged: a.flagged,
                    seq: a.seq,
                })
                .collect(),
            module_clocks: module_clocks(&paper, &attempt, now()),
            sitting,
        }
    }

    /// Without the paper (the lobby's start hands over the key of the paper sealed before
    /// instead): the learner's entry and olympiad as the start read them, the attempt whose clock
    /// runs, and where the learner is.
    pub fn without_paper(self) -> (Sitter, Olympiad, Attempt, SittingView) {
        (self.sitter, self.olympiad, self.attempt, self.sitting)
    }
}

/// The clocks of the timed modules the learner has opened.
fn module_clocks(paper: &Paper, attempt: &Attempt, at: NaiveDateTime) -> Vec<ModuleClockView> {
    let Some(clock) = attempt.clock() else {
        return Vec::new();
    };
    let time = AttemptTime {
        ends_at: clock.ends_at(at),
        paused_seconds: clock.paused_seconds,
        paused_at: clock.paused_at,
    };
    attempt
        .module_clocks()
        .into_iter()
        .filter_map(|(module_id, opened)| {
            let limit = paper.module_limit(module_id)?;
            Some(ModuleClockView {
                module_id,
                remaining_seconds: module_remaining_seconds(opened, limit, time, at),
            })
        })
        .collect()
}

/// The timed module of each answer of a save that is in one (by its index), for the answer
/// writer to hold to the module's time.
pub fn timed_modules_of(paper: &Paper, answers: &[AnswerSave]) -> Vec<(usize, i64, i32)> {
    answers
        .iter()
        .enumerate()
        .filter_map(|(index, answer)| {
            let module_id = paper.questions.get(&answer.question_id)?.module_id;
            Some((index, module_id, paper.module_limit(module_id)?))
        })
        .collect()
}

/// The answers of a save, each checked against the paper (a question of it, an answer its kind
/// takes), for the answer writer to store.
pub fn answers_to_save(paper: &Paper, input: SaveInput) -> OfficeResult<Vec<AnswerSave>> {
    let mut answers = Vec::with_capacity(input.answers.len());
    for (i, given) in input.answers.into_iter().enumerate() {
        if given.seq < 1 {
            return Err(OfficeError::invalid(
                &format!("answers[{i}].seq"),
                "must be 1 or more",
            ));
        }
        let question = paper.questions.get(&given.question_id).ok_or_else(|| {
            OfficeError::invalid(
                &format!("answers[{i}].questionId"),
                "is not a question of this olympiad",
            )
        })?;
        if let Some(answer) = &given.answer {
            if let Some(problem) = answer_problem(question.kind, &question.content, answer) {
                return Err(OfficeError::invalid(
                    &format!("answers[{i}].answer"),
                    problem,
                ));
            }
        }
        answers.push(AnswerSave {
            question_id: given.question_id,
            answer: given.answer,
            flagged: given.flagged,
            seq: given.seq,
        });
    }
    Ok(answers)
}

/// Finishes the attempt and marks it; safe to repeat.
pub fn finish(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    device: Option<DeviceKey>,
) -> OfficeResult<SittingView> {
    let (sitter, olympiad, attempt) = read_held(conn, caller, FirstRead::ToMake, device.as_ref())?;
    match attempt.status() {
        AttemptStatus::Preparing => return Err(not_started()),
        // Ending and marking take the write lock first, so they run outside a read transaction.
        AttemptStatus::Writing => {
            Attempt::finish_and_mark(conn, attempt.id, FinishReason::Submitted)?;
        }
        AttemptStatus::Finished => {}
    }
    view_after(conn, cache, &sitter, &olympiad, device, None)
}

/// The window open at `at`, else the next one to open: the one way a window is chosen.
pub fn window_at(windows: &[SittingWindow], at: NaiveDateTime) -> Option<&SittingWindow> {
    windows
        .iter()
        .find(|w| w.starts_at <= at && at < w.ends_at)
        .or_else(|| windows.iter().find(|w| w.starts_at > at))
}

pub fn closed() -> OfficeError {
    OfficeError::refused(
        ErrorCode::Closed,
        "This olympiad is not open for writing now.",
    )
}

/// What starting a learner's clock needs, read before the transaction.
struct ClockStart {
    /// The attempt as read before the transaction.
    attempt: Attempt,
    sitter: Sitter,
    allowed_seconds: i32,
    paper_order: PaperOrder,
    /// The learner's windows, as [`SittingCache::windows`] gives them.
    windows: Arc<Vec<SittingWindow>>,
}

/// Starts the attempt's clock if a window is open and the school's sitting is not paused, and
/// answers the attempt as started. The pause is read here, inside the caller's write transaction,
/// with the school's entry held: a pause that commits meanwhile either waits for this start (and
/// then pauses it) or is seen here. A second start (another tab, a retry) leaves a running clock
/// as it is and answers `None`.
fn start_clock(conn: &mut DbConnection, start: ClockStart) -> OfficeResult<Option<Attempt>> {
    let entry = start.sitter.school_participant_id;
    if let Some(entry) = entry {
        SchoolParticipant::hold(conn, entry, EntryHold::Shared)?;
    }
    let windows = start.windows.as_slice();
    let at = now();
    let window = window_at(windows, at).filter(|w| w.starts_at <= at);
    if let Some(next) = window_at(windows, at).filter(|w| w.starts_at > at) {
        return Err(not_open_yet(Some(next.starts_at)));
    }
    if !windows.is_empty() && window.is_none() {
        return Err(closed());
    }
    if let Some(pause) = entry
        .map(|e| SittingPause::open(conn, e))
        .transpose()?
        .flatten()
    {
        return Err(OfficeError::refused(
            ErrorCode::Paused,
            format!(
                "Your school's sitting is paused: {}. Wait for your teacher.",
                pause.reason
            ),
        ));
    }
    let clock = AttemptStart {
        started_at: at,
        allowed_seconds: start.allowed_seconds,
        window_ends_at: window.map(|w| w.ends_at),
        paper_order: start.paper_order,
        paused_at: None,
    };
    let started = Attempt::start(conn, &start.attempt, &clock)?;
    if started.is_some() {
        Sitter::set_status(
            conn,
            start.sitter.participant_id,
            ParticipantStatus::Writing,
        )?;
    }
    Ok(started)
}
