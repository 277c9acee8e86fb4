//! The learner's sitting: the clock (always the server's), the learner's fixed order of questions and
//! options, what an answer may look like, and marking. No I/O: the attempt's stored fields come in,
//! decisions come out.

use crate::id::QuestionId;
use crate::paper::{AnswerOption, Language, QuestionContent, QuestionKind};
use crate::rich_text::LocalizedRichText;
use crate::words::words;
use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use utoipa::ToSchema;

/// Where an attempt is: the declaration is accepted before the clock runs (`Preparing`), the clock
/// runs while `Writing`, and a `Finished` attempt takes no more answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AttemptStatus {
    Preparing,
    Writing,
    Finished,
}

words!(AttemptStatus, "attempt status" {
    Preparing => "preparing",
    Writing => "writing",
    Finished => "finished",
});

/// Saves that reach the server this long after the end still count: they left the device in time
/// but were slowed by the network. Later ones are refused.
pub const SAVE_GRACE_SECONDS: i64 = 60;

/// A writing learner who has not been heard from for this long looks stuck on the monitor.
pub const STUCK_AFTER_SECONDS: i64 = 120;

/// The clock of one attempt, from the attempt's stored fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub started_at: NaiveDateTime,
    /// The olympiad's duration when the attempt started.
    pub allowed_seconds: i64,
    /// Extra time given to this learner.
    pub extra_seconds: i64,
    /// The end of the sitting window the attempt started in.
    pub window_ends_at: Option<NaiveDateTime>,
    /// Time lost to pauses of the school's sitting that have ended.
    pub paused_seconds: i64,
    /// Set while the school's sitting is paused.
    pub paused_at: Option<NaiveDateTime>,
}

impl Clock {
    /// When the attempt ends: start + duration + extra time, never after the window closes; time
    /// lost to a pause (load-shedding) is given back in full, even past the window's end, since a
    /// power cut is no learner's fault. While paused the end is not known yet; this answers the
    /// end as if the pause ended now.
    pub fn ends_at(&self, now: NaiveDateTime) -> NaiveDateTime {
        let planned =
            self.started_at + Duration::seconds(self.allowed_seconds + self.extra_seconds);
        let capped = match self.window_ends_at {
            Some(window_end) if window_end < planned => window_end,
            _ => planned,
        };
        let current_pause = self
            .paused_at
            .map(|at| (now - at).num_seconds().max(0))
            .unwrap_or(0);
        capped + Duration::seconds(self.paused_seconds + current_pause)
    }

    /// Seconds the learner has left; frozen while paused.
    pub fn remaining_seconds(&self, now: NaiveDateTime) -> i64 {
        (self.ends_at(now) - now).num_seconds().max(0)
    }

    /// Whether a save arriving at `now` counts: in time, and not while the school's sitting is
    /// paused (the clock is stopped, so writing then would be time no one else had).
    pub fn takes_saves_at(&self, now: NaiveDateTime) -> bool {
        self.paused_at.is_none() && save_in_time(self.ends_at(now), now)
    }

    /// The clock after a pause that started at `paused_at` ends at `now`.
    pub fn resumed(mut self, now: NaiveDateTime) -> Clock {
        if let Some(at) = self.paused_at.take() {
            self.paused_seconds += (now - at).num_seconds().max(0);
        }
        self
    }
}

/// Whether a save arriving at `now` is in time for an attempt that ends at `ends_at`.
pub fn save_in_time(ends_at: NaiveDateTime, now: NaiveDateTime) -> bool {
    now <= ends_at + Duration::seconds(SAVE_GRACE_SECONDS)
}

/// Seconds left, from the end stored when the clock last changed: a pause leaves that end as it
/// was, so while paused the time left stands at what it was when the pause began.
pub fn remaining_seconds(
    ends_at: NaiveDateTime,
    paused_at: Option<NaiveDateTime>,
    now: NaiveDateTime,
) -> i64 {
    (ends_at - paused_at.unwrap_or(now)).num_seconds().max(0)
}

/// An answer as the learner gave it: the chosen option keys, or what was typed. Cleared answers
/// are `None` where an `Option<AnswerValue>` is kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum AnswerValue {
    Choices(Vec<String>),
    Text(String),
}

/// The longest typed answer kept; a short-text or numeric answer needs far less.
pub const MAX_TYPED_ANSWER: usize = 500;

/// Why an answer cannot be an answer to this question; `None` when it can.
pub fn answer_problem(
    kind: QuestionKind,
    content: &QuestionContent,
    answer: &AnswerValue,
) -> Option<&'static str> {
    match (kind, answer) {
        (QuestionKind::SingleChoice | QuestionKind::TrueFalse, AnswerValue::Choices(keys))
            if keys.len() > 1 =>
        {
            Some("takes one option")
        }
        (
            QuestionKind::SingleChoice | QuestionKind::MultipleChoice | QuestionKind::TrueFalse,
            AnswerValue::Choices(keys),
        ) => {
            let known = option_keys(kind, content);
            let unique: BTreeSet<&String> = keys.iter().collect();
            if unique.len() != keys.len() {
                Some("names an option twice")
            } else if keys.iter().all(|k| known.contains(k.as_str())) {
                None
            } else {
                Some("names an option the question does not have")
            }
        }
        (QuestionKind::Numeric | QuestionKind::ShortText, AnswerValue::Text(text))
            if text.chars().count() > MAX_TYPED_ANSWER =>
        {
            Some("is too long")
        }
        (QuestionKind::Numeric | QuestionKind::ShortText, AnswerValue::Text(_)) => None,
        (QuestionKind::Numeric | QuestionKind::ShortText, AnswerValue::Choices(_)) => {
            Some("must be typed, not chosen")
        }
        (_, AnswerValue::Text(_)) => Some("must be chosen from the options"),
    }
}

fn option_keys(kind: QuestionKind, content: &QuestionContent) -> BTreeSet<&str> {
    match kind {
        QuestionKind::TrueFalse => ["true", "false"].into_iter().collect(),
        _ => content.options.iter().map(|o| o.key.as_str()).collect(),
    }
}

/// The options a learner sees: true-or-false questions get theirs in the learner's words.
pub fn learner_options(kind: QuestionKind, content: &QuestionContent) -> Vec<AnswerOption> {
    match kind {
        QuestionKind::TrueFalse => [("true", "True", "Waar"), ("false", "False", "Onwaar")]
            .into_iter()
            .map(|(key, en, af)| AnswerOption {
                key: key.into(),
                text: LocalizedRichText::from([
                    (Language::En, en.into()),
                    (Language::Af, af.into()),
                ]),
            })
            .collect(),
        QuestionKind::SingleChoice | QuestionKind::MultipleChoice => content.options.clone(),
        QuestionKind::Numeric | QuestionKind::ShortText => Vec::new(),
    }
}

/// A number as a South African learner may type it: `12,5` or `12.5`, spaces as thousands
/// separators (`1 250`).
pub fn parse_number(text: &str) -> Option<f64> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == ',' { '.' } else { c })
        .collect();
    cleaned.parse::<f64>().ok().filter(|n| n.is_finite())
}

fn normalised_text(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The marks an answer earns. Choice questions are all or nothing (a multiple-choice answer must
/// name exactly the correct options); numbers count within the tolerance; typed text counts when
/// it matches an accepted answer without regard to case or spacing.
pub fn mark(
    kind: QuestionKind,
    content: &QuestionContent,
    marks: i32,
    answer: Option<&AnswerValue>,
) -> i32 {
    let right = match (kind, answer) {
        (
            QuestionKind::SingleChoice | QuestionKind::MultipleChoice | QuestionKind::TrueFalse,
            Some(AnswerValue::Choices(keys)),
        ) => {
            let given: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
            let correct: BTreeSet<&str> = content.correct.iter().map(String::as_str).collect();
            !given.is_empty() && given == correct
        }
        (QuestionKind::Numeric, Some(AnswerValue::Text(text))) => {
            match (parse_number(text), content.numeric_answer) {
                (Some(given), Some(expected)) => {
                    // A hair of tolerance, so that 0.1 + 0.2 style rounding never costs a mark.
                    let tolerance = content.tolerance.unwrap_or(0.0).abs() + 1e-9;
                    (given - expected).abs() <= tolerance
                }
                _ => false,
            }
        }
        (QuestionKind::ShortText, Some(AnswerValue::Text(text))) => {
            let given = normalised_text(text);
            !given.is_empty()
                && content
                    .accepted_answers
                    .iter()
                    .any(|accepted| normalised_text(accepted) == given)
        }
        _ => false,
    };
    if right {
        marks.max(0)
    } else {
        0
    }
}

/// One learner's scores: per module and in total.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Scores {
    pub total: i64,
    /// Module id to the marks earned in it.
    pub modules: BTreeMap<i64, i64>,
}

/// A question as marking sees it.
pub struct MarkedQuestion<'a> {
    pub id: QuestionId,
    pub module_id: i64,
    pub kind: QuestionKind,
    pub content: &'a QuestionContent,
    pub marks: i32,
}

/// Marks every answer of an attempt; answers the marks per question and the scores. The same
/// answers and answer key always give the same result, so marking can be run again safely.
pub fn mark_attempt(
    questions: &[MarkedQuestion],
    answers: &BTreeMap<QuestionId, AnswerValue>,
) -> (BTreeMap<QuestionId, i32>, Scores) {
    let mut per_question = BTreeMap::new();
    let mut scores = Scores::default();
    for question in questions {
        let earned = mark(
            question.kind,
            question.content,
            question.marks,
            answers.get(&question.id),
        );
        per_question.insert(question.id, earned);
        *scores.modules.entry(question.module_id).or_insert(0) += i64::from(earned);
        scores.total += i64::from(earned);
    }
    (per_question, scores)
}

/// A small, fast generator (splitmix64): the same seed always gives the same order, on every
/// machine, so a learner's order never depends on the server that answers.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        // n is at most a paper's question count: the modulo bias is far below anything visible.
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }
}

fn shuffle<T>(items: &mut [T], rng: &mut SplitMix) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// A module of the paper as the order is built from: its id and its questions' ids and option
/// keys, in the author's order.
#[derive(Debug, Clone)]
pub struct ModuleOutline {
    pub module_id: i64,
    pub questions: Vec<(QuestionId, Vec<String>)>,
}

/// The learner's fixed order: modules stay in the author's order (each may have its own
/// instructions); questions within a module, and options within a question, are shuffled when the
/// olympiad says so.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaperOrder {
    pub modules: Vec<ModuleOrder>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleOrder {
    pub module_id: i64,
    pub questions: Vec<QuestionOrder>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionOrder {
    pub question_id: QuestionId,
    /// Option keys in the learner's order; empty for typed answers and true-or-false.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

pub fn paper_order(
    outline: &[ModuleOutline],
    shuffle_questions: bool,
    shuffle_options: bool,
    seed: u64,
) -> PaperOrder {
    let mut rng = SplitMix(seed);
    let modules = outline
        .iter()
        .map(|module| {
            let mut questions: Vec<QuestionOrder> = module
                .questions
                .iter()
                .map(|(id, keys)| {
                    let mut options = keys.clone();
                    if shuffle_options {
                        shuffle(&mut options, &mut rng);
                    }
                    QuestionOrder {
                        question_id: *id,
                        options,
                    }
                })
                .collect();
            if shuffle_questions {
                shuffle(&mut questions, &mut rng);
            }
            ModuleOrder {
                module_id: module.module_id,
                questions,
            }
        })
        .collect();
    PaperOrder { modules }
}

impl PaperOrder {
    /// The order fixed at the start, brought up to date with the paper as it is now: questions
    /// removed since are left out, questions added since come at the end of their module, new
    /// modules at the end. Nothing the learner has already seen moves.
    pub fn reconciled(&self, outline: &[ModuleOutline]) -> PaperOrder {
        let current: BTreeMap<i64, &ModuleOutline> =
            outline.iter().map(|m| (m.module_id, m)).collect();
        let mut modules: Vec<ModuleOrder> = Vec::new();
        for fixed in &self.modules {
            let Some(now) = current.get(&fixed.module_id) else {
                continue;
            };
            let keys_now: BTreeMap<QuestionId, &Vec<String>> =
                now.questions.iter().map(|(id, keys)| (*id, keys)).collect();
            let mut questions: Vec<QuestionOrder> = fixed
                .questions
                .iter()
                .filter_map(|q| {
                    let keys = keys_now.get(&q.question_id)?;
                    let mut options: Vec<String> = q
                        .options
                        .iter()
                        .filter(|k| keys.contains(k))
                        .cloned()
                        .collect();
                    options.extend(keys.iter().filter(|k| !q.options.contains(k)).cloned());
                    Some(QuestionOrder {
                        question_id: q.question_id,
                        options,
                    })
                })
                .collect();
            let known: BTreeSet<QuestionId> =
                fixed.questions.iter().map(|q| q.question_id).collect();
            questions.extend(
                now.questions
                    .iter()
                    .filter(|(id, _)| !known.contains(id))
                    .map(|(id, keys)| QuestionOrder {
                        question_id: *id,
                        options: keys.clone(),
                    }),
            );
            modules.push(ModuleOrder {
                module_id: fixed.module_id,
                questions,
            });
        }
        let known_modules: BTreeSet<i64> = self.modules.iter().map(|m| m.module_id).collect();
        for module in outline
            .iter()
            .filter(|m| !known_modules.contains(&m.module_id))
        {
            modules.push(ModuleOrder {
                module_id: module.module_id,
                questions: module
                    .questions
                    .iter()
                    .map(|(id, keys)| QuestionOrder {
                        question_id: *id,
                        options: keys.clone(),
                    })
                    .collect(),
            });
        }
        PaperOrder { modules }
    }

    pub fn question_count(&self) -> usize {
        self.modules.iter().map(|m| m.questions.len()).sum()
    }
}

#[cfg(test)]
mod tests;
