//! The olympiad paper: questions of five kinds, written in one or both languages, and the checks
//! that say whether a paper is ready to be opened (`verify`). Marking comes with the sitting.

use crate::id::{AttachmentId, QuestionId};
use crate::rich_text::{LocalizedRichText, RichText};
use crate::words::words;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use utoipa::ToSchema;

/// The languages an olympiad may be written in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    En,
    Af,
}

impl Language {
    /// The code it is stored and sent as.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Af => "af",
        }
    }

    /// The language of a stored code; English for any other (a learner's default).
    pub fn from_code(code: &str) -> Language {
        match code {
            "af" => Language::Af,
            _ => Language::En,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::Af => "Afrikaans",
        }
    }
}

/// A plain text (a title) in each language it has been written in, e.g. `{"en": "…", "af": "…"}`.
/// Text shown as HTML is a [`LocalizedRichText`] instead.
pub type Localized = BTreeMap<Language, String>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum QuestionKind {
    SingleChoice,
    MultipleChoice,
    TrueFalse,
    Numeric,
    ShortText,
}

words!(QuestionKind, "question kind" {
    SingleChoice => "singleChoice",
    MultipleChoice => "multipleChoice",
    TrueFalse => "trueFalse",
    Numeric => "numeric",
    ShortText => "shortText",
});

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AnswerOption {
    /// Stable within the question ("a", "b", ...), so that shuffling never changes what is correct.
    pub key: String,
    /// Rich text per language, sanitised as it is read.
    #[schema(value_type = BTreeMap<Language, String>)]
    pub text: LocalizedRichText,
}

/// What a question says and what is right, as the author wrote it.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema, validator::Validate,
)]
#[serde(rename_all = "camelCase", default)]
pub struct QuestionContent {
    /// Rich text (sanitised HTML) per language, sanitised as it is read.
    #[schema(value_type = BTreeMap<Language, String>)]
    pub stem: LocalizedRichText,
    /// For the choice kinds; true-or-false questions use the keys "true" and "false".
    pub options: Vec<AnswerOption>,
    /// The keys of the correct options (one for single choice and true-or-false).
    pub correct: Vec<String>,
    /// For numeric questions: the answer and how far from it still counts.
    pub numeric_answer: Option<f64>,
    #[validate(range(min = 0.0, message = "cannot be negative"))]
    #[schema(minimum = 0)]
    pub tolerance: Option<f64>,
    /// For short-text questions: every answer that counts, compared without case and spaces.
    pub accepted_answers: Vec<String>,
    /// Shown with the results, never during the sitting.
    #[schema(value_type = BTreeMap<Language, String>)]
    pub explanation: LocalizedRichText,
}

/// A question as `verify` sees it.
#[derive(Debug, Clone)]
pub struct QuestionCheck<'a> {
    pub id: QuestionId,
    pub module_id: i64,
    pub position: i32,
    pub kind: QuestionKind,
    pub content: &'a QuestionContent,
    pub marks: i32,
    pub difficulty: i32,
    pub attachment_id: Option<AttachmentId>,
}

/// What `verify` needs to know of the olympiad.
#[derive(Debug, Clone)]
pub struct PaperCheck<'a> {
    pub languages: &'a [Language],
    pub duration_minutes: i32,
    pub module_ids: &'a [i64],
    pub questions: Vec<QuestionCheck<'a>>,
    /// Attachments of this olympiad that exist.
    pub attachments: &'a BTreeSet<AttachmentId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The olympiad cannot be opened until it is fixed.
    Error,
    /// Worth a look; does not stop opening.
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    pub severity: Severity,
    /// Stable: `no_questions`, `no_correct_answer`, `duplicate_options`, `missing_translation`, ...
    pub code: &'static str,
    pub message: String,
    pub module_id: Option<i64>,
    #[schema(value_type = Option<i64>)]
    pub question_id: Option<QuestionId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    /// No errors: the olympiad may be opened.
    pub ready: bool,
    pub question_count: usize,
    pub total_marks: i64,
    pub problems: Vec<Problem>,
}

/// Fewer seconds than this per question is flagged: learners on slow phones need time to read.
const MIN_SECONDS_PER_QUESTION: i64 = 30;

fn is_blank(text: Option<&RichText>) -> bool {
    text.is_none_or(|t| plain_text(t.as_str()).trim().is_empty())
}

/// The text of rich text, without its tags, for emptiness and duplicate checks and for showing as
/// words (a learner's answers). The sanitiser writes `&`, `<` and `>` of the text as entities;
/// they are read back as the characters.
pub fn plain_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

fn check_question(question: &QuestionCheck, paper: &PaperCheck, problems: &mut Vec<Problem>) {
    let mut problem = |severity, code, message: String| {
        problems.push(Problem {
            severity,
            code,
            message,
            module_id: Some(question.module_id),
            question_id: Some(question.id),
        })
    };
    let content = question.content;
    let label = format!("Question {}", question.position);

    for language in paper.languages {
        if is_blank(content.stem.get(language)) {
            problem(
                Severity::Error,
                "missing_translation",
                format!("{label} has no {} text.", language.name()),
            );
        }
    }
    if !(1..=5).contains(&question.difficulty) {
        problem(
            Severity::Error,
            "difficulty",
            format!("{label}: difficulty must be from 1 to 5."),
        );
    }
    if question.marks <= 0 {
        problem(
            Severity::Error,
            "marks",
            format!("{label} is worth no marks."),
        );
    }
    if let Some(attachment) = question.attachment_id {
        if !paper.attachments.contains(&attachment) {
            problem(
                Severity::Error,
                "missing_image",
                format!("{label} shows a file that no longer exists."),
            );
        }
    }

    let keys: Vec<&str> = content.options.iter().map(|o| o.key.as_str()).collect();
    match question.kind {
        QuestionKind::SingleChoice | QuestionKind::MultipleChoice => {
            if content.options.len() < 2 {
                problem(
                    Severity::Error,
                    "too_few_options",
                    format!("{label} needs at least two options."),
                );
            }
            for language in paper.languages {
                let mut seen = BTreeSet::new();
                for option in &content.options {
                    let text = option.text.get(language);
                    if is_blank(text) {
                        problem(
                            Severity::Error,
                            "missing_translation",
                            format!(
                                "{label}: option {} has no {} text.",
                                option.key,
                                language.name()
                            ),
                        );
                    } else if let Some(text) = text {
                        if !seen.insert(plain_text(text.as_str()).trim().to_lowercase()) {
                            problem(
                                Severity::Error,
                                "duplicate_options",
                                format!(
                                    "{label}: two options read the same in {}.",
                                    language.name()
                                ),
                            );
                        }
                    }
                }
            }
            let unique_keys: BTreeSet<&str> = keys.iter().copied().collect();
            if unique_keys.len() != keys.len() {
                problem(
                    Severity::Error,
                    "duplicate_options",
                    format!("{label}: two options share a key."),
                );
            }
        }
        QuestionKind::TrueFalse | QuestionKind::Numeric | QuestionKind::ShortText => {}
    }

    let correct_known = content.correct.iter().all(|key| match question.kind {
        QuestionKind::TrueFalse => key == "true" || key == "false",
        _ => keys.contains(&key.as_str()),
    });
    let answer_problem = match question.kind {
        QuestionKind::SingleChoice | QuestionKind::TrueFalse
            if content.correct.len() != 1 || !correct_known =>
        {
            Some("must have exactly one correct answer")
        }
        QuestionKind::MultipleChoice if content.correct.is_empty() || !correct_known => {
            Some("has no correct answer")
        }
        QuestionKind::Numeric if content.numeric_answer.is_none_or(|n| !n.is_finite()) => {
            Some("has no correct number")
        }
        QuestionKind::Numeric if content.tolerance.is_some_and(|t| t < 0.0 || !t.is_finite()) => {
            Some("has a negative tolerance")
        }
        QuestionKind::ShortText if content.accepted_answers.iter().all(|a| a.trim().is_empty()) => {
            Some("has no accepted answer")
        }
        _ => None,
    };
    if let Some(answer_problem) = answer_problem {
        problem(
            Severity::Error,
            "no_correct_answer",
            format!("{label} {answer_problem}."),
        );
    }
}

/// Is the paper ready? Every problem found, errors first.
pub fn verify(paper: &PaperCheck) -> Verification {
    let mut problems = Vec::new();
    if paper.languages.is_empty() {
        problems.push(Problem {
            severity: Severity::Error,
            code: "no_language",
            message: "The olympiad offers no language.".into(),
            module_id: None,
            question_id: None,
        });
    }
    if paper.questions.is_empty() {
        problems.push(Problem {
            severity: Severity::Error,
            code: "no_questions",
            message: "The paper has no questions yet.".into(),
            module_id: None,
            question_id: None,
        });
    }
    for module_id in paper.module_ids {
        if !paper.questions.iter().any(|q| q.module_id == *module_id) {
            problems.push(Problem {
                severity: Severity::Warning,
                code: "empty_module",
                message: "This module has no questions.".into(),
                module_id: Some(*module_id),
                question_id: None,
            });
        }
    }
    for question in &paper.questions {
        check_question(question, paper, &mut problems);
    }
    let count = paper.questions.len();
    if count > 0 && i64::from(paper.duration_minutes) * 60 < MIN_SECONDS_PER_QUESTION * count as i64
    {
        problems.push(Problem {
            severity: Severity::Warning,
            code: "short_time",
            message: format!(
                "{} minutes for {count} questions leaves less than {MIN_SECONDS_PER_QUESTION} seconds a question.",
                paper.duration_minutes
            ),
            module_id: None,
            question_id: None,
        });
    }
    problems.sort_by_key(|p| p.severity != Severity::Error);
    Verification {
        ready: problems.iter().all(|p| p.severity != Severity::Error),
        question_count: count,
        total_marks: paper
            .questions
            .iter()
            .map(|q| i64::from(q.marks.max(0)))
            .sum(),
        problems,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(en: &str, af: &str) -> LocalizedRichText {
        let mut text = LocalizedRichText::new();
        if !en.is_empty() {
            text.insert(Language::En, en.into());
        }
        if !af.is_empty() {
            text.insert(Language::Af, af.into());
        }
        text
    }

    fn single_choice() -> QuestionContent {
        QuestionContent {
            stem: text(
                "<p>Which is the longest river in South Africa?</p>",
                "<p>Watter is die langste rivier in Suid-Afrika?</p>",
            ),
            options: vec![
                AnswerOption {
                    key: "a".into(),
                    text: text("Orange", "Oranje"),
                },
                AnswerOption {
                    key: "b".into(),
                    text: text("Limpopo", "Limpopo"),
                },
            ],
            correct: vec!["a".into()],
            ..Default::default()
        }
    }

    fn check<'a>(
        kind: QuestionKind,
        content: &'a QuestionContent,
        languages: &'a [Language],
        attachments: &'a BTreeSet<AttachmentId>,
    ) -> Verification {
        verify(&PaperCheck {
            languages,
            duration_minutes: 60,
            module_ids: &[1],
            questions: vec![QuestionCheck {
                id: QuestionId::new(7),
                module_id: 1,
                position: 1,
                kind,
                content,
                marks: 2,
                difficulty: 3,
                attachment_id: None,
            }],
            attachments,
        })
    }

    const BOTH: &[Language] = &[Language::En, Language::Af];

    #[test]
    fn a_complete_question_in_both_languages_is_ready() {
        let content = single_choice();
        let result = check(QuestionKind::SingleChoice, &content, BOTH, &BTreeSet::new());
        assert!(result.ready, "{:?}", result.problems);
        assert_eq!((result.question_count, result.total_marks), (1, 2));
    }

    #[test]
    fn a_question_without_a_correct_answer_is_reported() {
        let mut content = single_choice();
        content.correct.clear();
        let result = check(QuestionKind::SingleChoice, &content, BOTH, &BTreeSet::new());
        assert!(!result.ready);
        assert_eq!(result.problems[0].code, "no_correct_answer");
        assert_eq!(result.problems[0].question_id, Some(QuestionId::new(7)));
        content.correct = vec!["z".into()];
        assert_eq!(
            check(QuestionKind::SingleChoice, &content, BOTH, &BTreeSet::new()).problems[0].code,
            "no_correct_answer"
        );
    }

    #[test]
    fn every_offered_language_must_be_complete() {
        let mut content = single_choice();
        content.stem.remove(&Language::Af);
        content.options[1]
            .text
            .insert(Language::Af, "<p> </p>".into());
        let result = check(QuestionKind::SingleChoice, &content, BOTH, &BTreeSet::new());
        let missing: Vec<&str> = result
            .problems
            .iter()
            .filter(|p| p.code == "missing_translation")
            .map(|p| p.message.as_str())
            .collect();
        assert_eq!(
            missing,
            vec![
                "Question 1 has no Afrikaans text.",
                "Question 1: option b has no Afrikaans text."
            ]
        );
        // An English-only olympiad does not ask for Afrikaans.
        assert!(
            check(
                QuestionKind::SingleChoice,
                &content,
                &[Language::En],
                &BTreeSet::new()
            )
            .ready
        );
    }

    #[test]
    fn options_must_differ() {
        let mut content = single_choice();
        content.options[1].text = text("orange ", "Oranje");
        let result = check(
            QuestionKind::SingleChoice,
            &content,
            &[Language::En],
            &BTreeSet::new(),
        );
        assert_eq!(result.problems[0].code, "duplicate_options");
    }

    #[test]
    fn each_kind_has_its_own_answer_rule() {
        let none = BTreeSet::new();
        let mut numeric = QuestionContent {
            stem: text("How many provinces?", ""),
            numeric_answer: Some(9.0),
            ..Default::default()
        };
        assert!(check(QuestionKind::Numeric, &numeric, &[Language::En], &none).ready);
        numeric.tolerance = Some(-1.0);
        assert!(!check(QuestionKind::Numeric, &numeric, &[Language::En], &none).ready);

        let mut short = QuestionContent {
            stem: text("Capital of Lesotho?", ""),
            accepted_answers: vec!["Maseru".into()],
            ..Default::default()
        };
        assert!(check(QuestionKind::ShortText, &short, &[Language::En], &none).ready);
        short.accepted_answers = vec![" ".into()];
        assert!(!check(QuestionKind::ShortText, &short, &[Language::En], &none).ready);

        let mut truth = QuestionContent {
            stem: text("Cape Town is a capital.", ""),
            correct: vec!["true".into()],
            ..Default::default()
        };
        assert!(check(QuestionKind::TrueFalse, &truth, &[Language::En], &none).ready);
        truth.correct = vec!["true".into(), "false".into()];
        assert!(!check(QuestionKind::TrueFalse, &truth, &[Language::En], &none).ready);

        let mut multiple = single_choice();
        multiple.correct = vec!["a".into(), "b".into()];
        assert!(check(QuestionKind::MultipleChoice, &multiple, BOTH, &none).ready);
    }

    #[test]
    fn a_missing_image_and_an_empty_paper_are_errors_and_a_short_time_a_warning() {
        let content = single_choice();
        let attachments = BTreeSet::from([AttachmentId::new(5)]);
        let question = |attachment_id| QuestionCheck {
            id: QuestionId::new(1),
            module_id: 1,
            position: 1,
            kind: QuestionKind::SingleChoice,
            content: &content,
            marks: 1,
            difficulty: 2,
            attachment_id,
        };
        let paper = |questions, duration_minutes| PaperCheck {
            languages: BOTH,
            duration_minutes,
            module_ids: &[1, 2],
            questions,
            attachments: &attachments,
        };
        let result = verify(&paper(vec![question(Some(AttachmentId::new(6)))], 60));
        assert_eq!(
            result.problems.iter().map(|p| p.code).collect::<Vec<_>>(),
            vec!["missing_image", "empty_module"]
        );
        assert!(!result.ready);
        assert!(verify(&paper(vec![question(Some(AttachmentId::new(5)))], 60)).ready);

        let empty = verify(&paper(vec![], 60));
        assert!(!empty.ready && empty.problems[0].code == "no_questions");

        let many: Vec<_> = (0..200).map(|_| question(None)).collect();
        let rushed = verify(&paper(many, 60));
        assert!(rushed.ready, "a warning does not stop opening");
        assert!(rushed
            .problems
            .iter()
            .any(|p| p.code == "short_time" && p.severity == Severity::Warning));
    }

    #[test]
    fn plain_text_drops_tags() {
        assert_eq!(
            plain_text("<p>The <b>Orange</b>&nbsp;River</p>"),
            "The Orange River"
        );
        let sanitised = RichText::new("<p>Vaal & Orange, 3 < 5</p>");
        assert_eq!(sanitised.as_str(), "<p>Vaal &amp; Orange, 3 &lt; 5</p>");
        assert_eq!(plain_text(sanitised.as_str()), "Vaal & Orange, 3 < 5");
        assert_eq!(plain_text("&amp;lt;b&amp;gt;"), "&lt;b&gt;");
    }

    #[test]
    fn question_content_from_json_is_sanitised_in_every_rich_text() {
        let content: QuestionContent = serde_json::from_str(
            r#"{"stem": {"en": "<p onclick=\"x()\">Longest <b>river</b>?</p><script>alert(1)</script>"},
                "options": [{"key": "a", "text": {"af": "<img src=x onerror=alert(1)>Oranje"}}],
                "explanation": {"en": "<a href=\"javascript:alert(1)\">why</a>"},
                "acceptedAnswers": ["<b>kept as typed</b>"]}"#,
        )
        .unwrap();
        assert_eq!(
            content.stem[&Language::En].as_str(),
            "<p>Longest <b>river</b>?</p>"
        );
        assert_eq!(
            content.options[0].text[&Language::Af].as_str(),
            "<img>Oranje"
        );
        assert_eq!(content.explanation[&Language::En].as_str(), "why");
        // Accepted answers are compared with what a learner types, never shown as HTML.
        assert_eq!(content.accepted_answers, vec!["<b>kept as typed</b>"]);
    }
}
