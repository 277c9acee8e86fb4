//! Every route of the API, one module per area. `register` adds them all, and with them their
//! OpenAPI descriptions; `access::API_ROUTES` says who may call each.

pub mod account;
pub mod attachment;
pub mod copy;
pub mod country;
pub mod faq;
// E-mail
pub mod email;
pub mod interest;
pub mod invigilation;
pub mod learner;
pub mod logs;
pub mod meta;
pub mod olympiad;
pub mod overlord;
pub mod participant;
// Payments
pub mod purchase_order;
pub mod question;
pub mod question_bank;
pub mod question_module;
pub mod reports;
pub mod school;
pub mod school_participant;
pub mod scratchpad;
pub mod site_copy;
pub mod sitting;
// The lobby
pub mod lobby;
pub mod suite;
pub mod teacher;
pub mod team_member;
pub mod useful_contact;
pub mod user;
// Results and certificates
pub mod certificate;
pub mod results;
// Results: answers written on paper, and appeals
pub mod appeals;
pub mod paper_answers;
// Privacy (POPIA): exports, erasures and retention
pub mod privacy;

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
        // The lobby: the paper sent ahead, sealed, and staggered start windows
        .service(lobby::get_lobby)
        .service(lobby::get_sealed_paper)
        .service(lobby::start_from_lobby)
        .service(lobby::get_start_windows)
        .service(lobby::update_start_windows)
        .service(meta::healthz)
        .service(meta::readyz)
        // Nodes, metrics and privacy
        .service(meta::metrics)
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
        // `{product}-sub-project` before `{product}-project`, which would take `olympiads-sub` for
        // the product.
        .service(suite::product_sub_projects)
        .service(suite::product_projects)
        .service(logs::app_log_all)
        .service(logs::app_log_keys)
        .service(logs::activity_log)
        // Results and certificates (fixed paths before `{id}` ones)
        .service(results::moderation)
        .service(results::list)
        .service(results::adjust)
        .service(results::disqualify)
        .service(results::remark)
        .service(results::set_state)
        .service(results::set_bands)
        .service(results::top_school_calcs)
        .service(results::download_details)
        .service(results::of_school)
        .service(results::top_results)
        .service(results::past_winners)
        .service(certificate::moderated)
        .service(certificate::generation_status)
        .service(certificate::send_status)
        .service(certificate::generate)
        .service(certificate::send)
        .service(certificate::pause)
        .service(certificate::download_zip)
        .service(certificate::regenerate_and_send)
        .service(certificate::regenerate_and_send_spec_path)
        .service(certificate::config)
        .service(certificate::save_config)
        .service(certificate::list)
        // Certificates: pictures and the PDF preview
        .service(certificate::upload_image)
        .service(certificate::preview)
        // Results: answers written on paper, and appeals
        .service(paper_answers::sheets)
        .service(paper_answers::preview)
        .service(paper_answers::import)
        .service(paper_answers::template)
        .service(appeals::lodge)
        .service(appeals::queue)
        .service(appeals::of_school)
        .service(appeals::decide)
        // E-mail: fixed paths before `{id}` ones
        .service(email::emailer_list)
        .service(email::email_health)
        .service(email::email_health_link)
        .service(email::override_email_health)
        .service(email::emailer_save)
        .service(email::emailer_reset)
        .service(email::emailer_preview)
        .service(email::mass_mail_list)
        .service(email::mass_mail_create)
        .service(email::mass_mail_get)
        .service(email::mass_mail_update)
        .service(email::mass_mail_delete)
        .service(email::mass_mail_test)
        .service(email::mass_mail_queue)
        .service(email::mass_mail_pause)
        .service(email::mass_mail_resume)
        .service(email::mass_mail_attach)
        .service(email::mass_mail_detach)
        .service(email::campaign_list)
        .service(email::campaign_create)
        .service(email::campaign_delete)
        .service(email::queued_list)
        .service(email::queued_unsent)
        .service(email::queued_search)
        .service(email::queued_release_batch)
        .service(email::queued_release)
        .service(email::queued_get)
        .service(email::email_logs_search)
        .service(email::email_logs)
        .service(email::unsubscribe_list)
        .service(email::unsubscribe)
        .service(email::resubscribe)
        .service(email::unsubscribe_link)
        .service(email::unsubscribe_one_click)
        .service(email::bounce_list)
        .service(email::bounce_delete)
        .service(email::bounce_webhook)
        .service(email::bounce_ses)
        .service(email::bounce_dsn)
        .service(email::shunned_list)
        .service(email::shunned_forgive)
        .service(email::school_emails_overview)
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
        .service(invigilation::remark)
        // Schools, their entries and teams (fixed paths before `{id}` ones)
        .service(school::list)
        .service(school::single)
        .service(school::update_single)
        .service(school::merge_preview)
        .service(school::merge)
        .service(school::create)
        .service(school::update)
        .service(school::delete_school)
        .service(school_participant::list)
        .service(school_participant::create)
        .service(school_participant::update)
        .service(school_participant::delete_entry)
        .service(teacher::list)
        .service(teacher::profile)
        .service(teacher::update_profile)
        .service(interest::teacher_expression)
        .service(teacher::update)
        .service(team_member::list)
        .service(team_member::invite)
        .service(team_member::update)
        .service(team_member::remove)
        // Learners and their entries
        .service(learner::list)
        .service(learner::single)
        .service(learner::template)
        .service(learner::import_preview)
        .service(learner::import)
        .service(learner::create)
        .service(learner::correction)
        .service(learner::update)
        .service(learner::delete_learner)
        .service(participant::list)
        .service(participant::login_slips_file)
        .service(participant::update)
        .service(participant::withdraw)
        .service(participant::set_learner_passwords)
        .service(scratchpad::local_teacher_password_reset)
        // Expressions of interest
        .service(interest::list)
        .service(interest::matches)
        .service(interest::process)
        .service(interest::decline)
        .service(interest::delete_expression)
        .service(interest::create)
        .service(interest::website_eoi)
        .service(interest::website_other_interest)
        .service(interest::verify_email)
        // igeo countries
        .service(country::list)
        .service(country::single)
        .service(country::merge_preview)
        .service(country::merge)
        .service(country::create)
        .service(country::update)
        .service(country::delete_country)
        .service(country::list_entries)
        .service(country::single_entry)
        .service(country::create_entry)
        .service(country::update_entry)
        .service(country::delete_entry)
        // Interested and affected parties
        .service(useful_contact::list)
        .service(useful_contact::create)
        .service(useful_contact::update)
        .service(useful_contact::delete_contact)
        // Payments (fixed paths before `{id}` ones)
        .service(purchase_order::list)
        .service(purchase_order::dashboard)
        .service(purchase_order::set_fees)
        .service(purchase_order::match_statement)
        .service(purchase_order::confirm_matches)
        .service(purchase_order::set_school_po)
        .service(purchase_order::set_discount)
        .service(purchase_order::set_sponsored)
        .service(purchase_order::my_countries)
        .service(purchase_order::send_discount_email)
        .service(purchase_order::admin_delete)
        .service(purchase_order::create)
        .service(purchase_order::invoice)
        .service(purchase_order::issue_invoice)
        .service(purchase_order::get_order)
        .service(purchase_order::set_status)
        .service(purchase_order::withdraw)
        .service(purchase_order::pay_page)
        .service(purchase_order::pay_invoice)
        .service(purchase_order::pay_issue_invoice)
        .service(purchase_order::payfast_itn)
        // Payments: proofs of payment
        .service(purchase_order::upload_proof)
        .service(purchase_order::proof_file)
        .service(purchase_order::accept_proof)
        // Public sites and content (fixed paths before `{id}` ones)
        .service(suite::create_sub_project)
        // After the sub-project's: `{product}-project` would also match `olympiads-sub-project`.
        .service(suite::create_project)
        .service(suite::update_sub_project)
        .service(suite::update_project)
        .service(site_copy::website_copy_olympiad)
        .service(site_copy::website_copy_preview)
        .service(site_copy::website_copy)
        .service(site_copy::website_copy_of_site)
        .service(site_copy::website_olympiad)
        .service(site_copy::site_copy_list)
        .service(site_copy::site_copy_save)
        .service(faq::list)
        .service(faq::create)
        .service(faq::update)
        .service(faq::delete_faq)
        .service(faq::site_testimonials)
        .service(faq::testimonials)
        .service(faq::create_testimonial)
        .service(faq::update_testimonial)
        .service(faq::delete_testimonial)
        .service(copy::list)
        .service(copy::save)
        .service(copy::system_config)
        .service(copy::update_system_config);
    // The overlord's area and the reports (fixed paths before `{id}` ones)
    cfg.service(overlord::every_olympiad)
        .service(overlord::create_olympiad)
        .service(overlord::get_note)
        .service(overlord::save_note)
        .service(overlord::sanity_log)
        .service(overlord::sanity_run)
        .service(overlord::search_everything)
        .service(overlord::task_list)
        .service(overlord::task_retry)
        .service(reports::overview_all)
        .service(reports::overview)
        .service(reports::graph_data)
        .service(reports::questions_by_difficulty)
        .service(reports::learner_logins);
    // Privacy (POPIA): exports, erasures and retention
    cfg.service(privacy::export_learner)
        .service(privacy::export_user)
        .service(privacy::erase_learner)
        .service(privacy::erase_user)
        .service(privacy::retention)
        .service(privacy::save_retention);
}

/// The two records of a merge (schools or countries): the duplicate goes into the survivor; `I`
/// is the id of their kind (`SchoolId`).
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MergeQuery<I = i64> {
    pub duplicate_id: I,
    pub survivor_id: I,
}

/// How the document shows [`MergeQuery`] whatever its kind of id: two integers.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[allow(dead_code)]
struct MergeQueryParams {
    /// The one that goes.
    #[param(minimum = 1)]
    duplicate_id: i64,
    /// The one that stays.
    #[param(minimum = 1)]
    survivor_id: i64,
}

impl<I> utoipa::IntoParams for MergeQuery<I> {
    fn into_params(
        parameter_in: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        MergeQueryParams::into_params(parameter_in)
    }
}

/// A typed id in the path, `/api/…/{id}` read as `IdOf<SchoolId>`: to the client it is the same
/// integer [`IdPath`] documents, so the document shows it as that.
#[derive(Debug, serde::Deserialize)]
pub struct IdOf<I> {
    pub id: I,
}

impl<I> utoipa::IntoParams for IdOf<I> {
    fn into_params(
        parameter_in: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        <IdPath as utoipa::IntoParams>::into_params(parameter_in)
    }
}

/// An upload's object (its olympiad, entry, order, mass mail), found in reach before a byte of the
/// file is read: every upload asks this first, so a caller out of reach is refused (403, 404)
/// whatever they send and however much.
pub(crate) async fn upload_target<T: olympiad_office::InReach + 'static>(
    state: &crate::state::AppState,
    caller: &crate::access::Caller,
    id: T::Id,
) -> Result<T::Id, crate::error::ApiError>
where
    T::Id: Send,
{
    let caller = caller.clone();
    state
        .db
        .office(move |conn| olympiad_office::id_in_reach::<T>(conn, &caller, id))
        .await
}

/// An id in the path: `/api/…/{id}`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct IdPath {
    #[param(minimum = 1)]
    pub id: i64,
}

#[cfg(test)]
mod tests {
    use super::IdOf;
    use actix_web::test::TestRequest;
    use actix_web::{web, FromRequest};
    use olympiad_domain::id::SchoolId;

    #[actix_web::test]
    async fn a_typed_id_is_read_from_the_path() {
        let request = TestRequest::default().param("id", "42").to_http_request();
        let path = web::Path::<IdOf<SchoolId>>::extract(&request).await;
        assert_eq!(path.ok().map(|p| p.id), Some(SchoolId::new(42)));
        let request = TestRequest::default()
            .param("id", "forty-two")
            .to_http_request();
        assert!(web::Path::<IdOf<SchoolId>>::extract(&request)
            .await
            .is_err());
    }
}
