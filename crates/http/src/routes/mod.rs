//! Every route of the API, one module per area. `register` adds them all, and with them their
//! OpenAPI descriptions; `access::API_ROUTES` says who may call each.

pub mod account;
pub mod attachment;
pub mod invigilation;
pub mod logs;
pub mod meta;
pub mod olympiad;
pub mod paper;
pub mod question;
pub mod question_bank;
pub mod question_module;
pub mod sitting;
pub mod suite;
pub mod user;

use crate::auth;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn register(cfg: &mut ServiceConfig) {
    // The learner's sitting first: actix tries routes in order, and these are olympiad morning's
    // busiest (none of them overlaps another route).
    cfg.service(sitting::save_answers)
        .service(sitting::participant_tracker)
        .service(sitting::get_sitting)
        .service(sitting::accept_declaration)
        .service(sitting::recovery_code)
        .service(sitting::recover)
        .service(sitting::update_details)
        .service(sitting::start)
        .service(sitting::get_paper)
        .service(sitting::finish)
        .service(meta::healthz)
        .service(meta::readyz)
        .service(meta::openapi_json)
        .service(meta::access_matrix)
        .service(auth::signin::signin)
        .service(auth::session::get_login_status)
        .service(auth::session::current_user)
        .service(auth::session::signout)
        .service(auth::password_reset::forgot_password)
        .service(auth::password_reset::set_password)
        .service(auth::two_factor::setup)
        .service(auth::two_factor::confirm)
        // Fixed paths before `/api/user/{id}`, so that actix's router picks them first.
        .service(user::basic_list)
        .service(user::impersonate)
        .service(user::list)
        .service(user::create)
        .service(user::update)
        .service(user::disable)
        .service(user::enable)
        .service(user::reset_two_factor)
        .service(account::list)
        .service(account::create)
        .service(account::disable)
        .service(account::enable)
        .service(suite::suite_projects)
        .service(suite::suite_project)
        .service(suite::product_projects)
        .service(suite::product_sub_projects)
        .service(logs::app_log_all)
        .service(logs::app_log_keys)
        .service(logs::activity_log)
        // The olympiad and its paper (fixed paths before `{id}` ones)
        .service(olympiad::get_olympiad)
        .service(olympiad::set_olympiad_open)
        .service(olympiad::set_pinned)
        .service(olympiad::paper_modules)
        .service(olympiad::verify)
        .service(olympiad::update_settings)
        .service(question_bank::export)
        .service(question_bank::import)
        .service(question_bank::import_csv)
        .service(question_module::reorder)
        .service(question_module::list)
        .service(question_module::create)
        .service(question_module::update)
        .service(question_module::delete)
        .service(question::reorder)
        .service(question::list)
        .service(question::create)
        .service(question::update)
        .service(question::delete)
        .service(question::duplicate)
        // Files
        .service(attachment::upload_attachment)
        .service(attachment::list)
        .service(attachment::get_attachment)
        .service(attachment::delete_attachment)
        .service(attachment::update_filename)
        .service(attachment::list_uploads)
        .service(attachment::delete_upload)
        .service(attachment::get_upload)
        // Watching and steering a sitting (fixed paths before `{id}` ones)
        .service(invigilation::sitting_monitor)
        .service(invigilation::sitting_learners)
        .service(invigilation::pause_school)
        .service(invigilation::resume_school)
        .service(invigilation::extra_time)
        .service(invigilation::reset_one)
        .service(invigilation::reset_all)
        .service(invigilation::submitted_data)
        .service(invigilation::report_start_times)
        .service(invigilation::remark);
}

/// A query's `olympiadId`, required to be one the caller may act in; overlord may leave it out
/// to mean every olympiad.
pub fn olympiad_scope(
    caller: &crate::access::Caller,
    olympiad_id: Option<i64>,
) -> Result<Option<i64>, crate::ApiError> {
    match olympiad_id {
        Some(id) => caller.require_olympiad(id).map(|()| Some(id)),
        None if caller.role == olympiad_domain::Role::Overlord => Ok(None),
        None => Err(crate::ApiError::invalid_field("olympiadId", "is required")),
    }
}

/// Notes in the activity log what a signed-in user did (as the overlord, when impersonating).
pub fn record_activity(
    conn: &mut olympiad_persistence::DbConnection,
    caller: &crate::access::Caller,
    action: &str,
    olympiad_id: Option<i64>,
    details: serde_json::Value,
) -> Result<(), crate::ApiError> {
    use olympiad_persistence::models::{ActivityLog, NewActivity};
    let entry = NewActivity {
        user_id: Some(caller.impersonator.unwrap_or(caller.user_id)),
        email: None,
        olympiad_id: olympiad_id.or(caller.olympiad_id),
        action,
        details: details.to_string(),
        address: None,
    };
    Ok(ActivityLog::record(conn, &entry)?)
}
