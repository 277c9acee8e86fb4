//! The access matrix: every screen of the three apps, its paths (aliases included),
//! and who may open it. It is kept here once, as data; the API exports it as JSON and the apps build
//! their route tables from that export, so the two can never disagree. Each screen also names the API
//! operations it calls, which the HTTP crate's tests hold against the API's own access table.
//!
//! Paths use the router's syntax (`:param`, `:param?` optional). `{product}` stands for the configured
//! product slug (`PRODUCT_SLUG`), which the apps substitute at start.

use crate::role::Role;
use serde::Serialize;

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
pub const SCREENS: &[Screen] = &[
    // Admin layout, prefix /:olympiadName
    admin(
        "paymentPortal",
        "Payment Portal",
        &[
            "/:olympiadName/finance/payments",
            "/:olympiadName/funding/payments",
        ],
        ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/purchase-order"])
    .offers(&[
        "PUT /api/purchase-order/{id}",
        "DELETE /api/purchase-order/admin/{id}",
        "PUT /api/purchase-order/set-school-po/{id}",
        "PUT /api/purchase-order/set-num-learners-discount/{id}",
        "PUT /api/purchase-order/send-discount-email/{id}",
        "GET /api/purchase-order/{id}/invoice",
        "POST /api/purchase-order/{id}/invoice",
        "POST /api/purchase-order/reconcile/preview",
        "POST /api/purchase-order/reconcile/confirm",
        "GET /api/purchase-order/{id}",
        "GET /api/purchase-order/{id}/proof/{proofId}",
        "PUT /api/purchase-order/{id}/proof/{proofId}/accept",
        "PUT /api/purchase-order/set-sponsored/{id}",
    ]),
    admin(
        "paymentsDashboard",
        "Payments Dashboard",
        &["/:olympiadName/admin/payments"],
        ADMIN_ONLY,
    )
    .calls(&["GET /api/purchase-order/dashboard"])
    .offers(&["PUT /api/purchase-order/fees"]),
    admin(
        "interestedAndAffectedParties",
        "Interested and Affected Parties",
        &[
            "/:olympiadName/admin/edit/interested-and-affected-parties",
            "/:olympiadName/funding/edit/interested-and-affected-parties",
        ],
        ADMIN_FUNDING,
    )
    .calls(&[
        "GET /api/useful-contact",
        "POST /api/useful-contact",
        "PUT /api/useful-contact/{id}",
        "DELETE /api/useful-contact/{id}",
    ]),
    admin(
        "participatingLearners",
        "Participating Learners",
        &["/:olympiadName/admin/edit/participating-learners"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/participant",
        "PUT /api/participant/{id}",
        "DELETE /api/participant/{id}",
        "PUT /api/auth/set-learner-passwords/{id}",
        "POST /api/participant/login-slips",
    ]),
    admin(
        "generalCopy",
        "General Copy",
        &["/:olympiadName/admin/edit/general-copy"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/copy",
        "PUT /api/copy",
        "POST /api/website-copy/preview",
    ]),
    admin(
        "schools",
        "Schools",
        &[
            "/:olympiadName/admin/edit/schools",
            "/:olympiadName/finance/edit/schools",
            "/:olympiadName/funding/edit/schools",
            "/:olympiadName/marketing/edit/schools",
        ],
        ADMIN_ACCOUNTANT_FUNDING_MARKETING,
    )
    .calls(&["GET /api/school"])
    .offers(&[
        "POST /api/school",
        "PUT /api/school/{id}",
        "POST /api/school-participant",
    ]),
    teachers(
        "participatingTeachers",
        "Teachers",
        &[
            "/:olympiadName/admin/edit/participating-teachers",
            "/:olympiadName/finance/edit/participating-teachers",
            "/:olympiadName/funding/edit/participating-teachers",
        ],
        false,
    ),
    teachers(
        "allTeachers",
        "All Teachers",
        &[
            "/:olympiadName/admin/edit/all-teachers",
            "/:olympiadName/finance/edit/all-teachers",
            "/:olympiadName/funding/edit/all-teachers",
        ],
        true,
    ),
    admin(
        "teamAdmins",
        "Team Admins",
        &[
            "/:olympiadName/funding/edit/team-admins",
            "/:olympiadName/admin/edit/team-admins",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/teacher"])
    .offers(&["PUT /api/teacher/{id}", "GET /api/school"]),
    admin(
        "learners",
        "Learners",
        &["/:olympiadName/admin/edit/learners"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/learner",
        "PUT /api/learner/{id}",
        "DELETE /api/learner/{id}",
    ]),
    admin(
        "questionModules",
        "Question Modules",
        &["/:olympiadName/admin/edit/question-modules"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/olympiad",
        "GET /api/question-module",
        "POST /api/question-module",
        "PUT /api/question-module/{id}",
        "DELETE /api/question-module/{id}",
        "POST /api/question-module/reorder",
        "GET /api/olympiad/{id}/question-bank",
        "POST /api/olympiad/{id}/question-bank",
        "POST /api/olympiad/{id}/question-bank/csv",
    ]),
    admin(
        "massMailers",
        "Mass Mailers",
        &[
            "/:olympiadName/admin/edit/mass-mailers",
            "/:olympiadName/funding/edit/mass-mailers",
        ],
        ADMIN_FUNDING,
    )
    .calls(MASS_MAIL_CALLS),
    admin(
        "questions",
        "Questions",
        &["/:olympiadName/admin/edit/questions"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/olympiad",
        "GET /api/question-module",
        "GET /api/question",
        "POST /api/question",
        "PUT /api/question/{id}",
        "DELETE /api/question/{id}",
        "POST /api/question/{id}/duplicate",
        "POST /api/question/reorder",
        "GET /api/attachment",
        "GET /api/attachment/{id}",
        "POST /api/attachment/upload",
    ]),
    admin(
        "systemEmails",
        "System Emails",
        &["/:olympiadName/admin/edit/system-emails"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/emailer",
        "PUT /api/emailer/{kind}",
        "DELETE /api/emailer/{kind}",
        "POST /api/emailer/{kind}/preview",
    ]),
    admin(
        "participatingSchools",
        "Participating Schools",
        &[
            "/:olympiadName/admin/edit/participating-schools",
            "/:olympiadName/finance/edit/participating-schools",
            "/:olympiadName/funding/edit/participating-schools",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/school-participant"])
    .offers(&[
        "POST /api/school-participant",
        "PUT /api/school-participant/{id}",
        "DELETE /api/school-participant/{id}",
        "GET /api/school",
        "GET /api/team-member",
        "POST /api/team-member",
        "PUT /api/team-member/{id}",
        "DELETE /api/team-member/{id}",
    ]),
    admin(
        "participatingCountries",
        "Participating Countries",
        &["/:olympiadName/admin/edit/participating-countries"],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/igeo-country-participant"])
    .offers(&[
        "PUT /api/igeo-country-participant/{id}",
        "DELETE /api/igeo-country-participant/{id}",
    ]),
    admin(
        "countries",
        "Countries",
        &["/:olympiadName/admin/edit/countries"],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/igeo-country"])
    .offers(&[
        "POST /api/igeo-country",
        "PUT /api/igeo-country/{id}",
        "DELETE /api/igeo-country/{id}",
        "POST /api/igeo-country-participant",
    ]),
    admin(
        "websiteCopy",
        "Website Copy",
        &["/:olympiadName/admin/edit/website-copy"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/website-copy/olympiad",
        "POST /api/site-copy",
        "POST /api/website-copy/preview",
    ]),
    admin(
        "fileManager",
        "File Manager",
        &["/:olympiadName/admin/file-attachments"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/attachment",
        "GET /api/attachment/{id}",
        "POST /api/attachment/upload",
        "POST /api/attachment/{id}/update-filename",
        "DELETE /api/attachment/{id}",
        "POST /api/olympiad/modules/{id}",
    ]),
    admin(
        "settingsAndActions",
        "Settings and Actions",
        &["/:olympiadName/admin/settings-and-actions"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/olympiad",
        "PUT /api/olympiad/{id}",
        "GET /api/olympiad/set-olympiad-open/{query}",
        "POST /api/olympiad/set-pinned",
        "GET /api/olympiad/verify/{id}",
        "GET /api/participant/reset/{id}",
        "GET /api/{product}-suite/projects",
        // The lobby: staggered start windows
        "GET /api/olympiad/{id}/start-windows",
        "PUT /api/olympiad/{id}/start-windows",
    ]),
    admin(
        "emailLogs",
        "Email Logs",
        &["/:olympiadName/admin/reports/email-logs"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/email-logs/{olympiadId}/{toShow}",
        "GET /api/email-logs/search/{term}",
        "GET /api/emailer/email-health",
        "POST /api/emailer/override-email-health",
    ]),
    admin(
        "unsubscribes",
        "Unsubscribes",
        &[
            "/:olympiadName/admin/reports/unsubscribes",
            "/:olympiadName/funding/reports/unsubscribes",
        ],
        ADMIN_FUNDING,
    )
    .calls(&[
        "GET /api/unsubscribe",
        "POST /api/unsubscribe",
        "POST /api/unsubscribe/resubscribe",
    ]),
    admin(
        "verifyQuestions",
        "Verify Questions",
        &["/:olympiadName/admin/reports/verify-questions"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/olympiad/verify/{id}",
        "POST /api/olympiad/modules/{id}",
    ]),
    admin(
        "overview",
        "Overview",
        &["/:olympiadName/admin/reports/overview"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/reports/olympiad/start-times",
        "POST /api/reports/olympiad/overview/{id}",
        "POST /api/reports/olympiad/graph-data/{id}",
        "POST /api/reports/olympiad/questions-by-difficulty/{id}",
    ])
    .shows(SITTING_MONITOR_CALLS),
    admin(
        "expressionsOfInterest",
        "Expressions of Interest",
        &[
            "/:olympiadName/admin/eoi",
            "/:olympiadName/finance/eoi",
            "/:olympiadName/funding/eoi",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&[
        "GET /api/interest/expression-of-interest",
        "GET /api/interest/expression-of-interest/possible-matches",
        "POST /api/interest/expression-of-interest/{id}/process",
        "POST /api/interest/expression-of-interest/{id}/decline",
        "DELETE /api/interest/{id}",
    ]),
    admin(
        "resultsModeration",
        "Results moderation",
        &["/:olympiadName/admin/results/moderation"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/results/moderation",
        "GET /api/results",
        // Results: answers written on paper
        "GET /api/school-participant",
        "GET /api/results/paper/sheets",
        // Results: appeals
        "GET /api/results/appeals",
        // Results: the paper answers spreadsheet to fill in
        "GET /api/results/paper/template",
    ])
    .offers(&[
        "POST /api/results/adjust",
        "POST /api/results/disqualify",
        "POST /api/results/remark",
        "POST /api/results/state",
        "PUT /api/results/bands",
        // Results: answers written on paper
        "POST /api/results/paper/preview",
        "POST /api/results/paper/import",
        // Results: appeals
        "POST /api/results/appeals/{id}/decide",
    ]),
    admin(
        "editCertificates",
        "Edit certificates",
        &["/:olympiadName/admin/results/edit-certificates"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/certificate/config/{id}",
        // Certificates: the PDF preview, of a sample learner or a chosen one
        "GET /api/certificate/moderated",
        "POST /api/certificate/preview/{id}",
    ])
    .offers(&[
        "POST /api/certificate/config/{id}",
        // Certificates: pictures
        "POST /api/certificate/image/{id}",
    ]),
    admin(
        "viewResults",
        "View results",
        &["/:olympiadName/admin/results/view"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/results",
        "GET /api/results/moderation",
        "GET /api/reports/olympiad/top-school-calcs/{id}",
    ]),
    admin(
        "browseCertificates",
        "Browse certificates",
        &["/:olympiadName/admin/results/browse-certificates"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/certificate/moderated",
        "GET /api/certificate/list/{id}",
        "GET /api/certificate/download",
    ]),
    admin(
        "sendCertificates",
        "Send Certificates",
        &["/:olympiadName/admin/results/generate-and-send-certificates"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/certificate/generation-status",
        "GET /api/certificate/send-status",
        "GET /api/certificate/list/{id}",
        "GET /api/certificate/download",
    ])
    .offers(&[
        "POST /api/certificate/generate",
        "POST /api/certificate/send",
        "POST /api/certificate/pause",
        "GET /api/certificates/regenerate-and-send-to-school",
    ]),
    // Learner olympiad layout, prefix /:olympiadName/olympiad/
    learner(
        "instructions",
        "Instructions",
        &["/:olympiadName/olympiad/instructions"],
    )
    .calls(&["GET /api/sitting", "POST /api/sitting/recover"]),
    learner(
        "declaration",
        "No Cheating Declaration",
        &["/:olympiadName/olympiad/declaration"],
    )
    .calls(&["GET /api/sitting", "POST /api/sitting/declaration"]),
    learner(
        "recoveryPin",
        "Recovery Code",
        &["/:olympiadName/olympiad/recovery-pin"],
    )
    .calls(&["GET /api/sitting", "POST /api/sitting/recovery-code"]),
    learner(
        "learnerDetails",
        "Update Details",
        &["/:olympiadName/olympiad/learner-details"],
    )
    .calls(&[
        "GET /api/sitting",
        "PUT /api/sitting/details",
        "POST /api/sitting/start",
        // The lobby
        "GET /api/sitting/lobby",
        "GET /api/sitting/lobby/paper",
        "POST /api/sitting/lobby/start",
    ]),
    learner(
        "olympiadQuestion",
        "Olympiad",
        &["/:olympiadName/olympiad/:moduleIndex/:questionIndex"],
    )
    .calls(&[
        "GET /api/sitting",
        "GET /api/sitting/paper",
        "GET /api/attachment/{id}",
        "POST /api/sitting/answers",
        "POST /api/participant-tracker",
        "POST /api/sitting/finish",
    ]),
    screen(
        "finished",
        "Finished",
        App::Portal,
        Layout::Learner,
        &["/:olympiadName/olympiad/finished"],
        Access::AnyUser,
        NOBODY,
    )
    .offers(&["GET /api/sitting"]),
    // Super-administrator layout, prefix /overlord/
    overlord("allSchools", "All Schools", &["/overlord/edit/schools"]).calls(&[
        "GET /api/school",
        "POST /api/school",
        "PUT /api/school/{id}",
        "DELETE /api/school/{id}",
    ]),
    overlord(
        "learnerLogins",
        "Learner Logins",
        &["/overlord/learner-login-activity"],
    )
    .calls(&["GET /api/reports/learner-logins", "GET /api/olympiad/all"]),
    with_props(
        overlord(
            "mergeSchools",
            "Merge Schools",
            &["/overlord/merge-schools"],
        ),
        Props::Mode("schools"),
    )
    .calls(&[
        "GET /api/school",
        "GET /api/school/merge-preview",
        "POST /api/school/merge",
    ]),
    with_props(
        overlord(
            "mergeCountries",
            "Merge Countries",
            &["/overlord/merge-countries"],
        ),
        Props::Mode("countries"),
    )
    .calls(&[
        "GET /api/igeo-country",
        "GET /api/igeo-country/merge-preview",
        "POST /api/igeo-country/merge",
    ]),
    overlord(
        "schoolEmailsOverview",
        "School Emails Overview",
        &["/overlord/school-emails-overview"],
    )
    .calls(&["GET /api/school-emails-overview"]),
    overlord("campaigns", "Campaigns", &["/overlord/campaigns"]).calls(&[
        "GET /api/campaign",
        "POST /api/campaign",
        "DELETE /api/campaign/{id}",
    ]),
    overlord(
        "nonTeacherInterest",
        "Non-Teacher Interest",
        &["/overlord/learner-parent-interest"],
    )
    .calls(&[
        "GET /api/interest/expression-of-interest",
        "DELETE /api/interest/{id}",
        "GET /api/olympiad/all",
    ]),
    overlord(
        "olympiadNotes",
        "Olympiad Notes",
        &["/overlord/notes/before-olympiad"],
    )
    .calls(&["GET /api/note/{topic}", "PUT /api/note/{topic}"]),
    overlord(
        "commonIssues",
        "Common Issues",
        &["/overlord/notes/common-issues"],
    )
    .calls(&["GET /api/note/{topic}", "PUT /api/note/{topic}"]),
    overlord(
        "overlordOverview",
        "Overlord Overview",
        &["/overlord/overview"],
    )
    .calls(&[
        "POST /api/reports/olympiad/overview",
        "POST /api/reports/olympiad/graph-data/{id}",
    ]),
    overlord(
        "systemConfig",
        "System Config",
        &["/overlord/system-config"],
    )
    .calls(&[
        "GET /api/system-config",
        "PUT /api/system-config",
        "GET /api/privacy/retention",
        "PUT /api/privacy/retention",
    ]),
    overlord(
        "overlordGeneralCopy",
        "General Copy",
        &["/overlord/general-copy"],
    )
    .calls(&[
        "GET /api/copy",
        "PUT /api/copy",
        "POST /api/website-copy/preview",
        "GET /api/website-copy",
        "POST /api/site-copy",
        "GET /api/{product}-suite/projects",
    ]),
    overlord("olympiads", "Olympiads", &["/overlord/edit/olympiads"]).calls(&[
        "GET /api/olympiad/all",
        "POST /api/olympiad",
        "GET /api/olympiad/set-olympiad-open/{query}",
        "POST /api/olympiad/set-pinned",
        "GET /api/{product}-suite/projects",
    ]),
    overlord(
        "termsAndConditions",
        "Terms and Conditions",
        &["/overlord/edit/terms-and-conditions"],
    )
    .calls(&[
        "GET /api/copy",
        "PUT /api/copy",
        "POST /api/website-copy/preview",
    ]),
    overlord("search", "Search", &["/overlord/search"]).calls(&[
        "GET /api/search",
        "GET /api/scratchpad/local-teacher-password-reset",
    ]),
    overlord(
        "appLogViewer",
        "App Log Viewer",
        &["/overlord/app-log-viewer"],
    )
    .calls(&["GET /api/app-log/all", "GET /api/app-log/keys"]),
    overlord(
        "activityLogs",
        "Activity Logs",
        &["/overlord/activity-logs"],
    )
    .calls(&["GET /api/activity-log", "GET /api/user/get-basic-list"]),
    overlord("sanityLogs", "Sanity Logs", &["/overlord/sanity-logs"])
        .calls(&["GET /api/sanity-log", "POST /api/sanity-log/run"]),
    overlord(
        "overlordUnsubscribes",
        // The admin's screen is "Unsubscribes" (one olympiad's); this one holds every olympiad's.
        "All Unsubscribes",
        &["/overlord/unsubscribes"],
    )
    .calls(&[
        "GET /api/unsubscribe",
        "POST /api/unsubscribe",
        "POST /api/unsubscribe/resubscribe",
    ]),
    overlord("bounces", "Bounces", &["/overlord/bounces"])
        .calls(&["GET /api/bounce", "DELETE /api/bounce"]),
    overlord(
        "massMailQueue",
        "Mass Mail Queue",
        &["/overlord/mass-mail-queue"],
    )
    .calls(&[
        "GET /api/queued-email",
        "GET /api/queued-email/unsent",
        "GET /api/queued-email/search/{term}",
        "GET /api/queued-email/{id}",
        "POST /api/queued-email/release/{id}",
        "POST /api/queued-email/release-batch",
        "GET /api/mass-mail",
    ]),
    overlord(
        "massMailSummary",
        "Mass Mail Summary",
        &["/overlord/mass-mail-summary"],
    )
    .calls(&["GET /api/mass-mail"]),
    overlord(
        "overlordFileAttachments",
        "File Attachments",
        &["/overlord/file-attachments"],
    )
    .calls(&[
        "GET /api/attachment",
        "GET /api/attachment/{id}",
        "POST /api/attachment/{id}/update-filename",
        "DELETE /api/attachment/{id}",
        "GET /api/{product}-suite/projects",
    ]),
    overlord("uploads", "Uploads", &["/overlord/uploads"]).calls(&[
        "GET /api/upload",
        "GET /api/upload/{id}",
        "DELETE /api/upload/delete/{id}",
    ]),
    overlord("emailCopy", "Email Copy", &["/overlord/edit/email-copy"]).calls(&[
        "GET /api/emailer",
        "PUT /api/emailer/{kind}",
        "DELETE /api/emailer/{kind}",
        "POST /api/emailer/{kind}/preview",
    ]),
    overlord(
        "overlordEmailLogs",
        "All Email Logs",
        &["/overlord/email-logs"],
    )
    .calls(&[
        "GET /api/email-logs/{olympiadId}/{toShow}",
        "GET /api/email-logs/search/{term}",
        "GET /api/emailer/email-health",
        "POST /api/emailer/override-email-health",
    ]),
    overlord("accounts", "Accounts", &["/overlord/edit/accounts"]).calls(&[
        "GET /api/user",
        "POST /api/account",
        "POST /api/account/{id}/disable",
        "POST /api/account/{id}/enable",
        "GET /api/user/impersonate",
        "GET /api/olympiad/all",
    ]),
    overlord("faqs", "FAQs", &["/overlord/edit/faqs"]).calls(&[
        "GET /api/faq",
        "POST /api/faq",
        "PUT /api/faq/{id}",
        "DELETE /api/faq/{id}",
        "GET /api/{product}-suite/projects",
    ]),
    overlord(
        "testimonials",
        "Testimonials",
        &["/overlord/edit/testimonials"],
    )
    .calls(&[
        "GET /api/testimonial",
        "POST /api/testimonial",
        "PUT /api/testimonial/{id}",
        "DELETE /api/testimonial/{id}",
        "GET /api/{product}-suite/projects",
    ]),
    overlord(
        "productProjects",
        "Projects",
        &["/overlord/edit/{product}-projects"],
    )
    .calls(&[
        "GET /api/{product}-project",
        "PUT /api/{product}-project/{id}",
        "POST /api/{product}-project",
    ]),
    overlord(
        "productSubProjects",
        "Sub Projects",
        &["/overlord/edit/{product}-sub-projects"],
    )
    .calls(&[
        "GET /api/{product}-sub-project",
        "POST /api/{product}-sub-project",
        "PUT /api/{product}-sub-project/{id}",
        "GET /api/{product}-project",
    ]),
    overlord("users", "Users", &["/overlord/edit/users"]).calls(&[
        "GET /api/user",
        "GET /api/user/impersonate",
        "POST /api/user",
        "PUT /api/user/{id}",
        "POST /api/user/{id}/disable",
        "POST /api/user/{id}/enable",
        "POST /api/user/{id}/reset-two-factor",
        "GET /api/olympiad/all",
    ]),
    // The same screen as an olympiad's Mass Mailers, which only here lists the campaigns a mail
    // may be put in (offered, as only the overlord may read them).
    overlord("massMails", "Mass Mails", &["/overlord/edit/mass-mails"])
        .calls(MASS_MAIL_CALLS)
        .offers(&["GET /api/campaign"]),
    overlord("tasks", "Tasks", &["/overlord/tasks"])
        .calls(&["GET /api/task", "POST /api/task/{id}/retry"]),
    overlord(
        "shunnedEmails",
        "Shunned Emails",
        &["/overlord/shunned-emails"],
    )
    .calls(&[
        "GET /api/shunned-email",
        "DELETE /api/shunned-email/{id}",
        "GET /api/emailer/email-health",
    ]),
    // Privacy (POPIA): a learner's or a user's data exported or erased on request
    overlord("privacy", "Privacy", &["/overlord/privacy"]).calls(&[
        "GET /api/search",
        "GET /api/privacy/learner/{id}/export",
        "GET /api/privacy/user/{id}/export",
        "POST /api/privacy/learner/{id}/erase",
        "POST /api/privacy/user/{id}/erase",
    ]),
    // Teacher portal
    portal("portalHome", "My Olympiads", &["/portal"]).calls(&[
        "GET /api/school-participant",
        "POST /api/school-participant",
        "GET /api/teacher/profile",
        "GET /api/{product}-suite/projects",
    ]),
    portal("portalFaq", "FAQ", &["/portal/faq"]).calls(&["GET /api/faq"]),
    portal("myProfile", "My Profile", &["/portal/my-profile"])
        .calls(&["GET /api/teacher/profile", "PUT /api/teacher/profile"]),
    portal(
        "updatePassword",
        "Update Password",
        &["/portal/update-password"],
    )
    .calls(&["PUT /api/auth/set-password"]),
    portal("portalOlympiad", "Olympiad", &["/portal/:olympiadName"])
        .calls(&["GET /api/school/single"])
        .shows(SITTING_MONITOR_CALLS),
    portal(
        "portalCertificates",
        "Certificates",
        &["/portal/:olympiadName/certificates"],
    )
    .calls(&[
        "GET /api/school/single",
        "GET /api/results/school",
        "GET /api/certificate/download",
        // Results: answers written on paper, and appeals
        "GET /api/results/paper/sheets",
        "GET /api/results/appeals/school",
    ])
    .offers(&["POST /api/results/appeals"]),
    portal(
        "portalInvoices",
        "Invoices",
        &["/portal/:olympiadName/invoices"],
    )
    .calls(&[
        "GET /api/school/single",
        "GET /api/purchase-order",
        "GET /api/purchase-order/{id}/invoice",
        "GET /api/purchase-order/my-countries",
    ])
    .offers(&[
        "POST /api/purchase-order",
        "POST /api/purchase-order/{id}/invoice",
        "PUT /api/purchase-order/set-school-po/{id}",
        "POST /api/purchase-order/{id}/proof",
        "DELETE /api/purchase-order/{id}",
    ]),
    portal(
        "loadLearners",
        "Load Learners",
        &["/portal/:olympiadName/load-learners"],
    )
    .calls(&[
        "GET /api/school/single",
        "GET /api/learner/template",
        "POST /api/learner/import/preview",
        "POST /api/learner/import",
        "GET /api/participant",
        "DELETE /api/participant/{id}",
        // A learner corrected or added by hand
        "GET /api/learner/{id}/correction",
        "PUT /api/learner/{id}",
        "POST /api/learner",
        "PUT /api/auth/set-learner-passwords/{id}",
        "POST /api/participant/login-slips",
    ]),
    portal("portalOlympiadFaq", "FAQ", &["/portal/:olympiadName/faq"])
        .calls(&["GET /api/faq", "GET /api/website/olympiad/{id}"]),
    portal("portalSchool", "School", &["/portal/:olympiadName/school"])
        .calls(&["GET /api/school/single", "PUT /api/school/single"]),
    portal("portalTeam", "Team", &["/portal/:olympiadName/team"]).calls(&[
        "GET /api/school/single",
        "GET /api/team-member",
        "POST /api/team-member",
        "PUT /api/team-member/{id}",
        "DELETE /api/team-member/{id}",
    ]),
    shadowed(screen(
        "publicLoadLearners",
        "Load Learners",
        App::Portal,
        Layout::Portal,
        &["/portal/:olympiadName/load-learners"],
        Access::Public,
        NOBODY,
    )),
    // Payment
    screen(
        "makePayment",
        "Make Payment",
        App::Portal,
        Layout::Payment,
        &["/portal/pay/:uuid/:state?"],
        Access::Public,
        NOBODY,
    )
    .calls(&["GET /api/pay/{token}", "GET /api/pay/{token}/invoice"]),
    // Sign-in and password reset (portal app)
    screen(
        "login",
        "Login",
        App::Portal,
        Layout::Plain,
        &["/login", "/:olympiadName/login"],
        Access::Public,
        NOBODY,
    )
    .calls(&[
        "POST /api/auth/signin",
        "POST /api/auth/forgot-password/{username}",
        "GET /api/{product}-suite/projects",
    ])
    .offers(&[
        "POST /api/auth/2fa/setup",
        "POST /api/auth/2fa/confirm",
        "POST /api/auth/signout",
    ]),
    screen(
        "resetPassword",
        "Set Password",
        App::Portal,
        Layout::Plain,
        &["/reset-password/:token"],
        Access::Public,
        NOBODY,
    )
    .calls(&["PUT /api/auth/set-password"]),
    // Public product suite site
    public("productHome", "Home", &["/{product}/home"]).calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/projects",
        "GET /api/testimonial/site",
    ]),
    public("productAbout", "About", &["/{product}/about"]).calls(&["GET /api/website/copy/{id}"]),
    public(
        "productPartners",
        "Our Partners",
        &["/{product}/our-partners"],
    )
    .calls(&["GET /api/website/copy/{id}"]),
    public("productFaq", "FAQ", &["/{product}/faq"]).calls(&["GET /api/faq"]),
    public("productContact", "Contact", &["/{product}/contact"]).calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/projects",
        "POST /api/website/other-interest",
    ]),
    public("productUsers", "Our Users", &["/{product}/our-users"])
        .calls(&["GET /api/website/copy/{id}"]),
    // Public project sites
    public(
        "projectHome",
        "Home",
        &["/:projectName", "/:projectName/home"],
    )
    .calls(&["GET /api/{product}-suite/projects"]),
    public("myTutor", "MyTutor", &["/:projectName/mytutor"]).calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/projects",
        "POST /api/website/other-interest",
    ]),
    public(
        "expressInterest",
        "Express Interest",
        &["/:projectName/express-interest"],
    )
    .calls(&[
        "GET /api/{product}-suite/projects",
        "POST /api/interest",
        "POST /api/teacher/expression",
    ]),
    public("topResults", "Top Results", &["/:projectName/top-results"])
        .calls(&["GET /api/results/top-results/{project}"]),
    public("projectAbout", "About", &["/:projectName/about"])
        .calls(&["GET /api/website/copy/{id}"]),
    public(
        "participationAndRules",
        "Participation and Rules",
        &["/:projectName/participation-and-rules"],
    )
    .calls(&["GET /api/website/copy/{id}"]),
    public(
        "pastOlympiads",
        "Past Olympiads",
        &["/:projectName/past-olympiads"],
    )
    .calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/project/{id}",
    ]),
    public(
        "pastWinners",
        "Past Winners",
        &["/:projectName/past-winners"],
    )
    .calls(&["GET /api/results/past-winners/{project}"]),
    public("projectContact", "Contact", &["/:projectName/contact"]).calls(&[
        "GET /api/website/copy/{id}",
        "POST /api/website/other-interest",
    ]),
    public("projectFaq", "FAQ", &["/:projectName/faq"]).calls(&["GET /api/faq"]),
    // Other public pages
    screen(
        "maintenance",
        "Maintenance",
        App::Public,
        Layout::Plain,
        &["/maintenance"],
        Access::Public,
        NOBODY,
    )
    .calls(&["GET /api/system-config", "GET /api/website/copy/{id}"]),
    public("verifyEmail", "Verify E-mail", &["/verify-email/:uuid"])
        .calls(&["POST /api/website/verify-email/{id}"]),
    public(
        "unsubscribe",
        "Unsubscribe",
        &["/:olympiadName/unsubscribe/:ref?", "/unsubscribe/:ref?"],
    )
    .calls(&[
        "GET /api/unsubscribe/{id}",
        "POST /api/unsubscribe",
        "POST /api/unsubscribe/resubscribe",
    ]),
    public("watch", "Watch", &["/"]).calls(&["GET /api/{product}-suite/projects"]),
    public("myTutorLanding", "MyTutor", &["/mytutor"]).calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/projects",
    ]),
    public(
        "emailValidation",
        "E-mail Validation",
        &["/email-validation-page"],
    )
    .calls(&["GET /api/emailer/email-health"]),
    public("notFound", "Page Not Found", &["*"]),
];

pub fn screen_by_key(key: &str) -> Option<&'static Screen> {
    SCREENS.iter().find(|screen| screen.key == key)
}

/// The matrix as the apps read it.
pub fn matrix_json() -> serde_json::Value {
    serde_json::json!({
        "roles": Role::ALL,
        "homes": HOMES.iter().map(|(role, path)| (role.as_str(), *path)).collect::<std::collections::BTreeMap<_, _>>(),
        "screens": SCREENS,
    })
}

mod homes;
pub use homes::HOMES;

#[cfg(test)]
mod tests;
