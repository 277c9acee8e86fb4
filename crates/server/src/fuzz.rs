//! `olympiad seed-fuzz`: the demo data, plus one account of each role for an API fuzzer, and a
//! token for each printed as `token <role> <token>`. The tokens are issued here, not by signing
//! in, so that what the fuzzer does to sign-in (wrong passwords, too many attempts) cannot keep it
//! out; they stay good while the server uses the same secret (`JWT_SECRET` or `DATA_DIR`'s).

use crate::commands::{migrated_pool, CommandResult};
use crate::settings::Settings;
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
    Ok(())
}

fn learner(
    conn: &mut olympiad_persistence::DbConnection,
    olympiad_id: i64,
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
