//! Every API route is declared once, in its area's manifest (`routes::<area>::manifest()`): the
//! handler (whose actix attribute gives the method and path, and whose `utoipa::path` its
//! document), who may call it, and for a route that takes an id the kind of object the id names.
//! Everything else is read from the manifests: the router's registration (`routes::register`),
//! the access table (`access::API_ROUTES`), the scope walk (`tests/all/scope.rs`) and the schema
//! fuzzer's exceptions (`olympiad seed-fuzz` prints them for `scripts/fuzz-api.sh`).
//!
//! Adding a route: write its handler in the area's file, then one line in that file's
//! `manifest()`. The access table's tests refuse a route with an id that says nothing of its
//! scope, and one the router would hand to another handler.

use actix_web::dev::HttpServiceFactory;
use olympiad_domain::Role;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::OpenApiFactory;

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
    /// token's signature and role are checked by the gate (`access`), and its session by the
    /// handler's own work on the database, so that the busiest calls cost no extra trip to it.
    /// Answer saves hand the writer the caller's session version (checked in the same query as the
    /// attempt); the start's steps and the paper check it in their first read, that of the
    /// learner's entry and attempt (`Sitter::at_sitting`, in `olympiad_office::sitting`).
    LearnerWriting,
    /// Signed-in users with one of these roles, or a scraper giving the configured secret
    /// (`METRICS_SECRET`) as its bearer token.
    RolesOrScrapeSecret(&'static [Role]),
}

use Allowed::{Roles, RolesOrScrapeSecret};
use Role::{Accountant, Admin, Funding, Learner, Marketing, Overlord, Teacher};

pub const OVERLORD: Allowed = Roles(&[Overlord]);
pub const ADMIN_OR_OVERLORD: Allowed = Roles(&[Admin, Overlord]);
/// Who may open Schools.
pub const SCHOOL_READERS: Allowed = Roles(&[Admin, Accountant, Funding, Marketing, Overlord]);
/// Who may open Teachers, Participating Schools, Countries and Expressions of Interest.
pub const STAFF: Allowed = Roles(&[Admin, Accountant, Funding, Overlord]);
/// Who may open Interested and Affected Parties.
pub const ADMIN_FUNDING: Allowed = Roles(&[Admin, Funding, Overlord]);
pub const TEACHER: Allowed = Roles(&[Teacher]);
pub const LEARNER: Allowed = Roles(&[Learner]);
/// A school's team, and the staff who help it (each handler checks the entry is theirs).
pub const TEAM_OR_ADMIN: Allowed = Roles(&[Teacher, Admin, Overlord]);

// Payments: the office's finance staff, and a school's team for its own orders (each use case
// checks the order is theirs).
pub const FINANCE: Allowed = Roles(&[Admin, Accountant, Funding, Overlord]);
pub const FINANCE_OR_TEAM: Allowed = Roles(&[Admin, Accountant, Funding, Overlord, Teacher]);
/// A learner's own record, and the team and staff who look after it.
pub const TEAM_ADMIN_OR_LEARNER: Allowed = Roles(&[Admin, Overlord, Teacher, Learner]);
/// The overlord, or a scraper with the metrics secret.
pub const METRICS_READERS: Allowed = RolesOrScrapeSecret(&[Overlord]);

/// The routes served outside `/api`, each declared in a manifest and gated as the API is: the
/// metrics, and the address the specification gives a school's certificates sent again.
pub const OUTSIDE_API: &[&str] = &["/metrics", "/certificates/regenerate-and-send-to-school"];

/// The kinds of object a route names by id (in its path, or in its query or body where the path
/// has none): the scope walk calls each such route with the id of an object of that kind beyond
/// the caller's reach, and expects it refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Olympiad,
    Module,
    Question,
    Attachment,
    School,
    Entry,
    Teacher,
    TeamMember,
    Learner,
    Participant,
    Expression,
    Country,
    CountryEntry,
    Contact,
    PurchaseOrder,
    MassMail,
}

/// What a route's id is, for the scope walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdScope {
    /// An object of this kind, found through `find_in_reach`.
    Names(Kind),
    /// Not an object in an olympiad's or a school's reach; the reason says why that is safe.
    Unscoped(&'static str),
}

type Registration = Box<dyn FnOnce(&mut ServiceConfig)>;

/// One route of an area.
pub struct Route {
    pub method: &'static str,
    /// As in the OpenAPI document: `{name}` is one path segment, and may sit inside a segment
    /// (`{product}-suite`).
    pub path: String,
    pub allowed: Allowed,
    pub id: Option<IdScope>,
    /// A rule no schema can state (the fuzzer does not expect every schema-valid request of this
    /// route accepted); the operation's description states it.
    pub beyond_schema: Option<&'static str>,
    register: Registration,
}

/// An area's routes, in the order the router tries them: fixed paths before `{id}` ones.
pub struct Area {
    pub name: &'static str,
    pub routes: Vec<Route>,
}

impl Area {
    pub fn new(name: &'static str) -> Area {
        Area {
            name,
            routes: Vec::new(),
        }
    }

    /// A route served by `handler` (an actix handler with its `utoipa::path`), callable by whom
    /// `allowed` says.
    pub fn route<H>(mut self, handler: H, allowed: Allowed) -> Area
    where
        H: HttpServiceFactory + OpenApiFactory + 'static,
    {
        let paths = handler.paths();
        let (path, item) = paths
            .paths
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("a handler of {} has no path", self.name));
        let method = [
            ("GET", item.get.is_some()),
            ("POST", item.post.is_some()),
            ("PUT", item.put.is_some()),
            ("DELETE", item.delete.is_some()),
        ]
        .into_iter()
        .find_map(|(name, present)| present.then_some(name))
        .unwrap_or_else(|| panic!("{path} has no method"));
        self.routes.push(Route {
            method,
            path,
            allowed,
            id: None,
            beyond_schema: None,
            register: Box::new(move |cfg| {
                cfg.service(handler);
            }),
        });
        self
    }

    /// The route just declared takes the id of an object of this kind.
    pub fn names(self, kind: Kind) -> Area {
        self.with_last(|route| route.id = Some(IdScope::Names(kind)))
    }

    /// The route just declared takes an id that is no object in anyone's reach, for this reason.
    pub fn unscoped(self, reason: &'static str) -> Area {
        self.with_last(|route| route.id = Some(IdScope::Unscoped(reason)))
    }

    /// The route just declared has a rule no schema can state, this one.
    pub fn beyond_schema(self, rule: &'static str) -> Area {
        self.with_last(|route| route.beyond_schema = Some(rule))
    }

    fn with_last(mut self, change: impl FnOnce(&mut Route)) -> Area {
        let name = self.name;
        change(
            self.routes
                .last_mut()
                .unwrap_or_else(|| panic!("{name}: declare the route first")),
        );
        self
    }
}

/// Adds every route of `areas` to the router, in order.
pub fn register(cfg: &mut ServiceConfig, areas: Vec<Area>) {
    for route in areas.into_iter().flat_map(|area| area.routes) {
        (route.register)(cfg);
    }
}
