//! Many learners entered in an olympiad at once, the way loading learners enters them
//! (`learner_accounts::enter_learners`): schools of fifty, each learner with a user, a learner
//! account and a participant. All share one password, so that setting them up costs one bcrypt
//! hash, not thousands; signing in costs a bcrypt check however many hashes there are.

use diesel::connection::SimpleConnection;
use olympiad_domain::credentials::LEARNER_BCRYPT_COST;
use olympiad_domain::id::{PurchaseOrderId, UserId};
use olympiad_domain::roster::CheckedLearner;
use olympiad_domain::Role;
use olympiad_http::auth::tokens::{Purpose, Subject};
use olympiad_http::AppState;
use olympiad_office::accounts::{provision, Provision};
use olympiad_office::learner_accounts::enter_learners;
use olympiad_persistence::models::{Olympiad, School, SchoolForm, SchoolParticipant};
use olympiad_persistence::testing::olympiad_of_2026;
use olympiad_persistence::{write_transaction, DbConnection};

/// The overlord (made at the first call; later calls find them): the activity log and a mass
/// mail name who acted.
pub fn overlord(conn: &mut DbConnection) -> olympiad_office::Caller {
    let request = Provision {
        username: "overlord@example.org".into(),
        email: Some("overlord@example.org".into()),
        password_hash: "not used".into(),
        first_name: "Over".into(),
        last_name: "Lord".into(),
        role: Role::Overlord,
        olympiad_id: None,
    };
    let (user, account, _) = provision(conn, &request).expect("the overlord");
    olympiad_office::Caller {
        user_id: user.id,
        account_id: account.id,
        role: Role::Overlord,
        olympiad_id: None,
        olympiad_name: None,
        impersonator: None,
        impersonator_version: None,
        session_version: 0,
        address: None,
    }
}

/// An order the overlord makes for the first school entry of the database (the demo's first
/// school), to pay or to prove payment of.
pub fn first_entry_order(conn: &mut DbConnection) -> PurchaseOrderId {
    use diesel::prelude::*;
    use olympiad_persistence::schema::school_participants;
    let overlord = overlord(conn);
    let entry = school_participants::table
        .select(school_participants::id)
        .order(school_participants::id)
        .first(conn)
        .expect("a school entry");
    let query = olympiad_office::payments::CreateOrderQuery {
        customer_participant_id: Some(entry),
        country_participant_id: None,
        schools_po: None,
    };
    olympiad_office::payments::create(conn, &overlord, &query)
        .expect("the order")
        .row
        .order
        .id
}

/// The geography olympiad of 2026 in its project, as every benchmark starts; `is_open` as the
/// benchmark needs it (results are made with the olympiad closed).
pub fn geography_olympiad(conn: &mut DbConnection, is_open: bool) -> Olympiad {
    olympiad_of_2026(conn, "geography", "Geography Olympiad", is_open)
}

/// The provinces the benchmarks' schools are spread over, in turn.
pub const PROVINCES: &[&str] = &[
    "Gauteng",
    "Limpopo",
    "Western Cape",
    "KwaZulu-Natal",
    "Free State",
];

/// A public school in South Africa.
pub fn school(conn: &mut DbConnection, name: &str, province: &str) -> School {
    School::create(
        conn,
        &SchoolForm {
            name: name.into(),
            province: province.into(),
            sector: "public".into(),
            country_code: "ZA".into(),
            ..Default::default()
        },
    )
    .unwrap()
}

/// `count` schools named by `name` from their number, spread over the provinces, each entered
/// in the olympiad; answers the schools' and their entries' ids, in order.
pub fn entered_schools(
    conn: &mut DbConnection,
    olympiad: &Olympiad,
    count: usize,
    name: impl Fn(usize) -> String,
) -> Vec<(i64, i64)> {
    (0..count)
        .map(|s| {
            let school = school(conn, &name(s), PROVINCES[s % PROVINCES.len()]);
            let (entry, _) = SchoolParticipant::ensure(conn, olympiad.id, school.id, None).unwrap();
            (school.id.get(), entry.id.get())
        })
        .collect()
}

/// A learner row as plain SQL writes it: first name, last name, grade and class.
pub struct LearnerRow {
    pub first_name: String,
    pub last_name: String,
    pub grade: usize,
    pub class_name: &'static str,
}

/// `count` learners spread over `school_ids` in turn, `row(i)` giving the i-th, written in inserts
/// of a thousand rows of plain SQL (the fastest way in, and not what a benchmark measures) inside
/// the caller's transaction.
pub fn insert_learners(
    conn: &mut DbConnection,
    school_ids: &[i64],
    count: usize,
    row: impl Fn(usize) -> LearnerRow,
) {
    let quote = |text: &str| text.replace('\'', "''");
    for batch in 0..count.div_ceil(1000) {
        let values: Vec<String> = (batch * 1000..count.min((batch + 1) * 1000))
            .map(|i| {
                let learner = row(i);
                format!(
                    "({}, '{}', '{}', {}, '{}', '', '', false, '', '')",
                    school_ids[i % school_ids.len()],
                    quote(&learner.first_name),
                    quote(&learner.last_name),
                    learner.grade,
                    learner.class_name,
                )
            })
            .collect();
        conn.batch_execute(&format!(
            "INSERT INTO learners (school_id, first_name, last_name, grade, class_name, gender, home_language, consent_given, consent_by, consent_relationship) VALUES {}",
            values.join(",")
        ))
        .unwrap();
    }
}

/// A staff user (the olympiad's, or none) and an access token for them, as signing in gives;
/// answers the user's id and the token.
pub fn staff_token(
    state: &AppState,
    conn: &mut DbConnection,
    email: &str,
    role: Role,
    olympiad: Option<&Olympiad>,
) -> (UserId, String) {
    let (user, account, _) = provision(
        conn,
        &Provision {
            username: email.into(),
            email: Some(email.into()),
            password_hash: "unused".into(),
            first_name: "Bench".into(),
            last_name: role.as_str().into(),
            role,
            olympiad_id: olympiad.map(|o| o.id),
        },
    )
    .unwrap();
    let subject = Subject {
        user_id: user.id,
        account_id: account.id,
        role,
        olympiad_id: account.olympiad_id,
        olympiad_name: olympiad.map(|o| o.name.clone()),
        session_version: user.session_version,
        impersonator: None,
        impersonator_version: None,
    };
    (
        user.id,
        state.tokens.issue(&subject, Purpose::Access).unwrap(),
    )
}

/// The olympiad's administrator's access token.
pub fn admin_token(state: &AppState, conn: &mut DbConnection, olympiad: &Olympiad) -> String {
    let email = format!("admin@{}.bench.example", olympiad.name);
    staff_token(state, conn, &email, Role::Admin, Some(olympiad)).1
}

/// The overlord's access token (every olympiad's reports).
pub fn overlord_token(state: &AppState, conn: &mut DbConnection) -> String {
    staff_token(state, conn, "overlord@bench.example", Role::Overlord, None).1
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

/// `count` open expressions of interest in the olympiad, each a different teacher's address: the
/// audience of a mass mail to interested parties (plain SQL, not what a benchmark measures).
pub fn interested_parties(conn: &mut DbConnection, olympiad: &Olympiad, count: usize) {
    conn.batch_execute("BEGIN").unwrap();
    for batch in 0..count.div_ceil(1000) {
        let rows: Vec<String> = (batch * 1000..count.min((batch + 1) * 1000))
            .map(|n| {
                format!(
                    "({}, 'teacher', 'Teacher', '{n:05}', 'teacher{n:05}@school.example.org', 'bench-{n}')",
                    olympiad.id
                )
            })
            .collect();
        conn.batch_execute(&format!(
            "INSERT INTO expressions_of_interest (olympiad_id, kind, first_name, last_name, email, verify_token) VALUES {}",
            rows.join(",")
        ))
        .unwrap();
    }
    conn.batch_execute("COMMIT").unwrap();
}
