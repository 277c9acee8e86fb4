//! The demo's public-site words: page copy for the product's site and the geography site, FAQs of
//! the sites and the portal, testimonials, and a sub-project. Added once; safe to repeat.

use olympiad_persistence::models::{
    Faq, FaqForm, Project, SiteCopy, SiteCopyForm, SubProject, SubProjectForm, Testimonial,
    TestimonialForm,
};
use olympiad_persistence::DbConnection;

type Seeded = Result<(), Box<dyn std::error::Error>>;

const PAGES: &[(&str, &str, &str, &str)] = &[
    ("home", "School olympiads for South African learners", "Geography, Afrikaans and history olympiads written online at school.", "<p>Every year thousands of learners from every province write our olympiads online, at school, on a phone or a computer. Teachers enter their school in minutes; learners see their results and certificates soon after.</p>"),
    ("about", "About the olympiads", "Who runs the olympiads, and why.", "<p>The olympiads are run by an education provider that has brought geography, Afrikaans and history competitions to South African schools for over twenty years.</p>"),
    ("ourPartners", "Our partners", "The organisations behind the olympiads.", "<p>Universities, the Department of Basic Education and subject associations support the olympiads.</p>"),
    ("ourUsers", "Our users", "Schools and organisations that use the olympiads.", "<p>Public and independent schools in all nine provinces, and the International Geography Olympiad's national team.</p>"),
    ("contact", "Contact the olympiad office", "How to reach the olympiad office.", "<p>Write to <b>info@olympiads.example</b> or call <b>012 345 6789</b> on weekdays from 8:00 to 16:00.</p>"),
    ("mytutor", "MyTutor", "Tutoring for olympiad learners.", "<p>MyTutor, our affiliate, matches learners with tutors to prepare for the olympiads.</p>"),
];

const GEOGRAPHY_PAGES: &[(&str, &str)] = &[
    ("about", "<p>The Geography Olympiad tests map work, climate and development for Grades 8 to 12.</p>"),
    ("participation-and-rules", "<p>Any learner in Grades 8 to 12 may write, entered by their school. The olympiad is written online in one sitting of 60 minutes, in English or Afrikaans.</p><ul><li>No notes or calculators with stored text.</li><li>One attempt per learner.</li></ul>"),
    ("contact", "<p>The Geography Olympiad office: <b>geography@olympiads.example</b>.</p>"),
    ("past-olympiads", "<p>Each year's olympiad, and its winners.</p>"),
    ("home", "<p>The Geography Olympiad is written online at school, in English or Afrikaans, by learners in Grades 8 to 12. Schools enter through the interest form; learners sign in on the day with the slip their teacher prints.</p>"),
    ("express-interest", "<p>Teachers: tell us about your school and we enter it once you have confirmed your e-mail address. Parents and learners: we tell you how to take part through your school.</p>"),
    ("top-results", "<p>The best learners and schools of this year's olympiad, from its final results.</p>"),
    ("past-winners", "<p>The first three of each grade in every olympiad of earlier years.</p>"),
];

const FAQS: &[(&str, &str, &str)] = &[
    ("olympiads", "Who may write the olympiads?", "<p>Learners in Grades 8 to 12 at any South African school, entered by a teacher.</p>"),
    ("olympiads", "What does it cost?", "<p>The entry fee per learner is published with each olympiad; schools pay on one invoice.</p>"),
    ("geography", "Which topics does the Geography Olympiad cover?", "<p>Map work, climate, settlement and development, as in the CAPS curriculum.</p>"),
    ("geography", "In which languages can learners write?", "<p>English and Afrikaans.</p>"),
    ("portal", "How do I load my learners?", "<p>Open your olympiad in the portal and choose <b>Load learners</b>: download the template, fill it in and upload it.</p>"),
    ("portal", "A learner lost their password. What now?", "<p>Give them a new one from the list of learners; a new login slip prints.</p>"),
];

pub fn seed(conn: &mut DbConnection, product: &str) -> Seeded {
    if !Faq::list(conn, None)?.is_empty() {
        return Ok(());
    }
    for (key, title, description, body) in PAGES {
        let form = SiteCopyForm {
            site: product.to_owned(),
            page_key: (*key).to_owned(),
            title: format!("{title} | Olympiads"),
            og_title: (*title).to_owned(),
            description: (*description).to_owned(),
            keywords: "olympiad, South Africa, schools".to_owned(),
            body: (*body).to_owned(),
        };
        SiteCopy::save(conn, &form)?;
    }
    if Project::by_slug(conn, "geography")?.is_some() {
        for (key, body) in GEOGRAPHY_PAGES {
            let form = SiteCopyForm {
                site: "geography".to_owned(),
                page_key: (*key).to_owned(),
                title: String::new(),
                og_title: String::new(),
                description: String::new(),
                keywords: String::new(),
                body: (*body).to_owned(),
            };
            SiteCopy::save(conn, &form)?;
        }
    }
    for (position, (site, question, answer)) in FAQS.iter().enumerate() {
        let site = if *site == "olympiads" { product } else { site };
        Faq::create(
            conn,
            &FaqForm {
                site: site.to_owned(),
                question: (*question).to_owned(),
                answer: (*answer).to_owned(),
                position: i32::try_from(position).unwrap_or(0),
            },
        )?;
    }
    Testimonial::create(
        conn,
        &TestimonialForm {
            site: product.to_owned(),
            quote: "Our learners wrote on their phones during break and loved seeing their certificates.".to_owned(),
            author: "Ms N. Dlamini".to_owned(),
            affiliation: "Geography teacher, Soweto".to_owned(),
            position: 0,
        },
    )?;
    if let Some(project) = Project::by_slug(conn, "caps-review")? {
        if SubProject::list(conn, Some(project.id))?.is_empty() {
            SubProject::create(
                conn,
                &SubProjectForm {
                    project_id: project.id,
                    slug: "grade-12".to_owned(),
                    name: "Grade 12 review".to_owned(),
                },
            )?;
        }
    }
    Ok(())
}
