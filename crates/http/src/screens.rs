//! The access matrix: every screen of the three apps, its paths (aliases included),
//! and who may open it. It is kept here once, as data; the API exports it as JSON and the apps build
//! their route tables from that export, so the two can never disagree. Each screen also names the API
//! operations it calls, which the tests hold against the API's own access table.
//!
//! Paths use the router's syntax (`:param`, `:param?` optional). `{product}` stands for the configured
//! product slug (`PRODUCT_SLUG`), which the apps substitute at start.

use olympiad_domain::Role;
use serde::Serialize;
use std::sync::LazyLock;

/// Which of the three built apps serves a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum App {
    Admin,
    Portal,
    Public,
}

/// The frame a screen is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    Admin,
    Overlord,
    Portal,
    Learner,
    Public,
    Payment,
    Plain,
}

/// Who may open a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Access {
    /// Anyone, signed in or not.
    Public,
    /// Any signed-in user, whatever the role (the spec: "has no restriction").
    AnyUser,
    /// Only the roles listed.
    Roles,
}

/// A property handed to the screen, for screens that serve two routes in two modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Props {
    All(bool),
    Mode(&'static str),
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Screen {
    pub key: &'static str,
    pub title: &'static str,
    pub app: App,
    pub layout: Layout,
    pub paths: &'static [&'static str],
    pub access: Access,
    pub roles: &'static [Role],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub props: Option<Props>,
    /// Declared by the spec but hidden behind an earlier route with the same path.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub shadowed: bool,
    /// The API operations (`METHOD /path`, spelled as in the OpenAPI document) the screen calls for
    /// everyone who may open it. The HTTP crate's tests check each against its access table, so a
    /// screen cannot be given to a role the API then refuses. Not exported: every app's first load
    /// carries the matrix, and the apps ask the API's own table (`can()`).
    #[serde(skip)]
    pub operations: &'static [&'static str],
    /// The operations of a panel the screen shows to everyone who may open it, declared once for
    /// every screen that shows it (the sitting monitor), and checked as `operations` are.
    #[serde(skip)]
    pub panel_operations: &'static [&'static str],
    /// Operations the screen offers only to those of its visitors whose role may call them (the
    /// apps ask `can()` before showing the action): at least one of them must be allowed.
    #[serde(skip)]
    pub guarded_operations: &'static [&'static str],
}

impl Screen {
    /// Whether a visitor with `role` (`None`: not signed in) may open this screen.
    pub fn admits(&self, role: Option<Role>) -> bool {
        match (self.access, role) {
            (Access::Public, _) => true,
            (Access::AnyUser, signed_in) => signed_in.is_some(),
            (Access::Roles, Some(role)) => self.roles.contains(&role),
            (Access::Roles, None) => false,
        }
    }

    /// The screen calls these operations for everyone who may open it.
    const fn calls(mut self, operations: &'static [&'static str]) -> Self {
        self.operations = operations;
        self
    }

    /// The screen shows a panel that calls these operations for everyone who may open it.
    const fn shows(mut self, panel: &'static [&'static str]) -> Self {
        self.panel_operations = panel;
        self
    }

    /// Everything the screen calls for everyone who may open it, its panel's operations included.
    pub fn calls_for_everyone(&self) -> impl Iterator<Item = &'static str> {
        self.operations.iter().chain(self.panel_operations).copied()
    }

    /// The screen offers these operations only to the visitors whose role may call them.
    const fn offers(mut self, operations: &'static [&'static str]) -> Self {
        self.guarded_operations = operations;
        self
    }
}

use Role::{Accountant, Admin, Funding, Learner, Marketing, Overlord, Teacher};

const ADMIN_ONLY: &[Role] = &[Admin];
const ACCOUNTANT_FUNDING: &[Role] = &[Accountant, Funding];
const ADMIN_FUNDING: &[Role] = &[Admin, Funding];
const ADMIN_ACCOUNTANT_FUNDING: &[Role] = &[Admin, Accountant, Funding];
const ADMIN_ACCOUNTANT_FUNDING_MARKETING: &[Role] = &[Admin, Accountant, Funding, Marketing];
const LEARNER_ONLY: &[Role] = &[Learner];
const TEACHER_ONLY: &[Role] = &[Teacher];
const OVERLORD_ONLY: &[Role] = &[Overlord];
const NOBODY: &[Role] = &[];

const fn screen(
    key: &'static str,
    title: &'static str,
    app: App,
    layout: Layout,
    paths: &'static [&'static str],
    access: Access,
    roles: &'static [Role],
) -> Screen {
    Screen {
        key,
        title,
        app,
        layout,
        paths,
        access,
        roles,
        props: None,
        shadowed: false,
        operations: &[],
        panel_operations: &[],
        guarded_operations: &[],
    }
}

const fn admin(
    key: &'static str,
    title: &'static str,
    paths: &'static [&'static str],
    roles: &'static [Role],
) -> Screen {
    screen(
        key,
        title,
        App::Admin,
        Layout::Admin,
        paths,
        Access::Roles,
        roles,
    )
}

const fn overlord(
    key: &'static str,
    title: &'static str,
    paths: &'static [&'static str],
) -> Screen {
    screen(
        key,
        title,
        App::Admin,
        Layout::Overlord,
        paths,
        Access::Roles,
        OVERLORD_ONLY,
    )
}

const fn learner(key: &'static str, title: &'static str, paths: &'static [&'static str]) -> Screen {
    screen(
        key,
        title,
        App::Portal,
        Layout::Learner,
        paths,
        Access::Roles,
        LEARNER_ONLY,
    )
}

const fn portal(key: &'static str, title: &'static str, paths: &'static [&'static str]) -> Screen {
    screen(
        key,
        title,
        App::Portal,
        Layout::Portal,
        paths,
        Access::Roles,
        TEACHER_ONLY,
    )
}

const fn public(key: &'static str, title: &'static str, paths: &'static [&'static str]) -> Screen {
    screen(
        key,
        title,
        App::Public,
        Layout::Public,
        paths,
        Access::Public,
        NOBODY,
    )
}

/// The teachers' grid: those of the olympiad's schools, or (`all`) every teacher.
const fn teachers(
    key: &'static str,
    title: &'static str,
    paths: &'static [&'static str],
    all: bool,
) -> Screen {
    with_props(
        admin(key, title, paths, ADMIN_ACCOUNTANT_FUNDING),
        Props::All(all),
    )
    .calls(&["GET /api/teacher"])
    .offers(&["PUT /api/teacher/{id}", "GET /api/school"])
}

const fn with_props(mut screen: Screen, props: Props) -> Screen {
    screen.props = Some(props);
    screen
}

const fn shadowed(mut screen: Screen) -> Screen {
    screen.shadowed = true;
    screen
}

/// The sitting monitor: the admin's Overview and the teacher's olympiad screen both show it.
const SITTING_MONITOR_CALLS: &[&str] = &[
    "GET /api/sitting/monitor",
    "GET /api/sitting/learners",
    "POST /api/sitting/pause",
    "POST /api/sitting/resume",
    "POST /api/sitting/extra-time",
    "GET /api/participant/reset/{olympiadId}/{participantId}",
    "GET /api/participant/get-submitted-data/{id}",
];

/// What the mass mail screen calls, in an olympiad's back office and the overlord's alike.
const MASS_MAIL_CALLS: &[&str] = &[
    "GET /api/mass-mail",
    "POST /api/mass-mail",
    "PUT /api/mass-mail/{id}",
    "DELETE /api/mass-mail/{id}",
    "POST /api/mass-mail/{id}/test",
    "POST /api/mass-mail/{id}/queue",
    "POST /api/mass-mail/{id}/pause",
    "POST /api/mass-mail/{id}/resume",
    "POST /api/mass-mail/{id}/attachment",
    "DELETE /api/mass-mail/{id}/attachment/{attachmentId}",
    "POST /api/queued-email/release-batch",
    "POST /api/emailer/{kind}/preview",
];

/// Every screen of the product, in the order the product lists them.
/// Every screen, in the order the apps' routers try them (`notFound` last).
pub static SCREENS: LazyLock<Vec<Screen>> = LazyLock::new(|| {
    [
        admin::ADMIN,
        learner::LEARNER,
        overlord::OVERLORD,
        portal::PORTAL,
        public::PUBLIC,
    ]
    .concat()
});

mod admin;
mod learner;
mod overlord;
mod portal;
mod public;

/// The first parts of the addresses the apps serve (`login`, `overlord`), which no project's site
/// may take.
pub fn first_segments() -> Vec<&'static str> {
    let mut segments: Vec<&'static str> = SCREENS
        .iter()
        .flat_map(|screen| screen.paths.iter())
        .filter_map(|path| path.trim_start_matches('/').split('/').next())
        .collect();
    segments.sort_unstable();
    segments.dedup();
    segments
}

pub fn screen_by_key(key: &str) -> Option<&'static Screen> {
    SCREENS.iter().find(|screen| screen.key == key)
}

/// The matrix as the apps read it.
pub fn matrix_json() -> serde_json::Value {
    serde_json::json!({
        "roles": Role::ALL,
        "homes": HOMES.iter().map(|(role, path)| (role.as_str(), *path)).collect::<std::collections::BTreeMap<_, _>>(),
        "screens": &*SCREENS,
    })
}

mod homes;
pub use homes::HOMES;

#[cfg(test)]
mod tests;
