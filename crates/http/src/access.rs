//! Who may call which API route, declared once in [`API_ROUTES`] and enforced by one middleware
//! before any handler runs. A path under `/api` that is not declared here answers 404, so a route
//! cannot be added without deciding who may call it; `tests/roles.rs` walks every route of the
//! OpenAPI document with every role, also with the path percent-encoded and in upper case, and
//! checks the answers against this table.
//!
//! The gate reads the path exactly as the router will match it (actix decodes percent-escapes
//! before routing), and refuses a path that is not in canonical form, so that no spelling of a
//! path can be one route to the gate and another to the router.

use crate::auth::tokens::Purpose;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest, ResponseError};
use olympiad_domain::Role;
use olympiad_office::ErrorCode;
use olympiad_persistence::models::SessionState;
use olympiad_persistence::DbConnection;
use std::collections::HashMap;
use std::future::{ready, Ready};
use std::sync::LazyLock;

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowed {
    /// Anyone. A valid token, when sent, still identifies the caller.
    Public,
    /// Any signed-in user.
    SignedIn,
    /// Signed-in users with one of these roles.
    Roles(&'static [Role]),
    /// Only with the short-lived set-up token of a `2fa_notSetYet` answer, which the handler checks.
    TwoFactorSetup,
    /// Learners, for the calls of olympiad morning's start and of every minute of the sitting: the
    /// token's signature and role are checked here, and its session by the handler's own work on
    /// the database, so that the busiest calls cost no extra trip to it. Answer saves hand the
    /// writer the caller's session version (checked in the same query as the attempt); the start's
    /// steps call [`session_holds`] first on the connection of their own reads.
    LearnerWriting,
    /// Signed-in users with one of these roles, or a scraper giving the configured secret
    /// (`METRICS_SECRET`) as its bearer token.
    RolesOrScrapeSecret(&'static [Role]),
}

#[derive(Debug, Clone, Copy)]
pub struct ApiRoute {
    pub method: &'static str,
    /// As in the OpenAPI document: `{name}` is one path segment, and may sit inside a segment
    /// (`{product}-suite`).
    pub path: &'static str,
    pub allowed: Allowed,
}

const fn route(method: &'static str, path: &'static str, allowed: Allowed) -> ApiRoute {
    ApiRoute {
        method,
        path,
        allowed,
    }
}

use Allowed::{LearnerWriting, Public, Roles, RolesOrScrapeSecret, SignedIn, TwoFactorSetup};
use Role::{Accountant, Admin, Funding, Learner, Marketing, Overlord, Teacher};

const OVERLORD: Allowed = Roles(&[Overlord]);
const ADMIN_OR_OVERLORD: Allowed = Roles(&[Admin, Overlord]);
/// Who may open Schools.
const SCHOOL_READERS: Allowed = Roles(&[Admin, Accountant, Funding, Marketing, Overlord]);
/// Who may open Teachers, Participating Schools, Countries and Expressions of Interest.
const STAFF: Allowed = Roles(&[Admin, Accountant, Funding, Overlord]);
/// Who may open Interested and Affected Parties.
const ADMIN_FUNDING: Allowed = Roles(&[Admin, Funding, Overlord]);
const TEACHER: Allowed = Roles(&[Teacher]);
const LEARNER: Allowed = Roles(&[Learner]);
/// A school's team, and the staff who help it (each handler checks the entry is theirs).
const TEAM_OR_ADMIN: Allowed = Roles(&[Teacher, Admin, Overlord]);

// Payments: the office's finance staff, and a school's team for its own orders (each use case
// checks the order is theirs).
const FINANCE: Allowed = Roles(&[Admin, Accountant, Funding, Overlord]);
const FINANCE_OR_TEAM: Allowed = Roles(&[Admin, Accountant, Funding, Overlord, Teacher]);

pub const API_ROUTES: &[ApiRoute] = &[
    route("GET", "/api/openapi.json", Public),
    route("GET", "/api/access-matrix", Public),
    // Sign-in (Authentication and users)
    route("POST", "/api/auth/signin", Public),
    route("GET", "/api/auth/get-login-status", Public),
    route("GET", "/api/auth/current-user", SignedIn),
    route("POST", "/api/auth/signout", SignedIn),
    route("POST", "/api/auth/forgot-password/{username}", Public),
    // With the token of a reset e-mail, or signed in: the handler checks which.
    route("PUT", "/api/auth/set-password", Public),
    route("POST", "/api/auth/2fa/setup", TwoFactorSetup),
    route("POST", "/api/auth/2fa/confirm", TwoFactorSetup),
    // Users and accounts
    route("GET", "/api/user/get-basic-list", ADMIN_OR_OVERLORD),
    route("GET", "/api/user/impersonate", OVERLORD),
    route("GET", "/api/user", ADMIN_OR_OVERLORD),
    route("POST", "/api/user", OVERLORD),
    route("PUT", "/api/user/{id}", OVERLORD),
    route("POST", "/api/user/{id}/disable", OVERLORD),
    route("POST", "/api/user/{id}/enable", OVERLORD),
    route("POST", "/api/user/{id}/reset-two-factor", OVERLORD),
    route("GET", "/api/account", ADMIN_OR_OVERLORD),
    route("POST", "/api/account", OVERLORD),
    route("POST", "/api/account/{id}/disable", OVERLORD),
    route("POST", "/api/account/{id}/enable", OVERLORD),
    // Projects and the product suite site
    route("GET", "/api/{product}-suite/projects", Public),
    route("GET", "/api/{product}-suite/project/{id}", Public),
    route("GET", "/api/{product}-project", OVERLORD),
    route("GET", "/api/{product}-sub-project", OVERLORD),
    // Public sites and content: pages' copy and tags, FAQs, testimonials, general copy, switches
    route("PUT", "/api/{product}-project/{id}", OVERLORD),
    route("POST", "/api/{product}-project", OVERLORD),
    route("POST", "/api/{product}-sub-project", OVERLORD),
    route("PUT", "/api/{product}-sub-project/{id}", OVERLORD),
    route("GET", "/api/website-copy", Public),
    route("GET", "/api/website-copy/olympiad", ADMIN_OR_OVERLORD),
    route("POST", "/api/website-copy/preview", ADMIN_OR_OVERLORD),
    route("GET", "/api/website/copy/{id}", Public),
    route("GET", "/api/website/olympiad/{id}", Public),
    route("GET", "/api/site-copy", ADMIN_OR_OVERLORD),
    route("POST", "/api/site-copy", ADMIN_OR_OVERLORD),
    route("GET", "/api/faq", Public),
    route("POST", "/api/faq", OVERLORD),
    route("PUT", "/api/faq/{id}", OVERLORD),
    route("DELETE", "/api/faq/{id}", OVERLORD),
    route("GET", "/api/testimonial", Public),
    route("GET", "/api/testimonial/site", Public),
    route("POST", "/api/testimonial", OVERLORD),
    route("PUT", "/api/testimonial/{id}", OVERLORD),
    route("DELETE", "/api/testimonial/{id}", OVERLORD),
    route("GET", "/api/copy", Public),
    route("PUT", "/api/copy", ADMIN_OR_OVERLORD),
    route("GET", "/api/system-config", Public),
    route("PUT", "/api/system-config", OVERLORD),
    // Logs
    route("GET", "/api/app-log/all", OVERLORD),
    route("GET", "/api/app-log/keys", OVERLORD),
    route("GET", "/api/activity-log", OVERLORD),
    // E-mail: system e-mails' copy, health, mass mails, campaigns, the queue, the log,
    // unsubscribes (public by their link's reference), bounces (public, behind a shared secret)
    route("GET", "/api/emailer", ADMIN_OR_OVERLORD),
    route("PUT", "/api/emailer/{kind}", ADMIN_OR_OVERLORD),
    route("DELETE", "/api/emailer/{kind}", ADMIN_OR_OVERLORD),
    route("POST", "/api/emailer/{kind}/preview", ADMIN_FUNDING),
    route("GET", "/api/emailer/email-health", Public),
    route("POST", "/api/emailer/email-health/link", Public),
    route(
        "POST",
        "/api/emailer/override-email-health",
        ADMIN_OR_OVERLORD,
    ),
    route("GET", "/api/mass-mail", ADMIN_FUNDING),
    route("POST", "/api/mass-mail", ADMIN_FUNDING),
    route("GET", "/api/mass-mail/{id}", ADMIN_FUNDING),
    route("PUT", "/api/mass-mail/{id}", ADMIN_FUNDING),
    route("DELETE", "/api/mass-mail/{id}", ADMIN_FUNDING),
    route("POST", "/api/mass-mail/{id}/test", ADMIN_FUNDING),
    route("POST", "/api/mass-mail/{id}/queue", ADMIN_FUNDING),
    route("POST", "/api/mass-mail/{id}/pause", ADMIN_FUNDING),
    route("POST", "/api/mass-mail/{id}/resume", ADMIN_FUNDING),
    route("POST", "/api/mass-mail/{id}/attachment", ADMIN_FUNDING),
    route(
        "DELETE",
        "/api/mass-mail/{id}/attachment/{attachmentId}",
        ADMIN_FUNDING,
    ),
    route("GET", "/api/campaign", OVERLORD),
    route("POST", "/api/campaign", OVERLORD),
    route("DELETE", "/api/campaign/{id}", OVERLORD),
    route("GET", "/api/queued-email", OVERLORD),
    route("GET", "/api/queued-email/unsent", OVERLORD),
    route("GET", "/api/queued-email/search/{term}", OVERLORD),
    route("GET", "/api/queued-email/{id}", OVERLORD),
    route("POST", "/api/queued-email/release/{id}", OVERLORD),
    route("POST", "/api/queued-email/release-batch", ADMIN_FUNDING),
    route("GET", "/api/email-logs/search/{term}", ADMIN_OR_OVERLORD),
    route(
        "GET",
        "/api/email-logs/{olympiadId}/{toShow}",
        ADMIN_OR_OVERLORD,
    ),
    route("GET", "/api/unsubscribe", ADMIN_FUNDING),
    route("POST", "/api/unsubscribe", Public),
    route("POST", "/api/unsubscribe/resubscribe", Public),
    route("GET", "/api/unsubscribe/{id}", Public),
    route("POST", "/api/unsubscribe/{id}", Public),
    route("GET", "/api/bounce", OVERLORD),
    route("DELETE", "/api/bounce", OVERLORD),
    route("POST", "/api/bounce/webhook", Public),
    route("POST", "/api/bounce/ses", Public),
    route("POST", "/api/bounce/dsn", Public),
    route("GET", "/api/shunned-email", OVERLORD),
    route("DELETE", "/api/shunned-email/{id}", OVERLORD),
    route("GET", "/api/school-emails-overview", OVERLORD),
    // The olympiad and its paper (each handler also checks the olympiad is the caller's own)
    route("GET", "/api/olympiad", ADMIN_OR_OVERLORD),
    route("PUT", "/api/olympiad/{id}", ADMIN_OR_OVERLORD),
    route(
        "GET",
        "/api/olympiad/set-olympiad-open/{query}",
        ADMIN_OR_OVERLORD,
    ),
    route("POST", "/api/olympiad/set-pinned", ADMIN_OR_OVERLORD),
    route("POST", "/api/olympiad/modules/{id}", ADMIN_OR_OVERLORD),
    route("GET", "/api/olympiad/verify/{id}", ADMIN_OR_OVERLORD),
    route("GET", "/api/olympiad/{id}/question-bank", ADMIN_OR_OVERLORD),
    route(
        "POST",
        "/api/olympiad/{id}/question-bank",
        ADMIN_OR_OVERLORD,
    ),
    route(
        "POST",
        "/api/olympiad/{id}/question-bank/csv",
        ADMIN_OR_OVERLORD,
    ),
    route("GET", "/api/question-module", ADMIN_OR_OVERLORD),
    route("POST", "/api/question-module", ADMIN_OR_OVERLORD),
    route("POST", "/api/question-module/reorder", ADMIN_OR_OVERLORD),
    route("PUT", "/api/question-module/{id}", ADMIN_OR_OVERLORD),
    route("DELETE", "/api/question-module/{id}", ADMIN_OR_OVERLORD),
    route("GET", "/api/question", ADMIN_OR_OVERLORD),
    route("POST", "/api/question", ADMIN_OR_OVERLORD),
    route("POST", "/api/question/reorder", ADMIN_OR_OVERLORD),
    route("PUT", "/api/question/{id}", ADMIN_OR_OVERLORD),
    route("DELETE", "/api/question/{id}", ADMIN_OR_OVERLORD),
    route("POST", "/api/question/{id}/duplicate", ADMIN_OR_OVERLORD),
    // Files: an olympiad's own people may see its files (learners the images of their questions)
    route("GET", "/api/attachment", ADMIN_OR_OVERLORD),
    route("POST", "/api/attachment/upload", ADMIN_OR_OVERLORD),
    route("GET", "/api/attachment/{id}", SignedIn),
    route("DELETE", "/api/attachment/{id}", ADMIN_OR_OVERLORD),
    route(
        "POST",
        "/api/attachment/{id}/update-filename",
        ADMIN_OR_OVERLORD,
    ),
    route("GET", "/api/upload", OVERLORD),
    route("GET", "/api/upload/{id}", OVERLORD),
    route("DELETE", "/api/upload/delete/{id}", OVERLORD),
    // Schools, their entries and teams (Generic lists)
    // Payments (Purchase orders; the payment page and PayFast's ITN are public)
    route("GET", "/api/purchase-order", FINANCE_OR_TEAM),
    route("POST", "/api/purchase-order", FINANCE_OR_TEAM),
    route("GET", "/api/purchase-order/dashboard", ADMIN_OR_OVERLORD),
    route("PUT", "/api/purchase-order/fees", ADMIN_OR_OVERLORD),
    route("POST", "/api/purchase-order/reconcile/preview", FINANCE),
    route("POST", "/api/purchase-order/reconcile/confirm", FINANCE),
    route("GET", "/api/purchase-order/{id}", FINANCE_OR_TEAM),
    route("PUT", "/api/purchase-order/{id}", FINANCE),
    route("DELETE", "/api/purchase-order/{id}", FINANCE_OR_TEAM),
    route("GET", "/api/purchase-order/{id}/invoice", FINANCE_OR_TEAM),
    route("POST", "/api/purchase-order/{id}/invoice", FINANCE_OR_TEAM),
    route("DELETE", "/api/purchase-order/admin/{id}", FINANCE),
    route(
        "PUT",
        "/api/purchase-order/set-school-po/{id}",
        FINANCE_OR_TEAM,
    ),
    route(
        "PUT",
        "/api/purchase-order/set-num-learners-discount/{id}",
        FINANCE,
    ),
    route(
        "PUT",
        "/api/purchase-order/send-discount-email/{id}",
        FINANCE,
    ),
    route("GET", "/api/pay/{token}", Public),
    route("GET", "/api/pay/{token}/invoice", Public),
    route("POST", "/api/pay/{token}/invoice", Public),
    route("POST", "/api/payfast/itn", Public),
    // Payments: proofs of payment (the entry's people upload, the finance staff accept)
    route("POST", "/api/purchase-order/{id}/proof", FINANCE_OR_TEAM),
    route(
        "GET",
        "/api/purchase-order/{id}/proof/{proofId}",
        FINANCE_OR_TEAM,
    ),
    route(
        "PUT",
        "/api/purchase-order/{id}/proof/{proofId}/accept",
        FINANCE,
    ),
    // Payments: a country's own invoices (its team leader in the portal)
    route("GET", "/api/purchase-order/my-countries", Roles(&[Teacher])),
    // Payments: fee waivers (the funder sponsors a school's entry)
    route(
        "PUT",
        "/api/purchase-order/set-sponsored/{id}",
        Roles(&[Admin, Funding, Overlord]),
    ),
    route("GET", "/api/school", SCHOOL_READERS),
    route("POST", "/api/school", ADMIN_OR_OVERLORD),
    route("PUT", "/api/school/{id}", ADMIN_OR_OVERLORD),
    route("DELETE", "/api/school/{id}", OVERLORD),
    route("GET", "/api/school/single", TEACHER),
    route("PUT", "/api/school/single", TEACHER),
    route("GET", "/api/school/merge-preview", OVERLORD),
    route("POST", "/api/school/merge", OVERLORD),
    route(
        "GET",
        "/api/school-participant",
        Roles(&[Admin, Accountant, Funding, Overlord, Teacher]),
    ),
    route("POST", "/api/school-participant", TEAM_OR_ADMIN),
    route("PUT", "/api/school-participant/{id}", ADMIN_OR_OVERLORD),
    route("DELETE", "/api/school-participant/{id}", ADMIN_OR_OVERLORD),
    route("GET", "/api/teacher", STAFF),
    route("PUT", "/api/teacher/{id}", ADMIN_OR_OVERLORD),
    route("GET", "/api/teacher/profile", TEACHER),
    route("PUT", "/api/teacher/profile", TEACHER),
    route("GET", "/api/team-member", TEAM_OR_ADMIN),
    route("POST", "/api/team-member", TEAM_OR_ADMIN),
    route("PUT", "/api/team-member/{id}", TEAM_OR_ADMIN),
    route("DELETE", "/api/team-member/{id}", TEAM_OR_ADMIN),
    // Learners and their entries (participants)
    route("GET", "/api/learner", ADMIN_OR_OVERLORD),
    route(
        "GET",
        "/api/learner/single",
        Roles(&[Admin, Overlord, Teacher, Learner]),
    ),
    route("GET", "/api/learner/template", TEAM_OR_ADMIN),
    route("POST", "/api/learner/import/preview", TEAM_OR_ADMIN),
    route("POST", "/api/learner/import", TEAM_OR_ADMIN),
    route("POST", "/api/learner", TEAM_OR_ADMIN),
    route("GET", "/api/learner/{id}/correction", TEAM_OR_ADMIN),
    route("PUT", "/api/learner/{id}", TEAM_OR_ADMIN),
    route("DELETE", "/api/learner/{id}", TEAM_OR_ADMIN),
    route("GET", "/api/participant", TEAM_OR_ADMIN),
    route("PUT", "/api/participant/{id}", TEAM_OR_ADMIN),
    route("DELETE", "/api/participant/{id}", TEAM_OR_ADMIN),
    route("POST", "/api/participant/login-slips", TEAM_OR_ADMIN),
    route("PUT", "/api/auth/set-learner-passwords/{id}", TEAM_OR_ADMIN),
    route(
        "GET",
        "/api/scratchpad/local-teacher-password-reset",
        OVERLORD,
    ),
    // Expressions of interest: the public form (rate-limited) and the staff's list
    route("POST", "/api/interest", Public),
    route("POST", "/api/teacher/expression", Public),
    route("POST", "/api/website/eoi", Public),
    route("POST", "/api/website/other-interest", Public),
    route("POST", "/api/website/verify-email/{id}", Public),
    route("GET", "/api/interest/expression-of-interest", STAFF),
    route(
        "GET",
        "/api/interest/expression-of-interest/possible-matches",
        STAFF,
    ),
    route(
        "POST",
        "/api/interest/expression-of-interest/{id}/process",
        STAFF,
    ),
    route(
        "POST",
        "/api/interest/expression-of-interest/{id}/decline",
        STAFF,
    ),
    route("DELETE", "/api/interest/{id}", STAFF),
    // igeo countries and their entries
    route("GET", "/api/igeo-country", STAFF),
    route("GET", "/api/igeo-country/single", STAFF),
    route("POST", "/api/igeo-country", ADMIN_OR_OVERLORD),
    route("PUT", "/api/igeo-country/{id}", ADMIN_OR_OVERLORD),
    route("DELETE", "/api/igeo-country/{id}", ADMIN_OR_OVERLORD),
    route("GET", "/api/igeo-country/merge-preview", OVERLORD),
    route("POST", "/api/igeo-country/merge", OVERLORD),
    route("GET", "/api/igeo-country-participant", STAFF),
    route("GET", "/api/igeo-country-participant/single", STAFF),
    route("POST", "/api/igeo-country-participant", ADMIN_OR_OVERLORD),
    route(
        "PUT",
        "/api/igeo-country-participant/{id}",
        ADMIN_OR_OVERLORD,
    ),
    route(
        "DELETE",
        "/api/igeo-country-participant/{id}",
        ADMIN_OR_OVERLORD,
    ),
    // Interested and affected parties
    route("GET", "/api/useful-contact", ADMIN_FUNDING),
    route("POST", "/api/useful-contact", ADMIN_FUNDING),
    route("PUT", "/api/useful-contact/{id}", ADMIN_FUNDING),
    route("DELETE", "/api/useful-contact/{id}", ADMIN_FUNDING),
    // The learner's sitting: each handler finds the learner's own entry and attempt (the start's
    // steps check the session themselves, on the connection of their own reads)
    route("GET", "/api/sitting", LEARNER),
    route("POST", "/api/sitting/declaration", LearnerWriting),
    route("POST", "/api/sitting/recovery-code", LearnerWriting),
    route("POST", "/api/sitting/recover", LEARNER),
    route("PUT", "/api/sitting/details", LearnerWriting),
    route("POST", "/api/sitting/start", LearnerWriting),
    route("GET", "/api/sitting/paper", LearnerWriting),
    route("POST", "/api/sitting/answers", LearnerWriting),
    route("POST", "/api/participant-tracker", LearnerWriting),
    route("POST", "/api/sitting/finish", LEARNER),
    // The lobby: each handler finds the learner's own entry; the olympiad's staggered windows
    route("GET", "/api/sitting/lobby", LEARNER),
    route("GET", "/api/sitting/lobby/paper", LEARNER),
    route("POST", "/api/sitting/lobby/start", LEARNER),
    route("GET", "/api/olympiad/{id}/start-windows", ADMIN_OR_OVERLORD),
    route("PUT", "/api/olympiad/{id}/start-windows", ADMIN_OR_OVERLORD),
    // Watching and steering a sitting
    route("GET", "/api/sitting/monitor", TEAM_OR_ADMIN),
    route("GET", "/api/sitting/learners", TEAM_OR_ADMIN),
    route("POST", "/api/sitting/pause", TEAM_OR_ADMIN),
    route("POST", "/api/sitting/resume", TEAM_OR_ADMIN),
    route("POST", "/api/sitting/extra-time", TEAM_OR_ADMIN),
    route(
        "GET",
        "/api/participant/reset/{olympiadId}/{participantId}",
        TEAM_OR_ADMIN,
    ),
    route("GET", "/api/participant/reset/{id}", ADMIN_OR_OVERLORD),
    route(
        "GET",
        "/api/participant/get-submitted-data/{id}",
        TEAM_OR_ADMIN,
    ),
    route(
        "GET",
        "/api/reports/olympiad/start-times",
        ADMIN_OR_OVERLORD,
    ),
    route("POST", "/api/olympiad/remark/{id}", ADMIN_OR_OVERLORD),
    // Results and certificates (every results screen and Send Certificates are
    // admin only; a school's team reads its released results and downloads its ZIP)
    route("GET", "/api/results/moderation", ADMIN_OR_OVERLORD),
    route("GET", "/api/results", ADMIN_OR_OVERLORD),
    route("POST", "/api/results/adjust", ADMIN_OR_OVERLORD),
    route("POST", "/api/results/disqualify", ADMIN_OR_OVERLORD),
    route("POST", "/api/results/remark", ADMIN_OR_OVERLORD),
    route("POST", "/api/results/state", ADMIN_OR_OVERLORD),
    route("PUT", "/api/results/bands", ADMIN_OR_OVERLORD),
    route(
        "GET",
        "/api/reports/olympiad/top-school-calcs/{id}",
        ADMIN_OR_OVERLORD,
    ),
    route("GET", "/api/results/downloads/details", ADMIN_OR_OVERLORD),
    route("GET", "/api/results/school", TEAM_OR_ADMIN),
    route("GET", "/api/results/top-results/{project}", Public),
    route("GET", "/api/results/past-winners/{project}", Public),
    route("GET", "/api/certificate/config/{id}", ADMIN_OR_OVERLORD),
    route("POST", "/api/certificate/config/{id}", ADMIN_OR_OVERLORD),
    route("GET", "/api/certificate/moderated", ADMIN_OR_OVERLORD),
    route("GET", "/api/certificate/list/{id}", ADMIN_OR_OVERLORD),
    route(
        "GET",
        "/api/certificate/generation-status",
        ADMIN_OR_OVERLORD,
    ),
    route("GET", "/api/certificate/send-status", ADMIN_OR_OVERLORD),
    route("POST", "/api/certificate/generate", ADMIN_OR_OVERLORD),
    route("POST", "/api/certificate/send", ADMIN_OR_OVERLORD),
    route("POST", "/api/certificate/pause", ADMIN_OR_OVERLORD),
    route(
        "GET",
        "/api/certificates/regenerate-and-send-to-school",
        ADMIN_OR_OVERLORD,
    ),
    // The specification's own address for it, without `/api` (see OUTSIDE_API).
    route(
        "GET",
        "/certificates/regenerate-and-send-to-school",
        ADMIN_OR_OVERLORD,
    ),
    route("GET", "/api/certificate/download", TEAM_OR_ADMIN),
    // Results: answers written on paper, and appeals
    route("GET", "/api/results/paper/sheets", TEAM_OR_ADMIN),
    route("POST", "/api/results/paper/preview", ADMIN_OR_OVERLORD),
    route("POST", "/api/results/paper/import", ADMIN_OR_OVERLORD),
    route("POST", "/api/results/appeals", TEAM_OR_ADMIN),
    route("GET", "/api/results/appeals", ADMIN_OR_OVERLORD),
    route("GET", "/api/results/appeals/school", TEAM_OR_ADMIN),
    route(
        "POST",
        "/api/results/appeals/{id}/decide",
        ADMIN_OR_OVERLORD,
    ),
    // Certificates: pictures and the PDF preview; the paper answers spreadsheet to fill in
    route("POST", "/api/certificate/image/{id}", ADMIN_OR_OVERLORD),
    route("POST", "/api/certificate/preview/{id}", ADMIN_OR_OVERLORD),
    route("GET", "/api/results/paper/template", TEAM_OR_ADMIN),
    // The overlord's area and the reports
    route("GET", "/api/olympiad/all", OVERLORD),
    route("POST", "/api/olympiad", OVERLORD),
    route("GET", "/api/note/{topic}", OVERLORD),
    route("PUT", "/api/note/{topic}", OVERLORD),
    route("GET", "/api/sanity-log", OVERLORD),
    route("POST", "/api/sanity-log/run", OVERLORD),
    route("GET", "/api/search", OVERLORD),
    route("GET", "/api/task", OVERLORD),
    route("POST", "/api/task/{id}/retry", OVERLORD),
    route("POST", "/api/reports/olympiad/overview", ADMIN_OR_OVERLORD),
    route(
        "POST",
        "/api/reports/olympiad/overview/{id}",
        ADMIN_OR_OVERLORD,
    ),
    route(
        "POST",
        "/api/reports/olympiad/graph-data/{id}",
        ADMIN_OR_OVERLORD,
    ),
    route(
        "POST",
        "/api/reports/olympiad/questions-by-difficulty/{id}",
        ADMIN_OR_OVERLORD,
    ),
    route("GET", "/api/reports/learner-logins", OVERLORD),
    // Nodes, metrics and privacy
    route("GET", "/metrics", RolesOrScrapeSecret(&[Overlord])),
    // Privacy (POPIA): exports, erasures and retention
    route("GET", "/api/privacy/learner/{id}/export", OVERLORD),
    route("GET", "/api/privacy/user/{id}/export", OVERLORD),
    route("POST", "/api/privacy/learner/{id}/erase", OVERLORD),
    route("POST", "/api/privacy/user/{id}/erase", OVERLORD),
    route("GET", "/api/privacy/retention", OVERLORD),
    route("PUT", "/api/privacy/retention", OVERLORD),
];

mod public_limits;
use public_limits::bound_public;
pub use public_limits::{public_bucket, PUBLIC_BODY_LIMIT_BYTES, PUBLIC_LIMITS};

/// Whether `path` fits the declared `pattern`; answers how many segments matched literally, so the
/// most specific declaration wins (`/api/user/impersonate` over `/api/user/{id}`).
fn match_score(pattern: &str, path: &str) -> Option<usize> {
    // Walked for every declaration on every request: no allocation, and out at the first segment
    // that differs.
    let (mut expected_segments, mut actual_segments) = (pattern.split('/'), path.split('/'));
    let mut literal = 0;
    loop {
        let (expected, actual) = match (expected_segments.next(), actual_segments.next()) {
            (None, None) => return Some(literal),
            (Some(expected), Some(actual)) => (expected, actual),
            _ => return None,
        };
        match (expected.find('{'), expected.find('}')) {
            (Some(open), Some(close)) => {
                let (prefix, suffix) = (&expected[..open], &expected[close + 1..]);
                let fits = actual.len() > prefix.len() + suffix.len()
                    && actual.starts_with(prefix)
                    && actual.ends_with(suffix);
                if !fits {
                    return None;
                }
            }
            _ if expected == actual => literal += 1,
            _ => return None,
        }
    }
}

/// The declarations by method and number of path segments: a request is matched only against
/// the few of its own shape, not against every route.
static BY_SHAPE: LazyLock<HashMap<(&'static str, usize), Vec<&'static ApiRoute>>> =
    LazyLock::new(|| {
        let mut shapes: HashMap<(&'static str, usize), Vec<&'static ApiRoute>> = HashMap::new();
        for route in API_ROUTES {
            let segments = route.path.split('/').count();
            shapes
                .entry((route.method, segments))
                .or_default()
                .push(route);
        }
        shapes
    });

/// The declaration for this request, if any.
pub fn declared(method: &Method, path: &str) -> Option<&'static ApiRoute> {
    BY_SHAPE
        .get(&(method.as_str(), path.split('/').count()))?
        .iter()
        .filter_map(|route| match_score(route.path, path).map(|score| (score, *route)))
        .max_by_key(|(score, _)| *score)
        .map(|(_, route)| route)
}

/// The signed-in user behind a request (see [`olympiad_office::Caller`]), as a handler takes it.
#[derive(Debug, Clone)]
pub struct Caller(pub olympiad_office::Caller);

impl std::ops::Deref for Caller {
    type Target = olympiad_office::Caller;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

/// Handlers of signed-in routes take a `Caller`; the middleware has already checked it.
impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _payload: &mut actix_web::dev::Payload) -> Self::Future {
        ready(
            req.extensions()
                .get::<Caller>()
                .cloned()
                .ok_or_else(|| ApiError::unauthorized(ErrorCode::SignedOut, "Please sign in.")),
        )
    }
}

/// A caller who may or may not be signed in (public routes that behave differently when they are).
pub struct MaybeCaller(pub Option<Caller>);

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Ready<Result<MaybeCaller, ApiError>>;

    fn from_request(req: &HttpRequest, _payload: &mut actix_web::dev::Payload) -> Self::Future {
        ready(Ok(MaybeCaller(req.extensions().get::<Caller>().cloned())))
    }
}

pub fn bearer_token(req: &HttpRequest) -> Option<&str> {
    let header = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let token = header
        .strip_prefix("Bearer ")
        .or_else(|| header.strip_prefix("bearer "))?
        .trim();
    (!token.is_empty()).then_some(token)
}

/// Checks an access token against its signature, its expiry and the database.
pub async fn authenticate(state: &AppState, token: &str) -> Result<Caller, ApiError> {
    let caller = Caller(state.tokens.verify(token, Purpose::Access)?.into_caller());
    let checked = caller.clone();
    state
        .db
        .run(move |conn| session_holds(conn, &checked))
        .await?;
    Ok(caller)
}

/// Whether the session of a token (already verified) still holds in the database: the user's
/// session version is the token's (no sign-out, pause of the learner or password change since),
/// neither the user nor the account is disabled, and an impersonating overlord's own session
/// holds. Read on every request, never cached, so that a sign-out on one node is seen at once on
/// every other. Routes declared [`Allowed::LearnerWriting`] call it inside their own work, on the
/// connection their reads use anyway.
pub fn session_holds(
    conn: &mut DbConnection,
    caller: &olympiad_office::Caller,
) -> Result<(), ApiError> {
    let session = SessionState::load(conn, caller.user_id, caller.account_id)?;
    // An impersonation lasts only while the overlord's own session does.
    let impersonation_holds = match caller.impersonator {
        Some(overlord) => {
            SessionState::overlord_version(conn, overlord)? == caller.impersonator_version
        }
        None => true,
    };
    match session {
        Some(s)
            if s.session_version == caller.session_version
                && !s.user_disabled
                && !s.account_disabled
                && impersonation_holds =>
        {
            Ok(())
        }
        _ => Err(ApiError::unauthorized(
            ErrorCode::SessionEnded,
            "Your session has ended. Please sign in again.",
        )),
    }
}

/// Why a request path is not in canonical form, if it is not: a percent-escape that is malformed,
/// that stands for a character needing no escape (`%61pi` for `api`), or for a separator (`/`,
/// backslash, NUL); or a `.` or `..` segment. Browsers and the apps never send these.
pub fn non_canonical(raw_path: &str) -> Option<&'static str> {
    let bytes = raw_path.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            let Some(byte) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) else {
                return Some("has a malformed percent-escape");
            };
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                return Some("escapes a character that needs no escape");
            }
            if matches!(byte, b'/' | b'\\' | 0) {
                return Some("escapes a path separator");
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    if raw_path.split('/').any(|s| s == "." || s == "..") {
        return Some("has a . or .. segment");
    }
    None
}

/// Checks a request under `/api` against its declaration, and leaves in it what the handler may
/// use: the [`Caller`], or the claims of a two-factor set-up token.
async fn admit(req: &ServiceRequest) -> Result<(), ApiError> {
    let path = routed_path(req);
    let Some(route) = declared(req.method(), path) else {
        let other_method = API_ROUTES
            .iter()
            .any(|r| match_score(r.path, path).is_some());
        return Err(if other_method {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                ErrorCode::MethodNotAllowed,
                format!("{} is not allowed on {path}.", req.method()),
            )
        } else {
            ApiError::not_found("This API route")
        });
    };
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::internal("AppState missing"))?;
    if route.allowed == Public {
        bound_public(req, &state, route)?;
    }
    let token = bearer_token(req.request()).map(str::to_owned);
    if let (Some(token), RolesOrScrapeSecret(_)) = (&token, route.allowed) {
        if state
            .config
            .metrics_secret
            .as_deref()
            .is_some_and(|secret| same_secret(secret, token))
        {
            return Ok(());
        }
    }
    let caller = match (&token, route.allowed) {
        (None, Public) => None,
        (None, _) => {
            return Err(ApiError::unauthorized(
                ErrorCode::SignedOut,
                "Please sign in.",
            ))
        }
        (Some(token), TwoFactorSetup) => {
            let claims = state.tokens.verify(token, Purpose::TwoFactorSetup)?;
            req.extensions_mut().insert(claims);
            None
        }
        // On a public route a stale token is no reason to refuse: it is simply not used.
        (Some(token), Public) => authenticate(&state, token).await.ok(),
        (Some(token), LearnerWriting) => {
            let caller = Caller(state.tokens.verify(token, Purpose::Access)?.into_caller());
            if caller.role != Role::Learner {
                return Err(ApiError::forbidden(format!(
                    "The {} role may not do this.",
                    caller.role
                )));
            }
            Some(caller)
        }
        (Some(token), _) => Some(authenticate(&state, token).await?),
    };
    if let (Roles(roles) | RolesOrScrapeSecret(roles), Some(caller)) = (route.allowed, &caller) {
        if !roles.contains(&caller.role) {
            return Err(ApiError::forbidden(format!(
                "The {} role may not do this.",
                caller.role
            )));
        }
    }
    if let Some(mut caller) = caller {
        // The activity log notes where each change came from.
        caller.0.address = Some(crate::rate_limit::client_address(req.request()));
        req.extensions_mut().insert(caller);
    }
    Ok(())
}

/// Whether two secrets are equal, in a time that does not tell how much of them agrees.
fn same_secret(expected: &str, given: &str) -> bool {
    expected.len() == given.len()
        && expected
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |differ, (a, b)| differ | (a ^ b))
            == 0
}

/// The path the router matches: the request's path with percent-escapes decoded as actix decodes
/// them before routing (all but `%`, `/` and `+`).
fn routed_path(req: &ServiceRequest) -> &str {
    req.match_info().as_str()
}

/// The middleware: refuses a path that is not in canonical form, finds the route's declaration,
/// checks the token and the role, and leaves the [`Caller`] in the request for the handler.
pub async fn enforce<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let checked = match non_canonical(req.path()) {
        Some(problem) => Err(ApiError::bad_request(
            ErrorCode::PathNotCanonical,
            format!("The address {problem}."),
        )),
        None if is_api(routed_path(&req)) => admit(&req).await,
        None => {
            return next
                .call(req)
                .await
                .map(ServiceResponse::map_into_left_body)
        }
    };
    match checked {
        Ok(()) => next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body),
        Err(error) => {
            let response = error.error_response();
            Ok(req.into_response(response).map_into_right_body())
        }
    }
}

/// Whether the router will look for `path` among the API's routes (and those of [`OUTSIDE_API`],
/// declared in the table like them). Matching is case-sensitive, so `/API/...` is not an API path: it finds
/// no route and is served as an app's page.
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/") || OUTSIDE_API.contains(&path)
}

/// The routes served outside `/api`, each declared in [`API_ROUTES`] and gated as the API is: the
/// metrics, and the address the specification gives a school's certificates sent again.
pub const OUTSIDE_API: &[&str] = &["/metrics", "/certificates/regenerate-and-send-to-school"];

/// The table as the apps read it (`apps/shared/src/generated/api-routes.json`, written by `make
/// snapshots`): their `can()` asks it before offering an action, so a screen never shows a button
/// the API would refuse.
pub fn routes_json() -> serde_json::Value {
    let routes: Vec<serde_json::Value> = API_ROUTES
        .iter()
        .map(|route| {
            let (access, roles): (&str, &[Role]) = match route.allowed {
                Public => ("public", &[]),
                SignedIn => ("signedIn", &[]),
                Roles(roles) => ("roles", roles),
                TwoFactorSetup => ("twoFactorSetup", &[]),
                LearnerWriting => ("roles", &[Learner]),
                RolesOrScrapeSecret(roles) => ("roles", roles),
            };
            serde_json::json!({
                "method": route.method,
                "path": route.path,
                "access": access,
                "roles": roles,
            })
        })
        .collect();
    serde_json::json!({ "routes": routes })
}

#[cfg(test)]
mod tests;
