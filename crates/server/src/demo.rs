//! `olympiad seed-demo`: a living platform to look at. Safe to run again: what exists is kept, and
//! the demo users get the given password.

use crate::commands::{migrated_pool, CommandResult};
use crate::settings::Settings;
use chrono::Datelike;
use olympiad_domain::Role;
use olympiad_office::accounts::{provision, Provision};
use olympiad_persistence::models::{
    Olympiad, OlympiadInsertForm, Project, ProjectInsertForm, User,
};
use olympiad_persistence::DbConnection;

struct DemoProject {
    slug: &'static str,
    name: &'static str,
    description: &'static str,
    kind: olympiad_domain::olympiad::OlympiadKind,
    /// The olympiad of this year, if the project runs one.
    olympiad: Option<&'static str>,
}

const PROJECTS: &[DemoProject] = &[
    DemoProject {
        slug: "geography",
        name: "Geography Olympiad",
        description: "The national geography olympiad for South African learners in grades 8 to 12.",
        kind: olympiad_domain::olympiad::OlympiadKind::Schools,
        olympiad: Some("Geography Olympiad"),
    },
    DemoProject {
        slug: "afrikaans",
        name: "Afrikaans Olympiad",
        description: "Die Afrikaans-olimpiade vir leerders wat Afrikaans as tweede taal leer.",
        kind: olympiad_domain::olympiad::OlympiadKind::Schools,
        olympiad: Some("Afrikaans Second Language Olympiad"),
    },
    DemoProject {
        slug: "history",
        name: "History Olympiad",
        description: "The history olympiad for South African schools.",
        kind: olympiad_domain::olympiad::OlympiadKind::Schools,
        olympiad: Some("History Olympiad"),
    },
    DemoProject {
        slug: "igeo",
        name: "International Geography Olympiad",
        description: "South Africa's part in the International Geography Olympiad, for countries and their teams.",
        kind: olympiad_domain::olympiad::OlympiadKind::Countries,
        olympiad: Some("International Geography Olympiad"),
    },
    DemoProject {
        slug: "caps-review",
        name: "CAPS Review",
        description: "Review questions for the CAPS curriculum.",
        kind: olympiad_domain::olympiad::OlympiadKind::Schools,
        olympiad: None,
    },
];

const STAFF: &[(&str, Role, &str, &str)] = &[
    ("admin@example.org", Role::Admin, "Anele", "Dlamini"),
    (
        "accountant@example.org",
        Role::Accountant,
        "Pieter",
        "van Wyk",
    ),
    ("funding@example.org", Role::Funding, "Naledi", "Mokoena"),
    (
        "marketing@example.org",
        Role::Marketing,
        "Zanele",
        "Khumalo",
    ),
];

pub fn seed(settings: &Settings, password: &str, if_empty: bool) -> CommandResult {
    let pool = migrated_pool(settings)?;
    let mut conn = pool.get()?;
    if if_empty && !User::list(&mut conn)?.is_empty() {
        println!("The database has users already; the demo data was not added (run `olympiad seed-demo` to add it anyway).");
        // A demo database made before the demo paper existed still gets it (once).
        if let Some(geography) = Olympiad::by_name(&mut conn, "geography")? {
            seed_paper(&mut conn, &geography, settings)?;
        }
        return Ok(());
    }
    let hash = bcrypt::hash(password, settings.bcrypt_cost)?;
    let olympiads = seed_projects(&mut conn)?;
    // Public sites and content
    crate::demo_content::seed(&mut conn, &settings.product_slug)?;
    if let Some(geography) = olympiads.iter().find(|o| o.name == "geography") {
        seed_paper(&mut conn, geography, settings)?;
    }

    let mut sign_ins = Vec::new();
    let mut add = |conn: &mut DbConnection,
                   email: &str,
                   role: Role,
                   names: (&str, &str),
                   olympiad: Option<&Olympiad>|
     -> CommandResult {
        let request = Provision {
            username: email.to_owned(),
            email: Some(email.to_owned()),
            password_hash: hash.clone(),
            first_name: names.0.to_owned(),
            last_name: names.1.to_owned(),
            role,
            olympiad_id: olympiad.map(|o| o.id),
        };
        let (user, _, _) = provision(conn, &request).map_err(|e| e.to_string())?;
        User::set_password_hash(conn, user.id, &hash)?;
        sign_ins.push((email.to_owned(), role, olympiad.map(|o| o.name.clone())));
        Ok(())
    };
    add(
        &mut conn,
        "overlord@example.org",
        Role::Overlord,
        ("Olwethu", "Overlord"),
        None,
    )?;
    for (email, role, first, last) in STAFF {
        for olympiad in &olympiads {
            add(&mut conn, email, *role, (first, last), Some(olympiad))?;
        }
    }
    add(
        &mut conn,
        "teacher@example.org",
        Role::Teacher,
        ("Thandi", "Nkosi"),
        None,
    )?;

    let teacher = User::by_username(&mut conn, "teacher@example.org")?
        .ok_or("the demo teacher is missing")?;
    let learners = crate::demo_schools::seed(&mut conn, &olympiads, &teacher)?;
    // Payments
    let pay_link = seed_purchase_order(&mut conn, &olympiads, settings)?;

    println!("Demo sign-ins (password {password:?}):");
    println!(
        "  {:<26} {:<11} {:<12} olympiad",
        "username", "role", "login type"
    );
    let mut seen = std::collections::BTreeSet::new();
    for (email, role, olympiad) in sign_ins {
        if seen.insert((email.clone(), role)) {
            let olympiad = olympiad.map(|_| {
                olympiads
                    .iter()
                    .map(|o| o.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            });
            println!(
                "  {:<26} {:<11} {:<12} {}",
                email,
                role.as_str(),
                role.login_type().noun(),
                olympiad.unwrap_or_else(|| "-".into())
            );
        }
    }
    println!(
        "Demo learners of Waterkloof High School in geography (login type learner, olympiad geography):"
    );
    println!(
        "  {:<24} {:<10} {:<14} password",
        "learner", "grade", "username"
    );
    for (name, grade, username, learner_password) in &learners {
        println!("  {name:<24} {grade:<10} {username:<14} {learner_password}");
    }
    if let Some(link) = pay_link {
        println!("Waterkloof High School's order for geography is paid at {link}");
    }
    if settings.require_staff_2fa {
        println!("Staff two-factor is on (REQUIRE_STAFF_2FA): the first staff sign-in asks to set it up.");
    } else {
        println!("Staff two-factor is off (REQUIRE_STAFF_2FA=false).");
    }
    Ok(())
}

/// Waterkloof High School's purchase order for geography, worked out from its learners (once);
/// answers its payment page's address.
fn seed_purchase_order(
    conn: &mut DbConnection,
    olympiads: &[Olympiad],
    settings: &Settings,
) -> Result<Option<String>, Box<dyn std::error::Error>> {
    use olympiad_domain::payments::{payment_reference, Amounts, Fees};
    use olympiad_persistence::models::{PurchaseOrder, PurchaseOrderInsertForm, SchoolParticipant};
    let Some(geography) = olympiads.iter().find(|o| o.name == "geography") else {
        return Ok(None);
    };
    let Some(school) = olympiad_persistence::models::School::list(
        conn,
        &olympiad_persistence::models::SchoolFilter {
            search: "Waterkloof High School".into(),
            ..Default::default()
        },
        None,
    )?
    .rows
    .into_iter()
    .next() else {
        return Ok(None);
    };
    let Some(entry) = SchoolParticipant::find_for(conn, geography.id, school.school.id)? else {
        return Ok(None);
    };
    let order = match PurchaseOrder::of_entry(conn, Some(entry.id), None)?
        .into_iter()
        .next()
    {
        Some(order) => order,
        None => {
            let learners = SchoolParticipant::learner_counts(conn, &[entry.id])?
                .get(&entry.id)
                .copied()
                .unwrap_or(0);
            let form = PurchaseOrderInsertForm {
                olympiad_id: geography.id,
                school_participant_id: Some(entry.id),
                country_participant_id: None,
                pay_token: uuid::Uuid::new_v4().to_string(),
                schools_po: String::new(),
                amounts: Amounts::of(Fees::default(), i32::try_from(learners)?, 0),
                fee_lines: "[]".into(),
                supplements_order_id: None,
            };
            PurchaseOrder::create(conn, &form, |id| {
                payment_reference(&geography.name, geography.year, id)
            })?
        }
    };
    Ok(Some(format!(
        "{}/portal/pay/{}",
        settings.public_base_url, order.pay_token
    )))
}

/// The geography olympiad's demo paper, when it has no paper yet.
fn seed_paper(conn: &mut DbConnection, geography: &Olympiad, settings: &Settings) -> CommandResult {
    if crate::demo_paper::seed(conn, geography, &settings.files)? {
        println!("The geography olympiad has its demo paper and is open.");
    }
    Ok(())
}

/// The demo projects and one open olympiad of this year for each that runs one.
fn seed_projects(conn: &mut DbConnection) -> Result<Vec<Olympiad>, Box<dyn std::error::Error>> {
    let year = chrono::Utc::now().year();
    let mut olympiads = Vec::new();
    for demo in PROJECTS {
        let project = Project::ensure(
            conn,
            &ProjectInsertForm {
                slug: demo.slug,
                name: demo.name,
                description: demo.description,
                kind: demo.kind,
            },
        )?;
        if let Some(title) = demo.olympiad {
            olympiads.push(Olympiad::ensure(
                conn,
                &OlympiadInsertForm {
                    project_id: project.id,
                    name: demo.slug,
                    title,
                    year,
                    is_open: true,
                },
            )?);
        }
    }
    Ok(olympiads)
}
