//! The test application: the real API on a fresh database of the backend TEST_DATABASE names,
//! with helpers to make users and to call it as a person or a role would.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use actix_web::web;
use olympiad_domain::id::UserId;
use olympiad_domain::Role;
use olympiad_http::auth::tokens::{Purpose, Subject};
use olympiad_http::{ApiConfig, AppState};
use olympiad_office::accounts::{provision, Provision};
use olympiad_persistence::models::{Olympiad, User};
use olympiad_persistence::testing::{olympiad_of_2026, TestDatabase};
use serde_json::Value;

pub const PASSWORD: &str = "correct horse battery";

/// An answer's status and error code (`null` when none), to compare in one assertion.
pub fn status_and_error((status, body): (StatusCode, Value)) -> (StatusCode, Value) {
    (status, body["error"].clone())
}

pub struct Fixture {
    pub db: TestDatabase,
    pub state: web::Data<AppState>,
    /// The test's own folder for stored files (uploads, certificates, fetched certificates),
    /// removed with the fixture when the test ends.
    _files: tempfile::TempDir,
}

/// The fixture's file store: its folder's `uploads`, or, when `TEST_STORAGE_URL` names a bucket
/// (`scripts/test.sh` runs the file tests so a second time), a prefix of that bucket of its own.
fn file_store(files: &tempfile::TempDir) -> olympiad_storage::Storage {
    let unique = files.path().file_name().unwrap().to_string_lossy();
    olympiad_storage::for_tests(&files.path().join("uploads"), &unique).unwrap()
}

impl Fixture {
    /// Staff two-factor off, as in the demo; see `with_config` for the rest.
    pub fn new() -> Self {
        Self::with_config(|config| config.require_staff_2fa = false)
    }

    pub fn with_config(change: impl FnOnce(&mut ApiConfig)) -> Self {
        // The server's errors (a 500's cause) are printed with a failing test's output.
        let _ =
            env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("error"))
                .is_test(true)
                .try_init();
        let db = TestDatabase::new();
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut config = ApiConfig::for_tests();
        config.files = file_store(&files);
        config.sns_certificates.dir = files.path().join("sns-certs");
        change(&mut config);
        let state = web::Data::new(AppState::new(db.pool.clone(), config));
        let fixture = Fixture {
            db,
            state,
            _files: files,
        };
        fixture.olympiad("geography");
        fixture
    }

    /// Another node of the platform: an app state of its own (its own database pool, its own
    /// connection to the file store, its own limits) over the same database and the same files.
    pub fn second_node(&self) -> web::Data<AppState> {
        let pool = olympiad_persistence::open_pool(&self.db.database, 4).unwrap();
        let mut config = self.state.config.clone();
        config.files = file_store(&self._files);
        web::Data::new(AppState::new(pool, config))
    }

    pub fn olympiad(&self, name: &str) -> Olympiad {
        olympiad_of_2026(&mut self.db.conn(), name, name, true)
    }

    /// A user with one account; answers the user's id.
    pub fn user(&self, email: &str, role: Role, olympiad: Option<&str>) -> UserId {
        let mut conn = self.db.conn();
        let olympiad_id =
            olympiad.map(|name| Olympiad::by_name(&mut conn, name).unwrap().unwrap().id);
        let request = Provision {
            username: email.to_owned(),
            email: Some(email.to_owned()),
            password_hash: bcrypt::hash(PASSWORD, 4).unwrap(),
            first_name: "Test".into(),
            last_name: role.as_str().into(),
            role,
            olympiad_id,
        };
        provision(&mut conn, &request).unwrap().0.id
    }

    /// A valid access token for the user's first account, without going through sign-in.
    pub fn token_for(&self, user_id: UserId) -> String {
        self.state
            .tokens
            .issue(&self.subject_for(user_id), Purpose::Access)
            .unwrap()
    }

    /// The caller a token for `user_id` is taken to be, for calling the office as a route does.
    pub fn caller_for(&self, user_id: UserId) -> olympiad_office::Caller {
        let subject = self.subject_for(user_id);
        olympiad_office::Caller {
            user_id,
            account_id: subject.account_id,
            role: subject.role,
            olympiad_id: subject.olympiad_id,
            olympiad_name: subject.olympiad_name,
            impersonator: None,
            impersonator_version: None,
            session_version: subject.session_version,
            address: None,
        }
    }

    /// Who a token for the user's first account names.
    fn subject_for(&self, user_id: UserId) -> Subject {
        use olympiad_persistence::models::Account;
        let mut conn = self.db.conn();
        let user = User::find(&mut conn, user_id).unwrap();
        let account = Account::views_of_user(&mut conn, user_id)
            .unwrap()
            .remove(0);
        Subject {
            user_id,
            account_id: account.id,
            role: account.role.parse().unwrap(),
            olympiad_id: account.olympiad_id,
            olympiad_name: account.olympiad_name,
            session_version: user.session_version,
            impersonator: None,
            impersonator_version: None,
        }
    }
}

/// Sends a request to the app and answers the status and the JSON body (Null when not JSON).
pub async fn send<S, B>(app: &S, request: TestRequest) -> (StatusCode, Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let response = actix_web::test::call_service(app, request.to_request()).await;
    let status = response.status();
    let bytes = actix_web::test::read_body(response).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

pub fn get(path: &str) -> TestRequest {
    TestRequest::get().uri(path)
}

pub fn post_json(path: &str, body: Value) -> TestRequest {
    TestRequest::post().uri(path).set_json(body)
}

pub fn with_token(request: TestRequest, token: &str) -> TestRequest {
    request.insert_header(("Authorization", format!("Bearer {token}")))
}

pub fn signin_body(
    username: &str,
    password: &str,
    login_type: &str,
    olympiad: Option<&str>,
) -> Value {
    serde_json::json!({ "username": username, "password": password, "loginType": login_type, "olympiadName": olympiad })
}

/// The activity log's entries of one action, oldest first.
pub fn activities(fx: &Fixture, action: &str) -> Vec<olympiad_persistence::models::ActivityLog> {
    use olympiad_persistence::models::{ActivityLog, ActivityQuery};
    ActivityLog::search(
        &mut fx.db.conn(),
        &ActivityQuery {
            limit: 500,
            ..Default::default()
        },
    )
    .unwrap()
    .into_iter()
    .filter(|a| a.action == action)
    .collect()
}

pub mod api;
pub mod builders;
#[allow(unused_imports)] // each test binary uses its own share
pub use api::*;
#[allow(unused_imports)]
pub use builders::*;

/// A spreadsheet in the learner template's columns with these rows.
pub fn learner_sheet(rows: &[[&str; 4]]) -> Vec<u8> {
    use olympiad_documents::{Cell, Table};
    let mut table = Table::new(&["First name", "Last name", "Grade", "Class"]);
    for row in rows {
        table.push(row.iter().map(|c| Cell::from(*c)).collect());
    }
    table.to_xlsx("Learners").unwrap()
}

/// The sign-in of a learner of geography with the username and password of a login slip.
pub fn learner_signin(slip: &Value) -> TestRequest {
    let body = signin_body(
        slip["username"].as_str().unwrap(),
        slip["password"].as_str().unwrap(),
        "learner",
        Some("geography"),
    );
    post_json("/api/auth/signin", body)
}
pub mod sitting;
#[allow(unused_imports)]
pub use sitting::*;

/// A sign-in request with the body the sign-in screens send.
pub fn signin(
    username: &str,
    password: &str,
    login_type: &str,
    olympiad: Option<&str>,
) -> TestRequest {
    post_json(
        "/api/auth/signin",
        signin_body(username, password, login_type, olympiad),
    )
}
