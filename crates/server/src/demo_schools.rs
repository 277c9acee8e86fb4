//! The demo's schools: a few across the provinces (one of them twice, for the overlord to merge), an
//! entry of Waterkloof High School in geography with teacher@example.org as its team admin, and 30
//! learners in it. Safe to repeat: what exists is kept, and the 30 learners get new passwords, which
//! are printed with their usernames.

use olympiad_domain::roster::CheckedLearner;
use olympiad_office::learner_accounts::{enter_learners, hash_passwords, new_passwords};
use olympiad_persistence::models::{
    CountryForm, ExpressionDetails, ExpressionInsertForm, ExpressionOfInterest, IgeoCountry,
    Olympiad, Participant, ParticipantFilter, School, SchoolForm, SchoolParticipant, Teacher,
    TeacherUpdateForm, TeamMember, UsefulContact, UsefulContactForm, User,
};
use olympiad_persistence::DbConnection;

type Seeded<T> = Result<T, Box<dyn std::error::Error>>;

/// name, EMIS number, province, town, sector, quintile
type DemoSchool = (
    &'static str,
    Option<&'static str>,
    &'static str,
    &'static str,
    &'static str,
    Option<i32>,
);

const SCHOOLS: &[DemoSchool] = &[
    (
        "Waterkloof High School",
        Some("700400393"),
        "Gauteng",
        "Pretoria",
        "public",
        Some(5),
    ),
    // The same school typed differently: the overlord's merge demo.
    (
        "Hoërskool Waterkloof",
        None,
        "Gauteng",
        "Pretoria",
        "public",
        None,
    ),
    (
        "Umlazi Comprehensive High School",
        Some("500219874"),
        "KwaZulu-Natal",
        "Umlazi",
        "public",
        Some(2),
    ),
    (
        "Rustenburg Girls' High School",
        Some("100305566"),
        "Western Cape",
        "Cape Town",
        "public",
        Some(5),
    ),
    (
        "Mokopane Secondary School",
        Some("924661234"),
        "Limpopo",
        "Mokopane",
        "public",
        Some(1),
    ),
    (
        "Grey College",
        Some("441207788"),
        "Free State",
        "Bloemfontein",
        "public",
        Some(5),
    ),
    (
        "St Andrew's College",
        None,
        "Eastern Cape",
        "Makhanda",
        "independent",
        None,
    ),
    (
        "Kimberley Boys' High School",
        Some("300114455"),
        "Northern Cape",
        "Kimberley",
        "public",
        Some(4),
    ),
];

/// (first name, last name, grade, class)
const LEARNERS: [(&str, &str, i32, &str); 30] = [
    ("Lerato", "Molefe", 8, "A"),
    ("Sipho", "Dube", 8, "A"),
    ("Zanele", "Khumalo", 8, "A"),
    ("Pieter", "van Wyk", 8, "B"),
    ("Ayanda", "Zulu", 8, "B"),
    ("Naledi", "Mokoena", 8, "B"),
    ("Thabo", "Nkosi", 9, "A"),
    ("Anika", "Botha", 9, "A"),
    ("Kagiso", "Sithole", 9, "A"),
    ("Zoë", "Müller", 9, "B"),
    ("Bongani", "Mahlangu", 9, "B"),
    ("Refilwe", "Mabena", 9, "B"),
    ("Johan", "du Plessis", 10, "A"),
    ("Nomvula", "Ndlovu", 10, "A"),
    ("Tshepo", "Mokgadi", 10, "A"),
    ("Lindiwe", "Shabalala", 10, "B"),
    ("Ruan", "Pretorius", 10, "B"),
    ("Palesa", "Mofokeng", 10, "B"),
    ("Siyabonga", "Cele", 11, "A"),
    ("Karabo", "Letsoalo", 11, "A"),
    ("Marike", "Steyn", 11, "A"),
    ("Themba", "Ngcobo", 11, "B"),
    ("Dineo", "Maseko", 11, "B"),
    ("Liam", "O'Connor", 11, "B"),
    ("Mpho", "Radebe", 12, "A"),
    ("Nandi", "Mthembu", 12, "A"),
    ("Jacques", "Venter", 12, "A"),
    ("Busisiwe", "Hlongwane", 12, "B"),
    ("Katlego", "Moloi", 12, "B"),
    ("Amahle", "Dlamini", 12, "B"),
];

fn school_fields(&(name, emis, province, town, sector, quintile): &DemoSchool) -> SchoolForm {
    SchoolForm {
        name: name.to_owned(),
        emis_number: emis.map(str::to_owned),
        province: province.to_owned(),
        town: town.to_owned(),
        sector: sector.to_owned(),
        quintile,
        language_of_teaching: "English".to_owned(),
        country_code: "ZA".to_owned(),
        email: format!(
            "office@{}.example.org",
            name.split_whitespace()
                .next()
                .unwrap_or("school")
                .to_lowercase()
                .replace(['\'', 'ë'], "")
        ),
        ..Default::default()
    }
}

/// The schools, found by name or made.
fn ensure_schools(conn: &mut DbConnection) -> Seeded<Vec<School>> {
    let existing = School::names(conn)?;
    let mut schools = Vec::new();
    for demo in SCHOOLS {
        let school = match existing.iter().find(|(_, name, _)| name == demo.0) {
            Some((id, _, _)) => School::find(conn, *id)?,
            None => School::create(conn, &school_fields(demo))?,
        };
        schools.push(school);
    }
    Ok(schools)
}

/// The demo's learners' sign-ins: (name, grade and class, username, password).
pub type LearnerSignIn = (String, String, String, String);

/// Seeds the schools' part of the demo; answers the 30 learners' sign-ins.
pub fn seed(
    conn: &mut DbConnection,
    olympiads: &[Olympiad],
    teacher_user: &User,
) -> Seeded<Vec<LearnerSignIn>> {
    let schools = ensure_schools(conn)?;
    let geography = olympiads
        .iter()
        .find(|o| o.name == "geography")
        .ok_or("no geography olympiad")?;
    let school = &schools[0];

    let teacher = Teacher::ensure(conn, teacher_user.id, Some(school.id))?;
    if teacher.cell.is_empty() {
        Teacher::update(
            conn,
            teacher.id,
            &TeacherUpdateForm {
                school_id: Some(school.id),
                title: "Ms".into(),
                cell: "082 555 0142".into(),
                subject: "Geography".into(),
            },
        )?;
    }
    let (entry, _) =
        SchoolParticipant::ensure(conn, geography.id, school.id, Some(teacher_user.id))?;
    TeamMember::ensure(conn, entry.id, teacher.id, true)?;

    let loaded = Participant::list(
        conn,
        &ParticipantFilter {
            school_participant_id: Some(entry.id),
            ..Default::default()
        },
        None,
    )?;
    let passwords = new_passwords(LEARNERS.len());
    let hashes = hash_passwords(&passwords).map_err(|e| e.to_string())?;
    let sign_ins = if loaded.total == 0 {
        let learners: Vec<CheckedLearner> = LEARNERS
            .iter()
            .map(|(first, last, grade, class)| CheckedLearner {
                first_name: (*first).into(),
                last_name: (*last).into(),
                grade: *grade,
                class_name: (*class).into(),
                gender: String::new(),
                home_language: String::new(),
                language: "en".into(),
                email: None,
                consent_given: true,
                consent_by: format!("Parent of {first}"),
                consent_relationship: "parent".into(),
            })
            .collect();
        enter_learners(conn, &entry, &learners, &passwords, &hashes)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|c| {
                (
                    format!("{} {}", c.first_name, c.last_name),
                    format!("{} {}", c.grade, c.class_name),
                    c.username,
                    c.password,
                )
            })
            .collect()
    } else {
        // Seeding again: the learners that exist get new passwords, to print.
        let rows = Participant::rows_by_ids(
            conn,
            &loaded
                .rows
                .iter()
                .map(|r| r.participant.id)
                .collect::<Vec<_>>(),
        )?;
        let mut sign_ins = Vec::new();
        for ((row, password), hash) in rows.into_iter().zip(&passwords).zip(&hashes) {
            User::set_password_hash(conn, row.participant.user_id, hash)?;
            sign_ins.push((
                format!("{} {}", row.first_name, row.last_name),
                format!("{} {}", row.grade, row.class_name),
                row.username,
                password.clone(),
            ));
        }
        sign_ins
    };

    seed_others(conn, geography, olympiads)?;
    Ok(sign_ins)
}

/// An open expression of interest, contacts and igeo countries, so that those screens show something.
fn seed_others(
    conn: &mut DbConnection,
    geography: &Olympiad,
    olympiads: &[Olympiad],
) -> Seeded<()> {
    if ExpressionOfInterest::open_by_email(
        conn,
        geography.id,
        "m.maluleke@mokopane.example.org",
        olympiad_domain::interest::InterestKind::Teacher,
    )?
    .is_none()
    {
        let expression = ExpressionOfInterest::create(
            conn,
            &ExpressionInsertForm {
                olympiad_id: geography.id,
                details: ExpressionDetails {
                    kind: olympiad_domain::interest::InterestKind::Teacher,
                    title: "Mr".into(),
                    first_name: "Musa".into(),
                    last_name: "Maluleke".into(),
                    email: "m.maluleke@mokopane.example.org".into(),
                    phone: "015 491 0000".into(),
                    school_name: "Mokopane High School".into(),
                    emis_number: String::new(),
                    province: "Limpopo".into(),
                    town: "Mokopane".into(),
                    subject: "Geography".into(),
                    organisation: String::new(),
                    relationship: String::new(),
                    message: "Our grade 10 and 11 learners would like to write this year.".into(),
                },
                verify_token: uuid::Uuid::new_v4().to_string(),
            },
        )?;
        ExpressionOfInterest::verify(conn, &expression.verify_token)?;
    }
    if UsefulContact::list(conn, Some(geography.id), "", &[], None)?.total == 0 {
        for (name, organisation, role, email) in [
            (
                "Dr Thuli Mbeki",
                "Department of Basic Education",
                "Geography subject adviser",
                "t.mbeki@education.example.gov.za",
            ),
            (
                "Johan Fourie",
                "Geographical Society of South Africa",
                "Sponsor liaison",
                "johan@gssa.example.org",
            ),
        ] {
            UsefulContact::create(
                conn,
                geography.id,
                &UsefulContactForm {
                    name: name.into(),
                    organisation: organisation.into(),
                    role: role.into(),
                    email: email.into(),
                    ..Default::default()
                },
            )?;
        }
    }
    if olympiads.iter().any(|o| o.name == "igeo") {
        for (name, iso) in [
            ("South Africa", "ZA"),
            ("Namibia", "NA"),
            ("Botswana", "BW"),
        ] {
            if IgeoCountry::by_iso(conn, iso)?.is_none() {
                IgeoCountry::create(
                    conn,
                    &CountryForm {
                        name: name.into(),
                        iso_code: iso.into(),
                    },
                )?;
            }
        }
    }
    Ok(())
}
