//! A year's paper built from last year's: the question bank as a documented JSON file (export and
//! import), and simple single-choice banks from CSV. Imports add modules; they never replace.
//! Images are not carried: an imported question shows its image again once one is attached.

use crate::paper::guard_open_paper;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::scope::find_in_reach;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::paper::{AnswerOption, Language, Localized, QuestionContent, QuestionKind};
use olympiad_domain::rich_text::LocalizedRichText;
use olympiad_persistence::models::{
    Olympiad, Question, QuestionForm, QuestionModule, QuestionModuleForm,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

pub const FORMAT: &str = "olympiad-question-bank";

#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankQuestion {
    pub kind: QuestionKind,
    #[validate(nested)]
    pub content: QuestionContent,
    /// The limits of the question editor (`QuestionInput`).
    #[validate(range(min = 0, max = 100, message = "must be from 0 to 100"))]
    #[schema(minimum = 0, maximum = 100)]
    pub marks: i32,
    #[validate(range(min = 1, max = 5, message = "must be from 1 to 5"))]
    #[schema(minimum = 1, maximum = 5)]
    pub difficulty: i32,
}

#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankModule {
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub title: Localized,
    /// Sanitised as it is read, like every rich text.
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeMap<Language, String>)]
    pub instructions: LocalizedRichText,
    #[serde(default)]
    pub time_limit_minutes: Option<i32>,
    #[validate(nested)]
    pub questions: Vec<BankQuestion>,
}

/// The file: `{"format": "olympiad-question-bank", "version": 1, "modules": [...]}`.
#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionBank {
    #[schema(pattern = "^olympiad-question-bank$")]
    pub format: String,
    #[schema(minimum = 1, maximum = 1)]
    pub version: u32,
    /// The olympiad it came from, for the reader.
    #[serde(default)]
    pub source: Option<String>,
    #[validate(nested)]
    pub modules: Vec<BankModule>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Imported {
    pub modules: usize,
    pub questions: usize,
}

/// The olympiad's whole paper as a question bank.
pub fn export(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
) -> OfficeResult<QuestionBank> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, id)?;
    let questions = Question::for_olympiad(conn, id)?;
    let modules = QuestionModule::for_olympiad(conn, id)?
        .iter()
        .map(|module| BankModule {
            title: module.title(),
            instructions: module.instructions(),
            time_limit_minutes: module.time_limit_minutes,
            questions: questions
                .iter()
                .filter(|q| q.module_id == module.id)
                .map(|q| BankQuestion {
                    kind: q.kind,
                    content: q.content(),
                    marks: q.marks,
                    difficulty: q.difficulty,
                })
                .collect(),
        })
        .collect();
    Ok(QuestionBank {
        format: FORMAT.into(),
        version: 1,
        source: Some(olympiad.name),
        modules,
    })
}

/// Adds the bank's modules after the olympiad's own, all of them or (inside the caller's
/// transaction) none.
fn add_modules(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    modules: Vec<BankModule>,
) -> OfficeResult<Imported> {
    let mut imported = Imported {
        modules: 0,
        questions: 0,
    };
    for (index, module) in modules.into_iter().enumerate() {
        if module.title.values().all(|t| t.trim().is_empty()) {
            return Err(OfficeError::invalid(
                &format!("modules[{index}].title"),
                "is required",
            ));
        }
        let fields = QuestionModuleForm {
            title: module.title,
            instructions: module.instructions,
            time_limit_minutes: module.time_limit_minutes,
        };
        let created = QuestionModule::create(conn, olympiad_id, &fields)?;
        imported.modules += 1;
        for question in module.questions {
            let fields = QuestionForm {
                kind: question.kind,
                content: question.content,
                marks: question.marks,
                difficulty: question.difficulty,
                attachment_id: None,
            };
            Question::create(conn, created.id, &fields)?;
            imported.questions += 1;
        }
    }
    Ok(imported)
}

/// Adds modules to the olympiad's paper, with the confirmation an open olympiad needs.
fn import_modules(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
    confirm: bool,
    what: &str,
    modules: Vec<BankModule>,
) -> OfficeResult<Imported> {
    write_transaction(conn, |conn| {
        let olympiad = find_in_reach::<Olympiad>(conn, caller, id)?;
        guard_open_paper(conn, caller, &olympiad, confirm, what)?;
        add_modules(conn, id, modules)
    })
}

pub fn import(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
    confirm: bool,
    bank: QuestionBank,
) -> OfficeResult<Imported> {
    if bank.format != FORMAT || bank.version != 1 {
        return Err(OfficeError::invalid(
            "format",
            "must be olympiad-question-bank, version 1",
        ));
    }
    // Its questions' limits, whoever sends the bank (the API has checked them already).
    bank.validate()?;
    import_modules(
        conn,
        caller,
        id,
        confirm,
        "question bank imported",
        bank.modules,
    )
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CsvImport {
    #[validate(length(min = 1, max = 200, message = "is required"))]
    #[schema(min_length = 1, max_length = 200)]
    pub module_title: String,
    /// The language the CSV is written in.
    #[serde(default = "english")]
    pub language: Language,
    /// Columns `question,a,b,c,d,correct,marks,difficulty` with a header row; `c` and `d` may be
    /// empty, `correct` is a letter, `marks` and `difficulty` may be empty (1 and 3).
    #[validate(length(min = 1, max = 2_000_000, message = "is required"))]
    #[schema(min_length = 1, max_length = 2000000)]
    pub csv: String,
}

fn english() -> Language {
    Language::En
}

/// One module of single-choice questions from a CSV, added to the olympiad's paper; nothing is
/// added if one row is faulty.
fn out_of_range(row: usize) -> String {
    format!("row {row}: marks must be 0 to 100 and difficulty 1 to 5")
}

pub fn import_csv(
    conn: &mut DbConnection,
    caller: &Caller,
    id: OlympiadId,
    confirm: bool,
    input: CsvImport,
) -> OfficeResult<Imported> {
    let questions = parse_csv(&input.csv, input.language)?;
    let module = BankModule {
        title: Localized::from([(input.language, input.module_title.trim().to_owned())]),
        instructions: LocalizedRichText::new(),
        time_limit_minutes: None,
        questions,
    };
    import_modules(
        conn,
        caller,
        id,
        confirm,
        "questions imported from CSV",
        vec![module],
    )
}

/// Reads a single-choice bank; every faulty row is named, and nothing is written if one is faulty.
pub fn parse_csv(text: &str, language: Language) -> OfficeResult<Vec<BankQuestion>> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .flexible(true)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| OfficeError::invalid("csv", e.to_string()))?
        .iter()
        .map(str::to_lowercase)
        .collect();
    let column = |name: &str| headers.iter().position(|h| h == name);
    let (Some(question_at), Some(correct_at)) = (column("question"), column("correct")) else {
        return Err(OfficeError::invalid(
            "csv",
            "needs the columns question, a, b, c, d, correct, marks, difficulty",
        ));
    };
    let mut questions = Vec::new();
    let mut problems = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let row = index + 2; // the header is row 1
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                problems.push(format!("row {row}: {e}"));
                continue;
            }
        };
        let cell = |at: Option<usize>| at.and_then(|i| record.get(i)).unwrap_or("").to_owned();
        let stem = cell(Some(question_at));
        let options: Vec<AnswerOption> = ["a", "b", "c", "d"]
            .iter()
            .filter_map(|key| {
                let text = cell(column(key));
                (!text.is_empty()).then(|| AnswerOption {
                    key: (*key).into(),
                    text: LocalizedRichText::from([(language, text.into())]),
                })
            })
            .collect();
        let correct = cell(Some(correct_at)).to_lowercase();
        let marks = cell(column("marks"));
        let difficulty = cell(column("difficulty"));
        let marks: Result<i32, _> = if marks.is_empty() {
            Ok(1)
        } else {
            marks.parse()
        };
        let difficulty: Result<i32, _> = if difficulty.is_empty() {
            Ok(3)
        } else {
            difficulty.parse()
        };
        match (
            stem.is_empty(),
            options.iter().any(|o| o.key == correct),
            marks,
            difficulty,
        ) {
            (true, _, _, _) => problems.push(format!("row {row}: question is empty")),
            (_, false, _, _) => problems.push(format!(
                "row {row}: correct must be the letter of a filled-in option"
            )),
            (_, _, Ok(marks), Ok(difficulty)) => {
                let question = BankQuestion {
                    kind: QuestionKind::SingleChoice,
                    content: QuestionContent {
                        stem: LocalizedRichText::from([(language, stem.into())]),
                        options,
                        correct: vec![correct],
                        ..Default::default()
                    },
                    marks,
                    difficulty,
                };
                // The question's own limits, the ones a bank's JSON is held to.
                match question.validate() {
                    Ok(()) => questions.push(question),
                    Err(_) => problems.push(out_of_range(row)),
                }
            }
            _ => problems.push(out_of_range(row)),
        }
    }
    if !problems.is_empty() {
        return Err(OfficeError::invalid("csv", problems.join("; ")));
    }
    if questions.is_empty() {
        return Err(OfficeError::invalid("csv", "has no questions"));
    }
    Ok(questions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_bank_becomes_single_choice_questions() {
        let csv = "question,a,b,c,d,correct,marks,difficulty\n\"Largest province, by area?\",Northern Cape,Gauteng,,,a,2,1\nCapital of Limpopo?,Polokwane,Mbombela,Kimberley,,A,,\n";
        let questions = parse_csv(csv, Language::En).unwrap();
        assert_eq!(questions.len(), 2);
        assert_eq!(
            questions[0].content.stem[&Language::En].as_str(),
            "Largest province, by area?"
        );
        assert_eq!(questions[0].content.options.len(), 2);
        assert_eq!((questions[0].marks, questions[0].difficulty), (2, 1));
        assert_eq!(questions[1].content.correct, vec!["a"]);
        assert_eq!((questions[1].marks, questions[1].difficulty), (1, 3));
    }

    #[test]
    fn every_faulty_row_is_named() {
        let csv = "question,a,b,correct\n,x,y,a\nOk?,x,y,c\nFine?,x,y,b\n";
        let Err(OfficeError::Invalid { field, problem }) = parse_csv(csv, Language::En) else {
            panic!("a faulty bank was read");
        };
        assert_eq!(field, "csv");
        assert_eq!(
            problem,
            "row 2: question is empty; row 3: correct must be the letter of a filled-in option"
        );
        assert!(parse_csv("a,b\n1,2\n", Language::En).is_err());
    }
}
