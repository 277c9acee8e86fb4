//! Many learners entered in an olympiad at once, the way loading learners enters them
//! (`learner_accounts::enter_learners`): schools of fifty, each learner with a user, a learner
//! account and a participant. All share one password, so that setting them up costs one bcrypt
//! hash, not thousands; signing in costs a bcrypt check however many hashes there are.

use olympiad_domain::credentials::LEARNER_BCRYPT_COST;
use olympiad_domain::roster::CheckedLearner;
use olympiad_office::learner_accounts::enter_learners;
use olympiad_persistence::models::{
    Olympiad, OlympiadInsertForm, Project, ProjectInsertForm, School, SchoolForm, SchoolParticipant,
};
use olympiad_persistence::{write_transaction, DbConnection};

/// The geography olympiad of 2026 in its project, as every benchmark starts; `is_open` as the
/// benchmark needs it (results are made with the olympiad closed).
pub fn geography_olympiad(conn: &mut DbConnection, is_open: bool) -> Olympiad {
    let project = Project::ensure(
        conn,
        &ProjectInsertForm {
            slug: "geography",
            name: "Geography",
            description: "",
            kind: olympiad_domain::olympiad::OlympiadKind::Schools,
        },
    )
    .unwrap();
    Olympiad::ensure(
        conn,
        &OlympiadInsertForm {
            project_id: project.id,
            name: "geography",
            title: "Geography Olympiad",
            year: 2026,
            is_open,
        },
    )
    .unwrap()
}

/// Learners per school.
const SCHOOL_SIZE: usize = 50;

const FIRST_NAMES: &[&str] = &[
    "Thabo", "Lerato", "Anika", "Sipho", "Naledi", "Pieter", "Zanele", "Ruan",
];

/// A surname for the `n`th learner, different for each, so that usernames need no retries.
fn surname(n: usize) -> String {
    let mut letters = String::from("Bench");
    let mut rest = n;
    for _ in 0..4 {
        letters.push(char::from(b'a' + u8::try_from(rest % 26).unwrap_or(0)));
        rest /= 26;
    }
    letters
}

/// Enters `count` learners in the olympiad, all with `password`; answers their usernames.
pub fn enter_many(
    conn: &mut DbConnection,
    olympiad_name: &str,
    count: usize,
    password: &str,
) -> Result<Vec<String>, String> {
    let olympiad = Olympiad::by_name(conn, olympiad_name)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no olympiad named {olympiad_name}"))?;
    let hash = bcrypt::hash(password, LEARNER_BCRYPT_COST).map_err(|e| e.to_string())?;
    let mut usernames = Vec::with_capacity(count);
    for first in (0..count).step_by(SCHOOL_SIZE) {
        let learners: Vec<CheckedLearner> = (first..count.min(first + SCHOOL_SIZE))
            .map(|n| CheckedLearner {
                first_name: FIRST_NAMES[n % FIRST_NAMES.len()].into(),
                last_name: surname(n),
                grade: 10,
                class_name: "A".into(),
                gender: String::new(),
                home_language: String::new(),
                language: "en".into(),
                email: None,
                consent_given: true,
                consent_by: "Parent".into(),
                consent_relationship: "Parent".into(),
            })
            .collect();
        let passwords = vec![password.to_owned(); learners.len()];
        let hashes = vec![hash.clone(); learners.len()];
        let credentials = write_transaction(conn, |conn| {
            let school = School::create(
                conn,
                &SchoolForm {
                    name: format!("Bench School {}", first / SCHOOL_SIZE + 1),
                    province: "Gauteng".into(),
                    sector: "public".into(),
                    country_code: "ZA".into(),
                    ..Default::default()
                },
            )?;
            let (entry, _) = SchoolParticipant::ensure(conn, olympiad.id, school.id, None)?;
            enter_learners(conn, &entry, &learners, &passwords, &hashes)
        })
        .map_err(|e| e.to_string())?;
        usernames.extend(credentials.into_iter().map(|c| c.username));
    }
    Ok(usernames)
}
