//! `olympiad seed-fuzz`: the demo data, plus one account of each role for an API fuzzer, and a
//! token for each printed as `token <role> <token>`. The tokens are issued here, not by signing
//! in, so that what the fuzzer does to sign-in (wrong passwords, too many attempts) cannot keep it
//! out; they stay good while the server uses the same secret (`JWT_SECRET` or `DATA_DIR`'s).
//! It also prints `id <parameter> <id>` for the parameters that must name something that exists
//! (the olympiad, an entry, a school, a module of the paper, a mass mail), which the fuzzer sends
//! as they are instead of numbers of its own.

use crate::commands::{migrated_pool, CommandResult};
use crate::settings::Settings;
use olympiad_domain::id::{MassMailId, OlympiadId, SchoolId};
use olympiad_domain::Role;
use olympiad_http::auth::tokens::{Purpose, Subject, TokenKeys};
use olympiad_office::accounts::{provision, Provision};
use olympiad_persistence::models::{Account, AccountFilter, Olympiad, User};

/// The olympiad the fuzzer's staff accounts belong to: the demo's, with a paper and learners.
const OLYMPIAD: &str = "geography";

pub fn seed(settings: &Settings, password: &str) -> CommandResult {
    crate::demo::seed(settings, password, false)?;
    let pool = migrated_pool(settings)?;
    let mut conn = pool.get()?;
    let olympiad = Olympiad::by_name(&mut conn, OLYMPIAD)?
        .ok_or("the demo's geography olympiad is missing")?;
    let keys = TokenKeys::new(&settings.jwt_secret()?, settings.session_hours);
    let hash = bcrypt::hash(password, settings.bcrypt_cost)?;

    for role in Role::ALL {
        let (user, account) = if role == Role::Learner {
            // A learner is entered by their school with a place in a team; the demo's first
            // learner of the olympiad has one.
            learner(&mut conn, olympiad.id)?
        } else {
            let username = format!("fuzz-{}@example.org", role.as_str());
            let request = Provision {
                username: username.clone(),
                email: Some(username),
                password_hash: hash.clone(),
                first_name: "Fuzz".into(),
                last_name: role.as_str().into(),
                role,
                olympiad_id: (!role.is_global() && role != Role::Teacher).then_some(olympiad.id),
            };
            let (user, account, _) = provision(&mut conn, &request).map_err(|e| e.to_string())?;
            (user, account)
        };
        let subject = Subject {
            user_id: user.id,
            account_id: account.id,
            role,
            olympiad_id: account.olympiad_id,
            olympiad_name: account.olympiad_id.map(|_| olympiad.name.clone()),
            session_version: user.session_version,
            impersonator: None,
            impersonator_version: None,
        };
        let token = keys
            .issue(&subject, Purpose::Access)
            .map_err(|e| format!("{e:?}"))?;
        println!("token {} {token}", role.as_str());
    }
    // E-mail: a mass mail carrying a file, a campaign, a bounce (which shuns its address) and an
    // unsubscribe, so that the e-mail routes that take an id find one.
    let mass_mail_id =
        email_fixtures(&mut conn, olympiad.id, &settings.files).map_err(|e| e.to_string())?;
    // The lobby: a staggered start window for the last school entered, an hour from now, so that
    // the start windows' routes answer a list that is not empty.
    start_window(&mut conn, olympiad.id)?;
    ids(&mut conn, &olympiad, mass_mail_id)?;
    Ok(())
}

/// The ids the fuzzer gives the parameters that must name something that exists, by parameter;
/// `site` and `projectName` take the olympiad's project by its slug.
fn ids(
    conn: &mut olympiad_persistence::DbConnection,
    olympiad: &Olympiad,
    mass_mail_id: MassMailId,
) -> CommandResult {
    use olympiad_persistence::models::{
        entered_schools, Project, QuestionModule, SchoolParticipant,
    };
    let olympiad_id = olympiad.id;
    let project = Project::find(conn, olympiad.project_id)?;
    let (school_id, _) = entered_schools(conn, olympiad_id)?
        .into_iter()
        .next()
        .ok_or("the demo has no school entered in geography")?;
    let entry = SchoolParticipant::find_for(conn, olympiad_id, SchoolId::new(school_id))?
        .ok_or("the demo's entered school has no entry")?;
    let module = QuestionModule::for_olympiad(conn, olympiad_id)?
        .into_iter()
        .next()
        .ok_or("the demo's geography paper has no module")?;
    for (parameter, id) in [
        ("olympiadId", olympiad_id.get()),
        ("schoolId", school_id),
        ("schoolParticipantId", entry.id.get()),
        ("customerParticipantId", entry.id.get()),
        ("moduleId", module.id.get()),
        ("massMailId", mass_mail_id.get()),
        ("projectId", project.id),
    ] {
        println!("id {parameter} {id}");
    }
    for parameter in ["site", "projectName"] {
        println!("id {parameter} \"{}\"", project.slug);
    }
    // The rules no schema can state, from the areas' manifests: the fuzzer does not expect every
    // schema-valid request of these routes accepted.
    for route in olympiad_http::access::API_ROUTES.iter() {
        if let Some(rule) = route.beyond_schema {
            println!("beyond_schema {} {} {rule}", route.method, route.path);
        }
    }
    Ok(())
}

fn start_window(
    conn: &mut olympiad_persistence::DbConnection,
    olympiad_id: OlympiadId,
) -> CommandResult {
    use olympiad_persistence::models::{entered_schools, StartWindow, StartWindowInsertForm};
    let Some((school_id, _)) = entered_schools(conn, olympiad_id)?.pop() else {
        return Ok(());
    };
    let at = olympiad_persistence::now();
    let window = StartWindowInsertForm {
        starts_at: at + chrono::Duration::hours(1),
        ends_at: at + chrono::Duration::hours(2),
        school_ids: vec![school_id],
    };
    StartWindow::replace(conn, olympiad_id, &[window], at)?;
    Ok(())
}

fn email_fixtures(
    conn: &mut olympiad_persistence::DbConnection,
    olympiad_id: OlympiadId,
    files: &olympiad_storage::Storage,
) -> olympiad_office::OfficeResult<MassMailId> {
    use olympiad_office::email::{bounces, copy::CopyInput, mass_mails, unsubscribes};
    let overlord = User::by_username(conn, "overlord@example.org")?
        .ok_or_else(|| olympiad_office::OfficeError::Internal("no demo overlord".into()))?;
    let caller = olympiad_office::Caller {
        user_id: overlord.id,
        account_id: olympiad_domain::id::AccountId::new(0),
        role: Role::Overlord,
        olympiad_id: None,
        olympiad_name: None,
        impersonator: None,
        impersonator_version: None,
        session_version: overlord.session_version,
        address: None,
    };
    let campaign = mass_mails::create_campaign(
        conn,
        &caller,
        &mass_mails::CampaignInput {
            name: "Entries 2026".into(),
            notes: String::new(),
        },
    )?;
    let mass_mail = mass_mails::create(
        conn,
        &caller,
        &mass_mails::MassMailInput {
            olympiad_id: Some(olympiad_id),
            campaign_id: Some(campaign.id),
            title: "Entries close on Friday".into(),
            audience: olympiad_domain::email::Audience::ParticipatingTeachers,
            copy: CopyInput {
                subject: "Entries close on Friday".into(),
                html: "<p>Dear {{name}},</p><p>Entries close on Friday.</p>".into(),
                text: "Dear {{name}},\n\nEntries close on Friday.".into(),
            },
        },
    )?;
    mass_mails::attach(
        conn,
        &caller,
        mass_mail.mass_mail.id,
        "entry-form.pdf",
        b"%PDF-1.4\n% entry form\n%%EOF\n",
        files,
    )?;
    bounces::receive_json(
        conn,
        &bounces::BounceInput {
            email: "gone@example.org".into(),
            kind: olympiad_domain::email::BounceKind::Hard,
            detail: "550 5.1.1 no such user".into(),
        },
    )?;
    unsubscribes::links_for(
        conn,
        "teacher@example.org",
        Some(olympiad_id),
        "http://127.0.0.1",
    )?;
    Ok(mass_mail.mass_mail.id)
}

fn learner(
    conn: &mut olympiad_persistence::DbConnection,
    olympiad_id: OlympiadId,
) -> Result<(User, Account), Box<dyn std::error::Error>> {
    let view = Account::views(
        conn,
        AccountFilter {
            olympiad_id: Some(olympiad_id),
            ..Default::default()
        },
    )?
    .into_iter()
    .find(|a| a.role == Role::Learner.as_str())
    .ok_or("the demo has no learner in geography")?;
    let user = User::find(conn, view.user_id)?;
    Ok((user, Account::find(conn, view.id)?))
}
