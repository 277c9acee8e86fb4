//! Every route of the API, one module per area, each with its manifest (`crate::manifest`).
//! `register` adds them all, and with them their OpenAPI descriptions.

pub mod accounts;
pub mod appeals;
pub mod certificates;
pub mod contacts;
pub mod copy;
pub mod countries;
pub mod email;
pub mod entries;
pub mod faqs;
pub mod files;
pub mod interest;
pub mod invigilation;
pub mod learners;
pub mod lobby;
pub mod logs;
pub mod meta;
pub mod olympiads;
pub mod overlord;
pub mod paper;
pub mod paper_answers;
pub mod participants;
pub mod payments;
pub mod privacy;
pub mod reports;
pub mod results;
pub mod schools;
pub mod site;
pub mod sitting;
pub mod suite;
pub mod teachers;
pub mod teams;
pub mod users;

use crate::auth;
use crate::manifest::{self, Area};
use utoipa_actix_web::service_config::ServiceConfig;

/// Every area's manifest, in the order the router tries them: the learner's sitting first, as
/// olympiad morning's busiest calls (actix tries routes in order; `manifest`'s tests check that
/// no route is taken by one before it).
pub fn areas() -> Vec<Area> {
    vec![
        sitting::manifest(),
        lobby::manifest(),
        meta::manifest(),
        auth::manifest(),
        users::manifest(),
        accounts::manifest(),
        suite::manifest(),
        logs::manifest(),
        results::manifest(),
        certificates::manifest(),
        paper_answers::manifest(),
        appeals::manifest(),
        email::manifest(),
        olympiads::manifest(),
        paper::manifest(),
        files::manifest(),
        invigilation::manifest(),
        schools::manifest(),
        entries::manifest(),
        teachers::manifest(),
        interest::manifest(),
        teams::manifest(),
        learners::manifest(),
        participants::manifest(),
        countries::manifest(),
        contacts::manifest(),
        payments::manifest(),
        site::manifest(),
        faqs::manifest(),
        copy::manifest(),
        overlord::manifest(),
        reports::manifest(),
        privacy::manifest(),
    ]
}

pub fn register(cfg: &mut ServiceConfig) {
    // The probes of a load balancer, outside the API and its access table.
    cfg.service(meta::healthz).service(meta::readyz);
    manifest::register(cfg, areas());
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
    caller: &crate::caller::Caller,
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
