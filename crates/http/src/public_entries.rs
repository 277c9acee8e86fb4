//! The entries of the public pages that list something (an FAQ's questions, the top results, the
//! past winners), written into the HTML the server sends beside the page's copy, so that a reader
//! without script, a search engine and the first paint see them. The same entries go along as
//! data the app takes as its first answer, so that it shows them at once rather than loading
//! them again; an FAQ also carries them as FAQPage structured data (JSON-LD, which no browser
//! runs, so the policy on scripts does not concern it).

use olympiad_domain::results::Award;
use olympiad_office::results::{self, PublicResults};
use olympiad_office::{faqs, OfficeResult};
use olympiad_persistence::DbConnection;
use serde_json::{json, Value};

/// What a page lists, as HTML, as structured data and as the app's first answers.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Entries {
    /// Escaped HTML; an answer of an FAQ is sanitised HTML, kept only through the one sanitiser.
    pub html: String,
    /// JSON-LD for the page's head, or empty.
    pub structured_data: String,
    /// `[{"key": <the app's query key>, "data": <the API's answer>}]`, or empty.
    pub answers: String,
}

/// The entries of the page `page_key` of `site` (the product's slug or a project's).
pub fn of_page(conn: &mut DbConnection, site: &str, page_key: &str) -> OfficeResult<Entries> {
    Ok(match page_key {
        "faq" => faq_entries(conn, site)?,
        "top-results" => {
            let top = results::top_results(conn, site)?;
            let html = match &top {
                None => dim("The results of this year's olympiad are not released yet."),
                Some(top) => format!(
                    "<p>{} ({}): the ten best learners of each grade, and the ten best schools.</p>{}<section><h2>Top schools</h2>{}</section>",
                    escape(&top.olympiad),
                    top.year,
                    learners_by_grade(top, "h2"),
                    schools_table(top),
                ),
            };
            Entries {
                html,
                structured_data: String::new(),
                answers: answers(json!(["public-results", "top", site]), &top),
            }
        }
        "past-winners" => {
            let past = results::past_winners(conn, site)?;
            let html = if past.is_empty() {
                dim("No olympiad of this project has released its results yet.")
            } else {
                past.iter()
                    .map(|olympiad| {
                        format!(
                            "<section><h2>{} ({})</h2>{}</section>",
                            escape(&olympiad.olympiad),
                            olympiad.year,
                            learners_by_grade(olympiad, "h3")
                        )
                    })
                    .collect()
            };
            Entries {
                html,
                structured_data: String::new(),
                answers: answers(json!(["public-results", "past", site]), &past),
            }
        }
        _ => Entries::default(),
    })
}

fn faq_entries(conn: &mut DbConnection, site: &str) -> OfficeResult<Entries> {
    let list = faqs::faqs(conn, Some(site))?;
    if list.is_empty() {
        return Ok(Entries {
            html: dim("No questions have been answered here yet."),
            ..Entries::default()
        });
    }
    let html = format!(
        "<div class=\"server-faq\">{}</div>",
        list.iter()
            .map(|faq| format!(
                "<details><summary>{}</summary><div>{}</div></details>",
                escape(&faq.content.question),
                faq.content.answer
            ))
            .collect::<String>()
    );
    let questions: Vec<Value> = list
        .iter()
        .map(|faq| {
            json!({
                "@type": "Question",
                "name": faq.content.question,
                "acceptedAnswer": { "@type": "Answer", "text": faq.content.answer },
            })
        })
        .collect();
    let structured = json!({
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": questions,
    });
    Ok(Entries {
        html,
        structured_data: in_script(&structured.to_string()),
        answers: answers(json!(["faqs", site]), &list),
    })
}

/// The app's first answer for the query `key`, as the API would give it.
fn answers(key: Value, data: &impl serde::Serialize) -> String {
    in_script(&json!([{ "key": key, "data": data }]).to_string())
}

/// JSON made safe inside a `<script>` element: nothing in it can close the element or open a
/// comment (`<`, `>` and `&` as escapes, which JSON reads as the same characters).
fn in_script(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

fn dim(sentence: &str) -> String {
    format!("<p>{}</p>", escape(sentence))
}

fn award_word(award: Option<Award>) -> String {
    award.map_or(String::new(), |award| {
        let word = award.as_str();
        let mut letters = word.chars();
        letters.next().map_or(String::new(), |first| {
            first.to_uppercase().chain(letters).collect()
        })
    })
}

fn learners_by_grade(results: &PublicResults, heading: &str) -> String {
    let mut grades: Vec<i32> = results.learners.iter().map(|l| l.grade).collect();
    grades.dedup();
    grades
        .iter()
        .map(|grade| {
            let rows: String = results
                .learners
                .iter()
                .filter(|l| l.grade == *grade)
                .map(|l| {
                    format!(
                        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                        l.rank,
                        escape(&l.name),
                        escape(&l.school),
                        escape(&l.province),
                        award_word(l.award)
                    )
                })
                .collect();
            format!(
                "<section><{heading}>Grade {grade}</{heading}><table><thead><tr><th scope=\"col\">Place</th><th scope=\"col\">Learner</th><th scope=\"col\">School</th><th scope=\"col\">Province</th><th scope=\"col\">Award</th></tr></thead><tbody>{rows}</tbody></table></section>"
            )
        })
        .collect()
}

fn schools_table(results: &PublicResults) -> String {
    let rows: String = results
        .schools
        .iter()
        .map(|s| {
            format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                s.rank,
                escape(&s.school),
                escape(&s.province)
            )
        })
        .collect();
    format!("<table><thead><tr><th scope=\"col\">Place</th><th scope=\"col\">School</th><th scope=\"col\">Province</th></tr></thead><tbody>{rows}</tbody></table>")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_in_a_script_cannot_close_it() {
        let safe =
            in_script(&json!({ "text": "</script><script>alert(1)</script> & <!--" }).to_string());
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        let back: Value = serde_json::from_str(&safe).unwrap_or_default();
        assert_eq!(back["text"], "</script><script>alert(1)</script> & <!--");
    }

    #[test]
    fn results_are_written_grade_by_grade_escaped() {
        use olympiad_office::results::{PublicLearner, PublicSchool};
        let learner = |name: &str, grade, rank, award| PublicLearner {
            name: name.into(),
            school: "Hoërskool <Waterkloof>".into(),
            province: "Gauteng".into(),
            grade,
            rank,
            award,
        };
        let results = PublicResults {
            olympiad: "Geography & Maps".into(),
            year: 2026,
            version: 1,
            learners: vec![
                learner("Zanele Dlamini", 8, 1, Some(Award::Gold)),
                learner("Pieter <b>", 8, 2, None),
                learner("Ayesha Patel", 9, 1, Some(Award::Silver)),
            ],
            schools: vec![PublicSchool {
                rank: 1,
                school: "Hoërskool <Waterkloof>".into(),
                province: "Gauteng".into(),
            }],
        };
        let html = learners_by_grade(&results, "h3");
        assert_eq!(html.matches("<h3>Grade ").count(), 2, "{html}");
        assert!(html.contains("<tr><td>1</td><td>Zanele Dlamini</td><td>Hoërskool &lt;Waterkloof&gt;</td><td>Gauteng</td><td>Gold</td></tr>"), "{html}");
        assert!(html.contains("<td>Pieter &lt;b&gt;</td>"));
        assert!(html.find("Grade 8") < html.find("Grade 9"));
        assert!(schools_table(&results).contains("<td>Hoërskool &lt;Waterkloof&gt;</td>"));
    }
}
